"""tengym's action-masking RLModule for RLlib's PPO (new API stack). Imports ray and torch: only
`tengym.rllib` imports it, when a config is built or the class is asked for, so `import tengym`
needs neither.

The class lives at module level here so that pickle and RLlib's checkpoints find it by name: env
runners rebuild it from the config's spec, and `RLModule.from_checkpoint` / `Algorithm.from_checkpoint`
from the checkpoint's saved class and constructor arguments (the Dict observation space among them).
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import torch
from ray.rllib.algorithms.ppo.torch.default_ppo_torch_rl_module import DefaultPPOTorchRLModule
from ray.rllib.core.columns import Columns
from ray.util import log_once

# Ray 2.60's RLModule.__init__ makes an RLModuleConfig, a class it marks deprecated, for every module
# (RLlib's own default PPO module too: ray-project/ray#51630), and so logs "DeprecationWarning:
# `RLModule(config=[RLModuleConfig object])` has been deprecated" once a process, which nothing in a
# config avoids. It is marked as logged wherever this module is imported (the driver and each env
# runner that builds tengym's module), so a run with it prints no such warning.
log_once("RLModule(config=[RLModuleConfig object])")

OBSERVATIONS = "observations"
ACTION_MASK = "action_mask"


def masked_logits(logits: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """`logits` with every action the mask does not allow (a mask entry <= 0.5) set to the
    dtype's lowest finite value: a softmax gives it probability 0, and, being finite, it keeps
    the categorical's entropy and KL free of NaN (0 * -inf)."""
    allowed = mask.to(device=logits.device) > 0.5
    floor = torch.full_like(logits, torch.finfo(logits.dtype).min)
    return torch.where(allowed, logits, floor)


class ActionMaskingPPOModule(DefaultPPOTorchRLModule):
    """RLlib's default PPO torch module (encoder, policy and value heads) built on the
    `"observations"` part of a `{"observations": Box, "action_mask": Box}` observation, as
    `TengymEnv(dict_observation=True)` and `TengymVectorEnv(dict_observation=True)` give it.

    Every forward pass (inference, exploration, train) sets the logits of the actions the mask
    forbids to the floor (`torch.finfo(dtype).min`), so no distribution built from them samples
    one, and a greedy argmax picks a legal action. Values are computed on the observations alone.

    `observation_space` (and so the module's `observation_space`, and what a checkpoint saves)
    stays the whole Dict; the networks see only its `"observations"` box.
    """

    def __init__(self, *args: Any, observation_space: gym.Space | None = None, **kwargs: Any) -> None:
        if not isinstance(observation_space, gym.spaces.Dict) or set(observation_space.spaces) != {
            OBSERVATIONS,
            ACTION_MASK,
        }:
            raise ValueError(
                f"{type(self).__name__} needs a Dict observation space with the keys {OBSERVATIONS!r} and "
                f"{ACTION_MASK!r}, "
                f"as TengymEnv(..., dict_observation=True) gives; got {observation_space!r}"
            )
        # The catalog (and setup) build the encoder and heads for the space given here: the box.
        super().__init__(*args, observation_space=observation_space[OBSERVATIONS], **kwargs)
        # From here on the module reports, and saves with its constructor arguments, the whole
        # Dict, so that a module rebuilt from them (on an env runner, from a checkpoint) takes
        # this path again.
        self.observation_space = observation_space

    @staticmethod
    def _split(batch: dict[str, Any]) -> tuple[dict[str, Any], Any]:
        """A shallow copy of `batch` whose observations are the box part, and the mask. The
        batch passed in is left as it is: RLlib reads its Dict observations again (a learner
        calls `compute_values` and `forward_train` on the same batch)."""
        obs = batch[Columns.OBS]
        inner = dict(batch)
        inner[Columns.OBS] = obs[OBSERVATIONS]
        return inner, obs[ACTION_MASK]

    def _forward(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        # Inference and exploration both come here (RLModule's defaults).
        inner, mask = self._split(batch)
        out = super()._forward(inner, **kwargs)
        out[Columns.ACTION_DIST_INPUTS] = masked_logits(out[Columns.ACTION_DIST_INPUTS], mask)
        return out

    def _forward_train(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        inner, mask = self._split(batch)
        out = super()._forward_train(inner, **kwargs)
        out[Columns.ACTION_DIST_INPUTS] = masked_logits(out[Columns.ACTION_DIST_INPUTS], mask)
        return out

    def compute_values(self, batch: dict[str, Any], embeddings: Any | None = None) -> Any:
        if embeddings is not None:  # the train pass's encoder output, computed on the box already
            return super().compute_values(batch, embeddings=embeddings)
        inner, _ = self._split(batch)
        return super().compute_values(inner)
