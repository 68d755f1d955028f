"""A line of evidence as a record: every field checked where it is made."""

import math

import pytest

from pawnslib.experiments.records import CSV_COLUMNS, LINE_COLUMNS, PAGES, line


def _line(**change):
    fields = {"id": "t10_2.cells", "chapter": "10", "claim": "Table 10.2", "thesis": "9 games", "evidence": "shows it",
              "verdict": "inconclusive", "why": "w"} | change
    return line(fields.pop("id"), fields.pop("chapter"), fields.pop("claim"), fields.pop("thesis"), **fields)


def test_a_line_holds_its_numbers_and_ids():
    row = _line(estimate=0.66, lo=0.64, hi=0.68, games=1600, p=0.01, p_holm=0.04, group="t10_2.cells", unit="share")
    assert list(row) != [] and set(row) == set(LINE_COLUMNS)
    assert row["page"] == PAGES["10"] and row["estimate"] == 0.66 and math.isnan(row["thesis_value"])
    assert set(CSV_COLUMNS) <= set(LINE_COLUMNS) and not {"facts", "why", "note", "claim", "thesis"} & set(CSV_COLUMNS)
    assert _line(page="04_pawns")["page"] == "04_pawns"
    assert _line()["facts"] == {} and _line(facts={"rounds": 9})["facts"] == {"rounds": 9}  # what the figure says
    # every claim line states its margin and the reason for it, and both are published
    with_margin = _line(thesis_value=0.5, margin=0.05, margin_why="5 points")
    assert with_margin["margin"] == 0.05 and with_margin["margin_why"] == "5 points"
    assert math.isnan(_line()["margin"]) and {"margin", "margin_why"} <= set(CSV_COLUMNS)


@pytest.mark.parametrize("change, match", [
    ({"id": "Table 10.2"}, "claim id 'Table 10.2'"), ({"chapter": "9"}, "chapter '9' is not one of"),
    ({"evidence": "maybe"}, "evidence 'maybe'"), ({"verdict": "maybe"}, "verdict 'maybe' is not one of"),
    ({"share": 0.5}, r"unknown number\(s\) \['share'\]"), ({"p_holm": 1.2}, "p_holm = 1.2 is not a probability"),
    ({"margin": -0.1}, "margin -0.1 is negative")])
def test_a_bad_field_is_named(change, match):
    with pytest.raises(ValueError, match=match):
        _line(**change)
