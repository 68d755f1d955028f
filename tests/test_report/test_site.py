"""The results site as a reader sees it: pages with folded code and visible parameters, formulas as MathML without
any network, navigation between pages, a front page whose every link resolves, no machine path, same bytes twice."""

import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import nbformat
import pandas as pd
import pytest
from conftest import KERNEL

from pawnslib.__main__ import main
from pawnslib.report.render import markdown_to_html, render_notebook, tex_to_mathml
from pawnslib.report.site import build_index, build_site, first_sentence, first_table_header

ROOT = Path(__file__).resolve().parents[2]
WARNING = "UserWarning: careful, /home/someone/.venv/lib/python3.11/site-packages/x.py:3"
PROSE = r"""# Chapter 3: Beta with $x^2$

The first sentence has $x^2$ in it, e.g. this. The second one costs $5 and $10, and `echo $HOME` is shell.

$$\sum_i p_i$$

| score | $f$ |
| --- | --- |
| BMax | $\Delta r$ |

The distance $\max(|\Delta r|, |\Delta c|)$.

A formula latex2mathml cannot read: $x^$; a kept dollar: \$3."""


def _notebook(title: str, *, injected: str, stderr: bool = True) -> nbformat.NotebookNode:
    """A small executed notebook, as papermill leaves it: parameters, injected parameters, prose, a table."""
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
             v4.new_code_cell("import pandas as pd\n\npd.DataFrame(...)", outputs=outputs, execution_count=3),
             v4.new_code_cell('print("hello reader")', execution_count=4,
                              outputs=[v4.new_output("stream", name="stdout", text="hello reader\n")])]
    nb = v4.new_notebook(cells=cells)
    nb.metadata.update(kernelspec={"name": KERNEL, "display_name": "Python (pawnslib)", "language": "python"},
                       language_info={"name": "python", "pygments_lexer": "ipython3"})
    for i, cell in enumerate(nb.cells):
        cell.id = f"cell-{i}"
    return nb


def _results(root: Path) -> Path:
    """A results folder of two readings: chapters 02 and 03, 03 also under king; tables, figures, headlines."""
    results = root / "results"
    for folder, stems in ((results, ("02_alpha", "03_beta")), (results / "king", ("03_beta",))):
        (folder / "notebooks").mkdir(parents=True)
        (folder / "tables").mkdir()
        (folder / "figures").mkdir()
        for stem in stems:
            title = f"Chapter {int(stem[:2])}: {stem[3:].title()}"
            nbformat.write(_notebook(title, injected=folder.relative_to(root).as_posix()),
                           folder / "notebooks" / f"{stem}.ipynb")
        (folder / "tables" / "t.csv").write_text("a,b\n1,2\n")
        (folder / "figures" / "f.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    (results / "tables" / "t.md").write_text("| a | b |\n|---|---|\n| 1 | 2 |\n")
    (results / "tables" / "headlines.md").write_text("* The thesis's $NW - W$ **holds**.\n* Another finding.\n")
    return results


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A site built by the command line, and its pages (path -> HTML)."""
    results = _results(tmp_path_factory.mktemp("site"))
    main(["site", "--results", str(results)])
    pages = {p: p.read_text(encoding="utf-8") for p in sorted(results.rglob("*.html"))}
    return results, pages


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.links += [v for k, v in attrs if k in ("href", "src") and v and not v.startswith(("#", "data:"))]


def links(page: str) -> list[str]:
    parser = _Links()
    parser.feed(page)
    return parser.links


def test_every_page_links_the_index_at_top_and_bottom_and_every_link_resolves(site):
    results, pages = site
    index = results / "html" / "index.html"
    assert set(pages) == {index, *(results / "html" / f"{s}.html" for s in ("02_alpha", "03_beta")),
                          results / "king" / "html" / "03_beta.html"}
    for path, page in pages.items():
        assert page.count('<nav class="site-nav">') == 2, path
        hrefs = links(page)
        assert any((path.parent / h).resolve() == index.resolve() for h in hrefs), path
        for h in hrefs:
            assert not re.match(r"[a-z]+:", h), f"{path}: a link leaves the site: {h}"
            assert (path.parent / h).exists(), f"{path}: {h} does not resolve"


def test_navigation_links_neighbours_and_the_other_reading(site):
    results, pages = site
    beta, king = pages[results / "html" / "03_beta.html"], pages[results / "king" / "html" / "03_beta.html"]
    assert 'href="02_alpha.html"' in beta and 'href="../king/html/03_beta.html"' in beta and "kalles reading" in beta
    assert 'href="../../html/index.html"' in king and 'href="../../html/03_beta.html"' in king
    assert "king reading" in king and "last page" in king and "first page" in king
    assert "king reading" not in pages[results / "html" / "02_alpha.html"]  # run once, not per reading


def test_no_machine_path_no_network_no_script(site):
    results, pages = site
    for path, page in pages.items():
        for machine in (str(results.parent), "/work/", str(Path.home()) + "/", "/tmp/", ".venv/lib"):
            assert machine not in page, f"{path} shows {machine}"
        assert "<script" not in page and not re.search(r"""src=["']?https?:""", page), path
        assert "cdnjs" not in page and "mathjax" not in page.lower(), path


def test_formulas_are_mathml_and_no_raw_math_is_left(site):
    results, pages = site
    for path, page in pages.items():
        if path.name == "index.html":
            continue
        assert page.count("<math") >= 6, path
        assert '<math display="block"' in page or "display=\"block\"" in page
        assert "$x^2$" not in page and "$$" not in page and r"\sum" not in page and r"\Delta" not in page
        assert "costs $5 and $10" in page and "<code>echo $HOME</code>" in page and "dollar: $3." in page
        assert '<code class="site-tex">x^</code>' in page  # the one that does not convert, shown as TeX
    index = pages[results / "html" / "index.html"]
    assert "<math" in index and "$NW - W$" not in index and "<strong>holds</strong>" in index


def test_code_is_folded_parameters_are_shown_and_stderr_is_left_out(site):
    results, pages = site
    page = pages[results / "html" / "03_beta.html"]
    assert page.count('<details class="site-code">') == 2  # the two code cells that are not parameters
    folded = "".join(re.findall(r'<details class="site-code">.*?</details>', page, re.S))
    assert "pd" in folded and "RESULTS" not in folded
    assert "Parameters: the notebook&#x27;s defaults" in page or "Parameters: the notebook's defaults" in page
    assert "Parameters of this run" in page and re.search(r'RESULTS</span>.*?"results"</span>', page)
    assert "hello reader" in page and "UserWarning" not in page and "careful" not in page
    assert first_table_header(page) == ["score", "f"]  # the prose's table comes first; MathML gives its text
    executed = nbformat.read(results / "notebooks" / "03_beta.ipynb", as_version=4)
    assert executed.cells[3].outputs[0].name == "stderr"  # the executed notebook keeps everything


def test_index_lists_every_chapter_with_its_first_sentence_tables_and_figures(site):
    results, pages = site
    index = pages[results / "html" / "index.html"]
    assert "Asymmetric Game Trees using Dynamic Bayesian Networks" in index and "E. S. Pedersen" in index
    assert "Headline findings" in index and "Another finding." in index
    hrefs = links(index)
    for target in ("02_alpha.html", "03_beta.html", "../king/html/03_beta.html", "../tables/t.md", "../tables/t.csv",
                   "../king/tables/t.csv", "../figures/f.png", "../king/figures/f.png"):
        assert target in hrefs, target
    assert "Chapter 3: Beta with <math" in index
    assert "The first sentence has <math" in index and "e.g. this." in index and "The second one" not in index


def test_the_index_leaves_out_missing_headlines_and_names_a_missing_notebook(tmp_path):
    results = _results(tmp_path)
    (results / "tables" / "headlines.md").unlink()
    build_site(results)
    assert "Headline findings" not in (results / "html" / "index.html").read_text()
    (results / "king" / "notebooks" / "03_beta.ipynb").unlink()
    with pytest.raises(FileNotFoundError, match=r"king/notebooks/03_beta\.ipynb"):
        build_index(results)


def test_rendering_is_deterministic_and_independent_of_the_folder(site, tmp_path):
    results, pages = site
    copy = tmp_path / "elsewhere" / "results"
    shutil.copytree(results, copy, ignore=shutil.ignore_patterns("html"))
    build_site(copy)
    for path, page in pages.items():
        assert (copy / path.relative_to(results)).read_text(encoding="utf-8") == page, path


def test_a_missing_notebook_is_named_and_the_command_line_says_so_in_one_line(tmp_path, capsys):
    with pytest.raises(FileNotFoundError, match="nope.ipynb: no such executed notebook"):
        render_notebook(tmp_path / "nope.ipynb", tmp_path)
    with pytest.raises(SystemExit) as e:
        main(["render", str(tmp_path / "nope.ipynb"), "--html-dir", str(tmp_path)])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "nope.ipynb: no such executed notebook" in err
    with pytest.raises(SystemExit):
        main(["--results", str(tmp_path), "index"])  # the site's steps come first, with their own options
    assert "index takes its own options after it" in capsys.readouterr().err
    nbformat.write(_notebook("Chapter 9: X", injected="results"), tmp_path / "09_x.ipynb")
    with pytest.raises(ValueError, match="09_x is not among the chapters"):
        render_notebook(tmp_path / "09_x.ipynb", tmp_path, chapters=["01_a"])
    with pytest.raises(FileNotFoundError, match="no such results folder"):
        build_index(tmp_path / "missing")


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


def test_a_dollar_is_math_only_in_matched_pairs_outside_code():
    unconverted = []
    out = markdown_to_html("Pay $20,000 and $30,000; `$x$` stays; $y_1$ and $ z $ and $5 or $6 for $\\Delta r$\n\n"
                           "```\necho $$ a $$\n```", unconverted=unconverted)
    assert "$20,000 and $30,000" in out and "<code>$x$</code>" in out and "$ z $" in out and "echo $$ a $$" in out
    assert "$5 or $6 for <math" in out and out.count("<math") == 2 and not unconverted


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
    assert 'href="index.html"' in page and '<details class="site-code">' in page and "<table" in page
    assert "Chapter 2: Bayesian networks" in (tmp_path / "results" / "html" / "index.html").read_text()


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_make_renders_every_notebook_with_a_relative_results_folder_then_the_index():
    """A dry run (make -n -B: nothing is run) of `make reproduce`."""
    import os

    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}  # under `make test`
    out = subprocess.run(["make", "--no-print-directory", "-n", "-B", "reproduce"], cwd=ROOT, capture_output=True,
                         text=True, check=True, timeout=120, env=env).stdout
    ran = re.findall(r"papermill .*?-p RESULTS (\S+) .*? (\S+\.ipynb) >", out)
    rendered = re.findall(r"-m pawnslib render (\S+\.ipynb) --html-dir (\S+)", out)
    assert len(ran) >= 9 and "nbconvert" not in out and str(ROOT) not in out
    assert all(not results.startswith("/") and executed.startswith(results + "/notebooks/")
               for results, executed in ran)
    assert sorted(executed for _, executed in ran) == sorted(nb for nb, _ in rendered)
    assert all(folder == nb.split("/notebooks/")[0] + "/html" for nb, folder in rendered)
    assert out.rindex("-m pawnslib index --results results") > out.rindex("-m pawnslib render")


def test_a_replay_survives_rendering_with_one_board_per_ply_and_its_own_script(tmp_path):
    import numpy as np

    from pawnslib.experiments.branching import random_game
    from pawnslib.report.replay import Replay

    game = random_game(np.random.default_rng(3), "king")[:12]
    nb = _notebook("Chapter 4: Replays", injected="results", stderr=False)
    nb.cells[3].outputs = [nbformat.v4.new_output("display_data", {"text/html": Replay(game).to_html(),
                                                                    "text/plain": "<Replay>"})]
    (tmp_path / "notebooks").mkdir()
    nbformat.write(nb, tmp_path / "notebooks" / "04_replays.ipynb")
    page = render_notebook(tmp_path / "notebooks" / "04_replays.ipynb", tmp_path / "html").path.read_text()
    assert page.count('class="pr-board"') == len(game) == 12
    sliders = re.findall(r"<input[^>]*pr-slider[^>]*>", page)
    assert len(sliders) == 1 and 'max="11"' in sliders[0]
    assert page.count("<script") == 1 and not re.search(r"""src=["']?https?:""", page)
