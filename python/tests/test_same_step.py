"""autoreset_mode=SAME_STEP on the native vector env: step for step what Gymnasium's sync vector env of
TengymEnvs gives with the same mode, final_obs and final_info included, over one and two engine processes."""

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

import tengym
from conftest import assert_same_info
from tengym.bench import random_legal
from test_stay import careless


def pair(env_id: str, n: int, processes: int, **kwargs):
    theirs = gym.make_vec(
        tengym.gym_id(env_id),
        n,
        vectorization_mode="sync",
        vector_kwargs={"autoreset_mode": AutoresetMode.SAME_STEP},
        **kwargs,
    )
    if processes == 1:
        # As gym.make_vec makes it, the mode passed to the vector entry point.
        ours = gym.make_vec(
            tengym.gym_id(env_id),
            n,
            vectorization_mode="vector_entry_point",
            autoreset_mode=AutoresetMode.SAME_STEP,
            **kwargs,
        )
    else:
        ours = tengym.TengymVectorEnv(env_id, n, processes=processes, autoreset_mode="SameStep", **kwargs)
    return ours, theirs


CASES = [
    ("decade", {"maxSteps": 7}),
    ("decade-fives", {}),
    ("decade-fives", {"max_episode_steps": 9}),
    ("tens", {}),
    ("ten-twenty-thirty", {"max_episode_steps": 40}),
    ("decade", {"maxSteps": 9, "illegal_action": "stay"}),
    ("decade-fives", {"max_episode_steps": 12, "illegal_action": "stay"}),
]


@pytest.mark.parametrize("processes", [1, 2])
@pytest.mark.parametrize("env_id,kwargs", CASES)
def test_same_step_as_a_sync_vector_env_of_tengym_envs(env_id, kwargs, processes):
    n = 3
    ours, theirs = pair(env_id, n, processes, **kwargs)
    assert ours.metadata["autoreset_mode"] == theirs.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    rng = np.random.default_rng(9)
    stay = kwargs.get("illegal_action") == "stay"
    ends = final_stays = truncated_with_moves = outcomes = 0
    try:
        o1, i1 = ours.reset(seed=21)
        o2, i2 = theirs.reset(seed=21)
        np.testing.assert_array_equal(o1, o2)
        assert_same_info(i1, i2)
        for step in range(400):
            # A copy is never left without a move: an ended one already holds its next episode.
            assert i1["action_mask"].any(axis=1).all()
            actions = careless(i1["action_mask"], rng) if stay else random_legal(i1["action_mask"], rng)
            o1, r1, t1, u1, i1 = ours.step(actions)
            o2, r2, t2, u2, i2 = theirs.step(actions)
            np.testing.assert_array_equal(o1, o2, err_msg=f"step {step}")
            np.testing.assert_array_equal(r1, r2)
            assert r1.dtype == r2.dtype
            np.testing.assert_array_equal(t1, t2)
            np.testing.assert_array_equal(u1, u2)
            assert_same_info(i1, i2, f"step {step}")
            ends += (t1 | u1).sum()
            if "final_info" in i1:
                final_stays += i1["final_info"].get("illegal_action", np.zeros(n, dtype=bool)).sum()
                outcomes += i1["final_info"].get("_outcome", np.zeros(n, dtype=bool)).sum()
                # A copy cut by max_episode_steps (TimeLimit) keeps the moves of the position it stopped in
                # (the env's own maxSteps ends the game: no move is left there).
                truncated_with_moves += i1["final_info"]["action_mask"][u1 & ~t1].any(axis=1).sum()
        assert ends > 0
        # The ended games' outcomes in final_info (none where only the time limit ends them, as under TimeLimit).
        if "max_episode_steps" not in kwargs:
            assert outcomes > 0
        if "max_episode_steps" in kwargs:
            assert truncated_with_moves > 0
        if stay:
            assert final_stays > 0  # some episodes ended on a step that stayed: its flag went to final_info
    finally:
        ours.close()
        theirs.close()


@pytest.mark.parametrize("processes", [1, 2])
def test_same_step_partial_reset_as_a_sync_vector_env(processes):
    ours, theirs = pair("decade-fives", 4, processes)
    rng = np.random.default_rng(2)
    try:
        _, i1 = ours.reset(seed=3)
        theirs.reset(seed=3)
        for step in range(120):
            if step % 17 == 5:
                mask = rng.random(4) < 0.5
                mask[step % 4] = True
                o1, i1 = ours.reset(seed=100 + step, options={"reset_mask": mask})
                o2, i2 = theirs.reset(seed=100 + step, options={"reset_mask": mask.copy()})
                np.testing.assert_array_equal(o1, o2)
                # The sync env answers with the reset copies' masks only; ours with every copy's.
                np.testing.assert_array_equal(i1["action_mask"][mask], i2["action_mask"][mask])
            actions = random_legal(i1["action_mask"], rng)
            o1, r1, t1, u1, i1 = ours.step(actions)
            o2, r2, t2, u2, i2 = theirs.step(actions)
            np.testing.assert_array_equal(o1, o2)
            np.testing.assert_array_equal(r1, r2)
            np.testing.assert_array_equal(t1 | u1, t2 | u2)
            assert_same_info(i1, i2, f"step {step}")
    finally:
        ours.close()
        theirs.close()


def assert_same_obs(ours, theirs, where: str) -> None:
    """Dict observations alike: the same keys, and each key's rows, dtype and shape."""
    assert isinstance(ours, dict) and set(ours) == set(theirs) == {"action_mask", "observations"}, where
    for key in ours:
        assert ours[key].dtype == theirs[key].dtype and ours[key].shape == theirs[key].shape, (where, key)
        np.testing.assert_array_equal(ours[key], theirs[key], err_msg=f"{where}[{key!r}]")


@pytest.mark.parametrize("processes", [1, 2])
@pytest.mark.parametrize("mode", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP])
def test_dict_observations_as_a_sync_vector_env_of_dict_observation_envs(mode, processes):
    # What RLlib's action masking reads, from the native vector env: each copy's {"action_mask",
    # "observations"} batched as Gymnasium's sync vector env batches TengymEnv(dict_observation=True).
    n = 3
    theirs = gym.make_vec(
        "tengym/decade-fives-v0",
        n,
        vectorization_mode="sync",
        vector_kwargs={"autoreset_mode": mode},
        dict_observation=True,
        max_episode_steps=15,
    )
    ours = tengym.TengymVectorEnv(
        "decade-fives", n, processes=processes, autoreset_mode=mode, dict_observation=True, max_episode_steps=15
    )
    rng = np.random.default_rng(4)
    ends = 0
    try:
        assert ours.single_observation_space == theirs.single_observation_space
        assert ours.observation_space == theirs.observation_space
        assert ours.get_attr("dict_observation") == theirs.get_attr("dict_observation") == (True,) * n
        assert ours.get_attr("observation_space") == theirs.get_attr("observation_space")
        o1, i1 = ours.reset(seed=5)
        o2, _ = theirs.reset(seed=5)
        assert_same_obs(o1, o2, "reset")
        assert ours.observation_space.contains(o1)
        for step in range(150):
            np.testing.assert_array_equal(o1["action_mask"], i1["action_mask"].astype(np.float32))
            actions = random_legal(i1["action_mask"], rng)
            o1, r1, t1, u1, i1 = ours.step(actions)
            o2, r2, t2, u2, i2 = theirs.step(actions)
            assert_same_obs(o1, o2, f"step {step}")
            np.testing.assert_array_equal(r1, r2)
            np.testing.assert_array_equal(t1, t2)
            np.testing.assert_array_equal(u1, u2)
            np.testing.assert_array_equal(i1["action_mask"], i2["action_mask"])
            if "final_obs" in i1:
                for k in np.flatnonzero(i1["_final_obs"]):
                    assert_same_obs(i1["final_obs"][k], i2["final_obs"][k], f"step {step} final_obs[{k}]")
            ends += (t1 | u1).sum()
        assert ends > 0
    finally:
        ours.close()
        theirs.close()


def test_disabled_autoreset_matches_a_sync_vector_env_of_tengym_envs():
    # AutoresetMode.DISABLED: an ended copy waits for reset(options={"reset_mask": ...}); the native env deals
    # what Gymnasium's sync vector env of TengymEnvs deals, and refuses a step of an ended copy before it.
    from gymnasium.vector import AutoresetMode

    ours = tengym.TengymVectorEnv("decade", 3, autoreset_mode=AutoresetMode.DISABLED, maxSteps=6)
    theirs = gym.make_vec(
        "tengym/decade-v0",
        num_envs=3,
        vectorization_mode="sync",
        vector_kwargs={"autoreset_mode": AutoresetMode.DISABLED},
        maxSteps=6,
    )
    try:
        o1, i1 = ours.reset(seed=4)
        o2, i2 = theirs.reset(seed=4)
        np.testing.assert_array_equal(o1, o2)
        resets = 0
        for _ in range(40):
            actions = np.array([int(np.flatnonzero(m)[0]) for m in i1["action_mask"]])
            o1, r1, te1, tr1, i1 = ours.step(actions)
            o2, r2, te2, tr2, i2 = theirs.step(actions)
            np.testing.assert_array_equal(o1, o2)
            np.testing.assert_array_equal(r1, r2)
            np.testing.assert_array_equal(te1 | tr1, te2 | tr2)
            ended = te1 | tr1
            if ended.any():
                with pytest.raises(tengym.BadActionError, match="the episode is over"):
                    ours.step(actions)
                o1, i1 = ours.reset(options={"reset_mask": ended})
                o2, i2 = theirs.reset(options={"reset_mask": ended})
                np.testing.assert_array_equal(o1, o2)
                resets += 1
        assert resets > 0
    finally:
        ours.close()
        theirs.close()
