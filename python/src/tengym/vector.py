"""`TengymVectorEnv`: N copies of one engine as a native gymnasium.vector.VectorEnv.

All copies step in one message per engine process; with processes=P the copies are split
over P engine processes, which step in parallel (all are sent their actions before any is read).
Autoreset is next-step by default (declared in metadata): the step after a copy's episode ends
resets that copy, ignoring its action, and returns the new episode's first observation with
reward 0. `autoreset_mode=AutoresetMode.SAME_STEP` resets it within the step that ended it, as
Gymnasium's sync vector env does: the ended episode's last observation and info are in
info["final_obs"] and info["final_info"], and the row holds the new episode's first observation and mask.
`autoreset_mode=AutoresetMode.DISABLED` leaves an ended copy to the caller: `reset(options={"reset_mask": mask})`
deals it, and a step before that is refused.
`max_episode_steps` truncates as Gymnasium's TimeLimit does around each copy of a sync vector env.
`illegal_action="stay"` is TengymEnv's for every copy: a copy given an illegal action stays where
it is (reward 0), info["illegal_action"] marks it, and the stay counts as a step for the time limits.
`agent_actions(name)` is every copy's action from a catalogue agent of its own (`TengymEnv.agent_action`
for each copy), as expert labels for a whole batch.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Literal, overload

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from numpy.typing import NDArray

from ._engine import (
    MAX_TIME_LIMIT,
    MadeWith,
    RegisteredSpec,
    Rows,
    ask_engines,
    copy_agent_seeds,
    copy_seeds,
    engine_id,
    positive_int,
    receive_steps,
    reset_deck,
    reset_once_more,
    send_steps,
    start_copies,
)
from ._render import checked_render_mode, text_image
from ._vector_copies import COPY_ATTRIBUTES, COPY_METHODS, NOT_PER_COPY, _VectorCopies
from ._vector_steps import _VectorSteps, show_all_where_none
from .baselines import AgentInfo
from .env import DictObservation, LegalDiscrete, Observation, ObsT, TengymEnv, _warn_unfair, observation_bounds
from .errors import BadActionError, TengymError, refuse_keywords_elsewhere

VectorAction = NDArray[np.integer[Any]] | Sequence[int]
"""One action id a copy: an integer array (`action_space.sample()`, `agent_actions`) or a list of ints."""


# Observations are (N, features) float32 rows, or with dict_observation=True {"action_mask", "observations"}
# of such rows: `TengymVectorEnv[Observation]` and `TengymVectorEnv[DictObservation]` to a type checker.
class TengymVectorEnv(_VectorSteps[ObsT], _VectorCopies, gym.vector.VectorEnv[ObsT, VectorAction, NDArray[Any]]):
    metadata = {
        "render_modes": TengymEnv.metadata["render_modes"],
        "render_fps": TengymEnv.metadata["render_fps"],
        "autoreset_mode": AutoresetMode.NEXT_STEP,
    }
    spec = RegisteredSpec()
    illegal_action = MadeWith()
    dict_observation = MadeWith()
    single_action_space: spaces.Discrete[np.int64]
    action_space: spaces.MultiDiscrete

    # The observation's type follows dict_observation, as TengymEnv's does.
    @overload
    def __init__(
        self: TengymVectorEnv[Observation],
        env_id: str,
        num_envs: int = 1,
        processes: int = 1,
        render_mode: str | None = None,
        engine_timeout: float | None = None,
        max_episode_steps: int | None = None,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        illegal_action: str = "stay",
        dict_observation: Literal[False] = False,
        **options: Any,
    ) -> None: ...
    @overload
    def __init__(
        self: TengymVectorEnv[DictObservation],
        env_id: str,
        num_envs: int = 1,
        processes: int = 1,
        render_mode: str | None = None,
        engine_timeout: float | None = None,
        max_episode_steps: int | None = None,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        illegal_action: str = "stay",
        *,
        dict_observation: Literal[True],
        **options: Any,
    ) -> None: ...
    @overload
    def __init__(
        self: TengymVectorEnv[Observation | DictObservation],
        env_id: str,
        num_envs: int = 1,
        processes: int = 1,
        render_mode: str | None = None,
        engine_timeout: float | None = None,
        max_episode_steps: int | None = None,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        illegal_action: str = "stay",
        dict_observation: bool = False,
        **options: Any,
    ) -> None: ...
    def __init__(
        self,
        env_id: str,
        num_envs: int = 1,
        processes: int = 1,
        render_mode: str | None = None,
        engine_timeout: float | None = None,
        max_episode_steps: int | None = None,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        illegal_action: str = "stay",
        dict_observation: bool = False,
        **options: Any,
    ) -> None:
        num_envs = positive_int("num_envs", num_envs)
        try:
            mode = AutoresetMode(autoreset_mode)  # the mode, or its value ("SameStep")
        except ValueError:
            mode = None
        if mode is None:
            raise TengymError(
                f"autoreset_mode={autoreset_mode!r}: expected AutoresetMode.NEXT_STEP (the default), SAME_STEP or "
                "DISABLED (the caller resets an ended copy with reset(options={'reset_mask': mask}))",
                "bad-argument",
            )
        self.autoreset_mode = mode
        self.metadata = {**type(self).metadata, "autoreset_mode": self.autoreset_mode}
        self._same_step = self.autoreset_mode is AutoresetMode.SAME_STEP
        refuse_keywords_elsewhere(options)
        if not isinstance(dict_observation, bool):
            raise TengymError(f"dict_observation must be True or False, got {dict_observation!r}", "bad-argument")
        # gym.make_vec passes max_episode_steps to a vector entry point: Gymnasium's TimeLimit,
        # which the engines apply to every copy, as vectorization_mode="sync" wraps each env in
        # one. The env's own maxSteps, which the observation shows, stays as it is in both modes.
        if max_episode_steps is not None:
            max_episode_steps = positive_int("max_episode_steps", max_episode_steps, MAX_TIME_LIMIT)
        self.num_envs = num_envs
        self.render_mode = checked_render_mode(render_mode, self.metadata["render_modes"])
        self._engines, sizes, made = start_copies(
            engine_id(env_id),
            num_envs,
            processes,
            options,
            engine_timeout,
            autoreset={AutoresetMode.SAME_STEP: "same-step", AutoresetMode.DISABLED: "disabled"}.get(mode),
            time_limit=max_episode_steps,
            illegal_action=illegal_action,
            keywords_of=type(self).__init__,
        )
        # "raise": an illegal action refuses the whole step (no copy moves); "stay": that copy alone stays.
        self.illegal_action = illegal_action
        self.env_id = made["id"]
        self.options = made["options"]
        self._n = made["actions"]
        self._size = made["observationSize"]
        self.single_action_space = spaces.Discrete(self._n)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, self._n))
        low, high = observation_bounds(made)
        self.single_observation_space = spaces.Box(low, high, shape=(self._size,), dtype=np.float32)
        self.observation_space = spaces.Box(
            np.tile(low, (num_envs, 1)), np.tile(high, (num_envs, 1)), shape=(num_envs, self._size), dtype=np.float32
        )
        # dict_observation=True: each copy's {"action_mask", "observations"}, as TengymEnv(dict_observation=True)
        # gives it, batched as a sync vector env of those batches it (RLlib's action-masking RLModule reads it).
        self.dict_observation = dict_observation
        if dict_observation:
            self.single_observation_space = spaces.Dict(
                {
                    "action_mask": spaces.Box(0.0, 1.0, shape=(self._n,), dtype=np.float32),
                    "observations": self.single_observation_space,
                }
            )
            self.observation_space = spaces.Dict(
                {
                    "action_mask": spaces.Box(0.0, 1.0, shape=(num_envs, self._n), dtype=np.float32),
                    "observations": self.observation_space,
                }
            )
        self._obs = np.zeros((num_envs, self._size), dtype=np.float32)
        self._rewards = np.zeros(num_envs, dtype=np.float64)
        self._masks = np.zeros((num_envs, self._n), dtype=np.int8)
        self._terminated = np.zeros(num_envs, dtype=bool)
        self._truncated = np.zeros(num_envs, dtype=bool)
        self._stayed = np.zeros(num_envs, dtype=bool)
        self._starts = np.cumsum([0] + sizes)
        self._seeded = False
        # For get_attr("spec") when the env is made directly (gym.make_vec gives self.spec).
        self._copy_kwargs = {
            **options,
            "illegal_action": illegal_action,
            **({"dict_observation": True} if dict_observation else {}),
            **({"render_mode": self.render_mode} if self.render_mode else {}),
            **({"engine_timeout": engine_timeout} if engine_timeout is not None else {}),
        }
        self._max_episode_steps = max_episode_steps
        # Each copy's seed, as TengymEnv.np_random_seed gives it (the last reset's, given or drawn),
        # and its np_random, made when asked for.
        self._copy_seeds: list[int | None] = [None] * num_envs
        self._copy_rngs: list[np.random.Generator | None] = [None] * num_envs
        self._copy_action_spaces: tuple[LegalDiscrete, ...] | None = None
        # The catalogue agents attached to every copy, by name, in the order attached (an engine
        # replaced after a failure gets them again).
        self._agents: list[str] = []
        self.closed = False

    def reset(
        self,
        *,
        seed: int | list[int | None] | tuple[int | None, ...] | NDArray[np.integer[Any]] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[ObsT, dict[str, Any]]:
        """seed=s seeds copy i with s + i (as the TypeScript VectorEnv does); a list of num_envs seeds
        (or Nones) seeds each copy.

        The first reset draws a seed from entropy for every copy it is not given one for (Gymnasium's
        rule; the engines on their own would deal every copy seed 0's cards); later ones deal on.
        options={"reset_mask": mask} (a bool array, one a copy) resets only the copies marked, as
        Gymnasium's vector envs do; the others keep their episode, a pending autoreset included,
        and their seeds are ignored. options={"deck": deck} deals that deck to every copy reset, as
        a sync vector env of TengymEnvs passes it to each (their seeds still set what they deal next)."""
        reset_mask = self._reset_mask(options)
        deck = reset_deck(options)
        seeds = copy_seeds(seed, self.num_envs)
        # Once more should an engine die during it: killed just before, it may not have exited when
        # revive_copies looked.
        return reset_once_more(lambda: self._reset(seeds, reset_mask, deck), lambda: self._engines)

    def step(
        self, actions: VectorAction
    ) -> tuple[ObsT, NDArray[np.float64], NDArray[np.bool_], NDArray[np.bool_], dict[str, Any]]:
        a = np.asarray(actions)
        if a.shape != (self.num_envs,) or not np.issubdtype(a.dtype, np.integer):
            raise BadActionError(
                f"step: expected {self.num_envs} integer action ids, got shape {a.shape} dtype {a.dtype}", "bad-action"
            )
        if self._same_step:
            return self._step_same_step(a)
        if len(self._engines) == 1:
            # One engine checks every copy's action before moving any. One copy out of the
            # receive buffer, straight into the arrays returned.
            self._engines[0].send_step(a)
            body = self._engines[0].receive_rows()
            rows = Rows(body, self.num_envs, self._size, self._n)
            self._masks[:] = rows.masks  # in place: get_attr("action_space")'s spaces view its rows
            show_all_where_none(self._masks, rows.terminated | rows.truncated)
            info = self._infos(rows.stayed if self.illegal_action == "stay" else None)
            self._add_outcomes(info, [body], rows.terminated | rows.truncated)
            return (
                self._out(rows.obs.copy(), self._masks),
                rows.rewards.astype(np.float64),
                rows.terminated.copy(),
                rows.truncated.copy(),
                info,
            )
        # Next-step: an ended copy's action is ignored (the step deals it). Disabled: the engine refuses it.
        ended = self._terminated | self._truncated
        next_step = self.autoreset_mode is AutoresetMode.NEXT_STEP
        early = send_steps(
            self._engines,
            self._starts,
            a,
            self._n,
            self._masks,
            ignored=ended if next_step else None,
            stay=self.illegal_action == "stay",  # a copy with a legal move stays rather than refuse
            over=None if next_step else ended,
        )
        bodies = receive_steps(self._engines, early)
        self._gather(bodies)
        info = self._infos(self._stayed if self.illegal_action == "stay" else None)
        self._add_outcomes(info, bodies, self._terminated | self._truncated)
        return (
            self._out(self._obs.copy(), self._masks),
            self._rewards.copy(),
            self._terminated.copy(),
            self._truncated.copy(),
            info,
        )

    def action_masks(self) -> np.ndarray:
        """Each copy's legal actions as booleans, one row a copy: what sb3-contrib's MaskablePPO asks for."""
        return self._masks.astype(bool)

    # -- tengym's agents, one a copy --------------------------------------------------------------

    def agent_actions(self, name: str) -> np.ndarray:
        """Every copy's action from the catalogue agent `name` (`tengym.agents(env_id)`), one a copy
        (int64, as `action_space` holds them): expert labels for a whole batch (behaviour cloning,
        DAgger), or `step(envs.agent_actions(name))` to play it. Each copy has an agent of its own,
        attached at the first call (or `attach_agent`) and from then on shown every state its copy
        reaches, autoresets included, as `TengymEnv.agent_action`'s is shown the env's. Each deal of a
        copy resets its agent: with `derive_seed(s, 0)` after a reset that seeded the copy with s, then
        `derive_seed(s, k)` at its k-th deal after it (autoresets and resets without a seed alike), as a
        `TengymEnv` counts its resets: asked at every step, copy i plays the games a `TengymEnv` plays
        after `reset(seed=s + i)` and plain `reset()`s (`reset_agents` sets other seeds).

        Next-step autoreset: a copy whose episode ended at the last step answers -1, no label (the next
        step ignores its action and deals its next game); keep the rows of `actions >= 0`. Same-step,
        every copy is running and has a label. The agents search in their engine processes at once
        (processes=P: P at a time); no engine timeout applies. `oracle` is not fair: attaching it warns."""
        if not isinstance(name, str):
            raise TengymError(
                f"agent_actions: name must be an agent's name such as 'pimc' (tengym.agents({self.env_id!r}) "
                f"lists them), got {name!r}",
                "bad-argument",
            )
        answers = ask_engines(self._engines, [{"cmd": "actions", "agent": name}] * len(self._engines), timeout=math.inf)
        attached = [a["attached"] for a in answers if a["attached"] is not None]
        if name not in self._agents:
            self._agents.append(name)
            if attached:
                _warn_unfair(AgentInfo.from_engine(attached[0]))
        return np.array([a for answer in answers for a in answer["actions"]], dtype=np.int64)

    def attach_agent(self, name: str) -> AgentInfo:
        """Attaches the catalogue agent `name` to every copy without asking it for actions
        (`agent_actions` does at its first call): from now on each copy's is shown every state of its
        copy, from the next deal if the copies have not been dealt. Returns what the catalogue says of
        it; attaching it again changes nothing."""
        if not isinstance(name, str):
            raise TengymError(
                f"attach_agent: name must be an agent's name such as 'pimc' (tengym.agents({self.env_id!r}) "
                f"lists them), got {name!r}",
                "bad-argument",
            )
        answers = ask_engines(self._engines, [{"cmd": "attach", "agent": name}] * len(self._engines), timeout=math.inf)
        info = AgentInfo.from_engine(answers[0])
        if name not in self._agents:
            self._agents.append(name)
            _warn_unfair(info)
        return info

    def reset_agents(self, seeds) -> list[str]:
        """Resets the attached agents of each copy with its seed of `seeds`, a list of num_envs (None:
        that copy's are left as they are): each forgets what it remembers and sees its copy's state
        afresh. Returns the agents' names. Deal i of `play_agent(seed=s)` on copy i:
        `reset(seed=s)`, then `reset_agents([tengym.derive_seed(s, i) for i in range(num_envs)])`."""
        seeds = copy_agent_seeds(seeds, self.num_envs)
        msgs = [
            {"cmd": "resetAgents", "seeds": seeds[self._starts[p] : self._starts[p + 1]]}
            for p in range(len(self._engines))
        ]
        return ask_engines(self._engines, msgs, timeout=math.inf)[0]

    # -- Gymnasium's call / get_attr / set_attr, as its sync and async vector envs offer them ----

    # What a copy answers, and what it does not (tengym._vector_copies): the same tuples and dict.
    COPY_METHODS = COPY_METHODS
    COPY_ATTRIBUTES = COPY_ATTRIBUTES
    NOT_PER_COPY = NOT_PER_COPY

    def call(self, name: str, *args: Any, **kwargs: Any) -> tuple[Any, ...]:
        """Each copy's `name`, as Gymnasium's sync vector env of TengymEnvs gives it: a method's
        result, or an attribute's value, one a copy (`envs.call("action_masks")`). The copies live in
        engine processes, so only TengymEnv's methods and attributes the vector env can answer
        exactly are offered (COPY_METHODS, COPY_ATTRIBUTES); any other name raises AttributeError."""
        if name in self.COPY_METHODS:
            return self._copy_method(name)(*args, **kwargs)
        return self._copy_attr(name)

    def get_attr(self, name: str) -> tuple[Any, ...]:
        """`call(name)`, as in Gymnasium's sync and async vector envs (a method's name gives its results)."""
        return self.call(name)

    def set_attr(self, name: str, values: Any) -> None:
        """Refused: the copies live in engine processes, where no Python attribute can be set; the
        vector env's own keywords (render_mode, illegal_action, options...) are given when it is made."""
        raise AttributeError(
            f"set_attr({name!r}): {type(self).__name__}'s copies live in engine processes, so no attribute can "
            "be set on them; give the setting as a keyword when making the vector env, or use "
            "vectorization_mode='sync' for TengymEnv copies"
        )

    @property
    # A seed a copy, as Gymnasium's SyncVectorEnv overrides VectorEnv's one seed.
    def np_random_seed(self) -> tuple[int, ...]:  # type: ignore[override]
        """Each copy's seed (the one it was last reset with, given or drawn), as a sync vector env's
        np_random_seed is its sub-envs'; `np_random`, the vector's own generator, is unchanged."""
        return self.get_attr("np_random_seed")

    def render(self):
        if self.render_mode is None:
            # Each copy's None, as a sync vector env of TengymEnvs made without a render mode renders.
            return (None,) * self.num_envs
        if not self._seeded:
            # Before the first reset each copy's None, as TengymEnv.render() gives it: Gymnasium's
            # SyncVectorEnv renders tuple(env.render() for env in envs), a tuple even then.
            return (None,) * self.num_envs
        # A tuple, one text (or image, with render_mode="rgb_array") a copy, as Gymnasium's sync and
        # async vector envs render.
        texts = [text for engine in self._engines for text in engine.request({"cmd": "render"})]
        return tuple(text_image(t) for t in texts) if self.render_mode == "rgb_array" else tuple(texts)

    def close_extras(self, **kwargs):
        for engine in getattr(self, "_engines", []):
            engine.close()
