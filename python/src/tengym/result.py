"""What each game's result is measured by besides the win, as its engine declares it (`Game.result`).

    tengym.result("decade-fives").fields        # (ResultField(key='cardsLeft', label='cards left'),)
    tengym.result("four-ten").compare           # Compare(field='rounds', over='won-by-both', better='lower')

An outcome (`TengymEnv.outcome()`, info["outcome"]) is a dict of "won" and the declared fields
(a game may give more: Four Ten's safeties left); a `play_agent` record holds a column of every
field and counter; `paired_result` pairs two players by the declared comparison, as `tengym eval`
gives `<field>VsReference`. The declarations are the engines' own, written by the bundle's build
into `_engine/envs.json` (`engine.mjs --list`), so that this package names no game's figures.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from ._engine import ENGINE_LIST, engine_id
from .errors import UnknownEnvError

Outcome = dict[str, Any]
"""How a game stands (`TengymEnv.outcome()`, info["outcome"]): {"won": bool} and each of the game's declared
fields (`tengym.result(env_id).fields`, e.g. "cardsLeft", or "rounds" and "points"), as the engine gives it."""


@dataclass(frozen=True)
class ResultField:
    """A number of a game's outcome (a field) or counted over its steps (a counter): its key in outcomes and
    records ("cardsLeft") and its label in tables ("cards left")."""

    key: str
    label: str

    @property
    def attribute(self) -> str:
        """Its name as an attribute of an `AgentEpisodes` record: the key in snake case ("cards_left")."""
        return snake_case(self.key)


@dataclass(frozen=True)
class ResultFigure:
    """A figure a report gives over a set of deals (its key is the report's JSON key, "meanCardsLeft"):
    `of` is {"mean": field}, {"median": field} or {"ratio": [field, field]}; `over` "all" or "won"; `better`
    "lower", "higher" or None (a figure that only describes); `shown_in` where it is given besides
    `tengym eval`'s report ("train", "eval", "stats")."""

    key: str
    label: str
    of: dict[str, Any]
    digits: int
    over: Literal["all", "won"] = "all"
    better: Literal["lower", "higher"] | None = None
    shown_in: tuple[str, ...] = ("report",)


@dataclass(frozen=True)
class Compare:
    """What tells two players apart on the same deals after the win rate: the paired difference of
    `field`, over every deal ("all") or the deals both won ("won-by-both"), `better` "lower" or "higher"."""

    field: str
    over: Literal["all", "won-by-both"]
    better: Literal["lower", "higher"]


@dataclass(frozen=True)
class Result:
    """A game's result declaration (src/env/game.ts's ResultSpec, as `tengym envs --json` lists it)."""

    fields: tuple[ResultField, ...]
    counters: tuple[ResultField, ...]
    figures: tuple[ResultFigure, ...]
    compare: Compare
    curve: str | None = None

    @property
    def recorded(self) -> tuple[ResultField, ...]:
        """The numbers a per-deal record holds besides won, steps and decisions: the fields, then the counters."""
        return self.fields + self.counters

    @classmethod
    def from_engine(cls, listed: dict[str, Any]) -> Result:
        """A declaration from its JSON, as the engine lists it (`tengym envs --json`'s `result` of an id)."""

        def field(f: dict[str, Any]) -> ResultField:
            return ResultField(f["key"], f["label"])

        figures = tuple(
            ResultFigure(
                f["key"],
                f["label"],
                dict(f["of"]),
                f["digits"],
                f.get("over", "all"),
                f.get("better"),
                tuple(f.get("in", ("report",))),
            )
            for f in listed["figures"]
        )
        c = listed["compare"]
        return cls(
            tuple(map(field, listed["fields"])),
            tuple(map(field, listed.get("counters", ()))),
            figures,
            Compare(c["field"], c["over"], c["better"]),
            listed.get("curve"),
        )


RESULTS: dict[str, Result] = {
    env_id: Result.from_engine(listed) for env_id, listed in ENGINE_LIST.get("results", {}).items()
}


def result(env_id: str) -> Result:
    """The result declaration of an env (an engine id such as "four-ten", or its Gymnasium id
    "tengym/four-ten-v0"): its outcome's fields, its counters, the figures a report gives, and the
    comparison `paired_result` and `tengym eval` make after the win rate."""
    key = engine_id(env_id)
    try:
        return RESULTS[key]
    except KeyError:
        raise UnknownEnvError(
            f'unknown env "{key}"; known: {", ".join(RESULTS) or "none (the engine bundle lists no results)"}',
            "unknown-env",
        ) from None


def snake_case(key: str) -> str:
    """ "cardsLeft" → "cards_left": a declared key as a Python attribute."""
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", key).lower()
