"""The report's claims table: coloured badges, tallies, links to the chapter of each claim."""

import re

import pandas as pd
import pytest

from pawnslib.experiments.claims import VERDICTS, combine
from pawnslib.report import verdicts


def _claims() -> pd.DataFrame:
    def frame(rows):
        return pd.DataFrame(rows, columns=["section", "claim", "thesis", "ours", "verdict"])

    kalles = frame([("10", "Table 10.2: win rates", "9 games", "100 games", "1 reproduced, 9 not, 6 inconclusive"),
                    ("11.1", "branching factor at White's moves (thesis)", "10 to 11", "7.4", "not reproduced"),
                    ("beyond", "the DBN recognises White's strategy (thesis)", "never measured", "39 % <b>", "new")])
    king = frame([("10", "Table 10.2: win rates", "9 games", "100 games", "2 reproduced, 7 not, 7 inconclusive"),
                  ("11.1", "branching factor at White's moves (thesis)", "10 to 11", "13.6", "reproduced")])
    return combine({"kalles": kalles, "king": king})


def test_every_verdict_has_a_colour_and_a_legend_line():
    assert set(VERDICTS) == set(verdicts.COLOURS) == set(verdicts.LEGEND)
    legend = verdicts.legend_html()
    assert all(verdicts.COLOURS[v] in legend and v in legend for v in VERDICTS)


def test_claims_table_has_badges_tallies_links_and_escapes_text():
    table = verdicts.claims_html(_claims(), ["kalles", "king"])
    head = re.findall(r"<th>(.*?)</th>", table)
    assert head == ["claim", "thesis", "ours (kalles)", "verdict (kalles)", "ours (king)", "verdict (king)"]
    assert len(re.findall(r"<tr>", table)) == 1 + 3
    # The tally row gets one badge per non-zero count, the single claims one badge each, the absent one a dash.
    assert '>9 not reproduced</span>' in table and '>6 inconclusive</span>' in table and ">0 " not in table
    assert table.count(verdicts.COLOURS["new"]) == 1 and table.count(">–</td>") == 2
    assert '<a href="04_pawns.html">branching factor' in table and '<a href="08_dbn.html">' in table
    assert '<a href="10_harmony_search.html">' in table
    assert "39 % &lt;b&gt;" in table and "<b>" not in table


def test_bad_verdicts_and_missing_readings_are_refused():
    with pytest.raises(ValueError, match="unknown verdict 'maybe'"):
        verdicts.badge("maybe")
    with pytest.raises(ValueError, match="got 'perhaps'"):
        verdicts.verdict_html("perhaps")
    with pytest.raises(ValueError, match=r"ours \(queen\)"):
        verdicts.claims_html(_claims(), ["kalles", "queen"])
