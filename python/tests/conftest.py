import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
GOLDEN = REPO / "test" / "golden"
DIST_INDEX = REPO / "dist" / "index.js"


def node_eval(script: str) -> str:
    """Runs an ES module snippet with Node in the repository (for comparisons with the in-process engine)."""
    return subprocess.run(["node", "--input-type=module", "-e", script], cwd=REPO, capture_output=True, text=True, check=True, timeout=60).stdout


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
