"""The tempered recogniser: uniform before any evidence, White's moves tempered, tau fitted by cross-validation."""

import numpy as np
import pytest
from scipy.special import softmax

from pawnslib.dbn.posteriors import chain_posteriors
from pawnslib.dbn.tempered import (
    TemperedRecogniser,
    chain_evidence,
    cross_validated_tau,
    fit_tau,
    log_loss,
    transition_evidence,
)
from pawnslib.play.players import RecognisingPlayer
from pawnslib.play.records import positions_of
from pawnslib.search.strategies import THESIS

SET = tuple(THESIS.items())


def test_the_belief_before_whites_first_move_is_the_prior(game_model, records):
    rec = TemperedRecogniser(game_model, 0.5)
    for r in records[:4]:
        trace = rec.trace(np.array(r["features"]), r["black"])
        assert np.allclose(trace[0], 0.25) and len(trace) == len(r["features"][0::2])
        assert np.allclose(rec.sw_posterior(np.array(r["features"][:1]), r["black"]), 0.25)  # x_0 alone: no evidence
    # the model itself gives a verdict on x_0, the start position every game shares
    start = game_model.discretise(np.array(records[0]["features"][:1]))
    assert not np.allclose(chain_posteriors(game_model, start, np.array([0]), np.array([1]), np.array([1])), 0.25)


def test_the_belief_is_the_tempered_evidence_of_whites_moves_only(game_model, records):
    r = records[0]
    chain = np.array(r["features"][0::2])
    e = chain_evidence(game_model, chain, r["black"])
    assert np.array_equal(e, transition_evidence(game_model, np.array(r["features"]), r["black"]))
    full = chain_posteriors(game_model, game_model.discretise(chain), np.array([0]), np.array([len(chain)]),
                            np.array([r["black"]]))[0]
    first = chain_posteriors(game_model, game_model.discretise(chain[:1]), np.array([0]), np.array([1]),
                             np.array([r["black"]]))[0]
    # at tau = 1 the evidence is the model's posterior with x_0's verdict (and its prior) divided out
    assert np.allclose(softmax(e[-1]), full / first / (full / first).sum())
    assert np.allclose(TemperedRecogniser(game_model, 1.0).sw_posterior(chain, r["black"]), softmax(e[-1]))


def test_tempering_a_known_overconfident_likelihood_lowers_its_log_loss():
    rng = np.random.default_rng(0)
    truth, evidence = [], []
    for _ in range(300):  # the truth drawn from a calibrated posterior, the evidence five times too strong
        steps = rng.normal(size=(12, 3)) * 0.4
        post = softmax(np.cumsum(steps, axis=0), axis=1)
        truth.append(int(rng.choice(3, p=post[-1])))
        evidence.append(np.vstack([np.zeros(3), 5 * np.cumsum(steps, axis=0)]))
    # only the last move's truth is drawn from its posterior: score that move alone
    last = [np.vstack([e[0], e[-1]]) for e in evidence]
    tau = fit_tau(last, truth)
    assert log_loss(last, truth, tau) < log_loss(last, truth, 1.0)
    assert 0.1 < tau < 0.4  # about 1/5


def test_evidence_that_only_misleads_gives_tau_zero_the_uniform_belief(game_model, records):
    rng = np.random.default_rng(1)
    noise = [np.vstack([np.zeros(4), np.cumsum(rng.normal(size=(10, 4)), axis=0)]) for _ in range(200)]
    truth = list(rng.integers(0, 4, 200))  # the evidence says nothing of the truth
    assert fit_tau(noise, truth) == 0.0
    flat = TemperedRecogniser(game_model, 0.0).trace(np.array(records[0]["features"]), records[0]["black"])
    assert np.allclose(flat, 0.25)


def test_a_recogniser_refuses_what_it_cannot_be(game_model, model, records):
    with pytest.raises(ValueError, match="tau must be in"):
        TemperedRecogniser(game_model, 1.5)
    with pytest.raises(ValueError, match="bounds must satisfy"):
        fit_tau([np.zeros((2, 4))], [0], bounds=(0.0, 1.0))
    with pytest.raises(ValueError, match="at least one White move"):
        fit_tau([np.zeros((1, 4))], [0])
    with pytest.raises(ValueError, match="needs at least 5 training games"):
        cross_validated_tau(records[:3], n_strategies=4, folds=5, seed=1, restarts=1, n_slices=4)


def test_tau_is_cross_validated_on_the_training_games(records):
    fit = cross_validated_tau(records, n_strategies=4, folds=4, seed=1, restarts=1, n_slices=4)
    assert (fit["tau"] == 0 or 1e-4 <= fit["tau"] <= 1) and fit["folds"] == 4 and fit["games"] == len(records)
    assert fit["uniform_log_loss"] == pytest.approx(np.log(4))
    # tau = 0 (the uniform belief) where no tau beats it, so cross-validated it is never worse than knowing nothing;
    # whether it stays so on games it never saw is the committed results' test (test_calibration_results.py)
    assert fit["cv_log_loss"] <= fit["uniform_log_loss"] + 1e-12
    again = cross_validated_tau(records, n_strategies=4, folds=4, seed=1, restarts=1, n_slices=4)
    assert again == fit  # seeded: the same tau every time


def test_prom_with_the_tempered_recogniser_starts_from_the_prior(game_model, records):
    player = RecognisingPlayer(THESIS[2], TemperedRecogniser(game_model, 0.3), 2, SET, depth=1)
    history = positions_of(records[0], 0)
    assert np.allclose(player.posterior(history[:1]), 0.25)  # Black's first move: nothing of White's seen yet
    later = positions_of(records[0], 6)
    assert not np.allclose(player.posterior(later), 0.25)
