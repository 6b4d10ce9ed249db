"""tengym's scripted agents from Python: the catalogue of an env, and an agent played on a range of deals.

    tengym.agents("decade-fives")                                  # [AgentInfo(name='random', ...), ...]
    pimc = tengym.play_agent("decade-fives", "pimc", seed=1_000_000, episodes=3000)
    pimc.won                                                       # deal i (seed + i): won or not

The deals are played in an engine process by the code `tengym eval` plays them with: deal i is
dealt with seed + i and the agent is reset with `derive_seed(seed, i)` before it, so every record
is the one `tengym eval --env ID --agents NAME --episodes N --seed S --json --per-deal` gives, and
`TengymEnv.reset(seed=seed + i)` deals the same deal for a policy of your own. `paired_wins` pairs
two players' wins on the same deals as `tengym eval` pairs them with its reference, and
`paired_rounds` Four Ten's rounds to win on the deals both won.
"""

from __future__ import annotations

import json
import math
import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np

from ._engine import MAX_SEED, Engine, engine_id, positive_int
from .errors import BadOptionsError, BadSeedError, TengymError

# The most deals one call plays (src/eval/evaluate.ts's MAX_EVAL_EPISODES, tengym eval's bound).
MAX_EPISODES = 10_000_000
# A chunk of deals is sent to an engine at a time, doubled while a round of chunks takes less than
# this: a Ctrl-C is answered between chunks, and an engine timeout applies to one chunk.
_ROUND_SECONDS = 0.25
_MOST_DEALS_A_CHUNK = 1 << 16
# src/stats/intervals.ts's Z95: the normal 97.5th percentile.
Z95 = 1.959963984540054


@dataclass(frozen=True)
class AgentInfo:
    """An agent of the catalogue, as `tengym agents --env ID --json` lists it. `fair` is False for an
    agent that reads the order of the stock (the decade `oracle`); `ceiling` marks an exact optimum
    (Four Ten's and decade-optional's `optimal`), what the others are measured against."""

    name: str
    description: str
    fair: bool
    ceiling: bool = False

    @classmethod
    def from_engine(cls, info: Mapping[str, Any]) -> AgentInfo:
        """An entry of the engine's agent catalogue (its JSON), as an `AgentInfo`."""
        return cls(info["name"], info["description"], bool(info["fair"]), bool(info.get("ceiling", False)))


@dataclass(frozen=True, eq=False)
class AgentEpisodes:
    """An agent's record of deals seed + first_deal … seed + first_deal + episodes − 1, one row a deal, as
    `tengym eval --json --per-deal` gives its `deals`: won, the game's own figures (the cards left
    for a card game; for Four Ten the rounds played, final points and rounds that ended in a fault),
    the env steps a game took and, of them, its decisions (steps with more than one legal move).
    `options` are every option as played, the id's preset and defaults filled in, as the report's
    `options`: records of the same deals have the same ones however the call spelt them."""

    env_id: str
    options: dict
    agent: str
    seed: int
    won: np.ndarray
    steps: np.ndarray
    decisions: np.ndarray
    cards_left: np.ndarray | None = None
    rounds: np.ndarray | None = None
    points: np.ndarray | None = None
    faults: np.ndarray | None = None
    # Row k is deal first_deal + k of the run from seed (tengym eval --first-deal).
    first_deal: int = 0

    def __len__(self) -> int:
        return len(self.won)

    @property
    def win_rate(self) -> float:
        return float(self.won.mean())


class PairedWins(NamedTuple):
    """The mean of won_a − won_b over the same deals, with its normal 95% interval (cut to ±1), as
    `tengym eval` gives each agent's difference from its reference ("vsReference")."""

    diff: float
    ci95: tuple[float, float]
    deals: int


class PairedRounds(NamedTuple):
    """The mean of rounds_a − rounds_b over the deals both players won (below 0: fewer rounds to win),
    with its normal 95% interval, and how many deals that is, as `tengym eval` gives each agent's
    difference in rounds from its reference ("roundsVsReference"). With no deal won by both, `diff`
    is nan, `ci95` (-inf, inf) and `deals` 0 (tengym eval's "–"); with one, `ci95` is (-inf, inf)."""

    diff: float
    ci95: tuple[float, float]
    deals: int


def agents(env_id: str, options: Mapping[str, Any] | None = None) -> list[AgentInfo]:
    """The catalogue's agents of an env (with these options), as `tengym agents --env ID` lists them.
    Trained models are not among them: they play from the command line (`tengym eval --agents model`)."""
    engine = Engine(shared=False)
    try:
        return [
            AgentInfo.from_engine(a)
            for a in engine.request({"cmd": "agents", "id": engine_id(env_id), "options": _options(options)})
        ]
    finally:
        engine.close()


def play_agent(
    env_id: str,
    agent: str,
    *,
    episodes: int,
    seed: int = 0,
    first_deal: int = 0,
    options: Mapping[str, Any] | None = None,
    processes: int = 1,
    engine_timeout: float | None = None,
) -> AgentEpisodes:
    """The catalogue agent `agent` playing deals seed + 0 … seed + episodes − 1 of `env_id`, each
    deal's record as `tengym eval --env ID --agents NAME --episodes N --seed S --json --per-deal`
    gives it (the same code plays them, in an engine process started for the call).

    `first_deal=I` plays deals I … I + episodes − 1 of the run from `seed`, each as the whole run
    plays it (`tengym eval --first-deal I`): a run split into parts joins deal for deal.
    `processes=P` splits the deals over P engine processes, which play in parallel; the records
    are the same. `engine_timeout`: seconds a chunk of deals may take before `EngineError`
    (default: no limit, as a search such as Four Ten's `optimal` may solve for seconds on one deal).
    An unknown agent, one that does not play this env (its message lists those that do), a bad id
    or bad options raise tengym's error (`TengymError`, `UnknownEnvError`, `BadOptionsError`)."""
    if not isinstance(agent, str):
        raise TengymError(
            "play_agent: agent must be an agent's name such as 'pimc' (tengym.agents(env_id) lists them), got "
            f"{agent!r}",
            "bad-argument",
        )
    episodes = positive_int("episodes", episodes, MAX_EPISODES)
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= int(seed) <= MAX_SEED:
        raise BadSeedError(f"play_agent: bad seed {seed!r}: expected an integer from 0 to {MAX_SEED}", "bad-seed")
    seed = int(seed)
    if isinstance(first_deal, bool) or not isinstance(first_deal, (int, np.integer)) or first_deal < 0:
        raise TengymError(f"play_agent: first_deal must be an integer ≥ 0, got {first_deal!r}", "bad-argument")
    first_deal = int(first_deal)
    if first_deal > MAX_SEED - (episodes - 1):
        # Checked here, as the seed is: the engine would name a deal past 2**53 by the double it reads, not as given.
        raise TengymError(
            f"play_agent: first_deal {first_deal} is too large for episodes {episodes}: deal i uses seed + i "
            f"and seeds go up to {MAX_SEED}, so first_deal + episodes - 1 is at most that",
            "bad-argument",
        )
    deals = first_deal + episodes
    if seed > MAX_SEED - (deals - 1):
        raise BadSeedError(
            f"seed {seed} is too large for "
            f"{f'deals {first_deal} to {deals - 1}' if first_deal else f'episodes {episodes}'}: deal i uses "
            f"seed + i and seeds go up to {MAX_SEED}, so the largest seed for {deals} deals is "
            f"{MAX_SEED - (deals - 1)}",
            "bad-seed",
        )
    processes = min(positive_int("processes", processes), episodes)
    env_id = engine_id(env_id)
    options = _options(options)
    timeout = math.inf if engine_timeout is None else engine_timeout
    message = {"cmd": "play", "id": env_id, "options": options, "agent": agent, "seed": seed}
    parts: dict[int, dict] = {}
    engines: list[Engine] = []
    try:
        for _ in range(processes):
            engines.append(Engine(timeout=timeout, shared=False))
        at, chunk = 0, 1
        while at < episodes:
            started = time.perf_counter()
            sent: list[tuple[Engine, int]] = []
            for engine in engines:
                if at >= episodes:
                    break
                to = min(at + chunk, episodes)
                engine.send_json({**message, "from": first_deal + at, "to": first_deal + to})
                sent.append((engine, at))
                at = to
            failed: Exception | None = None
            for engine, lo in sent:
                try:
                    parts[lo] = engine.receive()
                except Exception as e:  # noqa: BLE001 — raised below, after every engine sent a chunk is read
                    failed = failed or e
            if failed is not None:
                hinted = _model_hint(failed, agent, env_id, options)
                if hinted is failed:
                    raise failed
                raise hinted from None
            if time.perf_counter() - started < _ROUND_SECONDS:
                chunk = min(2 * chunk, _MOST_DEALS_A_CHUNK)
    finally:
        for engine in engines:
            engine.close()
    records = [parts[lo] for lo in sorted(parts)]

    def column(key: str, dtype) -> np.ndarray:
        return np.concatenate([np.asarray(r[key], dtype=dtype) for r in records])

    def game_column(key: str, dtype) -> np.ndarray | None:
        """A column of the game's own figures: cards left for a card game, rounds, points and faults for Four Ten."""
        if key not in records[0]:
            return None
        return column(key, dtype)

    return AgentEpisodes(
        env_id=env_id,
        options=records[0]["options"],
        agent=agent,
        seed=seed,
        won=column("won", bool),
        steps=column("steps", np.int32),
        decisions=column("decisions", np.int32),
        cards_left=game_column("cardsLeft", np.int32),
        rounds=game_column("rounds", np.int32),
        points=game_column("points", np.int32),
        faults=game_column("faults", np.int32),
        first_deal=first_deal,
    )


def _model_hint(error: Exception, agent: str, env_id: str, options: dict) -> Exception:
    """The engine's "unknown agent" for a trained model (the shipped `model`, or a model folder, which
    `tengym eval --agents` takes): the same error, saying how to get that model's records, which
    play from the command line only (it loads TensorFlow.js; this package does not carry it)."""
    if type(error) is not TengymError or not str(error).startswith(f'unknown agent "{agent}"'):
        return error
    if agent != "model" and not re.search(r"[\\/]", agent) and not agent.startswith("."):
        return error
    given = f" --options '{json.dumps(options)}'" if options else ""
    return TengymError(
        f"{error}; a trained model plays from the command line, which loads TensorFlow.js: "
        f"tengym eval --env {env_id}{given} --agents {agent} --episodes N --seed S --json --per-deal gives its "
        "records of deals S + i, as play_agent gives an agent's",
        error.code,
    )


def paired_wins(
    won: Sequence[Any] | np.ndarray | AgentEpisodes, reference_won: Sequence[Any] | np.ndarray | AgentEpisodes
) -> PairedWins:
    """won − reference_won on the same deals (1 won, 0 lost; bools too; or two `play_agent`
    records of the same deals, whose `won` is taken): the mean difference in win rate and its normal 95% interval,
    cut to ±1, computed as `tengym eval` computes its paired difference from the reference (one
    deal: an interval of ±inf). Any other value (a return, points, NaN) is refused with a
    TengymError rather than taken for a win."""
    # Two play_agent records say which deals they are, as paired_rounds checks: the same number of deals is not enough.
    if (
        isinstance(won, AgentEpisodes)
        and isinstance(reference_won, AgentEpisodes)
        and _deals_of(won) != _deals_of(reference_won)
    ):
        raise TengymError(
            f"paired_wins: the two players' records must be of the same deals, got {_dealt(won, reference_won)} "
            f"and {_dealt(reference_won, won)}",
            "bad-argument",
        )
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
                f"{float(x[bad[0]])!r} at deal {int(bad[0])}: a return or a score is not a win (Four Ten's "
                "reward is points; ask env.outcome()['won'])",
                "bad-argument",
            )
    d = (a - b).tolist()
    mean, ci95 = _paired_difference(d, 1.0)
    return PairedWins(mean, ci95, len(d))


def paired_rounds(
    mine: AgentEpisodes | Mapping[str, Any], reference: AgentEpisodes | Mapping[str, Any]
) -> PairedRounds:
    """Four Ten's rounds to win, mine − reference's, over the deals both won, paired: the mean
    difference, its normal 95% interval and how many deals both won, computed as `tengym eval`
    computes its "rounds − REF (both won, 95%)" (a lost game never reaches the target, so it has no
    rounds to win). Each player is a `play_agent` record, or a mapping with "won" and "rounds", one
    entry a deal (a policy's own loop: `env.outcome()["won"]` and `["rounds"]`; or the `deals` of
    `tengym eval --json --per-deal`); the rounds of a lost deal are not read. No deal won by both
    gives `PairedRounds(nan, (-inf, inf), 0)`, as tengym eval's "–", rather than an error.

    Refused with a TengymError: two records of different deals (another env, options, seed or
    number of deals), a record of an env without rounds (a card game: `paired_wins` pairs its
    wins), a won that is not won or lost, and rounds of a won deal that are not a whole number
    from 1."""
    won_a, rounds_a = _won_and_rounds("mine", mine)
    won_b, rounds_b = _won_and_rounds("reference", reference)
    # Two play_agent records say which deals they are: the same number of deals is not enough.
    if (
        isinstance(mine, AgentEpisodes)
        and isinstance(reference, AgentEpisodes)
        and _deals_of(mine) != _deals_of(reference)
    ):
        raise TengymError(
            f"paired_rounds: the two players' records must be of the same deals, got {_dealt(mine, reference)} "
            f"and {_dealt(reference, mine)}",
            "bad-argument",
        )
    if len(won_a) != len(won_b) or len(won_a) == 0:
        raise TengymError(
            f"paired_rounds: the two players' records must be of the same deals, one a deal, got {len(won_a)} "
            f"and {len(won_b)}",
            "bad-argument",
        )
    both = won_a & won_b
    d = (rounds_a[both] - rounds_b[both]).tolist()
    mean, ci95 = _paired_difference(d, math.inf)
    return PairedRounds(mean, ci95, len(d))


def _won_and_rounds(name: str, record: AgentEpisodes | Mapping[str, Any]) -> tuple[np.ndarray, np.ndarray]:
    """A player's won (bool) and rounds (float64) of paired_rounds, checked: won or lost for each deal,
    and the rounds of each won deal a whole number from 1 (a won game ended at least one round)."""
    if isinstance(record, AgentEpisodes):
        if record.rounds is None:
            raise TengymError(
                f"paired_rounds: {name} is {record.agent}'s record of {record.env_id}, which has no rounds: "
                "rounds to win are Four Ten's figure (paired_wins pairs the wins of any env)",
                "bad-argument",
            )
        return record.won.astype(bool), record.rounds.astype(np.float64)
    if not isinstance(record, Mapping) or "won" not in record or "rounds" not in record:
        given = f"keys {sorted(map(str, record))}" if isinstance(record, Mapping) else type(record).__name__
        raise TengymError(
            f"paired_rounds: {name} must be a play_agent record of Four Ten or a mapping with 'won' and "
            f"'rounds', one entry a deal, got {given}",
            "bad-argument",
        )
    won = np.asarray(record["won"], dtype=np.float64).ravel()
    rounds = np.asarray(record["rounds"], dtype=np.float64).ravel()
    bad = np.flatnonzero((won != 0) & (won != 1))
    if len(bad):
        raise TengymError(
            f"paired_rounds: {name}['won'] must say won or lost for each deal (True/False or 1/0), got "
            f"{float(won[bad[0]])!r} at deal {int(bad[0])}",
            "bad-argument",
        )
    if len(rounds) != len(won):
        raise TengymError(
            f"paired_rounds: {name}['won'] and {name}['rounds'] must have one entry a deal each, got {len(won)} "
            f"and {len(rounds)}",
            "bad-argument",
        )
    won_deals = won == 1
    bad = np.flatnonzero(won_deals & ~((rounds >= 1) & (rounds == np.floor(rounds)) & np.isfinite(rounds)))
    if len(bad):
        raise TengymError(
            f"paired_rounds: {name}['rounds'] must be the rounds each won game took, a whole number from 1, got "
            f"{float(rounds[bad[0]])!r} at deal {int(bad[0])}, a won deal",
            "bad-argument",
        )
    return won_deals, rounds


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
    """src/stats/paired.ts's pairedDifference of the differences d: their mean and its normal 95%
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


def derive_seed(a: int, b: int) -> int:
    """src/env/rng.ts's deriveSeed: the seed an evaluation resets its agent with before deal i of a
    run from seed s is derive_seed(s, i). Replaying deal i of `play_agent(seed=s)` in your own loop:
    `env.reset(seed=s + i)`, then `env.reset_agents(derive_seed(s, i))`."""
    # b up to 2**52: b + 0x632BE5AB is then exact in JavaScript as it is here.
    for x, name, most in ((a, "a", MAX_SEED), (b, "b", 2**52)):
        if isinstance(x, bool) or not isinstance(x, (int, np.integer)) or not 0 <= int(x) <= most:
            raise BadSeedError(f"derive_seed: bad {name} {x!r}: expected an integer from 0 to {most}", "bad-seed")
    a, b = int(a), int(b)
    h = _imul(a ^ 0x9E3779B9, 0x85EBCA6B) ^ _imul(b + 0x632BE5AB, 0xC2B2AE35)
    h = _imul(h ^ (h >> 16), 0x7FEB352D)
    h = _imul(h ^ (h >> 15), 0x846CA68B)
    h ^= h >> 16
    hi = _imul(h ^ (a // 0x1_0000_0000), 0x27D4EB2D) >> 11
    return (hi * 0x1_0000_0000 + h) % MAX_SEED


def _imul(x: int, y: int) -> int:
    """Math.imul's product, as an unsigned 32-bit value (JavaScript's `>>> 0` of it): every use above
    shifts or xors it as those 32 bits."""
    return ((x & 0xFFFFFFFF) * (y & 0xFFFFFFFF)) & 0xFFFFFFFF


def _options(options: Mapping[str, Any] | None) -> dict:
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise BadOptionsError(
            f"options must be a dict of the env's options, such as {{'maxSteps': 200}}, got {options!r}", "bad-options"
        )
    return dict(options)
