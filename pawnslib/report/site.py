"""The results site: every executed notebook as a page (:mod:`pawnslib.report.render`) and a front page linking them.

A results folder ``R`` holds the first reading of the rules (``config.RULES``) and every other reading beside it
(``config.reading_dir``): executed notebooks in ``R/notebooks`` and ``R/<reading>/notebooks``, their pages in
``R/html`` and ``R/<reading>/html``, tables and figures in ``R/tables``, ``R/figures`` and the same under each reading.
:func:`build_index` writes the front page ``R/html/index.html`` (``python -m pawnslib index``): the thesis, the
headline findings (``R/tables/headlines.md``, if there), one line per chapter, the other readings' pages, and links
to every table and figure. :func:`build_site` renders every page and then the index (``python -m pawnslib site``).
The Makefile renders each page after its notebook instead, and the index after all of them.

Layer ``report``: it may import every layer; it imports ``config``, ``game.rules`` (the readings) and
:mod:`~pawnslib.report.render`.
"""

from __future__ import annotations

import html
import os
import re
from html.parser import HTMLParser
from pathlib import Path

import nbformat

from pawnslib import config
from pawnslib.game.rules import READINGS
from pawnslib.report.render import Page, chapter_label, markdown_to_html, notebook_title, render_notebook

THESIS_TITLE = "Asymmetric Game Trees using Dynamic Bayesian Networks"
THESIS_BY = "E. S. Pedersen, master's thesis, Aalborg University, 2008"
HEADLINES = "headlines.md"  # in R/tables: a markdown bullet list of the headline findings (notebook 12 writes it)
_ABBREVIATIONS = {"e.g", "i.e", "al", "cf", "vs", "etc", "Fig", "Eq", "Sec", "resp"}

CSS = """
body { margin: 0 auto; max-width: 58rem; padding: 1rem 1.5rem 3rem; color: #1f2328; background: #fff;
  font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
h1 { font-size: 1.9rem; line-height: 1.25; margin: 1.2rem 0 0.3rem; }
h2 { font-size: 1.3rem; margin: 2rem 0 0.6rem; border-bottom: 1px solid #d5dbe1; padding-bottom: 0.2rem; }
a { color: #0b57a4; text-decoration: none; } a:hover { text-decoration: underline; }
.byline { color: #555; margin: 0 0 1rem; }
nav.site-nav { display: flex; gap: 1.2em; padding: 0.5em 0.9em; font-size: 14px; background: #f3f5f7;
  border: 1px solid #d5dbe1; border-radius: 4px; }
nav.site-nav .site-next { margin-left: auto; }
ol.chapters, ul.pages { padding-left: 1.4rem; } ol.chapters li, ul.pages li { margin: 0.45rem 0; }
.summary { color: #444; } .also { color: #555; font-size: 0.9em; white-space: nowrap; }
ul.files { columns: 2 18rem; padding-left: 1.2rem; } ul.files li { margin: 0.1rem 0; break-inside: avoid; }
.figures { display: grid; grid-template-columns: repeat(auto-fill, minmax(11rem, 1fr)); gap: 0.8rem; }
.figures a { display: block; font-size: 0.85em; word-break: break-all; }
.figures img { display: block; width: 100%; height: 7rem; object-fit: contain; border: 1px solid #e1e4e8;
  background: #fafbfc; margin-bottom: 0.2rem; }
code { font-size: 0.9em; }
"""


class _FirstTable(HTMLParser):
    """Collects the header cells of the first ``<table>``: its first ``<thead>`` row, else its first row."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0  # table nesting while inside the first table
        self.done = False
        self.rows: list[tuple[bool, list[str]]] = []  # (in thead, cells), rows of the first table
        self.cell: list[str] | None = None
        self.in_head = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.done:
            return
        if tag == "table":
            self.depth += 1
        elif self.depth == 1 and tag == "thead":
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
        text = " ".join(lines)
        for m in re.finditer(r"[.!?][*_\"')\]]*(?=\s+[A-Z(\"*_`$])", text):
            before = text[:m.start()]
            word = re.search(r"[\w.]*$", before)[0]
            balanced = before.count("`") % 2 == 0 and len(re.findall(r"(?<!\\)\$", before)) % 2 == 0
            if balanced and word not in _ABBREVIATIONS and not re.fullmatch(r"[A-Z]", word):
                return text[:m.end()]
        return text
    return ""


def _inline(markdown: str) -> str:
    """A line of markdown as inline HTML (formulas as MathML), without the paragraph around it."""
    out = markdown_to_html(markdown, anchors=False).strip()
    return re.sub(r"^<p>(.*)</p>$", r"\1", out, flags=re.S)


def chapter_summary(notebook: str | Path) -> tuple[str, str]:
    """What the index says of a chapter, from its executed notebook.

    Args:
        notebook: the executed notebook.

    Returns:
        Its title (the first ``#`` heading) and the first sentence of its first paragraph, both as inline HTML.

    Raises:
        FileNotFoundError: the notebook does not exist.
    """
    notebook = Path(notebook)
    if not notebook.is_file():
        raise FileNotFoundError(f"{notebook}: no such executed notebook, yet its page is in the site")
    nb = nbformat.read(notebook, as_version=4)
    prose = "\n\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    return _inline(notebook_title(nb) or notebook.stem), _inline(first_sentence(prose))


def _readings(results: Path) -> list[tuple[str, Path]]:
    """The readings whose folders are in ``results``: (name, folder), the first reading first."""
    folders = [(r, config.reading_dir(results, r)) for r in [config.RULES, *(r for r in READINGS if r != config.RULES)]]
    return [(r, f) for r, f in folders if (f / "notebooks").is_dir() or (f / "html").is_dir()]


def _pages(folder: Path) -> list[str]:
    return sorted(p.stem for p in (folder / "html").glob("*.html") if p.name != "index.html")


def _files(folder: Path, href_from: Path, suffixes: tuple[str, ...], *, skip: tuple[str, ...] = ()) -> list[str]:
    """``<li>`` items, one per name, linking each of its files with these suffixes (e.g. ``x: md · csv``)."""
    names: dict[str, list[Path]] = {}
    for p in sorted(folder.glob("*")):
        if p.suffix in suffixes and p.name not in skip:
            names.setdefault(p.stem, []).append(p)
    items = []
    for name, paths in sorted(names.items()):
        links = " · ".join(f'<a href="{html.escape(_rel(p, href_from))}">{p.suffix[1:]}</a>'
                           for p in sorted(paths, key=lambda p: suffixes.index(p.suffix)))
        items.append(f"<li><code>{html.escape(name)}</code>: {links}</li>")
    return items


def _rel(target: Path, start: Path) -> str:
    return Path(os.path.relpath(target, start)).as_posix()


def _chapter_item(stem: str, r: str, folder: Path, readings: list[tuple[str, Path]], pages: dict[str, list[str]],
                  here: Path) -> str:
    """One chapter's ``<li>``: its title linked, its pages under the other readings, its first sentence."""
    title, sentence = chapter_summary(folder / "notebooks" / f"{stem}.ipynb")
    also = [f'<a href="{html.escape(_rel(f / "html" / f"{stem}.html", here))}">{html.escape(o)}</a>'
            for o, f in readings if o != r and stem in pages[o]]
    also_html = f' <span class="also">(also: {", ".join(also)})</span>' if also else ""
    href = html.escape(_rel(folder / "html" / f"{stem}.html", here))
    return f'<li><a href="{href}">{title}</a>{also_html}<br><span class="summary">{sentence}</span></li>'


def _chapters(results: Path, readings: list[tuple[str, Path]], pages: dict[str, list[str]]) -> list[str]:
    """The chapters of the first reading as a numbered list, then each other reading's pages as a list."""
    parts = []
    for r, folder in readings:
        if not pages[r]:
            continue
        if r == config.RULES:
            parts.append(f"<h2>Chapters</h2>\n<p>Under the {html.escape(r)} reading of the rules, and the notebooks "
                         "that show every reading.</p>\n<ol class=\"chapters\">")
        else:
            parts.append(f"<h2>The {html.escape(r)} reading</h2>\n<p>These chapters run again with the games played "
                         f"under the {html.escape(r)} reading of the rules (<code>{html.escape(_rel(folder, results))}/"
                         "</code>).</p>\n<ul class=\"pages\">")
        parts += [_chapter_item(stem, r, folder, readings, pages, results / "html") for stem in pages[r]]
        parts.append("</ol>" if r == config.RULES else "</ul>")
    return parts


def _tables_and_figures(readings: list[tuple[str, Path]], here: Path) -> list[str]:
    """Links to every table (markdown and CSV) and every figure (as a thumbnail), by reading."""
    parts = []
    tables = [(r, _files(folder / "tables", here, (".md", ".csv"), skip=(HEADLINES,))) for r, folder in readings]
    if any(items for _, items in tables):
        parts.append("<h2>Tables</h2>")
        for r, items in tables:
            if items:
                parts += [f"<h3>{html.escape(r)} reading</h3>" if r != config.RULES else "",
                          '<ul class="files">', *items, "</ul>"]
    figures = [(r, sorted((folder / "figures").glob("*.png"))) for r, folder in readings]
    if any(found for _, found in figures):
        parts.append("<h2>Figures</h2>")
        for r, found in figures:
            if found:
                parts += [f"<h3>{html.escape(r)} reading</h3>" if r != config.RULES else "", '<div class="figures">']
                for p in found:
                    href = html.escape(_rel(p, here))
                    parts.append(f'<a href="{href}"><img src="{href}" alt="{html.escape(p.stem)}" loading="lazy">'
                                 f"{html.escape(p.stem)}</a>")
                parts.append("</div>")
    return parts


def _index_page(parts: list[str], first: str | None) -> str:
    """The front page's HTML: ``parts`` (empty ones left out) between two navigation bars (next: ``first``)."""
    nav = '<nav class="site-nav"><a href="index.html">Index</a>'
    if first:
        nav += f'<a class="site-next" href="{html.escape(first)}.html">{html.escape(chapter_label(first))} &rarr;</a>'
    nav += "</nav>"
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{html.escape(THESIS_TITLE)}: the reproduction</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
            + nav + "\n" + "\n".join(p for p in parts if p) + "\n" + nav + "\n</body>\n</html>\n")


def build_index(results: str | Path = "results") -> Path:
    """Write the site's front page, ``results/html/index.html``, from what the results folder holds.

    Args:
        results: the results folder.

    Returns:
        The index's path.

    Raises:
        FileNotFoundError: the results folder does not exist, or a page's executed notebook is missing.
    """
    results = Path(results)
    if not results.is_dir():
        raise FileNotFoundError(f"{results}: no such results folder")
    here = results / "html"
    readings = _readings(results)
    pages = {r: _pages(folder) for r, folder in readings}
    parts = [f"<h1>{html.escape(THESIS_TITLE)}</h1>",
             f'<p class="byline">{html.escape(THESIS_BY)}: a reproduction with <code>pawnslib</code></p>']
    headlines = results / "tables" / HEADLINES
    if headlines.is_file():
        parts += ["<h2>Headline findings</h2>", markdown_to_html(headlines.read_text(encoding="utf-8"), anchors=False)]
    parts += _chapters(results, readings, pages) + _tables_and_figures(readings, here)
    here.mkdir(parents=True, exist_ok=True)
    out = here / "index.html"
    first = pages.get(config.RULES, [])
    out.write_text(_index_page(parts, first[0] if first else None), encoding="utf-8")
    return out


def build_site(results: str | Path = "results") -> list[Page]:
    """Render every executed notebook of a results folder to its page, then write the index.

    Each reading's pages link their neighbours in name order; a chapter run under several readings is labelled
    with its reading and links its other readings' pages.

    Args:
        results: the results folder.

    Returns:
        The pages rendered (the index last is not among them).

    Raises:
        FileNotFoundError: the results folder does not exist.
    """
    results = Path(results)
    if not results.is_dir():
        raise FileNotFoundError(f"{results}: no such results folder")
    readings = _readings(results)
    stems = {r: sorted(p.stem for p in (folder / "notebooks").glob("*.ipynb")) for r, folder in readings}
    rendered = []
    for r, folder in readings:
        for stem in stems[r]:
            variants = {o: f / "html" for o, f in readings if o != r and stem in stems[o]}
            rendered.append(render_notebook(folder / "notebooks" / f"{stem}.ipynb", folder / "html", chapters=stems[r],
                                            index=results / "html" / "index.html",
                                            reading=r if variants else None, variants=variants))
    build_index(results)
    return rendered


__all__ = ["HEADLINES", "THESIS_BY", "THESIS_TITLE", "build_index", "build_site", "chapter_summary", "first_sentence",
           "first_table_header"]
