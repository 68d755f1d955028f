"""The paired design's statistics on hand-made tables whose answers are known exactly or from scipy's paired t-test."""

import math

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from pawnslib.experiments import plan
from pawnslib.experiments.paired import (
    UNCORRECTED,
    YARDSTICK,
    check_paired,
    family_size,
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


def ttest(diffs, level: float = 0.95) -> tuple[float, float, float]:
    """scipy's paired t-test of ``diffs`` against zero: (p, low, high of its ``level`` interval)."""
    r = stats.ttest_rel(np.asarray(diffs, float), np.zeros(len(diffs)))
    ci = r.confidence_interval(confidence_level=level)
    return float(r.pvalue), float(ci.low), float(ci.high)


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
    t = method_summary(s, family="f").set_index("method")
    assert list(t.index) == ["plain6", "x", "same", "all", "none"]  # baseline first, then as first seen
    assert list(t.columns) == ["games", "score", "score_lo", "score_hi", "diff", "diff_lo", "diff_hi", "diff_lo_all",
                               "diff_hi_all", "se", "p", "p_holm", "family", "halfwidth", "rounds_needed"]
    assert t.family.tolist() == ["", "f", "f", "f", "f"]
    # the simultaneous interval over the 4 methods contains each method's own 95 % interval
    assert (t.diff_lo_all <= t.diff_lo).iloc[1:].all() and (t.diff_hi_all >= t.diff_hi).iloc[1:].all()
    assert t.loc["all", "diff_hi_all"] - t.loc["all", "diff_lo_all"] > t.loc["all", "diff_hi"] - t.loc["all", "diff_lo"]
    assert t.loc["plain6", "diff"] == 0 and t.loc["plain6", ["diff_lo", "diff_hi", "p", "p_holm", "halfwidth",
                                                              "rounds_needed", "se"]].isna().all()
    for m in ("x", "same"):  # no spread: the t-test's limit, the point and p = 1
        assert t.loc[m, ["diff", "diff_lo", "diff_hi", "halfwidth", "rounds_needed"]].tolist() == [0, 0, 0, 0, 0]
        assert t.loc[m, "p"] == 1 and t.loc[m, "p_holm"] == 1
    assert t.loc["all", ["score", "score_lo", "score_hi"]].tolist() == [1, 1, 1]
    assert t.loc["none", ["score", "score_lo", "score_hi"]].tolist() == [0, 0, 0]
    assert t.loc["plain6", "games"] == 10 and t.loc["plain6", "score"] == 0.45
    # the score's interval is the one-sample t interval over the games
    base = stats.ttest_1samp(BASE, 0).confidence_interval()
    assert (t.loc["plain6", "score_lo"], t.loc["plain6", "score_hi"]) == pytest.approx((base.low, base.high))
    # A method winning every game the baseline loses: difference 1 everywhere, p 0 (no floor: computed, not drawn).
    s = table({"plain6": [0] * 10, "win": [1] * 10})
    t = method_summary(s).set_index("method")
    assert t.loc["win", ["diff", "diff_lo", "diff_hi", "p"]].tolist() == [1, 1, 1, 0]


def test_t_interval_and_p_are_scipys_paired_t_test():
    s = table({"plain6": BASE, "x": MIXED})
    d = np.subtract(MIXED, BASE)
    row = method_summary(s).iloc[1]
    p, lo, hi = ttest(d)
    assert (row.p, row.diff_lo, row.diff_hi) == pytest.approx((p, lo, hi), rel=1e-12)
    assert row.se == pytest.approx(stats.sem(d)) and row.halfwidth == pytest.approx((hi - lo) / 2)
    # the only method in its family: its simultaneous interval is its 95 % one, its Holm p its p
    assert (row.diff_lo_all, row.diff_hi_all, row.p_holm) == pytest.approx((lo, hi, p))
    r = subset_test(s, "x", PAIRS, k=4)  # simultaneous over 4: scipy's at 1 - 0.05 / 4, p the comparison's own
    assert (r["p"], r["diff_lo"], r["diff_hi"]) == pytest.approx((p, *ttest(d, 1 - 0.05 / 4)[1:]), rel=1e-12)


@pytest.mark.parametrize("seed", range(5))
def test_interval_excludes_zero_exactly_when_p_below_alpha(seed):
    """On many random tables (small and large effects, few and many games), each method's 95 % interval excludes 0
    exactly when p < 0.05, and its simultaneous interval excludes 0 only when its Holm p is below 0.05."""
    rng = np.random.default_rng(seed)
    for _ in range(40):
        rounds = int(rng.integers(3, 30))
        n = 2 * rounds
        base = rng.choice([0, 0.5, 1], n)
        methods = {"plain6": base} | {f"m{i}": np.where(rng.random(n) < rng.uniform(0, 0.6),
                                                        rng.choice([0, 0.5, 1], n), base) for i in range(5)}
        methods["plain8"] = np.where(rng.random(n) < 0.5, 1.0, base)
        t = method_summary(table(methods, rounds=rounds)).iloc[1:]
        excludes = (t.diff_lo > 0) | (t.diff_hi < 0)
        assert (excludes == (t.p < plan.ALPHA)).all()
        assert (~((t.diff_lo_all > 0) | (t.diff_hi_all < 0)) | (t.p_holm < plan.ALPHA)).all()


def test_holm_by_hand():
    win = [1] * 10
    s = table({"plain6": BASE, "x": MIXED, "same": BASE, "win": win})
    t = method_summary(s)
    p_x = ttest(np.subtract(MIXED, BASE))[0]
    p_win = ttest(np.subtract(win, BASE))[0]
    assert t.p.iloc[1:].tolist() == pytest.approx([p_x, 1, p_win])
    assert p_win < p_x < 1  # Holm: sorted p_win, p_x, 1 times 3, 2, 1, made non-decreasing, at most 1
    hand_win = min(1, 3 * p_win)
    hand_x = min(1, max(hand_win, 2 * p_x))
    assert t.p_holm.iloc[1:].tolist() == pytest.approx([hand_x, 1, hand_win])


def test_yardstick_stands_outside_the_family():
    win = [1] * 10
    s = table({"plain6": BASE, "x": MIXED, "plain8": win, "y": [0.5] * 10})
    t = method_summary(s, family="ch13.methods").set_index("method")
    assert t.family.tolist() == ["", "ch13.methods", YARDSTICK, "ch13.methods"]
    assert family_size(t.index, "plain6") == 2
    # plain8: its own 95 % interval and its own p, a family of one
    assert t.loc["plain8", ["diff_lo_all", "diff_hi_all", "p_holm"]].tolist() == pytest.approx(
        t.loc["plain8", ["diff_lo", "diff_hi", "p"]].tolist())
    # the family's two: simultaneous over 2 (not 3), Holm over 2
    p, lo, hi = ttest(np.subtract(MIXED, BASE), 1 - 0.05 / 2)
    assert (t.loc["x", "diff_lo_all"], t.loc["x", "diff_hi_all"]) == pytest.approx((lo, hi))
    assert t.loc[["x", "y"], "p_holm"].tolist() == pytest.approx(list(plan.holm(t.loc[["x", "y"], "p"])))
    # a family larger than the table (the map's spans its cells): wider intervals; never smaller than the table's
    wide = method_summary(s, k=10).set_index("method")
    assert wide.loc["x", "diff_lo_all"] == pytest.approx(ttest(np.subtract(MIXED, BASE), 1 - 0.05 / 10)[1])
    with pytest.raises(ValueError, match="k 1 is below the table's own 2 methods"):
        method_summary(s, k=1)


def correlated(seed: int, rounds: int = 20) -> pd.DataFrame:
    """Rounds whose games all go the same way (a shared seed's effect), the method a little better."""
    rng = np.random.default_rng(seed)
    pairs = [(b, w) for b in range(4) for w in range(4)]
    good = rng.random(rounds) < 0.5
    base = [float(good[r]) for _ in pairs for r in range(rounds)]
    other = [1.0 if good[r] or rng.random() < 0.2 else 0.0 for _ in pairs for r in range(rounds)]
    return table({"plain6": base, "x": other}, pairs=pairs, rounds=rounds)


def test_subset_test_over_every_pairing_is_method_summarys():
    s = correlated(0)
    a = method_summary(s)
    pd.testing.assert_frame_equal(a, method_summary(s))  # nothing drawn: the same table twice
    pairs = [(b, w) for b in range(4) for w in range(4)]
    full = subset_test(s, "x", pairs, baseline="plain6")
    keys = ["diff", "diff_lo", "diff_hi", "p"]
    assert [full[k] for k in keys] == a[keys].iloc[1].tolist()


def test_rounds_needed():
    s = correlated(0)
    first = method_summary(s).iloc[1]
    hw = first.halfwidth
    assert hw > 0 and first.rounds_needed == math.ceil(20 * (hw / 0.04) ** 2)
    assert method_summary(s, target=hw).rounds_needed.iloc[1] == 20  # at target already
    assert method_summary(s, target=hw / 2).rounds_needed.iloc[1] == 80  # half as wide: 4 x


def test_pairing_summary():
    s = table({"plain6": BASE, "x": MIXED, "same": BASE})
    t = pairing_summary(s)
    assert list(t.columns) == ["method", "black", "white", "games", "score", "base_score", "diff", "diff_lo",
                               "diff_hi", "se", "p", "family"]
    assert set(t.family) == {UNCORRECTED}
    assert t[["method", "black", "white", "games"]].values.tolist() == [
        ["x", 0, 1, 5], ["x", 1, 0, 5], ["same", 0, 1, 5], ["same", 1, 0, 5]]
    d = np.subtract(MIXED, BASE)
    for i, (b, w) in enumerate([(0, 1), (1, 0)]):
        games = slice(5 * PAIRS.index((b, w)), 5 * PAIRS.index((b, w)) + 5)
        row = t.iloc[i]
        assert row.score == pytest.approx(np.mean(MIXED[games])) and row.base_score == pytest.approx(
            np.mean(BASE[games]))
        assert row["diff"] == pytest.approx(d[games].mean())
        assert (row.p, row.diff_lo, row.diff_hi) == pytest.approx(ttest(d[games]))
    assert (t.iloc[2:][["diff", "diff_lo", "diff_hi"]] == 0).all().all() and (t.iloc[2:].p == 1).all()


def test_subset_test():
    pairs = [(0, 1), (1, 0), (2, 2)]
    base = BASE + [0] * 5
    other = MIXED + [1] * 5
    s = table({"plain6": base, "x": other}, pairs=pairs)
    r = subset_test(s, "x", [(1, 0), (2, 2)])
    d = np.subtract(other, base)[5:]
    assert r["method"] == "x" and r["pairs"] == [(1, 0), (2, 2)] and r["games"] == 10
    assert r["diff"] == pytest.approx(d.mean())
    assert (r["p"], r["diff_lo"], r["diff_hi"]) == pytest.approx(ttest(d))
    assert set(r) == {"method", "pairs", "games", "diff", "diff_lo", "diff_hi", "se", "p"}
    with pytest.raises(ValueError, match=r"unknown pairing \(black=2, white=0\)"):
        subset_test(s, "x", [(0, 1), (2, 0)])
    with pytest.raises(ValueError, match="method 'plain6' is not a non-baseline method"):
        subset_test(s, "plain6", [(0, 1)])
    with pytest.raises(ValueError, match="no pairing named"):
        subset_test(s, "x", [])
