"""The engine's framed protocol over its stdin and stdout: frames both ways are a uint32 LE body
length, then the body; a body's first 4 bytes are its kind ('J' JSON, 'E' error, 'S' actions, 'R'
result rows, 'M' result rows left in the shared file) and the mark FF 'T' 'G', which pads them so
float32 rows stay aligned. The mark and the bound on the length (MAX_FRAME_BYTES) are checked before
the length is trusted: text another program writes to the engine's stdout (a preload's log line) is
never read as a frame's length.
`Framing` writes and reads them (an `Engine` is one); `Rows` and the functions below read a rows frame."""

from __future__ import annotations

import json
import math
import mmap
import os
import struct
import time
from typing import IO, Any

import numpy as np

from ..errors import (
    BadActionError,
    BadDeckError,
    BadOptionsError,
    BadStateError,
    EngineError,
    TengymError,
    error_from_engine,
)

KIND_JSON, KIND_ERROR, KIND_STEP, KIND_ROWS, KIND_SHARED = 0x4A, 0x45, 0x53, 0x52, 0x4D
# Bytes 1 to 3 of every frame's kind word, FF 'T' 'G', as the word's high bytes (little-endian): 0xFF is
# never in UTF-8 text, so a program's text on the engine's stdout is never taken for a frame.
FRAME_MARK = 0x4754FF00
# The longest body a frame may have, either way (the engine's MAX_FRAME_BYTES): 1 GiB.
MAX_FRAME_BYTES = 1 << 30


class Framing:
    """Frames to and from one engine process: what `Engine` sets up (its pipes' descriptors, the
    poll, the buffers, the shared file) and how a failure is reported (`_fail`, `_acquire`) are
    the engine's; writing, waiting and reading are here."""

    timeout: float
    _in: int
    _out: int
    _poll: Any
    _buf: bytearray
    _view: memoryview
    _step_frame: bytearray
    _actions: tuple[bytearray, np.ndarray] | None
    _awaiting_thread: int | None
    _spin_ns: int
    _spin_cap_ns: int
    _last_wait_ns: int
    _shared: IO[bytes] | None
    _shared_map: mmap.mmap | None
    _made: dict | None

    def _fail(self, what: str, hung: bool = False) -> EngineError:
        raise NotImplementedError

    def _acquire(self) -> None:
        raise NotImplementedError

    def _not_frames(self, got: int) -> EngineError:
        """The error for `got` bytes at the start of the receive buffer that are not a frame's header."""
        raise NotImplementedError

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

    def _read_some(self, at: int, header: bool = False) -> int:
        """One poll (the timeout) and one read into the buffer from `at`; the bytes read. `header`:
        the bytes before `at` are the start of a header not yet checked (at the end of the pipe, they
        are named as what the engine's stdout held)."""
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
                    raise self._not_frames(at) if header and at else self._fail("died")
                self._last_wait_ns = time.perf_counter_ns() - start
                return n
        # poll() takes at most 2**31 - 1 ms (24 days): a longer timeout, inf included, waits that long.
        if not self._poll.poll(min(self.timeout * 1000, 2**31 - 1)):
            raise self._fail(f"did not answer within {self.timeout:g} s", hung=True)
        if self._spin_ns:
            self._last_wait_ns = time.perf_counter_ns() - start
        n = os.readv(self._out, [self._view[at:]])
        if n == 0:
            raise self._not_frames(at) if header and at else self._fail("died")
        return n

    def _receive(self) -> tuple[int, memoryview]:
        # The engine writes each answer with one write, so one read usually takes the whole
        # frame, length and body; and there is never more than one answer in the pipe, so a
        # read cannot take the start of the next.
        got = self._read_some(0)
        while got < 8:
            got += self._read_some(got, header=True)
        length, word = struct.unpack_from("<II", self._buf)
        # The header before its length is trusted: text on the engine's stdout ("[dotenv@16.4.5] inj…"
        # read as a length is 1.95 GB) is refused here, by what it is.
        if word & 0xFFFFFF00 != FRAME_MARK or not 4 <= length <= MAX_FRAME_BYTES:
            raise self._not_frames(got)
        if len(self._buf) < 4 + length:
            bigger = bytearray(max(2 * len(self._buf), 4 + length))
            bigger[:got] = self._view[:got]
            self._buf, self._view = bigger, memoryview(bigger)
        while got < 4 + length:
            got += self._read_some(got)
        self._awaiting_thread = None  # one store: there is no moment the engine is free but looks taken
        body = self._view[4 : 4 + length]
        kind = word & 0xFF
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
        if 4 + len(payload) > MAX_FRAME_BYTES:
            raise TengymError(
                f"{msg['cmd']}: the command is {len(payload)} bytes as JSON, more than the {MAX_FRAME_BYTES} bytes "
                "a frame to the engine may hold: send less at a time",
                "bad-argument",
            )
        if msg["cmd"] == "make":
            self._made = msg
        self._send(struct.pack("<II", 4 + len(payload), KIND_JSON | FRAME_MARK) + payload)

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
            struct.pack_into("<II", frame, 0, 4 + 4 * count, KIND_STEP | FRAME_MARK)
            self._actions = (frame, np.frombuffer(frame, dtype="<i4", offset=8))
        frame, view = self._actions
        check_int32(actions)
        view[:] = actions
        self._send(frame)

    def step_one(self, action: int) -> memoryview:
        """One env's step: the frame packed by hand and the rows returned as they came (the 1-env hot path)."""
        struct.pack_into("<IIi", self._step_frame, 0, 8, KIND_STEP | FRAME_MARK, action)
        self._send(self._step_frame)
        return self.receive_rows()

    def receive_rows(self) -> memoryview:
        kind, body = self._receive()
        if kind != KIND_ROWS:
            raise EngineError(f"engine answered a step with frame kind {kind}")
        return body


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


def check_int32(actions: np.ndarray) -> None:
    """Refuses ids outside int32: numpy would wrap such an id into the frame's int32 silently, and step
    another action."""
    if actions.dtype != np.int32 and len(actions) and (actions.min() < -(2**31) or actions.max() >= 2**31):
        raise BadActionError(f"step: action ids must fit in int32, got {actions.min()}..{actions.max()}", "bad-action")


OUTCOME_COLUMNS, OUTCOME_JSON = 0x43, 0x4A
# A column's type byte (0: absent) as the type JSON gives the value: numpy's dtype of an info array too.
_TYPES: tuple[Any, ...] = (None, bool, int, float)
# The keys of the outcome columns by their JSON (a game's are the same in every frame).
_KEYS: dict[bytes, tuple[str, ...]] = {}


class EndedOutcomes:
    """The outcomes of the episodes a step ended, in copy order, as a rows frame ends with them:
    columns (`keys`; `present`, False for an episode only the time limit ended, which has none;
    `codes`, each value's type byte, and `values`, float64, one row a key), or, for values a column
    cannot carry exactly, the JSON list of protocol 12 (`listed`)."""

    __slots__ = ("keys", "present", "codes", "values", "listed")

    def __init__(self, tail: memoryview, at: int):
        """From the tail of a rows frame, at body offset `at` (the frame's 8 bytes of length and kind come before)."""
        self.listed: list[dict | None] | None = None
        if tail[0] == OUTCOME_JSON:
            self.listed = json.loads(bytes(tail[4:]))
            return
        if tail[0] != OUTCOME_COLUMNS:
            raise EngineError(f"engine ended a rows frame with outcomes of kind {tail[0]}")
        count, length = struct.unpack_from("<II", tail, 4)
        raw = bytes(tail[12 : 12 + length])
        keys = _KEYS.get(raw)
        if keys is None:
            keys = _KEYS.setdefault(raw, tuple(json.loads(raw)))
        width = len(keys)
        codes_at = 12 + length + count
        values_at = codes_at + width * count
        values_at += -(8 + at + values_at) % 8
        self.keys = keys
        self.present = np.frombuffer(tail, dtype=np.bool_, count=count, offset=12 + length)
        self.codes = np.frombuffer(tail, dtype=np.uint8, count=width * count, offset=codes_at).reshape(width, count)
        self.values = np.frombuffer(tail, dtype="<f8", count=width * count, offset=values_at).reshape(width, count)

    def dicts(self) -> list[dict | None]:
        """Each outcome as a dict, as the JSON of protocol 12 gave it (None for one the time limit alone ended)."""
        if self.listed is not None:
            return self.listed
        codes, values = self.codes.T.tolist(), self.values.T.tolist()
        keys = self.keys
        return [
            {key: _TYPES[c](v) for key, c, v in zip(keys, cs, vs) if c} if p else None
            for p, cs, vs in zip(self.present.tolist(), codes, values)
        ]


def rows_bytes(num: int, obs_size: int, n: int) -> int:
    """The bytes of a rows frame's body from its observations to its flags (float32 observations and
    rewards, int8 masks, a flag byte a copy): where what follows them starts."""
    return num * (obs_size * 4 + 4 + n + 1)


def ended_outcomes(
    body: memoryview, num: int, obs_size: int, n: int, same_step_ended: int | None = None
) -> EndedOutcomes:
    """The outcomes of the episodes a step ended (asked only of a frame whose flags say some did), in
    copy order: the tail after a rows frame's rows (after same-step's last observations and masks,
    `same_step_ended` of them)."""
    at = rows_bytes(num, obs_size, n)
    if same_step_ended is not None:
        at = ((8 + at + 3) & ~3) - 8 + same_step_ended * (obs_size * 4 + n)
    if len(body) <= at:
        raise EngineError("engine sent no outcomes after a step that ended episodes")
    return EndedOutcomes(body[at:], at)


def same_step_last(body: memoryview, num: int, obs_size: int, n: int, ended: int) -> tuple[np.ndarray, np.ndarray]:
    """A same-step frame's last observations and last masks of the `ended` copies it reset, in
    copy order (after the flags, padded to 4 bytes: the frame's 4-byte length and kind come before the body)."""
    at = ((8 + rows_bytes(num, obs_size, n) + 3) & ~3) - 8
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
