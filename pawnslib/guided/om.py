"""Opponent-model search: OM search (Iida et al. 1993; Carmel & Markovitch 1993) and PrOM search
(probabilistic opponent-model search; Donkers, Uiterwijk & van den Herik 2001).

Black searches; White is one of several opponent types i, type i with weights ``w_i`` and
probability ``p_i``. Every node has Black's own value and one value per type:

* a leaf (the depth reached) has own value ``weights . features`` and type-i value
  ``w_i . features``; a finished game gives every value the plain search's score:
  ``+(WIN - d)`` for a Black win, ``-(WIN - d)`` for a White win (``d`` plies below the root), 0 a draw;
* at a Black node every value (own and each type's) is the maximum over the children;
* at a White node type i picks the child with the smallest type-i value, of those tied on it the
  one with the smallest own value (Black assumes the worst of a tie); the node's type-i value is
  that minimum, its own value ``sum_i p_i * own(pick_i)`` (summed in the types' order).

The root is Black to move: the move is the child with the largest own value (the first in the
search's order on ties). OM search is PrOM search with one type of probability 1; with the
opponent's weights equal to Black's it is plain minimax. With a seed, Black's live leaves get
the plain search's tie-breaking noise (:mod:`pawnslib.search.noise`: a function of the seed and of the
leaf's path, or of its position, by the scheme) on their own value, never on a type's.

Pruning: beta-pruning on the opponent values, as in the OM and PrOM papers. A White node hands
each Black child its running minimum ``b_i`` of the earlier children's type-i values (+inf at
first) and the own value ``o_i`` of type i's current pick. The child's running maxima ``m_i`` of
type values and ``r`` of own values only grow, and are exact lower bounds on its final values
(its children are White nodes or leaves, which are never cut, so exact). It stops once, for every
type i, ``m_i > b_i``, or ``m_i == b_i`` and ``r >= o_i``. Then it is no type's pick: its final
type-i value is at least ``b_i``, itself at least the White node's final minimum; if larger, it is
not minimal; if equal, it ties with an earlier child whose own value ``o_i`` is no larger than its
own, and the pick's values are the same whichever of those it is (later children only lower the
minimum, or the own value among the tied). So a cut child changes no minimum and no pick: White
nodes and the root, never cut, get exact values, and so does every Black node that was not cut.
Own values are not pruned otherwise: a White node's own value is a probability-weighted sum of
picks that the type values decide, so no alpha-beta window on own values is sound in general
(here Black's own values only break ties, where the tie rule above uses them).

A cache keeps the exact values of nodes searched in full (White nodes, uncut Black nodes), keyed
by a Zobrist hash of the position with its ply (so its distance from the root and its remaining
depth are fixed): a position reached again by another move order is not searched again. Values
depend on nothing else within a search (unless the noise is the thesis's, a function of the path:
then there is no cache), so the cache changes nodes, never values (two positions
sharing a 64-bit key would be confused, as in :mod:`pawnslib.search.tt`). With ``prune`` off there is
neither cut nor cache: the full tree, through the same kernel.

Move ordering changes nodes, never the (seedless) value: children sorted by the probability-
weighted sum of their static type values, then by static own value, largest first at Black nodes
(a cut comes early) and smallest first at White nodes (the bounds tighten early). The kernel is
depth-first with an explicit stack (a recursive one would pay numba's reference counting on every
array argument of every call) on the plain search's machinery (:mod:`pawnslib.search.expand`): its work space
holds the open node at each ply and its children's moves, results and own values, valued without making
them (only the mover's feature parts anew); the types' values come from the same memo of the mover's scores
(:class:`OMWork`, beside the plain search's work space); a child is made only when it is opened, and nothing is
allocated per node. A White node just above the leaves, never cut, takes all its children: it folds them at once
(:func:`_fold_leaves`), and values a leaf's noise, a hash, only where a type's pick may be that leaf.
Imports :mod:`pawnslib.game` and :mod:`pawnslib.search`.
"""

from __future__ import annotations

import math
import time
from numbers import Real
from typing import NamedTuple

import numpy as np
from numba import njit

from pawnslib import config
from pawnslib.game.bitboard import B_SIDE
from pawnslib.game.position import Move, Position
from pawnslib.game.rules import BLACK, MOVES_OF, N_FEATURES, NO_RESULT, S_RULES, S_SIDE
from pawnslib.search.alphabeta import SearchResult, check_search_args
from pawnslib.search.expand import NO_SCORE, child_value, expand, new_work, open_child, side_score
from pawnslib.search.memo import memo_for
from pawnslib.search.noise import PATH, kernel_noise, node_key
from pawnslib.search.strategies import check_weights
from pawnslib.search.tt import thread_table
from pawnslib.search.values import INF, result_value

PROBABILITY_TOLERANCE = 1e-9
CACHE_BITS = 16  # 65,536 entries: a depth-6 search stores a few thousand


# ----------------------------------------------------------------------------- work space, cache, children


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
def expand_om(p, w, probs, work, om, sort):  # noqa: PLR0917  numba kernel: numba compiles no keyword-only parameter
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


# ----------------------------------------------------------------------------- the search


@njit(cache=True, inline="always")
def _open(p, key, w, probs, depth, sort, work, om):  # noqa: PLR0917  numba kernel: numba compiles no keyword-only parameter
    """Node ``p`` of ``work`` (Zobrist key ``key``), just made, is now open: value its children and start its running
    values."""
    om.hashes[p], work.nxt[p], om.done[p], om.run[p] = key, 0, False, -INF
    work.count[p] = expand_om(p, w, probs, work, om, sort and p + 1 < depth)
    black = p % 2 == 0
    for i in range(probs.size):
        om.tv[p, i] = -INF if black else INF
        om.pown[p, i] = INF


@njit(cache=True, inline="always")
def _close(p, probs, om, cache, stamp, store):  # noqa: PLR0917  numba kernel: numba compiles no keyword-only parameter
    """Node ``p`` is searched: returns its own value and, searched in full and ``store`` on, caches its values."""
    tv, run, pown = om.tv, om.run, om.pown
    if p % 2 == 0:
        res = run[p]
    else:
        res = 0.0
        for i in range(probs.size):
            res += probs[i] * pown[p, i]
    if store and not om.done[p]:
        key = om.hashes[p]
        slot = key & (cache.keys.size - 1)
        cache.keys[slot], cache.stamps[slot], cache.owns[slot] = key, stamp, res
        for i in range(probs.size):
            cache.tvals[slot, i] = tv[p, i]
    return res


@njit(cache=True, inline="always")
def _fold(p, res, prune, om, work, best_move):  # noqa: PLR0917  numba kernel: numba compiles no keyword-only parameter
    """Fold a child's values (own ``res``, types ``tv[p + 1]``) into node ``p``; returns the root's best move so far.

    The root keeps its first child of the largest own value; a Black node takes maxima and is cut
    (``done[p]``) once no type can pick it (module docstring); a White node keeps each type's pick.
    """
    tv, pown, run = om.tv, om.pown, om.run
    if p == 0:
        if res > run[0]:
            run[0], best_move = res, work.moves[0, work.order[0, work.nxt[0] - 1]]
    elif p % 2 == 0:
        run[p] = max(run[p], res)
        cut = prune
        for i in range(tv.shape[1]):
            m = max(tv[p, i], tv[p + 1, i])
            tv[p, i] = m
            b = tv[p - 1, i]
            cut = cut and (m > b or (m == b and run[p] >= pown[p - 1, i]))
        om.done[p] = cut
    else:
        for i in range(tv.shape[1]):
            t = tv[p + 1, i]
            if t < tv[p, i] or (t == tv[p, i] and res < pown[p, i]):
                tv[p, i] = t
                pown[p, i] = res
    return best_move


@njit(cache=True, inline="always")
def _fold_leaves(p, probs, scheme, seed, work, om):  # noqa: PLR0917  numba kernel: numba compiles no keyword-only parameter
    """Search the open White node at ply ``p``, whose children are all leaves, at once: as the loop folds them
    (:func:`_fold`, in generation order: a node above the leaves is not sorted), but a leaf's own value, whose noise
    costs a hash, is found only when some type's pick may be it (its type value at most that type's minimum)."""
    tv, pown, tvals = om.tv, om.pown, om.tvals
    n = work.nxt[p] = work.count[p]
    for k in range(n):
        res, valued = 0.0, False
        for i in range(probs.size):
            t = tvals[p, k, i]
            if t <= tv[p, i]:
                if not valued:
                    res, valued = child_value(p, k, scheme, seed, work), True
                if t < tv[p, i] or res < pown[p, i]:
                    tv[p, i], pown[p, i] = t, res
    work.counters[0] += n


@njit(cache=True)
def om_kernel(root, w, probs, depth, scheme, seed, prune, sort, cache, stamp):  # noqa: PLR0917  numba kernel: numba compiles no keyword-only parameter
    """PrOM search from the Black-to-move ``root``; returns (best move code, own value, nodes, cache answers).

    ``w`` row 0 is Black's weights, row 1 + i type i's; seed < 0: no noise, else under ``scheme``; ``cache``'s entries
    stamped ``stamp`` are this search's. Allocates the work space and lets :func:`_walk` search.
    """
    work = new_work(root, depth, MOVES_OF[root[S_RULES]], probs.size)
    memo_for(w[0], work.memo, work.memo_w, w[1:])  # its memo scores by every weights: expand_om reads them all
    om = new_om_work(depth, MOVES_OF[root[S_RULES]], probs.size)
    best_move = _walk(w, probs, depth, scheme, seed, prune, sort, cache, stamp, work, om)
    return best_move, om.run[0], work.counters[0], work.counters[1]


# Without numba's reference counting (``_nrt=False``; it allocates nothing: om_kernel owns every array). Numba
# counts references to every array a helper is handed, across basic blocks where its pruning cannot pair them up
# (numba issue #2350): with the counts this loop took 1.7 times as long (the unsplit kernel of before, 1.5 times).
@njit(cache=True, _nrt=False)
def _walk(w, probs, depth, scheme, seed, prune, sort, cache, stamp, work, om):  # noqa: PLR0917  numba kernel: numba compiles no keyword-only parameter
    """The PrOM search of :func:`om_kernel` from ``work``'s root, depth-first with an explicit stack; returns the
    best move's code.

    Contract of a node at ply p >= 1 (Black at even plies): once searched it leaves its type values
    in ``tv[p]`` and its own value in ``res``, all exact (seedless: as the module docstring defines
    them), unless it is Black, ``prune`` is on and it was cut (``done[p]``): then, with ``b = tv[p - 1]``
    its White parent's running minima and ``pown[p - 1]`` the own values of their picks, for every
    type i either ``tv[p, i] > b[i]``, or ``tv[p, i] == b[i]`` and ``res >= pown[p - 1, i]``; these are
    lower bounds on its true values, so it is no type's pick. With ``prune`` a node searched in full
    stores its values in the cache, and a node found there is not searched. ``counters[0]`` counts every
    node visited, ``counters[1]`` those the cache answered. The root's own value is left in ``run[0]``. Under the
    path scheme with a seed a node's own value holds only for its path: the cache is then neither read nor written.
    A White node whose children are all leaves is searched by :func:`_fold_leaves` as soon as it is open.
    """
    results, order, count, nxt, nodes = work.results, work.order, work.count, work.nxt, work.counters
    tv, tvals, done = om.tv, om.tvals, om.done
    cached = prune and (scheme != PATH or seed < 0)
    nodes[0] = 1
    count[0] = expand_om(0, w, probs, work, om, sort)
    nxt[0], om.run[0], p, best_move = 0, -INF, 0, -1
    while True:
        if nxt[p] < count[p] and not done[p]:  # the next child of node p: a leaf, a cache answer or a new node
            k = order[p, nxt[p]]
            nxt[p] += 1
            nodes[0] += 1
            if p + 1 == depth or results[p, k] != NO_RESULT:
                res = child_value(p, k, scheme, seed, work)
                for i in range(probs.size):
                    tv[p + 1, i] = tvals[p, k, i]
            else:
                open_child(p, k, work)
                key = node_key(work.nodes[p + 1]) if cached else 0  # the cache's key; without a cache nothing reads it
                slot = key & (cache.keys.size - 1)
                if cached and cache.keys[slot] == key and cache.stamps[slot] == stamp:
                    nodes[1] += 1
                    res = cache.owns[slot]
                    for i in range(probs.size):
                        tv[p + 1, i] = cache.tvals[slot, i]
                else:
                    p += 1
                    _open(p, key, w, probs, depth, sort, work, om)
                    if p + 1 < depth or p % 2 == 0:
                        continue
                    _fold_leaves(p, probs, scheme, seed, work, om)  # a White node above the leaves: at once
                    res = _close(p, probs, om, cache, stamp, cached)
                    p -= 1
        elif p == 0:
            break
        else:  # node p is searched: its values go to its parent
            res = _close(p, probs, om, cache, stamp, cached)
            p -= 1
        best_move = _fold(p, res, prune, om, work, best_move)
    return best_move


def check_opponents(opponents) -> tuple[np.ndarray, np.ndarray]:
    """Validate PrOM's opponent types.

    Args:
        opponents: a non-empty sequence of (probability, weights) pairs; the probabilities are
            finite, non-negative and sum to 1 (within ``PROBABILITY_TOLERANCE``).

    Returns:
        The probabilities as a float64 array and the weights as an int64 array, one row a type.

    Raises:
        ValueError: naming the parameter and the bad entry.
    """
    if isinstance(opponents, (str, bytes, dict)) or not hasattr(opponents, "__len__") or len(opponents) == 0:
        raise ValueError(f"opponents must be a non-empty sequence of (probability, weights) pairs, got {opponents!r}")
    probs, weights = [], []
    for i, pair in enumerate(opponents):
        if isinstance(pair, (str, bytes)) or not hasattr(pair, "__len__") or len(pair) != 2:
            raise ValueError(f"opponents[{i}] must be a (probability, weights) pair, got {pair!r}")
        p, w = pair
        if isinstance(p, bool) or not isinstance(p, Real) or not math.isfinite(p) or p < 0:
            raise ValueError(f"opponents[{i}]: probability must be a finite number >= 0, got {p!r}")
        probs.append(float(p))
        weights.append(check_weights(w, where=f"opponents[{i}] weights"))
    if abs(math.fsum(probs) - 1.0) > PROBABILITY_TOLERANCE:
        raise ValueError(f"opponents: the probabilities must sum to 1 (within {PROBABILITY_TOLERANCE:g}), got "
                         f"{math.fsum(probs)!r} from {probs}")
    return np.array(probs, np.float64), np.array(weights, np.int64).reshape(len(weights), N_FEATURES)


def _run(position: Position, weights: np.ndarray, probs: np.ndarray, types_w: np.ndarray, depth: int, *,
         seed: int | None, noise: str, prune: bool, order: bool) -> SearchResult:
    """Check the position, depth, seed and noise scheme, then search; the weights are already checked."""
    check_search_args(position, depth, seed)
    scheme, kseed = kernel_noise(noise, seed)
    if position.array[S_SIDE] != BLACK:
        raise ValueError(f"position: OM/PrOM search needs Black (the searcher) to move, got White to move at ply "
                         f"{position.ply}")
    w = stack_weights(weights, types_w)
    t0 = time.perf_counter()
    move, value, nodes, hits = om_on_cache(position.array, w, probs, int(depth), scheme=scheme, seed=kseed,
                                           prune=bool(prune), order=bool(order))
    return SearchResult(Move.from_code(move), float(value), int(nodes), time.perf_counter() - t0,
                        {"cache_hits": int(hits)})


def stack_weights(weights: np.ndarray, types_w: np.ndarray) -> np.ndarray:
    """:func:`om_kernel`'s ``w``: Black's checked weights, then each type's (one row a type)."""
    return np.ascontiguousarray(np.vstack([weights, types_w]), np.int64)


def om_on_cache(root: np.ndarray, w: np.ndarray, probs: np.ndarray, depth: int, *, scheme: int, seed: int,
                prune: bool = True, order: bool = True) -> tuple[int, float, int, int]:
    """:func:`om_kernel` on this thread's cache (made, or widened, for this many types) with a stamp of its own.

    For a caller that has checked every argument once and searches many positions with them (depth-matched OM
    search below each reply): ``w`` from :func:`stack_weights`, ``scheme`` and ``seed`` from
    :func:`~pawnslib.search.noise.kernel_noise`, ``root`` a live position array, Black to move.
    """
    nt = len(probs)
    cache, stamp = thread_table(new_cache, CACHE_BITS, max(nt, 4), fits=lambda c: c.tvals.shape[1] >= nt)
    return om_kernel(root, w, probs, depth, scheme, seed, prune, order, cache, stamp)


def prom_search(position: Position, weights, opponents, depth: int, *, seed: int | None = None,
                noise: str = config.NOISE, prune: bool = True, order: bool = True) -> SearchResult:
    """PrOM search of the Black-to-move ``position`` to ``depth`` plies (semantics: the module docstring).

    Args:
        position: a game in progress, Black (the searcher) to move.
        weights: Black's six integer weights.
        opponents: White's types, a non-empty sequence of (probability, weights) pairs; the
            probabilities sum to 1.
        depth: plies to search, 1 to ``pawnslib.search.alphabeta.MAX_DEPTH``.
        seed: seeds the tie-breaking noise on Black's own leaf values; ``None``: no noise.
        noise: the tie-breaking scheme (:data:`pawnslib.search.noise.SCHEMES`); under ``"thesis"`` own values
            hold only for their path, so the cache is off (same value, more nodes).
        prune: beta-pruning on the opponent values and the cache (off: the full tree; same value).
        order: sort children by their static type values before recursing (same value).

    Returns:
        SearchResult with the root child of the largest own value (the first searched on ties),
        Black's own value of the root, the nodes visited (root, leaves and cache answers included)
        and seconds; ``info["cache_hits"]`` counts the nodes the cache answered.

    Raises:
        ValueError: a finished game or White to move, a bad depth, seed or noise scheme, bad weights, or bad
            opponents (see :func:`check_opponents`).
    """
    w = check_weights(weights)
    probs, types_w = check_opponents(opponents)
    return _run(position, w, probs, types_w, depth, seed=seed, noise=noise, prune=prune, order=order)


def om_search(position: Position, weights, opponent, depth: int, *, seed: int | None = None,
              noise: str = config.NOISE, prune: bool = True, order: bool = True) -> SearchResult:
    """OM search: PrOM search against one opponent type, ``opponent``, of probability 1.

    Args:
        position: a game in progress, Black (the searcher) to move.
        weights: Black's six integer weights.
        opponent: the six integer weights Black believes White plays by.
        depth: plies to search, 1 to ``pawnslib.search.alphabeta.MAX_DEPTH``.
        seed: seeds the tie-breaking noise on Black's own leaf values; ``None``: no noise.
        noise: the tie-breaking scheme (:data:`pawnslib.search.noise.SCHEMES`); under ``"thesis"`` own values
            hold only for their path, so the cache is off (same value, more nodes).
        prune: beta-pruning on the opponent's values and the cache (off: the full tree; same value).
        order: sort children by their static opponent values before recursing (same value).

    Returns:
        SearchResult as :func:`prom_search`'s; with ``opponent`` equal to ``weights`` the value
        is :func:`pawnslib.search.alphabeta.minimax`'s.

    Raises:
        ValueError: a finished game or White to move, a bad depth, seed or noise scheme, bad weights.
    """
    w = check_weights(weights)
    o = check_weights(opponent, where="opponent")
    return _run(position, w, np.ones(1), o.reshape(1, N_FEATURES), depth, seed=seed, noise=noise, prune=prune,
                order=order)
