"""The opponent model (thesis Chapters 2, 5 and 8): a dynamic Bayesian network learned by EM.

Modules: :mod:`~pawnslib.dbn.rows` (training rows from game records), :mod:`~pawnslib.dbn.discretise` (node states),
:mod:`~pawnslib.dbn.em` (discrete EM), :mod:`~pawnslib.dbn.model` (the one-slice model),
:mod:`~pawnslib.dbn.twoslice` (one slice per colour), :mod:`~pawnslib.dbn.modelfile` (model files),
:mod:`~pawnslib.dbn.pe` (the P(e) kernels) and :mod:`~pawnslib.dbn.recognition` (P(S_w | game so far)).
Imports :mod:`pawnslib.game`.
"""
