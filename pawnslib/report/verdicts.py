"""The report's claims table as a reader sees it first: one row per claim, a coloured badge per verdict, a link to
the chapter that shows the claim, and a legend.

The verdicts themselves are computed by :mod:`~pawnslib.experiments.claims`; this module only presents them. A row
that sums up a per-pairing table (e.g. "1 reproduced, 9 not, 6 inconclusive") gets one small badge per verdict with its
count.

Layer ``report``: it may import every layer; it imports only :mod:`~pawnslib.experiments.claims` (the verdicts) and
:mod:`~pawnslib.experiments.thesis` (their rules).
"""

from __future__ import annotations

import html
import re

import pandas as pd

from pawnslib.experiments.claims import VERDICTS
from pawnslib.experiments.thesis import VERDICT_RULES

COLOURS = {"reproduced": "#2e7d32", "not reproduced": "#c62828", "inconclusive": "#8d8d8d", "new": "#1565c0"}
LEGEND = VERDICT_RULES  # the written rules (pawnslib.experiments.thesis), one line per badge
# The chapter page that shows each claim: the first pattern found in the claim's text wins, else its section's.
PAGE_OF_TEXT = (("branching factor", "04_pawns"), ("recognis", "08_dbn"), ("Chapter 13", "13_future_work"),
                ("predicting the opponent", "13_future_work"))
PAGE_OF_SECTION = {"10": "10_harmony_search", "12": "11_asymmetric_game_tree", "11.1": "11_asymmetric_game_tree",
                   "11.2": "11_asymmetric_game_tree", "beyond": "08_dbn"}
_TALLY = re.compile(r"(\d+) (reproduced|not|inconclusive)")


def page_of(section: str, claim: str) -> str | None:
    """The notebook (stem, e.g. ``"11_asymmetric_game_tree"``) that shows a claim, or None when none does."""
    for pattern, page in PAGE_OF_TEXT:
        if pattern in claim:
            return page
    return PAGE_OF_SECTION.get(str(section))


def badge(verdict: str, *, count: int | None = None) -> str:
    """A verdict as a coloured badge (HTML); ``count`` prefixes the text, as in a per-pairing tally.

    Raises:
        ValueError: a verdict not in :data:`COLOURS`.
    """
    if verdict not in COLOURS:
        raise ValueError(f"unknown verdict {verdict!r}; expected one of {', '.join(COLOURS)}")
    text = verdict if count is None else f"{count} {verdict}"
    return (f'<span class="verdict" style="background:{COLOURS[verdict]};color:white;border-radius:0.8em;'
            f'padding:0.1em 0.6em;white-space:nowrap;font-size:0.9em">{html.escape(text)}</span>')


def verdict_html(verdict: object) -> str:
    """A claims-table verdict cell: one badge, one badge per verdict of a tally, or "–" when the claim is absent."""
    if not isinstance(verdict, str) or not verdict:
        return "–"
    if verdict in COLOURS:
        return badge(verdict)
    tally = _TALLY.findall(verdict)
    if not tally:
        raise ValueError(f"a verdict must be one of {', '.join(COLOURS)} or a tally like '1 reproduced, 9 not, "
                         f"6 inconclusive'; got {verdict!r}")
    return " ".join(badge("not reproduced" if word == "not" else word, count=int(n)) for n, word in tally if int(n))


def legend_html() -> str:
    """The legend of the verdict badges, one line each."""
    return "".join(f"<div style='margin:0.2em 0'>{badge(v)} {html.escape(LEGEND[v])}</div>" for v in COLOURS)


def claims_html(claims: pd.DataFrame, readings: list[str], *, link: str = "{page}.html") -> str:
    """The claims table: claim (linked to its chapter), the thesis's figure, then ours and a badge per reading.

    Args:
        claims: :func:`pawnslib.experiments.claims.combine`'s frame: section, claim, thesis, ``ours (<reading>)`` and
            ``verdict (<reading>)`` per reading.
        readings: the readings to show, in order.
        link: the link to a chapter page, ``{page}`` being the notebook's stem.

    Returns:
        An HTML ``<table>`` whose header names the claim, the thesis, and per reading ours and the verdict.

    Raises:
        ValueError: a reading without its columns, or an unknown verdict.
    """
    missing = [f"{k} ({r})" for r in readings for k in ("ours", "verdict") if f"{k} ({r})" not in claims.columns]
    if missing:
        raise ValueError(f"claims lacks the column(s) {', '.join(missing)}")
    head = "".join(f"<th>{html.escape(h)}</th>" for h in
                   ["claim", "thesis", *(f"{k} ({r})" for r in readings for k in ("ours", "verdict"))])
    rows = []
    for row in claims.itertuples(index=False):
        d = dict(zip(claims.columns, row, strict=True))
        page = page_of(d["section"], d["claim"])
        claim = html.escape(d["claim"])
        if page:
            claim = f'<a href="{html.escape(link.format(page=page))}">{claim}</a>'
        cells = [claim, html.escape(str(d["thesis"]))]
        for r in readings:
            ours = d[f"ours ({r})"]
            cells += [html.escape(ours) if isinstance(ours, str) else "–", verdict_html(d[f"verdict ({r})"])]
        rows.append("<tr>" + "".join(f'<td style="text-align:left">{c}</td>' for c in cells) + "</tr>")
    return (f'<table class="claims"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>')


__all__ = ["COLOURS", "LEGEND", "VERDICTS", "badge", "claims_html", "legend_html", "page_of", "verdict_html"]
