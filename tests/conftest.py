"""Shared fixtures: positions from random play, reproducible from a seed."""

import numpy as np
import pytest

from pawnslib import Position


def random_positions(n: int, seed: int, max_plies: int = 80) -> list[Position]:
    """``n`` unfinished positions reached by uniformly random play."""
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < n:
        p = Position.start()
        stop = rng.integers(1, max_plies)
        while p.result is None and p.ply < stop:
            moves = p.legal_moves()
            p = p.play(moves[rng.integers(len(moves))])
        if p.result is None:
            out.append(p)
    return out


@pytest.fixture(scope="session")
def positions() -> list[Position]:
    return random_positions(200, seed=7)
