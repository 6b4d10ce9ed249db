"""Exceptions: bad input is a ValueError carrying the engine's own message; a dead or hung engine is an EngineError."""

import difflib
import inspect
import re


class TengymError(ValueError):
    """Bad input refused by the engine. `code` is the engine's TengymErrorCode; the env is unchanged."""

    def __init__(self, message: str, code: str = "bad-argument"):
        super().__init__(message)
        self.code = code


class UnknownEnvError(TengymError):
    pass


class BadOptionsError(TengymError):
    pass


class UnknownKeywordError(BadOptionsError, TypeError):
    """A keyword an env does not take (an option its game does not have): a BadOptionsError, and the
    TypeError "got an unexpected keyword argument" that Gymnasium's own envs raise for one, which
    tools that pass keywords some envs lack (torchrl's GymEnv passes `frameskip`) catch and drop.
    Its code stays "bad-options" when Gymnasium's make raises it again with its own words added."""

    def __init__(self, message: str, code: str = "bad-options"):
        super().__init__(message, code)


class BadSeedError(TengymError):
    pass


class BadDeckError(TengymError):
    pass


class BadStateError(TengymError):
    pass


class BadActionError(TengymError):
    """An action that is not an id of the env, or not legal now, or a step after the episode ended."""


class EngineError(RuntimeError):
    """The engine process died, hung or could not start; the message carries the tail of its stderr."""


class VersionMismatchError(EngineError):
    pass


_BY_CODE = {
    "unknown-env": UnknownEnvError,
    "bad-options": BadOptionsError,
    "bad-seed": BadSeedError,
    "bad-deck": BadDeckError,
    "bad-state": BadStateError,
    "bad-action": BadActionError,
    "illegal-action": BadActionError,
    "episode-over": BadActionError,
    "not-reset": BadActionError,
}


def error_from_engine(code: str, message: str) -> Exception:
    if code == "internal":
        return EngineError(f"engine failure: {message}")
    return _BY_CODE.get(code, TengymError)(message, code)


# Keywords that some of tengym's envs take and others lack, and where each belongs. Given to an env
# that lacks it, one would go to the engine among the game's options and be refused as an unknown
# option of the game (an AutoresetMode would not even go as JSON), so it is refused by name first.
# An env's own keywords never reach its **options, so the table holds each keyword once, for all.
KEYWORDS_ELSEWHERE = {
    "num_envs": (
        "a keyword of the vector envs (gym.make_vec, tengym.TengymVectorEnv, tengym.sb3.TengymSB3VecEnv), "
        "not of one env (gym.make, tengym.TengymEnv)"
    ),
    "processes": (
        "a keyword of tengym's own vector envs, which split their copies over that many engine processes "
        '(gym.make_vec(..., vectorization_mode="vector_entry_point"), tengym.TengymVectorEnv, '
        "tengym.sb3.TengymSB3VecEnv), not of one env: "
        "Gymnasium's sync and async vector envs make each copy a TengymEnv, with an engine process of its own"
    ),
    "autoreset_mode": (
        'a keyword of tengym\'s own vector env (gym.make_vec(..., vectorization_mode="vector_entry_point"), '
        "tengym.TengymVectorEnv): "
        'Gymnasium\'s sync and async vector envs take it as gym.make_vec(..., vectorization_mode="sync", '
        'vector_kwargs={"autoreset_mode": ...}); '
        "one env has none, and tengym.sb3.TengymSB3VecEnv resets same-step, as SB3's VecEnvs do"
    ),
    "max_episode_steps": (
        'Gymnasium\'s TimeLimit, not a keyword of tengym.TengymEnv: gym.make("tengym/<id>-v0", '
        "max_episode_steps=...) puts one env in a TimeLimit; "
        "gym.make_vec, tengym.TengymVectorEnv and tengym.sb3.TengymSB3VecEnv take it for every copy"
    ),
    "dead_deals": (
        "a TengymEnv keyword; each of tengym's vector envs redeals a deal with no legal move. Copies that keep "
        "one are TengymEnvs: "
        'gym.make_vec(..., vectorization_mode="sync", dead_deals="keep"), or SB3\'s make_vec_env over '
        'tengym/<id>-v0 with env_kwargs={"dead_deals": "keep"}'
    ),
    "dict_observation": (
        "a TengymEnv and TengymVectorEnv keyword (RLlib's action masking reads it); tengym.sb3.TengymSB3VecEnv "
        "gives the observations alone, "
        "and MaskablePPO reads the masks from its action_masks()"
    ),
}


def refuse_keywords_elsewhere(options) -> None:
    """Refuses (TengymError, "bad-argument") a keyword of KEYWORDS_ELSEWHERE among an env's game
    options, saying where it belongs: called before any engine is started or asked."""
    for name in options:
        if name in KEYWORDS_ELSEWHERE:
            raise TengymError(f"{name}: {KEYWORDS_ELSEWHERE[name]}", "bad-argument")


def keyword_meant(error: BaseException, init) -> BaseException:
    """The engine's refusal of an unknown game option that is a misspelt keyword of the env
    (`illegal_actions=`, `render_mod=`), which reaches the engine with the game's options: the
    same error, naming the keyword of `init` (the env's `__init__`) that was meant, or else the
    keyword of KEYWORDS_ELSEWHERE and where it belongs (`max_episode_step=` on one env)."""
    if not isinstance(error, BadOptionsError):
        return error
    found = re.search(r'unknown option "([^"]+)"', str(error))
    if found is None:
        return error
    keywords = [
        name
        for name, p in inspect.signature(init).parameters.items()
        if p.kind is p.POSITIONAL_OR_KEYWORD and name not in ("self", "env_id")
    ]
    name = found.group(1)
    # As Gymnasium's own envs say it ("CartPoleEnv.__init__() got an unexpected keyword argument 'frameskip'").
    unexpected = f" ({init.__qualname__}() got an unexpected keyword argument {name!r})"
    meant = difflib.get_close_matches(name, keywords, n=1, cutoff=0.75)
    if meant:
        return UnknownKeywordError(
            f"{error}; or did you mean the keyword argument {meant[0]}=?{unexpected}", error.code
        )
    elsewhere = difflib.get_close_matches(
        name, [name for name in KEYWORDS_ELSEWHERE if name not in keywords], n=1, cutoff=0.75
    )
    if elsewhere:
        return UnknownKeywordError(
            f"{error}; or did you mean {elsewhere[0]}=? {elsewhere[0]}: {KEYWORDS_ELSEWHERE[elsewhere[0]]}{unexpected}",
            error.code,
        )
    return UnknownKeywordError(f"{error}{unexpected}", error.code)
