"""What the mask at the end of a game does to the libraries: `python3 python/experiments/end_masks.py`.

When a game is over, no action is legal. tengym's envs show every action legal in that mask
(docs/decisions/python.md, "A mask is never all zeros"). This measures three conventions, each
applied by a wrapper to the mask of an ended game with no legal action:

- `zeros`: the legal actions as they are, none (tengym's masks before);
- `every`: every action (tengym's masks now, as Pgx's);
- `first`: action 0 alone.

And what each does to: torchrl's `ActionMask` under `check_env_specs` (seeds 0 to 5 of each id),
a softmax over masked logits, torch's `Categorical`, sb3-contrib's masked distribution, and
Gymnasium's `Discrete.sample(mask=...)`. torchrl, torch and sb3-contrib are optional: a library
not installed is reported as such.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import warnings

import gymnasium as gym
import numpy as np

import tengym

CONVENTIONS = ("zeros", "every", "first")


def end_mask(kind: str, n: int) -> np.ndarray:
    if kind == "zeros":
        return np.zeros(n, dtype=np.int8)
    if kind == "every":
        return np.ones(n, dtype=np.int8)
    mask = np.zeros(n, dtype=np.int8)
    mask[0] = 1
    return mask


class EndMask(gym.Wrapper):
    """The env's masks as bool (torchrl's ActionMask takes bool), with `kind`'s mask where the game is over
    and no action is legal."""

    def __init__(self, env: gym.Env, kind: str):
        super().__init__(env)
        self.kind = kind

    def reset(self, **kwargs):
        obs, info = self.env.reset(**kwargs)
        info["action_mask"] = info["action_mask"].astype(bool)
        return obs, info

    def step(self, action):
        obs, reward, terminated, truncated, info = self.env.step(action)
        if (terminated or truncated) and not self.env.unwrapped.legal_actions():
            info["action_mask"] = end_mask(self.kind, int(self.action_space.n))
        info["action_mask"] = info["action_mask"].astype(bool)
        return obs, reward, terminated, truncated, info


def torchrl_failures(env_id: str, kind: str, seeds: int) -> str:
    import torch
    from torchrl.data import Binary
    from torchrl.envs import GymWrapper, TransformedEnv
    from torchrl.envs.libs.gym import default_info_dict_reader
    from torchrl.envs.transforms import ActionMask
    from torchrl.envs.utils import check_env_specs

    failures: list[str] = []
    for seed in range(seeds):
        base = EndMask(gym.make(tengym.gym_id(env_id)), kind)
        n = int(base.action_space.n)
        env = GymWrapper(base, categorical_action_encoding=True)
        env.set_info_dict_reader(
            default_info_dict_reader(["action_mask"], spec={"action_mask": Binary(n=n, shape=(n,), dtype=torch.bool)})
        )
        env = TransformedEnv(env, ActionMask())
        env.set_seed(seed)
        try:
            check_env_specs(env)
        except Exception as e:  # noqa: BLE001 — what fails is what is measured
            failures.append(f"seed {seed}: {type(e).__name__}: {str(e).splitlines()[0][:60]}")
        finally:
            env.close()
    return f"{len(failures)} of {seeds} fail" + (f" ({failures[0]})" if failures else "")


def distributions(kind: str, n: int) -> dict[str, str]:
    """What each library makes of `kind`'s mask at the end of a game with n actions."""
    mask = end_mask(kind, n)
    out: dict[str, str] = {}
    logits = np.where(mask == 1, 0.0, -np.inf)
    with np.errstate(invalid="ignore"):
        p = np.exp(logits - logits.max()) if np.isfinite(logits.max()) else np.exp(logits) / 0.0
        p = p / p.sum()
    out["numpy softmax"] = "NaN" if np.isnan(p).any() else f"a distribution, entropy {entropy(p):.2f} nats"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        drawn = gym.spaces.Discrete(n).sample(mask=mask)
    out["Discrete.sample(mask)"] = f"draws {drawn}" + (f" ({caught[0].message})" if caught else "")
    if importlib.util.find_spec("torch") is not None:
        import torch

        t = torch.tensor(mask, dtype=torch.bool)
        soft = torch.full((n,), 0.0).masked_fill(~t, float("-inf")).softmax(-1)
        out["torch masked softmax"] = "NaN" if torch.isnan(soft).any() else "a distribution"
        try:
            torch.distributions.Categorical(logits=torch.zeros(n).masked_fill(~t, float("-inf"))).sample()
            out["torch Categorical"] = "samples"
        except Exception as e:  # noqa: BLE001
            out["torch Categorical"] = f"{type(e).__name__}: {str(e).splitlines()[0][:70]}"
    else:
        out["torch"] = "not installed"
    if importlib.util.find_spec("sb3_contrib") is not None:
        import torch
        from sb3_contrib.common.maskable.distributions import MaskableCategoricalDistribution

        d = MaskableCategoricalDistribution(n)
        d.proba_distribution(torch.zeros(1, n))
        d.apply_masking(mask[None].astype(bool))
        a = d.sample()
        finite = bool(torch.isfinite(d.log_prob(a)).all() and torch.isfinite(d.entropy()).all())
        out["sb3-contrib masked"] = f"samples {int(a)}, log-prob and entropy {'finite' if finite else 'not finite'}"
    else:
        out["sb3-contrib"] = "not installed"
    return out


def entropy(p: np.ndarray) -> float:
    q = p[p > 0]
    return abs(float(-(q * np.log(q)).sum())) if q.size else math.nan


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ids", nargs="+", default=["tens", "block-ten", "thirteens"])
    parser.add_argument("--seeds", type=int, default=6)
    args = parser.parse_args()
    has_torchrl = importlib.util.find_spec("torchrl") is not None
    print("| convention | " + " | ".join(f"torchrl ActionMask + check_env_specs, {i}" for i in args.ids) + " |")
    print("|---" * (len(args.ids) + 1) + "|")
    for kind in CONVENTIONS:
        cells = [torchrl_failures(i, kind, args.seeds) if has_torchrl else "torchrl not installed" for i in args.ids]
        print(f"| `{kind}` | " + " | ".join(cells) + " |")
    n = tengym.TengymEnv("tens").action_space.n
    print(f"\nAt the end of a tens game ({n} actions):\n")
    rows = {kind: distributions(kind, int(n)) for kind in CONVENTIONS}
    libraries = list(rows["zeros"])
    print("| library | " + " | ".join(f"`{k}`" for k in CONVENTIONS) + " |")
    print("|---" * (len(CONVENTIONS) + 1) + "|")
    for lib in libraries:
        print(f"| {lib} | " + " | ".join(rows[k].get(lib, "") for k in CONVENTIONS) + " |")


if __name__ == "__main__":
    main()
