"""Deprecated alias of :mod:`pawnslib.dbn.tempered` (the per-game model's evidence, tempered), its old name; it goes
in the next release. The recogniser whose beliefs are calibrated is :mod:`pawnslib.dbn.choice`."""

import warnings

from pawnslib.dbn.tempered import (
    TAU_BOUNDS,
    TemperedRecogniser,
    chain_evidence,
    cross_validated_tau,
    fit_tau,
    log_loss,
    transition_evidence,
)

__all__ = ["TAU_BOUNDS", "TemperedRecogniser", "chain_evidence", "cross_validated_tau", "fit_tau", "log_loss",
           "transition_evidence"]

warnings.warn("pawnslib.dbn.calibrated is renamed pawnslib.dbn.tempered; the old name goes in the next release",
              DeprecationWarning, stacklevel=2)
