"""One engine process (the bundled TypeScript engines under Node) and its framed stdio protocol.

Frames both ways: uint32 LE body length, then the body; a body's first 4 bytes are its kind
('J' JSON, 'E' error, 'S' actions, 'R' result rows, 'M' result rows left in the shared file)
padded so float32 rows stay aligned.
"""

from __future__ import annotations

import os

if os.name == "nt":
    # The engines run over POSIX pipes (select.poll, fcntl); on Windows, WSL runs them.
    raise ImportError(
        "tengym's Python package needs a POSIX system (Linux or macOS; on Windows, WSL): its engines run over "
        "POSIX pipes"
    )

import contextlib
import dataclasses
import errno
import fcntl
import json
import math
import mmap
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import threading
import time
import weakref
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

import gymnasium as gym
import numpy as np

from .._version import PROTOCOL, __version__
from ..errors import (
    BadActionError,
    BadDeckError,
    BadOptionsError,
    BadSeedError,
    BadStateError,
    EngineError,
    TengymError,
    VersionMismatchError,
    error_from_engine,
    keyword_meant,
)

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
# see docs/python.md "Speed" for what it buys and costs.
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
    """An unlinked file in /dev/shm for large rows frames, or None (not Linux, or no tmpfs there)."""
    if not SHARED_DIR or not os.path.isdir(SHARED_DIR):
        return None
    try:
        return tempfile.TemporaryFile(dir=SHARED_DIR)
    except OSError:
        return None


def engine_id(env_id: Any) -> Any:
    """The engine's id of an env id given any way Gymnasium takes it: "decade", "tengym/decade-v0" and,
    with the module to import first, "tengym:tengym/decade-v0" name the same engine."""
    if isinstance(env_id, str) and env_id.startswith("tengym:"):
        env_id = env_id[len("tengym:") :]
    if isinstance(env_id, str) and env_id.startswith("tengym/"):
        env_id = env_id[len("tengym/") :]
        if env_id.endswith("-v0"):
            env_id = env_id[: -len("-v0")]
    return env_id


class RegisteredSpec:
    """An env's `spec`, which gymnasium.make and make_vec set once the env is built: the first moment
    the id it was made under is known. A registered id's spec on an env of another engine than the
    one it was registered with is refused (`gym.make("tengym/tens-v0", env_id="decade")` would build
    decade under tens' id, and every record of the run would name the wrong game), and the engine
    started for it is closed. An id registered by the user for a variant
    (`gym.register("tengym/decade-short-v0", ..., kwargs={"env_id": "decade", "maxSteps": 50})`)
    builds as registered."""

    def __get__(self, env: Any, owner: type | None = None) -> Any:
        return self if env is None else env.__dict__.get("_spec")

    def __set__(self, env: Any, spec: Any) -> None:
        registered = gym.registry.get(spec.id) if spec is not None else None
        wanted = engine_id((registered.kwargs or {}).get("env_id")) if registered is not None else None
        if isinstance(wanted, str) and wanted != env.env_id:
            env.close()
            raise TengymError(
                f"env_id={env.env_id!r} given to {spec.id}, which is {wanted}: make {env.env_id} as "
                f"gymnasium.make('tengym/{env.env_id}-v0')",
                "bad-argument",
            )
        env.__dict__["_spec"] = spec


ANOTHER_THREAD = (
    "this env is answering a call from another thread: an env, like Gymnasium's, is used from one thread "
    "at a time; give each thread its own env, or step many copies at once with a vector env"
)
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


def _kill(proc: subprocess.Popen, stderr_file, shared_file) -> None:
    # Finalizer: runs at close() or when the owner is collected; never raises.
    try:
        if proc.stdin and not proc.stdin.closed:
            proc.stdin.close()
        if proc.poll() is None:
            try:
                proc.wait(timeout=1)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=5)
        if proc.stdout:
            proc.stdout.close()
    except Exception:
        pass
    for f in (stderr_file, shared_file):
        try:
            if f is not None:
                f.close()
        except Exception:
            pass


class _SignalsHeld:
    """Holds back, for the duration of a `with`, the signals whose handlers are Python's (Ctrl-C's
    KeyboardInterrupt, a handler of the user's): each that arrives is recorded, and its handler runs
    at the end of the block, so that what the block starts is owned before anything is raised. The
    handlers run in the main thread only, so elsewhere there is nothing to hold."""

    def __enter__(self) -> _SignalsHeld:
        self.saved: dict[int, Any] = {}
        self.came: list[tuple[int, Any]] = []
        if threading.current_thread() is not threading.main_thread():
            return self
        try:
            for sig in signal.valid_signals():
                handler = signal.getsignal(sig)
                if callable(handler):
                    self.saved[sig] = handler
                    try:
                        signal.signal(sig, self._record)
                    except ValueError:  # not the main interpreter, whose handlers do not run here
                        del self.saved[sig]
                        break
        except BaseException:
            # A handler not yet swapped raised (its signal came): nothing is started yet.
            self.__exit__(None, None, None)
            raise
        return self

    def _record(self, sig: int, frame: Any) -> None:
        if all(sig != came for came, _ in self.came):
            self.came.append((sig, frame))

    def __exit__(self, *exc: Any) -> None:
        failure: BaseException | None = None
        for sig, handler in self.saved.items():
            for _ in range(3):  # again if a handler put back already raised (raised below), before this one was
                try:
                    signal.signal(sig, handler)
                    break
                except BaseException as e:  # noqa: BLE001
                    failure = failure or e
        for sig, frame in self.came:
            try:
                self.saved[sig](sig, frame)
            except BaseException as e:  # noqa: BLE001 — every handler runs; the first exception is raised
                failure = failure or e
        if failure is not None:
            raise failure


class Engine:
    """A Node child running python/src/tengym/_engine/engine.mjs, spoken to over its stdin and stdout.

    The child reads its stdin synchronously and exits at end of file, so it does not outlive this
    process for long: when the parent dies for any reason (SIGKILL included) the kernel closes the
    pipe, and the child exits at its next read (once the answer it is working on, an agent's search
    say, is done).
    """

    _closed_why = "this env is closed: its close() was called, after which it cannot be used; make a new env"
    # AsyncVectorEnv closes the env its first function returns once it has read the spaces: an env
    # made once and returned by every function is then closed under its owner, who never called close().
    _closed_by_async_vector_env = (
        "this env is closed: Gymnasium's AsyncVectorEnv called its close(), as it does for the env its first "
        "function returns once it has read the spaces, so each of its functions must make a new env"
    )

    def __init__(self, timeout: float = DEFAULT_TIMEOUT, shared: bool = True):
        """`shared=False` for an engine whose frames are all small (one copy's): they go through the
        pipe anyway, so it opens no shared file and holds one file descriptor fewer."""
        if (
            isinstance(timeout, bool)
            or not isinstance(timeout, (int, float, np.integer, np.floating))
            or not timeout >= 0.001
        ):
            raise TengymError(
                f"engine_timeout must be a number of seconds, at least 0.001, got {timeout!r}", "bad-argument"
            )
        self.timeout = float(timeout)
        self._wants_shared = shared
        self._node = node = node_executable()
        try:
            # Started and owned at once: a signal whose handler raises (Ctrl-C's KeyboardInterrupt)
            # arriving while the child is spawned would be raised before Popen records its pid,
            # leaving a process nothing reaps. Held until the finalizer owns the child, it is raised
            # just after, and the start is undone below like any failed one.
            with _SignalsHeld():
                self._start(node, shared)
            self._connect()
        except BaseException:
            finalizer = getattr(self, "_finalizer", None)
            if finalizer is not None:  # the child was started: ended, and its files closed
                self.closed = True
                finalizer()
            raise

    def _start(self, node: str, shared: bool) -> None:
        """Opens the engine's files and spawns it, its finalizer registered before anything can raise:
        a start that fails leaves nothing open."""
        try:
            self._stderr = tempfile.TemporaryFile()  # noqa: SIM115 — open while the engine runs
        except OSError as e:
            raise (_too_many_files(e) or e) from e
        self._shared = _shared_file() if shared else None
        self._shared_map: mmap.mmap | None = None
        # The pipes are made here, not by Popen(stdin=PIPE, stdout=PIPE): Python 3.10's Popen leaks
        # the stdin pipe when the stdout one cannot be made (EMFILE), and every failure below
        # closes what was opened. [engine's stdin read end, its write end, stdout's read end, its write end]
        pipes: list[int] = []
        try:
            pipes.extend(os.pipe())
            pipes.extend(os.pipe())
            self.proc = subprocess.Popen(
                [node, str(ENGINE_SCRIPT)],
                stdin=pipes[0],
                stdout=pipes[3],
                stderr=self._stderr,
                bufsize=0,
                close_fds=True,
                pass_fds=(self._shared.fileno(),) if self._shared else (),
                # Out of the terminal's process group: its Ctrl-C (SIGINT to the whole group) is
                # Python's KeyboardInterrupt to handle, not the end of every engine. The engine
                # still exits at the end of its stdin, whenever Python does.
                start_new_session=True,
            )
        except BaseException as e:
            for fd in pipes:
                os.close(fd)
            self._stderr.close()
            if self._shared:
                self._shared.close()
            if not isinstance(e, OSError):
                raise
            if len(pipes) < 4:  # no pipe for the engine, not a missing Node
                raise (_too_many_files(e) or e) from e
            where = "TENGYM_NODE" if os.environ.get("TENGYM_NODE") else "the PATH"
            raise (
                _too_many_files(e)
                or EngineError(f"could not start the engine with {node} (from {where}): {e}; {NEEDS_NODE}")
            ) from e
        # The child's ends are the child's now; the parent's are the process's files, as PIPE gives them.
        os.close(pipes[0])
        os.close(pipes[3])
        self.proc.stdin = open(pipes[1], "wb", buffering=0)  # noqa: SIM115 — open while the engine runs
        self.proc.stdout = open(pipes[2], "rb", buffering=0)  # noqa: SIM115
        self._finalizer = weakref.finalize(self, _kill, self.proc, self._stderr, self._shared)
        _LIVE.add(self)

    def _connect(self) -> None:
        """Sets up the pipes of the engine just started and checks its version (the hello)."""
        assert self.proc.stdin is not None and self.proc.stdout is not None  # both PIPE
        self._in = self.proc.stdin.fileno()
        self._out = self.proc.stdout.fileno()
        if PIPE_BYTES:
            # A frame of 256 decade copies is 721 KB: through the default 64 KB pipe it takes a
            # dozen wake-ups of each side; one pipe as large as the frame takes one or two.
            for fd in (self._in, self._out):
                with contextlib.suppress(OSError, AttributeError):
                    fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, PIPE_BYTES)
        self._poll = select.poll()
        self._poll.register(self._out, select.POLLIN | select.POLLHUP | select.POLLERR)
        self._buf = bytearray(1 << 16)
        self._view = memoryview(self._buf)
        self._step_frame = bytearray(12)
        # A vector step's frame and the int32 view of its actions, in one attribute so that both are
        # set at once: a Ctrl-C between two assignments would leave a frame without its view.
        self._actions: tuple[bytearray, np.ndarray] | None = None
        self.closed = False
        self.failed = False  # died, hung, or left with an interrupted call's answer unread
        self.died = False  # failed because it died (or its pipe closed) during a call, not hung or interrupted
        self._made: dict | None = None  # the make message, for a replacement (revived)
        # The thread whose call is being answered, from its message sent until its whole answer is
        # read (None: no call), so that a call from a second thread meanwhile is refused rather than
        # read the first one's answer. Checked and taken under `_taking`, so that no thread sees the
        # engine taken by another before that one is recorded as its taker.
        self._taking = threading.Lock()
        self._awaiting_thread: int | None = None
        self._spin_ns = SPIN_MICROS * 1000
        self._spin_cap_ns = 10 * self._spin_ns
        self._last_wait_ns = 0
        if self._spin_ns:
            os.set_blocking(self._out, False)
        hello = self.request(
            {"cmd": "hello", "spinMicros": SPIN_MICROS, "sharedFd": self._shared.fileno() if self._shared else None}
        )
        if hello.get("tengym") != __version__ or hello.get("protocol") != PROTOCOL:
            self.close()
            raise VersionMismatchError(
                f"engine bundle {ENGINE_SCRIPT} is tengym {hello.get('tengym')} protocol {hello.get('protocol')}, "
                f"this Python package is tengym {__version__} protocol {PROTOCOL}; rebuild it with `npm run "
                "build:python` "
                "or reinstall the package"
            )

    # -- transport ---------------------------------------------------------------------------

    def stderr_tail(self, limit: int = 2000) -> str:
        try:
            self._stderr.flush()
            size = self._stderr.seek(0, os.SEEK_END)
            self._stderr.seek(max(0, size - limit))
            return self._stderr.read().decode("utf8", "replace").strip()
        except Exception:
            return ""

    def _fail(self, what: str, hung: bool = False) -> EngineError:
        try:
            # An engine that closed its end is exiting: its exit code says why.
            code = self.proc.poll() if hung else self.proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            code = None
        tail = self.stderr_tail()
        # One still running is ended below: killed if it hung, else given a second to exit at the end of its stdin.
        state = (
            f"exited with code {code}"
            if code is not None
            else "was still running, and was killed"
            if hung
            else "had not exited, and was ended"
        )
        self._closed_why = f"this env's engine {what} at an earlier call: reset() starts a new one"
        self.failed = True
        self.died = not hung
        if hung and code is None:
            # A hung engine would not exit on end of file either: the close's wait for it would only add a second.
            self.proc.kill()
        self._end()
        too_old = None if hung else _node_too_old(self._node)
        return EngineError(
            f"tengym engine {what} (process {self.proc.pid} {state}).\nIts stderr ends:\n{tail or '(empty)'}"
            + (f"\n{too_old}" if too_old else "")
        )

    def _acquire(self) -> None:
        """Takes the engine for one call (held until its answer is read), or raises what stops the call."""
        if self.closed:
            raise EngineError(self._closed_why)
        me = threading.get_ident()
        with self._taking:
            taker = self._awaiting_thread
            if taker is None:
                self._awaiting_thread = me
                return
        if taker != me:
            # The other thread's call goes on; this one is refused before it is sent.
            raise TengymError(ANOTHER_THREAD, "bad-argument")
        # The last call was interrupted (a KeyboardInterrupt, say) before its answer was read:
        # that answer would be taken for this call's, and every later one for the one before.
        self._closed_why = (
            "a call to this env was interrupted before the engine's answer was read: reset() starts a new engine"
        )
        self.failed = True
        self._end()
        raise EngineError(self._closed_why)

    def check_ready(self) -> None:
        """Raises what a call would raise now (the env closed, its engine failed, a call interrupted,
        another thread's call being answered), sending nothing: for what is answered without the engine."""
        self._acquire()
        self._awaiting_thread = None

    def _send(self, data: bytes | bytearray) -> None:
        self._acquire()
        try:
            n = os.write(self._in, data)
            if n < len(data):  # a frame larger than the pipe's free space
                view = memoryview(data)[n:]
                while view:
                    view = view[os.write(self._in, view) :]
        except (BrokenPipeError, OSError):
            raise self._fail("is gone: writing to it failed") from None

    def _read_some(self, at: int) -> int:
        """One poll (the timeout) and one read into the buffer from `at`; the bytes read."""
        if self._spin_ns:
            # Python waits for the engine's work, whose time is much the same from one frame to
            # the next: it polls the non-blocking pipe for twice the last wait (at least the spin
            # window, at most ten of them), and blocks in poll() at once after a wait longer than
            # that, where a wake-up is small beside the engine's time.
            start = time.perf_counter_ns()
            last = self._last_wait_ns
            window = 0 if last > self._spin_cap_ns else min(max(self._spin_ns, 2 * last), self._spin_cap_ns)
            until = start + window
            while window:
                try:
                    n = os.readv(self._out, [self._view[at:]])
                except BlockingIOError:
                    if time.perf_counter_ns() < until:
                        continue
                    break
                if n == 0:
                    raise self._fail("died")
                self._last_wait_ns = time.perf_counter_ns() - start
                return n
        # poll() takes at most 2**31 - 1 ms (24 days): a longer timeout, inf included, waits that long.
        if not self._poll.poll(min(self.timeout * 1000, 2**31 - 1)):
            raise self._fail(f"did not answer within {self.timeout:g} s", hung=True)
        if self._spin_ns:
            self._last_wait_ns = time.perf_counter_ns() - start
        n = os.readv(self._out, [self._view[at:]])
        if n == 0:
            raise self._fail("died")
        return n

    def _receive(self) -> tuple[int, memoryview]:
        # The engine writes each answer with one write, so one read usually takes the whole
        # frame, length and body; and there is never more than one answer in the pipe, so a
        # read cannot take the start of the next.
        got = self._read_some(0)
        while got < 4:
            got += self._read_some(got)
        (length,) = struct.unpack_from("<I", self._buf)
        if len(self._buf) < 4 + length:
            bigger = bytearray(2 * (4 + length))
            bigger[:got] = self._view[:got]
            self._buf, self._view = bigger, memoryview(bigger)
        while got < 4 + length:
            got += self._read_some(got)
        self._awaiting_thread = None  # one store: there is no moment the engine is free but looks taken
        body = self._view[4 : 4 + length]
        kind = body[0]
        if kind == KIND_SHARED:
            return KIND_ROWS, self._shared_rows(struct.unpack_from("<I", body, 4)[0])
        if kind == KIND_ERROR:
            err = json.loads(bytes(body[4:]))
            raise error_from_engine(err.get("code", "internal"), err.get("message", ""))
        return kind, body[4:]

    def _shared_rows(self, length: int) -> memoryview:
        """The rows frame the engine wrote at the start of the shared file, viewed in place."""
        if self._shared_map is None or len(self._shared_map) < length:
            # Mapped (again) when a frame outgrows the map; the old map lives while views use it.
            assert self._shared is not None  # the engine writes there only when it was given the file
            self._shared_map = mmap.mmap(
                self._shared.fileno(), os.fstat(self._shared.fileno()).st_size, access=mmap.ACCESS_READ
            )
        return memoryview(self._shared_map)[8:length]

    def request(self, msg: dict, timeout: float | None = None):
        """Sends `msg` and returns the answer: JSON, or a rows frame. `timeout`: seconds this answer
        may take instead of the engine's own (an agent's search takes what it takes)."""
        self.send_json(msg)
        if timeout is None:
            return self.receive()
        usual, self.timeout = self.timeout, timeout
        try:
            return self.receive()
        finally:
            self.timeout = usual

    def send_json(self, msg: dict) -> None:
        """Sends a JSON command without reading its answer (`receive` reads it): several engines at work at once."""
        try:
            payload = json.dumps(msg, default=_plain, allow_nan=False).encode()
        except (TypeError, ValueError, RecursionError) as e:
            # Refused here: NaN would reach the engine as text its JSON parser fails on.
            error, code, field, noun, holder = _NOT_JSON.get(
                msg["cmd"], (TengymError, "bad-argument", "cmd", "command", "a command holds")
            )
            if isinstance(e, RecursionError):
                raise error(f"bad {noun}: nested too deeply to go to the engine as JSON ({e})", code) from None
            # The first NaN or infinity, by its path: the whole value in the message would bury it.
            value, prefix = msg.get(field), ("" if field == "options" else field)
            if field == "states" and isinstance(value, list) and len(value) == 1:
                value, prefix = value[0], ""  # one state: named by its own fields (`rng[0]`)
            found = _not_finite(value)
            if found is not None:
                path, number = found
                raise error(
                    f"bad {noun}: `{(prefix + path).lstrip('.') or noun}` is {number!r}: {holder} finite numbers only",
                    code,
                ) from None
            raise error(f"bad {field}: {msg.get(field)!r} cannot go to the engine as JSON ({e})", code) from None
        if msg["cmd"] == "make":
            self._made = msg
        self._send(struct.pack("<II", 4 + len(payload), KIND_JSON) + payload)

    def receive(self):
        """The answer to the command sent last: JSON, or a rows frame (a view of the receive buffer)."""
        kind, body = self._receive()
        if kind == KIND_ROWS:
            return body
        return json.loads(bytes(body))

    def send_step(self, actions: np.ndarray) -> None:
        count = len(actions)
        if self._actions is None or len(self._actions[1]) != count:
            frame = bytearray(8 + 4 * count)
            struct.pack_into("<II", frame, 0, 4 + 4 * count, KIND_STEP)
            self._actions = (frame, np.frombuffer(frame, dtype="<i4", offset=8))
        frame, view = self._actions
        check_int32(actions)
        view[:] = actions
        self._send(frame)

    def step_one(self, action: int) -> memoryview:
        """One env's step: the frame packed by hand and the rows returned as they came (the 1-env hot path)."""
        struct.pack_into("<IIi", self._step_frame, 0, 8, KIND_STEP, action)
        self._send(self._step_frame)
        return self.receive_rows()

    def receive_rows(self) -> memoryview:
        kind, body = self._receive()
        if kind != KIND_ROWS:
            raise EngineError(f"engine answered a step with frame kind {kind}")
        return body

    def revived(self) -> Engine:
        """This engine, or, if it failed (it died or hung, or a call was interrupted before its answer
        was read), a new one holding the same env, for reset() to deal on: a notebook's Ctrl-C or a
        killed engine costs the episode, not the env. An engine that died after its last answer
        has not failed any call yet: its exit is asked for here."""
        if self._made is None or not (
            self.failed or (not self.closed and (self._awaiting_thread is not None or self.proc.poll() is not None))
        ):
            return self
        taker = self._awaiting_thread
        if not self.failed and not self.closed and taker is not None and taker != threading.get_ident():
            # Another thread's call is being answered, not one of this thread's interrupted: it goes
            # on, and this reset is refused before it ends that engine, as `_send` refuses a call.
            raise TengymError(ANOTHER_THREAD, "bad-argument")
        # Failed first: should this close or the start below be interrupted too, the next reset
        # still replaces this engine rather than find the env closed.
        self.failed = True
        self._end()
        engine = Engine(timeout=self.timeout, shared=self._wants_shared)
        try:
            engine.request(self._made)
        except BaseException:
            engine.close()
            raise
        return engine

    def close(self) -> None:
        """The owner's close (env.close()): the engine ends for good, and reset() does not replace it,
        even one that had failed."""
        if not (self.closed and self._made is None):  # a second close() keeps the first one's reason
            self._closed_why = (
                Engine._closed_by_async_vector_env if _called_from_async_vector_env_init() else Engine._closed_why
            )
        self._made = None
        self._end()

    def _end(self) -> None:
        """Ends the process; after a failure, reset() replaces it (revived)."""
        if self.closed:
            return
        self.closed = True
        self._finalizer()

    def _forsake(self) -> None:
        """In a forked child: let go of the parent's engine without touching it. The child's copies
        of the pipes become /dev/null, so the engine still sees end of file when the parent closes
        its end (or dies), however long the child lives; the child's exit kills nothing."""
        if self.closed:
            return
        self.closed = True
        self._closed_why = (
            "this env belongs to the process that made it, not to a forked child: make the env in the child"
        )
        self._finalizer.detach()
        null = os.open(os.devnull, os.O_RDWR)
        try:
            for fd in (self._in, self._out):
                with contextlib.suppress(OSError):
                    os.dup2(null, fd)
        finally:
            os.close(null)


def _called_from_async_vector_env_init() -> bool:
    """Whether this call comes from within the constructor of Gymnasium's AsyncVectorEnv (through the
    env's wrappers' close()), which closes the env its first function returned."""
    frame: Any
    try:
        frame = sys._getframe(2)
    except (AttributeError, ValueError):
        return False
    for _ in range(64):
        if frame is None:
            return False
        if (
            frame.f_code.co_name == "__init__"
            and frame.f_globals.get("__name__") == "gymnasium.vector.async_vector_env"
        ):
            return True
        frame = frame.f_back
    return False


def _plain(x: Any) -> Any:
    """numpy's scalars and arrays as JSON takes them (options, decks and states often come from numpy)."""
    if isinstance(x, (np.generic, np.ndarray)):
        return x.tolist()
    raise TypeError(f"{type(x).__name__} {x!r}")


def _not_finite(value: Any) -> tuple[str, float] | None:
    """The path (`[0]`, `.rng[0]`, `.game['a b']`) to the first number in `value` that JSON has no
    text for (NaN, an infinity), in the order JSON writes them, and that number; or None. Walked
    without recursion, each container once, so that nesting or a cycle cannot stop it."""
    stack: list[tuple[str, Any]] = [("", value)]
    seen: set[int] = set()
    while stack:
        path, x = stack.pop()
        if isinstance(x, (np.generic, np.ndarray)):
            x = x.tolist()
        if isinstance(x, float):
            if not math.isfinite(x):
                return path, x
            continue
        if not isinstance(x, (dict, list, tuple)) or id(x) in seen:
            continue
        seen.add(id(x))
        if isinstance(x, dict):
            items = []
            for key, item in x.items():
                if isinstance(key, float) and not math.isfinite(key):
                    return f"{path}[{key!r}]", key
                items.append((f".{key}" if isinstance(key, str) and key.isidentifier() else f"[{key!r}]", item))
        else:
            items = [(f"[{i}]", item) for i, item in enumerate(x)]
        stack.extend((path + step, item) for step, item in reversed(items))
    return None


# What a command's arguments are, for the error raised when they cannot be sent as JSON: the error,
# its code, the field, what the message calls it, and what holds it.
_NOT_JSON = {
    "make": (BadOptionsError, "bad-options", "options", "options", "options hold"),
    "agents": (BadOptionsError, "bad-options", "options", "options", "options hold"),
    "play": (BadOptionsError, "bad-options", "options", "options", "options hold"),
    "reset": (BadDeckError, "bad-deck", "deck", "deck", "a deck holds"),
    "setState": (BadStateError, "bad-state", "states", "state", "a state holds"),
}


# Engines alive in this process: a forked child (multiprocessing's fork start method, SB3's
# SubprocVecEnv, a DataLoader worker) forsakes them at once.
_LIVE: weakref.WeakSet[Engine] = weakref.WeakSet()


def _forsake_in_child() -> None:
    for engine in list(_LIVE):
        engine._forsake()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forsake_in_child)


# The largest seed the engines take (src/env/rng.ts's MAX_SEED).
MAX_SEED = LIMITS["maxSeed"]


def check_int32(actions: np.ndarray) -> None:
    """Refuses ids outside int32: numpy would wrap such an id into the frame's int32 silently, and step
    another action."""
    if actions.dtype != np.int32 and len(actions) and (actions.min() < -(2**31) or actions.max() >= 2**31):
        raise BadActionError(f"step: action ids must fit in int32, got {actions.min()}..{actions.max()}", "bad-action")


def send_steps(
    engines: list[Engine],
    starts: np.ndarray,
    actions: np.ndarray,
    n: int,
    masks: np.ndarray,
    ignored: np.ndarray | np.bool_ | None = None,
) -> dict[int, memoryview]:
    """Sends every engine its copies' actions so that a refused step moves no copy in any engine.

    An engine checks all its copies' actions before moving any, but engines do not see each
    other's: so where a copy's action is not legal in the last frame (`masks`, a row a copy;
    the actions of `ignored` copies are not looked at), its engine alone is sent its actions
    first, and answers before the others are sent theirs. It refuses them (the error goes up,
    no copy anywhere has moved), or, should the frame have been wrong, steps, and the others
    follow. Returns the answers already read, by engine (`receive_steps` reads the rest)."""
    early: dict[int, memoryview] = {}
    if len(engines) > 1:
        check_int32(actions)  # before any engine is sent anything (send_step checks its part)
        legal = (actions >= 0) & (actions < n)
        legal[legal] = masks[np.flatnonzero(legal), actions[legal]] != 0
        if ignored is not None:
            legal |= ignored
        refused = np.flatnonzero(~legal)
        if refused.size:
            p = int(np.searchsorted(starts, refused[0], side="right")) - 1
            engines[p].send_step(actions[starts[p] : starts[p + 1]])
            early[p] = engines[p].receive_rows()
    sent: list[int] = []
    try:
        for p, engine in enumerate(engines):
            if p not in early:
                engine.send_step(actions[starts[p] : starts[p + 1]])
                sent.append(p)
    except EngineError:
        # The engines already sent their steps answer them: read, so that none of them is later
        # taken for an interrupted call and replaced; the failure goes up.
        for p in sent:
            with contextlib.suppress(Exception):  # the first failure is the one raised
                engines[p].receive_rows()
        raise
    return early


def receive_steps(engines: list[Engine], early: dict[int, memoryview]) -> list[memoryview]:
    """Every engine's answer to `send_steps`, a view of that engine's receive buffer (valid until
    the engine is read again). Each engine is read even when one fails, so no answer is left in
    a pipe; then the first failure is raised."""
    bodies: list[memoryview] = []
    errors: list[Exception] = []
    for p, engine in enumerate(engines):
        if p in early:
            bodies.append(early[p])
            continue
        try:
            bodies.append(engine.receive_rows())
        except Exception as e:  # noqa: BLE001 — raised below, after the other engines are read
            errors.append(e)
            bodies.append(memoryview(b""))
    if errors:
        raise errors[0]
    return bodies


def copy_seeds(seed: Any, num_envs: int) -> list[int | None] | None:
    """A vector reset's seed as one seed (or None) a copy: s gives copy i s + i, a list of
    `num_envs` seeds (or Nones) one each, as Gymnasium's vector envs take them. Checked before
    any engine is asked, so a refused seed resets no copy."""
    if seed is None:
        return None
    if isinstance(seed, np.ndarray) and seed.ndim == 0:
        seed = seed.item()
    if isinstance(seed, (list, tuple, np.ndarray)):
        seeds = list(seed)
        if len(seeds) != num_envs:
            raise BadSeedError(f"reset: {len(seeds)} seed(s) for {num_envs} copies", "bad-seed")
    else:
        if not seeds_copies(seed, num_envs):
            raise BadSeedError(
                f"reset: bad seed {seed!r}: expected an integer from 0 to {MAX_SEED - num_envs + 1} (copy i "
                f"gets seed + i), or a list of {num_envs} seeds",
                "bad-seed",
            )
        return [int(seed) + i for i in range(num_envs)]
    for s in seeds:
        if s is not None and not _is_seed(s):
            raise BadSeedError(
                f"reset: bad seed {s!r} in the list: expected integers from 0 to {MAX_SEED} or None", "bad-seed"
            )
    return [None if s is None else int(s) for s in seeds]


def entropy_seed(copies: int = 1) -> int:
    """A seed drawn from the operating system's entropy, leaving room for `copies` consecutive
    seeds: what a first reset without a seed deals from, as Gymnasium's envs draw theirs."""
    return int(np.random.SeedSequence().generate_state(1, np.uint64)[0]) % (MAX_SEED - copies + 2)


def draw_seeds(seeds: list | None, need: np.ndarray) -> list | None:
    """`seeds` (one per copy, or None) with a seed drawn for every copy in `need` that has none, copy
    i getting base + i: a first reset, or a copy on a new engine, which would deal seed 0's cards."""
    if not need.any():
        return seeds
    base = entropy_seed(len(need))
    given = seeds if seeds is not None else [None] * len(need)
    return [base + i if need[i] and s is None else s for i, s in enumerate(given)]


def check_seed(seed: Any, call: str = "reset") -> int:
    """A single env's seed (for `call`) as an int, or BadSeedError before anything is asked of the
    engine, which would name a seed past 2**53 by the double it reads, not as given."""
    if not _is_seed(seed):
        raise BadSeedError(f"{call}: bad seed {seed!r}: expected an integer from 0 to {MAX_SEED}", "bad-seed")
    return int(seed)


def seeds_copies(seed: Any, num_envs: int) -> bool:
    """Whether `seed` is a seed that copy i of `num_envs` can deal with as seed + i."""
    return _is_seed(seed) and int(seed) + num_envs - 1 <= MAX_SEED


def _is_seed(s: Any) -> bool:
    return isinstance(s, (int, np.integer)) and not isinstance(s, (bool, np.bool_)) and 0 <= int(s) <= MAX_SEED


# The longest time limit (max_episode_steps) the engines keep (src/env/vector.ts's MAX_EPISODE_STEPS_LIMIT).
MAX_TIME_LIMIT = LIMITS["maxEpisodeSteps"]


class MadeWith:
    """A keyword the env is made with, read after as an attribute, refused as one to set: the
    engines were started with it (or the spaces built from it), so a later value would be believed
    by some of the code and not the rest. Gymnasium's `set_attr` reaches it and is told so."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name
        self.slot = f"_made_with_{name}"

    def __get__(self, obj: Any, objtype: type | None = None) -> Any:
        return self if obj is None else getattr(obj, self.slot)

    # How each class is made with the keyword, besides its constructor.
    MAKERS = {
        "TengymEnv": "gym.make(id, {})",
        "TengymVectorEnv": "gym.make_vec(id, n, {})",
        "TengymSB3VecEnv": "tengym.sb3.make_vec_env(id, n, {})",
    }

    def __set__(self, obj: Any, value: Any) -> None:
        if hasattr(obj, self.slot):
            cls = type(obj).__name__
            keyword = f"{self.name}={value!r}"
            maker = self.MAKERS.get(cls)
            raise AttributeError(
                f"{self.name} is set when the env is made ({cls}(..., "
                f"{keyword}){'' if maker is None else ', or ' + maker.format(keyword)}), not after: this one "
                f"was made with {getattr(obj, self.slot)!r}"
            )
        setattr(obj, self.slot, value)


def positive_int(name: str, value: Any, most: int | None = None) -> int:
    """A count (num_envs, processes, max_episode_steps up to `most`) as an int, or a TengymError naming
    it: bools are not counts."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
        raise TengymError(f"{name} must be a positive integer, got {value!r}", "bad-argument")
    if most is not None and value > most:
        raise TengymError(f"{name} must be a positive integer of at most {most}, got {value!r}", "bad-argument")
    return int(value)


def reset_deck(options: dict | None) -> Any:
    """A vector env's options["deck"], to deal to a copy as TengymEnv deals it, or None where none is given."""
    if not options or "deck" not in options:
        return None
    if options["deck"] is None:
        raise BadDeckError('bad deck None: give a string such as "AS 2C …" or a list of card codes', "bad-deck")
    return options["deck"]


def per_copy(engines: list[Engine], cmd: str) -> list[Any]:
    """Every copy's answer to `cmd` ("render", "getState", "info"), in copy order across the engine processes."""
    return [answer for engine in engines for answer in engine.request({"cmd": cmd})]


def ask_engines(engines: list[Engine], msgs: list[dict], timeout: float | None = None) -> list[Any]:
    """Each engine's answer to its message, every message sent before any answer is read, so that the
    engine processes work at once (an agent searching for each one's copies); `timeout` as in
    `Engine.request`. Every engine sent a message is read even when one fails, so no answer is left
    in a pipe; then the first failure is raised."""
    failed: Exception | None = None
    sent: list[Engine] = []
    for engine, msg in zip(engines, msgs):
        try:
            engine.send_json(msg)
        except Exception as e:  # noqa: BLE001 — raised below, after the engines already sent a message are read
            failed = e
            break
        sent.append(engine)
    answers: list[Any] = []
    for engine in sent:
        usual = engine.timeout
        if timeout is not None:
            engine.timeout = timeout
        try:
            answers.append(engine.receive())
        except Exception as e:  # noqa: BLE001 — the first failure is the one raised
            failed = failed or e
        finally:
            engine.timeout = usual
    if failed is not None:
        raise failed
    return answers


def copy_agent_seeds(seeds: Any, num_envs: int) -> list[int | None]:
    """A vector's `reset_agents` seeds: a list of `num_envs` seeds (None: that copy's agents are left as
    they are), checked before any engine is asked, so a refused list resets no agent."""
    if (
        isinstance(seeds, (str, bytes, Mapping))
        or not isinstance(seeds, (Sequence, np.ndarray))
        or len(seeds) != num_envs
    ):
        raise BadSeedError(
            f"reset_agents: expected a list of {num_envs} seeds, one a copy (None: that copy's agents are left "
            f"as they are), such as [tengym.derive_seed(s, i) for i in range({num_envs})], got {seeds!r}",
            "bad-seed",
        )
    for s in seeds:
        if s is not None and not _is_seed(s):
            raise BadSeedError(
                f"reset_agents: bad seed {s!r} in the list: expected integers from 0 to {MAX_SEED} or None", "bad-seed"
            )
    return [None if s is None else int(s) for s in seeds]


def attach_again(engines: list[Engine], starts: np.ndarray, new: np.ndarray, names: list[str]) -> None:
    """Attaches `names`, the agents a vector env's copies had, to the engines `revive_copies` put in
    place of failed ones (a new engine has none), before the reset that deals their copies resets them."""
    for p, engine in enumerate(engines):
        if new[starts[p]]:
            for name in names:
                engine.request({"cmd": "attach", "agent": name}, timeout=math.inf)


def copy_spec(env_id: str, kwargs: dict, max_episode_steps: int | None):
    """One copy's spec, as a vector env of TengymEnvs made by gymnasium.make has it: the registered
    spec with the keywords the copies were made with; gymnasium.make(spec) makes one copy."""
    registered = gym.spec(f"tengym/{env_id}-v0")
    return dataclasses.replace(registered, kwargs={**registered.kwargs, **kwargs}, max_episode_steps=max_episode_steps)


def start_copies(
    env_id: str,
    num_envs: int,
    processes: int,
    options: dict,
    engine_timeout: float | None = None,
    autoreset: str | None = None,
    time_limit: int | None = None,
    illegal_action: str = "raise",
    keywords_of: Callable[..., Any] | None = None,
) -> tuple[list[Engine], list[int], dict]:
    """`num_envs` copies of an env split as evenly as they go over `processes` engine processes
    (at most one per copy), for the vector envs: the engines, the copies each holds, and the
    engines' answer to `make`. `time_limit`: Gymnasium's TimeLimit, applied by the engines;
    `illegal_action`: "raise" or "stay" (checked here, as TengymEnv checks it); `keywords_of`:
    the vector env's `__init__`, whose misspelt keywords a refusal of options names. If any
    engine fails to start or refuses the env, the ones already started are closed before the
    error goes on."""
    processes = min(positive_int("processes", processes), num_envs)
    sizes = [num_envs // processes + (1 if p < num_envs % processes else 0) for p in range(processes)]
    engines: list[Engine] = []
    msg: dict = {"cmd": "make", "id": env_id, "options": options, "vector": True}
    if autoreset is not None:
        msg["autoreset"] = autoreset
    if time_limit is not None:
        msg["timeLimit"] = time_limit
    if illegal_action not in ("raise", "stay"):
        raise TengymError(
            f"illegal_action={illegal_action!r}: expected 'raise' (a BadActionError) or 'stay' (no move, reward "
            "0, info['illegal_action'])",
            "bad-argument",
        )
    if illegal_action == "stay":
        msg["illegal"] = "stay"
    try:
        for p, count in enumerate(sizes):
            engine = Engine() if engine_timeout is None else Engine(timeout=engine_timeout)
            engines.append(engine)
            # firstCopy: the engine names a refused copy by its number in the whole vector.
            made = engine.request({**msg, "num": count, "firstCopy": sum(sizes[:p])})
    except BaseException as e:
        for engine in engines:
            engine.close()
        meant = keyword_meant(e, keywords_of) if keywords_of is not None else e
        if meant is e:
            raise
        raise meant from None
    return engines, sizes, made


def reset_once_more(reset: Callable[[], Any], engines: Callable[[], list[Engine]]) -> Any:
    """`reset()`, which replaces failed engines (`Engine.revived`) then deals; and once more should
    an engine it found running die during it. An engine killed just before a reset has often not
    exited yet when the reset looks (its exit status is not there to see): it takes the reset's
    message and dies before answering. The second time, `revived` replaces it and the whole reset
    is dealt again (a copy's seed deals the same cards; copies without one deal on). An engine that
    dies right after it was started is not tried again."""
    running = [engine for engine in engines() if not engine.failed and not engine.closed]
    try:
        return reset()
    except EngineError:
        # Died at this reset (not hung, not closed by the env's owner), and running before it.
        if not any(
            engine.died and engine._made is not None and any(engine is r for r in running) for engine in engines()
        ):
            raise
    return reset()


def revive_copies(engines: list[Engine], starts: np.ndarray) -> np.ndarray:
    """Replaces, in place, every engine of a vector env that failed by a new one holding the same
    copies (Engine.revived); which copies are now on a new engine."""
    new = np.zeros(starts[-1], dtype=bool)
    for p, engine in enumerate(engines):
        engines[p] = engine.revived()
        new[starts[p] : starts[p + 1]] = engines[p] is not engine
    return new


def ended_outcomes(body: memoryview, num: int, obs_size: int, n: int, same_step_ended: int | None = None) -> list[dict]:
    """The outcomes of the episodes a step ended, in copy order: the JSON after a rows frame's rows
    (after same-step's last observations and masks, `same_step_ended` of them), [] when none ended."""
    at = num * obs_size * 4 + num * 4 + num * n + num
    if same_step_ended is not None:
        at = ((8 + at + 3) & ~3) - 8 + same_step_ended * (obs_size * 4 + n)
    tail = body[at:]
    return json.loads(bytes(tail)) if len(tail) else []


def same_step_last(body: memoryview, num: int, obs_size: int, n: int, ended: int) -> tuple[np.ndarray, np.ndarray]:
    """A same-step frame's last observations and last masks of the `ended` copies it reset, in
    copy order (after the flags, padded to 4 bytes: the frame's 4-byte length and kind come before the body)."""
    at = ((8 + num * obs_size * 4 + num * 4 + num * n + num + 3) & ~3) - 8
    obs = np.frombuffer(body, dtype="<f4", count=ended * obs_size, offset=at).reshape(ended, obs_size)
    masks = np.frombuffer(body, dtype=np.int8, count=ended * n, offset=at + ended * obs_size * 4).reshape(ended, n)
    return obs, masks


class Rows:
    """Numpy views of one result frame: observations, rewards, masks, terminated, truncated, and
    (illegal "stay") stayed."""

    __slots__ = ("obs", "rewards", "masks", "terminated", "truncated", "flags")

    def __init__(self, body: memoryview, num: int, obs_size: int, n: int):
        o = num * obs_size * 4
        self.obs = np.frombuffer(body, dtype="<f4", count=num * obs_size).reshape(num, obs_size)
        self.rewards = np.frombuffer(body, dtype="<f4", count=num, offset=o)
        self.masks = np.frombuffer(body, dtype=np.int8, count=num * n, offset=o + num * 4).reshape(num, n)
        flags = np.frombuffer(body, dtype=np.uint8, count=num, offset=o + num * 4 + num * n)
        self.terminated = (flags & 1) != 0
        self.truncated = (flags & 2) != 0
        self.flags = flags

    @property
    def stayed(self) -> np.ndarray:
        """Which copies stayed (their action was not legal; illegal_action="stay" only)."""
        return (self.flags & 4) != 0
