"""The report's claims table: one row per claim with its badge, its lines of evidence beneath, links, a legend."""

import re

import pandas as pd
import pytest

from pawnslib.experiments.evidence import VERDICTS, evidence_lines, judge
from pawnslib.report import verdicts


def _lines() -> pd.DataFrame:
    def frame(rows):
        return pd.DataFrame([{"section": s, "claim": c, "thesis": t, "support": sup, "strategies": st, "ours": o,
                              "verdict": v, "why": ""} for s, c, t, sup, st, o, v in rows])

    kalles = frame([("10", "Table 10.2: win rates", "9 games", "shows it: counts", "thesis", "100 games",
                     "not reproduced"),
                    ("11.1", "branching factor at White's moves", "10 to 11", "no data: a range", "thesis", "7.4",
                     "not reproduced"),
                    ("11.1", "branching factor at White's moves", "10 to 11", "no data: a range", "harmony", "7.7",
                     "not reproduced"),
                    ("beyond", "the DBN recognises White's strategy", "never measured", "ours", "thesis", "39 % <b>",
                     "new")])
    king = frame([("10", "Table 10.2: win rates", "9 games", "shows it: counts", "thesis", "100 games",
                   "inconclusive"),
                  ("11.1", "branching factor at White's moves", "10 to 11", "no data: a range", "thesis", "13.6",
                   "reproduced")])
    return evidence_lines({"kalles": kalles, "king": king})


def test_every_verdict_has_a_colour_and_a_legend_line():
    assert set(VERDICTS) == set(verdicts.COLOURS) and set(verdicts.LEGEND) <= set(VERDICTS)
    legend = verdicts.legend_html()
    assert all(verdicts.COLOURS[v] in legend and v in legend for v in VERDICTS)
    assert "A claim's verdict" in legend and "A line's verdict" in legend and "cannot show it" in legend


def test_claims_table_has_one_row_a_claim_its_lines_links_and_escapes_text():
    lines = _lines()
    table = verdicts.claims_html(judge(lines), lines)
    head = re.findall(r"<th>(.*?)</th>", table)
    assert head == ["claim", "the thesis says", "its own evidence", "our lines of evidence", "verdict"]
    assert len(re.findall(r"<tr>", table)) == 1 + 3  # each claim once
    assert len(re.findall(r"<li>", table)) == len(lines) == 6  # each line beneath its claim
    assert "<b>king, thesis strategies</b>: 13.6" in table and "<b>kalles, harmony strategies</b>: 7.7" in table
    assert '>mixed</span>' in table  # the branching factor: reproduced under king, not under kalles
    assert '<a href="04_pawns.html">branching factor' in table and '<a href="08_dbn.html">' in table
    assert '<a href="10_harmony_search.html">' in table
    assert "39 % &lt;b&gt;" in table and "<b>the DBN" not in table


def test_a_line_is_named_by_reading_and_set():
    assert verdicts.line_label("kalles", "harmony") == "kalles, harmony strategies"
    label = verdicts.line_label("kalles", "thesis (Chapter 13's games)")
    assert label == "kalles, thesis strategies (Chapter 13's games)"


def test_bad_verdicts_and_missing_columns_are_refused():
    with pytest.raises(ValueError, match="unknown verdict 'maybe'"):
        verdicts.badge("maybe")
    lines = _lines()
    with pytest.raises(ValueError, match="lines lacks the column"):
        verdicts.claims_html(judge(lines), lines.drop(columns="strategies"))
