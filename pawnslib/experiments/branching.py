"""The branching factor (legal moves per position) of random and of recorded games, with intervals over games.

Positions of one game are not independent, so intervals resample whole games (a cluster bootstrap of the mean
over positions). The thesis's "usually in the range 10 : 11" is :data:`~.thesis.BRANCHING`.

A random game takes its reading (``rules``) and a generator, as a game does; ``seed`` here seeds a bootstrap.

Imports: ``config``, :mod:`pawnslib.game` (positions, the move counter), :mod:`pawnslib.play.records` (games'
positions), :mod:`~pawnslib.experiments.thesis` (the thesis's range) and :mod:`~.stats` (the cluster bootstrap).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import numpy as np
import pandas as pd

from pawnslib import config
from pawnslib.experiments import thesis
from pawnslib.experiments.stats import cluster_means
from pawnslib.game.kernels import count_moves
from pawnslib.game.position import Position
from pawnslib.play.records import positions_of


def random_game(rng: np.random.Generator, rules: str = config.RULES) -> list[Position]:
    """The positions of one game, from the start under ``rules``, in which every move is drawn uniformly
    (``rng.integers``) from the legal ones."""
    game = [Position.start(rules=rules)]
    while game[-1].result is None:
        legal = game[-1].legal_moves()
        game.append(game[-1].play(legal[rng.integers(len(legal))]))
    return game


def moves_table(games: Iterable[list[Position]]) -> pd.DataFrame:
    """One row per position of each game but its last (which has no moves): ``game`` (its number, from 0),
    ``rules``, ``ply``, ``moves`` (legal moves there) and ``result`` (the game's, on every row)."""
    rows = [{"game": g, "rules": p.rules, "ply": p.ply, "moves": int(count_moves(p.array)), "result": game[-1].result}
            for g, game in enumerate(games) for p in game[:-1]]
    return pd.DataFrame(rows, columns=["game", "rules", "ply", "moves", "result"])


def records_moves_table(records: Iterable[Mapping]) -> pd.DataFrame:
    """:func:`moves_table` of recorded games, each rebuilt under its own reading (:func:`positions_of`)."""
    return moves_table(positions_of(r) for r in records)


def cluster_interval(values, clusters, *, level: float = 0.95, n_boot: int = 2000,
                     seed: int = config.SEED) -> tuple[float, float, float]:
    """(mean, low, high): the mean of ``values`` and a percentile-bootstrap interval that resamples clusters.

    Args:
        values: one number per observation (e.g. the moves of a position).
        clusters: the cluster of each observation (e.g. its game); whole clusters are drawn with replacement and
            the mean is over all their observations (:func:`~.stats.cluster_means`).
        level, n_boot, seed: the interval's coverage, the bootstrap resamples and their seed.

    Raises:
        ValueError: no values, or ``values`` and ``clusters`` of different lengths.
    """
    x = np.asarray(values, dtype=float)
    if len(x) == 0 or len(x) != len(clusters):
        raise ValueError(f"need as many clusters as values, and some: {len(x)} values, {len(clusters)} clusters")
    boots, _ = cluster_means(x, clusters, n_boot, np.random.default_rng(seed))
    lo, hi = np.quantile(boots, [(1 - level) / 2, (1 + level) / 2])
    return float(x.mean()), float(lo), float(hi)


def summary(table: pd.DataFrame, *, band: tuple[int, int] = thesis.BRANCHING, seed: int = config.SEED) -> pd.Series:
    """The branching factor of one :func:`moves_table`: mean moves per position with its 95 % interval over games,
    the median, the share of positions with a number of moves in ``band`` (inclusive; with its interval), the mean
    of the per-game means, the mean game length and the games' results."""
    low, high = band
    mean, lo, hi = cluster_interval(table.moves, table.game, seed=seed)
    in_band = table.moves.between(low, high)
    share, s_lo, s_hi = cluster_interval(in_band, table.game, seed=seed)
    per_game = table.groupby("game")
    results = per_game.result.first().value_counts(normalize=True)
    return pd.Series({
        "games": per_game.ngroups, "positions": len(table),
        "mean moves": mean, "mean 95% low": lo, "mean 95% high": hi, "median moves": table.moves.median(),
        f"share {low}-{high} moves": share, "share 95% low": s_lo, "share 95% high": s_hi,
        "mean of per-game means": per_game.moves.mean().mean(),
        "mean game length (plies)": per_game.size().mean(),
        **{f"share {'drawn' if k == 'draw' else f'won by {k}'}": results.get(k, 0.0)
           for k in ("black", "white", "draw")},
    })


def position(mean: float, band: tuple[int, int] = thesis.BRANCHING, lo: float | None = None,
             hi: float | None = None) -> str:
    """Where a mean (and its interval ``lo``..``hi``, if given) lies with respect to ``band``, in words."""
    lo, hi = mean if lo is None else lo, mean if hi is None else hi
    if hi < band[0]:
        return "below"
    if lo > band[1]:
        return "above"
    return "inside" if band[0] <= lo and hi <= band[1] else "overlapping"


__all__ = ["cluster_interval", "moves_table", "position", "random_game", "records_moves_table", "summary"]
