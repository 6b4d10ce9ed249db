"""RLlib PPO with action masking over the native vector env: each env runner's copies stepped by one engine process."""
import importlib.util

import pytest

missing = [m for m in ("ray", "torch") if importlib.util.find_spec(m) is None]


@pytest.mark.skipif(bool(missing), reason=f"the [train] extra is not installed (missing {', '.join(missing)}): pip install -e 'python[train]'")
def test_ppo_with_masking_on_the_native_vector_env():
    import ray

    from tengym.rllib import ppo_config

    ray.init(num_cpus=2)
    try:
        config = ppo_config("decade-fives", num_env_runners=1, envs_per_runner=4, vectorize_mode="vector_entry_point")
        algo = config.training(train_batch_size_per_learner=400, minibatch_size=200, num_epochs=1).build_algo()
        made = algo.env_runner_group.foreach_env_runner(lambda runner: (type(runner.env.unwrapped).__name__, runner.env.unwrapped.num_envs, len(runner.env.unwrapped._engines)), local_env_runner=False)
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


@pytest.mark.skipif(bool(missing), reason=f"the [train] extra is not installed (missing {', '.join(missing)}): pip install -e 'python[train]'")
def test_a_checkpoint_restores_and_trains_on_in_a_new_process(tmp_path):
    """A new process knows nothing registered in the one that saved: `Algorithm.from_checkpoint`
    there must make the env from the checkpoint's config alone, and train on."""
    import subprocess
    import sys

    import ray

    from tengym.rllib import ppo_config

    ray.init(num_cpus=2)
    try:
        algo = ppo_config("decade-fives", num_env_runners=1).training(train_batch_size_per_learner=200, minibatch_size=100, num_epochs=1).build_algo()
        algo.train()
        path = algo.save(str(tmp_path / "checkpoint")).checkpoint.path
        algo.stop()
    finally:
        ray.shutdown()
    restored = subprocess.run([sys.executable, "-c", RESTORE, path], capture_output=True, text=True, timeout=300)
    assert restored.returncode == 0, restored.stderr[-3000:]
    assert float(restored.stdout.split()[-1]) >= 400  # the saved 200 steps and 200 more


@pytest.mark.skipif(bool(missing), reason=f"the [train] extra is not installed (missing {', '.join(missing)}): pip install -e 'python[train]'")
def test_a_bad_id_or_option_raises_tengyms_error_from_ppo_config():
    """RLlib takes an env runner that cannot make its env out of service and fails later with an
    IndexError; ppo_config checks the id and options first, with tengym's message."""
    from tengym import BadOptionsError, UnknownEnvError
    from tengym.rllib import ppo_config

    with pytest.raises(BadOptionsError, match='unknown option "bogus"'):
        ppo_config("decade-fives", num_env_runners=1, options={"bogus": 1})
    with pytest.raises(UnknownEnvError, match='unknown env "decade-six"'):
        ppo_config("decade-six", num_env_runners=1)


@pytest.mark.skipif(bool(missing), reason=f"the [train] extra is not installed (missing {', '.join(missing)}): pip install -e 'python[train]'")
def test_the_registered_name_makes_the_env_from_rllib_envs_env_config_too():
    """`register` and `rllib_env` name the same env: the env_config written for one (ppo_config's,
    with "dict_observation": True) makes it under the other, as one copy or as RLlib's vector."""
    from ray.tune.registry import ENV_CREATOR, _global_registry

    import tengym.rllib

    creator = _global_registry.get(ENV_CREATOR, tengym.rllib.register("decade-fives"))
    for config in ({"maxSteps": 50}, {"maxSteps": 50, "dict_observation": True}, {"maxSteps": 50, "dict_observation": True, "num_envs": 2}):
        env = creator(config)
        try:
            assert set(env.observation_space.keys()) == {"action_mask", "observations"}
            assert env.options["maxSteps"] == 50
        finally:
            env.close()
