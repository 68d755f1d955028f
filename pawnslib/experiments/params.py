"""The notebooks' parameters, checked before a notebook does any work.

Every notebook's second cell passes its parameters (the defaults of its ``parameters`` cell, or what papermill
injected after it) to :func:`check_parameters`, so that a bad value fails at once with a message naming the
parameter, its value and the rule, rather than deep inside the notebook (``N_POSITIONS = 0`` used to end in
``min() arg is an empty sequence``). Each parameter name has one rule, whatever notebook uses it
(:data:`PARAMETER_RULES`).

Then the cell resolves the folder the notebook actually reads and writes (:func:`results_folder`), so that a
notebook stepped through by hand never rewrites the committed site behind the pages.

Layer ``experiments``: it may import every layer but ``report``; it imports ``config`` and
:mod:`~pawnslib.experiments.chapter13` (the names a parameter may take: readings, sets, Chapter 13's methods).
"""

from __future__ import annotations

import hashlib
import math
import os
import shutil
import tempfile
from collections.abc import Callable
from numbers import Integral, Real
from pathlib import Path
from typing import Any

from pawnslib.config import COMMITTED_RESULTS, N_STRATEGIES, NOISES, PUBLISH_ENV, READINGS, SCRATCH
from pawnslib.config import SETS as STRATEGY_SETS
from pawnslib.experiments.chapter13 import METHODS
from pawnslib.experiments.predictability import WHITE_NOISES


def _integer(v: Any) -> bool:
    return isinstance(v, Integral) and not isinstance(v, bool)


def _positive_integer(v: Any) -> bool:
    return _integer(v) and v >= 1


def _probability(v: Any) -> bool:
    return isinstance(v, Real) and not isinstance(v, bool) and math.isfinite(v) and 0 <= v <= 1


def _one_of(names) -> Callable[[Any], bool]:
    return lambda v: isinstance(v, str) and v in names


def _distinct(ok: Callable[[Any], bool], *, empty: bool = False) -> Callable[[Any], bool]:
    """The test of a list (or tuple) of distinct items that each pass ``ok``, and at least one unless ``empty``."""
    return lambda v: isinstance(v, list | tuple) and (empty or len(v) > 0) and all(map(ok, v)) and len(set(v)) == len(v)


_sets, _methods, _readings = (_distinct(_one_of(names)) for names in (STRATEGY_SETS, METHODS, READINGS))


def _reading_sets(v: Any) -> bool:
    return isinstance(v, dict) and _readings(list(v)) and all(_sets(list(s)) for s in v.values())


POSITIVE_INTEGER = (_positive_integer, "a positive integer (1, 2, ...)")

#: parameter name -> (test, the rule in words)
PARAMETER_RULES: dict[str, tuple[Callable[[Any], bool], str]] = {
    "SEED": (lambda v: _integer(v) and v >= 0, "an integer >= 0 (the master seed)"),
    "RESULTS": (lambda v: isinstance(v, str) and v.strip() != "", "a results folder path, a non-empty string"),
    "SETS": (_sets, f"a non-empty list of distinct strategy sets from {list(STRATEGY_SETS)}"),
    "SET": (_one_of(STRATEGY_SETS), f"one strategy set from {list(STRATEGY_SETS)}"),
    "METHODS": (_methods, f"a non-empty list of distinct Chapter 13 methods from {list(METHODS)}"),
    "RULES": (_one_of(READINGS), f"the name of a reading of the rules, one of {list(READINGS)}"),
    "NOISE": (_one_of(NOISES), f"a tie-breaking scheme, one of {list(NOISES)}"),
    "MAP_METHODS": (_methods, f"a non-empty list of distinct Chapter 13 methods from {list(METHODS)}"),
    "WHITE_DEPTHS": (_distinct(_positive_integer, empty=True),
                     "a list of distinct positive integers (White's depths in plies)"),
    "MAP_ROUNDS": POSITIVE_INTEGER,
    "WHITE_NOISES": (_distinct(_one_of(WHITE_NOISES)),
                     f"a non-empty list of distinct levels of White's tie-breaking from {list(WHITE_NOISES)}"),
    "METHOD": (_one_of(METHODS), f"one Chapter 13 method from {list(METHODS)}"),
    "COLOUR": (lambda v: v in ("white", "black"), "the colour a person plays, 'white' or 'black'"),
    "STRATEGY": (lambda v: _integer(v) and 1 <= v <= N_STRATEGIES, f"a strategy id of the set, 1 to {N_STRATEGIES}"),
    "READINGS": (_readings, f"a non-empty list of distinct readings of the rules from {list(READINGS)}"),
    "READING_SETS": (_reading_sets, f"a dict from readings of the rules ({list(READINGS)}) to non-empty lists of "
                                    f"distinct strategy sets from {list(STRATEGY_SETS)}"),
    "ROUNDS": POSITIVE_INTEGER,
    "TRAIN_ROUNDS": POSITIVE_INTEGER,
    "DEPTH": POSITIVE_INTEGER,
    "N_POSITIONS": POSITIVE_INTEGER,
    "TIMED_GAMES": POSITIVE_INTEGER,
    "MAX_DEPTH": POSITIVE_INTEGER,
    "MINIMAX_MAX_DEPTH": (lambda v: v is None or _positive_integer(v),
                          "None (the reading's default) or a positive integer"),
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
    """Check a notebook's parameters against :data:`PARAMETER_RULES`; return nothing, or raise on the first bad one.

    Args:
        held_out: also require ``TRAIN_ROUNDS < ROUNDS``, for a notebook that needs games the model never saw.
        **params: the notebook's parameters by name, e.g. ``check_parameters(SEED=SEED, ROUNDS=ROUNDS)``.

    Raises:
        ValueError: a parameter without a rule, a value that breaks its rule, a foreseeing Chapter 13 method at a
            ``DEPTH`` below its least, or ``TRAIN_ROUNDS`` above ``ROUNDS`` (the model learns from the first
            ``TRAIN_ROUNDS`` rounds); the message names the parameter, the notebook's value and the rule.
    """
    for name, value in params.items():
        if name not in PARAMETER_RULES:
            known = ", ".join(sorted(PARAMETER_RULES))
            raise ValueError(f"notebook parameter {name} = {value!r} has no rule in "
                             f"pawnslib.experiments.params.PARAMETER_RULES (known: {known})")
        test, rule = PARAMETER_RULES[name]
        if not test(value):
            raise ValueError(f"notebook parameter {name} = {value!r} is invalid: it must be {rule}")
    for methods in ("METHODS", "MAP_METHODS"):
        if methods in params and "DEPTH" in params:
            from pawnslib.guided.firstreply import MIN_DEPTH

            deep = [m for m in params[methods] if METHODS[m].foresees]
            if deep and params["DEPTH"] < MIN_DEPTH:
                raise ValueError(f"notebook parameter {methods} = {params[methods]!r} is invalid with DEPTH = "
                                 f"{params['DEPTH']!r}: {', '.join(deep)} search below White's reply and need DEPTH "
                                 f">= {MIN_DEPTH}; leave them out of {methods} or search deeper")
    if "TRAIN_ROUNDS" in params and "ROUNDS" in params:
        train, rounds = params["TRAIN_ROUNDS"], params["ROUNDS"]
        if held_out and not train < rounds:
            raise ValueError(f"notebook parameter TRAIN_ROUNDS = {train!r} is invalid: it must be less than "
                             f"ROUNDS = {rounds!r}, so that rounds TRAIN_ROUNDS to ROUNDS - 1 are held out")
        if train > rounds:
            raise ValueError(f"notebook parameter TRAIN_ROUNDS = {train!r} is invalid: it must be at most "
                             f"ROUNDS = {rounds!r} (the model learns from the tournament's first rounds)")


# The repository this package is checked out in (pawnslib/experiments/params.py is two folders below it).
REPOSITORY = Path(__file__).resolve().parents[2]
_YES, _NO = ("1", "true", "yes", "on"), ("", "0", "false", "no", "off")


def publishing(environ: dict[str, str] | None = None) -> bool:
    """Whether :data:`~pawnslib.config.PUBLISH_ENV` asks to write the committed results (the Makefile sets it to 1).

    Raises:
        ValueError: a value that is neither yes (1, true, yes, on) nor no (0, false, no, off, empty).
    """
    value = (os.environ if environ is None else environ).get(PUBLISH_ENV, "").strip().lower()
    if value not in _YES + _NO:
        raise ValueError(f"{PUBLISH_ENV}={value!r}: set it to 1 to write the committed results folder, 0 (or leave it "
                         f"unset) to work in a scratch copy")
    return value in _YES


def results_folder(results: str, *, publish: bool | None = None, committed: str | Path | None = None,
                   scratch: str | Path | None = None) -> str:
    """The results folder a notebook reads and writes: ``results`` itself, or the same place in a scratch copy.

    ``results`` is used as it is when publishing (``publish``, else :func:`publishing`: ``make reproduce``'s papermill
    runs) or when it lies outside the committed folder. Otherwise (a notebook run by hand, papermill outside make
    included, with ``RESULTS`` the committed folder or a folder in it, e.g. a reading's) the notebook works in
    ``scratch``, a copy of the whole committed folder made on first use (files copied, never linked, so that a write
    in the copy leaves the committed file alone) and reused afterwards; one line says where, and how to publish.

    Args:
        results: the notebook's ``RESULTS``, relative to the working folder or absolute.
        publish: True or False to decide here; None: as the environment says (:func:`publishing`).
        committed: the committed results folder (default: the repository's ``results/``).
        scratch: its copy (default: ``scratch/results`` beside it, gitignored).

    Returns:
        ``results``, or its place in the copy (relative to the working folder when ``results`` was relative).
    """
    committed = Path(REPOSITORY / COMMITTED_RESULTS if committed is None else committed).resolve()
    scratch = Path(committed.parent / SCRATCH / committed.name if scratch is None else scratch).resolve()
    where = Path(results).resolve()
    if (publishing() if publish is None else publish) or not (where == committed or committed in where.parents):
        return results
    target = scratch / where.relative_to(committed)
    shown = _shown(target, relative=not Path(results).is_absolute())
    fresh = not scratch.is_dir()
    print(f"RESULTS = {results!r} is {'' if where == committed else 'in '}the committed results folder, so this "
          f"notebook works in a scratch copy of it{' (copying it now, once)' if fresh else ''}: RESULTS = {shown!r}. "
          f"To write the committed folder instead, run it under `make reproduce` or with {PUBLISH_ENV}=1 in the "
          f"kernel's environment (papermill outside make counts as a run by hand).", flush=True)
    if fresh:
        _copy(committed, scratch)
    elif _stamp_file(scratch).exists() and _stamp_file(scratch).read_text() != _fingerprint(committed):
        print(f"The committed results folder changed since the scratch copy was made: delete "
              f"{_shown(scratch, relative=True)!r} to work from a fresh copy.", flush=True)
    return shown


def _shown(path: Path, *, relative: bool) -> str:
    """``path`` relative to the working folder when ``relative`` (and it can be), else absolute."""
    try:
        return os.path.relpath(path) if relative else str(path)
    except ValueError:  # another drive
        return str(path)


def _stamp_file(scratch: Path) -> Path:
    """Where the copy records what it was copied from: beside it, not in it (the copy is a results folder)."""
    return scratch.parent / f".{scratch.name}.copied-from"


def _fingerprint(folder: Path) -> str:
    """The committed folder's files by path, size and date (logs aside, which every run rewrites), as a digest."""
    h = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and "logs" not in p.relative_to(folder).parts):
        st = path.stat()
        h.update(f"{path.relative_to(folder).as_posix()}\0{st.st_size}\0{st.st_mtime_ns}\0".encode())
    return h.hexdigest()


def _copy(committed: Path, scratch: Path) -> None:
    """Copy ``committed`` (absent: nothing) to ``scratch`` whole or not at all: copied aside, then renamed into
    place; when another run got there first, its copy stands."""
    scratch.parent.mkdir(parents=True, exist_ok=True)
    stamp = _fingerprint(committed) if committed.is_dir() else ""
    aside = Path(tempfile.mkdtemp(prefix=f".{scratch.name}-", dir=scratch.parent))
    try:
        if committed.is_dir():
            shutil.copytree(committed, aside / scratch.name, copy_function=shutil.copy2)
        else:
            (aside / scratch.name).mkdir()
        try:
            (aside / scratch.name).rename(scratch)
        except OSError:
            if not scratch.is_dir():
                raise
            return
        _stamp_file(scratch).write_text(stamp)
    finally:
        shutil.rmtree(aside, ignore_errors=True)


__all__ = ["REPOSITORY", "PARAMETER_RULES", "STRATEGY_SETS", "check_parameters", "publishing", "results_folder"]
