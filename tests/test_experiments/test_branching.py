"""The branching factor's tables, summaries and intervals over games."""

import numpy as np
import pytest

from pawnslib.config import READINGS
from pawnslib.experiments import branching
from pawnslib.game.position import Position


@pytest.mark.parametrize("rules", READINGS)
def test_random_game_is_legal_seeded_and_ends(rules):
    a = branching.random_game(np.random.default_rng(1), rules)
    b = branching.random_game(np.random.default_rng(1), rules)
    assert [p.to_text() for p in a] == [p.to_text() for p in b]
    assert a[0] == Position.start(rules=rules) and a[-1].result is not None
    assert all(p.result is None and p.rules == rules for p in a[:-1])
    for p, q in zip(a, a[1:], strict=False):
        assert q.last_move in p.legal_moves() and q.ply == p.ply + 1


def test_moves_table_counts_the_legal_moves_of_every_position_but_the_last():
    rng = np.random.default_rng(0)
    games = [branching.random_game(rng, r) for r in READINGS for _ in range(2)]
    t = branching.moves_table(games)
    assert len(t) == sum(len(g) - 1 for g in games)
    first = t[t.ply == 0]
    assert list(first.moves) == [4, 4, 5, 5] and list(first.rules) == ["kalles"] * 2 + ["king"] * 2
    assert (t.moves >= 1).all() and t.groupby("game").result.nunique().eq(1).all()
    row = t.iloc[7]
    assert row.moves == len(games[row.game][row.ply].legal_moves())


def test_records_moves_table_rebuilds_under_the_records_reading():
    game = branching.random_game(np.random.default_rng(3), "king")
    record = {"rules": "king", "positions": [p.to_text() for p in game]}
    t = branching.records_moves_table([record])
    assert t.moves.tolist() == branching.moves_table([game]).moves.tolist() and set(t.rules) == {"king"}


def test_cluster_interval_resamples_games():
    mean, lo, hi = branching.cluster_interval([1, 1, 1, 3], [0, 0, 0, 1], n_boot=4000, seed=0)
    assert mean == 1.5 and lo == 1.0 and hi == 3.0  # a resample holds game 0 only, game 1 only, or a mix
    mean, lo, hi = branching.cluster_interval(np.full(10, 7.0), np.arange(10))
    assert (mean, lo, hi) == (7.0, 7.0, 7.0)
    with pytest.raises(ValueError):
        branching.cluster_interval([], [])


def test_summary_and_position():
    rng = np.random.default_rng(5)
    t = branching.moves_table([branching.random_game(rng) for _ in range(30)])
    s = branching.summary(t, band=(10, 11))
    assert s["games"] == 30 and s["positions"] == len(t)
    assert s["mean 95% low"] <= s["mean moves"] <= s["mean 95% high"]
    assert s["mean moves"] == pytest.approx(t.moves.mean())
    assert s["share 10-11 moves"] == pytest.approx(t.moves.between(10, 11).mean())
    assert s[["share won by black", "share won by white", "share drawn"]].sum() == pytest.approx(1)
    assert branching.position(9.0, (10, 11)) == "below" and branching.position(12, (10, 11), 11.5, 12.5) == "above"
    assert branching.position(10.5, (10, 11), 10.2, 10.8) == "inside"
    assert branching.position(10.9, (10, 11), 10.5, 11.3) == "overlapping"
