"""tengym: Gymnasium environments for the sum-to-ten solitaires, run by the TypeScript engines in a Node process.

Every id of the engines is registered on import as `tengym/<id>-v0`:
    env = gymnasium.make("tengym/decade-fives-v0")
    envs = gymnasium.make_vec("tengym/tens-v0", num_envs=64, vectorization_mode="vector_entry_point")
"""

import gymnasium as gym

from ._engine import ENGINE_LIST
from ._version import __version__
from .baselines import (
    AgentEpisodes,
    AgentInfo,
    PairedRounds,
    PairedWins,
    agents,
    derive_seed,
    paired_rounds,
    paired_wins,
    play_agent,
)
from .env import Action, CardOutcome, DictObservation, FourTenOutcome, Observation, Outcome, TengymEnv
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
    "paired_rounds",
    "derive_seed",
    "AgentInfo",
    "AgentEpisodes",
    "PairedWins",
    "PairedRounds",
    "Observation",
    "DictObservation",
    "Action",
    "Outcome",
    "CardOutcome",
    "FourTenOutcome",
]
