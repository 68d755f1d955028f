"""The offline checks of Section 11.1's threshold against a random P(e) and Section 11.2's number of slices."""

import numpy as np
import pandas as pd
import pytest

from pawnslib.experiments import offline, plan, thesis
from pawnslib.experiments.maxpr import reply_ranks


def _ranks(games, counts, played, seen):
    return pd.DataFrame({"game": games, "n": [len(c) for c in counts], "counts": [np.array(c) for c in counts],
                         "played": played, "seen": [np.array(s) for s in seen]})


def test_rule_hits_follow_each_rule():
    # Move 0: replies ranked 1..4, White played the best; move 1: all alike (pr = 1); move 2: White played rank 3.
    ranks = _ranks([0, 0, 1], [[1, 2, 3, 4], [3, 3, 3], [1, 2, 3]], [0, 2, 2],
                   [[False, True, False, False], [False, False, True], [False, False, False]])
    seen = offline.rule_hits(ranks)
    assert seen.made.tolist() == [True, True, False] and seen.hit.tolist() == [False, True, False]
    thr = offline.rule_hits(ranks, max_pr=0.6)  # pr < 0.6: counts 1, 2 of 4; of 3 only count 1; pr = 1 never
    assert thr.made.tolist() == [True, False, True] and thr.hit.tolist() == [True, False, False]
    assert thr.game.tolist() == [0, 0, 1]
    assert seen.likely.tolist() == [1, 1, 0] and thr.likely.tolist() == [2, 0, 1]


def _hits(game, made, hit):
    return pd.DataFrame({"game": game, "made": made, "hit": hit})


def test_share_difference_is_paired_over_games():
    game = np.repeat(np.arange(40), 5)
    rng = np.random.default_rng(1)
    made = rng.random(200) < 0.8
    a = _hits(game, made, made & (rng.random(200) < 0.5))
    same = offline.share_difference(a, a, seed=3)
    assert same["diff"] == 0 and same["diff_lo"] == 0 and same["diff_hi"] == 0  # the same moves resampled together
    assert same["a_lo"] < same["share_a"] < same["a_hi"] and same["games"] == 40
    better = _hits(game, made, made)  # every prediction right
    d = offline.share_difference(better, a, seed=3)
    assert d["share_a"] == 1 and d["diff"] == pytest.approx(1 - a.hit.sum() / a.made.sum())
    assert 0 < d["diff_lo"] <= d["diff"] <= d["diff_hi"]
    with pytest.raises(ValueError, match="same moves"):
        offline.share_difference(a, _hits(game[::-1], made, made))
    with pytest.raises(ValueError, match="made none"):
        offline.share_difference(a, _hits(game, made & False, made & False))


def test_random_pe_ranks_every_reply_apart_and_follows_its_seed(records, model):
    games = records[:6]
    rnd = reply_ranks(model, games, random_seed=7)
    assert all(sorted(c) == list(range(1, n + 1)) for c, n in zip(rnd.counts, rnd.n, strict=True))
    again, other = reply_ranks(model, games, random_seed=7), reply_ranks(model, games, random_seed=8)
    assert all((x == y).all() for x, y in zip(rnd.counts, again.counts, strict=True))
    assert any((x != y).any() for x, y in zip(rnd.counts, other.counts, strict=True))
    dbn = reply_ranks(model, games)
    assert dbn.played.tolist() == rnd.played.tolist() and dbn.game.tolist() == rnd.game.tolist()
    result = offline.threshold_against_random(model, games, 0.5, seed=7)
    assert result["verdict"] == plan.bound_verdict(result["diff_lo"], result["diff_hi"], -thesis.SHARE_MARGIN, -1)
    assert result["made_b"] == offline.rule_hits(rnd, max_pr=0.5).made.sum()


def test_slices_reach_back_as_far_as_asked(records, model):
    games = records[:6]
    own = reply_ranks(model, games)
    assert all((x == y).all() for x, y in zip(own.counts, reply_ranks(model, games, n_slices=model.n_slices).counts,
                                              strict=True))
    one = reply_ranks(model, games, n_slices=1)  # no history: P(e) of the reply's own slice only
    assert any((x != y).any() for x, y in zip(own.counts, one.counts, strict=True))
    table, verdict = offline.slices_effect(model, games, slices=(1, 4))
    assert table.slices.tolist() == [1, 4] and table.loc[1, "diff"] == 0
    lo, hi = table.loc[0, ["diff_lo", "diff_hi"]]
    assert verdict == thesis.no_effect_verdict([(lo, hi)])
    assert table.verdict.tolist() == [plan.margin_verdict(lo, hi, 0, thesis.NO_EFFECT), "reproduced"]  # 4 against 4
    with pytest.raises(ValueError, match="including the thesis's 4"):
        offline.slices_effect(model, games, slices=(1, 2))
    with pytest.raises(ValueError, match="n_slices must be >= 1"):
        reply_ranks(model, games, n_slices=0)
