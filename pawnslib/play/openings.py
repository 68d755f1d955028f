"""Seeded openings: a game's first plies drawn at random from the legal moves, so that deterministic play gives
distinct games (beyond the thesis).

Why
---
Without noise a search is a function of its position, so every round of a pairing from the one start position
replays one game: 100 rounds are 1 distinct game counted 100 times. Starting each game from its own random
opening makes the rounds distinct while every method of a paired comparison meets the same opening (the opening
is a function of the game's seed, which depends on the pairing and the round, never on Black's method).

Each ply of the opening is a legal move chosen by a hash of (the game's seed, :data:`OPENING_STREAM`, the ply), so
an opening depends on nothing but its game, whatever order games are played in. The length is even, so Black moves
first after it, as at the start. :data:`OPENING_PLIES` is 6, three moves a side (a game lasts some 32 plies):
under Kalles' reading they reach 2,025 distinct positions, and two openings drawn ply by ply meet in the same
position with probability 0.00088 (about 1 in 1,139), so 25 rounds of a pairing meet the same one twice about once
in four pairings (100 rounds: 4.3 times a pairing); under the king reading 5,761 positions, 1 in 4,127. Four plies
reach only 225 positions (1 in 180: 27 repeats a pairing in 100 rounds). A repeat is counted, not hidden: a
condition reports its distinct games (:func:`~pawnslib.experiments.paired.distinct_games`).

Imports: :mod:`pawnslib.game` and :mod:`pawnslib.search.seeds`.
"""

from __future__ import annotations

from pawnslib.game.position import Move, Position
from pawnslib.search.seeds import derive_seed

OPENING_PLIES = 6  # the plies of a seeded opening where a run asks for one (the module docstring says why 6)
OPENING_STREAM = 4  # the seed stream of the openings' choices: derive_seed(game seed, OPENING_STREAM, ply)


def check_opening(plies) -> int:
    """``plies`` as an int: a non-negative even number of plies.

    Raises:
        ValueError: naming ``openings``, for anything else.
    """
    if isinstance(plies, bool) or not isinstance(plies, int) or plies < 0 or plies % 2:
        raise ValueError(f"openings must be a non-negative even number of plies (Black moves first after it), "
                         f"got {plies!r}")
    return plies


def opening_moves(start: Position, plies: int, seed: int) -> list[Move]:
    """The seeded opening of the game whose seed is ``seed``: ``plies`` legal moves from ``start``.

    Args:
        start: the position the game starts from.
        plies: the opening's length (:func:`check_opening`).
        seed: the game's seed; ply t's move is ``legal[derive_seed(seed, OPENING_STREAM, t) % len(legal)]``, the
            legal moves in their static order.

    Returns:
        The moves, in order.

    Raises:
        ValueError: a bad ``plies``, or an opening that reaches a finished game or a position without a legal move
            before its last ply (naming ``openings``, the ply and the position).
    """
    check_opening(plies)
    moves, pos = [], start
    for t in range(start.ply, start.ply + plies):
        legal = pos.legal_moves() if pos.result is None else []
        if not legal:
            raise ValueError(f"openings={plies}: the seeded opening reaches {pos.to_text()!r} at ply {t}, where no "
                             f"move is legal (the game is over); use a shorter opening")
        move = legal[derive_seed(seed, OPENING_STREAM, t) % len(legal)]
        moves.append(move)
        pos = pos.play(move)
    return moves
