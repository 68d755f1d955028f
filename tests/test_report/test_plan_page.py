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


def test_the_claims_power_shows_what_a_reader_needs(tmp_path):
    tables = tmp_path / "tables"
    tables.mkdir()
    row = {"id": "ch11.share_correct", "reading": "kalles", "strategies": "thesis", "method": "", "unit": "share",
           "thesis_value": 0.3636, "margin": 0.05, "estimate": 0.31912345, "se": 0.004, "rule": "normal",
           "at_thesis_reproduced": 0.97, "at_thesis_not_reproduced": 0.0, "at_ours_reproduced": 0.01,
           "at_ours_not_reproduced": 0.2, "decisive": False, "verdict": "inconclusive"}
    pd.DataFrame([row]).to_csv(tables / plan_page.CLAIMS_POWER, index=False)
    shown = plan_page.claims_power(tmp_path)
    assert list(shown.columns) == list(plan_page.CLAIMS_SHOWN.values())
    assert shown.loc[0, "ours"] == 0.319  # three significant digits
    assert "P(not reproduced), ours true" in plan_page.page(tmp_path)
