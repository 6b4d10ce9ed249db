"""What the envs take from Gymnasium's machinery: the engine id of a Gymnasium id, the spec an env is
made under, and the keywords an env is made with."""

from __future__ import annotations

from typing import Any

import gymnasium as gym

from ..errors import TengymError


def engine_id(env_id: Any) -> Any:
    """The engine's id of an env id given any way Gymnasium takes it: "decade", "tengym/decade-v0" and,
    with the module to import first, "tengym:tengym/decade-v0" name the same engine. Anything but a
    string is refused: the engine would read ["tens"] as its text, "tens"."""
    if not isinstance(env_id, str):
        raise TengymError(
            f"env_id must be a string such as 'decade' or 'tengym/decade-v0', got {env_id!r} ({type(env_id).__name__})",
            "bad-argument",
        )
    if isinstance(env_id, str) and env_id.startswith("tengym:"):
        env_id = env_id[len("tengym:") :]
    if isinstance(env_id, str) and env_id.startswith("tengym/"):
        env_id = env_id[len("tengym/") :]
        if env_id.endswith("-v0"):
            env_id = env_id[: -len("-v0")]
    return env_id


class RegisteredSpec:
    """An env's `spec`, which gymnasium.make and make_vec set once the env is built: the first moment
    the id it was made under is known. A registered id's spec on an env of another engine than the
    one it was registered with is refused (`gym.make("tengym/tens-v0", env_id="decade")` would build
    decade under tens' id, and every record of the run would name the wrong game), and the engine
    started for it is closed. An id registered by the user for a variant
    (`gym.register("tengym/decade-short-v0", ..., kwargs={"env_id": "decade", "maxSteps": 50})`)
    builds as registered."""

    def __get__(self, env: Any, owner: type | None = None) -> Any:
        return self if env is None else env.__dict__.get("_spec")

    def __set__(self, env: Any, spec: Any) -> None:
        registered = gym.registry.get(spec.id) if spec is not None else None
        named = (registered.kwargs or {}).get("env_id") if registered is not None else None
        wanted = engine_id(named) if isinstance(named, str) else None
        if isinstance(wanted, str) and wanted != env.env_id:
            env.close()
            raise TengymError(
                f"env_id={env.env_id!r} given to {spec.id}, which is {wanted}: make {env.env_id} as "
                f"gymnasium.make('tengym/{env.env_id}-v0')",
                "bad-argument",
            )
        env.__dict__["_spec"] = spec


class MadeWith:
    """A keyword the env is made with, read after as an attribute, refused as one to set: the
    engines were started with it (or the spaces built from it), so a later value would be believed
    by some of the code and not the rest. Gymnasium's `set_attr` reaches it and is told so."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name
        self.slot = f"_made_with_{name}"

    def __get__(self, obj: Any, objtype: type | None = None) -> Any:
        return self if obj is None else getattr(obj, self.slot)

    # How each class is made with the keyword, besides its constructor.
    MAKERS = {
        "TengymEnv": "gym.make(id, {})",
        "TengymVectorEnv": "gym.make_vec(id, n, {})",
        "TengymSB3VecEnv": "tengym.sb3.make_vec_env(id, n, {})",
    }

    def __set__(self, obj: Any, value: Any) -> None:
        if hasattr(obj, self.slot):
            cls = type(obj).__name__
            keyword = f"{self.name}={value!r}"
            maker = self.MAKERS.get(cls)
            raise AttributeError(
                f"{self.name} is set when the env is made ({cls}(..., "
                f"{keyword}){'' if maker is None else ', or ' + maker.format(keyword)}), not after: this one "
                f"was made with {getattr(obj, self.slot)!r}"
            )
        setattr(obj, self.slot, value)
