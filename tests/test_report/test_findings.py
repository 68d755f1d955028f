"""The headline findings: rendered from records, each answer's number its record's, short enough to take in at a
glance, the same in the README, and the committed ones re-rendered from the committed tables."""

import re
from pathlib import Path
from types import SimpleNamespace

import pandas as pd
import pytest

from pawnslib.experiments.evidence import evidence_lines, judge, tally
from pawnslib.experiments.records import line
from pawnslib.report import findings
from pawnslib.report.words import count, points, render, words

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
                        "p_holm": [None, 0.0015, 0.9, 0.3]})
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
    data = tally(claims)["data"]
    assert _numbers(out[0]) == [str(sum(data.values())), str(data["reproduced"]), str(data["not reproduced"]),
                                str(data["mixed"]), str(data["inconclusive"] + data["untestable"]),
                                str(sum(tally(claims)["no_data"].values()))]
    assert out[0].startswith("**Does the thesis reproduce? Partly.**")  # 1 of 3 reproduced, 1 not: no majority
    pays = lines[lines.id == "ch13.pays"].iloc[0]
    deeper = METHODS.set_index("method").loc["plain8"]
    assert _numbers(out[1]) == [points(x) for x in (pays.estimate, pays.lo, pays.hi, deeper["diff"], deeper.diff_lo,
                                                    deeper.diff_hi)] + [count(pays.games)]
    assert "No, at this power" in out[1] and "`one-hist`" in out[1] and "Thesis's noise" in out[1]
    assert "kalles reading" in out[1]
    # with the map: the regime where a method that models White beats plain6 beyond noise, its gain and plain8's share
    cell = pd.DataFrame({"white_noise": ["none"], "white_depth": [2], "method": ["om-matched"], "diff": [0.123],
                         "diff_lo": [0.08], "diff_hi": [0.16], "p": [0.0001], "p_holm": [0.0001],
                         "predictability": [1.0], "distinct_games": [398], "plain8_share": [0.6]})
    mapped = findings.answers(claims, fit_answer=FIT, lines=lines, methods=METHODS, white_map=cell)[1]
    assert mapped.startswith("**Does predicting White pay? Where White is predictable.**") and words(mapped) <= 40
    assert _numbers(mapped) == [points(x) for x in (pays.estimate, pays.lo, pays.hi)] + [
        "100", "2", "+12.3", "+8.0", "+16.0", "60", count(pays.games), "398"]
    within = findings.answers(claims, fit_answer=FIT, lines=lines, methods=METHODS,
                              white_map=pd.concat([cell, cell.assign(white_depth=6, predictability=0.62)]).assign(
                                  p_holm=0.2))[1]  # within noise: the range the map covered, and no cell
    assert within.startswith("**Does predicting White pay? No, at this power.**") and words(within) <= 40
    assert "none beyond noise, White 62–100 % predictable, depths 2, 6." in within
    assert _numbers(out[2]) == ["4", "0", "3", "1"] and out[2].startswith("**Which rules did the thesis play?** Not")
    assert "`plain6`" in out[3] and "score points" in out[3] and "kalles" in out[3]  # names defined under them


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
