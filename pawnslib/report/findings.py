"""The headline findings, rendered from records: the answers first, a line of names, then one bullet a chapter.

Each answer is one sentence of at most 40 words carrying its number (:mod:`~.words`' templates); the conditions
that bound it in a few words; every p and every Holm group on the page its link opens. A record here is a dict
of decided fields (the verdicts come from :mod:`pawnslib.experiments.evidence` and the experiments' own rules),
built by the ``*_record`` functions and rendered by :func:`answers` and :func:`headlines`. No claim is picked by
its words: by id, by chapter or by method. :func:`write_headlines` writes ``tables/answers.md`` (the README's
findings, :func:`sync_readme`) and ``tables/headlines.md`` (the front page's).
"""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd

from pawnslib import config
from pawnslib.experiments import chapter13_verdicts, evidence
from pawnslib.experiments.records import VERDICTS
from pawnslib.experiments.rulesfit import FIGURES
from pawnslib.experiments.thesis import ALPHA
from pawnslib.report.words import ours, render

REPORT, CH13 = "12_reproduction_report", "13_future_work"
LINKS = {"claims": f"{REPORT}.html#All-claims-at-a-glance", "pays": f"{CH13}.html#Which-method-beats-plain6?",
         "rules": f"{REPORT}.html#Which-rules-did-the-thesis-play?",
         "foresight": f"{CH13}.html#Perfect-prediction:-a-perfect-model-of-White's-next-reply,-the-oracle,-and-OM-"
                      "search-at-White's-depth",
         "survival": f"{REPORT}.html#Which-findings-survive-the-tie-breaker?"}
# The front page's bullet for each chapter of the thesis's claims (records.PAGES' keys), in the report's order.
CHAPTERS = {"10": ("Chapter 10, the balance of power", "Chapter-10:-strategies-and-the-balance-of-power"),
            "11.1": ("Chapter 11, prediction", "Chapter-11:-prediction"),
            "11.2": ("Chapter 11, the asymmetric tree in play and its cost", "Chapter-11:-the-asymmetric-tree-in-play"),
            "12": ("Chapter 12's conclusions", "All-claims-at-a-glance")}
README_BEGIN = "<!-- findings: written by `make reproduce` from results/tables/answers.md; do not edit -->"
README_END = "<!-- end of findings -->"
ANSWERS, HEADLINES = "answers.md", "headlines.md"  # in R/tables


def said_line(line: pd.Series) -> str:
    """One line of evidence as a chapter page quotes it, with the line's own verdict: "<claim> (kalles, thesis
    strategies), ours <figure>: **<verdict>**" (P(e) set as a formula)."""
    claim = line["claim"].replace("P(e)", "$P(e)$")
    return f"{claim} ({line['reading']}, {line['strategies']} strategies), ours {ours(line)}: **{line['verdict']}**"


def reproduce_record(claims: pd.DataFrame) -> dict:
    """Does the thesis reproduce? Every claim of the thesis (:func:`~pawnslib.experiments.evidence.judge`; ours
    counted apart) counted by verdict, as ``claims.csv`` and the chapter lines count them, and the word the counts
    allow (:func:`~pawnslib.experiments.evidence.answer_word`)."""
    t = evidence.tally(claims)
    return {"word": evidence.answer_word(t["all"]), "counts": t["all"], "claims": t["thesis"], "ours": t["ours"],
            "link": LINKS["claims"]}


def pays_record(lines: pd.DataFrame, methods: pd.DataFrame, white_map: pd.DataFrame | None = None, *,
                rules: str = config.RULES) -> dict:
    """Does predicting White pay? Both sides, from Chapter 13 and the map: Chapter 13's ``ch13.pays`` line (the best
    prediction method's paired gain over ``plain6`` under the thesis's noise, its interval simultaneous over the
    methods' family) beside ``plain8``'s gain, from ``methods`` (``ch13_methods``); ``pays`` as
    :func:`~pawnslib.experiments.chapter13_verdicts.decisions` decides it; with the map of how predictable White is
    (``white_map``, ``ch13_predictability``), the range it covered (``map``: the measured predictability's least and
    most, White's depths) and the cell where a method that models White beats ``plain6`` by most beyond noise
    (``cell``, None when none does; its share of ``plain8``'s gain there); and ``sides``
    (:func:`~pawnslib.experiments.chapter13_verdicts.pay_sides`): where modelling White loses beyond noise, where it
    gains (before the correction too), whether that gain is recognition's, what ``plain8`` gains over the map and the
    smallest change each design detects at 80 % power after its family's correction.

    Raises:
        ValueError: no ``ch13.pays`` line, or no ``plain8`` in ``methods``.
    """
    best = lines[lines.id == "ch13.pays"]
    t = methods.set_index("method")
    if best.empty or "plain8" not in t.index:
        raise ValueError("the pay answer needs Chapter 13's ch13.pays line and plain8's row of ch13_methods")
    b, deeper = best.iloc[0], t.loc["plain8"]
    cell = None if white_map is None else chapter13_verdicts.paying_cell(white_map, ALPHA)
    return {"pays": chapter13_verdicts.decisions(methods, alpha=ALPHA)["prediction_beats_plain6"], "best": b.method,
            "best_diff": b.estimate, "best_lo": b.lo, "best_hi": b.hi,
            "deeper_diff": deeper["diff"], "deeper_lo": deeper.diff_lo, "deeper_hi": deeper.diff_hi,
            "games": b.games, "rules": rules, "link": LINKS["pays"],
            "map": None if white_map is None or not len(white_map) else {
                "lo": white_map.predictability.min(), "hi": white_map.predictability.max(),
                "depths": sorted(int(d) for d in white_map.white_depth.unique())},
            "cell": None if cell is None else {
                "noise": cell.white_noise, "depth": int(cell.white_depth), "predictability": cell.predictability,
                "method": cell.method, "diff": cell.diff, "lo": cell.diff_lo_all, "hi": cell.diff_hi_all,
                "games": int(cell.distinct_games), "share": cell.plain8_share},
            "sides": chapter13_verdicts.pay_sides(methods, white_map, ALPHA)}


def rules_record(answer) -> dict:
    """Which rules did the thesis play? :class:`~pawnslib.experiments.rulesfit.RulesFit`'s ``answer``."""
    inside = {s for r in answer.readings for s in answer.contained[r]}  # figures inside some reading's interval
    return {"settled": answer.settled, "reading": answer.reading, "fitting": list(answer.fitting_readings),
            "statistics": answer.statistics, "inside": len(inside), "nearer": dict(answer.nearer),
            "link": LINKS["rules"]}


def rules_conclusion(answer) -> str:
    """The rules fit's conclusion in words (notebook 12), from its decided ``answer``
    (:class:`~pawnslib.experiments.rulesfit.RulesAnswer`): which figures each reading's intervals contain and, with
    two readings or more, lie nearer, and which readings fit the outcome tables, and how."""
    def labels(ids: tuple[str, ...]) -> list[str]:
        return [FIGURES[s][1] for s in ids]

    several = len(answer.readings) > 1
    return render("rules.conclusion", readings=list(answer.readings),
                  contained={r: labels(answer.contained[r]) for r in answer.readings},
                  nearer={r: labels(answer.nearer_for[r]) for r in answer.readings if several and answer.nearer[r]},
                  fitting={r: "independent" in answer.fits[r] for r in answer.fitting_readings},
                  unfit=[r for r in answer.readings if r not in answer.fitting_readings])


def chapter_record(claims: pd.DataFrame, chapters: tuple[str, ...], *, title: str, link: str) -> dict:
    """A chapter's bullet: the thesis's claims (ours left out) of ``chapters`` counted by verdict, with its
    ``title`` and ``link``; a chapter page's finding says the same of its own reading (notebooks 10 and 11)."""
    mine = claims[(claims.evidence != "ours") & claims.chapter.isin(chapters)]
    counts = mine.verdict.value_counts()
    return {"title": title, "claims": len(mine), "link": link,
            "verdicts": {v: int(counts[v]) for v in VERDICTS if v in counts}}


def chapter_records(claims: pd.DataFrame) -> list[dict]:
    """One :func:`chapter_record` a chapter of :data:`CHAPTERS` that has claims, linked to the report's section."""
    out = [chapter_record(claims, (chapter,), title=title, link=f"{REPORT}.html#{anchor}")
           for chapter, (title, anchor) in CHAPTERS.items()]
    return [r for r in out if r["claims"]]


def foresight_record(contrasts: pd.DataFrame) -> dict:
    """Perfect prediction of White's reply (no ceiling: ``plain6`` beats the oracle): the oracle's and
    ``one-hist-told1``'s paired gain over ``plain6`` (all White strategies), from Chapter 13's paired contrasts
    (``ch13_contrasts``)."""
    c = contrasts[(contrasts.against == "plain6") & (contrasts.white.astype(str) == "all")].set_index("method")
    o, t = c.loc["oracle"], c.loc["one-hist-told1"]
    return {"oracle_diff": o["diff"], "oracle_lo": o.diff_lo, "oracle_hi": o.diff_hi, "told_diff": t["diff"],
            "told_lo": t.diff_lo, "told_hi": t.diff_hi, "link": LINKS["foresight"]}


def survival_record(survival: pd.DataFrame) -> dict:
    """Which findings survive the tie-breaker (``tiebreak_sensitivity``'s table: ``finding``, ``holds``)."""
    return {"held": int(survival.holds.sum()), "findings": len(survival),
            "depends": list(survival.finding[~survival.holds.astype(bool)]), "link": LINKS["survival"]}


def answers(claims: pd.DataFrame, *, fit_answer, lines: pd.DataFrame | None = None,
            methods: pd.DataFrame | None = None, white_map: pd.DataFrame | None = None) -> list[str]:
    """The answers (does the thesis reproduce? does predicting White pay, once Chapter 13 ran? which rules?), then
    the line of names they use: what the README and the front page open with.

    Args:
        claims: the report's claims (:func:`~pawnslib.experiments.evidence.judge`).
        fit_answer: the rules fit's answer (:class:`~pawnslib.experiments.rulesfit.RulesAnswer`).
        lines: the lines of evidence, Chapter 13's among them, or None before it ran.
        methods: ``ch13_methods``, or None before Chapter 13 ran.
        white_map: ``ch13_predictability`` (where prediction pays), or None before it was made.
    """
    out = [render("answer.reproduce", **reproduce_record(claims))]
    if methods is not None and lines is not None:
        out.append(render("answer.pays", **pays_record(lines, methods, white_map)))
    return [*out, render("answer.rules", **rules_record(fit_answer)), render("glossary")]


def headlines(claims: pd.DataFrame, *, contrasts: pd.DataFrame | None = None,
              survival: pd.DataFrame | None = None) -> list[str]:
    """The front page's bullets after the :func:`answers` (markdown, without the ``*``): perfect prediction
    (once Chapter 13 ran), one bullet a chapter, and which findings survive the tie-breaker (once it ran).

    Args:
        claims: the report's claims (:func:`~pawnslib.experiments.evidence.judge`).
        contrasts: ``ch13_contrasts``, or None before Chapter 13 ran.
        survival: ``tiebreak_sensitivity``, or None before the tie-breaking study ran.
    """
    out = [render("foresight", **foresight_record(contrasts))] if contrasts is not None else []
    out += [render("chapter", **r) for r in chapter_records(claims)]
    if survival is not None and len(survival):
        out.append(render("survival", **survival_record(survival)))
    return out


def write_headlines(answered: list[str], more: list[str], results: str | Path) -> Path:
    """``tables/answers.md`` (:func:`answers`, the README's) and ``tables/headlines.md`` (the answers, then
    :func:`headlines`: the front page's) of ``results``; returns the latter."""
    tables = Path(results) / "tables"
    tables.mkdir(parents=True, exist_ok=True)
    (tables / ANSWERS).write_text("".join(f"* {a}\n" for a in answered), encoding="utf-8")
    (tables / HEADLINES).write_text("".join(f"* {a}\n" for a in [*answered, *more]), encoding="utf-8")
    return tables / HEADLINES


def readme_block(answers_md: str, *, site: str = "results/html") -> str:
    """The README's findings block: the answers, their links made relative to the repository."""
    body = re.sub(r"\]\((?!https?:|/)([^)]+)\)", lambda m: f"]({site}/{m[1]})", answers_md.strip())
    return f"{README_BEGIN}\n{body}\n{README_END}"


def sync_readme(readme: str | Path = "README.md", results: str | Path = config.COMMITTED_RESULTS) -> bool:
    """Copy ``results/tables/answers.md`` into the README between its markers; True when the README changed.

    Raises:
        FileNotFoundError: no README or no answers.
        ValueError: the README lacks the markers (naming them), or has them out of order.
    """
    readme, source = Path(readme), Path(results) / "tables" / ANSWERS
    for p in (readme, source):
        if not p.is_file():
            raise FileNotFoundError(f"{p}: no such file")
    text = readme.read_text(encoding="utf-8")
    begin, end = text.find("<!-- findings:"), text.find(README_END)
    if begin < 0 or end < begin:
        raise ValueError(f"{readme}: the findings block must sit between the lines {README_BEGIN!r} and "
                         f"{README_END!r}, in that order")
    new = text[:begin] + readme_block(source.read_text(encoding="utf-8")) + text[end + len(README_END):]
    if new != text:
        readme.write_text(new, encoding="utf-8")
    return new != text


__all__ = ["ANSWERS", "CHAPTERS", "HEADLINES", "LINKS", "README_BEGIN", "README_END", "answers", "foresight_record",
           "chapter_record", "chapter_records", "headlines", "pays_record", "readme_block", "reproduce_record",
           "rules_conclusion", "rules_record", "said_line", "survival_record", "sync_readme", "write_headlines"]
