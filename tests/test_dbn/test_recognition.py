"""Strategy recognition: P(S_w | evidence) against a plain reference, latent-state matching, accuracy."""

import numpy as np
import pytest
from scipy.optimize import linear_sum_assignment

from pawnslib.dbn.model import OpponentModel
from pawnslib.dbn.recognition import (
    game_posteriors,
    latent_mass,
    match_latent_states,
    recognition_accuracy,
    recognition_trace,
    row_posteriors,
)
from pawnslib.dbn.rows import training_rows
from pawnslib.game.rules import FEATURE_NAMES

FIT = {"restarts": 2, "max_iter": 40, "seed": 1}


def reference_posterior(model, states, sb):
    """P(S_w | the chain ``states`` (n, F), S_b = sb) by multiplying CPT entries, in plain numpy."""
    b, p = sb - 1, model.cpt_sw.copy()
    for f in range(len(FEATURE_NAMES)):
        p *= model.cpt_first(f)[b, :, states[0, f]]
        for t in range(1, len(states)):
            p *= model.cpt_trans(f)[b, :, states[t - 1, f], states[t, f]]
    return p / p.sum()


def test_row_posteriors_match_the_reference(model, rows):
    post = row_posteriors(model, rows)
    assert post.shape == (len(rows), 4)
    raw = rows[[f + "_prev" for f in FEATURE_NAMES] + list(FEATURE_NAMES)].to_numpy()
    for r in range(0, len(rows), 37):
        states = model.discretise(raw[r].reshape(2, len(FEATURE_NAMES)))
        np.testing.assert_allclose(post[r], reference_posterior(model, states, rows["S_b"].iloc[r]), rtol=1e-9)


def test_recognition_trace_matches_the_reference(model, records):
    rec = records[5]
    f = np.array(rec["features"])
    chain = model.discretise(f[0::2])
    trace = recognition_trace(model, f, rec["black"])
    assert trace.shape == ((len(f) - 1) // 2, 4)
    windowed = recognition_trace(model, f, rec["black"], window=2)
    for j in range(1, len(chain)):
        np.testing.assert_allclose(trace[j - 1], reference_posterior(model, chain[: j + 1], rec["black"]), rtol=1e-9)
        want = reference_posterior(model, chain[max(0, j - 1) : j + 1], rec["black"])
        np.testing.assert_allclose(windowed[j - 1], want, rtol=1e-9)
    # The last row is P(S_w | White's whole chain), as sw_posterior computes it.
    np.testing.assert_array_equal(trace[-1], model.sw_posterior(f[0::2][: len(trace) + 1], rec["black"]))
    assert recognition_trace(model, f[:2], rec["black"]).shape == (0, 4)


def test_recognition_trace_refuses_bad_input(model, records):
    f = np.array(records[0]["features"])
    for window in (0, -1, True):
        with pytest.raises(ValueError, match="window must be >= 1 or None"):
            recognition_trace(model, f, 1, window=window)
    with pytest.raises(ValueError, match="unknown strategy id 5"):
        recognition_trace(model, f, 5)


def test_recognition_accuracy(model, records):
    table = recognition_accuracy(model, records[:8], window=4)
    assert list(table.columns) == ["games", "hits", "accuracy", "p_true", "ci_low", "ci_high", "chance"]
    assert table.index[0] == 1 and (table["accuracy"] == table["hits"] / table["games"]).all()
    assert ((table.ci_low <= table.accuracy) & (table.accuracy <= table.ci_high)).all()
    assert table["accuracy"].between(0, 1).all() and (table["chance"] == 0.25).all()
    assert table["games"].iloc[0] == 8
    with pytest.raises(ValueError, match="not matched"):
        recognition_accuracy(model.permute_sw([0, 1, 2, 3]), records[:1])  # a permuted model is unmatched


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
