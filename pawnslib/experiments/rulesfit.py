"""Which reading of the rules did the thesis play? Its rule-sensitive figures beside each reading's, and a
predictive check of its outcome tables that admits both readings may fit badly.

:func:`rules_fit` answers in two parts.

* **Figures the rules move.** The branching factor at White's moves, Black's overall win rate in Table 10.2, nodes
  per depth-6 search and predictions per game: each with the thesis's figure, each reading's 95 % interval and
  verdict, and how far each interval lies from the figure (0 when it contains it). White's moves at pr = 1 are left
  out: the thesis gives 75 "in this test run" without the run's size, so no rate per game can be set beside ours.
* **The outcome tables.** Tables 10.2 and 11.1's win, draw and loss counts (9 games in each of 16 cells) against
  tables drawn from each reading's posterior (:func:`~.thesis.predictive_p`): with independent games, and with the
  games of a cell correlated (a Dirichlet-multinomial of concentration :data:`OVERDISPERSION`). A reading *fits*
  when the thesis's tables are no less probable than 5 % of its own; when neither fits, the words say so.

No likelihood ratio between the readings: with zero counts in some of our cells it depends on how they are
smoothed (it changed sign between add-one and add-1/2), and with both readings fitting badly neither is the
thesis's rules, so a ratio's size would measure only which misfit is worse.

Imports: ``config``, and the experiments :mod:`~.thesis` (the figures and the check) and :mod:`~.claims` (each
reading's :class:`~.claims.ReadingClaims`, which it reads).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from pawnslib import config
from pawnslib.experiments import thesis
from pawnslib.experiments.claims import ReadingClaims

# The thesis's cells are all multiples of 3 of its 9 games, as if each were 3 games played 3 times: a design effect
# of 3, so a correlation of 1/4 between a cell's games, a Dirichlet-multinomial concentration of 1 / (1/4) - 1 = 3.
OVERDISPERSION = 3.0
FITS_AT = 0.05  # a reading fits a table when its predictive p is at least this


@dataclass
class RulesFit:
    """:func:`rules_fit`'s answer: the table, the predictive p-values, and the words."""

    table: pd.DataFrame  # statistic, thesis, one column per reading, nearer
    checks: dict[tuple[str, str, str], float]  # (reading, table, "independent" | "overdispersed") -> predictive p
    conclusion: str
    headline: str = ""  # the conclusion in one sentence, for the site's front page


def _figure_rows(by_reading: dict[str, ReadingClaims]) -> tuple[list[dict], dict[str, list[str]],
                                                                dict[str, list[str]]]:
    """The figures the rules move: the thesis's beside each reading's interval; and per reading, the statistics
    whose interval contains the thesis's figure, and those whose interval lies nearer it than every other's."""
    tc = thesis.table_counts(thesis.TABLE_10_2)
    rate = tc.black_wins.sum() / tc.games.sum()
    specs = [("branching", "branching factor at White's moves", f"{thesis.BRANCHING[0]} to {thesis.BRANCHING[1]}",
              thesis.BRANCHING, "{:.2f}"),
             ("win_rate", "Black's overall win rate, Table 10.2", f"{100 * rate:.0f} % of {tc.games.sum()} games",
              (rate, rate), "{:.1%}"),
             ("nodes", f"mean nodes per depth-{thesis.SEARCH_DEPTH} search", f"{thesis.NODES_PLAIN}",
              (thesis.NODES_PLAIN,) * 2, "{:.0f}"),
             ("predictions per game", "predictions per game (asymmetric tree)",
              f"{thesis.PREDICTIONS / thesis.THESIS_GAMES:.1f}", (thesis.PREDICTIONS / thesis.THESIS_GAMES,) * 2,
              "{:.1f}")]
    rows, contains, nearer = [], {r: [] for r in by_reading}, {r: [] for r in by_reading}
    for key, label, said, (low, high), fmt in specs:
        row, gap = {"statistic": f"{label} (95 % interval; distance to the thesis's)", "thesis": said}, {}
        for r, rc in by_reading.items():
            if key not in rc.fit:
                row[r] = "–"
                continue
            v, mean, lo, hi = rc.fit[key]
            gap[r] = max(low - hi, lo - high, 0.0)  # from our interval to the thesis's figure or range
            row[r] = f"{fmt.format(mean)} ({fmt.format(lo)}-{fmt.format(hi)}), {v}; distance {fmt.format(gap[r])}"
            if gap[r] == 0:
                contains[r].append(label)
        best = min(gap.values()) if gap else 0
        closest = [r for r in gap if gap[r] == best]
        row["nearer"] = ("" if len(gap) < 2 else "both contain it" if all(g == 0 for g in gap.values()) else
                         "equal" if len(closest) == len(gap) else " and ".join(closest))
        if len(gap) > 1 and len(closest) == 1:
            nearer[closest[0]].append(label)
        rows.append(row)
    return rows, contains, nearer


def _outcomes(rc: ReadingClaims) -> dict[str, np.ndarray]:
    """Tables 10.2 and 11.1's (and both's) outcome counts per cell, from the thesis set's pairing counts."""
    out = {"10.2": thesis.cell_outcomes(rc.counts["thesis"]), "11.1": thesis.cell_outcomes(rc.counts_asym["thesis"])}
    return {**out, "both": np.concatenate([out["10.2"], out["11.1"]])}


def _check_rows(by_reading: dict[str, ReadingClaims], n_sim: int,
                seed: int) -> tuple[list[dict], dict[tuple[str, str, str], float]]:
    """The predictive check of the thesis's outcome tables under each reading, independent and overdispersed."""
    theirs = {"10.2": thesis.cell_outcomes(thesis.table_counts(thesis.TABLE_10_2)),
              "11.1": thesis.cell_outcomes(thesis.table_counts(thesis.TABLE_11_1))}
    theirs["both"] = np.concatenate([theirs["10.2"], theirs["11.1"]])
    ours = {r: _outcomes(rc) for r, rc in by_reading.items()}
    rows, checks = [], {}
    for part, label in (("10.2", "Table 10.2"), ("11.1", "Table 11.1"), ("both", "Tables 10.2 and 11.1")):
        for kind, kappa in (("independent", None), ("overdispersed", OVERDISPERSION)):
            row = {"statistic": f"{label}'s outcome counts, predictive p ({kind} games"
                                + ("" if kappa is None else f", concentration {kappa:g}") + ")",
                   "thesis": f"{len(theirs[part])} cells of {thesis.GAMES_PER_PAIRING} games"}
            for r in by_reading:
                p = thesis.predictive_p(theirs[part], ours[r][part], kappa=kappa, n_sim=n_sim, seed=seed)
                checks[r, part, kind] = p
                row[r] = f"{_p(p, n_sim)}: " + ("fits" if p >= FITS_AT else "does not fit")
            fit = [r for r in by_reading if checks[r, part, kind] >= FITS_AT]
            row["nearer"] = ("neither fits" if not fit else "both fit" if len(fit) == len(by_reading) > 1 else
                             " and ".join(fit) + " fits")
            rows.append(row)
    return rows, checks


def _p(p: float, n: int) -> str:
    """A predictive p from ``n`` draws, as text ("< 1/n" when no draw was as improbable)."""
    return f"p < {1 / n:.2g}" if p == 0 else f"p = {p:.2g}"


def _words(names: list[str], contains: dict[str, list[str]], nearer: dict[str, list[str]],
           checks: dict) -> tuple[str, str]:
    """The conclusion and the headline, from which figures each reading contains (or lies nearer) and which tables
    it fits."""
    fits = {r: [k for k in ("independent", "overdispersed") if checks[r, "both", k] >= FITS_AT] for r in names}
    told = "; ".join(f"the {r} reading's intervals contain " + (", ".join(contains[r]) if contains[r] else "none")
                     for r in names)
    if len(names) > 1:
        told += "; " + "; ".join(f"the {r} reading's lies nearer for {len(nearer[r])} (" + ", ".join(nearer[r]) + ")"
                                 for r in names if nearer[r])
    fitting = [r for r in names if fits[r]]
    if not fitting:
        tables = ("neither reading fits the thesis's outcome tables, even with a cell's games correlated: the thesis's "
                  "tables are less probable than 95 % of those either reading produces, so neither reading (as we "
                  "play it) is what the thesis played, and no ratio of the two can say which it was nearer")
    else:
        tables = "; ".join(f"the {r} reading fits the thesis's outcome tables "
                           + ("with independent games" if "independent" in fits[r] else "only with a cell's games "
                              "correlated") for r in fitting)
        if len(fitting) < len(names):
            tables += "; " + ", ".join(f"the {r} reading does not" for r in names if r not in fitting)
    conclusion = (f"Of the figures the rules move, {told}. Of the outcome counts of Tables 10.2 and 11.1, {tables}.")
    settled = len(fitting) == 1 and all(len(contains[fitting[0]]) >= len(contains[r]) for r in names)
    if settled:
        headline = (f"Which rules the thesis played: the {fitting[0]} reading, the only one that fits its outcome "
                    "tables and contains as many of its figures.")
    else:
        fit_words = ("neither reading fits its outcome tables, even with a cell's games correlated" if not fitting
                     else tables)
        near = ", ".join(f"the {r} reading's for {len(nearer[r])}" for r in names if nearer[r])
        inside = ", ".join(f"the {r} reading's intervals contain {len(contains[r])}" for r in names)
        headline = (f"Which rules the thesis played is not settled: {fit_words}; of the figures the rules move, "
                    + (inside if any(contains.values()) else "none lies in either reading's interval")
                    + (f", and the interval nearer the thesis's figure is {near}" if near else "") + ".")
    return conclusion, headline


def rules_fit(by_reading: dict[str, ReadingClaims], *, n_sim: int = 2000, seed: int = config.SEED) -> RulesFit:
    """Which reading the thesis's own figures and tables fit (module docstring).

    Args:
        by_reading: each reading's claims (:func:`~.claims.reading_claims`), the first reading first.
        n_sim: draws per predictive check.
        seed: their random seed.

    Returns:
        The :class:`RulesFit`: the table (the figures, then the checks), the predictive p-values and the words.

    Raises:
        ValueError: a reading's games do not cover the thesis's 16 pairings, plain or asymmetric.
    """
    for r, rc in by_reading.items():
        for c in (rc.counts["thesis"], rc.counts_asym["thesis"]):
            if sorted(zip(c.black, c.white, strict=True)) != [(b, w) for b in range(1, 5) for w in range(1, 5)]:
                raise ValueError(f"the {r} reading's games do not cover the thesis's 16 pairings")
    figures, contains, nearer = _figure_rows(by_reading)
    checks_rows, checks = _check_rows(by_reading, n_sim, seed)
    conclusion, headline = _words(list(by_reading), contains, nearer, checks)
    return RulesFit(pd.DataFrame(figures + checks_rows), checks, conclusion, headline)
