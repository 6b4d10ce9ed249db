"""The learning table's Python rows: sb3-contrib's MaskablePPO through tengym's vector env, on the budget and the
held-out deals of the TypeScript rows (docs/learning.md).

    python python/examples/learning_table.py --ids pyramid,seven-up --seeds 1,2,3

Each run trains on `tengym.sb3.make_vec_env` for --steps env steps. At the start and after each tenth of the
budget, its deterministic policy plays the held-out deals: seeds 1,000,000,000 + i for i < 500, the deals `tengym
train` evaluates on and never trains on. A run is written as docs/learning/runs-python/ID.maskable-ppo.seedS.json,
in the form of the TypeScript runs, and `npx tsx research/learning-table.ts table` reads both folders. A run
already on disk is skipped, so the table can grow over several sittings.

Without --ids, the script runs the ids of the TypeScript table's runs (docs/learning/runs/), so that both tables
cover the same ids.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import resource
import sys
import time
from pathlib import Path

import numpy as np

import tengym

HELD_OUT_SEED = 1_000_000_000
ROOT = Path(__file__).resolve().parents[2]
TS_RUNS = ROOT / "docs" / "learning" / "runs"
PY_RUNS = ROOT / "docs" / "learning" / "runs-python"
ALGO = "maskable-ppo"


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate, as `tengym eval` and `tengym train` give it."""
    if n == 0:
        return (0.0, 1.0)
    z = 1.959963984540054
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def held_out_wins(env_id: str, deals: int, model) -> int:
    """How many of the held-out deals the policy wins, each played once from its seed to its end."""
    envs = tengym.TengymVectorEnv(env_id, num_envs=deals)
    try:
        obs, info = envs.reset(seed=HELD_OUT_SEED)
        done = np.zeros(deals, dtype=bool)
        won = np.zeros(deals, dtype=bool)
        while not done.all():
            actions, _ = model.predict(obs, action_masks=info["action_mask"].astype(bool), deterministic=True)
            obs, _, term, trunc, info = envs.step(actions)
            ended = (term | trunc) & ~done
            if ended.any():
                # Next-step autoreset: a copy shows the end of its episode until its next step.
                outcomes = envs.call("outcome")
                for i in np.flatnonzero(ended):
                    won[i] = outcomes[i]["won"]
            done |= term | trunc
        return int(won.sum())
    finally:
        envs.close()


def cpu_seconds() -> float:
    """This process's user and system time, with its finished children's (the engine's process)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def train_run(env_id: str, seed: int, steps: int, evaluations: int, deals: int, n_envs: int) -> dict:
    """One run: MaskablePPO trained from scratch, with its curve on the held-out deals."""
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.logger import Logger

    from tengym.sb3 import make_vec_env

    started, cpu_before = time.perf_counter(), cpu_seconds()
    vec = make_vec_env(env_id, n_envs=n_envs, seed=seed)
    # SB3's PPO defaults but for a rollout of 256 steps per copy, as python/examples/maskable_ppo_decade_fives.py.
    model = MaskablePPO("MlpPolicy", vec, n_steps=256, batch_size=256, ent_coef=0.01, seed=seed, device="cpu")
    # Without a logger of its own, each learn() leaves an empty SB3-<time> folder in the temp dir: one an evaluation.
    model.set_logger(Logger(folder=None, output_formats=[]))
    every = math.ceil(steps / evaluations)
    points = []
    done_steps = 0
    while True:
        wins = held_out_wins(env_id, deals, model)
        low, high = wilson(wins, deals)
        points.append({"envSteps": done_steps, "winRate": wins / deals, "low": low, "high": high})
        if done_steps >= steps:
            break
        model.learn(total_timesteps=every, reset_num_timesteps=False)
        done_steps = int(model.num_timesteps)
    vec.close()
    command = (
        f"python python/examples/learning_table.py --ids {env_id} --seeds {seed} --steps {steps} "
        f"--evaluations {evaluations} --deals {deals} --n-envs {n_envs}"
    )
    return {
        "id": env_id,
        "algo": ALGO,
        "seed": seed,
        "steps": steps,
        "command": command,
        "evalEpisodes": deals,
        "evalEvery": every,
        "backend": f"torch {__import__('torch').__version__} (CPU)",
        "updates": int(model._n_updates),
        "points": points,
        "wallSeconds": round(time.perf_counter() - started, 1),
        "cpuSeconds": round(cpu_seconds() - cpu_before, 1),
    }


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--ids", help="comma-separated env ids (default: those of docs/learning/runs/)")
    p.add_argument("--seeds", default="1,2,3")
    p.add_argument("--steps", type=int, default=200_000, help="env steps a run trains for (the table's budget)")
    p.add_argument("--evaluations", type=int, default=10, help="evaluations besides the one at the start")
    p.add_argument("--deals", type=int, default=500, help="held-out deals an evaluation plays")
    p.add_argument("--n-envs", type=int, default=8)
    p.add_argument("--minutes", type=float, help="start no run after this many minutes")
    p.add_argument("--dir", default=str(PY_RUNS), help="where the runs are kept")
    args = p.parse_args(argv)
    try:
        import sb3_contrib  # noqa: F401
        import torch
    except ModuleNotFoundError as e:
        sys.exit(f"{p.prog}: needs {e.name}, in tengym's [train] extra: pip install 'tengym[train]'")
    torch.set_num_threads(1)
    ts_ids = sorted({json.loads(f.read_text())["id"] for f in TS_RUNS.glob("*.json")})
    ids = args.ids.split(",") if args.ids else ts_ids
    unknown = [i for i in ids if i not in tengym.ENV_IDS]
    if unknown:
        p.error(f"--ids: no such env id: {', '.join(unknown)}")
    out = Path(args.dir)
    out.mkdir(parents=True, exist_ok=True)
    began = time.perf_counter()
    for env_id in ids:
        for seed in (int(s) for s in args.seeds.split(",")):
            path = out / f"{env_id}.{ALGO}.seed{seed}.json"
            if path.exists():
                continue
            if args.minutes is not None and time.perf_counter() - began > 60 * args.minutes:
                print(f"stopped after {args.minutes} minutes; run again to go on", file=sys.stderr)
                return
            run = train_run(env_id, seed, args.steps, args.evaluations, args.deals, args.n_envs)
            path.write_text(json.dumps(run) + os.linesep)
            last = run["points"][-1]["winRate"]
            print(f"{env_id} seed {seed}: {100 * last:.1f}% held out, {run['wallSeconds']} s", flush=True)


if __name__ == "__main__":
    main()
