"""pawnslib: a reproduction of Pedersen (2008), "Asymmetric Game Trees using Dynamic Bayesian Networks".

Modules, one per concept (the README's table has them all): ``game`` (rules, features, perft),
``draw`` (boards as SVG), ``search`` (alpha-beta), ``strategies`` (weight vectors), ``records``
(game records, seeds, the ``Player`` protocol), ``tournament``, ``harmony`` (Harmony*), ``em``
(discrete EM), ``rows`` (training rows), ``discretise`` (node states), ``dbn`` and ``modelfile``
(the opponent model and its file), ``pe`` (the P(e) kernels), ``recognition`` (P(S_w)),
``predict`` (the pessimistic ratio), ``asym`` (the asymmetric game tree), ``stats`` and ``thesis``
(intervals, tests, the thesis's figures), ``report`` (saved tables and figures), ``params`` (notebook
parameter checks), ``pipeline`` (the reproduction's steps, also ``python -m pawnslib``) and ``config``
(every default).
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
