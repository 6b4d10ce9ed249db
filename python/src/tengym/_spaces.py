"""The spaces and types of tengym's envs: the observation and action types users' type checkers see, the
observation Box's bounds from the engine, and the Discrete whose sample() plays legal moves."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

# The types users' type checkers see (the package ships py.typed).
Observation = NDArray[np.float32]
"""An observation: one float32 feature a row (`observation_space.shape`)."""
DictObservation = dict[str, NDArray[np.float32]]
"""An observation with dict_observation=True: {"action_mask": float32 0/1 a row, "observations": the features}."""
Action = int | np.integer[Any]
"""An action id: a Python or numpy integer (what `action_space.sample()` gives, np.int64)."""

if TYPE_CHECKING:
    # A default, so that a bare `TengymEnv` annotation is the plain env's (no type argument missing under
    # --strict): typing_extensions' TypeVar, for the type checker alone (typing's takes a default from 3.13).
    from typing_extensions import TypeVar

    ObsT = TypeVar("ObsT", bound=Observation | DictObservation, default=Observation)
else:
    from typing import TypeVar

    ObsT = TypeVar("ObsT")


def observation_bounds(made: Mapping[str, Any]) -> tuple[np.ndarray, np.ndarray]:
    """The observation Box's low and high (float32, one per feature) from the engine's `make` answer.

    Each engine declares every feature's range for its options (the game's doc comment gives the
    reasoning); an engine that declares none, or a feature without one (null), is unbounded.
    """
    size = made["observationSize"]
    bounds = made.get("observationBounds")
    if bounds is None:
        return np.full(size, -np.inf, dtype=np.float32), np.full(size, np.inf, dtype=np.float32)
    low = np.array([-np.inf if x is None else x for x in bounds["low"]], dtype=np.float32)
    high = np.array([np.inf if x is None else x for x in bounds["high"]], dtype=np.float32)
    return low, high


class LegalDiscrete(spaces.Discrete[np.int64]):
    """Discrete(n) whose sample() with no mask draws among the env's legal actions of the moment.

    So a generic random policy (`env.action_space.sample()`, as gymnasium's env_checker uses)
    plays legal moves; `contains` is still the plain range check, and a mask passed to sample()
    is used as given. `legal` is the env's live mask array (int8), shared, not copied.
    """

    def __init__(self, n: int, legal: NDArray[np.int8], seed: int | np.random.Generator | None = None):
        super().__init__(n, seed=seed)
        self.legal = legal

    def sample(
        self, mask: NDArray[np.int8] | None = None, probability: NDArray[np.int8] | None = None
    ) -> np.int64:  # as Discrete.sample types them
        if mask is None and probability is None and self.legal.any():
            return super().sample(mask=self.legal)
        return super().sample(mask=mask, probability=probability)

    def __eq__(self, other):
        return isinstance(other, spaces.Discrete) and self.n == other.n and self.start == other.start

    # Unhashable, as it defines __eq__: typeshed's object.__hash__ is a method None may not override.
    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self):
        # Pickled (SB3's save stores the action space) it is a plain Discrete(n): a copy of the
        # legal actions of the moment would be drawn from long after they stopped being legal.
        # Its random generator goes with it (copied or pickled as the arguments are), as a
        # Discrete's does: a seeded space's copy draws what the space would have.
        return (spaces.Discrete, (self.n, self._np_random, self.start))
