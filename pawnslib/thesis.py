"""The thesis's published figures, and the rule that sets ours beside them.

Every number here is typed from the thesis (Pedersen 2008); Table 10.1 lives in
:data:`pawnslib.strategies.THESIS`. The thesis played 9 games per pairing, so a cell
``"67%(33%)"`` means 6 Black wins and 3 draws of 9.

Verdict for a rate (the thesis's k of n against our k of n):

* **not reproduced**: Fisher's exact test rejects equal rates (p < 0.05);
* **reproduced**: it does not, and the thesis's rate lies inside our 95 % Wilson interval;
* **inconclusive**: neither (the samples do not contradict each other, yet ours points elsewhere).
"""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
from scipy.stats import fisher_exact

from pawnslib.stats import wilson

GAMES_PER_PAIRING = 9
ALPHA = 0.05

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

# Section 11.1.1 and "Additional Stats" of Section 11.2.
CORRECT_PREDICTIONS, PREDICTIONS = 2007, 5520
LIKELY_WHEN_CORRECT = 5  # "on average approximately 5 nodes satisfy seen_before when the prediction was correct"
BRANCHING = (10, 11)  # "the branching factor is usually in the range 10 : 11"
NODES_PLAIN, NODES_ASYM = 2670, 2673
SECONDS_PLAIN, SECONDS_ASYM = 0.197, 0.873


def parse_cell(cell: str) -> tuple[float, float]:
    """``"33%(67%)"`` -> (0.33..., 0.67...): Black's win rate and draw rate."""
    m = re.fullmatch(r"(\d+)%(?:\((\d+)%\))?", cell.strip())
    if not m:
        raise ValueError(f"not a thesis table cell: {cell!r}")
    return int(m.group(1)) / 100, int(m.group(2) or 0) / 100


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

    ``before`` and ``after`` are :func:`pawnslib.stats.pairing_counts`; returns (verdict, change, Fisher p-value).
    """
    key = pd.MultiIndex.from_tuples(list(pairs), names=["black", "white"])
    b, a = before.set_index(["black", "white"]).loc[key], after.set_index(["black", "white"]).loc[key]
    wb, nb, wa, na = b.black_wins.sum(), b.games.sum(), a.black_wins.sum(), a.games.sum()
    p = fisher_exact([[wb, nb - wb], [wa, na - wa]]).pvalue
    delta = wa / na - wb / nb
    return change_verdict(thesis_direction, delta, p), float(delta), float(p)


def compare_table(thesis: list[list[str]], ours: pd.DataFrame) -> pd.DataFrame:
    """Per pairing: the thesis's cell, ours (win rate, interval), the Fisher p-value and the verdict.

    ``ours`` is :func:`pawnslib.stats.pairing_counts` of our games.
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
