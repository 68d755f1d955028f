"""The opponent model's posteriors over White's strategy S_w (beyond the thesis): per chain, row and game.

Every posterior here is a softmax of :func:`~.pe.sw_loglik_into`, the one per-strategy log-likelihood, run over
many chains at once by :func:`~.pe.sw_loglik_chains_into`: :func:`chain_posteriors` for any chains of White's
positions, :func:`row_posteriors` for training rows (EM's E-step for S_w), :func:`game_posteriors` for all rows
of a game at once (the per-game EM's). :func:`latent_mass` sums them per true White id, which is how
:func:`~.learn.match_latent_states` names EM's arbitrarily numbered latent states (label switching); the
recognition of strategies during games is measured by :mod:`pawnslib.experiments.recognition`.

A model here is anything with an :class:`~.model.OpponentModel`'s reading interface (:class:`SwModel`), so that
this module sits below the model, which uses it while fitting. Imports :mod:`pawnslib.dbn.pe` and
:mod:`pawnslib.dbn.rows`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np
import pandas as pd
from scipy.special import softmax

from pawnslib.dbn.pe import KernelArrays, sw_loglik_chains_into
from pawnslib.dbn.rows import game_ids, row_columns, validate_rows


class SwModel(Protocol):
    """What the posteriors read of an opponent model (:class:`~.model.OpponentModel` has all of it)."""

    strategy_ids: tuple[int, ...]
    latent: str  # how EM drew S_w: "row" or "game"

    @property
    def feature_names(self) -> tuple[str, ...]: ...

    @property
    def cpt_sw(self) -> np.ndarray: ...

    def kernel_arrays(self) -> KernelArrays: ...

    def discretise(self, raw: np.ndarray) -> np.ndarray: ...


def chain_logliks(model: SwModel, states: np.ndarray, starts: np.ndarray, stops: np.ndarray,
                  sb: np.ndarray) -> np.ndarray:
    """(C, K): log P(chain c, S_b = sb[c], S_w) for the chains ``states[starts[c]:stops[c]]``."""
    out = np.empty((len(starts), len(model.strategy_ids)))
    sw_loglik_chains_into(model.kernel_arrays(), np.ascontiguousarray(states, np.int64), starts.astype(np.int64),
                          stops.astype(np.int64), sb.astype(np.int64), out)
    return out


def chain_posteriors(model: SwModel, states: np.ndarray, starts: np.ndarray, stops: np.ndarray,
                     sb: np.ndarray) -> np.ndarray:
    """P(S_w | chain c, S_b = sb[c]) for the chains ``states[starts[c]:stops[c]]``.

    Args:
        model: the opponent model.
        states: (n, F) node states (``model.discretise``), the chains' positions oldest first.
        starts, stops: (C,) each chain's first and past-the-last row of ``states``.
        sb: (C,) Black's strategy id of each chain.

    Returns:
        (C, K), in S_w's state order.
    """
    return softmax(chain_logliks(model, states, starts, stops, sb), axis=1)


def _row_logliks(model: SwModel, rows: pd.DataFrame) -> np.ndarray:
    """(R, K): log P(row r, S_w) of checked rows, each the two-slice chain F_prev, F."""
    nf = len(model.feature_names)
    raw = rows[row_columns(feature_names=model.feature_names)[: 2 * nf]].to_numpy(np.int64)
    states = np.empty((2 * len(rows), nf), np.int64)  # row r is the chain states[2r : 2r + 2]
    states[0::2], states[1::2] = model.discretise(raw[:, :nf]), model.discretise(raw[:, nf:])
    starts = np.arange(0, 2 * len(rows), 2)
    return chain_logliks(model, states, starts, starts + 2, rows["S_b"].to_numpy(np.int64))


def row_posteriors(model: SwModel, rows: pd.DataFrame) -> np.ndarray:
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


def game_posteriors(model: SwModel, rows: pd.DataFrame) -> np.ndarray:
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


def latent_mass(model: SwModel, rows: pd.DataFrame, white_truth: Sequence[int]) -> np.ndarray:
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
