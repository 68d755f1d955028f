"""pawnslib: a reproduction of Pedersen (2008), "Asymmetric Game Trees using Dynamic Bayesian Networks".

Modules, one per concept: ``game`` (rules, features, perft), ``search`` (alpha-beta),
``strategies``, ``tournament``, ``harmony`` (Harmony*), ``dbn`` (the opponent model),
``asym`` (the asymmetric game tree), ``stats`` (intervals and tests).
"""

from pawnslib.game import (
    BLACK,
    FEATURE_NAMES,
    WHITE,
    IllegalMoveError,
    Move,
    Position,
    perft,
)

__all__ = ["BLACK", "WHITE", "FEATURE_NAMES", "IllegalMoveError", "Move", "Position", "perft"]
