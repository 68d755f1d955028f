"""Every saved table rendered, a page per chapter, so that the front page and each chapter link a rendered table,
not a file.

A chapter's tables are the ones its notebook's code passes to ``save_table`` (:func:`saved_names`). They are rendered
from their CSVs (:func:`~pawnslib.report.csvhtml.csv_table`) on the chapter's page (:func:`chapter_page`), each under
a heading whose id is :func:`table_id`, with links to its two files (``.csv`` and ``.md``); ``R/html/tables.html``
lists the chapters' pages and their tables, and any table no chapter saves. Timing tables are on the timings page
instead. Like that page these are plain HTML beside the site's, written after Sphinx's build.

Layer ``report``: it imports ``config``, nbformat, :mod:`~pawnslib.report.pagetop` (a notebook's title) and
:mod:`~pawnslib.report.timings_page`.
"""

from __future__ import annotations

import ast
import fnmatch
import html
import os
from pathlib import Path

import nbformat

from pawnslib import config
from pawnslib.report.pagetop import notebook_title
from pawnslib.report.timings_page import csv_table, html_page, is_timing, reading_folders

PAGE = "tables.html"  # in R/html: the list of the chapters' table pages
TITLE = "Every table of the results"
INTRO = ("Each table the chapters save, rendered from its CSV file, a page per chapter and reading of the rules; the "
         "chapter pages show the same tables among their prose, most in the reader's words. Times are on the timings "
         "page.")
OTHERS = "other"  # the page of the tables no chapter's code saves


def table_id(reading: str, name: str) -> str:
    """The id of a table's section: its name (``ch13_methods``), after the reading's for any reading but the first
    (``king-table_10_2``)."""
    return name if reading == config.RULES else f"{reading}-{name}"


def chapter_page(reading: str, chapter: str) -> str:
    """The file name, in ``R/html``, of a chapter's tables under ``reading``."""
    return f"tables-{chapter}.html" if reading == config.RULES else f"tables-{reading}-{chapter}.html"


def saved_names(notebook: nbformat.NotebookNode) -> list[str]:
    """The table names a notebook's code passes to ``save_table`` (its second argument), as glob patterns: a
    literal as it is, an f-string with ``*`` for each of its fields. Cells that are not Python (magics) are
    skipped."""
    names = []
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        try:
            tree = ast.parse(cell.source)
        except SyntaxError:
            continue
        for call in ast.walk(tree):
            if (isinstance(call, ast.Call) and getattr(call.func, "id", getattr(call.func, "attr", "")) == "save_table"
                    and len(call.args) >= 2):
                names.append(_pattern(call.args[1]))
    return [n for n in names if n]


def _pattern(node: ast.expr) -> str:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "*" for v in node.values)
    return ""


def saved_tables(results: str | Path) -> dict[tuple[str, str], list[Path]]:
    """Each (reading, chapter)'s CSV tables, timing tables left out: the chapters of each reading in order, then
    (reading, :data:`OTHERS`) for the tables no chapter's code names, where there are any."""
    out: dict[tuple[str, str], list[Path]] = {}
    for reading, folder in reading_folders(results):
        left = [p for p in sorted((folder / "tables").glob("*.csv")) if not is_timing(p.relative_to(results))]
        for notebook in sorted((folder / "notebooks").glob("*.ipynb")):
            patterns = saved_names(nbformat.read(notebook, as_version=4))
            mine = [p for p in left if any(fnmatch.fnmatchcase(p.stem, n) for n in patterns)]
            if mine:
                out[reading, notebook.stem] = mine
                left = [p for p in left if p not in mine]
        if left:
            out[reading, OTHERS] = left
    return out


def _section(reading: str, path: Path, here: Path) -> str:
    links = " · ".join(f'<a href="{html.escape(Path(os.path.relpath(f, here)).as_posix())}">{f.suffix[1:]}</a>'
                       for f in (path, path.with_suffix(".md")) if f.is_file())
    return (f'<section id="{html.escape(table_id(reading, path.stem))}">\n<h2><code>{path.stem}</code> '
            f"<small>({reading} reading; {links})</small></h2>\n{csv_table(path)}\n</section>")


def _title(results: Path, reading: str, chapter: str) -> str:
    """A chapter's title, from its executed notebook's first heading (its file name if it has none)."""
    notebook = config.reading_dir(results, reading) / "notebooks" / f"{chapter}.ipynb"
    title = notebook_title(nbformat.read(notebook, as_version=4)) if notebook.is_file() else ""
    return title or ("Tables no chapter saves" if chapter == OTHERS else chapter)


def pages(results: str | Path) -> dict[str, str]:
    """Every tables page's HTML by its file name in ``R/html``: the list (:data:`PAGE`), then a page per chapter
    and reading (:func:`chapter_page`)."""
    results = Path(results)
    here = results / "html"
    out, items = {}, []
    for (reading, chapter), paths in saved_tables(results).items():
        name, title = chapter_page(reading, chapter), _title(results, reading, chapter)
        out[name] = html_page(f"Tables: {html.escape(title)} ({reading} reading)",
                              f'{len(paths)} table(s). <a href="{PAGE}">Every chapter\'s tables</a>.',
                              [_section(reading, p, here) for p in paths])
        items.append(f'<li><a href="{name}">{html.escape(title)}</a> ({reading} reading): '
                     + ", ".join(f'<a href="{name}#{table_id(reading, p.stem)}"><code>{p.stem}</code></a>'
                                 for p in paths) + "</li>")
    body = [f"<ul>\n{chr(10).join(items)}\n</ul>"] if items else [
        "<p>No table yet: <code>make reproduce</code> writes them.</p>"]
    return {PAGE: html_page(TITLE, INTRO, body), **out}


def hrefs(results: str | Path) -> dict[tuple[str, str], str]:
    """The link, from ``R/html``, to each (reading, table name) rendered on its chapter's page."""
    return {(r, p.stem): f"{chapter_page(r, chapter)}#{table_id(r, p.stem)}"
            for (r, chapter), paths in saved_tables(results).items() for p in paths}


def write_tables_pages(results: str | Path) -> list[Path]:
    """Write :func:`pages` into ``R/html``; return their paths, the list first. A chapter page no longer made is
    removed."""
    here = Path(results) / "html"
    here.mkdir(parents=True, exist_ok=True)
    made = pages(results)
    for old in here.glob("tables-*.html"):
        if old.name not in made:
            old.unlink()
    for name, text in made.items():
        (here / name).write_bytes(text.encode("utf-8"))
    return [here / name for name in made]


__all__ = ["OTHERS", "PAGE", "TITLE", "chapter_page", "hrefs", "pages", "saved_names", "saved_tables", "table_id",
           "write_tables_pages"]
