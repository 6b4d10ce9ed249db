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


def keyword_meant(error: BaseException, init) -> BaseException:
    """The engine's refusal of an unknown game option that is a misspelt keyword of the env
    (`illegal_actions=`, `render_mod=`), which reaches the engine with the game's options: the
    same error, naming the keyword of `init` (the env's `__init__`) that was meant."""
    if not isinstance(error, BadOptionsError):
        return error
    found = re.search(r'unknown option "([^"]+)"', str(error))
    if found is None:
        return error
    keywords = [name for name, p in inspect.signature(init).parameters.items() if p.kind is p.POSITIONAL_OR_KEYWORD and name not in ("self", "env_id")]
    meant = difflib.get_close_matches(found.group(1), keywords, n=1, cutoff=0.75)
    if not meant:
        return error
    return BadOptionsError(f"{error}; or did you mean the keyword argument {meant[0]}=?", error.code)
