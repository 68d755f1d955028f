"""The experiments: the thesis's figures, statistics, claims, Chapter 13's comparison and the reproduction's steps.

Modules: :mod:`~pawnslib.experiments.thesis` (the thesis's own numbers and verdict rules),
:mod:`~pawnslib.experiments.stats`, :mod:`~pawnslib.experiments.paired` (paired statistics),
:mod:`~pawnslib.experiments.claims` (the report's claims), :mod:`~pawnslib.experiments.chapter13`,
:mod:`~pawnslib.experiments.costs`, :mod:`~pawnslib.experiments.maxpr`, :mod:`~pawnslib.experiments.ceiling`,
:mod:`~pawnslib.experiments.branching`, :mod:`~pawnslib.experiments.params` (notebook parameter checks) and
:mod:`~pawnslib.experiments.pipeline` (the steps ``make reproduce`` runs). Imports every layer below it.
"""
