"""The game Pawns (thesis Chapter 4): the rules as data, the move kernels, positions, boards as SVG.

Modules: :mod:`~pawnslib.game.rules` (the rules in words, and the constant tables both readings are played from),
:mod:`~pawnslib.game.kernels` (numba kernels: move generation, making moves, features, perft),
:mod:`~pawnslib.game.bitboard` (the same rules on compact bitboard nodes, for the searches),
:mod:`~pawnslib.game.position` (:class:`Position`, :class:`Move`, :func:`perft`: the friendly API) and
:mod:`~pawnslib.game.draw` (SVG boards). Imports nothing of pawnslib but ``config``.
"""

from pawnslib.game.draw import board_svg, boards_html
from pawnslib.game.position import IllegalMoveError, Move, Position, perft, rules_index
from pawnslib.game.rules import BLACK, FEATURE_NAMES, N_FEATURES, READINGS, WHITE, base_distance

__all__ = ["BLACK", "WHITE", "FEATURE_NAMES", "N_FEATURES", "READINGS", "IllegalMoveError", "Move", "Position",
           "base_distance", "board_svg", "boards_html", "perft", "rules_index"]
