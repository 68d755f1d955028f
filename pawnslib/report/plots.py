"""Chapter 13's figures, drawn from its saved tables: strength against cost, the forest plot, the MAX_PR sweep.

Each function takes the table a notebook saved (``tables/ch13_methods.csv``, ``tables/ch13_pairings.csv``) or the
comparison's MAX_PR sweeps, checks it, and returns a matplotlib Figure; the notebook saves and shows it. Every
method has the colour and marker of :func:`~pawnslib.report.style.method_style` on every figure, a legend stands
below the axes (never over the data), and log axes read ``3k 10k 30k`` or ``1× 2× 5×`` (never ``4x10^3``).

Layer ``report`` (the top one): it imports :mod:`~pawnslib.report.style` alone, so drawing a figure loads neither
the engine nor nbconvert.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from pawnslib.report.style import log_ticks, method_style

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

BASELINE = "plain6"  # the method every other is paired with (pawnslib.experiments.costs.BASELINE)
FRONTIER = ("plain6", "plain8")  # "search deeper": the dashed line of strength against cost
# Strength against cost's cost is nodes, the same on every machine (the methods' times are timing data, on the
# timings page: pawnslib.report.timings_page).
STRENGTH_COLUMNS = ("method", "score", "score_lo", "score_hi", "nodes_mean")
FOREST_COLUMNS = ("method", "black", "white", "diff", "diff_lo", "diff_hi")
SWEEP_COLUMNS = ("max_pr", "share_likely", "share_made", "share_correct")
MAP_COLUMNS = ("white_noise", "predictability", "white_depth", "method", "diff", "diff_lo", "diff_hi")
# the MAX_PR sweep's curves: (column, label, colour), Okabe-Ito's colour-blind-safe blue, orange and green
SWEEP_CURVES = (("share_likely", "replies called likely", "#0072B2"),
                ("share_made", "White moves with a prediction", "#E69F00"),
                ("share_correct", "predictions correct", "#009E73"))
SLICES = {1: "one slice", 2: "two slices"}  # a model's name in a panel's title
MARKER_SIZE = 8


def check_columns(df: pd.DataFrame, columns: tuple[str, ...], what: str) -> None:
    """``ValueError`` naming the missing columns if ``df`` (called ``what`` in the message, e.g. ``"methods"``) lacks
    any of ``columns``, or if it has no rows."""
    if not isinstance(df, pd.DataFrame):
        raise ValueError(f"{what} must be a pandas DataFrame, got {type(df).__name__}")
    missing = [c for c in columns if c not in df.columns]
    if missing:
        raise ValueError(f"{what} lacks the column(s) {', '.join(map(repr, missing))}")
    if df.empty:
        raise ValueError(f"{what} has no rows")


def row_major(items: list, columns: int) -> list:
    """``items`` reordered so that a legend of ``columns`` columns (which matplotlib fills column by column, the
    longer columns first) reads them row by row, left to right."""
    return [items[k] for c in range(columns) for k in range(c, len(items), columns)]


def legend_below(fig: Figure, axes: list[Axes], columns: int, *, first: list[str] | None = None) -> None:
    """The legend entries of ``axes`` as one legend below every axes of ``fig`` (a constrained-layout figure).

    Args:
        fig: the figure, made with ``layout="constrained"``.
        axes: the axes whose labelled artists the legend names (a label's first artist stands for it).
        columns: the most entries in a row.
        first: labels to put first, in this order (e.g. the methods, before the reference lines).
    """
    entries = {}
    for ax in axes:
        for handle, label in zip(*ax.get_legend_handles_labels(), strict=True):
            entries.setdefault(label, handle)
    order = [label for label in first or [] if label in entries]
    order += [label for label in entries if label not in order]
    columns = min(columns, len(order))
    labels = row_major(order, columns)
    fig.legend([entries[label] for label in labels], labels, loc="outside lower center", ncol=columns,
               frameon=False)


def strength_cost(methods: pd.DataFrame, *, title: str | None = None) -> Figure:
    """Strength against cost: each method's mean score (in percent) against its nodes per search (log x), with the
    dashed line joining ``plain6`` and ``plain8`` (what searching deeper buys) when both are present. A method whose
    cost is missing (NaN) is left out.

    Args:
        methods: Chapter 13's method table (``tables/ch13_methods.csv``): one row per method with ``method``,
            ``score``, ``score_lo``, ``score_hi`` (its 95 % interval) and ``nodes_mean``.
        title: the figure's title; none if None.

    Returns:
        The matplotlib Figure (one axes and the legend).

    Raises:
        ValueError: a missing column (named), no rows, a method without a style (named) or with two rows.
    """
    check_columns(methods, STRENGTH_COLUMNS, "methods")
    for m in methods.method:
        method_style(m)
    twice = sorted(set(methods.method[methods.method.duplicated()]))
    if twice:
        raise ValueError(f"methods has more than one row for {twice}")
    import matplotlib.pyplot as plt
    from matplotlib.colors import to_rgba
    from matplotlib.ticker import FuncFormatter

    fig, ax = plt.subplots(figsize=(8, 5.6), layout="constrained")
    x = "nodes_mean"
    shown = methods[methods[x].notna() & (methods[x] > 0)]
    for r in shown.itertuples():
        style = method_style(r.method)  # a see-through face: a point under another still shows its outline
        ax.errorbar(r.nodes_mean, r.score, yerr=[[r.score - r.score_lo], [r.score_hi - r.score]], ls="none",
                    ms=MARKER_SIZE, mew=1.5, mec=style["color"], mfc=to_rgba(style["color"], 0.45), elinewidth=1.2,
                    label=r.method, zorder=3, **style)
    frontier = shown.set_index("method").reindex(list(FRONTIER)).dropna(subset=[x, "score"])
    if len(frontier) == len(FRONTIER):
        ax.plot(frontier[x], frontier.score, color="grey", ls="--", lw=1, zorder=2,
                label="search deeper (plain6 to plain8)")
    ax.set(xscale="log", xlabel="mean nodes per Black search (log scale)")
    if len(shown):
        low, high = shown[x].min(), shown[x].max()
        ax.set_xlim(low / (high / low) ** 0.06 / 1.05, high * (high / low) ** 0.06 * 1.05)
        log_ticks(ax, "x", unit="")
    ax.set_ylabel("Black's mean score (95 % interval)")
    ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{100 * v:.0f} %"))
    legend_below(fig, [ax], columns=5, first=list(methods.method))
    if title:
        fig.suptitle(title)
    return fig


def forest(pairings: pd.DataFrame, *, baseline: str = BASELINE, columns: int = 4,
           title: str | None = None) -> Figure:
    """The paired difference from ``baseline`` per (Black, White) pairing: one panel per method, shared axes.

    One panel per method (in the table's order) keeps every interval readable. Differences read in percentage points
    (``-40``, ``0``, ``+40``).

    Args:
        pairings: Chapter 13's pairing table (``tables/ch13_pairings.csv``): per method and pairing ``method``,
            ``black``, ``white``, ``diff`` and its 95 % interval ``diff_lo``, ``diff_hi``.
        baseline: the method the differences are from (left out if present).
        columns: panels per row, at least 1.
        title: the figure's title; none if None.

    Raises:
        ValueError: a missing column (named), no method but the baseline, a method without a style (named), or
            ``columns`` below 1.
    """
    check_columns(pairings, FOREST_COLUMNS, "pairings")
    if not isinstance(columns, int | np.integer) or columns < 1:
        raise ValueError(f"columns must be a positive integer, got {columns!r}")
    data = pairings.assign(pairing=pairings.black.astype(str) + " v " + pairings.white.astype(str))
    shown = [m for m in dict.fromkeys(data.method) if m != baseline]
    if not shown:
        raise ValueError(f"pairings has no method but the baseline {baseline!r}")
    for m in shown:
        method_style(m)
    import matplotlib.pyplot as plt
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    order = list(dict.fromkeys(data.pairing))
    cols = min(columns, len(shown))
    rows = -(-len(shown) // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(2.45 * cols + 0.9, (0.19 * len(order) + 0.8) * rows + 0.8),
                             sharex=True, sharey=True, squeeze=False, layout="constrained")
    for ax, m in zip(axes.flat, shown, strict=False):
        d = data[data.method == m].set_index("pairing").reindex(order)
        style = method_style(m)
        ax.errorbar(d["diff"], np.arange(len(order)), xerr=[d["diff"] - d.diff_lo, d.diff_hi - d["diff"]],
                    ls="none", ms=5, elinewidth=1.1, **style)
        ax.axvline(0, color="k", lw=0.8, zorder=1)
        ax.set_title(m, fontweight="bold")
    for ax in axes.flat[len(shown):]:
        ax.remove()
    axes[0][0].xaxis.set_major_locator(MaxNLocator(nbins=4))  # a few ticks: the panels are narrow
    axes[0][0].xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{100 * v:+.0f}" if round(100 * v) else "0"))
    axes[0][0].set_yticks(range(len(order)), order)
    axes[0][0].invert_yaxis()
    fig.supxlabel(f"score(method) - score({baseline}) in percentage points, 95 % bootstrap interval over rounds")
    fig.supylabel("Black v White")
    if title:
        fig.suptitle(title)
    return fig


def max_pr_sweep(sweeps: Mapping[int, tuple[pd.DataFrame, float, float]]) -> Figure:
    """The threshold rule on the training games: shares against MAX_PR, one panel per model, legend below.

    Args:
        sweeps: per model's slices (1, 2) its ``(sweep, max_pr, target)`` as
            :func:`pawnslib.experiments.maxpr.threshold_sweep` returns it (``Comparison.sweeps``): the sweep has
            ``max_pr``, ``share_likely``, ``share_made`` and ``share_correct``; ``max_pr`` is the chosen MAX_PR
            (a dotted line) and ``target`` ``seen_before``'s share of likely replies (a dashed line).

    Raises:
        ValueError: no sweep, a sweep that is not such a triple, a missing column (named), or a non-finite
            MAX_PR or target.
    """
    if not isinstance(sweeps, Mapping) or not sweeps:
        raise ValueError("sweeps must be a non-empty mapping of slices to (sweep, max_pr, target)")
    for slices, entry in sweeps.items():
        if not isinstance(entry, tuple | list) or len(entry) != 3:
            raise ValueError(f"sweeps[{slices!r}] must be (sweep, max_pr, target), got {type(entry).__name__}")
        check_columns(entry[0], SWEEP_COLUMNS, f"sweeps[{slices!r}]'s sweep")
        if not all(np.isfinite(float(v)) for v in entry[1:]):
            raise ValueError(f"sweeps[{slices!r}]'s max_pr and target must be finite, got {entry[1:]}")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(sweeps), figsize=(6.2 * len(sweeps), 4.6), sharey=True, squeeze=False,
                             layout="constrained")
    fig.get_layout_engine().set(wspace=0.06)  # room between one panel's last x label and the next one's first
    for ax, (slices, (sweep, bound, target)) in zip(axes[0], sweeps.items(), strict=True):
        bound, target = float(bound), float(target)
        for col, label, colour in SWEEP_CURVES:
            ax.plot(sweep.max_pr, sweep[col], color=colour, lw=1.8, label=label)
        ax.axhline(target, color="grey", ls="--", lw=1, label="seen_before's share of likely replies (the target)")
        ax.axvline(bound, color="k", ls=":", lw=1.2, label="the chosen MAX_PR")
        ax.set(xlabel="MAX_PR", ylim=(0, 1), xlim=(-0.02, 1.02),
               title=f"{SLICES.get(slices, f'{slices} slices')}: MAX_PR = {bound:.4f}, target {target:.3f}")
    axes[0][0].set_ylabel("share")
    legend_below(fig, [axes[0][0]], columns=3)
    return fig


def predictability_map(table: pd.DataFrame, *, yardstick: str = "plain8", title: str | None = None) -> Figure:
    """Where prediction pays: each method's gain over ``plain6`` against how predictable White is, a panel per
    White depth, ``yardstick`` (what two more plies buy) drawn as a shaded band.

    Args:
        table: the map (``tables/ch13_predictability.csv``): per cell (``white_noise``, its measured
            ``predictability``, ``white_depth``) and method the paired ``diff`` with its 95 % interval ``diff_lo``,
            ``diff_hi`` (fractions of a game).
        yardstick: the method drawn as a band (its interval) with a dashed line (its estimate).
        title: the figure's title; none if None.

    Returns:
        The matplotlib Figure: x, the share of White's moves its noise-free model predicts (%); y, the change of
        Black's score from ``plain6`` (score points), one line per method with its interval as a bar, the points of a
        cell spread apart so that none hides another.

    Raises:
        ValueError: a missing column (named), an empty table or a method without a style (named).
    """
    check_columns(table, MAP_COLUMNS, "table")
    methods = [m for m in dict.fromkeys(table.method) if m != yardstick]
    for m in methods:
        method_style(m)
    import matplotlib.pyplot as plt

    depths = sorted(table.white_depth.unique())
    fig, axes = plt.subplots(1, len(depths), figsize=(5.2 * len(depths), 4.6), sharey=True, layout="constrained",
                             squeeze=False)
    for ax, depth in zip(axes[0], depths, strict=True):
        cell = table[table.white_depth == depth].sort_values("predictability", kind="stable")
        yard = cell[cell.method == yardstick]
        if len(yard):
            x = 100 * yard.predictability
            ax.fill_between(x, 100 * yard.diff_lo, 100 * yard.diff_hi, color="0.85", label=f"{yardstick} (95 %)")
            ax.plot(x, 100 * yard["diff"], color="0.4", ls="--", lw=1.2)
        for k, m in enumerate(methods):
            d = cell[cell.method == m]
            x = 100 * d.predictability + 1.2 * (k / max(1, len(methods) - 1) - 0.5)
            ax.errorbar(x, 100 * d["diff"], yerr=[100 * (d["diff"] - d.diff_lo), 100 * (d.diff_hi - d["diff"])],
                        **method_style(m), markersize=MARKER_SIZE - 2, capsize=2, lw=1.2, label=m)
        ax.axhline(0, color="black", lw=0.8)
        levels = cell.drop_duplicates("white_noise")
        ax.set_xticks(100 * levels.predictability, [f"{100 * p:.0f} %\n{n}" for p, n in
                                                    zip(levels.predictability, levels.white_noise, strict=True)])
        ax.set(title=f"White searches {depth} plies", xlabel="White's moves its noise-free model predicts")
    axes[0][0].set_ylabel("change of Black's score from plain6\n(score points, 95 % interval)")
    if title:
        fig.suptitle(title)
    legend_below(fig, list(axes[0]), 5, first=methods)
    return fig


def methods_vs_baseline(methods: pd.DataFrame, *, baseline: str = BASELINE, yardstick: str = "plain8",
                        title: str | None = None) -> Figure:
    """Each method's paired change from ``baseline`` in score points, sorted, with its 95 % interval (thick) and its
    interval simultaneous over the methods (thin): the methods table at a glance.

    The ``yardstick`` (``plain8``: what two more plies everywhere buy) is drawn apart: its row in grey on a grey band,
    and a dashed line at its change across every row, so each method's change reads against both 0 (the baseline's
    solid line) and what searching deeper buys.

    Args:
        methods: Chapter 13's method table (``tables/ch13_methods.csv``): per method ``method``, ``diff`` with its
            95 % interval ``diff_lo``, ``diff_hi`` and its simultaneous interval ``diff_lo_all``, ``diff_hi_all``
            (fractions of a game); the baseline's row, if there, is left out.
        baseline: the method the changes are from.
        yardstick: the method drawn as the yardstick, if present.
        title: the figure's title; none if None.

    Raises:
        ValueError: a missing column (named), no method but the baseline, or a method without a style (named).
    """
    check_columns(methods, ("method", "diff", "diff_lo", "diff_hi", "diff_lo_all", "diff_hi_all"), "methods")
    shown = methods[methods.method != baseline].sort_values("diff", kind="stable").reset_index(drop=True)
    if shown.empty:
        raise ValueError(f"methods has no method but the baseline {baseline!r}")
    for m in shown.method:
        method_style(m)
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D
    from matplotlib.ticker import FuncFormatter, MultipleLocator

    fig, ax = plt.subplots(figsize=(8, 0.36 * len(shown) + 2.2), layout="constrained")
    for y, r in shown.iterrows():
        style = method_style(r.method)  # a white edge sets a filled marker off its bar; a line marker is drawn black
        colour = style["color"]
        if r.method == yardstick:
            ax.axhspan(y - 0.45, y + 0.45, color="#DDDDDD", zorder=0)
            ax.axvline(100 * r["diff"], color=colour, ls="--", lw=1.2, zorder=1)
        ax.plot([100 * r.diff_lo_all, 100 * r.diff_hi_all], [y, y], color=colour, lw=1.2, solid_capstyle="butt",
                zorder=2)
        edge = "black" if style["marker"] in ("x", "+", "1", "2", "3", "4", "|", "_") else "white"
        ax.errorbar(100 * r["diff"], y, xerr=[[100 * (r["diff"] - r.diff_lo)], [100 * (r.diff_hi - r["diff"])]],
                    elinewidth=5, capsize=0, ms=MARKER_SIZE, mec=edge, mew=1.2 if edge == "black" else 0.8,
                    label=r.method, zorder=3, **style)
    ax.axvline(0, color="black", lw=1, zorder=1)
    ax.set_yticks(range(len(shown)), shown.method)
    ax.set_ylim(-0.7, len(shown) - 0.3)
    for tick in ax.get_yticklabels():
        if tick.get_text() == yardstick:
            tick.set(color="dimgrey", fontstyle="italic")
    ax.xaxis.set_major_locator(MultipleLocator(5))
    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:+.0f}" if round(v) else "0"))
    ax.grid(axis="x", color="#EEEEEE", lw=0.8, zorder=0)
    ax.grid(axis="y", visible=False)  # a row's own lines are its guide
    ax.set_xlabel(f"change of Black's score from {baseline} (score points: a draw is half a win)")
    handles = [Line2D([], [], color="#555555", lw=5), Line2D([], [], color="#555555", lw=1.2),
               Line2D([], [], color="black", lw=1)]
    labels = ["95 % interval", f"simultaneous 95 % interval over the {len(shown)} methods",
              f"{baseline} (0: no change)"]
    if yardstick in set(shown.method):
        handles.append(Line2D([], [], color=method_style(yardstick)["color"], ls="--", lw=1.2))
        labels.append(f"{yardstick}: what two more plies buy")
    fig.legend(handles, labels, loc="outside lower center", ncol=2, frameon=False)
    if title:
        fig.suptitle(title)
    return fig


__all__ = ["BASELINE", "FOREST_COLUMNS", "FRONTIER", "MAP_COLUMNS", "STRENGTH_COLUMNS", "SWEEP_COLUMNS",
           "check_columns", "forest", "max_pr_sweep", "methods_vs_baseline", "predictability_map", "strength_cost"]
