"""Playing games: records, players, tournaments, their archives, and Harmony* (thesis Chapters 6 and 10).

Modules: :mod:`~pawnslib.play.records` (what a game's record holds, the ``Player`` protocol, JSON lines),
:mod:`~pawnslib.play.opponents` (players that search by OM and PrOM), :mod:`~pawnslib.play.tournament`,
:mod:`~pawnslib.play.archive` (a run's compact records) and :mod:`~pawnslib.play.harmony` (Harmony*).
Imports every layer below it: game, search, dbn, guided.
"""
