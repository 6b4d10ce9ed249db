"""Every golden playthrough of the TypeScript tests (test/golden/*.jsonl), replayed through Python."""

import json

import numpy as np
import pytest

import tengym
from conftest import GOLDEN

FILES = sorted(GOLDEN.glob("*.jsonl"))


def mask_of(legal, n):
    """The mask the Python envs give for a golden line's legal actions: where none is legal (the game is over),
    every action shows legal (docs/decisions/python.md, "A mask is never all zeros"); the golden files are
    unchanged."""
    if not legal:
        return np.ones(n, dtype=np.int8)
    mask = np.zeros(n, dtype=np.int8)
    mask[legal] = 1
    return mask


def test_there_are_golden_files():
    assert len(FILES) >= 10


def episodes(path):
    """A file holds one or more playthroughs, each a start line ({"state", "legalActions"}) and its steps."""
    current = None
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        rec = json.loads(line)
        if "action" not in rec:
            current = [rec]
            yield current
        else:
            current.append(rec)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_playthrough(path):
    plays = list(episodes(path))
    assert plays
    for play in plays:
        replay(path, play[0], play[1:])


def replay(path, start, steps):
    state = start["state"]
    env = tengym.TengymEnv(state["env"], **state["options"])
    # A second env loads each recorded state, so every observation is compared with the one
    # the engine computes from the golden state itself.
    reference = tengym.TengymEnv(state["env"], **state["options"])
    try:
        n = env.action_space.n
        obs, info = env.set_state(state)
        assert np.array_equal(info["action_mask"], mask_of(start["legalActions"], n))
        assert np.array_equal(obs, reference.set_state(state)[0])
        for rec in steps:
            obs, reward, terminated, truncated, info = env.step(rec["action"])
            where = f"{path.name} step {rec['step']}"
            assert reward == pytest.approx(rec["reward"], abs=1e-6), where
            assert (terminated, truncated) == (rec["terminated"], rec["truncated"]), where
            assert np.array_equal(info["action_mask"], mask_of(rec["legalActions"], n)), where
            assert json.loads(env.get_state()) == rec["state"], where
            ref_obs, ref_info = reference.set_state(rec["state"])
            assert np.array_equal(obs, ref_obs), where
            assert np.array_equal(info["action_mask"], ref_info["action_mask"]), where
    finally:
        env.close()
        reference.close()
