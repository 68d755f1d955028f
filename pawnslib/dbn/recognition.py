"""Deprecated alias of :mod:`pawnslib.dbn.posteriors` (the model's posteriors over White's strategy S_w), its old
name; it goes in the next release. Recognition during games is :mod:`pawnslib.experiments.recognition`."""

import warnings

from pawnslib.dbn.posteriors import (
    SwModel,
    chain_logliks,
    chain_posteriors,
    game_posteriors,
    latent_mass,
    row_posteriors,
)

__all__ = ["SwModel", "chain_logliks", "chain_posteriors", "game_posteriors", "latent_mass", "row_posteriors"]

warnings.warn("pawnslib.dbn.recognition is renamed pawnslib.dbn.posteriors; the old name goes in the next release",
              DeprecationWarning, stacklevel=2)
