"""Fixed-depth alpha-beta search with the thesis's move ordering (Chapter 3, Section 11.2), and plain minimax.

Values are from Black's point of view, on :mod:`pawnslib.search.values`' scale: Black maximises,
White minimises. A leaf scores its heuristic value ``weights . features`` plus, when a seed is
given, the tie-breaking noise of :mod:`pawnslib.search.noise`: a function of the seed and, by the
scheme, of the leaf's path from the root (the thesis's) or of its position. A finished game scores
``+(WIN - d)`` for a Black win and ``-(WIN - d)`` for a White win, ``d`` plies below the root, so
quicker wins are preferred, and 0 for a draw. So a search's leaf values are fixed before it starts,
and every correct implementation of the same fixed-depth search (this one, the asymmetric tree with
nothing predicted, OM search with Black's own weights; the transposition table's
:mod:`pawnslib.search.tt` where the noise is a function of the position) finds the same values; with
the root's ties going to the first child in static order, the same move.

The kernel is depth-first with an explicit stack over compact nodes (:mod:`pawnslib.game.bitboard`),
children made and taken best first by :mod:`~pawnslib.search.expand`; it allocates nothing per node. A
cut node's value is only a bound (fail-soft), and any bound on the right side of the window gives
the same cut-offs above it, the same nodes and the same root value: so a node just above the leaves
stops valuing its children as soon as one is sure to cut (:func:`~pawnslib.search.expand.search_frontier`).
:func:`minimax` is the reference it must match: the plain recursion over position arrays, written
independently of it. Imports :mod:`pawnslib.game` and the search's own modules below it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np
from numba import njit, types

from pawnslib import config
from pawnslib.game.bitboard import B_SIDE
from pawnslib.game.kernels import features_into, gen_moves, play_into
from pawnslib.game.position import Move, Position
from pawnslib.game.rules import BLACK, MAX_MOVES, MOVES_OF, N_FEATURES, NO_RESULT, NS, S_RESULT, S_RULES, S_SIDE
from pawnslib.search.expand import child_value, expand, fold, new_work, open_child, pick, search_frontier
from pawnslib.search.noise import kernel_noise
from pawnslib.search.strategies import check_weights
from pawnslib.search.values import INF, value_of

MAX_DEPTH = 32
# Without numba's reference counting (``_nrt=False``): it allocates nothing (search_kernel owns the work space),
# and the counts numba keeps on every array it takes out of the work space would cost more than the search.
@njit(cache=True, _nrt=False)
def _walk(w, depth, scheme, seed, prune, sort, work):  # noqa: PLR0917  numba kernel: numba compiles no keyword-only parameter
    """Alpha-beta from the root (``work.nodes[0]``) to ``depth`` plies, depth-first with an explicit stack; returns
    the best move's code.

    Contract of the open node at ply p: ``alpha[p] < beta[p]`` bound the values that can still matter
    (Black maximises, White minimises); once searched, ``best[p]`` is its value when that lies strictly
    between them, else a bound on the same side (fail-soft). A child at ply ``depth`` is a leaf: its
    static value plus, ``seed`` >= 0 and the game live, its noise under ``scheme``
    (:mod:`pawnslib.search.noise`); a finished game is a leaf anywhere.
    ``counters[0]`` counts every node visited, the root included. With ``prune`` false it is plain minimax
    through the same code; ``sort`` takes children best first by static value (:func:`pick`). Of root
    children of equal value it keeps the first taken (a later one must do better); its value ends in ``best[0]``.
    With both, a node below the root whose children are all leaves is searched at once by
    :func:`~pawnslib.search.expand.search_frontier`: the same children taken, the same value if it is not cut.
    """
    moves, results, vals, order = work.moves, work.results, work.vals, work.order
    count, nxt, alpha, beta, best, nodes = work.count, work.nxt, work.alpha, work.beta, work.best, work.counters
    black_root = work.nodes[0, B_SIDE] == BLACK
    nodes[0] = 1
    count[0] = expand(0, w, work)
    nxt[0], alpha[0], beta[0], best[0] = 0, -INF, INF, -INF if black_root else INF
    p, best_move = 0, -1
    while True:
        black = black_root == (p % 2 == 0)
        if nxt[p] < count[p]:
            k = pick(vals, order, p, nxt[p], count[p], black, sort)
            nxt[p] += 1
            nodes[0] += 1
            if p + 1 < depth and results[p, k] == NO_RESULT:  # an inner node: open it
                open_child(p, k, work)
                p += 1
                nxt[p], alpha[p], beta[p], best[p] = 0, alpha[p - 1], beta[p - 1], INF if black else -INF
                if p + 1 < depth or not (prune and sort):
                    count[p] = expand(p, w, work)
                    continue
                v = search_frontier(p, w, scheme, seed, work)  # its children are leaves: searched at once
                p -= 1
            else:
                v = child_value(p, k, scheme, seed, work)
        elif p == 0:
            return best_move
        else:  # node p is searched: fold its value into its parent
            v = best[p]
            p -= 1
            black = not black
        k = fold(p, black, v, work, prune)
        if p == 0 and k >= 0:  # the root's first child of the best value
            best_move = moves[0, k]


@njit(cache=True)
def search_kernel(root, w, depth, scheme, seed, prune, sort):  # noqa: PLR0917  numba kernel: numba compiles no keyword-only parameter
    """Alpha-beta from the position array ``root``; returns (best move code, value, nodes). seed < 0: no noise."""
    work = new_work(root, depth, MOVES_OF[root[S_RULES]])
    move = _walk(w, depth, scheme, seed, prune, sort, work)
    return move, work.best[0], work.counters[0]


_MINIMAX_SIG = types.float64(types.int64[::1], types.int64, types.int64, types.int64[::1], types.int64[::1],
                             types.int64[::1])


@njit(_MINIMAX_SIG, cache=True)
def _minimax(s, ply, depth, w, feat, nodes):  # noqa: PLR0917  numba kernel: numba compiles no keyword-only parameter
    """Plain minimax value of ``s`` searched ``depth`` more plies; counts nodes in ``nodes[0]``."""
    nodes[0] += 1
    if depth == 0 or s[S_RESULT] != NO_RESULT:
        features_into(s, feat)
        return value_of(s, w, feat, ply)
    moves = np.empty(MAX_MOVES, np.int64)
    child = np.empty(NS, np.int64)
    black = s[S_SIDE] == BLACK
    best = -INF if black else INF
    for k in range(gen_moves(s, moves)):
        play_into(s, moves[k], child)
        v = _minimax(child, ply + 1, depth - 1, w, feat, nodes)
        best = max(best, v) if black else min(best, v)
    return best


@njit(cache=True)
def minimax_kernel(root, w, depth):
    """Plain minimax, no pruning, no ordering, no noise: the reference for alpha-beta."""
    feat = np.empty(N_FEATURES, np.int64)
    nodes = np.ones(1, np.int64)
    moves = np.empty(MAX_MOVES, np.int64)
    child = np.empty(NS, np.int64)
    black = root[S_SIDE] == BLACK
    best, best_move = (-INF if black else INF), -1
    for k in range(gen_moves(root, moves)):
        play_into(root, moves[k], child)
        v = _minimax(child, 1, depth - 1, w, feat, nodes)
        if (v > best) if black else (v < best):
            best, best_move = v, moves[k]
    return best_move, best, nodes[0]


@dataclass(frozen=True)
class SearchResult:
    """What a search returns: the chosen move, its backed-up value, nodes visited, time, extras."""

    move: Move
    value: float
    nodes: int
    seconds: float
    info: dict = field(default_factory=dict)


def check_search_args(position: Position, depth: int, seed: int | None) -> None:
    """Raise ``ValueError`` for a finished game, a bad depth or a bad seed."""
    if not isinstance(position, Position):
        raise ValueError(f"position must be a pawnslib.Position, got {type(position).__name__}")
    if position.result is not None:
        raise ValueError(f"cannot search a finished game (result: {position.result})")
    if isinstance(depth, bool) or not isinstance(depth, (int, np.integer)) or not 1 <= depth <= MAX_DEPTH:
        raise ValueError(f"depth must be an integer from 1 to {MAX_DEPTH}, got {depth!r}")
    bad_seed = isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= seed < 2**32
    if seed is not None and bad_seed:
        raise ValueError(f"seed must be None or an integer in [0, 2**32), got {seed!r}")


def alpha_beta_search(
    position: Position, weights, depth: int, *, seed: int | None = None, noise: str = config.NOISE,
    prune: bool = True, order: bool = True
) -> SearchResult:
    """Alpha-beta search of ``position`` to ``depth`` plies with heuristic ``weights``.

    Args:
        position: a game in progress.
        weights: six integer weights (a strategy).
        depth: plies to search, 1 to ``MAX_DEPTH``.
        seed: seeds the tie-breaking leaf noise; ``None`` means no noise, and then the
            value equals plain :func:`minimax`'s.
        noise: the tie-breaking scheme (:data:`pawnslib.search.noise.SCHEMES`): ``"thesis"``, a number per
            path from the root; ``"position"``, per leaf position; ``"none"``.
        prune: alpha-beta cut-offs (off: a full minimax through the same kernel).
        order: sort children by static value, best first, before recursing.

    Returns:
        SearchResult with the move, the value, the nodes visited (root included), seconds.

    Raises:
        ValueError: a finished game, a bad depth, seed, noise scheme or weight vector.
    """
    w = check_weights(weights)
    check_search_args(position, depth, seed)
    scheme, kseed = kernel_noise(noise, seed)
    t0 = time.perf_counter()
    move, value, nodes = search_kernel(position.array, w, int(depth), scheme, kseed, prune, order)
    return SearchResult(Move.from_code(move), float(value), int(nodes), time.perf_counter() - t0)


def minimax(position: Position, weights, depth: int) -> SearchResult:
    """Plain minimax (no pruning, no ordering, no noise): the reference alpha-beta must match."""
    w = check_weights(weights)
    check_search_args(position, depth, None)
    t0 = time.perf_counter()
    move, value, nodes = minimax_kernel(position.array, w, int(depth))
    return SearchResult(Move.from_code(move), float(value), int(nodes), time.perf_counter() - t0)
