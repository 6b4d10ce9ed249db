"""The engine processes behind the Python package, by concern: `settings` (the bundle, what its build
listed, the environment's settings), `node` (which Node.js runs it), `framing` (the framed protocol
and the rows frames), `process` (one engine process: start, failure, replacement, fork),
`seeds` (seeds checked before an engine is asked), `copies` (a vector env's copies over engine
processes) and `attributes` (Gymnasium's ids, specs and keywords)."""

import os

if os.name == "nt":
    # The engines run over POSIX pipes (select.poll, fcntl); on Windows, WSL runs them.
    raise ImportError(
        "tengym's Python package needs a POSIX system (Linux or macOS; on Windows, WSL): its engines run over "
        "POSIX pipes"
    )

from .attributes import MadeWith, RegisteredSpec, engine_id
from .copies import (
    ask_engines,
    attach_again,
    copy_spec,
    per_copy,
    positive_int,
    receive_steps,
    reset_deck,
    reset_once_more,
    revive_copies,
    send_steps,
    start_copies,
)
from .framing import (
    KIND_ERROR,
    KIND_JSON,
    KIND_ROWS,
    KIND_SHARED,
    KIND_STEP,
    EndedOutcomes,
    Rows,
    check_int32,
    ended_outcomes,
    same_step_last,
)
from .node import NEEDS_NODE, node_executable
from .process import ANOTHER_THREAD, Engine
from .seeds import check_seed, copy_agent_seeds, copy_seeds, draw_seeds, entropy_seed, seeds_copies
from .settings import (
    DEFAULT_TIMEOUT,
    ENGINE_LIST,
    ENGINE_SCRIPT,
    LIMITS,
    MAX_SEED,
    MAX_TIME_LIMIT,
    PIPE_BYTES,
    SHARED_DIR,
    SPIN_MICROS,
)

__all__ = [
    "ANOTHER_THREAD",
    "DEFAULT_TIMEOUT",
    "ENGINE_LIST",
    "ENGINE_SCRIPT",
    "KIND_ERROR",
    "KIND_JSON",
    "KIND_ROWS",
    "KIND_SHARED",
    "KIND_STEP",
    "LIMITS",
    "MAX_SEED",
    "MAX_TIME_LIMIT",
    "NEEDS_NODE",
    "PIPE_BYTES",
    "SHARED_DIR",
    "SPIN_MICROS",
    "EndedOutcomes",
    "Engine",
    "MadeWith",
    "RegisteredSpec",
    "Rows",
    "ask_engines",
    "attach_again",
    "check_int32",
    "check_seed",
    "copy_agent_seeds",
    "copy_seeds",
    "copy_spec",
    "draw_seeds",
    "ended_outcomes",
    "engine_id",
    "entropy_seed",
    "node_executable",
    "per_copy",
    "positive_int",
    "receive_steps",
    "reset_deck",
    "reset_once_more",
    "revive_copies",
    "same_step_last",
    "seeds_copies",
    "send_steps",
    "start_copies",
]
