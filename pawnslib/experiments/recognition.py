"""Recognising White's strategy during a game with the opponent model (beyond the thesis), and how well it does.

:func:`recognition_trace` gives P(S_w | the game so far) after each White move (the model's posteriors,
:func:`pawnslib.dbn.recognition.chain_posteriors`), :func:`recognition_accuracy` how often its best guess names
White's true strategy, and :func:`accuracy_table` the frame every recogniser's accuracy is reported in (with
Wilson intervals). It carries no run settings: it reads a model and recorded games.

Imports: :mod:`pawnslib.dbn` (the posteriors) and :mod:`pawnslib.experiments.stats` (Wilson intervals).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
import pandas as pd

from pawnslib.dbn.model import OpponentModel
from pawnslib.dbn.recognition import chain_posteriors
from pawnslib.experiments.stats import wilson


def recognition_trace(model: OpponentModel, features: np.ndarray, sb: int, *, window: int | None = None) -> np.ndarray:
    """P(S_w | the game so far) after each White move.

    Args:
        model: the opponent model.
        features: (T+1, F) raw scores of x_0..x_T of one game.
        sb: Black's strategy id.
        window: slices of evidence (the last ``window`` White positions); None = all.

    Returns:
        (J, K): row j-1 is the posterior given White's chain x_0, x_2, ..., x_{2j} (its
        last ``window`` positions), in S_w's state order.

    Raises:
        ValueError: wrong shape, NaNs, an unknown strategy id, or ``window`` < 1.
    """
    sb = model.check_sb(sb)
    if window is not None and (isinstance(window, bool) or window < 1):
        raise ValueError(f"window must be >= 1 or None, got {window!r}")
    states = model.discretise(np.asarray(features)[0::2])
    stops = np.arange(2, len(states) + 1)  # the chain after White's j-th move ends at x_{2j}
    starts = np.zeros_like(stops) if window is None else np.maximum(0, stops - window)
    return chain_posteriors(model, states, starts, stops, np.full(len(stops), sb))


def recognition_accuracy(model: OpponentModel, records: Iterable[dict], *, window: int | None = None) -> pd.DataFrame:
    """How well argmax P(S_w | game so far) names White's true strategy, by White move.

    Args:
        model: an opponent model whose S_w states are matched to ids (``sw_matched``).
        records: game records with ``"black"``, ``"white"`` and ``"features"``.
        window: as :func:`recognition_trace`.

    Returns:
        One row per White move number (:func:`accuracy_table`): ``games`` (still running), ``hits``,
        ``accuracy`` with its Wilson interval, ``p_true`` (mean posterior of the true id) and ``chance`` (1/K).

    Raises:
        ValueError: the model's S_w states are not matched to ids (fit with
            ``white_truth``), or a record is malformed.
    """
    if not model.sw_matched:
        raise ValueError("S_w's latent states are not matched to strategy ids: fit with white_truth=...")
    hits, probs = [], []
    ids = np.array(model.strategy_ids)
    for rec in records:
        post = recognition_trace(model, np.asarray(rec["features"]), int(rec["black"]), window=window)
        true = model.strategy_ids.index(int(rec["white"]))
        hits.append(ids[post.argmax(1)] == rec["white"])
        probs.append(post[:, true])
    return accuracy_table(hits, probs, len(ids))


def accuracy_table(hits: Sequence[np.ndarray], probs: Sequence[np.ndarray], k: int) -> pd.DataFrame:
    """A recogniser's accuracy by White move, from each game's guesses: the frame every recogniser returns.

    Args:
        hits: per game, whether the guess after White's 1st, 2nd, ... move named the true strategy.
        probs: per game, the probability given to the true strategy after each White move.
        k: the number of candidate strategies (chance is 1/k).

    Returns:
        One row per White move number (index ``move``): ``games`` still running, ``hits``, ``accuracy``
        with its 95 % Wilson interval ``ci_low`` and ``ci_high``, ``p_true`` (mean probability of the true
        strategy) and ``chance``.
    """
    moves = np.concatenate([np.arange(1, len(h) + 1) for h in hits]) if len(hits) else np.empty(0, int)
    df = pd.DataFrame({"move": moves, "hit": np.concatenate(hits) if len(hits) else np.empty(0, bool),
                       "p": np.concatenate(probs) if len(probs) else np.empty(0)})
    out = df.groupby("move").agg(games=("hit", "size"), hits=("hit", "sum"), accuracy=("hit", "mean"),
                                 p_true=("p", "mean"))
    ci = [wilson(int(h), int(n)) for h, n in zip(out.hits, out.games, strict=True)]
    out["ci_low"], out["ci_high"] = [c[0] for c in ci], [c[1] for c in ci]
    out["chance"] = 1.0 / k
    return out
