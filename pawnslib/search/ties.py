"""Every root move's exact value, and the exact ties a tie-breaker must settle (thesis Chapter 6).

A fixed-depth search returns one move and one value; which move it returns when several reach the best
value is the tie-breaking scheme's doing (:mod:`pawnslib.search.noise`). To see how often that happens,
:func:`root_values` searches every root move to the same horizon with a full window, so each value is exact
(not a bound), by the transposition-table search (:func:`~pawnslib.search.tt.tt_alphabeta`, which under the
``"thesis"`` scheme only hints moves): the values the plain search compares at its root. :func:`best_ties`
counts the moves that share the best value exactly. Under ``"position"`` two moves whose best lines end in
the same leaf position tie exactly; under ``"thesis"`` such leaves draw independent numbers, so only
finished games (a win in ``d`` plies scores ``WIN - d`` exactly, a draw 0) can tie.

Without noise ties are common, and a player that knows a strategy but not its seeds can only say which moves it
may play: :func:`best_replies`, the moves of the best noise-free value (the perfect-knowledge recogniser's T_i,
:mod:`pawnslib.experiments.ceiling`, and the depth-matched OM search's White candidates,
:mod:`pawnslib.guided.firstreply`). It finds them in one alpha-beta pass: the root's window is kept 0.5 wider than the
best value so far, so every child that can tie the best is valued exactly and every other one fails low (values
are integers, win scores ``±(WIN - d)`` too). Below the root it is the noise-free
:func:`~pawnslib.search.tt.tt_alphabeta`, whose fail-soft results are true bounds whatever the window, and whose
table saves more than half the work (Pawns' moves of different pieces commute).

Imports :mod:`pawnslib.game`, :mod:`pawnslib.config` and the search's own modules.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pawnslib import config
from pawnslib.game.position import Move, Position
from pawnslib.game.rules import BLACK, MAX_MOVES, MOVES_OF, NS, S_RULES, S_SIDE
from pawnslib.search.alphabeta import check_search_args
from pawnslib.search.expand import expand, new_work, open_child, sort_children
from pawnslib.search.noise import POSITION, kernel_noise
from pawnslib.search.strategies import check_weights
from pawnslib.search.tt import TT_BITS, new_frames, new_table, thread_table, tt_alphabeta
from pawnslib.search.values import INF, WIN


@njit(cache=True)
def _root_values_kernel(root, w, depth, scheme, seed, table, stamp):  # noqa: PLR0917  numba kernel: numba compiles no keyword-only parameter
    """(move codes, exact values) of every child of ``root``, each searched ``depth - 1`` plies with a full window."""
    work, frames = new_work(root, depth, MOVES_OF[root[S_RULES]]), new_frames(depth + 1)
    n = expand(0, w, work)
    values = np.empty(n)
    for k in range(n):
        open_child(0, k, work)
        values[k] = tt_alphabeta(1, depth - 1, -INF, INF, w, scheme, seed, work, frames, table, stamp)
    return work.moves[0, :n].copy(), values


def root_values(position: Position, weights, depth: int, *, seed: int | None = None,
                noise: str = config.NOISE) -> dict[Move, float]:
    """Every legal move's exact depth-``depth`` value (from Black's view), as the root of a plain search compares them.

    Args:
        position: a game in progress.
        weights: six integer weights (a strategy).
        depth: plies to search from ``position`` (each move's child is searched ``depth - 1`` more).
        seed: seeds the tie-breaking leaf noise; ``None``: none.
        noise: the tie-breaking scheme (:data:`pawnslib.search.noise.SCHEMES`).

    Returns:
        ``{move: value}`` in move-generation order.

    Raises:
        ValueError: a finished game, a bad depth, seed, noise scheme or weight vector.
    """
    w = check_weights(weights)
    check_search_args(position, depth, seed)
    scheme, kseed = kernel_noise(noise, seed)
    table, stamp = thread_table(new_table, TT_BITS)
    codes, values = _root_values_kernel(position.array, w, int(depth), scheme, kseed, table, stamp)
    return {Move.from_code(int(c)): float(v) for c, v in zip(codes, values, strict=True)}


def best_ties(values: dict[Move, float], black: bool) -> tuple[int, bool]:
    """(how many moves share the best value exactly, whether that value is a finished game's: a win score or 0).

    Args:
        values: :func:`root_values`' result.
        black: whether Black (the maximiser) is to move.
    """
    v = np.array(list(values.values()))
    best = v.max() if black else v.min()
    return int((v == best).sum()), bool(abs(best) > WIN / 2 or best == 0.0)


# ----------------------------------------------------------------------------- the best moves, noise-free


@njit(cache=True)
def best_codes_kernel(roots, weights, depth, table, stamp):
    """((N, K, MAX_MOVES) codes of each (unfinished) root's best moves per weight vector, -1 after; (N, K) nodes).

    Root i's search with weight vector j is noise-free :func:`~pawnslib.search.tt.tt_alphabeta` below the
    root, on ``table``'s entries stamped ``stamp + i * K + j`` (stamps no earlier search used: it starts empty).
    """
    out = np.full((roots.shape[0], weights.shape[0], MAX_MOVES), -1, np.int64)
    nodes = np.zeros((roots.shape[0], weights.shape[0]), np.int64)
    frames = new_frames(depth + 1)
    for i in range(roots.shape[0]):
        work = new_work(roots[i], depth, MAX_MOVES)
        black = roots[i, S_SIDE] == BLACK
        for j in range(weights.shape[0]):
            w, own = weights[j], stamp + i * weights.shape[0] + j
            work.counters[0] = 1
            n = expand(0, w, work)
            sort_children(work.vals, work.order, 0, n, black)
            best, value = (-INF if black else INF), np.empty(n)
            for q in range(n):
                k = work.order[0, q]
                # Only a child that fails low (<= best - 0.5 for Black) may be cut: it is worse than the best so far.
                alpha, beta = (best - 0.5, INF) if black else (-INF, best + 0.5)
                open_child(0, k, work)
                value[k] = tt_alphabeta(1, depth - 1, alpha, beta, w, POSITION, -1, work, frames, table, own)
                best = max(best, value[k]) if black else min(best, value[k])
            nodes[i, j] = work.counters[0]
            m = 0
            for k in range(n):
                if value[k] == best:  # exact: integers (and +-(WIN - d)) well below 2**53
                    out[i, j, m] = work.moves[0, k]
                    m += 1
    return out, nodes


def best_codes(roots: np.ndarray, weights: np.ndarray, depth: int) -> tuple[np.ndarray, np.ndarray]:
    """:func:`best_codes_kernel` on this thread's transposition table (:func:`~pawnslib.search.tt.thread_table`)."""
    table, stamp = thread_table(new_table, TT_BITS, stamps=roots.shape[0] * weights.shape[0])
    return best_codes_kernel(roots, weights, depth, table, stamp)


def best_replies(position: Position, weights, depth: int) -> frozenset[Move]:
    """The moves whose noise-free depth-``depth`` search value is best for the side to move.

    Args:
        position: a game in progress.
        weights: six integer weights (a strategy).
        depth: plies to search, 1 to ``MAX_DEPTH``.

    Returns:
        The set T of best moves: ``alpha_beta_search(position, weights, depth, seed=s).move`` is in it for every
        seed.

    Raises:
        ValueError: a finished game, a bad depth or a bad weight vector.
    """
    w = check_weights(weights)
    check_search_args(position, depth, None)
    codes = best_codes(position.array.reshape(1, NS).copy(), w.reshape(1, -1), int(depth))[0][0, 0]
    return frozenset(Move.from_code(int(c)) for c in codes[codes >= 0])
