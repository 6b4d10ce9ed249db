"""Where one env's step goes, and the floor of any two-process transport: `python -m tengym.bench --parts`.

One env through the bridge is a round trip between two processes a step, so its steps per second
are bounded by what a round trip costs on the machine, whatever the engine does. This measures:

- **parts**: one env in random legal play (as `tengym.bench` plays it), each step's time split
  into the engine's round trip (the step frame sent, the rows frame received: the engine's own
  work included), Python's own work in `step` around it, the resets' share a step, and the
  benchmark's choice of a legal action;
- **floor**: a Node.js process answering each 12-byte request with a frame as large as one
  env's rows frame and doing nothing else, over the transports two processes have: the pipe, the
  way the bridge waits on it (each side polling a non-blocking handle, the engine catching EAGAIN),
  and a shared file in /dev/shm that both sides poll (Python through mmap, Node with pread and
  pwrite), which the bridge does not use for its waiting.

And for a vector env (`--parts --sizes 256`), where the time goes in a step of all its copies:

- **vector parts**: the engine's round trip, Python's own work in `step` (the rows copied into the
  arrays returned, the infos and outcomes built), and the benchmark's choice of the legal actions;
- **frame floor**: the same Node.js process doing nothing but what the engine does with a large
  frame: each request answered by writing a frame of the vector env's size into the shared file
  and a 12-byte note through the pipe, both sides polling the pipe as the bridge does.
"""

from __future__ import annotations

import mmap
import os
import random
import struct
import subprocess
import tempfile
import time

import numpy as np

from ._engine.framing import rows_bytes
from ._engine.node import node_executable
from .env import TengymEnv
from .vector import TengymVectorEnv

# The answering process: reads each request, answers with `bytes` bytes; `pipe` polls its stdin
# as the engine does (a second, non-blocking open of the pipe), `frame` polls it likewise and answers
# as the engine answers a large step (the frame written into the shared file, a 12-byte note
# through the pipe), `shared` polls the shared file's request counter and answers by writing the
# frame and then the answer counter there.
_ANSWERER = r"""
const fs = require('node:fs');
const [mode, fdText, bytesText] = process.argv.slice(1);
const frame = Buffer.alloc(Number(bytesText));
const buf = Buffer.alloc(1 << 16);
if (mode === 'pipe' || mode === 'frame') {
  const spin = fs.openSync('/proc/self/fd/0', fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  const fd = Number(fdText);
  const note = Buffer.alloc(12);
  for (;;) {
    let n;
    for (;;) {
      try { n = fs.readSync(spin, buf, 0, buf.length, null); break; }
      catch (e) { if (e.code !== 'EAGAIN') throw e; }
    }
    if (n === 0) process.exit(0);
    if (mode === 'pipe') fs.writeSync(1, frame);
    else {
      fs.writeSync(fd, frame, 0, frame.length, 0);
      fs.writeSync(1, note);
    }
  }
} else {
  const fd = Number(fdText);
  const bell = Buffer.alloc(4);
  const parent = process.ppid;
  let seen = 0;
  for (;;) {
    // Polling the file never sees the parent go, as the pipe's end of file does: its pid is checked now and then.
    for (let polls = 1; ; polls++) {
      fs.readSync(fd, bell, 0, 4, 0);
      if (bell.readUInt32LE(0) !== seen) break;
      if (polls % 100000 === 0 && process.ppid !== parent) process.exit(0);
    }
    seen = bell.readUInt32LE(0);
    if (seen === 0xffffffff) process.exit(0);
    fs.writeSync(fd, frame, 0, frame.length, 64);
    fs.writeSync(fd, bell, 0, 4, 4);
  }
}
"""


def one_env_parts(env_id: str, steps: int) -> dict[str, float]:
    """Microseconds a step of one env in random legal play, split into its parts; and the rows frame's size."""
    env = TengymEnv(env_id)
    engine = env._engine
    round_trip = engine.step_one
    spent = {"round trip": 0, "calls": 0, "frame bytes": 0}

    def timed_step_one(action: int):
        t = time.perf_counter_ns()
        body = round_trip(action)
        spent["round trip"] += time.perf_counter_ns() - t
        spent["calls"] += 1
        spent["frame bytes"] = len(body) + 8  # the length word and the kind header the body came with
        return body

    engine.step_one = timed_step_one  # type: ignore[method-assign]  # timed in place, for this env only
    rnd = random.Random(1)
    try:
        _, info = env.reset(seed=0)
        pick = step = reset = 0
        done = 0
        over = False
        while done < steps:
            t0 = time.perf_counter_ns()
            if over:  # the mask at the end shows every action legal: the flags say it is over
                _, info = env.reset()
                reset += time.perf_counter_ns() - t0
                over = False
                continue
            legal = np.flatnonzero(info["action_mask"])
            action = int(legal[rnd.randrange(legal.size)])
            t2 = time.perf_counter_ns()
            _, _, terminated, truncated, info = env.step(action)
            over = terminated or truncated
            t3 = time.perf_counter_ns()
            pick += t2 - t0
            step += t3 - t2
            done += 1
        return {
            "engine round trip": spent["round trip"] / spent["calls"] / 1e3,
            "Python's step work": (step - spent["round trip"]) / done / 1e3,
            "resets, a step": reset / done / 1e3,
            "picking the action": pick / done / 1e3,
            "frame bytes": spent["frame bytes"],
        }
    finally:
        env.close()


def vector_parts(env_id: str, num_envs: int, steps: int) -> dict[str, float]:
    """Microseconds a step of a vector env of `num_envs` copies (one engine process) in random legal
    play, split into its parts; and its rows frame's size."""
    from .bench import random_legal  # here: tengym.bench imports this module

    envs = TengymVectorEnv(env_id, num_envs=num_envs)
    engine = envs._engines[0]
    send, receive = engine.send_step, engine.receive_rows
    spent = {"round trip": 0, "sent": 0}

    def timed_send(actions):
        spent["sent"] = time.perf_counter_ns()
        send(actions)

    def timed_receive():
        body = receive()
        spent["round trip"] += time.perf_counter_ns() - spent["sent"]
        return body

    engine.send_step, engine.receive_rows = timed_send, timed_receive  # type: ignore[method-assign]
    rng = np.random.default_rng(2)
    try:
        _, info = envs.reset(seed=0)
        for _ in range(50):  # the engine's JIT warmed up
            _, _, _, _, info = envs.step(random_legal(info["action_mask"], rng))
        spent["round trip"] = 0
        pick = step = 0
        for _ in range(steps):
            t0 = time.perf_counter_ns()
            actions = random_legal(info["action_mask"], rng)
            t1 = time.perf_counter_ns()
            _, _, _, _, info = envs.step(actions)
            pick += t1 - t0
            step += time.perf_counter_ns() - t1
        return {
            "engine round trip": spent["round trip"] / steps / 1e3,
            "Python's step work": (step - spent["round trip"]) / steps / 1e3,
            "picking the actions": pick / steps / 1e3,
            "frame bytes": 8 + rows_bytes(num_envs, envs._size, envs._n),  # the length word and kind, the rows
            "shared file": engine._shared_map is not None,  # mapped at the first frame the engine wrote there
        }
    finally:
        envs.close()


def floor(mode: str, frame_bytes: int, round_trips: int) -> float:
    """Microseconds a round trip of a 12-byte request and a `frame_bytes` answer, over `mode`: 'pipe',
    'shared' (the shared file polled), or 'frame' (the frame written into the shared file and a
    12-byte note through the polled pipe, as the engine answers a large step)."""
    in_file = mode in ("shared", "frame")
    shared = tempfile.TemporaryFile(dir="/dev/shm") if in_file else None  # noqa: SIM115 — closed below
    fds: tuple[int, ...] = ()
    if shared is not None:
        shared.truncate(64 + frame_bytes)
        fds = (shared.fileno(),)
        bell = mmap.mmap(shared.fileno(), 64 + frame_bytes)
    piped = 12 if mode == "frame" else frame_bytes  # what comes back through the pipe
    answerer = subprocess.Popen(
        [node_executable(), "-e", _ANSWERER, mode, str(fds[0] if fds else -1), str(frame_bytes)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        pass_fds=fds,
        bufsize=0,
    )
    assert answerer.stdin is not None and answerer.stdout is not None
    request, answers = answerer.stdin.fileno(), answerer.stdout.fileno()
    buf = bytearray(max(1 << 16, piped))
    view = memoryview(buf)
    try:
        if mode == "shared":
            count = 0

            def run(n: int) -> None:
                nonlocal count
                for _ in range(n):
                    count += 1
                    struct.pack_into("<I", bell, 0, count)
                    while struct.unpack_from("<I", bell, 4)[0] != count:
                        pass
                    view[:frame_bytes] = bell[64 : 64 + frame_bytes]
        else:
            os.set_blocking(answers, False)
            ask = b"\0" * 12

            def run(n: int) -> None:
                for _ in range(n):
                    os.write(request, ask)
                    got = 0
                    while got < piped:
                        try:  # noqa: SIM105 — a `with suppress` a poll would cost more than the poll
                            got += os.readv(answers, [view[got:]])
                        except BlockingIOError:
                            pass

        run(2000)  # the answerer's JIT warmed up
        start = time.perf_counter()
        run(round_trips)
        return (time.perf_counter() - start) / round_trips * 1e6
    finally:
        if mode == "shared":
            struct.pack_into("<I", bell, 0, 0xFFFFFFFF)
        answerer.stdin.close()
        try:
            answerer.wait(timeout=5)
        except subprocess.TimeoutExpired:
            answerer.kill()
        if shared is not None:
            shared.close()
