"""The headline findings: written from the claims table, the same in the README, and checked against every page."""

import html
import re
import shutil
from pathlib import Path

import pandas as pd
import pytest

from pawnslib.report import findings
from pawnslib.report.book import front_page

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "results"


def _claims(**verdicts):
    return pd.DataFrame({"section": ["10", "11.1", "10"],
                         "claim": ["Table 10.2: Black's win rate", "share of predictions that are correct (thesis)",
                                   "strategy 4 is stronger than the rest"],
                         "thesis": ["", "", ""], "ours (kalles)": ["100 games a pairing", "43 % (42-44 %)", "2"],
                         "verdict (kalles)": ["1 reproduced, 8 not, 7 inconclusive", "not reproduced", "reproduced"],
                         "ours (king)": ["100 games", "40 %", "4"],
                         "verdict (king)": ["2 reproduced, 8 not, 6 inconclusive", *verdicts.get("king", ["reproduced",
                                                                                                          "reproduced"])]})


def test_headlines_quote_the_claims_table_and_answer_first():
    lines = findings.headlines(_claims(), ["kalles", "king"], rules_headline="Not settled; more.")
    short = findings.answers(_claims(), ["kalles", "king"], rules_headline="Not settled; more.")
    assert len(short) == 2 and short[0] == lines[0]  # without Chapter 13: does it reproduce? which rules?
    assert short[1].startswith("**Which rules did the thesis play?** Not settled. [The rules compared]")
    settled = findings.answers(_claims(), ["kalles"], rules_headline="Which rules the thesis played is not settled: x")
    assert settled[-1].startswith("**Which rules did the thesis play?** Not settled: x. [")
    assert lines[0].startswith("**Does the thesis reproduce? Partly.**")  # kalles: 1 reproduced, 1 not
    assert "the king reading: 2 reproduced (and 1 per-pairing table, judged cell by cell)" in lines[0]
    balance = next(line for line in lines if line.startswith("**The balance of power"))
    assert ("strategy 4 is stronger than the rest, ours 2: **reproduced**" in balance
            and "(king: **2 reproduced, 8 not, 6 inconclusive**)" in balance)
    prediction = next(line for line in lines if line.startswith("**Prediction"))
    assert "43 % (42-44 %): **not reproduced** (king: **reproduced**)" in prediction
    assert "](12_reproduction_report.html#Chapter-11:-prediction)" in prediction
    assert findings.contradictions("\n".join(lines), _claims()) == []


def test_the_referee_finds_words_that_contradict_numbers_or_the_table():
    ok = "`a` is worse than `plain6` (-5.5 points (-7.7 to -3.4), p = 0.001)"
    assert findings.contradictions(ok) == []
    assert findings.contradictions(ok.replace("worse", "better"))  # "better" with an interval below 0
    assert findings.contradictions("no method beats `plain6` (the best: -0.5 points (-1.0 to +0.2))") == []
    assert findings.contradictions("not distinguishable from `b`: -6.2 points (-12.1 to -0.4; p = 0.1)")
    assert findings.contradictions("not distinguishable (once Holm-corrected) from `b`: -6.2 points (-12.1 to -0.4")\
        == []
    claims = _claims()
    said = findings.said(claims.iloc[1], ["kalles", "king"])
    assert findings.contradictions(said, claims) == []
    wrong = said.replace("**not reproduced**", "**reproduced**")
    assert "the claims table 'not reproduced'" in findings.contradictions(wrong, claims)[0]
    stale = said.replace("43 %", "41 %")
    assert "quotes" in findings.contradictions(stale, claims)[0]


def test_the_readme_block_is_synced_from_the_headlines(tmp_path):
    (tmp_path / "tables").mkdir()
    (tmp_path / "tables" / "headlines.md").write_text("* **A.** x. [Evidence](12_r.html#A)\n* **B.** y.\n")
    readme = tmp_path / "README.md"
    readme.write_text(f"# T\n\n{findings.README_BEGIN}\nold words\n{findings.README_END}\n\n## Next\n")
    assert findings.sync_readme(readme, tmp_path) is True
    text = readme.read_text()
    assert "old words" not in text and "[Evidence](results/html/12_r.html#A)" in text and text.endswith("## Next\n")
    assert findings.sync_readme(readme, tmp_path) is False  # nothing to change the second time
    readme.write_text("# T\nno markers\n")
    with pytest.raises(ValueError, match="findings block must sit between"):
        findings.sync_readme(readme, tmp_path)


def test_the_readme_says_what_the_committed_results_say():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme[readme.index(findings.README_BEGIN):readme.index(findings.README_END) + len(findings.README_END)]
    assert block == findings.readme_block((RESULTS / "tables" / "headlines.md").read_text(encoding="utf-8")), (
        "README's findings differ from results/tables/headlines.md: run `make reproduce` (or "
        "`python -c 'from pawnslib.report.findings import sync_readme; sync_readme()'`)")


def _text(page: str) -> str:
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", "", page)))


def test_the_rendered_site_contradicts_neither_itself_nor_its_numbers(tmp_path):
    """The front page is written afresh from the committed results (its markdown: a Sphinx build of the whole site
    would take too long here); it, the README, the report and every chapter page must quote each claim with the
    claims table's figure and verdict, and word every comparison as its interval allows."""
    site = tmp_path / "results"
    for part in ("html", "notebooks", "tables", "king/html", "king/notebooks"):
        if (RESULTS / part).is_dir():
            shutil.copytree(RESULTS / part, site / part)
    claims = pd.read_csv(RESULTS / "tables" / "reproduction_claims.csv")
    pages = {"README.md": (ROOT / "README.md").read_text(encoding="utf-8"), "index.md": front_page(site)}
    pages |= {p.name: _text(p.read_text(encoding="utf-8")) for p in sorted((site / "html").glob("1*.html"))}
    assert "12_reproduction_report.html" in pages and "13_future_work.html" in pages
    quoted = sum(p.count(", ours ") for p in pages.values())
    assert quoted >= 10  # the headlines quote the claims on the front page, in the README and in the report
    problems = {name: findings.contradictions(text, claims) for name, text in pages.items()}
    assert {k: v for k, v in problems.items() if v} == {}


def test_the_short_answer_to_whether_prediction_pays_follows_chapter_13s_table():
    from pawnslib.experiments import chapter13_words

    methods, claims13, contrasts = chapter13_words.load_tables(RESULTS)
    claims = pd.read_csv(RESULTS / "tables" / "reproduction_claims.csv")
    t = methods.set_index("method")
    best = chapter13_words.best_predicting(t)
    pays = findings.answers(claims, ["kalles", "king"], rules_headline="x", ch13=(methods, claims13, contrasts))[1]
    beaten = bool(chapter13_words.beating(t))
    assert pays.startswith(f"**Does predicting the opponent pay? {'Yes' if beaten else 'No'}:**")
    assert f"`{best}`: {chapter13_words.diff_ci(t, best)}" in pays and "`plain8`" in pays
    assert findings.contradictions(pays) == []
    better = methods.copy()  # had one-hist beaten plain6 beyond noise, the answer would say so, naming it
    better.loc[better.method == "one-hist", ["diff", "diff_lo", "diff_hi", "p_holm"]] = [0.05, 0.03, 0.07, 0.001]
    yes = findings.answers(claims, ["kalles"], rules_headline="x", ch13=(better, claims13, contrasts))[1]
    assert yes.startswith("**Does predicting the opponent pay? Yes:** `one-hist` beats `plain6` beyond noise")
    headline = findings.headlines(claims, ["kalles"], rules_headline="x", ch13=(better, claims13, contrasts))[1]
    assert headline.startswith("**Does predicting the opponent pay? Yes.**")  # the same answer as the report's
