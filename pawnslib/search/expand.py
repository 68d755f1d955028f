"""A search's work space and the steps every alpha-beta search shares: value a node's children, take them best
first, open one.

The searches play on compact nodes (:mod:`pawnslib.game.bitboard`). Row ``p`` of every per-ply array belongs
to the open node at ply ``p`` below the root (``nodes[0]`` is the root), so a search allocates its work space
once and nothing per node. A node's children are valued before any is searched, for the thesis's move
ordering (Section 11.2), but most are never searched (a cut-off comes first), so :func:`expand` keeps only
each child's move, result and static value, and makes no child node: its result comes from the node's
fields (:func:`~pawnslib.game.bitboard.after_fields`, which below the root tests only the pieces near the
move for removal), and a move changes only the mover's feature parts, whose score the search's memo
(:mod:`~pawnslib.search.memo`) holds for every configuration of the mover's pieces it has met.
:func:`pick` hands the children out best first for the side to move, ties in move-generation order: the
order of a stable sort by static value, the first child selected and the rest sorted only if a second is
taken. :func:`open_child` makes a child the open node one ply down; :func:`child_value` values one searched no
deeper; :func:`search_frontier` searches a node whose children are all leaves at once, valuing only as many
children as it must.

Imports :mod:`pawnslib.game` and the search's :mod:`~pawnslib.search.values`, :mod:`~pawnslib.search.memo` and
:mod:`~pawnslib.search.noise`.
"""

from typing import NamedTuple

import numpy as np
from numba import njit

from pawnslib.game.bitboard import (
    B_BASE,
    B_OCC,
    B_PLY,
    B_RESULT,
    B_RULES,
    B_SIDE,
    NB,
    after_fields,
    node_moves,
    node_of,
    node_play,
    side_features_into,
    write_child,
)
from pawnslib.game.rules import BLACK, MAX_MOVES, N_FEATURES, NO_RESULT
from pawnslib.search.memo import MEMO_BITS, SCORES, memo_for, memo_row, new_memo
from pawnslib.search.noise import PATH, key_noise, node_key, path_step
from pawnslib.search.values import INF, result_value


class Work(NamedTuple):
    """A search's work space: row ``p`` of each per-ply array belongs to the open node at ply ``p``."""

    nodes: np.ndarray  # (P + 1, NB) int64: the open node at each ply (row 0: the root; row p + 1: scratch for p)
    sides: np.ndarray  # (P + 1, 2, N_FEATURES) int64: its side feature parts (Black's, White's)
    moves: np.ndarray  # (P, M) int64: its children's moves
    results: np.ndarray  # (P, M) int64: their results (NO_RESULT: live)
    vals: np.ndarray  # (P, M) float64: their static values (no noise)
    order: np.ndarray  # (P, M) int64: child indexes; the first nxt[p] are those taken, in the order taken
    count: np.ndarray  # (P,) int64: its number of children
    nxt: np.ndarray  # (P,) int64: how many it has taken
    alpha: np.ndarray  # (P,) float64: its window's lower bound
    beta: np.ndarray  # (P,) float64: its window's upper bound
    best: np.ndarray  # (P,) float64: its best value so far
    paths: np.ndarray  # (P + 1,) int64: its path key (pawnslib.search.noise.path_step; 0 at the root)
    counters: np.ndarray  # (3,) int64: [0] nodes visited; [1], [2] free for a search variant's own
    memo: np.ndarray  # (2**MEMO_BITS, R + 7) int64: side scores and parts by the side's pieces (search.memo)
    memo_w: np.ndarray  # (R, N_FEATURES) int64: the weights of memo's scores (the search's, then any types')


NO_SCORE = np.iinfo(np.int64).min  # expand's mark of a child without scores: its move removed pieces


@njit(cache=True)
def new_work(root, plies, moves=MAX_MOVES, types=0):
    """Work space for a search of the position array ``root`` whose open nodes lie at plies 0..plies-1; its memo
    scores by ``types`` weight vectors besides the search's own."""
    work = Work(np.empty((plies + 1, NB), np.int64), np.empty((plies + 1, 2, N_FEATURES), np.int64),
                np.empty((plies, moves), np.int64), np.empty((plies, moves), np.int64),
                np.empty((plies, moves), np.float64), np.empty((plies, moves), np.int64), np.zeros(plies, np.int64),
                np.zeros(plies, np.int64), np.empty(plies, np.float64), np.empty(plies, np.float64),
                np.empty(plies, np.float64), np.zeros(plies + 1, np.int64), np.zeros(3, np.int64),
                *new_memo(MEMO_BITS, types))
    node_of(root, work.nodes[0])
    side_features_into(work.nodes[0], 0, work.sides[0, 0])
    side_features_into(work.nodes[0], 1, work.sides[0, 1])
    return work


@njit(cache=True, inline="always")
def side_score(w, parts):
    """A side's score by the weights ``w``: the dot product with its six feature parts (an integer)."""
    v = 0
    for f in range(N_FEATURES):
        v += w[f] * parts[f]
    return v


@njit(cache=True, inline="always")
def _difference_into(sides, out):
    """``out[f] = sides[0, f] - sides[1, f]``: a node's features, from its side parts."""
    for f in range(N_FEATURES):
        out[f] = sides[0, f] - sides[1, f]


@njit(cache=True, inline="always")
def expand(p, w, work, feats=None, stop=INF, scores=None):  # noqa: PLR0917  numba kernel: numba compiles no keyword-only parameter
    """Value every child of the open node at ply ``p`` with weights ``w``; return how many.

    Each child gets its move, its result and its static value
    (:func:`~pawnslib.search.values.result_value`, ``p + 1`` plies below the root, from Black's view);
    ``order[p]`` is reset to move-generation order for :func:`pick`. Row ``p + 1`` is scratch meanwhile.
    With ``feats`` (an (M, N_FEATURES) array) each child's six features go to its row too. It stops after the
    first child whose static value is at least ``stop`` for the side to move (Black's value, or minus it at a
    White node), and returns how many it valued: see :func:`search_frontier`. With ``scores`` (an (M, R - 1)
    array, R the memo's weight vectors) each child's row gets the mover's score by each of the memo's weight
    vectors after the first, or ``NO_SCORE`` in column 0 if pieces were removed; ``feats`` then gets only those
    children's features.
    """
    b, b_sides, scratch, scratch_sides = work.nodes[p], work.sides[p], work.nodes[p + 1], work.sides[p + 1]
    moves, results, vals, order = work.moves, work.results, work.vals, work.order
    n = node_moves(b, moves[p])
    mover = b[B_SIDE]
    sign = 1 if mover == BLACK else -1
    count, rest = b_sides[mover, 5], side_score(w, b_sides[1 - mover])  # the side that does not move keeps its parts
    # The node's fields, read once (the stores below could otherwise alias them, forcing a reload per child).
    bb, wb, n_bb, n_wb, ply, rules = b[B_OCC], b[B_OCC + 1], b[B_BASE], b[B_BASE + 1], b[B_PLY], b[B_RULES]
    memo = memo_for(w, work.memo, work.memo_w)
    parts = SCORES + work.memo_w.shape[0]  # the first part's column
    for k in range(n):
        move = moves[p, k]
        # The root may hold stuck pieces (after_fields): every other node is settled.
        after = after_fields(bb, wb, n_bb, n_wb, mover, ply, rules, move, p > 0)
        r = results[p, k] = after[4]
        if after[5]:  # pieces were removed (rare): both sides change
            write_child(after, mover, ply, rules, scratch)
            side_features_into(scratch, 0, scratch_sides[0])
            side_features_into(scratch, 1, scratch_sides[1])
            v = side_score(w, scratch_sides[0]) - side_score(w, scratch_sides[1])
            if feats is not None:
                _difference_into(scratch_sides, feats[k])
            if scores is not None:
                scores[k, 0] = NO_SCORE
        else:
            black = mover == BLACK
            i = memo_row(memo, work.memo_w, mover, after[0] if black else after[1], after[2] if black else after[3])
            v = sign * (memo[i, SCORES] - rest)
            if scores is not None:
                for t in range(scores.shape[1]):
                    scores[k, t] = memo[i, SCORES + 1 + t]
            elif feats is not None:
                for f in range(N_FEATURES - 1):
                    feats[k, f] = sign * (memo[i, parts + f] - b_sides[1 - mover, f])
                feats[k, 5] = sign * (count - b_sides[1 - mover, 5])
        vals[p, k] = float(v) if r == NO_RESULT else result_value(r, w, scratch_sides[0], p + 1)
        order[p, k] = k
        if sign * vals[p, k] >= stop:
            return k + 1
    return n


@njit(cache=True, inline="always")
def play_child(b, b_sides, move, child, child_sides, settled=False):  # noqa: PLR0917  numba kernel: numba compiles no keyword-only parameter
    """Write into ``child`` and ``child_sides`` the node after ``move`` from ``b`` (side parts ``b_sides``) and its
    side parts: the mover's recomputed, the other side's kept (both recomputed if pieces were removed).
    ``settled``: ``b`` has no stuck piece (:func:`~pawnslib.game.bitboard.node_play`)."""
    mover = b[B_SIDE]
    removed = node_play(b, move, child, settled)
    for q in range(2):
        if q == mover or removed:
            side_features_into(child, q, child_sides[q])
        else:
            for f in range(N_FEATURES):
                child_sides[q, f] = b_sides[q, f]


@njit(cache=True, inline="always")
def open_child(p, k, work):
    """Make child ``k`` of the open node at ply ``p`` the open node at ply ``p + 1`` (node, side parts, path key)."""
    play_child(work.nodes[p], work.sides[p], work.moves[p, k], work.nodes[p + 1], work.sides[p + 1], p > 0)
    work.paths[p + 1] = path_step(work.paths[p], work.moves[p, k])


@njit(cache=True, inline="always")
def child_value(p, k, scheme, seed, work):
    """The value of child ``k`` of the open node at ply ``p``, searched no deeper: its static value plus, ``seed``
    >= 0 and the game live, its noise under ``scheme`` (:mod:`pawnslib.search.noise`: of its path key, or of its
    position, which needs its node: made in row ``p + 1``)."""
    v = work.vals[p, k]
    if seed >= 0 and work.results[p, k] == NO_RESULT:
        if scheme == PATH:
            v += key_noise(path_step(work.paths[p], work.moves[p, k]), seed)
        else:
            node_play(work.nodes[p], work.moves[p, k], work.nodes[p + 1], p > 0)
            v += key_noise(node_key(work.nodes[p + 1]), seed)
    return v


@njit(cache=True, inline="always")
def fold(p, black, v, work, prune=True):
    """Fold a child's value ``v`` into node ``p`` (``black``: Black to move there): its best value, its window and,
    with ``prune``, a cut-off once the window closes. Returns the child's index among ``p``'s moves when ``v`` is
    strictly better than ``p``'s best so far (so it is ``p``'s best move: the first child of that value), else -1."""
    best, alpha, beta = work.best, work.alpha, work.beta
    better = (v > best[p]) if black else (v < best[p])
    k = work.order[p, work.nxt[p] - 1] if better else -1  # read before a cut-off moves nxt[p]
    if black:
        best[p] = max(best[p], v)
        alpha[p] = max(alpha[p], best[p])
    else:
        best[p] = min(best[p], v)
        beta[p] = min(beta[p], best[p])
    if prune and alpha[p] >= beta[p]:
        work.nxt[p] = work.count[p]  # a cut-off: its remaining children cannot matter
    return k


@njit(cache=True, inline="always")
def node_value(p, w, scheme, seed, work):
    """The value of the open node at ply ``p`` searched no deeper (as :func:`child_value` for a root)."""
    b, sides = work.nodes[p], work.sides[p]
    r = b[B_RESULT]
    if r != NO_RESULT:
        return result_value(r, w, sides[0], p)
    v = float(side_score(w, sides[0]) - side_score(w, sides[1]))
    if seed >= 0:
        v += key_noise(work.paths[p] if scheme == PATH else node_key(b), seed)
    return v


@njit(cache=True, inline="always")
def _ahead(v, k, u, kb, black):
    """Whether child ``k`` of static value ``v`` is taken before child ``kb`` of value ``u``: better for the side to
    move (``black`` maximises), or as good and generated earlier. :func:`pick`'s selection and sort both use it."""
    return ((v > u) if black else (v < u)) or (v == u and k < kb)


@njit(cache=True, inline="always")
def pick(vals, order, p, i, n, black, sort):  # noqa: PLR0917  numba kernel: numba compiles no keyword-only parameter
    """The index of the ``i``-th child of the node at ply ``p`` to search (its first ``i`` taken): with ``sort``,
    the best remaining for the side to move (``black`` maximises), ties to the earliest generated.

    A node's calls come in turn, ``i`` = 0, 1, ...: taking them yields a stable sort of ``order[p, :n]`` by static
    value, found lazily. The first is a selection (most nodes are cut after one child); at the second the rest are
    sorted at once (a node that takes two children mostly takes them all, and a selection per child would cost
    time quadratic in their number). Either way each call returns the best child not yet taken.
    """
    if not sort or i > 1:
        return order[p, i]
    if i == 1:
        _sort_from(vals, order, p, 1, n, black)
        return order[p, 1]
    j_best, k_best = 0, order[p, 0]
    v_best = vals[p, k_best]
    for j in range(1, n):
        k = order[p, j]
        v = vals[p, k]
        if _ahead(v, k, v_best, k_best, black):
            j_best, k_best, v_best = j, k, v
    order[p, j_best] = order[p, 0]
    order[p, 0] = k_best
    return k_best


@njit(cache=True, inline="always")
def _sort_from(vals, order, p, i, n, black):  # noqa: PLR0917  numba kernel: numba compiles no keyword-only parameter
    """Sort ``order[p, i:n]`` in place, best static value first for the side to move, ties by child index: an
    insertion sort (a node has a few dozen children at most)."""
    for a in range(i + 1, n):
        k = order[p, a]
        v = vals[p, k]
        b = a - 1
        while b >= i:
            kb = order[p, b]
            u = vals[p, kb]
            if not _ahead(v, k, u, kb, black):
                break
            order[p, b + 1] = kb
            b -= 1
        order[p, b + 1] = k


@njit(cache=True, inline="always")
def search_frontier(p, w, scheme, seed, work):
    """Expand and search the open node at ply ``p`` (window ``alpha[p]``, ``beta[p]``), whose children are all
    leaves, as the kernels' loop would with pruning and :func:`pick`'s order, in less time; return its fail-soft
    value. The children it takes are counted in ``counters[0]``.

    The loop takes children best first until one reaches the window's far bound (``beta[p]`` at a Black
    node, ``alpha[p]`` at a White one). A live leaf's value is its static value, an integer, plus noise in
    [-0.5, 0.5) (a finished game's has none), so:

    * a child whose static value is past the bound by 1 or more reaches it, and so does the best child,
      taken first: the node is cut after one child, and that child's value is a bound on the same side
      (fail-soft), which is all the loop's callers read of a cut node. Valuing stops at that child;
    * only a child whose static value is within 1 of the bound can reach it, and those come first in
      static order: only they are put in :func:`pick`'s order, at the front of ``order[p]``. If none cuts,
      the loop takes every child, and the rest are valued in any order: the best value is the same.
    """
    black = work.nodes[p, B_SIDE] == BLACK
    sign = 1.0 if black else -1.0  # values times sign: the side to move's, larger is better for it
    bound = sign * (work.beta[p] if black else work.alpha[p])
    vals, order = work.vals, work.order
    n = work.count[p] = expand(p, w, work, None, bound + 1.0)
    if n == 0:
        return work.best[p]
    if sign * vals[p, n - 1] >= bound + 1.0:  # expand stopped there
        work.counters[0] += 1
        return child_value(p, n - 1, scheme, seed, work)
    m = 0  # the children that can reach the bound, moved to the front
    for j in range(n):
        k = order[p, j]
        if sign * vals[p, k] + 1.0 > bound:
            order[p, j], order[p, m] = order[p, m], k
            m += 1
    best = work.best[p]
    for i in range(n):
        k = pick(vals, order, p, i, m, black, True) if i < m else order[p, i]
        v = child_value(p, k, scheme, seed, work)
        best = max(best, v) if black else min(best, v)
        if i < m and sign * best >= bound:  # a cut-off
            work.counters[0] += i + 1
            return best
    work.counters[0] += n
    return best


@njit(cache=True, inline="always")
def sort_children(vals, order, p, n, black):
    """Put ``order[p, :n]`` in :func:`pick`'s order at once (for a search that reorders it afterwards)."""
    _sort_from(vals, order, p, 0, n, black)
