"""Searching the game tree with a weighted-sum evaluation (thesis Chapters 3, 6 and 7).

Modules: :mod:`~pawnslib.search.alphabeta` (leaf values, tie-breaking noise, plain alpha-beta and minimax),
:mod:`~pawnslib.search.strategies` (weight vectors and their files) and :mod:`~pawnslib.search.tt` (the same search
with a transposition table and iterative deepening). Imports :mod:`pawnslib.game`.
"""

from pawnslib.search.alphabeta import SearchResult, minimax, search
from pawnslib.search.strategies import check_weights, load_strategies, save_strategies
from pawnslib.search.tt import deep_search

__all__ = ["SearchResult", "check_weights", "deep_search", "load_strategies", "minimax", "save_strategies", "search"]
