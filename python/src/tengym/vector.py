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

import dataclasses
import json
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
    attach_again,
    copy_agent_seeds,
    copy_seeds,
    copy_spec,
    draw_seeds,
    ended_outcomes,
    engine_id,
    per_copy,
    positive_int,
    receive_steps,
    reset_deck,
    reset_once_more,
    revive_copies,
    same_step_last,
    send_steps,
    start_copies,
)
from ._render import checked_render_mode, text_image
from .baselines import AgentInfo
from .env import DictObservation, LegalDiscrete, Observation, ObsT, TengymEnv, _warn_unfair, observation_bounds
from .errors import BadActionError, TengymError, refuse_keywords_elsewhere

VectorAction = NDArray[np.integer[Any]] | Sequence[int]
"""One action id a copy: an integer array (`action_space.sample()`, `agent_actions`) or a list of ints."""


# Observations are (N, features) float32 rows, or with dict_observation=True {"action_mask", "observations"}
# of such rows: `TengymVectorEnv[Observation]` and `TengymVectorEnv[DictObservation]` to a type checker.
class TengymVectorEnv(gym.vector.VectorEnv[ObsT, VectorAction, NDArray[Any]]):
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

    def _gather(self, bodies) -> None:
        for p, body in enumerate(bodies):
            lo, hi = self._starts[p], self._starts[p + 1]
            rows = Rows(body, hi - lo, self._size, self._n)
            self._obs[lo:hi] = rows.obs
            self._rewards[lo:hi] = rows.rewards
            self._masks[lo:hi] = rows.masks
            self._terminated[lo:hi] = rows.terminated
            self._truncated[lo:hi] = rows.truncated
            self._stayed[lo:hi] = rows.stayed

    def _out(self, obs: NDArray[np.float32], masks: np.ndarray) -> ObsT:
        """The observations returned: the rows, or with dict_observation each copy's mask beside them
        (the type ObsT that dict_observation chose)."""
        if self.dict_observation:
            return {"action_mask": masks.astype(np.float32), "observations": obs}  # type: ignore[return-value]
        return obs  # type: ignore[return-value]

    def _infos(self, stayed: np.ndarray | None = None) -> dict:
        info = {"action_mask": self._masks.copy(), "_action_mask": np.ones(self.num_envs, dtype=bool)}
        if stayed is not None and stayed.any():
            # As a sync vector env of TengymEnv(illegal_action="stay") gathers it: only the copies
            # that stayed report it.
            info["illegal_action"], info["_illegal_action"] = stayed.copy(), stayed.copy()
        return info

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

    def _reset(
        self, seeds: list[int | None] | None, reset_mask: np.ndarray | None, deck: Any
    ) -> tuple[ObsT, dict[str, Any]]:
        # A copy whose engine failed deals on a new one (revive_copies), which would deal seed 0's
        # cards: it draws a seed, as every copy does at the first reset. Its episode is lost, so
        # it is reset whatever the mask says.
        new = revive_copies(self._engines, self._starts)
        # Before the reset that deals them, so that their copies' agents are reset with it.
        attach_again(self._engines, self._starts, new, self._agents)
        if reset_mask is not None:
            reset_mask = reset_mask | new
            if seeds is not None:
                seeds = [s if m else None for s, m in zip(seeds, reset_mask)]
        seeds = draw_seeds(seeds, new | (not self._seeded))
        bodies = []
        for p, engine in enumerate(self._engines):
            lo, hi = self._starts[p], self._starts[p + 1]
            msg: dict[str, Any] = {"cmd": "reset"}
            part = None if seeds is None else seeds[lo:hi]
            if part is not None and any(s is not None for s in part):
                msg["seeds"] = part
            if reset_mask is not None:
                msg["mask"] = [bool(m) for m in reset_mask[lo:hi]]
            if deck is not None:
                # The deck for every copy reset, as a sync vector env gives its reset options to each.
                msg["decks"] = [deck if reset_mask is None or reset_mask[i] else None for i in range(lo, hi)]
            bodies.append(bytes(engine.request(msg)))
        if seeds is not None and seeds[0] is not None:
            self._np_random, self._np_random_seed = gym.utils.seeding.np_random(seeds[0])
        for i, s in enumerate(seeds or ()):
            if s is not None:
                self._copy_seeds[i], self._copy_rngs[i] = s, None
        self._seeded = True
        self._gather(bodies)
        return self._out(self._obs.copy(), self._masks), self._infos()

    def _reset_mask(self, options: dict | None) -> np.ndarray | None:
        """options["reset_mask"] checked as Gymnasium's vector envs check it (before any copy is
        reset); the only other option taken is "deck"."""
        if options is None:
            return None
        if not isinstance(options, dict) or not set(options) <= {"reset_mask", "deck"}:
            raise TengymError(
                f"reset: a vector env takes no reset options but reset_mask and deck, got {options!r}", "bad-argument"
            )
        if "reset_mask" not in options:
            return None
        mask = options["reset_mask"]
        if (
            not isinstance(mask, np.ndarray)
            or mask.dtype != np.bool_
            or mask.shape != (self.num_envs,)
            or not mask.any()
        ):
            raise TengymError(
                f"reset: options['reset_mask'] must be a numpy bool array of shape ({self.num_envs},) with at "
                f"least one True, got {mask!r}",
                "bad-argument",
            )
        if not self._seeded:
            raise TengymError(
                "reset: options['reset_mask'] before the first reset; reset every copy first (reset() without it)",
                "bad-argument",
            )
        return mask.copy()

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
        ignored = (
            self._terminated | self._truncated
            if self.autoreset_mode is AutoresetMode.NEXT_STEP
            else np.zeros(self.num_envs, dtype=bool)
        )
        if self.illegal_action == "stay":
            ignored |= self._masks.any(axis=1)  # a copy with a legal move stays rather than refuse
        early = send_steps(self._engines, self._starts, a, self._n, self._masks, ignored)
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

    def _add_outcomes(self, info: dict, bodies: list, ended: np.ndarray, same_step: bool = False) -> None:
        """Each ended copy's outcome into `info` as a sync vector env of TengymEnvs gathers their
        infos' "outcome" (Gymnasium's _add_info: a dict of arrays, masks beside): from the JSON the
        engines send after the rows of the step that ended them."""
        copies: list[int] = []
        outcomes: list[dict] = []
        for p, body in enumerate(bodies):
            lo, hi = int(self._starts[p]), int(self._starts[p + 1])
            rows = lo + np.flatnonzero(ended[lo:hi])
            if rows.size:
                for i, outcome in zip(
                    rows, ended_outcomes(body, hi - lo, self._size, self._n, rows.size if same_step else None)
                ):
                    # None: only the time limit ended it, and a TengymEnv under TimeLimit reports no outcome then.
                    if outcome is not None:
                        copies.append(int(i))
                        outcomes.append(outcome)
        if not copies:
            return
        # What _add_info builds copy by copy, built a field at a time (dozens of copies end a step of tens).
        at = np.array(copies)
        gathered = info.setdefault("outcome", {})
        for key in dict.fromkeys(k for o in outcomes for k in o):
            having = [k for k, o in enumerate(outcomes) if key in o]
            if key not in gathered:
                gathered[key] = np.zeros(self.num_envs, dtype=type(outcomes[having[0]][key]))
                gathered["_" + key] = np.zeros(self.num_envs, dtype=np.bool_)
            gathered[key][at[having]] = [outcomes[k][key] for k in having]
            gathered["_" + key][at[having]] = True
        info.setdefault("_outcome", np.zeros(self.num_envs, dtype=np.bool_))[at] = True

    def _step_same_step(
        self, a: np.ndarray
    ) -> tuple[ObsT, NDArray[np.float64], NDArray[np.bool_], NDArray[np.bool_], dict[str, Any]]:
        """A step with same-step autoreset, its info as Gymnasium's sync vector env of TengymEnvs
        gives it: an ended copy's last observation and info (its mask, and illegal_action if it
        stayed) under final_obs and final_info, the new episode's mask under action_mask."""
        # Every copy is running (an ended one was reset in the step that ended it): none is ignored.
        early = send_steps(
            self._engines,
            self._starts,
            a,
            self._n,
            self._masks,
            self._masks.any(axis=1) if self.illegal_action == "stay" else None,
        )
        bodies = receive_steps(self._engines, early)
        self._gather(bodies)
        ended = self._terminated | self._truncated
        stay = self.illegal_action == "stay"
        info = self._infos(self._stayed & ~ended if stay else None)
        if ended.any():
            # final_obs as Gymnasium gathers it: an object array, an observation for each copy that
            # ended, None for the others.
            final_obs = np.full(self.num_envs, None, dtype=object)
            final_masks = np.zeros((self.num_envs, self._n), dtype=np.int8)
            for p, body in enumerate(bodies):
                lo, hi = int(self._starts[p]), int(self._starts[p + 1])
                rows = lo + np.flatnonzero(ended[lo:hi])
                if rows.size:
                    last_obs, final_masks[rows] = same_step_last(body, hi - lo, self._size, self._n, rows.size)
                    for k, i in enumerate(rows):
                        final_obs[i] = self._out(last_obs[k].copy(), final_masks[i])
            final_info: dict[str, Any] = {"action_mask": final_masks, "_action_mask": ended.copy()}
            if stay and (self._stayed & ended).any():
                final_info["illegal_action"], final_info["_illegal_action"] = self._stayed & ended, self._stayed & ended
            self._add_outcomes(final_info, bodies, ended, same_step=True)
            info.update(final_obs=final_obs, _final_obs=ended.copy(), final_info=final_info, _final_info=ended.copy())
        return (
            self._out(self._obs.copy(), self._masks),
            self._rewards.copy(),
            self._terminated.copy(),
            self._truncated.copy(),
            info,
        )

    def __reduce__(self):
        raise TypeError(
            f"a {type(self).__name__} cannot be copied or pickled: its copies live in engine processes; make "
            "another (a TengymEnv can: get_state()/set_state())"
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

    # What a TengymEnv copy has that the native vector env answers for every copy, exactly as a
    # sync vector env of TengymEnvs answers it. Methods are called; attributes are read.
    COPY_METHODS = ("action_masks", "render", "get_state", "legal_actions", "outcome")
    COPY_ATTRIBUTES = (
        "spec",
        "metadata",
        "render_mode",
        "env_id",
        "options",
        "illegal_action",
        "dict_observation",
        "dead_deals",
        "action_space",
        "observation_space",
        "np_random_seed",
        "np_random",
    )
    # TengymEnv's, but not per copy here: what to use instead.
    NOT_PER_COPY = {
        "reset": "reset the vector env (options={'reset_mask': mask} resets some copies)",
        "step": "step the vector env, one action a copy",
        "close": "close the vector env",
        "set_state": (
            "a copy's state cannot be loaded into the vector env (its autoreset would not follow); "
            "load it into a TengymEnv"
        ),
        "unwrapped": "the copies live in engine processes, not as TengymEnv objects; envs.unwrapped is the vector env",
        "agent_action": "envs.agent_actions(name) answers every copy's action, -1 for a copy whose episode ended",
        "attach_agent": "envs.attach_agent(name) attaches the agent to every copy",
        "reset_agents": "envs.reset_agents(seeds) resets each copy's agents with its seed",
    }

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

    def _copy_attr(self, name: str) -> tuple[Any, ...]:
        num = self.num_envs
        if name == "spec":
            return (self._copy_spec(),) * num
        if name == "metadata":
            return tuple(
                dict(TengymEnv.metadata, render_modes=list(TengymEnv.metadata["render_modes"])) for _ in range(num)
            )
        if name in ("render_mode", "env_id", "illegal_action", "dict_observation"):
            return (getattr(self, name),) * num
        if name == "options":
            return tuple(dict(self.options) for _ in range(num))
        if name == "dead_deals":
            return ("redeal",) * num
        if name == "observation_space":
            return (self.single_observation_space,) * num
        if name == "action_space":
            # As each TengymEnv's: Discrete(n) whose sample() draws among that copy's legal actions now.
            if self._copy_action_spaces is None:
                self._copy_action_spaces = tuple(LegalDiscrete(self._n, self._masks[i]) for i in range(num))
            return self._copy_action_spaces
        if name == "np_random_seed":
            return tuple(self._copy_rng(i)[1] for i in range(num))
        if name == "np_random":
            return tuple(self._copy_rng(i)[0] for i in range(num))
        if name in self.NOT_PER_COPY:
            raise AttributeError(
                f"{name!r} is not offered per copy by {type(self).__name__}: {self.NOT_PER_COPY[name]}"
            )
        raise AttributeError(
            f"a {type(self).__name__} copy has no attribute {name!r} it can answer (its copies live in engine "
            f"processes); it answers {', '.join(self.COPY_METHODS + self.COPY_ATTRIBUTES)}"
        )

    def set_attr(self, name: str, values: Any) -> None:
        """Refused: the copies live in engine processes, where no Python attribute can be set; the
        vector env's own keywords (render_mode, illegal_action, options...) are given when it is made."""
        raise AttributeError(
            f"set_attr({name!r}): {type(self).__name__}'s copies live in engine processes, so no attribute can "
            "be set on them; give the setting as a keyword when making the vector env, or use "
            "vectorization_mode='sync' for TengymEnv copies"
        )

    def _copy_method(self, name: str):
        if name == "action_masks":
            return lambda: tuple(row.astype(bool) for row in self._masks)
        if name == "render":
            return self.render
        if name == "get_state":
            return lambda: tuple(json.dumps(s) for s in per_copy(self._engines, "getState"))
        if name == "legal_actions":
            return lambda: tuple([tuple(x) for x in info["legal"]] for info in per_copy(self._engines, "info"))
        return lambda: tuple(info["outcome"] for info in per_copy(self._engines, "info"))  # outcome

    @property
    # A seed a copy, as Gymnasium's SyncVectorEnv overrides VectorEnv's one seed.
    def np_random_seed(self) -> tuple[int, ...]:  # type: ignore[override]
        """Each copy's seed (the one it was last reset with, given or drawn), as a sync vector env's
        np_random_seed is its sub-envs'; `np_random`, the vector's own generator, is unchanged."""
        return self.get_attr("np_random_seed")

    def _copy_rng(self, i: int) -> tuple[np.random.Generator, int]:
        """Copy i's np_random and its seed, as a TengymEnv's: seeded with the copy's last reset seed (or,
        before any, from entropy, as Gymnasium's Env.np_random is), made when first asked for."""
        rng, seed = self._copy_rngs[i], self._copy_seeds[i]
        if rng is None:
            rng, seed = gym.utils.seeding.np_random(seed)
            self._copy_rngs[i], self._copy_seeds[i] = rng, seed
        assert seed is not None  # a copy's generator is made with its seed
        return rng, seed

    def _copy_spec(self):
        """One copy's spec, as a sync vector env's TengymEnv has it: the vector env's without the
        vector's own keywords, the time limit as max_episode_steps; gymnasium.make(spec) makes one copy."""
        vector_only = (
            "num_envs",
            "vectorization_mode",
            "processes",
            "autoreset_mode",
            "max_episode_steps",
            "vector_kwargs",
            "wrappers",
        )
        if self.spec is not None:
            kwargs = {k: v for k, v in self.spec.kwargs.items() if k not in vector_only}
            return dataclasses.replace(self.spec, kwargs=kwargs, max_episode_steps=self._max_episode_steps)
        return copy_spec(self.env_id, self._copy_kwargs, self._max_episode_steps)

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
