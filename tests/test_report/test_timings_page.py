"""The timings page (pawnslib.report.timings_page): which files are timing data, and the page that shows them, plain
HTML styled as the site; the site's build writes it and the front page links it (tests/test_report/test_site.py)."""

import re
from pathlib import Path

import pytest

from pawnslib.report.timings_page import PAGE, TITLE, is_timing, timings_page, write_timings_page


@pytest.mark.parametrize(("path", "timing"), [
    ("tables/search_stats_timing.csv", True),
    ("tables/perft_timing.md", True),
    ("king/tables/ch13_timing.csv", True),
    ("logs/timings.txt", True),
    ("logs/steps.txt", True),
    ("king/logs/03_minimax.log", True),
    ("runs/thesis/tournament/timings.json", True),
    ("tables/search_stats.csv", False),
    ("king/tables/table_10_1.md", False),
    ("runs/thesis/tournament/games.jsonl.gz", False),
    ("notebooks/logs.ipynb", False),  # a file named so is not in a logs folder
    ("html/index.html", False),
])
def test_is_timing(path, timing):
    assert is_timing(Path(path)) is timing


def _cells(page: str) -> list[list[str]]:
    return [re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S) for row in re.findall(r"<tr.*?</tr>", page, re.S)]


def test_the_page_shows_each_timing_table_and_the_step_log(tmp_path):
    results = tmp_path / "results"
    (results / "tables").mkdir(parents=True)
    (results / "tables" / "perft_timing.csv").write_text("depth,seconds,nodes,method\n5,0.000123456,1234567,<om>\n"
                                                         "6,12.5,7,plain\n")
    (results / "tables" / "perft_timing.md").write_text("| the markdown copy |\n")
    (results / "tables" / "search_stats.csv").write_text("depth,nodes\n5,10\n")  # not timing data
    (results / "logs").mkdir()
    (results / "logs" / "timings.txt").write_text("compile 114s\ntotal 1483s\n")
    page = write_timings_page(results).read_text(encoding="utf-8")
    assert (results / "html" / PAGE).is_file() and f"<h1>{TITLE}</h1>" in page and f"<title>{TITLE}</title>" in page
    assert "byte" in page and "logs/timings.txt" in page and "runs/" in page  # the explanation: what, and where
    assert re.findall(r"<h2>(.*?)</h2>", page) == ['<a href="../tables/perft_timing.csv"><code>tables/perft_timing.csv'
                                                   '</code></a>', '<a href="../logs/timings.txt"><code>logs/timings.txt'
                                                   "</code></a>"]
    assert _cells(page) == [["depth", "seconds", "nodes", "method"], ["5", "0.0001235", "1234567", "&lt;om&gt;"],
                            ["6", "12.5", "7", "plain"]]  # as the notebooks show cells (style.cell)
    assert "<pre>compile 114s\ntotal 1483s\n</pre>" in page and "search_stats" not in page
    assert '<link rel="stylesheet" href="_static/site.css">' in page and 'href="index.html"' in page
    assert timings_page(results) == page  # the same files, the same bytes


def test_every_reading_in_turn_and_no_timing_file_said_so(tmp_path):
    results = tmp_path / "results"
    assert "There are no timing files yet" in timings_page(results) and "<table" not in timings_page(results)
    for folder in (results / "king" / "tables", results / "tables"):
        folder.mkdir(parents=True)
        (folder / "b_timing.csv").write_text("s\n1.5\n")
        (folder / "a_timing.csv").write_text("s\n2\n")
    headings = re.findall(r"<code>([^<]*)</code></a></h2>", timings_page(results))
    assert headings == ["tables/a_timing.csv", "tables/b_timing.csv", "king/tables/a_timing.csv",
                        "king/tables/b_timing.csv"]
