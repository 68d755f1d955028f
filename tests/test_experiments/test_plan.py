"""The analysis plan: its paired test and interval agree, and they agree on every table the results publish."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from scipy import stats
from statsmodels.stats.power import TTestPower

from pawnslib.experiments import plan

RESULTS = Path(__file__).resolve().parents[2] / "results"
# Every published table: the first reading's, the other readings' and the tie-breaking study's folders.
TABLES = sorted(RESULTS.glob("**/tables/*.csv"))
# A difference's 95 % interval and its test's raw p, as the tables name them (paired changes and contrasts).
PAIRED = (("diff_lo", "diff_hi", "p"), ("delta_lo", "delta_hi", "p_value"), ("change_lo", "change_hi", "p"))
SIM = (("sim_lo", "sim_hi"), ("diff_lo_all", "diff_hi_all"))  # the simultaneous intervals' column pairs


def _diffs(rng: np.random.Generator, n: int, shift: float) -> np.ndarray:
    """Paired differences of scores 0, 1/2, 1: the five values a game pair can take."""
    base = rng.choice([0.0, 0.5, 1.0], n)
    other = rng.choice([0.0, 0.5, 1.0], n, p=np.clip([0.35 - shift, 0.3, 0.35 + shift], 0, 1))
    return other - base


def test_paired_t_is_scipys_t_test_and_its_inversion():
    rng = np.random.default_rng(1)
    for n in (5, 25, 400):
        d = _diffs(rng, n, 0.05)
        r = plan.paired_t(d)
        ref = stats.ttest_1samp(d, 0.0)
        ci = ref.confidence_interval(0.95)
        assert r.p == pytest.approx(ref.pvalue, rel=1e-12)
        assert (r.lo, r.hi) == pytest.approx((ci.low, ci.high), rel=1e-12)
        assert r.games == n and r.diff == pytest.approx(d.mean())


def test_interval_excludes_zero_exactly_when_p_is_below_alpha():
    rng = np.random.default_rng(2)
    decided = 0
    for k in range(2000):
        r = plan.paired_t(_diffs(rng, int(rng.integers(3, 60)), rng.uniform(-0.2, 0.2)))
        excludes = r.lo > 0 or r.hi < 0
        assert excludes == (r.p < plan.ALPHA), (k, r)
        decided += excludes
    assert 100 < decided < 1900  # both sides of the threshold were tried


def test_simultaneous_interval_excluding_zero_implies_holm_below_alpha():
    rng = np.random.default_rng(3)
    for _ in range(200):
        k = int(rng.integers(2, 16))
        family = [plan.paired_t(_diffs(rng, 100, rng.uniform(-0.15, 0.15)), k=k) for _ in range(k)]
        holm = plan.holm([r.p for r in family])
        for r, ph in zip(family, holm, strict=True):
            if r.lo > 0 or r.hi < 0:
                assert ph < plan.ALPHA


def test_no_spread_is_the_limit_of_the_test():
    assert plan.paired_t([0.5] * 10)[1:] == (0.5, 0.5, 0.0, 0.0, 10)
    assert plan.paired_t([0.0] * 10).p == 1.0
    assert plan.paired_t([0.25]).p == 0.0  # one pair: no spread to measure


@pytest.mark.parametrize("bad", [[], [np.nan, 1.0], [np.inf]])
def test_paired_t_refuses_bad_differences(bad):
    with pytest.raises(ValueError, match="paired_t"):
        plan.paired_t(bad)


def test_detectable_matches_statsmodels_power():
    # At n = 400 and sd 0.5 the normal approximation is the t-test's power to 3 digits.
    se = 0.5 / np.sqrt(400)
    effect = plan.detectable(se)
    power = TTestPower().power(effect_size=effect / 0.5, nobs=400, alpha=0.05)
    assert power == pytest.approx(0.80, abs=0.005)
    assert plan.detectable(se, k=10) > effect  # a family's correction costs power


@pytest.mark.parametrize(("lo", "hi", "verdict"), [
    (0.48, 0.52, "reproduced"), (0.30, 0.34, "not reproduced"), (0.43, 0.52, "inconclusive"),
    (0.56, 0.70, "not reproduced"), (0.0, 1.0, "inconclusive")])
def test_margin_verdict(lo, hi, verdict):
    assert plan.margin_verdict(lo, hi, 0.5, 0.05) == verdict


def test_margin_verdict_refuses_a_reversed_interval():
    with pytest.raises(ValueError, match="margin"):
        plan.margin_verdict(0.6, 0.4, 0.5, 0.05)


def test_family_power_recovers_the_standard_error():
    rng = np.random.default_rng(4)
    rows = [plan.paired_t(_diffs(rng, 400, 0.0)) for _ in range(6)]
    t = pd.DataFrame({"family": ["a"] * 4 + ["b"] * 2, "games": 400, "diff_lo": [r.lo for r in rows],
                      "diff_hi": [r.hi for r in rows]})
    power = plan.family_power(t).set_index("family")
    assert power.loc["a", "se"] == pytest.approx(np.median([r.se for r in rows[:4]]), rel=1e-9)
    assert power.loc["a", "comparisons"] == 4
    assert power.loc["a", "detectable"] == pytest.approx(plan.detectable(power.loc["a", "se"], k=4))


# ----------------------------------------------------------------------------- every published table


def _excludes(lo: pd.Series, hi: pd.Series) -> pd.Series:
    return (lo > 0) | (hi < 0)


def test_results_publish_tables():
    assert len(TABLES) > 50


@pytest.mark.parametrize("csv", TABLES, ids=lambda p: p.relative_to(RESULTS).as_posix())
def test_every_published_interval_agrees_with_its_test(csv):
    """"The interval excludes 0" <=> "p < 0.05" on every row with a paired interval and its raw p; a simultaneous
    interval that excludes 0 never stands beside a Holm p of 0.05 or more; a table with Holm p names its family."""
    t = pd.read_csv(csv)
    for lo, hi, p in PAIRED:
        if {lo, hi} <= set(t.columns):
            assert p in t.columns, f"{csv.name}: an interval of a difference ({lo}, {hi}) without its test's {p}"
            rows = t.dropna(subset=[lo, hi, p])
            near = (rows[p] - plan.ALPHA).abs() < 1e-9  # exactly at the threshold: the inversion's boundary
            bad = rows[~near & (_excludes(rows[lo], rows[hi]) != (rows[p] < plan.ALPHA))]
            assert bad.empty, f"{csv.name}: interval and p disagree in rows {bad.index.tolist()}"
    for lo, hi in SIM:
        if {lo, hi, "p_holm"} <= set(t.columns):
            rows = t.dropna(subset=[lo, hi, "p_holm"])
            bad = rows[_excludes(rows[lo], rows[hi]) & (rows.p_holm >= plan.ALPHA)]
            assert bad.empty, f"{csv.name}: a simultaneous interval excludes 0 beside Holm p >= 0.05: {list(bad.index)}"
    if "p_holm" in t.columns and t.p_holm.notna().any():
        assert "family" in t.columns or "group" in t.columns, f"{csv.name}: Holm p without a named family"
