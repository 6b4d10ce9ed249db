"""tengym's scripted agents from Python: the catalogue of an env, and an agent played on a range of deals.

    tengym.agents("decade-fives")                                  # [AgentInfo(name='random', ...), ...]
    pimc = tengym.play_agent("decade-fives", "pimc", seed=1_000_000, episodes=3000)
    pimc.won                                                       # deal i (seed + i): won or not

The deals are played in an engine process by the code `tengym eval` plays them with: deal i is
dealt with seed + i and the agent is reset with `derive_seed(seed, i)` before it, so every record
is the one `tengym eval --env ID --agents NAME --episodes N --seed S --json --per-deal` gives, and
`TengymEnv.reset(seed=seed + i)` deals the same deal for a policy of your own. A record's columns
besides won, steps and decisions are the game's declared result (`tengym.result(env_id)`);
tengym.paired pairs two players' records.
"""

from __future__ import annotations

import json
import math
import re
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ._engine import MAX_SEED, Engine, engine_id, positive_int
from .errors import BadOptionsError, BadSeedError, TengymError
from .result import Result, result

# The most deals one call plays (src/eval/evaluate.ts's MAX_EVAL_EPISODES, tengym eval's bound).
MAX_EPISODES = 10_000_000
# A chunk of deals is sent to an engine at a time, doubled while a round of chunks takes less than
# this: a Ctrl-C is answered between chunks, and an engine timeout applies to one chunk.
_ROUND_SECONDS = 0.25
_MOST_DEALS_A_CHUNK = 1 << 16


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
    `tengym eval --json --per-deal` gives its `deals`: won, the game's own numbers (`values`, by the keys its
    result declares, `tengym.result(env_id).recorded`: the cards left for a card game; for Four Ten the rounds
    played, final points and rounds that ended in a fault), the env steps a game took and, of them, its
    decisions (steps with more than one legal move). A declared number is also `record["cardsLeft"]` and an
    attribute in snake case, `record.cards_left`. `options` are every option as played, the id's preset and
    defaults filled in, as the report's `options`: records of the same deals have the same ones however the
    call spelt them."""

    env_id: str
    options: dict
    agent: str
    seed: int
    won: np.ndarray
    steps: np.ndarray
    decisions: np.ndarray
    values: dict[str, np.ndarray] = field(default_factory=dict)
    # Row k is deal first_deal + k of the run from seed (tengym eval --first-deal).
    first_deal: int = 0

    def __len__(self) -> int:
        return len(self.won)

    @property
    def win_rate(self) -> float:
        return float(self.won.mean())

    @property
    def result(self) -> Result:
        """The env's result declaration, which says what `values` holds."""
        return result(self.env_id)

    def __getitem__(self, key: str) -> np.ndarray:
        """A column by its key as `--per-deal` spells it: "won", "steps", "decisions" or a declared number."""
        if key in ("won", "steps", "decisions"):
            return getattr(self, key)
        try:
            return self.values[key]
        except KeyError:
            raise KeyError(f"{key!r}: {self.env_id}'s records hold {self._keys()}") from None

    def __getattr__(self, name: str) -> np.ndarray:
        # A declared number as an attribute, its key in snake case (cards_left); called only for what is not
        # an attribute already. The values are looked up in __dict__: unpickling asks before they are set.
        values = self.__dict__.get("values")
        if not name.startswith("_") and values:
            for f in result(self.__dict__["env_id"]).recorded:
                if f.attribute == name and f.key in values:
                    return values[f.key]
        raise AttributeError(
            f"{type(self).__name__!r} object has no attribute {name!r}"
            + (f": {self.__dict__['env_id']}'s records hold {self._keys()}" if values is not None else "")
        )

    def _keys(self) -> str:
        declared = [f"{f.key} (.{f.attribute})" for f in result(self.env_id).recorded if f.key in self.values]
        return ", ".join(["won", *declared, "steps", "decisions"])


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

    return AgentEpisodes(
        env_id=env_id,
        options=records[0]["options"],
        agent=agent,
        seed=seed,
        won=column("won", bool),
        steps=column("steps", np.int32),
        decisions=column("decisions", np.int32),
        values={f.key: _numbers(column(f.key, None)) for f in result(env_id).recorded},
        first_deal=first_deal,
    )


def _numbers(x: np.ndarray) -> np.ndarray:
    """A declared number's column: int32 where its entries are whole numbers that fit, as steps are."""
    if x.dtype.kind in "iu" and (len(x) == 0 or (x.min() >= -(2**31) and x.max() < 2**31)):
        return x.astype(np.int32)
    return x


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
