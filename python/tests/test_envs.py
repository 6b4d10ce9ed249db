import json
import subprocess
import typing
import warnings

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import tengym
from conftest import node_eval
from scale import sampled, scaled
from tengym._engine import ENGINE_SCRIPT, Engine
from tengym.errors import TengymError


def test_every_engine_id_is_registered():
    listed = json.loads(
        subprocess.run(["node", str(ENGINE_SCRIPT), "--list"], capture_output=True, text=True, check=True).stdout
    )
    assert listed["ids"] == tengym.ENV_IDS
    assert listed["tengym"] == tengym.__version__
    for env_id in listed["ids"]:
        assert tengym.gym_id(env_id) in gym.registry


def test_an_env_takes_its_gymnasium_id_as_well():
    # "tengym/decade-v0" and "decade" name the same engine, for the env, the vector env and the SB3 VecEnv alike.
    env = tengym.TengymEnv("tengym/decade-v0")
    vec = tengym.TengymVectorEnv("tengym/decade-v0", 2)
    try:
        assert env.env_id == vec.env_id == "decade"
        with pytest.raises(tengym.TengymError, match="unknown"):
            tengym.TengymEnv("tengym/nonesuch-v0")
    finally:
        env.close()
        vec.close()


# Every id in "ansi"; in "rgb_array", every id at full scale and an even spread of 8 by default (tests/scale.py):
# the image is the text drawn, which test_render.py checks for every position of every id.
CHECK_ENV_CASES = [(env_id, "ansi") for env_id in tengym.ENV_IDS] + [
    (env_id, "rgb_array") for env_id in sampled(tengym.ENV_IDS, 8)
]


@pytest.mark.parametrize("env_id,render_mode", CHECK_ENV_CASES)
def test_check_env(env_id, render_mode):
    # The checker steps one action sampled before its seeded reset, which a strict engine
    # would refuse as illegal; illegal_action="stay" answers it with a no-move step instead.
    env = gym.make(tengym.gym_id(env_id), render_mode=render_mode, illegal_action="stay")
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            check_env(env.unwrapped, skip_close_check=False, skip_render_check=False)
    finally:
        env.close()
    # The observation Box is bounded as the engine declares it: no "-infinity ... too low" / "infinity ... too high",
    # and no feature with an empty range ("maximum and minimum values are equal").
    about_the_box = [str(w.message) for w in caught if "infinity" in str(w.message) or "Box" in str(w.message)]
    assert about_the_box == []


# Options that move a bound: Four Ten's targets and flags, Decade's limits and stacks.
BOUNDED_VARIANTS = [(env_id, {}) for env_id in tengym.ENV_IDS] + [
    ("tens", {"tableau": 15}),
    ("decade", {"pickedUp": "deck-bottom", "maxSteps": 200}),
    ("decade-stacks", {"discard": "optional", "maxSteps": 300}),
    ("four-ten", {"drawVisible": False, "safeties": 0}),
    ("four-ten", {"handTarget": 5, "gameTarget": 7}),
    ("four-ten", {"handTarget": 40, "gameTarget": 45, "maxRounds": 10}),
]


@pytest.mark.parametrize("env_id,options", BOUNDED_VARIANTS)
def test_observations_of_random_play_lie_in_the_observation_space(env_id, options):
    with gym.make(tengym.gym_id(env_id), **options) as env:
        space = env.observation_space
        assert space.dtype == np.float32 and space.low.dtype == np.float32 and space.high.dtype == np.float32
        assert np.all(np.isfinite(space.low)) and np.all(np.isfinite(space.high)) and np.all(space.low <= space.high)
        rng = np.random.default_rng(11)
        # 20 random games at full scale (TENGYM_TEST_SCALE=1), 5 by default: tests/scale.py.
        for episode in range(scaled(20, least=5)):
            obs, info = env.reset(seed=300 + episode)
            for _ in range(2000):
                assert space.contains(obs), (
                    f"feature {int(np.flatnonzero((obs < space.low) | (obs > space.high))[0])} out of bounds"
                )
                obs, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
                if term or trunc:
                    assert space.contains(obs)
                    break


def test_the_vector_envs_spaces_carry_the_bounds():
    single = tengym.TengymEnv("four-ten")
    try:
        low, high = single.observation_space.low, single.observation_space.high
    finally:
        single.close()
    envs = tengym.TengymVectorEnv("four-ten", num_envs=3)
    try:
        assert np.array_equal(envs.single_observation_space.low, low) and np.array_equal(
            envs.single_observation_space.high, high
        )
        assert envs.observation_space.shape == (3, low.size) and np.array_equal(envs.observation_space.high[2], high)
        obs, _ = envs.reset(seed=1)
        assert envs.observation_space.contains(obs)
    finally:
        envs.close()


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


def test_a_first_reset_without_a_seed_draws_one_and_later_resets_deal_on():
    # Gymnasium's rule: no seed on the first reset draws one from entropy, so two envs made
    # alike deal different cards (the engine alone would deal both seed 0's).
    envs = [tengym.TengymEnv("decade-fives") for _ in range(3)]
    try:
        for e in envs:
            e.reset()
        states = [e.get_state() for e in envs]
        assert len(set(states)) == 3
        # The seed drawn is the one reported, and it replays the deal.
        envs[1].reset(seed=envs[0].np_random_seed)
        assert json.loads(envs[1].get_state())["game"] == json.loads(states[0])["game"]
        # Once seeded (or loaded), a reset without a seed deals on from the env's own stream.
        envs[2].set_state(envs[1].get_state())
        envs[1].reset()
        envs[2].reset()
        assert envs[1].get_state() == envs[2].get_state()
    finally:
        for e in envs:
            e.close()


def test_a_first_vector_reset_without_a_seed_deals_every_copy_its_own():
    a, b = tengym.TengymVectorEnv("tens", 4, processes=2), tengym.TengymVectorEnv("tens", 4)
    try:
        rows_a, rows_b = a.reset()[0], b.reset()[0]
        assert len({r.tobytes() for r in rows_a}) == 4 and not np.array_equal(rows_a, rows_b)
        # A seed given for some copies: the others still get seeds of their own.
        c = tengym.TengymVectorEnv("tens", 3)
        try:
            rows = c.reset(seed=[None, 5, None])[0]
            single = tengym.TengymEnv("tens")
            assert np.array_equal(rows[1], single.reset(seed=5)[0]) and len({r.tobytes() for r in rows}) == 3
            single.close()
        finally:
            c.close()
    finally:
        a.close()
        b.close()


@pytest.mark.parametrize(
    "make",
    [
        lambda: gym.make("tengym/tens-v0", env_id="decade"),
        lambda: gym.make_vec("tengym/tens-v0", num_envs=2, vectorization_mode="vector_entry_point", env_id="decade"),
    ],
)
def test_a_registered_id_is_not_made_as_another(make, monkeypatch):
    made = []
    real_init = Engine.__init__

    def track(self, *args, **kwargs):
        real_init(self, *args, **kwargs)
        made.append(self)

    monkeypatch.setattr(Engine, "__init__", track)
    with pytest.raises(
        TengymError,
        match=r"env_id='decade' given to tengym/tens-v0, which is tens: make decade as "
        r"gymnasium.make\('tengym/decade-v0'\)",
    ):
        make()
    # The engine started for the refused env is closed, not left to the garbage collector.
    assert made and all(engine.closed for engine in made)
    # The registered ids themselves still build what they name.
    env = gym.make("tengym/tens-v0", env_id="tens")
    assert env.unwrapped.env_id == "tens" and env.spec.id == "tengym/tens-v0"
    env.close()


def test_a_variant_registered_by_the_user_builds_as_registered():
    gym.register(
        "tengym/decade-short-v0",
        entry_point="tengym.env:TengymEnv",
        vector_entry_point="tengym.vector:TengymVectorEnv",
        kwargs={"env_id": "decade", "maxSteps": 50},
    )
    try:
        with gym.make("tengym/decade-short-v0") as env:
            assert env.unwrapped.env_id == "decade" and env.unwrapped.options["maxSteps"] == 50
            assert env.spec.id == "tengym/decade-short-v0"
        vec = gym.make_vec("tengym/decade-short-v0", num_envs=2, vectorization_mode="vector_entry_point")
        assert vec.env_id == "decade"
        vec.close()
        # Made as another engine than the one it was registered with, it is refused as a built-in id is.
        with pytest.raises(
            TengymError,
            match=r"env_id='decade-loop' given to tengym/decade-short-v0, which is decade: make decade-loop as "
            r"gymnasium.make\('tengym/decade-loop-v0'\)",
        ):
            gym.make("tengym/decade-short-v0", env_id="decade-loop")
    finally:
        del gym.registry["tengym/decade-short-v0"]


def test_copy_deepcopy_and_pickle_give_a_new_env_in_the_same_state():
    import copy
    import pickle

    env = gym.make("tengym/decade-v0", render_mode="ansi", illegal_action="stay")
    try:
        env.reset(seed=4)
        for _ in range(5):
            env.step(env.action_space.sample())
        copies = [copy.deepcopy(env), pickle.loads(pickle.dumps(env)), copy.copy(env.unwrapped)]
        # copy.copy of gym.make's env copies the outer wrapper alone, as docs/python.md says: the same TengymEnv.
        assert copy.copy(env).unwrapped is env.unwrapped
        for c in copies:
            assert (
                c.unwrapped.get_state() == env.unwrapped.get_state()
                and c.unwrapped._engine is not env.unwrapped._engine
            )
            assert (c.unwrapped.illegal_action, c.unwrapped.render_mode) == ("stay", "ansi")
            assert c.unwrapped.spec == env.unwrapped.spec and c.unwrapped.spec.id == "tengym/decade-v0"
            # Gymnasium's generators go along, as in a copy of a Python env: the same draws follow.
            assert c.unwrapped.np_random_seed == env.unwrapped.np_random_seed == 4
            assert c.unwrapped.np_random.bit_generator.state == env.unwrapped.np_random.bit_generator.state
            assert (
                c.unwrapped.action_space.np_random.bit_generator.state
                == env.unwrapped.action_space.np_random.bit_generator.state
            )
        # Each plays on alone: the same move gives the same frame, and closing a copy leaves the original.
        action = env.unwrapped.legal_actions()[0][0]
        first = env.step(action)[0]
        for c in copies:
            assert np.array_equal(c.step(action)[0], first)
            c.close()
        env.step(env.action_space.sample())
        # A copy of an env never reset is one too.
        fresh = copy.deepcopy(tengym.TengymEnv("tens", render_mode="ansi"))
        assert fresh.render() is None
        fresh.close()
    finally:
        env.close()


@pytest.mark.parametrize("env_id", ["decade", "tens"])
def test_gym_make_vec_max_episode_steps_is_the_time_limit_of_sync_mode(env_id):
    # The vector entry point truncates as Gymnasium's TimeLimit does around each copy in sync
    # mode: the same frames step by step, and the env's own maxSteps (in the observation) as it was.
    ours = gym.make_vec(tengym.gym_id(env_id), num_envs=3, max_episode_steps=4)
    theirs = gym.make_vec(tengym.gym_id(env_id), num_envs=3, vectorization_mode="sync", max_episode_steps=4)
    rng = np.random.default_rng(2)
    try:
        assert isinstance(ours.unwrapped, tengym.TengymVectorEnv)
        a, ia = ours.reset(seed=1)
        b, ib = theirs.reset(seed=1)
        np.testing.assert_array_equal(a, b)
        truncations = terminations = 0
        for _ in range(60):
            np.testing.assert_array_equal(ia["action_mask"], ib["action_mask"])
            actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in ia["action_mask"]])
            a, ra, ta, tra, ia = ours.step(actions)
            b, rb, tb, trb, ib = theirs.step(actions)
            for x, y in ((a, b), (ra, rb), (ta, tb), (tra, trb)):
                np.testing.assert_array_equal(x, y)
            truncations += tra.sum()
            terminations += ta.sum()
        assert truncations > 0
        if env_id == "tens":
            assert terminations > 0  # tens games end by themselves too, some at the limit's step
        with tengym.TengymEnv(env_id) as plain:
            assert ours.unwrapped.options.get("maxSteps") == plain.options.get("maxSteps")
    finally:
        ours.close()
        theirs.close()


@pytest.mark.parametrize("env_id", ["tens", "block-ten"])
def test_reset_never_returns_a_deal_with_no_legal_move(env_id):
    # 2% of tens deals and 5% of block-ten deals have no legal move: reset deals again from the
    # env's stream, as a copy of the vector env does, so SB3, RLlib and sync vector envs can step.
    single = tengym.TengymEnv(env_id)
    kept = tengym.TengymEnv(env_id, dead_deals="keep")
    vec = tengym.TengymVectorEnv(env_id, 1)
    try:
        dead = 0
        for seed in range(120):
            obs, info = single.reset(seed=seed)
            assert info["action_mask"].any() and "terminated_at_reset" not in info
            np.testing.assert_array_equal(obs, vec.reset(seed=seed)[0][0])
            kept_obs, kept_info = kept.reset(seed=seed)
            if kept_info.get("terminated_at_reset"):
                dead += 1
                # No action is legal: the mask shows every one legal (a mask is never all zeros).
                assert kept_info["action_mask"].all() and not np.array_equal(kept_obs, obs)
                assert kept.unwrapped.legal_actions() == []
            else:
                np.testing.assert_array_equal(kept_obs, obs)
        assert dead > 0
        with pytest.raises(TengymError, match="dead_deals='nope'"):
            tengym.TengymEnv(env_id, dead_deals="nope")
    finally:
        for e in (single, kept, vec):
            e.close()


def test_a_deck_given_that_deals_no_legal_move_is_refused_not_replaced():
    # The first cards dealt are four aces, four twos, four threes and a four: no two sum to ten.
    deck = [r + s for r in "A23456789TJQK" for s in "CDHS"]
    with tengym.TengymEnv("tens") as env:
        env.reset(seed=1)
        before = env.get_state()
        with pytest.raises(tengym.BadDeckError, match="this deck deals no legal move.*dead_deals='keep'"):
            env.reset(options={"deck": deck})
        assert env.get_state() == before
    with tengym.TengymEnv("tens", dead_deals="keep") as env:
        _, info = env.reset(options={"deck": deck})
        assert info["terminated_at_reset"] and info["action_mask"].all() and env.legal_actions() == []
        assert json.loads(env.get_state())["game"]["stock"][-1] == "KS"


def test_illegal_actions_that_stay_count_toward_the_step_limit():
    env = tengym.TengymEnv("decade", maxSteps=6, illegal_action="stay")
    try:
        _, info = env.reset(seed=0)
        illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
        legal = int(np.flatnonzero(info["action_mask"])[0])
        assert env.step(legal)[2:4] == (False, False)
        for _ in range(4):
            _, _, terminated, truncated, info = env.step(illegal)
            assert info["illegal_action"] and not terminated and not truncated
        # One move and four stays so far: the sixth step of either kind ends the episode.
        _, reward, terminated, truncated, info = env.step(illegal)
        assert (reward, terminated, truncated) == (0.0, False, True)
        with pytest.raises(tengym.BadActionError, match="the episode is over"):
            env.step(legal)
        env.reset(seed=0)
        for _ in range(5):
            env.step(illegal)
        _, _, terminated, truncated, _ = env.step(legal)
        assert (terminated, truncated) == (False, True)
    finally:
        env.close()


def test_a_loaded_state_counts_its_own_moves_toward_the_step_limit():
    # The loaded game's moves, not those of the game played before the load, count with the stays.
    source = tengym.TengymEnv("decade", maxSteps=10)
    env = tengym.TengymEnv("decade", maxSteps=10, illegal_action="stay")
    try:
        source.reset(seed=1)
        fresh = source.get_state()
        for _ in range(8):
            source.step(source.legal_actions()[0][0])
        eight = source.get_state()
        env.reset(seed=2)
        for _ in range(9):
            env.step(env.legal_actions()[0][0])
        _, info = env.set_state(fresh)
        illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
        for _ in range(9):
            assert env.step(illegal)[2:4] == (False, False)
        assert env.step(illegal)[2:4] == (False, True)
        env.reset(seed=3)
        env.set_state(eight)
        assert env.step(illegal)[2:4] == (False, False)
        assert env.step(illegal)[2:4] == (False, True)
    finally:
        source.close()
        env.close()


@pytest.mark.parametrize("env_id", ["tens", "block-ten", "four-ten"])
def test_illegal_actions_that_stay_end_an_episode_on_an_env_without_a_step_limit(env_id):
    env = tengym.TengymEnv(env_id, illegal_action="stay")
    try:
        assert env.options.get("maxSteps") is None
        _, info = env.reset(seed=1)
        illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
        legal = int(np.flatnonzero(info["action_mask"])[0])
        for _ in range(tengym.env.STAYS_IN_A_ROW_LIMIT - 1):
            assert env.step(illegal)[2:4] == (False, False)
        # A move starts the count again: the limit is on illegal actions in a row.
        _, _, terminated, truncated, info = env.step(legal)
        assert not terminated and not truncated
        illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
        for _ in range(tengym.env.STAYS_IN_A_ROW_LIMIT - 1):
            assert env.step(illegal)[2:4] == (False, False)
        _, reward, terminated, truncated, info = env.step(illegal)
        assert (reward, terminated, truncated, info["illegal_action"]) == (0.0, False, True, True)
        with pytest.raises(tengym.BadActionError, match="1000 illegal actions in a row"):
            env.step(illegal)
    finally:
        env.close()


@pytest.mark.parametrize("env_id", ["tens", "decade", "four-ten"])
def test_a_seed_deals_as_the_typescript_engine_does(env_id, needs_dist):
    ts = json.loads(
        node_eval(
            f"import {{ make }} from './dist/index.js'; const e = make({json.dumps(env_id)}); e.reset({{ seed: "
            "42 }); console.log(JSON.stringify(e.getState()))"
        )
    )
    with gym.make(tengym.gym_id(env_id)) as env:
        env.reset(seed=42)
        assert json.loads(env.unwrapped.get_state()) == ts


@pytest.mark.parametrize("env_id", ["decade-fives", "four-ten", "tens"])
def test_the_last_steps_info_carries_the_outcome_as_the_typescript_envs_does(env_id, needs_dist):
    # The contract: whatever the reward, the last step's info carries the outcome (with reward="cards"
    # or Four Ten's points the return does not say who won). Played as the TypeScript env plays it.
    ts = json.loads(
        node_eval(
            "import { make } from './dist/index.js'; const out = []; for (let seed = 0; seed < 6; seed++) { "
            f"const e = make({json.dumps(env_id)}); e.reset({{ seed }}); "
            "let r = null; while (e.running) r = e.step(e.legal[0]); out.push(r ? r.info.outcome : null); } "
            "console.log(JSON.stringify(out))"
        )
    )
    with tengym.TengymEnv(env_id, dead_deals="keep") as env:
        for seed, expected in enumerate(ts):
            _, info = env.reset(seed=seed)
            if expected is None:  # a deal with no legal move: its reset's info has it
                assert info["terminated_at_reset"] and "outcome" in info
                continue
            done = False
            while not done:
                _, _, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
                done = terminated or truncated
                assert ("outcome" in info) == done
            assert info["outcome"] == expected == env.outcome()
    # Truncated by maxSteps, and by illegal actions that stayed (which the engine does not count), too.
    with tengym.TengymEnv("decade", maxSteps=3) as env:
        _, info = env.reset(seed=1)
        for _ in range(3):
            _, _, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        assert truncated and info["outcome"] == env.outcome()
    with tengym.TengymEnv("tens", illegal_action="stay") as env:
        _, info = env.reset(seed=1)
        illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
        truncated = False
        while not truncated:
            _, _, _, truncated, info = env.step(illegal)
        assert info["outcome"] == env.outcome() and not info["outcome"]["won"]


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
        # The JSON as bytes loads as the text does, and the annotation says so to mypy and pyright.
        other.unwrapped.set_state(env.unwrapped.get_state().encode())
        assert other.unwrapped.get_state() == env.unwrapped.get_state()
        assert bytes in typing.get_args(typing.get_type_hints(tengym.TengymEnv.set_state)["state"])


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


@pytest.mark.parametrize("processes", [1, 2])
def test_vector_reset_mask_resets_only_the_copies_marked_as_sync_mode_does(processes):
    # Gymnasium's options={"reset_mask": mask}: the copies marked are reset (with their seeds), the
    # others keep their episode, a pending next-step autoreset included.
    def play(envs):
        seen = []
        obs, info = envs.reset(seed=10)
        masks = info["action_mask"].copy()
        for k in range(14):
            # At k=9 copy 3 has ended and is not marked (its autoreset is kept); at k=12 copy 2 has
            # ended and is marked (the reset replaces its autoreset).
            if k in (2, 3, 6, 9, 12):
                mask = np.array([k % 3 == 0, True, k in (3, 12), False])
                obs, info = envs.reset(seed=[100 + k, 200 + k, 300 + k, 400 + k], options={"reset_mask": mask})
                # Sync mode gives the info of the copies reset only; tengym's masks are every copy's.
                assert np.array_equal(info["_action_mask"], mask) or info["_action_mask"].all()
                seen.append((obs.copy(), info["action_mask"][mask].copy()))
                masks[mask] = info["action_mask"][mask]
            actions = np.array([np.flatnonzero(m)[-1] if m.any() else 0 for m in masks])
            obs, rewards, term, trunc, info = envs.step(actions)
            masks = info["action_mask"].copy()
            seen.append((obs.copy(), rewards.copy(), term.copy(), trunc.copy(), masks.copy()))
        return seen

    sync = gym.make_vec("tengym/decade-v0", num_envs=4, vectorization_mode="sync", maxSteps=4)
    native = gym.make_vec(
        "tengym/decade-v0",
        num_envs=4,
        vectorization_mode="vector_entry_point",
        maxSteps=4,
        processes=processes,
        render_mode="ansi",
    )
    try:
        expected, got = play(sync), play(native)
        assert len(expected) == len(got)
        for a, b in zip(expected, got):
            for x, y in zip(a, b):
                assert np.array_equal(x, y)
        _, info = native.reset(options={"reset_mask": np.array([False, True, False, False])})
        assert info["action_mask"].shape == (4, native.single_action_space.n) and info["_action_mask"].all()
        before = native.render()
        for bad in [
            np.array([1, 0, 0, 0]),
            np.array([True, False]),
            np.zeros(4, dtype=bool),
            [True, False, True, False],
        ]:
            with pytest.raises(tengym.TengymError, match="reset_mask"):
                native.reset(options={"reset_mask": bad})
        with pytest.raises(tengym.TengymError, match="takes no reset options but reset_mask and deck"):
            native.reset(options={"reset_mask": np.ones(4, dtype=bool), "seed": 1})
        assert native.render() == before
    finally:
        sync.close()
        native.close()
    fresh = tengym.TengymVectorEnv("tens", 2)
    try:
        with pytest.raises(tengym.TengymError, match="before the first reset"):
            fresh.reset(options={"reset_mask": np.array([True, False])})
    finally:
        fresh.close()


@pytest.mark.parametrize("processes", [1, 2])
def test_vector_reset_deck_deals_it_to_every_copy_reset_as_sync_mode_does(processes):
    # A sync vector env gives its reset options to every copy it resets: options={"deck": ...} deals
    # that deck to each, the seeds still setting what each deals next; with reset_mask, to those marked.
    deck = [r + s for s in "CDHS" for r in "A23456789TJQK"]

    def play(envs):
        seen = []
        for kwargs in [
            {"seed": 4, "options": {"deck": deck}},
            {"options": {"deck": " ".join(reversed(deck))}},
            {"seed": [1, None, 3], "options": {"deck": deck, "reset_mask": np.array([False, True, True])}},
        ]:
            # Copied: Gymnasium's sync vector env pops reset_mask out of the options it is given.
            obs, info = envs.reset(**{k: (dict(v) if k == "options" else v) for k, v in kwargs.items()})
            seen.append(obs.copy())
            masks = info["action_mask"]
            for _ in range(30):
                actions = np.array([np.flatnonzero(m)[0] if m.any() else 0 for m in masks])
                obs, rewards, term, trunc, info = envs.step(actions)
                masks = info["action_mask"]
                seen.append((obs.copy(), rewards.copy(), term.copy(), trunc.copy(), masks.copy()))
        return seen

    sync = gym.make_vec("tengym/decade-v0", num_envs=3, vectorization_mode="sync")
    native = gym.make_vec("tengym/decade-v0", num_envs=3, vectorization_mode="vector_entry_point", processes=processes)
    try:
        sync.reset(seed=0)  # copy 0 has an episode for the reset_mask that leaves it out
        native.reset(seed=0)
        expected, got = play(sync), play(native)
        for a, b in zip(expected, got, strict=True):
            for x, y in zip(a, b, strict=True):
                assert np.array_equal(x, y)
    finally:
        sync.close()
        native.close()
    # A bad deck, or one that deals no legal move (its first cards: four aces, twos, threes, a four), deals no copy.
    dead = [r + s for r in "A23456789TJQK" for s in "CDHS"]
    tens = tengym.TengymVectorEnv("tens", 3, processes=processes)
    try:
        tens.reset(seed=0)
        before = tens.call("get_state")
        for bad, error in [
            (["AS"], "copy 0: bad deck"),
            (None, "bad deck None"),
            (dead, "copy 0: reset: this deck deals no legal move"),
        ]:
            with pytest.raises(tengym.BadDeckError, match=error):
                tens.reset(options={"deck": bad})
        with pytest.raises(tengym.BadDeckError, match="copy 1: reset: this deck deals no legal move"):
            tens.reset(options={"deck": dead, "reset_mask": np.array([False, True, True])})
        assert tens.call("get_state") == before
    finally:
        tens.close()


@pytest.mark.parametrize("render_mode", ["ansi", "rgb_array"])
def test_vector_render_and_metadata_as_sync_mode_gives_them(render_mode):
    # render(): a tuple with one text (or image) a copy; metadata: the single env's render modes and fps.
    ours = gym.make_vec("tengym/decade-v0", num_envs=3, render_mode=render_mode)
    theirs = gym.make_vec("tengym/decade-v0", num_envs=3, vectorization_mode="sync", render_mode=render_mode)
    try:
        ours.reset(seed=5)
        theirs.reset(seed=5)
        a, b = ours.render(), theirs.render()
        assert type(a) is type(b) is tuple and len(a) == 3
        for x, y in zip(a, b):
            np.testing.assert_array_equal(x, y)
        for key in ("render_modes", "render_fps"):
            assert ours.metadata[key] == theirs.metadata[key], key
    finally:
        ours.close()
        theirs.close()


@pytest.mark.parametrize("render_mode", [None, "rgb_array"])
def test_vector_render_before_the_first_reset_is_a_none_a_copy_as_a_sync_vector_env_gives_it(render_mode):
    # Gymnasium's SyncVectorEnv renders tuple(env.render() for env in envs): before any reset, a
    # TengymEnv's None for each copy, not one None for the vector.
    ours = tengym.TengymVectorEnv("decade", 3, render_mode=render_mode)
    theirs = gym.vector.SyncVectorEnv([lambda: tengym.TengymEnv("decade", render_mode=render_mode) for _ in range(3)])
    try:
        assert ours.render() == theirs.render() == (None, None, None)
        assert ours.call("render") == theirs.call("render") == (None, None, None)
    finally:
        ours.close()
        theirs.close()


def _same(x, y) -> bool:
    if isinstance(x, np.ndarray) or isinstance(y, np.ndarray):
        return isinstance(x, np.ndarray) and isinstance(y, np.ndarray) and x.dtype == y.dtype and np.array_equal(x, y)
    return x == y


@pytest.mark.parametrize("same_step, processes", [(False, 1), (False, 2), (True, 2)])
def test_vector_call_and_get_attr_answer_as_sync_mode_does(same_step, processes):
    # envs.call("action_masks"), envs.get_attr("spec")...: every name the native vector env offers
    # answers, copy for copy, what a sync vector env of TengymEnvs answers, through episode ends.
    mode = gym.vector.AutoresetMode.SAME_STEP if same_step else gym.vector.AutoresetMode.NEXT_STEP
    kw = dict(maxSteps=5, max_episode_steps=4, illegal_action="stay", render_mode="ansi")
    ours = gym.make_vec(
        "tengym/decade-v0",
        num_envs=3,
        vectorization_mode="vector_entry_point",
        processes=processes,
        autoreset_mode=mode,
        **kw,
    )
    theirs = gym.make_vec(
        "tengym/decade-v0", num_envs=3, vectorization_mode="sync", vector_kwargs={"autoreset_mode": mode}, **kw
    )
    direct = tengym.TengymVectorEnv("decade", 3, processes=processes, autoreset_mode=mode, **kw)
    try:
        names = tengym.TengymVectorEnv.COPY_METHODS + tengym.TengymVectorEnv.COPY_ATTRIBUTES
        ours.reset(seed=[11, 12, 13])
        theirs.reset(seed=[11, 12, 13])
        ends = 0
        for t in range(12):
            for name in names:
                if name == "np_random":
                    a = tuple(g.integers(2**32) for g in ours.get_attr(name))
                    b = tuple(g.integers(2**32) for g in theirs.get_attr(name))
                else:
                    a, b = ours.call(name), theirs.call(name)
                assert type(a) is tuple and len(a) == 3, name
                assert all(_same(x, y) for x, y in zip(a, b)), (t, name, a, b)
            # get_attr of a method calls it, as Gymnasium's get_attr is call.
            assert all(_same(x, y) for x, y in zip(ours.get_attr("action_masks"), theirs.get_attr("action_masks")))
            # Each copy's action_space samples among that copy's legal actions, as TengymEnv's does.
            actions = np.array([space.sample() for space in ours.get_attr("action_space")])
            for i, a in enumerate(actions):
                assert ours.action_masks()[i, a] or not ours.action_masks()[i].any()
            if t % 3 == 0:
                actions[0] = 676  # an illegal action, which stays
            ra, rb = ours.step(actions), theirs.step(actions)
            for x, y in zip(ra[:4], rb[:4]):
                assert np.array_equal(x, y)
            ends += int(np.sum(ra[2] | ra[3]))
        assert ends > 0
        # The copy's spec makes one copy; a vector env made directly answers the registered spec with its keywords.
        assert direct.get_attr("spec")[0] == ours.get_attr("spec")[0] == theirs.get_attr("spec")[0]
        one = gym.make(ours.get_attr("spec")[0])
        assert one.unwrapped.options["maxSteps"] == 5 and one.spec.max_episode_steps == 4
        one.close()
    finally:
        ours.close()
        theirs.close()
        direct.close()


def test_vector_call_get_attr_set_attr_refuse_what_they_cannot_answer_by_name():
    envs = gym.make_vec("tengym/tens-v0", num_envs=2, vectorization_mode="vector_entry_point")
    try:
        envs.reset(seed=1)
        with pytest.raises(AttributeError, match="step the vector env"):
            envs.call("step", 0)
        with pytest.raises(AttributeError, match="reset_mask"):
            envs.call("reset")
        with pytest.raises(AttributeError, match="load it into a TengymEnv"):
            envs.call("set_state", "{}")
        with pytest.raises(AttributeError, match="no attribute 'nonexistent'.*action_masks"):
            envs.get_attr("nonexistent")
        with pytest.raises(AttributeError, match="engine processes"):
            envs.set_attr("render_mode", "ansi")
        # Seeds: copy i's np_random_seed is the seed it was last reset with, as TengymEnv's.
        assert envs.get_attr("np_random_seed") == (1, 2)
        envs.reset(seed=[None, 7])
        assert envs.get_attr("np_random_seed") == (1, 7)
        envs.reset(seed=3, options={"reset_mask": np.array([True, False])})
        assert envs.get_attr("np_random_seed") == (3, 7)
        # And the vector env's own np_random_seed is that tuple, as a sync vector env's is its sub-envs'.
        assert envs.np_random_seed == (3, 7)
        sync = gym.make_vec("tengym/tens-v0", num_envs=2, vectorization_mode="sync")
        try:
            sync.reset(seed=[1, 7])
            envs.reset(seed=[1, 7])
            assert envs.np_random_seed == sync.np_random_seed == (1, 7)
        finally:
            sync.close()
    finally:
        envs.close()
