"""The results site as a reader finds it (pawnslib.report.book, Sphinx with MyST-NB and the book theme): every page at
its address and all they share in R/html, every link resolving, code folded with the parameters labelled, formulas as
MathML, nothing from the network and no machine path, the chapter under the other reading linked, the front page's
headlines and their anchors, the search linking its hits without fetching them, the same bytes twice.

The site is built from a tiny results folder of three notebooks (a Sphinx build of the whole results would take too
long here); tests/test_report/test_findings.py reads the committed pages."""

import html
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import nbformat
import pandas as pd
import pytest
from conftest import KERNEL
from html_tables import first_table_header

from pawnslib.__main__ import main
from pawnslib.report.book import anchor, build_site, first_sentence, front_page, page_notebook
from pawnslib.report.bookconf import tex_to_mathml
from pawnslib.report.publish import SHARED
from pawnslib.report.timings_page import PAGE as TIMINGS

ROOT = Path(__file__).resolve().parents[2]
MACHINE_PATHS = ("/tmp/", "/work/", "/root/", "/home/", "/var/folders", str(ROOT))  # none may be on a page
WARNING = "UserWarning: careful, /home/someone/.venv/lib/python3.11/site-packages/x.py:3"
PROSE = r"""# Chapter 3: Beta with $x^2$

The first sentence has $x^2$ in it, e.g. this. The second one costs $5 and $10, and `echo $HOME` is shell.

$$\sum_i p_i$$

| score | $f$ |
| --- | --- |
| BMax | $\Delta r$ |

The distance $\max(|\Delta r|, |\Delta c|)$.

A formula latex2mathml cannot read: $x^$; a kept dollar: \$3.

## Which rules did the thesis play?

The answer, with White's `plain6` and the thesis's words."""
HEADLINES = ("* The thesis's $NW - W$ **holds**. [The rules](03_beta.html#Which-rules-did-the-thesis-play?)\n"
             "* Another finding.\n")


def _notebook(title: str, *, injected: str, stderr: bool = True, saves: str = "") -> nbformat.NotebookNode:
    """A small executed notebook, as papermill leaves it: parameters, injected parameters, prose, a table (saved as
    ``saves``, if given, as a chapter saves its tables)."""
    v4 = nbformat.v4
    table = pd.DataFrame({"claim": ["Table 10.2"], "verdict": ["reproduced"]})
    outputs = [v4.new_output("execute_result", {"text/html": table.to_html(), "text/plain": repr(table)},
                             execution_count=3)]
    if stderr:
        outputs.insert(0, v4.new_output("stream", name="stderr", text=WARNING + "\n"))
    cells = [v4.new_markdown_cell(PROSE.replace("Chapter 3: Beta", title)),
             v4.new_code_cell('SEED = 1\nRESULTS = "../results"', metadata={"tags": ["parameters"]}, execution_count=1),
             v4.new_code_cell(f'# Parameters\nRESULTS = "{injected}"\n', metadata={"tags": ["injected-parameters"]},
                              execution_count=2),
             v4.new_code_cell("import pandas as pd\n\npd.DataFrame(...)" + (
                 f'\nsave_table(table, "{saves}", RESULTS)' if saves else ""), outputs=outputs, execution_count=3),
             v4.new_code_cell('print("hello reader")', execution_count=4,
                              outputs=[v4.new_output("stream", name="stdout", text="hello reader\n")])]
    nb = v4.new_notebook(cells=cells)
    nb.metadata.update(kernelspec={"name": KERNEL, "display_name": "Python (pawnslib)", "language": "python"},
                       language_info={"name": "python", "pygments_lexer": "ipython3"})
    for i, cell in enumerate(nb.cells):
        cell.id = f"cell-{i}"
    return nb


def _replay_notebook() -> nbformat.NotebookNode:
    """Chapter 4's kind of page: a game replayed move by move (inline HTML and its own script)."""
    import numpy as np

    from pawnslib.experiments.branching import random_game
    from pawnslib.report.replay import Replay

    game = random_game(np.random.default_rng(3), "king")[:12]
    nb = _notebook("Chapter 4: Replays", injected="results", stderr=False)
    nb.cells[3].outputs = [nbformat.v4.new_output("display_data", {"text/html": Replay(game).to_html(),
                                                                    "text/plain": "<Replay>"})]
    return nb


def _results(root: Path) -> Path:
    """A results folder of two readings: chapters 03, 04 (a replay) and 05 (a widget), 03 also under king; tables,
    figures, headlines."""
    results = root / "results"
    for folder, stems in ((results, ("03_beta", "04_replays", "05_gamma")), (results / "king", ("03_beta",))):
        (folder / "notebooks").mkdir(parents=True)
        (folder / "tables").mkdir()
        (folder / "figures").mkdir()
        for stem in stems:
            title = f"Chapter {int(stem[:2])}: {stem[3:].title()}"
            nb = _replay_notebook() if stem == "04_replays" else _notebook(
                title, injected=folder.relative_to(root).as_posix(), saves="t" if stem == "03_beta" else "")
            if stem == "05_gamma":  # a live widget (anywidget, ipywidgets) and its HTML fallback
                nb.cells[4].outputs.append(nbformat.v4.new_output("display_data", {
                    "application/vnd.jupyter.widget-view+json": {"model_id": "m1", "version_major": 2,
                                                                 "version_minor": 0},
                    "text/html": '<div class="board-fallback">the board, live in JupyterLab</div>',
                    "text/plain": "PlayBoard()"}))
                nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {
                    "state": {}, "version_major": 2, "version_minor": 0}}
            nbformat.write(nb, folder / "notebooks" / f"{stem}.ipynb")
        (folder / "tables" / "t.csv").write_text("a,b\n1,2\n")
        (folder / "figures" / "f.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    (results / "tables" / "t.md").write_text("| a | b |\n|---|---|\n| 1 | 2 |\n")
    (results / "tables" / "headlines.md").write_text(HEADLINES)
    for table in ("perft_timing.csv", "perft_timing.md"):  # timing data: on the timings page, not the front page's
        (results / "tables" / table).write_text("depth,seconds\n5,0.0123\n")
    (results / "logs").mkdir()
    (results / "logs" / "timings.txt").write_text("compile 30s\n")
    return results


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A site built by the command line, and its pages (path -> HTML)."""
    results = _results(tmp_path_factory.mktemp("site"))
    main(["site", "--results", str(results)])
    pages = {p: p.read_text(encoding="utf-8") for p in sorted(results.rglob("*.html")) if p.parent.name == "html"}
    return results, pages


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        self.links += [v for k, v in attrs if k in ("href", "src", "action") and v and not v.startswith("data:")]
        self.ids |= {v for k, v in attrs if k == "id" and v}


def parsed(page: str) -> _Links:
    parser = _Links()
    parser.feed(page)
    return parser


def article(page: str) -> str:
    """The page's own content, without the sidebar, the header and the outline."""
    return re.search(r'<article class="bd-article".*?</article>', page, re.S)[0]


def _not_sphinx(path: Path) -> bool:
    """The pages written beside Sphinx's: the timings and the tables (their list and a page per chapter)."""
    return path.name in (TIMINGS, "tables.html") or path.name.startswith("tables-")


def _page(results: Path, reading: str, stem: str) -> Path:
    return (results if reading == "kalles" else results / reading) / "html" / f"{stem}.html"


def test_every_page_is_at_its_address_and_what_they_share_is_in_html(site):
    results, pages = site
    html = results / "html"
    assert set(pages) == {html / "index.html", html / "search.html", html / TIMINGS, html / "tables.html",
                          html / "tables-03_beta.html", html / "tables-king-03_beta.html", html / "analysis_plan.html",
                          _page(results, "kalles", "03_beta"), _page(results, "kalles", "04_replays"),
                          _page(results, "kalles", "05_gamma"), _page(results, "king", "03_beta")}
    assert all((html / name).exists() for name in SHARED if name != "_images")  # no figure in these notebooks
    assert not list((html / "_static").rglob("*.map"))  # the theme's source maps are left out
    built = {".buildinfo", "objects.inv", "_sources", ".doctrees", "genindex.html"}
    assert not (built | set(SHARED)) & {p.name for p in results.iterdir()}  # R/html is the site's one folder
    assert not built & {p.name for p in html.iterdir()}


def test_every_link_resolves_within_the_site_and_nothing_comes_from_the_network(site):
    results, pages = site
    for path, page in pages.items():
        links = parsed(page).links
        assert not [u for u in links if re.match(r"(https?:)?//", u)], f"{path} loads from the network"
        assert not re.search(r"""<(script|link|img|iframe)[^>]*(src|href)=["']?(https?:)?//""", page), path
        assert not re.search(r"<script[^>]*(mathjax|require)", page, re.I) and "cdn" not in page.lower(), path
        for u in links:
            target = u.split("#")[0].split("?")[0]
            assert not re.match(r"[a-z]+:", u), f"{path}: {u} leaves the site"
            assert not target or (path.parent / target).exists(), f"{path}: {u} does not resolve"
        root = re.search(r'data-content_root="([^"]*)"', page)  # the search links its hits from there
        assert _not_sphinx(path) or (path.parent / root[1]).resolve() == (
            results / "html").resolve(), path  # the two pages not Sphinx's have no search


def _machine_paths(text: str, *more: str) -> list[str]:
    return [m for m in (*MACHINE_PATHS, *more) if m in text]


def test_no_machine_path_on_a_page(site):
    results, pages = site
    index = results / "html" / "searchindex.js"
    for path, page in [*pages.items(), (index, index.read_text())]:
        assert not _machine_paths(page, str(results.parent), str(Path.home()) + "/", ".venv/lib"), path


@pytest.mark.parametrize("path", [*sorted(ROOT.glob("results/**/html/*.html")), ROOT / "results/html/searchindex.js"],
                         ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_machine_path_on_a_committed_page(path):
    assert not _machine_paths(path.read_text(encoding="utf-8")), path


def test_code_inputs_are_folded_and_the_parameters_labelled_and_stderr_left_out(site):
    results, pages = site
    page = pages[_page(results, "kalles", "03_beta")]
    folded = re.findall(r"<details[^>]*>\s*<summary[^>]*>(.*?)</summary>(.*?)</details>", page, re.S)
    labels = [html.unescape(re.search(r'class="collapsed[^"]*">(.*?)<', label)[1]) for label, _ in folded]
    assert labels == ["Parameters: the notebook's defaults", "Parameters of this run (set by papermill)", "code",
                      "code"]
    assert not re.search(r"<details[^>]*\bopen\b", page)  # all closed
    assert "pd" in folded[2][1] and re.search(r'RESULTS</span>.*?"results"</span>', folded[1][1], re.S)
    outside = re.sub(r"<details.*?</details>", "", page, flags=re.S)
    assert "pd.DataFrame" not in outside and "SEED" not in outside  # no code outside a fold
    assert "hello reader" in outside and "UserWarning" not in page and "careful" not in page
    executed = nbformat.read(results / "notebooks" / "03_beta.ipynb", as_version=4)
    assert executed.cells[3].outputs[0].name == "stderr"  # the executed notebook keeps everything


def test_formulas_are_mathml_and_no_raw_math_is_left(site):
    results, pages = site
    page = pages[_page(results, "kalles", "03_beta")]
    assert page.count("<math") >= 6 and re.search(r'<math[^>]*display="block"', page)
    text = html.unescape(re.sub(r"<[^>]+>", "", re.sub(r"<(math|code)\b.*?</\1>", "", page, flags=re.S)))
    assert "$x^2$" not in text and "$$" not in text and r"\sum" not in text and r"\Delta" not in text
    assert "costs $5 and $10" in text and "dollar: $3." in text
    assert "<code class=\"docutils literal notranslate\"><span class=\"pre\">echo</span>" in page
    assert '<code class="site-tex">x^</code>' in page  # the one that does not convert, shown as TeX


def test_the_unconverted_formula_is_named_by_the_command_line(tmp_path, capsys):
    results = tmp_path / "results"
    (results / "notebooks").mkdir(parents=True)
    nbformat.write(_notebook("Chapter 9: Bad", injected="results", stderr=False), results / "notebooks" / "09_x.ipynb")
    main(["site", "--results", str(results)])
    err = capsys.readouterr().err
    assert f"{results / 'html' / '09_x.html'}: formula not converted to MathML, shown as TeX: x^" in err


def test_a_chapter_under_several_readings_names_its_reading_and_links_the_other(site):
    results, pages = site
    beta, king = pages[_page(results, "kalles", "03_beta")], pages[_page(results, "king", "03_beta")]
    assert 'href="../king/html/03_beta.html"' in beta and "<strong>kalles</strong> reading" in beta
    assert 'href="../../html/03_beta.html"' in king and "<strong>king</strong> reading" in king
    assert re.search(r"<h1>Chapter 3: Beta with <math.*?</math> \(king reading\)", king, re.S)
    gamma = article(pages[_page(results, "kalles", "05_gamma")])
    assert "reading of the rules" not in gamma and "king/html" not in gamma


def test_every_page_has_the_sidebar_the_outline_and_the_search(site):
    results, pages = site
    for path, page in pages.items():
        if _not_sphinx(path):  # not Sphinx's (test_timings_page.py, and above)
            continue
        hrefs = parsed(page).links
        front = (results / "html" / "index.html").resolve()
        assert path.name == "index.html" or any((path.parent / h.split("#")[0]).resolve() == front for h in hrefs)
        assert path.name == "search.html" or any(h.endswith("search.html") for h in hrefs), path
        for stem in {"03_beta", "04_replays", "05_gamma"} - {path.stem}:
            assert any(h.endswith(f"{stem}.html") for h in hrefs), (path, stem)
    beta = pages[_page(results, "kalles", "03_beta")]
    assert 'href="#Which-rules-did-the-thesis-play?"' in beta  # the outline, by today's heading ids


def test_the_search_links_every_page_from_the_search_page_and_fetches_none(site):
    from sphinx.search import js_index

    results, pages = site
    html = results / "html"
    index = js_index.loads((html / "searchindex.js").read_text(encoding="utf-8"))
    assert "hello" in index["terms"]
    # searchtools links a hit as its docname + ".html", relative to the search page
    assert {(html / f"{doc}.html").resolve() for doc in index["docnames"]} == {
        p.resolve() for p in pages if p.name != "search.html" and not _not_sphinx(p)}
    # and fetches no hit's page for an excerpt, which a page opened from the files may not do
    assert "SHOW_SEARCH_SUMMARY: false" in (html / "_static" / "documentation_options.js").read_text()


def test_the_front_page_has_the_headlines_chapters_tables_and_figures(site):
    results, pages = site
    index = pages[results / "html" / "index.html"]
    assert "Asymmetric Game Trees using Dynamic Bayesian Networks" in index and "E. S. Pedersen" in index
    assert "Headline findings" in index and "Another finding." in index and "<strong>holds</strong>" in index
    assert "$NW - W$" not in index and "<math" in index
    hrefs = parsed(index).links
    for target in ("03_beta.html", "04_replays.html", "../king/html/03_beta.html", "tables-03_beta.html#t",
                   "tables-king-03_beta.html#king-t", "../figures/f.png", "../king/figures/f.png", TIMINGS):
        assert target in hrefs, target
    assert not [h for h in hrefs if "timing" in h and h != TIMINGS]  # the tables of times are on that page
    assert not [h for h in hrefs if h.endswith((".md", ".csv"))]  # a table is linked rendered, never as a file
    # each table rendered on its chapter's page under its id, its files linked; the list links every chapter's page
    tables, king = (pages[results / "html" / f"tables-{name}.html"] for name in ("03_beta", "king-03_beta"))
    assert 'id="t"' in tables and 'id="king-t"' in king and '<td>1</td>' in tables
    assert 'href="../tables/t.csv"' in tables and 'href="../tables/t.md"' in tables and "perft_timing" not in tables
    assert {"tables-03_beta.html", "tables-king-03_beta.html"} <= set(parsed(pages[results / "html" /
                                                                                   "tables.html"]).links)
    # and each chapter page links its own tables' page
    assert "tables-03_beta.html" in parsed(pages[_page(results, "kalles", "03_beta")]).links
    assert "../../html/tables-king-03_beta.html" in parsed(pages[_page(results, "king", "03_beta")]).links
    assert "The first sentence has <math" in index and "e.g. this." in index and "The second one" not in index


def test_the_headlines_links_reach_their_headings(site):
    results, pages = site
    index = pages[results / "html" / "index.html"]
    fragments = [h for h in parsed(index).links if "#" in h and not h.startswith(("#", "tables"))]
    assert fragments == ["03_beta.html#Which-rules-did-the-thesis-play?"]
    for h in fragments:
        target, fragment = h.split("#")
        assert fragment in parsed(pages[(results / "html" / target)]).ids, h


@pytest.mark.parametrize(("heading", "ident"), [
    ("Chapter 11: prediction", "Chapter-11:-prediction"),
    ("Beyond the thesis: does the model recognise White's strategy?",
     "Beyond-the-thesis:-does-the-model-recognise-White's-strategy?"),
    ("Perfect prediction: a perfect model of White's next reply, the oracle, and OM search at White's depth",
     "Perfect-prediction:-a-perfect-model-of-White's-next-reply,-the-oracle,-and-OM-search-at-White's-depth"),
    ("Where can prediction pay? White searching fewer plies", "Where-can-prediction-pay?-White-searching-fewer-plies"),
    ("Which method beats plain6?", "Which-method-beats-plain6?"),
    ("p ≤ 0.05 & more", "p-%E2%89%A4-0.05-&-more"),
])
def test_anchor_is_the_id_nbconvert_gives_a_heading(heading, ident):
    from nbconvert.filters.markdown_mistune import markdown2html_mistune

    assert anchor(heading) == ident
    assert parsed(markdown2html_mistune(f"## {heading}")).ids == {ident}


def test_a_widget_shows_its_html_fallback_and_loads_no_widget_manager(site):
    results, pages = site
    page = pages[_page(results, "kalles", "05_gamma")]
    assert '<div class="board-fallback">the board, live in JupyterLab</div>' in page
    assert "widget-view" not in page and "require.js" not in page and "html-manager" not in page


def test_the_replay_survives_with_one_board_per_ply_and_its_own_script(site):
    results, pages = site
    page = pages[_page(results, "kalles", "04_replays")]
    assert page.count('class="pr-board"') == 12
    sliders = re.findall(r"<input[^>]*pr-slider[^>]*>", page)
    assert len(sliders) == 1 and 'max="11"' in sliders[0]
    assert "root.querySelector(\".pr-controls\")" in page


def test_the_front_page_leaves_out_missing_headlines_and_a_missing_folder_is_refused(tmp_path, capsys):
    results = _results(tmp_path)
    (results / "tables" / "headlines.md").unlink()
    assert "Headline findings" not in front_page(results) and "03_beta" in front_page(results)
    with pytest.raises(FileNotFoundError, match="no such results folder"):
        build_site(tmp_path / "missing")
    (tmp_path / "empty").mkdir()
    with pytest.raises(FileNotFoundError, match="no executed notebook"):
        build_site(tmp_path / "empty")
    with pytest.raises(SystemExit) as e:
        main(["site", "--results", str(tmp_path / "missing")])
    assert e.value.code == 2 and capsys.readouterr().err.count("\n") == 1


def test_the_build_is_deterministic_and_independent_of_the_folder(site, tmp_path):
    results, pages = site
    copy = tmp_path / "elsewhere" / "results"
    shutil.copytree(results, copy, ignore=shutil.ignore_patterns("html"))
    build_site(copy)
    for path, page in pages.items():
        assert (copy / path.relative_to(results)).read_text(encoding="utf-8") == page, path
    index = Path("html", "searchindex.js")
    assert (copy / index).read_bytes() == (results / index).read_bytes()


def test_a_rebuild_replaces_the_pages_of_notebooks_gone_and_the_shared_files_of_older_builds(tmp_path):
    results = _results(tmp_path)
    (results / "html" / "_static").mkdir(parents=True)
    (results / "html" / "01_gone.html").write_text("old")
    (results / "html" / "_static" / "gone.css").write_text("old")
    (results / "_static").mkdir()  # where the shared files were before the site moved into html/
    (results / "search.html").write_text("old")
    build_site(results)
    assert not (results / "html" / "01_gone.html").exists() and not (results / "html" / "_static" / "gone.css").exists()
    assert not (results / "_static").exists() and not (results / "search.html").exists()
    assert (results / "html" / "search.html").is_file() and (results / "html" / TIMINGS).is_file()


def test_page_notebook_leaves_the_executed_notebook_alone():
    nb = _notebook("Chapter 3: Beta", injected="results")
    before = nbformat.writes(nb)
    shown = page_notebook(nb, "king", {"kalles": "../../html/03_beta.html"})
    assert nbformat.writes(nb) == before
    assert all("hide-input" in c.metadata["tags"] for c in shown.cells if c.cell_type == "code")
    assert shown.cells[0].source.startswith("# Chapter 3: Beta with $x^2$ (king reading)")
    assert "[the kalles reading](../../html/03_beta.html)" in shown.cells[1].source


@pytest.mark.parametrize(("tex", "display", "fragment"), [
    ("x^2", False, "<msup><mi>x</mi><mn>2</mn></msup>"),
    (r"\sum_i p_i", True, 'display="block"'),
    (r"\arg\max P(S_w \mid e)", False, "<mo>arg</mo><mo>max</mo>"),
    (r"b^{\lceil d/2\rceil}", False, "&#x02308;"),
])
def test_tex_to_mathml(tex, display, fragment):
    assert fragment in tex_to_mathml(tex, display=display)


@pytest.mark.parametrize("tex", ["x^", r"\frac{1}{", r"\unknowncommand x", r"\begin{aligned} a &= b \end{aligned}"])
def test_tex_that_does_not_convert_is_an_error(tex):
    with pytest.raises(ValueError, match="latex2mathml"):
        tex_to_mathml(tex)


@pytest.mark.parametrize(("page", "header"), [
    ("<p>x</p><table><thead><tr><th></th><th>claim</th><th>verdict</th></tr></thead><tbody><tr><td>1</td>"
     "<td>a</td><td>b</td></tr></tbody></table><table><tr><th>other</th></tr></table>", ["", "claim", "verdict"]),
    ('<table id="T_1"><thead><tr><th class="col_heading level0 col0" >claim</th><th class="col_heading">\n'
     "  the verdict </th></tr><tr><th>sub</th></tr></thead></table>", ["claim", "the verdict"]),
    ("<table><tr><td>claim</td><td>verdict <b>now</b></td></tr><tr><td>1</td></tr></table>", ["claim", "verdict now"]),
    ("<table><thead><tr><th>outer<table><tr><th>inner</th></tr></table></th><th>verdict</th></tr></thead></table>",
     ["outer", "verdict"]),
])
def test_first_table_header(page, header):
    assert first_table_header(page) == header


def test_first_table_header_of_a_page_without_a_table():
    with pytest.raises(ValueError, match="no table"):
        first_table_header("<p>no table here</p>")


@pytest.mark.parametrize(("markdown", "sentence"), [
    ("# Title\n\nFirst one, see Section 11.2 and Fig. 3. Second one.", "First one, see Section 11.2 and Fig. 3."),
    ("# T\n\n* a list first\n\nThe *thesis*. Then", "The *thesis*."),
    ("With $a. B$ inside. Next", "With $a. B$ inside."),
    ("# Only a heading", ""),
])
def test_first_sentence(markdown, sentence):
    assert first_sentence(markdown) == sentence


def test_a_real_chapter_run_as_make_runs_it_shows_a_relative_results_folder(kernel, tmp_path, monkeypatch):
    """Notebook 02 run as reproduce.mk runs it: papermill in the repository's place (here tmp), RESULTS relative."""
    import papermill as pm

    monkeypatch.chdir(tmp_path)
    (tmp_path / "results" / "notebooks").mkdir(parents=True)
    executed = Path("results/notebooks/02_bayesian_networks.ipynb")
    pm.execute_notebook(ROOT / "notebooks" / "02_bayesian_networks.ipynb", executed, kernel_name=kernel,
                        parameters={"RESULTS": "results"}, progress_bar=False)
    assert (tmp_path / "results" / "tables" / "pearl.csv").is_file()  # the kernel ran here, without --cwd
    build_site("results")
    page = (tmp_path / "results" / "html" / "02_bayesian_networks.html").read_text(encoding="utf-8")
    assert re.search(r'RESULTS</span> <span class="o">=</span> <span class="s2">"results"</span>', page)
    assert str(tmp_path) not in page and "/work/" not in page and str(ROOT) not in page
    assert 'href="index.html"' in page and "<details" in page and "<table" in page
    assert "Chapter 2: Bayesian networks" in (tmp_path / "results" / "html" / "index.html").read_text()


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_make_builds_the_site_once_after_every_notebook_with_a_relative_results_folder():
    """A dry run (make -n -B: nothing is run) of `make reproduce`."""
    import os

    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}  # under `make test`
    out = subprocess.run(["make", "--no-print-directory", "-n", "-B", "reproduce"], cwd=ROOT, capture_output=True,
                         text=True, check=True, timeout=120, env=env).stdout
    ran = re.findall(r"papermill .*?-p RESULTS (\S+) .*? (\S+\.ipynb) >", out)
    assert len(ran) >= 9 and "nbconvert" not in out and "sphinx-build" not in out and str(ROOT) not in out
    assert all(not results.startswith("/") and executed.startswith(results + "/notebooks/")
               for results, executed in ran)
    assert out.count("-m pawnslib site --results results") == 1
    assert out.index("-m pawnslib site --results results") > out.rindex("papermill")
