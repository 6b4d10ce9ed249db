import os
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

REPO = Path(__file__).resolve().parents[2]

# The tests run side by side (`pytest -n auto`, as .ci/run runs them). A bare ray.init(), RLlib's own included, joins
# a cluster it finds on the machine, such as test_rllib_cluster.py's, and then refuses its num_cpus: "local" starts a
# Ray of its own every time. The processes the tests start inherit it.
os.environ.setdefault("RAY_ADDRESS", "local")
GOLDEN = REPO / "test" / "golden"
DIST_INDEX = REPO / "dist" / "index.js"


def node_eval(script: str) -> str:
    """Runs an ES module snippet with Node in the repository (for comparisons with the in-process engine)."""
    return subprocess.run(
        ["node", "--input-type=module", "-e", script], cwd=REPO, capture_output=True, text=True, check=True, timeout=60
    ).stdout


@pytest.fixture
def needs_dist():
    if not DIST_INDEX.exists() or not shutil.which("node"):
        pytest.skip("dist/index.js not built (npm run build): no in-process engine to compare with")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """With TENGYM_REQUIRE_ALL=1 (CI sets it), a skipped test fails: a missing extra, /dev/shm or
    build there would otherwise pass as a skip, untested."""
    outcome = yield
    report = outcome.get_result()
    if report.skipped and os.environ.get("TENGYM_REQUIRE_ALL") == "1":
        report.outcome = "failed"
        report.longrepr = f"skipped, and TENGYM_REQUIRE_ALL=1 requires every test to run: {report.longrepr}"


@pytest.fixture(autouse=True)
def sb3_logs_in_tmp_path(tmp_path, monkeypatch):
    """Stable-Baselines3 makes a log folder for every `learn` (in the system's temp dir unless
    SB3_LOGDIR names one); the tests' go in their own tmp_path, which pytest cleans up."""
    monkeypatch.setenv("SB3_LOGDIR", str(tmp_path / "sb3-logs"))


def assert_same_info(ours: dict, theirs: dict, where: str = "info") -> None:
    """Every key, value and dtype alike, nested dicts (final_info) too."""
    assert set(ours) == set(theirs), (where, sorted(ours), sorted(theirs))
    for key, value in ours.items():
        if isinstance(value, dict):
            assert_same_info(value, theirs[key], f"{where}[{key!r}]")
            continue
        assert value.dtype == theirs[key].dtype, (where, key, value.dtype, theirs[key].dtype)
        if value.dtype == object:
            # final_obs: an observation for each copy that ended, None for the others.
            assert value.shape == theirs[key].shape
            for a, b in zip(value, theirs[key]):
                assert (a is None) == (b is None), (where, key)
                if a is not None:
                    np.testing.assert_array_equal(a, b, err_msg=f"{where}[{key!r}]")
                    assert a.dtype == b.dtype
            continue
        np.testing.assert_array_equal(value, theirs[key], err_msg=f"{where}[{key!r}]")
