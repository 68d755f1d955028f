"""Strategy recognition with the opponent model (beyond the thesis): P(S_w | evidence).

EM numbers the latent states of S_w arbitrarily (label switching). Given the true White ids
of the training rows (known to us, hidden from EM), :func:`latent_mass` sums each latent
state's posterior mass per true id and :func:`match_latent_states` picks the matching of most
mass (``linear_sum_assignment``); ``OpponentModel.fit(..., white_truth=...)`` reorders S_w's
states by it, so that state i means strategy ``strategy_ids[i]`` (``sw_matched``). P(e) sums
S_w out, so it does not depend on this. The mass is what each model's EM assigned: a row
model's per row (:func:`row_posteriors`), a per-game model's per game (:func:`game_posteriors`,
P(S_w | all the game's rows), each game counting once whatever its length).

:func:`recognition_trace` gives P(S_w | the game so far) after each White move, and
:func:`recognition_accuracy` how often its best guess names White's true strategy. Every
posterior here is a softmax of :func:`~.pe.sw_loglik_into`, the one per-strategy
log-likelihood, run over many chains at once by :func:`~.pe.sw_loglik_chains_into`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd
from scipy.optimize import linear_sum_assignment
from scipy.special import softmax

from pawnslib.dbn.pe import sw_loglik_chains_into
from pawnslib.dbn.rows import game_ids, row_columns, validate_rows
from pawnslib.experiments.stats import wilson

if TYPE_CHECKING:  # dbn imports this module (fit matches latent states)
    from pawnslib.dbn.model import OpponentModel


def _logliks(model: OpponentModel, states: np.ndarray, starts: np.ndarray, stops: np.ndarray,
             sb: np.ndarray) -> np.ndarray:
    """(C, K): log P(chain c, S_b = sb[c], S_w) for the chains ``states[starts[c]:stops[c]]``."""
    out = np.empty((len(starts), len(model.strategy_ids)))
    sw_loglik_chains_into(model.kernel_arrays(), np.ascontiguousarray(states, np.int64), starts.astype(np.int64),
                          stops.astype(np.int64), sb.astype(np.int64), out)
    return out


def _posteriors(model: OpponentModel, states: np.ndarray, starts: np.ndarray, stops: np.ndarray,
                sb: np.ndarray) -> np.ndarray:
    """(C, K): P(S_w | chain c, S_b = sb[c]) for the chains ``states[starts[c]:stops[c]]``."""
    return softmax(_logliks(model, states, starts, stops, sb), axis=1)


def _row_logliks(model: OpponentModel, rows: pd.DataFrame) -> np.ndarray:
    """(R, K): log P(row r, S_w) of checked rows, each the two-slice chain F_prev, F."""
    nf = len(model.feature_names)
    raw = rows[row_columns(feature_names=model.feature_names)[: 2 * nf]].to_numpy(np.int64)
    states = np.empty((2 * len(rows), nf), np.int64)  # row r is the chain states[2r : 2r + 2]
    states[0::2], states[1::2] = model.discretise(raw[:, :nf]), model.discretise(raw[:, nf:])
    starts = np.arange(0, 2 * len(rows), 2)
    return _logliks(model, states, starts, starts + 2, rows["S_b"].to_numpy(np.int64))


def row_posteriors(model: OpponentModel, rows: pd.DataFrame) -> np.ndarray:
    """P(S_w | row) for each training row: EM's E-step for S_w.

    Args:
        model: the opponent model.
        rows: training rows (:func:`~.rows.training_rows`).

    Returns:
        (R, K), in S_w's state order; each row is the two-slice chain F_prev, F.

    Raises:
        ValueError: invalid rows (see :func:`~.rows.validate_rows`).
    """
    rows = validate_rows(rows, n_strategies=len(model.strategy_ids))
    return softmax(_row_logliks(model, rows), axis=1)


def game_posteriors(model: OpponentModel, rows: pd.DataFrame) -> np.ndarray:
    """P(S_w | all rows of a game) for each game: the per-game EM's E-step for S_w.

    A game's rows share one S_w: log P(S_w = k | game) = log P(S_w = k) + sum over its rows of
    log P(row's S_b and scores | S_w = k) + const, each row the two-slice chain F_prev, F.

    Args:
        model: the opponent model (of either ``latent``).
        rows: training rows with the ``game`` column (``training_rows(records, game=True)``).

    Returns:
        (G, K), in S_w's state order; row g is the g-th smallest game id.

    Raises:
        ValueError: invalid rows, or no ``game`` column.
    """
    rows = validate_rows(rows, n_strategies=len(model.strategy_ids))
    ids, game = np.unique(game_ids(rows), return_inverse=True)
    log_sw = np.log(model.cpt_sw)
    per_row = _row_logliks(model, rows) - log_sw  # log P(row | S_w), S_w's prior taken out
    loglik = np.stack([np.bincount(game, weights=per_row[:, k], minlength=len(ids))
                       for k in range(len(log_sw))], axis=1)
    return softmax(loglik + log_sw, axis=1)


def _truth_per_game(rows: pd.DataFrame, truth: np.ndarray) -> np.ndarray:
    """(G,) White's id per game (ascending game id) from one id per row; ValueError if a game has two."""
    ids, first_row, game = np.unique(game_ids(rows), return_index=True, return_inverse=True)
    first = truth[first_row]  # each game's first row's id
    bad = first[game] != truth
    if bad.any():
        r = int(np.flatnonzero(bad)[0])
        raise ValueError(f"white_truth must be one id per game: game {ids[game[r]]} has {first[game[r]]} and, "
                         f"at row {r}, {truth[r]}")
    return first


def latent_mass(model: OpponentModel, rows: pd.DataFrame, white_truth: Sequence[int]) -> np.ndarray:
    """Posterior mass of each latent S_w state per true White id.

    A row model's mass is summed over rows (:func:`row_posteriors`); a per-game model's
    (``model.latent == "game"``) over games (:func:`game_posteriors`), the unit its EM drew S_w for.

    Args:
        model: the opponent model.
        rows: training rows (with the ``game`` column for a per-game model).
        white_truth: White's true strategy id per row (one per game for a per-game model).

    Returns:
        (K, K): [j, i] = the sum over rows (games) whose true White id is ``strategy_ids[i]``
        of P(S_w = state j | row (game)).

    Raises:
        ValueError: invalid rows, no ``game`` column for a per-game model, or ``white_truth``
            of the wrong length, with unknown ids, or with two ids in one game.
    """
    rows = validate_rows(rows, n_strategies=len(model.strategy_ids))
    truth = np.asarray(white_truth)
    if truth.shape != (len(rows),) or not np.isin(truth, model.strategy_ids).all():
        raise ValueError(f"white_truth must hold {len(rows)} ids from {model.strategy_ids}")
    if model.latent == "game":
        post, truth = game_posteriors(model, rows), _truth_per_game(rows, truth.astype(np.int64))
    else:
        post = softmax(_row_logliks(model, rows), axis=1)
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
