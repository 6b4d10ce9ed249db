"""The engine transport: large rows frames through the shared file, the spin window, and
the same answers with both turned off (plain pipes, blocking reads)."""

import os
import time
from pathlib import Path

import numpy as np
import pytest

import tengym
import tengym._engine.settings as transport
from tengym.bench import random_legal

linux_shm = pytest.mark.skipif(not os.path.isdir("/dev/shm"), reason="no /dev/shm on this system")


def plain(monkeypatch):
    monkeypatch.setattr(transport, "SHARED_DIR", "")
    monkeypatch.setattr(transport, "SPIN_MICROS", 0)


def run_vector(num, steps, seed, **options):
    v = tengym.TengymVectorEnv("decade", num_envs=num, **options)
    rng = np.random.default_rng(seed)
    try:
        obs, info = v.reset(seed=seed)
        out = [obs]
        for _ in range(steps):
            obs, rewards, term, trunc, info = v.step(random_legal(info["action_mask"], rng))
            out += [obs, rewards, term, trunc, info["action_mask"]]
        return out, v._engines[0]._shared_map is not None
    finally:
        v.close()


@linux_shm
def test_large_frames_come_through_the_shared_file_with_the_same_rows(monkeypatch):
    # 64 decade copies make a 180 KB frame: over the threshold, so it goes through the file.
    shared, used = run_vector(64, 150, 3, maxSteps=40)
    assert used
    plain(monkeypatch)
    piped, used_plain = run_vector(64, 150, 3, maxSteps=40)
    assert not used_plain
    assert len(shared) == len(piped)
    for a, b in zip(shared, piped):
        np.testing.assert_array_equal(a, b)


@pytest.mark.skipif(
    not os.path.exists("/dev/full"), reason="no /dev/full (where every write fails: no space left) on this system"
)
def test_frames_the_shared_file_cannot_hold_come_through_the_pipe(monkeypatch):
    # A full /dev/shm (Docker gives a container 64 MB) refuses the file its frames: they come
    # through the pipe instead, the same rows. The engine used to fail every such frame (ENOSPC).
    plain(monkeypatch)
    piped, _ = run_vector(64, 60, 5, maxSteps=30)
    monkeypatch.setattr(transport, "_shared_file", lambda: open("/dev/full", "r+b"))  # noqa: SIM115
    full, used = run_vector(64, 60, 5, maxSteps=30)
    assert not used
    assert len(full) == len(piped)
    for a, b in zip(full, piped):
        np.testing.assert_array_equal(a, b)


@linux_shm
def test_same_step_frames_with_last_observations_through_the_shared_file(monkeypatch):
    pytest.importorskip("stable_baselines3")
    from tengym.sb3 import make_vec_env

    def run():
        v = make_vec_env("decade", 64, seed=9, maxSteps=25)
        rng = np.random.default_rng(1)
        try:
            out = [v.reset()]
            for _ in range(80):
                masks = np.stack(v.env_method("action_masks"))
                obs, rewards, dones, infos = v.step(random_legal(masks.astype(np.int8), rng))
                out += [obs, rewards, dones] + [infos[i]["terminal_observation"] for i in np.flatnonzero(dones)]
            return out, v._engines[0]._shared_map is not None
        finally:
            v.close()

    shared, used = run()
    assert used and len(shared) > 3 * 80  # truncations gave last observations
    plain(monkeypatch)
    piped, _ = run()
    assert len(shared) == len(piped)
    for a, b in zip(shared, piped):
        np.testing.assert_array_equal(a, b)


def engine_cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="needs /proc")
def test_an_idle_engine_does_not_spin():
    env = tengym.TengymEnv("decade")
    try:
        _, info = env.reset(seed=1)
        for _ in range(200):  # quick steps: the engine polls between them
            _, _, term, trunc, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
            if term or trunc:
                _, info = env.reset()
        pid = env._engine.proc.pid
        before = engine_cpu_seconds(pid)
        time.sleep(1.0)
        # One spin window (100 µs) and then a blocked read: a busy loop would show about 1 s.
        assert engine_cpu_seconds(pid) - before < 0.1
    finally:
        env.close()


def test_the_benchmarks_random_legal_play_draws_each_rows_legal_actions_uniformly():
    # Rows with none, one and several legal actions, widths that are and are not a multiple of the
    # 8 bytes the masks are read in, and a mask that is not contiguous.
    rng = np.random.default_rng(7)
    for num, n in ((5, 8), (7, 13), (64, 677), (3, 1)):
        masks = (rng.random((num, n)) < rng.choice([0.0, 0.02, 0.5], size=(num, 1))).astype(np.int8)
        masks[0] = 0
        masks[-1, -1] = 1
        for given in (masks, np.asfortranarray(masks)):
            draws, check = np.random.default_rng(1), np.random.default_rng(1)
            for _ in range(20):
                picked = random_legal(given, draws)
                # The same draw as a row-by-row pick: the floor(u * count)-th legal id of the row.
                u = check.random(num)
                for i in range(num):
                    legal = np.flatnonzero(masks[i])
                    assert picked[i] == (legal[int(u[i] * legal.size)] if legal.size else 0)
    # Uniform: each of a row's 4 legal actions about a quarter of 8,000 draws.
    masks = np.zeros((2, 21), dtype=np.int8)
    masks[:, [0, 7, 8, 20]] = 1
    counts = np.unique(np.concatenate([random_legal(masks, rng) for _ in range(4000)]), return_counts=True)
    assert counts[0].tolist() == [0, 7, 8, 20]
    assert all(1800 < c < 2200 for c in counts[1])


def test_the_benchmark_prints_its_table(capsys):
    from tengym import bench

    bench.main(["--env", "tens", "--sizes", "4", "--rounds", "1", "--seconds", "0.05", "--policy-micros", "20"])
    lines = capsys.readouterr().out.splitlines()
    assert "spin window" in lines[0] and "one env waits 20 µs after each step" in lines[0]
    header, row = lines[1], lines[3]
    assert header.startswith("| env | bridge 1 | bridge 4 |")
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[0] == "tens" and all(float(c.replace(",", "")) > 0 for c in cells[1:])


def test_the_parts_benchmark_splits_a_step_and_measures_both_floors(capsys):
    from tengym import bench

    bench.main(["--parts", "--env", "tens", "--rounds", "1", "--steps", "300"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == (
        "| env | copies | steps/s | engine round trip | Python's step work | resets, a step | picking the action "
        "| pipe floor | shared-file floor |"
    )
    cells = [c.strip() for c in lines[3].strip("|").split("|")]
    assert cells[:2] == ["tens", "1"] and all(float(c.replace(",", "")) > 0 for c in cells[2:])


def test_the_parts_benchmark_splits_a_vector_step_beside_its_frame_floor_and_the_in_process_step(capsys):
    from tengym import bench

    bench.main(["--parts", "--env", "decade", "--sizes", "64", "--rounds", "1", "--steps", "2000", "--seconds", "0.05"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("vector env, µs a step of all its copies") and "of 100 such steps" in lines[0]
    # The in-process column needs the repository's build or a `tengym` on the PATH, as the main table's do.
    in_process = " in-process step |" if bench.tengym_command(None) else ""
    assert lines[1] == (
        "| env | copies | steps/s | engine round trip | Python's step work | picking the actions | frame floor |"
        + in_process
    )
    cells = [c.strip() for c in lines[3].strip("|").split("|")]
    assert cells[:2] == ["decade", "64"] and all(float(c.replace(",", "")) > 0 for c in cells[2:])
    steps_per_second, round_trip, python_work, picking = (float(c.replace(",", "")) for c in cells[2:6])
    # steps/s counts the parts of a step, not the floors beside them.
    assert abs(steps_per_second - 64e6 / (round_trip + python_work + picking)) / steps_per_second < 0.01


def test_the_gymnasium_benchmark_prints_each_mode(capsys):
    from tengym import bench

    bench.main(["--gym", "--env", "tens", "--sizes", "2", "--rounds", "1", "--seconds", "0.05"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "| env | copies | tengym's vector env | Gymnasium sync | Gymnasium async |"
    cells = [c.strip() for c in lines[3].strip("|").split("|")]
    assert cells[:2] == ["tens", "2"] and all(float(c.split(" ")[0].replace(",", "")) > 0 for c in cells[2:])


def test_the_compact_dtype_experiment_still_patches_the_carried_bundle(tmp_path):
    # python/experiments/compact_observations.py measures a patched copy of the bundle; a
    # rebuilt bundle whose text moved would make it stop with "update PATCHES".
    import importlib.util
    from pathlib import Path

    path = Path(__file__).parents[1] / "experiments" / "compact_observations.py"
    spec = importlib.util.spec_from_file_location("compact_observations", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    patched = module.patched_bundle(tmp_path)
    assert "Uint8ClampedArray" in patched.read_text()
    assert module.rate(patched, True, "tens", 8, 0.05) > 0
