"""How much of the long sweeps a run plays, read as test/helpers/scale.ts reads it.

`pytest python` plays a quarter of the long random sweeps by default, and the per-id sweeps whose every id costs
seconds (a third-party library's checker, random play to a step bound) keep an even spread of ids. A bug that
random play meets at all shows within a few games, and these sweeps were most of the suite's time.
TENGYM_TEST_SCALE=1 plays everything. Exact figures (the goldens, a recorded row) are never sampled.
"""

import contextlib
import os

DEFAULT_SCALE = 0.25
_raw = os.environ.get("TENGYM_TEST_SCALE", "")
try:
    SCALE = DEFAULT_SCALE if _raw == "" else float(_raw)
except ValueError:
    SCALE = float("nan")
if not (0 < SCALE <= 1):
    raise ValueError(f"TENGYM_TEST_SCALE must be a number in (0, 1], got {_raw!r}")

# True when the run plays everything (TENGYM_TEST_SCALE=1): for the checks that cannot be scaled by a count.
FULL_SCALE = SCALE == 1


def scaled(n: int, least: int = 20) -> int:
    """`n` games at full scale; at least `least` in a scaled-down run."""
    return max(min(n, least), round(n * SCALE))


def sampled(items, count: int, shift: int = 0) -> list:
    """Every item at full scale; below it, `count` of them spread evenly over the list, the first always among
    them (with no shift). tengym.ENV_IDS lists an engine's ids together, so an even spread reaches as many
    engines as it can. `shift` moves the spread by that many places, so that sweeps of the same ids can cover
    different ones; TENGYM_TEST_SAMPLE=K shifts every spread by K more, for another sample of the same size."""
    items = list(items)
    if FULL_SCALE or len(items) <= count:
        return items
    with contextlib.suppress(ValueError):  # as scale.ts reads it: anything but a number is no shift
        shift += int(os.environ.get("TENGYM_TEST_SAMPLE", "0") or 0)
    picks = {((k * len(items)) // count + shift) % len(items) for k in range(count)}
    return [items[i] for i in sorted(picks)]
