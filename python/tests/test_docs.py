"""The ```python blocks of docs/python.md and the pages it leads to (docs/python-*.md), run as a
reader runs them, so that none rots unnoticed: each in a
namespace of its own, where a `print(...)  # X` line must print X (`…` standing for what varies,
whitespace loose). A block that trains is left out, with the reason; a fragment of the text around
it (a policy of the reader's, a trained module) runs with what that text gives it. And every command
line the page writes for a program of the repository (the examples, the experiments, tengym.bench)
names flags that program takes."""

import re
import subprocess
import sys

import gymnasium as gym
import pytest

from conftest import REPO

DOCS = [
    REPO / "docs" / "python.md",
    *sorted((REPO / "docs").glob("python-*.md")),
    *sorted((REPO / "docs" / "experiments").glob("*python*.md")),
]
PAGES = [(doc, doc.read_text(encoding="utf-8").split("\n")) for doc in DOCS]
# The pages' lines one after another: a block's line is its place in them (`where` names the page).
LINES = [line for _, lines in PAGES for line in lines]


def where(line: int) -> str:
    """The page and line of a line number of LINES."""
    for doc, lines in PAGES:
        if line <= len(lines):
            return f"{doc.name}:{line}"
        line -= len(lines)
    return f"line {line} past the pages"


def python_blocks() -> list[tuple[int, str]]:
    """The doc's ```python blocks: the line of each opening fence, and its code."""
    lines = LINES
    blocks = []
    i = 0
    while i < len(lines):
        if lines[i].strip() == "```python":
            end = lines.index("```", i + 1)
            blocks.append((i + 1, "\n".join(lines[i + 1 : end]) + "\n"))
            i = end
        i += 1
    return blocks


BLOCKS = python_blocks()

# Blocks not run, by a text of theirs, and why.
NOT_RUN = {
    'MaskablePPO("MlpPolicy", vec': (
        "it trains MaskablePPO for 200,000 steps, minutes; tests/test_train.py trains it on the same "
        "VecEnv, and the test below checks its settings are the example's"
    ),
}

# What the text around a fragment gives it, run before it, by a text of the block.
BEFORE = {
    # "yours": any policy of the reader's; the lowest legal action stands in.
    'action = policy(obs, info["action_mask"])': "def policy(obs, mask):\n    return int(mask.nonzero()[0][0])\n",
    # "take the module": an untrained one of the spec tengym.rllib.ppo_config trains, as algo.get_module() would give.
    "out = module.forward_inference(": (
        "import tengym, tengym.rllib\n"
        "_probe = tengym.TengymEnv('decade-fives', dict_observation=True)\n"
        "_spec = tengym.rllib.ppo_config('decade-fives', num_env_runners=0).rl_module_spec\n"
        "_spec.observation_space, _spec.action_space = _probe.observation_space, _probe.action_space\n"
        "module = _spec.build()\n"
        "_probe.close()\n"
    ),
}

# Checks of what a block's text promises, run after it.
AFTER = {
    # "its forward_inference masks the logits too, so the greedy action is legal"
    "out = module.forward_inference(": "assert info['action_mask'][action] == 1, action\n",
}

# Text of a block changed before it runs, and why.
REPLACE = {
    "SEED, DEALS = 1_000_000, 3000": (
        "SEED, DEALS = 1_000_000, 300",
        "3,000 deals played step by step through the engine, and pimc's, take half a minute; 300 run the loop "
        "as written",
    ),
}


def find(text: str) -> list[int]:
    return [line for line, code in BLOCKS if text in code]


def output_pattern(expected: str) -> re.Pattern:
    """A documented output as a pattern: whitespace runs are one space, `…` stands for anything."""
    parts = " ".join(expected.split()).split("…")
    return re.compile(".*?".join(re.escape(p) for p in parts), re.S)


def instrument(code: str) -> tuple[str, list[int]]:
    """The block with each `print(...)  # X` line made a call that prints as print does and records
    what it printed beside X; the lines stay where they were, so a record's line is the block's."""
    lines = code.split("\n")
    checked = []
    for i, line in enumerate(lines):
        m = re.match(r"^(\s*)print\((.*)\)\s+# (.*)$", line)
        if m:
            lines[i] = f"{m[1]}__printed({i + 1}, {m[3]!r}, {m[2]})"
            checked.append(i + 1)
    return "\n".join(lines), checked


def runnable() -> list:
    out = []
    for line, code in BLOCKS:
        if any(text in code for text in NOT_RUN):
            continue
        out.append(pytest.param(line, code, id=where(line)))
    return out


def test_the_blocks_are_found_and_each_exception_names_one_of_them():
    assert len(BLOCKS) >= 6
    for text in [*NOT_RUN, *BEFORE, *AFTER, *REPLACE]:
        assert len(find(text)) == 1, text
    # The printed lines the blocks promise, so that a change of how they are written cannot turn every check off.
    assert sum(len(instrument(code)[1]) for _, code in BLOCKS) >= 2


def test_a_documented_output_is_a_pattern_and_only_print_lines_with_a_comment_are_checked():
    assert output_pattern("[AgentInfo(name='random', description='…', fair=True), …]").fullmatch(
        "[AgentInfo(name='random', description='a b', fair=True), AgentInfo()]"
    )
    assert output_pattern("0.752").fullmatch("0.752")
    assert not output_pattern("0.752").fullmatch("0.7521")
    assert output_pattern("a  b\n c").fullmatch("a b c")
    code, checked = instrument('x = 1  # not output\nprint(x)  # 1\nprint(x)\n    print(x, "y")  # 1 y\n')
    assert checked == [2, 4]
    assert code.split("\n") == [
        "x = 1  # not output",
        "__printed(2, '1', x)",
        "print(x)",
        "    __printed(4, '1 y', x, \"y\")",
        "",
    ]


@pytest.mark.parametrize("line, code", runnable())
def test_the_block_runs_and_prints_what_its_comments_say(line, code):
    if "ray.rllib" in code:
        pytest.importorskip("ray.rllib", reason="the RLlib block needs ray[rllib] (the [train] extra)")
    for old, (new, _why) in REPLACE.items():
        code = code.replace(old, new)
    instrumented, checked = instrument(code)
    printed = []

    def record(at, expected, *args):
        text = " ".join(str(a) for a in args)
        print(text)
        printed.append((at, expected, text))

    namespace = {"__printed": record, "__name__": "__docs__"}
    prelude = "".join(before for text, before in BEFORE.items() if text in code)
    checks = "".join(after for text, after in AFTER.items() if text in code)
    try:
        exec(compile(prelude, f"{where(line)} (before the block)", "exec"), namespace)
        exec(compile(instrumented, where(line), "exec"), namespace)
        exec(compile(checks, f"{where(line)} (after the block)", "exec"), namespace)
    finally:
        for value in list(namespace.values()):
            if isinstance(value, (gym.Env, gym.vector.VectorEnv)):
                value.close()
    for at in checked:
        seen = [p for p in printed if p[0] == at]
        assert seen, f"{where(line + at)}: the print with a documented output never ran"
        for _, expected, text in seen:
            assert output_pattern(expected).fullmatch(" ".join(text.split())), (
                f"{where(line + at)}: printed {text!r}, the doc says {expected!r}"
            )


def program_commands() -> list[tuple[str, str]]:
    """The page's command lines for a program of the repository, in its shell blocks and its inline
    code: (the program as `python3` takes it, the rest of the line)."""
    text = "\n".join(LINES)
    shell = [line for block in re.findall(r"^```sh\n(.*?)^```", text, re.M | re.S) for line in block.split("\n")]
    prose = re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)
    inline = [" ".join(span.split()) for span in re.findall(r"`([^`]+)`", prose)]
    found = []
    for line in shell + inline:
        for m in re.finditer(
            r"python3 (python/(?:examples|experiments)/\S+\.py|-m tengym\.\w+)(.*?)(?=python3 |$)", line
        ):
            found.append((m[1], m[2]))
    return found


def test_every_command_line_for_a_program_of_the_repository_names_flags_it_takes():
    commands = program_commands()
    assert len(commands) >= 10
    helps = {}
    problems = []
    for program, rest in commands:
        if program not in helps:
            args = program.split() if program.startswith("-m ") else [str(REPO / program)]
            helps[program] = subprocess.run(
                [sys.executable, *args, "--help"], cwd=REPO, capture_output=True, text=True, timeout=120
            )
        h = helps[program]
        if h.returncode != 0:
            problems.append(f"python3 {program}: --help failed: {h.stderr.strip()[-300:]}")
            continue
        for flag in re.findall(r"(?<![\w-])--[a-z][a-z0-9-]*", rest):
            if not re.search(rf"(?<![\w-]){flag}(?![\w-])", h.stdout):
                problems.append(f"python3 {program}{rest}: no {flag}")
    assert problems == []


# Runs `python -m tengym.bench ...` or an example as if the [train] extra were not installed.
WITHOUT_TRAIN_EXTRA = """
import runpy, sys
for name in ("torch", "ray", "stable_baselines3", "sb3_contrib"):
    sys.modules[name] = None  # import raises ModuleNotFoundError; importlib.util.find_spec gives None
program, sys.argv = sys.argv[1], sys.argv[1:]
if program.startswith("-m "):
    sys.argv[0] = program[3:]
    runpy.run_module(program[3:], run_name="__main__", alter_sys=True)
else:
    runpy.run_path(program, run_name="__main__")
"""


@pytest.mark.parametrize(
    "program", ["python/examples/maskable_ppo_decade_fives.py", "python/examples/rllib_ppo_masked.py"]
)
def test_an_example_shows_its_help_and_names_the_extra_it_lacks_without_the_train_extra(program):
    run = lambda *args: subprocess.run(
        [sys.executable, "-c", WITHOUT_TRAIN_EXTRA, str(REPO / program), *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    shown = run("--help")
    assert shown.returncode == 0 and "--env" in shown.stdout, shown.stderr[-2000:]
    refused = run("--env", "decade-fives")
    assert refused.returncode == 1
    assert re.fullmatch(
        r"\S+\.py: needs (torch|ray), in tengym's \[train\] extra: pip install -e 'python\[train\]'\n", refused.stderr
    ), refused.stderr[-2000:]


def test_bench_sb3_names_the_extra_it_lacks_without_the_train_extra():
    refused = subprocess.run(
        [sys.executable, "-c", WITHOUT_TRAIN_EXTRA, "-m tengym.bench", "--sb3"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert refused.returncode == 2
    assert (
        refused.stderr.splitlines()[-1]
        == "python -m tengym.bench: error: --sb3 needs stable_baselines3 and sb3_contrib, in tengym's [train] "
        "extra: pip install -e 'python[train]'"
    )


def test_the_paired_loop_pairs_a_game_with_dead_deals_as_its_caution_says():
    # "Your policy on the same deals, paired" on tens with dead_deals="keep", as its caution says to
    # pair tens: seeds 1,000,000 + i hold deals with no legal move, over at reset. The lowest legal
    # action is tengym's `first`, so the loop must give play_agent's records of `first`, deal for deal.
    (code,) = [code for _, code in BLOCKS if "SEED, DEALS = 1_000_000" in code]
    run = code.replace("SEED, DEALS = 1_000_000, 3000", "SEED, DEALS = 1_000_000, 200").replace(
        'tengym.TengymEnv("decade-fives")', 'tengym.TengymEnv("tens", dead_deals="keep")'
    )
    run = run.replace('tengym.play_agent("decade-fives", "pimc"', 'tengym.play_agent("tens", "first"')
    namespace = {"__name__": "__docs__"}
    exec(BEFORE['action = policy(obs, info["action_mask"])'], namespace)
    try:
        exec(compile(run, "the paired loop on tens", "exec"), namespace)
    finally:
        namespace["env"].close()
    first = namespace["pimc"]
    assert (first.agent, first.env_id) == ("first", "tens") and (first.steps == 0).sum() >= 2
    assert namespace["won"].tolist() == first.won.tolist()
    assert namespace["paired"] == (0.0, (0.0, 0.0), 200)


def test_the_sb3_block_trains_with_the_settings_of_the_example_it_names():
    # The block is not run (it trains for minutes): its comment says it has the example's settings, so
    # its make_vec_env, MaskablePPO and learn are the example's with the example's default flags.
    import ast

    (block,) = [code for _, code in BLOCKS if 'MaskablePPO("MlpPolicy", vec' in code]
    assert "maskable_ppo_decade_fives.py's settings and default --timesteps" in block
    example = ast.parse((REPO / "python" / "examples" / "maskable_ppo_decade_fives.py").read_text(encoding="utf-8"))
    defaults = {}
    for node in ast.walk(example):
        if (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", None) == "add_argument"
            and isinstance(node.args[0], ast.Constant)
        ):
            for k in node.keywords:
                if k.arg == "default":
                    defaults[node.args[0].value.lstrip("-").replace("-", "_")] = ast.literal_eval(k.value)

    def value(node):
        # args.x in the example is its flag's default
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "args":
            return defaults[node.attr]
        return ast.literal_eval(node)

    def calls(tree, name):
        return [
            n
            for n in ast.walk(tree)
            if isinstance(n, ast.Call)
            and (getattr(n.func, "id", None) == name or getattr(n.func, "attr", None) == name)
        ]

    def described(call, first_args: int = 99, leave_out: tuple = ()):
        # the call's first arguments (the policy: the env is a variable) and its keywords, as values
        return [value(a) for a in call.args[:first_args]], {
            k.arg: value(k.value) for k in call.keywords if k.arg not in leave_out
        }

    doc = ast.parse(block)
    (theirs,), (ours,) = calls(example, "MaskablePPO"), calls(doc, "MaskablePPO")
    assert described(ours, 1) == described(theirs, 1, leave_out=("verbose",))
    (learn,) = calls(doc, "learn")
    assert [value(a) for a in learn.args] == [defaults["timesteps"]] and not learn.keywords
    (made,) = calls(doc, "make_vec_env")
    assert described(made) == ([defaults["env"]], {"n_envs": defaults["n_envs"], "seed": defaults["seed"]})
