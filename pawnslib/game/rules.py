"""The rules of Pawns (Kalles 2007; thesis Chapter 4) in words, and as the constant tables the kernels play from.

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
* Stepping into any square of the opponent's base from a neighbouring square wins at once,
  whether or not opponent pieces are still inside it, and whatever the distance rule says
  (under ``"king"`` the diagonal steps (7,2) to (6,1) and (5,0) to (6,1) bring Black nearer
  its own base, yet win; under ``"kalles"`` no entry is ever nearer home).
* After every move that does not win, every piece of either side that has no legal move is
  removed, all at once. A piece in a base has a move while any of its exit squares is empty.
* A side with no pieces left loses; both emptied in the same turn is a draw. A game with
  no result after 200 plies is a draw.

Kalles' own RLGame (as the public Java engine ``kyriakosgi/RLGameEcoClient`` implements it) has the
same legal moves as ``"kalles"`` (perft from the start to depth 8 agrees: 4, 16, 88, 484, 3,080,
19,600, 141,960, 1,028,196) but two other rules: it removes stuck pieces one at a time, Black's pawn
i then White's pawn i for i = 0, 1, ... (a pawn's number is its place in the order its side left the
base), so a pawn checked later survives if an earlier removal freed its step; and a move that empties
its mover's own side wins for the mover. We follow the thesis's words ("a side with no pieces left
loses", all stuck pieces removed together); :mod:`pawnslib.experiments.rlgame` counts the games
either rule would have changed.

Internals
---------
A position is a small ``int64`` array (layout in the ``S_*`` constants): the on-board
squares of each side's pieces in sorted slots (``EMPTY`` for none), the base counts, the
side to move, the ply, the result, the reading and the last move. Rules are data: the
kernels are one set, and read the step and exit tables of the position's reading
(``TARGETS[rules]``, ``EXITS[rules]`` and their bit masks), built below from :data:`STEPS`.
Squares are ``row * 8 + col``; a move is ``frm * 64 + to`` with ``frm == BASE`` for a move
out of the base. Everything hot is a numba kernel over such arrays (:mod:`pawnslib.game.kernels`);
:class:`~pawnslib.game.position.Position` is the thin, friendly wrapper.

Imports: ``numpy`` and :mod:`pawnslib.config` (the readings' names, :data:`~pawnslib.config.READINGS`).
"""

from __future__ import annotations

import numpy as np

from pawnslib.config import READINGS

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
# Each reading's steps, in the order of config.READINGS (the readings' one definition): a position's S_RULES slot is an
# index into it.
STEPS = {"kalles": ORTHOGONAL, "king": ORTHOGONAL + ((-1, -1), (-1, 1), (1, -1), (1, 1))}
if tuple(STEPS) != READINGS:
    raise ImportError(f"pawnslib.game.rules.STEPS has the readings {tuple(STEPS)}, config.READINGS {READINGS}")


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
                    # Entering the opponent's base wins from any neighbour, whatever the distance rule says: under
                    # "king", (7,2) -> (6,1) and (5,0) -> (6,1) step nearer Black's base, yet win.
                    enters = (rr, cc) in BASE_SQUARES[1 - s]
                    if 0 <= rr < 8 and 0 <= cc < 8 and (enters or dist[s, rr * 8 + cc] >= dist[s, q]):
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
