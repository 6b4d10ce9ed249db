"""`TengymVectorEnv`: N copies of one engine as a native gymnasium.vector.VectorEnv.

All copies step in one message per engine process; with processes=P the copies are split
over P engine processes, which step in parallel (all are sent their actions before any is read).
Autoreset is next-step (declared in metadata): the step after a copy's episode ends resets that
copy, ignoring its action, and returns the new episode's first observation with reward 0.
"""
from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode

from ._engine import Rows, start_copies
from .env import OBS_HIGH, OBS_LOW
from .errors import BadActionError


class TengymVectorEnv(gym.vector.VectorEnv):
    metadata = {"render_modes": ["ansi"], "autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(self, env_id: str, num_envs: int = 1, processes: int = 1, render_mode: str | None = None, engine_timeout: float | None = None, **options: Any):
        if not isinstance(num_envs, int) or num_envs < 1:
            raise BadActionError(f"num_envs must be a positive integer, got {num_envs!r}", "bad-argument")
        self.num_envs = num_envs
        self.render_mode = render_mode
        self._engines, sizes, made = start_copies(env_id, num_envs, processes, options, engine_timeout)
        self.env_id = made["id"]
        self.options = made["options"]
        self._n = made["actions"]
        self._size = made["observationSize"]
        self.single_action_space = spaces.Discrete(self._n)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, self._n))
        self.single_observation_space = spaces.Box(OBS_LOW, OBS_HIGH, shape=(self._size,), dtype=np.float32)
        self.observation_space = spaces.Box(OBS_LOW, OBS_HIGH, shape=(num_envs, self._size), dtype=np.float32)
        self._obs = np.zeros((num_envs, self._size), dtype=np.float32)
        self._rewards = np.zeros(num_envs, dtype=np.float64)
        self._masks = np.zeros((num_envs, self._n), dtype=np.int8)
        self._terminated = np.zeros(num_envs, dtype=bool)
        self._truncated = np.zeros(num_envs, dtype=bool)
        self._starts = np.cumsum([0] + sizes)
        self.closed = False

    def _gather(self, bodies) -> None:
        for p, body in enumerate(bodies):
            lo, hi = self._starts[p], self._starts[p + 1]
            rows = Rows(body, hi - lo, self._size, self._n)
            self._obs[lo:hi] = rows.obs
            self._rewards[lo:hi] = rows.rewards
            self._masks[lo:hi] = rows.masks
            self._terminated[lo:hi] = rows.terminated
            self._truncated[lo:hi] = rows.truncated

    def _infos(self) -> dict:
        return {"action_mask": self._masks.copy(), "_action_mask": np.ones(self.num_envs, dtype=bool)}

    def reset(self, *, seed: int | list | None = None, options: dict | None = None):
        """seed=s seeds copy i with s + i (as the TypeScript VectorEnv does); a list gives each copy's seed's base."""
        if options:
            raise BadActionError(f"reset: a vector env takes no reset options, got {sorted(options)}", "bad-argument")
        if isinstance(seed, (list, tuple)):
            seed = seed[0]
        bodies = []
        for p, engine in enumerate(self._engines):
            msg: dict[str, Any] = {"cmd": "reset"}
            if seed is not None:
                msg["seed"] = int(seed) + int(self._starts[p])
            bodies.append(bytes(engine.request(msg)))
        if seed is not None:
            self._np_random, self._np_random_seed = gym.utils.seeding.np_random(seed)
        self._gather(bodies)
        return self._obs.copy(), self._infos()

    def step(self, actions):
        a = np.asarray(actions)
        if a.shape != (self.num_envs,) or not np.issubdtype(a.dtype, np.integer):
            raise BadActionError(f"step: expected {self.num_envs} integer action ids, got shape {a.shape} dtype {a.dtype}", "bad-action")
        for p, engine in enumerate(self._engines):
            engine.send_step(a[self._starts[p] : self._starts[p + 1]])
        if len(self._engines) == 1:
            # One copy out of the receive buffer, straight into the arrays returned.
            rows = Rows(self._engines[0].receive_rows(), self.num_envs, self._size, self._n)
            masks = rows.masks.copy()
            self._masks = masks
            return rows.obs.copy(), rows.rewards.astype(np.float64), rows.terminated, rows.truncated, {"action_mask": masks, "_action_mask": np.ones(self.num_envs, dtype=bool)}
        else:
            # Each body is copied before the next read: an engine's receive buffer is reused.
            self._gather([bytes(engine.receive_rows()) for engine in self._engines])
        return self._obs.copy(), self._rewards.copy(), self._terminated.copy(), self._truncated.copy(), self._infos()

    def action_masks(self) -> np.ndarray:
        return self._masks.astype(bool)


    def render(self):
        return [text for engine in self._engines for text in engine.request({"cmd": "render"})]

    def close_extras(self, **kwargs):
        for engine in getattr(self, "_engines", []):
            engine.close()
