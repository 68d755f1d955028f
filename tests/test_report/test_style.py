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
                                         (-12345.678, "-12346"), (1.23456e-5, "0.00001235"), (8.999e-121, "9.0e-121"),
                                         (-3.5e-7, "-3.5e-7"), (np.nan, "–"), (True, "True"), ("king", "king")])
def test_number_never_prints_raw_floats_and_exponents_only_below_a_millionth(value, text):
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
    from pawnslib.config import READINGS, SETS

    assert set(style.SET_NAMES) == set(style.SET_COLOURS) == set(SETS)
    assert set(style.READING_NAMES) == set(style.READING_COLOURS) == set(READINGS)
    colours = [*style.SET_COLOURS.values(), *style.READING_COLOURS.values(), style.THESIS_COLOUR]
    assert len(set(colours)) == len(colours)


def test_every_chapter13_method_has_one_colour_and_one_marker_of_its_own():
    from matplotlib.colors import is_color_like, to_hex
    from matplotlib.markers import MarkerStyle

    from pawnslib.experiments.chapter13 import METHODS

    assert set(style.METHOD_STYLES) == set(METHODS)
    colours = [to_hex(c) for c, _ in style.METHOD_STYLES.values()]
    markers = [m for _, m in style.METHOD_STYLES.values()]
    assert len(set(colours)) == len(colours) and len(set(markers)) == len(markers)
    assert all(is_color_like(c) for c in colours) and all(m in MarkerStyle.markers for m in markers)
    assert style.method_style("one-hist") == {"color": "#0072B2", "marker": "^"}


def test_an_unknown_method_has_no_style_and_the_error_names_it():
    with pytest.raises(ValueError, match="'plain7'"):
        style.method_style("plain7")


@pytest.mark.parametrize("value, text", [(3000, "3k"), (10000.0, "10k"), (2500, "2.5k"), (1.2e6, "1.2M"), (5, "5"),
                                         (0.5, "0.5"), (1e-5, "0.00001"), (0, "0")])
def test_short_number_is_plain(value, text):
    assert style.short_number(value) == text


@pytest.mark.parametrize("limits, unit, labels", [
    ((3000, 70000), "", ["5k", "10k", "20k", "50k"]),
    ((0.9, 17), "×", ["1×", "2×", "5×", "10×"]),
    ((1, 1000), "", ["1", "3", "10", "30", "100", "300", "1k"]),
    ((1, 1e6), "", ["1", "10", "100", "1k", "10k", "100k", "1M"]),
    ((2.1, 4.9), "×", ["3×", "4×"]),
    ((3600, 4400), "", ["3.6k", "3.8k", "4k", "4.2k", "4.4k"]),
])
def test_log_ticks_are_plain_and_few(limits, unit, labels):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots()
    ax.plot(limits, [0, 1])
    ax.set_xscale("log")
    ax.set_xlim(*limits)
    style.log_ticks(ax, "x", unit=unit)
    fig.canvas.draw()
    assert [t.get_text() for t in ax.get_xticklabels()] == labels
    assert not any(t.get_text() for t in ax.xaxis.get_minorticklabels())
    assert ax.get_xlim() == pytest.approx(limits)
    plt.close(fig)
    with pytest.raises(ValueError, match="positive"):
        fig, ax = plt.subplots()
        try:
            ax.set_xlim(-1, 1)
            style.log_ticks(ax, "x")
        finally:
            plt.close(fig)


def test_p_values_of_readings_set_side_by_side_are_short_too():
    df = pd.concat({r: pd.DataFrame({"p_value": [1.104e-6, 0.3549], "games": [100, 100]}) for r in ("kalles", "king")},
                   axis=1)
    page = style.show(df).to_html()
    assert ">1e-6<" in page and ">0.35<" in page and "0.000001104" not in page


def test_every_saved_p_value_column_reads_as_a_p_value():
    from pathlib import Path

    # each p-value column a saved table of results/ has, by name: all of them are written as p-values
    assert [style.cell(0.000123, c) for c in style.P_COLUMNS] == ["1e-4"] * len(style.P_COLUMNS)
    assert style.cell(0.000123, "p (Holm over the 4 methods)") == "1e-4"
    assert style.cell(0.000123, "share") == "0.000123"
    tables = Path(__file__).resolve().parents[2] / "results" / "tables"
    columns = {c for f in tables.glob("*.csv") for c in f.open().readline().strip().split(",")}
    named_p = {c for c in columns if c == "p" or c.startswith("p_") or c.endswith("_p")}
    beliefs = {"p_true", "mean_max_p"}  # the model's probabilities (a posterior, a belief), not p-values
    assert named_p - beliefs == set(style.P_COLUMNS), named_p - beliefs ^ set(style.P_COLUMNS)
