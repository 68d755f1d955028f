"""Chapter 13's verdicts as labels and booleans, decided from hand-made tables, and its report lines as records."""

from pathlib import Path

import chapter13_tables as tables
import pandas as pd
import pytest

from pawnslib.experiments import chapter13_verdicts as cv
from pawnslib.experiments import plan

CLAIMS = pd.DataFrame({"id": ["ch12.helps_unlikely"],
                       "claim": ["the asymmetric tree helps Black quite a lot where a win was unlikely"],
                       "direction": [1], "method": ["one-hist"], "pairs": ["1-2 1-3"], "games": [200], "diff": [0.02],
                       "diff_lo": [-0.01], "diff_hi": [0.05], "p": [0.3], "p_holm": [0.6],
                       "thesis_value": [0.5], "margin": [0.15], "margin_why": ["under half the smallest change"],
                       "verdict": ["not reproduced"]})


def test_comparison_labels_follow_the_corrected_test_and_say_when_the_interval_disagrees():
    label = cv.comparison_label
    assert label(0.05, 0.02, 0.08, 0.01, 0.05) == "better" and label(-0.05, -0.08, -0.02, 0.01, 0.05) == "worse"
    assert label(0.01, -0.02, 0.04, 0.5, 0.05) == "not distinguishable"
    assert label(-0.06, -0.12, -0.004, 0.1, 0.05) == "not distinguishable once corrected"
    assert label(0.05, 0.02, 0.08, 0.01, 0.001) == "not distinguishable once corrected"


def test_the_methods_decisions_are_labels_and_booleans():
    t = tables.methods([("plain8", 0.10, 1e-4), ("one-hist", 0.004, 1.0), ("random", -0.05, 0.01),
                        ("om-perfect", -0.10, 1e-4), ("prom-uniform", -0.003, 1.0), ("prom-dbn", -0.05, 1e-3),
                        ("one-hist-game", 0.01, 1.0)])
    d = cv.decisions(t)
    assert d["ch13.methods.plain8-plain6"] == "better" and d["ch13.methods.om-perfect-plain6"] == "worse"
    assert d["ch13.methods.one-hist-plain6"] == "not distinguishable"
    assert d["prediction_beats_plain6"] is False and d["prediction_loses_to_plain6"] is True  # random
    assert d["om_disaster"] is True and d["om_perfect_gains"] is False and d["prom_beats_alphabeta"] is False
    assert d["best_share_of_plain8"] is False and d["power_reached"] is True
    assert cv.decisions(t, target=0.01)["power_reached"] is False
    t.loc[t.method == "one-hist", ["diff", "p_holm"]] = [0.05, 0.001]
    t.loc[t.method == "prom-uniform", ["diff", "p_holm"]] = [0.03, 0.01]
    d = cv.decisions(t)
    assert d["prediction_beats_plain6"] is True and d["best_share_of_plain8"] is True
    assert d["prom_beats_alphabeta"] is True and d["ch13.methods.one-hist-plain6"] == "better"
    assert cv.decisions(t, alpha=1e-5)["prediction_beats_plain6"] is False
    assert "om_disaster" not in cv.decisions(tables.methods([("one-hist", 0.0, 1.0)]))


def test_the_best_of_k_and_the_bound_on_any_prediction_method():
    t = tables.methods([("plain8", 0.10, 1e-4), ("one-hist", 0.004, 1.0), ("one-hist-game", 0.010, 1.0),
                        ("prom-uniform", -0.003, 1.0)]).set_index("method")
    assert cv.best_predicting(t) == "one-hist-game"  # plain8 predicts nothing
    assert cv.bound(t) == (pytest.approx(0.04), "one-hist-game")  # the highest simultaneous upper end


@pytest.mark.parametrize("om_white1, matched_white1, matched_vs_om, answer", [
    (-0.5, -0.01, 0.49, "removed"), (-0.5, -0.3, 0.2, "reduced"), (-0.5, -0.49, 0.01, "not removed"),
    (-0.01, 0.0, 0.01, "no loss")])
def test_whether_matching_removes_om_searchs_loss_is_a_label(om_white1, matched_white1, matched_vs_om, answer):
    contrasts = tables.contrasts(om_white1, matched_white1, matched_vs_om)
    d = cv.decisions(tables.methods([("one-hist", 0.004, 1.0)]), contrasts)
    assert d["matching"] == answer
    assert d["ch13.contrasts.oracle-plain6"] == "better" and d["ch13.contrasts.oracle-plain8"] == "not distinguishable"
    assert "recognition" not in d
    assert cv.contrast_decisions(contrasts, 1e-5)["matching"] == "no loss"  # nothing beyond noise


@pytest.mark.parametrize("diff, p, answer", [(-0.011, 0.004, "loses"), (0.02, 0.001, "pays"),
                                             (0.002, 0.6, "not measurable")])
def test_whether_recognition_pays_is_a_label_of_prom_learned_against_prom_uniform(diff, p, answer):
    rows = pd.DataFrame([{"method": "prom-learned", "against": "prom-uniform", "white": "all", "games": 1600,
                          "diff": diff, "diff_lo": diff - 0.006, "diff_hi": diff + 0.006, "p": p, "p_holm": p}])
    assert cv.contrast_decisions(rows, 0.05)["recognition"] == answer


def test_where_prediction_pays_is_decided_by_predicting_methods_beyond_noise():
    rows = list(tables.MAP_ROWS)
    d = cv.map_decisions(tables.white_map(rows), 0.05)
    assert d["modelling_pays"] is False and cv.paying_cell(tables.white_map(rows), 0.05) is None  # plain8: depth
    assert d["ch13.map.plain8-plain6.none.depth2"] == "better"
    assert d["ch13.map.oracle-plain6.none.depth2"] == "not distinguishable"
    rows[1] = ("none", 2, "oracle", 0.8, 0.04, 0.02, 0.06, 0.01)
    assert cv.map_decisions(tables.white_map(rows), 0.05)["modelling_pays"] is True
    assert cv.paying_cell(tables.white_map(rows), 0.05).method == "oracle"
    assert cv.map_decisions(tables.white_map(rows), 0.001)["modelling_pays"] is False


@pytest.mark.parametrize("lost_at_5", [True, False])
def test_what_the_oracles_loss_rules_out_is_decided_from_its_contrasts(lost_at_5):
    rows = tables.loss_rows(lost_at_5)
    d = cv.loss_decisions(tables.loss(rows), 0.05)
    assert (d["ch13.oracle_loss.oracle-plain6.depth5"] == "worse") == lost_at_5
    assert d["ch13.oracle_loss.oracle-plain6.depth6.diagonal"] == "worse" and d["diagonal_loses"] is True
    assert d["deep_removes_loss"] is True
    rows[5] = (6, "all", "oracle-deep", "plain6", -0.05, -0.07, -0.03, 0.001)
    assert cv.loss_decisions(tables.loss(rows), 0.05)["deep_removes_loss"] is False
    strict = cv.loss_decisions(tables.loss(rows), 1e-4)
    assert strict["diagonal_loses"] is False and strict["deep_removes_loss"] is False
    assert "deep_removes_loss" not in cv.loss_decisions(tables.loss(rows[:5]), 0.05)


def _pay_tables():
    """Chapter 13 losing with OM search, and a map whose PrOM search gains against a noise-free depth-2 White
    before the correction only, while recognising White adds nothing beyond noise there."""
    t = tables.methods([("plain8", 0.10, 1e-4), ("om-perfect", -0.10, 1e-4), ("one-hist", 0.004, 1.0)])
    t = t.assign(se=0.01, family=["", "yardstick", "ch13.methods", "ch13.methods"])
    white_map = tables.white_map([("none", 2, "plain8", 0.7, 0.13, 0.09, 0.17, 1e-4),
                                  ("none", 2, "prom-learned", 0.7, 0.054, 0.013, 0.094, 0.33),
                                  ("none", 6, "plain8", 0.7, 0.15, 0.1, 0.2, 1e-4),
                                  ("none", 6, "om-perfect", 0.7, -0.125, -0.17, -0.08, 1e-4)])
    white_map = white_map.assign(family=["yardstick", "ch13.map", "yardstick", "ch13.map"], se=[0.02, 0.02, 0.03, 0.02],
                                 recognition=[0.015] * 2 + [-0.09] * 2, recognition_lo=[-0.024] * 2 + [-0.14] * 2,
                                 recognition_hi=[0.054] * 2 + [-0.035] * 2, recognition_p=[0.45] * 2 + [0.001] * 2)
    white_map.loc[1, "p"] = 0.009  # its own test rejects; Holm over the family does not
    white_map.loc[white_map.method == "plain8", "p"] = 1e-4  # the yardstick: its Holm p is its own p
    return t, white_map


def test_the_pay_sides_name_the_losses_the_gain_whose_it_is_and_the_power():
    t, white_map = _pay_tables()
    sides = cv.pay_sides(t, white_map)
    assert [(r["source"], r["method"], r["noise"], r["depth"]) for r in sides["losses"]] == [
        ("map", "om-perfect", "none", 6), ("ch13", "om-perfect", "thesis", 6)]  # worst first
    assert sides["loss_depths"] == [6] and sides["gains"] == []
    gain = sides["gain"]
    assert gain is sides["uncorrected"][0] and (gain["method"], gain["label"]) == ("prom-learned",
                                                                                   "not distinguishable")
    assert (gain["lo"], gain["hi"]) == pytest.approx((0.003, 0.104))  # its simultaneous interval
    assert sides["recognition"] == {"diff": 0.015, "lo": -0.024, "hi": 0.054, "p": 0.45, "comes_from": "search"}
    assert sides["deeper"] == pytest.approx({"diff": 0.10, "lo": 0.08, "hi": 0.12})
    assert sides["deeper_map"] == pytest.approx({"lo": 0.13, "hi": 0.15})
    # the smallest change detectable at 80 % power after Holm over each family: k its rows, se their median
    assert sides["detectable_map"] == pytest.approx({"effect": plan.detectable(0.02, k=2), "se": 0.02, "k": 2})
    assert sides["detectable"] == pytest.approx({"effect": plan.detectable(0.01, k=2), "se": 0.01, "k": 2})
    # plain8 is never a loss or a gain of modelling White, however far beyond noise
    assert all(r["method"] != "plain8" for r in sides["losses"] + sides["gains"] + sides["uncorrected"])
    # a recognition contrast beyond noise: the gain is recognition's
    white_map[["recognition", "recognition_p"]] = [0.05, 0.001]
    assert cv.pay_sides(t, white_map)["recognition"]["comes_from"] == "recognition"
    alone = cv.pay_sides(t)  # before the map was made
    assert alone["gain"] is None and alone["recognition"] is None and alone["detectable_map"] is None


def test_the_report_lines_are_records_by_id():
    t = tables.methods([("plain8", 0.10, 1e-4), ("one-hist", 0.004, 1.0), ("one-hist-game", 0.010, 1.0)])
    lines = cv.report_lines(t, CLAIMS, "kalles")
    assert [x["id"] for x in lines] == ["ch13.pays", "ch12.helps_unlikely"]  # by id, not by their words
    pays, helps = lines
    assert (pays["method"], pays["verdict"], pays["reading"], pays["group"]) == ("one-hist-game", "new", "kalles",
                                                                                 "ch13.methods")
    assert (pays["estimate"], pays["lo"], pays["hi"]) == pytest.approx((0.01, -0.02, 0.04))  # simultaneous
    # what its figure says beyond the numbers: over the 2 methods of its family (plain8 outside), the most any gains
    assert pays["facts"] == {"k": 2, "most": pytest.approx(0.04)} and pays["test"] == "paired-t-holm"
    assert helps["facts"] == {"pairs": ["1-2", "1-3"]}
    assert helps["strategies"] == "thesis (Chapter 13's games)" and helps["unit"] == "win-rate points"
    assert (helps["estimate"], helps["games"], helps["verdict"]) == (0.02, 200, "not reproduced")


def test_the_decisions_and_the_contrasts_table_agree_on_the_committed_run():
    from pawnslib.experiments.chapter13 import contrast_records

    results = Path(__file__).resolve().parents[2] / "results"
    saved, ceiling = cv.load_tables(results), cv.load_map(results)
    if saved is None or saved.contrasts is None or ceiling is None or ceiling[1] is None:
        pytest.skip("Chapter 13's tables are not in results/tables")
    white_map, loss = ceiling
    said = (cv.decisions(saved.methods, saved.contrasts) | cv.map_decisions(white_map) | cv.loss_decisions(loss))
    verdicts = contrast_records(saved.methods, saved.contrasts, white_map, loss).set_index("id").verdict
    collapse = {"not distinguishable once corrected": "not distinguishable"}
    assert {k: collapse.get(said[k], said[k]) for k in verdicts.index} == verdicts.to_dict()
    assert said["om_disaster"] is True and said["prediction_beats_plain6"] is False  # the committed run's answers
