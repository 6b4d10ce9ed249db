"""Seeds as the engines take them, checked before an engine is asked: a single env's, a vector's
(one a copy), the agents', and those drawn from entropy for a first reset."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ..errors import BadSeedError
from .settings import MAX_SEED


def copy_seeds(seed: Any, num_envs: int) -> list[int | None] | None:
    """A vector reset's seed as one seed (or None) a copy: s gives copy i s + i, a list of
    `num_envs` seeds (or Nones) one each, as Gymnasium's vector envs take them. Checked before
    any engine is asked, so a refused seed resets no copy."""
    if seed is None:
        return None
    if isinstance(seed, np.ndarray) and seed.ndim == 0:
        seed = seed.item()
    if isinstance(seed, (list, tuple, np.ndarray)):
        seeds = list(seed)
        if len(seeds) != num_envs:
            raise BadSeedError(f"reset: {len(seeds)} seed(s) for {num_envs} copies", "bad-seed")
    else:
        if not seeds_copies(seed, num_envs):
            raise BadSeedError(
                f"reset: bad seed {seed!r}: expected an integer from 0 to {MAX_SEED - num_envs + 1} (copy i "
                f"gets seed + i), or a list of {num_envs} seeds",
                "bad-seed",
            )
        return [int(seed) + i for i in range(num_envs)]
    for s in seeds:
        if s is not None and not _is_seed(s):
            raise BadSeedError(
                f"reset: bad seed {s!r} in the list: expected integers from 0 to {MAX_SEED} or None", "bad-seed"
            )
    return [None if s is None else int(s) for s in seeds]


def entropy_seed(copies: int = 1) -> int:
    """A seed drawn from the operating system's entropy, leaving room for `copies` consecutive
    seeds: what a first reset without a seed deals from, as Gymnasium's envs draw theirs."""
    return int(np.random.SeedSequence().generate_state(1, np.uint64)[0]) % (MAX_SEED - copies + 2)


def draw_seeds(seeds: list | None, need: np.ndarray) -> list | None:
    """`seeds` (one per copy, or None) with a seed drawn for every copy in `need` that has none, copy
    i getting base + i: a first reset, or a copy on a new engine, which would deal seed 0's cards."""
    if not need.any():
        return seeds
    base = entropy_seed(len(need))
    given = seeds if seeds is not None else [None] * len(need)
    return [base + i if need[i] and s is None else s for i, s in enumerate(given)]


def check_seed(seed: Any, call: str = "reset") -> int:
    """A single env's seed (for `call`) as an int, or BadSeedError before anything is asked of the
    engine, which would name a seed past 2**53 by the double it reads, not as given."""
    if not _is_seed(seed):
        raise BadSeedError(f"{call}: bad seed {seed!r}: expected an integer from 0 to {MAX_SEED}", "bad-seed")
    return int(seed)


def seeds_copies(seed: Any, num_envs: int) -> bool:
    """Whether `seed` is a seed that copy i of `num_envs` can deal with as seed + i."""
    return _is_seed(seed) and int(seed) + num_envs - 1 <= MAX_SEED


def _is_seed(s: Any) -> bool:
    return isinstance(s, (int, np.integer)) and not isinstance(s, (bool, np.bool_)) and 0 <= int(s) <= MAX_SEED


def copy_agent_seeds(seeds: Any, num_envs: int) -> list[int | None]:
    """A vector's `reset_agents` seeds: a list of `num_envs` seeds (None: that copy's agents are left as
    they are), checked before any engine is asked, so a refused list resets no agent."""
    if (
        isinstance(seeds, (str, bytes, Mapping))
        or not isinstance(seeds, (Sequence, np.ndarray))
        or len(seeds) != num_envs
    ):
        raise BadSeedError(
            f"reset_agents: expected a list of {num_envs} seeds, one a copy (None: that copy's agents are left "
            f"as they are), such as [tengym.derive_seed(s, i) for i in range({num_envs})], got {seeds!r}",
            "bad-seed",
        )
    for s in seeds:
        if s is not None and not _is_seed(s):
            raise BadSeedError(
                f"reset_agents: bad seed {s!r} in the list: expected integers from 0 to {MAX_SEED} or None", "bad-seed"
            )
    return [None if s is None else int(s) for s in seeds]
