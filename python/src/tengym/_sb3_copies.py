"""What `TengymSB3VecEnv` asks of its copies one by one, which it inherits: the catalogue agents of
`env_method`, the per-copy answers of the engines (a pending step's answers read first), the copies an
`indices` names, and why it cannot be pickled."""

from __future__ import annotations

import contextlib
import math
from typing import TYPE_CHECKING, Any, TypeAlias

import numpy as np
from numpy.typing import NDArray

from ._engine import MAX_SEED, ask_engines, per_copy, receive_steps
from .baselines import AgentInfo
from .env import _warn_unfair
from .errors import BadSeedError, TengymError

if TYPE_CHECKING:
    from stable_baselines3.common.vec_env.base_vec_env import VecEnv, VecEnvIndices

    from ._engine import Engine

    _Base: TypeAlias = VecEnv
else:
    _Base = object


class _SB3Copies(_Base):
    if TYPE_CHECKING:  # set by TengymSB3VecEnv.__init__
        env_id: str
        _engines: list[Engine]
        _starts: NDArray[np.int64]
        _actions: np.ndarray | None
        _early: dict[int, memoryview]
        _agents: list[str]

    def __reduce__(self):
        raise TypeError(
            f"a {type(self).__name__} cannot be copied or pickled: its copies live in engine processes; make "
            "another (a TengymEnv can: get_state()/set_state())"
        )

    def _agent_method(self, method_name: str, idx: list[int], *args, **kwargs) -> list[Any]:
        """TengymEnv's agent_action(name), attach_agent(name) and reset_agents(seed), asked of the copies of
        `idx` as a DummyVecEnv of TengymEnvs asks each: every copy has an agent of its own, shown every
        state of its copy and reset at each of its deals as that TengymEnv resets its agent (a seed s
        given by `seed` deals copy i with s + i, and its agent with derive_seed(s + i, 0); each
        autoreset is its next deal), so the copies play the games of a DummyVecEnv seeded alike.
        Same-step autoreset leaves every copy running: each gets its action. An agent is attached to
        every copy, whichever copies are asked."""
        keyword = "seed" if method_name == "reset_agents" else "name"
        if len(args) + len(kwargs) != 1 or set(kwargs) - {keyword}:
            raise TypeError(
                f"env_method({method_name!r}): TengymEnv.{method_name} takes one argument, {keyword}, got "
                f"{args!r} {kwargs!r}"
            )
        (arg,) = (*args, *kwargs.values())
        self._finish_pending_step()
        if method_name == "reset_agents":
            if isinstance(arg, bool) or not isinstance(arg, (int, np.integer)) or not 0 <= int(arg) <= MAX_SEED:
                raise BadSeedError(
                    f"reset_agents: bad seed {arg!r}: expected an integer from 0 to {MAX_SEED}", "bad-seed"
                )
            chosen = set(idx)
            seeds = [int(arg) if i in chosen else None for i in range(self.num_envs)]
            msgs = [
                {"cmd": "resetAgents", "seeds": seeds[self._starts[p] : self._starts[p + 1]]}
                for p in range(len(self._engines))
            ]
            names = ask_engines(self._engines, msgs, timeout=math.inf)[0]
            return [list(names) for _ in idx]
        if not isinstance(arg, str):
            raise TengymError(
                f"{method_name}: name must be an agent's name such as 'pimc' (tengym.agents({self.env_id!r}) "
                f"lists them), got {arg!r}",
                "bad-argument",
            )
        if method_name == "attach_agent":
            answers = ask_engines(
                self._engines, [{"cmd": "attach", "agent": arg}] * len(self._engines), timeout=math.inf
            )
            info: AgentInfo | None = AgentInfo.from_engine(answers[0])
        else:
            mask = np.zeros(self.num_envs, dtype=bool)
            mask[idx] = True
            msgs = [
                {"cmd": "actions", "agent": arg, "mask": mask[self._starts[p] : self._starts[p + 1]].tolist()}
                for p in range(len(self._engines))
            ]
            answers = ask_engines(self._engines, msgs, timeout=math.inf)
            attached = [a["attached"] for a in answers if a["attached"] is not None]
            info = AgentInfo.from_engine(attached[0]) if attached else None
        if arg not in self._agents:
            self._agents.append(arg)
            if info is not None:
                _warn_unfair(info)
        if method_name == "attach_agent":
            return [info for _ in idx]
        actions = [a for answer in answers for a in answer["actions"]]
        return [int(actions[i]) for i in idx]

    def _finish_pending_step(self) -> None:
        """Reads the answers to a step_async() that no step_wait() read (the copies have moved), so
        that the next message to the engines gets its own answer, not that step's."""
        if self._actions is None:
            return
        self._actions = None
        early, self._early = self._early, {}
        with contextlib.suppress(TengymError):  # a refused step moved no copy
            receive_steps(self._engines, early)

    def _per_copy(self, cmd: str) -> list[Any]:
        self._finish_pending_step()
        return per_copy(self._engines, cmd)

    def _get_indices(self, indices: VecEnvIndices) -> list[int]:
        """The copies `indices` names, each from 0 to num_envs - 1: negative ones count from the end,
        as a DummyVecEnv's list of envs takes them; one out of range is refused."""
        if indices is None:
            return list(range(self.num_envs))
        given = [indices] if isinstance(indices, (int, np.integer)) else list(indices)
        chosen = []
        for i in given:
            if (
                isinstance(i, bool)
                or not isinstance(i, (int, np.integer))
                or not -self.num_envs <= int(i) < self.num_envs
            ):
                raise IndexError(
                    f"copy index {i!r}: this VecEnv has {self.num_envs} copies (0 to {self.num_envs - 1}, or "
                    f"-{self.num_envs} to -1 from the end)"
                )
            chosen.append(int(i) % self.num_envs)
        return chosen
