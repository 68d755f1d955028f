"""Chapter 13's answer in words: every sentence written from hand-made tables, and the alpha it is given."""

import numpy as np
import pandas as pd
import pytest

from pawnslib.experiments import chapter13_words


def test_verdict_is_written_from_the_table():
    rows = [{"method": m, "games": 1600, "diff": d, "diff_lo": d - 0.03, "diff_hi": d + 0.03,
             "diff_lo_all": d - 0.04, "diff_hi_all": d + 0.04,
             "p": p, "p_holm": p, "halfwidth": 0.03, "rounds_needed": 57, "nodes_mean": 1000 * r}
            for m, d, p, r in (("plain6", 0, np.nan, 1), ("plain8", 0.10, 1e-5, 9.0), ("one-hist", 0.01, 0.6, 1.3),
                               ("random", -0.05, 0.01, 1.2))]
    t = pd.DataFrame(rows)
    text = chapter13_words.verdict_text(t)
    assert "No prediction method beats" in text and "`random` loses to it" in text and "within +-3.0" in text
    assert "(`plain8`) change it by +10.0 score points (+7.0 to +13.0) at 9.0 times" in text
    assert "`one-hist` changes it within noise, at 1.30 times" in text and "% of that" not in text  # p 0.6
    t.loc[2, "p_holm"], t.loc[2, "diff"] = 0.001, 0.05
    assert "`one-hist` beats `plain6` by +5.0 score points" in chapter13_words.verdict_text(t)
    assert "`one-hist` gains 50 % of that at 1.30 times" in chapter13_words.verdict_text(t)  # beyond noise: a share
    t["halfwidth"] = 0.06
    assert "would need about 57 rounds" in chapter13_words.verdict_text(t)


def test_the_verdict_uses_its_alpha():
    rows = [{"method": m, "games": 1600, "diff": d, "diff_lo": d - 0.03, "diff_hi": d + 0.03,
             "diff_lo_all": d - 0.04, "diff_hi_all": d + 0.04,
             "p": p, "p_holm": p, "halfwidth": 0.03, "rounds_needed": 57, "nodes_mean": 1000 * r}
            for m, d, p, r in (("plain6", 0, np.nan, 1), ("one-hist", 0.04, 0.003, 1.3), ("random", 0.01, 0.6, 1.2),
                               ("om-perfect", 0.05, 0.03, 2.5))]
    t = pd.DataFrame(rows)
    default = chapter13_words.verdict_text(t)
    assert ("Beyond noise (p < 0.05, Holm-corrected over the 3 methods against plain6), `one-hist` beats `plain6`"
            in default)
    assert "`om-perfect` is better than `plain6`" in default
    strict = chapter13_words.verdict_text(t, alpha=0.001)  # nothing is beyond noise at 0.001
    assert "0.05" not in strict and "**No prediction method beats `plain6` beyond noise** (p < 0.001, " \
        "Holm-corrected over the 3 methods against plain6)" in strict
    # om-perfect's interval (+2 to +8 points) excludes 0 but its Holm p does not pass 0.001: the words say which
    assert "`om-perfect` is not distinguishable (once Holm-corrected) from `plain6`" in strict
    assert ("Beyond noise (p < 0.01, Holm-corrected over the 3 methods against plain6), `one-hist` beats"
            in chapter13_words.verdict_text(t, alpha=0.01))


def test_comparison_words_follow_the_corrected_test_and_say_when_the_interval_disagrees():
    word = chapter13_words.comparison_word
    assert word(0.05, 0.02, 0.08, 0.01, 0.05) == "better than" and word(-0.05, -0.08, -0.02, 0.01, 0.05) == "worse than"
    assert word(0.01, -0.02, 0.04, 0.5, 0.05) == "not distinguishable from"
    assert word(-0.06, -0.12, -0.004, 0.1, 0.05) == "not distinguishable (once Holm-corrected) from"


def test_the_opponent_verdict_is_written_from_the_table():
    rows = [{"method": m, "games": 1600, "diff": d, "diff_lo": d - 0.02, "diff_hi": d + 0.02,
             "diff_lo_all": d - 0.03, "diff_hi_all": d + 0.03,
             "p": p, "p_holm": p, "halfwidth": 0.02, "rounds_needed": 25, "nodes_mean": 1000 * r}
            for m, d, p, r in (("plain6", 0, np.nan, 1), ("om-perfect", 0.08, 1e-4, 2.5),
                               ("prom-uniform", -0.01, 0.5, 6), ("prom-dbn", 0.02, 0.3, 7),
                               ("one-hist-game", 0.04, 0.01, 1.3))]
    text = chapter13_words.verdict_text(pd.DataFrame(rows))
    assert ("OM search: `om-perfect` is better than `plain6` (+8.0 score points (+6.0 to +10.0), p (Holm over the 4 "
            "methods against plain6) = 0.0001)") in text
    assert "25 % with `prom-dbn`" in text and "50 % with `one-hist-game`" in text
    assert "can be disastrous **does not show here**" in text and "PrOM search beats alpha-beta at equal depth " \
        "**is not reproduced here**" in text
    rows[1] |= {"diff": -0.08, "diff_lo": -0.1, "diff_hi": -0.06}
    text = chapter13_words.verdict_text(pd.DataFrame(rows))
    assert "**holds here** even with White's true weights" in text
    assert "OM search with White's true weights gains nothing over `plain6` here, so no share of a gain" in text
    assert "Even the perfect model" not in text  # no inference the contrasts do not support (issue 46)


def contrasts_table(om_white1: float, matched_white1: float, matched_vs_om: float, p: float = 1e-4) -> pd.DataFrame:
    """A hand-made foresight contrasts table: the oracle +6 points on plain6, +1 on plain8, +5 on one-hist."""
    rows = [("oracle", "plain6", "all", 0.06), ("oracle", "plain8", "all", 0.01), ("oracle", "one-hist", "all", 0.05),
            ("om-matched", "om-perfect", "all", 0.04), ("om-matched", "plain6", "all", -0.01),
            ("om-perfect", "plain6", "1", om_white1), ("om-matched", "plain6", "1", matched_white1),
            ("om-matched", "om-perfect", "1", matched_vs_om)]
    return pd.DataFrame([{"method": m, "against": a, "white": w, "games": 1600 if w == "all" else 400, "diff": d,
                          "diff_lo": d - 0.02, "diff_hi": d + 0.02, "p": p,
                          "p_holm": p if abs(d) > 0.02 else 0.5} for m, a, w, d in rows])


def test_the_foresight_verdict_is_written_from_the_contrasts():
    text = " ".join(chapter13_words.foresight_verdict(contrasts_table(-0.5, -0.01, 0.49), 0.05))
    assert "(`oracle`), Black is better than `plain6`: +6.0 score points (+4.0 to +8.0; 1600 paired games" in text
    assert "and not distinguishable from `plain8`: +1.0 score points" in text
    assert "not the thesis's method with a perfect model, so this contrast does not say what a better model" in text
    assert "could still win" not in text
    assert "Matching White's depth **removes** OM search's loss there." in text
    assert "Against White 1, OM search (`om-perfect`) is worse than `plain6`: -50.0 score points" in text
    text = " ".join(chapter13_words.foresight_verdict(contrasts_table(-0.5, -0.3, 0.2), 0.05))
    assert "**reduces but does not remove**" in text
    text = " ".join(chapter13_words.foresight_verdict(contrasts_table(-0.5, -0.49, 0.01), 0.05))
    assert "**does not remove**" in text
    text = " ".join(chapter13_words.foresight_verdict(contrasts_table(-0.01, 0.0, 0.01), 0.05))
    assert "OM search loses nothing beyond noise there, so matching has no loss to remove." in text
    worse = contrasts_table(-0.5, -0.01, 0.49)
    worse.loc[2, ["diff", "diff_lo", "diff_hi"]] = [-0.08, -0.1, -0.06]  # the oracle below one-hist
    below = " ".join(chapter13_words.foresight_verdict(worse, 0.05))
    assert "the oracle is worse than `one-hist`" in below and "what limits the thesis's method" not in below
    strict = " ".join(chapter13_words.foresight_verdict(contrasts_table(-0.5, -0.01, 0.49), 1e-5))
    assert "loses nothing beyond noise" in strict


def test_a_p_at_the_randomised_test_floor_is_an_upper_bound():
    from pawnslib.experiments.paired import N_PERM

    floor = contrasts_table(-0.5, -0.01, 0.49, p=1 / (N_PERM + 1))
    floor["p_holm"] = 0.0008
    text = " ".join(chapter13_words.foresight_verdict(floor, 0.05))
    group = "p (Holm over the 8 paired contrasts)"
    assert f"{group} ≤ 0.0008" in text and f"{group} =" not in text
    assert f"{group} = 0.0001" in " ".join(chapter13_words.foresight_verdict(contrasts_table(-0.5, -0.01, 0.49), 0.05))


def _table():
    rows = [{"method": m, "games": 1600, "diff": d, "diff_lo": d - 0.02, "diff_hi": d + 0.02, "diff_lo_all": d - 0.03,
             "diff_hi_all": d + 0.03, "p": p, "p_holm": p, "halfwidth": 0.02, "rounds_needed": 25, "nodes_mean": 1000}
            for m, d, p in (("plain6", 0, np.nan), ("plain8", 0.10, 1e-4), ("one-hist", 0.004, 1.0),
                            ("one-hist-game", 0.010, 1.0), ("prom-uniform", -0.003, 1.0))]
    return pd.DataFrame(rows)


def test_the_best_of_k_is_quoted_with_its_simultaneous_interval_and_the_bound():
    t = _table().set_index("method")
    best = chapter13_words.best_sentence(t)
    assert best == ("The largest change of the 2 prediction methods, `one-hist-game`'s, is +1.0 score points (-2.0 "
                    "to +4.0, simultaneous 95 % interval over the 4 methods against plain6)")
    assert chapter13_words.bound(t) == (pytest.approx(0.04), "one-hist-game")
    assert "no prediction method gains more than +4.0 score points" in chapter13_words.bound_sentence(t)
    text = chapter13_words.verdict_text(_table())
    assert best in text and "p (Holm over the 4 methods against plain6) = 1" in text


def test_chapter_12_claims_are_in_win_rate_points_and_the_report_lines_carry_them():
    claims = pd.DataFrame({"claim": ["the asymmetric tree helps Black quite a lot where a win was unlikely"],
                           "direction": [1], "method": ["one-hist"], "pairs": ["1-2 1-3"], "games": [200],
                           "diff": [0.02], "diff_lo": [-0.01], "diff_hi": [0.05], "p": [0.3], "p_holm": [0.6],
                           "verdict": ["not reproduced"]})
    text = chapter13_words.verdict_text(_table(), claims)
    assert ("+2.0 win-rate points (-1.0 to +5.0), p (Holm over Chapter 12's 1 claims) = 0.6: **not reproduced**"
            in text) and "score points (-1.0" not in text
    lines = chapter13_words.report_lines(_table(), claims, "kalles")
    assert [x["id"] for x in lines] == ["ch13.pays", "ch12.helps_unlikely"]  # by id, not by their words
    best = chapter13_words.best_predicting(_table().set_index("method"))
    assert lines[0]["method"] == best and lines[0]["estimate"] == _table().set_index("method").loc[best, "diff"]
    assert lines[0]["verdict"] == "new" and "simultaneous 95 % interval" in lines[0]["ours"]
    assert lines[1]["strategies"] == "thesis (Chapter 13's games)" and "win-rate points" in lines[1]["ours"]
    assert lines[1]["estimate"] == 0.02 and lines[1]["unit"] == "win-rate points"


def test_the_recognition_sentence_follows_its_contrast():
    def table(diff, p):
        rows = contrasts_table(-0.5, -0.01, 0.49)
        extra = pd.DataFrame([{"method": "prom-dbn-cal", "against": a, "white": "all", "games": 1600, "diff": d,
                               "diff_lo": d - 0.006, "diff_hi": d + 0.006, "p": p, "p_holm": p}
                              for a, d in (("prom-uniform", diff), ("prom-dbn", 0.04))])
        return pd.concat([rows, extra], ignore_index=True)

    said = " ".join(chapter13_words.foresight_verdict(table(-0.011, 0.004), 0.05))
    assert "`prom-dbn-cal`) is worse than `prom-uniform`: -1.1 score points" in said
    assert "**no: calibrated recognition loses to recognising no one**" in said
    assert "**it pays**" in " ".join(chapter13_words.foresight_verdict(table(0.02, 0.001), 0.05))
    assert "**no gain from recognition is measurable** at this power" in " ".join(
        chapter13_words.foresight_verdict(table(0.002, 0.6), 0.05))


def _map(rows):
    """A map table (predictability.map_table's columns) from (White's noise, depth, method, plain6 score, diff, lo, hi,
    p_holm)."""
    out = pd.DataFrame(rows, columns=["white_noise", "white_depth", "method", "plain6_score", "diff", "diff_lo",
                                      "diff_hi", "p_holm"])
    return out.assign(games=400, distinct_games=400, score=out.plain6_score + out["diff"], p=out.p_holm / 2,
                      predictability=out.white_noise.map({"none": 1.0, "thesis": 0.64}),
                      diff_lo_all=out.diff_lo - 0.01, diff_hi_all=out.diff_hi + 0.01, plain8_share=0.2)


ROWS = [("none", 2, "plain8", 0.8, 0.10, 0.08, 0.12, 0.001), ("none", 2, "oracle", 0.8, 0.02, -0.01, 0.05, 0.6),
        ("thesis", 6, "plain8", 0.67, 0.09, 0.07, 0.11, 0.001), ("thesis", 6, "oracle", 0.67, 0.0, -0.02, 0.02, 1.0)]


def test_where_prediction_pays_counts_only_predicting_methods_beyond_noise():
    rows = list(ROWS)
    said = chapter13_words.map_sentences(_map(rows), 0.05)
    assert said[0] == ("White at 2 plies breaking no tie by noise (its noise-free model predicts 100 % of its moves; "
                       "400 distinct paired games): `plain6` scores 80 %, `plain8` gains +10.0 (+8.0 to +12.0); the "
                       "best method that models White, `oracle`, +2.0 (-2.0 to +6.0, simultaneous over the cell's 2 "
                       "methods); beyond noise: `plain8` better.")  # the largest of them: its simultaneous interval
    assert said[-1] == ("**No method that models White beats `plain6` beyond noise in any cell** (p < 0.05, Holm over "
                        "the map's 4 contrasts).")  # plain8's gain is depth, not prediction
    rows[1] = ("none", 2, "oracle", 0.8, 0.04, 0.02, 0.06, 0.01)
    assert chapter13_words.map_sentences(_map(rows), 0.05)[-1].startswith(
        "**Modelling White pays where White is predictable**: most against White at 2 plies breaking no tie by noise, "
        "`oracle` +4.0 score points (+2.0 to +6.0;")


def _loss(rows):
    out = pd.DataFrame(rows, columns=["white_depth", "pairings", "method", "against", "diff", "diff_lo", "diff_hi",
                                      "p_holm"])
    return out.assign(games=400, p=out.p_holm / 2)


@pytest.mark.parametrize("lost_at_5", [True, False])
def test_the_oracles_loss_says_only_what_its_contrasts_separate(lost_at_5):
    at5 = (-0.07, -0.09, -0.05, 0.001) if lost_at_5 else (-0.01, -0.03, 0.01, 0.5)
    rows = [(6, "diagonal", "oracle", "plain6", -0.08, -0.14, -0.02, 0.02),
            (6, "off the diagonal", "oracle", "plain6", -0.08, -0.11, -0.05, 0.001),
            (5, "diagonal", "oracle", "plain6", -0.04, -0.09, 0.0, 0.2),
            (5, "off the diagonal", "oracle", "plain6", -0.08, -0.1, -0.06, 0.001),
            (5, "all", "oracle", "plain6", *at5),
            (6, "all", "oracle-deep", "plain6", 0.0, -0.02, 0.02, 0.9),
            (6, "all", "oracle-deep", "oracle", 0.08, 0.06, 0.1, 0.001),
            (6, "all", "oracle-deep", "plain8", -0.1, -0.12, -0.08, 0.001)]
    said = chapter13_words.loss_sentences(_loss(rows), 0.05)
    assert said[0].startswith("The oracle against `plain6`, White at 6: on the diagonal (both sides the same weights) "
                              "-8.0 score points (-14.0 to -2.0; 400 paired games, p (Holm over the 8 contrasts of "
                              "the oracle's loss) = 0.02), off it -8.0")
    assert ("the horizon's mismatch alone does not explain the loss." in said[1]) == lost_at_5
    assert ("does not rule the horizon out" in said[1]) != lost_at_5
    assert ("loses beyond noise too (White at 6 plies), so the disagreement between Black's evaluation and White's "
            "does not explain all of it") in said[2]
    assert "One more ply below the reply removes the oracle's loss against `plain6`" in said[3]
    rows[5] = (6, "all", "oracle-deep", "plain6", -0.05, -0.07, -0.03, 0.001)
    assert "does not remove the loss" in chapter13_words.loss_sentences(_loss(rows), 0.05)[3]
    assert said[-1].startswith("Every contrast here keeps the thesis's tie-breaking")


def test_the_perfect_model_sentence_names_each_of_its_contrasts():
    rows = [("one-hist-told1", against, "all", "", 1600, d, d - 0.02, d + 0.02, p, p)
            for against, d, p in (("plain6", -0.003, 0.7), ("one-hist", -0.007, 0.5), ("plain8", -0.1, 0.001))]
    contrasts = pd.DataFrame(rows, columns=["method", "against", "white", "what", "games", "diff", "diff_lo",
                                            "diff_hi", "p", "p_holm"])
    text = chapter13_words.foresight_verdict(contrasts, 0.05)[0]
    assert text.startswith("With a perfect model of White's next reply, the thesis's method (`one-hist-told1`")
    assert "is not distinguishable from `plain6`: -0.3 score points (-2.3 to +1.7; 1600 paired games" in text
    assert ", not distinguishable from `one-hist`: -0.7" in text and ", worse than `plain8`: -10.0" in text
    assert "over the 3 paired contrasts" in text


def test_the_old_name_of_the_verdict_text_warns_and_is_the_same_function():
    with pytest.warns(DeprecationWarning, match="verdict is renamed verdict_text"):
        assert chapter13_words.verdict is chapter13_words.verdict_text


# ----------------------------------------------------------------------------- the decisions, as labels


def _methods(rows) -> pd.DataFrame:
    """A hand-made ch13_methods table from (method, diff, p_holm): intervals +-2 points, simultaneous +-3."""
    return pd.DataFrame([{"method": m, "games": 1600, "diff": d, "diff_lo": d - 0.02, "diff_hi": d + 0.02,
                          "diff_lo_all": d - 0.03, "diff_hi_all": d + 0.03, "p": p, "p_holm": p, "halfwidth": 0.02,
                          "rounds_needed": 25, "nodes_mean": 1000} for m, d, p in [("plain6", 0, np.nan), *rows]])


def test_comparison_labels_follow_the_corrected_test_and_say_when_the_interval_disagrees():
    label = chapter13_words.comparison_label
    assert label(0.05, 0.02, 0.08, 0.01, 0.05) == "better" and label(-0.05, -0.08, -0.02, 0.01, 0.05) == "worse"
    assert label(0.01, -0.02, 0.04, 0.5, 0.05) == "not distinguishable"
    assert label(-0.06, -0.12, -0.004, 0.1, 0.05) == "not distinguishable once corrected"
    assert label(0.05, 0.02, 0.08, 0.01, 0.001) == "not distinguishable once corrected"
    assert set(chapter13_words.COMPARISON_WORDS) == {"better", "worse", "not distinguishable",
                                                     "not distinguishable once corrected"}


def test_the_methods_decisions_are_labels_and_booleans():
    t = _methods([("plain8", 0.10, 1e-4), ("one-hist", 0.004, 1.0), ("random", -0.05, 0.01),
                  ("om-perfect", -0.10, 1e-4), ("prom-uniform", -0.003, 1.0), ("prom-dbn", -0.05, 1e-3),
                  ("one-hist-game", 0.01, 1.0)])
    d = chapter13_words.decisions(t)
    assert d["ch13.methods.plain8-plain6"] == "better" and d["ch13.methods.om-perfect-plain6"] == "worse"
    assert d["ch13.methods.one-hist-plain6"] == "not distinguishable"
    assert d["prediction_beats_plain6"] is False and d["prediction_loses_to_plain6"] is True  # random
    assert d["om_disaster"] is True and d["om_perfect_gains"] is False and d["prom_beats_alphabeta"] is False
    assert d["best_share_of_plain8"] is False and d["power_reached"] is True
    assert chapter13_words.decisions(t, target=0.01)["power_reached"] is False
    t.loc[t.method == "one-hist", ["diff", "p_holm"]] = [0.05, 0.001]
    t.loc[t.method == "prom-uniform", ["diff", "p_holm"]] = [0.03, 0.01]
    d = chapter13_words.decisions(t)
    assert d["prediction_beats_plain6"] is True and d["best_share_of_plain8"] is True
    assert d["prom_beats_alphabeta"] is True and chapter13_words.beating(t.set_index("method")) == ["one-hist"]
    assert chapter13_words.decisions(t, alpha=1e-5)["prediction_beats_plain6"] is False
    assert "om_disaster" not in chapter13_words.decisions(_methods([("one-hist", 0.0, 1.0)]))


@pytest.mark.parametrize("om_white1, matched_white1, matched_vs_om, answer", [
    (-0.5, -0.01, 0.49, "removed"), (-0.5, -0.3, 0.2, "reduced"), (-0.5, -0.49, 0.01, "not removed"),
    (-0.01, 0.0, 0.01, "no loss")])
def test_whether_matching_removes_om_searchs_loss_is_a_label(om_white1, matched_white1, matched_vs_om, answer):
    contrasts = contrasts_table(om_white1, matched_white1, matched_vs_om)
    d = chapter13_words.decisions(_table(), contrasts)
    assert d["matching"] == answer
    assert d["ch13.contrasts.oracle-plain6"] == "better" and d["ch13.contrasts.oracle-plain8"] == "not distinguishable"
    assert "recognition" not in d
    assert chapter13_words.contrast_decisions(contrasts, 1e-5)["matching"] == "no loss"  # nothing beyond noise


@pytest.mark.parametrize("diff, p, answer", [(-0.011, 0.004, "loses"), (0.02, 0.001, "pays"),
                                             (0.002, 0.6, "not measurable")])
def test_whether_calibrated_recognition_pays_is_a_label(diff, p, answer):
    rows = pd.DataFrame([{"method": "prom-dbn-cal", "against": "prom-uniform", "white": "all", "games": 1600,
                          "diff": diff, "diff_lo": diff - 0.006, "diff_hi": diff + 0.006, "p": p, "p_holm": p}])
    assert chapter13_words.contrast_decisions(rows, 0.05)["recognition"] == answer


def test_where_prediction_pays_is_decided_by_predicting_methods_beyond_noise():
    rows = list(ROWS)
    d = chapter13_words.map_decisions(_map(rows), 0.05)
    assert d["modelling_pays"] is False and chapter13_words.paying_cell(_map(rows), 0.05) is None  # plain8: depth
    assert d["ch13.map.plain8-plain6.none.depth2"] == "better"
    assert d["ch13.map.oracle-plain6.none.depth2"] == "not distinguishable"
    rows[1] = ("none", 2, "oracle", 0.8, 0.04, 0.02, 0.06, 0.01)
    assert chapter13_words.map_decisions(_map(rows), 0.05)["modelling_pays"] is True
    assert chapter13_words.paying_cell(_map(rows), 0.05).method == "oracle"
    assert chapter13_words.map_decisions(_map(rows), 0.001)["modelling_pays"] is False


@pytest.mark.parametrize("lost_at_5", [True, False])
def test_what_the_oracles_loss_rules_out_is_decided_from_its_contrasts(lost_at_5):
    at5 = (-0.07, -0.09, -0.05, 0.001) if lost_at_5 else (-0.01, -0.03, 0.01, 0.5)
    rows = [(6, "diagonal", "oracle", "plain6", -0.08, -0.14, -0.02, 0.02),
            (6, "off the diagonal", "oracle", "plain6", -0.08, -0.11, -0.05, 0.001),
            (5, "diagonal", "oracle", "plain6", -0.04, -0.09, 0.0, 0.2),
            (5, "all", "oracle", "plain6", *at5),
            (6, "all", "oracle-deep", "plain6", 0.0, -0.02, 0.02, 0.9),
            (6, "all", "oracle-deep", "oracle", 0.08, 0.06, 0.1, 0.001),
            (6, "all", "oracle-deep", "plain8", -0.1, -0.12, -0.08, 0.001)]
    d = chapter13_words.loss_decisions(_loss(rows), 0.05)
    assert (d["ch13.oracle_loss.oracle-plain6.depth5"] == "worse") == lost_at_5
    assert d["ch13.oracle_loss.oracle-plain6.depth6.diagonal"] == "worse" and d["diagonal_loses"] is True
    assert d["deep_removes_loss"] is True
    rows[4] = (6, "all", "oracle-deep", "plain6", -0.05, -0.07, -0.03, 0.001)
    assert chapter13_words.loss_decisions(_loss(rows), 0.05)["deep_removes_loss"] is False
    strict = chapter13_words.loss_decisions(_loss(rows), 1e-4)
    assert strict["diagonal_loses"] is False and strict["deep_removes_loss"] is False
    assert "deep_removes_loss" not in chapter13_words.loss_decisions(_loss(rows[:4]), 0.05)


def test_the_words_and_the_contrasts_table_decide_alike():
    from pathlib import Path

    from pawnslib.experiments.chapter13 import contrast_records

    tables = chapter13_words.load_tables(Path(__file__).resolve().parents[2] / "results")
    ceiling = chapter13_words.load_map(Path(__file__).resolve().parents[2] / "results")
    if tables is None or tables[2] is None or ceiling is None or ceiling[1] is None:
        pytest.skip("Chapter 13's tables are not in results/tables")
    methods, _, contrasts = tables
    white_map, loss = ceiling
    said = (chapter13_words.decisions(methods, contrasts) | chapter13_words.map_decisions(white_map)
            | chapter13_words.loss_decisions(loss))
    verdicts = contrast_records(methods, contrasts, white_map, loss).set_index("id").verdict
    collapse = {"not distinguishable once corrected": "not distinguishable"}
    assert {k: collapse.get(said[k], said[k]) for k in verdicts.index} == verdicts.to_dict()
    assert said["om_disaster"] is True and said["prediction_beats_plain6"] is False  # the committed run's answers
