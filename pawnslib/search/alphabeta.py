"""Fixed-depth alpha-beta search with the thesis's move ordering (Chapter 3, Section 11.2).

Values are from Black's point of view, on :mod:`pawnslib.search.values`' scale: Black maximises,
White minimises. A leaf scores its heuristic value ``weights . features`` plus, when a seed is
given, noise in [-0.5, 0.5) that only breaks ties (the weights are integers). A finished game
scores ``+(WIN - d)`` for a Black win and ``-(WIN - d)`` for a White win, ``d`` plies below the
root, so quicker wins are preferred, and 0 for a draw.

The noise is a function of the leaf's position and the seed (:func:`noise`), not of the
order leaves are visited in. So a search's leaf values are fixed before it starts, and every
correct implementation of the same fixed-depth search (this plain one, the transposition
table's :mod:`pawnslib.search.tt`, the asymmetric tree with nothing predicted) finds the same
values; with the root's ties going to the first child in static order, the same move.

The kernels keep every node's children in a per-ply work space (:class:`Work`) so the
recursion allocates nothing; :func:`expand` and the leaf and back-up steps are shared
with the transposition-table search and the asymmetric one, :func:`zobrist` with every search
that keeps a table. Imports :mod:`pawnslib.game` and the search's own
:mod:`~pawnslib.search.values` and :mod:`~pawnslib.search.strategies`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import NamedTuple

import numba
import numpy as np
from numba import njit, types

from pawnslib.game.kernels import features_into, gen_moves, play_into
from pawnslib.game.position import Move, Position
from pawnslib.game.rules import BLACK, MAX_MOVES, MOVES_OF, N_FEATURES, NO_RESULT, NS, S_LAST, S_RESULT, S_RULES, S_SIDE
from pawnslib.search.strategies import check_weights
from pawnslib.search.values import INF, value_of

MAX_DEPTH = 32
# The kind of tie-breaking noise, recorded with every run (a tournament's meta.json, a Harmony* history), so that
# a run whose games drew noise otherwise (before 2026-11-22: in the order leaves were visited) is not resumed.
NOISE = "leaf position hash"
# One random 64-bit number per (slot, value): slots hold squares (EMPTY = 99), counts, side, ply (<= 200),
# result and reading. The last move (S_LAST) is left out: it does not change a position's value.
ZOBRIST = np.random.default_rng(20080601).integers(-(2**63), 2**63 - 1, size=(S_LAST, 256), dtype=np.int64)
_GOLDEN, _MIX1, _MIX2 = np.uint64(0x9E3779B97F4A7C15), np.uint64(0xBF58476D1CE4E5B9), np.uint64(0x94D049BB133111EB)


class Work(NamedTuple):
    """A search's work space: row ``ply`` of each per-ply array belongs to the node at that ply.

    The recursion keeps a node's children here instead of allocating, so it allocates nothing.
    """

    kids: np.ndarray  # (P, MAX_MOVES, NS) int64: the node's children
    moves: np.ndarray  # (P, MAX_MOVES) int64: the moves that lead to them
    vals: np.ndarray  # (P, MAX_MOVES) float64: their static values (no noise)
    order: np.ndarray  # (P, MAX_MOVES) int64: child indexes, best for the side to move first
    feats: np.ndarray  # (P, MAX_MOVES, N_FEATURES) int64: their feature scores
    feat: np.ndarray  # (N_FEATURES,) int64: scratch for a leaf's features
    nodes: np.ndarray  # (3,) int64 counters: [0] nodes visited; [1], [2] free for a search variant's own


@njit(cache=True)
def new_work(plies, moves=MAX_MOVES):
    """Work space for a search whose nodes lie at plies 0..plies-1 and have at most ``moves`` moves each."""
    return Work(np.empty((plies, moves, NS), np.int64), np.empty((plies, moves), np.int64),
                np.empty((plies, moves), np.float64), np.empty((plies, moves), np.int64),
                np.empty((plies, moves, N_FEATURES), np.int64), np.empty(N_FEATURES, np.int64),
                np.zeros(3, np.int64))


@njit(cache=True, inline="always")
def zobrist(s):
    """The Zobrist key of position ``s``: side, ply and reading included, last move not."""
    key = np.int64(0)
    for i in range(S_LAST):
        key ^= ZOBRIST[i, s[i]]
    return key


@njit(cache=True, inline="always")
def noise(s, seed):
    """The tie-breaking noise of position ``s`` under ``seed`` (>= 0): in [-0.5, 0.5), a hash of both.

    splitmix64's finaliser over the position's key and the seed: a position reached twice
    in one search draws the same noise, and one seed's noise is independent of another's.
    """
    x = np.uint64(zobrist(s)) ^ (np.uint64(seed) * _GOLDEN)
    x = (x ^ (x >> np.uint64(30))) * _MIX1
    x = (x ^ (x >> np.uint64(27))) * _MIX2
    x ^= x >> np.uint64(31)
    return float(x >> np.uint64(11)) * 2.0**-53 - 0.5


@njit(cache=True)
def expand(s, ply, w, kids, moves, vals, order, feats, sort):
    """Play every move of ``s`` into ``work.kids[ply]``; ``work.order[ply]`` lists them, best first.

    The ordering key is each child's static value (best for the side to move first);
    the sort is stable so equal children keep move-generation order. The children's
    features stay in ``work.feats[ply]`` (the asymmetric search reads them). Returns the count.
    """
    n = gen_moves(s, moves[ply])
    for k in range(n):
        play_into(s, moves[ply, k], kids[ply, k])
        features_into(kids[ply, k], feats[ply, k])
        vals[ply, k] = value_of(kids[ply, k], w, feats[ply, k], ply + 1)
        order[ply, k] = k
    if sort:
        black = s[S_SIDE] == BLACK
        for i in range(1, n):
            j = order[ply, i]
            v = vals[ply, j]
            m = i - 1
            while m >= 0 and ((vals[ply, order[ply, m]] < v) if black else (vals[ply, order[ply, m]] > v)):
                order[ply, m + 1] = order[ply, m]
                m -= 1
            order[ply, m + 1] = j
    return n


@njit(cache=True)
def leaf_value(s, w, feat, ply, seed):
    """The value of a node searched no deeper: static value, plus the seed's noise (seed >= 0) for a live game.

    ``feat`` is scratch space for its features.
    """
    features_into(s, feat)
    v = value_of(s, w, feat, ply)
    if seed >= 0 and s[S_RESULT] == NO_RESULT:
        v += noise(s, seed)
    return v


@njit(cache=True)
def horizon_value(kids, vals, nodes, ply, k, seed):
    """Child k of a node at ``ply`` is a leaf: expand() valued it already, so add noise and count it."""
    nodes[0] += 1
    v = vals[ply, k]
    if seed >= 0 and kids[ply, k, S_RESULT] == NO_RESULT:
        v += noise(kids[ply, k], seed)
    return v


@njit(cache=True)
def backup(black, v, best, alpha, beta):
    """Fold a child's value ``v`` into its parent: the new (best, alpha, beta)."""
    if black:
        best = max(best, v)
        return best, max(alpha, best), beta
    best = min(best, v)
    return best, alpha, min(beta, best)


# The recursive kernels carry explicit signatures (numba segfaults loading a cached recursive function
# whose types it inferred, numba issue #6061), derived from the types rather than typed out. They take the
# fields of Work rather than the tuple: numba reference-counts every array taken out of a tuple, which cost
# the plain search 3.5 % and the asymmetric one about 40 % per node.
WORK_TYPE = numba.typeof(new_work(1))
_AB_SIG = types.float64(types.int64[::1], types.int64, types.int64, types.float64, types.float64, types.int64[::1],
                        *WORK_TYPE.types, types.int64, types.boolean, types.boolean)


@njit(_AB_SIG, cache=True)
def alphabeta(s, ply, depth, alpha, beta, w, kids, moves, vals, order, feats, feat, nodes, seed, prune, sort):
    """The alpha-beta value of node ``s``, ``ply`` plies below the root, searched ``depth`` more plies.

    Contract: on entry alpha < beta bound the values that can still matter (Black maximises,
    White minimises); the result is exact when it lies strictly between them, and otherwise
    only a bound on the same side (fail-soft). The arguments after ``w`` are the fields of
    :class:`Work`, in order: it counts every node visited in ``nodes[0]`` and overwrites rows
    ``ply`` and below of the per-ply arrays. ``seed`` >= 0 adds its noise to live leaves. With
    ``prune`` false it is plain minimax through the same code; ``sort`` orders children by static value.
    """
    nodes[0] += 1
    if depth == 0 or s[S_RESULT] != NO_RESULT:
        return leaf_value(s, w, feat, ply, seed)
    n = expand(s, ply, w, kids, moves, vals, order, feats, sort)
    black = s[S_SIDE] == BLACK
    best = -INF if black else INF
    for i in range(n):
        k = order[ply, i]
        if depth == 1:
            v = horizon_value(kids, vals, nodes, ply, k, seed)
        else:
            v = alphabeta(kids[ply, k], ply + 1, depth - 1, alpha, beta, w, kids, moves, vals, order, feats, feat,
                          nodes, seed, prune, sort)
        best, alpha, beta = backup(black, v, best, alpha, beta)
        if prune and alpha >= beta:
            break
    return best


@njit(cache=True)
def search_kernel(root, w, depth, seed, prune, sort):
    """Alpha-beta from ``root``; returns (best move code, value, nodes). seed < 0: no noise.

    Of root children of equal value it picks the first in static order (a later one must do better).
    """
    kids, moves, vals, order, feats, feat, nodes = new_work(depth + 1, MOVES_OF[root[S_RULES]])
    nodes[0] = 1
    n = expand(root, 0, w, kids, moves, vals, order, feats, sort)
    black = root[S_SIDE] == BLACK
    alpha, beta = -INF, INF
    best, best_move = (-INF if black else INF), -1
    for i in range(n):
        k = order[0, i]
        v = alphabeta(kids[0, k], 1, depth - 1, alpha, beta, w, kids, moves, vals, order, feats, feat, nodes, seed,
                      prune, sort)
        if (v > best) if black else (v < best):
            best_move = moves[0, k]
        best, alpha, beta = backup(black, v, best, alpha, beta)
    return best_move, best, nodes[0]


_MINIMAX_SIG = types.float64(types.int64[::1], types.int64, types.int64, types.int64[::1], types.int64[::1],
                             types.int64[::1])


@njit(_MINIMAX_SIG, cache=True)
def _minimax(s, ply, depth, w, feat, nodes):
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


def search(
    position: Position, weights, depth: int, *, seed: int | None = None, prune: bool = True, order: bool = True
) -> SearchResult:
    """Alpha-beta search of ``position`` to ``depth`` plies with heuristic ``weights``.

    Args:
        position: a game in progress.
        weights: six integer weights (a strategy).
        depth: plies to search, 1 to ``MAX_DEPTH``.
        seed: seeds the tie-breaking leaf noise; ``None`` means no noise, and then the
            value equals plain :func:`minimax`'s.
        prune: alpha-beta cut-offs (off: a full minimax through the same kernel).
        order: sort children by static value, best first, before recursing.

    Returns:
        SearchResult with the move, the value, the nodes visited (root included), seconds.

    Raises:
        ValueError: a finished game, a bad depth, seed or weight vector.
    """
    w = check_weights(weights)
    check_search_args(position, depth, seed)
    t0 = time.perf_counter()
    move, value, nodes = search_kernel(position.array, w, int(depth), -1 if seed is None else int(seed), prune, order)
    return SearchResult(Move.from_code(move), float(value), int(nodes), time.perf_counter() - t0)


def minimax(position: Position, weights, depth: int) -> SearchResult:
    """Plain minimax (no pruning, no ordering, no noise): the reference alpha-beta must match."""
    w = check_weights(weights)
    check_search_args(position, depth, None)
    t0 = time.perf_counter()
    move, value, nodes = minimax_kernel(position.array, w, int(depth))
    return SearchResult(Move.from_code(move), float(value), int(nodes), time.perf_counter() - t0)
