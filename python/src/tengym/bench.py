"""Steps per second through the bridge beside the in-process TypeScript engine: `python -m tengym.bench`.

Random legal play, as `tengym bench` does: one env, then vector envs of 16, 64 and 256 copies,
and `tengym bench --num-envs 256` for the in-process rates; the rounds are interleaved and the
medians printed. The in-process numbers need the repository's build (`npm run build`) or a
`tengym` command on the PATH (--tengym).

With --sb3 (needs the [train] extra): `tengym.sb3.make_vec_env` beside Stable-Baselines3's own
`make_vec_env` over single envs (one engine process per copy), each stepped in random legal play
with the masks sb3-contrib's `get_action_masks` gives MaskablePPO.

With --parts: where one env's step goes, beside the floor of a round trip between two processes
(`tengym.bench_transport`).

With --gym (default sizes 2,4,8): Gymnasium's `make_vec` in its "sync" and "async" modes (a
`TengymEnv` a copy, each with its engine process) beside tengym's own vector env of as many copies.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import shutil
import statistics
import subprocess
import time
import warnings
from pathlib import Path

import numpy as np

from ._engine import SHARED_DIR, SPIN_MICROS
from .bench_transport import floor, one_env_parts, vector_parts
from .env import TengymEnv
from .vector import TengymVectorEnv


def engine_cpu_seconds(pid: int) -> float | None:
    """User plus system CPU time of a process, from /proc (None where there is none)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def single_rate(env_id: str, seconds: float, policy_micros: float = 0) -> tuple[float, float | None]:
    """Steps per second of one env, and the engine process's CPU microseconds per step.

    policy_micros: a busy wait after each step, standing in for a policy's forward pass (it
    shows what the engine's spin window costs a caller slower than the window).
    """
    env = TengymEnv(env_id)
    rnd = random.Random(1)
    try:
        _, info = env.reset(seed=0)
        mask = info["action_mask"]
        steps = 0
        pid = env._engine.proc.pid
        cpu_before = engine_cpu_seconds(pid)
        start = time.perf_counter()
        end = start + seconds
        now = start
        over = False
        while now < end:
            for _ in range(256):
                if over:  # the mask at the end shows every action legal: the flags say it is over
                    _, info = env.reset()
                    mask, over = info["action_mask"], False
                    continue
                legal = np.flatnonzero(mask)
                _, _, term, trunc, info = env.step(int(legal[rnd.randrange(legal.size)]))
                mask, over = info["action_mask"], term or trunc
                steps += 1
                if policy_micros:
                    until = time.perf_counter() + policy_micros / 1e6
                    while time.perf_counter() < until:
                        pass
            now = time.perf_counter()
        cpu_after = engine_cpu_seconds(pid)
        cpu = None if cpu_before is None or cpu_after is None else (cpu_after - cpu_before) * 1e6 / steps
        return steps / (now - start), cpu
    finally:
        env.close()


def random_legal(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly drawn legal action per row (0 for a row with none), without a per-row Python loop.

    The legal ids are found 8 mask bytes at a time: numpy finds the few nonzero words of a mask of
    mostly zeros faster than the nonzero bytes (23 µs a call against 31 for 256 decade rows), and
    flatnonzero on a bool view is ~15x faster than nonzero on the 2-D int8 masks.
    """
    num, n = masks.shape
    flat = np.ascontiguousarray(masks).reshape(-1).view(np.uint8)
    whole = flat.size & ~7
    words = flat[:whole].view(np.uint64)
    hit = np.flatnonzero(words != 0)
    # The masks hold 0 and 1, so the bytes of the nonzero words read as bools.
    nonzero = np.flatnonzero(words[hit].view(np.bool_))
    idx = (hit[nonzero >> 3] << 3) | (nonzero & 7)
    if whole < flat.size:
        idx = np.concatenate((idx, whole + np.flatnonzero(flat[whole:])))
    counts = np.bincount(idx // n, minlength=num)
    pick = np.cumsum(counts)
    pick -= counts
    pick += (rng.random(num) * counts).astype(np.int64)
    has = counts > 0
    actions = np.zeros(num, dtype=np.int64)
    actions[has] = idx[pick[has]] - np.flatnonzero(has) * n
    return actions


def vector_rate(env_id: str, num_envs: int, seconds: float, processes: int = 1) -> float:
    """Env steps a second of a `TengymVectorEnv` of `num_envs` copies in random legal play."""
    envs = TengymVectorEnv(env_id, num_envs=num_envs, processes=processes)
    rng = np.random.default_rng(2)
    try:
        _, info = envs.reset(seed=0)

        def batch() -> int:
            nonlocal info
            for _ in range(max(1, 4096 // num_envs)):
                _, _, _, _, info = envs.step(random_legal(info["action_mask"], rng))
            return max(1, 4096 // num_envs) * num_envs

        return timed_rate(seconds, batch)
    finally:
        envs.close()


def timed_rate(seconds: float, batch) -> float:
    """Steps per second of calling `batch()` (which returns the steps it took) for `seconds`."""
    steps = 0
    start = time.perf_counter()
    end = start + seconds
    now = start
    while now < end:
        steps += batch()
        now = time.perf_counter()
    return steps / (now - start)


def sb3_rate(env_id: str, num_envs: int, seconds: float, per_env_processes: bool) -> float:
    """Steps per second of an SB3 VecEnv in random legal play: tengym's, or SB3's `make_vec_env` over single envs."""
    from sb3_contrib.common.maskable.utils import get_action_masks

    if per_env_processes:
        from stable_baselines3.common.env_util import make_vec_env as sb3_make_vec_env

        from . import gym_id

        with warnings.catch_warnings():  # SB3 asks every env for "rgb_array", which tengym turns down with a warning
            warnings.simplefilter("ignore")
            vec = sb3_make_vec_env(gym_id(env_id), n_envs=num_envs, seed=0)
    else:
        from .sb3 import make_vec_env

        vec = make_vec_env(env_id, n_envs=num_envs, seed=0)
    rng = np.random.default_rng(3)
    try:
        vec.reset()

        def batch() -> int:
            for _ in range(max(1, 1024 // num_envs)):
                masks = get_action_masks(vec)
                stuck = np.flatnonzero(~masks.any(axis=1))
                if stuck.size:  # a single env keeps a deal with no legal move (tengym's VecEnv redeals it): deal again
                    vec.env_method("reset", indices=stuck.tolist())
                    masks = get_action_masks(vec)
                vec.step(random_legal(masks, rng))
            return max(1, 1024 // num_envs) * num_envs

        return timed_rate(seconds, batch)
    finally:
        vec.close()


def sb3_table(ids: list[str], sizes: list[int], seconds: float, rounds: int) -> None:
    """Prints `tengym.sb3.make_vec_env` beside SB3's `make_vec_env` in steps a second (--sb3), medians of the rounds."""
    samples: dict[tuple[str, int, bool], list[float]] = {}
    for _ in range(rounds):
        for env_id in ids:
            for n in sizes:
                for per_env in (False, True):
                    samples.setdefault((env_id, n, per_env), []).append(sb3_rate(env_id, n, seconds, per_env))
    print(
        f"env steps/s in random legal play, masks from get_action_masks; median (lowest–highest) of {rounds} "
        f"interleaved rounds of {seconds:g} s"
    )
    print("| env | copies | `tengym.sb3.make_vec_env` | SB3 `make_vec_env` | ratio |")
    print("|---|---|---|---|---|")
    cell = lambda v: f"{statistics.median(v):,.0f} ({min(v):,.0f}–{max(v):,.0f})"
    for env_id in ids:
        for n in sizes:
            ours, theirs = samples[(env_id, n, False)], samples[(env_id, n, True)]
            print(
                f"| {env_id} | {n} | {cell(ours)} | {cell(theirs)} | "
                f"{statistics.median(ours) / statistics.median(theirs):,.1f} |"
            )


def gym_rate(env_id: str, num_envs: int, seconds: float, mode: str) -> float:
    """Steps per second of `gymnasium.make_vec` in random legal play: "sync" or "async" over
    `TengymEnv`s, or "vector_entry_point" (tengym's vector env)."""
    import gymnasium as gym

    from . import gym_id

    envs = gym.make_vec(gym_id(env_id), num_envs, vectorization_mode=mode)
    rng = np.random.default_rng(4)
    try:
        _, info = envs.reset(seed=0)

        def batch() -> int:
            nonlocal info
            for _ in range(64):
                _, _, _, _, info = envs.step(
                    random_legal(np.ascontiguousarray(info["action_mask"], dtype=np.int8), rng)
                )
            return 64 * num_envs

        return timed_rate(seconds, batch)
    finally:
        envs.close()


def gym_table(ids: list[str], sizes: list[int], seconds: float, rounds: int) -> None:
    """Prints tengym's vector env beside Gymnasium's sync and async vector envs (--gym), medians of the rounds."""
    modes = {"tengym's vector env": "vector_entry_point", "Gymnasium sync": "sync", "Gymnasium async": "async"}
    samples: dict[tuple[str, int, str], list[float]] = {}
    for _ in range(rounds):
        for env_id in ids:
            for n in sizes:
                for name, mode in modes.items():
                    samples.setdefault((env_id, n, name), []).append(gym_rate(env_id, n, seconds, mode))
    print(
        f"env steps/s in random legal play through gymnasium.make_vec; median (lowest–highest) of {rounds} "
        f"interleaved rounds of {seconds:g} s; spin window {SPIN_MICROS} µs"
    )
    print("| env | copies | " + " | ".join(modes) + " |")
    print("|---|---|" + "---|" * len(modes))
    cell = lambda v: f"{statistics.median(v):,.0f} ({min(v):,.0f}–{max(v):,.0f})"
    for env_id in ids:
        for n in sizes:
            print(f"| {env_id} | {n} | " + " | ".join(cell(samples[(env_id, n, name)]) for name in modes) + " |")


def in_process(command: list[str], env_id: str, num_envs: int, seconds: float) -> tuple[float, float]:
    """The in-process engine's steps a second, one env and a vector env, as `tengym bench --json` measures them."""
    out = subprocess.run(
        [*command, "bench", "--env", env_id, "--seconds", str(seconds), "--num-envs", str(num_envs), "--json"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    row = json.loads(out)[0]
    return row["stepsPerSecond"], row["vectorStepsPerSecond"]


def tengym_command(given: str | None) -> list[str] | None:
    """The `tengym` command to run: the one given, the repository's build, or one on the PATH; None without one."""
    if given:
        return given.split()
    built = Path(__file__).resolve().parents[3] / "dist" / "cli" / "main.js"
    if built.exists():
        return ["node", str(built)]
    if shutil.which("tengym"):
        return ["tengym"]
    return None


def parts_table(
    ids: list[str], rounds: int, steps: int, sizes: list[int], seconds: float, command: list[str] | None
) -> None:
    """`--parts`: a step's µs in parts, one env (size 1) or a vector env of each other size, beside the
    floors of its round trip; medians of interleaved rounds."""
    samples: dict[tuple[str, int, str], list[float]] = {}
    for _ in range(rounds):
        for env_id in ids:
            for n in sizes:
                if n == 1:
                    parts = one_env_parts(env_id, steps)
                    size = int(parts.pop("frame bytes"))
                    parts["pipe floor"] = floor("pipe", size, steps)
                    if os.path.isdir("/dev/shm"):
                        parts["shared-file floor"] = floor("shared", size, steps)
                else:
                    parts = vector_parts(env_id, n, max(100, steps // 20))
                    size, shared = int(parts.pop("frame bytes")), parts.pop("shared file")
                    # The floor of the way the engine sent this env's frames: the shared file, or the pipe.
                    parts["frame floor"] = floor("frame" if shared else "pipe", size, max(100, steps // 20))
                    if command:
                        parts["in-process step"] = n / in_process(command, env_id, n, seconds)[1] * 1e6
                for key, value in parts.items():
                    samples.setdefault((env_id, n, key), []).append(value)
    for group in ([1], [n for n in sizes if n > 1]):
        shown = [(env_id, n) for env_id in ids for n in group if n in sizes]
        if not shown:
            continue
        cols = list(dict.fromkeys(k for e, n, k in samples if (e, n) in shown))
        if group == [1]:
            print(
                f"one env, µs a step, medians of {rounds} interleaved rounds of {steps:,} steps or round trips; the "
                "floors: a Node.js process answering each request with a frame of one env's rows frame's size, doing "
                "nothing else"
            )
        else:
            print(
                f"vector env, µs a step of all its copies, medians of {rounds} interleaved rounds of "
                f"{max(100, steps // 20):,} such steps; frame floor: a Node.js process answering each request as the "
                "engine answers a step of that many copies (the frame written into the shared file, a note through the "
                "pipe), doing nothing else; "
                f"in-process step: `tengym bench --num-envs N`'s VectorEnv step, for {seconds:g} s"
            )
        print("| env | copies | steps/s | " + " | ".join(cols) + " |")
        print("|---" * (len(cols) + 3) + "|")
        for env_id, n in shown:
            med = {c: statistics.median(samples[(env_id, n, c)]) for c in cols}
            per_step = sum(med[c] for c in cols if "floor" not in c and c != "in-process step")
            print(f"| {env_id} | {n} | {n * 1e6 / per_step:,.0f} | " + " | ".join(f"{med[c]:.1f}" for c in cols) + " |")


def main(argv=None) -> None:
    """`python -m tengym.bench`: the tables the options ask for."""
    p = argparse.ArgumentParser(prog="python -m tengym.bench", description=__doc__.splitlines()[0])
    p.add_argument("--env", action="append", help="env id (repeatable; default: tens and decade)")
    p.add_argument("--seconds", type=float, default=2.0, help="seconds timed per measurement")
    p.add_argument("--rounds", type=int, default=3, help="interleaved rounds; medians are printed")
    p.add_argument("--sizes", help="vector env sizes (default 16,64,256; with --sb3 8,64)")
    p.add_argument("--processes", type=int, default=1, help="engine processes per vector env")
    p.add_argument(
        "--policy-micros",
        type=float,
        default=0,
        help="busy wait after each one-env step, standing in for a policy (default 0)",
    )
    p.add_argument("--tengym", help="the in-process bench command (default: node dist/cli/main.js of this repository)")
    p.add_argument(
        "--sb3",
        action="store_true",
        help="tengym.sb3.make_vec_env beside SB3's make_vec_env over single envs (default env decade-fives, sizes "
        "8,64)",
    )
    p.add_argument(
        "--gym",
        action="store_true",
        help="gymnasium.make_vec's sync and async modes beside tengym's vector env (default env decade, sizes 2,4,8)",
    )
    p.add_argument(
        "--parts",
        action="store_true",
        help="a step in parts, beside its round trip's floors: one env, or with --sizes a vector env of each size "
        "(default env decade, size 1)",
    )
    p.add_argument(
        "--steps",
        type=int,
        default=100_000,
        help="with --parts: one env's steps a round (a vector env: a twentieth as many)",
    )
    args = p.parse_args(argv)
    if args.parts:
        sizes = [int(s) for s in (args.sizes or "1").split(",")]
        command = tengym_command(args.tengym) if any(n > 1 for n in sizes) else None
        parts_table(args.env or ["decade"], args.rounds, args.steps, sizes, args.seconds, command)
        return
    if args.gym:
        gym_table(
            args.env or ["decade"], [int(s) for s in (args.sizes or "2,4,8").split(",")], args.seconds, args.rounds
        )
        return
    if args.sb3:
        missing = [m for m in ("stable_baselines3", "sb3_contrib") if importlib.util.find_spec(m) is None]
        if missing:
            p.error(f"--sb3 needs {' and '.join(missing)}, in tengym's [train] extra: pip install -e 'python[train]'")
        sb3_table(
            args.env or ["decade-fives"], [int(s) for s in (args.sizes or "8,64").split(",")], args.seconds, args.rounds
        )
        return
    ids = args.env or ["tens", "decade"]
    sizes = [int(s) for s in (args.sizes or "16,64,256").split(",")]
    command = tengym_command(args.tengym)
    largest = max(sizes)
    samples: dict[tuple[str, str], list[float]] = {}
    for _ in range(args.rounds):
        for env_id in ids:

            def add(key, value, env_id=env_id):
                samples.setdefault((env_id, key), []).append(value)

            if command:
                ts_single, ts_vector = in_process(command, env_id, largest, args.seconds)
                add("ts 1", ts_single)
                add(f"ts {largest}", ts_vector)
            rate, cpu = single_rate(env_id, args.seconds, args.policy_micros)
            add("bridge 1", rate)
            if cpu is not None:
                add("engine CPU µs/step (1 env)", cpu)
            for n in sizes:
                add(f"bridge {n}", vector_rate(env_id, n, args.seconds, args.processes))
    med = {k: statistics.median(v) for k, v in samples.items()}
    print(
        f"steps/s, median of {args.rounds} interleaved rounds of {args.seconds:g} s; vector envs over "
        f"{args.processes} engine process(es); "
        f"spin window {SPIN_MICROS} µs; shared file "
        f"{'in ' + SHARED_DIR if SHARED_DIR and os.path.isdir(SHARED_DIR) else 'off'}"
        + (f"; one env waits {args.policy_micros:g} µs after each step" if args.policy_micros else "")
    )
    cols = ["bridge 1", *[f"bridge {n}" for n in sizes]] + (
        ["ts 1", f"ts {largest}", f"bridge {largest} / ts {largest}", "bridge 1 / ts 1"] if command else []
    )
    if any(k[1] == "engine CPU µs/step (1 env)" for k in med):
        cols.append("engine CPU µs/step (1 env)")
    print("| env | " + " | ".join(cols) + " |")
    print("|---" * (len(cols) + 1) + "|")
    for env_id in ids:
        cells = []
        for c in cols:
            if " / " in c:
                a, b = c.split(" / ")
                ratio = med[(env_id, a)] / med[(env_id, b)]
                # A busy machine can put a ratio under 0.005.
                cells.append(f"{ratio:.2f}" if ratio >= 0.1 else f"{ratio:.2g}")
            else:
                cells.append(f"{med[(env_id, c)]:,.1f}" if c.startswith("engine CPU") else f"{med[(env_id, c)]:,.0f}")
        print(f"| {env_id} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
