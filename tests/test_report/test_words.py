"""The findings' templates: each formats a record's numbers one way, refuses a record that lacks one, and decides
nothing."""

import math

import pytest

from pawnslib.report.words import OURS, TEMPLATES, count, interval, ours, percent, points, render, words


def test_numbers_are_formatted_one_way():
    assert points(0.0965625) == "+9.7" and points(-0.0775) == "−7.8" and points(0) == "0.0" == points(-0.0004)
    assert percent(0.361) == "36 %" and count(25600) == "25,600" and interval(-0.1, 0.02) == "(−10.0 to +2.0)"


def test_a_template_renders_what_it_is_given():
    said = render("contrast", method="oracle", baseline="plain6", diff=-0.0775, lo=-0.106, hi=-0.049,
                  unit="score points")
    assert said == "`oracle` −7.8 score points (−10.6 to −4.9) against `plain6`"
    sides = {"losses": [], "gain": None, "loss_depths": [], "recognition": None, "detectable": None,
             "detectable_map": None}
    pays = {"deeper_diff": 0.097, "link": "x.html", "cell": None, "sides": sides}
    assert render("answer.pays", pays=False, **pays) == (
        "**Does predicting White pay? No.** No modelling of White loses beyond noise; no gain; `plain8` +9.7. "
        "[Chapter 13](x.html)")
    assert render("answer.pays", pays=True, **pays).startswith("**Does predicting White pay? Yes.**")


def test_a_record_without_a_field_or_with_nan_is_refused():
    with pytest.raises(ValueError, match="lacks a field"):
        render("contrast", method="oracle", baseline="plain6", diff=0.1, lo=0.0, unit="points")
    with pytest.raises(ValueError, match="no value for hi"):
        render("contrast", method="oracle", baseline="plain6", diff=0.1, lo=0.0, hi=math.nan, unit="points")
    with pytest.raises(KeyError, match="no template 'answer.maybe'"):
        render("answer.maybe")


def test_words_are_counted_as_a_reader_sees_them():
    assert words("**Does it pay? No.** `plain6` gains +9.7 (+7.4 to +11.9). [Chapter 13](13_future_work.html#x)") == 12
    assert set(TEMPLATES) >= {"answer.reproduce", "answer.pays", "answer.rules", "glossary", "chapter", "contrast"}


def _line(cid: str, facts: dict, **numbers) -> dict:
    """A line of evidence as the report reads it: the claim's id, its numbers (NaN where it has none), its facts."""
    nan = dict.fromkeys(("estimate", "lo", "hi", "thesis_value", "margin", "p", "p_holm", "games"), math.nan)
    return {"id": cid, "method": "", "effective_games": None, "facts": facts} | nan | numbers


def test_our_figure_is_said_from_the_lines_numbers_and_facts():
    cells = _line("t10_2.cells", {"rounds": 100, "cells": {"not reproduced": 1, "inconclusive": 14, "untestable": 1}},
                  estimate=0.66, games=1600.0)
    assert ours(cells) == "100 games a pairing; its cells: 1 not reproduced, 14 inconclusive, 1 untestable"
    seen = _line("dbn.recognises", {"move": 10, "chance": "above"}, estimate=0.401, lo=0.38, hi=0.42,
                 thesis_value=0.25, games=800.0)
    assert ours(seen) == ("40 % right after White's move 10 (38-42 %) of all 800 held-out games, chance 25 %: above "
                          "chance")
    ended = _line("dbn.recognises", {"move": 10, "chance": "above", "running": 213}, estimate=0.616, lo=0.56, hi=0.67,
                  thesis_value=0.25, games=320.0)  # every game counted, a game that has ended at its last belief
    assert ours(ended) == ("62 % right after White's move 10 (56-67 %) of all 320 held-out games (213 still running, "
                           "the rest at their last belief), chance 25 %: above chance")
    # a count read back from a frame as a float is still said as a count
    dsum = _line("ch11.dsum_values", {}, estimate=151.0, thesis_value=100.0, games=1600.0)
    assert ours(dsum) == "151 in the 1600 games of Table 10.2"
    helps = _line("ch12.helps_unlikely", {"pairs": ["1-2", "1-3"]}, estimate=-0.0067, lo=-0.033, hi=0.02, games=300.0)
    assert ours(helps) == ("2 pairings with a plain Black win rate under 1/3 (1-2 1-3): −0.7 win-rate points "
                           "(−3.3 to +2.0), 300 paired games")
    assert ours(_line("ch12.helps_unlikely", {"pairs": []})) == "no pairing with a plain Black win rate under 1/3"


def test_every_claim_with_a_figure_has_its_template_and_a_line_without_its_facts_is_refused():
    assert {f"ours.{k}" for k in OURS} <= set(TEMPLATES)
    with pytest.raises(KeyError, match="no template 'ours.t99.x'"):
        ours(_line("t99.x", {}))
    with pytest.raises(ValueError, match="lacks a field"):
        ours(_line("dbn.recognises", {"move": 10}, estimate=0.4, lo=0.38, hi=0.42, thesis_value=0.25))
