"""MAX_PR, the threshold rule's bound on the pessimistic ratio, chosen on the training games (Chapter 13).

The threshold rule calls a White reply likely when its pr is below MAX_PR (the thesis's naive rule);
``seen_before`` calls it likely when its pr is one White has played before in the game. To compare the
two at equal effort, MAX_PR is the value at which the share of White's replies called likely equals
``seen_before``'s, measured on the minimax games the opponent model learnt from: never on the games
the rules are compared on.

Its entries take the run's settings as one :class:`~pawnslib.config.RunSettings`.

Imports: :mod:`pawnslib.game`, :mod:`pawnslib.guided` (P(e) of the replies, pr), :mod:`pawnslib.play` (records)
and :mod:`pawnslib.experiments.pipeline` (the training games and the model).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from pawnslib.config import DEFAULT_SETTINGS, RunSettings
from pawnslib.experiments import pipeline
from pawnslib.game.position import Move, Position
from pawnslib.game.rules import MAX_MOVES
from pawnslib.guided.predict import Predictor, pr_counts_into
from pawnslib.guided.replies import reply_log_pe
from pawnslib.play.records import GameRecord, after_opening


def reply_ranks(model, records: list[GameRecord], *, n_slices: int | None = None,
                random_seed: int = -1) -> pd.DataFrame:
    """Every White move of ``records`` as the model ranks it: one row per White move.

    Columns: ``game`` (the record's index), ``n`` (replies), ``counts`` (every reply's pr numerator, pr =
    count / n), ``played`` (the actual reply's index) and ``seen`` (which replies ``seen_before`` called likely,
    given the prs White played earlier in the game).

    ``n_slices`` unrolls the model to another number of time slices (default its own); ``random_seed >= 0``
    replaces P(e) by the random control's seeded number per child.
    """
    replies = model.reply_model  # a two-slice model scores White's replies with White's slice
    arrays = replies.kernel_arrays()
    n_hist = (replies.n_slices if n_slices is None else n_slices) - 1
    if n_hist < 0:
        raise ValueError(f"n_slices must be >= 1, got {n_slices}")
    moves, logpe = np.empty(MAX_MOVES, np.int64), np.empty(MAX_MOVES)
    rows = []
    for g, r in enumerate(map(after_opening, records)):  # a seeded opening's random moves are no White choice
        pred, texts = Predictor(), r["positions"]
        states = replies.discretise(np.array(r["features"]))  # every position's, once: P(e) reads the history's
        sb = replies.check_sb(r["black"])
        for t in range(1, len(texts) - 1, 2):  # White to move at odd plies
            parent = Position.from_text(texts[t], rules=r["rules"])
            n = reply_log_pe(parent.array, states[: t + 1], n_hist, arrays, sb, random_seed, moves, logpe)
            played = [str(Move.from_code(m)) for m in moves[:n]].index(r["moves"][t])
            counts = np.empty(n, np.int64)
            pr_counts_into(logpe[:n], counts)
            rows.append({"game": g, "n": n, "counts": counts, "played": played, "seen": pred.likely(logpe[:n])})
            pred.observe(logpe[:n], played)
    return pd.DataFrame(rows)


def threshold_likely(counts: np.ndarray, n: int, max_pr: float) -> np.ndarray:
    """The threshold rule: which replies (pr numerators ``counts`` of ``n``) have pr < ``max_pr``; pr = 1, all
    replies alike, is never a prediction."""
    return (counts < max_pr * n) & (counts < n)


def threshold_sweep(ranks: pd.DataFrame, grid: np.ndarray | None = None) -> tuple[pd.DataFrame, float, float]:
    """The threshold rule pr < MAX_PR over a grid of MAX_PR, and the MAX_PR that matches ``seen_before``.

    Args:
        ranks: :func:`reply_ranks` of the training games.
        grid: candidate MAX_PR values (default 0 to 1 in steps of 1/400).

    Returns:
        (sweep, max_pr, target): per MAX_PR the share of replies predicted likely, the share of White
        moves with a prediction, and the share of predictions correct (the actual reply likely);
        the chosen MAX_PR (the smallest whose share of likely replies is nearest ``seen_before``'s);
        and ``seen_before``'s share.
    """
    grid = np.linspace(0, 1, 401) if grid is None else np.asarray(grid, float)
    n = ranks.n.to_numpy()
    counts = np.concatenate(ranks.counts.to_numpy())
    owner = np.repeat(np.arange(len(ranks)), n)
    played = np.array([c[p] for c, p in zip(ranks.counts, ranks.played, strict=True)])
    rows = []
    for m in grid:
        likely = threshold_likely(counts, np.repeat(n, n), m)
        made = np.bincount(owner, likely, len(ranks)) > 0
        hit = made & threshold_likely(played, n, m)
        rows.append({"max_pr": m, "share_likely": likely.mean(), "share_made": made.mean(),
                     "share_correct": hit.sum() / made.sum() if made.any() else np.nan})
    sweep = pd.DataFrame(rows)
    target = float(np.concatenate(ranks.seen.to_numpy()).mean())
    best = int(np.argmin(np.abs(sweep.share_likely.to_numpy() - target)))  # argmin takes the first: the smallest
    return sweep, float(grid[best]), target


def training_ranks(results: str | Path, set_name: str, slices: int, *,
                   settings: RunSettings = DEFAULT_SETTINGS) -> pd.DataFrame:
    """:func:`reply_ranks` of the set's training games by its model.

    Args:
        results: the results folder (the reading's).
        set_name: the strategy set.
        slices: the model's slices (1 or 2).
        settings: the run: the training games are its first ``train_rounds`` minimax rounds (of its depth, seed
            and reading), and its model was trained on them (trained here if missing).

    Returns:
        :func:`reply_ranks`' frame.

    Raises:
        ValueError: an unknown set or bad arguments.
        ModelFileError: the model file was trained on other games.
    """
    model = pipeline.opponent_model(results, set_name, settings=settings, slices=slices)
    games = pipeline.set_tournament(results, set_name, settings=settings.replace(rounds=settings.train_rounds))
    return reply_ranks(model, games)


def max_pr(results: str | Path, set_name: str, slices: int, *, settings: RunSettings = DEFAULT_SETTINGS) -> float:
    """The threshold methods' MAX_PR for a model, chosen on its training games (:func:`threshold_sweep`).

    Args:
        results, set_name, slices, settings: as :func:`training_ranks`.

    Returns:
        The MAX_PR whose share of likely replies is nearest ``seen_before``'s.
    """
    return threshold_sweep(training_ranks(results, set_name, slices, settings=settings))[1]
