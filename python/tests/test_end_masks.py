"""A mask is never all zeros: where a game is over and no action is legal, every action shows legal (as Pgx
does), so that a softmax or a sampler over the mask stays a distribution. `legal_actions()` still says none."""

import gymnasium as gym
import numpy as np
import pytest

import tengym
from tengym.bench import random_legal

IDS = ["tens", "block-ten", "thirteens", "decade"]


@pytest.mark.parametrize("env_id", IDS)
def test_a_single_envs_mask_at_the_end_shows_every_action_legal(env_id):
    env = gym.make(tengym.gym_id(env_id))
    rng = np.random.default_rng(0)
    ends = 0
    try:
        for seed in range(4):
            obs, info = env.reset(seed=seed)
            done = False
            while not done:
                assert info["action_mask"].any()
                mask = info["action_mask"]
                obs, _, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
                done = terminated or truncated
            ends += 1
            assert env.unwrapped.legal_actions() == []
            assert info["action_mask"].all() and info["action_mask"].dtype == np.int8
            assert env.unwrapped.action_masks().all()
            # A softmax over the mask is a distribution, and sample() with it draws.
            logits = np.where(info["action_mask"] == 1, 0.0, -np.inf)
            assert np.isfinite(np.exp(logits) / np.exp(logits).sum()).all()
            env.action_space.sample(mask=info["action_mask"])
            # A state saved at the end loads with the same mask.
            _, loaded = env.unwrapped.set_state(env.unwrapped.get_state())
            assert loaded["action_mask"].all()
    finally:
        env.close()
    assert ends == 4


def test_the_dict_observations_mask_at_the_end_is_the_same():
    env = tengym.TengymEnv("tens", dict_observation=True)
    try:
        obs, info = env.reset(seed=3)
        terminated = truncated = False
        while not (terminated or truncated):
            obs, _, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        assert obs["action_mask"].all() and obs["action_mask"].dtype == np.float32
    finally:
        env.close()


def test_a_mask_at_truncation_with_legal_actions_left_is_the_legal_actions():
    # Truncated by the time limit, the game still has moves: the mask says which, as a TimeLimit would leave it.
    v = tengym.TengymVectorEnv("decade", 2, max_episode_steps=2)
    try:
        _, info = v.reset(seed=1)
        for _ in range(2):
            _, _, terminated, truncated, info = v.step(random_legal(info["action_mask"], np.random.default_rng(1)))
        assert truncated.all() and not terminated.any()
        assert info["action_mask"].any(axis=1).all() and not info["action_mask"].all(axis=1).any()
    finally:
        v.close()


@pytest.mark.parametrize("processes", [1, 2])
@pytest.mark.parametrize("env_id", ["tens", "block-ten", "thirteens"])
def test_no_copy_of_a_vector_env_shows_an_all_zero_mask(env_id, processes):
    v = tengym.TengymVectorEnv(env_id, 8, processes=processes)
    rng = np.random.default_rng(2)
    ended = 0
    try:
        obs, info = v.reset(seed=5)
        for _ in range(300):
            masks = info["action_mask"]
            assert masks.any(axis=1).all()
            np.testing.assert_array_equal(v.action_masks(), masks.astype(bool))
            obs, _, terminated, truncated, info = v.step(random_legal(masks, rng))
            over = terminated | truncated
            ended += over.sum()
            # Next-step: an ended copy's row is its last position's until the next step deals it.
            assert info["action_mask"][terminated].all()
    finally:
        v.close()
    assert ended > 0


def test_same_step_last_masks_show_every_action_legal_where_the_game_ended():
    v = tengym.TengymVectorEnv("tens", 8, autoreset_mode=gym.vector.AutoresetMode.SAME_STEP)
    rng = np.random.default_rng(3)
    seen = 0
    try:
        _, info = v.reset(seed=2)
        for _ in range(300):
            _, _, terminated, _, info = v.step(random_legal(info["action_mask"], rng))
            assert info["action_mask"].any(axis=1).all()
            if terminated.any():
                seen += 1
                assert info["final_info"]["action_mask"][terminated].all()
    finally:
        v.close()
    assert seen > 0


def test_with_autoreset_disabled_an_ended_copy_still_refuses_a_step_in_every_process():
    # Its mask shows every action legal, but its episode is over: the step is refused before any copy moves.
    v = tengym.TengymVectorEnv("tens", 4, processes=2, autoreset_mode=gym.vector.AutoresetMode.DISABLED)
    rng = np.random.default_rng(4)
    try:
        _, info = v.reset(seed=1)
        for _ in range(300):
            actions = random_legal(info["action_mask"], rng)
            _, _, terminated, truncated, info = v.step(actions)
            over = terminated | truncated
            if over.any() and not over.all():
                break
        else:
            pytest.fail("no copy ended alone")
        assert info["action_mask"][over].all()
        before = v.call("get_state")
        with pytest.raises(tengym.BadActionError, match="episode is over"):
            v.step(random_legal(info["action_mask"], rng))
        assert v.call("get_state") == before
    finally:
        v.close()


def test_a_kept_dead_deal_shows_every_action_legal():
    deck = [r + s for r in "A23456789TJQK" for s in "CDHS"]  # no two of the first cards sum to ten
    with tengym.TengymEnv("tens", dead_deals="keep") as env:
        _, info = env.reset(options={"deck": deck})
        assert info["terminated_at_reset"] and info["action_mask"].all() and env.legal_actions() == []
