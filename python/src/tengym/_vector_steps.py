"""`TengymVectorEnv`'s resets and steps, which it inherits: the engines' rows gathered into its arrays, the
copies reset (all or those of a reset mask), the outcomes of the copies that ended, and a step with
same-step autoreset."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic

import gymnasium as gym
import numpy as np
from numpy.typing import NDArray

from ._engine import (
    EndedOutcomes,
    Rows,
    attach_again,
    draw_seeds,
    ended_outcomes,
    receive_steps,
    revive_copies,
    same_step_last,
    send_steps,
)
from ._spaces import ObsT
from ._vector_outcomes import add_outcomes
from .errors import TengymError

if TYPE_CHECKING:
    from ._engine import Engine


def show_all_where_none(masks: np.ndarray, over: np.ndarray) -> None:
    """Every action shown legal, in place, in the rows of `masks` (int8, a row a copy) that have none: a copy whose
    game is over, among `over` (a bool array, one a copy, or the rows' indices), the only ones that can have none.
    A softmax or a sampler over the masks of all copies then stays a distribution (docs/decisions/python.md, "A
    mask is never all zeros"); a row with a legal action is left as it is."""
    rows = np.flatnonzero(over) if over.dtype == np.bool_ else over
    if rows.size:
        none = rows[~masks[rows].any(axis=1)]
        if none.size:
            masks[none] = 1


class _VectorSteps(Generic[ObsT]):
    if TYPE_CHECKING:  # set by TengymVectorEnv.__init__ (and Gymnasium's VectorEnv)
        num_envs: int
        illegal_action: Any
        dict_observation: Any
        _np_random: np.random.Generator | None
        _np_random_seed: int | None
        _engines: list[Engine]
        _starts: NDArray[np.int64]
        _size: int
        _n: int
        _obs: NDArray[np.float32]
        _rewards: NDArray[np.float64]
        _masks: NDArray[np.int8]
        _terminated: NDArray[np.bool_]
        _truncated: NDArray[np.bool_]
        _stayed: NDArray[np.bool_]
        _same_step: bool
        _seeded: bool
        _copy_seeds: list[int | None]
        _copy_rngs: list[np.random.Generator | None]
        _agents: list[str]

    def _gather(self, bodies) -> None:
        for p, body in enumerate(bodies):
            lo, hi = self._starts[p], self._starts[p + 1]
            rows = Rows(body, hi - lo, self._size, self._n)
            self._obs[lo:hi] = rows.obs
            self._rewards[lo:hi] = rows.rewards
            self._masks[lo:hi] = rows.masks
            self._terminated[lo:hi] = rows.terminated
            self._truncated[lo:hi] = rows.truncated
            self._stayed[lo:hi] = rows.stayed
        if not self._same_step:
            # Same-step's rows are the next episode's already.
            show_all_where_none(self._masks, self._terminated | self._truncated)

    def _out(self, obs: NDArray[np.float32], masks: np.ndarray) -> ObsT:
        """The observations returned: the rows, or with dict_observation each copy's mask beside them
        (the type ObsT that dict_observation chose)."""
        if self.dict_observation:
            return {"action_mask": masks.astype(np.float32), "observations": obs}  # type: ignore[return-value]
        return obs  # type: ignore[return-value]

    def _infos(self, stayed: np.ndarray | None = None) -> dict:
        info = {"action_mask": self._masks.copy(), "_action_mask": np.ones(self.num_envs, dtype=bool)}
        if stayed is not None and stayed.any():
            # As a sync vector env of TengymEnv(illegal_action="stay") gathers it: only the copies
            # that stayed report it.
            info["illegal_action"], info["_illegal_action"] = stayed.copy(), stayed.copy()
        return info

    def _reset(
        self, seeds: list[int | None] | None, reset_mask: np.ndarray | None, deck: Any
    ) -> tuple[ObsT, dict[str, Any]]:
        # A copy whose engine failed deals on a new one (revive_copies), which would deal seed 0's
        # cards: it draws a seed, as every copy does at the first reset. Its episode is lost, so
        # it is reset whatever the mask says.
        new = revive_copies(self._engines, self._starts)
        # Before the reset that deals them, so that their copies' agents are reset with it.
        attach_again(self._engines, self._starts, new, self._agents)
        if reset_mask is not None:
            reset_mask = reset_mask | new
            if seeds is not None:
                seeds = [s if m else None for s, m in zip(seeds, reset_mask)]
        seeds = draw_seeds(seeds, new | (not self._seeded))
        bodies = []
        for p, engine in enumerate(self._engines):
            lo, hi = self._starts[p], self._starts[p + 1]
            msg: dict[str, Any] = {"cmd": "reset"}
            part = None if seeds is None else seeds[lo:hi]
            if part is not None and any(s is not None for s in part):
                msg["seeds"] = part
            if reset_mask is not None:
                msg["mask"] = [bool(m) for m in reset_mask[lo:hi]]
            if deck is not None:
                # The deck for every copy reset, as a sync vector env gives its reset options to each.
                msg["decks"] = [deck if reset_mask is None or reset_mask[i] else None for i in range(lo, hi)]
            bodies.append(bytes(engine.request(msg)))
        if seeds is not None and seeds[0] is not None:
            self._np_random, self._np_random_seed = gym.utils.seeding.np_random(seeds[0])
        for i, s in enumerate(seeds or ()):
            if s is not None:
                self._copy_seeds[i], self._copy_rngs[i] = s, None
        self._seeded = True
        self._gather(bodies)
        return self._out(self._obs.copy(), self._masks), self._infos()

    def _reset_mask(self, options: dict | None) -> np.ndarray | None:
        """options["reset_mask"] checked as Gymnasium's vector envs check it (before any copy is
        reset); the only other option taken is "deck"."""
        if options is None:
            return None
        if not isinstance(options, dict) or not set(options) <= {"reset_mask", "deck"}:
            raise TengymError(
                f"reset: a vector env takes no reset options but reset_mask and deck, got {options!r}", "bad-argument"
            )
        if "reset_mask" not in options:
            return None
        mask = options["reset_mask"]
        if (
            not isinstance(mask, np.ndarray)
            or mask.dtype != np.bool_
            or mask.shape != (self.num_envs,)
            or not mask.any()
        ):
            raise TengymError(
                f"reset: options['reset_mask'] must be a numpy bool array of shape ({self.num_envs},) with at "
                f"least one True, got {mask!r}",
                "bad-argument",
            )
        if not self._seeded:
            raise TengymError(
                "reset: options['reset_mask'] before the first reset; reset every copy first (reset() without it)",
                "bad-argument",
            )
        return mask.copy()

    def _add_outcomes(self, info: dict, bodies: list, ended: np.ndarray, same_step: bool = False) -> None:
        """Each ended copy's outcome into `info` as a sync vector env of TengymEnvs gathers their
        infos' "outcome" (Gymnasium's _add_info: a dict of arrays, masks beside): from the outcome
        columns the engines send after the rows of the step that ended them."""
        parts: list[tuple[np.ndarray, EndedOutcomes]] = []
        for p, body in enumerate(bodies):
            lo, hi = int(self._starts[p]), int(self._starts[p + 1])
            rows = lo + np.flatnonzero(ended[lo:hi])
            if rows.size:
                parts.append(
                    (rows, ended_outcomes(body, hi - lo, self._size, self._n, rows.size if same_step else None))
                )
        if parts:
            add_outcomes(info, self.num_envs, parts)

    def _step_same_step(
        self, a: np.ndarray
    ) -> tuple[ObsT, NDArray[np.float64], NDArray[np.bool_], NDArray[np.bool_], dict[str, Any]]:
        """A step with same-step autoreset, its info as Gymnasium's sync vector env of TengymEnvs
        gives it: an ended copy's last observation and info (its mask, and illegal_action if it
        stayed) under final_obs and final_info, the new episode's mask under action_mask."""
        # Every copy is running (an ended one was reset in the step that ended it): none is ignored.
        early = send_steps(self._engines, self._starts, a, self._n, self._masks, stay=self.illegal_action == "stay")
        bodies = receive_steps(self._engines, early)
        self._gather(bodies)
        ended = self._terminated | self._truncated
        stay = self.illegal_action == "stay"
        info = self._infos(self._stayed & ~ended if stay else None)
        if ended.any():
            # final_obs as Gymnasium gathers it: an object array, an observation for each copy that
            # ended, None for the others.
            final_obs = np.full(self.num_envs, None, dtype=object)
            final_masks = np.zeros((self.num_envs, self._n), dtype=np.int8)
            for p, body in enumerate(bodies):
                lo, hi = int(self._starts[p]), int(self._starts[p + 1])
                rows = lo + np.flatnonzero(ended[lo:hi])
                if rows.size:
                    last_obs, final_masks[rows] = same_step_last(body, hi - lo, self._size, self._n, rows.size)
                    show_all_where_none(final_masks, rows)
                    for k, i in enumerate(rows):
                        final_obs[i] = self._out(last_obs[k].copy(), final_masks[i])
            final_info: dict[str, Any] = {"action_mask": final_masks, "_action_mask": ended.copy()}
            if stay and (self._stayed & ended).any():
                final_info["illegal_action"], final_info["_illegal_action"] = self._stayed & ended, self._stayed & ended
            self._add_outcomes(final_info, bodies, ended, same_step=True)
            info.update(final_obs=final_obs, _final_obs=ended.copy(), final_info=final_info, _final_info=ended.copy())
        return (
            self._out(self._obs.copy(), self._masks),
            self._rewards.copy(),
            self._terminated.copy(),
            self._truncated.copy(),
            info,
        )
