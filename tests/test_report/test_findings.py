"""The headline findings: rendered from records, each answer's number its record's, short enough to take in at a
glance, the same in the README, and the committed ones re-rendered from the committed tables."""

import re
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

from pawnslib.experiments import plan
from pawnslib.experiments.evidence import answer_word, evidence_lines, judge, tally
from pawnslib.experiments.records import line
from pawnslib.report import findings
from pawnslib.report.words import render, words

ROOT = Path(__file__).resolve().parents[2]
TABLES = ROOT / "results" / "tables"


def _line(cid, chapter, evidence, verdict, **more):
    return line(cid, chapter, f"claim {cid}", "t", evidence=evidence, verdict=verdict, why="w", **more)


def _lines(pays_p=0.9):
    kalles = pd.DataFrame([_line("t10_2.cells", "10", "shows it", "not reproduced"),
                           _line("ch11.share_correct", "11.1", "shows it", "not reproduced"),
                           _line("ch11.branching", "11.1", "no data", "not reproduced", page="04_pawns"),
                           _line("ch12.strongest", "12", "cannot show it", "reproduced"),
                           _line("dbn.recognises", "beyond", "ours", "new")])
    king = kalles.assign(verdict=["inconclusive", "not reproduced", "reproduced", "reproduced", "new"])
    pays = _line("ch13.pays", "13", "ours", "new", method="one-hist", estimate=0.009, lo=-0.021, hi=0.039,
                 games=1600, p=pays_p, p_holm=pays_p) | {"reading": "kalles"}
    return pd.concat([evidence_lines({"kalles": kalles, "king": king}), pd.DataFrame([pays])], ignore_index=True)


METHODS = pd.DataFrame({"method": ["plain6", "plain8", "one-hist", "prom-uniform"], "diff": [0, 0.0966, 0.009, 0.02],
                        "diff_lo": [None, 0.0741, -0.02, -0.01], "diff_hi": [None, 0.1194, 0.04, 0.05],
                        "diff_lo_all": [None, 0.0741, -0.03, -0.02], "diff_hi_all": [None, 0.1194, 0.05, 0.06],
                        "se": [None, 0.011, 0.015, 0.015], "p": [None, 0.0015, 0.5, 0.2],
                        "p_holm": [None, 0.0015, 0.9, 0.3],
                        "family": ["", "yardstick", "ch13.methods", "ch13.methods"]})
FIT = SimpleNamespace(readings=("kalles", "king"), contained={"kalles": (), "king": ()}, settled=False, reading=None,
                      fitting_readings=(), statistics=4, nearer={"kalles": 3, "king": 1})


def _numbers(text: str) -> list[str]:
    """The numbers ``text`` states: code names and links (a chapter's number) left out."""
    text = re.sub(r"`[^`]*`|\[[^\]]*\]\([^)]*\)", " ", text)
    return re.findall(r"[+−-]?\d[\d,]*(?:\.\d+)?", text)


def test_the_answers_carry_their_records_numbers_in_at_most_40_words():
    lines = _lines()
    claims = judge(lines)
    out = findings.answers(claims, fit_answer=FIT, lines=lines, methods=METHODS)
    assert [words(a) <= 40 for a in out[:3]] == [True] * 3 and len(out) == 4  # three answers, then the names
    counted = tally(claims)
    every = counted["all"]
    assert _numbers(out[0]) == [str(counted["thesis"]), str(every["reproduced"]), str(every["not reproduced"]),
                                str(every["mixed"]), str(every["inconclusive"]), str(every["untestable"]),
                                str(counted["ours"])]
    assert out[0].startswith("**Does the thesis reproduce? Partly.**")  # 1 of 4 reproduced, 2 not: no majority
    # Chapter 13 alone: neither side beyond noise; plain8's gain and the smallest change detectable after Holm
    assert out[1] == ("**Does predicting White pay? No.** No modelling of White loses beyond noise; no gain; `plain8` "
                      f"+9.7; detectable {100 * plan.detectable(0.015, k=2):.1f} points. "
                      "[Chapter 13](13_future_work.html#Which-method-beats-plain6?)")
    # with the map: the regime where a method that models White beats plain6 beyond noise, its gain
    cell = pd.DataFrame({"white_noise": ["none"], "white_depth": [2], "method": ["om-matched"], "diff": [0.123],
                         "diff_lo": [0.08], "diff_hi": [0.16], "diff_lo_all": [0.07], "diff_hi_all": [0.17],
                         "se": [0.02], "p": [0.0001], "p_holm": [0.0001], "family": ["ch13.map"],
                         "predictability": [1.0], "distinct_games": [398], "plain8_share": [0.6]})
    mapped = findings.answers(claims, fit_answer=FIT, lines=lines, methods=METHODS, white_map=cell)[1]
    assert mapped.startswith("**Does predicting White pay? Where White is predictable.**") and words(mapped) <= 40
    assert _numbers(mapped) == ["+12.3", "-2", "+9.7", f"{100 * plan.detectable(0.02, k=1):.1f}"]  # -2: depth-2
    assert "`om-matched` +12.3 (depth-2 White, noise-free)" in mapped and "uncorrected" not in mapped
    within = findings.answers(claims, fit_answer=FIT, lines=lines, methods=METHODS,
                              white_map=cell.assign(p_holm=0.2))[1]  # within noise after Holm, not before
    assert within.startswith("**Does predicting White pay? No.**") and "`om-matched` +12.3 uncorrected" in within
    assert _numbers(out[2]) == ["4", "0", "3", "1"] and out[2].startswith("**Which rules did the thesis play?** Not")
    assert "`plain6`" in out[3] and "score points" in out[3] and "kalles" in out[3]  # names defined under them


def test_the_pay_answer_states_both_sides():
    """Losses against a depth-6 White beyond noise, a gain before the correction that is PrOM search's and not
    recognition's, plain8's gain and the smallest detectable change: in at most 40 words, the rows on the page."""
    methods = METHODS.assign(method=["plain6", "plain8", "om-perfect", "prom-uniform"], diff=[0, 0.0966, -0.106, 0.02],
                             diff_lo_all=[None, 0.0741, -0.14, -0.02], diff_hi_all=[None, 0.1194, -0.07, 0.06],
                             p=[None, 0.0015, 1e-9, 0.2], p_holm=[None, 0.0015, 1e-8, 0.3])
    white_map = pd.DataFrame({"white_noise": ["none", "none", "thesis"], "white_depth": [2, 2, 6],
                              "method": ["plain8", "prom-learned", "prom-learned"], "diff": [0.135, 0.054, -0.131],
                              "diff_lo": [0.09, 0.013, -0.186], "diff_hi": [0.18, 0.094, -0.076],
                              "diff_lo_all": [0.09, -0.013, -0.22], "diff_hi_all": [0.18, 0.121, -0.04],
                              "se": [0.02, 0.021, 0.028], "p": [1e-6, 0.009, 1e-5], "p_holm": [1e-6, 0.33, 4e-4],
                              "family": ["yardstick", "ch13.map", "ch13.map"], "predictability": [1.0, 1.0, 0.6],
                              "distinct_games": 400, "plain8_share": [1.0, 0.4, np.nan],
                              "recognition": [0.015, 0.015, -0.09], "recognition_lo": [-0.024, -0.024, -0.15],
                              "recognition_hi": [0.054, 0.054, -0.03], "recognition_p": [0.45, 0.45, 0.002]})
    record = findings.pays_record(_lines(), methods, white_map)
    said = render("answer.pays", **record)
    assert said == ("**Does predicting White pay? No.** Against a depth-6 White, modelling loses beyond noise 2 times "
                    "(worst `prom-learned` −13.1); `prom-learned` +5.4 uncorrected (depth-2 White, noise-free), PrOM "
                    "search's, not recognition's (+1.5 over `prom-uniform`); `plain8` +9.7; detectable "
                    f"{100 * plan.detectable(0.0245, k=2):.1f} points. "
                    "[Chapter 13](13_future_work.html#Which-method-beats-plain6?)") and words(said) <= 40
    page = render("answer.pays.details", **record)
    for part in ("`prom-learned` −13.1 (−22.0 to −4.0), map, White depth 6;", "`om-perfect` −10.6 (−14.0 to −7.0), "
                 "Chapter 13, White depth 6.", "before the correction (own p below 0.05): `prom-learned` +5.4 (−1.3 "
                 "to +12.1), map, White depth 2, noise-free.", "is +1.5 (−2.4 to +5.4) (95 %): the gain is PrOM "
                 "search's, not recognition's.", "`plain8` gains +9.7 (+7.4 to +11.9) in Chapter 13",
                 "+13.5 to +13.5 over the map's cells", "the map detects a change of"):
        assert part in page


def test_the_pay_answer_follows_the_methods_table():
    lines = _lines()
    better = METHODS.assign(p_holm=[None, 0.0015, 0.01, 0.3])  # one-hist beats plain6 beyond noise
    assert findings.pays_record(lines, better)["pays"] is True and findings.pays_record(lines, METHODS)["pays"] is False
    prom = METHODS.assign(p_holm=[None, 0.0015, 0.9, 0.001])  # PrOM is no prediction method of the thesis's tree
    assert findings.pays_record(lines, prom)["pays"] is False
    with pytest.raises(ValueError, match="ch13.pays line"):
        findings.pays_record(lines[lines.id != "ch13.pays"], METHODS)


def test_a_chapter_bullet_counts_its_claims_by_their_records_chapter():
    claims = judge(_lines())
    bullets = {r["title"]: r for r in findings.chapter_records(claims)}
    assert bullets["Chapter 11, prediction"]["verdicts"] == {"not reproduced": 1, "mixed": 1}
    assert bullets["Chapter 10, the balance of power"]["verdicts"] == {"mixed": 1}  # under kalles only
    assert "Chapter 13" not in " ".join(bullets) and all(r["claims"] for r in bullets.values())  # ours apart
    more = findings.headlines(claims)
    assert all(words(b) <= 60 for b in more) and len(more) == len(bullets)


def test_the_readme_block_is_synced_from_the_answers(tmp_path):
    (tmp_path / "tables").mkdir()
    (tmp_path / "tables" / "answers.md").write_text("* **A.** x. [Evidence](12_r.html#A)\n* **B.** y.\n")
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
    assert block == findings.readme_block((TABLES / findings.ANSWERS).read_text(encoding="utf-8")), (
        "README's findings differ from results/tables/answers.md: run `make reproduce` (or "
        "`python -c 'from pawnslib.report.findings import sync_readme; sync_readme()'`)")
    bullets = (TABLES / findings.ANSWERS).read_text(encoding="utf-8").strip().split("\n")
    assert all(words(b) <= 40 for b in bullets[:3]), "an answer of over 40 words"
    assert all(words(b) <= 60 for b in (TABLES / findings.HEADLINES).read_text(encoding="utf-8").split("\n"))


def test_the_committed_headlines_are_their_tables_rendered():
    """Every committed headline but the rules' (the fit is recomputed from the games) re-rendered from the committed
    tables alone: each number on the front page is its record's."""
    said = (TABLES / findings.HEADLINES).read_text(encoding="utf-8")
    claims = pd.read_csv(TABLES / "claims.csv", dtype={"chapter": str})
    lines = pd.read_csv(TABLES / "claim_lines.csv")
    methods, contrasts = pd.read_csv(TABLES / "ch13_methods.csv"), pd.read_csv(TABLES / "ch13_contrasts.csv")
    survival = pd.read_csv(TABLES / "tiebreak_sensitivity.csv")
    white_map = pd.read_csv(TABLES / "ch13_predictability.csv")
    expected = [render("answer.reproduce", **findings.reproduce_record(claims)),
                render("answer.pays", **findings.pays_record(lines, methods, white_map)),
                *findings.headlines(claims, contrasts=contrasts, survival=survival)]
    assert [e for e in expected if f"* {e}\n" not in said] == []


def test_the_headline_counts_what_claims_csv_counts():
    """One tally: the headline's counts are claims.csv's verdicts over the thesis's claims, every one of them; the
    claims of ours are counted apart; the word follows from the counts."""
    claims = pd.read_csv(TABLES / "claims.csv", dtype={"chapter": str})
    record = findings.reproduce_record(claims)
    theirs = claims[claims.evidence != "ours"]
    assert {v: n for v, n in record["counts"].items() if n} == theirs.verdict.value_counts().to_dict()
    assert record["claims"] == len(theirs) == sum(record["counts"].values())
    assert record["ours"] == int((claims.evidence == "ours").sum())
    assert record["word"] == answer_word(record["counts"])
    bullets = {r["title"]: r["claims"] for r in findings.chapter_records(claims)}
    assert sum(bullets.values()) <= record["claims"]  # the chapter lines count the same claims, chapter by chapter


def _answer(fits: dict, contained: dict, nearer_for: dict):
    """A rules fit's decided answer (experiments.rulesfit.RulesAnswer) over the readings of ``fits``."""
    from pawnslib.experiments.rulesfit import RulesAnswer

    fitting = tuple(r for r in fits if fits[r])
    return RulesAnswer(readings=tuple(fits), statistics=4, contains={r: len(v) for r, v in contained.items()},
                       nearer={r: len(v) for r, v in nearer_for.items()}, contained=contained, nearer_for=nearer_for,
                       fits=fits, fitting_readings=fitting, settled=len(fitting) == 1,
                       reading=fitting[0] if len(fitting) == 1 else None)


def test_the_rules_conclusion_words_the_decided_answer():
    settled = _answer({"kalles": (), "king": ("independent", "overdispersed")},
                      {"kalles": ("win_rate",), "king": ("branching", "win_rate", "nodes")},
                      {"kalles": (), "king": ("branching", "nodes")})
    assert findings.rules_conclusion(settled) == (
        "Of the figures the rules move, the kalles reading's intervals contain Black's overall win rate, Table 10.2; "
        "the king reading's intervals contain branching factor at White's moves, Black's overall win rate, Table "
        "10.2, mean nodes per depth-6 search; the king reading's lies nearer for 2 (branching factor at White's "
        "moves, mean nodes per depth-6 search). Of the outcome counts of Tables 10.2 and 11.1, the king reading fits "
        "the thesis's outcome tables with independent games; the kalles reading does not.")
    neither = _answer({"kalles": (), "king": ()}, {"kalles": (), "king": ()}, {"kalles": (), "king": ()})
    assert findings.rules_conclusion(neither).startswith(
        "Of the figures the rules move, the kalles reading's intervals contain none; the king reading's intervals "
        "contain none. Of the outcome counts of Tables 10.2 and 11.1, neither reading fits the thesis's outcome "
        "tables, even with a cell's games correlated:")  # no reading lies nearer: nothing said of it
    correlated = _answer({"kalles": ("overdispersed",)}, {"kalles": ("nodes",)}, {"kalles": ("nodes",)})
    assert findings.rules_conclusion(correlated) == (
        "Of the figures the rules move, the kalles reading's intervals contain mean nodes per depth-6 search. Of the "
        "outcome counts of Tables 10.2 and 11.1, the kalles reading fits the thesis's outcome tables only with a "
        "cell's games correlated.")  # one reading alone: nearer than no other, so not said
