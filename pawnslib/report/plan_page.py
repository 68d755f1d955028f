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
from pawnslib.report.words import render

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


# The claims' power table as the page shows it: the columns of plan_power.csv a reader needs, in words (each line's
# figures, margin and interval are on the report's page; plan_power.csv has them all).
CLAIMS_SHOWN = {"id": "claim", "line": "line (reading, strategies)",
                "at_thesis_reproduced": "thesis true: reproduced", "at_thesis_not_reproduced": "thesis true: not",
                "at_ours_reproduced": "ours true: reproduced", "at_ours_not_reproduced": "ours true: not",
                "verdict": "verdict"}
# The families the finding names, by their ids in the power table (the questions Chapter 13 and the map answer).
FINDING_FAMILIES = {"ch13.methods": "Chapter 13's methods", "ch13.map": "the map"}


def claims_power(results: Path) -> pd.DataFrame | None:
    """The thesis's claims' power (``tables/plan_power.csv``), the columns :data:`CLAIMS_SHOWN`, numbers to 3
    significant digits; None before notebook 12 wrote it."""
    csv = results / "tables" / CLAIMS_POWER
    if not csv.is_file():
        return None
    t = pd.read_csv(csv)
    t = t.assign(line=t.reading + ", " + t.strategies)[list(CLAIMS_SHOWN)]
    numbers = t.select_dtypes("number").columns
    return t.assign(**{c: t[c].map(lambda x: float(f"{x:.3g}")) for c in numbers}).rename(columns=CLAIMS_SHOWN)


def finding(power: pd.DataFrame, claims: pd.DataFrame | None) -> str:
    """The page's finding: what the design can detect (:data:`FINDING_FAMILIES`' smallest detectable changes) and how
    many of the thesis's lines have a decisive rule (``decisive`` of ``tables/plan_power.csv``); ``""`` without
    them."""
    families = [{"name": name, "k": int(r["comparisons"]), "detectable": r["detectable at 80 % (points)"]}
                for f, name in FINDING_FAMILIES.items() for _, r in power[power.family == f].iterrows()]
    if not families or claims is None:
        return ""
    return render("plan.finding", families=families, decisive=int((claims.decisive == True).sum()),  # noqa: E712
                  lines=len(claims))


def page(results: str | Path) -> str:
    """The analysis-plan page's MyST markdown for the results folder ``results``: the plan in words, its finding in a
    box after the title (as a chapter's, :func:`~pawnslib.report.pagetop.put_first`), then the power tables."""
    results = Path(results)
    plan_text = PLAN.read_text(encoding="utf-8").rstrip()
    power, csv = paired_power(results), results / "tables" / CLAIMS_POWER
    found = finding(power, pd.read_csv(csv) if csv.is_file() else None)
    if found:
        title, rest = plan_text.split("\n", 1)
        plan_text = f"{title}\n\n:::{{admonition}} What this page finds\n:class: important\n{found}\n:::\n{rest}"
    lines = [plan_text, "", "## Power", "",
             "### Paired comparisons, by family", "",
             "The smallest difference each family detects with probability 80 % after its correction (Bonferroni's "
             "level; Holm's is at least as powerful), from the standard errors of its published intervals.", ""]
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
