"""The thesis's outcome tables judged at the evidence they hold: 3 effective games a cell, not 9.

Every cell of Tables 10.2 and 11.1 (wins and draws, 32 cells) is 0, 33, 67 or 100 %: the thesis's 9 games a
pairing behave as 3 games played 3 times (with 9 independent games that pattern would be vanishingly unlikely).
So a cell is 3 games' evidence, and every test that sets it beside ours counts it so (:func:`effective_games`
reads the number off the tables themselves): :func:`compare_table` sets each cell against ours (Fisher's exact test,
Holm-corrected within the table), and :func:`null_changes` asks how many of the 16 pairings would move by a third of
the games or more between two 3-game samples if the asymmetric tree changed nothing (Tables 11.2 and 11.3 as a null
analysis), and tests each of the thesis's own changes against its own samples (:func:`change_cell_verdict`).

Imports: :mod:`~.thesis` (the tables, the rate's test and verdict rule) and :mod:`~.stats` (the Wilson interval).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy.stats import binom
from statsmodels.stats.multitest import multipletests

from pawnslib.experiments import thesis
from pawnslib.experiments.stats import wilson


def effective_games(*tables: list[list[str]], most: int = thesis.GAMES_PER_PAIRING) -> int:
    """The fewest games a cell that every cell of ``tables`` (wins and draws, as printed, to the whole per cent) can
    be a share of: 3 for Tables 10.2 and 11.1, whose cells are all thirds.

    Raises:
        ValueError: no number up to ``most`` fits every cell.
    """
    printed = {v for table in tables for row in table for cell in row for v in thesis.parse_cell(cell)}
    for n in range(1, most + 1):
        shares = {round(100 * k / n) for k in range(n + 1)}
        if all(round(100 * v) in shares for v in printed):
            return n
    raise ValueError(f"no sample of at most {most} games a cell gives every printed share {sorted(printed)}")


EFFECTIVE_GAMES = effective_games(thesis.TABLE_10_2, thesis.TABLE_11_1)


def detectable(k_ours: int, n_ours: int, n_thesis: int, *, alpha: float = thesis.ALPHA) -> float:
    """The smallest difference from our rate ``k_ours / n_ours`` that a thesis cell of ``n_thesis`` games could show
    and Fisher's test reject at ``alpha`` (uncorrected: no correction makes it smaller); NaN when no outcome of the
    thesis's ``n_thesis`` games could be told from ours."""
    gaps = [abs(k / n_thesis - k_ours / n_ours) for k in range(n_thesis + 1)
            if thesis.fisher_p(k, n_thesis, k_ours, n_ours) < alpha]
    return min(gaps) if gaps else float("nan")


def compare_table(table: list[list[str]], ours: pd.DataFrame, *, games: int = EFFECTIVE_GAMES,
                  alpha: float = thesis.ALPHA) -> pd.DataFrame:
    """Per pairing: the thesis's cell against ours, at the thesis's effective sample, Holm-corrected in the table.

    Args:
        table: Table 10.2 or 11.1 as printed (:data:`~.thesis.TABLE_10_2`).
        ours: :func:`~.stats.pairing_counts` of our games.
        games, alpha: the thesis's effective games a cell (:data:`EFFECTIVE_GAMES`) and the level.

    Returns:
        One row per (black, white), numbers only (:mod:`pawnslib.report.readable` formats them): the thesis's cell at
        its effective sample (``thesis_wins, thesis_draws, thesis_games, thesis_rate, thesis_draw_rate``); ours
        (``black_wins, draws, games, win_rate, draw_rate`` and the win rate's Wilson interval ``ci_low, ci_high``);
        ``p`` (Fisher), ``p_holm`` (Holm over the testable cells; NaN for an untestable one), ``detectable`` (NaN if
        none), ``testable`` (``detectable`` not NaN), ``consistent`` (not rejected after correction) and ``verdict``:
        *untestable* when no outcome of the thesis's could be rejected against ours (zero power: never *reproduced*),
        else *not reproduced* when rejected, *reproduced* when not and the thesis's rate lies in our interval,
        *inconclusive* otherwise.
    """
    t = thesis.table_counts(table, games).merge(ours, on=["black", "white"], suffixes=("_thesis", ""))
    p = np.array([thesis.fisher_p(r.black_wins_thesis, games, r.black_wins, r.games) for r in t.itertuples()])
    small = np.array([detectable(r.black_wins, r.games, games, alpha=alpha) for r in t.itertuples()])
    testable = ~np.isnan(small)
    holm = np.full(len(p), np.nan)  # Holm over the testable cells: an untestable one could never reject
    if testable.any():
        holm[testable] = multipletests(p[testable], alpha=alpha, method="holm")[1]
    rows = []
    for r, p_cell, p_holm, d, ok in zip(t.itertuples(), p, holm, small, testable, strict=True):
        lo, hi = wilson(r.black_wins, r.games)
        rate = r.black_wins_thesis / games
        rows.append({"black": r.black, "white": r.white, "thesis_wins": r.black_wins_thesis,
                     "thesis_draws": r.draws_thesis, "thesis_games": games, "thesis_rate": rate,
                     "thesis_draw_rate": r.draws_thesis / games, "black_wins": r.black_wins, "draws": r.draws,
                     "games": r.games, "win_rate": r.win_rate, "draw_rate": r.draw_rate,
                     "ci_low": lo, "ci_high": hi, "p": p_cell, "p_holm": p_holm, "detectable": d,
                     "testable": bool(ok), "consistent": not p_holm < alpha,
                     "verdict": thesis.rate_verdict(p_holm, rate, lo, hi, alpha=alpha) if ok else "untestable"})
    return pd.DataFrame(rows)


def change_cell_verdict(thesis_p: float, figure: float, lo: float, hi: float, *, alpha: float = thesis.ALPHA) -> str:
    """A pairing of Tables 11.2 and 11.3: *untestable* when the thesis's change is within its own noise (Fisher's
    ``thesis_p`` of its after against its before, at the effective sample, not below ``alpha``), for then no result
    of ours could contradict it; else the thesis's change ``figure`` against our interval
    (:func:`~.thesis.interval_verdict`)."""
    return "untestable" if thesis_p >= alpha else thesis.interval_verdict(figure, lo, hi)


def moved_share(p: float, games: int = EFFECTIVE_GAMES) -> float:
    """The chance that two independent samples of ``games`` games at the same win rate ``p`` differ by at least one
    win (a third of the games at 3 a cell): a change the thesis's tables would print though nothing changed."""
    k = np.arange(games + 1)
    pmf = binom.pmf(k, games, p)
    return float(1 - np.sum(pmf ** 2))


def count_distribution(shares) -> np.ndarray:
    """The exact distribution of how many of independent events with chances ``shares`` happen (Poisson binomial)."""
    dist = np.array([1.0])
    for s in shares:
        dist = np.convolve(dist, [1 - s, s])
    return dist


def null_changes(plain: pd.DataFrame, *, games: int = EFFECTIVE_GAMES) -> dict:
    """Tables 11.2 and 11.3 against no change at all: how many pairings two ``games``-game samples would show moving.

    Args:
        plain: :func:`~.stats.pairing_counts` of our plain games (16 pairings): each pairing's win rate stands for
            what both of the thesis's samples of it would be drawn from if the tree changed nothing.
        games: the thesis's effective games a cell.

    Returns:
        ``moved`` the pairings the thesis's Tables 11.2 and 11.3 list (10), ``expected`` the mean number a null
        table shows, ``p_at_least`` the chance of at least ``moved`` under the null, ``distribution`` (the chance of
        each count, 0 to 16), and ``changes``: per pairing of those tables (``table, black, white``), the thesis's
        cells at ``games`` games as shares (``thesis_before``, ``thesis_after`` and their ``_draw_rate``), its change
        ``thesis_change`` and ``thesis_p``, Fisher's p of after against before.
    """
    dist = count_distribution([moved_share(x, games) for x in plain.win_rate])
    moved = len(thesis.TABLE_11_2) + len(thesis.TABLE_11_3)
    rows = []
    for table, pairs in (("11.2", thesis.TABLE_11_2), ("11.3", thesis.TABLE_11_3)):
        for (b, w), cell_pair in pairs.items():
            (k0, d0), (k1, d1) = ((round(games * x) for x in thesis.parse_cell(c)) for c in cell_pair)
            rows.append({"table": table, "black": b, "white": w, "thesis_before": k0 / games,
                         "thesis_before_draw_rate": d0 / games, "thesis_after": k1 / games,
                         "thesis_after_draw_rate": d1 / games, "thesis_change": (k1 - k0) / games,
                         "thesis_p": thesis.fisher_p(k1, games, k0, games)})
    return {"moved": moved, "expected": float(np.arange(len(dist)) @ dist), "p_at_least": float(dist[moved:].sum()),
            "distribution": dist, "changes": pd.DataFrame(rows)}
