"""RLlib PPO with action masking over the native vector env: each env runner's copies stepped by one engine process."""

import importlib.util

import pytest

missing = [m for m in ("ray", "torch") if importlib.util.find_spec(m) is None]


@pytest.mark.skipif(
    bool(missing),
    reason=f"the [train] extra is not installed (missing {', '.join(missing)}): pip install -e 'python[train]'",
)
def test_ppo_with_masking_on_the_native_vector_env():
    import ray

    from tengym.rllib import ppo_config

    ray.init(num_cpus=2)
    try:
        config = ppo_config("decade-fives", num_env_runners=1, envs_per_runner=4, vectorize_mode="vector_entry_point")
        algo = config.training(train_batch_size_per_learner=400, minibatch_size=200, num_epochs=1).build_algo()
        made = algo.env_runner_group.foreach_env_runner(
            lambda runner: (
                type(runner.env.unwrapped).__name__,
                runner.env.unwrapped.num_envs,
                len(runner.env.unwrapped._engines),
            ),
            local_env_runner=False,
        )
        assert made == [("TengymVectorEnv", 4, 1)]
        for _ in range(2):
            result = algo.train()
        assert result["env_runners"]["num_env_steps_sampled_lifetime"] >= 800
        # Masked: no illegal action reached an engine (it would have raised BadActionError in the runner).
        assert result["env_runners"]["num_episodes_lifetime"] > 0
        algo.stop()
    finally:
        ray.shutdown()


RESTORE = """
import sys
import ray
from ray.rllib.algorithms.algorithm import Algorithm

ray.init(num_cpus=2)
try:
    algo = Algorithm.from_checkpoint(sys.argv[1])
    result = algo.train()
    print(result["env_runners"]["num_env_steps_sampled_lifetime"])
    algo.stop()
finally:
    ray.shutdown()
"""


@pytest.mark.skipif(
    bool(missing),
    reason=f"the [train] extra is not installed (missing {', '.join(missing)}): pip install -e 'python[train]'",
)
def test_a_checkpoint_restores_and_trains_on_in_a_new_process(tmp_path):
    """A new process knows nothing registered in the one that saved: `Algorithm.from_checkpoint`
    there must make the env from the checkpoint's config alone, and train on."""
    import subprocess
    import sys

    import ray

    from tengym.rllib import ppo_config

    ray.init(num_cpus=2)
    try:
        algo = (
            ppo_config("decade-fives", num_env_runners=1)
            .training(train_batch_size_per_learner=200, minibatch_size=100, num_epochs=1)
            .build_algo()
        )
        algo.train()
        path = algo.save(str(tmp_path / "checkpoint")).checkpoint.path
        algo.stop()
    finally:
        ray.shutdown()
    restored = subprocess.run([sys.executable, "-c", RESTORE, path], capture_output=True, text=True, timeout=300)
    assert restored.returncode == 0, restored.stderr[-3000:]
    assert float(restored.stdout.split()[-1]) >= 400  # the saved 200 steps and 200 more


@pytest.mark.skipif(
    bool(missing),
    reason=f"the [train] extra is not installed (missing {', '.join(missing)}): pip install -e 'python[train]'",
)
def test_a_bad_id_or_option_raises_tengyms_error_from_ppo_config():
    """RLlib takes an env runner that cannot make its env out of service and fails later with an
    IndexError; ppo_config checks the id and options first, with tengym's message."""
    from tengym import BadOptionsError, UnknownEnvError
    from tengym.rllib import ppo_config

    with pytest.raises(BadOptionsError, match='unknown option "bogus"'):
        ppo_config("decade-fives", num_env_runners=1, options={"bogus": 1})
    with pytest.raises(UnknownEnvError, match='unknown env "decade-six"'):
        ppo_config("decade-six", num_env_runners=1)


@pytest.mark.skipif(
    bool(missing),
    reason=f"the [train] extra is not installed (missing {', '.join(missing)}): pip install -e 'python[train]'",
)
def test_the_registered_name_makes_the_env_from_rllib_envs_env_config_too():
    """`register` and `rllib_env` name the same env: the env_config written for one (ppo_config's,
    with "dict_observation": True) makes it under the other, as one copy or as RLlib's vector."""
    from ray.tune.registry import ENV_CREATOR, _global_registry

    import tengym.rllib

    creator = _global_registry.get(ENV_CREATOR, tengym.rllib.register("decade-fives"))
    for config in (
        {"maxSteps": 50},
        {"maxSteps": 50, "dict_observation": True},
        {"maxSteps": 50, "dict_observation": True, "num_envs": 2},
    ):
        env = creator(config)
        try:
            assert set(env.observation_space.keys()) == {"action_mask", "observations"}
            assert env.options["maxSteps"] == 50
        finally:
            env.close()


FRESH = """
import sys
from pathlib import Path

import ray
from ray.rllib.core.rl_module.rl_module import RLModule

from tengym.rllib import ppo_config

ray.init(num_cpus=2)
try:
    config = ppo_config("decade-fives", num_env_runners=1)
    algo = config.training(train_batch_size_per_learner=200, minibatch_size=100, num_epochs=1).build_algo()
    algo.train()
    path = algo.save(sys.argv[1]).checkpoint.path
    algo.stop()
finally:
    ray.shutdown()
module = RLModule.from_checkpoint(Path(path) / "learner_group" / "learner" / "rl_module" / "default_policy")
print("restored", type(module).__module__, type(module).__name__)
print("examples imported", any(name.startswith("ray.rllib.examples") for name in sys.modules))
"""


@pytest.mark.skipif(
    bool(missing),
    reason=f"the [train] extra is not installed (missing {', '.join(missing)}): pip install -e 'python[train]'",
)
def test_ppo_config_uses_tengyms_module_and_ray_logs_no_deprecated_ppo_module(tmp_path):
    """In a new process (Ray's deprecation warnings are logged once a process): building the
    config, an iteration of training and restoring the module from the checkpoint import nothing
    of RLlib's examples and log no deprecation naming PPOTorchRLModule (the pre-2.41 name of
    RLlib's PPO module, which its examples' action-masking module still subclasses) or the
    RLModuleConfig that Ray 2.60's RLModule makes for every module."""
    import subprocess
    import sys

    run = subprocess.run(
        [sys.executable, "-c", FRESH, str(tmp_path / "checkpoint")], capture_output=True, text=True, timeout=300
    )
    assert run.returncode == 0, run.stderr[-3000:]
    deprecations = [
        line
        for line in (run.stdout + run.stderr).splitlines()
        if ("PPOTorchRLModule" in line or "RLModuleConfig" in line) and "deprecated" in line.lower()
    ]
    assert not deprecations, deprecations
    assert "restored tengym._rllib_module ActionMaskingPPOModule" in run.stdout
    assert "examples imported False" in run.stdout


@pytest.mark.skipif(
    bool(missing),
    reason=f"the [train] extra is not installed (missing {', '.join(missing)}): pip install -e 'python[train]'",
)
def test_the_module_masks_illegal_actions_in_every_forward_pass():
    """Illegal actions' logits are at the floor (the dtype's lowest value) in the inference,
    exploration and train passes; sampling the action distribution never gives one; values are
    computed on the observations, and the batch is left as it was."""
    import gymnasium as gym
    import numpy as np
    import torch
    from ray.rllib.core.columns import Columns

    import tengym
    import tengym.rllib

    env = tengym.TengymEnv("decade-fives", dict_observation=True)
    try:
        spec = tengym.rllib.ppo_config("decade-fives", num_env_runners=0).rl_module_spec
        spec.observation_space, spec.action_space = env.observation_space, env.action_space
        module = spec.build()
        assert type(module) is tengym.rllib.ActionMaskingPPOModule
        # Masks from real positions, and random ones of 1 to 5 legal actions.
        obs, masks = [], []
        for seed in range(8):
            o, _ = env.reset(seed=seed)
            obs.append(o["observations"]), masks.append(o["action_mask"])
        rng = np.random.default_rng(0)
        n = env.action_space.n
        for _ in range(24):
            mask = np.zeros(n, np.float32)
            mask[rng.choice(n, size=rng.integers(1, 6), replace=False)] = 1
            obs.append(obs[0]), masks.append(mask)
    finally:
        env.close()
    mask = torch.from_numpy(np.stack(masks))
    batch = {Columns.OBS: {"observations": torch.from_numpy(np.stack(obs)), "action_mask": mask}}
    legal = mask > 0.5
    floor = torch.finfo(torch.float32).min
    dist_cls = module.get_exploration_action_dist_cls()
    torch.manual_seed(0)
    for forward in (module.forward_inference, module.forward_exploration, module.forward_train):
        logits = forward(batch)[Columns.ACTION_DIST_INPUTS]
        assert logits.shape == mask.shape
        assert (logits[~legal] == floor).all(), forward.__name__
        assert (logits[legal] > floor / 2).all(), forward.__name__
        dist = dist_cls.from_logits(logits)
        actions = torch.stack([dist.sample() for _ in range(200)], dim=1)  # (batch, 200)
        assert legal.gather(1, actions).all(), forward.__name__
        assert legal[torch.arange(len(mask)), logits.argmax(-1)].all(), forward.__name__
        assert torch.isfinite(dist_cls.from_logits(logits).entropy()).all()
    values = module.compute_values(batch)
    assert values.shape == (len(mask),) and torch.isfinite(values).all()
    assert set(batch[Columns.OBS]) == {"observations", "action_mask"}
    with pytest.raises(ValueError, match="Dict observation space"):
        tengym.rllib.ActionMaskingPPOModule(
            observation_space=gym.spaces.Box(0, 1, (4,)), action_space=gym.spaces.Discrete(2), model_config={}
        )


def test_tengym_rllib_imports_without_ray():
    """`import tengym.rllib` (and `import tengym`) import no ray: only building a config or asking
    for the module class does."""
    import subprocess
    import sys

    code = "import sys, tengym, tengym.rllib; print(sorted(m for m in ('ray', 'torch') if m in sys.modules))"
    assert (
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip() == "[]"
    )
