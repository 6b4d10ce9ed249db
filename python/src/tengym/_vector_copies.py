"""What `TengymVectorEnv` answers for each copy through `call` and `get_attr`, which it inherits: a
copy's attributes and methods as a sync vector env of TengymEnvs gives them, its generator and its spec;
and why the vector env, whose copies live in engine processes, cannot be copied or pickled."""

from __future__ import annotations

import dataclasses
import json
from typing import TYPE_CHECKING, Any

import gymnasium as gym
import numpy as np
from gymnasium.envs.registration import EnvSpec
from numpy.typing import NDArray

from ._engine import copy_spec, per_copy
from ._spaces import LegalDiscrete
from .env import TengymEnv

if TYPE_CHECKING:
    from ._engine import Engine


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
        "a copy's state cannot be loaded into the vector env (its autoreset would not follow); load it into a TengymEnv"
    ),
    "unwrapped": "the copies live in engine processes, not as TengymEnv objects; envs.unwrapped is the vector env",
    "agent_action": "envs.agent_actions(name) answers every copy's action, -1 for a copy whose episode ended",
    "attach_agent": "envs.attach_agent(name) attaches the agent to every copy",
    "reset_agents": "envs.reset_agents(seeds) resets each copy's agents with its seed",
}


class _VectorCopies:
    if TYPE_CHECKING:  # set by TengymVectorEnv (and Gymnasium's VectorEnv)
        num_envs: int
        spec: EnvSpec | None
        render_mode: str | None
        single_observation_space: gym.Space
        env_id: str
        options: dict[str, Any]
        illegal_action: Any
        dict_observation: Any
        COPY_METHODS: tuple[str, ...]
        COPY_ATTRIBUTES: tuple[str, ...]
        NOT_PER_COPY: dict[str, str]
        _engines: list[Engine]
        _n: int
        _masks: NDArray[np.int8]
        _copy_seeds: list[int | None]
        _copy_rngs: list[np.random.Generator | None]
        _copy_action_spaces: tuple[LegalDiscrete, ...] | None
        _copy_kwargs: dict[str, Any]
        _max_episode_steps: int | None

        def render(self) -> Any: ...

    def __reduce__(self):
        raise TypeError(
            f"a {type(self).__name__} cannot be copied or pickled: its copies live in engine processes; make "
            "another (a TengymEnv can: get_state()/set_state())"
        )

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
