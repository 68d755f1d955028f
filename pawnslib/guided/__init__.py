"""Search guided by the opponent model (thesis Chapters 9 and 11, and Chapter 13's OM and PrOM search).

Modules: :mod:`~pawnslib.guided.predict` (the pessimistic ratio and the replies seen before),
:mod:`~pawnslib.guided.asym` (the asymmetric game tree) and :mod:`~pawnslib.guided.om` (OM and PrOM search).
Imports :mod:`pawnslib.game`, :mod:`pawnslib.search` and :mod:`pawnslib.dbn`.
"""
