"""Search guided by the opponent model (thesis Chapters 9 and 11, and Chapter 13's OM and PrOM search): the algorithms.

Modules: :mod:`~pawnslib.guided.predict` (the pessimistic ratio, the replies seen before, the ``mostlikely``
predicates), :mod:`~pawnslib.guided.replies` (White's replies at a game's position, as the search judges them),
:mod:`~pawnslib.guided.asym` (the asymmetric game tree), :mod:`~pawnslib.guided.om` (OM and PrOM search) and
:mod:`~pawnslib.guided.firstreply` (searches that foresee White's first reply: the oracle, depth-matched OM search).
The players that use them are :mod:`pawnslib.play.players`'.
Imports :mod:`pawnslib.game`, :mod:`pawnslib.search` and :mod:`pawnslib.dbn`; never :mod:`pawnslib.play` or above.
"""

from pawnslib.guided.asym import EXTENSION, asym_search
from pawnslib.guided.firstreply import om_matched_search, oracle_search
from pawnslib.guided.om import om_search, prom_search
from pawnslib.guided.predict import Predictor, pessimistic_ratio, pessimistic_ratios, predicate
from pawnslib.guided.replies import likely_replies, white_replies

__all__ = ["EXTENSION", "Predictor", "asym_search", "likely_replies", "om_matched_search", "om_search",
           "oracle_search", "pessimistic_ratio", "pessimistic_ratios", "predicate", "prom_search", "white_replies"]
