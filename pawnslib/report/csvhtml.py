"""A saved CSV as HTML for the pages that render the files themselves (every table, the timings): headers in words,
cells as the notebooks show them, and no table wider than the page's column.

A table whose columns cannot fit the column side by side, even with every header and cell wrapped at its spaces
(estimated from the longest word of each column), is split into parts of whole columns, each
part repeating the leading label columns that say what a row is (:func:`parts`). At a phone's width a part may
still be wider than the screen: it then scrolls in its own box (the pages' ``.table-box``), never the page.

Layer ``report``: it imports :mod:`~pawnslib.report.headers` and :mod:`~pawnslib.report.style`.
"""

from __future__ import annotations

import re
from itertools import takewhile
from pathlib import Path

import pandas as pd

from pawnslib.report.headers import header
from pawnslib.report.style import MISSING, cell

# The page's column at a 1400 px window holds 976 px (measured in Chromium); a table fits it within this budget.
COLUMN_PX = 940
# What a character and a cell's padding take at the tables' font (0.8rem of 16 px: DejaVu Sans's digits are
# 0.64 em; letters average less, so the estimate errs wide).
CHAR_PX, CELL_PX = 8.2, 14.0
KEYS_AT_MOST = 3  # label columns repeated in each part of a split table
STYLE = ("table.table { width: auto; margin-left: 0; font-size: 0.8rem; } table.table td { text-align: right; } "
         "table.table th, table.table td { padding: 0.2rem 0.35rem; } "
         ".table-box { overflow-x: auto; margin-bottom: 1rem; } .table-part { font-size: 0.8rem; color: #555; }")


def label_columns(df: pd.DataFrame) -> list[str]:
    """The leading columns that say what a row is: those before the first numeric one, at most
    :data:`KEYS_AT_MOST`."""
    return list(takewhile(lambda c: not df[c].map(number_like).all(), df.columns[:KEYS_AT_MOST]))


def parts(df: pd.DataFrame, keys: list[str], budget: float = COLUMN_PX) -> list[list[str]]:
    """``df``'s columns (formatted text) in parts that each fit ``budget`` px, each part led by the label columns
    ``keys`` (:func:`label_columns`); one part if the whole table fits."""
    # A column's narrowest width: its longest piece the browser cannot break, a word of its header or cells split at
    # spaces and after hyphens.
    widths = {c: max(len(w) for t in [str(c), *df[c]] for w in re.split(r"\s+|(?<=-)", t)) * CHAR_PX + CELL_PX
              for c in df.columns}
    if sum(widths.values()) <= budget:
        return [list(df.columns)]
    out, part, room = [], [], budget - sum(widths[k] for k in keys)
    for c in (c for c in df.columns if c not in keys):
        if part and sum(widths[x] for x in part) + widths[c] > room:
            out.append(keys + part)
            part = []
        part.append(c)
    return [*out, keys + part]


def number_like(text: str) -> bool:
    """Whether a formatted cell is a number (``1234``, ``-0.25``, ``3e-4``, ``< 1e-6``) or empty (``–``)."""
    return text == MISSING or re.fullmatch(r"([-+<]?\s?[\d,]*\.?\d+(e-?\d+)?)?", text) is not None


def _headers(columns: pd.Index) -> list[str]:
    """The columns in words (:func:`~pawnslib.report.headers.header`), a saved index's column unnamed; a name whose
    words another column already has followed by its own name."""
    out: list[str] = []
    for c in columns:
        words = "" if str(c).startswith("Unnamed:") else header(c)
        out.append(words if words not in out else f"{words} ({c})")
    return out


def csv_table(path: Path) -> str:
    """A saved CSV as HTML: one table, or its parts (:func:`parts`) one under another, each in a box that scrolls by
    itself; headers in words, cells as the notebooks show them (:func:`~pawnslib.report.style.cell`)."""
    df = pd.read_csv(path)
    df = pd.DataFrame({c: df[c].map(lambda v, c=c: cell(None if pd.isna(v) else v, c)) for c in df.columns})
    df.columns = _headers(df.columns)
    keys = label_columns(df)
    split = parts(df, keys)
    boxes = []
    for i, columns in enumerate(split, 1):
        if len(split) > 1:
            repeated = f"; its first {len(keys)} columns repeat" if i > 1 and keys else ""
            boxes.append(f'<p class="table-part">Part {i} of {len(split)} of the table{repeated}.</p>')
        table = df[columns].to_html(index=False, border=0, classes="table", na_rep="")
        boxes.append(f'<div class="table-box">{table}</div>')
    return "\n".join(boxes)


__all__ = ["COLUMN_PX", "STYLE", "csv_table", "label_columns", "number_like", "parts"]
