"""The report's claims table as a reader sees it first: one row per claim with its verdict badge, the lines of
evidence beneath it (each reading and strategy set, with its own badge), how far the thesis's own evidence carries
the claim, a link to the chapter that shows it, and a legend.

The verdicts themselves are computed by :mod:`~pawnslib.experiments.evidence` (a claim's, from its lines') and
:mod:`~pawnslib.experiments.thesis` (a line's); this module only presents them, each claim linked to the page its
record names.
"""

from __future__ import annotations

import html

import numpy as np
import pandas as pd

from pawnslib.experiments.evidence import CLAIM_RULES, TABLE_RULE
from pawnslib.experiments.records import VERDICTS
from pawnslib.experiments.thesis import VERDICT_RULES
from pawnslib.report.readable import need
from pawnslib.report.words import ours

COLOURS = {"reproduced": "#2e7d32", "not reproduced": "#c62828", "mixed": "#ef6c00", "inconclusive": "#8d8d8d",
           "untestable": "#5d4037", "new": "#1565c0"}
LEGEND = VERDICT_RULES  # a line's written rules (pawnslib.experiments.thesis), one line per badge
PLAN_PAGE = "analysis_plan.html"  # the site's page of the analysis plan, each rule with its margin and power
SUPPORT_WORDS = {"shows it": "the thesis's own figures, at its effective sample, show the claim",
                 "cannot show it": "they cannot: the claim is within the thesis's own noise, contradicted by its own "
                                   "counts, or rests on a figure it does not give",
                 "no data": "the thesis states it without a count or spread to check it by",
                 "ours": "a finding of ours the thesis never measured"}


def badge(verdict: str) -> str:
    """A verdict as a coloured badge (HTML).

    Raises:
        ValueError: a verdict not in :data:`COLOURS`.
    """
    if verdict not in COLOURS:
        raise ValueError(f"unknown verdict {verdict!r}; expected one of {', '.join(COLOURS)}")
    return (f'<span class="verdict" style="background:{COLOURS[verdict]};color:white;border-radius:0.8em;'
            f'padding:0.1em 0.6em;white-space:nowrap;font-size:0.9em">{html.escape(verdict)}</span>')


def legend_html() -> str:
    """The legend: a claim's verdict from its lines, a line's verdict rules, and the thesis's own evidence."""
    claim = "".join(f"<div style='margin:0.2em 0'>{badge(v)} {html.escape(CLAIM_RULES[v])}</div>" for v in VERDICTS)
    line = "".join(f"<div style='margin:0.2em 0'>{badge(v)} {html.escape(LEGEND[v])}</div>" for v in LEGEND)
    line += f"<p>A whole table's verdict: {html.escape(TABLE_RULE)}.</p>"
    own = "".join(f"<li><b>{html.escape(k)}</b>: {html.escape(w)}</li>" for k, w in SUPPORT_WORDS.items())
    return (f"<p><b>A claim's verdict</b> weighs its lines of evidence:</p>{claim}<p><b>A line's verdict</b>, our "
            f"games against the thesis's figure and its margin (each line states its margin and the reason for it; "
            f"every rule and its power: <a href=\"{PLAN_PAGE}\">the analysis plan</a>):</p>{line}<p><b>The thesis's "
            f"own evidence</b>, at 3 effective games a cell:</p><ul>{own}</ul>")


def claims_html(claims: pd.DataFrame, lines: pd.DataFrame, *, link: str = "{page}.html") -> str:
    """The claims table: per claim (linked to its chapter) the thesis's figure, its own evidence, our lines of
    evidence (each with its reading, strategy set, figure and badge) and the claim's verdict.

    Args:
        claims: :func:`pawnslib.experiments.evidence.judge`'s frame: id, page, claim, thesis, evidence, note, verdict.
        lines: :func:`~pawnslib.experiments.evidence.evidence_lines`' frame (our figure: :func:`~.words.ours`).
        link: the link to a chapter page, ``{page}`` being the notebook's stem.

    Raises:
        ValueError: a frame without its columns, or an unknown verdict.
    """
    need(claims, ["id", "page", "claim", "thesis", "evidence", "note", "verdict"], "claims")
    need(lines, ["id", "reading", "strategies", "facts", "verdict"], "lines")
    head = "".join(f"<th>{h}</th>" for h in ("claim", "the thesis says", "its own evidence", "our lines of evidence",
                                             "verdict"))
    rows = []
    for c in claims.itertuples(index=False):
        claim = f'<a href="{html.escape(link.format(page=c.page))}">{html.escape(c.claim)}</a>'
        evidence = "".join(f"<li><b>{html.escape(f'{x.reading}, {x.strategies} strategies')}</b>: "
                           f"{html.escape(ours(x))} {badge(x.verdict)}</li>"
                           for _, x in lines[lines.id == c.id].iterrows())
        own = f"<b>{html.escape(c.evidence)}</b>" + (f": {html.escape(c.note)}" if c.note else "")
        cells = [claim, html.escape(c.thesis), own, f'<ul style="margin:0">{evidence}</ul>', badge(c.verdict)]
        rows.append("<tr>" + "".join(f'<td style="text-align:left">{x}</td>' for x in cells) + "</tr>")
    return f'<table class="claims"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'


def verdict_grid(claims: pd.DataFrame, lines: pd.DataFrame, *, width: int = 64):
    """The claims' verdicts at a glance: a matplotlib figure with one row per claim (in the report's order) and one
    column per line of evidence (reading and strategy set) and the claim's own verdict last, each cell coloured by
    its verdict (:data:`COLOURS`), a blank where no line tests the claim; claims' texts cut at ``width``
    characters.

    Args:
        claims: :func:`pawnslib.experiments.evidence.judge`'s frame (id, claim, verdict).
        lines: their lines of evidence (id, reading, strategies, verdict).
    """
    import matplotlib.pyplot as plt
    from matplotlib.colors import ListedColormap
    from matplotlib.patches import Patch

    columns = list(dict.fromkeys(zip(lines.reading, lines.strategies, strict=True)))
    code = {v: k for k, v in enumerate(COLOURS)}
    grid = np.full((len(claims), len(columns) + 1), np.nan)
    at = {c: k for k, c in enumerate(columns)}
    for row, c in enumerate(claims.itertuples()):
        for x in lines[lines.id == c.id].itertuples():
            grid[row, at[x.reading, x.strategies]] = code[x.verdict]
        grid[row, -1] = code[c.verdict]
    fig, ax = plt.subplots(figsize=(2.2 + 1.1 * len(grid[0]) + width / 12, 0.8 + 0.3 * len(grid)))
    ax.imshow(grid, cmap=ListedColormap(list(COLOURS.values())), vmin=0, vmax=len(COLOURS) - 1, aspect="auto")
    ax.set_xticks(range(len(grid[0])), [f"{r}\n{s.replace(' (', chr(10) + '(')}" for r, s in columns] + ["the claim"])
    ax.set_yticks(range(len(grid)), [t if len(t) <= width else t[:width - 1] + "…" for t in claims.claim])
    ax.tick_params(length=0, labelsize=8, top=True, labeltop=True, bottom=False, labelbottom=False)
    ax.set_xticks(np.arange(len(grid[0])) - 0.5, minor=True)
    ax.set_yticks(np.arange(len(grid)) - 0.5, minor=True)
    ax.grid(False)  # the style's grid would cross the cells: white lines between them instead
    ax.grid(which="minor", color="white", linewidth=2)
    ax.legend(handles=[Patch(color=c, label=v) for v, c in COLOURS.items()], loc="upper left",
              bbox_to_anchor=(1.01, 1), fontsize=8, frameon=False)
    fig.tight_layout()
    return fig


__all__ = ["COLOURS", "LEGEND", "SUPPORT_WORDS", "badge", "claims_html", "legend_html", "verdict_grid"]
