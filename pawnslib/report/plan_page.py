"""The analysis-plan page: the plan in words (``docs/analysis_plan.md``) and, below it, each rule's power, rendered
from the published tables when the site is built, so that no power figure is typed by hand.

Two power tables: each family of paired comparisons (:func:`~pawnslib.experiments.plan.family_power` of
``tables/contrasts.csv`` and of the tie-breaking study's ``tables/tiebreak_ch13.csv``), and each thesis claim's rule
(``tables/plan_power.csv``: the probability of each verdict under the thesis's figure and under ours).

Layer ``report``: it imports :mod:`~pawnslib.experiments.plan` and :mod:`~pawnslib.report.tables`.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from pawnslib.experiments import plan
from pawnslib.report.tables import markdown_table

PLAN = Path(__file__).resolve().parents[2] / "docs" / "analysis_plan.md"  # the plan in words
STEM = "analysis_plan"  # the page: R/html/analysis_plan.html
CLAIMS_POWER = "plan_power.csv"  # in R/tables: the claims' rules' power


def _points(x: float) -> float:
    return round(100 * x, 1)


# The published tables of paired comparisons whose families the power table covers, and the column of each that
# counts the game pairs the statistics used (the tie-breaking study's no-noise games repeat: its distinct ones).
PAIRED_TABLES = {"contrasts.csv": "games", "tiebreak_ch13.csv": "distinct_games"}


def paired_power(results: Path) -> pd.DataFrame:
    """The power of every family of paired comparisons published in ``results`` (:data:`PAIRED_TABLES`), one row a
    family: its table, comparisons, median game pairs, median standard error and smallest detectable difference, in
    points."""
    frames = []
    for name, games in PAIRED_TABLES.items():
        csv = results / "tables" / name
        if csv.is_file():
            t = pd.read_csv(csv)
            frames.append(plan.family_power(t.assign(games=t[games]), family="family" if "family" in t else "group")
                          .assign(table=name.removesuffix(".csv")))
    if not frames:
        return pd.DataFrame(columns=["table", *plan.FAMILY_POWER])
    out = pd.concat(frames, ignore_index=True)[["table", *plan.FAMILY_POWER]]
    return out.assign(se=out.se.map(_points), detectable=out.detectable.map(_points)).rename(
        columns={"se": "standard error (points)", "detectable": "detectable at 80 % (points)",
                 "games": "game pairs (median)"})


# The claims' power table as the page shows it: the columns of plan_power.csv a reader needs, in words.
CLAIMS_SHOWN = {"id": "claim", "reading": "reading", "strategies": "strategies", "thesis_value": "thesis's figure",
                "margin": "margin", "estimate": "ours", "at_thesis_reproduced": "P(reproduced), thesis true",
                "at_thesis_not_reproduced": "P(not reproduced), thesis true",
                "at_ours_reproduced": "P(reproduced), ours true",
                "at_ours_not_reproduced": "P(not reproduced), ours true", "verdict": "verdict"}


def claims_power(results: Path) -> pd.DataFrame | None:
    """The thesis's claims' power (``tables/plan_power.csv``), the columns :data:`CLAIMS_SHOWN`, numbers to 3
    significant digits; None before notebook 12 wrote it."""
    csv = results / "tables" / CLAIMS_POWER
    if not csv.is_file():
        return None
    t = pd.read_csv(csv)[list(CLAIMS_SHOWN)]
    numbers = t.select_dtypes("number").columns
    return t.assign(**{c: t[c].map(lambda x: float(f"{x:.3g}")) for c in numbers}).rename(columns=CLAIMS_SHOWN)


def page(results: str | Path) -> str:
    """The analysis-plan page's MyST markdown for the results folder ``results``."""
    results = Path(results)
    lines = [PLAN.read_text(encoding="utf-8").rstrip(), "", "## Power", "",
             "### Paired comparisons, by family", "",
             "The smallest difference each family detects with probability 80 % after its correction (Bonferroni's "
             "level; Holm's is at least as powerful), from the standard errors of its published intervals.", ""]
    power = paired_power(results)
    lines.append(markdown_table(power) if len(power) else "No paired comparison is published yet.")
    claims = claims_power(results)
    lines += ["", "### The thesis's claims, by rule", ""]
    if claims is not None:
        lines += ["The probability of each verdict by the claim's rule if the truth were the thesis's figure, and if "
                  "it were ours, at our sample sizes (from the standard error of our interval, or simulated for a "
                  "whole table and for a statement about the tables: our games redrawn, pairing by pairing, from the "
                  "thesis's table and from our own rates); a rule whose decisive verdicts have no probability at the "
                  "thesis's evidence is untestable. Every line, with its rule and standard error: "
                  f"`tables/{CLAIMS_POWER}`.", "", markdown_table(claims)]
    else:
        lines.append(f"`{CLAIMS_POWER}` is not made yet (notebook 12 writes it).")
    return "\n".join(lines) + "\n"
