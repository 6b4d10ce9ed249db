import json
import subprocess

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import tengym
from tengym._engine import ENGINE_SCRIPT

from conftest import node_eval


def test_every_engine_id_is_registered():
    listed = json.loads(subprocess.run(["node", str(ENGINE_SCRIPT), "--list"], capture_output=True, text=True, check=True).stdout)
    assert listed["ids"] == tengym.ENV_IDS
    assert listed["tengym"] == tengym.__version__
    for env_id in listed["ids"]:
        assert tengym.gym_id(env_id) in gym.registry


@pytest.mark.parametrize("env_id", tengym.ENV_IDS)
def test_check_env(env_id):
    # The checker steps one action sampled before its seeded reset, which a strict engine
    # would refuse as illegal; illegal_action="stay" answers it with a no-move step instead.
    env = gym.make(tengym.gym_id(env_id), render_mode="ansi", illegal_action="stay")
    try:
        check_env(env.unwrapped, skip_close_check=False)
    finally:
        env.close()


@pytest.mark.parametrize("env_id", ["tens", "decade", "four-ten"])
def test_spaces_masks_render(env_id):
    with gym.make(tengym.gym_id(env_id), render_mode="ansi") as env:
        obs, info = env.reset(seed=5)
        assert env.observation_space.contains(obs)
        assert info["action_mask"].dtype == np.int8
        assert env.unwrapped.action_masks().dtype == bool
        assert np.array_equal(env.unwrapped.action_masks(), info["action_mask"] == 1)
        assert isinstance(env.render(), str) and env.render()
        for _ in range(5):
            a = env.action_space.sample()
            assert info["action_mask"][a] == 1
            obs, r, term, trunc, info = env.step(a)
            if term or trunc:
                break


def play(env, seed, steps=200):
    trace = []
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        while not info["action_mask"].any():
            obs, info = env.reset()
        a = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, r, term, trunc, info = env.step(a)
        trace.append((a, obs.tobytes(), r, term, trunc))
        if term or trunc:
            obs, info = env.reset()
    return trace


@pytest.mark.parametrize("env_id", ["tens", "decade-fives", "four-ten"])
def test_deterministic_under_a_seed(env_id):
    with gym.make(tengym.gym_id(env_id)) as a, gym.make(tengym.gym_id(env_id)) as b:
        assert play(a, 11) == play(b, 11)
        assert play(a, 11) != play(a, 12)


@pytest.mark.parametrize("env_id", ["tens", "decade", "four-ten"])
def test_a_seed_deals_as_the_typescript_engine_does(env_id, needs_dist):
    ts = json.loads(node_eval(f"import {{ make }} from './dist/index.js'; const e = make({json.dumps(env_id)}); e.reset({{ seed: 42 }}); console.log(JSON.stringify(e.getState()))"))
    with gym.make(tengym.gym_id(env_id)) as env:
        env.reset(seed=42)
        assert json.loads(env.unwrapped.get_state()) == ts


def test_options_as_keywords_and_deck():
    with gym.make("tengym/decade-v0", maxSteps=7) as env:
        assert env.unwrapped.options["maxSteps"] == 7
        env.reset(seed=1)
        state = json.loads(env.unwrapped.get_state())
        deck = state["game"]["stacks"][0] + state["game"]["stock"]
        env.reset(options={"deck": deck})
        again = json.loads(env.unwrapped.get_state())
        assert again["game"]["stacks"] == state["game"]["stacks"] and again["game"]["stock"] == state["game"]["stock"]


def test_state_save_and_load():
    with gym.make("tengym/tens-v0") as env, gym.make("tengym/tens-v0") as other:
        env.reset(seed=3)
        env.step(env.action_space.sample())
        saved = env.unwrapped.get_state()
        other.reset()  # gym.make's OrderEnforcing wrapper wants a reset before the first step
        obs, info = other.unwrapped.set_state(saved)
        assert other.unwrapped.get_state() == saved
        a = env.action_space.sample()
        assert np.array_equal(env.step(a)[0], other.step(a)[0])


def test_vector_env_next_step_autoreset():
    envs = gym.make_vec("tengym/decade-fives-v0", num_envs=8, vectorization_mode="vector_entry_point", maxSteps=6)
    try:
        assert envs.metadata["autoreset_mode"] == gym.vector.AutoresetMode.NEXT_STEP
        single = [gym.make("tengym/decade-fives-v0", maxSteps=6) for _ in range(8)]
        obs, info = envs.reset(seed=100)
        solo = [e.reset(seed=100 + i) for i, e in enumerate(single)]
        assert np.array_equal(obs, np.stack([o for o, _ in solo]))
        ended = np.zeros(8, dtype=bool)
        saw_reset = False
        for _ in range(20):
            actions = np.array([np.flatnonzero(m)[-1] if m.any() else 0 for m in info["action_mask"]])
            obs, rewards, term, trunc, info = envs.step(actions)
            for i, e in enumerate(single):
                if ended[i]:
                    # Next-step autoreset: this step is the new episode's first observation, reward 0.
                    o, _ = e.reset()
                    assert rewards[i] == 0 and not term[i] and not trunc[i]
                    saw_reset = True
                else:
                    o, r, t, tr, _ = e.step(int(actions[i]))
                    assert (r, t, tr) == (rewards[i], term[i], trunc[i])
                assert np.array_equal(o, obs[i])
                assert np.array_equal(info["action_mask"][i], e.unwrapped.action_masks().astype(np.int8))
            ended = term | trunc
        assert saw_reset
        for e in single:
            e.close()
    finally:
        envs.close()
        envs.close()


def test_vector_env_over_several_processes_matches_one():
    one = tengym.TengymVectorEnv("tens", num_envs=6)
    three = tengym.TengymVectorEnv("tens", num_envs=6, processes=3)
    try:
        a, ia = one.reset(seed=9)
        b, ib = three.reset(seed=9)
        assert np.array_equal(a, b)
        ends = 0
        for _ in range(60):
            actions = np.array([np.flatnonzero(m)[0] if m.any() else 0 for m in ia["action_mask"]])
            ra = one.step(actions)
            rb = three.step(actions)
            ia = ra[4]
            for x, y in zip(ra[:4], rb[:4]):
                assert np.array_equal(x, y)
            assert np.array_equal(ra[4]["action_mask"], rb[4]["action_mask"])
            ends += int(np.sum(ra[2] | ra[3]))
        assert ends > 0  # the copies' autoresets are compared too
    finally:
        one.close()
        three.close()
