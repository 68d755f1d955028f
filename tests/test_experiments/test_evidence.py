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


def test_a_table_is_judged_by_the_majority_of_its_testable_cells():
    one_of_fifteen = ["not reproduced"] + ["inconclusive"] * 14 + ["untestable"]
    assert table_verdict(one_of_fifteen) == "inconclusive"  # one contradicted cell does not sink the table
    assert table_verdict(["not reproduced"] * 9 + ["inconclusive"] * 7) == "not reproduced"
    assert table_verdict(["reproduced"] * 9 + ["inconclusive"] * 6 + ["untestable"]) == "reproduced"
    assert table_verdict(["reproduced"] * 9 + ["not reproduced"] + ["inconclusive"] * 6) == "mixed"
    assert table_verdict(["untestable"] * 16) == "untestable"  # zero power: never "reproduced"
    with pytest.raises(ValueError, match="unknown cell verdict"):
        table_verdict(["mixed"])


def _ours(rate: float, games: int = 100) -> pd.DataFrame:
    wins = round(rate * games)
    return pd.DataFrame([{"black": b, "white": w, "games": games, "black_wins": wins, "draws": 0,
                          "win_rate": wins / games, "draw_rate": 0.0} for b in range(1, 5) for w in range(1, 5)])


def test_a_cell_no_thesis_outcome_could_contradict_is_untestable():
    # 3 effective games against 58 of 100: not even 0 of 3 or 3 of 3 is rejected, so the cell cannot be reproduced
    t = cells.compare_table(thesis.TABLE_10_2, _ours(0.58))
    assert not t.testable.any() and set(t.verdict) == {"untestable"}
    assert table_verdict(t.verdict) == "untestable"
    # at 1 in 100 a thesis cell of 2 of 3 would be rejected: those cells can be tested
    t = cells.compare_table(thesis.TABLE_10_2, _ours(0.01))
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
