"""The game Pawns (Kalles 2007; thesis Chapter 4): rules, move generation, features, perft.

Rules, exactly as this project plays them
-----------------------------------------
Two readings of the thesis's "adjacent field" (Chapter 4) are played, by name:
``"kalles"`` (the default; Kalles' RLGame: orthogonal steps, as below) and ``"king"``
(8-neighbour steps: everything below holds with "adjacent" meaning any of the 8
neighbouring squares, so a base has five exits, Black's (0,5), (1,5), (2,5), (2,6), (2,7),
and White's the mirror). :data:`READINGS` lists them; a position carries its reading.

* 8x8 board, squares ``(row, col)``, row 0 at the top. Black's base is the 2x2 block
  rows 0-1, cols 6-7 (top right); White's is rows 6-7, cols 0-1 (bottom left). Each side
  starts with its 4 pieces in its own base. Black moves first and is the max player.
* The distance of a square from a base is the larger of its row and column distances to
  the nearest square of that base (0 inside). For Black's base: ``max(max(0, row-1),
  max(0, 6-col))``; for White's: ``max(max(0, 6-row), max(0, col-1))``.
* A base is one cell for movement: a piece in its own base may move to any empty square
  orthogonally adjacent to the block (Black: (0,5), (1,5), (2,6), (2,7); White: (5,0),
  (5,1), (6,2), (7,2)). Base pieces are interchangeable, so that is at most four moves.
* A piece on the board steps up, down, left or right (``"king"``: also diagonally) to an
  empty square whose distance from its own base is not smaller than that of the square it
  leaves; so it never re-enters its own base. There are no captures.
* Stepping into any square of the opponent's base wins at once, whether or not opponent
  pieces are still inside it.
* After every move that does not win, every piece of either side that has no legal move is
  removed, all at once. A piece in a base has a move while any of its exit squares is empty.
* A side with no pieces left loses; both emptied in the same turn is a draw. A game with
  no result after 200 plies is a draw.

Internals
---------
A position is a small ``int64`` array (layout in the ``S_*`` constants): the on-board
squares of each side's pieces in sorted slots (``EMPTY`` for none), the base counts, the
side to move, the ply, the result, the reading and the last move. Rules are data: the
kernels are one set, and read the step and exit tables of the position's reading
(``TARGETS[rules]``, ``EXITS[rules]`` and their bit masks), built below from :data:`STEPS`.
Squares are ``row * 8 + col``; a move is ``frm * 64 + to`` with ``frm == BASE`` for a move
out of the base. Everything hot is a numba kernel over such arrays; :class:`Position` is
the thin, friendly wrapper.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from pawnslib import config

BLACK, WHITE = 0, 1
NO_RESULT, BLACK_WIN, WHITE_WIN, DRAW = 0, 1, 2, 3
RESULT_NAMES = (None, "black", "white", "draw")
MAX_PLIES = 200
PIECES = 4
BASE = 64  # the "from" square of a move out of the base
EMPTY = 99  # an unused piece slot; sorts after every real square

# Layout of a position array.
S_PIECES = (0, 4)  # S_PIECES[side] is the first of that side's four square slots
S_BASE = 8  # S_BASE + side: pieces still in that side's base
S_SIDE, S_PLY, S_RESULT, S_RULES, S_LAST = 10, 11, 12, 13, 14
NS = 15

BASE_SQUARES = (((0, 6), (0, 7), (1, 6), (1, 7)), ((6, 0), (6, 1), (7, 0), (7, 1)))
HOME_SQUARES = ((1, 6), (6, 1))  # where a base piece stands for the features
FEATURE_NAMES = ("BMax", "BSum", "DSum", "OBMin", "OBSum", "PD")
N_FEATURES = 6
ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))  # up, down, left, right
STEPS = {"kalles": ORTHOGONAL, "king": ORTHOGONAL + ((-1, -1), (-1, 1), (1, -1), (1, 1))}
READINGS = tuple(STEPS)  # the readings' names; a position's S_RULES slot is an index into it


def base_distance(side: int, row: int, col: int) -> int:
    """Distance of ``(row, col)`` from ``side``'s base (0 inside it)."""
    if side == BLACK:
        return max(max(0, row - 1), max(0, 6 - col))
    return max(max(0, 6 - row), max(0, col - 1))


def _adjacent_to_base(side: int, steps) -> list[int]:
    """The squares one step from ``side``'s 2x2 base block, outside it, in square order: its exits."""
    block = BASE_SQUARES[side]
    near = {(r + dr, c + dc) for r, c in block for dr, dc in steps}
    return sorted(r * 8 + c for r, c in near - set(block) if 0 <= r < 8 and 0 <= c < 8)


def _tables():
    sq = lambda rc: rc[0] * 8 + rc[1]  # noqa: E731
    dist = np.array([[base_distance(s, r, c) for r in range(8) for c in range(8)] for s in (0, 1)])
    base_mask = np.array([sum(1 << sq(rc) for rc in BASE_SQUARES[s]) for s in (0, 1)], np.uint64)
    n_steps = max(len(v) for v in STEPS.values())
    exits = np.full((len(READINGS), 2, n_steps), -1, np.int64)  # EXITS[rules, side, :NEXITS[rules, side]]
    nexits = np.zeros((len(READINGS), 2), np.int64)
    targets = np.full((len(READINGS), 2, 64, n_steps), -1, np.int64)  # TARGETS[rules, side, square, k]
    ntargets = np.zeros((len(READINGS), 2, 64), np.int64)
    for k, steps in enumerate(STEPS.values()):
        for s in (0, 1):
            e = _adjacent_to_base(s, steps)
            exits[k, s, : len(e)], nexits[k, s] = e, len(e)
            for q in range(64):
                r, c = divmod(q, 8)
                if (r, c) in BASE_SQUARES[s]:
                    continue  # no piece stands on its own base's squares: base pieces are counted
                for dr, dc in steps:
                    rr, cc = r + dr, c + dc
                    if 0 <= rr < 8 and 0 <= cc < 8 and dist[s, rr * 8 + cc] >= dist[s, q]:
                        targets[k, s, q, ntargets[k, s, q]] = rr * 8 + cc
                        ntargets[k, s, q] += 1
    # The same as bit masks of squares, for the removal test: "some target is free" is one AND.
    step_mask = np.zeros((len(READINGS), 2, 64), np.uint64)
    exit_mask = np.zeros((len(READINGS), 2), np.uint64)
    for k in range(len(READINGS)):
        for s in (0, 1):
            exit_mask[k, s] = sum(1 << int(q) for q in exits[k, s, : nexits[k, s]])
            for q in range(64):
                step_mask[k, s, q] = sum(1 << int(x) for x in targets[k, s, q, : ntargets[k, s, q]])
    home = np.array([sq(HOME_SQUARES[s]) for s in (0, 1)], np.int64)
    rc = np.array([divmod(q, 8) for q in range(64)])
    cheb = np.abs(rc[:, None, :] - rc[None, :, :]).max(axis=2)  # Chebyshev distance between squares
    return (dist, base_mask.view(np.int64), exits, nexits, targets, ntargets, step_mask.view(np.int64),
            exit_mask.view(np.int64), home, cheb)


DIST, BASE_MASK, EXITS, NEXITS, TARGETS, NTARGETS, STEP_MASK, EXIT_MASK, HOME, CHEB = _tables()
# The most moves a position can have under each reading (every piece on the board with its most targets; a base
# exit replaces a piece's steps), and under any: search buffers are sized by the reading (a smaller buffer keeps
# Kalles' search as fast as before the readings).
MOVES_OF = np.array([PIECES * max(NTARGETS[k].max(), NEXITS[k].max()) for k in range(len(READINGS))], np.int64)
MAX_MOVES = int(MOVES_OF.max())


# ----------------------------------------------------------------------------- kernels


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
def play_into(s, move, d):
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


# ----------------------------------------------------------------------------- Python API


class IllegalMoveError(ValueError):
    """A move that is not legal in the position it was played in."""


Square = tuple[int, int]


class Move(NamedTuple):
    """A move: ``frm`` is a square, or ``None`` for a piece leaving its base.

    Its text form is ``"2,6-3,6"``, or ``"base-2,6"`` out of the base.
    """

    frm: Square | None
    to: Square

    @property
    def code(self) -> int:
        """``frm * 64 + to`` with squares as ``row * 8 + col`` (``frm`` = BASE out of the base).

        Raises:
            ValueError: a square that is not two integers from 0 to 7.
        """
        frm = BASE if self.frm is None else _square_index(self.frm, "from")
        return frm * 64 + _square_index(self.to, "to")

    @classmethod
    def from_code(cls, code: int) -> Move:
        """The move whose :attr:`code` is ``code``.

        Raises:
            ValueError: ``code`` is not an integer, or names no square (from 0 to 63, or BASE; to 0 to 63).
        """
        if isinstance(code, bool) or not isinstance(code, (int, np.integer)):
            raise ValueError(f"a move code must be an integer, got {code!r} ({type(code).__name__})")
        frm, to = divmod(int(code), 64)
        if not (0 <= frm < 64 or frm == BASE) or code < 0:
            raise ValueError(f"move code {code} is out of range: codes are from * 64 + to, from 0..63 or {BASE} "
                             "(the base), to 0..63")
        return cls(None if frm == BASE else divmod(frm, 8), divmod(to, 8))

    @classmethod
    def from_text(cls, text: str) -> Move:
        try:
            a, b = text.strip().split("-")
            to = tuple(int(x) for x in b.split(","))
            frm = None if a == "base" else tuple(int(x) for x in a.split(","))
            if len(to) != 2 or (frm is not None and len(frm) != 2):
                raise ValueError
        except (ValueError, AttributeError):
            raise ValueError(f"bad move text {text!r}: expected 'r,c-r,c' or 'base-r,c'") from None
        move = cls(frm, to)
        move.code  # noqa: B018  (checks that both squares are on the board)
        return move

    def __str__(self) -> str:
        frm = "base" if self.frm is None else f"{self.frm[0]},{self.frm[1]}"
        return f"{frm}-{self.to[0]},{self.to[1]}"


def _square_index(square, what: str) -> int:
    """``row * 8 + col`` of a ``(row, col)`` square on the board, or a ValueError naming it."""
    ok = isinstance(square, tuple) and len(square) == 2 and all(
        isinstance(x, (int, np.integer)) and not isinstance(x, bool) and 0 <= x < 8 for x in square)
    if not ok:
        raise ValueError(f"the {what} square {square!r} is not on the board: rows and columns are 0 to 7")
    return int(square[0]) * 8 + int(square[1])


def rules_index(rules: str, *, where: str = "rules") -> int:
    """The index of the reading named ``rules`` in :data:`READINGS`.

    Raises:
        ValueError: an unknown name, listing the readings (``where`` names the parameter).
    """
    if not isinstance(rules, str) or rules not in READINGS:
        raise ValueError(f"{where} must be one of {', '.join(map(repr, READINGS))} (the rule readings), got {rules!r}")
    return READINGS.index(rules)


def _result_of(s: np.ndarray) -> int:
    """The result a position array implies (used for positions read from text)."""
    for side in (BLACK, WHITE):
        for i in range(4 * side, 4 * side + 4):
            if s[i] != EMPTY and (int(BASE_MASK[1 - side]) >> int(s[i])) & 1:
                return BLACK_WIN if side == BLACK else WHITE_WIN
    nb = s[S_BASE] + np.sum(s[0:4] != EMPTY)
    nw = s[S_BASE + 1] + np.sum(s[4:8] != EMPTY)
    if nb == 0 and nw == 0:
        return DRAW
    if nb == 0:
        return WHITE_WIN
    if nw == 0:
        return BLACK_WIN
    return DRAW if s[S_PLY] >= MAX_PLIES else NO_RESULT


class Position:
    """An immutable Pawns position. ``Position.start()`` is the initial one.

    It draws itself as a board in a notebook and round-trips through a one-line text
    format (see :meth:`from_text`).
    """

    __slots__ = ("array",)

    def __init__(self, array: np.ndarray):
        self.array = array

    @classmethod
    def start(cls, *, rules: str = config.RULES) -> Position:
        """The initial position, played by the reading ``rules`` (one of :data:`READINGS`).

        Raises:
            ValueError: an unknown reading.
        """
        s = np.full(NS, EMPTY, np.int64)
        s[S_BASE] = s[S_BASE + 1] = PIECES
        s[S_SIDE] = BLACK
        s[S_PLY] = 0
        s[S_RESULT] = NO_RESULT
        s[S_RULES] = rules_index(rules)
        s[S_LAST] = -1
        return cls(s)

    @classmethod
    def from_text(cls, text: str, *, rules: str = config.RULES) -> Position:
        """Read ``"<8 ranks, row 0 first, '/'-separated> <b|w> <black in base> <white in base> <ply>"``.

        The text does not say the reading; ``rules`` does (one of :data:`READINGS`).

        Raises:
            ValueError: naming the field (and rank, column) that is wrong, or an unknown reading.
        """
        fields = text.split()
        if len(fields) != 5:
            raise ValueError(f"position text needs 5 fields (board side nb nw ply), got {len(fields)}: {text!r}")
        board, side, nb, nw, ply = fields
        ranks = board.split("/")
        if len(ranks) != 8:
            raise ValueError(f"board needs 8 ranks separated by '/', got {len(ranks)}")
        s = Position.start(rules=rules).array.copy()
        pieces = ([], [])
        for r, rank in enumerate(ranks):
            if len(rank) != 8:
                raise ValueError(f"rank {r} ({rank!r}) needs 8 squares, got {len(rank)}")
            for c, ch in enumerate(rank):
                if ch not in "bw.":
                    raise ValueError(f"unknown character {ch!r} at row {r}, col {c}: use 'b', 'w' or '.'")
                if ch != ".":
                    owner = BLACK if ch == "b" else WHITE
                    if (r, c) in BASE_SQUARES[owner]:
                        raise ValueError(f"{RESULT_NAMES[owner + 1]} piece on its own base square ({r},{c}): "
                                         "base pieces are counted in the base fields, not drawn")
                    pieces[owner].append(r * 8 + c)
        if side not in ("b", "w"):
            raise ValueError(f"side to move must be 'b' or 'w', got {side!r}")
        counts = []
        for name, field in (("black base count", nb), ("white base count", nw)):
            if not field.isdigit() or int(field) > PIECES:
                raise ValueError(f"{name} must be an integer from 0 to {PIECES}, got {field!r}")
            counts.append(int(field))
        if not ply.isdigit() or int(ply) > MAX_PLIES:
            raise ValueError(f"ply must be an integer from 0 to {MAX_PLIES}, got {ply!r}")
        if (int(ply) % 2 == 0) != (side == "b"):
            raise ValueError(f"side {side!r} cannot be to move at ply {ply}: Black moves at even plies")
        for owner in (BLACK, WHITE):
            total = len(pieces[owner]) + counts[owner]
            if total > PIECES:
                name = RESULT_NAMES[owner + 1]
                raise ValueError(f"{name} has {total} pieces ({len(pieces[owner])} on the board + "
                                 f"{counts[owner]} in base), more than {PIECES}")
            s[4 * owner : 4 * owner + len(pieces[owner])] = sorted(pieces[owner])
            s[S_BASE + owner] = counts[owner]
        s[S_SIDE] = BLACK if side == "b" else WHITE
        s[S_PLY] = int(ply)
        invaders = [o for o in (BLACK, WHITE) for q in pieces[o] if divmod(q, 8) in BASE_SQUARES[1 - o]]
        if len(invaders) > 1 or (invaders and s[S_SIDE] == invaders[0]):
            raise ValueError("only the side that just moved can have (one) piece in the opponent's base")
        s[S_RESULT] = _result_of(s)
        return cls(s)

    def to_text(self) -> str:
        grid = [["."] * 8 for _ in range(8)]
        for side, ch in ((BLACK, "b"), (WHITE, "w")):
            for q in self.squares(side):
                grid[q[0]][q[1]] = ch
        board = "/".join("".join(row) for row in grid)
        a = self.array
        return f"{board} {'bw'[a[S_SIDE]]} {a[S_BASE]} {a[S_BASE + 1]} {a[S_PLY]}"

    # --- state -----------------------------------------------------------------------
    @property
    def side_to_move(self) -> str:
        return "black" if self.array[S_SIDE] == BLACK else "white"

    @property
    def rules(self) -> str:
        """The reading the position is played by: one of :data:`READINGS`."""
        return READINGS[self.array[S_RULES]]

    @property
    def ply(self) -> int:
        return int(self.array[S_PLY])

    @property
    def result(self) -> str | None:
        """``None`` while the game goes on, else ``"black"``, ``"white"`` or ``"draw"``."""
        return RESULT_NAMES[self.array[S_RESULT]]

    @property
    def last_move(self) -> Move | None:
        return None if self.array[S_LAST] < 0 else Move.from_code(self.array[S_LAST])

    def squares(self, side: int) -> list[Square]:
        """On-board squares of ``side``'s pieces (``BLACK`` or ``WHITE``), sorted."""
        return [divmod(int(q), 8) for q in self.array[4 * side : 4 * side + 4] if q != EMPTY]

    def in_base(self, side: int) -> int:
        return int(self.array[S_BASE + side])

    def features(self) -> np.ndarray:
        """The six feature scores (BMax, BSum, DSum, OBMin, OBSum, PD), black minus white."""
        out = np.empty(N_FEATURES, np.int64)
        features_into(self.array, out)
        return out

    # --- moves -----------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        buf = np.empty(MAX_MOVES, np.int64)
        return [Move.from_code(c) for c in buf[: gen_moves(self.array, buf)]]

    def play(self, move: Move | str | int) -> Position:
        """The position after ``move`` (a :class:`Move`, its text, or its code).

        Raises:
            ValueError: ``move`` is none of these, or names a square off the board.
            IllegalMoveError: the move is not legal here, or the game is over.
        """
        if isinstance(move, str):
            move = Move.from_text(move)
        elif isinstance(move, (int, np.integer)) and not isinstance(move, bool):
            move = Move.from_code(move)
        elif not isinstance(move, Move):
            raise ValueError(f"a move is a Move, its text ('2,6-3,6', 'base-2,6') or its integer code; got {move!r} "
                             f"({type(move).__name__})")
        code = move.code
        if self.result is not None:
            raise IllegalMoveError(f"game is over ({self.result}); no move can be played")
        buf = np.empty(MAX_MOVES, np.int64)
        if code not in buf[: gen_moves(self.array, buf)]:
            raise IllegalMoveError(f"{Move.from_code(code)} is not legal in {self.to_text()!r}")
        child = np.empty(NS, np.int64)
        play_into(self.array, code, child)
        return Position(child)

    # --- Python niceties -------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and np.array_equal(self.array[:S_LAST], other.array[:S_LAST])

    def __hash__(self) -> int:
        return hash(self.array[:S_LAST].tobytes())

    def __repr__(self) -> str:
        rules = "" if self.rules == config.RULES else f", rules={self.rules!r}"
        return f"Position.from_text({self.to_text()!r}{rules})"

    def __str__(self) -> str:
        rows = self.to_text().split()[0].split("/")
        bases = f"base b={self.in_base(BLACK)} w={self.in_base(WHITE)}"
        return "\n".join(rows) + f"\n{self.side_to_move} to move, {bases}, ply {self.ply}, rules {self.rules}"

    def _repr_svg_(self) -> str:
        from pawnslib.draw import board_svg

        return board_svg(self)


def perft(position: Position, depth: int) -> int:
    """Count the leaves of the legal-move tree below ``position`` to ``depth`` plies.

    A finished game is a leaf; the position's reading decides the moves. From the start,
    perft(1) = 4 and perft(2) = 16 under ``"kalles"``, 5 and 25 under ``"king"``.

    Raises:
        ValueError: ``depth`` is not a non-negative integer.
    """
    if isinstance(depth, bool) or not isinstance(depth, (int, np.integer)) or depth < 0:
        raise ValueError(f"depth must be a non-negative integer, got {depth!r}")
    return int(perft_kernel(position.array, int(depth)))
