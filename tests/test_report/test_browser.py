"""The committed site and the board as a person sees them, in headless Chromium: at 1400 x 900 each page's first
screen says what the page found (with a number), no table (the tables' pages' included) is wider than the page's
column or has a code name for a header (``ci_low``, ``p_holm``), and the prose sets P(e) as a formula, never as plain
text; at a phone's 390 x 844 no page scrolls sideways; the board's own view
(its ESM) draws the board and the labelled method menu and sends a legal move, which the kernel's side plays, with the
person as White and as Black.

Chromium is not a dependency of the package: without it (``chromium`` on the PATH) these tests skip, and
``make browser-check`` runs them where it is installed (Debian: ``apt-get install -y chromium``). JupyterLab itself is
not started: the view is given the kernel's state, and its message is handed to the widget as the kernel would.
"""

import html
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SITE = [ROOT / "results" / "html", ROOT / "results" / "king" / "html"]
CHROMIUM = next(filter(None, map(shutil.which, ("chromium", "chromium-browser", "google-chrome"))), None)
WIDTH, HEIGHT = 1400, 900  # the window; a page's first screen is its top HEIGHT pixels
PHONE = 390, 844  # a phone's screen: no page may scroll sideways on it
DATA_PAGES = {"timings.html", "tables.html"}  # and every chapter's tables-*.html: data, no finding
NOT_PAGES = {"search.html", "genindex.html"}
# Run in the page once it has loaded: the window's and the document's widths, the column's width, the finding's box
# (a chapter) or the first headline (the front page) with its top and text, every table wider than the column, table
# headers that are code names (``ci_low``, ``p_holm``) and text that writes P(e) outside a formula. The answer goes
# into the title, or to the page that framed it (a phone's width is narrower than Chromium's smallest window).
PROBE = r"""<script>
window.addEventListener("load", () => {
  const article = document.querySelector("article.bd-article") || document.body;
  const column = article.getBoundingClientRect().width;
  const box = [...document.querySelectorAll(".admonition")].find((e) => e.textContent.includes("What this page finds"))
    || document.querySelector("#Headline-findings li");
  const wide = [...article.querySelectorAll("table")].filter((t) => t.getBoundingClientRect().width > column + 1)
    .map((t) => [Math.round(t.getBoundingClientRect().width),
                 (t.querySelector("caption") || t).textContent.slice(0, 80)]);
  const raw = [...article.querySelectorAll("th")].map((t) => t.textContent.trim())
    .filter((t) => /[a-z]+_[a-z]{2,}|[a-z]{2,}_[a-z]+/.test(t));
  const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
  const plain = [];
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (/P\(e\)/.test(node.textContent) && !node.parentElement.closest("math, table, code, pre, script, .MathJax"))
      plain.push(node.textContent.trim().slice(0, 80));
  }
  const bullets = [...document.querySelectorAll("#Headline-findings li")].map((li) =>
    Math.round(li.getBoundingClientRect().bottom));
  const seen = JSON.stringify({column: Math.round(column), wide, raw, plain, bullets, window: window.innerWidth,
    document: document.documentElement.scrollWidth,
    finding: box ? [Math.round(box.getBoundingClientRect().top), box.textContent.trim()] : null});
  if (parent !== window) parent.postMessage(seen, "*"); else document.title = seen;
});
</script>"""
FRAME = ("<!DOCTYPE html><html><head><title>frame</title></head><body style='margin:0'>"
         "<iframe src='{src}' style='width:{w}px;height:{h}px;border:0'></iframe>"
         "<script>addEventListener('message', (e) => {{ document.title = e.data; }});</script></body></html>")

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium on the PATH (make browser-check needs one)")


def site_pages() -> list[Path]:
    return [p for folder in SITE for p in sorted(folder.glob("*.html")) if p.name not in NOT_PAGES]


def is_data(page: Path) -> bool:
    return page.name in DATA_PAGES or page.name.startswith("tables-")


def pages() -> list[Path]:
    """The pages that report a finding: the chapters and the front page."""
    return [p for p in site_pages() if not is_data(p)]


def probe(page: Path, tmp_path: Path, size: tuple[int, int] = (WIDTH, HEIGHT)) -> dict:
    """What :data:`PROBE` finds on ``page`` in a window of ``size``, opened beside the site's own files (its links and
    images resolve); a phone's width in a frame of that size."""
    copy = page.with_name(f"_probe_{page.stem}.htm")  # beside it, but no other test globs *.htm
    copy.write_text(page.read_text(encoding="utf-8").replace("</body>", PROBE + "</body>"), encoding="utf-8")
    frame = page.with_name(f"_frame_{page.stem}.htm")
    framed = size[0] < 500  # Chromium's smallest window
    if framed:
        frame.write_text(FRAME.format(src=copy.name, w=size[0], h=size[1]), encoding="utf-8")
    try:
        out = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
                              f"--window-size={max(size[0], 800) if framed else size[0]},{size[1]}",
                              "--virtual-time-budget=5000", f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom",
                              (frame if framed else copy).as_uri()],
                             capture_output=True, text=True, timeout=120).stdout
    finally:
        copy.unlink()
        frame.unlink(missing_ok=True)
    return json.loads(html.unescape(re.search(r"<title>(\{.*?)</title>", out, re.S)[1]))


@pytest.mark.parametrize("page", pages(), ids=lambda p: str(p.relative_to(ROOT / "results")))
def test_the_first_screen_says_what_the_page_found_and_its_tables_and_formulas_read(page, tmp_path):
    seen = probe(page, tmp_path)
    assert seen["finding"] is not None, f"{page.name}: no finding on the page"
    top, text = seen["finding"]
    assert top < HEIGHT and re.search(r"\d", text), f"{page.name}: the finding starts at {top} px: {text[:120]}"
    assert not seen["wide"], f"{page.name}: tables wider than the {seen['column']} px column: {seen['wide']}"
    assert not seen["raw"], f"{page.name}: table headers that are code names: {seen['raw']}"
    assert not seen["plain"], f"{page.name}: P(e) as plain text, not a formula: {seen['plain']}"
    if page.name == "index.html" and page.parent == ROOT / "results" / "html":  # every answer on the first screen
        answers = len((ROOT / "results" / "tables" / "answers.md").read_text(encoding="utf-8").splitlines())
        assert len(seen["bullets"]) > answers and max(seen["bullets"][:answers]) < HEIGHT, (
            f"the front page's {answers} answers end at {seen['bullets'][:answers]} px, the screen at {HEIGHT}")


@pytest.mark.parametrize("page", [p for p in site_pages() if is_data(p)],
                         ids=lambda p: str(p.relative_to(ROOT / "results")))
def test_every_table_fits_the_column_under_headers_in_words(page, tmp_path):
    seen = probe(page, tmp_path)
    assert not seen["wide"], f"{page.name}: tables wider than the {seen['column']} px column: {seen['wide']}"
    assert not seen["raw"], f"{page.name}: table headers that are code names: {seen['raw']}"


@pytest.mark.parametrize("page", site_pages(), ids=lambda p: str(p.relative_to(ROOT / "results")))
def test_no_page_scrolls_sideways_on_a_phone(page, tmp_path):
    seen = probe(page, tmp_path, PHONE)
    assert seen["window"] == PHONE[0], seen  # the page saw a phone's width
    assert seen["document"] <= PHONE[0], f"{page.name} is {seen['document']} px wide on a {PHONE[0]} px phone"


HARNESS = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>board</title><style>{css}</style></head><body><div id="root"></div>
<script type="module">
const state = {state}, sent = [];
const model = {{get: () => state, send: (m) => sent.push(m), on: () => {{}}, off: () => {{}}}};
const widget = await import("data:text/javascript;charset=utf-8," + encodeURIComponent({esm}));
widget.default.render({{model, el: document.getElementById("root")}});
const list = document.querySelector(".pp-list");
list.value = state.legal[0];
[...document.querySelectorAll("button")].find((b) => b.textContent === "Play").click();
const menu = [...document.querySelector('select[data-field="method"]').options].map((o) => o.textContent);
document.title = JSON.stringify({{sent, menu, boards: document.querySelectorAll(".pp-board svg").length}});
</script></body></html>"""


@pytest.mark.parametrize("colour", ["white", "black"])
def test_the_board_plays_a_move_in_the_browser_in_either_colour(colour, tmp_path):
    """The board's own view (its ESM, as JupyterLab loads it) in Chromium, with the default method: it draws the board
    and the method menu's labels, and its Play button sends a legal move; the kernel's side plays it and the engine
    replies."""
    from pawnslib.report.board.widget import CSS, ESM, PlayBoard

    board = PlayBoard(colour=colour, depth=2, seed=3, records=tmp_path / "games.jsonl")
    assert board.state["your_turn"] and not board.state["error"], board.state["message"]
    page = tmp_path / "board.html"
    page.write_text(HARNESS.format(css=CSS, state=json.dumps(board.state), esm=json.dumps(ESM)), encoding="utf-8")
    out = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=5000",
                          f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom", page.as_uri()],
                         capture_output=True, text=True, timeout=120).stdout
    seen = json.loads(html.unescape(re.search(r"<title>(.*?)</title>", out, re.S)[1]))
    assert seen["boards"] == 1 and "one-hist (as Black; as White the engine plays plain6)" in seen["menu"]
    assert seen["sent"] == [{"action": "play", "move": board.state["legal"][0]}]
    board._on_message(board, seen["sent"][0], [])  # what the kernel does with the view's message
    assert not board.state["error"], board.state["message"]
    mine = 0 if colour == "black" else 1  # Black moves first: as White the engine has made the game's first move
    assert board.state["moves"][mine] == seen["sent"][0]["move"] and len(board.state["moves"]) == mine + 2
    assert board.state["your_turn"]  # the engine replied
