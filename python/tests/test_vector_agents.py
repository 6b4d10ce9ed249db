"""tengym's agents asked of every copy of a vector env at once: TengymVectorEnv.agent_actions (and
attach_agent, reset_agents), and the SB3 VecEnv's env_method("agent_action", ...), each copy's agent
shown every state of its copy and reset at each of its deals as a TengymEnv resets its agent."""

import importlib.util
import os
import signal
import warnings

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

import tengym
from tengym import BadActionError, BadSeedError, EngineError, TengymError, TengymVectorEnv


def single_env_labels(
    env_id: str, agent: str, seed: int, steps: int, same_step: bool, max_episode_steps: int | None = None
):
    """One TengymEnv reset with `seed`, then with plain resets, played by `agent` asked at every step, its
    agent reset with derive_seed(seed, k) at deal k (as documented, given here with reset_agents), and
    each step's (label, reward, terminated, truncated) as a copy of a vector env with that seed gives
    them: next-step, the step after an episode's end is the autoreset, labelled -1, reward 0."""
    env = gym.make(tengym.gym_id(env_id), max_episode_steps=max_episode_steps)
    deals = 0

    def deal(**seeded):
        nonlocal deals
        env.reset(**seeded)
        env.unwrapped.attach_agent(agent)
        env.unwrapped.reset_agents(tengym.derive_seed(seed, deals))
        deals += 1

    try:
        deal(seed=seed)
        out, pending = [], False
        for _ in range(steps):
            if pending:
                deal()
                out.append((-1, 0.0, False, False))
                pending = False
                continue
            action = env.unwrapped.agent_action(agent)
            _, reward, terminated, truncated, _ = env.step(action)
            out.append((action, float(reward), terminated, truncated))
            if terminated or truncated:
                if same_step:
                    deal()
                else:
                    pending = True
        return out
    finally:
        env.close()


@pytest.mark.parametrize(
    "env_id, agent, mode, processes, max_episode_steps, steps",
    [
        # pimc on Ten-Twenty-Thirty remembers what it saw: each copy's must see every state of its own copy.
        ("ten-twenty-thirty", "pimc", AutoresetMode.NEXT_STEP, 1, None, 700),
        ("ten-twenty-thirty", "pimc", AutoresetMode.SAME_STEP, 2, None, 700),
        # random draws at every act: a copy's agent reset with another seed at any deal plays another game.
        ("decade", "random", AutoresetMode.NEXT_STEP, 2, None, 400),
        ("decade", "random", AutoresetMode.SAME_STEP, 1, 25, 400),
        ("decade-fives", "pimc", AutoresetMode.NEXT_STEP, 2, 30, 300),
    ],
)
def test_copy_i_asked_at_every_step_plays_the_games_of_a_single_env_seeded_s_plus_i(
    env_id, agent, mode, processes, max_episode_steps, steps
):
    seed, num = 300, 3
    vec = TengymVectorEnv(env_id, num, processes=processes, autoreset_mode=mode, max_episode_steps=max_episode_steps)
    try:
        vec.reset(seed=seed)
        got: list[list[tuple]] = [[] for _ in range(num)]
        for _ in range(steps):
            actions = vec.agent_actions(agent)
            assert actions.dtype == np.int64 and actions.shape == (num,)
            _, rewards, terminated, truncated, _ = vec.step(actions)
            for i in range(num):
                got[i].append((int(actions[i]), float(rewards[i]), bool(terminated[i]), bool(truncated[i])))
    finally:
        vec.close()
    for i in range(num):
        ends = sum(t or u for _, _, t, u in got[i])
        assert ends >= 1, "the run must reach an autoreset"
        assert got[i] == single_env_labels(
            env_id, agent, seed + i, steps, mode is AutoresetMode.SAME_STEP, max_episode_steps
        ), f"copy {i}"


def test_a_copy_whose_episode_ended_answers_minus_one_until_its_next_deal():
    vec = TengymVectorEnv("decade", 4, processes=2, max_episode_steps=6)
    late = np.array([True, True, False, False])
    try:
        vec.reset(seed=8)
        for _ in range(2):
            vec.step(vec.agent_actions("longest"))
        vec.reset(options={"reset_mask": late})  # copies 0 and 1 two steps behind 2 and 3
        for _ in range(4):
            labels = vec.agent_actions("longest")
            assert (labels >= 0).all() and vec.action_masks()[np.arange(4), labels].all()
            _, _, terminated, truncated, _ = vec.step(labels)
        ended = terminated | truncated
        assert ended.tolist() == [False, False, True, True]
        # The copies that ended answer -1 (no label: the next step ignores their action and deals
        # their next game); the others a legal action of theirs.
        labels = vec.agent_actions("longest")
        assert labels[ended].tolist() == [-1, -1] and vec.action_masks()[np.flatnonzero(late), labels[late]].all()
        # A partial reset that leaves them out leaves their autoreset pending: still -1.
        vec.reset(options={"reset_mask": late})
        labels = vec.agent_actions("longest")
        assert labels[ended].tolist() == [-1, -1] and (labels[late] >= 0).all()
        # -1 goes to step as it is, over both engine processes: ignored, those copies deal their next game.
        _, rewards, terminated, truncated, _ = vec.step(labels)
        assert not (terminated | truncated).any() and (rewards[ended] == 0).all()
        labels = vec.agent_actions("longest")
        assert (labels >= 0).all() and vec.action_masks()[np.arange(4), labels].all()
    finally:
        vec.close()


@pytest.mark.parametrize("num, processes", [(1, 1), (4, 2)])
def test_reset_agents_on_copy_i_replays_deal_i_of_play_agent_asked_only_at_decisions(num, processes):
    # pimc on Ten-Twenty-Thirty remembers the order under the stock from every state it sees; asked
    # only where some copy has a choice, each copy's agent is still shown every state of its copy and
    # plays play_agent's game (as TengymEnv's does: test_agents.py).
    seed, deals = 108, 12
    played = tengym.play_agent("ten-twenty-thirty", "pimc", episodes=deals, seed=seed)
    assert played.won.sum() == 4
    vec = TengymVectorEnv("ten-twenty-thirty", num, processes=processes)
    cards_left, steps = [], []
    try:
        assert vec.attach_agent("pimc").name == "pimc"
        for first in range(0, deals, num):
            vec.reset(seed=seed + first)
            assert vec.reset_agents([tengym.derive_seed(seed, first + i) for i in range(num)]) == ["pimc"]
            counted, left = np.zeros(num, dtype=int), [None] * num
            while any(c is None for c in left):
                masks = vec.action_masks()
                choice = masks.sum(axis=1) > 1
                labels = vec.agent_actions("pimc") if choice.any() else np.zeros(num, dtype=np.int64)
                _, _, terminated, truncated, _ = vec.step(np.where(choice, labels, masks.argmax(axis=1)))
                outcomes = vec.call("outcome") if (terminated | truncated).any() else None
                for i in range(num):
                    if left[i] is None:
                        counted[i] += 1
                        if terminated[i] or truncated[i]:
                            left[i] = outcomes[i]["cardsLeft"]
            cards_left += left
            steps += counted.tolist()
    finally:
        vec.close()
    assert cards_left == played.cards_left.tolist()
    assert steps == played.steps.tolist()


def test_the_agents_of_an_engine_replaced_after_a_failure_are_attached_again_at_reset():
    vec = TengymVectorEnv("ten-twenty-thirty", 3, processes=2)
    try:
        vec.reset(seed=50)
        vec.attach_agent("pimc")
        vec.agent_actions("random")
        os.kill(vec._engines[1].proc.pid, signal.SIGKILL)
        with pytest.raises(EngineError):
            vec.agent_actions("pimc")
        vec.reset(seed=50)
        # The new engine has the vector's agents (reset with its copy's deal), not none.
        assert vec._engines[1].request({"cmd": "resetAgents", "seeds": [None]}) == ["pimc", "random"]
        got = []
        for _ in range(300):
            actions = vec.agent_actions("pimc")
            got.append(int(actions[2]))
            vec.step(actions)
        assert got == [a for a, *_ in single_env_labels("ten-twenty-thirty", "pimc", 52, 300, same_step=False)]
    finally:
        vec.close()


def test_vector_agents_refuse_with_tengyms_errors_and_warn_of_the_oracle():
    vec = TengymVectorEnv("decade", 3)
    try:
        with pytest.raises(BadActionError, match="call reset"):
            vec.agent_actions("pimc")
        vec.reset(seed=1)
        with pytest.raises(TengymError, match='unknown agent "greedy" for decade'):
            vec.agent_actions("greedy")
        with pytest.raises(TengymError, match="name must be an agent's name"):
            vec.agent_actions(None)
        with pytest.warns(UserWarning, match="'oracle' is not fair"):
            vec.agent_actions("oracle")
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            vec.attach_agent("oracle")  # attached already: warned once
        with pytest.raises(BadSeedError, match="expected a list of 3 seeds"):
            vec.reset_agents(5)
        with pytest.raises(BadSeedError, match="expected a list of 3 seeds"):
            vec.reset_agents([1, 2])
        with pytest.raises(BadSeedError, match="bad seed -1 in the list"):
            vec.reset_agents([1, -1, None])
        assert vec.reset_agents([1, None, np.int64(3)]) == ["oracle"]
        with pytest.raises(AttributeError, match=r"agent_actions\(name\)"):
            vec.call("agent_action", "pimc")
    finally:
        vec.close()


@pytest.mark.skipif(
    importlib.util.find_spec("stable_baselines3") is None,
    reason="stable-baselines3 is not installed (the [train] extra)",
)
def test_sb3_env_method_agent_action_plays_a_dummy_vec_env_of_tengym_envs_games():
    from stable_baselines3.common.env_util import make_vec_env as sb3_make_vec_env

    from tengym.sb3 import make_vec_env

    ours = make_vec_env("ten-twenty-thirty", 3, seed=7, processes=2)
    theirs = sb3_make_vec_env(tengym.gym_id("ten-twenty-thirty"), n_envs=3, seed=7)
    try:
        ours.reset()
        theirs.reset()
        infos = [i.name for i in ours.env_method("attach_agent", "pimc")]
        assert infos == [i.name for i in theirs.env_method("attach_agent", "pimc")] == ["pimc"] * 3
        ends = 0
        for t in range(700):
            if t == 100:
                # One copy's agents reset with a seed of its own, and one copy asked alone: as each TengymEnv would be.
                assert (
                    ours.env_method("reset_agents", 99, indices=[1])
                    == theirs.env_method("reset_agents", 99, indices=[1])
                    == [["pimc"]]
                )
                assert ours.env_method("agent_action", "pimc", indices=[2]) == theirs.env_method(
                    "agent_action", "pimc", indices=[2]
                )
            actions = ours.env_method("agent_action", "pimc")
            assert actions == theirs.env_method("agent_action", "pimc")
            o1, r1, d1, _ = ours.step(np.array(actions))
            o2, r2, d2, _ = theirs.step(np.array(actions))
            np.testing.assert_array_equal(o1, o2)
            np.testing.assert_array_equal(d1, d2)
            ends += d1.sum()
        assert ends >= 2
        with pytest.raises(TypeError, match="takes one argument"):
            ours.env_method("agent_action")
        with pytest.raises(BadSeedError):
            ours.env_method("reset_agents", -1)
    finally:
        ours.close()
        theirs.close()
