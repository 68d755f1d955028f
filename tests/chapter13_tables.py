"""Hand-made Chapter 13 tables (the saved ``ch13_*`` tables' columns) for the tests of its verdicts and words."""

import numpy as np
import pandas as pd


def methods(rows, halfwidth: float = 0.02) -> pd.DataFrame:
    """A ch13_methods table from (method, diff, p_holm[, nodes ratio]) after plain6's row: intervals +-2 points,
    simultaneous +-3, each (plain6's apart) ``halfwidth`` wide."""
    rows = [r if len(r) == 4 else (*r, 1.0) for r in rows]
    return pd.DataFrame([{"method": m, "games": 1600, "diff": d, "diff_lo": d - 0.02, "diff_hi": d + 0.02,
                          "diff_lo_all": d - 0.03, "diff_hi_all": d + 0.03, "p": p, "p_holm": p, "rounds_needed": 25,
                          "halfwidth": np.nan if m == "plain6" else halfwidth, "nodes_mean": 1000 * n}
                         for m, d, p, n in [("plain6", 0, np.nan, 1.0), *rows]])


def contrasts(om_white1: float, matched_white1: float, matched_vs_om: float, p: float = 1e-4) -> pd.DataFrame:
    """A foresight contrasts table: the oracle +6 points on plain6, +1 on plain8, +5 on one-hist; OM search against
    White 1 and with White's depth matched as given."""
    rows = [("oracle", "plain6", "all", 0.06), ("oracle", "plain8", "all", 0.01), ("oracle", "one-hist", "all", 0.05),
            ("om-matched", "om-perfect", "all", 0.04), ("om-matched", "plain6", "all", -0.01),
            ("om-perfect", "plain6", "1", om_white1), ("om-matched", "plain6", "1", matched_white1),
            ("om-matched", "om-perfect", "1", matched_vs_om)]
    return pd.DataFrame([{"method": m, "against": a, "white": w, "games": 1600 if w == "all" else 400, "diff": d,
                          "diff_lo": d - 0.02, "diff_hi": d + 0.02, "p": p,
                          "p_holm": p if abs(d) > 0.02 else 0.5} for m, a, w, d in rows])


def white_map(rows) -> pd.DataFrame:
    """A map table (predictability.map_table's columns) from (White's noise, depth, method, plain6 score, diff, lo,
    hi, p_holm)."""
    out = pd.DataFrame(rows, columns=["white_noise", "white_depth", "method", "plain6_score", "diff", "diff_lo",
                                      "diff_hi", "p_holm"])
    return out.assign(games=400, distinct_games=400, score=out.plain6_score + out["diff"], p=out.p_holm / 2,
                      predictability=out.white_noise.map({"none": 1.0, "thesis": 0.64}),
                      diff_lo_all=out.diff_lo - 0.01, diff_hi_all=out.diff_hi + 0.01, plain8_share=0.2)


MAP_ROWS = [("none", 2, "plain8", 0.8, 0.10, 0.08, 0.12, 0.001), ("none", 2, "oracle", 0.8, 0.02, -0.01, 0.05, 0.6),
            ("thesis", 6, "plain8", 0.67, 0.09, 0.07, 0.11, 0.001),
            ("thesis", 6, "oracle", 0.67, 0.0, -0.02, 0.02, 1.0)]


def loss(rows) -> pd.DataFrame:
    """An oracle-loss table from (White's depth, pairings, method, against, diff, lo, hi, p_holm)."""
    out = pd.DataFrame(rows, columns=["white_depth", "pairings", "method", "against", "diff", "diff_lo", "diff_hi",
                                      "p_holm"])
    return out.assign(games=400, p=out.p_holm / 2)


def loss_rows(lost_at_5: bool) -> list[tuple]:
    """The oracle's loss: on and off the diagonal at White 6 and 5, White 5 against plain6 lost or not, and
    oracle-deep removing the loss against plain6."""
    at5 = (-0.07, -0.09, -0.05, 0.001) if lost_at_5 else (-0.01, -0.03, 0.01, 0.5)
    return [(6, "diagonal", "oracle", "plain6", -0.08, -0.14, -0.02, 0.02),
            (6, "off the diagonal", "oracle", "plain6", -0.08, -0.11, -0.05, 0.001),
            (5, "diagonal", "oracle", "plain6", -0.04, -0.09, 0.0, 0.2),
            (5, "off the diagonal", "oracle", "plain6", -0.08, -0.1, -0.06, 0.001),
            (5, "all", "oracle", "plain6", *at5),
            (6, "all", "oracle-deep", "plain6", 0.0, -0.02, 0.02, 0.9),
            (6, "all", "oracle-deep", "oracle", 0.08, 0.06, 0.1, 0.001),
            (6, "all", "oracle-deep", "plain8", -0.1, -0.12, -0.08, 0.001)]
