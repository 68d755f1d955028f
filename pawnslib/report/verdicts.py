"""The report's claims table as a reader sees it first: one row per claim with its verdict badge, the lines of
evidence beneath it (each reading and strategy set, with its own badge), how far the thesis's own evidence carries
the claim, a link to the chapter that shows it, and a legend.

The verdicts themselves are computed by :mod:`~pawnslib.experiments.evidence` (a claim's, from its lines') and
:mod:`~pawnslib.experiments.thesis` (a line's); this module only presents them.

Layer ``report``: it may import every layer; it imports only those two.
"""

from __future__ import annotations

import html

import pandas as pd

from pawnslib.experiments.evidence import CLAIM_RULES, VERDICTS
from pawnslib.experiments.thesis import VERDICT_RULES

COLOURS = {"reproduced": "#2e7d32", "not reproduced": "#c62828", "mixed": "#ef6c00", "inconclusive": "#8d8d8d",
           "new": "#1565c0"}
LEGEND = VERDICT_RULES  # a line's written rules (pawnslib.experiments.thesis), one line per badge
SUPPORT_WORDS = {"shows it": "the thesis's own figures, at its effective sample, show the claim",
                 "cannot show it": "they cannot: the claim is within the thesis's own noise, contradicted by its own "
                                   "counts, or rests on a figure it does not give",
                 "no data": "the thesis states it without a count or spread to check it by",
                 "ours": "a finding of ours the thesis never measured"}
# The chapter page that shows each claim: the first pattern found in the claim's text wins, else its section's.
PAGE_OF_TEXT = (("branching factor", "04_pawns"), ("recognis", "08_dbn"), ("Chapter 13", "13_future_work"),
                ("predicting the opponent", "13_future_work"))
PAGE_OF_SECTION = {"10": "10_harmony_search", "12": "11_asymmetric_game_tree", "11.1": "11_asymmetric_game_tree",
                   "11.2": "11_asymmetric_game_tree", "beyond": "08_dbn"}


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


def line_label(reading: str, strategies: str) -> str:
    """A line of evidence named for a reader: "kalles, thesis strategies", "kalles, thesis strategies (Chapter 13's
    games)"."""
    name, _, more = strategies.partition(" (")
    return f"{reading}, {name} strategies" + (f" ({more}" if more else "")


def legend_html() -> str:
    """The legend: a claim's verdict from its lines, a line's verdict rules, and the thesis's own evidence."""
    claim = "".join(f"<div style='margin:0.2em 0'>{badge(v)} {html.escape(CLAIM_RULES[v])}</div>" for v in VERDICTS)
    line = "".join(f"<div style='margin:0.2em 0'>{badge(v)} {html.escape(LEGEND[v])}</div>" for v in LEGEND)
    own = "".join(f"<li><b>{html.escape(k)}</b>: {html.escape(w)}</li>" for k, w in SUPPORT_WORDS.items())
    return (f"<p><b>A claim's verdict</b> weighs its lines of evidence:</p>{claim}<p><b>A line's verdict</b>, our "
            f"games against the thesis's figure:</p>{line}<p><b>The thesis's own evidence</b>, at 3 effective games "
            f"a cell:</p><ul>{own}</ul>")


def claims_html(claims: pd.DataFrame, lines: pd.DataFrame, *, link: str = "{page}.html") -> str:
    """The claims table: per claim (linked to its chapter) the thesis's figure, its own evidence, our lines of
    evidence (each with its reading, strategy set, figure and badge) and the claim's verdict.

    Args:
        claims: :func:`pawnslib.experiments.evidence.judge`'s frame: section, claim, thesis, support, verdict.
        lines: :func:`~pawnslib.experiments.evidence.evidence_lines`' frame: claim, reading, strategies, ours,
            verdict.
        link: the link to a chapter page, ``{page}`` being the notebook's stem.

    Raises:
        ValueError: a frame without its columns, or an unknown verdict.
    """
    for frame, need, what in ((claims, ("section", "claim", "thesis", "support", "verdict"), "claims"),
                              (lines, ("claim", "reading", "strategies", "ours", "verdict"), "lines")):
        if missing := [c for c in need if c not in frame.columns]:
            raise ValueError(f"{what} lacks the column(s) {', '.join(missing)}")
    head = "".join(f"<th>{h}</th>" for h in ("claim", "the thesis says", "its own evidence", "our lines of evidence",
                                             "verdict"))
    rows = []
    for c in claims.itertuples(index=False):
        page = page_of(c.section, c.claim)
        claim = html.escape(c.claim)
        if page:
            claim = f'<a href="{html.escape(link.format(page=page))}">{claim}</a>'
        evidence = "".join(f"<li><b>{html.escape(line_label(x.reading, x.strategies))}</b>: {html.escape(x.ours)} "
                           f"{badge(x.verdict)}</li>" for x in lines[lines.claim == c.claim].itertuples())
        cells = [claim, html.escape(c.thesis), html.escape(c.support), f'<ul style="margin:0">{evidence}</ul>',
                 badge(c.verdict)]
        rows.append("<tr>" + "".join(f'<td style="text-align:left">{x}</td>' for x in cells) + "</tr>")
    return f'<table class="claims"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'


__all__ = ["COLOURS", "LEGEND", "SUPPORT_WORDS", "VERDICTS", "badge", "claims_html", "legend_html", "line_label",
           "page_of"]
