"""The checkers and wrappers of the RL libraries themselves, none written here, on every registered id with
default arguments: Gymnasium's check_env (on the env and on .unwrapped), Stable-Baselines3's check_env and
its DummyVecEnv, torchrl's GymEnv(id) with check_env_specs and a random rollout, RLlib's random-action
sampling, and tianshou's vector envs and Collector with random actions. Each library is an extra
(`pip install -e 'python[thirdparty]'`); a test whose library is missing skips, saying which (and fails
under TENGYM_REQUIRE_ALL=1, as in CI).

Each id costs each library seconds, so below full scale (tests/scale.py) each library checks an even spread of
IDS_EACH ids, each library's spread shifted from the others', so that a run reaches most of the registry.
TENGYM_TEST_SCALE=1 checks every id with every library."""

import warnings

import gymnasium as gym
import numpy as np
import pytest

import tengym
from scale import sampled

IDS = [tengym.gym_id(i) for i in tengym.ENV_IDS]
# The ids each library checks below full scale; shifted by one spread's step for each next library.
IDS_EACH = 8
STEP = max(1, len(IDS) // IDS_EACH // 5)


def ids_for(library: int) -> list[str]:
    return sampled(IDS, IDS_EACH, shift=library * STEP)


def needs(module: str):
    return pytest.importorskip(module, reason=f"{module} is not installed: pip install -e 'python[thirdparty]'")


@pytest.mark.parametrize("gym_id", ids_for(0))
def test_gymnasium_check_env_on_the_env_and_its_unwrapped(gym_id):
    from gymnasium.utils.env_checker import check_env

    env = gym.make(gym_id)
    try:
        with warnings.catch_warnings():
            # check_env says that a wrapped env is better checked unwrapped, which is the second check.
            warnings.filterwarnings("ignore", message=".*wrapped.*", category=UserWarning)
            check_env(env)
        check_env(env.unwrapped)
    finally:
        env.close()


@pytest.mark.parametrize("gym_id", ids_for(1))
def test_stable_baselines3_check_env_and_dummy_vec_env(gym_id):
    needs("stable_baselines3")
    from stable_baselines3.common.env_checker import check_env
    from stable_baselines3.common.env_util import make_vec_env

    env = gym.make(gym_id)
    try:
        check_env(env.unwrapped)
    finally:
        env.close()
    vec = make_vec_env(gym_id, n_envs=2, seed=0)
    try:
        vec.reset()
        for _ in range(50):
            # Sampled from the plain Discrete space, legal or not: an illegal one stays.
            vec.step(np.array([vec.action_space.sample() for _ in range(2)]))
    finally:
        vec.close()


@pytest.mark.parametrize("gym_id", ids_for(2))
def test_torchrl_gym_env_by_id_and_check_env_specs(gym_id):
    needs("torchrl")
    from torchrl.envs import GymEnv
    from torchrl.envs.utils import check_env_specs

    # GymEnv passes frameskip= to gymnasium.make and drops it on Gymnasium's TypeError for an unknown keyword.
    env = GymEnv(gym_id)
    try:
        check_env_specs(env)
        rollout = env.rollout(60)  # random actions from torchrl's own spec: uniform over every id
        assert rollout.batch_size[0] >= 1
    finally:
        env.close()


class _BoolMask(gym.Wrapper):
    """info["action_mask"] as bool, the dtype torchrl's ActionMask takes."""

    def reset(self, **kwargs):
        obs, info = self.env.reset(**kwargs)
        return obs, {**info, "action_mask": info["action_mask"].astype(bool)}

    def step(self, action):
        obs, reward, terminated, truncated, info = self.env.step(action)
        return obs, reward, terminated, truncated, {**info, "action_mask": info["action_mask"].astype(bool)}


@pytest.mark.parametrize("env_id", ["tens", "block-ten", "thirteens"])
def test_torchrl_action_mask_samples_through_the_end_of_every_game(env_id):
    # With the mask all zeros at the end of a game, ActionMask's random policy failed check_env_specs with
    # "invalid multinomial distribution" (block-ten on 2 of these 6 seeds, tens and thirteens on 1).
    needs("torchrl")
    import torch
    from torchrl.data import Binary
    from torchrl.envs import GymWrapper, TransformedEnv
    from torchrl.envs.libs.gym import default_info_dict_reader
    from torchrl.envs.transforms import ActionMask
    from torchrl.envs.utils import check_env_specs

    for seed in range(6):
        base = _BoolMask(gym.make(tengym.gym_id(env_id)))
        n = int(base.action_space.n)
        env = GymWrapper(base, categorical_action_encoding=True)
        env.set_info_dict_reader(
            default_info_dict_reader(["action_mask"], spec={"action_mask": Binary(n=n, shape=(n,), dtype=torch.bool)})
        )
        env = TransformedEnv(env, ActionMask())
        env.set_seed(seed)
        try:
            check_env_specs(env)
        finally:
            env.close()


@pytest.mark.parametrize("gym_id", ids_for(3))
def test_rllib_samples_random_actions(gym_id):
    needs("ray.rllib")
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.env.single_agent_env_runner import SingleAgentEnvRunner

    import tengym.rllib

    config = (
        PPOConfig()
        .environment(tengym.rllib.rllib_env(tengym.ENV_IDS[IDS.index(gym_id)]))
        .env_runners(num_env_runners=0, num_envs_per_env_runner=2)
    )
    runner = SingleAgentEnvRunner(config=config)
    try:
        episodes = runner.sample(num_timesteps=200, random_actions=True)
        assert sum(len(e) for e in episodes) >= 200
    finally:
        runner.stop()


@pytest.mark.parametrize("gym_id", ids_for(4))
def test_tianshou_vector_envs_and_collector_with_random_actions(gym_id):
    needs("tianshou")
    from tianshou.algorithm.algorithm_base import RandomActionPolicy
    from tianshou.data import Collector, VectorReplayBuffer
    from tianshou.env import DummyVectorEnv

    envs = DummyVectorEnv([lambda: gym.make(gym_id) for _ in range(2)])
    try:
        policy = RandomActionPolicy(envs.action_space[0])
        collector = Collector(policy, envs, VectorReplayBuffer(400, 2))
        collector.reset()
        stats = collector.collect(n_step=200, random=True)
        # Sampled from each copy's plain Discrete space, legal or not: an illegal action stays. (tianshou's
        # RandomActionPolicy itself gives float actions, which no Discrete space contains, Gymnasium's own
        # envs' neither.)
        assert stats.n_collected_steps >= 200
    finally:
        envs.close()
