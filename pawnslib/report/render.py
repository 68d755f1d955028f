"""One executed notebook rendered as a self-contained HTML page of the results site (``python -m pawnslib render``).

The page is nbconvert's ``lab`` page, changed for readers rather than for the notebook's authors:

* every code cell's input is folded in a ``<details>`` element (open it to see the code), except the cells tagged
  ``parameters`` and ``injected-parameters`` (papermill's), which stay visible: they say what the page was run with;
* output a cell wrote to stderr (warnings, progress bars) is left out; the executed notebook itself is not changed;
* the LaTeX of markdown (``$...$``, ``$$...$$``) is converted to MathML at render time (:func:`tex_to_mathml`), so
  formulas show without any network; a formula that cannot be converted is shown as TeX in ``<code>`` and named in
  :attr:`Page.unconverted`. A pair of ``$`` is a formula only as Pandoc reads it (a non-space right after the
  opening ``$`` and before the closing one, no digit after it) and with no ``$`` or backtick inside, so
  ``$5 and $10`` stays text; code spans and code blocks are never math;
* no script at all (nbconvert's page loads require.js and MathJax from a CDN): the page needs no network;
* a navigation bar at the top and bottom links the site's index, the previous and next chapter and the same chapter
  under the other readings of the rules (see :func:`render_notebook`).

The same notebook always gives the same bytes.

Layer ``report``: it may import every layer; it imports none of pawnslib (nbconvert, nbformat, jinja2 and
latex2mathml do the work).
"""

from __future__ import annotations

import html
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote
from xml.etree import ElementTree

import jinja2
import nbformat
from latex2mathml.converter import convert as _latex2mathml
from nbconvert import HTMLExporter
from nbconvert.filters.markdown_mistune import IPythonRenderer, MarkdownWithMath, MathInlineParser

# Math as Pandoc reads it: an opening `$` followed by a non-space, a closing `$` preceded by a non-space and not
# followed by a digit; and, stricter, no `$` or backtick between them (a backslash escapes one). nbconvert's own rule
# would take "$5 and $10" for a formula, and "costs $5, `echo $x`" for one that runs into code.
_MATH_CHAR = r"(?:[^$`\\]|\\.)"
_MATH_END = r"(?:[^$`\\\s]|\\.)"
_INLINE_MATH = rf"(?s:(?<![$\\])\$(?P<math_inline_tex>{_MATH_END}(?:{_MATH_CHAR}*?{_MATH_END})?)\$(?!\d))"
# TeX operator names latex2mathml 3.81 does not know (it returns them verbatim).
_MISSING_OPERATORS = re.compile(r"\\(arg)(?![A-Za-z])")
_UNKNOWN_COMMAND = re.compile(r">\s*(\\[A-Za-z]+)")
# The cells papermill tags: shown unfolded, they say what the page was run with.
PARAMETER_TAGS = {"parameters": "Parameters: the notebook's defaults",
                  "injected-parameters": "Parameters of this run (set by papermill)"}

CSS = """
nav.site-nav { display: flex; flex-wrap: wrap; gap: 0.3em 1.2em; align-items: baseline; margin: 0.5em 0 1em;
  padding: 0.5em 0.9em; font: 14px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; background: #f3f5f7;
  border: 1px solid #d5dbe1; border-radius: 4px; }
nav.site-nav a { color: #0b57a4; text-decoration: none; }
nav.site-nav a:hover { text-decoration: underline; }
nav.site-nav .site-reading { color: #555; }
nav.site-nav .site-next { margin-left: auto; }
nav.site-nav .site-none { color: #999; }
details.site-code > summary { cursor: pointer; color: #6a737d; font: 12px/1.6 monospace; width: max-content; }
details.site-code[open] > summary { margin-bottom: 0.2em; }
.site-params-label { color: #6a737d; font: 12px/1.6 system-ui, sans-serif; }
code.site-tex { color: #9a3412; }
math[display="block"] { margin: 0.6em 0; }
"""

_TEMPLATE = """{%- extends 'index.html.j2' -%}
{%- block html_head_js -%}{%- endblock html_head_js -%}
{%- block jupyter_widgets -%}{%- endblock jupyter_widgets -%}
{%- block html_head_js_mathjax -%}{%- endblock html_head_js_mathjax -%}
{%- block html_head_js_mermaidjs -%}{%- endblock html_head_js_mermaidjs -%}
{%- block extra_css -%}<style type="text/css">{{ resources.site_css }}</style>{%- endblock extra_css -%}
{%- block body_header -%}
{{ super() }}
{{ resources.site_nav }}
{%- endblock body_header -%}
{%- block body_footer -%}
{{ resources.site_nav }}
{{ super() }}
{%- endblock body_footer -%}
{%- block input_group -%}
{%- set tags = cell.metadata.get('tags', []) -%}
{%- set shown = resources.site_parameter_tags | select('in', tags) | list -%}
{%- if shown -%}
<div class="site-params-label">{{ resources.site_parameter_tags[shown[0]] }}</div>
{{ super() }}
{%- else -%}
<details class="site-code"><summary>code</summary>
{{ super() }}
</details>
{%- endif -%}
{%- endblock input_group -%}
{#- pygments' highlighting of the code, without lab's HTML sanitising (slow, and there is nothing to sanitise) -#}
{%- block input -%}
<div class="jp-CodeMirrorEditor jp-Editor jp-InputArea-editor" data-type="inline">
<div class="cm-editor cm-s-jupyter">
{{ cell.source | highlight_code(metadata=cell.metadata) }}
</div>
</div>
{%- endblock input -%}
"""
_TEMPLATE_NAME = "pawnslib_page.html.j2"


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


class _InlineParser(MathInlineParser):
    SPECIFICATION = {**MathInlineParser.SPECIFICATION, "inline_math_tex": _INLINE_MATH}


class _MathMLRenderer(IPythonRenderer):
    """nbconvert's markdown renderer with every formula converted to MathML (or shown as TeX in ``<code>``)."""

    def __init__(self, unconverted: list[str], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.unconverted = unconverted

    def _math(self, tex: str, *, display: bool, delimiter: str) -> str:
        try:
            return tex_to_mathml(tex, display=display)
        except ValueError:
            self.unconverted.append(f"{delimiter}{tex}{delimiter}")
            return f'<code class="site-tex">{html.escape(tex, quote=False)}</code>'

    def inline_math(self, body: str) -> str:
        return self._math(body, display=False, delimiter="$")

    def heading(self, text: str, level: int, **attrs: Any) -> str:
        """A heading with nbconvert's id and anchor link, made without XML (which would prefix MathML's tags)."""
        if self.exclude_anchor_links or "<math" not in text:
            return super().heading(text, level, **attrs)
        anchor = quote(html.unescape(re.sub(r"<[^>]*>", "", text)).replace(" ", "-"), safe="?/:@!$&'()*+,;=")
        return (f'<h{level} id="{html.escape(anchor)}">{text}<a class="anchor-link" '
                f'href="#{html.escape(anchor)}">{self.anchor_link_text}</a></h{level}>\n')

    def block_math(self, body: str) -> str:
        return self._math(body, display=True, delimiter="$$")

    def latex_environment(self, name: str, body: str) -> str:
        return self._math(f"\\begin{{{name}}}{body}\\end{{{name}}}", display=True, delimiter="")


def markdown_to_html(source: str, *, unconverted: list[str] | None = None, anchors: bool = True) -> str:
    """Markdown (a notebook's flavour: tables, inline HTML, math) as HTML, formulas as MathML.

    Args:
        source: the markdown.
        unconverted: a list to which each formula that could not be converted is appended (it is then shown as
            TeX in ``<code>``).
        anchors: give headings nbconvert's anchor links.

    Returns:
        The HTML.
    """
    renderer = _MathMLRenderer([] if unconverted is None else unconverted, escape=False,
                               exclude_anchor_links=not anchors)
    return MarkdownWithMath(renderer=renderer, inline=_InlineParser(hard_wrap=False)).render(source)


class _PageExporter(HTMLExporter):
    """nbconvert's lab HTML page with :data:`_TEMPLATE`'s changes and MathML for the formulas."""

    def __init__(self, **kwargs: Any) -> None:
        self.unconverted: list[str] = []
        super().__init__(template_name="lab", template_file=_TEMPLATE_NAME, exclude_input_prompt=True,
                         exclude_output_prompt=True,
                         extra_loaders=[jinja2.DictLoader({_TEMPLATE_NAME: _TEMPLATE})], **kwargs)

    @jinja2.pass_context
    def markdown2html(self, context: Any, source: str) -> str:
        """The markdown filter of the templates (markdown cells and ``text/markdown`` outputs)."""
        return markdown_to_html(source, unconverted=self.unconverted)


@dataclass(frozen=True)
class Page:
    """A rendered page: where it was written, its title, and the formulas shown as TeX because they did not convert."""

    path: Path
    title: str
    unconverted: list[str] = field(default_factory=list)


def notebook_title(nb: nbformat.NotebookNode) -> str:
    """The markdown of a notebook's title: the text of its first ``#`` heading.

    Args:
        nb: the notebook.

    Returns:
        The heading's markdown (e.g. ``Chapter 10: Harmony\\* and the balance of power``), or ``""`` without one.
    """
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            m = re.search(r"^ {0,3}#[ \t]+(.+?)[ \t#]*$", cell.source, re.M)
            if m:
                return m[1]
    return ""


def plain_text(markdown: str) -> str:
    """A line of markdown as plain text: no emphasis, code or escape marks, formulas as their TeX (for a ``<title>``).

    Args:
        markdown: one line of markdown.

    Returns:
        Its text.
    """
    text = re.sub(_INLINE_MATH, lambda m: m["math_inline_tex"], markdown)  # a formula's TeX, without its dollars
    text = re.sub(r"(?<!\\)(\*{1,2}|_{2}|`)", "", text)
    return re.sub(r"\\([^A-Za-z])", r"\1", text).strip()


def chapter_label(stem: str) -> str:
    """A short label of a page for navigation, from its file name: ``08_dbn`` -> ``08 dbn``.

    Args:
        stem: the notebook's name without ``.ipynb``.

    Returns:
        The label.
    """
    return stem.replace("_", " ")


def _href(target: Path, start: Path) -> str:
    """A relative link from a page in ``start`` to ``target`` (forward slashes, as URLs have)."""
    return Path(os.path.relpath(target, start)).as_posix()


def navigation(stem: str, html_dir: Path, chapters: list[str], *, index: Path, reading: str | None = None,
               variants: dict[str, Path] | None = None) -> str:
    """The navigation bar of a page: the index, the reading, the same chapter elsewhere, previous and next chapter.

    Args:
        stem: the page's name without ``.html``.
        html_dir: the folder of the page.
        chapters: the pages of that folder in reading order (``stem`` among them).
        index: the site's index page.
        reading: the reading of the rules the page was run under, if it is one of several (else not shown).
        variants: the same chapter under other readings: reading -> the folder of its page.

    Returns:
        A ``<nav>`` element; all links relative.

    Raises:
        ValueError: ``stem`` is not in ``chapters``.
    """
    if stem not in chapters:
        raise ValueError(f"{stem} is not among the chapters {chapters}")
    i = chapters.index(stem)
    parts = [f'<a class="site-index" href="{html.escape(_href(index, html_dir))}">Index</a>']
    if reading:
        parts.append(f'<span class="site-reading">{html.escape(reading)} reading</span>')
    for name, folder in sorted((variants or {}).items()):
        href = html.escape(_href(folder / f"{stem}.html", html_dir))
        parts.append(f'<a class="site-variant" href="{href}">this chapter under the {html.escape(name)} reading</a>')
    for rel, j, arrow in (("prev", i - 1, "&larr; "), ("next", i + 1, "")):
        if 0 <= j < len(chapters):
            label = html.escape(chapter_label(chapters[j]))
            text = f"{arrow}{label}" if rel == "prev" else f"{label} &rarr;"
            parts.append(f'<a class="site-{rel}" rel="{rel}" href="{html.escape(chapters[j])}.html">{text}</a>')
        else:
            parts.append(f'<span class="site-{rel} site-none">{"first page" if rel == "prev" else "last page"}</span>')
    return '<nav class="site-nav">\n' + "\n".join(parts) + "\n</nav>"


def render_notebook(notebook: str | Path, html_dir: str | Path, *, chapters: list[str] | None = None,
                    index: str | Path | None = None, reading: str | None = None,
                    variants: dict[str, str | Path] | None = None) -> Page:
    """Render an executed notebook to ``html_dir/<name>.html`` (see the module's docstring for what changes).

    Args:
        notebook: the executed notebook (papermill's output).
        html_dir: the folder to write the page to (made if missing).
        chapters: the names (without suffix) of the pages in ``html_dir`` in reading order, for the previous and
            next links (default: the notebooks beside ``notebook``, sorted by name).
        index: the site's index page (default: ``html_dir/index.html``).
        reading: the reading of the rules the notebook ran under, shown in the navigation bar (default: none).
        variants: the same chapter under other readings: reading -> the folder of its pages.

    Returns:
        The :class:`Page` written.

    Raises:
        FileNotFoundError: ``notebook`` does not exist.
        ValueError: it is not a notebook, or its name is not among ``chapters``.
    """
    notebook, html_dir = Path(notebook), Path(html_dir)
    if not notebook.is_file():
        raise FileNotFoundError(f"{notebook}: no such executed notebook (run it with papermill first)")
    try:
        nb = nbformat.read(notebook, as_version=4)
    except Exception as e:  # nbformat raises JSON, validation and encoding errors alike
        raise ValueError(f"{notebook}: not a readable notebook ({type(e).__name__}: {e})") from e
    stem = notebook.stem
    if chapters is None:
        chapters = sorted({p.stem for p in notebook.parent.glob("*.ipynb")} | {stem})
    nav = navigation(stem, html_dir, list(chapters), index=html_dir / "index.html" if index is None else Path(index),
                     reading=reading, variants={k: Path(v) for k, v in (variants or {}).items()})
    for cell in nb.cells:  # stderr (warnings, progress bars) is for the one who runs the notebook
        if cell.cell_type == "code":
            cell.outputs = [o for o in cell.outputs if not (o.output_type == "stream" and o.get("name") == "stderr")]
    title = plain_text(notebook_title(nb)) or chapter_label(stem)
    if reading:
        title = f"{title} ({reading} reading)"
    exporter = _PageExporter()
    body, _ = exporter.from_notebook_node(nb, resources={
        "metadata": {"name": title}, "site_css": CSS, "site_nav": nav, "site_parameter_tags": PARAMETER_TAGS})
    html_dir.mkdir(parents=True, exist_ok=True)
    out = html_dir / f"{stem}.html"
    out.write_text(body, encoding="utf-8")
    return Page(out, title, list(exporter.unconverted))


__all__ = ["PARAMETER_TAGS", "Page", "chapter_label", "markdown_to_html", "navigation", "notebook_title", "plain_text",
           "render_notebook", "tex_to_mathml"]
