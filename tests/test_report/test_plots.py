"""Chapter 13's figures (pawnslib.report.plots): one style per method, no label or legend over data, plain ticks.

The figures are drawn from the committed tables (``results/tables/ch13_*.csv``) and from small hand-made frames,
then laid out (``fig.canvas.draw()``) and measured: every text's bounding box against every other's and against
every data point, every legend against every axes' data area.
"""

from itertools import combinations
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402
from matplotlib.container import ErrorbarContainer  # noqa: E402

from pawnslib.report import plots, style  # noqa: E402

TABLES = Path(__file__).resolve().parents[2] / "results" / "tables"


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


@pytest.fixture(scope="module")
def methods() -> pd.DataFrame:
    path = TABLES / "ch13_methods.csv"
    if not path.is_file():
        pytest.skip("results/tables/ch13_methods.csv is not there")
    return pd.read_csv(path)


@pytest.fixture(scope="module")
def pairings() -> pd.DataFrame:
    path = TABLES / "ch13_pairings.csv"
    if not path.is_file():
        pytest.skip("results/tables/ch13_pairings.csv is not there")
    return pd.read_csv(path)


def sweeps() -> dict:
    grid = np.linspace(0, 1, 101)
    sweep = pd.DataFrame({"max_pr": grid, "share_likely": grid * 0.8, "share_made": np.sqrt(grid),
                          "share_correct": np.where(grid < 0.08, np.nan, 0.3 + 0.55 * grid)})
    return {1: (sweep, 0.42, 0.28), 2: (sweep.assign(share_made=grid ** 0.4), 0.41, 0.29)}


def tick_labels(ax) -> list:
    """The tick labels ``ax`` draws: those of major ticks within the view (a locator may place some beyond it)."""
    out = []
    for axis, (lo, hi) in ((ax.xaxis, sorted(ax.get_xlim())), (ax.yaxis, sorted(ax.get_ylim()))):
        span = (hi - lo) * 1e-9
        out += [t.label1 for t in axis.get_major_ticks() if lo - span <= t.get_loc() <= hi + span]
    return [t for t in out if t.get_visible() and t.get_text().strip()]


def texts(fig) -> list:
    """Every visible, non-empty text of ``fig``: titles, axis and tick labels, annotations, legend entries."""
    found = list(fig.texts)
    for ax in fig.axes:
        found += [ax.title, ax.xaxis.label, ax.yaxis.label, *ax.texts, *tick_labels(ax)]
    for legend in [*fig.legends, *(ax.get_legend() for ax in fig.axes)]:
        if legend is not None:
            found += [*legend.get_texts(), legend.get_title()]
    return [t for t in found if t.get_visible() and t.get_text().strip()]


def points(fig) -> np.ndarray:
    """Every data point of every line of every axes, in display coordinates."""
    xy = [line.get_transform().transform(line.get_xydata()) for ax in fig.axes for line in ax.get_lines()
          if line.get_transform().contains_branch(ax.transData)]
    xy = np.concatenate(xy) if xy else np.empty((0, 2))
    return xy[np.isfinite(xy).all(axis=1)]


def check_legible(fig) -> None:
    """No two texts overlap, no text covers a data point, every legend is outside every axes, no mathtext tick."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    boxes = [(t.get_text(), t.get_window_extent(renderer).shrunk(0.98, 0.98)) for t in texts(fig)]
    clashes = [(a, b) for (a, box_a), (b, box_b) in combinations(boxes, 2) if box_a.overlaps(box_b)]
    assert not clashes, f"texts overlap: {clashes[:5]}"
    xy = points(fig)
    covered = [(text, tuple(p)) for text, box in boxes for p in xy if box.contains(*p)]
    assert not covered, f"texts over data points: {covered[:5]}"
    for legend in [*fig.legends, *(ax.get_legend() for ax in fig.axes if ax.get_legend())]:
        extent = legend.get_window_extent(renderer)
        assert not any(extent.overlaps(ax.get_window_extent(renderer)) for ax in fig.axes), "a legend over an axes"
    ticks = [t.get_text() for ax in fig.axes for t in tick_labels(ax)]
    assert not [t for t in ticks if "$" in t or "times10" in t or "^" in t], ticks


def method_lines(ax) -> dict[str, tuple[str, str]]:
    """Each method's (colour, marker) in ``ax``, read from its errorbar's data line."""
    out = {}
    for c in ax.containers:
        if isinstance(c, ErrorbarContainer):
            line = c.lines[0]
            out[c.get_label()] = (matplotlib.colors.to_hex(line.get_color()), line.get_marker())
    return out


def test_strength_cost_gives_each_method_its_style(methods):
    fig = plots.strength_cost(methods, title="Strength against cost")
    [ax] = fig.axes  # nodes only: the same on every machine (times are timing data)
    lines = method_lines(ax)
    assert set(lines) == set(methods.method)
    for m in methods.method:
        expected = style.method_style(m)
        assert lines[m] == (matplotlib.colors.to_hex(expected["color"]), expected["marker"])


def test_strength_cost_is_legible(methods):
    fig = plots.strength_cost(methods, title="Strength against cost (thesis strategies, 1600 games a method)")
    check_legible(fig)
    assert len(fig.legends) == 1 and {t.get_text() for t in fig.legends[0].get_texts()} >= set(methods.method)


def test_strength_cost_ticks_are_plain(methods):
    fig = plots.strength_cost(methods)
    fig.canvas.draw()
    nodes = [t.get_text() for t in tick_labels(fig.axes[0]) if t in fig.axes[0].get_xticklabels()]
    assert nodes == ["5k", "10k", "20k", "50k"] and fig.axes[0].get_xscale() == "log"
    assert [t.get_text() for t in tick_labels(fig.axes[0]) if t in fig.axes[0].get_yticklabels()] == [
        "55 %", "60 %", "65 %", "70 %", "75 %"]


def test_strength_cost_draws_the_frontier_and_skips_a_missing_cost():
    table = pd.DataFrame({"method": ["plain6", "plain8", "one-hist"], "score": [0.6, 0.7, 0.62],
                          "score_lo": [0.58, 0.68, 0.6], "score_hi": [0.62, 0.72, 0.64],
                          "nodes_mean": [3000.0, 20000.0, np.nan]})
    fig = plots.strength_cost(table)
    assert set(method_lines(fig.axes[0])) == {"plain6", "plain8"}
    assert [t.get_text() for t in fig.legends[0].get_texts()][:2] == ["plain6", "plain8"]
    dashed = [line for line in fig.axes[0].get_lines() if line.get_linestyle() == "--"]
    assert len(dashed) == 1 and list(dashed[0].get_xdata()) == [3000.0, 20000.0]
    check_legible(fig)


def test_forest_is_legible_with_one_styled_panel_per_method(pairings):
    fig = plots.forest(pairings, title="Paired difference from plain6 per pairing")
    shown = [m for m in dict.fromkeys(pairings.method) if m != "plain6"]
    assert [ax.get_title() for ax in fig.axes] == shown
    for ax in fig.axes:
        expected = style.method_style(ax.get_title())
        assert list(method_lines(ax).values()) == [(matplotlib.colors.to_hex(expected["color"]), expected["marker"])]
    check_legible(fig)
    bottom = fig.axes[-1]
    assert [t.get_text() for t in tick_labels(bottom) if t in bottom.get_xticklabels()] == ["-80", "-40", "0", "+40"]


def test_max_pr_sweep_keeps_its_legend_off_the_curves():
    fig = plots.max_pr_sweep(sweeps())
    check_legible(fig)
    assert not any(ax.get_legend() for ax in fig.axes) and len(fig.legends) == 1
    assert [ax.get_title() for ax in fig.axes] == ["one slice: MAX_PR = 0.4200, target 0.280",
                                                   "two slices: MAX_PR = 0.4100, target 0.290"]


@pytest.mark.parametrize("call, message", [
    (lambda t: plots.strength_cost(t.drop(columns="nodes_mean")), "nodes_mean"),
    (lambda t: plots.strength_cost(t.iloc[:0]), "no rows"),
    (lambda t: plots.strength_cost(t.assign(method="plain7")), "plain7"),
    (lambda t: plots.strength_cost("ch13_methods.csv"), "DataFrame"),
    (lambda t: plots.strength_cost(pd.concat([t, t])), "more than one row"),
])
def test_strength_cost_checks_its_table(call, message):
    table = pd.DataFrame({"method": ["plain6"], "score": [0.6], "score_lo": [0.5], "score_hi": [0.7],
                          "nodes_mean": [3000.0]})
    with pytest.raises(ValueError, match=message):
        call(table)


def test_forest_checks_its_table():
    table = pd.DataFrame({"method": ["one-hist"], "black": [1], "white": [2], "diff": [0.1], "diff_lo": [0.0],
                          "diff_hi": [0.2]})
    with pytest.raises(ValueError, match="diff_hi"):
        plots.forest(table.drop(columns="diff_hi"))
    with pytest.raises(ValueError, match="baseline"):
        plots.forest(table.assign(method="plain6"))
    with pytest.raises(ValueError, match="columns"):
        plots.forest(table, columns=0)
    with pytest.raises(ValueError, match="mystery"):
        plots.forest(table.assign(method="mystery"))


def test_max_pr_sweep_checks_its_sweeps():
    sweep, bound, target = sweeps()[1]
    with pytest.raises(ValueError, match="non-empty"):
        plots.max_pr_sweep({})
    with pytest.raises(ValueError, match="share_made"):
        plots.max_pr_sweep({1: (sweep.drop(columns="share_made"), bound, target)})
    with pytest.raises(ValueError, match=r"\(sweep, max_pr, target\)"):
        plots.max_pr_sweep({1: (sweep, bound)})
    with pytest.raises(ValueError, match="finite"):
        plots.max_pr_sweep({1: (sweep, np.nan, target)})


def test_row_major_makes_a_column_filled_legend_read_by_rows():
    items = list(range(13))
    assert plots.row_major(items, 7) == [0, 7, 1, 8, 2, 9, 3, 10, 4, 11, 5, 12, 6]
    assert plots.row_major(items, 1) == items


def test_the_predictability_map_draws_a_panel_a_depth_each_method_in_its_style_and_plain8_as_a_band():
    rows = [(n, p, d, m, g, g - 0.02, g + 0.02) for d in (2, 6) for n, p in (("none", 1.0), ("half", 0.8),
                                                                              ("thesis", 0.64))
            for m, g in (("plain8", 0.1), ("om-matched", 0.03), ("oracle", -0.05))]
    table = pd.DataFrame(rows, columns=list(plots.MAP_COLUMNS))
    fig = plots.predictability_map(table, title="Gain over plain6 against how predictable White is")
    panels = fig.axes
    assert [a.get_title() for a in panels] == ["White searches 2 plies", "White searches 6 plies"]
    for ax in panels:
        lines = method_lines(ax)
        assert set(lines) == {"om-matched", "oracle"}  # plain8 is the band, not a method's line
        for m in lines:
            expected = style.method_style(m)
            assert lines[m] == (matplotlib.colors.to_hex(expected["color"]), expected["marker"])
        assert len(ax.collections) >= 1  # the yardstick's band
        assert [t.get_text() for t in ax.get_xticklabels()] == ["64 %\nthesis", "80 %\nhalf", "100 %\nnone"]
    check_legible(fig)
    with pytest.raises(ValueError, match="predictability"):
        plots.predictability_map(table.drop(columns="predictability"))


def test_methods_vs_baseline_sorts_the_methods_and_sets_the_yardstick_apart(methods):
    fig = plots.methods_vs_baseline(methods, title="Each method against plain6")
    [ax] = fig.axes
    shown = methods[methods.method != "plain6"].sort_values("diff")
    assert [t.get_text() for t in ax.get_yticklabels()] == list(shown.method)  # sorted, the baseline left out
    lines = method_lines(ax)
    assert set(lines) == set(shown.method)
    for m in lines:
        expected = style.method_style(m)
        assert lines[m] == (matplotlib.colors.to_hex(expected["color"]), expected["marker"])
    vertical = {round(float(line.get_xdata()[0]), 6): line.get_linestyle() for line in ax.get_lines()
                if list(line.get_ydata()) == [0, 1]}  # axvline: from the bottom of the axes to its top
    plain8 = methods.set_index("method").loc["plain8"]
    assert vertical == {0: "-", round(100 * plain8["diff"], 6): "--"}  # 0 solid, plain8's change dashed
    assert len(ax.patches) == 1  # plain8's row on a band
    assert [t.get_fontstyle() for t in ax.get_yticklabels() if t.get_text() == "plain8"] == ["italic"]
    # each method: its simultaneous interval as a thin line, at least as wide as the 95 % one
    for y, r in enumerate(shown.itertuples()):
        thin = [line for line in ax.get_lines() if list(line.get_ydata()) == [y, y]]
        assert [list(line.get_xdata()) for line in thin] == [[100 * r.diff_lo_all, 100 * r.diff_hi_all]]
        assert r.diff_lo_all <= r.diff_lo and r.diff_hi_all >= r.diff_hi
    legend = [t.get_text() for t in fig.legends[0].get_texts()]
    assert legend == ["95 % interval", "simultaneous 95 % interval over the 16 methods", "plain6 (0: no change)",
                      "plain8: what two more plies buy"]
    check_legible(fig)


def test_methods_vs_baseline_without_the_yardstick_and_its_checks():
    table = pd.DataFrame({"method": ["plain6", "one-hist", "oracle"], "diff": [0, 0.01, -0.08],
                          "diff_lo": [np.nan, -0.01, -0.1], "diff_hi": [np.nan, 0.03, -0.05],
                          "diff_lo_all": [np.nan, -0.02, -0.12], "diff_hi_all": [np.nan, 0.04, -0.03]})
    fig = plots.methods_vs_baseline(table)
    assert [t.get_text() for t in fig.axes[0].get_yticklabels()] == ["oracle", "one-hist"]
    assert not fig.axes[0].patches and len(fig.legends[0].get_texts()) == 3
    check_legible(fig)
    with pytest.raises(ValueError, match="diff_hi_all"):
        plots.methods_vs_baseline(table.drop(columns="diff_hi_all"))
    with pytest.raises(ValueError, match="but the baseline"):
        plots.methods_vs_baseline(table.iloc[:1])
    with pytest.raises(ValueError, match="mystery"):
        plots.methods_vs_baseline(table.assign(method=["plain6", "mystery", "oracle"]))
