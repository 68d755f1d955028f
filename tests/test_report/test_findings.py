"""The headline findings: written from the claims table, the same in the README, and checked against every page."""

import html
import re
import shutil
from pathlib import Path

import pandas as pd
import pytest

from pawnslib.experiments.evidence import evidence_lines, judge
from pawnslib.report import findings
from pawnslib.report.book import front_page

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "results"


def _lines(king=("reproduced", "reproduced")):
    def frame(rows):
        return pd.DataFrame([{"section": sec, "claim": c, "thesis": "", "support": sup, "strategies": "thesis",
                              "ours": o, "verdict": v, "why": ""} for sec, c, sup, o, v in rows])

    kalles = frame([("10", "Table 10.2: Black's win rate", "shows it: counts", "100 games a pairing", "not reproduced"),
                    ("11.1", "share of predictions that are correct", "shows it: counts", "43 % (42-44 %)",
                     "not reproduced"),
                    ("12", "strategy 4 is stronger than the rest", "cannot show it: noise", "2", "reproduced")])
    king = frame([("10", "Table 10.2: Black's win rate", "shows it: counts", "100 games", "inconclusive"),
                  ("11.1", "share of predictions that are correct", "shows it: counts", "40 %", king[0]),
                  ("12", "strategy 4 is stronger than the rest", "cannot show it: noise", "4", king[1])])
    return evidence_lines({"kalles": kalles, "king": king})


def test_headlines_quote_the_claims_and_answer_first():
    lines = _lines()
    claims = judge(lines)
    out = findings.headlines(claims, lines, rules_headline="Not settled; more.")
    short = findings.answers(claims, rules_headline="Not settled; more.")
    assert len(short) == 2 and short[0] == out[0]  # without Chapter 13: does it reproduce? which rules?
    assert short[1].startswith("**Which rules did the thesis play?** Not settled. [The rules compared]")
    settled = findings.answers(claims, rules_headline="Which rules the thesis played is not settled: x")
    assert settled[-1].startswith("**Which rules did the thesis play?** Not settled: x. [")
    # each claim once: 3 claims, Table 10.2 not reproduced, the share mixed, strategy 4 reproduced
    assert out[0].startswith("**Does the thesis reproduce? Partly.** It makes 3 distinct claims")
    assert "shows 2 of them; it cannot show 1" in out[0]
    assert "Of the 2 its data show: 1 not reproduced, 1 mixed; of all 3: 1 reproduced, 1 not reproduced, 1 mixed" \
        in out[0]
    balance = next(line for line in out if line.startswith("**The balance of power"))
    assert "strategy 4 is stronger than the rest, ours 2 (kalles, thesis strategies): **reproduced**" in balance
    prediction = next(line for line in out if line.startswith("**Prediction"))
    assert ("43 % (42-44 %) (kalles, thesis strategies): **mixed** (not reproduced: kalles/thesis; reproduced: "
            "king/thesis)") in prediction
    assert "](12_reproduction_report.html#Chapter-11:-prediction)" in prediction
    assert findings.contradictions("\n".join(out), claims, lines) == []


def test_the_referee_finds_words_that_contradict_numbers_or_the_table():
    ok = "`a` is worse than `plain6` (-5.5 score points (-7.7 to -3.4), p = 0.001)"
    assert findings.contradictions(ok) == []
    assert findings.contradictions(ok.replace("worse", "better"))  # "better" with an interval below 0
    assert findings.contradictions("no method beats `plain6` (the best: -0.5 points (-1.0 to +0.2))") == []
    assert findings.contradictions("not distinguishable from `b`: -6.2 points (-12.1 to -0.4; p = 0.1)")
    assert findings.contradictions("not distinguishable (once Holm-corrected) from `b`: -6.2 points (-12.1 to -0.4")\
        == []
    lines = _lines()
    claims = judge(lines)
    said = findings.said(claims.iloc[1], lines)
    assert findings.contradictions(said, claims, lines) == []
    wrong = said.replace("**mixed**", "**reproduced**")
    assert "the claims table 'mixed'" in findings.contradictions(wrong, claims, lines)[0]
    stale = said.replace("43 %", "41 %")
    assert "none of its lines" in findings.contradictions(stale, claims, lines)[0]


def test_a_chapter_quotes_a_line_with_the_lines_own_verdict():
    lines = _lines()
    claims = judge(lines)
    line = lines.iloc[2]  # share of predictions correct, kalles: not reproduced (the claim: mixed)
    quoted = findings.said_line(line)
    assert quoted == ("share of predictions that are correct (kalles, thesis strategies), ours 43 % (42-44 %): "
                      "**not reproduced**")
    assert findings.contradictions(quoted, claims, lines) == []
    wrong = quoted.replace("**not reproduced**", "**reproduced**")
    assert "the line 'not reproduced'" in findings.contradictions(wrong, claims, lines)[0]


def test_prose_sets_p_e_as_a_formula_and_the_referee_still_reads_it():
    lines = _lines()
    lines["claim"] = lines.claim.str.replace("share of predictions that are correct", "the DBN beats a random P(e)")
    claims = judge(lines)
    row = claims[claims.claim == "the DBN beats a random P(e)"].iloc[0]
    said = findings.said(row, lines)
    assert said.startswith("the DBN beats a random $P(e)$, ours ") and "P(e)" not in said.replace("$P(e)$", "")
    assert findings.said_line(lines.iloc[2]).startswith("the DBN beats a random $P(e)$ (kalles")
    assert findings.contradictions(said, claims, lines) == []
    assert "none of its lines" in findings.contradictions(said.replace("43 %", "41 %"), claims, lines)[0]


def test_the_referee_catches_two_units_and_unnamed_corrections():
    lines = _lines()
    claims = judge(lines)
    one = "strategy 4 is stronger than the rest: +2.0 win-rate points (-1.0 to +5.0)."
    assert findings.contradictions(one, claims, lines) == []
    two = one + " Elsewhere, strategy 4 is stronger than the rest: -1.0 score points (-3.7 to +1.7)."
    assert "two units" in findings.contradictions(two, claims, lines)[0]
    # the review's case: oracle against plain6 with two p-values from two Holm groups, neither named
    unnamed = "oracle: -7.8 score points, p (Holm) ≤ 0.0012; against plain6 again, p (Holm) ≤ 0.0008"
    assert len(findings.contradictions(unnamed)) == 2
    named = ("oracle: -7.8 score points, p (Holm over the 12 methods against plain6) ≤ 0.0012; p (Holm over the 8 "
             "foresight contrasts) ≤ 0.0008")
    assert findings.contradictions(named) == []


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


def _committed():
    """The committed claims, their lines and Chapter 13's tables."""
    from pawnslib.experiments import chapter13_words

    tables = RESULTS / "tables"
    return (pd.read_csv(tables / "reproduction_claims.csv"), pd.read_csv(tables / "reproduction_claims_lines.csv"),
            chapter13_words.load_tables(RESULTS))


def test_the_rendered_site_contradicts_neither_itself_nor_its_numbers(tmp_path):
    """The front page is written afresh from the committed results (its markdown: a Sphinx build of the whole site
    would take too long here); it, the README, the report and every chapter page must quote each claim with one of
    its lines' figures and the claim's verdict, in one unit, and word every comparison as its interval allows."""
    site = tmp_path / "results"
    for part in ("html", "notebooks", "tables", "king/html", "king/notebooks"):
        if (RESULTS / part).is_dir():
            shutil.copytree(RESULTS / part, site / part)
    claims, lines, _ = _committed()
    pages = {"README.md": (ROOT / "README.md").read_text(encoding="utf-8"), "index.md": front_page(site)}
    pages |= {p.name: _text(p.read_text(encoding="utf-8")) for p in sorted((site / "html").glob("1*.html"))}
    assert "12_reproduction_report.html" in pages and "13_future_work.html" in pages
    quoted = sum(p.count(", ours ") for p in pages.values())
    assert quoted >= 10  # the headlines quote the claims on the front page, in the README and in the report
    problems = {name: findings.contradictions(text, claims, lines) for name, text in pages.items()}
    assert {k: v for k, v in problems.items() if v} == {}


def test_the_short_answer_to_whether_prediction_pays_follows_chapter_13s_table():
    from pawnslib.experiments import chapter13_words

    claims, lines, (methods, claims13, contrasts) = _committed()
    t = methods.set_index("method")
    best = chapter13_words.best_predicting(t)
    pays = findings.answers(claims, rules_headline="x", ch13=(methods, claims13, contrasts))[1]
    beaten = bool(chapter13_words.beating(t))
    assert pays.startswith(f"**Does predicting the opponent pay? {'Yes' if beaten else 'No, at this power'}:**")
    assert f"`{best}`'s, is {100 * t.loc[best, 'diff']:+.1f} score points" in pays and "`plain8`" in pays
    bound, _ = chapter13_words.bound(t)  # the bound, with its conditions, in the same bullet
    assert f"gains more than {100 * bound:+.1f} score points" in pays and "the kalles reading" in pays
    assert findings.contradictions(pays) == []
    better = methods.copy()  # had one-hist beaten plain6 beyond noise, the answer would say so, naming it
    better.loc[better.method == "one-hist", ["diff", "diff_lo", "diff_hi", "p_holm"]] = [0.05, 0.03, 0.07, 0.001]
    yes = findings.answers(claims, rules_headline="x", ch13=(better, claims13, contrasts))[1]
    assert yes.startswith("**Does predicting the opponent pay? Yes:** `one-hist` beats `plain6` beyond noise")
    headline = findings.headlines(claims, lines, rules_headline="x", ch13=(better, claims13, contrasts))[1]
    assert headline.startswith("**Does predicting the opponent pay? Yes:**")  # the same answer as the report's


def test_the_pays_answer_names_prom_dependence_on_the_tie_breaking():
    claims, _, ch13 = _committed()
    survival = pd.DataFrame({"finding": ["`prom-uniform` against `plain6` (score points)", "`plain8` against `plain6` "
                                         "(score points)"], "thesis": ["-0.3 (-2.4 to +1.8)", "+9.7"],
                             "position": ["+4.3 (+2.1 to +6.4)", "+9.2"], "none": ["+21.9", "+6.2"],
                             "verdict": ["depends on the tie-breaker: ...", "holds under every tie-breaker ..."]})
    pays = findings.answers(claims, rules_headline="x", ch13=ch13, survival=survival)[1]
    assert ("PrOM's result depends on the tie-breaking (score points): `prom-uniform` against `plain6`: -0.3 (-2.4 to "
            "+1.8) under the thesis's noise, +4.3 (+2.1 to +6.4) under the position hash, +21.9 under no noise") in pays
    assert "plain8` against" not in pays.split("PrOM's")[1]  # only the findings that depend


def test_the_ceiling_bullet_links_chapter_13s_headings_and_says_each_contrast():
    """Each link of the ceiling bullet reaches a heading of notebook 13 (by nbconvert's ids), and the bullet holds the
    sentences of the perfect model, the map's answer and the oracle's loss, only when their tables exist."""
    import nbformat

    from pawnslib.report.bookconf import anchor

    nb = nbformat.read(Path(__file__).parents[2] / "notebooks" / "13_future_work.ipynb", 4)
    ids = {anchor(line[3:]) for c in nb.cells if c.cell_type == "markdown" for line in c.source.splitlines()
           if line.startswith("## ")}
    said13 = ["With a perfect model of White's next reply, the thesis's method is x.", "Other."]
    white_map = pd.DataFrame({"white_depth": [2], "method": ["one-hist"], "plain6_score": [0.8], "diff": [0.0],
                              "diff_lo": [-0.02], "diff_hi": [0.02], "p": [0.5], "p_holm": [1.0], "games": [800],
                              "room_share": [0.0], "room_share_lo": [-0.1], "room_share_hi": [0.1],
                              "diff_lo_all": [-0.03], "diff_hi_all": [0.03]})
    bullet = findings._ceiling(said13, (white_map, None))[0]
    assert bullet.startswith("**The ceiling of prediction.** With a perfect model") and "Other." not in bullet
    assert "**No method that models White beats `plain6` beyond noise at any White depth measured**" in bullet
    links = re.findall(r"\]\(13_future_work\.html#([^)]+)\)", bullet)
    assert len(links) == 2 and set(links) <= ids, (links, ids)
    assert findings._ceiling(["Other."], None) == []


def test_the_readme_gives_each_headline_in_one_line():
    """The README's first screen: each headline's answer, then its claims' tally (a part of the thesis) or its first
    sentence, and its evidence links; the glossary of methods stays on the front page."""
    part = ("**Prediction (Chapter 11).** a, ours 1 (x): **inconclusive**; b, ours 2: **mixed** (reproduced: k); c, "
            "ours 3: **inconclusive**. [Evidence](12_r.html#P)")
    assert findings.short_headline(part) == ("**Prediction (Chapter 11).** 3 claims: 2 inconclusive, 1 mixed. "
                                             "[Evidence](12_r.html#P)")
    answer = ("**Does it pay? No:** none beats `plain6` (p < 0.05, Holm over 15). Two more plies: +9.7. "
              "[Ch 13](13.html#W)")
    assert findings.short_headline(answer) == ("**Does it pay? No:** none beats `plain6` (p < 0.05, Holm over 15). "
                                               "[Ch 13](13.html#W)")
    block = findings.readme_block(f"* {part}\n* {answer}\n* **The methods named here** (x). `a`: b.\n")
    assert block.count("\n* ") == 2 and "(results/html/12_r.html#P)" in block and "methods named" not in block
