"""The tie-breaking study (``pawnslib.experiments.tiebreak``): its folders, statistics and verdict rules, the rules
tried on the thesis's own Table 10.2, and the whole table on tiny tournaments played under every variant."""

import numpy as np
import pandas as pd
import pytest
from scipy.stats import chi2_contingency

from pawnslib import config
from pawnslib.config import RunSettings
from pawnslib.experiments import thesis, tiebreak
from pawnslib.experiments.stats import wilson
from pawnslib.experiments.tiebreak import Variant
from pawnslib.play.tournament import run_tournament
from pawnslib.search.strategies import THESIS


def test_the_variants_and_their_folders(tmp_path):
    vs = tiebreak.variants(7)
    assert vs == [Variant("thesis", 7), Variant("position", 7), Variant("none", 7), Variant("thesis", 8)]
    dirs = [tiebreak.variant_dir(tmp_path, v, seed=7) for v in vs]
    assert dirs == [tmp_path, tmp_path / "tiebreak" / "position", tmp_path / "tiebreak" / "none",
                    tmp_path / "tiebreak" / "thesis_second_seed"]
    with pytest.raises(ValueError, match="plays master seeds 7 and 8, not 9"):
        tiebreak.variant_dir(tmp_path, Variant("none", 9), seed=7)


def test_the_chi_square_sums_each_pairings_own():
    a = pd.DataFrame({"wins": [5, 2, 0], "games": [10, 10, 10]}, index=pd.Index([(1, 1), (1, 2), (2, 1)]))
    b = pd.DataFrame({"wins": [9, 2, 0], "games": [10, 10, 10]}, index=a.index)
    stat, df, p = tiebreak.pairing_chi_square(a, b)
    want = sum(chi2_contingency(np.array([[a.wins[k], 10 - a.wins[k]], [b.wins[k], 10 - b.wins[k]]]),
                                correction=False)[0] for k in [(1, 1), (1, 2)])
    assert df == 2 and stat == pytest.approx(want) and 0 < p < 1  # (2, 1): no wins either time, no test
    assert tiebreak.pairing_chi_square(a, a)[0] == 0


def test_openings_count_distinct_first_moves_per_pairing():
    records = [{"black": 1, "white": 2, "moves": m} for m in (["a", "b", "c", "d", "x"], ["a", "b", "c", "d", "y"],
                                                              ["a", "b", "c", "e"])]
    records += [{"black": 2, "white": 1, "moves": ["a", "b", "c", "d"]}]
    assert tiebreak.distinct_openings(records) == (2 + 1) / 2


def test_verdict_rules():
    assert [tiebreak.side_of(lo, hi, 0.5) for lo, hi in [(0.6, 0.7), (0.4, 0.6), (0.3, 0.45)]] == [
        "above", "contains", "below"]
    assert [tiebreak.sign_of(d, p) for d, p in [(0.1, 0.01), (-0.1, 0.01), (0.1, 0.2)]] == [
        "beats plain6", "loses to plain6", "within noise"]
    # A headline holds when every judged variant's class is the same; without noise (None) nothing is judged.
    assert tiebreak.survives(["within noise"] * 3)
    assert not tiebreak.survives(["beats plain6", "within noise", "beats plain6"])
    assert tiebreak.survives(["loses to plain6", None, "loses to plain6"])
    assert [Variant("thesis", 7).key(7), Variant("none", 7).key(7), Variant("thesis", 8).key(7)] == [
        "thesis", "none", "thesis_second_seed"]
    with pytest.raises(ValueError, match="not 9"):
        Variant("thesis", 9).key(7)


def test_the_win_rate_rule_on_the_thesiss_own_table():
    """The thesis's Table 10.2: 72 Black wins of 144 games, whose own interval contains its rate: a reproduction
    with the thesis's counts would be judged to contain it, under every variant, so the headline holds."""
    counts = thesis.table_counts(thesis.TABLE_10_2)
    rate = tiebreak.thesis_black_win_rate()
    assert rate == counts.black_wins.sum() / 144
    lo, hi = wilson(int(counts.black_wins.sum()), 144)
    assert tiebreak.side_of(lo, hi, rate) == "contains"
    table = pd.DataFrame({"rules": ["kalles"] * 2, "variant": ["thesis", "none"], "noise": ["thesis", "none"],
                          "seed": [7, 7], "black_win_rate": [rate] * 2, "win_lo": [lo, np.nan], "win_hi": [hi, np.nan]})
    methods = pd.DataFrame({"noise": ["thesis", "none"], "method": ["plain8"] * 2, "diff": [0.09, 0.02],
                            "diff_lo": [0.07, -0.01], "diff_hi": [0.11, 0.05], "p_holm": [0.001, 0.3]})
    out = tiebreak.sensitivity(table, methods).set_index("finding_id")  # the master seed: the main run's, 7
    assert out.index.tolist() == ["t10_2.win_rate.kalles", "ch13.plain8"]
    assert out.verdict.tolist() == ["holds", "depends"] and out.holds.tolist() == [True, False]
    assert out.loc["t10_2.win_rate.kalles", "thesis_class"] == "contains"
    assert pd.isna(out.loc["t10_2.win_rate.kalles", "none_class"])  # without noise: not judged
    assert out.loc["t10_2.win_rate.kalles", "reference"] == rate
    assert out.loc["ch13.plain8", ["finding", "unit"]].tolist() == ["plain8 against plain6", "score points"]
    assert out.loc["ch13.plain8", ["none_estimate", "none_lo", "none_hi"]].tolist() == [0.02, -0.01, 0.05]
    assert out.loc["ch13.plain8", ["thesis_class", "none_class"]].tolist() == ["beats plain6", "within noise"]


def test_the_whole_table_on_tiny_tournaments(tmp_path):
    """Every variant's Table 10.2 tournament, one round at depth 2: the study reads them all, the main run's
    chi-square is absent, and "none" leaves exact ties where "thesis" (either seed) leaves none between live lines."""
    assert tiebreak.missing(tmp_path, readings=("kalles",), seed=3)
    for v in tiebreak.variants(3):
        run_tournament(THESIS, config.run_dir(tiebreak.variant_dir(tmp_path, v, seed=3), "thesis", "minimax"),
                       RunSettings(rounds=1, depth=2, seed=v.seed, noise=v.noise, jobs=1), progress=False)
    table = tiebreak.table_10_2(tmp_path, readings=("kalles",), seed=3, depth=2, tie_positions=30)
    assert table.variant.tolist() == ["thesis", "position", "none", "thesis, seed 4"]
    assert (table.games == 16).all() and np.isnan(table.chi_square[0]) and (table.df[1:] > 0).all()
    assert (table.positions == 30).all() and (table.needed > 0).all()
    assert table.exact[0] == table.exact[3] == 0 < table.exact[2] <= table.needed[2]  # "none" breaks no tie
