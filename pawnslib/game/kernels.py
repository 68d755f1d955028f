"""The rules on position arrays as numba kernels: move generation, making a move, features, perft.

A position is the ``int64`` array laid out in :mod:`pawnslib.game.rules` (``S_*``); the kernels read that module's
tables, so one set of kernels plays every reading of the rules.

One of the game's two rule engines: this one plays the position array, the package's record of a position (sorted
slots, the last move), for :class:`~pawnslib.game.position.Position` and its perft, the replay of game records
(:mod:`pawnslib.play.archive`), White's replies at a real position (:mod:`pawnslib.guided.replies`), the branching
counts and plain minimax (:func:`~pawnslib.search.alphabeta.minimax`, the searches' reference). The searches play by
the other, :mod:`pawnslib.game.bitboard`, on compact nodes. Written the plain way (slot by slot, one piece at a
time), this one is also the reference those nodes are checked against: tests/test_game/test_bitboard.py (every
child of random games under both readings: the same moves in the same order, the same child, the same features) and,
through the searches' steps, tests/test_search/test_expand.py and tests/test_search/test_noise.py.

Imports: :mod:`pawnslib.game.rules`.
"""

import numpy as np
from numba import njit

from pawnslib.game.rules import (
    BASE,
    BASE_MASK,
    BLACK,
    BLACK_WIN,
    CHEB,
    DIST,
    DRAW,
    EMPTY,
    EXIT_MASK,
    EXITS,
    HOME,
    MAX_MOVES,
    MAX_PLIES,
    N_FEATURES,
    NEXITS,
    NO_RESULT,
    NS,
    NTARGETS,
    S_BASE,
    S_LAST,
    S_PLY,
    S_RESULT,
    S_RULES,
    S_SIDE,
    STEP_MASK,
    TARGETS,
    WHITE_WIN,
)


@njit(cache=True, inline="always")
def _occupancy(s):
    occ = np.int64(0)
    for i in range(8):
        if s[i] != EMPTY:
            occ |= np.int64(1) << s[i]
    return occ


@njit(cache=True)
def _has_step(rules, side, sq, occ):
    # Any target is free, or is in the opponent's base (entering it wins, so it is a move).
    return STEP_MASK[rules, side, sq] & (~occ | BASE_MASK[1 - side]) != 0


@njit(cache=True)
def _base_has_exit(rules, side, occ):
    return EXIT_MASK[rules, side] & ~occ != 0


@njit(cache=True, inline="always")
def gen_moves(s, out):
    """Write the legal moves of position ``s`` into ``out``; return how many (0 if over)."""
    if s[S_RESULT] != NO_RESULT:
        return 0
    side, rules = s[S_SIDE], s[S_RULES]
    occ = _occupancy(s)
    opp_base = BASE_MASK[1 - side]
    targets, ntargets = TARGETS[rules, side], NTARGETS[rules, side]
    n = 0
    if s[S_BASE + side] > 0:
        for k in range(NEXITS[rules, side]):
            e = EXITS[rules, side, k]
            if (occ >> e) & 1 == 0:
                out[n] = BASE * 64 + e
                n += 1
    first = 4 * side
    for i in range(first, first + 4):
        sq = s[i]
        if sq == EMPTY:
            break
        for k in range(ntargets[sq]):
            t = targets[sq, k]
            if (occ >> t) & 1 == 0 or (opp_base >> t) & 1 == 1:
                out[n] = sq * 64 + t
                n += 1
    return n


@njit(cache=True)
def _bits(x):
    n = 0
    while x != 0:
        x &= x - 1
        n += 1
    return n


@njit(cache=True)
def count_moves(s):
    """How many legal moves ``s`` has: ``gen_moves``' count, from the step masks without listing them."""
    if s[S_RESULT] != NO_RESULT:
        return 0
    side, rules = s[S_SIDE], s[S_RULES]
    occ = _occupancy(s)
    n = _bits(EXIT_MASK[rules, side] & ~occ) if s[S_BASE + side] > 0 else 0
    free = ~occ | BASE_MASK[1 - side]
    for i in range(4 * side, 4 * side + 4):
        if s[i] == EMPTY:
            break
        n += _bits(STEP_MASK[rules, side, s[i]] & free)
    return n


@njit(cache=True, inline="always")
def _sort_slots(s, first):
    for i in range(first + 1, first + 4):
        v = s[i]
        j = i - 1
        while j >= first and s[j] > v:
            s[j + 1] = s[j]
            j -= 1
        s[j + 1] = v


@njit(cache=True, inline="always")
def play_into(s, move, d):  # noqa: C901, PLR0912  one move's rules in rules.py's order, the reference engine
    """Write into ``d`` the position after the legal ``move`` from ``s`` (``s`` untouched)."""
    for i in range(NS):
        d[i] = s[i]
    side = s[S_SIDE]
    frm, to = move // 64, move % 64
    first = 4 * side
    if frm == BASE:
        d[S_BASE + side] -= 1
        d[first + 3] = to  # the last slot is free: at most 4 pieces, one was in the base
    else:
        for i in range(first, first + 4):
            if d[i] == frm:
                d[i] = to
                break
    _sort_slots(d, first)
    if (BASE_MASK[1 - side] >> to) & 1 == 1:
        d[S_RESULT] = BLACK_WIN if side == BLACK else WHITE_WIN
    else:
        # Remove every stuck piece of both sides at once, judged on the same board.
        rules, occ = s[S_RULES], _occupancy(d)
        dead = 0  # bit i: slot i is stuck; bit 8 + p: side p's base is blocked
        for i in range(8):
            if d[i] != EMPTY and not _has_step(rules, i // 4, d[i], occ):
                dead |= 1 << i
        for p in range(2):
            if d[S_BASE + p] > 0 and not _base_has_exit(rules, p, occ):
                d[S_BASE + p] = 0
                dead |= 1 << (8 + p)
        if dead != 0:  # usually nothing is removed, and then nobody can have lost: the game was live
            for i in range(8):
                if (dead >> i) & 1:
                    d[i] = EMPTY
            _sort_slots(d, 0)
            _sort_slots(d, 4)
            nb = d[S_BASE] + _count(d, 0)
            nw = d[S_BASE + 1] + _count(d, 4)
            if nb == 0 and nw == 0:
                d[S_RESULT] = DRAW
            elif nb == 0:
                d[S_RESULT] = WHITE_WIN
            elif nw == 0:
                d[S_RESULT] = BLACK_WIN
    d[S_PLY] += 1
    d[S_SIDE] = 1 - side
    d[S_LAST] = move
    if d[S_RESULT] == NO_RESULT and d[S_PLY] >= MAX_PLIES:
        d[S_RESULT] = DRAW


@njit(cache=True, inline="always")
def _count(s, first):
    n = 0
    for i in range(first, first + 4):
        if s[i] != EMPTY:
            n += 1
    return n


@njit(cache=True, inline="always")
def features_into(s, out):
    """Write the six feature scores f(black) - f(white) of ``s`` into ``out``."""
    for f in range(N_FEATURES):
        out[f] = 0
    for p in range(2):
        first, home, n_base = 4 * p, HOME[p], s[S_BASE + p]
        on_board = _count(s, first)
        # Base pieces all stand on HOME[p]: own distance 0, and 0 from each other.
        bmax = bsum = dsum = 0
        obsum = n_base * DIST[1 - p, home]
        obmin = DIST[1 - p, home] if n_base > 0 else (1 << 30 if on_board > 0 else 0)
        for i in range(first, first + on_board):
            a = s[i]
            bmax = max(bmax, DIST[p, a])
            bsum += DIST[p, a]
            obmin = min(obmin, DIST[1 - p, a])
            obsum += DIST[1 - p, a]
            dsum += n_base * CHEB[a, home]
            for j in range(i + 1, first + on_board):
                dsum += CHEB[a, s[j]]
        sign = 1 if p == BLACK else -1
        out[0] += sign * bmax
        out[1] += sign * bsum
        out[2] += sign * 2 * dsum  # ordered pairs: each unordered pair twice
        out[3] += sign * obmin
        out[4] += sign * obsum
        out[5] += sign * (on_board + n_base)


@njit(cache=True)
def perft_kernel(s, depth):
    """Leaves of the legal-move tree below ``s`` to ``depth`` plies, a finished game a leaf.

    Iterative with an explicit stack, not recursive: numba segfaults when it loads a cached
    self-recursive kernel (numba issue #6061), i.e. on every run after the first.
    """
    if s[S_RESULT] != NO_RESULT or depth == 0:
        return 1
    stack = np.empty((depth, NS), np.int64)
    moves = np.empty((depth, MAX_MOVES), np.int64)
    nmoves = np.zeros(depth, np.int64)
    nxt = np.zeros(depth, np.int64)  # index of the next move to try at each ply
    stack[0] = s
    nmoves[0] = gen_moves(s, moves[0])
    if depth == 1:
        return nmoves[0]
    total = 0
    ply = 0
    while ply >= 0:
        if nxt[ply] == nmoves[ply]:
            ply -= 1
            continue
        child = stack[ply + 1]
        play_into(stack[ply], moves[ply, nxt[ply]], child)
        nxt[ply] += 1
        if child[S_RESULT] != NO_RESULT:
            total += 1
        elif ply + 2 == depth:
            # One ply left: count the moves without playing them. A live position always
            # has a move, because stuck pieces were removed.
            total += count_moves(child)
        else:
            ply += 1
            nmoves[ply] = gen_moves(child, moves[ply])
            nxt[ply] = 0
    return total
