"""The analysis-plan page: the plan's words, then each family's and each claim's power from the published tables."""

import pandas as pd
import pytest

from pawnslib.experiments import plan
from pawnslib.report import plan_page


def _contrasts(tables):
    se = 0.01
    half = 1.96 * se  # about the t quantile at 1,600 pairs
    rows = [{"family": f, "games": 1600, "diff_lo": -half, "diff_hi": half} for f in ["ch13.methods"] * 15
            + ["yardstick"]]
    pd.DataFrame(rows).to_csv(tables / "contrasts.csv", index=False)


def test_the_page_states_the_plan_and_each_familys_power(tmp_path):
    tables = tmp_path / "tables"
    tables.mkdir()
    _contrasts(tables)
    text = plan_page.page(tmp_path)
    assert text.startswith("# The analysis plan") and "## Power" in text
    power = plan_page.paired_power(tmp_path).set_index("family")
    # a family of 15 detects less than a yardstick, a family of one, at the same standard error
    assert power.loc["ch13.methods", "comparisons"] == 15
    assert power.loc["ch13.methods", "detectable at 80 % (points)"] == pytest.approx(
        round(100 * plan.detectable(0.01, k=15), 1), abs=0.1)
    assert power.loc["yardstick", "detectable at 80 % (points)"] < power.loc["ch13.methods",
                                                                            "detectable at 80 % (points)"]
    assert "not made yet" in text  # no claims' power table before notebook 12 wrote it


def _power(tables, decisive=(False,)):
    """plan_power.csv with a line per entry of ``decisive``."""
    row = {"id": "ch11.share_correct", "reading": "kalles", "strategies": "thesis", "method": "", "unit": "share",
           "thesis_value": 0.3636, "margin": 0.05, "estimate": 0.31912345, "se": 0.004, "rule": "normal",
           "at_thesis_reproduced": 0.97, "at_thesis_not_reproduced": 0.0, "at_ours_reproduced": 0.01,
           "at_ours_not_reproduced": 0.2, "verdict": "inconclusive"}
    pd.DataFrame([row | {"decisive": d} for d in decisive]).to_csv(tables / plan_page.CLAIMS_POWER, index=False)


def test_the_claims_power_shows_what_a_reader_needs(tmp_path):
    tables = tmp_path / "tables"
    tables.mkdir()
    _power(tables)
    shown = plan_page.claims_power(tmp_path)
    assert list(shown.columns) == list(plan_page.CLAIMS_SHOWN.values())
    assert shown.loc[0, "ours true: not"] == 0.2 and shown.loc[0, "thesis true: reproduced"] == 0.97
    assert "ours true: not" in plan_page.page(tmp_path)


def test_the_page_leads_with_what_the_design_can_detect(tmp_path):
    tables = tmp_path / "tables"
    tables.mkdir()
    _contrasts(tables)
    assert "What this page finds" not in plan_page.page(tmp_path)  # no claims' power yet: no finding to state
    _power(tables, [True, False, True, None])
    text = plan_page.page(tmp_path)
    box = text[text.index(":::{admonition} What this page finds"):]
    assert text.startswith("# The analysis plan\n\n:::{admonition}")  # the finding first, after the title
    detect = round(100 * plan.detectable(0.01, k=15), 1)
    assert f"{detect} score points for Chapter 13's methods (15 comparisons)" in box
    assert "2 of the thesis's 4 lines of evidence" in box
