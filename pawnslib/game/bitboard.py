"""The same rules on bitboards: the compact nodes the searches play on.

One of the game's two rule engines: every search plays by this one (:mod:`pawnslib.search`, the asymmetric, OM and
PrOM searches of :mod:`pawnslib.guided`); everything that keeps a position array plays by the other,
:mod:`pawnslib.game.kernels`, which is also the reference this one is checked against.

A search makes and values several children for every node it counts, so making a move is its
hottest step. On the position array (:mod:`pawnslib.game.kernels`) that means keeping each side's
squares in sorted slots and testing every piece for a free step one by one, branch after branch.
Here a node is eight ``int64`` (layout in the ``B_*`` constants): each side's on-board pieces as one
64-bit board, the base counts, the side to move, the ply, the result and the reading. A move flips
two bits; the removal of stuck pieces is one shift-and-mask test per side and direction; a side's
features are recomputed only for the side that moved (unless pieces were removed).

Exactness is the point: :func:`node_moves` lists the moves of :func:`~pawnslib.game.kernels.gen_moves`
in the same order (base exits in table order, then pieces by ascending square, each piece's targets in
table order), :func:`node_play` gives the position of :func:`~pawnslib.game.kernels.play_into`
(:func:`slots_of` turns a node back into a position array) and :func:`side_features_into` the two
halves of :func:`~pawnslib.game.kernels.features_into`; tests/test_game/test_bitboard.py checks all three on every
child of positions from random games, under both readings (and tests/test_search/test_expand.py and
tests/test_search/test_noise.py the searches' steps built on them). The last move is not kept: no value depends on it.

Imports: :mod:`pawnslib.game.rules`.
"""

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros

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
    MAX_PLIES,
    N_FEATURES,
    NEXITS,
    NO_RESULT,
    NTARGETS,
    READINGS,
    S_BASE,
    S_LAST,
    S_PLY,
    S_RESULT,
    S_RULES,
    S_SIDE,
    STEP_MASK,
    STEPS,
    TARGETS,
    WHITE_WIN,
)

# Layout of a node: B_OCC + side and B_BASE + side are that side's board and base count.
B_OCC, B_BASE, B_SIDE, B_PLY, B_RESULT, B_RULES = 0, 2, 4, 5, 6, 7
NB = 8


# The step directions of every reading, in STEPS' order, as changes of square: up, down, left, right, then the
# king's diagonals. CAN_STEP[rules, side, j] holds the squares whose step in direction j is a target.
OFFSETS = (-8, 8, -1, 1, -9, -7, 7, 9)


def _tables():
    bit = np.zeros(EMPTY + 1, np.uint64)  # BIT[q]: q's bit; 0 for BASE and EMPTY, so a move out of the base flips one
    bit[:64] = np.uint64(1) << np.arange(64, dtype=np.uint64)
    can_step = np.zeros((len(READINGS), 2, len(OFFSETS)), np.uint64)
    for k, steps in enumerate(STEPS.values()):
        for (dr, dc), offset in zip(steps, OFFSETS, strict=False):
            assert 8 * dr + dc == offset, "STEPS and OFFSETS list the directions in the same order"
            for s in (0, 1):
                for q in range(64):
                    if q + offset in TARGETS[k, s, q, : NTARGETS[k, s, q]]:
                        can_step[k, s, OFFSETS.index(offset)] |= np.uint64(1) << np.uint64(q)
    # NEAR[rules, t]: t and the squares from which a piece of either side has a step to t.
    near = bit[:64].copy()[None, :].repeat(len(READINGS), 0)
    for k in range(len(READINGS)):
        for s in (0, 1):
            for q in range(64):
                for t in TARGETS[k, s, q, : NTARGETS[k, s, q]]:
                    near[k, t] |= np.uint64(1) << np.uint64(q)
    return bit.view(np.int64), can_step.view(np.int64), near.view(np.int64)


BIT, CAN_STEP, NEAR = _tables()
# The distances the features sum, as small integers (5 kB: with CHEB as int64, 36 kB, they crowd the L1 cache).
DIST8, CHEB8 = DIST.astype(np.int8), CHEB.astype(np.int8)


@njit(cache=True)
def node_of(s, b):
    """Write into ``b`` the node of position array ``s``."""
    for p in range(2):
        occ = 0
        for i in range(4 * p, 4 * p + 4):
            occ |= BIT[s[i]]
        b[B_OCC + p] = occ
        b[B_BASE + p] = s[S_BASE + p]
    b[B_SIDE], b[B_PLY], b[B_RESULT], b[B_RULES] = s[S_SIDE], s[S_PLY], s[S_RESULT], s[S_RULES]


@njit(cache=True)
def slots_of(b, s):
    """Write into ``s`` the position array of node ``b`` (its last move: -1, unknown)."""
    for p in range(2):
        x, i = b[B_OCC + p], 4 * p
        while x != 0:
            s[i] = trailing_zeros(x)
            x &= x - 1
            i += 1
        for j in range(i, 4 * p + 4):
            s[j] = EMPTY
        s[S_BASE + p] = b[B_BASE + p]
    s[S_SIDE], s[S_PLY], s[S_RESULT], s[S_RULES], s[S_LAST] = b[B_SIDE], b[B_PLY], b[B_RESULT], b[B_RULES], -1


@njit(cache=True)
def node_moves(b, out):
    """Write the legal moves of node ``b`` into ``out`` in :func:`gen_moves`' order; return how many (0 if over)."""
    if b[B_RESULT] != NO_RESULT:
        return 0
    side, rules = b[B_SIDE], b[B_RULES]
    occ = b[B_OCC] | b[B_OCC + 1]
    n = 0
    if b[B_BASE + side] > 0:
        for k in range(NEXITS[rules, side]):
            e = EXITS[rules, side, k]
            if occ & BIT[e] == 0:
                out[n] = BASE * 64 + e
                n += 1
    free = ~occ | BASE_MASK[1 - side]  # entering the opponent's base wins, occupied or not
    x = b[B_OCC + side]
    while x != 0:
        sq = trailing_zeros(x)
        x &= x - 1
        for k in range(NTARGETS[rules, side, sq]):
            t = TARGETS[rules, side, sq, k]
            if free & BIT[t] != 0:
                out[n] = sq * 64 + t
                n += 1
    return n


@njit(cache=True, inline="always")
def _movable(rules, side, free):
    """The squares from which a piece of ``side`` has a step to a square of ``free``.

    Square q's step to q + o is free when bit q of ``free`` shifted by o is set; bits shifted in from
    outside the board land on squares whose step leaves it, which CAN_STEP masks out.
    """
    c = CAN_STEP[rules, side]
    m = ((free << 8) & c[0]) | ((free >> 8) & c[1]) | ((free << 1) & c[2]) | ((free >> 1) & c[3])
    if c[4] | c[5] | c[6] | c[7] != 0:  # the king's diagonals
        m |= ((free << 9) & c[4]) | ((free << 7) & c[5]) | ((free >> 7) & c[6]) | ((free >> 9) & c[7])
    return m


@njit(cache=True, inline="always")
def _popcount(x):
    n = 0
    while x != 0:
        x &= x - 1
        n += 1
    return n


@njit(cache=True, inline="always")
def _stuck(rules, side, pieces, free, near):
    """Those of ``pieces`` (side ``side``'s) among ``near`` that have no step to a square of ``free``."""
    stuck, x = 0, pieces & near
    while x != 0:
        q = trailing_zeros(x)
        x &= x - 1
        if STEP_MASK[rules, side, q] & free == 0:
            stuck |= BIT[q]
    return stuck


@njit(cache=True, inline="always")
def after_fields(bb, wb, n_bb, n_wb, side, ply, rules, move, settled):  # noqa: PLR0917  numba kernel: numba compiles no keyword-only parameter
    """The node after the legal ``move`` from the node whose fields are given, as (Black's board, White's, their
    base counts, the result, whether pieces were removed): :func:`node_play` without writing it (its side, ply
    and reading follow), for a caller that reads a node's fields once for many moves.

    ``settled`` says that the node has no stuck piece, as every node a move makes (the stuck are removed): a
    move only frees the square it leaves and fills the one it enters, so then only the moved piece and the
    pieces with a step to its target can be stuck, and only they are tested. A root read from a text may
    hold stuck pieces: it is played with ``settled`` false, testing every piece.
    """
    frm, to = move >> 6, move & 63
    if side == BLACK:
        bb ^= BIT[frm] | BIT[to]
        n_bb -= 1 if frm == BASE else 0
    else:
        wb ^= BIT[frm] | BIT[to]
        n_wb -= 1 if frm == BASE else 0
    result, removed = NO_RESULT, False
    if BASE_MASK[1 - side] & BIT[to] != 0:
        result = BLACK_WIN if side == BLACK else WHITE_WIN
    else:
        occ = bb | wb
        if settled:
            near = NEAR[rules, to]
            stuck_b = _stuck(rules, 0, bb, ~occ | BASE_MASK[1], near)
            stuck_w = _stuck(rules, 1, wb, ~occ | BASE_MASK[0], near)
        else:
            stuck_b = bb & ~_movable(rules, 0, ~occ | BASE_MASK[1])
            stuck_w = wb & ~_movable(rules, 1, ~occ | BASE_MASK[0])
        blocked_b = n_bb > 0 and EXIT_MASK[rules, 0] & ~occ == 0
        blocked_w = n_wb > 0 and EXIT_MASK[rules, 1] & ~occ == 0
        if stuck_b != 0 or stuck_w != 0 or blocked_b or blocked_w:  # rare: usually nobody can have lost
            removed = True
            bb, wb = bb & ~stuck_b, wb & ~stuck_w
            n_bb, n_wb = (0 if blocked_b else n_bb), (0 if blocked_w else n_wb)
            alive_b, alive_w = n_bb + _popcount(bb) > 0, n_wb + _popcount(wb) > 0
            if not alive_b:
                result = WHITE_WIN if alive_w else DRAW
            elif not alive_w:
                result = BLACK_WIN
    if result == NO_RESULT and ply + 1 >= MAX_PLIES:
        result = DRAW
    return bb, wb, n_bb, n_wb, result, removed


@njit(cache=True)
def node_play(b, move, d, settled=False):
    """Write into ``d`` the node after the legal ``move`` from ``b``; return whether pieces were removed.

    The rules of :func:`~pawnslib.game.kernels.play_into`: entering the opponent's base wins; otherwise
    every stuck piece of either side is removed at once (a base with no free exit empties), then a side
    with no pieces loses, both emptied is a draw, and ply ``MAX_PLIES`` draws. Every field is computed
    before ``d`` is written, so ``d`` may be ``b``. ``settled``: as :func:`after_fields`.
    """
    side, ply, rules = b[B_SIDE], b[B_PLY], b[B_RULES]
    after = after_fields(b[B_OCC], b[B_OCC + 1], b[B_BASE], b[B_BASE + 1], side, ply, rules, move, settled)
    write_child(after, side, ply, rules, d)
    return after[5]


@njit(cache=True, inline="always")
def write_child(after, side, ply, rules, d):
    """Write into ``d`` the child that :func:`after_fields` gave as ``after``, of a node with ``side`` to move at
    ``ply`` under ``rules``."""
    bb, wb, n_bb, n_wb, result, _ = after
    d[B_OCC], d[B_OCC + 1], d[B_BASE], d[B_BASE + 1] = bb, wb, n_bb, n_wb
    d[B_SIDE], d[B_PLY], d[B_RESULT], d[B_RULES] = 1 - side, ply + 1, result, rules


@njit(cache=True)
def side_parts(p, occ, n_base):
    """Side ``p``'s six feature parts when its pieces on the board are ``occ`` and ``n_base`` wait in its base."""
    home = HOME[p]
    # Base pieces all stand on HOME[p]: own distance 0, and 0 from each other.
    bmax = bsum = dsum = n = 0
    obsum = n_base * DIST8[1 - p, home]
    obmin = DIST8[1 - p, home] if n_base > 0 else 1 << 30
    x = occ
    while x != 0:
        a = trailing_zeros(x)
        x &= x - 1
        n += 1
        bmax = max(bmax, DIST8[p, a])
        bsum += DIST8[p, a]
        obmin = min(obmin, DIST8[1 - p, a])
        obsum += DIST8[1 - p, a]
        dsum += n_base * CHEB8[a, home]
        y = x
        while y != 0:
            dsum += CHEB8[a, trailing_zeros(y)]
            y &= y - 1
    # DSum counts ordered pairs: each unordered pair twice.
    return bmax, bsum, 2 * dsum, (obmin if n + n_base > 0 else 0), obsum, n + n_base


@njit(cache=True)
def side_features_into(b, p, out):
    """Write side ``p``'s six feature parts of node ``b`` into ``out``: features = Black's parts - White's."""
    parts = side_parts(p, b[B_OCC + p], b[B_BASE + p])
    for f in range(N_FEATURES):
        out[f] = parts[f]
