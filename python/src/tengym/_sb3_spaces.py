"""`CopiesLegalDiscrete`, the action space of `tengym.sb3.TengymSB3VecEnv`, which `tengym.sb3` exports."""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from ._spaces import LegalDiscrete


class CopiesLegalDiscrete(LegalDiscrete):
    """Copy 0's action space (a `DummyVecEnv`'s is copy 0's): `legal` is copy 0's live mask, and
    `contains` the plain range check. Its `sample()` with no mask draws for each copy in turn:
    after a reset or a step, the i-th call draws among copy i's legal actions (past the last copy,
    copy 0's again), as SB3's DQN draws one action a copy, in order, for its warm-up and
    epsilon-greedy steps (`[action_space.sample() for _ in range(n_envs)]`). A mask given is used
    as given."""

    def __init__(self, n: int, masks: NDArray[np.int8]):
        super().__init__(n, masks[0])
        self.masks = masks
        # The copy the next sample() draws for; the VecEnv sets it back to 0 after each reset and step.
        self.turn = 0

    def sample(self, mask: NDArray[np.int8] | None = None, probability: NDArray[np.int8] | None = None) -> np.int64:
        if mask is None and probability is None:
            legal = self.masks[self.turn]
            self.turn = (self.turn + 1) % len(self.masks)
            return spaces.Discrete.sample(self, mask=legal if legal.any() else None)
        return super().sample(mask=mask, probability=probability)
