"""Chapter 13's answer in words: snapshots of the sentences rendered from hand-made tables, and the labels they say."""

import chapter13_tables as tables
import pandas as pd
import pytest

from pawnslib.report import chapter13_text, words
from pawnslib.report.words import MATCHING_WORDS, RECOGNITION_WORDS


def test_the_verdict_is_rendered_from_the_table():
    t = tables.methods([("plain8", 0.10, 1e-5, 9.0), ("one-hist", 0.01, 0.6, 1.3), ("random", -0.05, 0.01, 1.2)],
                       halfwidth=0.06)
    assert chapter13_text.verdict_text(t) == (
        "Each method played the same 1600 games as `plain6`. **No prediction method beats `plain6` beyond noise** "
        "(p < 0.05, Holm-corrected over the 3 methods against plain6). Beyond noise, `random` loses to it, −5.0 score "
        "points (−7.0 to −3.0). The largest change of the 2 prediction methods, `one-hist`'s, is +1.0 score points "
        "(−2.0 to +4.0, simultaneous 95 % interval over the 3 methods against plain6), p (Holm over the 3 methods "
        "against plain6) = 0.6. At this power no prediction method gains more than +4.0 score points over `plain6` "
        "(the highest upper end of their simultaneous 95 % intervals, `one-hist`'s). Two more plies everywhere "
        "(`plain8`) change it by +10.0 score points (+8.0 to +12.0) at 9.0 times plain6's nodes per search; "
        "`one-hist` changes it within noise, at 1.30 times. The random control changes it by −5.0 score points (−7.0 "
        "to −3.0), the thesis's `one-hist` by +1.0 score points (−1.0 to +3.0): the same tree and rule, the DBN's "
        "predictions against chance. Power: every difference's 95 % interval is within ±6.0 score points, wider than "
        "the goal of ±4; `plain8` would need about 25 rounds a pairing to reach it.")


def test_a_gain_beyond_noise_is_named_with_its_share_of_plain8s_and_the_alpha_is_the_one_given():
    t = tables.methods([("plain8", 0.10, 1e-5, 9.0), ("one-hist", 0.05, 0.001, 1.3), ("om-perfect", 0.05, 0.03)])
    text = chapter13_text.verdict_text(t)
    assert "Beyond noise (p < 0.05, Holm-corrected over the 3 methods against plain6), `one-hist` beats `plain6` by " \
        "+5.0 score points (+3.0 to +7.0)." in text
    assert "`one-hist` gains 50 % of that at 1.30 times." in text and "(goal ±4)." in text
    strict = chapter13_text.verdict_text(t, alpha=0.001)
    assert "**No prediction method beats `plain6` beyond noise** (p < 0.001, " in strict
    assert "`om-perfect` is not distinguishable (once Holm-corrected) from `plain6`" in strict  # +3 to +7 points


def test_the_opponent_sentences_follow_their_labels():
    rows = [("om-perfect", 0.08, 1e-4, 2.5), ("prom-uniform", -0.01, 0.5), ("prom-dbn", 0.02, 0.3),
            ("one-hist-game", 0.04, 0.01)]
    text = chapter13_text.verdict_text(tables.methods(rows))
    assert ("Knowing White's weights exactly, OM search: `om-perfect` is better than `plain6` (+8.0 score points "
            "(+6.0 to +10.0), p (Holm over the 4 methods against plain6) = 0.0001), at 2.5 times") in text
    assert "Of that gain, a learned model recovers 25 % with `prom-dbn` (+2.0 score points (0.0 to +4.0)); 50 % " \
        "with `one-hist-game`" in text
    assert "can be disastrous **does not show here**" in text
    assert "**is not reproduced here**: `prom-uniform` is" in text
    rows[0] = ("om-perfect", -0.08, 1e-4, 2.5)
    text = chapter13_text.verdict_text(tables.methods(rows))
    assert "**holds here** even with White's true weights" in text
    assert "gains nothing over `plain6` here, so no share of a gain can be given for the learned models: `prom-dbn` " \
        "is not distinguishable from `plain6`" in text


@pytest.mark.parametrize("om_white1, matched_white1, matched_vs_om, answer", [
    (-0.5, -0.01, 0.49, "removed"), (-0.5, -0.3, 0.2, "reduced"), (-0.5, -0.49, 0.01, "not removed"),
    (-0.01, 0.0, 0.01, "no loss")])
def test_the_foresight_sentences_say_the_decided_labels(om_white1, matched_white1, matched_vs_om, answer):
    said = chapter13_text.foresight_sentences(tables.contrasts(om_white1, matched_white1, matched_vs_om), 0.05)
    assert said[0].startswith("Knowing White's very next reply (`oracle`), Black is better than `plain6`: +6.0 score "
                              "points (+4.0 to +8.0; 1600 paired games, p (Holm over the 8 paired contrasts) = "
                              "0.0001), and not distinguishable from `plain8`: +1.0")
    assert said[1].startswith("Against the thesis's `one-hist`, the oracle is better than `one-hist`")
    assert said[2].endswith(f" {MATCHING_WORDS[answer]}.")
    assert said[3].startswith("Over every pairing, `om-matched` is not distinguishable from `plain6`: −1.0")


def test_a_tiny_p_is_written_as_a_bound():
    tiny = tables.contrasts(-0.5, -0.01, 0.49, p=1e-9)
    tiny["p_holm"] = 8e-9
    text = " ".join(chapter13_text.foresight_sentences(tiny, 0.05))
    assert "p (Holm over the 8 paired contrasts) < 0.0001" in text and "contrasts) =" not in text


@pytest.mark.parametrize("diff, p, answer", [(-0.011, 0.004, "loses"), (0.02, 0.001, "pays"),
                                             (0.002, 0.6, "not measurable")])
def test_the_recognition_sentence_says_its_label(diff, p, answer):
    rows = pd.DataFrame([{"method": "prom-learned", "against": a, "white": "all", "games": 1600, "diff": d,
                          "diff_lo": d - 0.006, "diff_hi": d + 0.006, "p": p, "p_holm": p}
                         for a, d in (("prom-uniform", diff), ("prom-dbn-cal", 0.04))])
    said = chapter13_text.foresight_sentences(rows, 0.05)
    word = {"pays": "better than", "loses": "worse than"}.get(answer, "not distinguishable from")
    against_tempered = "better than" if p < 0.05 else "not distinguishable (once Holm-corrected) from"
    assert said == [f"Does recognising White pay? {RECOGNITION_WORDS[answer]}. PrOM search with the beliefs of the "
                    f"learned choice model of White's moves (`prom-learned`, notebook 08's best recogniser) is {word} "
                    f"`prom-uniform`: {words.points(diff)} score points ({words.points(diff - 0.006)} to "
                    f"{words.points(diff + 0.006)}; 1600 paired games, p (Holm over the 2 paired contrasts) = "
                    f"{p:.2g}), PrOM search that recognises no one; it is {against_tempered} `prom-dbn-cal`: "
                    f"+4.0 score points (+3.4 to +4.6; 1600 paired games, p (Holm over the 2 paired contrasts) = "
                    f"{p:.2g}), the tempered DBN's."]


def test_the_map_sentences_name_each_cell_and_the_answer():
    rows = list(tables.MAP_ROWS)
    said = chapter13_text.map_sentences(tables.white_map(rows), 0.05)
    assert said[0] == ("White at 2 plies breaking no tie by noise (its noise-free model predicts 100 % of its moves; "
                       "400 distinct paired games): `plain6` scores 80 %, `plain8` gains +10.0 (+8.0 to +12.0); the "
                       "best method that models White, `oracle`, +2.0 (−2.0 to +6.0, simultaneous over the map's 2 "
                       "contrasts of methods that model White); none beyond noise.")  # plain8: the yardstick, outside
    assert said[-1] == ("**No method that models White beats `plain6` beyond noise in any cell** (p < 0.05, Holm over "
                        "the map's 2 contrasts of methods that model White; `plain8` outside them).")
    rows[1] = ("none", 2, "oracle", 0.8, 0.04, 0.02, 0.06, 0.01)
    assert chapter13_text.map_sentences(tables.white_map(rows), 0.05)[-1] == (
        "**Modelling White pays where White is predictable**: most against White at 2 plies breaking no tie by noise, "
        "`oracle` +4.0 score points (+1.0 to +7.0, simultaneous; p < 0.05, Holm over the map's 2 contrasts of methods "
        "that model White; `plain8` outside them).")


@pytest.mark.parametrize("lost_at_5", [True, False])
def test_the_oracles_loss_says_only_what_its_contrasts_separate(lost_at_5):
    rows = tables.loss_rows(lost_at_5)
    said = chapter13_text.loss_sentences(tables.loss(rows), 0.05)
    assert said[0].startswith("The oracle against `plain6`, White at 6: on the diagonal (both sides the same weights) "
                              "−8.0 score points (−14.0 to −2.0; 400 paired games, p (Holm over the 8 contrasts of "
                              "the oracle's loss) = 0.02), off it −8.0")
    assert ("the horizon's mismatch alone does not explain the loss." in said[1]) == lost_at_5
    assert ("does not rule the horizon out" in said[1]) != lost_at_5
    assert "loses beyond noise too (White at 6 plies)" in said[2]
    assert "One more ply below the reply removes the oracle's loss against `plain6`" in said[3]
    rows[5] = (6, "all", "oracle-deep", "plain6", -0.05, -0.07, -0.03, 0.001)
    assert "does not remove the loss" in chapter13_text.loss_sentences(tables.loss(rows), 0.05)[3]
    assert said[-1] == "Every contrast here keeps the thesis's tie-breaking, so none measures its part in the loss."


def test_chapter_12_claims_are_in_win_rate_points():
    claims = pd.DataFrame({"claim": ["the asymmetric tree helps Black quite a lot where a win was unlikely"],
                           "pairs": ["1-2 1-3"], "games": [200], "diff": [0.02], "diff_lo": [-0.01], "diff_hi": [0.05],
                           "p": [0.3], "p_holm": [0.6], "verdict": ["not reproduced"]})
    text = chapter13_text.verdict_text(tables.methods([("one-hist", 0.004, 1.0)]), claims)
    assert text.endswith(
        "Chapter 12's \"the asymmetric tree helps Black quite a lot where a win was unlikely\" (1-2 1-3; 200 paired "
        "games, Black's wins): +2.0 win-rate points (−1.0 to +5.0), p (Holm over Chapter 12's 1 claims) = 0.6: **not "
        "reproduced** by the report's rule, a second sample beside the report's.")


def test_the_report_lines_say_chapter_13s_figures_from_their_records():
    from pawnslib.experiments import chapter13_verdicts

    claims = pd.DataFrame({"id": ["ch12.helps_unlikely"], "claim": ["helps"], "method": ["one-hist"],
                           "pairs": ["1-2 1-3"], "games": [200], "diff": [0.02], "diff_lo": [-0.01], "diff_hi": [0.05],
                           "p": [0.3], "thesis_value": [0.5], "margin": [0.15], "margin_why": ["a change's margin"],
                           "verdict": ["not reproduced"]})
    t = tables.methods([("plain8", 0.10, 1e-4), ("one-hist", 0.004, 1.0), ("one-hist-game", 0.010, 1.0)])
    pays, helps = chapter13_verdicts.report_lines(t, claims, "kalles")
    assert words.ours(pays) == ("`one-hist-game` +1.0 score points (−2.0 to +4.0; simultaneous 95 % interval and "
                                "Holm p 1 both over the 2 methods against plain6, `plain8` outside them); 1600 paired "
                                "games; at this power no prediction method gains more than +4.0")
    assert words.ours(helps) == ("2 pairings with a plain Black win rate under 1/3 (1-2 1-3): +2.0 win-rate points "
                                 "(−1.0 to +5.0), 200 paired games")
