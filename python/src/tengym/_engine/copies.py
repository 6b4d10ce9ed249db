"""A vector env's copies over engine processes: started, stepped so that a refused step moves no
copy in any process, asked at once, replaced after a failure."""

from __future__ import annotations

import contextlib
import dataclasses
import math
from collections.abc import Callable
from typing import Any

import gymnasium as gym
import numpy as np

from ..errors import BadDeckError, EngineError, TengymError, keyword_meant
from .framing import check_int32
from .process import Engine


def send_steps(
    engines: list[Engine],
    starts: np.ndarray,
    actions: np.ndarray,
    n: int,
    masks: np.ndarray,
    ignored: np.ndarray | np.bool_ | None = None,
    stay: bool = False,
    over: np.ndarray | None = None,
) -> dict[int, memoryview]:
    """Sends every engine its copies' actions so that a refused step moves no copy in any engine.

    An engine checks all its copies' actions before moving any, but engines do not see each
    other's: so where a copy's action is not legal in the last frame (`masks`, a row a copy;
    the actions of `ignored` copies are not looked at; with `stay`, an id of the action space
    given to a copy with a legal move stays, and one outside it is refused; `over`: copies whose
    episode is over, which refuse any action, whatever their mask shows), its engine alone is sent
    its actions first, and answers before the others are sent theirs. It refuses them (the error
    goes up, no copy anywhere has moved), or, should the frame have been wrong, steps, and the
    others follow. Returns the answers already read, by engine (`receive_steps` reads the rest)."""
    early: dict[int, memoryview] = {}
    if len(engines) > 1:
        check_int32(actions)  # before any engine is sent anything (send_step checks its part)
        in_space = (actions >= 0) & (actions < n)
        legal = in_space.copy()
        legal[legal] = masks[np.flatnonzero(legal), actions[legal]] != 0
        if stay:
            legal |= in_space & masks.any(axis=1)
        if over is not None:
            legal &= ~over
        if ignored is not None:
            legal |= ignored
        refused = np.flatnonzero(~legal)
        if refused.size:
            p = int(np.searchsorted(starts, refused[0], side="right")) - 1
            engines[p].send_step(actions[starts[p] : starts[p + 1]])
            early[p] = engines[p].receive_rows()
    sent: list[int] = []
    try:
        for p, engine in enumerate(engines):
            if p not in early:
                engine.send_step(actions[starts[p] : starts[p + 1]])
                sent.append(p)
    except EngineError:
        # The engines already sent their steps answer them: read, so that none of them is later
        # taken for an interrupted call and replaced; the failure goes up.
        for p in sent:
            with contextlib.suppress(Exception):  # the first failure is the one raised
                engines[p].receive_rows()
        raise
    return early


def receive_steps(engines: list[Engine], early: dict[int, memoryview]) -> list[memoryview]:
    """Every engine's answer to `send_steps`, a view of that engine's receive buffer (valid until
    the engine is read again). Each engine is read even when one fails, so no answer is left in
    a pipe; then the first failure is raised."""
    bodies: list[memoryview] = []
    errors: list[Exception] = []
    for p, engine in enumerate(engines):
        if p in early:
            bodies.append(early[p])
            continue
        try:
            bodies.append(engine.receive_rows())
        except Exception as e:  # noqa: BLE001 — raised below, after the other engines are read
            errors.append(e)
            bodies.append(memoryview(b""))
    if errors:
        raise errors[0]
    return bodies


def positive_int(name: str, value: Any, most: int | None = None) -> int:
    """A count (num_envs, processes, max_episode_steps up to `most`) as an int, or a TengymError naming
    it: bools are not counts."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
        raise TengymError(f"{name} must be a positive integer, got {value!r}", "bad-argument")
    if most is not None and value > most:
        raise TengymError(f"{name} must be a positive integer of at most {most}, got {value!r}", "bad-argument")
    return int(value)


def reset_deck(options: dict | None) -> Any:
    """A vector env's options["deck"], to deal to a copy as TengymEnv deals it, or None where none is given."""
    if not options or "deck" not in options:
        return None
    if options["deck"] is None:
        raise BadDeckError('bad deck None: give a string such as "AS 2C …" or a list of card codes', "bad-deck")
    return options["deck"]


def per_copy(engines: list[Engine], cmd: str) -> list[Any]:
    """Every copy's answer to `cmd` ("render", "getState", "info"), in copy order across the engine processes."""
    return [answer for engine in engines for answer in engine.request({"cmd": cmd})]


def ask_engines(engines: list[Engine], msgs: list[dict], timeout: float | None = None) -> list[Any]:
    """Each engine's answer to its message, every message sent before any answer is read, so that the
    engine processes work at once (an agent searching for each one's copies); `timeout` as in
    `Engine.request`. Every engine sent a message is read even when one fails, so no answer is left
    in a pipe; then the first failure is raised."""
    failed: Exception | None = None
    sent: list[Engine] = []
    for engine, msg in zip(engines, msgs):
        try:
            engine.send_json(msg)
        except Exception as e:  # noqa: BLE001 — raised below, after the engines already sent a message are read
            failed = e
            break
        sent.append(engine)
    answers: list[Any] = []
    for engine in sent:
        usual = engine.timeout
        if timeout is not None:
            engine.timeout = timeout
        try:
            answers.append(engine.receive())
        except Exception as e:  # noqa: BLE001 — the first failure is the one raised
            failed = failed or e
        finally:
            engine.timeout = usual
    if failed is not None:
        raise failed
    return answers


def attach_again(engines: list[Engine], starts: np.ndarray, new: np.ndarray, names: list[str]) -> None:
    """Attaches `names`, the agents a vector env's copies had, to the engines `revive_copies` put in
    place of failed ones (a new engine has none), before the reset that deals their copies resets them."""
    for p, engine in enumerate(engines):
        if new[starts[p]]:
            for name in names:
                engine.request({"cmd": "attach", "agent": name}, timeout=math.inf)


def copy_spec(env_id: str, kwargs: dict, max_episode_steps: int | None):
    """One copy's spec, as a vector env of TengymEnvs made by gymnasium.make has it: the registered
    spec with the keywords the copies were made with; gymnasium.make(spec) makes one copy."""
    registered = gym.spec(f"tengym/{env_id}-v0")
    return dataclasses.replace(registered, kwargs={**registered.kwargs, **kwargs}, max_episode_steps=max_episode_steps)


def start_copies(
    env_id: str,
    num_envs: int,
    processes: int,
    options: dict,
    engine_timeout: float | None = None,
    autoreset: str | None = None,
    time_limit: int | None = None,
    illegal_action: str = "stay",
    keywords_of: Callable[..., Any] | None = None,
) -> tuple[list[Engine], list[int], dict]:
    """`num_envs` copies of an env split as evenly as they go over `processes` engine processes
    (at most one per copy), for the vector envs: the engines, the copies each holds, and the
    engines' answer to `make`. `time_limit`: Gymnasium's TimeLimit, applied by the engines;
    `illegal_action`: "raise" or "stay" (checked here, as TengymEnv checks it); `keywords_of`:
    the vector env's `__init__`, whose misspelt keywords a refusal of options names. If any
    engine fails to start or refuses the env, the ones already started are closed before the
    error goes on."""
    processes = min(positive_int("processes", processes), num_envs)
    sizes = [num_envs // processes + (1 if p < num_envs % processes else 0) for p in range(processes)]
    engines: list[Engine] = []
    msg: dict = {"cmd": "make", "id": env_id, "options": options, "vector": True}
    if autoreset is not None:
        msg["autoreset"] = autoreset
    if time_limit is not None:
        msg["timeLimit"] = time_limit
    if illegal_action not in ("raise", "stay"):
        raise TengymError(
            f"illegal_action={illegal_action!r}: expected 'raise' (a BadActionError) or 'stay' (no move, reward "
            "0, info['illegal_action'])",
            "bad-argument",
        )
    if illegal_action == "stay":
        msg["illegal"] = "stay"
    try:
        for p, count in enumerate(sizes):
            engine = Engine() if engine_timeout is None else Engine(timeout=engine_timeout)
            engines.append(engine)
            # firstCopy: the engine names a refused copy by its number in the whole vector.
            made = engine.request({**msg, "num": count, "firstCopy": sum(sizes[:p])})
    except BaseException as e:
        for engine in engines:
            engine.close()
        meant = keyword_meant(e, keywords_of) if keywords_of is not None else e
        if meant is e:
            raise
        raise meant from None
    return engines, sizes, made


def reset_once_more(reset: Callable[[], Any], engines: Callable[[], list[Engine]]) -> Any:
    """`reset()`, which replaces failed engines (`Engine.revived`) then deals; and once more should
    an engine it found running die during it. An engine killed just before a reset has often not
    exited yet when the reset looks (its exit status is not there to see): it takes the reset's
    message and dies before answering. The second time, `revived` replaces it and the whole reset
    is dealt again (a copy's seed deals the same cards; copies without one deal on). An engine that
    dies right after it was started is not tried again."""
    running = [engine for engine in engines() if not engine.failed and not engine.closed]
    try:
        return reset()
    except EngineError:
        # Died at this reset (not hung, not closed by the env's owner), and running before it.
        if not any(
            engine.died and engine._made is not None and any(engine is r for r in running) for engine in engines()
        ):
            raise
    return reset()


def revive_copies(engines: list[Engine], starts: np.ndarray) -> np.ndarray:
    """Replaces, in place, every engine of a vector env that failed by a new one holding the same
    copies (Engine.revived); which copies are now on a new engine."""
    new = np.zeros(starts[-1], dtype=bool)
    for p, engine in enumerate(engines):
        engines[p] = engine.revived()
        new[starts[p] : starts[p + 1]] = engines[p] is not engine
    return new
