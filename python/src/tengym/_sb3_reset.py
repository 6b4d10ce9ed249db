"""`TengymSB3VecEnv`'s reset, which it inherits: every copy dealt with its seed (drawn at the first reset when
none was given, as SB3 seeds) and the deck of its reset options, the copies of a replaced engine included."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeAlias

import numpy as np
from numpy.typing import NDArray

from ._engine import Rows, attach_again, copy_seeds, draw_seeds, reset_deck, revive_copies
from .errors import TengymError

if TYPE_CHECKING:
    from stable_baselines3.common.vec_env.base_vec_env import VecEnv

    from ._engine import Engine
    from ._sb3_spaces import CopiesLegalDiscrete

    _Base: TypeAlias = VecEnv
else:
    _Base = object


class _SB3Reset(_Base):
    if TYPE_CHECKING:  # set by TengymSB3VecEnv.__init__
        _engines: list[Engine]
        _starts: NDArray[np.int64]
        _size: int
        _n: int
        _masks: NDArray[np.bool_]
        _sampler: CopiesLegalDiscrete
        _seeded: bool
        _agents: list[str]

    def _reset(self) -> NDArray[np.float32]:
        decks = self._reset_decks()
        new = revive_copies(self._engines, self._starts)
        # Before the reset that deals their copies resets them.
        attach_again(self._engines, self._starts, new, self._agents)
        if not self._seeded and all(s is None for s in self._seeds):
            # SB3's rule: no seed draws a random one, copy i getting it + i (the engines on their own
            # would deal every copy seed 0's cards).
            self.seed()
        # Every seed checked before any engine deals, so a bad one resets no copy.
        seeds = copy_seeds(list(self._seeds), self.num_envs)
        seeds = draw_seeds(seeds, new)  # copies on a new engine (revive_copies) would deal seed 0's cards
        assert seeds is not None  # copy_seeds of a list is a list
        self._seeded = True
        obs = np.empty((self.num_envs, self._size), dtype=np.float32)
        msgs: list[dict[str, Any]] = []
        for p in range(len(self._engines)):
            lo, hi = self._starts[p], self._starts[p + 1]
            msg: dict[str, Any] = {"cmd": "reset"}
            if any(s is not None for s in seeds[lo:hi]):
                msg["seeds"] = seeds[lo:hi]
            if decks is not None:
                msg["decks"] = decks[lo:hi]
            msgs.append(msg)
        if decks is not None and len(self._engines) > 1:
            # Each process checks its copies' decks before any process deals, so a bad deck resets no copy.
            for engine, msg in zip(self._engines, msgs):
                engine.request({**msg, "check": True})
        for p, (engine, msg) in enumerate(zip(self._engines, msgs)):
            lo, hi = self._starts[p], self._starts[p + 1]
            rows = Rows(engine.request(msg), hi - lo, self._size, self._n)
            obs[lo:hi] = rows.obs
            self._masks[lo:hi] = rows.masks.view(bool)
        self._reset_seeds()
        self._reset_options()
        self.reset_infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        self._sampler.turn = 0
        return obs

    def _reset_decks(self) -> list[Any] | None:
        """The decks of set_options (each copy's options["deck"], None where it has none), as a DummyVecEnv
        passes each copy's options to its TengymEnv's reset; None when no copy has one. No other option is taken."""
        if not any(self._options):
            return None
        for options in self._options:
            if not set(options) <= {"deck"}:
                raise TengymError(
                    f"reset: tengym's VecEnv takes no reset options but deck, got {options!r}", "bad-argument"
                )
        return [reset_deck(options) for options in self._options]
