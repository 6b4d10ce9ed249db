"""The outcomes of the copies a vector step ended, into its info as Gymnasium's sync vector env of
TengymEnvs gathers their infos' "outcome" (`_add_info`: a dict of arrays, a mask beside each), built
a field at a time from the columns the engines send (dozens of copies end a step of tens)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ._engine import EndedOutcomes

# A column's type byte (0: absent) as the dtype of the array Gymnasium makes for the field: the
# Python type of its first value (bool, int, float).
_DTYPES: tuple[Any, ...] = (None, bool, int, float)


def add_outcomes(info: dict, num_envs: int, parts: list[tuple[np.ndarray, EndedOutcomes]]) -> None:
    """`parts`: for each engine process whose copies ended episodes, those copies (numbered across
    processes, in order) and their outcomes. A copy only the time limit ended has none, as a
    TengymEnv under TimeLimit reports none then."""
    if any(o.listed is not None for _, o in parts):
        _add_listed(info, num_envs, parts)
        return
    if len(parts) == 1:
        at, one = parts[0]
        keys, present, codes, values = one.keys, one.present, one.codes, one.values
    else:
        # One set of columns over every process's: a field's columns side by side (absent where a
        # process's outcomes have no such field), its keys in the order they first come.
        keys = tuple(dict.fromkeys(k for _, o in parts for k in o.keys))
        row = {k: j for j, k in enumerate(keys)}
        at = np.concatenate([a for a, _ in parts])
        present = np.concatenate([o.present for _, o in parts])
        codes = np.zeros((len(keys), at.size), dtype=np.uint8)
        values = np.zeros((len(keys), at.size))
        col = 0
        for a, o in parts:
            for j, k in enumerate(o.keys):
                codes[row[k], col : col + a.size] = o.codes[j]
                values[row[k], col : col + a.size] = o.values[j]
            col += a.size
    if present.all() and codes.all():
        # Every copy that ended has an outcome with every field (no time limit ended one alone): one mask for all.
        ended = np.zeros(num_envs, dtype=np.bool_)
        ended[at] = True
        gathered = info.setdefault("outcome", {})
        for j, key in enumerate(keys):
            # The dtype of the first copy's value, as _add_info makes it; the others are cast to it
            # as numpy casts a list of them.
            column = np.zeros(num_envs, dtype=_DTYPES[codes[j, 0]])
            column[at] = values[j]
            gathered[key], gathered["_" + key] = column, ended.copy()
        info["_outcome"] = ended
        return
    if not present.any():
        return
    gathered = info.setdefault("outcome", {})
    for j, key in enumerate(keys):
        has = codes[j] != 0
        where = at[has]
        column = np.zeros(num_envs, dtype=_DTYPES[codes[j][has.argmax()]])
        column[where] = values[j][has]
        mask = np.zeros(num_envs, dtype=np.bool_)
        mask[where] = True
        gathered[key], gathered["_" + key] = column, mask
    info.setdefault("_outcome", np.zeros(num_envs, dtype=np.bool_))[at[present]] = True


def _add_listed(info: dict, num_envs: int, parts: list[tuple[np.ndarray, EndedOutcomes]]) -> None:
    """As add_outcomes, from outcomes as dicts (the JSON an engine sends for values a column cannot carry)."""
    copies: list[int] = []
    outcomes: list[dict] = []
    for at, ended in parts:
        for i, outcome in zip(at.tolist(), ended.dicts()):
            if outcome is not None:
                copies.append(i)
                outcomes.append(outcome)
    if not copies:
        return
    where = np.array(copies)
    gathered = info.setdefault("outcome", {})
    for key in dict.fromkeys(k for o in outcomes for k in o):
        having = [k for k, o in enumerate(outcomes) if key in o]
        if key not in gathered:
            gathered[key] = np.zeros(num_envs, dtype=type(outcomes[having[0]][key]))
            gathered["_" + key] = np.zeros(num_envs, dtype=np.bool_)
        gathered[key][where[having]] = [outcomes[k][key] for k in having]
        gathered["_" + key][where[having]] = True
    info.setdefault("_outcome", np.zeros(num_envs, dtype=np.bool_))[where] = True
