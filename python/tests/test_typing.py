"""The package type-checks: it ships py.typed, so users' type checkers read its annotations."""

import subprocess
import sys
from pathlib import Path

import pytest

PYTHON_DIR = Path(__file__).resolve().parents[1]


def test_mypy_finds_no_errors(pytestconfig, tmp_path):
    pytest.importorskip("mypy", reason="mypy is not installed: pip install -e 'python[test]' (or '[train]') to type-check the package")
    # A cold check reads numpy's, gymnasium's and (with [train]) torch's annotations, most of a
    # minute; pytest's cache directory keeps mypy's cache for the runs after.
    # (pytest -p no:cacheprovider has no cache: mypy then caches in the test's temporary folder.)
    cache = pytestconfig.cache.mkdir("mypy") if getattr(pytestconfig, "cache", None) is not None else tmp_path
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(PYTHON_DIR / "pyproject.toml"), "--cache-dir", str(cache), "-p", "tengym"],
        cwd=PYTHON_DIR / "src",  # the checkout's tengym, found before any installed copy
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, f"mypy -p tengym:\n{result.stdout}{result.stderr}"
