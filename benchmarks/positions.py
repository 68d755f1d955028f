"""Benchmark positions: Black-to-move positions from recorded depth-6 games, with their game history."""

import tempfile

from pawnslib import Position, config
from pawnslib.play.records import positions_of
from pawnslib.play.tournament import run_tournament
from pawnslib.search.strategies import THESIS

SEED = config.SEED


def game_records(rounds: int = 2, *, rules: str = config.RULES) -> list[dict]:
    """Two rounds of the depth-6 tournament among the thesis's strategies, played by ``rules``."""
    with tempfile.TemporaryDirectory() as tmp:
        return run_tournament(THESIS, tmp, rounds=rounds, depth=config.DEPTH, seed=SEED, rules=rules, progress=False)


def black_histories(records, every: int = 4) -> list[tuple[int, list[Position]]]:
    """(Black's strategy id, the game so far) at every ``every``-th Black move of each game."""
    out = []
    for r in records:
        for t in range(0, r["plies"], 2 * every):
            out.append((r["black"], positions_of(r, t)))
    return out
