"""Intervals, Fisher's test, the thesis's tables and the verdict rules, each tried on hand-made cases and on the
thesis's own tables."""

import numpy as np
import pytest

from pawnslib.experiments import cells, plan, thesis
from pawnslib.experiments.paired import compare_pairings, pooled_win_change
from pawnslib.experiments.stats import (
    balance_table,
    pairing_counts,
    strategy_strength,
    thesis_cell,
    tree_effect,
    wilson,
)
from pawnslib.experiments.thesis import (
    TABLE_10_2,
    TABLE_11_1,
    TABLE_11_2,
    TABLE_11_3,
    beats_verdict,
    compare_rates,
    mean_verdict,
    no_effect_verdict,
    parse_cell,
    poorly_verdict,
    ratio_verdict,
    table_counts,
    table_records,
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


def test_a_rate_is_judged_by_its_margin():
    assert compare_rates(6, 9, 667, 1000)[0] == "reproduced"  # 67 % (64-70) within 67 +- 5
    assert compare_rates(9, 9, 20, 100)[0] == "not reproduced"
    v, rate, lo, hi = compare_rates(6, 9, 65, 100)  # 65 % (55-74): contains 67 %, but wider than +-5 points
    assert v == "inconclusive" and rate == 0.65 and lo <= 6 / 9 <= hi
    assert compare_rates(6, 9, 65, 100, margin=0.2)[0] == "reproduced"


def records(rows):
    return [{"black": b, "white": w, "round": k, "result": res} for k, (b, w, res) in enumerate(rows)]


def twins(pairing, plain_results, asym_results):
    """Plain and asymmetric games of one pairing, round k of each the twin of the other."""
    b, w = pairing
    return ([{"black": b, "white": w, "round": k, "result": r} for k, r in enumerate(plain_results)],
            [{"black": b, "white": w, "round": k, "result": r} for k, r in enumerate(asym_results)])


def test_pairing_counts_tables_and_comparisons():
    before = records([(1, 1, "black")] * 2 + [(1, 1, "draw")] + [(1, 2, "white")] * 30)
    cb = pairing_counts(before)
    assert cb.set_index(["black", "white"]).loc[(1, 1)][["games", "black_wins", "draws"]].tolist() == [3, 2, 1]
    assert balance_table(cb, with_interval=False).loc[1, 1] == "67%(33%)" == thesis_cell(2 / 3, 1 / 3)
    after = pairing_counts(records([(1, 2, "black")] * 25 + [(1, 2, "white")] * 5))
    table = cells.compare_table(TABLE_10_2, after)
    # the thesis's 0 of 3 (effective) against our 25 of 30: its test would decide under 80 % of the time
    assert table.verdict.tolist() == ["untestable"] and table.power.iloc[0] < plan.POWER
    powered = cells.compare_table(TABLE_10_2, after, games=30)  # had the thesis played 30 games a cell
    assert powered.verdict.tolist() == ["not reproduced"] and powered.power.iloc[0] >= plan.POWER


def test_changes_are_paired_game_by_game():
    # 30 twins, 25 of which Black now wins: a change of +83 points; the same totals in another order would be
    # the same for an unpaired test, but here only the twins whose results differ count.
    p1, a1 = twins((1, 2), ["white"] * 30, ["black"] * 25 + ["white"] * 5)
    p2, a2 = twins((2, 1), ["black"] * 10 + ["white"] * 10, ["black"] * 10 + ["white"] * 10)
    cmp = compare_pairings(p1 + p2, a1 + a2).set_index(["black", "white"])
    assert cmp.loc[(1, 2), "change"] == "improved" and cmp.loc[(1, 2), "same result"] == 5
    assert cmp.loc[(2, 1), "change"] == "within noise" and cmp.loc[(2, 1), "delta"] == 0
    assert cmp.loc[(2, 1), "delta_lo"] == cmp.loc[(2, 1), "delta_hi"] == 0  # identical twins: no doubt at all
    assert cmp.loc[(1, 2), "win_rate_plain"] == 0 and cmp.loc[(1, 2), "win_rate_asym"] == pytest.approx(25 / 30)
    assert (cmp[["draw_rate_plain", "draw_rate_asym"]] == 0).all().all()  # numbers: the report formats them
    # Swapping which twin Black wins in (2, 1) keeps both win rates but now every twin differs.
    p3, a3 = twins((2, 1), ["black"] * 10 + ["white"] * 10, ["white"] * 10 + ["black"] * 10)
    swapped = compare_pairings(p1 + p3, a1 + a3).set_index(["black", "white"]).loc[(2, 1)]
    assert swapped.delta == 0 and swapped["same result"] == 0 and swapped.delta_lo < -0.1
    c = pooled_win_change(p1 + p2, a1 + a2, [(1, 2), (2, 1)])
    assert c["diff"] == pytest.approx(25 / 50) and c["p"] < 0.05
    assert plan.margin_verdict(c["diff_lo"], c["diff_hi"], 0.5, thesis.CHANGE_MARGIN) == "reproduced"
    assert plan.margin_verdict(c["diff_lo"], c["diff_hi"], -0.25, thesis.CHANGE_MARGIN) == "not reproduced"
    with pytest.raises(ValueError, match="lacks"):
        compare_pairings(p1, a1[:-1])


def test_claims_are_judged_against_the_thesis_figure_and_a_margin():
    # Chapter 12's "strategy 4 suffers": the thesis's own -25 points (Tables 10.2 to 11.1, its four pairings)
    assert thesis.SUFFERS_CHANGE == pytest.approx(-0.25) and thesis.UNLIKELY_CHANGE == pytest.approx(1 / 3)
    assert thesis.UNLIKELY_PAIRS == [(1, 2), (1, 4), (2, 4)]
    # the king reading: no effect at all, exactly [0, 0], is no longer "inconclusive" but contradicts -25 points
    assert plan.margin_verdict(0.0, 0.0, thesis.SUFFERS_CHANGE, thesis.CHANGE_MARGIN) == "not reproduced"
    assert plan.margin_verdict(-0.3, -0.2, thesis.SUFFERS_CHANGE, thesis.CHANGE_MARGIN) == "reproduced"
    assert plan.margin_verdict(-0.2, 0.02, thesis.SUFFERS_CHANGE, thesis.CHANGE_MARGIN) == "inconclusive"
    # "about 50 %" is a figure with a margin of 5 points, not a point
    assert plan.margin_verdict(0.48, 0.52, thesis.SHARE_CORRECT_TEXT, thesis.SHARE_MARGIN) == "reproduced"
    assert plan.margin_verdict(0.30, 0.34, thesis.SHARE_CORRECT_TEXT, thesis.SHARE_MARGIN) == "not reproduced"
    assert plan.margin_verdict(0.44, 0.47, thesis.SHARE_CORRECT_TEXT, thesis.SHARE_MARGIN) == "inconclusive"
    # "quite a lot" where a win was unlikely: the thesis's +33 points; a rise of a point is not it
    assert plan.margin_verdict(0.001, 0.014, thesis.UNLIKELY_CHANGE, thesis.CHANGE_MARGIN) == "not reproduced"
    assert plan.margin_verdict(0.25, 0.40, thesis.UNLIKELY_CHANGE, thesis.CHANGE_MARGIN) == "reproduced"
    # a bound ("often": at least a third) is the margin's range unbounded on the claimed side
    assert plan.bound_verdict(0.30, 0.34, thesis.OFTEN, +1) == "inconclusive"  # 31.9 % could be a third
    assert plan.bound_verdict(0.70, 0.74, thesis.OFTEN, +1) == "reproduced"
    assert plan.bound_verdict(0.28, 0.32, thesis.OFTEN, +1) == "not reproduced"
    assert plan.bound_verdict(0.09, 0.15, -0.05, -1) == "not reproduced"  # "worse", yet 12 points better
    with pytest.raises(ValueError, match="side"):
        plan.bound_verdict(0, 1, 0, 0)


def test_no_effect_rule():
    assert no_effect_verdict([(-0.02, 0.01), (0.01, 0.049)]) == "reproduced"  # every change within 5 points
    assert no_effect_verdict([(-0.02, 0.01), (0.06, 0.09)]) == "not reproduced"  # one wholly beyond +5
    assert no_effect_verdict([(-0.09, -0.051)]) == "not reproduced"  # or below -5
    assert no_effect_verdict([(-0.02, 0.01), (0.03, 0.07)]) == "inconclusive"  # straddles the bound
    assert no_effect_verdict([(0.03, 0.07)], bound=0.1) == "reproduced"
    with pytest.raises(ValueError, match="at least one interval"):
        no_effect_verdict([])


def test_the_change_rule_on_the_thesis_own_tables():
    """Had our twins changed exactly as Tables 11.2 and 11.3 claim (their cells at 99 games a pairing, a game
    changing only where the rates require), every pairing would be reproduced; had none changed, none would be."""
    for pairing, (before, after) in {**TABLE_11_2, **TABLE_11_3}.items():
        (wb, _), (wa, _) = parse_cell(before), parse_cell(after)
        n, k_before, k_after = 99, round(99 * wb), round(99 * wa)
        plain = ["black"] * k_before + ["white"] * (n - k_before)
        asym = ["black"] * k_after + ["white"] * (n - k_after)  # twins differ only where the rates must
        c = compare_pairings(*twins(pairing, plain, asym)).iloc[0]
        assert plan.margin_verdict(c.delta_lo, c.delta_hi, wa - wb, thesis.CHANGE_MARGIN) == "reproduced", pairing
        still = compare_pairings(*twins(pairing, plain, plain)).iloc[0]
        assert plan.margin_verdict(still.delta_lo, still.delta_hi, wa - wb, thesis.CHANGE_MARGIN) == "not reproduced"


def test_statements_about_the_tables_hold_on_the_thesis_own_tables():
    theirs = strategy_strength(table_records(TABLE_10_2))
    assert theirs.beats.tolist() == [2, 2, 3, 3]  # each won some game against 2 or more others
    # but "can beat" is a rate: at 9 games a cell, strategy 1 surely beats only 1 other (3 possibly)
    can = thesis.can_beat(table_records(TABLE_10_2))
    assert can.surely.tolist() == [1, 2, 3, 3] and can.possibly.tolist() == [3, 3, 3, 3]
    assert beats_verdict(table_records(TABLE_10_2)) == "inconclusive"
    assert poorly_verdict(theirs) == ("reproduced", [(1, 4), (2, 4)])
    assert len(table_records(TABLE_10_2)) == 144


def test_mean_and_change_verdicts():
    x = [2600, 2700, 2650, 2720, 2680] * 20
    assert mean_verdict(x, 2670)[0] == "reproduced"
    v, mean, lo, hi = mean_verdict(x, 3000)
    assert v == "not reproduced" and lo < mean < hi < 3000


def test_strategy_strength():
    recs = records([(1, 2, "black"), (2, 1, "black"), (1, 3, "black"), (3, 1, "draw"), (2, 3, "white")])
    s = strategy_strength(recs)
    assert s.loc[1, "games"] == 4 and s.loc[1, "wins"] == 2
    assert s.loc[1, "beats"] == 2 and s.loc[2, "beats"] == 1 and s.loc[3, "beats"] == 1  # each won some games
    assert s.loc[2, "worst_share"] == 0 and s.loc[2, "worst_against"] == 3  # 2 lost its one game against 3
    assert s.loc[1, "worst_share"] == pytest.approx(0.5) and s.loc[1, "worst_against"] in (2, 3)


def test_ratio_and_pooled_verdicts():
    rng = np.random.default_rng(0)
    base, ours = rng.normal(100, 10, 500), rng.normal(150, 15, 500)
    v, r, lo, hi = ratio_verdict(ours, base, 1.5)
    assert v == "reproduced" and lo < 1.5 < hi and ratio_verdict(ours, base, 4.4)[0] == "not reproduced"


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
    assert sum(b == thesis.STRONGEST for b, _ in thesis.TABLE_11_3) == 2  # "two of its four pairings fell"
    frame = thesis.table_frame(thesis.TABLE_10_2)
    assert frame.shape == (4, 4) and frame.loc[2, 2] == "33%(67%)" and frame.index.name == "Black"
    assert thesis.table_counts(thesis.TABLE_10_2).games.sum() == 16 * thesis.GAMES_PER_PAIRING


def test_range_verdict():
    from pawnslib.experiments import thesis

    v, mean, lo, hi = thesis.range_verdict([11.5, 11.7, 11.6, 11.4] * 25, thesis.BRANCHING)
    assert v == "not reproduced" and lo > 11
    assert thesis.range_verdict([10.2, 10.8] * 50, thesis.BRANCHING)[0] == "reproduced"  # within 10-11
    assert thesis.range_verdict([10.2, 11.6] * 50, thesis.BRANCHING)[0] == "inconclusive"  # overlaps it only
    assert thesis.range_verdict([9.0, 12.0] * 50, (10, 11))[1] == pytest.approx(10.5)

def moves_frame(predictions: list[int], correct: list[int], pr_one: list[int]):
    """White moves game by game: game g has ``predictions[g]`` moves with a prediction, the first ``correct[g]`` of
    them correct, then ``pr_one[g]`` moves at pr = 1 (no prediction)."""
    import pandas as pd

    rows = []
    for g, (n, c, one) in enumerate(zip(predictions, correct, pr_one, strict=True)):
        rows += [{"black": 1, "white": 2, "round": g, "count": 1, "n": 4, "prediction_made": True, "predicted": k < c,
                  "likely": 2} for k in range(n)]
        rows += [{"black": 1, "white": 2, "round": g, "count": 4, "n": 4, "prediction_made": False, "predicted": False,
                  "likely": 0}] * one
    return pd.DataFrame(rows)


def test_prediction_figures_are_judged_on_intervals_over_games():
    from pawnslib.experiments import thesis
    from pawnslib.experiments.stats import prediction_summary

    # 200 games of 30 predictions: all correct in 72 games (36 %), none in the rest. Over moves the interval would
    # be a point wide; over games it is about 13 points: the games are the replicates, and 13 points is too wide
    # to hold a share to +-5 points.
    moves = moves_frame([30] * 200, [30] * 72 + [0] * 128, [0] * 200)
    s = prediction_summary(moves, seed=1)
    assert s["share correct"] == pytest.approx(0.36) and 0.08 < s["ci_high"] - s["ci_low"] < 0.2
    v = thesis.prediction_verdicts(s)
    assert v["count"][0] == "inconclusive" and v["count"][5] == thesis.SHARE_MARGIN
    moves = moves_frame([30] * 1000, [30] * 360 + [0] * 640, [0] * 1000)  # 1,000 games: about +-3 points
    v = thesis.prediction_verdicts(prediction_summary(moves, seed=1))
    assert v["count"][0] == "reproduced" and v["text"][0] == "not reproduced"  # 36 % holds, "about 50 %" does not
    assert v["per game"][0] == "not reproduced" and s["predictions per game"] == 30  # the thesis's 38 a game
    # The thesis's own figures: 5520 predictions, 2007 correct, 75 moves at pr = 1, in its 144 games.
    theirs = moves_frame([39] * 48 + [38] * 96, [14] * 135 + [13] * 9, [1] * 75 + [0] * 69)
    s = prediction_summary(theirs, seed=1)
    assert (s["predictions made"], s["correct"], s["pr = 1 (excluded from Figure 11.1)"]) == (5520, 2007, 75)
    v = thesis.prediction_verdicts(s)
    assert [v[k][0] for k in ("count", "per game")] == ["reproduced"] * 2
    # 75 in a run of unknown size is any figure from 0 to 75 a game: 0.52 lies within, and only games of more than
    # 75 White moves at pr = 1 each could contradict it (the claim's line is then untestable: test_claims).
    assert v["pr = 1"][0] == "reproduced" and v["pr = 1"][1] - v["pr = 1"][5] == 0
    assert not thesis.pr_one_contradictable(1) and not thesis.pr_one_contradictable(75)
    assert thesis.pr_one_contradictable(76)
    assert v["text"][0] == "not reproduced"  # its own counts say 36 %, not "about 50 %"



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
    assert thesis.beats_verdict(records(rows)) == "not reproduced"  # 3 cannot beat anyone, 2 only one
    shared = [(i, j, w) for i, j in [(4, 1), (4, 2), (4, 3), (1, 2), (1, 3), (2, 3)] for w in ["black", "white"] * 15]
    assert thesis.beats_verdict(records(shared)) == "reproduced"  # each wins half of every pairing
    assert thesis.strongest_verdict(s) == ("reproduced", 4, True)
    close = strategy_strength(records([(4, 1, "black"), (1, 4, "black"), (4, 2, "black")]))
    assert thesis.strongest_verdict(close)[0] == "inconclusive"  # 4 best, intervals overlap
    assert thesis.strongest_verdict(strategy_strength(records([(1, 4, "black")] * 20)))[:2] == ("not reproduced", 1)


def test_means_and_ratios_resample_games_when_told_them():
    from pawnslib.experiments import thesis

    # 40 games of 50 searches, every search of a game alike: 40 replicates, not 2,000.
    rng = np.random.default_rng(2)
    per_game = rng.normal(2670, 300, 40)
    values, games = np.repeat(per_game, 50), np.repeat(np.arange(40), 50)
    _, _, lo, hi = thesis.mean_verdict(values, 2670, seed=1)
    _, _, clo, chi = thesis.mean_verdict(values, 2670, seed=1, clusters=games)
    assert (chi - clo) > 4 * (hi - lo)  # about sqrt(50) times wider
    assert thesis.nodes_verdict([{"nodes": [5, 0, 7, 0]}, {"nodes": [9]}])[1] == pytest.approx(7)
    assert list(thesis.search_games([{"nodes": [5, 0, 7, 0]}, {"nodes": [9]}])) == [0, 0, 1]
    # Paired positions: the ratio of two timings of the same positions moves with the positions together.
    base = np.repeat(rng.lognormal(0, 1, 30), 3)
    ours = 1.4 * base
    v, r, lo, hi = thesis.ratio_verdict(ours, base, 1.4, seed=1, clusters=np.repeat(np.arange(30), 3), paired=True)
    assert v == "reproduced" and r == pytest.approx(1.4) and hi - lo < 1e-9  # always exactly 1.4
    assert thesis.ratio_verdict(ours, base, 1.4, seed=1)[3] - thesis.ratio_verdict(ours, base, 1.4, seed=1)[2] > 0.1


def test_tree_effect_counts_black_moves_until_the_games_part():
    def game(round_, moves, result, values=None, extended=()):
        info = [{"extended": t in extended} if t % 2 == 0 else {} for t in range(len(moves))]
        return {"black": 1, "white": 2, "round": round_, "moves": moves, "result": result, "info": info,
                "values": values or [0.0] * len(moves)}

    plain = [game(0, ["a", "x", "b", "y", "c"], "black"), game(1, ["a", "x", "b"], "white")]
    asym = [game(0, ["a", "x", "b", "y", "c"], "black", [0.0, 0.0, 0.5, 0.0, 0.0], extended=(2, 4)),  # the same
            # game: 3 Black moves, none changed, 2 searched deeper, one of them to another root value
            game(1, ["a", "x", "d", "z"], "white", [0.0, 0.0, 1.0, 0.0], extended=(2,))]  # Black's second move
    # differs: 2 Black moves searched from the same history, 1 changed (and its value)
    e = tree_effect(plain, asym).iloc[0]
    assert (e.games, e.move_identical, e.same_result, e.black_moves, e.changed) == (2, 1, 2, 5, 1)
    assert (e.extended, e.value_changed) == (3, 2)
    with pytest.raises(ValueError, match="one tournament only"):
        tree_effect(plain, asym[:1])


def test_the_changes_of_tables_11_2_and_11_3_are_untestable_by_the_power_computation():
    # at 3 effective games against 3, Fisher's test can never reach p < 0.05: no change could be shown
    assert thesis.smallest_fisher_p(3, 3) == pytest.approx(0.1) and thesis.smallest_fisher_p(30, 30) < 1e-10
    assert cells.change_cell_verdict(0.67, 0.6, 0.7) == "untestable"
    assert cells.change_cell_verdict(0.67, 0.6, 0.7, games=30) == "reproduced"  # the same, had it played 30
    assert cells.change_cell_verdict(0.67, -0.05, 0.05, games=30) == "not reproduced"
    assert cells.change_cell_verdict(0.67, 0.4, 0.7, games=30) == "inconclusive"
