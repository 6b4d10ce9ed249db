"""tengym's scripted agents from Python: tengym.agents, tengym.play_agent (the records of `tengym eval
--per-deal`), paired_wins, derive_seed, and TengymEnv.agent_action through a loop of one's own."""

import json
import os
import shlex
import signal
import subprocess
import warnings

import numpy as np
import pytest

import tengym
from conftest import REPO, node_eval
from tengym import BadActionError, BadOptionsError, BadSeedError, EngineError, TengymEnv, TengymError, UnknownEnvError

CLI = REPO / "dist" / "cli" / "main.js"


def tengym_cli(*args: str):
    return json.loads(
        subprocess.run(
            ["node", str(CLI), *args], cwd=REPO, capture_output=True, text=True, check=True, timeout=300
        ).stdout
    )


def eval_report(env_id: str, agent: str, episodes: int, seed: int, options: dict | None = None) -> dict:
    extra = ["--options", json.dumps(options)] if options else []
    return tengym_cli(
        "eval",
        "--env",
        env_id,
        *extra,
        "--agents",
        agent,
        "--episodes",
        str(episodes),
        "--seed",
        str(seed),
        "--json",
        "--per-deal",
    )


def eval_deals(env_id: str, agent: str, episodes: int, seed: int, options: dict | None = None) -> dict:
    return eval_report(env_id, agent, episodes, seed, options)["results"][0]["deals"]


def records(played: tengym.AgentEpisodes) -> dict:
    """The played deals as `--per-deal` spells them."""
    out = {"won": played.won.astype(int).tolist()}
    out.update({key: column.tolist() for key, column in played.values.items()})
    out.update(steps=played.steps.tolist(), decisions=played.decisions.tolist())
    return out


@pytest.mark.parametrize("env_id", ["decade", "four-ten", "decade-optional"])
def test_the_agents_of_an_env_are_the_catalogue_as_tengym_agents_lists_them(env_id, needs_dist):
    # The command also lists the shipped model ("model"), which plays from the command line only.
    listed = [a for a in tengym_cli("agents", "--env", env_id, "--json") if a["name"] != "model"]
    got = tengym.agents(env_id)
    assert [a.name for a in got] == [a["name"] for a in listed]
    assert [(a.description, a.fair, a.ceiling) for a in got] == [
        (a["description"], a["fair"], a.get("ceiling", False)) for a in listed
    ]


def test_the_oracle_is_marked_unfair_and_optimal_a_ceiling():
    decade = {a.name: a for a in tengym.agents("tengym/decade-v0")}
    assert decade["oracle"].fair is False and decade["pimc"].fair is True
    assert "optimal" not in decade and "optimal" in {a.name for a in tengym.agents("decade-optional")}
    assert {a.name: a for a in tengym.agents("four-ten")}["optimal"].ceiling is True
    # Options that make decade another game's rules give that game's agents.
    assert "optimal" in {a.name for a in tengym.agents("decade", options={"discard": "optional"})}


@pytest.mark.parametrize(
    "env_id, agent, episodes, seed, options",
    [
        ("decade", "random", 60, 7, None),
        ("decade-fives", "pimc", 30, 1_000_000, None),
        ("ten-twenty-thirty", "lookahead", 25, 5, None),
        ("four-ten", "greedy", 25, 3, None),
        ("tens", "first", 80, 0, None),
        ("decade", "longest", 40, 11, {"maxSteps": 30}),
    ],
)
def test_play_agent_gives_the_records_of_tengym_eval_per_deal(env_id, agent, episodes, seed, options, needs_dist):
    played = tengym.play_agent(env_id, agent, episodes=episodes, seed=seed, options=options)
    report = eval_report(env_id, agent, episodes, seed, options)
    assert records(played) == report["results"][0]["deals"]
    assert (played.env_id, played.agent, played.seed, len(played)) == (env_id, agent, seed, episodes)
    # Every option as played, as the report gives them: the ones asked for among them.
    assert played.options == report["options"]
    assert (options or {}).items() <= played.options.items()


def test_play_agent_over_two_engine_processes_gives_the_same_records():
    one = tengym.play_agent("decade-loop", "lookahead", episodes=50, seed=3)
    two = tengym.play_agent("decade-loop", "lookahead", episodes=50, seed=3, processes=2)
    assert records(one) == records(two)
    assert one.won.dtype == bool and one.cards_left.dtype == np.int32 and list(one.values) == ["cardsLeft"]
    assert one["cardsLeft"] is one.cards_left and not hasattr(one, "rounds")
    with pytest.raises(AttributeError, match=r"no attribute 'rounds': decade-loop's records hold won, cardsLeft"):
        one.rounds  # noqa: B018


def compensated_sum(values, start=0.0):
    """sum() of floats as Python 3.12 and later compute it (Neumaier's compensated summation)."""
    total, compensation = float(start), 0.0
    for x in values:
        x = float(x)
        t = total + x
        compensation += (total - t) + x if abs(total) >= abs(x) else (x - t) + total
        total = t
    return total + compensation


def test_compensated_sum_is_not_plain_left_to_right_summation():
    squares = [(x - 0.175) ** 2 for x in [1.0] * 60 + [-1.0] * 25 + [0.0] * 115]
    plain = 0.0
    for x in squares:
        plain += x
    assert compensated_sum(squares) != plain


def test_paired_wins_is_tengym_evals_difference_from_its_reference(needs_dist):
    report = tengym_cli(
        "eval",
        "--env",
        "decade-fives",
        "--agents",
        "pimc,random",
        "--reference",
        "random",
        "--episodes",
        "200",
        "--seed",
        "9",
        "--json",
    )
    pimc = tengym.play_agent("decade-fives", "pimc", episodes=200, seed=9)
    random = tengym.play_agent("decade-fives", "random", episodes=200, seed=9)
    paired = tengym.paired_wins(pimc.won, random.won)
    expected = report["results"][0]["vsReference"]
    assert paired.diff == expected["diff"] and list(paired.ci95) == expected["ci95"] and paired.deals == 200
    # Python 3.12's sum() adds floats with a compensation JavaScript does not make: on these deals it
    # moves the interval's last digits. The figures are tengym eval's whatever the Python.
    with pytest.MonkeyPatch.context() as m:
        m.setattr(tengym.paired, "sum", compensated_sum, raising=False)
        assert tengym.paired_wins(pimc.won, random.won) == paired
    assert tengym.paired_wins(pimc, random) == paired  # the records themselves, their won taken
    assert tengym.paired_wins([1], [0]) == (1.0, (-np.inf, np.inf), 1)
    with pytest.raises(TengymError, match="same deals"):
        tengym.paired_wins([1, 0], [1])


def test_paired_wins_refuses_what_is_not_won_or_lost():
    # Four Ten's returns are points: a game lost with 15 points is not a win, and a "difference in
    # win rate" of +22.5 is no figure. Bools and 1/0 of any dtype are won/lost.
    assert tengym.paired_wins([True, False, 1.0], np.array([0, 1, 1], dtype=np.int8)).diff == 0.0
    with pytest.raises(
        TengymError, match=r"won must say won or lost for each deal \(True/False or 1/0\), got 50.0 at deal 0"
    ):
        tengym.paired_wins([50, 30, 0, 12], [0, 0, 1, 1])
    with pytest.raises(TengymError, match="reference_won must say won or lost .* got nan at deal 1"):
        tengym.paired_wins([1, 0], [1, None])
    with pytest.raises(TengymError, match="got 0.5 at deal 0"):
        tengym.paired_wins([0.5, 1], [0, 1])


def test_paired_wins_refuses_two_records_of_other_deals():
    # Same length, other deals: not a paired difference, whatever its interval says.
    longest = tengym.play_agent("decade", "longest", episodes=20, seed=0)
    with pytest.raises(
        TengymError,
        match=r"paired_wins: the two players' records must be of the same deals, got 20 deals of decade from seed 0 "
        r"and 20 deals of decade from seed 500$",
    ):
        tengym.paired_wins(longest, tengym.play_agent("decade", "random", episodes=20, seed=500))
    with pytest.raises(
        TengymError, match=r"same deals, got 20 deals of decade from seed 0 and 20 deals of decade-fives from seed 0$"
    ):
        tengym.paired_wins(longest, tengym.play_agent("decade-fives", "random", episodes=20, seed=0))
    assert tengym.paired_wins(longest, tengym.play_agent("decade", "random", episodes=20, seed=0)).deals == 20


def test_first_deal_plays_part_of_a_run_as_the_whole_run_plays_it():
    # pimc's samples follow the seed it is reset with, which the run gives deal i: a part started from
    # seed + 40 would reset it otherwise.
    whole = tengym.play_agent("decade", "pimc", episodes=60, seed=7)
    part = tengym.play_agent("decade", "pimc", episodes=20, seed=7, first_deal=40, processes=2)
    assert part.first_deal == 40 and whole.first_deal == 0
    for field in ("won", "cards_left", "steps", "decisions"):
        assert (getattr(part, field) == getattr(whole, field)[40:]).all(), field
    # Records of other parts are other deals.
    with pytest.raises(
        TengymError,
        match=r"same deals, got 20 deals of decade from seed 7 \(deals 40 on\) and 20 deals of decade from seed 7$",
    ):
        tengym.paired_wins(part, tengym.play_agent("decade", "random", episodes=20, seed=7))
    assert (
        tengym.paired_wins(part, tengym.play_agent("decade", "random", episodes=20, seed=7, first_deal=40)).deals == 20
    )
    with pytest.raises(TengymError, match=r"first_deal must be an integer ≥ 0, got -1"):
        tengym.play_agent("decade", "pimc", episodes=2, first_deal=-1)


def test_paired_wins_squares_as_javascript_does(needs_dist):
    # On these 41 deals Python's (x - mean) ** 2 (the C library's pow) misses the last digit of a
    # square that JavaScript's ** gets right, and the interval's last digits moved with it.
    won, reference_won = [1] + [0] * 40, [0] + [1] * 9 + [0] * 31
    js = json.loads(
        node_eval(
            f"import {{ pairedWins }} from './dist/index.js'; console.log(JSON.stringify(pairedWins({won}, "
            f"{reference_won})))"
        )
    )
    paired = tengym.paired_wins(won, reference_won)
    assert (paired.diff, list(paired.ci95)) == (js["diff"], js["ci95"])


def test_derive_seed_is_the_engines(needs_dist):
    pairs = [(0, 0), (100, 3), (2**53 - 1, 9_999_999), (123456789012345, 77), (2**32, 2**52)]
    js = json.loads(
        node_eval(
            "import { deriveSeed } from './dist/env/rng.js'; "
            f"console.log(JSON.stringify({json.dumps(pairs)}.map(([a, b]) => deriveSeed(a, b))))"
        )
    )
    assert [tengym.derive_seed(a, b) for a, b in pairs] == js
    with pytest.raises(BadSeedError):
        tengym.derive_seed(-1, 0)


def test_play_agent_refuses_with_tengyms_errors():
    with pytest.raises(
        TengymError,
        match='unknown agent "greedy" for decade; agents for decade: random, first, longest, lookahead, pimc, oracle',
    ):
        tengym.play_agent("decade", "greedy", episodes=3)
    with pytest.raises(
        TengymError, match='unknown agent "model" for four-ten; agents for four-ten: random, first, greedy'
    ):
        tengym.play_agent("four-ten", "model", episodes=3)
    with pytest.raises(TengymError, match='unknown agent "optimal" for decade'):
        tengym.play_agent("decade", "optimal", episodes=3)
    with pytest.raises(UnknownEnvError, match="decade-fivs"):
        tengym.play_agent("decade-fivs", "random", episodes=3)
    with pytest.raises(BadOptionsError, match='unknown option "bogus"'):
        tengym.play_agent("decade", "random", episodes=3, options={"bogus": 1})
    with pytest.raises(BadOptionsError, match="bogus"):
        tengym.agents("decade", options={"bogus": 1})
    with pytest.raises(BadSeedError, match="the largest seed for 10 deals is 9007199254740982"):
        tengym.play_agent("decade", "random", episodes=10, seed=2**53 - 5)
    with pytest.raises(BadSeedError):
        tengym.play_agent("decade", "random", episodes=10, seed=-1)
    with pytest.raises(TengymError, match="episodes must be a positive integer"):
        tengym.play_agent("decade", "random", episodes=0)
    with pytest.raises(TengymError, match="agent must be an agent's name"):
        tengym.play_agent("decade", None, episodes=3)
    # An agent that refuses the env's options says why, as it does in tengym eval.
    with pytest.raises(TengymError, match="optimal: maxRounds 5 is too short"):
        tengym.play_agent("four-ten", "optimal", episodes=1, options={"maxRounds": 5})


def test_a_trained_model_given_to_play_agent_is_refused_with_the_command_that_plays_it(needs_dist):
    # `tengym eval --agents` takes the shipped model and model folders; play_agent plays the
    # catalogue only, and says how to get a model's records instead.
    for agent, options in [("models/decade", None), ("model", {"maxSteps": 5000})]:
        with pytest.raises(
            TengymError,
            match=f'unknown agent "{agent}" for decade; agents for decade: random, .*; a trained model plays from the '
            "command line",
        ) as refused:
            tengym.play_agent("decade", agent, episodes=3, seed=5, options=options)
        command = str(refused.value).split("TensorFlow.js: ")[1].split(" gives")[0]
        assert command.startswith("tengym eval --env decade ") and command.endswith(
            " --episodes N --seed S --json --per-deal"
        )
    args = shlex.split(command)[1:]  # the last one, with its options, as a shell reads it
    assert json.loads(args[args.index("--options") + 1]) == {"maxSteps": 5000}
    args[args.index("N")], args[args.index("S")] = "3", "5"
    deals = tengym_cli(*args)["results"][0]["deals"]
    assert len(deals["won"]) == 3 and "cardsLeft" in deals
    # A catalogue name misspelt is not a model: the catalogue alone is listed.
    with pytest.raises(
        TengymError,
        match=r'unknown agent "pimcc" for decade; agents for decade: random, first, longest, lookahead, pimc, oracle$',
    ):
        tengym.play_agent("decade", "pimcc", episodes=3)


def own_loop(
    env: TengymEnv, agent: str, seed: int, episodes: int, *, at_decisions_only: bool = False, attach: bool = True
) -> dict:
    """Deals seed + i played by asking the env's attached agent, reset as play_agent resets it."""
    if attach:
        env.attach_agent(agent)
    out: dict = {"won": [], "cardsLeft": [], "steps": []}
    for i in range(episodes):
        env.reset(seed=seed + i)
        assert agent in env.reset_agents(tengym.derive_seed(seed, i))
        steps, done = 0, False
        while not done:
            mask = env.action_masks()
            action = int(np.flatnonzero(mask)[0]) if at_decisions_only and mask.sum() == 1 else env.agent_action(agent)
            _, _, terminated, truncated, _ = env.step(action)
            steps, done = steps + 1, terminated or truncated
        outcome = env.outcome()
        out["won"].append(int(outcome["won"]))
        out["cardsLeft"].append(outcome["cardsLeft"])
        out["steps"].append(steps)
    return out


def test_an_agent_asked_through_the_env_plays_play_agents_games():
    with TengymEnv("decade") as env:
        played = tengym.play_agent("decade", "random", episodes=15, seed=21)
        assert own_loop(env, "random", 21, 15) == {k: records(played)[k] for k in ("won", "cardsLeft", "steps")}


def test_an_agent_that_remembers_is_shown_every_state_of_the_game():
    # pimc on Ten-Twenty-Thirty remembers the order under the stock from every state it sees: the
    # env shows it each one, forced moves included, so asked only at decisions it still plays the
    # games of play_agent (which asks at every step): 4 of these 12 won. Shown the decisions alone
    # (the same agent in TypeScript, asked only when there is a choice) it wins none of them.
    played = tengym.play_agent("ten-twenty-thirty", "pimc", episodes=12, seed=108)
    assert played.won.sum() == 4
    with TengymEnv("ten-twenty-thirty") as env:
        assert own_loop(env, "pimc", 108, 12, at_decisions_only=True) == {
            k: records(played)[k] for k in ("won", "cardsLeft", "steps")
        }


def test_the_agents_of_an_engine_replaced_after_a_failure_are_attached_again_at_reset():
    # The reset that replaces the engine attaches the env's agents before it deals, so pimc asked
    # only at decisions has seen every state of the deal, forced moves too, and plays play_agent's games.
    played = tengym.play_agent("ten-twenty-thirty", "pimc", episodes=12, seed=108)
    with TengymEnv("ten-twenty-thirty") as env:
        env.reset(seed=1)
        env.attach_agent("pimc")
        os.kill(env._engine.proc.pid, signal.SIGKILL)
        with pytest.raises(EngineError):
            env.agent_action("pimc")
        assert own_loop(env, "pimc", 108, 12, at_decisions_only=True, attach=False) == {
            k: records(played)[k] for k in ("won", "cardsLeft", "steps")
        }


def test_a_reset_with_seed_s_resets_the_agents_as_deal_0_of_seed_s():
    with TengymEnv("decade") as env:
        env.attach_agent("random")
        for s in (0, 5, 2**40):
            env.reset(seed=s)
            steps, done = 0, False
            while not done:
                _, _, terminated, truncated, _ = env.step(env.agent_action("random"))
                steps, done = steps + 1, terminated or truncated
            assert steps == tengym.play_agent("decade", "random", episodes=1, seed=s).steps[0]


def test_agent_action_errors_and_the_unfair_oracle():
    with TengymEnv("decade") as env:
        with pytest.raises(BadActionError, match="call reset"):
            env.agent_action("pimc")
        env.reset(seed=1)
        with pytest.raises(TengymError, match='unknown agent "greedy" for decade'):
            env.agent_action("greedy")
        with pytest.warns(UserWarning, match="'oracle' is not fair"):
            action = env.agent_action("oracle")
        assert env.action_masks()[action]
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            env.agent_action("oracle")  # attached already: warned once
            assert env.attach_agent("pimc").fair
        assert sorted(env.reset_agents(3)) == ["oracle", "pimc"]
        done = False
        while not done:
            _, _, terminated, truncated, _ = env.step(env.agent_action("pimc"))
            done = terminated or truncated
        with pytest.raises(BadActionError, match="the episode is over"):
            env.agent_action("pimc")


def test_a_loaded_state_is_a_game_the_agents_start_afresh():
    with TengymEnv("ten-twenty-thirty") as env, TengymEnv("ten-twenty-thirty") as other:
        env.reset(seed=4)
        for _ in range(5):
            env.step(env.agent_action("pimc"))
        other.set_state(env.get_state())
        assert env.action_masks()[other.agent_action("pimc")]


def test_agents_md_names_every_field_of_tengym_evals_json_report_and_no_other(needs_dist):
    import re

    text = (REPO / "docs" / "agents.md").read_text(encoding="utf-8")
    section = text[text.index("### The JSON report") : text.index("## Decade family")]
    # The functions the section names (a model agent loadAgent loaded, passed to evaluate) are not fields.
    documented = {t for t in re.findall(r"`([A-Za-z][A-Za-z0-9]*)`", section)} - {"null", "loadAgent", "evaluate"}
    seen: set[str] = set()
    # A model folder (its provenance), the exact optimum (ceiling), and both kinds of game.
    for env_id, agents in [
        ("decade-fives", "pimc,random"),
        ("four-ten", "greedy,random"),
        ("decade", "models/decade,random"),
        ("decade-optional", "optimal,random"),
    ]:
        report = tengym_cli(
            "eval", "--env", env_id, "--agents", agents, "--episodes", "3", "--seed", "5", "--json", "--per-deal"
        )
        seen |= set(report)
        for result in report["results"]:
            seen |= set(result)
            for part in ("vsReference", "roundsVsReference", "deals", "model"):
                seen |= set(result.get(part, {}))
    assert documented == seen
