"""The wheel's build rebuilds the engine bundle first, where the checkout can (docs/decisions.md).

In a clone of tengym whose `npm install` has run, `npm run build:python` writes
`src/tengym/_engine/engine.mjs` and `envs.json` from the TypeScript engines before they are packed,
so a wheel never carries a bundle older than the engines beside it. Elsewhere (a copy of this
folder alone, a git URL without Node's build tools) the committed bundle is packed as it is.
TENGYM_KEEP_BUNDLE=1 packs it as it is everywhere.
"""

import json
import os
import shutil
import subprocess
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent.parent


def can_build_bundle() -> bool:
    try:
        named = json.loads((ROOT / "package.json").read_text()).get("name") == "tengym"
    except (OSError, ValueError):
        return False
    return (
        named
        and (ROOT / "node_modules" / "rolldown").is_dir()
        and shutil.which("npm") is not None
        and not os.environ.get("TENGYM_KEEP_BUNDLE")
    )


class BuildWithBundle(build_py):
    def run(self) -> None:
        if can_build_bundle():
            subprocess.run(["npm", "run", "--silent", "build:python"], cwd=ROOT, check=True)
        super().run()


setup(cmdclass={"build_py": BuildWithBundle})
