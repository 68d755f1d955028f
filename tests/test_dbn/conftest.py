"""Fixtures of the opponent-model tests: rows with their games, the per-game model, random raw scores."""

import numpy as np
import pytest

from pawnslib.dbn.model import OpponentModel
from pawnslib.dbn.rows import training_rows
from pawnslib.game.rules import FEATURE_NAMES

FIT = {"restarts": 2, "max_iter": 40, "seed": 1}


@pytest.fixture(scope="session")
def grows(records):
    """The conftest games' training rows, with White's true id and the game."""
    return training_rows(records, truth=True, game=True)


@pytest.fixture(scope="session")
def game_model(grows):
    """A per-game model (S_w drawn once per game) fitted to them, S_w matched to the true ids."""
    return OpponentModel.fit(grows, latent="game", white_truth=grows["S_w_true"], **FIT)


@pytest.fixture(scope="session")
def random_scores():
    """``draw(rng, model, n)``: (n, F) raw scores spread a little beyond what training saw (some out of range)."""

    def draw(rng, model, n):
        lo = np.array([c[0] if len(c) else 0 for c in model.discretiser.cuts]) - 3
        hi = np.array([c[-1] if len(c) else 0 for c in model.discretiser.cuts]) + 3
        return rng.integers(np.floor(lo), np.ceil(hi) + 1, size=(n, len(FEATURE_NAMES)))

    return draw
