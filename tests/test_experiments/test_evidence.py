"""The verdicts' rules above a line: a table by its testable cells, a claim by its lines reading by reading, the
tally's word by its counts; each rule on hand-made cases and on the thesis's own tables."""

import pandas as pd
import pytest

from pawnslib.experiments import cells, thesis
from pawnslib.experiments.evidence import (
    CLAIM_RULES,
    add_lines,
    answer_word,
    claim_verdict,
    evidence_lines,
    judge,
    plan_power,
    table_verdict,
    tally,
)
from pawnslib.experiments.records import CLAIM_CSV_COLUMNS, VERDICTS, line


def test_a_claims_verdict_weighs_its_lines():
    assert claim_verdict(["reproduced", "inconclusive"]) == "reproduced"  # nothing against it
    assert claim_verdict(["not reproduced", "inconclusive", "not reproduced"]) == "not reproduced"
    assert claim_verdict(["reproduced", "not reproduced", "inconclusive"]) == "mixed"  # depends on the set
    assert claim_verdict(["inconclusive", "untestable"]) == "inconclusive"
    assert claim_verdict(["mixed", "inconclusive"]) == "mixed"  # a table whose cells disagree
    assert claim_verdict(["untestable", "untestable"]) == "untestable"  # no line could contradict it
    assert claim_verdict(["new", "new"]) == "new"
    assert set(CLAIM_RULES) == set(VERDICTS)


def test_a_verdict_under_one_reading_only_is_mixed_while_the_reading_is_unsettled():
    verdicts, readings = ["not reproduced", "inconclusive"], ["kalles", "king"]
    assert claim_verdict(verdicts, readings) == "mixed"  # Table 10.2: not reproduced under kalles only
    assert claim_verdict(verdicts, readings, settled="king") == "inconclusive"
    assert claim_verdict(verdicts, readings, settled="kalles") == "not reproduced"
    assert claim_verdict(["reproduced", "reproduced"], readings) == "reproduced"  # the same under both
    assert claim_verdict(["inconclusive", "untestable"], readings) == "inconclusive"
    with pytest.raises(ValueError, match="no line of evidence under the settled reading 'other'"):
        claim_verdict(verdicts, readings, settled="other")


@pytest.mark.parametrize("bad, match", [([], "at least one line"), (["maybe"], "unknown line verdict"),
                                        (["new", "reproduced"], "either the thesis's or ours")])
def test_a_claims_verdict_refuses_bad_lines(bad, match):
    with pytest.raises(ValueError, match=match):
        claim_verdict(bad)


def test_a_table_of_changes_is_judged_by_its_pairings_as_a_claim_by_its_lines():
    assert table_verdict(["not reproduced"] + ["inconclusive"] * 4 + ["untestable"]) == "not reproduced"
    assert table_verdict(["reproduced"] * 2 + ["inconclusive"] * 3) == "reproduced"
    assert table_verdict(["reproduced", "not reproduced", "inconclusive"]) == "mixed"
    assert table_verdict(["untestable"] * 6) == "untestable"  # zero power: never "reproduced"
    with pytest.raises(ValueError, match="unknown cell verdict"):
        table_verdict(["mixed"])
    with pytest.raises(ValueError, match="at least one"):
        table_verdict([])


def _ours(rate: float, games: int = 100) -> pd.DataFrame:
    wins = round(rate * games)
    return pd.DataFrame([{"black": b, "white": w, "games": games, "black_wins": wins, "draws": 0,
                          "win_rate": wins / games, "draw_rate": 0.0} for b in range(1, 5) for w in range(1, 5)])


def test_a_cell_no_thesis_outcome_could_contradict_is_untestable():
    # 3 effective games against 58 of 100: not even 0 of 3 or 3 of 3 is rejected, so the cell cannot be reproduced
    t = cells.compare_table(thesis.TABLE_10_2, _ours(0.58))
    assert not t.testable.any() and set(t.verdict) == {"untestable"}
    # at 1 in 100 a thesis cell of 2 of 3 would be rejected, but a cell a third away only 1 time in 4: no power
    t = cells.compare_table(thesis.TABLE_10_2, _ours(0.01))
    assert t.detectable.notna().all() and not t.testable.any() and set(t.verdict) == {"untestable"}
    # at 30 games a cell they have it
    t = cells.compare_table(thesis.TABLE_10_2, _ours(0.01), games=30)
    assert t.testable.all() and "untestable" not in set(t.verdict)


def test_the_thesis_own_table_can_beat_only_possibly():
    # One win in 6 effective games is not "can beat": the interval of 1/6 reaches below 10 %
    c = thesis.can_beat(thesis.table_records(thesis.TABLE_10_2, cells.EFFECTIVE_GAMES))
    assert (c.surely < thesis.BEATS_AT_LEAST).any() and (c.possibly >= thesis.BEATS_AT_LEAST).all()
    assert thesis.beats_verdict(thesis.table_records(thesis.TABLE_10_2, cells.EFFECTIVE_GAMES)) == "inconclusive"
    # one win in 200 games is not "can beat" either: 1 beats 2 only once
    games = [{"black": 1, "white": 2, "result": "black" if k == 0 else "white"} for k in range(200)]
    assert thesis.can_beat(games).loc[1].tolist() == [0, 0]


def test_the_word_follows_the_counts():
    assert answer_word({"reproduced": 3, "not reproduced": 5, "mixed": 2, "inconclusive": 7}) == "partly"
    assert answer_word({"reproduced": 0, "not reproduced": 11, "mixed": 2, "inconclusive": 7}) == "mostly not"
    assert answer_word({"reproduced": 9, "not reproduced": 0, "inconclusive": 7}) == "mostly"
    assert answer_word({"reproduced": 0, "not reproduced": 3, "inconclusive": 7}) == "none reproduced"
    assert answer_word({"reproduced": 0, "not reproduced": 0, "inconclusive": 7}) == "undecided"


def _line(cid, evidence, verdict, strategies="thesis", chapter="10"):
    return line(cid, chapter, f"claim {cid}", "t", evidence=evidence, verdict=verdict, why="w",
                strategies=strategies)


KALLES = pd.DataFrame([_line("x", "shows it", "reproduced"), _line("x", "shows it", "inconclusive", "harmony"),
                       _line("y", "cannot show it", "not reproduced"), _line("z", "ours", "new", chapter="beyond"),
                       _line("w", "no data", "not reproduced", chapter="11.1")])
KING = pd.DataFrame([_line("y", "cannot show it", "reproduced"), _line("x", "shows it", "reproduced"),
                     _line("w", "no data", "not reproduced", chapter="11.1")])


def test_readings_and_sets_are_lines_under_one_claim():
    lines = evidence_lines({"kalles": KALLES, "king": KING})
    assert lines.id.tolist() == ["x", "x", "x", "y", "y", "z", "w", "w"]  # the first reading's order, lines together
    assert lines[lines.id == "x"].reading.tolist() == ["kalles", "kalles", "king"]
    claims = judge(lines).set_index("id")
    assert claims.verdict.to_dict() == {"x": "reproduced", "y": "mixed", "z": "new", "w": "not reproduced"}
    assert claims["lines"].to_dict() == {"x": 3, "y": 2, "z": 1, "w": 2}
    assert claims.loc["x", "lines_reproduced"] == 2 and claims.loc["x", "lines_inconclusive"] == 1
    # claims.csv counts every line once, a whole table's "mixed" line too
    table = judge(add_lines(lines, [_line("x", "shows it", "mixed") | {"reading": "king"}]))[CLAIM_CSV_COLUMNS]
    assert (table.filter(like="lines_").sum(axis=1) == table["lines"]).all() and table.lines_mixed.sum() == 1
    counted = tally(claims.reset_index())
    assert counted["claims"] == 4 and counted["thesis"] == 3  # each claim once, however many lines
    assert counted["evidence"] == {"shows it": 1, "cannot show it": 1, "no data": 1, "ours": 1}
    # the thesis's testable claims apart from its figures without data
    assert counted["data"]["reproduced"] == 1 and counted["data"]["mixed"] == 1 and sum(counted["data"].values()) == 2
    assert counted["no_data"]["not reproduced"] == 1 and sum(counted["no_data"].values()) == 1
    # one tally: all the thesis's claims, the same as the claims table's verdicts over them; ours counted apart
    theirs = claims[claims.evidence != "ours"].verdict.value_counts().to_dict()
    assert {v: n for v, n in counted["all"].items() if n} == theirs and counted["ours"] == 1
    assert all(counted["all"][v] == counted["data"][v] + counted["no_data"][v] for v in counted["all"])


def test_the_power_table_gives_each_rules_chances():
    rows = [line("a", "11.1", "a share", "50 %", evidence="shows it", verdict="reproduced", why="w",
                 estimate=0.5, lo=0.48, hi=0.52, thesis_value=0.5, margin=0.05, margin_why="m"),
            line("b", "11.1", "a wide one", "50 %", evidence="no data", verdict="inconclusive", why="w",
                 estimate=0.5, lo=0.2, hi=0.8, thesis_value=0.5, margin=0.05, margin_why="m"),
            line("c", "12", "often", "often", evidence="no data", verdict="reproduced", why="w", facts={"side": 1},
                 estimate=0.7, lo=0.68, hi=0.72, thesis_value=1 / 3, margin_why="a bound"),
            line("d", "11.2", "a table", "t", evidence="cannot show it", verdict="untestable", why="w",
                 facts={"chances": {t: {"reproduced": 0.0, "not reproduced": 0.0} for t in ("thesis", "ours")}}),
            line("e", "10", "a statement", "s", evidence="shows it", verdict="reproduced", why="w"),
            line("f", "beyond", "ours", "never", evidence="ours", verdict="new", why="w")]
    power = plan_power(evidence_lines({"kalles": pd.DataFrame(rows)})).set_index("id")
    assert list(power.index) == ["a", "b", "c", "d", "e"]  # ours are not the thesis's claims
    assert power.loc["a", "at_ours_reproduced"] > 0.9 and bool(power.loc["a", "decisive"])
    assert power.loc["b", "at_ours_reproduced"] == 0 and not bool(power.loc["b", "decisive"])  # too wide
    assert power.loc["c", "at_ours_reproduced"] > 0.99 and power.loc["c", "rule"] == "normal, bound"
    assert power.loc["d", "rule"] == "computed" and not bool(power.loc["d", "decisive"])
    assert power.loc["e", "rule"] == "statement" and pd.isna(power.loc["e", "at_ours_reproduced"])


def test_a_claim_has_one_text_thesis_figure_and_evidence():
    other = KING.assign(evidence="no data")
    with pytest.raises(ValueError, match="two different 'evidence'"):
        evidence_lines({"kalles": KALLES, "king": other})
    with pytest.raises(ValueError, match="lack the column"):
        evidence_lines({"kalles": KALLES.drop(columns="evidence")})


def test_added_lines_join_their_claim_and_take_its_cells():
    lines = evidence_lines({"kalles": KALLES})
    more = add_lines(lines, [_line("y", "ours", "reproduced", "thesis (Chapter 13's games)", chapter="12")
                             | {"reading": "kalles"},
                             _line("n", "ours", "new", chapter="13") | {"reading": "kalles"}])
    assert more.id.tolist() == ["x", "x", "y", "y", "z", "w", "n"]
    added = more.iloc[3]
    assert added.evidence == "cannot show it" and added.chapter == "10"  # the claim's own cells
    assert judge(more).set_index("id").verdict["y"] == "mixed"


def test_a_rules_chances_are_those_of_its_verdicts_by_simulation():
    import numpy as np

    from pawnslib.experiments import plan

    rng = np.random.default_rng(0)
    z = 1.959964
    for figure, margin, se, truth in ((0.5, 0.05, 0.01, 0.5), (0.5, 0.05, 0.02, 0.46), (-0.25, 0.15, 0.05, 0.0)):
        est = rng.normal(truth, se, 20000)
        sim = [plan.margin_verdict(x - z * se, x + z * se, figure, margin) for x in est]
        chances = plan.verdict_chances(figure, margin, se, truth)
        for v in ("reproduced", "not reproduced", "inconclusive"):
            assert chances[v] == pytest.approx(sim.count(v) / len(sim), abs=0.01), (figure, truth, v)
    est = rng.normal(0.32, 0.01, 20000)
    sim = [plan.bound_verdict(x - z * 0.01, x + z * 0.01, 1 / 3, +1) for x in est]
    chances = plan.bound_chances(1 / 3, +1, 0.01, 0.32)
    assert chances["not reproduced"] == pytest.approx(sim.count("not reproduced") / len(sim), abs=0.01)
    assert chances["reproduced"] == pytest.approx(sim.count("reproduced") / len(sim), abs=0.01)
    assert plan.decisive({"reproduced": 0.5, "not reproduced": 0.31}) and not plan.decisive({"reproduced": 0.7})
    assert plan.verdict_chances(0.5, 0.05, 0.0, 0.52)["reproduced"] == 1.0  # no noise: the point's own verdict
