"""What the methods cost and how well they recognise: the asymmetric search against the plain one on the same
positions, and the recognition tables of a recognising player's games."""

import numpy as np
import pandas as pd
import pytest

from pawnslib.config import RunSettings
from pawnslib.dbn.model import OpponentModel
from pawnslib.dbn.rows import training_rows
from pawnslib.experiments.costs import compare_with_plain, recognition_in_play
from pawnslib.experiments.recognition import accuracy_table
from pawnslib.experiments.stats import wilson
from pawnslib.play.tournament import run_tournament
from pawnslib.search.strategies import THESIS


@pytest.fixture(scope="module")
def records():
    return run_tournament(THESIS, None, RunSettings(rounds=1, depth=3, seed=3, jobs=1), progress=False)


@pytest.fixture(scope="module")
def model(records):
    return OpponentModel.fit(training_rows(records), restarts=1, seed=1)


def test_compare_with_plain_on_the_same_positions(records, model):
    t = compare_with_plain(records[:3], model, THESIS, settings=RunSettings(depth=3), mostlikely="never")
    assert len(t) > 3 and (t.plain_nodes == t.asym_nodes).all() and not t.extended.any()
    t = compare_with_plain(records[:3], model, THESIS, settings=RunSettings(depth=3), mostlikely="always")
    assert (t.asym_nodes >= t.plain_nodes).all() and t.extended.any() and (t.pe_children > 0).all()


def test_compare_with_plain_refuses_a_bad_repeat_count(records, model):
    with pytest.raises(ValueError, match="repeats must be a positive integer, got 0"):
        compare_with_plain(records[:1], model, THESIS, settings=RunSettings(depth=2), repeats=0)


def test_accuracy_table_by_hand():
    hits = [np.array([True, False, True]), np.array([False, False])]
    probs = [np.array([0.5, 0.2, 0.9]), np.array([0.1, 0.3])]
    t = accuracy_table(hits, probs, 4)
    # the second game ended after 2 White moves: after the 3rd it counts at its last guess (a miss, P(true) 0.3)
    assert t.games.tolist() == [2, 2, 2] and t.running.tolist() == [2, 2, 1] and t.hits.tolist() == [1, 0, 1]
    assert t.accuracy.tolist() == [0.5, 0, 0.5] and t.p_true.tolist() == pytest.approx([0.3, 0.25, 0.6])
    assert (t.ci_low.iloc[0], t.ci_high.iloc[0]) == pytest.approx(wilson(1, 2)) and (t.chance == 0.25).all()


def test_recognition_in_play_reads_the_recorded_posteriors():
    # Two games of 5 plies: Black's moves at plies 0, 2, 4 record p_sw; at ply 2j it follows White's j-th move.
    info = [{"p_sw": [0.25] * 4}, {}, {"p_sw": [0.1, 0.6, 0.2, 0.1]}, {}, {"p_sw": [0.7, 0.1, 0.1, 0.1]}]
    recs = [{"white": 2, "plies": 5, "info": info}, {"white": 1, "plies": 5, "info": info}]
    t = recognition_in_play(recs, [1, 2, 3, 4])
    assert t.index.tolist() == [1, 2] and t.games.tolist() == [2, 2]
    assert t.accuracy.tolist() == [0.5, 0.5] and t.p_true.tolist() == pytest.approx([0.35, 0.4])
    assert isinstance(t, pd.DataFrame)
