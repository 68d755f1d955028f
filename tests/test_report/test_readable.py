"""Chapter 13's tables in the reader's units."""

import numpy as np
import pandas as pd
import pytest

from pawnslib.report import readable

TINY = 4e-9  # a paired t-test's p: computed, so it has no floor


def _methods():
    return pd.DataFrame({"method": ["plain6", "plain8"], "games": [1600, 1600], "score": [0.66719, 0.76375],
                         "score_lo": [0.6475, 0.7525], "score_hi": [0.6863, 0.775], "diff": [0.0, 0.0965625],
                         "diff_lo": [np.nan, 0.0740625], "diff_hi": [np.nan, 0.119375], "p": [np.nan, TINY],
                         "p_holm": [np.nan, 0.0012], "nodes_mean": [3648.2, 24385.0], "time_ratio": [1.0, 10.65],
                         "time_ratio_lo": [1.0, 9.486], "time_ratio_hi": [1.0, 11.9],
                         "white_moves": [np.nan, 40074], "predictions": [np.nan, 31013],
                         "predicted_share": [np.nan, 0.7739], "correct": [np.nan, 12865],
                         "correct_share": [np.nan, 0.4148], "likely_mean": [np.nan, 2.665], "max_pr": [np.nan, np.nan]})


def test_methods_read_in_points_and_percent():
    t = readable.methods_table(_methods()).set_index("method")
    assert t.loc["plain8", "Black's score (95 % interval)"] == "76.4 % (75.2 to 77.5)"
    assert t.loc["plain8", "change from plain6, score points"] == "+9.7 (+7.4 to +11.9)"
    assert t.loc["plain8", "p (Holm over the 1 methods)"] == "0.0012"
    family = _methods().assign(family=["", "yardstick"], p_holm=[np.nan, 4e-5])
    # the yardstick stands outside the family; a p below 0.0001 is written as a bound
    assert readable.methods_table(family).set_index("method").loc["plain8", "p (Holm over the 0 methods)"] == \
        "< 0.0001"
    assert t.loc["plain8", "nodes per search"] == "24,385"
    assert t.loc["plain6", "change from plain6, score points"] == "–"
    assert not any("time" in c for c in t.columns)  # times are timing data, on the timings page
    assert not any("_" in c for c in t.columns)  # headers in words


def test_prediction_rows_only_and_missing_columns_are_named():
    t = readable.prediction_table(_methods())
    assert t.method.tolist() == ["plain8"] and t["share correct"][0] == "41.5 %" and t["MAX_PR"][0] == "–"
    with pytest.raises(ValueError, match="ch13_methods lacks the column.*nodes_mean"):
        readable.methods_table(_methods().drop(columns="nodes_mean"))


def test_contrasts_and_claims_say_their_direction_in_words():
    c = pd.DataFrame({"method": ["oracle"], "against": ["plain6"], "white": ["1"], "what": ["x"], "games": [400],
                      "diff": [-0.43], "diff_lo": [-0.475], "diff_hi": [-0.385], "p": [0.2], "p_holm": [0.4]})
    row = readable.contrasts_table(c).iloc[0]
    assert row["White"] == "strategy 1" and row["change, score points"] == "−43.0 (−47.5 to −38.5)"
    assert row["p (Holm over the 1 contrasts)"] == "0.4"
    claims = pd.DataFrame({"claim": ["strategy 4 suffers"], "direction": [-1], "method": ["one-hist"], "pairs": ["4-1"],
                           "games": [400], "diff": [0.01875], "diff_lo": [-0.0075], "diff_hi": [0.0475], "p": [0.2],
                           "p_holm": [0.4], "verdict": ["inconclusive"]})
    row = readable.claims_table(claims).iloc[0]
    assert row["the thesis says Black's win rate"] == "falls"
    assert row["change, win-rate points"] == "+1.9 (−0.8 to +4.8)"
    assert row["p (Holm over the 1 claims)"] == "0.4" and row["verdict"] == "inconclusive"


def test_the_map_and_the_oracles_loss_read_in_points_with_named_corrections():
    white_map = pd.DataFrame({"white_noise": ["none", "thesis"], "predictability": [1.0, 0.642], "white_depth": [2, 6],
                              "method": ["oracle", "plain8"], "distinct_games": [400, 398],
                              "plain6_score": [0.824, 1.0], "diff": [0.022, -0.078], "diff_lo": [-0.006, -0.106],
                              "diff_hi": [0.051, -0.049], "p": [0.09, TINY], "p_holm": [0.9, 0.003],
                              "plain8_share": [0.5, 1.0]})
    shown = readable.predictability_table(white_map)
    assert shown.iloc[0].tolist() == ["none", "100.0 %", 2, "oracle", 400, "82.4 %", "+2.2 (−0.6 to +5.1)", "0.9",
                                      "+50 %"]
    assert shown.columns[7] == "p (Holm over the 2 contrasts)" and shown.iloc[1, 8] == "–"  # plain8 is the yardstick
    with pytest.raises(ValueError, match="ch13_predictability lacks the column"):
        readable.predictability_table(white_map.drop(columns="distinct_games"))
    loss = white_map.assign(pairings="diagonal", against="plain6", games=[800, 1600]).drop(columns="plain6_score")
    shown = readable.oracle_loss_table(loss)
    assert shown.iloc[1].tolist() == [6, "diagonal", "plain8", "plain6", 1600, "−7.8 (−10.6 to −4.9)", "0.003"]
    with pytest.raises(ValueError, match="ch13_oracle_loss lacks the column"):
        readable.oracle_loss_table(loss.drop(columns="pairings"))


def test_the_reports_tables_read_in_words_one_reading_at_a_time():
    cells = pd.DataFrame({"black": [1], "white": [2], "thesis_wins": [2], "thesis_draws": [1], "thesis_games": [3],
                          "thesis_rate": [2 / 3], "thesis_draw_rate": [1 / 3], "black_wins": [20], "draws": [6],
                          "games": [100], "win_rate": [0.2], "draw_rate": [0.06], "ci_low": [0.1334],
                          "ci_high": [0.2888], "p": [0.1145], "p_holm": [1.0], "detectable": [0.8],
                          "testable": [True], "consistent": [True], "verdict": ["inconclusive"]})
    row = readable.cells_table(cells).iloc[0]
    assert row["thesis (3 effective games)"] == "67%(33%)"  # the thesis's format, made from its rates
    assert row["ours (95 % interval)"] == "20%(6%) (13 to 29%)" and row["smallest detectable difference"] == "80 points"
    assert row["p (Holm over the 1 cells)"] == "1" and row["our games"] == 100
    changes = pd.DataFrame({"table": ["11.2"], "black": [1], "white": [2], "thesis_before": [0.0],
                            "thesis_before_draw_rate": [0.0], "thesis_after": [2 / 3],
                            "thesis_after_draw_rate": [1 / 3], "thesis_change": [2 / 3], "thesis_p": [0.4],
                            "win_rate_plain": [0.19],
                            "win_rate_asym": [0.2], "change": [0.01], "change_lo": [-0.05], "change_hi": [0.07],
                            "move_identical": [46], "games": [100], "p": [1.0], "verdict": ["inconclusive"]})
    row = readable.changes_table(changes).iloc[0]
    assert row["thesis, plain → asymmetric"] == "0%\u00a0\u2192\u00a067%(33%)"  # an arrow that does not break
    assert row["ours, plain → asymmetric"] == "19%\u00a0\u2192\u00a020%"
    assert row["our change, win-rate points"] == "+1 (−5 to +7)" and row["thesis's change (its Fisher p)"] == (
        "+67 points (0.4)")
    assert row["games alike move for move"] == "46 of 100"
    with pytest.raises(ValueError, match="pairing-by-pairing table lacks the column"):
        readable.changes_table(changes.drop(columns="change_lo"))


def test_the_rules_fit_reads_one_column_a_reading():
    nan = float("nan")
    figure = {"statistic": "branching", "label": "branching factor at White's moves", "thesis": 10, "thesis_hi": 11,
              "verdict": "not reproduced", "simulations": nan}
    check = {"statistic": "outcomes_both_independent", "label": "Tables 10.2 and 11.1's outcome counts, predictive p "
             "(independent games)", "thesis": nan, "thesis_hi": nan, "lo": nan, "hi": nan, "distance": nan,
             "nearer": False, "simulations": 2000}
    table = pd.DataFrame([
        figure | {"reading": "kalles", "estimate": 7.41, "lo": 7.36, "hi": 7.45, "distance": 2.55, "nearer": True},
        figure | {"reading": "king", "estimate": 13.65, "lo": 13.55, "hi": 13.76, "distance": 2.55 + 0.21,
                  "nearer": False},
        {**figure, "statistic": "win_rate", "label": "Black's overall win rate, Table 10.2", "thesis": 0.5,
         "thesis_hi": 0.5, "verdict": "reproduced", "reading": "kalles", "estimate": 0.5, "lo": 0.45, "hi": 0.55,
         "distance": 0.0, "nearer": False},
        {**figure, "statistic": "win_rate", "label": "Black's overall win rate, Table 10.2", "thesis": 0.5,
         "thesis_hi": 0.5, "verdict": "reproduced", "reading": "king", "estimate": 0.52, "lo": 0.5, "hi": 0.54,
         "distance": 0.0, "nearer": False},
        check | {"reading": "kalles", "estimate": 0.0, "verdict": "does not fit"},
        check | {"reading": "king", "estimate": 0.0015, "verdict": "does not fit"}])
    shown = readable.rules_fit_table(table)
    assert list(shown.columns) == ["the thesis", "kalles", "king", "nearer"]
    branching = shown.loc["branching factor at White's moves (95 % interval; distance to the thesis's)"]
    assert branching.tolist() == ["10 to 11", "7.41 (7.36 to 7.45), not reproduced; distance 2.55",
                                  "13.65 (13.55 to 13.76), not reproduced; distance 2.76", "kalles"]
    rate = shown.loc["Black's overall win rate, Table 10.2 (95 % interval; distance to the thesis's)"]
    assert rate["the thesis"] == "50 %" and rate["king"] == "52.0 % (50.0 to 54.0), reproduced; distance 0.0 %"
    assert rate["nearer"] == "both contain it"
    fits = shown.loc["Tables 10.2 and 11.1's outcome counts, predictive p (independent games)"]
    assert fits.tolist() == ["–", "p < 0.0005: does not fit", "p = 0.0015: does not fit", "neither fits"]
    with pytest.raises(ValueError, match="rules_fit lacks the column.*simulations"):
        readable.rules_fit_table(table.drop(columns="simulations"))


def test_the_prediction_statistics_have_a_column_a_set():
    stats = pd.DataFrame({"white moves": [40682], "games": [1600], "predictions made": [31635], "correct": [13463],
                          "share correct": [0.4256], "ci_low": [0.4158], "ci_high": [0.4362],
                          "mean likely set when correct": [3.146], "mean replies (branching)": [7.408],
                          "predictions per game": [19.77], "per_game_lo": [19.35], "per_game_hi": [20.21],
                          "pr = 1 (excluded from Figure 11.1)": [5635], "pr = 1 per game": [3.522],
                          "pr_one_lo": [3.396], "pr_one_hi": [3.653]}, index=["thesis"])
    shown = readable.prediction_stats_table(stats)
    assert list(shown.columns) == ["thesis"] and len(shown) == 10
    assert shown.loc["share correct, % (95 % interval)", "thesis"] == "42.6 (41.6 to 43.6)"
    assert shown.loc["White moves", "thesis"] == "40,682"
