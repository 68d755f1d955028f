"""The game Pawns (thesis Chapter 4): the rules as data, the move kernels, positions, boards as SVG.

Modules: :mod:`~pawnslib.game.rules` (the rules in words, and the constant tables both readings are played from),
:mod:`~pawnslib.game.kernels` (the rules on position arrays as numba kernels: move generation, making moves, features,
perft; the engine of positions and game records, and the reference the bitboard nodes are tested against),
:mod:`~pawnslib.game.bitboard` (the same rules on compact bitboard nodes: the searches' engine),
:mod:`~pawnslib.game.position` (:class:`Position`, :class:`Move`, :func:`perft`: the friendly API) and
:mod:`~pawnslib.game.draw` (SVG boards). Imports nothing of pawnslib but ``config``.
"""

from pawnslib.game.draw import board_svg, boards_html
from pawnslib.game.position import IllegalMoveError, Move, Position, perft, rules_index
from pawnslib.game.rules import BLACK, FEATURE_NAMES, N_FEATURES, WHITE, base_distance

__all__ = ["BLACK", "WHITE", "FEATURE_NAMES", "N_FEATURES", "IllegalMoveError", "Move", "Position",
           "base_distance", "board_svg", "boards_html", "perft", "rules_index"]
