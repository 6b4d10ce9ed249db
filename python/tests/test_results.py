"""Each game's result as its engine declares it: tengym.result, the outcome's keys, a record's columns and
paired_result (tengym eval's `<field>VsReference`), for every id, none of them named here."""

import warnings

import numpy as np
import pytest

import tengym
from tengym import TengymError, UnknownEnvError
from test_agents import compensated_sum, tengym_cli


def test_the_declarations_are_tengym_envs(needs_dist):
    listed = {e["id"]: e["result"] for e in tengym_cli("envs", "--json")}
    assert set(listed) == set(tengym.ENV_IDS)
    for env_id, declared in listed.items():
        got = tengym.result(env_id)
        assert got == tengym.Result.from_engine(declared)
        assert [f.key for f in got.fields] == [f["key"] for f in declared["fields"]]
        assert got.compare.field in [f.key for f in got.recorded]
        assert tengym.result(tengym.gym_id(env_id)) is got
    with pytest.raises(UnknownEnvError, match='unknown env "nope"'):
        tengym.result("nope")


@pytest.mark.parametrize("env_id", tengym.ENV_IDS)
def test_an_outcome_and_a_record_hold_the_declared_numbers(env_id):
    declared = tengym.result(env_id)
    env = tengym.TengymEnv(env_id)
    try:
        _, info = env.reset(seed=5)
        done = False
        while not done:
            _, _, terminated, truncated, info = env.step(env.action_space.sample())
            done = terminated or truncated
        outcome = info["outcome"]
        assert outcome == env.outcome()
        assert isinstance(outcome["won"], bool)
        assert {f.key for f in declared.fields} <= set(outcome)
    finally:
        env.close()
    played = tengym.play_agent(env_id, "random", episodes=3, seed=5)
    assert list(played.values) == [f.key for f in declared.recorded]
    for f in declared.recorded:
        assert getattr(played, f.attribute) is played[f.key] and len(played[f.key]) == 3
    assert played.result is declared


@pytest.mark.parametrize(
    ("env_id", "agents"), [("four-ten", ("bottom", "random", "greedy")), ("decade", ("pimc", "random", "first"))]
)
def test_paired_result_is_tengym_evals_comparison_with_its_reference(env_id, agents, needs_dist):
    mine, other, reference = agents
    report = tengym_cli(
        "eval",
        "--env",
        env_id,
        "--agents",
        f"{mine},{other},{reference}",
        "--reference",
        reference,
        "--episodes",
        "200",
        "--seed",
        "3",
        "--json",
        "--per-deal",
    )
    compare = tengym.result(env_id).compare
    key = f"{compare.field}VsReference"
    played = {a: tengym.play_agent(env_id, a, episodes=200, seed=3) for a in agents}
    paired = tengym.paired_result(played[mine], played[reference])
    expected = report["results"][0][key]
    assert paired.diff == expected["diff"] and list(paired.ci95) == expected["ci95"]
    assert paired.deals == expected.get("deals", 200)
    # Python 3.12's sum() adds floats with a compensation JavaScript does not make.
    with pytest.MonkeyPatch.context() as m:
        m.setattr(tengym.paired, "sum", compensated_sum, raising=False)
        assert tengym.paired_result(played[mine], played[reference]) == paired
    # A policy's own won and numbers, and the deals of --per-deal, pair as the records do, given the env.
    own = {"won": played[mine].won.tolist(), compare.field: played[mine][compare.field].tolist()}
    assert tengym.paired_result(own, played[reference]) == paired
    assert tengym.paired_result(report["results"][0]["deals"], report["results"][2]["deals"], env_id=env_id) == paired
    with pytest.raises(TengymError, match=r"env_id= must name the game"):
        tengym.paired_result(own, own)
    if compare.over == "won-by-both" and report["results"][1][key]["deals"] == 0:
        # No deal won by both: tengym eval shows "–", its JSON null; here nan, no interval, 0 deals.
        none = tengym.paired_result(played[other], played[reference])
        assert np.isnan(none.diff) and none.ci95 == (-np.inf, np.inf) and none.deals == 0


def test_paired_rounds_is_deprecated_and_gives_paired_results_figures():
    bottom, greedy = (tengym.play_agent("four-ten", a, episodes=30, seed=3) for a in ("bottom", "greedy"))
    with pytest.warns(DeprecationWarning, match="tengym.paired_rounds is deprecated: tengym.paired_result"):
        paired = tengym.paired_rounds(bottom, greedy)
    assert paired == tengym.paired_result(bottom, greedy) and tengym.PairedRounds is tengym.PairedResult
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        # Mappings alone: the comparison of the game compared by its rounds.
        assert tengym.paired_rounds({"won": [1, 0], "rounds": [5, None]}, {"won": [True, True], "rounds": [7, 4]}) == (
            -2.0,
            (-np.inf, np.inf),
            1,
        )
        pimc = tengym.play_agent("decade-fives", "pimc", episodes=5, seed=3)
        with pytest.raises(TengymError, match=r"reference is pimc's record of decade-fives, which is compared by"):
            tengym.paired_rounds(greedy, pimc)
    with pytest.raises(AttributeError, match=r"tengym.FourTenOutcome was removed: an outcome is a dict of 'won'"):
        tengym.FourTenOutcome  # noqa: B018


def test_paired_result_refuses_other_deals_and_what_is_not_a_number():
    greedy = tengym.play_agent("four-ten", "greedy", episodes=5, seed=3)
    with pytest.raises(
        TengymError,
        match=r"paired_result: the two players' records must be of the same deals, got 5 deals of four-ten from seed "
        r"3 and 5 deals of four-ten from seed 4$",
    ):
        tengym.paired_result(greedy, tengym.play_agent("four-ten", "greedy", episodes=5, seed=4))
    with pytest.raises(
        TengymError,
        match=r'same deals, got 5 deals of four-ten \{"gameTarget": 50\} from seed 3 and 5 deals of four-ten '
        r'\{"gameTarget": 30\} from seed 3$',
    ):
        tengym.paired_result(
            greedy, tengym.play_agent("four-ten", "greedy", episodes=5, seed=3, options={"gameTarget": 30})
        )
    pimc = tengym.play_agent("decade-fives", "pimc", episodes=5, seed=3)
    with pytest.raises(
        TengymError, match="same deals, got 5 deals of four-ten from seed 3 and 5 deals of decade-fives"
    ):
        tengym.paired_result(greedy, pimc)
    with pytest.raises(TengymError, match=r"env_id='decade', but a record is of four-ten"):
        tengym.paired_result(greedy, greedy, env_id="decade")
    with pytest.raises(TengymError, match="same deals, one a deal, got 2 and 5"):
        tengym.paired_result({"won": [1, 0], "rounds": [3, 4]}, greedy)
    with pytest.raises(TengymError, match="one a deal, got 0 and 0"):
        tengym.paired_result({"won": [], "cardsLeft": []}, {"won": [], "cardsLeft": []}, env_id="tens")
    with pytest.raises(
        TengymError,
        match=r"mine must be a play_agent record of four-ten or a mapping with 'won' and 'rounds', one entry a deal, "
        r"got keys \['cardsLeft', 'won'\]",
    ):
        tengym.paired_result({"won": pimc.won, "cardsLeft": pimc.cards_left}, greedy)
    with pytest.raises(TengymError, match="mapping with 'won' and 'rounds', one entry a deal, got list"):
        tengym.paired_result(greedy.won.tolist(), greedy)
    with pytest.raises(
        TengymError,
        match=r"paired_result: mine\['won'\] must say won or lost for each deal \(True/False or 1/0\), got 52.0 at "
        r"deal 0",
    ):
        tengym.paired_result(
            {"won": [52, 12], "cardsLeft": [4, 6]}, {"won": [1, 1], "cardsLeft": [5, 5]}, env_id="tens"
        )
    # Compared over every deal, a lost deal's number is read; over the deals both won, it is not.
    with pytest.raises(
        TengymError, match=r"reference\['cardsLeft'\] must be a finite number on each deal compared, got nan at deal 1$"
    ):
        tengym.paired_result(
            {"won": [1, 0], "cardsLeft": [0, 6]}, {"won": [1, 0], "cardsLeft": [0, None]}, env_id="tens"
        )
    with pytest.raises(
        TengymError, match=r"mine\['won'\] and mine\['cardsLeft'\] must have one entry a deal each, got 2 and 1"
    ):
        tengym.paired_result({"won": [1, 0], "cardsLeft": [4]}, {"won": [1, 1], "cardsLeft": [5, 5]}, env_id="tens")
