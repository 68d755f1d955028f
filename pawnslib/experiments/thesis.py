"""The thesis's published figures, and the rule that sets ours beside them.

Every number here is typed from the thesis (Pedersen 2008); Table 10.1 lives in
:data:`pawnslib.search.strategies.THESIS`. The thesis played 9 games per pairing, so a cell
``"67%(33%)"`` means 6 Black wins and 3 draws of 9.

Verdict for a rate (the thesis's k of n against our k of n):

* **not reproduced**: Fisher's exact test rejects equal rates (p < 0.05);
* **reproduced**: it does not, and the thesis's rate lies inside our 95 % Wilson interval;
* **inconclusive**: neither (the samples do not contradict each other, yet ours points elsewhere).

Which reading of the rules fits the thesis's tables (:func:`log_likelihood` and the functions after it): the
thesis's win, draw and loss counts per cell, scored under our per-cell outcome probabilities, add-one smoothed.

Layer ``experiments``: it may import every layer but ``report``; it imports only
:mod:`~pawnslib.experiments.stats` (the Wilson interval).
"""

from __future__ import annotations

import re
from fractions import Fraction

import numpy as np
import pandas as pd
from scipy.special import gammaln
from scipy.stats import chisquare, fisher_exact

from pawnslib.experiments.stats import wilson

SEARCH_DEPTH = 6  # the depth of every search of Chapters 10 and 11
GAMES_PER_PAIRING = 9  # Chapter 10: 144 games, 9 per ordered pairing of Tables 10.2 and 11.1
ALPHA = 0.05

# Chapter 2's worked examples. Bayes' rule (Figure 2.1, equations 2.2 to 2.7): P(pearl), P(blue | pearl),
# P(blue | no pearl), and the posterior of equation 2.7.
PEARL_PRIOR = 0.4
BLUE_GIVEN_PEARL, BLUE_GIVEN_NO_PEARL = 0.3, 0.1
PEARL_POSTERIOR = Fraction(2, 3)
# EM (Section 2.1, Table 2.1): five cows, None for the thesis's "?"; one EM iteration from uniform tables gives
# E[N(Pr = yes)] = 0.5 + 3 + 0.5 = 4 and P(Pr = yes) = 4/5.
TABLE_2_1 = {"Pr": [None, "yes", "yes", "yes", None],
             "Bt": ["pos", "neg", "pos", "pos", "neg"],
             "Ut": ["pos", "pos", None, "neg", None]}
CATTLE_EXPECTED_YES = 4
CATTLE_P_YES = Fraction(4, 5)

# Tables 10.2 and 11.1: Black (rows) against White (columns), Black's win %, draws in parentheses.
TABLE_10_2 = [["67%", "0%", "67%", "0%"],
              ["67%", "33%(67%)", "33%", "0%"],
              ["67%", "33%(33%)", "33%", "33%"],
              ["100%", "100%", "67%", "100%"]]
TABLE_11_1 = [["67%", "67%(33%)", "0%", "0%"],
              ["33%", "0%(67%)", "0%", "33%"],
              ["67%", "100%", "33%", "67%"],
              ["100%", "100%", "0%", "67%"]]

# Tables 11.2 and 11.3: the (black, white) pairings whose Black win rate rose, and fell, with the asymmetric tree.
IMPROVED = [(1, 2), (2, 4), (3, 1), (3, 2)]
WORSE = [(1, 3), (2, 1), (2, 2), (2, 3), (4, 3), (4, 4)]

# Chapter 10, on Table 10.2: "all of the strategies can beat at least two of the other strategies".
BEATS_AT_LEAST = 2
# Chapter 12: strategy 4 is the strongest of Table 10.1's four.
STRONGEST = 4

# Section 11.1.1 and "Additional Stats" of Section 11.2.
CORRECT_PREDICTIONS, PREDICTIONS = 2007, 5520
SHARE_CORRECT_TEXT = 0.5  # the text's "about 50 %" (its own counts give 2007 / 5520, 36 %)
LIKELY_WHEN_CORRECT = 5  # "on average approximately 5 nodes satisfy seen_before when the prediction was correct"
BRANCHING = (10, 11)  # "the branching factor is usually in the range 10 : 11"
PR_ONE_MOVES = 75  # Figure 11.1: moves played at pr = 1, left out of the histogram
NODES_PLAIN, NODES_ASYM = 2670, 2673  # mean nodes per depth-6 search, plain and asymmetric
SECONDS_PLAIN, SECONDS_ASYM = 0.197, 0.873  # mean seconds per search, plain and asymmetric
NODE_RATIO = NODES_ASYM / NODES_PLAIN  # 1.00
TIME_RATIO = SECONDS_ASYM / SECONDS_PLAIN  # 4.4

# Chapter 12: of the three Black players that rarely won, two improved with the asymmetric tree.
UNLIKELY_IMPROVED, UNLIKELY_PLAYERS = 2, 3


def parse_cell(cell: str) -> tuple[float, float]:
    """``"33%(67%)"`` -> (0.33..., 0.67...): Black's win rate and draw rate."""
    m = re.fullmatch(r"(\d+)%(?:\((\d+)%\))?", cell.strip())
    if not m:
        raise ValueError(f"not a thesis table cell: {cell!r}")
    return int(m.group(1)) / 100, int(m.group(2) or 0) / 100


def table_frame(table: list[list[str]]) -> pd.DataFrame:
    """A thesis table as printed: its cells, Black (rows) against White (columns), strategy ids from 1."""
    ids = pd.RangeIndex(1, len(table) + 1)
    return pd.DataFrame(table, index=ids.rename("Black"), columns=ids.rename("White"))


def table_counts(table: list[list[str]], games: int = GAMES_PER_PAIRING) -> pd.DataFrame:
    """A thesis table as rows (black, white, games, black_wins, draws), wins rounded to whole games."""
    rows = []
    for b, row in enumerate(table, 1):
        for w, cell in enumerate(row, 1):
            win, draw = parse_cell(cell)
            rows.append({"black": b, "white": w, "games": games, "black_wins": round(win * games),
                         "draws": round(draw * games), "thesis": cell})
    return pd.DataFrame(rows)


def verdict(k_thesis: int, n_thesis: int, k_ours: int, n_ours: int) -> tuple[str, float, float, float]:
    """(verdict, Fisher p-value, our interval low, high) for a rate; see the module docstring."""
    lo, hi = wilson(k_ours, n_ours)
    p = fisher_exact([[k_thesis, n_thesis - k_thesis], [k_ours, n_ours - k_ours]]).pvalue
    if p < ALPHA:
        return "not reproduced", p, lo, hi
    return ("reproduced" if lo <= k_thesis / n_thesis <= hi else "inconclusive"), p, lo, hi


def mean_verdict(values, thesis_value: float, seed: int = 0, n_boot: int = 2000) -> tuple[str, float, float, float]:
    """(verdict, our mean, 95 % bootstrap interval) for a mean the thesis reports without a spread.

    With no spread on the thesis's side, the only test is whether its value lies inside our interval.
    """
    x = np.asarray(values, dtype=float)
    rng = np.random.default_rng(seed)
    boots = rng.choice(x, size=(n_boot, len(x))).mean(axis=1)
    lo, hi = np.quantile(boots, [0.025, 0.975])
    return ("reproduced" if lo <= thesis_value <= hi else "not reproduced"), float(x.mean()), float(lo), float(hi)


def range_verdict(values, bounds: tuple[float, float], seed: int = 0, n_boot: int = 2000,
                  ) -> tuple[str, float, float, float]:
    """(verdict, our mean, 95 % bootstrap interval) for a mean the thesis gives as a range ``bounds`` (low, high).

    Reproduced when our interval overlaps the thesis's range (as for :data:`BRANCHING`, "usually 10 : 11").
    """
    _, mean, lo, hi = mean_verdict(values, (bounds[0] + bounds[1]) / 2, seed, n_boot)
    return ("reproduced" if bounds[0] <= hi and lo <= bounds[1] else "not reproduced"), mean, lo, hi


def prediction_verdict(summary: dict) -> tuple[str, float, float, float]:
    """Section 11.1.1's share of correct predictions: :func:`verdict` of the thesis's 2007 of 5520 against ours.

    ``summary`` is :func:`~.stats.prediction_summary`; returns (verdict, Fisher p-value, our interval).
    """
    return verdict(CORRECT_PREDICTIONS, PREDICTIONS, int(summary["correct"]), int(summary["predictions made"]))


def skew_verdict(counts) -> tuple[str, float]:
    """Figure 11.1's "some pr values are played much more often than others": (verdict, p-value).

    ``counts`` holds how often White played each pr value below 1; reproduced when the chi-square test against
    equal counts rejects them (p < :data:`ALPHA`), not reproduced otherwise.
    """
    p = float(chisquare(np.asarray(counts)).pvalue)
    return ("reproduced" if p < ALPHA else "not reproduced"), p


def black_searches(records: list[dict], key: str = "nodes") -> np.ndarray:
    """One value (``"nodes"`` or ``"seconds"``) per Black search of a tournament's games, all games together."""
    return np.concatenate([np.asarray(r[key][0::2]) for r in records]) if records else np.empty(0)


def nodes_verdict(records: list[dict], seed: int = 0) -> tuple[str, float, float, float]:
    """Section 11.2's 2670 nodes per depth-6 search: (verdict, our mean, 95 % bootstrap interval).

    Judged, like any mean the thesis reports without a spread, by :func:`mean_verdict`, on every Black search of a
    plain tournament's ``records`` (played at the thesis's :data:`SEARCH_DEPTH`).
    """
    return mean_verdict(black_searches(records), NODES_PLAIN, seed)


def beats_verdict(strength: pd.DataFrame) -> str:
    """Chapter 10's "every strategy beats at least two others", judged on :func:`~.stats.strategy_strength`.

    i beats j when i won more of their games, both colours together, than j.
    """
    return "reproduced" if bool((strength.beats >= BEATS_AT_LEAST).all()) else "not reproduced"


def strongest_verdict(strength: pd.DataFrame) -> tuple[str, int, bool]:
    """Chapter 12's "strategy 4 is stronger than the rest": (verdict, our strongest, clearly ahead).

    Our strongest is the highest win rate over both colours (:func:`~.stats.strategy_strength`); it is
    *clearly ahead* when its 95 % interval lies above every other's. Reproduced when it is :data:`STRONGEST` and
    clearly ahead, inconclusive when it is :data:`STRONGEST` but the intervals overlap, not reproduced otherwise.
    """
    best = int(strength.win_rate.idxmax())
    ahead = all(strength.loc[best, "ci_low"] > strength.loc[i, "ci_high"] for i in strength.index if i != best)
    if best != STRONGEST:
        return "not reproduced", best, ahead
    return ("reproduced" if ahead else "inconclusive"), best, ahead


def change_verdict(thesis_direction: int, delta: float, p_value: float) -> str:
    """A claimed rise (+1) or fall (-1): reproduced when ours is significant the same way, not when the other way."""
    if p_value >= ALPHA:
        return "inconclusive"
    return "reproduced" if np.sign(delta) == thesis_direction else "not reproduced"


def ratio_verdict(ours, base, thesis_ratio: float, seed: int = 0, n_boot: int = 2000,
                  ) -> tuple[str, float, float, float]:
    """(verdict, mean(ours) / mean(base), 95 % bootstrap interval) against a ratio the thesis reports."""
    a, b = np.asarray(ours, dtype=float), np.asarray(base, dtype=float)
    rng = np.random.default_rng(seed)
    boots = rng.choice(a, (n_boot, len(a))).mean(axis=1) / rng.choice(b, (n_boot, len(b))).mean(axis=1)
    lo, hi = np.quantile(boots, [0.025, 0.975])
    return ("reproduced" if lo <= thesis_ratio <= hi else "not reproduced"), a.mean() / b.mean(), float(lo), float(hi)


def pooled_change(before: pd.DataFrame, after: pd.DataFrame, pairs, thesis_direction: int) -> tuple[str, float, float]:
    """A claimed rise (+1) or fall (-1) of Black's win rate over several pairings, pooled.

    ``before`` and ``after`` are :func:`~.stats.pairing_counts`; returns (verdict, change, Fisher p-value).
    """
    key = pd.MultiIndex.from_tuples(list(pairs), names=["black", "white"])
    b, a = before.set_index(["black", "white"]).loc[key], after.set_index(["black", "white"]).loc[key]
    wb, nb, wa, na = b.black_wins.sum(), b.games.sum(), a.black_wins.sum(), a.games.sum()
    p = fisher_exact([[wb, nb - wb], [wa, na - wa]]).pvalue
    delta = wa / na - wb / nb
    return change_verdict(thesis_direction, delta, p), float(delta), float(p)


def compare_table(thesis: list[list[str]], ours: pd.DataFrame) -> pd.DataFrame:
    """Per pairing: the thesis's cell, ours (win rate, interval), the Fisher p-value and the verdict.

    ``ours`` is :func:`~.stats.pairing_counts` of our games.
    """
    t = table_counts(thesis).merge(ours, on=["black", "white"], suffixes=("_thesis", ""))
    out = []
    for r in t.itertuples():
        v, p, lo, hi = verdict(r.black_wins_thesis, r.games_thesis, r.black_wins, r.games)
        out.append({"black": r.black, "white": r.white, "thesis": r.thesis,
                    "ours": f"{100 * r.win_rate:.0f}%" + (f"({100 * r.draw_rate:.0f}%)" if r.draws else ""),
                    "our 95% interval": f"{100 * lo:.0f}-{100 * hi:.0f}%", "games": r.games, "p_value": p,
                    "verdict": v})
    return pd.DataFrame(out)


# Which reading of the rules did the thesis play? Its outcome counts under our per-cell outcome probabilities.


def cell_outcomes(counts: pd.DataFrame) -> np.ndarray:
    """Wins, draws and losses of Black per (black, white) cell, cells sorted: an (n cells, 3) integer array.

    ``counts`` is :func:`~.stats.pairing_counts` or :func:`~.thesis.table_counts` (no ``white_wins``).
    """
    c = counts.sort_values(["black", "white"])
    return np.stack([c.black_wins, c.draws, c.games - c.black_wins - c.draws], axis=1).astype(int)


def smoothed(ours: np.ndarray) -> np.ndarray:
    """Per-cell outcome probabilities from our counts, add-one smoothed: (k + 1) / (n + 3)."""
    ours = np.asarray(ours, dtype=float)
    return (ours + 1) / (ours.sum(axis=-1, keepdims=True) + ours.shape[-1])


def log_likelihood(theirs: np.ndarray, ours: np.ndarray) -> float | np.ndarray:
    """Natural log-probability of the counts ``theirs`` (cells x outcomes) under :func:`smoothed` ``ours``.

    Multinomial per cell, coefficient included, summed over cells; ``ours`` may carry leading (bootstrap) axes.
    """
    theirs = np.asarray(theirs, dtype=float)
    coef = (gammaln(theirs.sum(axis=-1) + 1) - gammaln(theirs + 1).sum(axis=-1)).sum()
    return coef + (theirs * np.log(smoothed(ours))).sum(axis=(-2, -1))


def bootstrap_log_lr(theirs: np.ndarray, ours_a: np.ndarray, ours_b: np.ndarray, *, n_boot: int = 2000,
                     seed: int = 0) -> np.ndarray:
    """``n_boot`` natural log likelihood ratios b:a of ``theirs``, each reading's games resampled within each cell.

    Resampling a cell's n games with replacement is a multinomial draw from its observed shares.
    """
    rng = np.random.default_rng(seed)

    def resample(ours):
        ours = np.asarray(ours)
        n = ours.sum(axis=1)
        return rng.multinomial(n, ours / np.maximum(n, 1)[:, None], size=(n_boot, len(ours)))

    return log_likelihood(theirs, resample(ours_b)) - log_likelihood(theirs, resample(ours_a))


def simulated_log_lr(ours_truth: np.ndarray, ours_a: np.ndarray, ours_b: np.ndarray, games: int, *,
                     n_sim: int = 2000, seed: int = 0) -> np.ndarray:
    """Log LRs b:a of thesis-sized tables (``games`` per cell) drawn from :func:`smoothed` ``ours_truth``.

    What the ratio would look like had the thesis played by the reading whose games are ``ours_truth``.
    """
    rng = np.random.default_rng(seed)
    sims = rng.multinomial(games, smoothed(ours_truth), size=(n_sim, len(ours_truth)))
    pa, pb = np.log(smoothed(ours_a)), np.log(smoothed(ours_b))
    return (sims * (pb - pa)).sum(axis=(1, 2))


def fit_p_value(theirs: np.ndarray, ours: np.ndarray, *, n_sim: int = 2000, seed: int = 0) -> float:
    """How well ``ours`` explains ``theirs`` on its own: the share of tables of ``theirs``'s size drawn from
    :func:`smoothed` ``ours`` whose :func:`log_likelihood` is at most that of ``theirs`` (small: a poor fit)."""
    theirs = np.asarray(theirs)
    rng = np.random.default_rng(seed)
    p = smoothed(ours)
    sims = np.stack([rng.multinomial(n, q, size=n_sim) for n, q in zip(theirs.sum(axis=1), p, strict=True)], axis=1)
    coef = gammaln(sims.sum(axis=-1) + 1).sum(axis=-1) - gammaln(sims + 1).sum(axis=(-2, -1))
    return float(np.mean(coef + (sims * np.log(p)).sum(axis=(-2, -1)) <= log_likelihood(theirs, ours)))


def evidence_words(log_lr: float) -> str:
    """Kass & Raftery's (1995) words for a Bayes factor, on their 2 ln B scale (either direction)."""
    x = 2 * abs(log_lr)
    return ("not worth more than a bare mention" if x < 2 else "positive" if x < 6 else "strong" if x < 10
            else "very strong")
