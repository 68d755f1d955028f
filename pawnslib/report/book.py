"""The results site, built by Sphinx with MyST-NB and the book theme from the executed notebooks.

A results folder ``R`` holds the first reading of the rules (``config.RULES``) and every other reading beside it
(``config.reading_dir``), each with its ``notebooks``, ``tables`` and ``figures``. :func:`build_site` (``python -m
pawnslib site``) lays out a copy of them as a Sphinx project (:mod:`~pawnslib.report.bookconf` is its
configuration), builds it in a scratch folder, and puts each page at its address:

* ``R/html/index.html``, the front page (:func:`front_page`);
* ``R/html/<name>.html`` and ``R/<reading>/html/<name>.html``: one page per executed notebook (:func:`page_notebook`),
  stderr left out, its finding first (:mod:`~pawnslib.report.pagetop`) and a line linking the page of the tables it
  saves (:mod:`~pawnslib.report.tables_page`);
* what the pages share, in ``R/html`` too (:mod:`~pawnslib.report.publish`): the theme, the figures and the search;
* ``R/html/timings.html``, the wall-clock times (:mod:`~pawnslib.report.timings_page`), not built by Sphinx, so that
  a new time changes that page alone.

So ``R/html`` is the whole site but the other readings' pages, which load what they share from it. Nothing on a page
comes from the network. The same notebooks always give the same bytes.

Layer ``report``: it imports :mod:`~pawnslib.report.bookconf`, :mod:`~pawnslib.report.pagetop`,
:mod:`~pawnslib.report.publish`, :mod:`~pawnslib.report.timings_page` and :mod:`~pawnslib.report.tables_page`.
"""

from __future__ import annotations

import copy
import io
import os
import re
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from pawnslib.report import pagetop, plan_page, tables_page, timings_page
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
    """The first sentence of the first paragraph of ``markdown`` (headings, lists, tables and code skipped), its lines
    joined, or ``""`` if there is no paragraph."""
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
    if not reading:
        return nb
    links = ", ".join(f"[the {o} reading]({href})" for o, href in sorted((others or {}).items()))
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
    return nb


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
    for kind, suffix in (("Tables", ".csv"), ("Figures", ".png")):
        # A table of times is on the timings page, which every front page links: this page stays the same bytes.
        found = [(r, sorted(p for p in (f / kind.lower()).glob("*") if p.suffix == suffix
                            and not timings_page.is_timing(p.relative_to(f)))) for r, f in readings]
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
    """The front page's MyST markdown (``R/html/index.md`` of the Sphinx project of the results folder ``R``), its
    links relative to ``R/html``: the thesis, the headline findings (``R/tables/headlines.md``, if there), one line per
    chapter with its first sentence, each reading's, links to the timings page, to every table (rendered on its
    chapter's tables page) and to every figure, and the (hidden) table of contents that is the sidebar."""
    results = Path(results)
    readings = _readings(results)
    lines = [f"# {THESIS_TITLE}", "", f"{THESIS_BY}: a reproduction with `pawnslib`", ""]
    headlines = results / "tables" / HEADLINES
    if headlines.is_file():
        lines += ["## Headline findings", "", headlines.read_text(encoding="utf-8").strip(), "",
                  f"Every verdict is decided by one written [analysis plan]({plan_page.STEM}.html), with each rule's "
                  "power.", ""]
    lines += _chapters(results, readings) + _files(readings, results / "html")
    for r, folder in readings:
        caption = "Chapters" if r == readings[0][0] else f"The {r} reading"
        entries = [stem if folder == results else f"/{_rel(folder, results)}/html/{stem}" for stem in _stems(folder)]
        entries += [plan_page.STEM] if folder == results else []
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
    (src / "html" / f"{plan_page.STEM}.md").write_text(plan_page.page(results), encoding="utf-8")
    pages = {"html/index": results / "html" / "index.html",
             f"html/{plan_page.STEM}": results / "html" / f"{plan_page.STEM}.html"}
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
    sys.stderr.write(warnings.getvalue())
    titles = {doc: title.astext() for doc, title in app.env.titles.items()}
    return titles, app.env.pawnslib_unconverted


def build_site(results: str | Path = "results") -> list[Page]:
    """Build the results site of the results folder ``results``: every executed notebook's page and the front page
    (see the module).

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


__all__ = ["HEADLINES", "PARAMETER_TAGS", "THESIS_BY", "THESIS_TITLE", "Page", "anchor", "build_site",
           "chapter_summary", "first_sentence", "front_page", "page_notebook"]
