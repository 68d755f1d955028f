"""Statistics for the thesis's tables: win rates with Wilson intervals, Fisher's exact test.

The thesis prints Black's win percentage per pairing with the draw percentage in
parentheses, over 9 games a pairing; we add the number of games and an interval so
that a reader can tell a difference from noise.

Layer ``experiments``: it may import every layer but ``report``; it imports none of pawnslib (numpy, pandas and
scipy only).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy.stats import fisher_exact, norm


def wilson(k: int, n: int, level: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for k successes in n trials (NaNs when n is 0)."""
    if n == 0:
        return float("nan"), float("nan")
    z = norm.ppf(0.5 + level / 2)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    # At k = 0 or k = n one end is exactly 0 or 1; say so rather than leave a rounding error.
    return (0.0 if k == 0 else max(0.0, centre - half)), (1.0 if k == n else min(1.0, centre + half))


def pairing_counts(records: list[dict]) -> pd.DataFrame:
    """One row per (black, white) pairing: games, Black wins, draws, White wins, interval."""
    df = pd.DataFrame([{"black": r["black"], "white": r["white"], "result": r["result"]} for r in records])
    rows = []
    for (b, w), g in df.groupby(["black", "white"]):
        n, wins, draws = len(g), int((g.result == "black").sum()), int((g.result == "draw").sum())
        lo, hi = wilson(wins, n)
        rows.append({"black": b, "white": w, "games": n, "black_wins": wins, "draws": draws,
                     "white_wins": n - wins - draws, "win_rate": wins / n, "draw_rate": draws / n,
                     "ci_low": lo, "ci_high": hi})
    return pd.DataFrame(rows)


def thesis_cell(win_rate: float, draw_rate: float) -> str:
    """The thesis's cell format: ``67%`` or, with draws, ``33%(67%)``."""
    cell = f"{100 * win_rate:.0f}%"
    return cell + (f"({100 * draw_rate:.0f}%)" if draw_rate > 0 else "")


def balance_table(counts: pd.DataFrame, with_interval: bool = True) -> pd.DataFrame:
    """Tables 10.2 / 11.1: Black (rows) against White (columns), thesis format + interval."""
    def cell(r):
        s = thesis_cell(r.win_rate, r.draw_rate)
        return f"{s} [{100 * r.ci_low:.0f}-{100 * r.ci_high:.0f}] n={int(r.games)}" if with_interval else s

    t = counts.assign(cell=counts.apply(cell, axis=1)).pivot(index="black", columns="white", values="cell")
    t.index.name, t.columns.name = "Black", "White"
    return t


def compare_pairings(before: pd.DataFrame, after: pd.DataFrame, alpha: float = 0.05) -> pd.DataFrame:
    """Tables 11.2 / 11.3: each pairing's Black win rate before and after, with Fisher's test.

    ``change`` is "improved" / "worse" only when the two-sided Fisher exact test on
    (wins, non-wins) rejects equality at ``alpha``; otherwise "within noise".
    """
    m = before.merge(after, on=["black", "white"], suffixes=("_minimax", "_asym"))
    rows = []
    for r in m.itertuples():
        table = [[r.black_wins_minimax, r.games_minimax - r.black_wins_minimax],
                 [r.black_wins_asym, r.games_asym - r.black_wins_asym]]
        p = fisher_exact(table).pvalue
        delta = r.win_rate_asym - r.win_rate_minimax
        change = "within noise" if p >= alpha else ("improved" if delta > 0 else "worse")
        rows.append({"black": r.black, "white": r.white,
                     "black wins (minimax)": thesis_cell(r.win_rate_minimax, r.draw_rate_minimax),
                     "black wins (asym)": thesis_cell(r.win_rate_asym, r.draw_rate_asym),
                     "games": f"{r.games_minimax} / {r.games_asym}", "delta": delta, "p_value": p,
                     "change": change})
    return pd.DataFrame(rows)


def white_moves(records: list[dict]) -> pd.DataFrame:
    """One row per White move of asymmetric games: its pr (count / n) and the prediction made."""
    rows = [{"black": r["black"], "white": r["white"], "round": r["round"], "ply": t + 1, "count": i["pr"][0],
             "n": i["pr"][1], "pr": i["pr"][0] / i["pr"][1], "prediction_made": i["prediction_made"],
             "predicted": i["predicted"], "likely": i["likely"]}
            for r in records for t, i in enumerate(r.get("info", [])) if "pr" in i]
    return pd.DataFrame(rows)


def prediction_summary(moves: pd.DataFrame) -> dict:
    """Section 11.1.1's figures: predictions made, correct, and the likely set's mean size."""
    made = moves[moves.prediction_made]
    correct = made[made.predicted]
    lo, hi = wilson(len(correct), len(made))
    return {"white moves": len(moves), "predictions made": len(made), "correct": len(correct),
            "share correct": len(correct) / len(made) if len(made) else float("nan"), "ci_low": lo, "ci_high": hi,
            "mean likely set when correct": correct.likely.mean(), "mean replies (branching)": moves.n.mean(),
            "pr = 1 (excluded from Figure 11.1)": int((moves["count"] == moves.n).sum())}


def search_summary(records: list[dict], colour: str = "black") -> dict:
    """Mean nodes and seconds of one colour's searches, and (asymmetric records) the share reaching depth + 2."""
    first = 0 if colour == "black" else 1
    nodes = np.concatenate([r["nodes"][first::2] for r in records])
    seconds = np.concatenate([r["seconds"][first::2] for r in records])
    out = {"searches": len(nodes), "mean nodes": nodes.mean(), "mean seconds": seconds.mean(),
           "median seconds": float(np.median(seconds))}
    infos = [i for r in records for i in r.get("info", [])[first::2] if "extended" in i]
    if infos:
        out["share extended"] = float(np.mean([i["extended"] for i in infos]))
    return out


def strategy_strength(records: list[dict]) -> pd.DataFrame:
    """Per strategy, both colours: games, wins, win rate with interval, and how many others it beats.

    Strategy i *beats* j when, over their games against each other (both colours), i won more than j.
    """
    ids = sorted({r["black"] for r in records} | {r["white"] for r in records})
    won = pd.DataFrame(0, index=ids, columns=ids)  # won.loc[i, j]: games i won against j
    games = dict.fromkeys(ids, 0)
    for r in records:
        games[r["black"]] += 1
        games[r["white"]] += 1
        if r["result"] in ("black", "white"):
            winner, loser = (r["black"], r["white"]) if r["result"] == "black" else (r["white"], r["black"])
            won.loc[winner, loser] += 1
    rows = []
    for i in ids:
        wins = int(won.loc[i].sum())
        lo, hi = wilson(wins, games[i])
        beats = sum(won.loc[i, j] > won.loc[j, i] for j in ids if j != i)
        rows.append({"strategy": i, "games": games[i], "wins": wins, "win_rate": wins / games[i], "ci_low": lo,
                     "ci_high": hi, "beats": int(beats)})
    return pd.DataFrame(rows).set_index("strategy")
