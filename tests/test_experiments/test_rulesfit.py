"""Which reading the thesis played: the predictive check on its own tables, the figures, the words."""


import numpy as np
import pandas as pd
import pytest

from pawnslib.experiments import thesis
from pawnslib.experiments.claims import ReadingClaims
from pawnslib.experiments.rulesfit import rules_fit
from pawnslib.experiments.stats import pairing_counts

CELLS = [(b, w) for b in range(1, 5) for w in range(1, 5)]


def test_cell_outcomes_reads_thesis_tables_and_our_counts_alike():
    t = thesis.cell_outcomes(thesis.table_counts(thesis.TABLE_10_2))
    assert t.shape == (16, 3) and (t.sum(axis=1) == 9).all()
    assert t[5].tolist() == [3, 6, 0]  # Black 2 against White 2: "33%(67%)"
    recs = [{"black": 2, "white": 1, "result": r} for r in ("black", "draw", "white", "white")]
    recs += [{"black": 1, "white": 2, "result": "black"}]
    assert thesis.cell_outcomes(pairing_counts(recs)).tolist() == [[1, 0, 0], [1, 1, 2]]  # sorted by (black, white)


def test_predictive_p_on_the_thesis_own_tables():
    theirs = THEIRS_10_2
    # A reading whose games are the thesis's own shares (99 games a cell) fits its tables; one that draws 80 % of
    # every game does not, unless a cell's games are allowed to be strongly correlated.
    assert thesis.predictive_p(theirs, theirs * 11, n_sim=500, seed=1) > 0.5
    drawish = np.full((16, 3), 0) + [[10, 80, 10]]
    assert thesis.predictive_p(theirs, drawish, n_sim=500, seed=1) < 0.01
    assert thesis.predictive_p(theirs, theirs * 11, kappa=3, n_sim=500, seed=1) > 0.05
    # Seeded; a cell our games never drew may still draw (the posterior's uniform prior): no zero probability.
    assert thesis.predictive_p(theirs, theirs * 11, n_sim=300, seed=2) == thesis.predictive_p(
        theirs, theirs * 11, n_sim=300, seed=2)
    never = theirs * 11
    never[:, 1] = 0
    assert 0 <= thesis.predictive_p(theirs, never, n_sim=300, seed=2) < 1


def fake_reading(rules, plain, asym, fit=None):
    """A ReadingClaims with only what rules_fit reads: outcome counts (win, draw, loss per cell) and fit stats."""
    def counts(outcomes):
        recs = [{"black": b, "white": w, "result": res} for (b, w), cell in zip(CELLS, outcomes, strict=True)
                for res, k in zip(("black", "draw", "white"), cell, strict=True) for _ in range(k)]
        return pairing_counts(recs)

    fit = fit or {"branching": ("reproduced", 10.5, 10.2, 10.8), "win_rate": ("reproduced", 0.5, 0.45, 0.55),
                  "nodes": ("not reproduced", 900.0, 880.0, 920.0)}
    return ReadingClaims(rules, pd.DataFrame(), pd.DataFrame(), {}, {"thesis": counts(plain)}, {"thesis": counts(asym)},
                         pd.DataFrame(), pd.DataFrame(), pd.DataFrame(), {}, {}, pd.DataFrame(), fit)


THEIRS_10_2 = thesis.cell_outcomes(thesis.table_counts(thesis.TABLE_10_2))
THEIRS_11_1 = thesis.cell_outcomes(thesis.table_counts(thesis.TABLE_11_1))


FIT_STATS = {"branching": ("reproduced", 10.5, 10.2, 10.8), "win_rate": ("reproduced", 0.5, 0.45, 0.55),
             "nodes": ("not reproduced", 900.0, 880.0, 920.0), "predictions per game": ("reproduced", 38, 30, 45),
             "pr = 1 per game": ("not reproduced", 3.0, 2.8, 3.2)}


def test_the_reading_that_played_the_thesis_fits_and_the_answer_says_so():
    match = fake_reading("king", THEIRS_10_2 * 11, THEIRS_11_1 * 11, fit=FIT_STATS)  # the thesis's shares
    other = fake_reading("kalles", np.full((16, 3), 0) + [[10, 80, 10]], np.full((16, 3), 0) + [[10, 80, 10]],
                         fit={**FIT_STATS, "branching": ("not reproduced", 8.0, 7.9, 8.1),
                              "nodes": ("not reproduced", 800.0, 780.0, 820.0)})
    fit = rules_fit({"kalles": other, "king": match}, n_sim=300, seed=5)
    assert fit.checks["king", "both", "independent"] > 0.05 > fit.checks["kalles", "both", "independent"]
    # The answer is decided once, as data (the report words it: tests/test_report/test_findings.py).
    a = fit.answer
    assert a.settled and a.reading == "king" and a.fitting_readings == ("king",) and a.statistics == 4
    assert a.fits["king"] == ("independent", "overdispersed") and a.fits["kalles"] == ()
    assert a.contains == {"kalles": 2, "king": 3} and a.nearer == {"kalles": 0, "king": 2}
    assert a.nearer_for["king"] == ("branching", "nodes")
    # The table: numbers and labels, one row per statistic and reading.
    t = fit.table.set_index(["statistic", "reading"])
    assert list(fit.table.columns) == ["statistic", "label", "reading", "thesis", "thesis_hi", "estimate", "lo", "hi",
                                       "verdict", "distance", "nearer", "simulations"]
    assert len(fit.table) == 2 * (4 + 6)  # 4 figures and 6 checks, each for both readings
    assert t.loc["branching", "king"].nearer and not t.loc["branching", "kalles"].nearer
    assert (t.loc["branching", "king"].thesis, t.loc["branching", "king"].thesis_hi) == (10, 11)
    assert (t.loc["win_rate"].distance == 0).all() and not t.loc["win_rate"].nearer.any()  # both contain it
    assert t.loc["nodes", "king"].distance == 1750  # 920 to the thesis's 2670
    assert t.loc["outcomes_both_independent", "king"].verdict == "fits"
    assert t.loc["outcomes_both_independent", "king"].estimate == fit.checks["king", "both", "independent"]
    assert "likelihood ratio" not in " ".join(fit.table.label)  # no smoothed ratio
    again = rules_fit({"kalles": other, "king": match}, n_sim=300, seed=5)
    assert again.table.equals(fit.table) and again.answer == fit.answer


def test_when_neither_reading_fits_the_answer_says_so():
    drawish = fake_reading("kalles", np.full((16, 3), 0) + [[10, 80, 10]], np.full((16, 3), 0) + [[10, 80, 10]])
    losing = fake_reading("king", np.full((16, 3), 0) + [[2, 2, 96]], np.full((16, 3), 0) + [[2, 2, 96]])
    fit = rules_fit({"kalles": drawish, "king": losing}, n_sim=300, seed=1)
    assert (fit.table[fit.table.statistic.str.contains("independent")].verdict == "does not fit").all()
    assert not fit.answer.fitting_readings and not fit.answer.settled and fit.answer.reading is None
    assert fit.answer.contains == {"kalles": 2, "king": 2} and fit.answer.nearer == {"kalles": 0, "king": 0}
    nearer = rules_fit({"kalles": drawish, "king": fake_reading("king", np.full((16, 3), 0) + [[2, 2, 96]],
                                                                np.full((16, 3), 0) + [[2, 2, 96]], fit={
        **FIT_STATS, "nodes": ("not reproduced", 2000.0, 1900.0, 2100.0)})}, n_sim=300, seed=1)
    assert nearer.answer.nearer_for == {"kalles": (), "king": ("nodes",)}


def test_one_reading_is_checked_alone():
    games = THEIRS_10_2 * 11
    fit = rules_fit({"kalles": fake_reading("kalles", games, THEIRS_11_1 * 11)}, n_sim=100)
    assert set(fit.table.reading) == {"kalles"} and len(fit.table) == 4 + 6
    assert not fit.table.nearer.any()  # nearer than no other reading
    assert fit.table.loc[fit.table.statistic == "predictions_per_game", "estimate"].isna().all()  # not in its fit
    assert fit.answer.fitting_readings == ("kalles",) and fit.answer.settled


def test_rules_fit_refuses_games_missing_pairings():
    games = np.full((16, 3), 0) + [[40, 20, 40]]
    games[3] = 0  # no games of Black 1 against White 4
    with pytest.raises(ValueError, match="16 pairings"):
        rules_fit({"kalles": fake_reading("kalles", games, games)}, n_sim=10)
