"""Where Kalles' own RLGame would have played our recorded games otherwise (thesis Chapter 4; the rules' docstring).

RLGame, as a public Java engine implements it (``kyriakosgi/RLGameEcoClient``, ``GameState`` and ``Pawn``), agrees
with our Kalles reading on every set of legal moves, but differs in two rules:

* **Sequential removal.** After a move it checks the pawns one at a time, Black's pawn i then White's pawn i for
  i = 0, 1, ..., and removes a stuck one at once, freeing its square for the pawns checked after it. Pawn i is
  the i-th of its side to have left the base (a base move is made by the lowest-numbered pawn still inside), so the
  pawns in a base come last. We remove every stuck piece at once, judged on one board.
* **Self-emptying moves.** It declares the side that moved the winner even when the move emptied that side's own
  pieces; we declare it lost (or a draw if both sides emptied).

:func:`rlgame_differences` counts, in recorded games, the moves where each rule would have changed the outcome of
that move: the position after sequential removal, and the winner of a self-emptying move. A game diverges at its
first such move (after it, the two engines play different games, which this does not follow).

Imports :mod:`pawnslib.game` and the experiments' :mod:`~pawnslib.experiments.stats`.
"""

from __future__ import annotations

import pandas as pd

from pawnslib.config import READINGS
from pawnslib.experiments.stats import wilson
from pawnslib.game.position import Move, Position
from pawnslib.game.rules import BASE_SQUARES, BLACK, EXITS, NEXITS, NTARGETS, TARGETS, WHITE

Square = tuple[int, int]


def _movable(rules: int, side: int, square: Square | None, occupied: set[Square]) -> bool:
    """Whether a piece of ``side`` on ``square`` (None: in its base) has a step to a free square."""
    if square is None:
        exits = EXITS[rules, side, : NEXITS[rules, side]]
        return any(divmod(int(e), 8) not in occupied for e in exits)
    q = square[0] * 8 + square[1]
    targets = [divmod(int(t), 8) for t in TARGETS[rules, side, q, : NTARGETS[rules, side, q]]]
    return any(t in BASE_SQUARES[1 - side] or t not in occupied for t in targets)


GONE = "gone"  # a pawn removed earlier: it keeps its index, so the pawns after it keep theirs


def sequential_removal(rules: str, pawns: tuple[list, list]) -> tuple[list, list]:
    """RLGame's removal: ``pawns[side]`` lists that side's pawns by pawn index (a square, None for a pawn in its
    base, :data:`GONE` for one removed before); Black's pawn i is checked, then White's pawn i, each removed at once
    if stuck, freeing its square. Returns the pawns in the same layout."""
    k = READINGS.index(rules)
    pawns = (list(pawns[BLACK]), list(pawns[WHITE]))
    occupied = {q for side in pawns for q in side if q not in (None, GONE)}
    for i in range(max(len(pawns[BLACK]), len(pawns[WHITE]))):
        for side in (BLACK, WHITE):
            if i < len(pawns[side]) and pawns[side][i] != GONE and not _movable(k, side, pawns[side][i], occupied):
                occupied.discard(pawns[side][i])
                pawns[side][i] = GONE
    return pawns


def _layout(pawns: list) -> tuple[list[Square], int]:
    """(the squares on the board, sorted; the pawns in the base) of a side's pawns by index."""
    return sorted(q for q in pawns if q not in (None, GONE)), pawns.count(None)


def _pieces(p: Position, side: int) -> tuple[list[Square], int]:
    return sorted(p.squares(side)), p.in_base(side)


def rlgame_differences(records: list[dict]) -> pd.DataFrame:
    """Per game: its moves, the moves after which RLGame's sequential removal would have left another position,
    the moves that emptied their mover's own side (RLGame: the mover wins), and the first ply either happens.

    Args:
        records: game records (``"rules"``, ``"positions"``, ``"moves"``), of either reading.

    Returns:
        One row per game: ``game``, ``rules``, ``moves``, ``removals`` (moves after which pieces were removed),
        ``order_differs``, ``self_emptied``, ``first_ply`` (None: the game never diverges).
    """
    rows = []
    for g, rec in enumerate(records):
        positions = [Position.from_text(t, rules=rec["rules"]) for t in rec["positions"]]
        # Each side's pawns that left the base, by index: a square, or GONE. A record that starts mid-game gives no
        # indexes for the pieces already out: they are taken in square order.
        left: list[list] = [sorted(positions[0].squares(s)) for s in (BLACK, WHITE)]
        removals = differs = emptied = 0
        first = None
        for t, (p, q) in enumerate(zip(positions, positions[1:], strict=False)):
            mover, move = (BLACK if p.side_to_move == "black" else WHITE), Move.from_text(rec["moves"][t])
            if move.frm is None:
                left[mover].append(move.to)
            else:
                left[mover][left[mover].index(move.frm)] = move.to
            # Before removal: each side's pawns by index, those still in the base last.
            pawns = tuple(left[s] + [None] * (p.in_base(s) - (move.frm is None and s == mover)) for s in (0, 1))
            if any(_layout(pawns[s]) != _pieces(q, s) for s in (BLACK, WHITE)):  # pieces were removed
                removals += 1
                theirs = sequential_removal(rec["rules"], pawns)
                if any(_layout(theirs[s]) != _pieces(q, s) for s in (BLACK, WHITE)):
                    differs += 1
                    first = t + 1 if first is None else first
            if not q.squares(mover) and q.in_base(mover) == 0 and move.to not in BASE_SQUARES[1 - mover]:
                emptied += 1
                first = t + 1 if first is None else first
            for s in (BLACK, WHITE):  # our removal: the pawns left keep their indexes
                on_board = set(q.squares(s))
                left[s] = [x if x in on_board else GONE for x in left[s]]
        rows.append({"game": g, "rules": rec["rules"], "moves": len(rec["moves"]), "removals": removals,
                     "order_differs": differs, "self_emptied": emptied, "first_ply": first})
    return pd.DataFrame(rows)


def record_of(game: list[Position]) -> dict:
    """The fields :func:`rlgame_differences` reads, of a game given as its positions (e.g. a random game)."""
    return {"rules": game[0].rules, "positions": [p.to_text() for p in game],
            "moves": [str(q.last_move) for q in game[1:]]}


def summary(table: pd.DataFrame, *, level: float = 0.95) -> dict:
    """One row of counts for :func:`rlgame_differences`' table: games and moves, moves after which pieces were
    removed, moves where RLGame's removal leaves another position (and the games with one), self-emptying moves
    (and their games), and the share of games that would diverge, with its Wilson interval."""
    diverged = int(table.first_ply.notna().sum())
    lo, hi = wilson(diverged, len(table), level)
    return {"games": len(table), "moves": int(table.moves.sum()), "removals": int(table.removals.sum()),
            "order_differs": int(table.order_differs.sum()), "games_order": int((table.order_differs > 0).sum()),
            "self_emptied": int(table.self_emptied.sum()), "games_self_emptied": int((table.self_emptied > 0).sum()),
            "diverged": diverged / len(table) if len(table) else float("nan"), "diverged_lo": lo, "diverged_hi": hi}
