"""The opponent model (thesis Chapters 2, 5 and 8): a dynamic Bayesian network learned by EM.

Modules, lowest first (each imports only those before it):

* :mod:`~pawnslib.dbn.rows`: the training rows of game records (Table 8.1) and their CSV file.
* :mod:`~pawnslib.dbn.discretise`: raw feature scores to node states.
* :mod:`~pawnslib.dbn.pe`: the numba P(e) kernels the search calls.
* :mod:`~pawnslib.dbn.em`: discrete EM, one latent per row or per game (``groups``), with its numba passes and
  data layouts; :mod:`~pawnslib.dbn.bridge`: pgmpy networks and EM on them.
* :mod:`~pawnslib.dbn.posteriors`: the model's posteriors over White's strategy S_w.
* :mod:`~pawnslib.dbn.learn`: the slice's structure and its fit, the matching of S_w's states to strategy ids.
* :mod:`~pawnslib.dbn.modelfile`: the model file, its checks and the one loader.
* :mod:`~pawnslib.dbn.model`: :class:`OpponentModel`, the one-slice model: CPTs, P(e), pgmpy export.
* :mod:`~pawnslib.dbn.twoslice`: :class:`TwoSliceModel`, one slice per colour, and :func:`load_model`.
* :mod:`~pawnslib.dbn.tempered`: the per-game model's evidence of White's moves, tempered (a recogniser of White).
* :mod:`~pawnslib.dbn.choice`: beside the DBN, :class:`ChoiceModel`, a conditional logit of White's moves among its
  legal replies, and the recogniser of White it gives (it imports :mod:`pawnslib.search` too).

The names below are the friendly entry points (EM itself is :func:`run_em`). Imports :mod:`pawnslib.config`,
:mod:`pawnslib.files` and :mod:`pawnslib.game`.
"""

from pawnslib.dbn.choice import ChoiceModel
from pawnslib.dbn.discretise import Discretiser
from pawnslib.dbn.em import MISSING, EMResult, GameEMResult, Structure, run_em
from pawnslib.dbn.learn import LATENTS, match_latent_states, slice_structure
from pawnslib.dbn.model import OpponentModel
from pawnslib.dbn.modelfile import ModelFileError
from pawnslib.dbn.pe import KernelArrays
from pawnslib.dbn.posteriors import game_posteriors, latent_mass, row_posteriors
from pawnslib.dbn.rows import read_training_csv, row_columns, training_rows, write_training_csv
from pawnslib.dbn.twoslice import TwoSliceModel, load_model

__all__ = ["OpponentModel", "TwoSliceModel", "ChoiceModel", "load_model", "ModelFileError", "training_rows",
           "row_columns", "read_training_csv", "write_training_csv", "Discretiser", "Structure", "EMResult",
           "GameEMResult", "MISSING", "LATENTS", "slice_structure", "match_latent_states", "row_posteriors",
           "game_posteriors", "latent_mass", "KernelArrays", "run_em"]
