"""The OM and PrOM searches' work space, their cache of exact results, and a node's children with all their values.

Split from :mod:`pawnslib.guided.om`, the search itself, whose docstring defines the values and the ordering.
Imports :mod:`pawnslib.game` and :mod:`pawnslib.search`.
"""

from typing import NamedTuple

import numpy as np
from numba import njit

from pawnslib.game.bitboard import B_SIDE
from pawnslib.game.rules import BLACK, N_FEATURES, NO_RESULT
from pawnslib.search.expand import NO_SCORE, expand, side_score
from pawnslib.search.values import INF, result_value


class OMWork(NamedTuple):
    """What an OM/PrOM search keeps beside the plain search's :class:`~pawnslib.search.expand.Work` (which holds the
    open nodes, their children's moves, results and own values, the order taken and the path keys): row ``p`` of
    each array belongs to the open node at ply ``p``."""

    scores: np.ndarray  # (P, M, T) int64: its children's mover's score by each type (NO_SCORE: see feats)
    feats: np.ndarray  # (P, M, N_FEATURES) int64: the features of those whose move removed pieces
    tvals: np.ndarray  # (P, M, T) float64: their static values by each type (no noise)
    sortkeys: np.ndarray  # (P, M) float64: their ordering keys
    tv: np.ndarray  # (P + 1, T) float64: its type values (running max / min while it searches)
    pown: np.ndarray  # (P + 1, T) float64: at a White node, the own value of each type's current pick
    run: np.ndarray  # (P,) float64: at a Black node, the running maximum of its children's own values
    done: np.ndarray  # (P,) bool: the (Black) node was cut
    hashes: np.ndarray  # (P,) int64: its Zobrist key


@njit(cache=True)
def new_om_work(plies, moves, ntypes):
    """Work space for a search whose open nodes lie at plies 0..plies-1, at most ``moves`` moves each, ``ntypes``
    opponent types."""
    return OMWork(np.empty((plies, moves, ntypes), np.int64), np.empty((plies, moves, N_FEATURES), np.int64),
                  np.empty((plies, moves, ntypes), np.float64), np.empty((plies, moves), np.float64),
                  np.empty((plies + 1, ntypes), np.float64), np.empty((plies + 1, ntypes), np.float64),
                  np.empty(plies, np.float64), np.zeros(plies, np.bool_), np.zeros(plies, np.int64))


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
def expand_om(p, w, probs, work, om, sort):
    """Value every child of the open node at ply ``p`` of ``work`` by every weights; return how many.

    ``w`` row 0 is Black's weights, row 1 + i type i's, and ``work``'s memo scores by them all (the kernel sets it
    up). :func:`~pawnslib.search.expand.expand` gives each child its move, result, own value and the mover's score
    by each type, from the memo as its own value is: type i's value is that score less the other side's, from
    Black's view (a finished child's score, ``p + 1`` plies below the root, in every value; a child whose move
    removed pieces, rare, has its features instead). With ``sort`` ``order[p]`` lists the children by
    ``sum_i p_i * (type-i value)``, then by own value, largest first at a Black node and smallest first at a White
    one (stable: ties keep move-generation order).
    """
    n = expand(p, w[0], work, om.feats[p], INF, om.scores[p])
    results, vals, order, feats, tvals, sortkeys = work.results, work.vals, work.order, om.feats, om.tvals, om.sortkeys
    scores, other = om.scores, work.sides[p, 1 - work.nodes[p, B_SIDE]]
    sign = 1 if work.nodes[p, B_SIDE] == BLACK else -1
    for i in range(probs.size):
        rest = side_score(w[1 + i], other)  # the type's score of the side that did not move: every child keeps it
        for k in range(n):
            if results[p, k] == NO_RESULT and scores[p, k, 0] != NO_SCORE:
                tvals[p, k, i] = float(sign * (scores[p, k, i] - rest))
            else:
                tvals[p, k, i] = result_value(results[p, k], w[1 + i], feats[p, k], p + 1)
    if sort:  # by their keys, in an insertion sort: a node has a few children
        for k in range(n):
            key = 0.0
            for i in range(probs.size):
                key += probs[i] * tvals[p, k, i]
            sortkeys[p, k] = key
        for i in range(1, n):
            j = order[p, i]
            v, o = sign * sortkeys[p, j], sign * vals[p, j]
            m = i - 1
            while m >= 0:
                u = sign * sortkeys[p, order[p, m]]
                if u > v or (u == v and sign * vals[p, order[p, m]] >= o):
                    break
                order[p, m + 1] = order[p, m]
                m -= 1
            order[p, m + 1] = j
    return n
