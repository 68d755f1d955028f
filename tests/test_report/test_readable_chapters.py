"""The chapters' detail tables in the reader's words: headers without code names, intervals as "a to b"."""

import re

import numpy as np
import pandas as pd
import pytest

from pawnslib.experiments import branching, rlgame, tiebreak
from pawnslib.experiments.stats import pairing_counts, strategy_strength
from pawnslib.report import readable_chapters as rc

A_TO_B = r"-?[\d.,]+ %? ?\(-?[\d.,]+ to -?[\d.,]+\)"


def _words_only(table: pd.DataFrame) -> None:
    headers = [str(h) for h in table.columns] + [str(h) for h in table.index if isinstance(h, str)]
    assert not [h for h in headers if "_" in h], headers


def test_branching_factor_one_column_per_reading_with_its_interval():
    rng = np.random.default_rng(7)
    summary = pd.DataFrame({r: branching.summary(branching.moves_table(branching.random_game(rng, r)
                                                                         for _ in range(6)), seed=1)
                            for r in ("kalles", "king")}).T
    shown = rc.branching_table(summary)
    assert list(shown.columns) == ["kalles", "king"]
    _words_only(shown)
    mean = shown.loc["legal moves a position, mean (95 % interval)", "king"]
    assert re.fullmatch(r"\d+\.\d\d \(\d+\.\d\d to \d+\.\d\d\)", mean), mean
    assert shown.loc["games", "kalles"] == "6" and "positions with 10 or 11 moves" in shown.index
    with pytest.raises(ValueError, match="branching-factor table lacks the column.*median moves"):
        rc.branching_table(summary.drop(columns="median moves"))


def test_rlgame_counts_moves_with_their_games():
    table = pd.DataFrame({"moves": [100, 80], "removals": [5, 0], "order_differs": [2, 0], "self_emptied": [0, 1],
                          "first_ply": [12, 40]})
    differences = pd.DataFrame([rlgame.summary(table)], index=pd.MultiIndex.from_tuples([("kalles", "random")]))
    col = rc.rlgame_table(differences)[("kalles", "random")]
    assert col["moves whose sequential removal leaves another position (in games)"] == "2 (in 1)"
    assert col["moves that empty the mover's own side (in games)"] == "1 (in 1)"
    assert re.fullmatch(r"100\.0 % \([\d.]+ to 100\.0\)", col["games that would diverge (95 % interval)"])


def test_strength_names_the_worst_opponent():
    records = [{"black": 1, "white": 2, "result": "black"}, {"black": 2, "white": 1, "result": "black"},
               {"black": 1, "white": 3, "result": "white"}, {"black": 3, "white": 2, "result": "draw"}]
    shown = rc.strength_table(strategy_strength(records))
    _words_only(shown)
    assert shown.loc[1, "its worst: share won, against"] == "0 % against 3"
    assert shown.loc[1, "games"] == 3 and shown.loc[1, "others it beat at least once"] == 1
    assert re.fullmatch(A_TO_B, shown.loc[2, "win rate (95 % interval)"])


def test_pairing_changes_and_slices_read_in_points():
    changes = pd.DataFrame({"black": [1], "white": [2], "win_rate_plain": [0.19], "draw_rate_plain": [0.07],
                            "win_rate_asym": [0.2], "draw_rate_asym": [0.06], "games": [100], "same result": [89],
                            "delta": [0.01], "delta_lo": [-0.05], "delta_hi": [0.07], "p_value": [1.0],
                            "change": ["within noise"]})
    row = rc.pairing_changes_table(changes).iloc[0]
    assert row["change, win-rate points (95 % interval)"] == "+1 (−5 to +7)" and row["paired p"] == "1"
    assert row["Black wins, plain alpha-beta"] == "19%(7%)" and row["Black wins, asymmetric tree"] == "20%(6%)"
    slices = pd.DataFrame({"slices": [2, 4], "games": [320, 320], "predictions": [9000, 9100], "correct": [3000, 3100],
                           "share": [0.333, 0.341], "share_lo": [0.32, 0.33], "share_hi": [0.35, 0.36],
                           "diff": [-0.008, 0.0], "diff_lo": [-0.02, 0.0], "diff_hi": [0.004, 0.0]})
    shown = rc.slices_table(slices, base=4)
    _words_only(shown)
    assert shown["change from 4 slices, points"].tolist() == ["−0.8 (−2.0 to +0.4)", "–"]
    assert shown["share correct (95 % interval)"][0] == "33.3 % (32.0 to 35.0)"


def test_recognisers_and_the_tiebreak_study_in_words():
    at = pd.DataFrame({"games": [320, 320], "running": [213, 213], "accuracy": [0.3156, 0.828],
                       "ci_low": [0.267, 0.783], "ci_high": [0.368, 0.866], "p_true": [0.3145, 0.76],
                       rc.YARDSTICK_GAP: [50.31, -0.94]}, index=["per-row model", "learned choice model"])
    shown = rc.recognition_table(at)
    row = shown.loc["per-row model"]
    assert row["right (95 % interval)"] == "31.6 % (26.7 to 36.8)"
    assert row["below the perfect-knowledge yardstick, points"] == "50.3"
    assert shown.loc["learned choice model", "below the perfect-knowledge yardstick, points"] == "−0.9"
    # both denominators, and the perfect-knowledge recogniser, which a measured rate beats, is no "ceiling"
    assert row["held-out games (all counted)"] == "320" and row["of them still running"] == "213"
    assert not [h for h in shown.columns if "ceiling" in h.lower()]
    study = pd.DataFrame({"rules": ["kalles", "kalles"], "variant": ["thesis", "position"], "games": [1600, 1600],
                          "distinct_games": [1600, 1473], "black_win_rate": [0.66, 0.63], "win_lo": [0.64, 0.60],
                          "win_hi": [0.68, 0.65], "chi_square": [np.nan, 93.149], "df": [0, 16],
                          "p": [np.nan, 6.5e-13], "openings": [15.75, 4.0], "positions": [240, 240],
                          "needed": [187, 188], "exact": [0, 128]})
    shown = rc.tiebreak_table(study)
    _words_only(shown)
    test = "against the thesis's tie-breaking: chi-square (df), p"
    assert shown[test][0] == "–" and shown[test][1].startswith("93.1 (16), ")
    assert shown["of those with a tie, left exact"][1] == "128 of 188"
    assert shown["distinct games"].tolist() == ["1,600", "1,473"]
    assert shown["Black's win rate over distinct games (95 % interval)"].tolist() == ["66 % (64 to 68)",
                                                                                      "63 % (60 to 65)"]
    with pytest.raises(ValueError, match="tie-breaking study lacks the column.*needed"):
        rc.tiebreak_table(study.drop(columns="needed"))


def test_the_balance_of_power_is_a_grid_in_the_thesis_format():
    records = [{"black": 1, "white": 1, "result": r} for r in ("black", "black", "draw")]
    records += [{"black": 1, "white": 2, "result": "white"}, {"black": 2, "white": 1, "result": "black"}]
    counts = pairing_counts(records)
    shown = rc.balance_table(counts)
    assert shown.index.name == "Black \\ White" and list(shown.columns) == ["1", "2"]
    assert re.fullmatch(r"67%\(33%\) \(\d+ to \d+\), 3 games", shown.loc[1, "1"]), shown.loc[1, "1"]
    assert shown.loc[1, "2"].startswith("0% (0 to ") and pd.isna(shown.loc[2, "2"])  # not played
    with pytest.raises(ValueError, match="balance-of-power table lacks the column.*ci_low"):
        rc.balance_table(counts.drop(columns="ci_low"))


def _survival() -> pd.DataFrame:
    """``tiebreak.sensitivity`` of a tiny study: a win rate under two variants, a method under two schemes."""
    table = pd.DataFrame({"rules": ["kalles"] * 3, "variant": ["thesis", "none", "thesis, seed 8"],
                          "noise": ["thesis", "none", "thesis"], "seed": [7, 7, 8], "black_win_rate": [0.66, 0.5, 0.67],
                          "win_lo": [0.64, np.nan, 0.65], "win_hi": [0.68, np.nan, 0.7]})
    methods = pd.DataFrame({"noise": ["thesis", "position", "none"], "method": ["prom-uniform"] * 3,
                            "diff": [-0.003, 0.043, 0.219], "diff_lo_all": [-0.024, 0.021, np.nan],
                            "diff_hi_all": [0.018, 0.064, np.nan], "p_holm": [0.9, 0.001, np.nan]})  # simultaneous
    return tiebreak.sensitivity(table, methods, seed=7)


def test_the_tiebreak_verdicts_in_words():
    shown = rc.survival_table(_survival())
    _words_only(shown)
    assert list(shown.columns) == ["finding", "thesis", "position", "none", "thesis, second seed", "verdict"]
    rate, prom = shown.iloc[0], shown.iloc[1]
    assert rate["finding"] == "Black's Table 10.2 win rate (kalles), percent"
    assert rate.tolist()[1:5] == ["66 % (64 to 68)", "–", "50 %", "67 % (65 to 70)"]  # not played under position
    assert rate["verdict"] == ("holds under every tie-breaker: interval above the thesis's 50 %; none not judged, no "
                               "interval: 50.0 %")
    assert prom.tolist()[1:5] == ["−0.3 (−2.4 to +1.8)", "+4.3 (+2.1 to +6.4)", "+21.9", "–"]
    assert prom["verdict"] == ("depends on the tie-breaker: within noise, beats plain6; estimates -0.3 score points "
                               "to 4.3 score points; none not judged, no interval: +21.9 score points")
    with pytest.raises(ValueError, match="tiebreak_sensitivity lacks the column.*none_class"):
        rc.survival_table(_survival().drop(columns="none_class"))


def test_the_recognisers_and_their_goals_in_words():
    calibration = pd.DataFrame({"set": ["thesis"], "recogniser": ["learned choice model"], "move": [10],
                                "games": [320], "running": [213], "accuracy": [0.828125], "mean_max_p": [0.8231],
                                "log_loss": [0.4043]})
    shown = rc.recognisers_table(calibration)
    _words_only(shown)
    assert shown["right (95 % interval)"][0] == "83 % (78 to 87)" and shown["log-loss, nats"][0] == "0.40"
    assert shown["held-out games (all counted)"][0] == "320" and shown["of them still running"][0] == "213"
    goals = pd.DataFrame({"set": ["thesis"] * 3, "recogniser": ["learned"] * 3,
                          "goal": ["accuracy", "log_loss_below_uniform", "confidence_gap"], "move": [10, 1, 5],
                          "games": [320] * 3, "running": [213, 320, 320], "estimate": [0.83, 1.38, -0.02],
                          "lo": [0.78, 1.37, -0.05], "hi": [0.87, 1.385, 0.01], "level": [0.95] * 3,
                          "target": [0.7, np.log(4), 0.05], "verdict": ["met", "met", "within noise"]})
    said = rc.goals_table(goals)
    _words_only(said)
    assert said["goal"].tolist() == ["right after White's move 10", "log-loss after White's move 1, nats",
                                     "largest probability minus accuracy after White's move 5"]
    assert said["target"].tolist() == ["at least 70 %", "below ln K = 1.39", "within ±0.05"]
    assert said["estimate (95 % interval)"][2] == "−0.02 (−0.05 to +0.01)"  # the plan's one level, named
    assert said["of them still running"].tolist() == ["213", "320", "320"]
    with pytest.raises(ValueError, match="mixes interval levels"):
        rc.goals_table(goals.assign(level=[0.95, 0.9, 0.95]))
    with pytest.raises(ValueError, match="goals without words: speed"):
        rc.goals_table(goals.assign(goal="speed"))
    with pytest.raises(ValueError, match="lacks the column.*verdict"):
        rc.goals_table(goals.drop(columns="verdict"))
