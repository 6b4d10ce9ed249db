"""Ray RLlib: PPO with action masking on tengym envs (the new API stack, Ray 2.4x+).

RLlib's own action-masking RLModule reads {"observations", "action_mask"} observations, which
`TengymEnv(dict_observation=True)` gives; `ppo_config` puts the two together.
"""
from __future__ import annotations

from .env import TengymEnv


def rllib_env_name(env_id: str) -> str:
    return f"tengym-{env_id}-masked"


def register(env_id: str) -> str:
    """Registers `env_id` with Ray Tune's env registry (so env runners on any node can make it); returns the name."""
    from ray.tune.registry import register_env

    name = rllib_env_name(env_id)
    register_env(name, lambda config: TengymEnv(env_id, dict_observation=True, **dict(config)))
    return name


def ppo_config(env_id: str, num_env_runners: int = 2, envs_per_runner: int = 1, options: dict | None = None, hidden: tuple[int, ...] = (128, 128)):
    """A PPOConfig training on `env_id` with illegal actions masked out of the policy's logits."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule

    return (
        PPOConfig()
        .environment(register(env_id), env_config=options or {})
        .env_runners(num_env_runners=num_env_runners, num_envs_per_env_runner=envs_per_runner, num_cpus_per_env_runner=1)
        .rl_module(rl_module_spec=RLModuleSpec(module_class=ActionMaskingTorchRLModule, model_config={"fcnet_hiddens": list(hidden), "head_fcnet_hiddens": [64]}))
        .training(train_batch_size_per_learner=1000, minibatch_size=250, num_epochs=2, lr=3e-4)
    )
