"""Deprecated alias of :mod:`pawnslib.guided.firstreply` (the oracle and depth-matched OM search), its old name;
it goes in the next release."""

import warnings

from pawnslib.guided.firstreply import MIN_DEPTH, om_matched_search, oracle_search

__all__ = ["MIN_DEPTH", "om_matched_search", "oracle_search"]

warnings.warn("pawnslib.guided.foresee is renamed pawnslib.guided.firstreply; the old name goes in the next release",
              DeprecationWarning, stacklevel=2)
