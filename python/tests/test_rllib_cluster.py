"""RLlib PPO with action masking on a simulated two-node Ray cluster (ray.cluster_utils.Cluster), env
runners on both nodes."""

import importlib.util

import pytest

missing = [m for m in ("ray", "torch") if importlib.util.find_spec(m) is None]


@pytest.mark.skipif(
    bool(missing),
    reason=f"the [train] extra is not installed (missing {', '.join(missing)}): pip install -e 'python[train]'",
)
def test_ppo_with_masking_on_two_nodes(monkeypatch):
    # conftest.py's RAY_ADDRESS=local is for the bare ray.init() of the other tests: this one joins its own cluster.
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    import ray
    from ray.cluster_utils import Cluster

    from tengym.rllib import ppo_config

    # One CPU on each node and one CPU per env runner: Ray must put one runner on each node.
    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1})
    cluster.add_node(num_cpus=1)
    cluster.wait_for_nodes()
    ray.init(address=cluster.address)
    try:
        algo = (
            ppo_config("decade-fives", num_env_runners=2)
            .training(train_batch_size_per_learner=400, minibatch_size=200, num_epochs=1)
            .build_algo()
        )
        nodes = algo.env_runner_group.foreach_env_runner(
            lambda runner: ray.get_runtime_context().get_node_id(), local_env_runner=False
        )
        assert len(set(nodes)) == 2, f"env runners on nodes {nodes}"
        for _ in range(2):
            result = algo.train()
        assert result["env_runners"]["num_env_steps_sampled_lifetime"] >= 800
        algo.stop()
    finally:
        ray.shutdown()
        cluster.shutdown()
