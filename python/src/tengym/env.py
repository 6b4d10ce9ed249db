"""`TengymEnv`: one tengym engine as a gymnasium.Env."""

from __future__ import annotations

import json
import math
import operator
import struct
import warnings
from collections.abc import Mapping
from typing import Any, Literal, overload

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ._engine import (
    LIMITS,
    Engine,
    MadeWith,
    RegisteredSpec,
    check_seed,
    ended_outcomes,
    engine_id,
    reset_once_more,
)
from ._env_reset import _EnvReset
from ._render import checked_render_mode, text_image
from ._spaces import Action, DictObservation, LegalDiscrete, Observation, ObsT, observation_bounds
from .baselines import AgentInfo
from .errors import BadActionError, BadStateError, TengymError, keyword_meant, refuse_keywords_elsewhere
from .result import Outcome

# illegal_action="stay" on an env with no step limit (tens, block-ten and four-ten end by their own
# rules): this many illegal actions in a row end the episode, truncated, as a deterministic policy
# repeating one would otherwise never end it. The engine's rule (src/env/vector.ts), read from it.
STAYS_IN_A_ROW_LIMIT: int = LIMITS["staysInARow"]

# The spaces and types live in tengym._spaces; they are this module's too, as they were.
__all__ = [
    "STAYS_IN_A_ROW_LIMIT",
    "Action",
    "DictObservation",
    "LegalDiscrete",
    "ObsT",
    "Observation",
    "Outcome",
    "TengymEnv",
    "observation_bounds",
]


class TengymEnv(_EnvReset[ObsT], gym.Env[ObsT, Action]):
    """A tengym env, `gym.make("tengym/decade-v0", maxSteps=200)`: options are the engine's, as keywords.

    info["action_mask"] is int8 (1 = legal); `action_masks()` returns it as bool (sb3-contrib's MaskablePPO).
    A deal with no legal move at all is dealt again from the env's stream (`dead_deals="redeal"`,
    as the vector envs do), so `reset` never returns an episode that is already over;
    `dead_deals="keep"` returns it as the TypeScript `Env` does, with info["terminated_at_reset"].
    """

    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 4}
    spec = RegisteredSpec()
    action_space: LegalDiscrete
    illegal_action = MadeWith()
    dead_deals = MadeWith()
    dict_observation = MadeWith()

    # The observation's type follows dict_observation: TengymEnv[Observation] without it,
    # TengymEnv[DictObservation] with it.
    @overload
    def __init__(
        self: TengymEnv[Observation],
        env_id: str,
        render_mode: str | None = None,
        engine_timeout: float | None = None,
        illegal_action: str = "stay",
        dict_observation: Literal[False] = False,
        dead_deals: str = "redeal",
        **options: Any,
    ) -> None: ...
    @overload
    def __init__(
        self: TengymEnv[DictObservation],
        env_id: str,
        render_mode: str | None = None,
        engine_timeout: float | None = None,
        illegal_action: str = "stay",
        *,
        dict_observation: Literal[True],
        dead_deals: str = "redeal",
        **options: Any,
    ) -> None: ...
    @overload
    def __init__(
        self: TengymEnv[Observation | DictObservation],
        env_id: str,
        render_mode: str | None = None,
        engine_timeout: float | None = None,
        illegal_action: str = "stay",
        dict_observation: bool = False,
        dead_deals: str = "redeal",
        **options: Any,
    ) -> None: ...
    def __init__(
        self,
        env_id: str,
        render_mode: str | None = None,
        engine_timeout: float | None = None,
        illegal_action: str = "stay",
        dict_observation: bool = False,
        dead_deals: str = "redeal",
        **options: Any,
    ) -> None:
        if illegal_action not in ("raise", "stay"):
            raise TengymError(
                f"illegal_action={illegal_action!r}: expected 'raise' (a BadActionError) or 'stay' (no move, "
                "reward 0, info['illegal_action'])",
                "bad-argument",
            )
        if dead_deals not in ("redeal", "keep"):
            raise TengymError(
                f"dead_deals={dead_deals!r}: expected 'redeal' (a deal with no legal move is dealt again) or "
                "'keep' (reset returns it, info['terminated_at_reset'])",
                "bad-argument",
            )
        if not isinstance(dict_observation, bool):
            raise TengymError(f"dict_observation must be True or False, got {dict_observation!r}", "bad-argument")
        refuse_keywords_elsewhere(options)
        self.illegal_action = illegal_action
        self.dead_deals = dead_deals
        render_mode = checked_render_mode(render_mode, self.metadata["render_modes"])
        self.render_mode = render_mode
        self._engine_timeout = engine_timeout
        # One copy's frames stay well under the size that goes through the shared file.
        self._engine = Engine(shared=False) if engine_timeout is None else Engine(timeout=engine_timeout, shared=False)
        try:
            made = self._engine.request(
                {
                    "cmd": "make",
                    "id": engine_id(env_id),
                    "options": options,
                    "num": 1,
                    "vector": False,
                    "redeal": dead_deals == "redeal",
                    # The engine answers an illegal action by staying, counting stays toward the step limits.
                    **({"illegal": "stay"} if illegal_action == "stay" else {}),
                }
            )
        except BaseException as e:
            self._engine.close()
            meant = keyword_meant(e, TengymEnv.__init__)
            if meant is e:
                raise
            raise meant from None
        self.env_id = made["id"]
        self.options = made["options"]
        self._n = made["actions"]
        self._size = made["observationSize"]
        self._mask = np.zeros(self._n, dtype=np.int8)
        self.action_space = LegalDiscrete(self._n, self._mask)
        low, high = observation_bounds(made)
        observation_space: spaces.Space[Any] = spaces.Box(low, high, shape=(self._size,), dtype=np.float32)
        # dict_observation=True: {"observations", "action_mask"} as RLlib's action-masking RLModule reads them.
        self.dict_observation = dict_observation
        if dict_observation:
            observation_space = spaces.Dict(
                {
                    "action_mask": spaces.Box(0.0, 1.0, shape=(self._n,), dtype=np.float32),
                    "observations": observation_space,
                }
            )
        self.observation_space = observation_space
        self._started = False
        self._seeded = False
        # The catalogue agents attached, in the order attached: an engine replaced after a failure gets them again.
        self._agents: list[str] = []

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[ObsT, dict[str, Any]]:
        msg: dict[str, Any] = {"cmd": "reset"}
        if options is not None and not isinstance(options, Mapping):
            raise TengymError(
                f"reset: options must be a dict, such as {{'deck': ...}}, got {options!r}", "bad-argument"
            )
        options = dict(options or {})
        if "deck" in options:
            msg["deck"] = options.pop("deck")
        if options:
            raise TengymError(
                f"reset: unknown option(s) {sorted(options, key=repr)} (reset takes options={{'deck': ...}})",
                "bad-argument",
            )
        if seed is not None:
            seed = check_seed(seed)  # numpy's integers are seeds too, as Gymnasium's seeding takes them
        # Once more should the engine die during it: killed just before, it may not have exited when revived() looked.
        return reset_once_more(lambda: self._reset(seed, msg), lambda: [self._engine])

    def step(self, action: Action) -> tuple[ObsT, float, bool, bool, dict[str, Any]]:
        # An integer of any kind (int, numpy's, a 0-d integer array), as Discrete.contains and the
        # vector envs take it; 3.0 is refused as they refuse it.
        # A one-element tensor has __index__ too (torch's), but a batch of one is not an action, as
        # numpy's np.array([3]) is not: refused alike by their shape.
        try:
            if len(getattr(action, "shape", ())) > 0:
                raise TypeError
            a = operator.index(action)
        except TypeError:
            raise BadActionError(
                f"step({action!r}): not an action id; {self.env_id} has ids 0..{self._n - 1}", "bad-action"
            ) from None
        if not 0 <= a < self._n:
            # Outside the action space: refused in either illegal_action mode, as Gymnasium's envs refuse it.
            raise BadActionError(f"step({a}): not an action id; {self.env_id} has ids 0..{self._n - 1}", "bad-action")
        body = self._engine.step_one(a)
        size, n = self._size, self._n
        obs = np.frombuffer(body, dtype="<f4", count=size).copy()
        (reward,) = struct.unpack_from("<f", body, size * 4)
        self._mask[:] = np.frombuffer(body, dtype=np.int8, count=n, offset=size * 4 + 4)
        flag = body[size * 4 + 4 + n]
        terminated, truncated = bool(flag & 1), bool(flag & 2)
        if flag & 3 and not self._mask.any():
            # The game is over and no action is legal: every action shows legal instead, so that a softmax or a
            # sampler over the mask stays a distribution (docs/decisions/python.md, "A mask is never all zeros").
            self._mask[:] = 1
        info: dict[str, Any] = {"action_mask": self._mask.copy()}
        if flag & 4:
            # illegal_action="stay": the engine left the env where it was (reward 0), counting the stay as a step.
            info["illegal_action"] = True
        if terminated or truncated:
            # The contract's last-step info: the outcome the engine sent after the rows (protocol 12).
            info["outcome"] = ended_outcomes(body, 1, size, n).dicts()[0]
        return self._out(obs), reward, terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        """The legal actions of the current state as booleans: what sb3-contrib's MaskablePPO asks for."""
        return self._mask.astype(bool)

    def render(self):
        """With render_mode="ansi", the position as text; with "rgb_array", that text drawn as an image
        (tengym._render). Without a render mode, None and a warning, as Gymnasium's own envs answer."""
        if self.render_mode is None:
            gym.logger.warn(
                "You are calling render method without specifying any render mode. You can specify the render_mode "
                f'at initialization, e.g. gym.make("tengym/{self.env_id}-v0", render_mode="ansi")'
            )
            return None
        if not self._started:
            return None
        text = self._engine.request({"cmd": "render"})[0]
        return text_image(text) if self.render_mode == "rgb_array" else text

    def legal_actions(self) -> list[tuple[int, str]]:
        """(id, description) of every legal action now."""
        return [tuple(x) for x in self._engine.request({"cmd": "info"})[0]["legal"]]

    def outcome(self) -> Outcome | None:
        """How the game stands now: {"won": ...} and the fields its result declares (`tengym.result(env_id)`:
        {"won", "cardsLeft"} for a card game); None before the first reset."""
        return self._engine.request({"cmd": "info"})[0]["outcome"]

    def agent_action(self, name: str) -> int:
        """The action the catalogue agent `name` (`tengym.agents(env_id)`) plays in the env's current
        state: a baseline as an expert, or played through your own loop. The agent is attached to
        this env at its first call (or `attach_agent`) and from then on shown every state the env
        reaches, as `tengym eval` shows it every state of a game: an agent that remembers what it saw
        (Ten-Twenty-Thirty's order under the stock) needs that, and one attached mid-game remembers
        only from there. Each reset resets it, with `derive_seed(s, 0)` after `reset(seed=s)` (the
        seed deal 0 of `play_agent(seed=s)` gets; `reset_agents` sets another). Ask it at every step,
        forced ones too, to play the game `play_agent` plays: `random` draws at each. A search may
        take seconds: the engine timeout does not apply. `oracle` is not fair (it reads the stock's
        order, which the observation does not show): attaching it warns."""
        if not isinstance(name, str):
            raise TengymError(
                f"agent_action: name must be an agent's name such as 'pimc' (tengym.agents({self.env_id!r}) "
                f"lists them), got {name!r}",
                "bad-argument",
            )
        answer = self._engine.request({"cmd": "act", "agent": name}, timeout=math.inf)
        if answer["attached"] is not None and name not in self._agents:
            self._agents.append(name)
            _warn_unfair(AgentInfo.from_engine(answer["attached"]))
        return int(answer["action"])

    def attach_agent(self, name: str) -> AgentInfo:
        """Attaches the catalogue agent `name` without asking it for an action (`agent_action` does at
        its first call): from now on it is shown every state, from the next deal if the env has not
        been dealt. Returns what the catalogue says of it; attaching it again changes nothing."""
        if not isinstance(name, str):
            raise TengymError(
                f"attach_agent: name must be an agent's name such as 'pimc' (tengym.agents({self.env_id!r}) "
                f"lists them), got {name!r}",
                "bad-argument",
            )
        info = AgentInfo.from_engine(self._engine.request({"cmd": "attach", "agent": name}, timeout=math.inf))
        if name not in self._agents:
            self._agents.append(name)
            _warn_unfair(info)
        return info

    def reset_agents(self, seed: int) -> list[str]:
        """Resets every attached agent with `seed` (each forgets what it remembers and sees the current
        state afresh), and returns their names. Deal i of `play_agent(seed=s)` in your own loop:
        `reset(seed=s + i)`, then `reset_agents(tengym.derive_seed(s, i))`."""
        return self._engine.request({"cmd": "resetAgents", "seed": check_seed(seed, "reset_agents")}, timeout=math.inf)

    def get_state(self) -> str:
        """The whole state (cards, stock, generator) as JSON text; `set_state` loads it."""
        return json.dumps(self._engine.request({"cmd": "getState"})[0])

    def set_state(self, state: str | bytes | dict[str, Any]) -> tuple[ObsT, dict[str, Any]]:
        """Loads a `get_state()` JSON (text, bytes or dict); returns (observation, info) of the loaded state.

        On an env from `gym.make`, whose OrderEnforcing refuses a step before a reset, reset it
        first and then load the state: a reset after this deals a new game."""
        if isinstance(state, (str, bytes)):
            try:
                loaded: dict[str, Any] = json.loads(state)
            except (json.JSONDecodeError, UnicodeDecodeError) as e:  # bytes that are not UTF-8 text are not JSON either
                raise BadStateError(f"bad state: not JSON ({e})", "bad-state") from None
            except RecursionError as e:  # "[[[…]]]" deeper than Python's JSON reader goes
                raise BadStateError(
                    f"bad state: nested too deeply to read as JSON ({e}); a state from get_state() is a few "
                    "levels deep",
                    "bad-state",
                ) from None
            state = loaded
        rows = self._rows(self._engine.request({"cmd": "setState", "states": [state]}))
        self._started = True
        self._seeded = True  # the state holds the generator: later resets deal on from it
        self._mask[:] = rows.masks[0]
        if not self._mask.any():
            self._mask[:] = 1  # a game that is over (a running one always has a legal move): every action shows legal
        return self._out(rows.obs[0].copy()), {"action_mask": self._mask.copy()}

    def __reduce__(self):
        # copy.copy, copy.deepcopy and pickle: a new env (its own engine process) in this one's
        # state, cards and generator, from get_state(); an engine process cannot be shared or sent.
        # Gymnasium's generators (np_random, the action space's) go along, as they would in a copy of a Python env.
        state = self.get_state() if self._started else None
        kwargs = {
            "render_mode": self.render_mode,
            "engine_timeout": self._engine_timeout,
            "illegal_action": self.illegal_action,
            "dict_observation": self.dict_observation,
            "dead_deals": self.dead_deals,
        }
        rngs = {
            "np_random": None
            if self._np_random is None
            else (self._np_random.bit_generator.state, self._np_random_seed),
            "action_space": self.action_space.np_random.bit_generator.state,
            # The stays the engine counts toward the step limits (illegal_action="stay"), to count on from.
            "stays": self._engine.request({"cmd": "getStays"})[0] if self._started else None,
        }
        return (_rebuild, (self.env_id, self.options, kwargs, state, self.spec, rngs))

    def close(self):
        engine = getattr(self, "_engine", None)
        if engine is not None:
            engine.close()


def _warn_unfair(info: AgentInfo) -> None:
    if not info.fair:
        warnings.warn(
            f"agent {info.name!r} is not fair: it reads the order of the stock, which a player (and the "
            "observation) cannot see; a policy imitating it learns from what it is not shown",
            UserWarning,
            stacklevel=3,
        )


def _rebuild(
    env_id: str, options: dict, kwargs: dict, state: str | None, spec=None, rngs: dict | None = None
) -> TengymEnv:
    """A `TengymEnv` made as `TengymEnv.__reduce__` describes one: same id, options, keywords and spec,
    then the state and generators."""
    env = TengymEnv(env_id, **kwargs, **options)
    env.spec = spec
    if state is not None:
        env.set_state(state)
    if rngs is not None:
        if rngs["np_random"] is not None:
            bits, seed = rngs["np_random"]
            generator = getattr(np.random, bits["bit_generator"])()
            generator.state = bits
            env._np_random, env._np_random_seed = np.random.Generator(generator), seed
        env.action_space.np_random.bit_generator.state = rngs["action_space"]
        if rngs["stays"] is not None:
            env._engine.request({"cmd": "setStays", "counts": [rngs["stays"]]})
    return env
