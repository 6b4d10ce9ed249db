"""The package type-checks: it ships py.typed, so users' type checkers read its annotations."""

import subprocess
import sys
from pathlib import Path

import pytest

PYTHON_DIR = Path(__file__).resolve().parents[1]


def test_mypy_finds_no_errors(pytestconfig, tmp_path):
    pytest.importorskip(
        "mypy", reason="mypy is not installed: pip install -e 'python[test]' (or '[train]') to type-check the package"
    )
    # A cold check reads numpy's, gymnasium's and (with [train]) torch's annotations, most of a
    # minute; pytest's cache directory keeps mypy's cache for the runs after.
    # (pytest -p no:cacheprovider has no cache: mypy then caches in the test's temporary folder.)
    cache = pytestconfig.cache.mkdir("mypy") if getattr(pytestconfig, "cache", None) is not None else tmp_path
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--config-file",
            str(PYTHON_DIR / "pyproject.toml"),
            "--cache-dir",
            str(cache),
            "-p",
            "tengym",
        ],
        cwd=PYTHON_DIR / "src",  # the checkout's tengym, found before any installed copy
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, f"mypy -p tengym:\n{result.stdout}{result.stderr}"


# A user's script, checked with --strict: what it gets from tengym's public API is typed, not Any
# (assert_type fails on an Any as on a wrong type). Only type-checked, never run.
USER_SCRIPT = """
from typing import Any, Literal

import numpy as np
from numpy.typing import NDArray
from typing_extensions import assert_type
from stable_baselines3.common.vec_env import VecEnv, VecMonitor

import tengym
from tengym.env import LegalDiscrete
from tengym.sb3 import TengymSB3VecEnv, make_vec_env

Obs = NDArray[np.float32]
DictObs = dict[str, NDArray[np.float32]]


def single() -> None:
    env = tengym.TengymEnv("decade-fives", maxSteps=200)
    assert_type(env, tengym.TengymEnv[Obs])
    obs, info = env.reset(seed=7)
    assert_type(obs, Obs)
    assert_type(info, dict[str, Any])
    assert_type(env.action_space, LegalDiscrete)
    action = env.action_space.sample()
    assert_type(action, np.int64)
    obs, reward, terminated, truncated, info = env.step(action)
    assert_type(obs, Obs)
    assert_type(reward, float)
    assert_type(terminated, bool)
    assert_type(truncated, bool)
    assert_type(info, dict[str, Any])
    env.step(3)  # a Python int is an action too
    assert_type(env.observation_space.sample(), Obs)
    outcome = env.outcome()
    assert_type(outcome, tengym.Outcome | None)
    if outcome is not None:
        # A dict of "won" and the fields the game declares (tengym.result), whichever game it is.
        assert_type(outcome, dict[str, Any])
        fields = [f.key for f in tengym.result(env.env_id).fields]
        assert_type(fields, list[str])
    assert_type(tengym.result("four-ten").compare.over, Literal["all", "won-by-both"])
    played = tengym.play_agent("decade", "random", episodes=2)
    assert_type(played.values, dict[str, np.ndarray])
    assert_type(played["cardsLeft"], np.ndarray)
    assert_type(tengym.paired_result(played, played), tengym.PairedResult)
    assert_type(env.set_state(env.get_state()), tuple[Obs, dict[str, Any]])

    masked = tengym.TengymEnv("decade-fives", dict_observation=True)
    assert_type(masked, tengym.TengymEnv[DictObs])
    assert_type(masked.reset()[0], DictObs)
    assert_type(masked.step(0)[0], DictObs)


def either(env: tengym.TengymEnv) -> Obs:  # the bare class: its default observation, no type argument missing
    return env.reset()[0]


def vector() -> None:
    envs = tengym.TengymVectorEnv("tens", num_envs=4)
    assert_type(envs, tengym.TengymVectorEnv[Obs])
    obs, info = envs.reset(seed=0)
    assert_type(obs, Obs)
    assert_type(info, dict[str, Any])
    obs, rewards, terminated, truncated, info = envs.step(envs.action_space.sample())
    assert_type(obs, Obs)
    assert_type(rewards, NDArray[np.float64])
    assert_type(terminated, NDArray[np.bool_])
    assert_type(truncated, NDArray[np.bool_])
    envs.step(envs.agent_actions("random"))
    envs.step([0, 1, 2, 3])
    masked = tengym.TengymVectorEnv("tens", num_envs=4, dict_observation=True)
    assert_type(masked.reset()[0], DictObs)


def sb3() -> None:
    assert_type(make_vec_env("decade-fives", 8, monitor=False), TengymSB3VecEnv)
    assert_type(make_vec_env("decade-fives", 8), VecMonitor)
    monitor = True
    assert_type(make_vec_env("decade-fives", 8, monitor=monitor), VecEnv)
    venv = TengymSB3VecEnv("decade-fives", 8)
    assert_type(venv.reset(), NDArray[np.float32])
    assert_type(venv.action_masks(), NDArray[np.bool_])
"""


def test_user_code_sees_types(pytestconfig, tmp_path):
    """A user's `mypy --strict` sees the env's observations, actions, rewards, outcome and spaces, not Any."""
    pytest.importorskip(
        "mypy", reason="mypy is not installed: pip install -e 'python[test]' (or '[train]') to type-check the package"
    )
    pytest.importorskip(
        "stable_baselines3",
        reason="stable-baselines3 is not installed (the [train] extra): the script types tengym.sb3 too",
    )
    # Its own cache: other options than the package check's, which would each invalidate the other's.
    cache = (
        pytestconfig.cache.mkdir("mypy-user")
        if getattr(pytestconfig, "cache", None) is not None
        else tmp_path / "cache"
    )
    script = tmp_path / "user.py"
    script.write_text(USER_SCRIPT)
    config = tmp_path / "mypy.ini"
    config.write_text("[mypy]\n")  # a user's settings (none but --strict), not the project's
    result = subprocess.run(
        # --follow-imports=silent: tengym is read from the checkout (cwd) as an installed copy would
        # be, its own errors not the user's.
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--follow-imports=silent",
            "--config-file",
            str(config),
            "--cache-dir",
            str(cache),
            str(script),
        ],
        cwd=PYTHON_DIR / "src",
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, f"mypy --strict on a user's script:\n{result.stdout}{result.stderr}"
