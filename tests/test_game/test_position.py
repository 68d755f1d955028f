"""The rules of Pawns (see ``pawnslib.game.position``), checked on hand-made positions and, by property
tests, against ``Ref``: an independent plain-Python implementation written from the rules text.

``Ref`` deliberately shares no code with ``pawnslib.game.position``: it recomputes distances as the
Chebyshev distance to the nearest base square and keeps pieces as plain sets of squares.
Both readings of "adjacent" are tested alike: ``"kalles"`` (orthogonal steps, four base exits)
and ``"king"`` (the 8 neighbours, five base exits), from this file's own ``STEPS`` table.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pawnslib.config import READINGS
from pawnslib.game.kernels import count_moves
from pawnslib.game.position import IllegalMoveError, Move, Position, perft
from pawnslib.game.rules import BLACK, WHITE

# ----------------------------------------------------------------------------- reference

BASES = ({(0, 6), (0, 7), (1, 6), (1, 7)}, {(6, 0), (6, 1), (7, 0), (7, 1)})
HOMES = ((1, 6), (6, 1))  # where a base piece stands for the features
ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))
DIAGONAL = ((-1, -1), (-1, 1), (1, -1), (1, 1))
# The readings of "adjacent": this file's own table, not pawnslib.game.position's.
STEPS = {"kalles": ORTHOGONAL, "king": ORTHOGONAL + DIAGONAL}
RULES = tuple(STEPS)
WINNER = ("black", "white")


def ref_distance(side: int, sq: tuple[int, int]) -> int:
    """Larger of the row and column distances to the nearest square of ``side``'s base."""
    return min(max(abs(sq[0] - r), abs(sq[1] - c)) for r, c in BASES[side])


def chebyshev(a: tuple[int, int], b: tuple[int, int]) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def neighbours(sq: tuple[int, int], rules: str) -> list[tuple[int, int]]:
    return [(sq[0] + dr, sq[1] + dc) for dr, dc in STEPS[rules]
            if 0 <= sq[0] + dr < 8 and 0 <= sq[1] + dc < 8]


# The squares adjacent (in each reading's sense) to each 2x2 base block: its exits and entries.
EXITS = {rules: tuple({n for b in base for n in neighbours(b, rules)} - base for base in BASES)
         for rules in RULES}


@dataclass(frozen=True)
class Ref:
    """A position: on-board squares per side (a winner may stand in the opponent's base)."""

    pieces: tuple[frozenset, frozenset]
    base: tuple[int, int]
    side: int = BLACK
    ply: int = 0
    result: str | None = None
    rules: str = "kalles"  # a key of STEPS: which squares are adjacent

    @classmethod
    def of(cls, p: Position) -> Ref:
        return cls((frozenset(p.squares(BLACK)), frozenset(p.squares(WHITE))),
                   (p.in_base(BLACK), p.in_base(WHITE)),
                   BLACK if p.side_to_move == "black" else WHITE, p.ply, p.result, p.rules)

    def occupied(self) -> set:
        return set(self.pieces[0] | self.pieces[1])

    def steps(self, side: int, sq: tuple[int, int], occ: set) -> list[tuple[int, int]]:
        """Targets of a piece on the board: any square of the opponent's base (its pieces are not on
        squares; entering wins), or an empty square not closer to its own base."""
        return [t for t in neighbours(sq, self.rules)
                if t in BASES[1 - side] or (t not in occ and ref_distance(side, t) >= ref_distance(side, sq))]

    def moves(self) -> set[tuple[tuple[int, int] | None, tuple[int, int]]]:
        if self.result is not None:
            return set()
        occ, side = self.occupied(), self.side
        out = {(None, e) for e in EXITS[self.rules][side] if e not in occ} if self.base[side] else set()
        return out | {(sq, t) for sq in self.pieces[side] for t in self.steps(side, sq, occ)}

    def play(self, move) -> Ref:
        frm, to = move
        assert move in self.moves()
        side, pieces, base = self.side, list(self.pieces), list(self.base)
        if frm is None:
            base[side] -= 1
        pieces[side] = (pieces[side] - {frm}) | {to}
        result = None
        if to in BASES[1 - side]:
            result = WINNER[side]
        else:  # remove every stuck piece of both sides, judged on one and the same board
            occ = pieces[0] | pieces[1]
            for s in (BLACK, WHITE):
                pieces[s] = frozenset(q for q in pieces[s] if self.steps(s, q, occ))
                if all(e in occ for e in EXITS[self.rules][s]):
                    base[s] = 0
            alive = [len(pieces[s]) + base[s] > 0 for s in (BLACK, WHITE)]
            if not any(alive):
                result = "draw"
            elif not all(alive):
                result = WINNER[alive.index(True)]
        if result is None and self.ply + 1 >= 200:
            result = "draw"
        return Ref(tuple(pieces), tuple(base), 1 - side, self.ply + 1, result, self.rules)

    def perft(self, depth: int) -> int:
        if depth == 0 or self.result is not None:
            return 1
        if depth == 1:  # each move is one leaf, whatever it leads to
            return len(self.moves())
        return sum(self.play(m).perft(depth - 1) for m in self.moves())

    def features(self) -> list[int]:
        """BMax, BSum, DSum, OBMin, OBSum, PD, each black minus white."""
        per_side = []
        for s in (BLACK, WHITE):
            sqs = list(self.pieces[s]) + [HOMES[s]] * self.base[s]
            own = [ref_distance(s, q) for q in sqs]
            opp = [ref_distance(1 - s, q) for q in sqs]
            per_side.append([max(own, default=0), sum(own),
                             sum(chebyshev(a, b) for a in sqs for b in sqs),
                             min(opp, default=0), sum(opp), len(sqs)])
        return [b - w for b, w in zip(*per_side, strict=True)]


def moves_of(p: Position) -> set:
    return {(m.frm, m.to) for m in p.legal_moves()}


# ----------------------------------------------------------------------------- helpers


def make(black=(), white=(), *, nb: int = 0, nw: int = 0, side: str = "b", ply: int | None = None,
         rules: str = "kalles") -> Position:
    """A position from piece lists, written as text and read with ``Position.from_text``."""
    grid = [["."] * 8 for _ in range(8)]
    for ch, squares in (("b", black), ("w", white)):
        for r, c in squares:
            grid[r][c] = ch
    ply = (10 if side == "b" else 11) if ply is None else ply
    return Position.from_text(f"{'/'.join(''.join(r) for r in grid)} {side} {nb} {nw} {ply}", rules=rules)


def random_game(seed: int, plies: int = 200, rules: str = "kalles") -> list[Position]:
    """Positions of a uniformly random game from the start (seeded), at most ``plies`` moves."""
    rng, game = random.Random(seed), [Position.start(rules=rules)]
    while game[-1].result is None and len(game) <= plies:
        game.append(game[-1].play(rng.choice(game[-1].legal_moves())))
    return game


START = "/".join(["........"] * 8) + " b 4 4 0"


def text_board(p: Position) -> str:
    return p.to_text().split()[0]


def transpose(squares):
    """The colour mirror: (r, c) -> (c, r) maps Black's base, exits and distances onto White's."""
    return [None if q is None else (q[1], q[0]) for q in squares]


BOTH = pytest.mark.parametrize("rules", RULES)

# ----------------------------------------------------------------------------- the reference


def test_reference_distance_is_the_formula_of_the_rules():
    for r in range(8):
        for c in range(8):
            assert ref_distance(BLACK, (r, c)) == max(max(0, r - 1), max(0, 6 - c))
            assert ref_distance(WHITE, (r, c)) == max(max(0, 6 - r), max(0, c - 1))


def test_reference_exits_are_those_of_the_rules_text():
    assert EXITS["kalles"] == ({(0, 5), (1, 5), (2, 6), (2, 7)}, {(5, 0), (5, 1), (6, 2), (7, 2)})
    assert EXITS["king"] == ({(0, 5), (1, 5), (2, 5), (2, 6), (2, 7)}, {(5, 0), (5, 1), (5, 2), (6, 2), (7, 2)})
    assert len(neighbours((3, 3), "kalles")) == 4 and len(neighbours((3, 3), "king")) == 8
    assert sorted(neighbours((0, 0), "king")) == [(0, 1), (1, 0), (1, 1)]


def test_the_readings_are_kalles_and_king():
    assert READINGS == RULES == ("kalles", "king")
    assert Position.start().rules == "kalles" and Position.start(rules="king").rules == "king"
    assert Position.from_text(START).rules == "kalles"
    assert Position.from_text(START, rules="king").rules == "king"


# ----------------------------------------------------------------------------- start, base exits


@BOTH
def test_start_position(rules):
    p = Position.start(rules=rules)
    assert p.to_text() == "/".join(["........"] * 8) + " b 4 4 0"
    assert (p.side_to_move, p.ply, p.result, p.in_base(BLACK), p.in_base(WHITE)) == (
        "black", 0, None, 4, 4)
    assert moves_of(p) == {(None, e) for e in EXITS[rules][BLACK]}
    assert moves_of(p.play("base-2,6")) == {(None, e) for e in EXITS[rules][WHITE]}


@BOTH
@pytest.mark.parametrize("nb", [1, 2, 3, 4])
def test_base_pieces_are_interchangeable_one_move_per_exit_not_more(rules, nb):
    p = make(white=[(3, 3)], nb=nb, rules=rules)
    assert moves_of(p) == {(None, e) for e in EXITS[rules][BLACK]}
    assert len(p.legal_moves()) == len(EXITS[rules][BLACK]) == {"kalles": 4, "king": 5}[rules]
    for e in EXITS[rules][BLACK]:
        q = p.play(Move(None, e))
        assert q.in_base(BLACK) == nb - 1 and q.squares(BLACK) == [e]


def test_blocked_exits_are_not_moves():
    p = make(white=[(0, 5), (2, 6)], nb=2, nw=2)
    assert moves_of(p) == {(None, (1, 5)), (None, (2, 7))}
    p = make(black=[(5, 1), (7, 2)], nb=2, nw=2, side="w")
    assert moves_of(p) == {(None, (5, 0)), (None, (6, 2))}


def test_king_the_fifth_exit():
    """(2,5) for Black and (5,2) for White are exits under "king" only (diagonal to (1,6), (6,1))."""
    p = make(white=[(3, 3)], nb=1, nw=1, rules="king")
    q = p.play("base-2,5")
    assert (q.squares(BLACK), q.in_base(BLACK), q.result) == ([(2, 5)], 0, None)
    with pytest.raises(IllegalMoveError):
        make(white=[(3, 3)], nb=1, nw=1).play("base-2,5")
    p = make(black=[(3, 3)], nb=1, nw=2, side="w", rules="king")
    assert p.play("base-5,2").squares(WHITE) == [(5, 2)]
    with pytest.raises(IllegalMoveError):
        make(black=[(3, 3)], nb=1, nw=2, side="w").play("base-5,2")


def test_king_blocked_exits_are_not_moves():
    p = make(white=[(0, 5), (2, 5), (2, 6)], nb=2, nw=1, rules="king")
    assert moves_of(p) == {(None, (1, 5)), (None, (2, 7))}
    p = make(white=[(2, 5)], nb=2, nw=2, rules="king")  # only the fifth exit blocked
    assert moves_of(p) == {(None, e) for e in [(0, 5), (1, 5), (2, 6), (2, 7)]}
    p = make(black=[(5, 2), (7, 2)], nb=2, nw=2, side="w", rules="king")
    assert moves_of(p) == {(None, (5, 0)), (None, (5, 1)), (None, (6, 2))}
    # Four exits blocked: under "king" the fifth still lets White out, under "kalles" nothing does.
    four = dict(black=[(5, 0), (5, 1), (6, 2), (7, 2)], nb=0, nw=2, side="w")
    assert moves_of(make(**four, rules="king")) == {(None, (5, 2))}
    assert moves_of(make(**four)) == set()


def test_no_base_moves_from_an_empty_base():
    assert moves_of(make(black=[(4, 4)], nw=1)) == {((4, 4), t) for t in [(5, 4), (4, 3), (4, 5)]}
    assert moves_of(make(black=[(4, 4)], nw=1, rules="king")) == {
        ((4, 4), t) for t in [(5, 4), (4, 3), (4, 5), (3, 3), (5, 3), (5, 5)]}


# ----------------------------------------------------------------------------- the distance rule


@pytest.mark.parametrize(
    "black, white, frm, targets",
    [
        ([(4, 4)], [], (4, 4), [(5, 4), (4, 3), (4, 5)]),  # up would come closer: 3 -> 2
        ([(3, 4)], [], (3, 4), [(2, 4), (4, 4), (3, 3), (3, 5)]),  # all keep or grow 2
        ([(1, 5)], [], (1, 5), [(0, 5), (2, 5), (1, 4)]),  # never back into (1,6)
        ([(2, 7)], [], (2, 7), [(3, 7), (2, 6)]),  # nor into (1,7)
        ([(0, 0)], [], (0, 0), [(1, 0)]),  # a dead-end corner: right comes closer
        ([], [(3, 3)], (3, 3), [(2, 3), (3, 2), (3, 4)]),  # down would come closer
        ([], [(6, 2)], (6, 2), [(5, 2), (7, 2), (6, 3)]),  # never back into (6,1)
        ([(4, 4), (5, 4)], [(4, 3)], (4, 4), [(4, 5)]),  # own and opponent pieces block
        ([(5, 4)], [(6, 4), (7, 4)], (6, 4), [(6, 5)]),
    ],
)
def test_distance_rule_examples(black, white, frm, targets):
    p = make(black, white, nb=1, nw=1, side="b" if frm in black else "w")
    assert {t for f, t in moves_of(p) if f == frm} == set(targets)


@pytest.mark.parametrize(
    "black, white, frm, targets",
    [
        # (3,4) and the diagonal (3,5) would come closer (3 -> 2); the diagonal (3,3) keeps 3.
        ([(4, 4)], [], (4, 4), [(3, 3), (4, 3), (4, 5), (5, 3), (5, 4), (5, 5)]),
        # White: (4,3) and the diagonal (4,2) would come closer (3 -> 2).
        ([], [(3, 3)], (3, 3), [(2, 2), (2, 3), (2, 4), (3, 2), (3, 4), (4, 4)]),
        ([(1, 5)], [], (1, 5), [(0, 4), (0, 5), (1, 4), (2, 4), (2, 5), (2, 6)]),  # not into (0,6), (1,6)
        ([(2, 5)], [], (2, 5), [(1, 4), (1, 5), (2, 4), (2, 6), (3, 4), (3, 5), (3, 6)]),  # not (1,6)
        ([(2, 7)], [], (2, 7), [(2, 6), (3, 6), (3, 7)]),  # not into (1,6), (1,7)
        ([(0, 0)], [], (0, 0), [(1, 0)]),  # still a dead end: (0,1) and (1,1) come closer
        ([], [(6, 2)], (6, 2), [(5, 1), (5, 2), (5, 3), (6, 3), (7, 2), (7, 3)]),  # not (6,1), (7,1)
        # Diagonals are blocked like orthogonal steps, by either side's pieces.
        ([(4, 4), (5, 5)], [(3, 3), (4, 3)], (4, 4), [(4, 5), (5, 3), (5, 4)]),
        # Next to White's base: entering it wins from any neighbour. (7,2) is 6 from Black's base and (6,1)
        # only 5, yet both base squares can be entered; of the rest only (7,3) keeps 6.
        ([(7, 2)], [], (7, 2), [(6, 1), (7, 1), (7, 3)]),
        ([(5, 0)], [], (5, 0), [(4, 0), (6, 0), (6, 1)]),  # (4,1), (5,1) come closer; (6,1) is an entry
    ],
)
def test_king_distance_rule_examples(black, white, frm, targets):
    p = make(black, white, nb=1, nw=1, side="b" if frm in black else "w", rules="king")
    assert {t for f, t in moves_of(p) if f == frm} == set(targets)


def test_king_diagonal_step_is_played():
    p = make([(4, 4)], [(3, 3)], nb=1, nw=1, rules="king")
    q = p.play("4,4-5,5")
    assert (q.squares(BLACK), q.squares(WHITE), q.in_base(BLACK), q.side_to_move) == (
        [(5, 5)], [(3, 3)], 1, "white")
    assert q.rules == "king" and q.last_move == Move((4, 4), (5, 5))
    assert q.play("3,3-2,2").squares(WHITE) == [(2, 2)]  # White's diagonal away from its base
    for refused in ("4,4-3,5", "4,4-3,4"):  # closer to Black's base: 3 -> 2
        with pytest.raises(IllegalMoveError):
            p.play(refused)
    with pytest.raises(IllegalMoveError):  # no diagonals under "kalles"
        make([(4, 4)], [(3, 3)], nb=1, nw=1).play("4,4-5,5")


@BOTH
@pytest.mark.parametrize("side", [BLACK, WHITE])
def test_distance_rule_on_every_square(rules, side):
    """A lone piece may step to each neighbour not closer to its own base (the formula of the
    rules) and into any neighbouring square of the opponent's base (entering wins, whatever the
    formula says), never into its own base."""
    formula = (lambda r, c: max(max(0, r - 1), max(0, 6 - c)),
               lambda r, c: max(max(0, 6 - r), max(0, c - 1)))[side]
    for r in range(8):
        for c in range(8):
            if (r, c) in BASES[0] | BASES[1]:
                continue
            p = make(*(([(r, c)], []) if side == BLACK else ([], [(r, c)])), nb=1, nw=1,
                     side="bw"[side], rules=rules)
            want = {(r + dr, c + dc) for dr, dc in STEPS[rules]
                    if 0 <= r + dr < 8 and 0 <= c + dc < 8
                    and ((r + dr, c + dc) in BASES[1 - side] or formula(r + dr, c + dc) >= formula(r, c))}
            assert not want & BASES[side]
            assert {t for f, t in moves_of(p) if f == (r, c)} == want, (r, c)


# ----------------------------------------------------------------------------- winning entry

# Every (from, to) step into White's base: from each of its neighbours in the reading's sense, the distance rule
# notwithstanding (under "king", (5,0) -> (6,1) and (7,2) -> (6,1) step nearer Black's base); White's are the mirror.
BLACK_ENTRIES = {
    "kalles": [((5, 0), (6, 0)), ((5, 1), (6, 1)), ((6, 2), (6, 1)), ((7, 2), (7, 1))],
    "king": [((5, 0), (6, 0)), ((5, 0), (6, 1)), ((5, 1), (6, 0)), ((5, 1), (6, 1)), ((5, 2), (6, 1)),
             ((6, 2), (6, 1)), ((6, 2), (7, 1)), ((7, 2), (6, 1)), ((7, 2), (7, 1))],
}
ENTRIES = [(rules, side, *(e if side == BLACK else transpose(e)))
           for rules, entries in BLACK_ENTRIES.items() for side in (BLACK, WHITE) for e in entries]


@pytest.mark.parametrize("rules", RULES)
def test_entries_are_all_the_steps_into_the_opponent_base(rules):
    """The list above is complete: a lone black piece on any square has exactly those entries."""
    found = set()
    for r in range(8):
        for c in range(8):
            if (r, c) not in BASES[0] | BASES[1]:
                found |= {m for m in moves_of(make([(r, c)], nw=1, rules=rules)) if m[1] in BASES[WHITE]}
    assert found == set(BLACK_ENTRIES[rules])


@pytest.mark.parametrize("rules, side, frm, to", ENTRIES)
@pytest.mark.parametrize("defenders", [4, 1, 0])
def test_entering_the_opponent_base_wins_at_once(rules, side, frm, to, defenders):
    """Also while the defender's pieces are still in that base (base pieces are not on squares),
    and under "king" also diagonally (e.g. Black (5,2) -> (6,1))."""
    attacker, other = [frm], [] if defenders else [(3, 3)]  # the defender is not lost yet
    black, white = (attacker, other) if side == BLACK else (other, attacker)
    nb, nw = (0, defenders) if side == BLACK else (defenders, 0)
    p = make(black, white, nb=nb, nw=nw, side="bw"[side], rules=rules)
    assert (frm, to) in moves_of(p)
    q = p.play(Move(frm, to))
    assert q.result == ("black", "white")[side] and q.ply == p.ply + 1
    assert q.squares(side) == [to] and q.in_base(1 - side) == defenders  # nothing removed
    assert text_board(q)[to[0] * 9 + to[1]] == "bw"[side]  # the winner is drawn in the base
    assert Position.from_text(q.to_text(), rules=rules) == q
    assert q.legal_moves() == []


def test_king_diagonal_entry_wins_and_is_no_kalles_move():
    p = make([(5, 2)], [(3, 3)], nb=1, nw=3, rules="king")
    q = p.play("5,2-6,1")
    assert (q.result, q.squares(BLACK), q.in_base(WHITE)) == ("black", [(6, 1)], 3)
    q = make([(3, 3)], [(2, 5)], nb=3, nw=1, side="w", rules="king").play("2,5-1,6")
    assert (q.result, q.squares(WHITE)) == ("white", [(1, 6)])
    with pytest.raises(IllegalMoveError):
        make([(5, 2)], [(3, 3)], nb=1, nw=3).play("5,2-6,1")


@pytest.mark.parametrize("frm", ["7,2", "5,0"])
def test_king_diagonal_entry_nearer_home_still_wins(frm):
    """(7,2) and (5,0) lie 6 from Black's base, (6,1) only 5: the distance rule alone would refuse the step, but
    entering the opponent's base from any of its 8 neighbours wins (White's mirror: ENTRIES above)."""
    p = make([tuple(map(int, frm.split(",")))], [(3, 3)], nb=1, nw=2, rules="king")
    assert Move.from_text(f"{frm}-6,1") in p.legal_moves()
    q = p.play(f"{frm}-6,1")
    assert (q.result, q.squares(BLACK), q.in_base(WHITE)) == ("black", [(6, 1)], 2)


def test_perft_8_from_the_start_matches_rlgame():
    """Kalles' RLGame (kyriakosgi/RLGameEcoClient's GameState) counts 1,028,196 leaves at depth 8 from the start."""
    assert perft(Position.start(rules="kalles"), 8) == 1_028_196


# ----------------------------------------------------------------------------- removal


@pytest.mark.parametrize("rules, black_left", [("kalles", [(1, 1)]), ("king", [(0, 1), (1, 1)])])
def test_stuck_pieces_of_mover_and_opponent_go_at_once(rules, black_left):
    """Black steps to (0,2)-(0,1): White's (0,0) loses its only step, and under "kalles" Black's
    piece then has (0,0) occupied, (1,1) occupied and (0,2) closer. Both go, judged on one board:
    removing (0,0) first would have freed a step for the black piece. Under "king" the black piece
    also has the diagonal (1,0), so only White's goes."""
    p = make([(0, 2), (1, 1)], [(0, 0)], nb=2, nw=3, rules=rules)
    q = p.play("0,2-0,1")
    assert (q.squares(BLACK), q.squares(WHITE), q.in_base(BLACK), q.in_base(WHITE)) == (
        black_left, [], 2, 3)
    assert q.result is None


@pytest.mark.parametrize("rules, white_left", [("kalles", [(2, 4)]), ("king", [(1, 1), (2, 4)])])
def test_several_pieces_removed_in_one_turn(rules, white_left):
    """(0,1) by Black strands White's (0,0) and Black's own (0,1) (under "king" its diagonal (1,0)
    is Black's), and under "kalles" White's (1,1) too; under "king" (1,1) still has the diagonal
    (0,2) that the black piece just left."""
    p = make([(0, 2), (1, 0), (1, 2)], [(0, 0), (1, 1), (2, 4)], nb=1, nw=1, rules=rules)
    q = p.play("0,2-0,1")
    assert (q.squares(BLACK), q.squares(WHITE)) == ([(1, 0), (1, 2)], white_left)
    assert q.result is None


def test_king_stuck_only_when_the_diagonals_are_blocked_too():
    """Black's (0,1) may go to (0,0), (1,0) or (1,1): with all three occupied it is removed (with
    White's (0,0) and (1,0), which have nothing free either); Black's (1,1) keeps (2,0), (2,1)."""
    p = make([(0, 2), (1, 1)], [(0, 0), (1, 0)], nb=1, nw=2, rules="king")
    q = p.play("0,2-0,1")
    assert (q.squares(BLACK), q.squares(WHITE), q.in_base(BLACK), q.in_base(WHITE), q.result) == (
        [(1, 1)], [], 1, 2, None)


def test_king_diagonal_step_strands_a_piece():
    """Black's diagonal (1,2)-(0,1) takes the only step of White's (0,0); Black's piece keeps (1,0)."""
    p = make([(1, 2)], [(0, 0)], nb=1, nw=1, rules="king")
    q = p.play("1,2-0,1")
    assert (q.squares(BLACK), q.squares(WHITE), q.in_base(WHITE), q.result) == ([(0, 1)], [], 1, None)


@pytest.mark.parametrize("rules, white_base", [("kalles", 0), ("king", 2)])
def test_white_base_emptied_when_its_exits_are_blocked(rules, white_base):
    """Black fills (7,2): the last of White's four "kalles" exits; under "king" (5,2) is still free."""
    p = make([(5, 0), (5, 1), (6, 2), (7, 3)], [(3, 3)], nw=2, rules=rules)
    q = p.play("7,3-7,2")
    assert (q.in_base(WHITE), q.squares(WHITE), q.result) == (white_base, [(3, 3)], None)
    assert len(q.squares(BLACK)) == 4  # black pieces next to White's base can always enter


@BOTH
def test_base_emptied_when_all_its_exits_are_blocked(rules):
    """With White's own piece on (5,2) Black's (7,2) blocks every exit in either reading."""
    p = make([(5, 0), (5, 1), (6, 2), (7, 3)], [(3, 3), (5, 2)], nw=2, rules=rules)
    q = p.play("7,3-7,2")
    assert (q.in_base(WHITE), q.squares(WHITE), q.result) == (0, [(3, 3), (5, 2)], None)


def test_base_emptied_by_its_own_move():
    """The mover's own base too: under "kalles" (2,6) is Black's last free exit."""
    p = make([(2, 5)], [(0, 5), (1, 5), (2, 7)], nb=2, nw=1)
    q = p.play("2,5-2,6")
    assert (q.in_base(BLACK), q.squares(BLACK), q.result) == (0, [(2, 6)], None)
    # Under "king" (2,5), just left, is an exit again: the base stays.
    q = make([(2, 5)], [(0, 5), (1, 5), (2, 7)], nb=2, nw=1, rules="king").play("2,5-2,6")
    assert (q.in_base(BLACK), q.squares(BLACK), q.result) == (2, [(2, 6)], None)


def test_king_base_emptied_when_its_five_exits_are_blocked():
    """White holds four of Black's five exits; Black leaving by the fifth, (2,5), shuts its base."""
    p = make([], [(0, 5), (1, 5), (2, 6), (2, 7)], nb=2, rules="king")
    assert moves_of(p) == {(None, (2, 5))}
    q = p.play("base-2,5")
    assert (q.in_base(BLACK), q.squares(BLACK), q.result) == (0, [(2, 5)], None)
    assert q.squares(WHITE) == [(0, 5), (1, 5), (2, 6), (2, 7)]  # all next to Black's base


@BOTH
def test_base_with_a_free_exit_stays(rules):
    p = make([(5, 0), (5, 1), (7, 3)], [(3, 3)], nw=2, rules=rules)
    assert p.play("7,3-7,2").in_base(WHITE) == 2  # (6,2) is still free


@BOTH
def test_opponent_emptied_loses(rules):
    """White's (0,0) can only step to (0,1) in either reading."""
    q = make([(0, 2)], [(0, 0)], nb=1, rules=rules).play("0,2-0,1")
    assert (q.squares(WHITE), q.in_base(WHITE), q.result) == ([], 0, "black")


@pytest.mark.parametrize("rules, result, white_base", [("kalles", "black", 0), ("king", None, 3)])
def test_opponent_emptied_by_a_blocked_base(rules, result, white_base):
    """White's last pieces are in its base; "kalles" blocks it, "king" leaves (5,2) free."""
    q = make([(5, 0), (5, 1), (6, 2), (7, 3)], [], nw=3, rules=rules).play("7,3-7,2")
    assert (q.result, q.in_base(WHITE)) == (result, white_base)


@BOTH
def test_mover_emptying_itself_loses(rules):
    """Black's last piece walks into the dead-end corner (0,0) next to White's (1,0)."""
    q = make([(0, 1)], [(1, 0)], nw=2, rules=rules).play("0,1-0,0")
    assert (q.squares(BLACK), q.squares(WHITE), q.result) == ([], [(1, 0)], "white")


@BOTH
def test_both_emptied_is_a_draw(rules):
    """Both sides without pieces is a draw. No move can bring it about: no set of pieces can
    be stuck all at once (see the next test), so it is only seen in a position read from text."""
    p = Position.from_text("/".join(["........"] * 8) + " b 0 0 10", rules=rules)
    assert p.result == "draw" and p.legal_moves() == []


@BOTH
def test_no_set_of_pieces_is_ever_all_stuck(rules):
    """Exhaustive search: every set of at most 4 + 4 on-board pieces has a piece that can move.

    A piece is stuck only if every square it may step to is occupied, so a stuck set is closed
    under "the squares its pieces may step to"; grow such sets from every seed piece.
    """
    squares = [(r, c) for r in range(8) for c in range(8) if (r, c) not in BASES[0] | BASES[1]]

    def targets(s, q):
        return [t for t in neighbours(q, rules) if ref_distance(s, t) >= ref_distance(s, q)]

    # Pieces next to the opponent's base can always move: some entry keeps the distance rule.
    for s in (BLACK, WHITE):
        for q in squares:
            if set(neighbours(q, rules)) & BASES[1 - s]:
                assert set(targets(s, q)) & BASES[1 - s], q

    def closes(placed):
        need = [t for q, s in placed.items() for t in targets(s, q) if t not in placed]
        if not need:
            return True
        count = [sum(v == s for v in placed.values()) for s in (BLACK, WHITE)]
        return any(closes({**placed, need[0]: s}) for s in (BLACK, WHITE)
                   if count[s] < 4 and not set(neighbours(need[0], rules)) & BASES[1 - s])

    assert not any(closes({q: s}) for q in squares for s in (BLACK, WHITE)
                   if not set(neighbours(q, rules)) & BASES[1 - s])


# ----------------------------------------------------------------------------- 200 plies


@BOTH
def test_200th_ply_without_result_is_a_draw(rules):
    p = make([(4, 4)], [(3, 3)], nb=1, nw=1, side="w", ply=199, rules=rules)
    q = p.play("3,3-3,4")
    assert (q.ply, q.result) == (200, "draw") and q.legal_moves() == []
    q = make([(4, 4)], [(3, 3)], nb=1, nw=1, side="b", ply=198, rules=rules).play("4,4-4,5")
    assert (q.ply, q.result) == (199, None)


@BOTH
def test_a_win_on_the_200th_ply_is_a_win(rules):
    q = make([(3, 3)], [(0, 5)], nb=1, side="w", ply=199, rules=rules).play("0,5-0,6")
    assert (q.ply, q.result) == (200, "white")


@BOTH
def test_result_is_none_while_the_game_goes_on(rules):
    for p in random_game(7, rules=rules)[:-1]:
        assert p.result is None and p.legal_moves()


# ----------------------------------------------------------------------------- perft


@pytest.mark.parametrize("rules, counts", [("kalles", [1, 4, 16, 88, 484]), ("king", [1, 5, 25, 225, 2025])])
def test_perft_from_the_start(rules, counts):
    """Depths 1 and 2 are given by the rules (4, 16 and 5, 25); 3 and 4 are the reference's."""
    start = Position.start(rules=rules)
    assert [perft(start, d) for d in (0, 1, 2)] == counts[:3]
    ref = Ref.of(start)
    assert [perft(start, d) for d in (1, 2, 3, 4)] == [ref.perft(d) for d in (1, 2, 3, 4)] == counts[1:]


def test_perft_rejects_a_bad_depth():
    for bad in (-1, 1.5, True, "2"):
        with pytest.raises(ValueError, match="depth"):
            perft(Position.start(), bad)


@BOTH
def test_perft_of_a_finished_game_is_one_leaf(rules):
    q = make([(5, 0)], [(3, 3)], nw=1, rules=rules).play("5,0-6,0")
    assert q.result == "black"
    assert [perft(q, d) for d in range(4)] == [1, 1, 1, 1]


# ----------------------------------------------------------------------------- properties

SETTINGS = settings(max_examples=100, deadline=None)
SEEDS = st.integers(0, 2**32 - 1)


@BOTH
@SETTINGS
@given(seed=SEEDS)
def test_random_games_follow_the_reference(rules, seed):
    """Every position of a random game: same legal moves, successor and features as Ref."""
    game = random_game(seed, rules=rules)
    for p, q in zip(game, game[1:], strict=False):
        ref = Ref.of(p)
        assert ref.rules == rules
        assert moves_of(p) == ref.moves()
        assert ref.play((q.last_move.frm, q.last_move.to)) == Ref.of(q)
        assert list(p.features()) == ref.features()
    assert list(game[-1].features()) == Ref.of(game[-1]).features()


@BOTH
@SETTINGS
@given(seed=SEEDS)
def test_text_round_trip(rules, seed):
    """The text does not carry the reading: read back with it, a position is itself; read back
    without it, a "king" position is a different (the "kalles") one."""
    for p in random_game(seed, rules=rules):
        q = Position.from_text(p.to_text(), rules=rules)
        assert q == p and q.to_text() == p.to_text() and q.result == p.result and q.rules == rules
        assert (Position.from_text(p.to_text()) == p) == (rules == "kalles")


@BOTH
@SETTINGS
@given(seed=SEEDS)
def test_pieces_never_multiply_nor_come_closer_to_home(rules, seed):
    """Track each piece through the game: it moves to an exit or a neighbour of the reading,
    counts never grow, distances never shrink (but by the winning entry into the opponent's base), and the
    tracked pieces are exactly the pieces on the board."""
    game = random_game(seed, rules=rules)
    tracked = ({}, {})  # per side: piece id -> square
    for p, q in zip(game, game[1:], strict=False):
        side = BLACK if p.side_to_move == "black" else WHITE
        m = q.last_move
        if m.frm is None:
            assert m.to in EXITS[rules][side]
            tracked[side][len(tracked[side]) + 10 * p.ply] = m.to
        else:
            (pid,) = [k for k, sq in tracked[side].items() if sq == m.frm]
            assert m.to in neighbours(m.frm, rules)
            assert ref_distance(side, m.to) >= ref_distance(side, m.frm) or m.to in BASES[1 - side]  # entering wins
            tracked[side][pid] = m.to
        for s in (BLACK, WHITE):
            assert q.in_base(s) <= p.in_base(s)
            assert len(q.squares(s)) + q.in_base(s) <= len(p.squares(s)) + p.in_base(s)
            for pid in [k for k, sq in tracked[s].items() if sq not in q.squares(s)]:
                del tracked[s][pid]  # removed as stuck
            assert sorted(tracked[s].values()) == q.squares(s)


@BOTH
@settings(max_examples=25, deadline=None)
@given(seed=SEEDS, ply=st.integers(0, 120))
def test_perft_matches_the_reference_on_random_positions(rules, seed, ply):
    p = random_game(seed, plies=ply, rules=rules)[-1]
    assert [perft(p, d) for d in (1, 2, 3)] == [Ref.of(p).perft(d) for d in (1, 2, 3)]


# ----------------------------------------------------------------------------- readings


@pytest.mark.parametrize("bad", ["queen", "King", "", " king", None, 1])
def test_unknown_reading_is_refused_listing_the_readings(bad):
    with pytest.raises(ValueError, match="'kalles', 'king'"):
        Position.start(rules=bad)
    with pytest.raises(ValueError, match="'kalles', 'king'"):
        Position.from_text(START, rules=bad)


@BOTH
def test_reading_survives_repr_and_play(rules):
    p = random_game(3, plies=12, rules=rules)[-1]
    assert p.rules == rules and p.play(p.legal_moves()[0]).rules == rules
    r = repr(p)
    assert ("rules='king'" in r) == (rules == "king") and "rules=" not in r.replace("rules='king'", "")
    q = eval(r, {"Position": Position})
    assert q == p and q.rules == rules and hash(q) == hash(p)


def test_positions_differing_only_by_reading_are_unequal():
    assert Position.start() != Position.start(rules="king")
    assert Position.start(rules="king") == Position.start(rules="king")
    text = random_game(5, plies=15)[-1].to_text()
    kalles, king = Position.from_text(text), Position.from_text(text, rules="king")
    assert kalles != king and kalles.to_text() == king.to_text()
    assert len({kalles, king, Position.from_text(text), Position.from_text(text, rules="king")}) == 2


# ----------------------------------------------------------------------------- moves, errors


@pytest.mark.parametrize(
    "text, part",
    [
        ("......../......../......../......../......../......../........ b 4 4 0", "8 ranks"),
        (START.replace("........", ".......", 1), "rank 0"),
        (START.replace("........", "........" + ".", 1), "rank 0"),
        (START.replace("........", "...x....", 1), r"'x' at row 0, col 3"),
        (START.replace("........", "...B....", 1), r"'B' at row 0, col 3"),
        (START[:-2], "5 fields"),
        (START + " 7", "5 fields"),
        ("bbbbb.../" + START[9:].replace("b 4 4", "b 0 4"), "black has 5 pieces"),
        ("bb....../" + START[9:].replace("b 4 4", "b 3 4"), "black has 5 pieces"),
        ("wwwww.../" + START[9:].replace("b 4 4", "b 4 0"), "white has 5 pieces"),
        (START.replace("b 4 4", "b -1 4"), "black base count.*'-1'"),
        (START.replace("b 4 4", "b 5 4"), "black base count.*'5'"),
        (START.replace("b 4 4", "b 4 x"), "white base count.*'x'"),
        (START.replace("b 4 4", "b 4 -2"), "white base count.*'-2'"),
        ("......b./" + START[9:], r"own base square \(0,6\)"),
        (START.replace("........ b", ".w...... b"), r"own base square \(7,1\)"),
        (START.replace(" b ", " x "), "side to move.*'x'"),
        (START.replace(" b ", " w "), "side 'w' cannot be to move at ply 0"),
        (START[:-1] + "1", "side 'b' cannot be to move at ply 1"),
        (START[:-1] + "-2", "ply.*'-2'"),
        (START[:-1] + "two", "ply.*'two'"),
        (START[:-1] + "202", "ply.*'202'"),
        ("......w./.......w/" + START[18:].replace("b 4 4", "b 4 2"), "opponent's base"),
        ("......w./" + START[9:].replace("b 4 4 0", "w 4 3 1"), "opponent's base"),
    ],
)
def test_from_text_rejects_bad_input_naming_the_part(text, part):
    with pytest.raises(ValueError, match=part):
        Position.from_text(text)


def test_move_formats():
    m = Move((2, 6), (3, 6))
    assert str(m) == "2,6-3,6" and Move.from_text("2,6-3,6") == m
    assert str(Move(None, (2, 6))) == "base-2,6" and Move.from_text("base-2,6") == Move(None, (2, 6))
    assert Move.from_code(m.code) == m
    for bad in ("2,6", "2,6-3", "a-2,6", "2;6-3;6", ""):
        with pytest.raises(ValueError, match="bad move text"):
            Move.from_text(bad)
    p = Position.start()
    played = [p.play(x) for x in (Move(None, (2, 6)), "base-2,6", Move(None, (2, 6)).code)]
    assert played[0] == played[1] == played[2] and played[0].last_move == Move(None, (2, 6))


@pytest.mark.parametrize(
    "move",
    ["3,3-3,4",  # no piece there
     "base-3,3",  # not an exit
     "4,4-3,4",  # closer to its own base
     "4,4-5,4",  # occupied by White
     "4,3-4,2",  # White's piece, Black to move
     "4,4-6,4",  # two squares
     "4,4-5,5",  # diagonal
     Move(None, (2, 6))],  # Black's base is empty
)
def test_illegal_moves_raise_and_change_nothing(move):
    p = make([(4, 4)], [(5, 4), (4, 3)], nw=2)
    before, text = p.array.copy(), p.to_text()
    with pytest.raises(IllegalMoveError, match="not legal"):
        p.play(move)
    assert np.array_equal(p.array, before) and p.to_text() == text
    assert issubclass(IllegalMoveError, ValueError)


@pytest.mark.parametrize(
    "move",
    ["3,3-3,4",  # no piece there
     "base-3,3",  # not an exit
     "base-3,5",  # next to an exit, not one
     "4,4-3,4",  # closer to its own base
     "4,4-3,5",  # diagonal, closer to its own base
     "4,4-4,3",  # occupied by White
     "4,4-3,3",  # diagonal, occupied by White
     "4,4-5,4",  # occupied by Black
     "4,3-4,2",  # White's piece, Black to move
     "4,4-6,6",  # two squares
     "4,4-6,5"],  # a knight's jump
)
def test_king_illegal_moves_raise_and_change_nothing(move):
    p = make([(4, 4), (5, 4)], [(4, 3), (3, 3)], nb=1, nw=2, rules="king")
    before, text = p.array.copy(), p.to_text()
    with pytest.raises(IllegalMoveError, match="not legal"):
        p.play(move)
    assert np.array_equal(p.array, before) and p.to_text() == text


def test_no_move_on_a_finished_game():
    over = make([(5, 0)], [(3, 3)], nw=1).play("5,0-6,0")
    before = over.array.copy()
    for move in ("3,3-3,4", "base-5,0", over.last_move):
        with pytest.raises(IllegalMoveError, match="game is over"):
            over.play(move)
    assert np.array_equal(over.array, before)


@pytest.mark.parametrize(("move", "message"), [
    ("base-0,13", r"to square \(0, 13\) is not on the board"),  # was silently played as base-1,5
    ("8,0-7,0", r"from square \(8, 0\) is not on the board"),
    (Move(None, (0, -1)), r"to square \(0, -1\) is not on the board"),
    (Move((9, 9), (0, 5)), r"from square \(9, 9\) is not on the board"),
    (-5, "move code -5 is out of range"),
    (10**9, "move code 1000000000 is out of range"),
    (65 * 64, "move code 4160 is out of range"),
    (2.0, r"got 2\.0 \(float\)"),
    (None, r"got None \(NoneType\)"),
    (True, r"got True \(bool\)"),
    (["base", "0,5"], r"got \['base', '0,5'\] \(list\)"),
])
def test_play_rejects_malformed_moves_naming_them(move, message):
    p = Position.start()
    with pytest.raises(ValueError, match=message) as e:
        p.play(move)
    assert not isinstance(e.value, IllegalMoveError)  # malformed, not merely illegal here
    assert p == Position.start()


def test_well_formed_moves_in_every_form_are_played_alike():
    p = Position.start()
    move = p.legal_moves()[0]
    assert p.play(move) == p.play(str(move)) == p.play(move.code) == p.play(np.int64(move.code))
    assert Move.from_code(move.code) == move and Move.from_text(str(move)) == move


@pytest.mark.parametrize("rules", READINGS)
def test_counting_moves_from_the_masks_agrees_with_listing_them(rules):
    """perft counts the last ply's moves with count_moves; it must be the legal moves' number everywhere."""
    counted = 0
    for seed in range(30):
        for p in random_game(seed, rules=rules):
            assert count_moves(p.array) == len(p.legal_moves()) == len(Ref.of(p).moves()), p
            counted += p.result is None
    assert counted > 500
