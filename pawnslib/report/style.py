"""How results look: one name and one colour per strategy set, rule reading and method; legible figures; tidy tables.

Every notebook and the report use these, so "the thesis's set" or "the king reading" has the same label and the
same colour on every page, and each of Chapter 13's methods the same colour and marker (:func:`method_style`).
:func:`log_ticks` labels a log axis ``3k 10k 30k``, never ``4x10^3``. :func:`show` displays a table the way a
reader wants it: integers as integers, p-values short (``< 1e-6``, ``0.02``), no ``NaN`` cells, no exponent
notation, text left-aligned.

Layer ``report`` (the top one): it may import every layer; this module imports none of pawnslib, so
that every other report module can import it.
"""

from __future__ import annotations

import hashlib
import html

import numpy as np
import pandas as pd
from pandas.io.formats.style import Styler

# The strategy sets (config.SETS) and the rule readings (config.READINGS), as readers see them.
SET_NAMES = {"thesis": "the thesis's strategies", "harmony": "our Harmony* strategies"}
SET_COLOURS = {"thesis": "#1f77b4", "harmony": "#ff7f0e"}
READING_NAMES = {"kalles": "Kalles reading (orthogonal steps)", "king": "king reading (8-neighbour steps)"}
READING_COLOURS = {"kalles": "#2ca02c", "king": "#9467bd"}
THESIS_COLOUR = "#444444"  # the thesis's own numbers, wherever they stand beside ours

# Chapter 13's methods (pawnslib.experiments.chapter13.METHODS): (colour, marker), one hue family per kind of method,
# every colour and every marker used once. Plain search grey and black; the asymmetric tree's variants blues and
# greens (Paul Tol's colour-blind-safe palette, and Okabe-Ito's blue); OM/PrOM search vermillion, orange and rose;
# the methods that foresee White's first reply purples.
METHOD_STYLES: dict[str, tuple[str, str]] = {
    "plain6": ("#000000", "o"), "plain8": ("#808080", "s"),
    "one-hist": ("#0072B2", "^"), "two-hist": ("#88CCEE", "v"), "one-thr": ("#332288", "<"),
    "two-thr": ("#44AA99", ">"), "random": ("#999933", "X"), "one-hist-game": ("#117733", "D"),
    "om-perfect": ("#D55E00", "P"), "prom-uniform": ("#E69F00", "h"), "prom-dbn": ("#CC6677", "p"),
    "prom-dbn-cal": ("#DDCC77", "H"), "prom-learned": ("#EE3377", "+"), "om-matched": ("#AA4499", "*"),
    "oracle": ("#882255", "d"), "one-hist-told1": ("#6699CC", "8"), "oracle-deep": ("#661100", "x"),
}

P_COLUMNS = ("p", "p_value", "p_holm", "thesis_p", "recognition_p")  # p-value columns (and any "p (Holm over ...)")
MISSING = "–"  # what an empty (NaN) cell shows
TINY = 1e-6  # below it a cell's number is in exponent form: 0.00001235, but 9.0e-121

# Figure text legible at the rendered size (a notebook figure is shown at about its own size, 120 dpi).
RC = {"font.size": 11, "axes.titlesize": 12, "axes.labelsize": 11, "xtick.labelsize": 10, "ytick.labelsize": 10,
      "legend.fontsize": 10, "figure.dpi": 100}


def use() -> None:
    """Set seaborn's theme with :data:`RC`; notebooks call it once, at the top."""
    import seaborn as sns

    sns.set_theme(style="whitegrid", rc=RC)


def set_label(name: str) -> str:
    """A strategy set's name for readers, e.g. ``"thesis's strategies"``; unknown names unchanged."""
    return SET_NAMES.get(name, name)


def reading_label(name: str) -> str:
    """A rule reading's name for readers, e.g. ``"king reading (8-neighbour steps)"``; unknown names unchanged."""
    return READING_NAMES.get(name, name)


def short_p(p: float) -> str:
    """A p-value in short form: ``< 1e-6``, ``3e-4``, ``0.02``, ``0.5``, ``1``; ``–`` for NaN."""
    if p is None or np.isnan(p):
        return MISSING
    if p < 1e-6:
        return "< 1e-6"
    if p < 0.01:
        mantissa, exponent = f"{p:.0e}".split("e")
        return f"{mantissa}e{int(exponent)}"
    return f"{p:.2g}"


def number(value: object) -> str:
    """A cell as text: integers without decimals, other numbers to 4 significant digits, in exponent form only below
    1e-6 (``9.0e-121``, not 121 zeros).

    Numbers of 1000 or more lose their decimals (a log-likelihood of -12345.67 shows as -12346); NaN shows as ``–``.
    """
    if isinstance(value, bool | np.bool_):
        return str(value)
    if isinstance(value, int | np.integer):
        return str(int(value))
    if isinstance(value, float | np.floating):
        return MISSING if np.isnan(value) else _float(float(value))
    return MISSING if value is None else str(value)


def _float(value: float) -> str:
    """A finite float as :func:`number` writes it."""
    if value.is_integer() or abs(value) >= 1000:
        return f"{value:.0f}"
    if abs(value) < TINY:
        mantissa, exponent = f"{value:.1e}".split("e")
        return f"{mantissa}e{int(exponent)}"
    return np.format_float_positional(value, precision=4, fractional=False, trim="-")


def cell(value: object, column: object) -> str:
    """``value`` as :func:`show` prints it in ``column`` (p-value columns by :func:`short_p`; a column of several
    levels, e.g. ``("kalles", "p_value")`` of readings set side by side, by its last level)."""
    name = column[-1] if isinstance(column, tuple) and column else column
    p_column = str(name) in P_COLUMNS or str(name).startswith("p (Holm")
    if p_column and isinstance(value, float | np.floating | int | np.integer):
        return short_p(float(value))
    return number(value)


def has_label_index(df: pd.DataFrame) -> bool:
    """Whether the index carries information, i.e. is not pandas' default unnamed 0..n-1 (shown and saved if so)."""
    return not (isinstance(df.index, pd.RangeIndex) and df.index.name is None
                and df.index.start == 0 and df.index.step == 1)


def show(df: pd.DataFrame, *, caption: str | None = None) -> Styler:
    """``df`` styled for reading: every cell by :func:`cell`, text columns left-aligned, a default index hidden, and
    ``caption`` (a line above the table, saying what to see) if given.

    Returns:
        A pandas Styler; a notebook displays it. Its HTML ids derive from the table's content, so the same
        table renders byte-identically on every run.
    """
    uuid = hashlib.sha1(df.to_csv().encode() + (caption or "").encode()).hexdigest()[:10]
    text = [c for c in df.columns if df[c].dtype.kind not in "iufb"]
    styler = (df.style.set_uuid(uuid).format({c: (lambda v, c=c: html.escape(cell(v, c))) for c in df.columns})
              .format_index(lambda v: html.escape(number(v)), axis=0)
              .format_index(lambda v: html.escape(str(v)), axis=1))
    if text:
        styler = styler.set_properties(subset=text, **{"text-align": "left"})
    styler = styler.set_table_styles([{"selector": "th", "props": "text-align: left;"}], overwrite=False)
    if not has_label_index(df):
        styler = styler.hide(axis="index")
    return styler.set_caption(caption) if caption else styler


def plain_ticks(ax, axis: str = "y") -> None:
    """Tick labels of ``ax`` (a matplotlib Axes, e.g. one whose y-axis is a log-likelihood) on ``axis`` (``"x"``,
    ``"y"`` or ``"both"``) as plain numbers with thousands separators (``-920,000``), never an offset or exponent."""
    from matplotlib.ticker import FuncFormatter

    formatter = FuncFormatter(lambda v, _: f"{v:,.0f}" if abs(v) >= 1000 else number(float(v)))
    for name in ("x", "y") if axis == "both" else (axis,):
        getattr(ax, f"{name}axis").set_major_formatter(formatter)


def method_style(name: str) -> dict[str, str]:
    """The colour and marker of the Chapter 13 method ``name`` (e.g. ``"one-hist"``), as keyword arguments of
    ``plot``, ``errorbar`` or ``scatter``.

    Returns:
        ``{"color": ..., "marker": ...}``, the same on every page.

    Raises:
        ValueError: ``name`` is not a method of :data:`METHOD_STYLES` (the message names it).
    """
    if name not in METHOD_STYLES:
        raise ValueError(f"no style for the method {name!r}; METHOD_STYLES has {', '.join(METHOD_STYLES)}")
    colour, marker = METHOD_STYLES[name]
    return {"color": colour, "marker": marker}


def short_number(value: float) -> str:
    """A tick's number in short plain form: ``3k``, ``10k``, ``2.5k``, ``1.2M``, ``5``, ``0.5``; never an exponent."""
    for size, suffix in ((1e6, "M"), (1e3, "k")):
        if abs(value) >= size:
            return f"{value / size:.3g}{suffix}"
    return number(float(value))


LOG_STEPS = ((1, 2, 5), (1, 3), (1,))  # the mantissas of log-axis ticks, tried in turn until few enough fit


def log_ticks(ax, axis: str = "x", *, unit: str = "", most: int = 7) -> None:
    """Plain labels on a log axis of ``ax``: ticks at 1-2-5 (else 1-3, else powers of 10) steps, e.g. ``3k 10k 30k``.

    A range too narrow for two such ticks gets round numbers evenly spaced (``3.6k 3.8k 4k``).

    Call it after plotting (the ticks are chosen within the axis' limits, which it keeps); minor ticks stay
    unlabelled, so no ``2x10^0`` or ``4x10^3`` label appears, and labels do not crowd.

    Args:
        ax: a matplotlib Axes whose ``axis`` has a log scale.
        axis: ``"x"`` or ``"y"``.
        unit: appended to every label, e.g. ``"×"`` for ratios (``1×``, ``2×``, ``5×``).
        most: the most ticks wanted; the first of :data:`LOG_STEPS` giving at most this many (and at least 2) wins.
    """
    from matplotlib.ticker import FixedLocator, FuncFormatter, MaxNLocator, NullFormatter

    lo, hi = sorted(getattr(ax, f"get_{axis}lim")())
    if lo <= 0:
        raise ValueError(f"log_ticks needs a positive {axis} range, got {lo} to {hi}")
    powers = 10.0 ** np.arange(np.floor(np.log10(lo)), np.ceil(np.log10(hi)) + 1)
    choices = [[p * s for p in powers for s in steps if lo <= p * s <= hi] for steps in (*LOG_STEPS, range(1, 10))]
    ticks = next((t for t in choices if 2 <= len(t) <= most), choices[-2])
    if len(ticks) < 2:  # a range narrower than two of 1, 2, ..., 9 x 10^k: evenly spaced round numbers
        ticks = [v for v in MaxNLocator(4).tick_values(lo, hi) if lo <= v <= hi]
    target = getattr(ax, f"{axis}axis")
    target.set_major_locator(FixedLocator(ticks))
    target.set_major_formatter(FuncFormatter(lambda v, _: short_number(v) + unit))
    target.set_minor_formatter(NullFormatter())
    getattr(ax, f"set_{axis}lim")(lo, hi)


def escape_markdown(text: str) -> str:
    r"""``text`` for Markdown prose: ``\``, ``*``, ``_`` and backticks escaped, e.g. ``our Harmony\* strategies``."""
    for c in "\\*_`":
        text = text.replace(c, "\\" + c)
    return text


__all__ = ["LOG_STEPS", "METHOD_STYLES", "MISSING", "P_COLUMNS", "READING_COLOURS", "READING_NAMES", "SET_COLOURS",
           "SET_NAMES", "THESIS_COLOUR", "cell", "escape_markdown", "has_label_index", "log_ticks", "method_style",
           "number", "plain_ticks", "reading_label", "set_label", "short_number", "short_p", "show", "use"]
