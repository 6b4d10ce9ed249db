"""Stable-Baselines3's VecEnv backed by tengym's batched engine: `tengym.sb3.make_vec_env("decade-fives", 8)`.

Needs stable-baselines3 (the [train] extra); `import tengym` does not import this module.

All copies step in one message per engine process, as in `TengymVectorEnv`, but with SB3's
conventions: same-step autoreset (a copy whose episode ends is reset within that step; its
last observation is `infos[i]["terminal_observation"]`, `infos[i]["TimeLimit.truncated"]`
says a time limit cut it: the env's own `maxSteps`, or `max_episode_steps` as Gymnasium's
TimeLimit around each copy of a DummyVecEnv), `seed(s)` seeding copy i with s + i at the next `reset()`, and
`env_method("action_masks")` answered from the masks of the last frame, so sb3-contrib's
`MaskablePPO` and `get_action_masks` work with no wrapper. `illegal_action="stay"` is TengymEnv's for every copy: a
copy given an illegal action stays where it is (reward 0, `infos[i]["illegal_action"] = True`),
and the stay counts as a step toward the env's step limits, so PPO, DQN or A2C without masking can train.
`env_method("agent_action", name)` is every copy's action from a catalogue agent of its own, as a
DummyVecEnv of TengymEnvs answers it, and plays the same games.
"""

from __future__ import annotations

import contextlib
import json
import warnings
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal, overload

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from stable_baselines3.common.vec_env.base_vec_env import VecEnv, VecEnvIndices

from ._engine import (
    MAX_SEED,
    MAX_TIME_LIMIT,
    MadeWith,
    Rows,
    copy_spec,
    ended_outcomes,
    engine_id,
    entropy_seed,
    positive_int,
    receive_steps,
    reset_once_more,
    same_step_last,
    seeds_copies,
    send_steps,
    start_copies,
)
from ._render import checked_render_mode, text_image
from ._sb3_copies import _SB3Copies
from ._sb3_reset import _SB3Reset
from ._sb3_spaces import CopiesLegalDiscrete
from .env import TengymEnv, observation_bounds
from .errors import BadActionError, BadSeedError, EngineError, TengymError, refuse_keywords_elsewhere

if TYPE_CHECKING:
    from stable_baselines3.common.vec_env import VecMonitor  # imported when make_vec_env wraps in one

# CopiesLegalDiscrete lives in tengym._sb3_spaces; it is this module's too, as it was.
__all__ = ["CopiesLegalDiscrete", "TengymSB3VecEnv", "make_vec_env"]


class TengymSB3VecEnv(_SB3Reset, _SB3Copies, VecEnv):
    """N copies of one tengym env as a Stable-Baselines3 VecEnv, stepped in one message per engine process.

    `env_id` is an engine id ("decade-fives") or its Gymnasium id ("tengym/decade-fives-v0");
    options are the engine's, as keywords. `processes=P` splits the copies over P engine processes.
    """

    illegal_action = MadeWith()
    action_space: CopiesLegalDiscrete

    def __init__(
        self,
        env_id: str,
        num_envs: int = 1,
        processes: int = 1,
        engine_timeout: float | None = None,
        illegal_action: str = "stay",
        max_episode_steps: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ):
        num_envs = positive_int("num_envs", num_envs)
        # Other envs' keywords this VecEnv has no use for (dead_deals, dict_observation,
        # autoreset_mode), said by name rather than as unknown engine options.
        refuse_keywords_elsewhere(options)
        render_mode = checked_render_mode(render_mode, TengymEnv.metadata["render_modes"])
        if max_episode_steps is not None:
            max_episode_steps = positive_int("max_episode_steps", max_episode_steps, MAX_TIME_LIMIT)
        self.closed = False
        self._engines, sizes, made = start_copies(
            engine_id(env_id),
            num_envs,
            processes,
            options,
            engine_timeout,
            autoreset="same-step",
            time_limit=max_episode_steps,
            illegal_action=illegal_action,
            keywords_of=type(self).__init__,
        )
        self.max_episode_steps = max_episode_steps
        # "raise": an illegal action refuses the whole step (no copy moves); "stay": that copy alone stays.
        self.illegal_action = illegal_action
        self.env_id = made["id"]
        self.options = made["options"]
        # For spec.kwargs, as gymnasium.make records each copy's: the options and TengymEnv's keywords given.
        self._options_given = {
            **options,
            "illegal_action": illegal_action,
            **({"render_mode": render_mode} if render_mode else {}),
            **({"engine_timeout": engine_timeout} if engine_timeout is not None else {}),
        }
        self._n = made["actions"]
        self._size = made["observationSize"]
        self._starts = np.cumsum([0] + sizes)
        self.render_mode = render_mode
        low, high = observation_bounds(made)
        observation_space = spaces.Box(low, high, shape=(self._size,), dtype=np.float32)
        self._masks = np.zeros((num_envs, self._n), dtype=bool)
        # Copy 0's action space, as a DummyVecEnv's is, whose sample() draws for each copy in turn
        # (DQN's warm-up and epsilon-greedy steps draw one action a copy, in order): CopiesLegalDiscrete.
        self._sampler = CopiesLegalDiscrete(self._n, self._masks.view(np.int8))
        super().__init__(num_envs, observation_space, self._sampler)
        self.metadata = {
            "render_modes": TengymEnv.metadata["render_modes"],
            "render_fps": TengymEnv.metadata["render_fps"],
        }
        self._actions: np.ndarray | None = None
        self._early: dict[int, memoryview] = {}
        self._seeded = False
        # The catalogue agents attached to every copy, by name (an engine replaced after a failure gets them again).
        self._agents: list[str] = []

    # -- the VecEnv protocol -----------------------------------------------------------------

    def reset(self) -> NDArray[np.float32]:
        with contextlib.suppress(EngineError):  # an engine that failed during the step is replaced below
            self._finish_pending_step()
        # Once more should an engine die during it: killed just before, it may not have exited when
        # revive_copies looked.
        return reset_once_more(self._reset, lambda: self._engines)

    def step_async(self, actions: np.ndarray) -> None:
        a = np.asarray(actions)
        if a.shape == (self.num_envs, 1):
            a = a[:, 0]
        if a.shape != (self.num_envs,) or not np.issubdtype(a.dtype, np.integer):
            raise BadActionError(
                f"step: expected {self.num_envs} integer action ids, got shape {a.shape} dtype {a.dtype}", "bad-action"
            )
        if self._actions is not None:
            raise TengymError(
                "step_async() again before step_wait(): the copies are still stepping the last actions", "bad-argument"
            )
        # Sent now, read in step_wait: with several engine processes they step in parallel.
        # In stay mode a copy with a legal move stays rather than refuse an id of the action space.
        self._early = send_steps(
            self._engines, self._starts, a, self._n, self._masks, stay=self.illegal_action == "stay"
        )
        self._actions = a

    def step_wait(self) -> tuple[NDArray[np.float32], NDArray[np.float32], NDArray[np.bool_], list[dict[str, Any]]]:
        if self._actions is None:
            raise TengymError("step_wait() without step_async()", "bad-argument")
        self._actions = None
        obs = np.empty((self.num_envs, self._size), dtype=np.float32)
        rewards = np.empty(self.num_envs, dtype=np.float32)
        dones = np.empty(self.num_envs, dtype=bool)
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        early, self._early = self._early, {}
        for p, body in enumerate(receive_steps(self._engines, early)):
            lo, hi = int(self._starts[p]), int(self._starts[p + 1])
            count = hi - lo
            rows = Rows(body, count, self._size, self._n)
            obs[lo:hi] = rows.obs
            rewards[lo:hi] = rows.rewards
            self._masks[lo:hi] = rows.masks.view(bool)
            ended = np.flatnonzero(rows.terminated | rows.truncated)
            dones[lo:hi] = False
            if ended.size:
                dones[lo + ended] = True
                last, _ = same_step_last(body, count, self._size, self._n, ended.size)
                # The ended episode's outcome too, as a DummyVecEnv of TengymEnvs passes each copy's info on.
                outcomes = ended_outcomes(body, count, self._size, self._n, ended.size).dicts()
                for k, i in enumerate(ended):
                    infos[lo + i] = {
                        "terminal_observation": last[k].copy(),
                        "TimeLimit.truncated": bool(rows.truncated[i] and not rows.terminated[i]),
                    }
                    if (
                        outcomes[k] is not None
                    ):  # None: ended by the time limit alone, which TengymEnv's info does not see
                        infos[lo + i]["outcome"] = outcomes[k]
            if self.illegal_action == "stay":
                for i in np.flatnonzero(rows.stayed):
                    infos[lo + i]["illegal_action"] = True
        self._sampler.turn = 0
        return obs, rewards, dones, infos

    def close(self) -> None:
        for engine in getattr(self, "_engines", []):
            engine.close()
        self.closed = True

    def action_masks(self) -> NDArray[np.bool_]:
        """(N, n) bool: the legal actions of every copy now (what sb3-contrib's MaskablePPO reads)."""
        return self._masks.copy()

    # The TengymEnv methods env_method answers for each copy.
    _COPY_METHODS = ("render", "get_state", "legal_actions", "outcome", "agent_action", "attach_agent", "reset_agents")

    def get_attr(self, attr_name: str, indices: VecEnvIndices = None) -> list[Any]:
        idx = self._get_indices(indices)
        if attr_name == "action_masks":
            # Each copy's own method, as a DummyVecEnv of TengymEnvs answers: its row of the masks.
            return [lambda i=i: self._masks[i].copy() for i in idx]
        if attr_name in ("render_mode", "env_id", "options", "observation_space", "action_space", "metadata"):
            return [getattr(self, attr_name) for _ in idx]
        if attr_name == "spec":
            # As each copy of a DummyVecEnv answers: the registered spec with the options it was made with.
            spec = copy_spec(self.env_id, self._options_given, self.max_episode_steps)
            return [spec for _ in idx]
        if attr_name in self._COPY_METHODS:
            # Each copy's bound method, as a DummyVecEnv of TengymEnvs answers (has_attr too): env_method on that copy.
            return [
                lambda *args, i=i, **kwargs: self.env_method(attr_name, *args, indices=[i], **kwargs)[0] for i in idx
            ]
        raise AttributeError(
            f"tengym's VecEnv has no per-copy attribute {attr_name!r} (it has action_masks, render_mode, "
            "env_id, options, observation_space, action_space, metadata, spec, and the methods "
            f"{', '.join(self._COPY_METHODS)})"
        )

    def has_attr(self, attr_name: str) -> bool:
        try:
            self.get_attr(attr_name, [0])
            return True
        except AttributeError:
            return False

    def set_attr(self, attr_name: str, value: Any, indices: VecEnvIndices = None) -> None:
        raise AttributeError(
            f"tengym's VecEnv copies live in the engine process: no attribute can be set ({attr_name!r})"
        )

    def env_method(self, method_name: str, *method_args, indices: VecEnvIndices = None, **method_kwargs) -> list[Any]:
        idx = self._get_indices(indices)
        if method_name == "action_masks":
            return [self._masks[i].copy() for i in idx]
        if method_name == "render":
            # As each TengymEnv of a DummyVecEnv renders: an image with render_mode="rgb_array", the text with
            # "ansi", None without a render mode.
            if self.render_mode is None:
                return [None for _ in idx]
            answers = self._per_copy("render")
            return [text_image(answers[i]) if self.render_mode == "rgb_array" else answers[i] for i in idx]
        if method_name == "get_state":
            # JSON text, as TengymEnv.get_state gives it (a DummyVecEnv of TengymEnvs answers the same).
            answers = self._per_copy("getState")
            return [json.dumps(answers[i]) for i in idx]
        if method_name in ("legal_actions", "outcome"):
            # As TengymEnv's methods give them: (id, description) of each legal action now; the
            # outcome of the episode, or None.
            answers = self._per_copy("info")
            if method_name == "legal_actions":
                return [[tuple(x) for x in answers[i]["legal"]] for i in idx]
            return [answers[i]["outcome"] for i in idx]
        if method_name in ("agent_action", "attach_agent", "reset_agents"):
            return self._agent_method(method_name, idx, *method_args, **method_kwargs)
        raise AttributeError(
            f"tengym's VecEnv has no per-copy method {method_name!r} (it has action_masks, "
            f"{', '.join(self._COPY_METHODS)})"
        )

    def env_is_wrapped(self, wrapper_class: type[gym.Wrapper], indices: VecEnvIndices = None) -> list[bool]:
        return [False for _ in self._get_indices(indices)]

    def get_images(self) -> Sequence[np.ndarray | None]:
        """Every copy's position as an image (render_mode="rgb_array"), as a DummyVecEnv's get_images gives them."""
        if self.render_mode != "rgb_array":
            # As a DummyVecEnv answers then: a warning, and no images.
            warnings.warn(
                f"The render mode is {self.render_mode}, but get_images needs render_mode='rgb_array' to give images.",
                stacklevel=1,
            )
            return [None for _ in range(self.num_envs)]
        return [text_image(text) for text in self._per_copy("render")]

    def render(self, mode: str | None = None):
        """With render_mode="rgb_array" (or mode="rgb_array"), SB3's: the copies' images tiled into
        one; with "ansi", the text of every copy; without a render mode, SB3's answer (None and a warning)."""
        if (mode or self.render_mode) == "rgb_array" or (mode or self.render_mode) is None:
            return super().render(mode)
        return self._per_copy("render")

    def seed(self, seed: int | None = None) -> Sequence[int | None]:
        """As SB3's: copy i deals with seed + i at the next `reset()`; None draws a seed (with room
        for every copy). A seed that is not one is refused here, not at the next reset."""
        if seed is None:
            seed = entropy_seed(self.num_envs)
        elif not seeds_copies(seed, self.num_envs):
            raise BadSeedError(
                f"seed: bad seed {seed!r}: expected an integer from 0 to {MAX_SEED - self.num_envs + 1} (copy i "
                "deals with seed + i)",
                "bad-seed",
            )
        self._seeds = [int(seed) + i for i in range(self.num_envs)]
        return self._seeds


# SB3's make_vec_env keywords that tengym.sb3.make_vec_env has no use for: met here, they would
# reach the engine as game options.
_SB3_MAKE_VEC_ENV_KEYWORDS = {
    "env_kwargs",
    "monitor_dir",
    "wrapper_class",
    "wrapper_kwargs",
    "vec_env_cls",
    "vec_env_kwargs",
    "monitor_kwargs",
    "start_index",
}


# The type follows monitor: the VecMonitor around the TengymSB3VecEnv (the default), or
# monitor=False the TengymSB3VecEnv itself.
@overload
def make_vec_env(
    env_id: str,
    n_envs: int = 1,
    seed: int | None = None,
    processes: int = 1,
    monitor: Literal[True] = True,
    **options: Any,
) -> VecMonitor: ...
@overload
def make_vec_env(
    env_id: str,
    n_envs: int = 1,
    seed: int | None = None,
    processes: int = 1,
    *,
    monitor: Literal[False],
    **options: Any,
) -> TengymSB3VecEnv: ...
@overload
def make_vec_env(
    env_id: str, n_envs: int = 1, seed: int | None = None, processes: int = 1, monitor: bool = True, **options: Any
) -> VecEnv: ...
def make_vec_env(
    env_id: str, n_envs: int = 1, seed: int | None = None, processes: int = 1, monitor: bool = True, **options: Any
) -> VecEnv:
    """`TengymSB3VecEnv(env_id, n_envs, processes, **options)` (`max_episode_steps` among them),
    seeded (copy i with seed + i; a random seed when none is given, as SB3 seeds; a seed given also
    seeds `action_space`, as SB3's make_vec_env seeds each copy's), and in a `VecMonitor` (an
    episode's return and length in `infos[i]["episode"]`, `ep_rew_mean` in SB3's logs) unless
    monitor=False: what SB3's make_vec_env gives, whose copies each sit in a `Monitor`. SB3's own
    keywords (env_kwargs, vec_env_cls, …) are refused by name."""
    sb3_only = sorted(set(options) & _SB3_MAKE_VEC_ENV_KEYWORDS)
    if sb3_only:
        raise TengymError(
            f"make_vec_env: {', '.join(k + '=' for k in sb3_only)} is SB3's make_vec_env's, not "
            "tengym.sb3.make_vec_env's: give the game's options as keywords "
            f"(make_vec_env({env_id!r}, n_envs, maxSteps=200), not env_kwargs={{...}}); for SB3's, "
            f"stable_baselines3.common.env_util.make_vec_env('tengym/{env_id}-v0', ...)",
            "bad-argument",
        )
    env = TengymSB3VecEnv(env_id, n_envs, processes=processes, **options)
    try:
        # First, so that a seed that is not one is refused by tengym's own check (BadSeedError),
        # whatever the action space would have said of it. As SB3's make_vec_env: None draws a random seed.
        env.seed(seed)
    except BaseException:
        env.close()
        raise
    if seed is not None:
        # As SB3's make_vec_env seeds copy i's action space with seed + i: a DummyVecEnv's
        # action_space is copy 0's, seeded with seed itself. No seed leaves it unseeded, as there.
        # A plain int: Gymnasium's spaces take no numpy integer as a seed.
        env.action_space.seed(int(seed))
    if not monitor:
        return env
    from stable_baselines3.common.vec_env import VecMonitor

    return VecMonitor(env)
