"""The OM and PrOM searches' work space, their cache of exact results, and a node's children with all their values.

Split from :mod:`pawnslib.guided.om`, the search itself, whose docstring defines the values and the ordering.
Imports :mod:`pawnslib.game` and :mod:`pawnslib.search`.
"""

from typing import NamedTuple

import numpy as np
from numba import njit

from pawnslib.game.bitboard import B_RESULT, B_SIDE, NB, node_moves, node_of, side_features_into
from pawnslib.game.rules import BLACK, N_FEATURES
from pawnslib.search.expand import play_child
from pawnslib.search.values import result_value


class OMWork(NamedTuple):
    """An OM/PrOM search's work space: row ``p`` of each per-ply array belongs to the open node at ply p."""

    kids: np.ndarray  # (P, M, NB) int64: the node's children (compact nodes, pawnslib.game.bitboard)
    sides: np.ndarray  # (P, M, 2, N_FEATURES) int64: their side feature parts (Black's, White's)
    moves: np.ndarray  # (P, M) int64: the moves that lead to them
    vals: np.ndarray  # (P, M, 1 + T) float64: their static values, own then each type's (no noise)
    sortkeys: np.ndarray  # (P, M) float64: their ordering keys
    order: np.ndarray  # (P, M) int64: child indexes in search order
    feat: np.ndarray  # (N_FEATURES,) int64: scratch for a child's features
    root: np.ndarray  # (NB,) int64: the root node
    root_sides: np.ndarray  # (2, N_FEATURES) int64: its side feature parts
    tv: np.ndarray  # (P, T) float64: the node's type values (running max / min while it searches)
    pown: np.ndarray  # (P, T) float64: at a White node, the own value of each type's current pick
    run: np.ndarray  # (P,) float64: at a Black node, the running maximum of its children's own values
    count: np.ndarray  # (P,) int64: the node's number of children
    nxt: np.ndarray  # (P,) int64: how many of them it has taken up
    done: np.ndarray  # (P,) bool: the (Black) node was cut
    hashes: np.ndarray  # (P,) int64: the node's Zobrist key
    paths: np.ndarray  # (P,) int64: the node's path key (pawnslib.search.noise.path_step; 0 at the root)
    nodes: np.ndarray  # (2,) int64: nodes visited; nodes answered by the cache


@njit(cache=True)
def new_om_work(root, plies, moves, ntypes):
    """Work space for a search of the position array ``root``: nodes at plies 0..plies-1, at most ``moves`` moves
    each, ``ntypes`` opponent types."""
    work = OMWork(np.empty((plies, moves, NB), np.int64), np.empty((plies, moves, 2, N_FEATURES), np.int64),
                  np.empty((plies, moves), np.int64), np.empty((plies, moves, 1 + ntypes), np.float64),
                  np.empty((plies, moves), np.float64), np.empty((plies, moves), np.int64),
                  np.empty(N_FEATURES, np.int64), np.empty(NB, np.int64), np.empty((2, N_FEATURES), np.int64),
                  np.empty((plies, ntypes), np.float64), np.empty((plies, ntypes), np.float64),
                  np.empty(plies, np.float64), np.zeros(plies, np.int64), np.zeros(plies, np.int64),
                  np.zeros(plies, np.bool_), np.zeros(plies, np.int64), np.zeros(plies, np.int64),
                  np.zeros(2, np.int64))
    node_of(root, work.root)
    side_features_into(work.root, 0, work.root_sides[0])
    side_features_into(work.root, 1, work.root_sides[1])
    return work


class Cache(NamedTuple):
    """Exact results of nodes searched in full, entry ``key & (size - 1)``, always replaced on a store.

    Like :class:`pawnslib.search.tt.Table`, a thread's searches share one cache
    (:func:`pawnslib.search.tt.thread_table`) and each sees only the entries stamped with its own number.
    """

    keys: np.ndarray  # (size,) int64: the position's Zobrist key (ply included: it fixes the distance to the root)
    stamps: np.ndarray  # (size,) int64: the search that stored it (0: none yet)
    owns: np.ndarray  # (size,) float64: its own value
    tvals: np.ndarray  # (size, >= T) float64: its type values


@njit(cache=True)
def new_cache(bits, ntypes):
    """An empty cache of ``2**bits`` entries for up to ``ntypes`` types."""
    n = 1 << bits
    return Cache(np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros(n, np.float64),
                 np.zeros((n, ntypes), np.float64))


@njit(cache=True, inline="always")
def expand_om(s, s_sides, ply, w, probs, kids, sides, moves, vals, sortkeys, order, feat, sort):
    """Play every move of node ``s`` (side parts ``s_sides``) into ``kids[ply]`` and ``sides[ply]`` with all their
    static values; ``order[ply]`` lists them.

    ``w`` row 0 is Black's weights, row 1 + i type i's; each value is :func:`~pawnslib.search.values.value_of`'s
    (a finished child's score, ``ply + 1`` plies below the root, in every value). With ``sort`` the children
    are ordered by ``sum_i p_i * (type-i value)``, then by own value, largest first at a Black node and
    smallest first at a White one (stable: ties keep move-generation order). Returns the number of children.
    """
    n = node_moves(s, moves[ply])
    nw = w.shape[0]
    for k in range(n):
        kid = kids[ply, k]
        play_child(s, s_sides, moves[ply, k], kid, sides[ply, k])
        for f in range(N_FEATURES):
            feat[f] = sides[ply, k, 0, f] - sides[ply, k, 1, f]
        for j in range(nw):
            vals[ply, k, j] = result_value(kid[B_RESULT], w[j], feat, ply + 1)
        order[ply, k] = k
        if sort:
            key = 0.0
            for i in range(nw - 1):
                key += probs[i] * vals[ply, k, 1 + i]
            sortkeys[ply, k] = key
    if sort:
        sign = 1.0 if s[B_SIDE] == BLACK else -1.0
        for i in range(1, n):
            j = order[ply, i]
            v, o = sign * sortkeys[ply, j], sign * vals[ply, j, 0]
            m = i - 1
            while m >= 0:
                u = sign * sortkeys[ply, order[ply, m]]
                if u > v or (u == v and sign * vals[ply, order[ply, m], 0] >= o):
                    break
                order[ply, m + 1] = order[ply, m]
                m -= 1
            order[ply, m + 1] = j
    return n
