"""Putting a built site in place: every page at its address, and what the pages share beside them in ``R/html``.

Sphinx builds the results site (:mod:`~pawnslib.report.book`) with ``R`` as its root, so its shared files
(:data:`SHARED`) come out at that root and its pages link them from there. :func:`publish` copies each page to its
address, moves the shared files into ``R/html`` (so that one folder holds the whole site but the other readings'
pages) and rewrites every page's relative links, its content root and the search index's page names to match.

Layer ``report``: imports nothing of pawnslib.
"""

from __future__ import annotations

import posixpath
import re
import shutil
from pathlib import Path

from sphinx.search import js_index

SHARED = ("_static", "_images", "search.html", "searchindex.js")  # what every page uses, in R/html
# A link on a built page whose path is relative (no scheme, not absolute, not only a fragment), and its path.
_LINK = re.compile(r'(\s(?:href|src|action)=")(?!/)([^":?#]+)(?=["?#])')
_CONTENT_ROOT = re.compile(r'(\sdata-content_root=")[^"]*')


def _moved(path: str) -> str:
    """Where a file of Sphinx's build (its path there, a site whose root is R) is published: its path in R."""
    return f"html/{path}" if path.split("/", 1)[0] in SHARED else path


def _relink(page: str, built: str) -> str:
    """A page Sphinx built at ``built`` (a path in its build) with every relative link right at ``_moved(built)``,
    and its content root ``R/html``, the search page's folder, which the search's docnames are relative to."""
    here, there = posixpath.dirname(built), posixpath.dirname(_moved(built)) or "."

    def link(m: re.Match) -> str:
        target = _moved(posixpath.normpath(posixpath.join(here, m[2])))
        return m[1] + posixpath.relpath(target, there) + ("/" if m[2].endswith("/") else "")

    root = posixpath.relpath("html", there) + "/"
    return _CONTENT_ROOT.sub(lambda m: m[1] + root, _LINK.sub(link, page))


def publish(out: Path, results: Path, pages: dict[str, Path]) -> None:
    """Put the site Sphinx built in ``out`` in place: every page at its address (``pages``: docname -> address; old
    pages removed), the shared files in ``results/html`` (older builds' in the results folder ``results`` removed),
    every link rewritten to match."""
    for folder in {p.parent for p in pages.values()}:
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob("*.html"):
            old.unlink()
    for old in [root / name for root in (results, results / "html") for name in SHARED]:  # R's: older builds'
        if old.is_dir():
            shutil.rmtree(old)
        else:
            old.unlink(missing_ok=True)
    for doc, path in [*pages.items(), ("search", results / "html" / "search.html")]:
        page = (out / f"{doc}.html").read_bytes().decode("utf-8")
        path.write_bytes(_relink(page, f"{doc}.html").encode("utf-8"))
    index = js_index.loads((out / "searchindex.js").read_bytes().decode("utf-8"))
    index["docnames"] = [posixpath.relpath(doc, "html") for doc in index["docnames"]]  # relative to R/html (_relink)
    (results / "html" / "searchindex.js").write_bytes(js_index.dumps(index).encode("utf-8"))
    for name in ("_static", "_images"):
        if (out / name).is_dir():
            shutil.copytree(out / name, results / "html" / name, ignore=shutil.ignore_patterns("*.map"),
                            copy_function=shutil.copyfile)
