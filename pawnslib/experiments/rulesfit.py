"""Which reading of the rules did the thesis play? Its rule-sensitive figures beside each reading's, and a
predictive check of its outcome tables that admits both readings may fit badly (:func:`rules_fit`).

* **Figures the rules move** (:data:`FIGURES`): each with the thesis's figure, each reading's 95 % interval and
  verdict, and how far each interval lies from the figure. White's moves at pr = 1 are left out: the thesis gives
  75 "in this test run" without the run's size, so no rate per game can be set beside ours.
* **The outcome tables.** Tables 10.2 and 11.1's win, draw and loss counts against tables drawn from each reading's
  posterior (:func:`~.thesis.predictive_p`), with independent games and with the games of a cell correlated
  (:data:`OVERDISPERSION`). A reading *fits* when the thesis's tables are no less probable than 5 % of its own.

The answer is decided once, into a :class:`RulesAnswer`; the report words it (``findings.rules_conclusion``).

No likelihood ratio between the readings: with zero counts in some of our cells it depends on how they are
smoothed (it changed sign between add-one and add-1/2), and with both readings fitting badly neither is the
thesis's rules, so a ratio's size would measure only which misfit is worse.
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
# The figures the rules move: statistic id -> (its key in a reading's ReadingClaims.fit, its label).
FIGURES = {"branching": ("branching", "branching factor at White's moves"),
           "win_rate": ("win_rate", "Black's overall win rate, Table 10.2"),
           "nodes": ("nodes", f"mean nodes per depth-{thesis.SEARCH_DEPTH} search"),
           "predictions_per_game": ("predictions per game", "predictions per game (asymmetric tree)")}
# The outcome tables checked: part -> its name; and each games model with its concentration (None: independent).
PARTS = {"10.2": "Table 10.2", "11.1": "Table 11.1", "both": "Tables 10.2 and 11.1"}
MODELS = {"independent": None, "overdispersed": OVERDISPERSION}
COLUMNS = ["statistic", "label", "reading", "thesis", "thesis_hi", "estimate", "lo", "hi", "verdict", "distance",
           "nearer", "simulations"]


@dataclass(frozen=True)
class RulesAnswer:
    """Which reading the thesis played, decided: what the report's templates say (the front page's answer and the
    conclusion, :mod:`pawnslib.report.findings`), without reading them back from text.

    Attributes:
        readings: the readings compared, the first first.
        statistics: how many figures the rules move were compared.
        contained, nearer_for: per reading, the figures (statistic ids, :data:`FIGURES`) whose interval contains
            the thesis's, and lies nearer it than every other reading's; ``contains`` and ``nearer`` count them.
        fits: per reading, the games models under which it fits both outcome tables together (predictive p at
            least :data:`FITS_AT`); ``fitting_readings``: the readings that fit under some games model.
        settled: one reading fits and its intervals contain as many of the figures as any other's; ``reading``:
            that reading when settled, else None.
    """

    readings: tuple[str, ...]
    statistics: int
    contains: dict[str, int]
    nearer: dict[str, int]
    contained: dict[str, tuple[str, ...]]
    nearer_for: dict[str, tuple[str, ...]]
    fits: dict[str, tuple[str, ...]]
    fitting_readings: tuple[str, ...]
    settled: bool
    reading: str | None


@dataclass
class RulesFit:
    """:func:`rules_fit`'s answer: the table, the predictive p-values and the decided answer."""

    table: pd.DataFrame  # one row per statistic and reading: COLUMNS
    checks: dict[tuple[str, str, str], float]  # (reading, table, "independent" | "overdispersed") -> predictive p
    answer: RulesAnswer


def _thesis_figures() -> dict[str, tuple[float, float]]:
    """Each figure the rules move as the thesis gives it: (low, high), the same number twice for a single figure."""
    tc = thesis.table_counts(thesis.TABLE_10_2)
    rate = tc.black_wins.sum() / tc.games.sum()
    return {"branching": tuple(thesis.BRANCHING), "win_rate": (rate, rate), "nodes": (thesis.NODES_PLAIN,) * 2,
            "predictions_per_game": (thesis.PREDICTIONS / thesis.THESIS_GAMES,) * 2}


def _figure_rows(by_reading: dict[str, ReadingClaims]) -> list[dict]:
    """The figures' rows of :func:`rules_fit`'s table; ``nearer``: strictly nearer than every other reading's."""
    rows = []
    for stat, (low, high) in _thesis_figures().items():
        key, label = FIGURES[stat]
        part = []
        for r, rc in by_reading.items():
            v, mean, lo, hi = rc.fit.get(key, (None, np.nan, np.nan, np.nan))
            gap = max(low - hi, lo - high, 0.0) if key in rc.fit else np.nan  # from our interval to the thesis's
            part.append({"statistic": stat, "label": label, "reading": r, "thesis": low, "thesis_hi": high,
                         "estimate": mean, "lo": lo, "hi": hi, "verdict": v, "distance": gap})
        gaps = pd.Series([row["distance"] for row in part]).dropna()
        alone = len(gaps) > 1 and (gaps == gaps.min()).sum() == 1  # one reading strictly nearest
        rows += [row | {"nearer": bool(alone and row["distance"] == gaps.min()), "simulations": np.nan} for row in part]
    return rows


def _outcomes(plain: pd.DataFrame, asym: pd.DataFrame) -> dict[str, np.ndarray]:
    """Tables 10.2 and 11.1's (and both's) outcome counts per cell, from their pairing counts."""
    out = {"10.2": thesis.cell_outcomes(plain), "11.1": thesis.cell_outcomes(asym)}
    return {**out, "both": np.concatenate([out["10.2"], out["11.1"]])}


def _check_rows(by_reading: dict[str, ReadingClaims], n_sim: int,
                seed: int) -> tuple[list[dict], dict[tuple[str, str, str], float]]:
    """The checks' rows of :func:`rules_fit`'s table, one a part, games model and reading, and their p-values."""
    theirs = _outcomes(thesis.table_counts(thesis.TABLE_10_2), thesis.table_counts(thesis.TABLE_11_1))
    ours = {r: _outcomes(rc.counts["thesis"], rc.counts_asym["thesis"]) for r, rc in by_reading.items()}
    rows, checks = [], {}
    for part in PARTS:
        for model, kappa in MODELS.items():
            games = f"{model} games" if kappa is None else f"{model} games, concentration {kappa:g}"
            for r in by_reading:
                p = thesis.predictive_p(theirs[part], ours[r][part], kappa=kappa, n_sim=n_sim, seed=seed)
                checks[r, part, model] = p
                rows.append(dict.fromkeys(COLUMNS, np.nan) | {
                    "statistic": f"outcomes_{part.replace('.', '_')}_{model}", "reading": r, "estimate": p,
                    "label": f"{PARTS[part]}'s outcome counts, predictive p ({games})", "nearer": False,
                    "verdict": "fits" if p >= FITS_AT else "does not fit", "simulations": n_sim})
    return rows, checks


def decide(figures: pd.DataFrame, checks: dict[tuple[str, str, str], float], names: list[str]) -> RulesAnswer:
    """The answer, from the figures' rows (:func:`_figure_rows`) and the predictive p-values: which figures each
    reading's interval contains and lies nearer, under which games models it fits both tables, and whether that
    settles which reading the thesis played."""
    contained = {r: tuple(figures.statistic[(figures.reading == r) & (figures.distance == 0)]) for r in names}
    nearer_for = {r: tuple(figures.statistic[(figures.reading == r) & figures.nearer]) for r in names}
    fits = {r: tuple(m for m in MODELS if checks[r, "both", m] >= FITS_AT) for r in names}
    fitting = tuple(r for r in names if fits[r])
    settled = len(fitting) == 1 and all(len(contained[fitting[0]]) >= len(contained[r]) for r in names)
    return RulesAnswer(readings=tuple(names), statistics=int(figures.statistic.nunique()),
                       contains={r: len(contained[r]) for r in names}, nearer={r: len(nearer_for[r]) for r in names},
                       contained=contained, nearer_for=nearer_for, fits=fits, fitting_readings=fitting,
                       settled=settled, reading=fitting[0] if settled else None)


def rules_fit(by_reading: dict[str, ReadingClaims], *, n_sim: int = 2000, seed: int = config.SEED) -> RulesFit:
    """Which reading the thesis's own figures and tables fit (module docstring).

    Args:
        by_reading: each reading's claims (:func:`~.claims.reading_claims`), the first reading first.
        n_sim: draws per predictive check.
        seed: their random seed.

    Returns:
        The :class:`RulesFit`: the table (:data:`COLUMNS`; the figures, then the checks, each statistic's rows one a
        reading), the predictive p-values, and the :class:`RulesAnswer`. A figure's row holds the thesis's figure
        (``thesis_hi``: the top of its range, else the figure again), ours with its 95 % interval and verdict, and the
        ``distance`` between the two intervals (0: ours contains it); a check's row the predictive p as its
        ``estimate`` (0 means below 1 / ``simulations``). Figures a reading lacks are NaN.

    Raises:
        ValueError: a reading's games do not cover the thesis's 16 pairings, plain or asymmetric.
    """
    for r, rc in by_reading.items():
        for c in (rc.counts["thesis"], rc.counts_asym["thesis"]):
            if sorted(zip(c.black, c.white, strict=True)) != [(b, w) for b in range(1, 5) for w in range(1, 5)]:
                raise ValueError(f"the {r} reading's games do not cover the thesis's 16 pairings")
    figures = pd.DataFrame(_figure_rows(by_reading), columns=COLUMNS)
    check_rows, checks = _check_rows(by_reading, n_sim, seed)
    table = pd.concat([figures, pd.DataFrame(check_rows, columns=COLUMNS)], ignore_index=True)
    return RulesFit(table, checks, decide(figures, checks, list(by_reading)))
