"""The results site, built by Sphinx with MyST-NB and the book theme from the executed notebooks.

A results folder ``R`` holds the first reading of the rules (``config.RULES``) and every other reading beside it
(``config.reading_dir``): executed notebooks in ``R/notebooks`` and ``R/<reading>/notebooks``, tables and figures
in ``R/tables``, ``R/figures`` and the same under each reading. :func:`build_site` (``python -m pawnslib site``)
lays out a copy of them as a Sphinx project (:mod:`~pawnslib.report.bookconf` is its configuration), builds it in a
scratch folder, and puts each page at its address:

* ``R/html/index.html``, the front page (:func:`front_page`): the thesis, the headline findings
  (``R/tables/headlines.md``, whose links use today's heading ids, :func:`~pawnslib.report.bookconf.anchor`), one
  line per chapter with its first sentence, the other readings' pages, and links to the timings page, to every
  table (rendered on its chapter's tables page, :mod:`~pawnslib.report.tables_page`) and to every figure;
* ``R/html/<name>.html`` and ``R/<reading>/html/<name>.html``: one page per executed notebook, every code input
  folded (the parameter cells labelled, :data:`PARAMETER_TAGS`), stderr left out, a line under its finding linking
  the page of the tables it saves; a chapter run under several readings says which one it shows and links the same
  chapter under the others;
* what the pages share, in ``R/html`` too (:data:`~pawnslib.report.publish.SHARED`): ``_static/`` (the theme,
  without source maps), ``_images/`` (the notebooks' figures), ``search.html`` and ``searchindex.js`` (the
  full-text search);
* ``R/html/timings.html``, the wall-clock times (:mod:`~pawnslib.report.timings_page`), not built by Sphinx, so that
  a new time changes that page alone.

So ``R/html`` is the whole site but the other readings' pages, which load what they share from it. Sphinx builds a
site whose root is ``R`` (docnames ``html/index``, ``king/html/03_minimax``) with the shared files at that root;
:func:`~pawnslib.report.publish.publish` moves them into ``html/`` and rewrites the pages' relative links and the
search's docnames to match.
Nothing on a page comes from the network, and the search lists its hits without fetching their pages (a page opened
from the files may not). The same notebooks always give the same bytes.

Layer ``report``: it imports :mod:`~pawnslib.report.bookconf`, :mod:`~pawnslib.report.pagetop` (each page's
finding, first), :mod:`~pawnslib.report.publish`, :mod:`~pawnslib.report.timings_page` (the readings' folders too)
and :mod:`~pawnslib.report.tables_page`.
"""

from __future__ import annotations

import copy
import io
import os
import re
import sys
import tempfile
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import nbformat

from pawnslib.report import pagetop, tables_page, timings_page
from pawnslib.report.bookconf import CSS, anchor
from pawnslib.report.publish import publish

THESIS_TITLE = "Asymmetric Game Trees using Dynamic Bayesian Networks"
THESIS_BY = "E. S. Pedersen, master's thesis, Aalborg University, 2008"
HEADLINES = "headlines.md"  # in R/tables: a markdown bullet list of the headline findings (notebook 12 writes it)
# The cells papermill tags, labelled by what they say: what the page was run with.
PARAMETER_TAGS = {"parameters": "Parameters: the notebook's defaults",
                  "injected-parameters": "Parameters of this run (set by papermill)"}


@dataclass(frozen=True)
class Page:
    """A page written: its address, its title, and the formulas shown as TeX because they did not convert."""

    path: Path
    title: str
    unconverted: list[str] = field(default_factory=list)


def first_sentence(markdown: str) -> str:
    """The first sentence of the first paragraph of a notebook's prose (headings, lists, tables and code skipped).

    Args:
        markdown: markdown text.

    Returns:
        The sentence's markdown, its lines joined, or ``""`` if there is no paragraph.
    """
    for block in re.split(r"\n[ \t]*\n", markdown):
        lines = [line.strip() for line in block.strip().splitlines()]
        if not lines or re.match(r"(#|[*+-]\s|\d+[.)]\s|\||>|```|~~~|<|\$\$)", lines[0]):
            continue
        return pagetop.sentences(block)[0]
    return ""


def _readings(results: Path) -> list[tuple[str, Path]]:
    """The readings whose executed notebooks are in ``results``: (name, folder), the first reading first."""
    return [(r, f) for r, f in timings_page.reading_folders(results) if any((f / "notebooks").glob("*.ipynb"))]


def _stems(folder: Path) -> list[str]:
    return sorted(p.stem for p in (folder / "notebooks").glob("*.ipynb"))


def _rel(target: Path, start: Path) -> str:
    """A relative link from a page in ``start`` to ``target`` (forward slashes, as URLs have)."""
    return Path(os.path.relpath(target, start)).as_posix()


def page_notebook(nb: nbformat.NotebookNode, reading: str | None = None,
                  others: dict[str, str] | None = None) -> nbformat.NotebookNode:
    """A copy of an executed notebook as its page shows it: code inputs folded, the reading named and linked.

    Args:
        nb: the executed notebook (not changed).
        reading: the reading it ran under, if its chapter runs under several (its title then names it).
        others: the same chapter under the other readings: reading -> the link to its page.

    Returns:
        The copy: every code cell tagged ``hide-input`` under the label "code" (a parameter cell under its
        :data:`PARAMETER_TAGS` label), and, for ``reading``, its title followed by a note linking ``others``.
    """
    nb = copy.deepcopy(nb)
    for cell in nb.cells:
        if cell.cell_type == "code":
            tags = list(cell.metadata.get("tags", []))
            label = next((PARAMETER_TAGS[t] for t in tags if t in PARAMETER_TAGS), "code")
            cell.metadata["tags"] = [*tags, "hide-input"]
            cell.metadata["mystnb"] = {"code_prompt_show": label, "code_prompt_hide": label}
    if reading:
        _name_the_reading(nb, reading, others or {})
    return nb


def _name_the_reading(nb: nbformat.NotebookNode, reading: str, others: dict[str, str]) -> None:
    """Add the reading to the title, and after the title a note linking the chapter under the other readings."""
    links = ", ".join(f"[the {o} reading]({href})" for o, href in sorted(others.items()))
    note = (f":::{{note}}\nThis chapter's games are played under the **{reading}** reading of the rules."
            + (f" The same chapter under {links}." if links else "") + "\n:::")
    at = pagetop.title_alone(nb)
    if at >= 0:
        title = nb.cells[at]
        m = pagetop.TITLE.search(title.source)
        title.source = f"{title.source[:m.end(1)]} ({reading} reading){title.source[m.end(1):]}"
    cell = nbformat.v4.new_markdown_cell(note)
    cell.id = f"{nb.cells[at].get('id', 'title')}-note" if at >= 0 else "reading-note"
    nb.cells.insert(at + 1, cell)


def chapter_summary(notebook: Path) -> tuple[str, str]:
    """A chapter's title and the first sentence of its prose, both markdown, from its executed notebook."""
    nb = nbformat.read(notebook, as_version=4)
    prose = "\n\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    return pagetop.notebook_title(nb) or notebook.stem, first_sentence(prose)


def _chapters(results: Path, readings: list[tuple[str, Path]]) -> list[str]:
    """The front page's chapters: the first reading's as a numbered list, then each other reading's pages."""
    here, stems = results / "html", {r: _stems(f) for r, f in readings}
    lines = []
    for r, folder in readings:
        first = r == readings[0][0]
        lines += (["## Chapters", "", f"Under the {r} reading of the rules, and the notebooks that show every "
                   "reading.", ""] if first else
                  ["", f"## The {r} reading", "", f"These chapters run again with the games played under the {r} "
                   f"reading of the rules (`{_rel(folder, results)}/`).", ""])
        for n, stem in enumerate(stems[r], 1):
            title, sentence = chapter_summary(folder / "notebooks" / f"{stem}.ipynb")
            also = [f"[{o}]({_rel(f / 'html' / f'{stem}.html', here)})" for o, f in readings
                    if o != r and stem in stems[o]]
            marker = f"{n}." if first else "*"
            lines += [f"{marker} **[{title}]({_rel(folder / 'html' / f'{stem}.html', here)})**"
                      + (f" (also: {', '.join(also)})" if also else "") + (" \\" if sentence else ""),
                      *([f"{' ' * (len(marker) + 1)}{sentence}"] if sentence else [])]
    return lines


def _files(readings: list[tuple[str, Path]], here: Path) -> list[str]:
    """The front page's links to the timings page, every table (rendered on its chapter's tables page) and every
    figure, by reading."""
    lines, links = [], tables_page.hrefs(here.parent)
    for kind, suffixes in (("Tables", (".csv",)), ("Figures", (".png",))):
        # A table of times is on the timings page, which every front page links: this page stays the same bytes.
        found = [(r, sorted(p for p in (f / kind.lower()).glob("*") if p.suffix in suffixes and p.name != HEADLINES
                            and not timings_page.is_timing(p.relative_to(f))))
                 for r, f in readings]
        if kind == "Tables":
            lines += ["", "## Tables", "", f"[Wall-clock times]({timings_page.PAGE}), on the machine that made these "
                      "results: the only figures that differ by machine, so kept apart from the tables."]
        elif any(paths for _, paths in found):
            lines += ["", f"## {kind}"]
        for r, paths in found:
            if not paths:
                continue
            lines += ["", f"### The {r} reading", ""] if r != readings[0][0] else [""]
            if kind == "Tables":  # one line per table, linking it rendered on its chapter's tables page
                lines += [f"* [`{p.stem}`]({links.get((r, p.stem), tables_page.PAGE)})" for p in paths]
            else:
                lines += ['<div class="figures">', *(f'<a href="{_rel(p, here)}"><img src="{_rel(p, here)}" '
                                                    f'alt="{p.stem}" loading="lazy">{p.stem}</a>' for p in paths),
                          "</div>"]
    return lines


def front_page(results: str | Path) -> str:
    """The front page's MyST markdown (``R/html/index.md`` of the Sphinx project), its links relative to ``R/html``.

    Args:
        results: the results folder.

    Returns:
        The thesis, the headline findings if ``R/tables/headlines.md`` exists, the chapters, the tables and
        figures, and the (hidden) table of contents that is the sidebar.
    """
    results = Path(results)
    readings = _readings(results)
    lines = [f"# {THESIS_TITLE}", "", f"{THESIS_BY}: a reproduction with `pawnslib`", ""]
    headlines = results / "tables" / HEADLINES
    if headlines.is_file():
        lines += ["## Headline findings", "", headlines.read_text(encoding="utf-8").strip(), ""]
    lines += _chapters(results, readings) + _files(readings, results / "html")
    for r, folder in readings:
        caption = "Chapters" if r == readings[0][0] else f"The {r} reading"
        entries = [stem if folder == results else f"/{_rel(folder, results)}/html/{stem}" for stem in _stems(folder)]
        lines += ["", "```{toctree}", ":hidden:", f":caption: {caption}", "", *entries, "```"]
    return "\n".join(lines) + "\n"


def _layout(results: Path, src: Path) -> dict[str, Path]:
    """Write the Sphinx project of ``results`` into ``src``; return each page's docname -> its address."""
    readings = _readings(results)
    stems = {r: _stems(f) for r, f in readings}
    chapters = tables_page.saved_tables(results)
    (src / "_static").mkdir(parents=True)
    (src / "_static" / "site.css").write_text(CSS, encoding="utf-8")
    (src / "conf.py").write_text("from pawnslib.report.bookconf import *  # noqa: F403\n", encoding="utf-8")
    (src / "html").mkdir()
    (src / "html" / "index.md").write_text(front_page(results), encoding="utf-8")
    pages = {"html/index": results / "html" / "index.html"}
    for r, folder in readings:
        rel = _rel(folder / "html", results)
        (src / rel).mkdir(parents=True, exist_ok=True)
        for stem in stems[r]:
            others = {o: _rel(f / "html" / f"{stem}.html", folder / "html") for o, f in readings
                      if o != r and stem in stems[o]}
            nb = nbformat.read(folder / "notebooks" / f"{stem}.ipynb", as_version=4)
            page = page_notebook(nb, r if others else None, others)
            pagetop.put_first(page, pagetop.finding(nb))  # what the page found, on its first screen
            if (r, stem) in chapters:
                _link_tables(page, _rel(results / "html" / tables_page.chapter_page(r, stem), folder / "html"),
                             len(chapters[r, stem]))
            nbformat.write(page, src / rel / f"{stem}.ipynb")
            pages[f"{rel}/{stem}"] = folder / "html" / f"{stem}.html"
    return pages


def _link_tables(page: nbformat.NotebookNode, href: str, count: int) -> None:
    """Add, after the page's finding (or its title), a line linking the page of the chapter's ``count`` tables."""
    cell = nbformat.v4.new_markdown_cell(f"This chapter's {count} saved table{'s' if count > 1 else ''}, with their "
                                         f"CSV files: [rendered on one page]({href}).")
    cell.id = "chapter-tables"
    ids = [c.get("id") for c in page.cells]
    at = ids.index("page-finding") + 1 if "page-finding" in ids else pagetop.title_alone(page) + 1
    page.cells.insert(at, cell)


def _sphinx(src: Path, out: Path) -> tuple[dict[str, str], dict[str, list[str]]]:
    """Build the project in ``src`` into ``out``; return each docname's title and its unconverted formulas."""
    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace, patch_docutils

    warnings = io.StringIO()
    with patch_docutils(src), docutils_namespace():
        app = Sphinx(src, src, out, out / ".doctrees", "html", status=None, warning=warnings, freshenv=True)
        app.build()
    if warnings.getvalue():
        sys.stderr.write(warnings.getvalue())
    titles = {doc: title.astext() for doc, title in app.env.titles.items()}
    return titles, app.env.pawnslib_unconverted


def build_site(results: str | Path = "results") -> list[Page]:
    """Build the results site of ``results``: every executed notebook's page and the front page (see the module).

    Args:
        results: the results folder.

    Returns:
        The pages written, the front page first and the timings page last.

    Raises:
        FileNotFoundError: the results folder does not exist, or holds no executed notebook.
    """
    results = Path(results)
    if not results.is_dir():
        raise FileNotFoundError(f"{results}: no such results folder")
    if not _readings(results):
        raise FileNotFoundError(f"{results}: no executed notebook in {results / 'notebooks'} (run them first)")
    with tempfile.TemporaryDirectory(prefix="pawnslib-site-") as tmp:
        src, out = Path(tmp) / "src", Path(tmp) / "out"
        pages = _layout(results, src)
        titles, unconverted = _sphinx(src, out)
        publish(out, results, pages)
    timings, tables = timings_page.write_timings_page(results), tables_page.write_tables_pages(results)
    return [*(Page(path, titles.get(doc, ""), unconverted.get(doc, [])) for doc, path in pages.items()),
            Page(timings, timings_page.TITLE), *(Page(path, tables_page.TITLE) for path in tables)]


class _FirstTable(HTMLParser):
    """Collects the rows of the first ``<table>`` (cells of a table nested in it are not its own)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth, self.done, self.in_head = 0, False, False
        self.rows: list[tuple[bool, list[str]]] = []  # (in thead, cells)
        self.cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.done:
            return
        self.depth += tag == "table"
        if self.depth == 1 and tag == "thead":
            self.in_head = True
        elif self.depth == 1 and tag == "tr":
            self.rows.append((self.in_head, []))
        elif self.depth == 1 and tag in ("th", "td") and self.rows:
            self.cell = []

    def handle_endtag(self, tag: str) -> None:
        if self.done:
            return
        if tag == "table" and self.depth:
            self.depth -= 1
            self.done = self.depth == 0
        elif self.depth == 1 and tag == "thead":
            self.in_head = False
        elif self.depth == 1 and tag in ("th", "td") and self.cell is not None:
            self.rows[-1][1].append(" ".join("".join(self.cell).split()))
            self.cell = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None and self.depth == 1:
            self.cell.append(data)


def first_table_header(page: str) -> list[str]:
    """The column headers of the first table on a page, e.g. to check that a report's first table is its claims.

    Args:
        page: the page's HTML.

    Returns:
        The text of each cell of the table's first header row (its first ``<thead>`` row, or its first row if it
        has no ``<thead>``), whitespace collapsed; an index column's empty corner cell gives ``""``.

    Raises:
        ValueError: the page has no table.
    """
    parser = _FirstTable()
    parser.feed(page)
    parser.close()
    if not parser.rows:
        raise ValueError("the page has no table")
    head = [cells for in_head, cells in parser.rows if in_head]
    return head[0] if head else parser.rows[0][1]


__all__ = ["HEADLINES", "PARAMETER_TAGS", "THESIS_BY", "THESIS_TITLE", "Page", "anchor", "build_site",
           "chapter_summary", "first_sentence", "first_table_header", "front_page", "page_notebook"]
