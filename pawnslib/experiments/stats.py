"""Statistics for the thesis's tables: win rates with Wilson intervals, per-strategy strength, White's moves.

The thesis prints Black's win percentage per pairing with the draw percentage in parentheses, over 9 games a
pairing; we add the number of games and an interval so that a reader can tell a difference from noise.

Layer ``experiments``: it may import every layer but ``report``; it imports no pawnslib (numpy, pandas, scipy only).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy.stats import bootstrap, norm


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


def wilson_bounds(k, n, level: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
    """:func:`wilson` elementwise over arrays ``k`` and ``n`` (broadcast), the same arithmetic to the last bit: the
    (low, high) arrays, NaN where ``n`` is 0."""
    k, n = np.broadcast_arrays(np.asarray(k, dtype=float), np.asarray(n, dtype=float))
    z = norm.ppf(0.5 + level / 2)
    with np.errstate(divide="ignore", invalid="ignore"):
        p = k / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    lo = np.where(k == 0, 0.0, np.maximum(0.0, centre - half))
    hi = np.where(k == n, 1.0, np.minimum(1.0, centre + half))
    empty = n == 0
    return np.where(empty, np.nan, lo), np.where(empty, np.nan, hi)


def cluster_means(values, clusters, n_boot: int, rng: np.random.Generator,
                  draws: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Bootstrap means of ``values`` resampling whole clusters (each value's cluster in ``clusters``, or each value
    its own when None): the mean over every item of the drawn clusters. Returns (the ``n_boot`` means, the draws of
    cluster indices), the draws reusable for a second statistic on the same clusters (a paired ratio)."""
    x = np.asarray(values, dtype=float)
    ids = np.arange(len(x)) if clusters is None else np.unique(np.asarray(clusters), return_inverse=True)[1]
    sums, counts = np.bincount(ids, weights=x), np.bincount(ids)
    draws = rng.integers(0, len(sums), (n_boot, len(sums))) if draws is None else draws
    return sums[draws].sum(axis=1) / counts[draws].sum(axis=1), draws


def cluster_ci(values: np.ndarray, clusters: np.ndarray, *, level: float = 0.95, n_boot: int = 2000,
               seed: int = 0) -> tuple[float, float]:
    """Percentile interval of the mean of ``values``, resampling whole clusters (rounds, games) with replacement.

    The statistic is the mean over every item of the drawn clusters, so a share of moves clustered in games is
    judged with the games as its replicates, not the moves.
    """
    _, inverse = np.unique(clusters, return_inverse=True)
    sums, counts = np.bincount(inverse, weights=values), np.bincount(inverse)
    rng = np.random.default_rng(seed)
    if len(counts) > 1 and (counts == counts[0]).all():
        # Equal clusters: the mean of cluster means is the pooled mean, so scipy's plain bootstrap applies.
        ci = bootstrap((sums / counts,), np.mean, n_resamples=n_boot, confidence_level=level,
                       method="percentile", rng=rng).confidence_interval
        return float(ci.low), float(ci.high)
    means, _ = cluster_means(values, clusters, n_boot, rng)
    lo, hi = np.quantile(means, [(1 - level) / 2, (1 + level) / 2])
    return float(lo), float(hi)


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


def white_moves(records: list[dict]) -> pd.DataFrame:
    """One row per White move of asymmetric games: its pr (count / n) and the prediction made."""
    rows = [{"black": r["black"], "white": r["white"], "round": r["round"], "ply": t + 1, "count": i["pr"][0],
             "n": i["pr"][1], "pr": i["pr"][0] / i["pr"][1], "prediction_made": i["prediction_made"],
             "predicted": i["predicted"], "likely": i["likely"]}
            for r in records for t, i in enumerate(r.get("info", [])) if "pr" in i]
    return pd.DataFrame(rows)


def game_ids(moves: pd.DataFrame) -> pd.Series:
    """Each move's game, ``"black-white-round"``: the cluster to resample (a game's moves are not independent)."""
    return moves.black.astype(str) + "-" + moves.white.astype(str) + "-" + moves["round"].astype(str)


def prediction_summary(moves: pd.DataFrame, *, seed: int = 0) -> dict:
    """Section 11.1.1's figures: predictions made, correct, the likely set's mean size, and per game the predictions
    and the moves at pr = 1 (Figure 11.1's left-out bar).

    ``moves`` is :func:`white_moves`' frame. The moves of a game are not independent, so every interval resamples
    games (:func:`cluster_ci`, seeded by ``seed``): ``ci_low, ci_high`` of the share correct, ``per_game_lo, _hi`` and
    ``pr_one_lo, _hi`` of the per-game counts.
    """
    game = game_ids(moves)
    made = moves.prediction_made.to_numpy(bool)
    correct = made & moves.predicted.to_numpy(bool)
    games = game.nunique()
    share = cluster_ci(correct[made].astype(float), game[made].to_numpy(), seed=seed) if made.any() else (np.nan,) * 2
    # A per-game count is the mean over a game's moves times its moves: resample games, keep the mean per game.
    per_game = pd.DataFrame({"game": game, "made": made, "pr_one": moves["count"] == moves.n}).groupby("game").sum()
    made_ci = cluster_ci(per_game.made.to_numpy(float), per_game.index.to_numpy(), seed=seed)
    one_ci = cluster_ci(per_game.pr_one.to_numpy(float), per_game.index.to_numpy(), seed=seed)
    return {"white moves": len(moves), "games": games, "predictions made": int(made.sum()),
            "correct": int(correct.sum()), "share correct": correct.sum() / made.sum() if made.any() else np.nan,
            "ci_low": share[0], "ci_high": share[1],
            "mean likely set when correct": moves.likely[correct].mean(), "mean replies (branching)": moves.n.mean(),
            "predictions per game": made.sum() / games, "per_game_lo": made_ci[0], "per_game_hi": made_ci[1],
            "pr = 1 (excluded from Figure 11.1)": int(per_game.pr_one.sum()),
            "pr = 1 per game": per_game.pr_one.sum() / games, "pr_one_lo": one_ci[0], "pr_one_hi": one_ci[1]}


def search_summary(records: list[dict], colour: str = "black") -> dict:
    """Mean nodes of one colour's searches, and (asymmetric records) the share reaching depth + 2 (their wall-clock
    times are the run's timing data: :func:`pawnslib.play.timings.read_timings`)."""
    first = 0 if colour == "black" else 1
    nodes = np.concatenate([r["nodes"][first::2] for r in records])
    out = {"searches": len(nodes), "mean nodes": nodes.mean()}
    infos = [i for r in records for i in r.get("info", [])[first::2] if "extended" in i]
    if infos:
        out["share extended"] = float(np.mean([i["extended"] for i in infos]))
    return out


def tree_effect(plain: list[dict], asym: list[dict]) -> pd.DataFrame:
    """How often Black's other search changed play, per pairing.

    The two tournaments share seeds, so White's search is the same wherever the history is; the first move that differs
    is Black's, and until it the games are one. So a game's Black moves with the same history are its Black moves up
    to the first difference, that one included, and the game changed Black's move once if it differs at all.

    Args:
        plain, asym: the two tournaments' records (with ``moves``), the same (black, white, round) games.

    Returns:
        One row per (black, white): ``games``, ``move_identical``, ``same_result``, ``black_moves`` (searched with
        the same history in both), and of those ``extended`` (the asymmetric search went deeper somewhere),
        ``value_changed`` (its root value differs from the plain search's) and ``changed`` (another Black move).

    Raises:
        ValueError: a game of one tournament missing from the other.
    """
    other = {(r["black"], r["white"], r["round"]): r for r in asym}
    rows = []
    for r in plain:
        a = other.get((r["black"], r["white"], r["round"]))
        if a is None:
            raise ValueError(f"game (black, white, round) = {(r['black'], r['white'], r['round'])} is in one "
                             "tournament only")
        first = next((t for t, (x, y) in enumerate(zip(r["moves"], a["moves"], strict=False)) if x != y), None)
        same = first is None and len(r["moves"]) == len(a["moves"])
        upto = min(len(r["moves"]), len(a["moves"])) if first is None else first + 1
        black = range(0, upto, 2)  # Black's moves searched from the same history
        rows.append({"black": r["black"], "white": r["white"], "move_identical": same,
                     "same_result": r["result"] == a["result"], "black_moves": len(black),
                     "extended": sum(bool(a["info"][t].get("extended")) for t in black),
                     "value_changed": sum(abs(r["values"][t] - a["values"][t]) > 1e-9 for t in black),
                     "changed": first is not None})
    g = pd.DataFrame(rows).groupby(["black", "white"])
    return g.agg(games=("changed", "size"), move_identical=("move_identical", "sum"),
                 same_result=("same_result", "sum"), black_moves=("black_moves", "sum"), extended=("extended", "sum"),
                 value_changed=("value_changed", "sum"), changed=("changed", "sum")).reset_index()


def pair_wins(records: list[dict]) -> pd.DataFrame:
    """Per ordered pair (i, j) of different strategies that met: ``games`` between them (either colour) and ``won``,
    how many of them i won."""
    rows = []
    for r in records:
        winner = {"black": r["black"], "white": r["white"]}.get(r["result"])
        if r["black"] != r["white"]:
            rows += [(r["black"], r["white"], winner == r["black"]), (r["white"], r["black"], winner == r["white"])]
    frame = pd.DataFrame(rows, columns=["i", "j", "won"])
    return frame.groupby(["i", "j"]).agg(won=("won", "sum"), games=("won", "size")).reset_index()


def strategy_strength(records: list[dict]) -> pd.DataFrame:
    """Per strategy, both colours: games, wins, win rate with interval, and how many others it beat at least once
    (``beats``; whether it *can* beat them is :func:`~.thesis.can_beat`'s question, a rate with its interval).
    ``worst_share`` is the smallest share of their games i won against any one other, ``worst_against`` that other.
    """
    ids = sorted({r["black"] for r in records} | {r["white"] for r in records})
    won = pd.DataFrame(0, index=ids, columns=ids)  # won.loc[i, j]: games i won against j
    draws = pd.DataFrame(0, index=ids, columns=ids)  # drawn games between i and j (symmetric)
    games = dict.fromkeys(ids, 0)
    for r in records:
        games[r["black"]] += 1
        games[r["white"]] += 1
        if r["result"] == "draw":
            draws.loc[r["black"], r["white"]] += 1
            draws.loc[r["white"], r["black"]] += r["black"] != r["white"]
        elif r["result"] in ("black", "white"):
            winner, loser = (r["black"], r["white"]) if r["result"] == "black" else (r["white"], r["black"])
            won.loc[winner, loser] += 1
    rows = []
    for i in ids:
        wins = int(won.loc[i].sum())
        lo, hi = wilson(wins, games[i])
        others = [j for j in ids if j != i]
        beats = sum(won.loc[i, j] > 0 for j in others)
        share = {j: won.loc[i, j] / n for j in others if (n := won.loc[i, j] + won.loc[j, i] + draws.loc[i, j])}
        worst = min(share, key=share.get) if share else None
        rows.append({"strategy": i, "games": games[i], "wins": wins, "win_rate": wins / games[i], "ci_low": lo,
                     "ci_high": hi, "beats": int(beats), "worst_share": share.get(worst, np.nan),
                     "worst_against": worst})
    return pd.DataFrame(rows).set_index("strategy")
