"""Intervals, Fisher's test, the thesis's tables and the verdict rule."""

import numpy as np
import pytest

from pawnslib.experiments.stats import (
    balance_table,
    compare_pairings,
    pairing_counts,
    strategy_strength,
    thesis_cell,
    wilson,
)
from pawnslib.experiments.thesis import (
    TABLE_10_2,
    TABLE_11_1,
    change_verdict,
    compare_table,
    mean_verdict,
    parse_cell,
    pooled_change,
    ratio_verdict,
    table_counts,
    verdict,
)


def test_wilson_interval():
    lo, hi = wilson(6, 9)
    assert 0.35 < lo < 0.36 and 0.87 < hi < 0.89  # the textbook values for 6 of 9
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    lo, hi = wilson(500, 1000)
    assert hi - lo < 0.07


def test_thesis_cells_parse():
    assert parse_cell("33%(67%)") == (0.33, 0.67) and parse_cell("100%") == (1.0, 0.0)
    with pytest.raises(ValueError, match="not a thesis table cell"):
        parse_cell("67")
    t = table_counts(TABLE_10_2)
    assert len(t) == 16 and t.games.eq(9).all()
    assert t.query("black == 2 and white == 2")[["black_wins", "draws"]].values.tolist() == [[3, 6]]
    assert table_counts(TABLE_11_1).query("black == 4").black_wins.tolist() == [9, 9, 0, 6]


def test_verdicts():
    assert verdict(6, 9, 65, 100)[0] == "reproduced"
    assert verdict(9, 9, 20, 100)[0] == "not reproduced"
    v, p, lo, hi = verdict(6, 9, 40, 100)  # no significant difference, yet 67% lies outside our interval
    assert v == "inconclusive" and p >= 0.05 and not lo <= 6 / 9 <= hi


def records(rows):
    return [{"black": b, "white": w, "result": res} for b, w, res in rows]


def test_pairing_counts_tables_and_comparisons():
    before = records([(1, 1, "black")] * 2 + [(1, 1, "draw")] + [(1, 2, "white")] * 30)
    after = records([(1, 1, "black")] * 3 + [(1, 2, "black")] * 25 + [(1, 2, "white")] * 5)
    cb, ca = pairing_counts(before), pairing_counts(after)
    assert cb.set_index(["black", "white"]).loc[(1, 1)][["games", "black_wins", "draws"]].tolist() == [3, 2, 1]
    assert balance_table(cb, with_interval=False).loc[1, 1] == "67%(33%)" == thesis_cell(2 / 3, 1 / 3)
    cmp = compare_pairings(cb, ca).set_index(["black", "white"])
    assert cmp.loc[(1, 2), "change"] == "improved" and cmp.loc[(1, 1), "change"] == "within noise"
    table = compare_table(TABLE_10_2, ca[(ca.black == 1) & (ca.white == 2)])
    assert table.verdict.tolist() == ["not reproduced"]  # the thesis's 0 of 9 against our 25 of 30


def test_mean_and_change_verdicts():
    x = [2600, 2700, 2650, 2720, 2680] * 20
    assert mean_verdict(x, 2670)[0] == "reproduced"
    v, mean, lo, hi = mean_verdict(x, 3000)
    assert v == "not reproduced" and lo < mean < hi < 3000
    assert change_verdict(+1, 0.4, 0.01) == "reproduced" and change_verdict(-1, 0.4, 0.01) == "not reproduced"
    assert change_verdict(+1, 0.4, 0.2) == "inconclusive"


def test_strategy_strength():
    recs = records([(1, 2, "black"), (2, 1, "black"), (1, 3, "black"), (3, 1, "draw"), (2, 3, "white")])
    s = strategy_strength(recs)
    assert s.loc[1, "games"] == 4 and s.loc[1, "wins"] == 2
    assert s.loc[1, "beats"] == 1 and s.loc[2, "beats"] == 0 and s.loc[3, "beats"] == 1  # 1-2 tie; 1 > 3; 3 > 2


def test_ratio_and_pooled_verdicts():
    rng = np.random.default_rng(0)
    base, ours = rng.normal(100, 10, 500), rng.normal(150, 15, 500)
    v, r, lo, hi = ratio_verdict(ours, base, 1.5)
    assert v == "reproduced" and lo < 1.5 < hi and ratio_verdict(ours, base, 4.4)[0] == "not reproduced"
    before = pairing_counts(records([(1, 2, "white")] * 20 + [(2, 1, "black")] * 10 + [(2, 1, "white")] * 10))
    after = pairing_counts(records([(1, 2, "black")] * 15 + [(1, 2, "white")] * 5 + [(2, 1, "black")] * 10
                                   + [(2, 1, "white")] * 10))
    v, delta, p = pooled_change(before, after, [(1, 2), (2, 1)], +1)
    assert v == "reproduced" and delta == pytest.approx(15 / 40) and p < 0.05
    assert pooled_change(before, after, [(2, 1)], +1)[0] == "inconclusive"
    assert pooled_change(before, after, [(1, 2)], -1)[0] == "not reproduced"


# The thesis's figures and the verdict helpers that the chapter notebooks and the report share.


def test_thesis_constants_agree_with_each_other():
    from fractions import Fraction

    from pawnslib.experiments import thesis

    p, (b1, b0) = thesis.PEARL_PRIOR, (thesis.BLUE_GIVEN_PEARL, thesis.BLUE_GIVEN_NO_PEARL)
    assert Fraction(b1 * p / (b1 * p + b0 * (1 - p))).limit_denominator(100) == thesis.PEARL_POSTERIOR  # eq. 2.7
    cases = thesis.TABLE_2_1
    assert {len(v) for v in cases.values()} == {5}
    assert thesis.CATTLE_P_YES == Fraction(thesis.CATTLE_EXPECTED_YES, len(cases["Pr"]))
    assert round(thesis.TIME_RATIO, 1) == 4.4 and round(thesis.NODE_RATIO, 2) == 1.0
    assert thesis.BRANCHING[0] < thesis.BRANCHING[1]
    assert sum(b == thesis.STRONGEST for b, _ in thesis.WORSE) == 2  # "two of its four pairings fell"
    frame = thesis.table_frame(thesis.TABLE_10_2)
    assert frame.shape == (4, 4) and frame.loc[2, 2] == "33%(67%)" and frame.index.name == "Black"
    assert thesis.table_counts(thesis.TABLE_10_2).games.sum() == 16 * thesis.GAMES_PER_PAIRING


def test_range_and_prediction_verdicts():
    from pawnslib.experiments import thesis

    v, mean, lo, hi = thesis.range_verdict([11.5, 11.7, 11.6, 11.4] * 25, thesis.BRANCHING)
    assert v == "not reproduced" and lo > 11
    assert thesis.range_verdict([10.2, 11.6] * 50, thesis.BRANCHING)[0] == "reproduced"  # interval overlaps 10-11
    assert thesis.range_verdict([9.0, 12.0] * 50, (10, 11))[1] == pytest.approx(10.5)
    summary = {"correct": 36, "predictions made": 100}
    assert thesis.prediction_verdict(summary) == verdict(2007, 5520, 36, 100)
    assert thesis.prediction_verdict({"correct": 60, "predictions made": 100})[0] == "not reproduced"


def test_skew_verdict_tests_pr_counts_against_uniform():
    from scipy.stats import chisquare

    from pawnslib.experiments import thesis

    tall = [120, 15, 10, 12, 90, 11]  # a few values played far more often
    v, p = thesis.skew_verdict(tall)
    assert v == "reproduced" and p == pytest.approx(chisquare(tall).pvalue) and p < thesis.ALPHA
    v, p = thesis.skew_verdict([20, 21, 19, 20, 22, 18])  # about even: no skew shown
    assert v == "not reproduced" and p >= thesis.ALPHA


def test_nodes_verdict_reads_blacks_searches():
    from pawnslib.experiments import thesis

    games = [{"nodes": [2670, 10, 2660, 10, 2680]}, {"nodes": [2675, 99999]}]
    assert thesis.black_searches(games).tolist() == [2670, 2660, 2680, 2675]
    assert thesis.black_searches([{"seconds": [0.1, 0.2, 0.3]}], "seconds").tolist() == [0.1, 0.3]
    v, mean, lo, hi = thesis.nodes_verdict(games)
    assert v == "reproduced" and mean == pytest.approx(2671.25)
    assert thesis.nodes_verdict([{"nodes": [1000, 2670] * 10}])[0] == "not reproduced"


def test_beats_and_strongest_verdicts():
    from pawnslib.experiments import thesis

    # 4 beats everyone, both colours; 1 beats 2 and 3; 2 beats 3; 3 beats nobody.
    rows = []
    for i, j in [(4, 1), (4, 2), (4, 3), (1, 2), (1, 3), (2, 3)]:
        rows += [(i, j, "black")] * 30 + [(j, i, "white")] * 30
    s = strategy_strength(records(rows))
    assert s.beats.to_dict() == {1: 2, 2: 1, 3: 0, 4: 3}
    assert thesis.beats_verdict(s) == "not reproduced"
    assert thesis.beats_verdict(s.assign(beats=2)) == "reproduced"
    assert thesis.strongest_verdict(s) == ("reproduced", 4, True)
    close = strategy_strength(records([(4, 1, "black"), (1, 4, "black"), (4, 2, "black")]))
    assert thesis.strongest_verdict(close)[0] == "inconclusive"  # 4 best, intervals overlap
    assert thesis.strongest_verdict(strategy_strength(records([(1, 4, "black")] * 20)))[:2] == ("not reproduced", 1)
