"""What Chapter 13's methods cost and how well they predict: Black's search effort and White's predicted replies.

The cost is measured twice: in play (every search's nodes as the tournament recorded them; their seconds are
the run's timing data, :mod:`pawnslib.play.timings`) and back to back (:func:`time_methods`: every method searches
the same positions in turn, so that machine load hits all alike), whose ratio to the baseline has a paired
bootstrap interval. :func:`compare_with_plain` is the same back-to-back timing for the thesis's asymmetric player
alone against the plain search (Chapter 11's claim of its cost, and ``make bench``'s bench_asym). Both take the run's
settings as one :class:`~pawnslib.config.RunSettings` (its seed and depth).

Imports: ``config``, :mod:`pawnslib.dbn`, :mod:`pawnslib.play` (players, records), :mod:`pawnslib.search` (the plain
search, seeds), and the experiments :mod:`~.stats` and :mod:`~.recognition` (the accuracy frame).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy.stats import bootstrap

from pawnslib import config
from pawnslib.config import DEFAULT_SETTINGS, RunSettings
from pawnslib.dbn.model import OpponentModel
from pawnslib.dbn.twoslice import TwoSliceModel
from pawnslib.experiments.recognition import accuracy_table
from pawnslib.experiments.stats import search_summary, white_moves
from pawnslib.play.foresight import move_of
from pawnslib.play.players import AlphaBeta, AsymPlayer
from pawnslib.play.records import GameRecord, positions_of
from pawnslib.play.timings import read_timings
from pawnslib.search.alphabeta import alpha_beta_search
from pawnslib.search.seeds import derive_seed

BASELINE = "plain6"


def black_cost(records: list[GameRecord]) -> dict:
    """Mean nodes of Black's searches (their seconds in play: the run's timing data, :mod:`pawnslib.play.timings`)."""
    return {"nodes_mean": search_summary(records, "black")["mean nodes"]}


def seconds_in_play(run_dir) -> float:
    """Mean seconds of Black's searches in a run's games as it timed them (``timings.json``), or NaN if it has none."""
    summary = read_timings(run_dir)
    return np.nan if summary is None or summary["black"]["mean seconds"] is None else summary["black"]["mean seconds"]


def prediction_quality(records: list[GameRecord]) -> dict:
    """For a predicting method: the share of White moves with a prediction (its predicate called some reply likely),
    the share correct (White played one of them), the likely set's size (:func:`~.stats.white_moves`)."""
    moves = white_moves(records)
    made = moves[moves.prediction_made]
    return {"white_moves": len(moves), "predicted_share": moves.prediction_made.mean(),
            "correct_share": made.predicted.mean(), "correct": int(made.predicted.sum()), "predictions": len(made),
            "likely_mean": made.likely.mean()}


def timed_positions(records: list[GameRecord], games: int, every: int = 4) -> list[tuple[GameRecord, int]]:
    """(game, ply) of every ``every``-th Black move of the first ``games`` games: the positions timed back to back."""
    return [(r, t) for r in records[:games] for t in range(0, r["plies"], 2 * every)]


def time_methods(factories: dict, strategies: dict, positions, *, settings: RunSettings = DEFAULT_SETTINGS,
                 repeats: int = 3) -> pd.DataFrame:
    """Every method's Black search on the same positions, back to back, so that machine load cancels.

    Each predicting player first observes the game's White moves up to the position (its ``seen`` prs as in the game).
    The methods take turns ``repeats`` times on each position; each keeps its shortest.

    Args:
        factories: per method, its Black ``factory(weights, *, depth, opponent, noise)`` (None: plain alpha-beta).
        strategies: the set's ``{id: weights}``.
        positions: (game, ply) pairs (:func:`timed_positions`).
        settings: the run: its seed is the master seed of the searches' noise, its noise their scheme, its depth
            the comparison's.
        repeats: turns per position.

    Returns:
        One row per (position, method): ``position``, ``method``, ``seconds``, ``nodes``.
    """
    methods, seed, depth, noise = list(factories), settings.seed, settings.depth, settings.noise
    rows = []
    for j, (r, t) in enumerate(positions):
        hist, s = positions_of(r, t), derive_seed(seed, r["black"], r["white"], r["round"], t)
        s_reply = derive_seed(seed, r["black"], r["white"], r["round"], t + 1)  # White's next search's (an oracle's)
        players = {}
        for m, f in factories.items():
            black, white = strategies[r["black"]], strategies[r["white"]]
            players[m] = p = (f(black, depth=depth, opponent=white, noise=noise) if f
                              else AlphaBeta(black, depth=depth, noise=noise))
            if isinstance(p, AsymPlayer):
                for k in range(2, len(hist), 2):
                    p.observe(hist[: k + 1])
        if j == 0:  # load every compiled kernel before timing anything
            for p in players.values():
                move_of(p, hist, s, s_reply)
        best = {m: (np.inf, 0) for m in methods}
        for _ in range(repeats):
            for m, p in players.items():
                res = move_of(p, hist, s, s_reply)
                best[m] = (min(best[m][0], res.seconds), res.nodes)
        rows += [{"position": j, "method": m, "seconds": sec, "nodes": n} for m, (sec, n) in best.items()]
    return pd.DataFrame(rows)


def time_ratios(times: pd.DataFrame, *, baseline: str = BASELINE, n_boot: int = 2000,
                seed: int = config.SEED) -> pd.DataFrame:
    """Per method, its total time over the timed positions against the baseline's, with a bootstrap interval."""
    wide = times.pivot(index="position", columns="method", values="seconds")
    rows = []
    for m in wide.columns:
        a, b = wide[m].to_numpy(), wide[baseline].to_numpy()
        ci = bootstrap((a, b), lambda x, y: x.sum() / y.sum(), paired=True, vectorized=False, n_resamples=n_boot,
                       method="percentile", rng=np.random.default_rng(seed)).confidence_interval
        rows.append({"method": m, "time_ratio": a.sum() / b.sum(), "time_ratio_lo": ci.low, "time_ratio_hi": ci.high,
                     "timed_positions": len(a)})
    return pd.DataFrame(rows)


def recognition_in_play(records: list[GameRecord], ids) -> pd.DataFrame:
    """How often a recognising player's P(S_w | White's moves so far) names White's true strategy, by White move.

    Args:
        records: games of :class:`pawnslib.play.players.RecognisingPlayer` (``prom-dbn``), whose Black moves
            record ``p_sw`` in their ``info``.
        ids: the strategy ids in ``p_sw``'s order (the model's ``strategy_ids``).

    Returns:
        :func:`~.recognition.accuracy_table`'s frame: row j, the posterior Black searched with after White's j-th move.
    """
    ids = list(ids)
    hits, probs = [], []
    for r in records:
        post = np.array([r["info"][ply]["p_sw"] for ply in range(2, r["plies"], 2)]).reshape(-1, len(ids))
        hits.append(np.asarray(ids)[post.argmax(1)] == r["white"])
        probs.append(post[:, ids.index(r["white"])])
    return accuracy_table(hits, probs, len(ids))


def compare_with_plain(records: list[GameRecord], model: OpponentModel | TwoSliceModel, strategies: dict, *,
                       settings: RunSettings = DEFAULT_SETTINGS, every: int = 4,
                       mostlikely: str | tuple = "seen_before", repeats: int = 1) -> pd.DataFrame:
    """Plain and asymmetric search on the same positions, back to back (as :func:`time_methods`): the fair comparison.

    The positions are every ``every``-th Black move of the games in ``records``, searched with Black's strategy; the
    asymmetric player first observes the game's White moves (its ``seen_before`` state as in that game); the two
    searches take turns ``repeats`` times on each position, each keeping its shortest time.

    Args:
        records: games whose Black ids are ``strategies``' and the model's.
        model: the asymmetric player's opponent model.
        strategies: ``{id: weights}``.
        settings: the run: its depth and noise scheme are both searches' (nothing else of it is read).
        every: time every ``every``-th Black move.
        mostlikely: the asymmetric player's predicate.
        repeats: turns per position.

    Returns:
        One row per position: ``game`` (its index in ``records``), ``plain_seconds``, ``asym_seconds``,
        ``plain_nodes``, ``asym_nodes``, ``extended``, ``pe_children``.

    Raises:
        ValueError: ``repeats`` is not a positive integer.
    """
    if isinstance(repeats, bool) or not isinstance(repeats, (int, np.integer)) or repeats < 1:
        raise ValueError(f"repeats must be a positive integer, got {repeats!r}")
    depth, noise, rows = settings.depth, settings.noise, []
    for game, r in enumerate(records):
        for t in range(0, r["plies"], 2 * every):
            hist = positions_of(r, t)
            seed = derive_seed(r["round"], r["black"], r["white"], t)
            player = AsymPlayer(tuple(strategies[r["black"]]), model, r["black"], depth=depth, mostlikely=mostlikely,
                                noise=noise)
            for j in range(2, len(hist), 2):
                player.observe(hist[: j + 1])
            if not rows:  # load the compiled kernels before timing anything
                alpha_beta_search(hist[-1], player.weights, depth, seed=seed, noise=noise)
                AsymPlayer(player.weights, model, player.black_strategy, depth=depth, mostlikely=mostlikely,
                           noise=noise).choose(hist, seed)
            times = []
            for _ in range(repeats):  # the asymmetric search's state (seen prs) is only read, so repeats agree
                plain = alpha_beta_search(hist[-1], player.weights, depth, seed=seed, noise=noise)
                asym = player.choose(hist, seed)
                times.append((plain.seconds, asym.seconds))
            plain_seconds, asym_seconds = np.min(times, axis=0)
            rows.append({"game": game, "plain_seconds": plain_seconds, "asym_seconds": asym_seconds,
                         "plain_nodes": plain.nodes, "asym_nodes": asym.nodes, "extended": asym.info["extended"],
                         "pe_children": asym.info["pe_children"]})
    return pd.DataFrame(rows)
