"""tengym: Gymnasium environments for the sum-to-ten solitaires, run by the TypeScript engines in a Node process.

Every id of the engines is registered on import as `tengym/<id>-v0`:
    env = gymnasium.make("tengym/decade-fives-v0")
    envs = gymnasium.make_vec("tengym/tens-v0", num_envs=64, vectorization_mode="vector_entry_point")
"""

from typing import TYPE_CHECKING

import gymnasium as gym

from ._engine import ENGINE_LIST
from ._version import __version__
from .baselines import AgentEpisodes, AgentInfo, agents, derive_seed, play_agent
from .env import Action, DictObservation, Observation, TengymEnv
from .errors import (
    BadActionError,
    BadDeckError,
    BadOptionsError,
    BadSeedError,
    BadStateError,
    EngineError,
    TengymError,
    UnknownEnvError,
    VersionMismatchError,
)
from .paired import PairedResult, PairedRounds, PairedWins, paired_result, paired_rounds, paired_wins
from .result import Compare, Outcome, Result, ResultField, ResultFigure, result
from .vector import TengymVectorEnv

# Written by `npm run build:python` beside the bundle, so importing registers without starting Node.
ENV_IDS: list[str] = list(ENGINE_LIST["ids"])


def gym_id(env_id: str) -> str:
    """The Gymnasium id an engine id is registered under: `tengym/<id>-v0`."""
    return f"tengym/{env_id}-v0"


for _id in ENV_IDS:
    if gym_id(_id) not in gym.registry:
        gym.register(
            id=gym_id(_id),
            entry_point="tengym.env:TengymEnv",
            vector_entry_point="tengym.vector:TengymVectorEnv",
            kwargs={"env_id": _id},
            disable_env_checker=False,
        )

__all__ = [
    "ENV_IDS",
    "gym_id",
    "TengymEnv",
    "TengymVectorEnv",
    "TengymError",
    "UnknownEnvError",
    "BadOptionsError",
    "BadSeedError",
    "BadDeckError",
    "BadStateError",
    "BadActionError",
    "EngineError",
    "VersionMismatchError",
    "__version__",
    "agents",
    "play_agent",
    "paired_wins",
    "paired_result",
    "paired_rounds",
    "derive_seed",
    "AgentInfo",
    "AgentEpisodes",
    "PairedWins",
    "PairedResult",
    "PairedRounds",
    "result",
    "Result",
    "ResultField",
    "ResultFigure",
    "Compare",
    "Observation",
    "DictObservation",
    "Action",
    "Outcome",
]

# Names the package no longer has, with what replaced them (docs/python.md, "Results").
_REMOVED = {
    "CardOutcome": "an outcome is a dict of 'won' and the fields tengym.result(env_id) declares (tengym.Outcome)",
    "FourTenOutcome": "an outcome is a dict of 'won' and the fields tengym.result(env_id) declares (tengym.Outcome)",
}

if not TYPE_CHECKING:  # hidden from type checkers, which report a removed name as any unknown one

    def __getattr__(name: str):
        if name in _REMOVED:
            raise AttributeError(f"tengym.{name} was removed: {_REMOVED[name]}; see docs/python.md, 'Results'")
        raise AttributeError(f"module 'tengym' has no attribute {name!r}")
