"""What each results page found, said first: its conclusion's answer in a box under the page's title.

Every chapter notebook ends with a conclusion that its code writes from its tables: a "## Conclusion" heading
followed by a cell whose Markdown output is the answer, or a Markdown output that starts with that heading.
:func:`finding` takes the answer's lead; :func:`put_first` sets it in a box right under the page's title, linked to
the conclusion, so that the page's first screen says what it found before any parameter or code.
:func:`sentences` and :func:`title_alone` also serve the site's front page and its readings' notes
(:mod:`~pawnslib.report.book`): one rule for where a sentence ends, one for where a title is.

Layer ``report``: it imports nbformat only.
"""

from __future__ import annotations

import re

import nbformat

HEADING = "## Conclusion"
LINK = "#Conclusion"  # the id nbconvert gives the heading (pawnslib.report.bookconf.anchor)
TITLE = re.compile(r"^ {0,3}#[ \t]+(.+?)[ \t#]*$", re.M)  # a notebook's title: its first "# " heading
_END = re.compile(r"[.!?][*_\"')\]]*(?=\s+[A-Za-z(\"*_`$])")  # a stop (and closers), then a word's start
_ABBREVIATIONS = {"e.g", "i.e", "al", "cf", "vs", "etc", "Fig", "Eq", "Sec", "resp"}  # a stop that ends no sentence


def _markdown(cell: nbformat.NotebookNode) -> str:
    return "\n\n".join(o["data"]["text/markdown"] for o in cell.get("outputs", [])
                       if "data" in o and "text/markdown" in o["data"])


def conclusion(nb: nbformat.NotebookNode) -> str:
    """The Markdown the notebook's code wrote as its conclusion (its heading left out), or ``""``."""
    after = False
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            after = cell.source.lstrip().startswith(HEADING)
        elif after or _markdown(cell).lstrip().startswith(HEADING):
            return _markdown(cell).lstrip().removeprefix(HEADING).strip()
    return ""


def _ends_sentence(before: str, word: str) -> bool:
    """Whether a stop after ``before`` (the sentence so far), whose word is ``word``, ends the sentence: not inside
    bold, code or a formula, and not after an abbreviation or an initial."""
    closed = before.count("**") % 2 == 0 and before.count("`") % 2 == 0
    return (closed and len(re.findall(r"(?<!\\)\$", before)) % 2 == 0 and word not in _ABBREVIATIONS
            and not re.fullmatch(r"[A-Z]", word))


def sentences(markdown: str) -> list[str]:
    """The sentences of ``markdown``: each bullet or paragraph split at its stops (:func:`_ends_sentence`)."""
    out = []
    for block in re.split(r"\n\s*\n|\n(?=\s*[*-] )", markdown):
        text, start = " ".join(line.strip() for line in block.strip().removeprefix("* ").splitlines()), 0
        for m in _END.finditer(text):
            before = text[start:m.end()]
            if _ends_sentence(before, re.search(r"[\w.]*$", text[:m.start()])[0]):
                out.append(before.strip())
                start = m.end()
        if text[start:].strip():
            out.append(text[start:].strip())
    return out


def finding(nb: nbformat.NotebookNode) -> str:
    """The lead of the notebook's conclusion: its first sentence that opens with a bolded answer and holds a number
    (a bold lead alone joined to the sentence after it), else its first sentence with a number; ``""`` without a
    conclusion or a number."""
    said = sentences(conclusion(nb))
    number = re.compile(r"\d").search
    for i, s in enumerate(said):
        if s.startswith("**"):
            if number(s):
                return s
            if s.endswith("**") and i + 1 < len(said) and number(said[i + 1]):
                return f"{s} {said[i + 1]}"
    return next(filter(number, said), "")


def put_first(nb: nbformat.NotebookNode, text: str) -> None:
    """Insert ``text`` in a box right after the notebook's title (and a reading's note, if one follows it), the prose
    that shared the title's cell after the box, linked to the conclusion; nothing when ``text`` is empty."""
    if not text:
        return
    box = nbformat.v4.new_markdown_cell(f":::{{admonition}} What this page finds\n:class: important\n{text} "
                                        f"[The conclusion]({LINK})\n:::")
    box.id = "page-finding"
    at = title_alone(nb) + 1  # the box right after the title, before the prose that shared its cell
    if at < len(nb.cells) and nb.cells[at].cell_type == "markdown" and nb.cells[at].source.startswith(":::{note}"):
        at += 1
    nb.cells.insert(at, box)


def notebook_title(nb: nbformat.NotebookNode) -> str:
    """The markdown of a notebook's title: the text of its first ``#`` heading, or ``""`` without one."""
    m = next(filter(None, (TITLE.search(c.source) for c in nb.cells if c.cell_type == "markdown")), None)
    return m[1] if m else ""


def title_alone(nb: nbformat.NotebookNode) -> int:
    """Make the notebook's title (the first markdown cell's first "# " heading) a cell of its own, the prose that
    shared its cell moved into a new cell right after it; return the title cell's index, or -1 without a title."""
    for i, cell in enumerate(nb.cells):
        m = TITLE.search(cell.source) if cell.cell_type == "markdown" else None
        if m:
            rest = cell.source[m.end():].strip("\n")
            if rest.strip():
                cell.source = cell.source[:m.end()]
                prose = nbformat.v4.new_markdown_cell(rest)
                prose.id = f"{cell.get('id', 'title')}-intro"
                nb.cells.insert(i + 1, prose)
            return i
    return -1
