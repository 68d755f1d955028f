"""White's replies at a real position, as the asymmetric search judges them: their log P(e) and which are likely.

The search scores the replies below its root inside its kernel (:mod:`pawnslib.guided.asym`); here the same
scoring runs at a position of the game itself, where White has just moved or is to move: for the asymmetric
player's bookkeeping (which replies it called likely, and the pr of the one White played), the replays'
annotations, notebook 8's ranks and the MAX_PR sweep. A reply x_t's P(e) reads the history x_{t-2}, x_{t-4}, ...,
as many positions as the model's slices allow, the same rows the search reads (:func:`discretised_tail`).

Imports: :mod:`pawnslib.game`, :mod:`pawnslib.search`, :mod:`pawnslib.dbn` and :mod:`pawnslib.guided.predict`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pawnslib.dbn.discretise import discretise_lut_into
from pawnslib.dbn.model import OpponentModel
from pawnslib.dbn.pe import KernelArrays, log_pe_children, random_values_into
from pawnslib.dbn.twoslice import TwoSliceModel
from pawnslib.game.kernels import features_into, gen_moves, play_into
from pawnslib.game.position import Position
from pawnslib.game.rules import MAX_MOVES, N_FEATURES
from pawnslib.guided.predict import is_mostlikely, pr_counts_into, predicate
from pawnslib.search.seeds import check_seed


@njit(cache=True)
def reply_log_pe(parent, path, n_hist, model, black_strategy, random_seed, out_moves, out_logpe):  # noqa: PLR0917  numba kernel: numba compiles no keyword-only parameter
    """White to move at ``parent``, whose row is the last of ``path``: every reply's move and log P(e).

    The history of a reply x_t (row t = len(path)) is rows t - 2, t - 4, ..., at most ``n_hist``,
    as in the search; ``random_seed >= 0``: the random control's value instead. Returns the number of
    replies.
    """
    n = gen_moves(parent, out_moves)
    kids = np.empty((n, parent.shape[0]), np.int64)
    feat = np.empty(N_FEATURES, np.int64)
    states = np.empty((n, N_FEATURES), np.int64)
    for k in range(n):
        play_into(parent, out_moves[k], kids[k])
        features_into(kids[k], feat)
        discretise_lut_into(model.lut, model.lut_lo, feat, states[k])
    if random_seed >= 0:
        random_values_into(kids, n, random_seed, out_logpe)
        return n
    t = path.shape[0]
    h = min(n_hist, t // 2)
    log_pe_children(model, path[t - 2 * h : t : 2], states, black_strategy, out_logpe)
    return n


def discretised_tail(arrays: KernelArrays, history: list[Position], n_slices: int, extra: int) -> np.ndarray:
    """The discretised tail of ``history`` that P(e) can reach, with ``extra`` free rows after it.

    A reply at row t looks back to rows t - 2, ..., t - 2 * (n_slices - 1), so positions more than
    2 * (n_slices - 1) + 1 from the end are never read, whether the replies follow the last position
    (:func:`white_replies`) or lie deeper in the search; discretising only the tail keeps each move's
    work independent of the game's length.
    """
    tail = history[-(2 * (n_slices - 1) + 1):]
    path = np.zeros((len(tail) + extra, N_FEATURES), np.int64)
    for j, pos in enumerate(tail):
        discretise_lut_into(arrays.lut, arrays.lut_lo, pos.features(), path[j])
    return path


def white_replies(model: OpponentModel | TwoSliceModel, history: list[Position], black_strategy: int, *,
                  random_seed: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """White's replies at the end of ``history`` and their log P(e), as the asymmetric search scores them there.

    Args:
        model: the opponent model (a two-slice model's White slice scores the replies).
        history: the game's consecutive positions so far (it may start mid-game), White to move at the last.
        black_strategy: Black's strategy id.
        random_seed: the random control's seed, as :func:`pawnslib.guided.asym.asym_search`'s (None: P(e)).

    Returns:
        The replies' move codes, in move-generation order, and their log P(e) given the history the search
        reads (the random control's values instead with ``random_seed``).

    Raises:
        ValueError: Black to move or a finished game at the end of ``history``, an unknown id or a bad seed.
    """
    if not history or history[-1].side_to_move != "white" or history[-1].result is not None:
        raise ValueError("scoring White's replies needs a game in progress with White to move at the end of history")
    replies = model.reply_model
    random_seed = -1 if random_seed is None else check_seed(random_seed, name="random_seed")
    arrays, n_slices = replies.kernel_arrays(), replies.n_slices
    path = discretised_tail(arrays, history, n_slices, 0)
    moves, logpe = np.empty(MAX_MOVES, np.int64), np.empty(MAX_MOVES, np.float64)
    n = reply_log_pe(history[-1].array, path, n_slices - 1, arrays, replies.check_sb(black_strategy), random_seed,
                     moves, logpe)
    return moves[:n], logpe[:n]


def likely_replies(model: OpponentModel | TwoSliceModel, history: list[Position], black_strategy: int,
                   seen: np.ndarray, *, mostlikely: str | tuple = "seen_before", random_seed: int | None = None
                   ) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """White's last move, ``history[-2]`` to ``history[-1]``, as the asymmetric search judges it.

    Args:
        model: the opponent model (a two-slice model's White slice scores the replies).
        history: the game so far, ending with a White move.
        black_strategy: Black's strategy id.
        seen: the pr values White played before this move (:attr:`pawnslib.guided.predict.Predictor.seen`).
        mostlikely: the predicate (:func:`predicate`).
        random_seed: the random control's seed, as :func:`pawnslib.guided.asym.asym_search`'s.

    Returns:
        White's replies at ``history[-2]`` (move codes, in move-generation order), their log P(e), which of them
        the predicate called likely, and the index of the one White played.

    Raises:
        ValueError: the last position is not one move from the one before, or a bad predicate, seed or id.
    """
    parent, child = history[-2], history[-1]
    moves, logpe = white_replies(model, history[:-1], black_strategy, random_seed=random_seed)
    # The first reply, in generation order, that makes the child: two replies can make the same position (two base
    # exits onto squares where the piece is stuck and removed), and the random control's numbers tell them apart.
    played = next((k for k in range(len(moves)) if parent.play(int(moves[k])) == child), None)
    if played is None:
        raise ValueError(f"{child.to_text()!r} is not reachable in one move from {parent.to_text()!r}")
    mode, max_pr = predicate(mostlikely)
    counts, n = np.empty(len(moves), np.int64), len(moves)
    pr_counts_into(logpe, counts)
    likely = np.array([is_mostlikely(c, n, mode, max_pr, seen) for c in counts], np.bool_)
    return moves, logpe, likely, played
