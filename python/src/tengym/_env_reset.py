"""`TengymEnv`'s reset, which it inherits: the engine revived if it failed (its agents attached again), a
first reset's seed drawn, and the engine's frame read into the observation returned."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Generic

import numpy as np
from numpy.typing import NDArray

from ._engine import Rows, entropy_seed
from ._spaces import Action, ObsT

if TYPE_CHECKING:
    import gymnasium as gym

    from ._engine import Engine
    from .result import Outcome

    # To a type checker, the Gymnasium env it is part of (super().reset is gym.Env's).
    _Base = gym.Env[ObsT, Action]
else:
    _Base = Generic


class _EnvReset(_Base[ObsT]):
    if TYPE_CHECKING:  # set by TengymEnv.__init__
        dict_observation: Any
        _engine: Engine
        _size: int
        _n: int
        _mask: NDArray[np.int8]
        _started: bool
        _seeded: bool
        _agents: list[str]

        def outcome(self) -> Outcome | None: ...

    def _rows(self, body) -> Rows:
        return Rows(body, 1, self._size, self._n)

    def _reset(self, seed: int | None, msg: dict[str, Any]) -> tuple[ObsT, dict[str, Any]]:
        msg = dict(msg)
        engine = self._engine.revived()
        if engine is not self._engine:
            # A new engine would deal seed 0's cards: an unseeded reset draws a seed, as a first one does.
            self._engine, self._seeded = engine, False
            # And it has no agents: attached before the reset deals, they are reset with it, as the vector envs' are.
            for name in self._agents:
                engine.request({"cmd": "attach", "agent": name}, timeout=math.inf)
        if seed is None and not self._seeded:
            # Gymnasium's rule: a first reset without a seed draws one from entropy (the engine on
            # its own would deal seed 0, the same cards for every env made).
            seed = entropy_seed()
        if seed is not None:
            msg["seed"] = seed
        body = self._engine.request(msg)
        # After the engine accepted the seed, so a refused seed or deck leaves np_random as it was.
        super().reset(seed=seed)
        self._seeded = True
        rows = self._rows(body)
        self._started = True
        self._mask[:] = rows.masks[0]
        if not self._mask.any():
            self._mask[:] = 1  # a dead deal kept (dead_deals="keep"): no action is legal, so every action shows legal
        info: dict[str, Any] = {"action_mask": self._mask.copy()}
        if rows.terminated[0] or rows.truncated[0]:
            info["terminated_at_reset"] = True
            info["outcome"] = self.outcome()
        return self._out(rows.obs[0].copy()), info

    def _out(self, obs: NDArray[np.float32]) -> ObsT:
        """The observation returned: `obs`, or with dict_observation the mask beside it (the type ObsT
        that dict_observation chose)."""
        if self.dict_observation:
            return {"action_mask": self._mask.astype(np.float32), "observations": obs}  # type: ignore[return-value]
        return obs  # type: ignore[return-value]
