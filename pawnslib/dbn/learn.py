"""Learning the opponent model's slice from training rows (thesis Section 8.2): its structure, EM's data, the fit.

The slice: nodes ``S_b``, ``S_w`` (one state per strategy id 1..K; ``S_w`` latent) and, per feature F,
``F_prev`` and ``F``, with edges ``S_b, S_w -> F_prev`` and ``S_b, S_w, F_prev -> F`` (:func:`slice_structure`).
A training row pairs the scores of x_{t-2} (``F_prev``) and x_t (``F``), the positions after two moves of the
same player. :func:`fit_slice` discretises the rows and learns the CPTs by EM with S_w drawn per training row
(the thesis's model) or once per game (``latent="game"``: every row of a game shares it, as in the DBN the
search queries). EM numbers S_w's latent states arbitrarily; given White's true ids,
:func:`match_latent_states` finds the numbering that makes state i mean strategy ``strategy_ids[i]``.
``OpponentModel.fit`` does all three.

Imports :mod:`pawnslib.config`, :mod:`pawnslib.game.rules` and :mod:`pawnslib.dbn` modules below the model
(:mod:`~.em`, :mod:`~.discretise`, :mod:`~.rows`, :mod:`~.posteriors`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd
from scipy.optimize import linear_sum_assignment

from pawnslib import config
from pawnslib.dbn.discretise import N_INTERVALS, Discretiser
from pawnslib.dbn.em import MISSING, EMResult, Structure, run_em
from pawnslib.dbn.posteriors import SwModel, latent_mass
from pawnslib.dbn.rows import PREV, game_ids, row_columns, validate_rows
from pawnslib.game.rules import FEATURE_NAMES

LATENTS = ("row", "game")  # OpponentModel.fit's ``latent``: S_w drawn per training row, or once per game


def check_latent(latent: object) -> str:
    """Check ``OpponentModel.fit``'s ``latent``.

    Args:
        latent: how S_w is drawn: ``"row"`` or ``"game"``.

    Returns:
        ``latent``.

    Raises:
        ValueError: anything else (the message lists the choices).
    """
    if not isinstance(latent, str) or latent not in LATENTS:
        raise ValueError(f"latent must be one of {', '.join(map(repr, LATENTS))} (S_w drawn per training row, "
                         f"or once per game), got {latent!r}")
    return latent


def slice_structure(feature_names: Sequence[str], n_states: Sequence[int], n_strategies: int) -> Structure:
    """The slice: ``S_b``, ``S_w``, then ``F_prev``, ``F`` per feature (see the module docstring).

    Args:
        feature_names: the features, in order.
        n_states: each feature's number of states.
        n_strategies: K, the states of S_b and S_w.

    Returns:
        The slice's :class:`~.em.Structure`.
    """
    names, parents, cards = ["S_b", "S_w"], [(), ()], [n_strategies, n_strategies]
    for f, s in zip(feature_names, n_states, strict=True):
        names += [f + PREV, f]
        parents += [(0, 1), (0, 1, len(names) - 2)]
        cards += [s, s]
    return Structure(tuple(names), tuple(parents), tuple(cards))


def slice_data(disc: Discretiser, raw: np.ndarray, sb: np.ndarray) -> np.ndarray:
    """EM's data for the slice: S_b's state, S_w missing, then F_prev, F per feature (:func:`slice_structure`'s order).

    Args:
        disc: the discretiser.
        raw: (R, 2F) raw scores, ``F_prev`` for every feature then ``F`` (:func:`~.rows.row_columns`' order).
        sb: (R,) Black's strategy id 1..K.

    Returns:
        (R, 2 + 2F) int64 states.
    """
    nf = len(disc.names)
    prev, cur = disc.transform(raw[:, :nf]), disc.transform(raw[:, nf:])
    data = np.empty((len(raw), 2 + 2 * nf), np.int64)
    data[:, 0], data[:, 1] = sb - 1, MISSING
    data[:, 2::2], data[:, 3::2] = prev, cur
    return data


def fit_slice(rows: pd.DataFrame, *, n_strategies: int = config.N_STRATEGIES, n_intervals: int = N_INTERVALS,
              latent: str = "row", **em_args) -> tuple[Discretiser, EMResult]:
    """Discretise training rows and learn the slice's CPTs by EM (S_w latent, S_b observed).

    Args:
        rows: training rows; the ``S_w`` column is ignored (S_w is always latent); with ``latent="game"``
            they need the ``game`` column.
        n_strategies: K, the strategy ids being 1..K.
        n_intervals: states of the interval nodes (at most).
        latent: ``"row"`` (S_w per training row) or ``"game"`` (once per game).
        **em_args: ``init``, ``pseudo_count``, ``max_iter``, ``tol``, ``restarts``, ``seed`` of
            :func:`~.em.run_em`.

    Returns:
        ``(discretiser, result)``: the discretiser fitted to the rows' scores (both columns of each
        feature), and EM's result (with ``latent="game"`` a :class:`~.em.GameEMResult`).

    Raises:
        ValueError: invalid rows (named column and row), no rows, an unknown ``latent``, or
            ``latent="game"`` without a ``game`` column.
    """
    check_latent(latent)
    rows = validate_rows(rows, n_strategies=n_strategies)
    if len(rows) == 0:
        raise ValueError("no training rows")
    games = game_ids(rows) if latent == "game" else None
    nf = len(FEATURE_NAMES)
    raw = rows[row_columns()[: 2 * nf]].to_numpy(np.int64)
    disc = Discretiser.fit(np.concatenate([raw[:, :nf], raw[:, nf:]]), names=FEATURE_NAMES, n_intervals=n_intervals)
    structure = slice_structure(FEATURE_NAMES, disc.n_states, n_strategies)
    return disc, run_em(structure, slice_data(disc, raw, rows["S_b"].to_numpy(np.int64)), groups=games, **em_args)


def match_latent_states(model: SwModel, rows: pd.DataFrame, white_truth: Sequence[int]) -> np.ndarray:
    """The matching of latent S_w states to strategy ids of most :func:`~.posteriors.latent_mass`.

    Args:
        model, rows, white_truth: as :func:`~.posteriors.latent_mass`.

    Returns:
        ``order`` (K,) int64: ``order[i]`` is the latent state matched to ``strategy_ids[i]``
        (what ``OpponentModel.permute_sw`` takes).

    Raises:
        ValueError: as :func:`~.posteriors.latent_mass`.
    """
    latent, strategy = linear_sum_assignment(-latent_mass(model, rows, white_truth))
    order = np.empty(len(latent), np.int64)
    order[strategy] = latent
    return order
