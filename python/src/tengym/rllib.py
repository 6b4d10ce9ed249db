"""Ray RLlib: PPO with action masking on tengym envs (the new API stack, Ray 2.41+).

`ActionMaskingPPOModule`, tengym's RLModule (RLlib's `DefaultPPOTorchRLModule` with the mask
applied to the logits), reads {"observations", "action_mask"} observations, which
`TengymEnv(dict_observation=True)` gives, and `TengymVectorEnv(dict_observation=True)` for many
copies at once; `ppo_config` puts them and the module together. Ray is imported only when a
config is built or the module class is asked for (`tengym.rllib.ActionMaskingPPOModule`), so
`import tengym.rllib` needs no Ray.

`ppo_config` names the env to RLlib as the Gymnasium id "tengym:tengym/<id>-v0" (`rllib_env`),
which makes any process that builds it import tengym first: an env runner on any node, and an
algorithm restored from a checkpoint in a new process (`Algorithm.from_checkpoint`), need no
registration.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._engine import engine_id
from .env import TengymEnv
from .vector import TengymVectorEnv

if TYPE_CHECKING:
    # For the type checker: the class `__getattr__` gives (the alias marks it re-exported).
    from ._rllib_module import ActionMaskingPPOModule as ActionMaskingPPOModule


def __getattr__(name: str) -> Any:
    # `tengym.rllib.ActionMaskingPPOModule` imports ray (and torch) when first asked for, not
    # with tengym.rllib. The class itself lives in tengym._rllib_module, at module level, where
    # pickle and RLlib's checkpoints find it by name.
    if name == "ActionMaskingPPOModule":
        from ._rllib_module import ActionMaskingPPOModule

        return ActionMaskingPPOModule
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def rllib_env(env_id: str) -> str:
    """What `config.environment(...)` takes for `env_id`: "tengym:tengym/<id>-v0", with
    `env_config={**options, "dict_observation": True}` for the action-masking module."""
    return f"tengym:tengym/{engine_id(env_id)}-v0"


def rllib_env_name(env_id: str) -> str:
    """The name `register` gives an engine id in Ray Tune's env registry."""
    return f"tengym-{env_id}-masked"


def _make(env_id: str, config: dict[str, Any]) -> TengymEnv | TengymVectorEnv:
    """One env for RLlib's sync and async modes; with "num_envs" (what its vector_entry_point mode
    adds to the env config) a native vector env of that many copies, stepped by one engine process."""
    config = dict(config)
    num_envs = config.pop("num_envs", None)
    # The env_config of rllib_env's (ppo_config's) says it too: {**options, "dict_observation": True}.
    dict_observation = config.pop("dict_observation", True)
    if num_envs is None:
        return TengymEnv(env_id, dict_observation=dict_observation, **config)
    return TengymVectorEnv(env_id, num_envs=num_envs, dict_observation=dict_observation, **config)


def register(env_id: str) -> str:
    """Registers `env_id` with Ray Tune's env registry under `rllib_env_name(env_id)` (env runners on
    any node of this Ray session can make it) and returns the name. A process that restores a
    checkpoint of a config naming it must register it again first; `ppo_config` uses `rllib_env`,
    which needs no registration."""
    from ray.tune.registry import register_env

    name = rllib_env_name(env_id)
    register_env(name, lambda config: _make(env_id, config))
    return name


def ppo_config(
    env_id: str,
    num_env_runners: int = 2,
    envs_per_runner: int = 1,
    options: dict | None = None,
    hidden: tuple[int, ...] = (128, 128),
    vectorize_mode: str = "sync",
):
    """A PPOConfig training on `env_id` with illegal actions masked out of the policy's logits
    (`ActionMaskingPPOModule`).

    `vectorize_mode="vector_entry_point"` steps each runner's `envs_per_runner` copies in one
    native vector env (one engine process a runner); "sync" (RLlib's default) makes a TengymEnv,
    with its own engine process, for each copy.

    The id and options are checked here, in one engine started and closed at once (0.1 s): a bad
    one raises tengym's error (`UnknownEnvError`, `BadOptionsError`) from this call, where RLlib
    would take each env runner that failed to make its env out of service and stop `build_algo`
    with an `IndexError`."""
    TengymEnv(env_id, dict_observation=True, **(options or {})).close()
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec

    from ._rllib_module import ActionMaskingPPOModule

    return (
        PPOConfig()
        .environment(rllib_env(env_id), env_config={**(options or {}), "dict_observation": True})
        .env_runners(
            num_env_runners=num_env_runners,
            num_envs_per_env_runner=envs_per_runner,
            num_cpus_per_env_runner=1,
            gym_env_vectorize_mode=vectorize_mode,
        )
        .rl_module(
            rl_module_spec=RLModuleSpec(
                module_class=ActionMaskingPPOModule,
                model_config={"fcnet_hiddens": list(hidden), "head_fcnet_hiddens": [64]},
            )
        )
        .training(train_batch_size_per_learner=1000, minibatch_size=250, num_epochs=2, lr=3e-4)
    )
