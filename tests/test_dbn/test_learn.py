"""Learning the slice: per-game EM inside ``OpponentModel.fit``, the matching of latent states to strategy ids."""

import numpy as np
import pytest
from scipy.optimize import linear_sum_assignment

from pawnslib.dbn import em
from pawnslib.dbn.learn import LATENTS, match_latent_states, slice_data
from pawnslib.dbn.model import OpponentModel
from pawnslib.dbn.posteriors import game_posteriors, latent_mass
from pawnslib.dbn.rows import row_columns
from pawnslib.game.rules import FEATURE_NAMES

NF = len(FEATURE_NAMES)
FIT = {"restarts": 2, "max_iter": 40, "seed": 1}


def test_fit_learns_by_per_game_em(grows, game_model):
    assert game_model.latent == "game" and game_model.sw_matched
    plain = OpponentModel.fit(grows, latent="game", **FIT)
    assert plain.latent == "game" and not plain.sw_matched
    raw = grows[row_columns()[: 2 * NF]].to_numpy(np.int64)
    data = slice_data(plain.discretiser, raw, grows["S_b"].to_numpy())
    res = em.run_em(plain.structure, data, groups=grows["game"].to_numpy(), **FIT)
    for a, b in zip(plain.cpts, res.cpts, strict=True):
        np.testing.assert_array_equal(a, b)
    np.testing.assert_array_equal(plain.objective, res.objective)
    # Matched = the unmatched fit relabelled by the game-level matching.
    relabelled = plain.permute_sw(match_latent_states(plain, grows, grows["S_w_true"]))
    for a, b in zip(relabelled.cpts, game_model.cpts, strict=True):
        np.testing.assert_array_equal(a, b)
    # game_posteriors is the per-game EM's E-step at the model's CPTs.
    e = em.run_em(plain.structure, data, groups=grows["game"].to_numpy(), init=plain.cpts, max_iter=0)
    np.testing.assert_allclose(game_posteriors(plain, grows), e.posterior, rtol=0, atol=1e-10)
    np.testing.assert_allclose(game_posteriors(plain, grows), res.posterior, rtol=0, atol=1e-10)


def test_latent_states_are_matched_per_game(grows, game_model):
    mass = latent_mass(game_model, grows, grows["S_w_true"])
    assert mass.sum() == pytest.approx(grows["game"].nunique())  # each game counts once
    r, c = linear_sum_assignment(-mass)
    assert mass[r, c].sum() == pytest.approx(np.trace(mass))
    np.testing.assert_array_equal(match_latent_states(game_model, grows, grows["S_w_true"]), np.arange(4))
    truth = grows["S_w_true"].to_numpy().copy()
    truth[3] = truth[3] % 4 + 1  # row 3 (game 0) names another White
    with pytest.raises(ValueError, match=r"one id per game: game 0 has \d and, at row 3, \d"):
        latent_mass(game_model, grows, truth)


def test_fit_refuses_unknown_latent_and_rows_without_games(grows):
    with pytest.raises(ValueError, match=r"latent must be one of 'row', 'game' .*got 'games'"):
        OpponentModel.fit(grows, latent="games")
    with pytest.raises(ValueError, match=r"lack the column 'game'.*training_rows\(records, game=True\)"):
        OpponentModel.fit(grows.drop(columns="game"), latent="game")
    assert LATENTS == ("row", "game")


def test_latent_matching_maximises_mass(model, rows):
    mass = latent_mass(model, rows, rows["S_w_true"])
    assert mass.sum() == pytest.approx(len(rows))
    # After matching, the identity is the best assignment of latent states to ids.
    r, c = linear_sum_assignment(-mass)
    assert mass[r, c].sum() == pytest.approx(np.trace(mass))
    np.testing.assert_array_equal(match_latent_states(model, rows, rows["S_w_true"]), np.arange(4))
    order = np.array([2, 0, 3, 1])
    np.testing.assert_array_equal(match_latent_states(model.permute_sw(order), rows, rows["S_w_true"]),
                                  np.argsort(order))
    with pytest.raises(ValueError, match=f"white_truth must hold {len(rows)} ids"):
        latent_mass(model, rows, rows["S_w_true"][:-1])


def test_fit_with_truth_is_the_unmatched_fit_relabelled(model, rows):
    plain = OpponentModel.fit(rows, **FIT)
    assert not plain.sw_matched and model.sw_matched
    relabelled = plain.permute_sw(match_latent_states(plain, rows, rows["S_w_true"]))
    for a, b in zip(relabelled.cpts, model.cpts, strict=True):
        np.testing.assert_array_equal(a, b)
