"""render_mode="rgb_array": the text render drawn as an image, one size per env, for video recorders."""

import importlib.util
import warnings

import gymnasium as gym
import numpy as np
import pytest

import tengym
from scale import scaled
from tengym._render import COLUMNS, GLYPHS, HEIGHT, ROWS, UNKNOWN, WIDTH, text_image, text_lines
from tengym.bench import random_legal

has_sb3 = importlib.util.find_spec("stable_baselines3") is not None
needs_sb3 = pytest.mark.skipif(
    not has_sb3, reason="stable-baselines3 is not installed (the [train] extra): pip install -e 'python[train]'"
)


def texts_and_images(env_id: str, seed: int, games: int = 2):
    """(text, image) of every position of a few random games, from an "ansi" and an "rgb_array" env dealt alike."""
    text_env = gym.make(tengym.gym_id(env_id), render_mode="ansi")
    image_env = gym.make(tengym.gym_id(env_id), render_mode="rgb_array")
    rng = np.random.default_rng(seed)
    try:
        for game in range(games):
            _, info = text_env.reset(seed=seed + game)
            image_env.reset(seed=seed + game)
            while True:
                yield text_env.render(), image_env.render()
                action = int(random_legal(info["action_mask"][None], rng)[0])
                _, _, terminated, truncated, info = text_env.step(action)
                image_env.step(action)
                if terminated or truncated:
                    yield text_env.render(), image_env.render()
                    break
    finally:
        text_env.close()
        image_env.close()


@pytest.mark.parametrize("env_id", tengym.ENV_IDS)
def test_every_position_is_its_text_drawn_on_one_size_of_frame_with_every_character_known(env_id):
    seen = set()
    last = None
    # Two random games an id at full scale (TENGYM_TEST_SCALE=1), one by default: tests/scale.py.
    for text, image in texts_and_images(env_id, seed=40, games=scaled(2, least=1)):
        assert image.shape == (HEIGHT, WIDTH, 3) and image.dtype == np.uint8
        np.testing.assert_array_equal(image, text_image(text))
        seen |= set(text.replace("\n", ""))
        if last is not None and last[0] != text:
            assert not np.array_equal(last[1], image)  # a new position is a new picture
        last = (text, image)
    assert seen - set(GLYPHS) == set(), "characters the font does not draw"


def test_every_glyph_is_its_own():
    same = [{"-", "−", "–"}]  # hyphen, minus and en dash share a stroke
    drawn: dict[bytes, str] = {}
    for char, glyph in GLYPHS.items():
        assert glyph.shape == (8, 5)
        assert not np.array_equal(glyph, UNKNOWN)
        key = glyph.tobytes()
        if key in drawn:
            assert any({char, drawn[key]} <= group for group in same), (char, drawn[key])
        drawn[key] = char
    assert len(GLYPHS) > 100


def test_long_lines_wrap_at_a_space_and_too_many_rows_end_in_an_ellipsis():
    cards = " ".join(["10♠", "Q♥"] * 30)
    rows = text_lines(f"line: {cards}\nstock: 0 cards")
    assert all(len(r) <= COLUMNS for r in rows)
    assert rows[0].startswith("line: 10♠") and rows[1].startswith("    ") and rows[-1] == "stock: 0 cards"
    assert " ".join(r.strip() for r in rows[:-1]) == f"line: {cards}"  # no card split
    many = text_lines("\n".join(f"row {i}" for i in range(40)))
    assert len(many) == ROWS and many[-1] == "…" and many[-2] == f"row {ROWS - 2}"
    # An unknown character is a box, not nothing.
    assert not np.array_equal(text_image("☃"), text_image(" "))


@pytest.mark.parametrize("make", ["env", "vector", "sb3"])
@pytest.mark.parametrize("mode", ["rgb", "human", "rgb_array_list"])
def test_a_render_mode_tengym_lacks_is_refused_naming_the_modes_it_has(make, mode):
    # As Gymnasium's envs refuse a mode their metadata does not list: a misspelt mode is an error
    # when the env is made, not text where RecordVideo later asks for frames.
    if make == "sb3":
        pytest.importorskip("stable_baselines3")
        from tengym.sb3 import TengymSB3VecEnv as made
    else:
        made = tengym.TengymEnv if make == "env" else tengym.TengymVectorEnv
    with pytest.raises(
        tengym.TengymError,
        match=rf"^render_mode='{mode}': tengym renders 'ansi' or 'rgb_array' \(or None: render\(\) gives the text\); "
        r"gymnasium.make\(\.\.\., render_mode='human' or 'rgb_array_list'\) builds those on 'rgb_array'$",
    ) as e:
        made("decade", render_mode=mode)
    assert e.value.code == "bad-argument"
    for mode in (None, "ansi", "rgb_array"):
        made("decade", render_mode=mode).close()


def test_gymnasium_make_and_check_env_ask_only_for_modes_tengym_has():
    # gym.make turns "human" and "rgb_array_list" into rgb_array under its wrappers; check_env
    # makes the env again in each mode of its metadata.
    from gymnasium.utils.env_checker import check_env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # HumanRendering's note that it wraps rgb_array
        for mode in ("human", "rgb_array_list", "rgb_array", "ansi"):
            env = gym.make("tengym/decade-v0", render_mode=mode)
            assert env.unwrapped.render_mode in ("rgb_array", "ansi")
            env.close()
    env = gym.make("tengym/decade-v0", render_mode="rgb_array", illegal_action="stay")
    try:
        check_env(env.unwrapped)
    finally:
        env.close()


def test_gymnasium_builds_its_render_wrappers_on_rgb_array():
    # gym.make gives "rgb_array_list" (RenderCollection) and "human" (HumanRendering, a pygame window) from "rgb_array".
    env = gym.make("tengym/decade-v0", render_mode="rgb_array_list")
    try:
        env.reset(seed=1)
        env.step(0)
        frames = env.render()
        assert len(frames) == 2 and all(f.shape == (HEIGHT, WIDTH, 3) for f in frames)
    finally:
        env.close()
    human = gym.make("tengym/decade-v0", render_mode="human")
    assert type(human).__name__ == "HumanRendering"
    human.close()


@needs_sb3
def test_sb3_make_vec_env_asks_for_rgb_array_and_gets_it_without_a_warning():
    from stable_baselines3.common.env_util import make_vec_env as sb3_make_vec_env

    from tengym.sb3 import make_vec_env

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # SB3's make_vec_env asks every env for render_mode="rgb_array"
        theirs = sb3_make_vec_env(tengym.gym_id("decade"), n_envs=3, seed=4)
    ours = make_vec_env("decade", 3, seed=4, render_mode="rgb_array")
    try:
        ours.reset()
        theirs.reset()
        assert ours.render_mode == theirs.render_mode == "rgb_array"
        # SB3 tiles the copies' images into one, as VecVideoRecorder records it.
        tiled = ours.render()
        assert tiled.shape == (2 * HEIGHT, 2 * WIDTH, 3)
        np.testing.assert_array_equal(tiled, theirs.render())
        for x, y in zip(ours.get_images(), theirs.get_images()):
            np.testing.assert_array_equal(x, y)
        # Each copy's own render, as each env of the DummyVecEnv gives it: its image.
        mine, yours = ours.env_method("render", indices=[0, 2]), theirs.env_method("render", indices=[0, 2])
        assert len(mine) == len(yours) == 2
        for x, y in zip(mine, yours):
            assert isinstance(x, np.ndarray)
            np.testing.assert_array_equal(x, y)
        assert ours.get_attr("render_mode") == ["rgb_array"] * 3
    finally:
        ours.close()
        theirs.close()
    plain = make_vec_env("decade", 2, seed=4, render_mode="ansi")
    try:
        plain.reset()
        assert isinstance(plain.render()[0], str)
        assert isinstance(plain.env_method("render")[1], str)
        with pytest.warns(UserWarning, match="rgb_array"):
            assert plain.get_images() == [None, None]
    finally:
        plain.close()


def test_render_without_a_render_mode_is_none_as_gymnasiums_own_envs_give_it():
    env = tengym.TengymEnv("tens")
    vec = tengym.TengymVectorEnv("tens", 2)
    try:
        env.reset(seed=1)
        vec.reset(seed=1)
        with pytest.warns(UserWarning, match="without specifying any render mode"):
            assert env.render() is None
        assert vec.render() == (None, None)
    finally:
        env.close()
        vec.close()
