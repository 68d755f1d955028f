"""Tables as readers see them (pawnslib.report.style.show, the markdown copies) and the shared names and colours."""

import numpy as np
import pandas as pd
import pytest

from pawnslib.report import style
from pawnslib.report.tables import markdown_table


@pytest.mark.parametrize("p, text", [(3e-9, "< 1e-6"), (2.4e-4, "2e-4"), (0.0234, "0.023"), (0.5, "0.5"),
                                     (1.0, "1"), (float("nan"), "–")])
def test_short_p(p, text):
    assert style.short_p(p) == text


@pytest.mark.parametrize("value, text", [(2000.0, "2000"), (np.int64(7), "7"), (0.7999999999, "0.8"),
                                         (-12345.678, "-12346"), (1.23456e-5, "0.00001235"), (np.nan, "–"),
                                         (True, "True"), ("king", "king")])
def test_number_never_prints_raw_floats_or_exponents(value, text):
    assert style.number(value) == text


def _table() -> pd.DataFrame:
    return pd.DataFrame({"set": ["thesis", "harmony"], "games": [2000.0, 320.0], "p_holm": [3e-8, 0.0234],
                         "loglik": [-12345.678, np.nan]})


def test_show_formats_cells_aligns_text_left_and_hides_a_default_index():
    html = style.show(_table(), caption="what to see").to_html()
    for text in ("2000", "&lt; 1e-6", "0.023", "-12346", "–", "what to see"):
        assert text in html
    for raw in ("2000.0", "nan", "NaN", "e-08", "-12345.678", "< 1e-6"):
        assert raw not in html
    assert "text-align: left" in html and 'class="row_heading' not in html


def test_show_is_deterministic_and_keeps_a_labelled_index():
    df = _table().set_index("set")
    assert style.show(df).to_html() == style.show(df.copy()).to_html()
    assert "row_heading" in style.show(df).to_html()
    assert style.show(df).to_html() != style.show(df.assign(games=[1, 2])).to_html()


def test_markdown_copies_use_the_same_cells():
    md = markdown_table(_table())
    assert "| thesis | 2000 | < 1e-6 | -12346 |\n| harmony | 320 | 0.023 | – |" in md and "nan" not in md


def test_every_set_and_reading_has_one_name_and_one_colour():
    from pawnslib.experiments.pipeline import SETS
    from pawnslib.game.rules import READINGS

    assert set(style.SET_NAMES) == set(style.SET_COLOURS) == set(SETS)
    assert set(style.READING_NAMES) == set(style.READING_COLOURS) == set(READINGS)
    colours = [*style.SET_COLOURS.values(), *style.READING_COLOURS.values(), style.THESIS_COLOUR]
    assert len(set(colours)) == len(colours)
