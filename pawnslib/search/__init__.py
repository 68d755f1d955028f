"""Searching the game tree with a weighted-sum evaluation (thesis Chapters 3, 6 and 7).

Modules, lowest first:

* :mod:`~pawnslib.search.values`: the scale of every search's values (the win score ``WIN``, the bound ``INF``)
  and a position's value (:func:`~pawnslib.search.values.value_of`);
* :mod:`~pawnslib.search.strategies`: weight vectors (the thesis's, the ladder), their check and their files;
* :mod:`~pawnslib.search.seeds`: seeds derived from a master seed, and their check;
* :mod:`~pawnslib.search.noise`: the tie-breaking leaf noise by scheme (the thesis's, per path; per position;
  none), and Zobrist keys of positions and of compact nodes;
* :mod:`~pawnslib.search.memo`: a search's memo of one side's score by that side's pieces;
* :mod:`~pawnslib.search.expand`: a search's work space and the steps every alpha-beta search shares (a node's
  children valued, taken best first, opened);
* :mod:`~pawnslib.search.alphabeta`: plain alpha-beta (one explicit-stack kernel) and the minimax reference;
* :mod:`~pawnslib.search.tt`: the same search with a transposition table and iterative deepening, the one
  table-backed alpha-beta (also the perfect-knowledge recogniser's), and a thread's shared tables;
* :mod:`~pawnslib.search.ties`: every root move's exact value, and the exact ties a tie-breaker must settle.

Imports :mod:`pawnslib.game`, :mod:`pawnslib.config` and :mod:`pawnslib.files` only; the players that search
live in :mod:`pawnslib.play.players`.
"""

import sys
import types
import warnings

from pawnslib.search.alphabeta import MAX_DEPTH, SearchResult, alpha_beta_search, minimax
from pawnslib.search.strategies import THESIS, check_weights, load_strategies, save_strategies
from pawnslib.search.tt import deep_search
from pawnslib.search.values import WIN

__all__ = ["MAX_DEPTH", "SearchResult", "THESIS", "WIN", "alpha_beta_search", "check_weights", "deep_search",
           "load_strategies", "minimax", "save_strategies"]


class _DeprecatedCall(types.ModuleType):
    """This subpackage, callable for one release as the function ``pawnslib.search`` was (with a warning).

    ``pawnslib.search`` used to be bound to the alpha-beta function, hiding the subpackage
    (``pawnslib.search.ties`` then raised AttributeError); the function is :func:`alpha_beta_search` now.
    """

    def __call__(self, *args, **kwargs) -> SearchResult:
        warnings.warn("calling pawnslib.search(...) is deprecated and will be removed in the next release; "
                      "call pawnslib.alpha_beta_search(...)", DeprecationWarning, stacklevel=2)
        return alpha_beta_search(*args, **kwargs)


sys.modules[__name__].__class__ = _DeprecatedCall
