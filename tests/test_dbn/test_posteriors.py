"""The model's posteriors over S_w, per training row and per game, against a plain reference."""

import numpy as np
import pytest
from conftest import reference_posterior

from pawnslib.dbn.posteriors import game_posteriors, row_posteriors
from pawnslib.dbn.rows import training_rows
from pawnslib.game.rules import FEATURE_NAMES


def test_row_posteriors_match_the_reference(model, rows):
    post = row_posteriors(model, rows)
    assert post.shape == (len(rows), 4)
    raw = rows[[f + "_prev" for f in FEATURE_NAMES] + list(FEATURE_NAMES)].to_numpy()
    for r in range(0, len(rows), 37):
        states = model.discretise(raw[r].reshape(2, len(FEATURE_NAMES)))
        np.testing.assert_allclose(post[r], reference_posterior(model, states, rows["S_b"].iloc[r]), rtol=1e-9)


def test_game_posteriors_match_the_reference(model, records):
    rows = training_rows(records[:5], game=True)
    post = game_posteriors(model, rows)
    assert post.shape == (5, 4)
    raw = rows[[f + "_prev" for f in FEATURE_NAMES] + list(FEATURE_NAMES)].to_numpy()
    for g in range(5):
        # P(S_w | game) is P(S_w) times each row's likelihood P(row | S_w) = P(S_w | row) / P(S_w) (up to constants).
        logp = np.log(model.cpt_sw)  # in logs: a game's product underflows
        for r in np.flatnonzero(rows["game"] == g):
            states = model.discretise(raw[r].reshape(2, len(FEATURE_NAMES)))
            logp += np.log(reference_posterior(model, states, rows["S_b"].iloc[r]) / model.cpt_sw)
        np.testing.assert_allclose(post[g], np.exp(logp - logp.max()) / np.exp(logp - logp.max()).sum(),
                                   rtol=1e-9, atol=1e-300)
    # A game of one row: its row's posterior.
    one = rows[rows["game"] == 0].head(1)
    np.testing.assert_allclose(game_posteriors(model, one)[0], row_posteriors(model, one)[0], rtol=1e-12)
    with pytest.raises(ValueError, match="lack the column 'game'"):
        game_posteriors(model, rows.drop(columns="game"))


def test_the_old_module_name_still_works_with_a_warning():
    import importlib
    import sys

    from pawnslib.dbn import posteriors

    sys.modules.pop("pawnslib.dbn.recognition", None)
    with pytest.warns(DeprecationWarning, match="renamed pawnslib.dbn.posteriors"):
        old = importlib.import_module("pawnslib.dbn.recognition")
    assert old.latent_mass is posteriors.latent_mass and old.chain_posteriors is posteriors.chain_posteriors
