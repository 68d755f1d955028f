"""The committed site as a person sees it, in headless Chromium at 1400 x 900: each page's first screen says what the
page found (with a number), and no table is wider than the page's column.

Chromium is not a dependency of the package: without it (``chromium`` on the PATH) these tests skip, and
``make browser-check`` runs them where it is installed (Debian: ``apt-get install -y chromium``). The board is
played in both colours by ``tests/test_report/test_board`` (its controller, without a browser).
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
NOT_CHAPTERS = {"search.html", "genindex.html", "timings.html", "tables.html"}  # no finding; data pages
# Run in the page once it has loaded: the column's width, the finding's box (a chapter) or the first headline (the
# front page) with its top and text, and every table wider than the column; the answer goes into the title.
PROBE = """<script>
window.addEventListener("load", () => {
  const article = document.querySelector("article.bd-article") || document.body;
  const column = article.getBoundingClientRect().width;
  const box = [...document.querySelectorAll(".admonition")].find((e) => e.textContent.includes("What this page finds"))
    || document.querySelector("#Headline-findings li");
  const wide = [...article.querySelectorAll("table")].filter((t) => t.getBoundingClientRect().width > column + 1)
    .map((t) => [Math.round(t.getBoundingClientRect().width),
                 (t.querySelector("caption") || t).textContent.slice(0, 80)]);
  document.title = JSON.stringify({column: Math.round(column), wide,
    finding: box ? [Math.round(box.getBoundingClientRect().top), box.textContent.trim()] : null});
});
</script>"""

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium on the PATH (make browser-check needs one)")


def pages() -> list[Path]:
    return [p for folder in SITE for p in sorted(folder.glob("*.html")) if p.name not in NOT_CHAPTERS]


def probe(page: Path, tmp_path: Path) -> dict:
    """What :data:`PROBE` finds on ``page``, opened beside the site's own files (its links and images resolve)."""
    copy = page.with_name(f"_probe_{page.stem}.htm")  # beside it, but no other test globs *.htm
    copy.write_text(page.read_text(encoding="utf-8").replace("</body>", PROBE + "</body>"), encoding="utf-8")
    try:
        out = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
                              f"--window-size={WIDTH},{HEIGHT}", "--virtual-time-budget=5000",
                              f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom", copy.as_uri()],
                             capture_output=True, text=True, timeout=120).stdout
    finally:
        copy.unlink()
    return json.loads(html.unescape(re.search(r"<title>(.*?)</title>", out, re.S)[1]))


@pytest.mark.parametrize("page", pages(), ids=lambda p: str(p.relative_to(ROOT / "results")))
def test_the_first_screen_says_what_the_page_found_and_no_table_overflows(page, tmp_path):
    seen = probe(page, tmp_path)
    assert seen["finding"] is not None, f"{page.name}: no finding on the page"
    top, text = seen["finding"]
    assert top < HEIGHT and re.search(r"\d", text), f"{page.name}: the finding starts at {top} px: {text[:120]}"
    assert not seen["wide"], f"{page.name}: tables wider than the {seen['column']} px column: {seen['wide']}"
