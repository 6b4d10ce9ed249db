"""Two players on the same deals, paired as `tengym eval` pairs each agent with its reference.

`paired_wins` is the paired difference in win rate ("vsReference"); `paired_result` the paired difference in
the number the game compares players by after the win (its declared `compare`, `tengym.result(env_id)`:
the cards left over every deal, Four Ten's rounds over the deals both won), the report's `<field>VsReference`.
"""

from __future__ import annotations

import json
import math
import warnings
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

import numpy as np

from ._engine import engine_id
from .baselines import AgentEpisodes
from .errors import TengymError
from .result import RESULTS, Compare, result

# src/stats/intervals.ts's Z95: the normal 97.5th percentile.
Z95 = 1.959963984540054


class PairedWins(NamedTuple):
    """The mean of won_a − won_b over the same deals, with its normal 95% interval (cut to ±1), as
    `tengym eval` gives each agent's difference from its reference ("vsReference")."""

    diff: float
    ci95: tuple[float, float]
    deals: int


class PairedResult(NamedTuple):
    """The mean of a − b in the game's compared field (`result(env_id).compare.field`) over the deals it is
    compared on (every deal, or those both players won), with its normal 95% interval and how many deals that
    is, as `tengym eval` gives `<field>VsReference`. Over no deal, `diff` is nan, `ci95` (-inf, inf) and `deals`
    0 (tengym eval's "–"); over one, `ci95` is (-inf, inf)."""

    diff: float
    ci95: tuple[float, float]
    deals: int


PairedRounds = PairedResult
"""Deprecated: `PairedResult`, which `paired_rounds` returned under this name."""

Record = AgentEpisodes | Mapping[str, Any]


def paired_wins(
    won: Sequence[Any] | np.ndarray | AgentEpisodes, reference_won: Sequence[Any] | np.ndarray | AgentEpisodes
) -> PairedWins:
    """won − reference_won on the same deals (1 won, 0 lost; bools too; or two `play_agent`
    records of the same deals, whose `won` is taken): the mean difference in win rate and its normal 95% interval,
    cut to ±1, computed as `tengym eval` computes its paired difference from the reference (one
    deal: an interval of ±inf). Any other value (a return, points, NaN) is refused with a
    TengymError rather than taken for a win."""
    if isinstance(won, AgentEpisodes) and isinstance(reference_won, AgentEpisodes):
        _same_deals("paired_wins", won, reference_won)
    a = np.asarray(won.won if isinstance(won, AgentEpisodes) else won, dtype=np.float64).ravel()
    b = np.asarray(
        reference_won.won if isinstance(reference_won, AgentEpisodes) else reference_won, dtype=np.float64
    ).ravel()
    if len(a) != len(b) or len(a) == 0:
        raise TengymError(
            f"paired_wins: the two players' records must be of the same deals, one a deal, got {len(a)} and {len(b)}",
            "bad-argument",
        )
    for name, x in (("won", a), ("reference_won", b)):
        bad = np.flatnonzero((x != 0) & (x != 1))
        if len(bad):
            raise TengymError(
                f"paired_wins: {name} must say won or lost for each deal (True/False or 1/0), got "
                f"{float(x[bad[0]])!r} at deal {int(bad[0])}: a return or a score is not a win (a game's "
                "reward may be points; ask env.outcome()['won'])",
                "bad-argument",
            )
    mean, ci95 = _paired_difference((a - b).tolist(), 1.0)
    return PairedWins(mean, ci95, len(a))


def paired_result(mine: Record, reference: Record, *, env_id: str | None = None) -> PairedResult:
    """mine − reference in the number the game compares players by after the win, paired on the same deals,
    computed as `tengym eval` computes the report's `<field>VsReference`: the game's declared comparison
    (`tengym.result(env_id).compare`) says which field (the cards left; Four Ten's rounds) and over which deals
    (every deal, or the deals both won, as a lost game of Four Ten never reaches the target).

    Each player is a `play_agent` record, or a mapping with "won" and the compared field, one entry a deal (a
    policy's own loop, from `env.outcome()`; or the `deals` of `tengym eval --json --per-deal`): with no record,
    `env_id` names the game. A field's entries on deals it is not compared over are not read.

    Refused with a TengymError: two records of different deals (another env, options, seed or number of
    deals), a record of another env than `env_id`, a won that is not won or lost, and a compared entry that
    is not a finite number."""
    return _paired("paired_result", mine, reference, _declared_env("paired_result", mine, reference, env_id))


def paired_rounds(mine: Record, reference: Record) -> PairedResult:
    """Deprecated: `paired_result`, for a game whose comparison is its rounds (Four Ten's). It warns
    (DeprecationWarning) and gives what `paired_result(mine, reference)` gives, refusing a record of a game
    compared otherwise (a card game compares its cards left: `paired_result` pairs any game's)."""
    warnings.warn(
        "tengym.paired_rounds is deprecated: tengym.paired_result pairs any game by the comparison it declares "
        "(tengym.result(env_id).compare), and gives the same figures for a game compared by its rounds",
        DeprecationWarning,
        stacklevel=2,
    )
    for name, record in (("mine", mine), ("reference", reference)):
        if isinstance(record, AgentEpisodes) and record.result.compare.field != "rounds":
            raise TengymError(
                f"paired_rounds: {name} is {record.agent}'s record of {record.env_id}, which is compared by "
                f"{record.result.compare.field!r}, not rounds: tengym.paired_result pairs it",
                "bad-argument",
            )
    env_id = next((e for e, r in RESULTS.items() if r.compare.field == "rounds"), None)
    if env_id is None:
        raise TengymError("paired_rounds: no registered game is compared by its rounds", "bad-argument")
    if isinstance(mine, AgentEpisodes) or isinstance(reference, AgentEpisodes):
        env_id = None
    return _paired("paired_rounds", mine, reference, _declared_env("paired_rounds", mine, reference, env_id))


def _declared_env(fn: str, mine: Record, reference: Record, env_id: str | None) -> str:
    """The env whose comparison pairs the two records: the records' own, or `env_id`, which must agree."""
    envs = {r.env_id for r in (mine, reference) if isinstance(r, AgentEpisodes)}
    if env_id is not None:
        result(env_id)  # refuses an unknown id
        env_id = engine_id(env_id)
        other = envs - {env_id}
        if other:
            raise TengymError(
                f"{fn}: env_id={env_id!r}, but a record is of {sorted(other)[0]}: the records say their env",
                "bad-argument",
            )
        return env_id
    if not envs:
        raise TengymError(
            f"{fn}: neither player is a play_agent record, so env_id= must name the game whose comparison pairs "
            "them (tengym.result(env_id).compare)",
            "bad-argument",
        )
    return envs.pop()  # two envs differ in their deals, which _paired refuses by name


def _paired(fn: str, mine: Record, reference: Record, env_id: str) -> PairedResult:
    compare = result(env_id).compare
    if isinstance(mine, AgentEpisodes) and isinstance(reference, AgentEpisodes):
        _same_deals(fn, mine, reference)
    won_a, x_a = _columns(fn, "mine", mine, compare, env_id)
    won_b, x_b = _columns(fn, "reference", reference, compare, env_id)
    if len(won_a) != len(won_b) or len(won_a) == 0:
        raise TengymError(
            f"{fn}: the two players' records must be of the same deals, one a deal, got {len(won_a)} and {len(won_b)}",
            "bad-argument",
        )
    over = won_a & won_b if compare.over == "won-by-both" else np.ones(len(won_a), dtype=bool)
    for name, x in (("mine", x_a), ("reference", x_b)):
        bad = np.flatnonzero(over & ~np.isfinite(x))
        if len(bad):
            raise TengymError(
                f"{fn}: {name}[{compare.field!r}] must be a finite number on each deal compared, got "
                f"{float(x[bad[0]])!r} at deal {int(bad[0])}"
                + (", a deal both won" if compare.over == "won-by-both" else ""),
                "bad-argument",
            )
    d = (x_a[over] - x_b[over]).tolist()
    mean, ci95 = _paired_difference(d, math.inf)
    return PairedResult(mean, ci95, len(d))


def _columns(fn: str, name: str, record: Record, compare: Compare, env_id: str) -> tuple[np.ndarray, np.ndarray]:
    """A player's won (bool) and compared field (float64, nan where not a number), won checked won or lost."""
    field = compare.field
    if isinstance(record, AgentEpisodes):
        return record.won.astype(bool), record[field].astype(np.float64)
    if not isinstance(record, Mapping) or "won" not in record or field not in record:
        given = f"keys {sorted(map(str, record))}" if isinstance(record, Mapping) else type(record).__name__
        raise TengymError(
            f"{fn}: {name} must be a play_agent record of {env_id} or a mapping with 'won' and {field!r}, one "
            f"entry a deal, got {given}",
            "bad-argument",
        )
    won = np.asarray(record["won"], dtype=np.float64).ravel()
    x = np.asarray(
        [v if isinstance(v, (int, float, np.number)) and not isinstance(v, bool) else math.nan for v in record[field]],
        dtype=np.float64,
    ).ravel()
    bad = np.flatnonzero((won != 0) & (won != 1))
    if len(bad):
        raise TengymError(
            f"{fn}: {name}['won'] must say won or lost for each deal (True/False or 1/0), got "
            f"{float(won[bad[0]])!r} at deal {int(bad[0])}",
            "bad-argument",
        )
    if len(x) != len(won):
        raise TengymError(
            f"{fn}: {name}['won'] and {name}[{field!r}] must have one entry a deal each, got {len(won)} and {len(x)}",
            "bad-argument",
        )
    return won == 1, x


def _same_deals(fn: str, a: AgentEpisodes, b: AgentEpisodes) -> None:
    """Two play_agent records say which deals they are: the same number of deals is not enough."""
    if _deals_of(a) != _deals_of(b):
        raise TengymError(
            f"{fn}: the two players' records must be of the same deals, got {_dealt(a, b)} and {_dealt(b, a)}",
            "bad-argument",
        )


def _deals_of(record: AgentEpisodes) -> tuple:
    """Which deals a record holds: two records pair when these are the same."""
    return (record.env_id, record.options, record.seed, record.first_deal, len(record))


def _dealt(record: AgentEpisodes, other: AgentEpisodes) -> str:
    """The deals of a record, with the options where they differ from the other record's (each holds every option)."""
    differ = {k: v for k, v in record.options.items() if other.options.get(k) != v}
    options = f" {json.dumps(differ)}" if differ and record.env_id == other.env_id else ""
    part = f" (deals {record.first_deal} on)" if record.first_deal else ""
    return f"{len(record)} deals of {record.env_id}{options} from seed {record.seed}{part}"


def _paired_difference(d: list[float], most: float) -> tuple[float, tuple[float, float]]:
    """src/stats/paired.ts's pairedMean of the differences d: their mean and its normal 95%
    interval cut to ±most; with one difference the interval is (-inf, inf), with none the mean nan too."""
    # Summed one term after another, as the evaluation in JavaScript sums them, so the figures agree
    # to the last digit: not with sum(), which on Python 3.12 and later sums floats with a
    # compensation JavaScript does not make, and so differs in the last digits of the interval.
    n = len(d)
    total = 0.0
    for x in d:
        total += x
    mean = total / n if n else math.nan
    if n <= 1:
        return mean, (-math.inf, math.inf)
    ss = 0.0
    for x in d:
        # x * x, not x ** 2: JavaScript's ** squares with one rounding, as * does, while Python's
        # goes through the C library's pow, which misses the last digit of some squares.
        y = x - mean
        ss += y * y
    se = math.sqrt(ss / (n - 1) / n)
    return mean, (max(-most, mean - Z95 * se), min(most, mean + Z95 * se))
