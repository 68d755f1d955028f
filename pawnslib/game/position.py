"""The friendly API of the game: :class:`Position`, :class:`Move`, :func:`perft` and rule-reading names.

A :class:`Position` wraps one position array (:mod:`pawnslib.game.rules`), plays moves through the kernels
(:mod:`pawnslib.game.kernels`), round-trips through a one-line text, and draws itself in a notebook
(:mod:`pawnslib.game.draw`, imported lazily: the board module imports this one, as python-chess's ``svg`` does).

Imports: ``config`` and the other modules of :mod:`pawnslib.game`.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from pawnslib import config
from pawnslib.game.kernels import features_into, gen_moves, perft_kernel, play_into
from pawnslib.game.rules import (
    BASE,
    BASE_MASK,
    BASE_SQUARES,
    BLACK,
    BLACK_WIN,
    DRAW,
    EMPTY,
    MAX_MOVES,
    MAX_PLIES,
    N_FEATURES,
    NO_RESULT,
    NS,
    PIECES,
    READINGS,
    RESULT_NAMES,
    S_BASE,
    S_LAST,
    S_PLY,
    S_RESULT,
    S_RULES,
    S_SIDE,
    WHITE,
    WHITE_WIN,
)


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


_BASE_BITS = tuple(int(m) for m in BASE_MASK)  # each side's base squares as a Python int's bits


def legal_codes(array: np.ndarray) -> np.ndarray:
    """The legal moves' codes at a position array, in move-generation order (none once the game is over)."""
    buf = np.empty(MAX_MOVES, np.int64)
    return buf[: gen_moves(array, buf)]


def _result_of(s: np.ndarray) -> int:
    """The result a position array implies (used for positions read from text)."""
    v = s.tolist()  # plain ints: numpy's scalars would cost more than the test
    for side in (BLACK, WHITE):
        for q in v[4 * side : 4 * side + 4]:
            if q != EMPTY and (_BASE_BITS[1 - side] >> q) & 1:
                return BLACK_WIN if side == BLACK else WHITE_WIN
    nb = v[S_BASE] + sum(q != EMPTY for q in v[0:4])
    nw = v[S_BASE + 1] + sum(q != EMPTY for q in v[4:8])
    if nb == 0 and nw == 0:
        return DRAW
    if nb == 0:
        return WHITE_WIN
    if nw == 0:
        return BLACK_WIN
    return DRAW if s[S_PLY] >= MAX_PLIES else NO_RESULT


def _read_pieces(ranks: list[str]) -> tuple[list[int], list[int]]:
    """The squares (``8 * row + col``) of Black's and White's pieces on a text's 8 ``ranks``; ``ValueError`` naming
    the rank or square that is wrong."""
    pieces = ([], [])
    for r, rank in enumerate(ranks):
        if len(rank) != 8:
            raise ValueError(f"rank {r} ({rank!r}) needs 8 squares, got {len(rank)}")
        if rank == "........":  # most ranks (a text is read for every position of every record)
            continue
        for c, ch in enumerate(rank):
            if ch not in "bw.":
                raise ValueError(f"unknown character {ch!r} at row {r}, col {c}: use 'b', 'w' or '.'")
            if ch != ".":
                owner = BLACK if ch == "b" else WHITE
                if (r, c) in BASE_SQUARES[owner]:
                    raise ValueError(f"{RESULT_NAMES[owner + 1]} piece on its own base square ({r},{c}): "
                                     "base pieces are counted in the base fields, not drawn")
                pieces[owner].append(r * 8 + c)
    return pieces


def _read_counts(side: str, nb: str, nw: str, ply: str) -> list[int]:
    """A text's base counts (Black's, White's), after checking them, the side to move and the ply; ``ValueError``
    naming the field that is wrong."""
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
    return counts


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
        pieces = _read_pieces(ranks)
        counts = _read_counts(side, nb, nw, ply)
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
        return [Move.from_code(c) for c in legal_codes(self.array)]

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
        if code not in legal_codes(self.array):
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
        from pawnslib.game.draw import board_svg

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
