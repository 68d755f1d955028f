"""The results site's Sphinx configuration, and the small Sphinx extension it loads (:func:`setup`).

:mod:`~pawnslib.report.book` writes a ``conf.py`` of one line, ``from pawnslib.report.bookconf import *``, so the
names in ``__all__`` are the configuration: MyST-NB reads the executed notebooks without running them, and the
book theme gives every page a sidebar of chapters, an outline of the page, full-text search and previous/next
links. Beyond what those tools do, this module adds three things (the first two in :func:`setup`):

* formulas as MathML, converted at build time by latex2mathml (:func:`tex_to_mathml`), so that a page shows them
  with no script and no network (Sphinx's default, MathJax, would load from a CDN); a formula that does not convert
  is shown as TeX in ``<code>`` and listed by the build (``unconverted``);
* every heading keeps the id that nbconvert gave it (:func:`anchor`), the id the headline findings link to, e.g.
  ``12_reproduction_report.html#Chapter-11:-prediction``;
* :data:`CSS` (``_static/site.css``, written by the layout).

Layer ``report``: it imports none of pawnslib (sphinx, docutils and latex2mathml do the work).
"""

from __future__ import annotations

import html
import re
from typing import Any
from urllib.parse import quote
from xml.etree import ElementTree

from docutils import nodes
from latex2mathml.converter import convert as _latex2mathml
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform

# The configuration (conf.py's names). The root document is the front page, html/index (see book.py's layout).
project = "Asymmetric Game Trees using Dynamic Bayesian Networks: the reproduction"
html_title = "Pedersen (2008), reproduced"
root_doc = "html/index"
extensions = ["myst_nb", "pawnslib.report.bookconf"]
html_theme = "sphinx_book_theme"
html_theme_options = {"home_page_in_toc": True, "show_navbar_depth": 1, "use_download_button": False,
                      "use_fullscreen_button": False, "show_toc_level": 2}
html_context = {"default_mode": "light"}
html_sidebars = {"**": ["navbar-logo.html", "sbt-sidebar-nav.html"]}  # the header has the search field
html_static_path = ["_static"]
html_css_files = ["site.css"]
html_math_renderer = "mathml"
html_copy_source = False
html_show_sourcelink = False
html_use_index = False
html_show_search_summary = False  # a hit's excerpt is fetched from its page: refused from the files (file://)
html_last_updated_fmt = None
smartquotes = False  # the text as written: a heading's id (anchor) and the claims' quotes depend on it
nb_execution_mode = "off"  # the notebooks ran under papermill; their outputs are shown as they are
nb_output_stderr = "remove"  # warnings and progress bars are for whoever ran the notebook
nb_render_markdown_format = "myst"  # text/markdown outputs with their formulas
nb_ipywidgets_js: dict[str, dict[str, str]] = {}  # no widget manager from a CDN: widgets show their HTML fallback
nb_mime_priority_overrides = [("html", "application/vnd.jupyter.widget-view+json", None)]
myst_enable_extensions = ["dollarmath", "colon_fence"]
myst_dmath_allow_space = False  # a pair of $ is a formula as Pandoc reads it: "$ x $" and "$5 and $10" are not
myst_dmath_allow_digits = False
myst_all_links_external = True  # a link is kept as written: the pages link each other and results' files by path
suppress_warnings = ["mystnb.unknown_mime_type"]

CSS = """
:root { --pst-sidebar-secondary: 13rem; }
.bd-page-width { max-width: 100%; }
.bd-sidebar-primary { flex-basis: 14rem; width: 14rem; }
.bd-main .bd-content .bd-article-container .bd-article { padding-left: 1.25rem; padding-right: 1.25rem; }
div.cell_output table, div.cell_output .pawns-replay { font-size: 0.85rem; }
div.cell_output table td, div.cell_output table th { padding: 0.2rem 0.45rem; }
code.site-tex { color: #9a3412; }
/* A long code name wraps on a phone rather than widen the page (Sphinx keeps a literal's words on one line). */
article code.literal, article code.literal span.pre { white-space: pre-wrap; overflow-wrap: anywhere; }
math[display="block"] { margin: 0.6em 0; }
.figures { display: grid; grid-template-columns: repeat(auto-fill, minmax(11rem, 1fr)); gap: 0.8rem; }
.figures a { display: block; font-size: 0.85em; word-break: break-all; }
.figures img { display: block; width: 100%; height: 7rem; object-fit: contain; border: 1px solid #e1e4e8;
  background: #fafbfc; margin-bottom: 0.2rem; }
"""

# TeX operator names latex2mathml 3.81 does not know (it returns them verbatim).
_MISSING_OPERATORS = re.compile(r"\\(arg)(?![A-Za-z])")
_UNKNOWN_COMMAND = re.compile(r">\s*(\\[A-Za-z]+)")


def anchor(heading: str) -> str:
    """The id of a heading on a page, as nbconvert makes it: spaces become ``-``, the rest is kept (URL-quoted).

    Args:
        heading: the heading's text as shown (no markdown marks; a formula as its TeX).

    Returns:
        The id, e.g. ``Chapter-11:-prediction`` for "Chapter 11: prediction"; a link to the heading is
        ``<page>.html#<id>``.
    """
    return quote(heading.strip().replace(" ", "-"), safe="?/:@!$&'()*+,;=")


def tex_to_mathml(tex: str, *, display: bool = False) -> str:
    """A formula's LaTeX as a MathML ``<math>`` element.

    Args:
        tex: the formula, without its ``$`` delimiters.
        display: a display formula (``$$...$$``) rather than one in the text.

    Returns:
        The ``<math>`` element, well-formed XML.

    Raises:
        ValueError: latex2mathml cannot convert it (a syntax error, an unknown command, or XML that is not
            well-formed, e.g. from an alignment ``&``).
    """
    source = _MISSING_OPERATORS.sub(r"\\operatorname{\1}", tex)
    try:
        mathml = _latex2mathml(source, display="block" if display else "inline")
    except Exception as e:  # latex2mathml's errors have no common base class but Exception
        raise ValueError(f"latex2mathml cannot convert {tex!r}: {type(e).__name__} {e}".strip()) from e
    unknown = _UNKNOWN_COMMAND.search(mathml)
    if unknown:
        raise ValueError(f"latex2mathml does not know {unknown[1]} in {tex!r}")
    try:
        ElementTree.fromstring(mathml)
    except ElementTree.ParseError as e:
        raise ValueError(f"latex2mathml made malformed MathML of {tex!r}: {e}") from e
    return mathml


def _math(translator: Any, tex: str, display: bool) -> None:
    """Append a formula's MathML to the page, or its TeX in ``<code>`` (recorded as unconverted)."""
    try:
        translator.body.append(tex_to_mathml(tex, display=display))
    except ValueError:
        unconverted = translator.builder.env.pawnslib_unconverted  # set by _reset
        unconverted.setdefault(translator.builder.current_docname, []).append(tex)
        translator.body.append(f'<code class="site-tex">{html.escape(tex, quote=False)}</code>')
    raise nodes.SkipNode


class NbconvertIds(SphinxTransform):
    """Give every section (and every rubric: a heading in a cell's output) nbconvert's id first, then Sphinx's."""

    default_priority = 700

    def apply(self, **kwargs: Any) -> None:
        for node in self.document.findall(lambda n: isinstance(n, nodes.section | nodes.rubric)):
            title = node[0] if isinstance(node, nodes.section) and node.children else node
            ident = anchor(title.astext())
            if ident and ident not in self.document.ids:
                node["ids"].insert(0, ident)
                self.document.ids[ident] = node


def _reset(app: Sphinx) -> None:
    app.env.pawnslib_unconverted = {}


def setup(app: Sphinx) -> dict[str, Any]:
    """The extension: the MathML renderer, nbconvert's heading ids, and the site's stylesheet."""
    app.add_html_math_renderer("mathml", (lambda translator, node: _math(translator, node.astext(), False), None),
                               (lambda translator, node: _math(translator, node.astext(), True), None))
    app.add_transform(NbconvertIds)
    app.connect("builder-inited", _reset)
    return {"parallel_read_safe": True, "parallel_write_safe": False}


__all__ = ["extensions", "html_context", "html_copy_source", "html_css_files", "html_last_updated_fmt",
           "html_math_renderer", "html_show_search_summary", "html_show_sourcelink", "html_sidebars",
           "html_static_path", "html_theme", "html_theme_options", "html_title", "html_use_index",
           "myst_all_links_external", "myst_dmath_allow_digits", "myst_dmath_allow_space", "myst_enable_extensions",
           "nb_execution_mode", "nb_ipywidgets_js", "nb_mime_priority_overrides", "nb_output_stderr",
           "nb_render_markdown_format", "project", "root_doc", "smartquotes",
           "suppress_warnings"]  # conf.py's names (``import *``); anchor and tex_to_mathml by name
