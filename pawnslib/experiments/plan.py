"""The analysis plan: one stated method for every kind of comparison, so that every interval agrees with its test.

Every experiment decides by these functions, and the site's analysis-plan page (``docs/analysis_plan.md``) says
them in words with their power. In short:

- **Paired comparisons** (Chapter 13, the map, the tie-breaking study): the unit is the *game pair*, one seed
  played by two methods; its difference of Black's scores takes one of five values (-1, -1/2, 0, 1/2, 1), the
  pentanomial model of engine testing. The estimator is the mean difference; the test is Student's paired t-test
  on the game pairs, and the interval is that test inverted (mean +- t * se), so "the interval excludes 0" and
  "p < alpha" are one statement (:func:`paired_t`). p is computed, never simulated: it has no floor.
- **A family** is a declared set of comparisons that answer one question; its p are Holm-corrected and its
  intervals are simultaneous by Bonferroni (:func:`paired_t` with ``k``). A Bonferroni interval that excludes 0
  implies a Holm p below alpha (Holm's p is at most k times the raw p); Holm's step-down may reject more.
- **Claims of the thesis** are judged against a stated margin (:func:`margin_verdict`): reproduced when our 95 %
  interval lies within the margin of the thesis's figure, not reproduced when it lies wholly outside it, else
  inconclusive (undecided).
- **Power**: the smallest effect a paired comparison detects at 80 % power (:func:`detectable`).

Layer ``experiments``; imports numpy, pandas, scipy and statsmodels, no pawnslib.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np
import pandas as pd
from scipy import stats
from statsmodels.stats.multitest import multipletests

ALPHA = 0.05  # every test's level, two-sided; a family's after Holm
LEVEL = 1 - ALPHA  # every interval's confidence: the quoted interval is always a 95 % one (or simultaneous at 95 %)
POWER = 0.80  # the power at which a design's smallest detectable effect is stated
YARDSTICK = "yardstick"  # the family of a comparison measured beside a family, not in it: each is a family of one


class Paired(NamedTuple):
    """A paired comparison: the mean difference, its interval (the t-test inverted), the standard error, the
    two-sided p and the game pairs."""

    diff: float
    lo: float
    hi: float
    se: float
    p: float
    games: int


def _t_quantile(level: float, df: int) -> float:
    return float(stats.t.ppf(0.5 + level / 2, df))


def paired_t(diffs, *, level: float = LEVEL, k: int = 1) -> Paired:
    """Student's paired t-test of ``diffs`` (one per game pair) and its inversion, the interval.

    Args:
        diffs: the per-pair differences (method minus baseline), at least one.
        level: the interval's confidence.
        k: the family's size: the interval is simultaneous over ``k`` comparisons (Bonferroni, level
            ``1 - (1 - level) / k``); ``p`` is always the comparison's own (correct it with :func:`holm`).

    Returns:
        :class:`Paired`. With no spread (every difference equal) the interval is the point and p is 1 when it is
        0, else 0: the t-test's limit, and still the interval's inversion.

    Raises:
        ValueError: no difference, a non-finite one, or a level outside (0, 1) or k < 1.
    """
    d = np.asarray(diffs, dtype=float)
    if d.size == 0:
        raise ValueError("paired_t needs at least one paired difference")
    if not np.isfinite(d).all():
        raise ValueError("paired_t: a difference is not finite")
    if not 0 < level < 1 or k < 1:
        raise ValueError(f"paired_t: level {level} must be in (0, 1) and k {k} at least 1")
    n, mean = d.size, float(d.mean())
    se = float(d.std(ddof=1) / math.sqrt(n)) if n > 1 else 0.0
    if se == 0.0:
        return Paired(mean, mean, mean, 0.0, 1.0 if mean == 0 else 0.0, n)
    half = _t_quantile(1 - (1 - level) / k, n - 1) * se
    p = float(2 * stats.t.sf(abs(mean) / se, n - 1))
    return Paired(mean, mean - half, mean + half, se, p, n)


def holm(p) -> np.ndarray:
    """Holm's step-down adjusted p of a family (NaN stays NaN and is not counted)."""
    p = np.asarray(p, dtype=float)
    out = np.full(p.shape, np.nan)
    ok = ~np.isnan(p)
    if ok.any():
        out[ok] = multipletests(p[ok], method="holm")[1]
    return out


def detectable(se: float, *, k: int = 1, alpha: float = ALPHA, power: float = POWER) -> float:
    """The smallest true difference a two-sided test of standard error ``se`` detects with probability ``power``,
    at level ``alpha / k`` (Bonferroni within a family of ``k``; Holm's is at least as powerful): (z_{1 - alpha/2k}
    + z_power) * se, the normal approximation to the t-test at the design's sample size."""
    return float((stats.norm.ppf(1 - alpha / (2 * k)) + stats.norm.ppf(power)) * se)


def margin_verdict(lo: float, hi: float, figure: float, margin: float) -> str:
    """A claim's verdict against its stated margin: "reproduced" when our interval ``lo`` to ``hi`` lies within
    ``figure +- margin`` (an equivalence test, two one-sided tests at the interval's level), "not reproduced" when it
    lies wholly outside it (a test of difference against the margin), else "inconclusive".

    Raises:
        ValueError: a negative margin, or an interval whose low end is above its high end.
    """
    if margin < 0 or lo > hi:
        raise ValueError(f"margin_verdict: margin {margin} must be >= 0 and lo {lo} <= hi {hi}")
    if figure - margin <= lo and hi <= figure + margin:
        return "reproduced"
    if hi < figure - margin or lo > figure + margin:
        return "not reproduced"
    return "inconclusive"


FAMILY_POWER = ["family", "comparisons", "games", "se", "detectable"]  # family_power's columns


def family_power(rows: pd.DataFrame, *, family: str = "family") -> pd.DataFrame:
    """The power of each family of paired comparisons in a published table: how many comparisons it corrects for,
    their median game pairs and standard error, and the smallest difference each detects at :data:`POWER` after the
    family's correction (:func:`detectable` with ``k`` the family's size).

    Args:
        rows: a table with the columns ``family`` (or the name given), ``games``, ``diff_lo`` and ``diff_hi`` (the
            95 % interval of :func:`paired_t`, from which the standard error is recovered).
        family: the column that names each row's family.

    Returns:
        One row per family, columns :data:`FAMILY_POWER` (fractions of a game, as the rows'); the rows of
        :data:`YARDSTICK` together, each detecting at its own level (a family of one).

    Raises:
        ValueError: a column is missing.
    """
    missing = [c for c in (family, "games", "diff_lo", "diff_hi") if c not in rows]
    if missing:
        raise ValueError(f"family_power: the table lacks the column(s) {missing}")
    t = rows.dropna(subset=["diff_lo", "diff_hi"])
    se = (t.diff_hi - t.diff_lo) / (2 * stats.t.ppf(0.5 + LEVEL / 2, (t.games - 1).clip(lower=1)))
    out = []
    for name, g in t.assign(se=se).groupby(family, sort=False):
        s = float(g.se.median())
        out.append({"family": name, "comparisons": len(g), "games": int(g.games.median()), "se": s,
                    "detectable": detectable(s, k=1 if name == YARDSTICK else len(g))})
    return pd.DataFrame(out, columns=FAMILY_POWER)


# --- Claims of the thesis: one-sided claims, and every rule's power (added for the claims' verdicts) ---------------


def bound_verdict(lo: float, hi: float, bound: float, side: int) -> str:
    """A claim that states a bound, not a figure ("often": at least a third; "greatly": at least halving): the
    limit of :func:`margin_verdict` whose range ``figure +- margin`` is unbounded on the claimed ``side`` (+1: at
    least ``bound``; -1: at most). "reproduced" when our interval lies wholly on the claimed side of ``bound``,
    "not reproduced" when wholly on the other, else "inconclusive".

    Raises:
        ValueError: ``side`` not +1 or -1, or ``lo`` above ``hi``.
    """
    if side not in (1, -1) or lo > hi:
        raise ValueError(f"bound_verdict: side {side} must be +1 or -1 and lo {lo} <= hi {hi}")
    low, high = (lo - bound, hi - bound) if side > 0 else (bound - hi, bound - lo)
    return "reproduced" if low >= 0 else "not reproduced" if high < 0 else "inconclusive"


def verdict_chances(figure: float, margin: float, se: float, truth: float, *, level: float = LEVEL) -> dict[str, float]:
    """P(each verdict of :func:`margin_verdict`) when our estimate is normal about ``truth`` with standard error
    ``se`` and its interval is estimate +- z * se (z of ``level``): the rule's power at the evidence ``se`` stands for.

    Returns:
        ``{"reproduced": ..., "not reproduced": ..., "inconclusive": ...}``, summing to 1. With ``se`` 0 the verdict
        of the point ``truth`` has chance 1.

    Raises:
        ValueError: a negative ``se`` or ``margin``.
    """
    if se < 0 or margin < 0:
        raise ValueError(f"verdict_chances: se {se} and margin {margin} must be >= 0")
    if se == 0:
        v = margin_verdict(truth, truth, figure, margin)
        return {k: float(k == v) for k in ("reproduced", "not reproduced", "inconclusive")}
    z = float(stats.norm.ppf(0.5 + level / 2))
    cdf = stats.norm(truth, se).cdf
    low, high = figure - margin + z * se, figure + margin - z * se  # the estimates whose interval lies within
    yes = max(0.0, float(cdf(high) - cdf(low))) if high > low else 0.0
    no = float(cdf(figure - margin - z * se)) + float(1 - cdf(figure + margin + z * se))
    no = min(no, 1.0 - yes)
    return {"reproduced": yes, "not reproduced": no, "inconclusive": max(0.0, 1.0 - yes - no)}


def decisive(chances: dict[str, float], *, power: float = POWER) -> bool:
    """Whether a rule can reach a verdict: P(reproduced) + P(not reproduced) at least ``power`` (80 %). A rule that
    cannot, at the evidence its chances are computed for, makes a claim *untestable* there."""
    return chances.get("reproduced", 0.0) + chances.get("not reproduced", 0.0) >= power


def bound_chances(bound: float, side: int, se: float, truth: float, *, level: float = LEVEL) -> dict[str, float]:
    """P(each verdict of :func:`bound_verdict`) when our estimate is normal about ``truth`` with standard error
    ``se`` and its interval is estimate +- z * se: :func:`verdict_chances` for a claim that states a bound.

    Raises:
        ValueError: a negative ``se`` or a ``side`` not +1 or -1.
    """
    if se < 0 or side not in (1, -1):
        raise ValueError(f"bound_chances: se {se} must be >= 0 and side {side} +1 or -1")
    if se == 0:
        v = bound_verdict(truth, truth, bound, side)
        return {k: float(k == v) for k in ("reproduced", "not reproduced", "inconclusive")}
    z = float(stats.norm.ppf(0.5 + level / 2))
    dist = stats.norm(side * truth, se)  # the estimate on the claimed side's scale
    yes, no = float(dist.sf(side * bound + z * se)), float(dist.cdf(side * bound - z * se))
    return {"reproduced": yes, "not reproduced": no, "inconclusive": max(0.0, 1.0 - yes - no)}
