"""Strategy recognition with the opponent model (beyond the thesis): P(S_w | evidence).

EM numbers the latent states of S_w arbitrarily (label switching). Given the true White ids
of the training rows (known to us, hidden from EM), :func:`latent_mass` sums each latent
state's posterior mass per true id and :func:`match_latent_states` picks the matching of most
mass (``linear_sum_assignment``); ``OpponentModel.fit(..., white_truth=...)`` reorders S_w's
states by it, so that state i means strategy ``strategy_ids[i]`` (``sw_matched``). P(e) sums
S_w out, so it does not depend on this.

:func:`recognition_trace` gives P(S_w | the game so far) after each White move, and
:func:`recognition_accuracy` how often its best guess names White's true strategy. Every
posterior here is a softmax of :func:`pawnslib.pe.sw_loglik_into`, the one per-strategy
log-likelihood, run over many chains at once by :func:`pawnslib.pe.sw_loglik_chains_into`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd
from scipy.optimize import linear_sum_assignment
from scipy.special import softmax

from pawnslib.pe import sw_loglik_chains_into
from pawnslib.rows import row_columns, validate_rows

if TYPE_CHECKING:  # dbn imports this module (fit matches latent states)
    from pawnslib.dbn import OpponentModel


def _posteriors(model: OpponentModel, states: np.ndarray, starts: np.ndarray, stops: np.ndarray,
                sb: np.ndarray) -> np.ndarray:
    """(C, K): P(S_w | chain c, S_b = sb[c]) for the chains ``states[starts[c]:stops[c]]``."""
    out = np.empty((len(starts), len(model.strategy_ids)))
    sw_loglik_chains_into(model.kernel_arrays(), np.ascontiguousarray(states, np.int64), starts.astype(np.int64),
                          stops.astype(np.int64), sb.astype(np.int64), out)
    return softmax(out, axis=1)


def row_posteriors(model: OpponentModel, rows: pd.DataFrame) -> np.ndarray:
    """P(S_w | row) for each training row: EM's E-step for S_w.

    Args:
        model: the opponent model.
        rows: training rows (:func:`pawnslib.rows.training_rows`).

    Returns:
        (R, K), in S_w's state order; each row is the two-slice chain F_prev, F.

    Raises:
        ValueError: invalid rows (see :func:`pawnslib.rows.validate_rows`).
    """
    rows = validate_rows(rows, n_strategies=len(model.strategy_ids))
    nf = len(model.feature_names)
    raw = rows[row_columns(feature_names=model.feature_names)[: 2 * nf]].to_numpy(np.int64)
    states = np.empty((2 * len(rows), nf), np.int64)  # row r is the chain states[2r : 2r + 2]
    states[0::2], states[1::2] = model.discretise(raw[:, :nf]), model.discretise(raw[:, nf:])
    starts = np.arange(0, 2 * len(rows), 2)
    return _posteriors(model, states, starts, starts + 2, rows["S_b"].to_numpy(np.int64))


def latent_mass(model: OpponentModel, rows: pd.DataFrame, white_truth: Sequence[int]) -> np.ndarray:
    """Posterior mass of each latent S_w state per true White id.

    Args:
        model: the opponent model.
        rows: training rows.
        white_truth: White's true strategy id per row.

    Returns:
        (K, K): [j, i] = the sum over rows whose true White id is ``strategy_ids[i]`` of
        P(S_w = state j | row).

    Raises:
        ValueError: invalid rows, or ``white_truth`` of the wrong length or with unknown ids.
    """
    post = row_posteriors(model, rows)
    truth = np.asarray(white_truth)
    if truth.shape != (len(post),) or not np.isin(truth, model.strategy_ids).all():
        raise ValueError(f"white_truth must hold {len(post)} ids from {model.strategy_ids}")
    return np.stack([post[truth == i].sum(axis=0) for i in model.strategy_ids], axis=1)


def match_latent_states(model: OpponentModel, rows: pd.DataFrame, white_truth: Sequence[int]) -> np.ndarray:
    """The matching of latent S_w states to strategy ids of most :func:`latent_mass`.

    Args:
        model, rows, white_truth: as :func:`latent_mass`.

    Returns:
        ``order`` (K,) int64: ``order[i]`` is the latent state matched to ``strategy_ids[i]``
        (what ``OpponentModel.permute_sw`` takes).

    Raises:
        ValueError: as :func:`latent_mass`.
    """
    latent, strategy = linear_sum_assignment(-latent_mass(model, rows, white_truth))
    order = np.empty(len(latent), np.int64)
    order[strategy] = latent
    return order


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
    return _posteriors(model, states, starts, stops, np.full(len(stops), sb))


def recognition_accuracy(model: OpponentModel, records: Iterable[dict], *, window: int | None = None) -> pd.DataFrame:
    """How well argmax P(S_w | game so far) names White's true strategy, by White move.

    Args:
        model: an opponent model whose S_w states are matched to ids (``sw_matched``).
        records: game records with ``"black"``, ``"white"`` and ``"features"``.
        window: as :func:`recognition_trace`.

    Returns:
        One row per White move number: ``games`` (still running), ``accuracy``,
        ``p_true`` (mean posterior of the true id) and ``chance`` (1/K).

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
    moves = np.concatenate([np.arange(1, len(h) + 1) for h in hits]) if hits else np.empty(0, int)
    df = pd.DataFrame({"move": moves, "hit": np.concatenate(hits) if hits else [],
                       "p": np.concatenate(probs) if probs else []})
    out = df.groupby("move").agg(games=("hit", "size"), accuracy=("hit", "mean"), p_true=("p", "mean"))
    out["chance"] = 1.0 / len(ids)
    return out
