"""Which Node.js runs the engines, and what to say when one cannot start."""

from __future__ import annotations

import errno
import os
import shutil
import subprocess

from ..errors import EngineError

NEEDS_NODE = "tengym needs Node.js 20 or later on the PATH (or TENGYM_NODE=/path/to/node)"


def node_executable() -> str:
    node = os.environ.get("TENGYM_NODE") or shutil.which("node")
    if not node:
        raise EngineError(NEEDS_NODE)
    return node


def _node_too_old(node: str) -> str | None:
    """What to install, when `node` is older than Node.js 20 (asked only once an engine has failed)."""
    try:
        version = subprocess.run([node, "--version"], capture_output=True, text=True, timeout=5).stdout.strip()
        major = int(version.lstrip("v").split(".")[0])
    except (OSError, ValueError, subprocess.SubprocessError):
        return None
    return f"{node} is Node.js {version}: {NEEDS_NODE}" if major < 20 else None


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
