"""The thesis's outcome tables judged at the evidence they hold: 3 effective games a cell, not 9.

Every cell of Tables 10.2 and 11.1 (wins and draws, 32 cells) is 0, 33, 67 or 100 %: the thesis's 9 games a
pairing behave as 3 games played 3 times (with 9 independent games that pattern would be vanishingly unlikely).
So a cell is 3 games' evidence, and every test that sets it beside ours counts it so (:func:`effective_games`
reads the number off the tables themselves). A whole table is judged by one joint test of its 16 cells
(:func:`joint_verdict`: a Monte-Carlo goodness-of-fit of the thesis's counts to our per-cell rates, with its power
simulated); :func:`compare_table` sets each cell against ours (Fisher's exact test, Holm-corrected within the table)
and keeps a cell's own verdict only where that test has power (:func:`cell_power`); :func:`null_changes` asks how
many of the 16 pairings would move by a third of the games or more between two 3-game samples if the asymmetric tree
changed nothing (Tables 11.2 and 11.3 as a null analysis), and :func:`change_cell_verdict` judges each of the thesis's
own changes, untestable where no outcome at its sample could show a change.

Imports: :mod:`~.plan` (the rules, the power), :mod:`~.thesis` (the tables, Fisher's test, the predictive check) and
:mod:`~.stats` (the Wilson interval).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy.stats import binom

from pawnslib.experiments import plan, thesis
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
# A cell of the thesis's tables: the smallest difference it can print, one effective game in three (33 points).
CELL_MARGIN = 1 / EFFECTIVE_GAMES
CELL_WHY = f"1/{EFFECTIVE_GAMES} a cell: the smallest difference a cell of {EFFECTIVE_GAMES} effective games can print"
CELLS_FAMILY = "testable cells"  # the family of a table's cell tests, Holm-corrected together (compare_table)
JOINT_TABLES = 200  # tables simulated for a joint test's power (its chances: +-0.03 at 80 %)
JOINT_SIMULATIONS = 1000  # posterior draws of one predictive check inside the power simulation


def detectable(k_ours: int, n_ours: int, n_thesis: int, *, alpha: float = thesis.ALPHA) -> float:
    """The smallest difference from our rate ``k_ours / n_ours`` that a thesis cell of ``n_thesis`` games could show
    and Fisher's test reject at ``alpha`` (uncorrected: no correction makes it smaller); NaN when no outcome of the
    thesis's ``n_thesis`` games could be told from ours."""
    gaps = [abs(k / n_thesis - k_ours / n_ours) for k in range(n_thesis + 1)
            if thesis.fisher_p(k, n_thesis, k_ours, n_ours) < alpha]
    return min(gaps) if gaps else float("nan")


def cell_power(k_ours: int, n_ours: int, n_thesis: int, *, margin: float = CELL_MARGIN,
               alpha: float = thesis.ALPHA) -> float:
    """The chance that Fisher's test at ``alpha`` rejects a thesis cell of ``n_thesis`` games whose true win rate
    differs from ours (``k_ours / n_ours``) by ``margin``, the harder of the two directions that fit in [0, 1];
    exact (a binomial sum over the thesis's outcomes). At 3 games a cell it is far below
    :data:`~.plan.POWER`: such a cell cannot reach a verdict of its own."""
    rate = k_ours / n_ours
    rates = [r for r in (rate - margin, rate + margin) if 0 <= r <= 1]
    reject = np.array([thesis.fisher_p(k, n_thesis, k_ours, n_ours) < alpha for k in range(n_thesis + 1)])
    return min(float(binom.pmf(np.arange(n_thesis + 1), n_thesis, r) @ reject) for r in rates) if rates else 0.0


def compare_table(table: list[list[str]], ours: pd.DataFrame, *, games: int = EFFECTIVE_GAMES,
                  alpha: float = thesis.ALPHA, margin: float = CELL_MARGIN) -> pd.DataFrame:
    """Per pairing: the thesis's cell against ours, at the thesis's effective sample, Holm-corrected in the table.

    Args:
        table: Table 10.2 or 11.1 as printed (:data:`~.thesis.TABLE_10_2`).
        ours: :func:`~.stats.pairing_counts` of our games.
        games, alpha: the thesis's effective games a cell (:data:`EFFECTIVE_GAMES`) and the level.
        margin: the difference a cell's test must detect with :data:`~.plan.POWER` to judge the cell
            (:func:`cell_power`).

    Returns:
        One row per (black, white), numbers only (:mod:`pawnslib.report.readable` formats them): the thesis's cell at
        its effective sample (``thesis_wins, thesis_draws, thesis_games, thesis_rate, thesis_draw_rate``); ours
        (``black_wins, draws, games, win_rate, draw_rate`` and the win rate's Wilson interval ``ci_low, ci_high``);
        ``p`` (Fisher), ``p_holm`` (Holm over the testable cells, ``family`` :data:`CELLS_FAMILY`; NaN and no
        family for an untestable one), ``detectable`` (the
        smallest difference any outcome could show; NaN if none), ``power`` (:func:`cell_power`), ``testable``
        (power at least :data:`~.plan.POWER`), ``consistent`` (not rejected after correction) and ``verdict``:
        *untestable* when the cell's test lacks the power, else *not reproduced* when rejected, *reproduced* when
        not (a powered test that finds no difference).
    """
    t = thesis.table_counts(table, games).merge(ours, on=["black", "white"], suffixes=("_thesis", ""))
    p = np.array([thesis.fisher_p(r.black_wins_thesis, games, r.black_wins, r.games) for r in t.itertuples()])
    small = np.array([detectable(r.black_wins, r.games, games, alpha=alpha) for r in t.itertuples()])
    power = np.array([cell_power(r.black_wins, r.games, games, margin=margin, alpha=alpha) for r in t.itertuples()])
    testable = power >= plan.POWER
    holm = np.full(len(p), np.nan)  # Holm over the testable cells: an untestable one is not judged
    if testable.any():
        holm[testable] = plan.holm(p[testable])
    rows = []
    for r, p_cell, p_holm, d, pw, ok in zip(t.itertuples(), p, holm, small, power, testable, strict=True):
        lo, hi = wilson(r.black_wins, r.games)
        rows.append({"black": r.black, "white": r.white, "thesis_wins": r.black_wins_thesis,
                     "thesis_draws": r.draws_thesis, "thesis_games": games, "thesis_rate": r.black_wins_thesis / games,
                     "thesis_draw_rate": r.draws_thesis / games, "black_wins": r.black_wins, "draws": r.draws,
                     "games": r.games, "win_rate": r.win_rate, "draw_rate": r.draw_rate,
                     "ci_low": lo, "ci_high": hi, "p": p_cell, "p_holm": p_holm,
                     "family": CELLS_FAMILY if ok else "", "detectable": d, "power": pw,
                     "testable": bool(ok), "consistent": not p_holm < alpha,
                     "verdict": ("untestable" if not ok else "not reproduced" if p_holm < alpha else "reproduced")})
    return pd.DataFrame(rows)


def _shifted(probs: np.ndarray, margin: float, rng: np.random.Generator) -> np.ndarray:
    """Outcome probabilities (cells x (win, draw, loss)) whose every cell's win rate differs from ``probs``' by
    ``margin`` (at most 1/2, so one direction always fits), in a random direction where both fit: a rise takes the
    losses first, then the draws; a fall adds losses. A table that differs from ours by the margin everywhere."""
    out = probs.copy()
    for c, (w, d, lost) in enumerate(probs):
        up, down = w + margin <= 1, w - margin >= 0
        step = margin * (rng.choice([1, -1]) if up and down else 1 if up else -1)
        from_loss = min(lost, step) if step > 0 else step
        out[c] = [w + step, d - (step - from_loss), lost - from_loss]
    return out


def _rejected(probs: np.ndarray, ours: np.ndarray, games: int, rng: np.random.Generator, *, tables: int,
              alpha: float) -> float:
    """The share of ``tables`` thesis tables (``games`` a cell) drawn from ``probs`` that the predictive check
    against ``ours`` rejects at ``alpha``."""
    seeds = rng.integers(0, 2**32, tables)
    drawn = rng.multinomial(games, probs, size=(tables, len(probs)))
    return float(np.mean([thesis.predictive_p(x, ours, n_sim=JOINT_SIMULATIONS, seed=int(k)) < alpha
                          for x, k in zip(drawn, seeds, strict=True)]))


def joint_verdict(table: list[list[str]], ours: pd.DataFrame, *, games: int = EFFECTIVE_GAMES,
                  margin: float = CELL_MARGIN, alpha: float = thesis.ALPHA, tables: int = JOINT_TABLES,
                  seed: int = 0) -> dict:
    """A whole outcome table judged by one joint test of its cells: the posterior-predictive p of the thesis's
    counts (``games`` a cell) under our per-cell rates (:func:`~.thesis.predictive_p`), and the test's power.

    Args:
        table: Table 10.2 or 11.1 as printed.
        ours: :func:`~.stats.pairing_counts` of our games.
        games: the thesis's effective games a cell.
        margin: the difference in every cell's win rate the test must detect (:data:`CELL_MARGIN`).
        alpha: the level.
        tables: tables simulated for each power.
        seed: the simulations' seed.

    Raises:
        ValueError: a margin outside [0, 1/2].

    Returns:
        ``p``; ``accepts`` (the share of tables drawn from our own rates that the test does not reject),
        ``rejects`` (of tables whose every cell differs from ours by ``margin``, the share it rejects); ``chances``,
        P(each verdict) when the truth is the thesis's table (``"thesis"``) and ours (``"ours"``); and ``verdict``:
        *not reproduced* when p < ``alpha``; *reproduced* when not and both ``accepts`` and ``rejects`` reach
        :data:`~.plan.POWER` (the test could have told a table that far from ours); else *inconclusive*.
    """
    if not 0 <= margin <= 0.5:
        raise ValueError(f"joint_verdict: margin {margin} must be in [0, 1/2]")
    theirs = thesis.cell_outcomes(thesis.table_counts(table, games))
    mine = thesis.cell_outcomes(ours)
    rng = np.random.default_rng(seed)
    p = thesis.predictive_p(theirs, mine, seed=seed)
    rates = (mine + 1) / (mine + 1).sum(axis=1, keepdims=True)  # our rates, a cell never drawn still may be
    accepts = 1 - _rejected(rates, mine, games, rng, tables=tables, alpha=alpha)
    rejects = _rejected(_shifted(rates, margin, rng), mine, games, rng, tables=tables, alpha=alpha)
    powered = accepts >= plan.POWER and rejects >= plan.POWER
    at_thesis = _rejected(theirs / games, mine, games, rng, tables=tables, alpha=alpha)
    chances = {truth: {"reproduced": (1 - no) if powered else 0.0, "not reproduced": no}
               for truth, no in (("thesis", at_thesis), ("ours", 1 - accepts))}
    verdict = "not reproduced" if p < alpha else "reproduced" if powered else "inconclusive"
    return {"p": p, "accepts": accepts, "rejects": rejects, "chances": chances, "verdict": verdict}


def change_cell_verdict(figure: float, lo: float, hi: float, *, games: int = EFFECTIVE_GAMES,
                        margin: float = thesis.CHANGE_MARGIN, alpha: float = thesis.ALPHA) -> str:
    """A pairing of Tables 11.2 and 11.3: *untestable* when no outcome of ``games`` games after against ``games``
    before could show a change (Fisher's smallest attainable p, :func:`~.thesis.smallest_fisher_p`, at least
    ``alpha``: 0.10 at 3 against 3), for then the thesis's change is noise whatever it printed; else the thesis's
    change ``figure`` against our 95 % interval ``lo`` to ``hi`` by :func:`~.plan.margin_verdict`."""
    if thesis.smallest_fisher_p(games, games) >= alpha:
        return "untestable"
    return plan.margin_verdict(lo, hi, figure, margin)


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
