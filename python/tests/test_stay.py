"""illegal_action="stay" in the vector envs: step for step what TengymEnv(illegal_action="stay") does in
Gymnasium's sync vector env and in Stable-Baselines3's DummyVecEnv, autoresets and time limits included."""

import importlib.util

import gymnasium as gym
import numpy as np
import pytest

import tengym
from conftest import assert_same_info
from tengym.bench import random_legal
from tengym.env import STAYS_IN_A_ROW_LIMIT

has_sb3 = (
    importlib.util.find_spec("stable_baselines3") is not None and importlib.util.find_spec("sb3_contrib") is not None
)
needs_sb3 = pytest.mark.skipif(
    not has_sb3, reason="stable-baselines3 is not installed (the [train] extra): pip install -e 'python[train]'"
)


def careless(masks: np.ndarray, rng: np.random.Generator, always_illegal: int | None = None) -> np.ndarray:
    """Half the copies a legal action, the others any id of the action space (most of them illegal: one
    outside it is refused, not stayed); copy `always_illegal` only ids that are not legal, so it reaches the
    stays-in-a-row limit (any id once its episode is over, when its mask shows every action legal)."""
    num, n = masks.shape
    actions = np.where(rng.random(num) < 0.5, random_legal(masks.astype(np.int8), rng), rng.integers(0, n, size=num))
    if always_illegal is not None:
        illegal = np.flatnonzero(masks[always_illegal] == 0)
        actions[always_illegal] = int(rng.choice(illegal)) if illegal.size else 0
    return actions


CASES = [
    ("decade", {"maxSteps": 7}, None),
    ("decade", {"maxSteps": 7}, 5),
    ("decade-fives", {"maxSteps": 9}, 12),
    ("tens", {}, None),
    ("tens", {}, 6),
]


@pytest.mark.parametrize("processes", [1, 2])
@pytest.mark.parametrize("env_id,options,limit", CASES)
def test_vector_env_stays_as_a_sync_vector_env_of_tengym_envs(env_id, options, limit, processes):
    n, steps = 3, 1100 if env_id == "tens" and limit is None else 300
    timed = {} if limit is None else {"max_episode_steps": limit}
    theirs = gym.make_vec(
        tengym.gym_id(env_id), n, vectorization_mode="sync", illegal_action="stay", **timed, **options
    )
    if processes == 1:
        # As gym.make_vec makes it, max_episode_steps and all.
        ours = gym.make_vec(
            tengym.gym_id(env_id), n, vectorization_mode="vector_entry_point", illegal_action="stay", **timed, **options
        )
    else:
        ours = tengym.TengymVectorEnv(env_id, n, processes=processes, illegal_action="stay", **timed, **options)
    assert ours.unwrapped.illegal_action == "stay"
    rng = np.random.default_rng(3)
    stays = stay_ends = ends = 0
    try:
        o1, i1 = ours.reset(seed=11)
        o2, i2 = theirs.reset(seed=11)
        np.testing.assert_array_equal(o1, o2)
        np.testing.assert_array_equal(i1["action_mask"], i2["action_mask"])
        for _ in range(steps):
            # On tens, copy 0 plays nothing but illegal ids: 1,000 stays in a row truncate it.
            actions = careless(i1["action_mask"], rng, always_illegal=0 if env_id == "tens" and limit is None else None)
            o1, r1, t1, u1, i1 = ours.step(actions)
            o2, r2, t2, u2, i2 = theirs.step(actions)
            np.testing.assert_array_equal(o1, o2)
            np.testing.assert_array_equal(r1, r2)
            assert r1.dtype == r2.dtype
            np.testing.assert_array_equal(t1, t2)
            np.testing.assert_array_equal(u1, u2)
            assert_same_info(i1, i2)
            stayed = i1.get("illegal_action", np.zeros(n, dtype=bool))
            stays += stayed.sum()
            stay_ends += (stayed & u1).sum()
            ends += (t1 | u1).sum()
        assert stays > 0 and ends > 0
        if limit is not None or options.get("maxSteps") or env_id == "tens":
            assert stay_ends > 0  # some episodes were ended by a step that stayed, and autoreset after
    finally:
        ours.close()
        theirs.close()


@needs_sb3
@pytest.mark.parametrize("processes", [1, 2])
@pytest.mark.parametrize(
    "env_id,options",
    [("decade", {"maxSteps": 7}), ("decade-fives", {"max_episode_steps": 6}), ("decade-fives", {}), ("tens", {})],
)
def test_sb3_vec_env_stays_as_sb3s_dummy_vec_env_of_tengym_envs(env_id, options, processes):
    from sb3_contrib.common.maskable.utils import get_action_masks
    from stable_baselines3.common.env_util import make_vec_env as sb3_make_vec_env

    from tengym.sb3 import make_vec_env

    n, steps = 3, 1100 if env_id == "tens" else 300
    ours = make_vec_env(env_id, n, seed=11, processes=processes, illegal_action="stay", **options)
    theirs = sb3_make_vec_env(
        tengym.gym_id(env_id), n_envs=n, seed=11, env_kwargs={"illegal_action": "stay", **options}
    )
    rng = np.random.default_rng(4)
    stays = stay_ends = ends = 0
    try:
        assert (
            ours.get_attr("spec")[0].kwargs["illegal_action"]
            == theirs.get_attr("spec")[0].kwargs["illegal_action"]
            == "stay"
        )
        np.testing.assert_array_equal(ours.reset(), theirs.reset())
        for _ in range(steps):
            masks = get_action_masks(ours)
            np.testing.assert_array_equal(masks, get_action_masks(theirs))
            actions = careless(masks, rng, always_illegal=0 if env_id == "tens" else None)
            o1, r1, d1, i1 = ours.step(actions)
            o2, r2, d2, i2 = theirs.step(actions)
            np.testing.assert_array_equal(o1, o2)
            np.testing.assert_array_equal(r1, r2)
            np.testing.assert_array_equal(d1, d2)
            for i in range(n):
                assert i1[i].get("illegal_action", False) == i2[i].get("illegal_action", False)
                stays += i1[i].get("illegal_action", False)
                if d1[i]:
                    ends += 1
                    stay_ends += i1[i].get("illegal_action", False)
                    np.testing.assert_array_equal(i1[i]["terminal_observation"], i2[i]["terminal_observation"])
                    assert i1[i]["TimeLimit.truncated"] == i2[i]["TimeLimit.truncated"]
                    assert (i1[i]["episode"]["r"], i1[i]["episode"]["l"]) == (
                        i2[i]["episode"]["r"],
                        i2[i]["episode"]["l"],
                    )
                else:
                    assert "terminal_observation" not in i1[i]
        assert stays > 0 and ends > 0
        if options.get("maxSteps") or options.get("max_episode_steps") or env_id == "tens":
            assert stay_ends > 0
    finally:
        ours.close()
        theirs.close()


def test_only_illegal_actions_on_tens_end_by_truncation_after_the_stays_limit():
    v = tengym.TengymVectorEnv("tens", 2, illegal_action="stay")
    try:
        first, info = v.reset(seed=5)
        illegal = np.array([np.flatnonzero(m == 0)[-1] for m in info["action_mask"]])
        for k in range(1, STAYS_IN_A_ROW_LIMIT + 1):
            obs, reward, terminated, truncated, info = v.step(illegal)
            assert not terminated.any() and (reward == 0).all()
            assert info["illegal_action"].all() and info["_illegal_action"].all()
            if k < STAYS_IN_A_ROW_LIMIT:
                assert not truncated.any()
                np.testing.assert_array_equal(obs, first)
        assert truncated.all() and STAYS_IN_A_ROW_LIMIT == 1000
        # Next-step autoreset: the next step deals a new episode, whatever the action.
        obs, reward, terminated, truncated, info = v.step(np.array([-1, -1]))
        assert not (terminated | truncated).any() and "illegal_action" not in info
        assert not np.array_equal(obs, first)
    finally:
        v.close()


@needs_sb3
def test_sb3_only_illegal_actions_on_tens_end_by_truncation_after_the_stays_limit():
    from tengym.sb3 import TengymSB3VecEnv

    v = TengymSB3VecEnv("tens", 2, illegal_action="stay")
    try:
        v.seed(5)
        first = v.reset()
        illegal = np.array([np.flatnonzero(~m)[-1] for m in v.action_masks()])
        for k in range(1, STAYS_IN_A_ROW_LIMIT + 1):
            obs, reward, done, infos = v.step(illegal)
            assert all(i["illegal_action"] for i in infos) and (reward == 0).all()
            if k < STAYS_IN_A_ROW_LIMIT:
                assert not done.any()
        assert done.all()
        for i in range(2):
            np.testing.assert_array_equal(infos[i]["terminal_observation"], first[i])
            assert infos[i]["TimeLimit.truncated"]
        assert not np.array_equal(obs, first)  # same-step autoreset: already the next deal
    finally:
        v.close()


def test_vector_envs_stay_by_default_raise_one_keyword_away_and_refuse_malformed_actions():
    assert tengym.TengymVectorEnv("tens", 1).illegal_action == "stay"
    v = tengym.TengymVectorEnv("tens", 2, illegal_action="raise")
    try:
        assert v.illegal_action == "raise"
        v.reset(seed=1)
        with pytest.raises(tengym.BadActionError, match="copy 0"):
            v.step(np.array([-1, -1]))
    finally:
        v.close()
    with pytest.raises(tengym.TengymError, match="illegal_action='nope'"):
        tengym.TengymVectorEnv("tens", 2, illegal_action="nope")
    for processes in (1, 2):
        v = tengym.TengymVectorEnv("tens", 2, processes=processes, illegal_action="stay")
        try:
            with pytest.raises(tengym.TengymError, match="reset"):
                v.step(np.array([-1, -1]))  # before reset: nothing to stay in
            v.reset(seed=1)
            masks = v.action_masks()
            before = v.call("get_state")
            # Outside the action space (Discrete(n)): refused, as Gymnasium's envs refuse it, and no copy moves.
            for bad in (np.array([0.0, 1.0]), np.array([2**31, 0]), np.array([0, -(2**31) - 1])):
                with pytest.raises(tengym.BadActionError):
                    v.step(bad)
            for bad in (
                np.array([-1, int(np.flatnonzero(masks[1])[0])]),
                np.array([int(np.flatnonzero(masks[0])[0]), 10**6]),
                np.array([-(2**31), 2**31 - 1]),
            ):
                with pytest.raises(tengym.BadActionError, match="not an action id; tens has ids 0..") as refused:
                    v.step(bad)
                assert "copy" in str(refused.value)
                assert v.call("get_state") == before
            # An id of the space that is not legal still stays.
            _, _, _, _, info = v.step(
                np.array([int(np.flatnonzero(masks[0] == 0)[0]), int(np.flatnonzero(masks[1] == 0)[0])])
            )
            assert info["illegal_action"].all()
        finally:
            v.close()


@needs_sb3
def test_sb3_vec_env_stays_by_default_raises_one_keyword_away_and_refuses_malformed_actions():
    from tengym.sb3 import TengymSB3VecEnv

    assert TengymSB3VecEnv("tens", 1).illegal_action == "stay"
    v = TengymSB3VecEnv("tens", 2, illegal_action="raise")
    try:
        assert v.illegal_action == "raise"
        v.reset()
        with pytest.raises(tengym.BadActionError, match="copy 0"):
            v.step(np.array([-1, -1]))
    finally:
        v.close()
    with pytest.raises(tengym.TengymError, match="illegal_action='nope'"):
        TengymSB3VecEnv("tens", 2, illegal_action="nope")
    v = TengymSB3VecEnv("tens", 2, processes=2, illegal_action="stay")
    try:
        v.reset()
        with pytest.raises(tengym.BadActionError):
            v.step(np.array([2**31, 0]))
        with pytest.raises(tengym.BadActionError):
            v.step(np.array([0.5, 0.5]))
        masks = v.action_masks()
        for bad in (np.array([-1, 10**6]), np.array([-1, int(np.flatnonzero(masks[1])[0])])):
            with pytest.raises(tengym.BadActionError, match="not an action id"):
                v.step(bad)
        _, _, _, infos = v.step(np.array([int(np.flatnonzero(~masks[i])[0]) for i in range(2)]))
        assert all(i["illegal_action"] for i in infos)
    finally:
        v.close()


def test_the_keywords_the_engines_are_started_with_cannot_be_set_after():
    # A later illegal_action="stay" used to be half believed: the stay returned the observation
    # of the reset, and dead_deals="keep" set after make was reported by get_attr and never used.
    env = gym.make("tengym/decade-v0", illegal_action="raise")
    obs, info = env.reset(seed=0)
    with pytest.raises(
        AttributeError,
        match=r"^illegal_action is set when the env is made \(TengymEnv\(\.\.\., illegal_action='stay'\), or "
        r"gym\.make\(id, illegal_action='stay'\)\), not after: this one was made with 'raise'$",
    ):
        env.set_wrapper_attr("illegal_action", "stay")
    assert env.get_wrapper_attr("illegal_action") == "raise"
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(tengym.BadActionError):
        env.step(bad)
    env.close()
    sync = gym.make_vec("tengym/decade-v0", 2, vectorization_mode="sync")
    for name, value in [("dead_deals", "keep"), ("dict_observation", True), ("illegal_action", "stay")]:
        with pytest.raises(AttributeError, match=f"^{name} is set when the env is made"):
            sync.set_attr(name, value)
    assert sync.get_attr("dead_deals") == ("redeal", "redeal")
    sync.close()
    for vec in (tengym.TengymVectorEnv("decade", 2), tengym.TengymVectorEnv("decade", 2, illegal_action="stay")):
        with pytest.raises(AttributeError, match=r"^illegal_action is set when the env is made \(TengymVectorEnv\("):
            vec.illegal_action = "raise" if vec.illegal_action == "stay" else "stay"
        with pytest.raises(AttributeError, match="^dict_observation is set when the env is made"):
            vec.dict_observation = True
        vec.close()
    # Made with it, each keeps it, copied and pickled too.
    stay = tengym.TengymEnv("decade", illegal_action="stay", dead_deals="keep", dict_observation=True)
    assert (stay.illegal_action, stay.dead_deals, stay.dict_observation) == ("stay", "keep", True)
    import copy
    import pickle

    for again in (copy.deepcopy(stay), pickle.loads(pickle.dumps(stay))):
        assert (again.illegal_action, again.dead_deals, again.dict_observation) == ("stay", "keep", True)
        again.close()
    stay.close()


@pytest.mark.skipif(
    importlib.util.find_spec("stable_baselines3") is None,
    reason="needs stable-baselines3 (pip install 'tengym[train]')",
)
def test_sb3_vec_env_illegal_action_cannot_be_set_after():
    from tengym.sb3 import make_vec_env

    vec = make_vec_env("decade", n_envs=2)
    with pytest.raises(AttributeError, match=r"^illegal_action is set when the env is made \(TengymSB3VecEnv\("):
        vec.unwrapped.illegal_action = "stay"
    vec.close()


@pytest.mark.parametrize("mode", ["stay", "raise"])
def test_a_single_env_refuses_an_action_outside_its_space_in_either_mode(mode):
    # Gymnasium's own envs refuse an action outside the space; under "stay" -1 and 10**6 used to stay silently.
    env = gym.make(tengym.gym_id("tens"), illegal_action=mode)
    try:
        _, info = env.reset(seed=1)
        before = env.unwrapped.get_state()
        for bad in (-1, 82, 10**6, np.int64(-5), 2**31, -(2**31) - 1):
            with pytest.raises(tengym.BadActionError, match=r"not an action id; tens has ids 0\.\.81"):
                env.step(bad)
            assert env.unwrapped.get_state() == before
        if mode == "stay":
            # An id of the space that is not legal still stays.
            _, reward, _, _, info = env.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))
            assert info["illegal_action"] and reward == 0
    finally:
        env.close()
