"""The package keeps the style python/pyproject.toml sets: formatted by ruff, and its lint rules pass."""

import subprocess
import sys
from pathlib import Path

import pytest

PYTHON_DIR = Path(__file__).resolve().parents[1]


def ruff(*args: str) -> subprocess.CompletedProcess:
    # Without ruff the test is skipped, which fails under TENGYM_REQUIRE_ALL=1 (conftest.py), as CI runs.
    pytest.importorskip(
        "ruff", reason="ruff is not installed: pip install -e 'python[test]' (or '[train]') to check the style"
    )
    return subprocess.run(
        [sys.executable, "-m", "ruff", *args], cwd=PYTHON_DIR, capture_output=True, text=True, timeout=120
    )


def test_ruff_format_leaves_every_file_as_it_is():
    result = ruff("format", "--check", ".")
    assert result.returncode == 0, f"run `ruff format python`:\n{result.stdout}{result.stderr}"


def test_ruff_check_finds_nothing():
    result = ruff("check", ".")
    assert result.returncode == 0, f"run `ruff check --fix python`, then fix the rest:\n{result.stdout}{result.stderr}"
