"""Trains sb3-contrib's MaskablePPO on decade-fives and compares it with random play and a tengym
baseline on fresh deals.

    python python/examples/maskable_ppo_decade_fives.py --timesteps 200000 --eval-deals 3000

Training runs on `tengym.sb3.make_vec_env`: an SB3 VecEnv whose copies all step in one message
to one engine process (--per-env-processes trains on SB3's own make_vec_env instead, one
TengymEnv and engine process per copy). Every player gets the same deals (seeds 1,000,000 + k,
none seen in training): the trained policy and random legal play through a vector env, the
baseline (--baseline, default pimc) through `tengym.play_agent`, which plays deal k with seed
1,000,000 + k as `tengym eval --seed 1000000` does. The script prints each one's win rate and
the paired differences with 95% intervals. A win is the env's outcome, not a return above 0 (Four
Ten's returns are points, which lost games score too), and a deal with no legal move (on tens and
block-ten), which the vector env deals again, is lost for every player, as play_agent counts it.
"""

from __future__ import annotations

import argparse
import math
import sys
import time

import numpy as np

import tengym  # registers tengym/*-v0
from tengym.bench import random_legal

EVAL_SEED = 1_000_000


def dead_deals(env_id: str, deals: int) -> np.ndarray:
    """Whether deal i (seed EVAL_SEED + i) has no legal move at all: lost before any move, as
    play_agent and tengym eval count it. A vector env deals such a deal again (tens, block-ten)."""
    env = tengym.TengymEnv(env_id, dead_deals="keep")
    try:
        return np.array([bool(env.reset(seed=EVAL_SEED + i)[1].get("terminated_at_reset")) for i in range(deals)])
    finally:
        env.close()


def first_episodes(env_id: str, deals: int, choose, batch: int = 500) -> tuple[np.ndarray, np.ndarray]:
    """The return of the first episode of copy i, dealt with seed EVAL_SEED + i, and whether it was
    won (the env's outcome), for every i < deals; a deal with no legal move is lost, with return 0."""
    returns = np.zeros(deals)
    won = np.zeros(deals, dtype=bool)
    for lo in range(0, deals, batch):
        num = min(batch, deals - lo)
        envs = tengym.TengymVectorEnv(env_id, num_envs=num)
        obs, info = envs.reset(seed=EVAL_SEED + lo)
        done = np.zeros(num, dtype=bool)
        total = np.zeros(num)
        while not done.all():
            actions = choose(obs, info["action_mask"])
            obs, rewards, term, trunc, info = envs.step(actions)
            total += np.where(done, 0, rewards)
            ended = (term | trunc) & ~done
            if ended.any():
                # Next-step autoreset: a copy shows the end of its episode until the next step.
                outcomes = envs.call("outcome")
                for i in np.flatnonzero(ended):
                    won[lo + i] = outcomes[i]["won"]
            done |= term | trunc
        envs.close()
        returns[lo : lo + num] = total
    dead = dead_deals(env_id, deals)
    returns[dead] = 0
    won[dead] = False
    return returns, won


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--env", default="decade-fives")
    p.add_argument("--timesteps", type=int, default=200_000)
    p.add_argument("--n-envs", type=int, default=8)
    p.add_argument("--eval-deals", type=int, default=3000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--save", help="where to save the trained model (.zip)")
    p.add_argument(
        "--per-env-processes",
        action="store_true",
        help="SB3's make_vec_env over single TengymEnvs (one engine process each) instead of tengym.sb3's batched "
        "VecEnv",
    )
    p.add_argument(
        "--threads",
        type=int,
        default=1,
        help="torch threads (the network is small: more threads mostly wait on each other)",
    )
    p.add_argument(
        "--baseline",
        default="pimc",
        help="a tengym agent to compare with on the same deals (tengym.agents(env) lists them)",
    )
    args = p.parse_args()
    # Imported after the arguments, so that --help works on an install without them.
    try:
        import torch
        from sb3_contrib import MaskablePPO
        from stable_baselines3.common.env_util import make_vec_env

        from tengym.sb3 import make_vec_env as tengym_make_vec_env
    except ModuleNotFoundError as e:
        sys.exit(f"{p.prog}: needs {e.name}, in tengym's [train] extra: pip install -e 'python[train]'")
    # Before minutes of training: a baseline this env does not have fails here, not after.
    names = [a.name for a in tengym.agents(args.env)]
    if args.baseline not in names:
        p.error(f"--baseline {args.baseline}: {args.env} has no such agent; its agents: {', '.join(names)}")
    torch.set_num_threads(args.threads)

    started = time.perf_counter()
    if args.per_env_processes:
        vec = make_vec_env(tengym.gym_id(args.env), n_envs=args.n_envs, seed=args.seed)
    else:
        vec = tengym_make_vec_env(args.env, n_envs=args.n_envs, seed=args.seed)
    model = MaskablePPO(
        "MlpPolicy",
        vec,
        n_steps=256,
        batch_size=256,
        learning_rate=3e-4,
        ent_coef=0.01,
        seed=args.seed,
        verbose=0,
        device="cpu",
    )
    model.learn(total_timesteps=args.timesteps)
    vec.close()
    trained_at = time.perf_counter()
    if args.save:
        model.save(args.save)

    def ppo(obs, masks):
        actions, _ = model.predict(obs, action_masks=masks.astype(bool), deterministic=True)
        return actions

    rng = np.random.default_rng(args.seed)
    agent, ppo_won = first_episodes(args.env, args.eval_deals, ppo)
    rand, rand_won = first_episodes(args.env, args.eval_deals, lambda obs, masks: random_legal(masks, rng))
    evaluated_at = time.perf_counter()
    # Deal k of play_agent is seed EVAL_SEED + k, the deal copy k's first episode had above.
    baseline = tengym.play_agent(args.env, args.baseline, episodes=args.eval_deals, seed=EVAL_SEED)
    diff = ppo_won.astype(float) - rand_won
    half = 1.96 * diff.std(ddof=1) / math.sqrt(len(diff))
    vs_baseline = tengym.paired_wins(ppo_won, baseline.won)
    low, high = vs_baseline.ci95
    print(
        f"env {args.env}, {args.timesteps} timesteps over {args.n_envs} envs "
        f"({'SB3 make_vec_env' if args.per_env_processes else 'tengym.sb3.make_vec_env'}): trained in "
        f"{trained_at - started:.0f} s, evaluated in {evaluated_at - trained_at:.0f} s, {args.baseline} played "
        f"in {time.perf_counter() - evaluated_at:.0f} s"
    )
    print(f"MaskablePPO mean return {agent.mean():.4f} (win rate {ppo_won.mean():.4f}) on {len(agent)} deals")
    print(f"random      mean return {rand.mean():.4f} (win rate {rand_won.mean():.4f}) on the same deals")
    print(f"{args.baseline:<11} win rate {baseline.win_rate:.4f} on the same deals (tengym.play_agent)")
    print(
        f"paired difference {diff.mean():+.4f} ± {half:.4f} (95%); PPO wins {int(np.sum(diff > 0))} deals "
        f"random loses, loses {int(np.sum(diff < 0))} random wins"
    )
    print(
        f"PPO - {args.baseline} win rate {vs_baseline.diff:+.4f} [{low:+.4f}, {high:+.4f}] (95%); PPO wins "
        f"{int(np.sum(ppo_won & ~baseline.won))} deals {args.baseline} loses, loses "
        f"{int(np.sum(~ppo_won & baseline.won))} {args.baseline} wins"
    )


if __name__ == "__main__":
    main()
