"""Benchmark positions: Black-to-move positions from recorded depth-6 games, with their game history.

With PAWNSLIB_BENCH_QUICK set (the test suite's smoke test) every benchmark runs on its smallest inputs: one round
of games, played in this process, and the first QUICK_POSITIONS positions (:func:`quick`); what it prints is a
check that it runs, not a figure.
"""

import os
import tempfile

from pawnslib import Position, config
from pawnslib.config import RunSettings
from pawnslib.play.records import positions_of
from pawnslib.play.tournament import run_tournament
from pawnslib.search.strategies import THESIS

SEED = config.SEED
QUICK = bool(os.environ.get("PAWNSLIB_BENCH_QUICK"))
QUICK_POSITIONS = 24


def game_records(rounds: int = 2, *, rules: str = config.RULES) -> list[dict]:
    """Two rounds of the depth-6 tournament among the thesis's strategies, played by ``rules`` (QUICK: one round, in
    this process: a worker would load or compile the kernels again)."""
    with tempfile.TemporaryDirectory() as tmp:
        settings = RunSettings(rounds=1 if QUICK else rounds, depth=config.DEPTH, seed=SEED, rules=rules,
                               jobs=1 if QUICK else config.JOBS)
        return run_tournament(THESIS, tmp, settings, progress=False)


def black_histories(records, every: int = 4) -> list[tuple[int, list[Position]]]:
    """(Black's strategy id, the game so far) at every ``every``-th Black move of each game."""
    out = []
    for r in records:
        for t in range(0, r["plies"], 2 * every):
            out.append((r["black"], positions_of(r, t)))
    return out


def quick(cases: list) -> list:
    """``cases``, or with QUICK set their first QUICK_POSITIONS."""
    return cases[:QUICK_POSITIONS] if QUICK else cases
