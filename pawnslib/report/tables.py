"""Saving notebook results: tables as CSV plus a GitHub-markdown copy, figures as PNG.

Layout under a results directory: ``tables/<name>.csv``, ``tables/<name>.md`` and ``figures/<name>.png``. The
markdown writer is our own, so ``tabulate`` is not needed. A table of wall-clock times is saved by :func:`save_timing`
as timing data, shown on the site's timings page, never in a notebook.

Layer ``report``: it imports only ``config``, :mod:`~pawnslib.report.style` and
:mod:`~pawnslib.report.timings_page` (the timings page's name).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pandas as pd

from pawnslib import config
from pawnslib.report.style import cell, has_label_index
from pawnslib.report.timings_page import PAGE

if TYPE_CHECKING:
    from matplotlib.figure import Figure


FLOAT_DIGITS = 12  # significant digits of a float in a saved CSV
TIMING_SUFFIX = "_timing"  # a timing table's name ends so (pawnslib.report.timings_page.is_timing)


def _cell(value: object, column: object = None) -> str:
    return cell(value, column).replace("|", r"\|").replace("\n", " ")


def markdown_table(df: pd.DataFrame) -> str:
    """``df`` (with its index, if it has a real one) as a GitHub-markdown table."""
    if has_label_index(df):
        df = df.reset_index()
    numeric = [df[c].dtype.kind in "iuf" for c in df.columns]
    rows = [[_cell(c) for c in df.columns],
            *([_cell(v, c) for v, c in zip(r, df.columns, strict=True)] for r in df.itertuples(False))]
    lines = ["| " + " | ".join(r) + " |" for r in rows]
    lines.insert(1, "|" + "|".join("---:" if n else "---" for n in numeric) + "|")
    return "\n".join(lines) + "\n"


def save_table(df: pd.DataFrame, name: str, results_dir: str | Path) -> tuple[Path, Path]:
    """Write ``df`` to ``results_dir/tables/<name>.csv`` and ``.md``; return both paths.

    The index is written (as the first columns) unless it is the default 0..n-1. Floats are written to
    :data:`FLOAT_DIGITS` significant digits, so that a sum whose last bits differ on another machine (or in another
    order) writes the same file.
    """
    out = Path(results_dir) / "tables"
    out.mkdir(parents=True, exist_ok=True)
    csv, md = out / f"{name}.csv", out / f"{name}.md"
    df.to_csv(csv, index=has_label_index(df), float_format=f"%.{FLOAT_DIGITS}g")
    md.write_text(markdown_table(df))
    return csv, md


def read_table(name: str, results_dir: str | Path, *, made_by: str) -> pd.DataFrame:
    """``results_dir/tables/<name>.csv``, as :func:`save_table` wrote it.

    Raises:
        FileNotFoundError: no such table, naming the file and ``made_by`` (what writes it).
    """
    path = Path(results_dir) / "tables" / f"{name}.csv"
    if not path.is_file():
        raise FileNotFoundError(f"{path} is missing: {made_by} writes it (`make reproduce` runs it first)")
    return pd.read_csv(path)


def save_timing(df: pd.DataFrame, name: str, results_dir: str | Path, *, rules: str = config.RULES) -> str:
    """Save the wall-clock table ``df`` as ``tables/<name>_timing.csv`` and ``.md``; return a sentence for the page.

    Args:
        df: the times.
        name: the table's name, without ``_timing``.
        results_dir: the reading's results folder (``config.reading_dir``).
        rules: its reading: where its pages lie, hence the link to the timings page (``<R>/html/timings.html``).

    Returns:
        A markdown sentence naming the file and linking the timings page, for the notebook to show instead of the
        times.
    """
    csv, _ = save_table(df, f"{name}{TIMING_SUFFIX}", results_dir)
    page = PAGE if rules == config.RULES else f"../../html/{PAGE}"  # another reading's pages: R/<reading>/html
    return (f"Wall-clock times are timing data, different on every machine: `tables/{csv.name}`, shown on "
            f"[the timings page]({page}).")


def save_figure(fig: Figure, name: str, results_dir: str | Path) -> Path:
    """Write ``fig`` to ``results_dir/figures/<name>.png`` at 120 dpi; return the path."""
    out = Path(results_dir) / "figures"
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{name}.png"
    fig.savefig(path, dpi=120, bbox_inches="tight")
    return path


__all__ = ["FLOAT_DIGITS", "TIMING_SUFFIX", "markdown_table", "save_figure", "save_table", "save_timing"]
