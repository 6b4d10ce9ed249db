"""One engine process (the bundled TypeScript engines under Node): started, checked, failed,
replaced and ended; a forked child lets go of its parent's engines."""

from __future__ import annotations

import contextlib
import fcntl
import mmap
import os
import select
import signal
import struct
import subprocess
import sys
import tempfile
import threading
import weakref
from typing import Any

import numpy as np

from .. import _version
from ..errors import EngineError, TengymError, VersionMismatchError
from . import settings
from .framing import KIND_ERROR, KIND_JSON, KIND_ROWS, KIND_SHARED, Framing
from .node import (
    NEEDS_NODE,
    _node_too_old,
    _too_many_files,
    did_not_answer_as_the_engine,
    node_executable,
    others_on_stdout,
)

ANOTHER_THREAD = (
    "this env is answering a call from another thread: an env, like Gymnasium's, is used from one thread "
    "at a time; give each thread its own env, or step many copies at once with a vector env"
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


class Engine(Framing):
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

    def __init__(self, timeout: float = settings.DEFAULT_TIMEOUT, shared: bool = True):
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
        try:
            self._shared = settings._shared_file() if shared else None
        except BaseException:
            self._stderr.close()
            raise
        self._shared_map: mmap.mmap | None = None
        # The pipes are made here, not by Popen(stdin=PIPE, stdout=PIPE): Python 3.10's Popen leaks
        # the stdin pipe when the stdout one cannot be made (EMFILE), and every failure below
        # closes what was opened. [engine's stdin read end, its write end, stdout's read end, its write end]
        pipes: list[int] = []
        try:
            pipes.extend(os.pipe())
            pipes.extend(os.pipe())
            self.proc = subprocess.Popen(
                [node, str(settings.ENGINE_SCRIPT)],
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
        if settings.PIPE_BYTES:
            # A frame of 256 decade copies is 721 KB: through the default 64 KB pipe it takes a
            # dozen wake-ups of each side; one pipe as large as the frame takes one or two.
            for fd in (self._in, self._out):
                with contextlib.suppress(OSError, AttributeError):
                    fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, settings.PIPE_BYTES)
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
        self._spin_ns = settings.SPIN_MICROS * 1000
        self._spin_cap_ns = 10 * self._spin_ns
        self._last_wait_ns = 0
        if self._spin_ns:
            os.set_blocking(self._out, False)
        # Until the hello is answered, a failure names the program run: it may not be Node.js at all.
        self._starting = True
        hello = self.request(
            {
                "cmd": "hello",
                "spinMicros": settings.SPIN_MICROS,
                "sharedFd": self._shared.fileno() if self._shared else None,
            }
        )
        self._starting = False
        if hello.get("tengym") != _version.__version__ or hello.get("protocol") != _version.PROTOCOL:
            self.close()
            raise VersionMismatchError(
                f"engine bundle {settings.ENGINE_SCRIPT} is tengym {hello.get('tengym')} protocol "
                f"{hello.get('protocol')}, this Python package is tengym {_version.__version__} protocol "
                f"{_version.PROTOCOL}; rebuild it with `npm run build:python` or reinstall the package"
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

    def _not_frames(self, got: int) -> EngineError:
        """The engine's stdout held `got` bytes that are not a frame's header: said with those bytes and
        what may have written them, and the engine killed (what it sends next cannot be trusted)."""
        head = bytes(self._view[: min(got, 8)])
        if len(head) == 8:
            length, word = struct.unpack("<II", head)
            if word & 0xFFFFFF00 == 0 and word & 0xFF in (KIND_JSON, KIND_ERROR, KIND_ROWS, KIND_SHARED):
                # Frames without the mark: an engine bundle of protocol 15 or earlier.
                self._fail("speaks an older protocol", hung=True)
                return VersionMismatchError(
                    f"engine bundle {settings.ENGINE_SCRIPT} sends frames without the mark of protocol "
                    f"{_version.PROTOCOL} (an older tengym's engine); rebuild it with `npm run build:python` or "
                    "reinstall the package"
                )
        shown = bytes(self._view[: min(got, 200)])
        return self._fail(
            f"process's stdout held something other than tengym's frames: {shown!r}{'…' if got > 200 else ''}",
            hung=True,
            why=others_on_stdout(self._node),
        )

    def _fail(self, what: str, hung: bool = False, why: str = "") -> EngineError:
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
        if not why and not too_old and getattr(self, "_starting", False):
            why = did_not_answer_as_the_engine(self._node)
        return EngineError(
            f"tengym engine {what} (process {self.proc.pid} {state}).{' ' + why if why else ''}\n"
            f"Its stderr ends:\n{tail or '(empty)'}" + (f"\n{too_old}" if too_old else "")
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


# Engines alive in this process: a forked child (multiprocessing's fork start method, SB3's
# SubprocVecEnv, a DataLoader worker) forsakes them at once.
_LIVE: weakref.WeakSet[Engine] = weakref.WeakSet()


def _forsake_in_child() -> None:
    for engine in list(_LIVE):
        engine._forsake()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forsake_in_child)
