"""Training libraries on tengym envs without a wrapper of the user's: sb3-contrib's MaskablePPO and Ray RLlib."""

import importlib.util

import gymnasium as gym
import pytest

import tengym

missing = [m for m in ("torch", "sb3_contrib") if importlib.util.find_spec(m) is None]


@pytest.mark.skipif(
    bool(missing),
    reason=f"the [train] extra is not installed (missing {', '.join(missing)}): pip install -e 'python[train]'",
)
def test_maskable_ppo_short_run():
    import torch
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.utils import get_action_masks
    from stable_baselines3.common.env_util import make_vec_env

    torch.set_num_threads(1)
    vec = make_vec_env("tengym/decade-fives-v0", n_envs=2, seed=0)
    try:
        model = MaskablePPO("MlpPolicy", vec, n_steps=64, batch_size=64, n_epochs=1, seed=0, device="cpu")
        model.learn(total_timesteps=128)
        obs = vec.reset()
        masks = get_action_masks(vec)
        assert masks.shape == (2, vec.action_space.n)
        for _ in range(20):
            actions, _ = model.predict(obs, action_masks=masks)
            assert all(masks[i, a] for i, a in enumerate(actions))
            obs, _, _, _ = vec.step(actions)
            masks = get_action_masks(vec)
    finally:
        vec.close()


@pytest.mark.skipif(bool(missing), reason=f"the [train] extra is not installed (missing {', '.join(missing)})")
def test_maskable_ppo_on_a_single_gym_env():
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    env = gym.make("tengym/tens-v0")
    try:
        model = MaskablePPO("MlpPolicy", env, n_steps=32, batch_size=32, n_epochs=1, seed=0, device="cpu").learn(
            total_timesteps=64
        )
        # The masked policy only ever picks legal moves (the env raises on an illegal one, too).
        obs, info = env.reset(seed=3)
        for _ in range(10):
            masks = env.unwrapped.action_masks()
            action, _ = model.predict(obs, action_masks=masks)
            assert masks[int(action)]
            obs, _, terminated, truncated, info = env.step(int(action))
            if terminated or truncated:
                obs, info = env.reset()
    finally:
        env.close()


@pytest.mark.skipif(bool(missing), reason=f"the [train] extra is not installed (missing {', '.join(missing)})")
def test_maskable_ppo_on_the_batched_sb3_vec_env():
    import torch
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.evaluation import evaluate_policy
    from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported

    from tengym.sb3 import make_vec_env

    torch.set_num_threads(1)
    vec = make_vec_env("decade-fives", n_envs=4, seed=0, processes=2)
    try:
        assert is_masking_supported(vec)
        model = MaskablePPO("MlpPolicy", vec, n_steps=64, batch_size=64, n_epochs=1, seed=0, device="cpu")
        model.learn(total_timesteps=512)
        obs = vec.reset()
        for _ in range(50):
            masks = get_action_masks(vec)
            actions, _ = model.predict(obs, action_masks=masks)
            assert all(masks[i, a] for i, a in enumerate(actions))
            obs, _, _, _ = vec.step(actions)
        mean, _ = evaluate_policy(model, vec, n_eval_episodes=8, use_masking=True)
        assert 0 <= mean <= 1
    finally:
        vec.close()


@pytest.mark.skipif(bool(missing), reason=f"the [train] extra is not installed (missing {', '.join(missing)})")
def test_learning_again_after_a_ctrl_c_in_a_step_needs_a_reset_first():
    # A Ctrl-C while the engine answers a step: the copies have moved, but SB3 kept the observation
    # of before, and the answer (rewards, episode ends) is lost. Going on from there would train on a
    # transition that never happened, so the next call refuses (EngineError), and learn(...,
    # reset_num_timesteps=False), which does not reset, meets it; vec.reset() first, and it goes on.
    import os
    import signal

    import torch
    from sb3_contrib import MaskablePPO

    from tengym import EngineError
    from tengym.sb3 import make_vec_env

    torch.set_num_threads(1)
    vec = make_vec_env("decade-fives", n_envs=2, seed=0)
    try:
        model = MaskablePPO("MlpPolicy", vec, n_steps=16, batch_size=16, n_epochs=1, seed=0, device="cpu")
        model.learn(total_timesteps=16)
        engine = vec.unwrapped._engines[0]

        def interrupt(*_):
            raise KeyboardInterrupt

        previous = signal.signal(signal.SIGALRM, interrupt)
        os.kill(engine.proc.pid, signal.SIGSTOP)  # the engine answers the next step only once the Ctrl-C came
        try:
            signal.setitimer(signal.ITIMER_REAL, 0.5)
            with pytest.raises(KeyboardInterrupt):
                model.learn(total_timesteps=16, reset_num_timesteps=False)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
            os.kill(engine.proc.pid, signal.SIGCONT)
        with pytest.raises(
            EngineError,
            match=r"^a call to this env was interrupted before the engine's answer was read: reset\(\) starts a new "
            r"engine$",
        ):
            model.learn(total_timesteps=16, reset_num_timesteps=False)
        steps = model.num_timesteps
        vec.reset()
        model.learn(total_timesteps=16, reset_num_timesteps=False)
        assert model.num_timesteps > steps  # a whole rollout more, counted on from where it stood
    finally:
        vec.close()


EXAMPLE = __import__("pathlib").Path(__file__).resolve().parents[1] / "examples" / "maskable_ppo_decade_fives.py"


def load_example():
    spec = importlib.util.spec_from_file_location("maskable_ppo_example", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(bool(missing), reason=f"the [train] extra is not installed (missing {', '.join(missing)})")
def test_the_example_pairs_its_players_on_play_agents_deals_and_wins():
    # The example's evaluation (the vector env's first episodes) must give play_agent's wins for the
    # same player on deals EVAL_SEED + i: on Four Ten, whose lost games score points (a return above
    # 0 is no win), and on tens, whose deals with no legal move the vector env deals again.
    example = load_example()
    deals = 200
    shadow = tengym.TengymVectorEnv("four-ten", num_envs=deals)
    try:
        # `greedy` as a policy of (obs, masks): a second vector env on the same deals, stepped alike, asks it.
        shadow.reset(seed=example.EVAL_SEED)
        shadow.reset_agents([tengym.derive_seed(example.EVAL_SEED, i) for i in range(deals)])

        def greedy(obs, masks):
            actions = shadow.agent_actions("greedy")
            shadow.step(actions)
            return actions

        returns, won = example.first_episodes("four-ten", deals, greedy)
    finally:
        shadow.close()
    played = tengym.play_agent("four-ten", "greedy", episodes=deals, seed=example.EVAL_SEED)
    assert won.tolist() == played.won.tolist()
    assert (~won).sum() >= 1 and (returns[~won] > 0).all()  # lost with points
    # The lowest legal id: `first`.
    returns, won = example.first_episodes("tens", deals, lambda obs, masks: masks.argmax(axis=1))
    played = tengym.play_agent("tens", "first", episodes=deals, seed=example.EVAL_SEED)
    assert won.tolist() == played.won.tolist()
    dead = played.steps == 0
    assert dead.sum() >= 2 and (returns[dead] == 0).all()


@pytest.mark.skipif(bool(missing), reason=f"the [train] extra is not installed (missing {', '.join(missing)})")
def test_the_example_refuses_a_baseline_the_env_lacks_before_it_trains():
    import subprocess
    import sys

    # pimc (the default) plays the decade family only: said at once, not after the training.
    run = subprocess.run(
        [sys.executable, str(EXAMPLE), "--env", "four-ten", "--timesteps", "10000000"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 2, run.stderr[-2000:]
    assert "--baseline pimc: four-ten has no such agent; its agents: random, first, greedy" in run.stderr
