"""The paired design's statistics on hand-made tables whose answers are known exactly or by brute force."""

import itertools
import math
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from scipy.stats import permutation_test

from pawnslib.experiments.paired import (
    check_paired,
    method_summary,
    pairing_summary,
    scores_frame,
    subset_test,
)

PAIRS = [(0, 1), (1, 0)]


def table(scores_by_method: dict[str, list[float]], pairs=PAIRS, rounds: int = 5) -> pd.DataFrame:
    """The long table: each method's scores listed in (black, white, round) order over pairs x rounds."""
    games = [(b, w, r) for b, w in pairs for r in range(rounds)]
    return pd.DataFrame([(m, b, w, r, s) for m, ss in scores_by_method.items() for (b, w, r), s in
                         zip(games, ss, strict=True)], columns=["method", "black", "white", "round", "score"])


def brute_p(diffs) -> float:
    """Two-sided sign-flip p-value by enumerating all 2**n sign patterns in exact arithmetic."""
    d = [Fraction(x).limit_denominator(2) for x in diffs]
    observed = abs(sum(d))
    hits = sum(abs(sum(s * x for s, x in zip(signs, d, strict=True))) >= observed
               for signs in itertools.product((-1, 1), repeat=len(d)))
    return hits / 2 ** len(d)


BASE = [0, 0.5, 1, 0, 0.5, 1, 1, 0, 0.5, 0]
MIXED = [1, 0.5, 1, 0.5, 0, 1, 1, 1, 0.5, 0.5]  # differences from BASE: 1, 0, 0, .5, -.5, 0, 0, 1, 0, .5


def test_scores_frame():
    recs = {"plain6": [{"black": 0, "white": 1, "round": 0, "result": "black", "moves": []},
                       {"black": 0, "white": 1, "round": 1, "result": "draw"}],
            "plain8": [{"black": 0, "white": 1, "round": 0, "result": "white"},
                       {"black": 0, "white": 1, "round": 1, "result": "black"}]}
    f = scores_frame(recs)
    assert list(f.columns) == ["method", "black", "white", "round", "score"]
    assert f.values.tolist() == [["plain6", 0, 1, 0, 1.0], ["plain6", 0, 1, 1, 0.5],
                                 ["plain8", 0, 1, 0, 0.0], ["plain8", 0, 1, 1, 1.0]]
    check_paired(f, "plain6")
    recs["plain8"][1]["result"] = "Black"
    with pytest.raises(ValueError, match=r"method 'plain8', game \(black=0, white=1, round=1\): unknown result"):
        scores_frame(recs)


def test_check_paired_errors():
    good = table({"plain6": BASE, "x": MIXED})
    check_paired(good, "plain6")
    with pytest.raises(ValueError, match=r"lacks column\(s\) \['score'\]"):
        check_paired(good.drop(columns="score"), "plain6")
    bad = good.copy()
    bad.loc[13, "score"] = 0.25
    with pytest.raises(ValueError, match=r"score 0.25 of method 'x' at \(black=0, white=1, round=3\) is not 0"):
        check_paired(bad, "plain6")
    with pytest.raises(ValueError, match=r"duplicate game: method 'x' has \(black=0, white=1, round=2\)"):
        check_paired(pd.concat([good, good.iloc[[12]]]), "plain6")
    with pytest.raises(ValueError, match=r"baseline 'plain8' is not among the methods \['plain6', 'x'\]"):
        check_paired(good, "plain8")
    with pytest.raises(ValueError, match=r"method 'x' lacks game \(black=0, white=1, round=3\) that baseline "
                                         r"'plain6' has"):
        check_paired(good.drop(index=[13, 18]), "plain6")  # rows 13, 18: x's (0, 1, 3) and (1, 0, 3)
    extra = pd.DataFrame([["x", 5, 5, 0, 1.0]], columns=good.columns)
    with pytest.raises(ValueError, match=r"method 'x' has game \(black=5, white=5, round=0\) that baseline "
                                         r"'plain6' lacks"):
        check_paired(pd.concat([good, extra]), "plain6")
    for f in (method_summary, pairing_summary):
        with pytest.raises(ValueError, match="baseline"):
            f(good, baseline="plain8")


def test_identical_and_dominating_methods():
    s = table({"x": BASE, "plain6": BASE, "same": BASE, "all": [1] * 10, "none": [0] * 10})
    t = method_summary(s, n_boot=500, n_perm=2**10).set_index("method")
    assert list(t.index) == ["plain6", "x", "same", "all", "none"]  # baseline first, then as first seen
    assert list(t.columns) == ["games", "score", "score_lo", "score_hi", "diff", "diff_lo", "diff_hi", "diff_lo_all",
                               "diff_hi_all", "p", "p_holm", "halfwidth", "rounds_needed"]
    # the simultaneous interval over the 4 methods contains each method's own 95 % interval
    assert (t.diff_lo_all <= t.diff_lo).iloc[1:].all() and (t.diff_hi_all >= t.diff_hi).iloc[1:].all()
    assert t.loc["all", "diff_hi_all"] - t.loc["all", "diff_lo_all"] > t.loc["all", "diff_hi"] - t.loc["all", "diff_lo"]
    assert t.loc["plain6", "diff"] == 0 and t.loc["plain6", ["diff_lo", "diff_hi", "p", "p_holm", "halfwidth",
                                                              "rounds_needed"]].isna().all()
    for m in ("x", "same"):
        assert t.loc[m, ["diff", "diff_lo", "diff_hi", "halfwidth", "rounds_needed"]].tolist() == [0, 0, 0, 0, 0]
        assert t.loc[m, "p"] == 1 and t.loc[m, "p_holm"] == 1
    assert t.loc["all", ["score", "score_lo", "score_hi"]].tolist() == [1, 1, 1]
    assert t.loc["none", ["score", "score_lo", "score_hi"]].tolist() == [0, 0, 0]
    assert t.loc["plain6", "games"] == 10 and t.loc["plain6", "score"] == 0.45
    # A method winning every game the baseline loses: difference 1 everywhere, the most extreme patterns.
    s = table({"plain6": [0] * 10, "win": [1] * 10})
    t = method_summary(s, n_boot=500, n_perm=2**10).set_index("method")
    assert t.loc["win", ["diff", "diff_lo", "diff_hi"]].tolist() == [1, 1, 1]
    assert t.loc["win", "p"] == 2 / 2**10  # exact: only all + and all - reach |mean| = 1
    t = method_summary(table({"plain6": [0] * 40, "win": [1] * 40}, rounds=20), n_boot=500, n_perm=999)
    assert t.p.iloc[1] == 1 / 1000  # randomised: (0 hits + 1) / (n_perm + 1), never 0
    pairs = [(b, w) for b in range(4) for w in range(4)]  # 4,400 games: the patterns are drawn in batches
    big = table({"plain6": [0] * 4400, "win": [1] * 4400}, pairs=pairs, rounds=275)
    assert subset_test(big, "win", pairs, n_boot=100, n_perm=999)["p"] == 1 / 1000


def test_exact_sign_flip_matches_brute_force_and_scipy():
    s = table({"plain6": BASE, "x": MIXED})
    d = np.subtract(MIXED, BASE)
    p = method_summary(s, n_boot=200, n_perm=2**10).p.iloc[1]
    assert p == pytest.approx(brute_p(d), abs=1e-12)
    ref = permutation_test((d,), np.mean, permutation_type="samples", n_resamples=2**10, vectorized=True)
    assert p == pytest.approx(ref.pvalue, abs=1e-12) and p == 0.25  # 256 of the 1024 patterns


def test_randomised_sign_flip_close_to_exact():
    rng = np.random.default_rng(3)
    base, other = rng.choice([0, 0.5, 1], 16), rng.choice([0, 0.5, 1], 16, p=[0.2, 0.3, 0.5])
    d = other - base
    bits = (np.arange(2**16)[:, None] >> np.arange(16)) & 1  # all 65536 patterns, vectorised brute force
    exact = np.mean(np.abs((2 * bits - 1) @ d) >= abs(d.sum()) - 1e-9)
    s = table({"plain6": base, "x": other}, pairs=[(0, 1), (1, 1)], rounds=8)
    p = method_summary(s, n_boot=200, n_perm=20_000).p.iloc[1]
    assert abs(p - exact) < 0.015  # Monte Carlo error of 20,000 patterns is below 0.004


def test_holm_by_hand():
    win = [1] * 10
    s = table({"plain6": BASE, "x": MIXED, "same": BASE, "win": win})
    t = method_summary(s, n_boot=200, n_perm=2**10)
    p_x, p_win = brute_p(np.subtract(MIXED, BASE)), brute_p(np.subtract(win, BASE))
    assert t.p.iloc[1:].tolist() == pytest.approx([p_x, 1, p_win])
    assert p_win < p_x < 1  # Holm: sorted p_win, p_x, 1 times 3, 2, 1, made non-decreasing, at most 1
    hand_win = min(1, 3 * p_win)
    hand_x = min(1, max(hand_win, 2 * p_x))
    assert t.p_holm.iloc[1:].tolist() == pytest.approx([hand_x, 1, hand_win])


def correlated(seed: int, rounds: int = 20) -> pd.DataFrame:
    """Rounds whose games all go the same way (a shared seed's effect), the method a little better."""
    rng = np.random.default_rng(seed)
    pairs = [(b, w) for b in range(4) for w in range(4)]
    good = rng.random(rounds) < 0.5
    base = [float(good[r]) for _ in pairs for r in range(rounds)]
    other = [1.0 if good[r] or rng.random() < 0.2 else 0.0 for _ in pairs for r in range(rounds)]
    return table({"plain6": base, "x": other}, pairs=pairs, rounds=rounds)


def test_cluster_bootstrap_over_rounds():
    s = correlated(0)
    a = method_summary(s, n_boot=1000, seed=1)
    pd.testing.assert_frame_equal(a, method_summary(s, n_boot=1000, seed=1))
    # The 320 games are 20 independent rounds: the interval is that of 20 coin flips (half-width about
    # 0.22), not of 320 (about 0.055).
    assert a.score_hi.iloc[0] - a.score_lo.iloc[0] > 0.3
    # subset_test over every pairing is method_summary's difference, with the same draws for the same seed.
    pairs = [(b, w) for b in range(4) for w in range(4)]
    full = subset_test(s, "x", pairs, baseline="plain6", n_boot=1000, seed=1)
    keys = ["diff", "diff_lo", "diff_hi", "p"]
    assert [full[k] for k in keys] == a[keys].iloc[1].tolist()
    other = subset_test(s, "x", pairs, baseline="plain6", n_boot=1000, seed=2)
    assert (other["diff_lo"], other["diff_hi"]) != (full["diff_lo"], full["diff_hi"])
    # Unequal rounds (one game gone, from every method) take the numpy path: reproducible, and the
    # interval barely moves.
    uneven = s[~((s.black == 3) & (s.white == 3) & (s["round"] == 0))]
    u = subset_test(uneven, "x", pairs, baseline="plain6", n_boot=1000, seed=1)
    assert u == subset_test(uneven, "x", pairs, baseline="plain6", n_boot=1000, seed=1) and u["games"] == 319
    assert u["diff_lo"] == pytest.approx(full["diff_lo"], abs=0.03)
    assert u["diff_hi"] == pytest.approx(full["diff_hi"], abs=0.03)


def test_rounds_needed():
    s = correlated(0)
    first = method_summary(s, n_boot=1000).iloc[1]
    hw = first.halfwidth
    assert hw > 0 and first.rounds_needed == math.ceil(20 * (hw / 0.04) ** 2)
    assert method_summary(s, n_boot=1000, target=hw).rounds_needed.iloc[1] == 20  # at target already
    assert method_summary(s, n_boot=1000, target=hw / 2).rounds_needed.iloc[1] == 80  # half as wide: 4 x


def test_pairing_summary():
    s = table({"plain6": BASE, "x": MIXED, "same": BASE})
    t = pairing_summary(s, n_boot=500, n_perm=2**5)
    assert list(t.columns) == ["method", "black", "white", "games", "score", "base_score", "diff", "diff_lo",
                               "diff_hi", "p"]
    assert t[["method", "black", "white", "games"]].values.tolist() == [
        ["x", 0, 1, 5], ["x", 1, 0, 5], ["same", 0, 1, 5], ["same", 1, 0, 5]]
    d = np.subtract(MIXED, BASE)
    for i, (b, w) in enumerate([(0, 1), (1, 0)]):
        games = slice(5 * PAIRS.index((b, w)), 5 * PAIRS.index((b, w)) + 5)
        row = t.iloc[i]
        assert row.score == pytest.approx(np.mean(MIXED[games])) and row.base_score == pytest.approx(
            np.mean(BASE[games]))
        assert row["diff"] == pytest.approx(d[games].mean()) and row.diff_lo <= row["diff"] <= row.diff_hi
        assert row.p == pytest.approx(brute_p(d[games]))
    assert (t.iloc[2:][["diff", "diff_lo", "diff_hi"]] == 0).all().all() and (t.iloc[2:].p == 1).all()


def test_subset_test():
    pairs = [(0, 1), (1, 0), (2, 2)]
    base = BASE + [0] * 5
    other = MIXED + [1] * 5
    s = table({"plain6": base, "x": other}, pairs=pairs)
    r = subset_test(s, "x", [(1, 0), (2, 2)], n_boot=500, n_perm=2**10)
    d = np.subtract(other, base)[5:]
    assert r["method"] == "x" and r["pairs"] == [(1, 0), (2, 2)] and r["games"] == 10
    assert r["diff"] == pytest.approx(d.mean()) and r["diff_lo"] <= r["diff"] <= r["diff_hi"]
    assert r["p"] == pytest.approx(brute_p(d))
    assert set(r) == {"method", "pairs", "games", "diff", "diff_lo", "diff_hi", "p"}
    with pytest.raises(ValueError, match=r"unknown pairing \(black=2, white=0\)"):
        subset_test(s, "x", [(0, 1), (2, 0)])
    with pytest.raises(ValueError, match="method 'plain6' is not a non-baseline method"):
        subset_test(s, "plain6", [(0, 1)])
    with pytest.raises(ValueError, match="no pairing named"):
        subset_test(s, "x", [])
