"""What a compact observation dtype would buy the bridge: `python3 python/experiments/compact_observations.py`.

tengym keeps float32 observations because a compact dtype would not hold the layouts exactly
(decade has counts / 52 and steps / maxSteps). This measures what uint8 would gain anyway: it
patches a copy of the engine bundle (in a temporary folder; the package is untouched) so the
engine converts each row to uint8 (x255, lossy) before sending, and Python converts back to
float32, then times 256-copy random play against the carried bundle, interleaved.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import numpy as np

import tengym._engine as transport
import tengym._engine.settings as settings
from tengym.bench import random_legal

# Text of the carried bundle and what replaces it: the frame's observation block becomes uint8,
# the copies keep float32 observations of their own, and each frame is converted before it goes.
PATCHES = [
    ("const obsBytes = num * obsSize * 4;", "const obsBytes = num * obsSize + 3 & ~3;"),
    (
        "observations: new Float32Array(out.buffer, base, num * obsSize),",
        "observations: (globalThis.__u8 = new Uint8ClampedArray(out.buffer, base, num * obsSize), globalThis.__f32 "
        "= new Float32Array(num * obsSize)),",
    ),
    (
        "function writeRows(c, lastRows, outcomes) {",
        "function writeRows(c, lastRows, outcomes) {\n\t{ const u8 = globalThis.__u8, f = globalThis.__f32; for (let "
        "k = 0; k < f.length; k++) u8[k] = f[k] * 255; }",
    ),
]


def patched_bundle(folder: Path) -> Path:
    text = transport.ENGINE_SCRIPT.read_text()
    for old, new in PATCHES:
        if text.count(old) != 1:
            raise SystemExit(f"the bundle no longer has {old!r} once; update PATCHES")
        text = text.replace(old, new)
    out = folder / "engine-uint8.mjs"
    out.write_text(text)
    return out


def rate(script: Path, compact: bool, env_id: str, num: int, seconds: float) -> float:
    carried = settings.ENGINE_SCRIPT
    settings.ENGINE_SCRIPT = script
    try:
        engine = transport.Engine()
    finally:
        settings.ENGINE_SCRIPT = carried
    try:
        made = engine.request({"cmd": "make", "id": env_id, "options": {}, "num": num, "vector": True})
        size, n = made["observationSize"], made["actions"]
        obs_bytes = (num * size + 3) & ~3 if compact else num * size * 4

        def masks_of(body) -> np.ndarray:
            # What a vector env returns: observations as float32, masks, rewards (both copied).
            if compact:
                np.frombuffer(body, dtype=np.uint8, count=num * size).astype(np.float32) * np.float32(1 / 255)
            else:
                np.frombuffer(body, dtype="<f4", count=num * size).copy()
            np.frombuffer(body, dtype="<f4", count=num, offset=obs_bytes).astype(np.float64)
            return np.frombuffer(body, dtype=np.int8, count=num * n, offset=obs_bytes + 4 * num).reshape(num, n).copy()

        masks = masks_of(engine.request({"cmd": "reset", "seed": 0}))
        rng = np.random.default_rng(2)
        steps = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            for _ in range(16):
                engine.send_step(random_legal(masks, rng))
                masks = masks_of(engine.receive_rows())
                steps += num
        return steps / (time.perf_counter() - start)
    finally:
        engine.close()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--env", default="decade")
    p.add_argument("--num-envs", type=int, default=256)
    p.add_argument("--seconds", type=float, default=2.0)
    p.add_argument("--rounds", type=int, default=5)
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        compact_script = patched_bundle(Path(folder))
        f32, u8 = [], []
        for _ in range(args.rounds):
            f32.append(rate(transport.ENGINE_SCRIPT, False, args.env, args.num_envs, args.seconds))
            u8.append(rate(compact_script, True, args.env, args.num_envs, args.seconds))
    print(
        f"{args.env}, {args.num_envs} copies, steps/s, medians of {args.rounds} interleaved rounds of "
        f"{args.seconds:g} s"
    )
    print("| observations | median | range |")
    print("|---|---|---|")
    print(f"| float32 (carried) | {statistics.median(f32):,.0f} | {min(f32):,.0f}–{max(f32):,.0f} |")
    print(f"| uint8 (patched, lossy) | {statistics.median(u8):,.0f} | {min(u8):,.0f}–{max(u8):,.0f} |")


if __name__ == "__main__":
    main()
