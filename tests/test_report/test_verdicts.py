"""The report's claims table: one row per claim with its badge, its lines of evidence beneath, links, a legend."""

import math
import re

import numpy as np
import pandas as pd
import pytest

from pawnslib.experiments.evidence import evidence_lines, judge
from pawnslib.experiments.records import VERDICTS, line
from pawnslib.report import verdicts


def _lines() -> pd.DataFrame:
    def frame(rows):
        return pd.DataFrame([line(i, ch, c, t, evidence=e, note=n, strategies=st, verdict=v, why="", page=page, **our)
                             for i, ch, c, t, e, n, st, our, v, page in rows])

    cells = {"facts": {"rounds": 100, "cells": {"not reproduced": 1, "inconclusive": 15}}, "estimate": 0.66}
    seen = {"facts": {"move": 10, "running": 300, "chance": "above"}, "estimate": 0.39, "lo": 0.37, "hi": 0.41,
            "thesis_value": 0.25, "games": 320}
    kalles = frame([("t10_2.cells", "10", "Table 10.2: win rates", "9 games", "shows it", "counts", "thesis", cells,
                     "not reproduced", None),
                    ("ch11.branching", "11.1", "branching factor", "10 to 11", "no data", "a range", "thesis",
                     {"estimate": 7.4, "lo": 7.2, "hi": 7.6}, "not reproduced", "04_pawns"),
                    ("ch11.branching", "11.1", "branching factor", "10 to 11", "no data", "a range", "harmony",
                     {"estimate": 7.7, "lo": 7.5, "hi": 7.9}, "not reproduced", "04_pawns"),
                    ("dbn.recognises", "beyond", "<b>the DBN</b> recognises White's strategy", "never measured",
                     "ours", "", "thesis", seen, "new", None)])
    king = frame([("t10_2.cells", "10", "Table 10.2: win rates", "9 games", "shows it", "counts", "thesis", cells,
                   "inconclusive", None),
                  ("ch11.branching", "11.1", "branching factor", "10 to 11", "no data", "a range", "thesis",
                   {"estimate": 13.6, "lo": 13.1, "hi": 14.0}, "reproduced", "04_pawns")])
    return evidence_lines({"kalles": kalles, "king": king})


def test_every_verdict_has_a_colour_and_a_legend_line():
    assert set(VERDICTS) == set(verdicts.COLOURS) and set(verdicts.LEGEND) <= set(VERDICTS)
    legend = verdicts.legend_html()
    assert all(verdicts.COLOURS[v] in legend for v in VERDICTS)
    assert all(f">{v}</span>" in legend for v in VERDICTS)


def test_claims_table_has_one_row_a_claim_its_lines_links_and_escapes_text():
    lines = _lines()
    table = verdicts.claims_html(judge(lines), lines)
    head = re.findall(r"<th>(.*?)</th>", table)
    assert head == ["claim", "the thesis says", "its own evidence", "our lines of evidence", "verdict"]
    assert len(re.findall(r"<tr>", table)) == 1 + 3  # each claim once
    assert len(re.findall(r"<li>", table)) == len(lines) == 6  # each line beneath its claim
    # each line says our figure from its record, by its claim's template
    assert "<b>king, thesis strategies</b>: 13.6 (13.1-14.0)" in table
    assert "<b>kalles, harmony strategies</b>: 7.7 (7.5-7.9)" in table
    assert "100 games a pairing; its cells: 1 not reproduced, 15 inconclusive" in table
    assert ("39 % right after White&#x27;s move 10 (37-41 %) of all 320 held-out games (300 still running, the rest at "
            "their last belief), chance 25 %: above chance") in table
    assert table.count(">mixed</span>") == 2  # each holds (or fails) under one reading only
    # each claim links to the page its record names
    assert '<a href="04_pawns.html">branching factor' in table and '<a href="08_dbn.html">' in table
    assert '<a href="10_harmony_search.html">' in table
    assert "&lt;b&gt;the DBN" in table and "<b>the DBN" not in table


def test_bad_verdicts_and_missing_columns_are_refused():
    with pytest.raises(ValueError, match="unknown verdict 'maybe'"):
        verdicts.badge("maybe")
    lines = _lines()
    with pytest.raises(ValueError, match="lines lacks the column"):
        verdicts.claims_html(judge(lines), lines.drop(columns="strategies"))


def test_the_verdict_grid_colours_each_line_and_claim_by_its_verdict():
    lines = _lines()
    claims = judge(lines)
    fig = verdicts.verdict_grid(claims, lines)
    grid = np.ma.filled(fig.axes[0].images[0].get_array(), np.nan)
    code = {v: k for k, v in enumerate(verdicts.COLOURS)}
    assert grid.shape == (3, 4)  # three claims; kalles/thesis, king/thesis, kalles/harmony, then the claim
    assert grid[1].tolist() == [code["not reproduced"], code["reproduced"], code["not reproduced"], code["mixed"]]
    assert grid[2, 0] == grid[2, 3] == code["new"] and math.isnan(grid[2, 1])  # no king line: a blank
    assert [t.get_text() for t in fig.axes[0].get_yticklabels()][0] == "Table 10.2: win rates"
