"""The engine bundle carried in the package is the current build of src/bridge/engine.ts."""

import json
import shutil
import subprocess
import sys
import zipfile

import pytest

from conftest import REPO
from tengym._engine import ENGINE_SCRIPT

ROLLDOWN = REPO / "node_modules" / "rolldown"


def test_carried_bundle_matches_a_fresh_build(tmp_path):
    if not ROLLDOWN.exists() or not shutil.which("node"):
        pytest.skip("no node_modules/rolldown (npm install) to rebuild the engine bundle with")
    out = tmp_path / "engine.mjs"
    script = (
        "const { build } = await import('rolldown');"
        "const config = (await import('./src/bridge/rolldown.config.mjs')).default;"
        f"await build({{ ...config, output: {{ ...config.output, file: {json.dumps(str(out))} }}, logLevel: "
        "'silent' });"
    )
    subprocess.run(["node", "--input-type=module", "-e", script], cwd=REPO, check=True, timeout=120)
    assert out.read_text() == ENGINE_SCRIPT.read_text(), (
        "python/src/tengym/_engine/engine.mjs is stale: run `npm run build:python` and commit it"
    )


def test_the_bundle_in_the_checkout_is_the_committed_one():
    # `npm install` (its prepare script) and the wheel's build rebuild the bundle from the engines; the
    # committed file is what `pip install` from a clone or a git URL gets without Node's build tools
    # (docs/decisions.md), so a rebuild that changed it must be committed with the engine change.
    git = shutil.which("git")
    if git is None or not (REPO / ".git").exists():
        pytest.skip("not a git checkout: no committed bundle to compare with")
    changed = subprocess.run(
        [
            git,
            "status",
            "--porcelain",
            "--",
            "python/src/tengym/_engine/engine.mjs",
            "python/src/tengym/_engine/envs.json",
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert changed == "", (
        f"the engine bundle differs from the committed one ({changed.strip()}): commit the rebuilt "
        "python/src/tengym/_engine/engine.mjs and envs.json with the engine change"
    )


def test_registered_ids_file_matches_the_bundle():
    listed = json.loads(
        subprocess.run(["node", str(ENGINE_SCRIPT), "--list"], capture_output=True, text=True, check=True).stdout
    )
    carried = json.loads((ENGINE_SCRIPT.parent / "envs.json").read_text())
    assert carried == listed


def test_the_wheel_carries_the_bundle_and_says_the_package_is_typed(tmp_path):
    # py.typed (PEP 561): without it mypy and pyright skip tengym's annotations ("missing library
    # stubs or py.typed marker") in every project that imports it.
    setuptools = pytest.importorskip(
        "setuptools", reason="building the wheel needs setuptools>=77: pip install -e 'python[test]'"
    )
    if int(setuptools.__version__.split(".")[0]) < 77:
        pytest.skip(
            "building the wheel needs setuptools>=77, as pyproject.toml's build-system says (here "
            f"{setuptools.__version__}): pip install -e 'python[test]'"
        )
    source = tmp_path / "python"  # built from a copy, so the checkout gets no build/ folder
    shutil.copytree(
        REPO / "python", source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__", ".pytest_cache")
    )
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
            str(tmp_path),
            str(source),
        ],
        check=True,
        timeout=300,
    )
    (wheel,) = tmp_path.glob("tengym-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"tengym/py.typed", "tengym/_engine/engine.mjs", "tengym/_engine/envs.json"} <= names
    # The license, as the repository's (the package folder carries a copy, which setuptools packs).
    (license_file,) = [name for name in names if name.endswith(".dist-info/licenses/LICENSE")]
    assert zipfile.ZipFile(wheel).read(license_file).decode() == (REPO / "LICENSE").read_text()
