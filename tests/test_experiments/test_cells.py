"""The thesis's tables at their effective sample: every rule tried on hand-made cases and on the thesis's own tables."""

import numpy as np
import pandas as pd
import pytest

from pawnslib.experiments import cells, plan, thesis
from pawnslib.experiments.stats import pairing_counts, thesis_cell


def counts_of(table: list[list[str]], games: int) -> pd.DataFrame:
    """:func:`pairing_counts` of games whose every cell has the thesis's printed rates at ``games`` a pairing."""
    return pairing_counts(thesis.table_records(table, games))


def test_the_thesis_tables_are_thirds():
    assert cells.EFFECTIVE_GAMES == cells.effective_games(thesis.TABLE_10_2) == 3
    assert cells.effective_games(thesis.TABLE_11_1) == 3
    assert cells.effective_games([["44%", "0%"]]) == 9  # 4 of 9: only 9 games a cell print it
    assert cells.effective_games([["50%(50%)"]]) == 2
    with pytest.raises(ValueError, match="no sample of at most 2 games"):
        cells.effective_games(thesis.TABLE_10_2, most=2)


def test_fisher_at_the_effective_sample_gives_the_reviews_figures():
    # The review's cells, Fisher two-sided at 9 games and at 3: 2-1, 3-3, 4-2 and 1-3.
    for (k9, k3, ours), (p9, p3) in {(6, 2, 95): (0.018, 0.17), (3, 1, 78): (0.0085, 0.13),
                                     (9, 3, 48): (0.003, 0.12), (6, 2, 2): (1.1e-6, 0.0034)}.items():
        assert thesis.fisher_p(k9, 9, ours, 100) == pytest.approx(p9, rel=0.1)
        assert thesis.fisher_p(k3, 3, ours, 100) == pytest.approx(p3, rel=0.1)


def test_what_three_games_can_detect():
    assert np.isnan(cells.detectable(48, 100, 3))  # no outcome of 3 games can be told from 48 %
    assert cells.detectable(2, 100, 3) == pytest.approx(2 / 3 - 0.02)  # 2 wins of 3 against 2 %: 1 win is not enough
    assert cells.detectable(50, 100, 100) < 0.2  # 100 games a cell detect far smaller differences


def test_the_thesis_own_tables_are_consistent_with_themselves():
    for table in (thesis.TABLE_10_2, thesis.TABLE_11_1):
        t = cells.compare_table(table, counts_of(table, 99))
        # no cell of 3 games has the power to judge itself: every one is untestable, by the power computation
        assert t.consistent.all() and (t.verdict == "untestable").all() and (t.power < plan.POWER).all()
        assert (t.thesis_games == 3).all() and t.p_holm.isna().all()
        # Numbers only: the thesis's cell at its 3 effective games, which prints as the thesis printed it.
        printed = [cell for row in table for cell in row]
        assert [thesis_cell(w, d) for w, d in zip(t.thesis_rate, t.thesis_draw_rate, strict=True)] == printed
        assert (t.thesis_rate == t.thesis_wins / 3).all() and (t.win_rate == t.black_wins / t.games).all()
        assert (t.ci_low <= t.win_rate).all() and (t.win_rate <= t.ci_high).all()
        assert (t.testable == (t.power >= plan.POWER)).all()
        # at 30 games a cell the same cells have power, and none is contradicted
        t30 = cells.compare_table(table, counts_of(table, 99), games=30)
        assert t30.testable.all() and (t30.verdict == "reproduced").all() and (t30.p_holm >= t30.p).all()


def test_cells_are_holm_corrected_within_the_table():
    # Our games: the thesis's Table 10.2 at 99 games, but Black wins 2 of 99 in pairing (1, 3), where the thesis's
    # Black won 2 of 3: Fisher p 0.0035 alone; yet at 3 games the cell has no power, so it is untestable.
    ours = counts_of(thesis.TABLE_10_2, 99)
    at = (ours.black == 1) & (ours.white == 3)
    ours.loc[at, ["black_wins", "win_rate"]] = [2, 2 / 99]
    t = cells.compare_table(thesis.TABLE_10_2, ours).set_index(["black", "white"])
    assert t.loc[(1, 3), "p"] < 0.005 and t.loc[(1, 3), "verdict"] == "untestable"
    # At 12 games a cell the cells have power, and Holm corrects over them: 16 times the raw p or less.
    t = cells.compare_table(thesis.TABLE_10_2, ours, games=12).set_index(["black", "white"])
    assert t.testable.sum() > 1 and (t.p_holm[t.testable] >= t.p[t.testable]).all()
    assert t.loc[(1, 3), "verdict"] == "not reproduced" and not t.loc[(1, 3), "consistent"]


def test_a_cell_of_three_games_has_little_power():
    assert cells.cell_power(50, 100, 3) < 0.2 and cells.cell_power(50, 100, 30) > plan.POWER
    assert cells.cell_power(0, 100, 3) < plan.POWER  # even against 0 %, a third is 1 win in 3
    assert 0 <= cells.cell_power(100, 100, 3) <= 1


def test_a_whole_table_is_judged_by_one_joint_test():
    ours = counts_of(thesis.TABLE_10_2, 99)
    # the thesis's own table against its own rates: not rejected, and the test has the power to reject a table
    # a third away in every cell, so the table is reproduced
    same = cells.joint_verdict(thesis.TABLE_10_2, ours, tables=100, seed=1)
    assert same["p"] >= 0.05 and same["accepts"] >= plan.POWER and same["rejects"] >= plan.POWER
    assert same["verdict"] == "reproduced"
    # a table far from ours: every cell's win rate turned over
    far = ours.assign(black_wins=ours.games - ours.black_wins - ours.draws)
    out = cells.joint_verdict(thesis.TABLE_10_2, far, tables=100, seed=1)
    assert out["p"] < 0.05 and out["verdict"] == "not reproduced"
    assert out["chances"]["ours"]["not reproduced"] < 0.2 and out["chances"]["thesis"]["not reproduced"] > 0.8
    # with no power (a margin of nothing), a table not rejected is inconclusive, never reproduced
    none = cells.joint_verdict(thesis.TABLE_10_2, ours, margin=0.0, tables=50, seed=1)
    assert none["verdict"] == "inconclusive" and none["chances"]["ours"]["reproduced"] == 0
    with pytest.raises(ValueError, match="margin"):
        cells.joint_verdict(thesis.TABLE_10_2, ours, margin=0.6)


def test_no_change_moves_pairings_in_three_game_tables():
    assert cells.moved_share(0.0) == 0 == cells.moved_share(1.0)  # a certain outcome never moves
    assert cells.moved_share(0.5) == pytest.approx(1 - (1 + 9 + 9 + 1) / 64)
    assert cells.count_distribution([0.5, 0.5]).tolist() == [0.25, 0.5, 0.25]
    rng = np.random.default_rng(0)  # the exact count against simulation
    shares = rng.uniform(size=16)
    sim = (rng.uniform(size=(20000, 16)) < shares).sum(axis=1)
    exact = cells.count_distribution(shares)
    assert np.abs(np.bincount(sim, minlength=17) / len(sim) - exact).max() < 0.01


def test_the_thesis_own_changes_cannot_be_told_from_zero():
    # At 3 games before and 3 after, none of the thesis's ten changes is beyond its own noise (Fisher p >= 0.4) ...
    null = cells.null_changes(counts_of(thesis.TABLE_10_2, 99))
    ch = null["changes"]
    assert len(ch) == null["moved"] == 10 and (ch.thesis_p >= 0.4).all()
    assert ch.thesis_change.tolist() == pytest.approx((ch.thesis_after - ch.thesis_before).tolist())
    first = ch.iloc[0]  # Table 11.2's Black 1 against White 2: "0%" -> "67%(33%)", as shares of 3 games
    assert (first.thesis_before, first.thesis_before_draw_rate, first.thesis_after, first.thesis_after_draw_rate) == (
        0, 0, 2 / 3, 1 / 3)
    assert set(ch.loc[ch.table == "11.2", "thesis_change"] > 0) == {True}
    assert set(ch.loc[ch.table == "11.3", "thesis_change"] < 0) == {True}
    # ... while a table of the thesis's own Table 10.2 rates, sampled twice at 3 games with nothing changed, moves
    # several pairings: as many as the exact count says, checked here by simulation.
    rates = counts_of(thesis.TABLE_10_2, 99).win_rate.to_numpy()
    rng = np.random.default_rng(1)
    twice = rng.binomial(3, rates, size=(2, 40000, len(rates)))
    moved = (twice[0] != twice[1]).sum(axis=1)
    assert null["expected"] == pytest.approx(moved.mean(), abs=0.05)
    assert null["p_at_least"] == pytest.approx((moved >= 10).mean(), abs=0.005)
