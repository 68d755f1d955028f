"""Deeper fixed-depth alpha-beta: a transposition table and iterative deepening.

Same values as :func:`pawnslib.search.alphabeta.alpha_beta_search` (from Black's view, ``+-(WIN - d)`` for a
finished game ``d`` plies below the root, 0 for a draw, leaf noise when seeded), found with
fewer nodes: iterative deepening leaves in a transposition table (TT) each node's best move,
tried first one iteration later, and within an iteration a position reached by two move
orders is searched once. The iterations step two plies (2, 4, 6, 8 or 1, 3, 5, 7): an
iteration of the other parity orders the next one less well than it costs (depth 8 over
positions from random play: 4.3x fewer nodes than plain alpha-beta, against 3.1x stepping one).

The TT and exactness: an entry holds (key, depth searched, value, bound, best move). Its
value answers a probe only at the same remaining depth, never a deeper one: a deeper value
is a better estimate but not the fixed-depth minimax value this search must return. The key
is a Zobrist hash of every slot but the last move, the ply included, so a key fixes the ply
and, entries living for one search, the node's distance from the root: a stored win score
``WIN - d`` is therefore right wherever the key turns up again and needs no adjustment, and
the 200-ply draw is part of the key. A value found inside its window is exact; one at or
beyond a bound is only a bound (fail-soft), stored as such and used only to cut off.
Finished games and horizon leaves are valued at once and never stored. Two positions
sharing a 64-bit key would be confused (odds 2**-64 per probe, some 1e-14 per depth-10 search).

Under the ``"position"`` scheme a leaf's noise is a function of its position and the seed
(:mod:`pawnslib.search.noise`), so with noise too the values are the plain search's, and with the
root's ties going to the first child in static order, as there, so is the move: this is a faster
implementation of the same search (its node counts are its own, not the thesis's algorithm's).
Under ``"thesis"`` a leaf's noise is a function of its path: a transposed position's value is not
the same, so the table only hints moves (iterative deepening's ordering) and never answers; the
values and the move are still the plain search's.

:func:`tt_alphabeta` is the package's one alpha-beta with a table: without noise (seed -1) it
also finds the perfect-knowledge recogniser's best replies (:mod:`pawnslib.experiments.ceiling`),
which need only that its fail-soft results are true bounds. :func:`thread_table` hands a thread's
searches their shared table and fresh stamps, here and for the OM search's cache
(:mod:`pawnslib.guided.om`). Imports :mod:`pawnslib.game` and the search's own
:mod:`~pawnslib.search.alphabeta`, :mod:`~pawnslib.search.strategies` and :mod:`~pawnslib.search.values`.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import NamedTuple, TypeVar

import numpy as np
from numba import njit

from pawnslib import config
from pawnslib.game.bitboard import B_RESULT, B_SIDE
from pawnslib.game.position import Move, Position
from pawnslib.game.rules import BLACK, MOVES_OF, NO_RESULT, S_RULES, S_SIDE
from pawnslib.search.alphabeta import SearchResult, check_search_args
from pawnslib.search.expand import (
    child_value,
    expand,
    fold,
    new_work,
    node_value,
    open_child,
    pick,
    sort_children,
)
from pawnslib.search.noise import PATH, kernel_noise, node_key
from pawnslib.search.strategies import check_weights
from pawnslib.search.values import INF, WIN

TT_BITS = 16  # 65,536 entries (3 MB, cache-friendly): a depth-8 search stores some 2,000, depth 10 some 6,000
EXACT, LOWER, UPPER = 1, 2, 3  # what an entry's value is: the value, or the true value is >= / <= it
T = TypeVar("T")


class Table(NamedTuple):
    """A transposition table: entry ``key & (size - 1)`` of each array, always replaced on a store.

    A thread's searches share one (:func:`thread_table`): each stamps its entries with its own
    number and sees only those, as if on an empty table. Always-replace, not depth-preferred:
    values serve only at their own depth, so an entry of an earlier, shallower iteration is only
    a move hint, and the newest entry is the likelier to be asked for.
    """

    keys: np.ndarray  # (size,) int64: the position's Zobrist key
    stamps: np.ndarray  # (size,) int64: the search that stored it (0: none yet)
    depths: np.ndarray  # (size,) int64: plies it was searched
    values: np.ndarray  # (size,) float64: its value, or a bound on it
    bounds: np.ndarray  # (size,) int64: EXACT, LOWER or UPPER
    moves: np.ndarray  # (size,) int64: the best (or cut-off) move found


@njit(cache=True)
def new_table(bits):
    """An empty table of ``2**bits`` entries."""
    n = 1 << bits
    return Table(np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros(n, np.float64),
                 np.zeros(n, np.int64), np.full(n, -1, np.int64))


class Frames(NamedTuple):
    """What the table search keeps per open node besides :class:`~pawnslib.search.expand.Work`: row ``p`` is ply p's."""

    keys: np.ndarray  # (P,) int64: its Zobrist key
    a0: np.ndarray  # (P,) float64: its window as it was entered, to tell an exact value from a bound
    b0: np.ndarray  # (P,) float64
    best_moves: np.ndarray  # (P,) int64: the move of its best child so far
    hinted: np.ndarray  # (P,) bool: its first child is the table's hint, taken before the others' order


@njit(cache=True)
def new_frames(plies):
    """Frames for open nodes at plies 0..plies-1."""
    return Frames(np.zeros(plies, np.int64), np.empty(plies), np.empty(plies), np.empty(plies, np.int64),
                  np.zeros(plies, np.bool_))


@njit(cache=True, inline="always")
def move_first(moves, order, ply, n, move):
    """Bring the child reached by ``move`` to the front of ``order[ply, :n]``, the others keeping their order;
    return whether it is there."""
    for i in range(n):
        k = order[ply, i]
        if moves[ply, k] == move:
            for j in range(i, 0, -1):
                order[ply, j] = order[ply, j - 1]
            order[ply, 0] = k
            return True
    return False


@njit(cache=True, inline="always")
def _enter(p, depth, alpha, beta, w, reuse, work, frames, table, stamp):  # noqa: PLR0917  numba kernel: numba compiles no keyword-only parameter
    """Probe the table for the open node at ply ``p`` with ``depth`` plies to go: return (True, its value) if an
    entry answers the window (``reuse``: values may be), else expand it (the entry's move hinted first): (False, 0)."""
    keys, stamps, depths, values, bounds, best_moves = table
    key = node_key(work.nodes[p])
    slot = key & (keys.size - 1)
    hint = -1
    if keys[slot] == key and stamps[slot] == stamp:
        v, bound = values[slot], bounds[slot]
        if reuse and depths[slot] == depth and (bound == EXACT or (bound == LOWER and v >= beta) or
                                      (bound == UPPER and v <= alpha)):
            work.counters[1] += 1
            return True, v
        hint = best_moves[slot]  # the previous iteration's best move, or this one's from another window
    n = expand(p, w, work)
    work.count[p], work.nxt[p], work.alpha[p], work.beta[p] = n, 0, alpha, beta
    work.best[p] = -INF if work.nodes[p, B_SIDE] == BLACK else INF
    frames.keys[p], frames.a0[p], frames.b0[p], frames.best_moves[p] = key, alpha, beta, -1
    frames.hinted[p] = hint >= 0 and move_first(work.moves, work.order, p, n, hint)
    return False, 0.0


# Without numba's reference counting (as pawnslib.search.alphabeta's walk): it allocates nothing.
@njit(cache=True, _nrt=False)
def tt_alphabeta(ply, depth, alpha, beta, w, scheme, seed, work, frames, table, stamp):  # noqa: PLR0917  numba kernel: numba compiles no keyword-only parameter
    """The alpha-beta value of the open node at ply ``ply`` (``work.nodes[ply]``), searched ``depth`` more plies,
    depth-first with an explicit stack.

    Contract: on entry alpha < beta bound the values that can still matter (Black maximises,
    White minimises); the result is the ``depth``-ply minimax value (with the seed's leaf noise under
    ``scheme``; ``seed`` < 0: none) when it lies strictly between them, else a bound on the same side
    (fail-soft: <= alpha means the value is at most the result, >= beta at least). It counts nodes
    in ``work.counters[0]`` (this one included), table answers in ``counters[1]``, and overwrites rows
    ``ply`` and below of ``work`` and ``frames`` (the node's own row keeps its node). ``table``'s entries
    stamped ``stamp`` are this search's: a live node with ``depth`` >= 1 stores its result there, with its
    bound and best move. Under the path scheme with a seed a value holds only for its own path, so the
    table serves as move hints only, never answers.
    """
    results, vals, order = work.results, work.vals, work.order
    count, nxt, alphas, betas, best, nodes = work.count, work.nxt, work.alpha, work.beta, work.best, work.counters
    keys, stamps, depths, values, bounds, best_moves = table
    nodes[0] += 1
    if depth == 0 or work.nodes[ply, B_RESULT] != NO_RESULT:
        return node_value(ply, w, scheme, seed, work)
    reuse = scheme != PATH or seed < 0
    answered, v = _enter(ply, depth, alpha, beta, w, reuse, work, frames, table, stamp)
    if answered:
        return v
    black_top, p = work.nodes[ply, B_SIDE] == BLACK, ply
    while True:
        black = black_top == ((p - ply) % 2 == 0)
        if nxt[p] < count[p]:
            i = nxt[p]
            k = order[p, 0] if i == 0 and frames.hinted[p] else pick(vals, order, p, i, count[p], black, True)
            nxt[p] += 1
            nodes[0] += 1
            if depth - (p - ply) > 1 and results[p, k] == NO_RESULT:
                open_child(p, k, work)
                answered, v = _enter(p + 1, depth - (p - ply) - 1, alphas[p], betas[p], w, reuse, work, frames,
                                     table, stamp)
                if not answered:
                    p += 1
                    continue
            else:
                v = child_value(p, k, scheme, seed, work)
        else:  # node p is searched: store it, and fold its value into its parent
            v, slot = best[p], frames.keys[p] & (keys.size - 1)
            keys[slot], stamps[slot], depths[slot], values[slot] = frames.keys[p], stamp, depth - (p - ply), v
            best_moves[slot] = frames.best_moves[p]
            bounds[slot] = UPPER if v <= frames.a0[p] else (LOWER if v >= frames.b0[p] else EXACT)
            if p == ply:
                return v
            p -= 1
            black = not black
        k = fold(p, black, v, work)
        if k >= 0:  # every node's best move, for the table
            frames.best_moves[p] = work.moves[p, k]


@njit(cache=True)
def _deep_kernel(root, w, depth, scheme, seed, table, stamp):  # noqa: PLR0917  numba kernel: numba compiles no keyword-only parameter
    """Iterative deepening from ``root``; returns (best move code, value, nodes, TT cut-offs).

    seed < 0: no noise. The iterations search depth, depth - 2, ... down to 1 or 2, shallowest
    first, and stop early at a win score; each searches the root's children with a full window,
    so its value is exact, the previous iteration's best move first. Of children of equal value
    it picks the first in static order, as the plain search does, so both pick the same move.
    ``table``'s entries stamped ``stamp`` are this search's.
    """
    work, frames = new_work(root, depth, MOVES_OF[root[S_RULES]]), new_frames(depth + 1)
    moves, order, nodes = work.moves, work.order, work.counters
    rank = np.empty(MOVES_OF[root[S_RULES]], np.int64)  # a root child's place in static order
    black = root[S_SIDE] == BLACK
    best, best_move = 0.0, -1
    for d in range(2 - depth % 2, depth + 1, 2):
        nodes[0] += 1
        n = expand(0, w, work)
        sort_children(work.vals, order, 0, n, black)
        for i in range(n):
            rank[order[0, i]] = i
        if best_move >= 0:
            move_first(moves, order, 0, n, best_move)
        alpha, beta = -INF, INF
        best, best_move, best_rank = (-INF if black else INF), -1, n
        for i in range(n):
            k = order[0, i]
            a, b = alpha, beta
            if rank[k] < best_rank:  # it takes a tie, so its window opens just past the best value to see one
                if black:
                    a = np.nextafter(alpha, -INF)
                else:
                    b = np.nextafter(beta, INF)
            open_child(0, k, work)
            v = tt_alphabeta(1, d - 1, a, b, w, scheme, seed, work, frames, table, stamp)
            if ((v > best) if black else (v < best)) or (v == best and rank[k] < best_rank):
                best_move, best_rank = moves[0, k], rank[k]
            best = max(best, v) if black else min(best, v)
            alpha, beta = (max(alpha, best), beta) if black else (alpha, min(beta, best))
        if abs(best) > WIN / 2:
            # A forced win for either side within d plies is final: a deeper search finds no quicker one (it
            # would show within d) and no escape for the loser (every defence was seen lost within d).
            break
    return best_move, best, nodes[0], nodes[1]


_thread = threading.local()  # per thread: {a table's constructor: (its table, the last stamp handed out)}


def thread_table(make: Callable[..., T], *args, fits: Callable[[T], bool] | None = None,
                 stamps: int = 1) -> tuple[T, int]:
    """This thread's table of constructor ``make``, and the first of ``stamps`` stamps no search in it used yet.

    A thread's searches share one table per constructor (allocating one would cost a millisecond a
    search); each stamps its entries with its own number and sees only those, as if on an empty table.
    A new table starts with stamp 1 (0 marks an empty entry).

    Args:
        make: the constructor (:func:`new_table`, the OM search's cache), keying the thread's tables.
        *args: its arguments, for a new table.
        fits: whether the thread's table serves this caller (``None``: it does); if not, a new one replaces it.
        stamps: how many consecutive stamps the caller takes (one a search).

    Returns:
        (table, first stamp): the stamps first .. first + stamps - 1 are the caller's.
    """
    tables = _thread.__dict__.setdefault("tables", {})
    table, last = tables.get(make, (None, 0))
    if table is None or (fits is not None and not fits(table)):
        table, last = make(*args), 0
    tables[make] = (table, last + stamps)
    return table, last + 1


def deep_search(position: Position, weights, depth: int, *, seed: int | None = None,
                noise: str = config.NOISE) -> SearchResult:
    """Alpha-beta search of ``position`` to ``depth`` plies with a transposition table and iterative deepening.

    Args:
        position: a game in progress, by either reading.
        weights: six integer weights (a strategy).
        depth: plies to search, 1 to ``pawnslib.search.alphabeta.MAX_DEPTH``.
        seed: seeds the tie-breaking leaf noise; ``None`` means no noise, and then the value
            equals plain :func:`pawnslib.search.alphabeta.minimax`'s at ``depth``.
        noise: the tie-breaking scheme (:data:`pawnslib.search.noise.SCHEMES`); under ``"thesis"`` a value
            holds only for its path, so the table gives move hints only (fewer nodes saved, same result).

    Returns:
        SearchResult with the move and root value of ``alpha_beta_search``,
        the nodes visited over all iterations (each counting its root) and seconds;
        ``info["tt_cutoffs"]`` counts the nodes the table answered.

    Raises:
        ValueError: a finished game, a bad depth, seed, noise scheme or weight vector.
    """
    w = check_weights(weights)
    check_search_args(position, depth, seed)
    scheme, kseed = kernel_noise(noise, seed)
    t0 = time.perf_counter()
    table, stamp = thread_table(new_table, TT_BITS)
    move, value, nodes, cutoffs = _deep_kernel(position.array, w, int(depth), scheme, kseed, table, stamp)
    return SearchResult(Move.from_code(move), float(value), int(nodes), time.perf_counter() - t0,
                        {"tt_cutoffs": int(cutoffs)})
