"""The notebooks' parameters, checked before a notebook does any work.

Every notebook's second cell passes its parameters (the defaults of its ``parameters`` cell, or what papermill
injected after it) to :func:`check_parameters`, so that a bad value fails at once with a message naming the
parameter, its value and the rule, rather than deep inside the notebook (``N_POSITIONS = 0`` used to end in
``min() arg is an empty sequence``).

Each parameter name has one rule, whatever notebook uses it (see :data:`RULES`).

Layer ``experiments``: it may import every layer but ``report``; it imports only ``config`` and ``game.rules``
(the names a parameter may take).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from numbers import Integral, Real
from typing import Any

from pawnslib.config import COMPARISON_METHODS, NOISES
from pawnslib.config import SETS as STRATEGY_SETS
from pawnslib.game.rules import READINGS


def _integer(v: Any) -> bool:
    return isinstance(v, Integral) and not isinstance(v, bool)


def _positive_integer(v: Any) -> bool:
    return _integer(v) and v >= 1


def _seed(v: Any) -> bool:
    return _integer(v) and v >= 0


def _probability(v: Any) -> bool:
    return isinstance(v, Real) and not isinstance(v, bool) and math.isfinite(v) and 0 <= v <= 1


def _folder(v: Any) -> bool:
    return isinstance(v, str) and v.strip() != ""


def _sets(v: Any) -> bool:
    return (isinstance(v, list | tuple) and len(v) > 0 and all(isinstance(s, str) and s in STRATEGY_SETS for s in v)
            and len(set(v)) == len(v))


def _methods(v: Any) -> bool:
    return (isinstance(v, list | tuple) and len(v) > 0 and all(isinstance(m, str) and m in COMPARISON_METHODS
                                                                for m in v) and len(set(v)) == len(v))


def _reading(v: Any) -> bool:
    return isinstance(v, str) and v in READINGS


def _readings(v: Any) -> bool:
    return isinstance(v, list | tuple) and len(v) > 0 and all(map(_reading, v)) and len(set(v)) == len(v)


def _reading_sets(v: Any) -> bool:
    return isinstance(v, dict) and _readings(list(v)) and all(_sets(list(s)) for s in v.values())


POSITIVE_INTEGER = (_positive_integer, "a positive integer (1, 2, ...)")

#: parameter name -> (test, the rule in words)
RULES: dict[str, tuple[Callable[[Any], bool], str]] = {
    "SEED": (_seed, "an integer >= 0 (the master seed)"),
    "RESULTS": (_folder, "a results folder path, a non-empty string"),
    "SETS": (_sets, f"a non-empty list of distinct strategy sets from {list(STRATEGY_SETS)}"),
    "SET": (lambda v: isinstance(v, str) and v in STRATEGY_SETS, f"one strategy set from {list(STRATEGY_SETS)}"),
    "METHODS": (_methods, f"a non-empty list of distinct Chapter 13 methods from {list(COMPARISON_METHODS)}"),
    "RULES": (_reading, f"the name of a reading of the rules, one of {list(READINGS)}"),
    "NOISE": (lambda v: isinstance(v, str) and v in NOISES, f"a tie-breaking scheme, one of {list(NOISES)}"),
    "READINGS": (_readings, f"a non-empty list of distinct readings of the rules from {list(READINGS)}"),
    "READING_SETS": (_reading_sets, f"a dict from readings of the rules ({list(READINGS)}) to non-empty lists of "
                                    f"distinct strategy sets from {list(STRATEGY_SETS)}"),
    "ROUNDS": POSITIVE_INTEGER,
    "TRAIN_ROUNDS": POSITIVE_INTEGER,
    "DEPTH": POSITIVE_INTEGER,
    "N_POSITIONS": POSITIVE_INTEGER,
    "TIMED_GAMES": POSITIVE_INTEGER,
    "MAX_DEPTH": POSITIVE_INTEGER,
    "MINIMAX_MAX_DEPTH": (lambda v: v is None or _positive_integer(v), "None (the reading's default) or a positive "
                                                                         "integer"),
    "GAMES_ROUNDS": POSITIVE_INTEGER,
    "N_RANDOM_GAMES": POSITIVE_INTEGER,
    "PERFT_DEPTH": POSITIVE_INTEGER,
    "H_K": POSITIVE_INTEGER,
    "H_P_HMCR": (_probability, "a probability in [0, 1]"),
    "H_P_PAR": (_probability, "a probability in [0, 1]"),
    "H_BW": POSITIVE_INTEGER,
    "H_ITERATIONS": POSITIVE_INTEGER,
    "H_GAMES_PER_PAIRING": POSITIVE_INTEGER,
    "H_DEPTH": POSITIVE_INTEGER,
}


def check_parameters(*, held_out: bool = False, **params: Any) -> None:
    """Check a notebook's parameters against :data:`RULES`; return nothing, or raise on the first bad one.

    Args:
        held_out: also require ``TRAIN_ROUNDS < ROUNDS``, for a notebook that needs games the model never saw.
        **params: the notebook's parameters by name, e.g. ``check_parameters(SEED=SEED, ROUNDS=ROUNDS)``.

    Raises:
        ValueError: a parameter without a rule, a value that breaks its rule, a foreseeing Chapter 13 method at a
            ``DEPTH`` below its least, or ``TRAIN_ROUNDS`` above
            ``ROUNDS`` (the model learns from the first ``TRAIN_ROUNDS`` rounds of the ``ROUNDS``-round
            tournament); the message names the parameter, the notebook's value and the rule.
    """
    for name, value in params.items():
        if name not in RULES:
            raise ValueError(f"notebook parameter {name} = {value!r} has no rule in pawnslib.experiments.params.RULES "
                             f"(known: {', '.join(sorted(RULES))})")
        test, rule = RULES[name]
        if not test(value):
            raise ValueError(f"notebook parameter {name} = {value!r} is invalid: it must be {rule}")
    if "METHODS" in params and "DEPTH" in params:
        from pawnslib.experiments.chapter13 import METHODS  # the comparison's methods (heavy: only when asked)
        from pawnslib.guided.foresee import MIN_DEPTH

        deep = [m for m in params["METHODS"] if METHODS[m].foresees]
        if deep and params["DEPTH"] < MIN_DEPTH:
            raise ValueError(f"notebook parameter METHODS = {params['METHODS']!r} is invalid with DEPTH = "
                             f"{params['DEPTH']!r}: {', '.join(deep)} search below White's reply and need DEPTH >= "
                             f"{MIN_DEPTH}; leave them out of METHODS or search deeper")
    if "TRAIN_ROUNDS" in params and "ROUNDS" in params:
        train, rounds = params["TRAIN_ROUNDS"], params["ROUNDS"]
        if held_out and not train < rounds:
            raise ValueError(f"notebook parameter TRAIN_ROUNDS = {train!r} is invalid: it must be less than "
                             f"ROUNDS = {rounds!r}, so that rounds TRAIN_ROUNDS to ROUNDS - 1 are held out")
        if train > rounds:
            raise ValueError(f"notebook parameter TRAIN_ROUNDS = {train!r} is invalid: it must be at most "
                             f"ROUNDS = {rounds!r} (the model learns from the tournament's first rounds)")


__all__ = ["RULES", "STRATEGY_SETS", "check_parameters"]
