"""Every saved table on one page, ``R/html/tables.html``, so that the front page links a rendered table, not a file.

The notebooks save each table twice (``R/tables/<name>.csv`` for reuse, ``<name>.md`` for a diff), and a chapter page
shows it among its prose. This page shows each table of each reading once more, rendered from its CSV with the
timings page's number format, under a heading whose id is :func:`table_id` (``ch13_predictability``,
``king-table_10_2``), with links to its two files. Timing tables are on the timings page instead. Like that page it
is plain HTML beside the site's, written after Sphinx's build (:func:`~pawnslib.report.book.build_site`); wide
tables scroll within it.

Layer ``report``: it imports ``config`` and :mod:`~pawnslib.report.timings_page`.
"""

from __future__ import annotations

import html
import os
from pathlib import Path

from pawnslib import config
from pawnslib.report.timings_page import csv_table, html_page, is_timing, reading_folders

PAGE = "tables.html"  # in R/html
TITLE = "Every table of the results"
# A wide table scrolls in its own box: the page's column keeps its width (a grid item would grow to the table's).
STYLE = " .bd-content, article.bd-article { min-width: 0; } .table-box { overflow-x: auto; }"
INTRO = ("Each table the chapters save, rendered from its CSV file, by reading of the rules; the chapter pages show "
         "the same tables among their prose, most in the reader's words. Times are on the timings page.")


def table_id(reading: str, name: str) -> str:
    """The id of a table's section: its name, after the reading's for any reading but the first."""
    return name if reading == config.RULES else f"{reading}-{name}"


def saved_tables(results: str | Path) -> list[tuple[str, Path]]:
    """(reading, CSV path) of every table but the timing ones, the first reading first, each sorted by name."""
    return [(r, p) for r, folder in reading_folders(results) for p in sorted((folder / "tables").glob("*.csv"))
            if not is_timing(p.relative_to(results))]


def tables_page(results: str | Path) -> str:
    """The HTML of ``R/html/tables.html``: a section per saved table (:func:`saved_tables`), its heading its name and
    reading, its files linked, the table below."""
    here = Path(results) / "html"
    sections = []
    for reading, path in saved_tables(results):
        links = " · ".join(f'<a href="{html.escape(Path(os.path.relpath(f, here)).as_posix())}">{f.suffix[1:]}</a>'
                           for f in (path, path.with_suffix(".md")) if f.is_file())
        sections.append(f'<section id="{html.escape(table_id(reading, path.stem))}">\n<h2><code>{path.stem}</code> '
                        f"({reading} reading) <small>{links}</small></h2>\n<div class=\"table-box\">"
                        f"{csv_table(path)}</div>\n</section>")
    return html_page(TITLE, INTRO, sections or ["<p>No table yet: <code>make reproduce</code> writes them.</p>"],
                     style=STYLE)


def write_tables_page(results: str | Path) -> Path:
    """Write :func:`tables_page` to ``R/html/tables.html``; return its path."""
    path = Path(results) / "html" / PAGE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(tables_page(results).encode("utf-8"))
    return path


__all__ = ["PAGE", "TITLE", "saved_tables", "table_id", "tables_page", "write_tables_page"]
