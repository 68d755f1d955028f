"""Claims and evidence apart: one verdict a claim from its lines, each claim counted once."""

import pandas as pd
import pytest

from pawnslib.experiments.evidence import (
    CLAIM_RULES,
    VERDICTS,
    add_lines,
    claim_verdict,
    evidence_lines,
    judge,
    support_of,
    tally,
)


def test_a_claims_verdict_weighs_its_lines():
    assert claim_verdict(["reproduced", "inconclusive"]) == "reproduced"  # nothing against it
    assert claim_verdict(["not reproduced", "inconclusive", "not reproduced"]) == "not reproduced"
    assert claim_verdict(["reproduced", "not reproduced", "inconclusive"]) == "mixed"  # depends on reading or set
    assert claim_verdict(["inconclusive", "inconclusive"]) == "inconclusive"
    assert claim_verdict(["new", "new"]) == "new"
    assert set(CLAIM_RULES) == set(VERDICTS)


@pytest.mark.parametrize("bad, match", [([], "at least one line"), (["maybe"], "unknown line verdict"),
                                        (["new", "reproduced"], "either the thesis's or ours")])
def test_a_claims_verdict_refuses_bad_lines(bad, match):
    with pytest.raises(ValueError, match=match):
        claim_verdict(bad)


def _rows(reading_rows):
    return pd.DataFrame([{"section": "10", "claim": c, "thesis": "t", "support": sup, "strategies": s, "ours": o,
                          "verdict": v, "why": "w"} for c, sup, s, o, v in reading_rows])


KALLES = _rows([("x", "shows it: counts", "thesis", "1", "reproduced"), ("x", "shows it: counts", "harmony", "2",
                                                                          "inconclusive"),
                ("y", "cannot show it: noise", "thesis", "3", "not reproduced"), ("z", "ours", "thesis", "4", "new")])
KING = _rows([("y", "cannot show it: noise", "thesis", "5", "reproduced"), ("x", "shows it: counts", "thesis", "6",
                                                                          "not reproduced")])


def test_readings_and_sets_are_lines_under_one_claim():
    lines = evidence_lines({"kalles": KALLES, "king": KING})
    assert lines.claim.tolist() == ["x", "x", "x", "y", "y", "z"]  # the first reading's order, lines together
    assert lines[lines.claim == "x"].reading.tolist() == ["kalles", "kalles", "king"]
    claims = judge(lines).set_index("claim")
    assert claims.verdict.to_dict() == {"x": "mixed", "y": "mixed", "z": "new"}
    assert claims["lines"].to_dict() == {"x": 3, "y": 2, "z": 1}
    counted = tally(claims.reset_index())
    assert counted["claims"] == 3 and counted["thesis"] == 2  # each claim once, however many lines
    assert counted["support"] == {"shows it": 1, "cannot show it": 1, "no data": 0, "ours": 1}
    assert counted["supported"]["mixed"] == 1 and sum(counted["supported"].values()) == 1


def test_a_claim_has_one_thesis_figure_and_support():
    other = KING.assign(support="shows it: another")
    with pytest.raises(ValueError, match="two different 'support'"):
        evidence_lines({"kalles": KALLES, "king": other})
    with pytest.raises(ValueError, match="lack the column"):
        evidence_lines({"kalles": KALLES.drop(columns="support")})


def test_added_lines_join_their_claim():
    lines = evidence_lines({"kalles": KALLES})
    more = add_lines(lines, [{"claim": "y", "reading": "kalles", "strategies": "thesis (Chapter 13's games)",
                              "ours": "9", "verdict": "reproduced", "why": "w"},
                             {"section": "13", "claim": "n", "thesis": "never", "support": "ours", "reading": "kalles",
                              "strategies": "thesis", "ours": "0", "verdict": "new", "why": "w"}])
    assert more.claim.tolist() == ["x", "x", "y", "y", "z", "n"]
    added = more.iloc[3]
    assert added.support == "cannot show it: noise" and added.section == "10"  # the claim's own cells
    assert judge(more).set_index("claim").verdict["y"] == "mixed"
    with pytest.raises(ValueError, match="needs its section, thesis, support"):
        add_lines(lines, [{"claim": "new one", "reading": "kalles", "verdict": "new"}])


def test_support_cells_name_their_kind():
    assert support_of("no data: no figure") == "no data" and support_of("ours") == "ours"
    with pytest.raises(ValueError, match="starts with one of"):
        support_of("probably")
