"""The engine's files and the settings read from the environment at import: where the bundle is, what
its build listed (the ids and the engines' bounds), the pipe, timeout, spin window and shared file."""

from __future__ import annotations

import json
import math
import os
import tempfile
from pathlib import Path
from typing import IO, Any

from ..errors import EngineError

ENGINE_SCRIPT = Path(__file__).with_name("engine.mjs")
# What `engine.mjs --list` says (written beside the bundle by the build): the ids, and the engines'
# bounds that arguments are checked against before an engine is asked (the largest seed, the
# longest time limit, the stays in a row that end an episode), so that no copy of them lives here.
ENGINE_LIST: dict[str, Any] = json.loads(ENGINE_SCRIPT.with_name("envs.json").read_text())
LIMITS: dict[str, int] = ENGINE_LIST["limits"]
KIND_JSON, KIND_ERROR, KIND_STEP, KIND_ROWS, KIND_SHARED = 0x4A, 0x45, 0x53, 0x52, 0x4D


def _setting(name: str, default: float, kind=int, least: float = 0, infinite: bool = False):
    """A number from the environment; a bad one is refused by name at import, not met later as a crash.
    `infinite`: "inf" is a value (no limit), as the matching argument takes float("inf")."""
    text = os.environ.get(name)
    if text is None or text.strip() == "":
        return default
    try:
        value = kind(text)
    except ValueError:
        raise ValueError(
            f"{name}={text!r}: expected {'an integer' if kind is int else 'a number'} of at least {least}"
        ) from None
    if not ((math.isfinite(value) or (infinite and value > 0)) and value >= least):
        raise ValueError(
            f"{name}={text!r}: expected {'an integer' if kind is int else 'a number'} of at least "
            f"{least}{' (inf: no limit)' if infinite else ''}"
        )
    return value


PIPE_BYTES = _setting("TENGYM_PIPE_BYTES", 1 << 20)
DEFAULT_TIMEOUT = _setting("TENGYM_ENGINE_TIMEOUT", 10.0, float, 0.001, infinite=True)
# Microseconds each side polls for the other's answer before it blocks (0: block at once);
# see docs/python-bridge.md, "Speed", for what it buys and costs.
SPIN_MICROS = _setting("TENGYM_SPIN_MICROS", 100)


def _shared_dir() -> str:
    """Where the shared file for large frames goes: /dev/shm where there is one, "" for none.
    A directory given that is not one is refused by name at import: silently falling back to the
    pipe would cost the speed the setting was for."""
    text = os.environ.get("TENGYM_SHARED_DIR")
    if text is None:
        return "/dev/shm"
    if text != "" and not os.path.isdir(text):
        raise ValueError(
            f"TENGYM_SHARED_DIR={text!r}: expected a directory (a tmpfs such as /dev/shm), or empty to send "
            "every frame through the pipe"
        )
    return text


SHARED_DIR = _shared_dir()


def _shared_file() -> IO[bytes] | None:
    """An unlinked file in /dev/shm for large rows frames, or None (not Linux, or no tmpfs there). A
    directory named by TENGYM_SHARED_DIR where no file can be made is refused (EngineError), not
    passed over for the pipe: the setting was given for the speed the file brings."""
    if not SHARED_DIR or not os.path.isdir(SHARED_DIR):
        return None
    try:
        return tempfile.TemporaryFile(dir=SHARED_DIR)
    except OSError as e:
        if os.environ.get("TENGYM_SHARED_DIR") == SHARED_DIR:
            raise EngineError(
                f"could not start the engine: TENGYM_SHARED_DIR={SHARED_DIR!r} holds no file tengym can make ({e}); "
                "name a writable tmpfs such as /dev/shm, or set it empty to send every frame through the pipe"
            ) from None
        return None


# The largest seed the engines take (src/env/rng.ts's MAX_SEED).
MAX_SEED = LIMITS["maxSeed"]


# The longest time limit (max_episode_steps) the engines keep (src/env/vector.ts's MAX_EPISODE_STEPS_LIMIT).
MAX_TIME_LIMIT = LIMITS["maxEpisodeSteps"]
