"""The findings' templates: each formats a record's numbers one way, refuses a record that lacks one, and decides
nothing."""

import math

import pytest

from pawnslib.report.words import TEMPLATES, count, interval, percent, points, render, words


def test_numbers_are_formatted_one_way():
    assert points(0.0965625) == "+9.7" and points(-0.0775) == "−7.8" and points(0) == "+0.0"
    assert percent(0.361) == "36 %" and count(25600) == "25,600" and interval(-0.1, 0.02) == "(−10.0 to +2.0)"


def test_a_template_renders_what_it_is_given():
    said = render("contrast", method="oracle", baseline="plain6", diff=-0.0775, lo=-0.106, hi=-0.049,
                  unit="score points")
    assert said == "`oracle` −7.8 score points (−10.6 to −4.9) against `plain6`"
    pays = {"best": "one-hist", "best_diff": 0.01, "best_lo": -0.02, "best_hi": 0.04, "deeper_diff": 0.097,
            "deeper_lo": 0.074, "deeper_hi": 0.119, "games": 1600, "rules": "kalles", "link": "x.html", "cell": None,
            "map": None}
    assert render("answer.pays", pays=False, **pays).startswith("**Does predicting White pay? No, at this power.**")
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
