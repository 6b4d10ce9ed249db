"""tengym.sb3: Stable-Baselines3's VecEnv backed by the batched engine, checked against SB3's own DummyVecEnv."""

import importlib.util
import json
import pickle
import subprocess
import sys

import gymnasium as gym
import numpy as np
import pytest

import tengym
from tengym.bench import random_legal

missing = [m for m in ("stable_baselines3",) if importlib.util.find_spec(m) is None]
pytestmark = pytest.mark.skipif(
    bool(missing), reason="stable-baselines3 is not installed (the [train] extra): pip install -e 'python[train]'"
)


def dummy(env_id, n, seed, **options):
    from stable_baselines3.common.env_util import make_vec_env

    return make_vec_env(tengym.gym_id(env_id), n_envs=n, seed=seed, env_kwargs=options)


@pytest.mark.parametrize(
    "env_id,options",
    [
        ("decade-fives", {}),
        ("tens", {}),
        ("decade", {"maxSteps": 7}),
        ("decade", {"max_episode_steps": 5}),
        ("decade", {"maxSteps": 7, "max_episode_steps": 9}),
    ],
)
def test_same_steps_as_sb3s_dummy_vec_env(env_id, options):
    from sb3_contrib.common.maskable.utils import get_action_masks

    from tengym.sb3 import make_vec_env

    ours, theirs = make_vec_env(env_id, 3, seed=11, **options), dummy(env_id, 3, 11, **options)
    rng = np.random.default_rng(5)
    try:
        a, b = ours.reset(), theirs.reset()
        np.testing.assert_array_equal(a, b)
        ends = truncations = outcomes = 0
        for _ in range(300):
            masks = np.stack(ours.env_method("action_masks"))
            assert masks.any(axis=1).all()
            np.testing.assert_array_equal(masks, get_action_masks(theirs))
            np.testing.assert_array_equal(masks, get_action_masks(ours))
            actions = random_legal(masks.astype(np.int8), rng)
            o1, r1, d1, i1 = ours.step(actions)
            o2, r2, d2, i2 = theirs.step(actions)
            # Both redeal a deal with no legal move (tens has them), so the two never part.
            np.testing.assert_array_equal(o1, o2)
            np.testing.assert_array_equal(r1, r2)
            np.testing.assert_array_equal(d1, d2)
            for i in np.flatnonzero(d1):
                ends += 1
                np.testing.assert_array_equal(i1[i]["terminal_observation"], i2[i]["terminal_observation"])
                assert i1[i]["TimeLimit.truncated"] == i2[i]["TimeLimit.truncated"]
                # The ended game's outcome, where the copy's TengymEnv gives one (not when only the
                # time limit ended it).
                assert i1[i].get("outcome") == i2[i].get("outcome")
                outcomes += "outcome" in i1[i]
                truncations += i1[i]["TimeLimit.truncated"]
            for i in np.flatnonzero(~d1):
                assert "terminal_observation" not in i1[i]
        assert ends > 0
        # Only the time limit ends decade within 5 steps: then no outcome, as in the DummyVecEnv.
        assert (outcomes > 0) == (options != {"max_episode_steps": 5})
        if options.get("maxSteps") or options.get("max_episode_steps"):
            assert truncations > 0
    finally:
        ours.close()
        theirs.close()


def test_seed_reset_and_close():
    from tengym.sb3 import TengymSB3VecEnv

    v = TengymSB3VecEnv("tengym/decade-fives-v0", 4, processes=2)
    try:
        assert v.seed(21) == [21, 22, 23, 24]
        first = v.reset()
        v.seed(21)
        np.testing.assert_array_equal(v.reset(), first)
        # Without a new seed the next reset deals on: new cards.
        assert not np.array_equal(v.reset(), first)
        # By default a copy given an id of the space that is not legal stays, as TengymEnv does (reward 0).
        illegal = np.array([np.flatnonzero(~m)[0] for m in v.action_masks()])
        _, rewards, _, infos = v.step(illegal)
        assert not rewards.any() and all(info["illegal_action"] for info in infos)
        # An action id it does not have is refused, as by TengymEnv, and no copy moves.
        with pytest.raises(tengym.BadActionError, match="not an action id"):
            v.step(np.full(4, 10**6))
        assert v.has_attr("action_masks") and not v.has_attr("nothing_such")
        assert len(v.env_method("render")) == 4 and len(v.env_method("render", indices=[1])) == 1
        # get_state is JSON text, as TengymEnv.get_state (and so a DummyVecEnv of them) gives it.
        states = v.env_method("get_state")
        assert all(isinstance(s, str) for s in states) and json.loads(states[2])["env"] == "decade-fives"
    finally:
        v.close()
    v.close()
    assert all(e.proc.poll() is not None for e in v._engines)


def test_sb3_wrappers_and_check_env():
    from stable_baselines3.common.env_checker import check_env
    from stable_baselines3.common.vec_env import VecCheckNan, VecMonitor

    from tengym.sb3 import make_vec_env

    single = tengym.TengymEnv("decade-fives", illegal_action="stay")
    try:
        check_env(single, warn=True)
    finally:
        single.close()
    monitored = make_vec_env("tens", 4, seed=0)
    assert isinstance(monitored, VecMonitor)
    bare = make_vec_env("tens", 1, monitor=False)
    assert not isinstance(bare, VecMonitor)
    bare.close()
    v = VecCheckNan(monitored, raise_exception=True)
    try:
        v.reset()
        rng = np.random.default_rng(0)
        episodes = 0
        for _ in range(400):
            _, _, dones, infos = v.step(random_legal(np.stack(v.env_method("action_masks")).astype(np.int8), rng))
            episodes += sum("episode" in infos[i] for i in np.flatnonzero(dones))
        assert episodes > 0
    finally:
        v.close()


def test_base_package_does_not_import_sb3():
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, tengym; print('stable_baselines3' in sys.modules, 'tengym.sb3' in sys.modules)",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.split() == ["False", "False"]


def test_the_sb3_benchmark_prints_both_vec_envs(capsys):
    from tengym import bench

    bench.main(["--sb3", "--env", "tens", "--sizes", "2,3", "--rounds", "1", "--seconds", "0.05"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "| env | copies | `tengym.sb3.make_vec_env` | SB3 `make_vec_env` | ratio |"
    rows = [[c.strip() for c in line.strip("|").split("|")] for line in lines[3:]]
    assert [r[:2] for r in rows] == [["tens", "2"], ["tens", "3"]]
    for r in rows:
        ours, theirs = (float(c.split(" ")[0].replace(",", "")) for c in r[2:4])
        assert ours > 0 and theirs > 0 and float(r[4]) == pytest.approx(ours / theirs, abs=0.051)


def test_make_vec_env_without_a_seed_deals_every_copy_its_own():
    # SB3's make_vec_env seeds with a random seed when given none; so does tengym's.
    from tengym.sb3 import TengymSB3VecEnv, make_vec_env

    for vec in (make_vec_env("tens", 4), TengymSB3VecEnv("tens", 4, processes=2)):
        try:
            obs = vec.reset()
            states = vec.env_method("get_state")
            assert len(set(states)) == 4 and len({r.tobytes() for r in obs}) >= 3
        finally:
            vec.close()


def test_get_attr_answers_per_copy_as_a_dummy_vec_env_does():
    from tengym.sb3 import TengymSB3VecEnv

    ours, theirs = TengymSB3VecEnv("decade", 3), dummy("decade", 3, 0)
    try:
        ours.seed(0)
        ours.reset()
        theirs.reset()
        for vec in (ours, theirs):
            masks = [f() for f in vec.get_attr("action_masks")]
            assert [m.shape for m in masks] == [(677,)] * 3
        assert all(
            np.array_equal(a(), b()) for a, b in zip(ours.get_attr("action_masks"), theirs.get_attr("action_masks"))
        )
        for key in ("render_modes", "render_fps"):
            assert ours.get_attr("metadata", [0])[0][key] == theirs.get_attr("metadata", [0])[0][key], key
        # The TengymEnv methods env_method answers are attributes too, each copy's bound method, as in the DummyVecEnv.
        for name in ("render", "get_state", "legal_actions", "outcome", "agent_action", "attach_agent", "reset_agents"):
            assert ours.has_attr(name) and theirs.has_attr(name), name
        assert [f() for f in ours.get_attr("get_state", [2, 0])] == [f() for f in theirs.get_attr("get_state", [2, 0])]
        assert [f() for f in ours.get_attr("legal_actions")] == [f() for f in theirs.get_attr("legal_actions")]
        assert [f("longest") for f in ours.get_attr("agent_action", [1])] == [
            f("longest") for f in theirs.get_attr("agent_action", [1])
        ]
    finally:
        ours.close()
        theirs.close()


def test_get_attr_spec_carries_the_options_and_max_episode_steps_as_a_dummy_vec_env_does():
    from tengym.sb3 import TengymSB3VecEnv

    ours, theirs = TengymSB3VecEnv("decade", 2, maxSteps=7), dummy("decade", 2, 0, maxSteps=7)
    timed, timed_theirs = TengymSB3VecEnv("decade", 2, max_episode_steps=5), dummy("decade", 2, 0, max_episode_steps=5)
    try:
        # SB3's make_vec_env adds render_mode="rgb_array" and a Monitor to each copy's spec; ours names the
        # illegal_action it was made with, TengymEnv's default "stay" included; the rest is the same.
        for a, b in zip(ours.get_attr("spec"), theirs.get_attr("spec")):
            assert (a.id, a.entry_point, a.kwargs) == (
                b.id,
                b.entry_point,
                {**{k: v for k, v in b.kwargs.items() if k != "render_mode"}, "illegal_action": "stay"},
            )
        assert ours.get_attr("spec", [1])[0].kwargs == {"env_id": "decade", "maxSteps": 7, "illegal_action": "stay"}
        assert (
            [s.max_episode_steps for s in timed.get_attr("spec")]
            == [s.max_episode_steps for s in timed_theirs.get_attr("spec")]
            == [5, 5]
        )
        assert timed.get_attr("spec", [0])[0].kwargs == {"env_id": "decade", "illegal_action": "stay"}
        # The spec makes the env it describes.
        remade = gym.make(ours.get_attr("spec", [0])[0])
        assert remade.unwrapped.options["maxSteps"] == 7
        remade.close()
        remade = gym.make(timed.get_attr("spec", [0])[0])
        assert remade.spec.max_episode_steps == 5
        remade.close()
        with pytest.raises(tengym.TengymError, match="max_episode_steps"):
            TengymSB3VecEnv("decade", 2, max_episode_steps=0)
    finally:
        for vec in (ours, theirs, timed, timed_theirs):
            vec.close()


def test_get_attr_spec_carries_the_render_mode_and_engine_timeout_as_a_dummy_vec_env_does():
    from tengym.sb3 import TengymSB3VecEnv

    kwargs = {"render_mode": "rgb_array", "engine_timeout": 5, "illegal_action": "stay", "maxSteps": 7}
    ours, theirs = TengymSB3VecEnv("decade", 2, **kwargs), dummy("decade", 2, 0, **kwargs)
    try:
        for a, b in zip(ours.get_attr("spec"), theirs.get_attr("spec")):
            assert a.kwargs == b.kwargs == {"env_id": "decade", **kwargs}
        remade = gym.make(ours.get_attr("spec", [0])[0])
        assert (remade.render_mode, remade.unwrapped._engine.timeout) == ("rgb_array", 5)
        remade.close()
    finally:
        ours.close()
        theirs.close()


def test_subproc_vec_env_workers_make_a_module_prefixed_id(tmp_path):
    # SubprocVecEnv's workers (forkserver, SB3's default) have not imported tengym, so a bare
    # "tengym/tens-v0" is unknown there; "tengym:tengym/tens-v0" imports it first (python.md).
    script = tmp_path / "subproc.py"
    script.write_text(
        "import sys\n"
        "if __name__ == '__main__':\n"
        "    import numpy as np, tengym\n"
        "    from stable_baselines3.common.env_util import make_vec_env\n"
        "    from stable_baselines3.common.vec_env import SubprocVecEnv\n"
        "    try:\n"
        "        make_vec_env(sys.argv[1], n_envs=2, seed=0, vec_env_cls=SubprocVecEnv).close()\n"
        "    except Exception as e:\n"
        "        print(type(e).__name__)\n"
        "        sys.exit(0)\n"
        "    v = make_vec_env(sys.argv[1], n_envs=2, seed=0, vec_env_cls=SubprocVecEnv)\n"
        "    v.reset()\n"
        "    masks = np.stack(v.env_method('action_masks'))\n"
        "    v.step(masks.argmax(axis=1))\n"
        "    v.close()\n"
        "    print('ok')\n"
    )
    run = lambda env_id: (
        subprocess.run([sys.executable, str(script), env_id], capture_output=True, text=True, timeout=120)
        .stdout.strip()
        .splitlines()[-1]
    )
    # The worker died of NamespaceNotFound.
    assert run("tengym/tens-v0") in ("EOFError", "ConnectionResetError", "BrokenPipeError")
    assert run("tengym:tengym/tens-v0") == "ok"


def test_every_constructor_takes_the_module_prefixed_id():
    # The id SubprocVecEnv's workers need ("tengym:tengym/tens-v0") names the same engine everywhere.
    from tengym.sb3 import TengymSB3VecEnv, make_vec_env
    from tengym.vector import TengymVectorEnv

    for vec in (
        make_vec_env("tengym:tengym/tens-v0", 2, seed=1, monitor=False),
        TengymSB3VecEnv("tengym:tengym/tens-v0", 2),
        TengymVectorEnv("tengym:tengym/tens-v0", 2),
    ):
        try:
            assert vec.env_id == "tens"
        finally:
            vec.close()


def test_make_vec_env_with_a_seed_seeds_the_action_space_as_sb3s_does():
    # SB3's make_vec_env seeds each copy's action space with seed + i, so a DummyVecEnv's
    # action_space (copy 0's) samples the same ids for the same seed; tengym's does too.
    from tengym.sb3 import make_vec_env

    ours, again, theirs = (
        make_vec_env("decade-fives", 2, seed=3),
        make_vec_env("decade-fives", 2, seed=3),
        dummy("decade-fives", 2, 3),
    )
    try:
        samples = [[int(vec.action_space.sample()) for _ in range(20)] for vec in (ours, again, theirs)]
        assert samples[0] == samples[1] == samples[2]
    finally:
        for vec in (ours, again, theirs):
            vec.close()


def test_action_space_sample_draws_for_each_copy_in_turn_so_dqns_random_actions_are_legal():
    # DQN's warm-up and epsilon-greedy steps draw one action a copy, in order, from the one action
    # space: after a reset or a step, the i-th sample() draws among copy i's legal actions. (A
    # DummyVecEnv's, copy 0's, draws copy 0's for every copy: illegal for the others.)
    from tengym.sb3 import make_vec_env

    vec = make_vec_env("decade-fives", 4, seed=3)
    try:
        vec.reset()
        differ = 0
        for _ in range(40):
            masks = vec.action_masks()
            differ += any((masks[i] != masks[0]).any() for i in range(1, 4))
            drawn = [int(vec.action_space.sample()) for _ in range(8)]
            assert all(masks[i % 4][a] for i, a in enumerate(drawn)), (drawn, [np.flatnonzero(m) for m in masks])
            vec.step(np.array([np.flatnonzero(m)[0] for m in masks]))
            # The step set the turn back to copy 0.
            assert vec.action_space.turn == 0
        assert differ >= 20  # positions where copy 0's legal actions were not the others'
        # A mask given is used as given; legal and contains are copy 0's and the range's, as before.
        only = np.zeros(vec.action_space.n, dtype=np.int8)
        only[5] = 1
        assert int(vec.action_space.sample(mask=only)) == 5
        assert (vec.action_space.legal == vec.action_masks()[0]).all() and vec.action_space.contains(
            vec.action_space.n - 1
        )
    finally:
        vec.close()


def test_dqn_warm_up_on_four_copies_plays_legal_moves_only():
    from stable_baselines3 import DQN

    from tengym.sb3 import make_vec_env

    vec = make_vec_env("decade-fives", 4, seed=0)  # illegal_action="raise": one illegal random action would raise
    try:
        DQN("MlpPolicy", vec, learning_starts=400, buffer_size=1000, device="cpu", seed=0).learn(400)
    finally:
        vec.close()


def test_make_vec_env_refuses_sb3s_own_keywords_by_name_rather_than_as_game_options():
    from tengym.sb3 import make_vec_env

    with pytest.raises(
        tengym.TengymError,
        match=r"^make_vec_env: env_kwargs=, vec_env_cls= is SB3's make_vec_env's, not tengym.sb3.make_vec_env's: give "
        r"the game's options as keywords",
    ):
        make_vec_env("decade", 2, env_kwargs={"maxSteps": 3}, vec_env_cls=object)


def test_a_pickled_legal_action_space_is_a_plain_discrete_not_the_legal_actions_of_its_moment():
    # SB3's save stores the action space: a copy of the legal actions then would be drawn from later.
    env = tengym.TengymEnv("tens")
    try:
        env.reset(seed=0)
        back = pickle.loads(pickle.dumps(env.action_space))
        assert type(back) is gym.spaces.Discrete and back == env.action_space and back.n == env.action_space.n
    finally:
        env.close()


def test_a_copied_or_pickled_action_space_keeps_its_random_generator_as_a_discrete_does():
    import copy

    env = tengym.TengymEnv("decade")
    try:
        env.reset(seed=0)
        env.action_space.seed(5)
        mask = np.ones(env.action_space.n, dtype=np.int8)
        reference = gym.spaces.Discrete(env.action_space.n, seed=5)
        expected = [int(reference.sample(mask=mask)) for _ in range(5)]
        for back in (copy.deepcopy(env.action_space), pickle.loads(pickle.dumps(env.action_space))):
            assert [int(back.sample(mask=mask)) for _ in range(5)] == expected
        # The copies drew from their own generators: the original's is where it was.
        assert [int(env.action_space.sample(mask=mask)) for _ in range(5)] == expected
    finally:
        env.close()


def test_copy_indices_count_from_the_end_as_a_dummy_vec_envs_do_and_out_of_range_is_refused():
    from tengym.sb3 import make_vec_env

    ours, theirs = make_vec_env("tens", 3, seed=8), dummy("tens", 3, 8)
    try:
        ours.reset(), theirs.reset()
        for vec in (ours, theirs):
            vec.env_method("attach_agent", "random")
        for vec in (ours, theirs):
            # The last copy's agent reset alike each time: the same draw each time.
            drawn = []
            for _ in range(3):
                vec.env_method("reset_agents", 123, indices=-1)
                drawn.append(vec.env_method("agent_action", "random", indices=[-1])[0])
            assert len(set(drawn)) == 1
        assert (
            ours.env_method("legal_actions", indices=-1)
            == theirs.env_method("legal_actions", indices=-1)
            == theirs.env_method("legal_actions", indices=2)
        )
        assert ours.get_attr("render_mode", indices=[-3, 1]) == [None, None]
        for bad in (3, -4, [0, 3]):
            with pytest.raises(IndexError, match=r"this VecEnv has 3 copies \(0 to 2, or -3 to -1 from the end\)"):
                ours.env_method("legal_actions", indices=bad)
    finally:
        ours.close(), theirs.close()


def test_a_bad_seed_is_refused_by_seed_not_at_the_next_reset():
    from tengym import BadSeedError
    from tengym.sb3 import TengymSB3VecEnv

    vec = TengymSB3VecEnv("decade", 2)
    try:
        for bad in (1.5, -1, True, 2**53 - 1):
            with pytest.raises(
                BadSeedError,
                match=rf"^seed: bad seed {bad!r}: expected an integer from 0 to \d+ \(copy i deals with seed \+ i\)$",
            ):
                vec.seed(bad)
        assert vec.seed(7) == [7, 8]
        first = vec.reset()
        again = TengymSB3VecEnv("decade", 2)
        again.seed(7)
        assert (again.reset() == first).all()
        again.close()
    finally:
        vec.close()


def test_make_vec_env_takes_a_numpy_seed_and_refuses_a_bad_one_with_bad_seed_error():
    # The seed is checked by tengym's own seed() before the action space is seeded: a numpy integer
    # is a seed (Gymnasium's spaces took only a Python int), and a bad one is a BadSeedError (Gymnasium's Error before).
    from tengym import BadSeedError
    from tengym.sb3 import make_vec_env

    ours, plain = make_vec_env("decade-fives", 2, seed=np.int64(4)), make_vec_env("decade-fives", 2, seed=4)
    try:
        assert ours.unwrapped.seed(np.int64(4)) == plain.unwrapped.seed(4) == [4, 5]
        np.testing.assert_array_equal(ours.reset(), plain.reset())
        assert [int(ours.action_space.sample()) for _ in range(20)] == [
            int(plain.action_space.sample()) for _ in range(20)
        ]
    finally:
        ours.close(), plain.close()
    for bad in (-1, 1.5, True, np.int64(-1)):
        with pytest.raises(
            BadSeedError,
            match=r"^seed: bad seed .*: expected an integer from 0 to \d+ \(copy i deals with seed \+ i\)$",
        ):
            make_vec_env("decade-fives", 2, seed=bad)


def test_env_method_legal_actions_and_outcome_as_a_dummy_vec_env_gives_them():
    # TengymEnv's legal_actions() and outcome(), asked of every copy (or those of indices), as a
    # DummyVecEnv of TengymEnvs answers env_method, and as the native vector env's call() offers them.
    from tengym.sb3 import make_vec_env

    ours, theirs = make_vec_env("decade-fives", 3, seed=4, processes=2), dummy("decade-fives", 3, 4)
    rng = np.random.default_rng(2)
    try:
        ours.reset()
        theirs.reset()
        for _ in range(40):
            for name in ("legal_actions", "outcome"):
                mine = ours.env_method(name)
                assert mine == theirs.env_method(name), name
                assert ours.env_method(name, indices=[2]) == theirs.env_method(name, indices=[2]) == mine[2:], name
            assert all(legal and all(isinstance(a, tuple) for a in legal) for legal in ours.env_method("legal_actions"))
            actions = random_legal(np.stack(ours.env_method("action_masks")).astype(np.int8), rng)
            ours.step(actions)
            theirs.step(actions)
    finally:
        ours.close()
        theirs.close()


def test_set_options_deck_deals_it_at_the_next_reset_as_a_dummy_vec_env_does():
    """set_options({"deck": ...}), one for every copy or a list of one a copy, deals those decks at the next
    reset, as a DummyVecEnv of TengymEnvs passes each copy's options to its reset; a bad deck in any engine
    process resets no copy."""
    from tengym.sb3 import make_vec_env

    deck = [r + s for s in "CDHS" for r in "A23456789TJQK"]
    ours, theirs = make_vec_env("decade", 4, seed=5, processes=2), dummy("decade", 4, 5)
    try:
        np.testing.assert_array_equal(ours.reset(), theirs.reset())
        for options in ({"deck": deck}, [{"deck": deck}, {}, {"deck": deck[::-1]}, {}]):
            ours.set_options(options)
            theirs.set_options(options)
            np.testing.assert_array_equal(ours.reset(), theirs.reset())
            assert ours.env_method("get_state") == theirs.env_method("get_state")
        # Options serve one reset: the next deals on from each copy's generator.
        np.testing.assert_array_equal(ours.reset(), theirs.reset())
        before = ours.env_method("get_state")
        # Copy 3 is on the second engine process: the first deals nothing either.
        ours.set_options([{"deck": deck}, {}, {}, {"deck": "AS AS"}])
        with pytest.raises(tengym.BadDeckError, match=r"^copy 3: bad deck: duplicate cards AS; 2 cards"):
            ours.reset()
        assert ours.env_method("get_state") == before
        ours.set_options({"deck": None})
        with pytest.raises(tengym.BadDeckError, match="bad deck None"):
            ours.reset()
        ours.set_options({"seed": 3})
        with pytest.raises(tengym.TengymError, match="takes no reset options but deck"):
            ours.reset()
    finally:
        ours.close()
        theirs.close()


def test_the_vec_envs_observation_space_carries_the_engines_bounds():
    from tengym.sb3 import make_vec_env

    single = tengym.TengymEnv("decade-stacks")
    venv = make_vec_env("decade-stacks", 2, seed=0, monitor=False)
    try:
        assert venv.observation_space == single.observation_space
        assert np.all(np.isfinite(venv.observation_space.high)) and venv.observation_space.high.dtype == np.float32
        assert venv.observation_space.contains(venv.reset()[0])
    finally:
        venv.close()
        single.close()
