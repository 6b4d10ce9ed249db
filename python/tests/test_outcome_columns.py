"""The outcome columns a rows frame ends with (protocol 15): read back as the dicts the JSON of
protocol 12 gave, and gathered into a vector step's info as Gymnasium gathers those dicts, whatever
their types, missing fields and null outcomes."""

import json
import struct

import numpy as np
import pytest

from tengym._engine import EndedOutcomes
from tengym._vector_outcomes import _add_listed, add_outcomes


def columnable(outcomes: list) -> bool:
    """Whether the engine sends these outcomes as columns (src/bridge/engine.ts, outcomeTail): every value a
    boolean or a finite number (an integer no larger than 2**53), each outcome's keys in the columns' order."""
    keys = list(dict.fromkeys(k for o in outcomes if o is not None for k in o))
    return all(
        isinstance(v, (bool, float)) or (isinstance(v, int) and abs(v) <= 2**53)
        for o in outcomes
        for v in (o or {}).values()
    ) and all([keys.index(k) for k in o] == sorted(keys.index(k) for k in o) for o in outcomes if o is not None)


def columns(outcomes: list, at: int) -> memoryview:
    """The tail the engine writes after the rows at body offset `at` (src/bridge/engine.ts, outcomeTail)."""
    if not columnable(outcomes):
        return listed(outcomes)
    keys = list(dict.fromkeys(k for o in outcomes if o is not None for k in o))
    raw = json.dumps(keys, separators=(",", ":")).encode()
    count = len(outcomes)
    codes = bytearray(len(keys) * count)
    values = np.zeros((len(keys), count))
    for e, o in enumerate(outcomes):
        for key, v in (o or {}).items():
            j = keys.index(key)
            codes[j * count + e] = 1 if isinstance(v, bool) else 2 if isinstance(v, int) else 3
            values[j, e] = v
    head = bytes([0x43, 0, 0, 0]) + struct.pack("<II", count, len(raw)) + raw
    head += bytes(1 if o is not None else 0 for o in outcomes) + bytes(codes)
    head += bytes(-(8 + at + len(head)) % 8)
    return memoryview(head + values.astype("<f8").tobytes())


def listed(outcomes: list) -> memoryview:
    return memoryview(bytes([0x4A, 0, 0, 0]) + json.dumps(outcomes).encode())


CASES = [
    [{"won": False, "cardsLeft": 38}, {"won": True, "cardsLeft": 0}],
    [None, {"won": True, "cardsLeft": 0}, None],
    [None, None],
    [{"won": False, "rounds": 4, "points": 0}, {"won": True, "points": 2.5}, {"won": False, "rounds": 7}],
    # Keys in another order than the first outcome's: JSON, which keeps each dict's order.
    [{"won": False, "rounds": 4}, {"rounds": 7, "won": False}],
    # A field whose first value is an int and a later one a float, or a bool then a number: cast as numpy casts a list.
    [{"won": True, "x": 3}, {"won": False, "x": 2.5}, {"won": 1, "x": True}],
    [{"won": True, "x": 0.1}, {"won": False, "x": 2**53}, {"won": False, "x": -7}],
    [{}, {"won": True}],
]


@pytest.mark.parametrize("outcomes", CASES)
@pytest.mark.parametrize("at", [0, 3, 5])
def test_columns_read_back_as_the_json_gave_them(outcomes, at):
    tail = columns(outcomes, at)
    assert (tail[0] == 0x43) == (outcomes is not CASES[4])
    got = EndedOutcomes(tail, at).dicts()
    assert got == outcomes
    assert [None if o is None else [(k, type(v)) for k, v in o.items()] for o in got] == [
        None if o is None else [(k, type(v)) for k, v in o.items()] for o in outcomes
    ]


def same_info(a: dict, b: dict) -> None:
    assert list(a) == list(b)
    for key in a:
        if isinstance(a[key], dict):
            same_info(a[key], b[key])
        else:
            assert a[key].dtype == b[key].dtype and np.array_equal(a[key], b[key]), key


@pytest.mark.parametrize("split", [None, 1, 2])
@pytest.mark.parametrize("outcomes", CASES)
def test_columns_gather_into_the_info_the_dicts_gave(outcomes, split):
    # The copies that ended, over one engine process or two (`split`: how many the first holds).
    num_envs = 3 * len(outcomes) + 2
    at = np.arange(len(outcomes)) * 3 + 1
    bounds = [0, len(outcomes)] if split is None or split >= len(outcomes) else [0, split, len(outcomes)]
    parts = [
        (at[lo:hi], EndedOutcomes(columns(outcomes[lo:hi], 5), 5)) for lo, hi in zip(bounds, bounds[1:]) if hi > lo
    ]
    fast, slow = {}, {}
    add_outcomes(fast, num_envs, parts)
    _add_listed(slow, num_envs, [(a, EndedOutcomes(listed(o.dicts()), 0)) for a, o in parts])
    same_info(fast, slow)


def test_the_json_fallback_is_read_as_protocol_12_sent_it():
    outcomes = [{"won": False, "big": 2**60, "odd": None}, None]
    got = EndedOutcomes(listed(outcomes), 0)
    assert got.listed == outcomes and got.dicts() == outcomes
    info: dict = {}
    add_outcomes(info, 4, [(np.array([1, 3]), got)])
    assert info["outcome"]["big"].dtype == np.int64 and info["outcome"]["big"][1] == 2**60
    assert info["_outcome"].tolist() == [False, True, False, False]
