"""Ray RLlib PPO with action masking on a tengym env, with several env runners.

    python python/examples/rllib_ppo_masked.py --env decade-fives --runners 2 --iterations 5
    python python/examples/rllib_ppo_masked.py --address auto ...   # on a running Ray cluster
    python python/examples/rllib_ppo_masked.py --envs-per-runner 8 --vectorize vector_entry_point

Each env runner starts its own engine processes, on whichever node Ray places it.
"""

from __future__ import annotations

import argparse
import sys
import time


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--env", default="decade-fives")
    p.add_argument("--runners", type=int, default=2)
    p.add_argument("--iterations", type=int, default=5)
    p.add_argument("--envs-per-runner", type=int, default=1, help="env copies each runner steps")
    p.add_argument(
        "--vectorize",
        choices=("sync", "vector_entry_point"),
        default="sync",
        help="sync: one TengymEnv (one engine process) a copy; vector_entry_point: a runner's copies in one native "
        "vector env",
    )
    p.add_argument("--address", help="a Ray cluster's address ('auto' on a cluster node); default: a local Ray")
    args = p.parse_args()
    # Imported after the arguments, so that --help works on an install without them.
    try:
        import ray
        import torch  # noqa: F401 (tengym.rllib's action-masking module is a torch one)

        from tengym.rllib import ppo_config
    except ModuleNotFoundError as e:
        sys.exit(f"{p.prog}: needs {e.name}, in tengym's [train] extra: pip install -e 'python[train]'")
    ray.init(address=args.address)
    started = time.perf_counter()
    algo = ppo_config(
        args.env, num_env_runners=args.runners, envs_per_runner=args.envs_per_runner, vectorize_mode=args.vectorize
    ).build_algo()
    nodes = algo.env_runner_group.foreach_env_runner(
        lambda runner: ray.get_runtime_context().get_node_id(), local_env_runner=False
    )
    print(f"{args.runners} env runners on {len(set(nodes))} node(s)")
    for i in range(args.iterations):
        result = algo.train()
        runners = result["env_runners"]
        print(
            f"iteration {i + 1}: episode return mean {runners.get('episode_return_mean', float('nan')):.3f}, "
            f"env steps {runners.get('num_env_steps_sampled_lifetime', 0)}"
        )
    algo.stop()
    print(f"wall time {time.perf_counter() - started:.0f} s")
    ray.shutdown()


if __name__ == "__main__":
    main()
