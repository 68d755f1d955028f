"""Which reading the thesis's outcome counts favour: the likelihoods, the bootstrap, the words and the rules fit."""

import math

import numpy as np
import pandas as pd
import pytest

from pawnslib.experiments import thesis
from pawnslib.experiments.claims import ReadingClaims
from pawnslib.experiments.rulesfit import rules_fit
from pawnslib.experiments.stats import pairing_counts

CELLS = [(b, w) for b in range(1, 5) for w in range(1, 5)]


def test_log_likelihood_by_hand():
    # One cell, one game won, no games of ours: every outcome 1/3, the coefficient 1!/(1!0!0!) = 1.
    assert thesis.log_likelihood([[1, 0, 0]], [[0, 0, 0]]) == pytest.approx(math.log(1 / 3))
    # 2 wins and 1 draw of 3 under our 3 wins and 1 draw of 4: p = (4, 2, 1) / 7, coefficient 3!/(2!1!0!) = 3.
    want = math.log(3) + 2 * math.log(4 / 7) + math.log(2 / 7)
    assert thesis.log_likelihood([[2, 1, 0]], [[3, 1, 0]]) == pytest.approx(want)
    # Cells add up.
    two = thesis.log_likelihood([[2, 1, 0], [1, 0, 0]], [[3, 1, 0], [0, 0, 0]])
    assert two == pytest.approx(want + math.log(1 / 3))
    assert thesis.smoothed([[3, 1, 0]])[0].tolist() == pytest.approx([4 / 7, 2 / 7, 1 / 7])


def test_cell_outcomes_reads_thesis_tables_and_our_counts_alike():
    t = thesis.cell_outcomes(thesis.table_counts(thesis.TABLE_10_2))
    assert t.shape == (16, 3) and (t.sum(axis=1) == 9).all()
    assert t[5].tolist() == [3, 6, 0]  # Black 2 against White 2: "33%(67%)"
    recs = [{"black": 2, "white": 1, "result": r} for r in ("black", "draw", "white", "white")]
    recs += [{"black": 1, "white": 2, "result": "black"}]
    assert thesis.cell_outcomes(pairing_counts(recs)).tolist() == [[1, 0, 0], [1, 1, 2]]  # sorted by (black, white)


def test_bootstrap_is_seeded_and_centred():
    theirs = np.array([[5, 2, 2], [0, 0, 9]])
    a, b = np.array([[50, 25, 25], [10, 10, 80]]), np.array([[10, 10, 80], [50, 25, 25]])
    one = thesis.bootstrap_log_lr(theirs, a, b, n_boot=500, seed=3)
    assert one.shape == (500,) and np.array_equal(one, thesis.bootstrap_log_lr(theirs, a, b, n_boot=500, seed=3))
    assert not np.array_equal(one, thesis.bootstrap_log_lr(theirs, a, b, n_boot=500, seed=4))
    point = thesis.log_likelihood(theirs, b) - thesis.log_likelihood(theirs, a)
    lo, hi = np.quantile(one, [0.025, 0.975])
    assert point < 0 and lo < point < hi and hi < 0  # a fits far better, whatever the resampling


def test_simulated_log_lr_and_fit_p_value():
    a, b = np.full((16, 3), 0) + [[60, 20, 20]], np.full((16, 3), 0) + [[20, 20, 60]]
    from_a = thesis.simulated_log_lr(a, a, b, 9, n_sim=300, seed=1)
    from_b = thesis.simulated_log_lr(b, a, b, 9, n_sim=300, seed=1)
    assert np.median(from_a) < 0 < np.median(from_b)
    typical = np.full((16, 3), 0) + [[6, 2, 1]]  # 9 games a cell, about a's shares
    assert thesis.fit_p_value(typical, a, n_sim=500, seed=0) > 0.05
    assert thesis.fit_p_value(np.full((16, 3), 0) + [[0, 0, 9]], a, n_sim=500, seed=0) < 0.01


def test_evidence_words_follow_kass_and_raftery():
    assert thesis.evidence_words(0.5) == "not worth more than a bare mention"  # 2 ln B = 1
    assert thesis.evidence_words(-2) == "positive"  # either direction
    assert thesis.evidence_words(4) == "strong" and thesis.evidence_words(6) == "very strong"


def fake_reading(rules, plain, asym, fit=None):
    """A ReadingClaims with only what rules_fit reads: outcome counts (win, draw, loss per cell) and fit stats."""
    def counts(outcomes):
        recs = [{"black": b, "white": w, "result": res} for (b, w), cell in zip(CELLS, outcomes, strict=True)
                for res, k in zip(("black", "draw", "white"), cell, strict=True) for _ in range(k)]
        return pairing_counts(recs)

    fit = fit or {"branching": ("reproduced", 10.5, 10.2, 10.8), "win_rate": ("reproduced", 0.5, 0.45, 0.55),
                  "nodes": ("not reproduced", 900.0, 880.0, 920.0)}
    return ReadingClaims(rules, pd.DataFrame(), {}, {"thesis": counts(plain)}, {"thesis": counts(asym)},
                         pd.DataFrame(), pd.DataFrame(), pd.DataFrame(), {}, {}, pd.DataFrame(), fit)


THEIRS_10_2 = thesis.cell_outcomes(thesis.table_counts(thesis.TABLE_10_2))
THEIRS_11_1 = thesis.cell_outcomes(thesis.table_counts(thesis.TABLE_11_1))


def test_identical_readings_have_likelihood_ratio_one():
    games = np.full((16, 3), 0) + [[40, 20, 40]]
    fit = rules_fit({"kalles": fake_reading("kalles", games, games), "king": fake_reading("king", games, games)},
                    n_boot=200)
    assert fit.log_lr == 0
    assert "exactly as likely" in fit.conclusion
    assert "no evidence either way" in fit.conclusion
    assert (fit.table.set_index("statistic").filter(like="likelihood ratio", axis=0).favours == "equal").all()
    lls = fit.table[fit.table.statistic.str.startswith("log-likelihood")]
    assert (lls.kalles == lls.king).all() and (lls.favours == "equal").all()


def test_a_ratio_whose_interval_includes_one_is_headlined_as_unsettled():
    a, b = THEIRS_10_2 + 1, THEIRS_11_1 + 1  # few games a cell: our own estimates are noisy
    nudged = a.copy()
    nudged[0] += [1, 0, -1]
    fit = rules_fit({"kalles": fake_reading("kalles", nudged, b), "king": fake_reading("king", a, b)}, n_boot=300)
    assert fit.log_lr != 0 and fit.interval[0] < 0 < fit.interval[1]
    assert "includes 1: resampling our games, the direction is not settled" in fit.headline


def test_the_reading_that_played_the_thesis_counts_wins():
    match = fake_reading("king", THEIRS_10_2 * 11, THEIRS_11_1 * 11)  # the thesis's shares, 99 games a cell
    other = fake_reading("kalles", np.full((16, 3), 0) + [[10, 80, 10]], np.full((16, 3), 0) + [[10, 80, 10]],
                         fit={"branching": ("not reproduced", 8.0, 7.9, 8.1),
                              "win_rate": ("reproduced", 0.5, 0.4, 0.6),
                              "nodes": ("not reproduced", 800.0, 780.0, 820.0)})
    fit = rules_fit({"kalles": other, "king": match}, n_boot=300, seed=5)
    assert fit.log_lr > 10 and fit.interval[0] > 0  # king:kalles, clearly
    assert fit.simulated["king"][0] > fit.simulated["kalles"][1]
    assert "under the king reading as under the kalles reading" in fit.conclusion
    assert "very strong evidence for the king reading" in fit.conclusion and "not settled" not in fit.headline
    t = fit.table.set_index("statistic")
    assert t.filter(like="branching", axis=0).favours.item() == "king (contains it)"
    assert t.filter(like="win rate", axis=0).favours.item() == "both contain it"
    assert t.filter(like="nodes", axis=0).favours.item() == "king (nearer)"
    assert (t.filter(like="log-likelihood", axis=0).favours == "king").all()
    again = rules_fit({"kalles": other, "king": match}, n_boot=300, seed=5)
    assert again.interval == fit.interval and again.table.equals(fit.table)


def test_one_reading_gives_no_ratio():
    games = np.full((16, 3), 0) + [[40, 20, 40]]
    fit = rules_fit({"kalles": fake_reading("kalles", games, games)}, n_boot=100)
    assert fit.log_lr is None and fit.interval is None and "Only the kalles reading" in fit.conclusion
    assert list(fit.table.columns) == ["statistic", "thesis", "kalles", "favours"]
    assert not fit.table.statistic.str.contains("likelihood ratio").any()
    assert (fit.table.favours == "").all()


def test_rules_fit_refuses_games_missing_pairings():
    games = np.full((16, 3), 0) + [[40, 20, 40]]
    games[3] = 0  # no games of Black 1 against White 4
    with pytest.raises(ValueError, match="16 pairings"):
        rules_fit({"kalles": fake_reading("kalles", games, games)}, n_boot=10)
