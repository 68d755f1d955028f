"""The scale of every search's values: the win score, the bound beyond it, and a position's value.

Values are from Black's point of view: Black maximises, White minimises. A finished game scores
``+(WIN - d)`` for a Black win and ``-(WIN - d)`` for a White win, ``d`` plies below the root (so
quicker wins are preferred), and 0 for a draw; a live one its heuristic value ``weights . features``,
an integer far below ``WIN / 2`` (:func:`pawnslib.search.strategies.check_weights` sees to it). ``INF``
lies beyond every value: the open bound of a search window.

Its own module so that the weights' check (:mod:`~pawnslib.search.strategies`) and the searches
(:mod:`~pawnslib.search.alphabeta`, :mod:`~pawnslib.search.tt`, the guided searches) share the scale
without importing one another. Imports :mod:`pawnslib.game` only.
"""

from __future__ import annotations

from numba import njit

from pawnslib.game.rules import BLACK_WIN, DRAW, N_FEATURES, S_RESULT, WHITE_WIN

WIN = 1e9
INF = 1e18


@njit(cache=True)
def value_of(s, w, feat, d):
    """Heuristic value of ``s`` whose features are ``feat`` (no noise), or its exact value if the game is over.

    ``w`` the six weights, ``d`` the plies from the root to ``s`` (they shorten a win).
    """
    return result_value(s[S_RESULT], w, feat, d)


@njit(cache=True, inline="always")
def result_value(r, w, feat, d):
    """:func:`value_of` of a position whose result is ``r`` (a search node keeps it in its own slot)."""
    if r == BLACK_WIN:
        return WIN - d
    if r == WHITE_WIN:
        return -(WIN - d)
    if r == DRAW:
        return 0.0
    v = 0
    for i in range(N_FEATURES):
        v += w[i] * feat[i]
    return float(v)
