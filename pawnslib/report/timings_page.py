"""The results' wall-clock times on one page, ``R/html/timings.html``, beside the site's pages but not built by Sphinx.

Why
---
Every file ``make reproduce`` writes into a results folder ``R`` is the same bytes on any machine, except how long
things took, which depends on the machine and its load. Those figures live in timing files of their own
(:func:`is_timing`), which no notebook shows, so that an executed notebook is byte-stable; :func:`timings_page`
shows the tables and the step log instead. The page is plain HTML with the site's stylesheets, written after
Sphinx's build: a new time changes this page alone, never the search index or another page.

Layer ``report``: it imports ``config`` and :mod:`~pawnslib.report.csvhtml` (its tables).
"""

from __future__ import annotations

import html
import os
from pathlib import Path

from pawnslib import config
from pawnslib.report import csvhtml
from pawnslib.report.csvhtml import csv_table

PAGE = "timings.html"  # in R/html
TITLE = "Wall-clock times on the machine that made these results"
STEP_LOG = Path("logs") / "timings.txt"  # the last run from scratch (reproduce.mk's FROM_SCRATCH)
# The theme's stylesheets and the site's own (bookconf.CSS), in R/html/_static: this page looks like the others.
STYLESHEETS = ("styles/pydata-sphinx-theme.css", "styles/sphinx-book-theme.css", "site.css")
# The theme lays a page out by its grid of sidebars, which this page has none of: a column of its own.
# (Its width follows the window's below 64rem: a phone's page never scrolls sideways, a wide table in its own box.)
STYLE = ("main.bd-main { max-width: 64rem; width: 100%; min-width: 0; box-sizing: border-box; margin: 1.5rem auto; "
         "padding: 0 1.5rem; } .bd-content, article.bd-article { min-width: 0; } h1 { font-size: clamp(1.6rem, 6vw, "
         "2.5rem); } h2 { font-size: 1.25rem; } "
         + csvhtml.STYLE)
EXPLANATION = (
    "How long a search, a game or a step of <code>make reproduce</code> took depends on the machine and on what "
    "else it was doing. Every other file in <code>results/</code> is the same bytes on any machine; these are not, "
    "so they are kept apart, in timing files, and no chapter shows them. Each reading's tables of times are its "
    "<code>tables/*_timing.csv</code> (the run under another reading in <code>&lt;reading&gt;/tables/</code>), "
    "the steps of the last run from scratch are <code>logs/timings.txt</code>, and each tournament's seconds per "
    "search are its <code>runs/&lt;run&gt;/timings.json</code>. The tables and the step log are below.")


def reading_folders(results: str | Path) -> list[tuple[str, Path]]:
    """Every reading of the rules and its folder in ``results`` (``config.reading_dir``), the first reading first."""
    return [(r, config.reading_dir(results, r)) for r in dict.fromkeys([config.RULES, *config.READINGS])]


def is_timing(path: Path) -> bool:
    """Whether a file of a results folder is timing data: it is in a ``logs`` folder, or its name says ``timing``.

    Args:
        path: the file's path relative to the results folder (an absolute path's own folders would count too).

    Returns:
        True for e.g. ``tables/perft_timing.csv``, ``king/tables/ch13_timing.md``, ``logs/timings.txt``,
        ``logs/steps.txt`` and ``runs/t/timings.json``; False for ``tables/search_stats.csv``.
    """
    path = Path(path)
    return "logs" in path.parts[:-1] or "timing" in path.name


def timings_page(results: str | Path) -> str:
    """The HTML of ``R/html/timings.html`` for the results folder ``R``: the explanation, then a section per
    ``tables/*timing*.csv`` of each reading's folder (the first reading first), its heading the file's path in ``R``,
    linked; then ``logs/timings.txt`` as it is, if present. With no timing file, a sentence saying there is none yet.
    """
    results = Path(results)
    here = results / "html"
    files = [p for _, f in reading_folders(results) for p in sorted((f / "tables").glob("*timing*.csv"))]
    log = results / STEP_LOG
    sections = []
    for path in [*files, *([log] if log.is_file() else [])]:
        name = path.relative_to(results).as_posix()
        href = html.escape(Path(os.path.relpath(path, here)).as_posix())
        body = (csv_table(path) if path.suffix == ".csv"
                else f"<pre>{html.escape(path.read_text(encoding='utf-8'))}</pre>")
        sections.append(f'<section>\n<h2><a href="{href}"><code>{html.escape(name)}</code></a></h2>\n{body}\n'
                        "</section>")
    if not sections:
        sections = ["<p>There are no timing files yet: <code>make reproduce</code> writes them.</p>"]
    return html_page(TITLE, EXPLANATION, sections)


def html_page(title: str, intro: str, sections: list[str]) -> str:
    """A page beside the site's, not built by Sphinx (this one, the tables' page): the site's stylesheets, a link back
    to the front page, ``title``, ``intro`` (HTML) and ``sections`` (HTML), in that order."""
    css = "\n".join(f'<link rel="stylesheet" href="_static/{s}">' for s in STYLESHEETS)
    return f"""<!DOCTYPE html>
<html lang="en" data-theme="light">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
{css}
<style>{STYLE}</style>
</head>
<body>
<main class="bd-main"><div class="bd-content"><article class="bd-article" role="main">
<p><a href="index.html">&larr; Pedersen (2008), reproduced: the front page</a></p>
<h1>{title}</h1>
<p>{intro}</p>
{chr(10).join(sections)}
</article></div></main>
</body>
</html>
"""


def write_timings_page(results: str | Path) -> Path:
    """Write :func:`timings_page` to ``R/html/timings.html``; return its path."""
    path = Path(results) / "html" / PAGE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(timings_page(results).encode("utf-8"))
    return path


__all__ = ["PAGE", "TITLE", "html_page", "is_timing", "reading_folders", "timings_page",
           "write_timings_page"]
