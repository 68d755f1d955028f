"""The headline findings, written once from the computed verdicts, and a check that no page says otherwise.

:func:`headlines` writes the bullets that open the report, the site's front page (``tables/headlines.md``) and the
README's findings (:func:`sync_readme` copies them between two markers). Each bullet answers a question, quotes the
claims table's own rows (its claim, our figure, its verdict) and links to its evidence, so a verdict is worded the
same wherever it appears.

:func:`contradictions` reads rendered text as a referee would: a claim whose verdict differs from the claims table's,
or a comparison whose words ("better than", "not distinguishable from", ...) disagree with the interval printed
beside them.

Layer ``report``: it imports ``config`` and the experiments :mod:`~pawnslib.experiments.chapter13` (the methods' names),
:mod:`~pawnslib.experiments.chapter13_words` (Chapter 13's sentences) and :mod:`~pawnslib.experiments.claims` (the
verdicts' tally).
"""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd

from pawnslib import config
from pawnslib.experiments import chapter13_words
from pawnslib.experiments.chapter13 import METHODS
from pawnslib.experiments.claims import verdict_summary

REPORT, CH13 = "12_reproduction_report", "13_future_work"
PAYS_LINK = f"[Chapter 13]({CH13}.html#Which-method-beats-plain6?)"  # the evidence for whether prediction pays
README_BEGIN = "<!-- findings: written by `make reproduce` from results/tables/headlines.md; do not edit -->"
README_END = "<!-- end of findings -->"
# Each bullet after the three answers: its lead, the claims it quotes (by the start of their text) and its evidence.
SECTIONS = (
    ("The balance of power (Table 10.2)", ("Table 10.2", "every strategy can beat", "two strategies perform",
                                           "strategy 4 is stronger"), f"{REPORT}.html#Chapter-10:-strategies-and-"
                                                                     "the-balance-of-power"),
    ("Prediction (Chapter 11)", ("share of predictions that are correct (", "predictions per game",
                                 "Figure 11.1", "with a fixed pr threshold", "the number of time slices"),
     f"{REPORT}.html#Chapter-11:-prediction"),
    ("The asymmetric tree in play (Tables 11.1 to 11.3)", ("Table 11.1", "Table 11.2", "Table 11.3",
                                                          "Tables 11.2 and 11.3", "the asymmetric tree helps",
                                                          "strategy 4 (as Black)", "the asymmetric tree often"),
     f"{REPORT}.html#Chapter-11:-the-asymmetric-tree-in-play"),
    ("Recognising White (beyond the thesis)", ("the DBN recognises",),
     f"{REPORT}.html#Beyond-the-thesis:-does-the-model-recognise-White's-strategy?"),
)


def said(row: pd.Series, readings: list[str]) -> str:
    """One claim as the headlines quote it: its text, our figure under the first reading, and every reading's
    verdict in bold (``**not reproduced**``, or ``**reproduced** (king: **inconclusive**)`` when they differ)."""
    first = readings[0]
    verdicts = {r: row.get(f"verdict ({r})") for r in readings if isinstance(row.get(f"verdict ({r})"), str)}
    words = f"**{verdicts[first]}**"
    others = [f"{r}: **{v}**" for r, v in verdicts.items() if r != first and v != verdicts[first]]
    return f"{row['claim']}, ours {row[f'ours ({first})']}: {words}" + (f" ({'; '.join(others)})" if others else "")


def _tally(claims: pd.DataFrame, reading: str) -> str:
    counts, tables = verdict_summary(claims[f"verdict ({reading})"])
    return (", ".join(f"{n} {k}" for k, n in counts.items() if n)
            + f" (and {tables} per-pairing table{'s' if tables != 1 else ''}, judged cell by cell)")


def _reproduce(claims: pd.DataFrame, readings: list[str]) -> str:
    """The first answer: does the thesis reproduce, by the first reading's verdicts, with every reading's tally."""
    counts = claims[f"verdict ({readings[0]})"].value_counts()
    lost, held = counts.get("not reproduced", 0), counts.get("reproduced", 0)
    answer = "Mostly not" if lost > held else "Mostly" if held > lost else "Partly"
    return (f"**Does the thesis reproduce? {answer}.** Of its claims, under "
            + "; under ".join(f"the {r} reading: {_tally(claims, r)}" for r in readings)
            + ("; *new* marks findings of ours the thesis never measured" if counts.get("new", 0) else "")
            + f". [The claims table]({REPORT}.html#All-claims-at-a-glance)")


def _pays(methods: pd.DataFrame) -> tuple[str, list[str]]:
    """Whether predicting the opponent pays, by Chapter 13's table: "Yes" when some prediction method beats plain6
    beyond noise (Holm-corrected), else "No"; and those methods. The report's answer and the headline say the same."""
    better = chapter13_words.beating(methods.set_index("method"))
    return ("Yes" if better else "No"), better


def answers(claims: pd.DataFrame, readings: list[str], *, rules_headline: str, ch13: tuple | None = None) -> list[str]:
    """The report's first screen: one sentence for each of its questions (does the thesis reproduce? does predicting
    the opponent pay, once Chapter 13 ran? which rules?), each linking to its evidence; :func:`headlines` says more."""
    out = [_reproduce(claims, readings)]
    if ch13 is not None:
        t = ch13[0].set_index("method")
        pays, better = _pays(ch13[0])
        best = chapter13_words.best_predicting(t)
        said = (f"`{', '.join(better)}` beat{'s' if len(better) == 1 else ''} `plain6` beyond noise" if better else
                "no prediction method beats `plain6` beyond noise")  # Holm-corrected, as Chapter 13 says
        deeper = (f"; two more plies everywhere (`plain8`): {chapter13_words.diff_ci(t, 'plain8')}"
                  if "plain8" in t.index else "")
        out.append(f"**Does predicting the opponent pay? {pays}:** {said} (the best, `{best}`: "
                   f"{chapter13_words.diff_ci(t, best)}){deeper}. {PAYS_LINK}")
    out.append(_rules(rules_headline.split(";")[0]))
    return out


def _rules(headline: str) -> str:
    """The rules' answer: the rules fit's headline, its repeated question left out, linked to its section."""
    said = re.sub(r"^Which rules the thesis played(?: is|:) ", "", headline).rstrip(".")
    return (f"**Which rules did the thesis play?** {said[:1].upper()}{said[1:]}. [The rules compared]"
            f"({REPORT}.html#Which-rules-did-the-thesis-play?)")


def headlines(claims: pd.DataFrame, readings: list[str], *, rules_headline: str,
              ch13: tuple | None = None, survival: pd.DataFrame | None = None) -> list[str]:
    """The headline findings as markdown bullets (without the ``*``), links relative to the site's pages.

    Args:
        claims: the report's claims table (:func:`~pawnslib.experiments.claims.combine`, Chapter 13's row added).
        readings: the readings shown, the first one's figures quoted.
        rules_headline: :class:`~pawnslib.experiments.rulesfit.RulesFit`'s headline.
        ch13: :func:`~pawnslib.experiments.chapter13_words.load_tables`' tables, or None before Chapter 13 ran.
        survival: ``tiebreak_sensitivity``'s table, or None before the tie-breaking study ran.

    Returns:
        The answers (does the thesis reproduce? does predicting the opponent pay, once Chapter 13 ran? which
        rules?), then one bullet per part of the thesis, then which findings survive the tie-breaker.
    """
    out = [_reproduce(claims, readings)]
    if ch13 is not None:
        said13 = chapter13_words.verdict_sentences(*ch13)
        pays = _pays(ch13[0])[0]
        deeper = [s for s in said13 if s.startswith("Two more plies everywhere")]
        out.append(f"**Does predicting the opponent pay? {pays}.** " + " ".join(
            [s.replace("**", "") for s in said13[1:3]] + deeper + [s for s in said13 if "published" in s])
            + f" {PAYS_LINK}")
    out.append(_rules(rules_headline))
    if ch13 is not None:
        ceiling = [s for s in said13 if s.startswith(("Knowing White's very next reply",
                                                      "Against the thesis's `one-hist`", "Against White 1"))]
        if ceiling:
            out.append("**The ceiling of prediction.** " + " ".join(ceiling)
                       + f" [Chapter 13]({CH13}.html#The-ceiling-of-prediction:-the-oracle,-and-OM-search-at-"
                         "White's-depth)")
    for lead, starts, link in SECTIONS:
        rows = [row for _, row in claims.iterrows() if str(row["claim"]).startswith(starts)
                and "(harmony" not in str(row["claim"])]
        if rows:
            out.append(f"**{lead}.** " + "; ".join(said(row, readings) for row in rows) + f". [Evidence]({link})")
    if survival is not None and len(survival):
        held = survival.verdict.str.startswith("holds")
        depends = [f for f, h in zip(survival.finding, held, strict=True) if not h]
        out.append(f"**Which findings survive the tie-breaker.** {held.sum()} of {len(survival)} hold under every "
                   "tie-breaker with noise (the thesis's per-evaluation noise, the position hash, a second seed)"
                   + (f"; these depend on it: {', '.join(depends)}" if depends else "")
                   + f". [The study]({REPORT}.html#Which-findings-survive-the-tie-breaker?)")
    named = [m for m in METHODS if f"`{m}`" in " ".join(out)]
    if named:
        out.append("**The methods named here** (Black's searches in Chapter 13; White always plays plain alpha-beta "
                   "at depth 6). " + "; ".join(f"`{m}`: {METHODS[m].what}" for m in named) + ".")
    return out


def write_headlines(lines: list[str], results: str | Path) -> Path:
    """``tables/headlines.md`` of ``results``: the bullets the front page and the README show."""
    path = Path(results) / "tables" / "headlines.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(f"* {line}\n" for line in lines), encoding="utf-8")
    return path


def readme_block(headlines_md: str, *, site: str = "results/html") -> str:
    """The README's findings block: the headlines with their links made relative to the repository."""
    body = re.sub(r"\]\((?!https?:|/)([^)]+)\)", lambda m: f"]({site}/{m[1]})", headlines_md.strip())
    return f"{README_BEGIN}\n{body}\n{README_END}"


def sync_readme(readme: str | Path = "README.md", results: str | Path = config.COMMITTED_RESULTS) -> bool:
    """Copy ``results/tables/headlines.md`` into the README between its markers; True when the README changed.

    Raises:
        FileNotFoundError: no README or no headlines.
        ValueError: the README lacks the markers (naming them), or has them out of order.
    """
    readme, source = Path(readme), Path(results) / "tables" / "headlines.md"
    for p in (readme, source):
        if not p.is_file():
            raise FileNotFoundError(f"{p}: no such file")
    text = readme.read_text(encoding="utf-8")
    begin, end = text.find(README_BEGIN), text.find(README_END)
    if begin < 0 or end < begin:
        raise ValueError(f"{readme}: the findings block must sit between the lines {README_BEGIN!r} and "
                         f"{README_END!r}, in that order")
    new = text[:begin] + readme_block(source.read_text(encoding="utf-8")) + text[end + len(README_END):]
    if new != text:
        readme.write_text(new, encoding="utf-8")
    return new != text


# ------------------------------------------------------------------------------------------------ the referee
_NUM = r"([+-−]?\d+(?:\.\d+)?)"
_COMPARISON = re.compile(r"\b(better than|worse than|beats|loses to|not distinguishable(?: \(once Holm-corrected\))? "
                         r"from)\b[^.;]{0,60}?" + _NUM + r" points \(" + _NUM + r" to " + _NUM)


_NEGATED = re.compile(r"\b(no|none of|nor|neither)\b[^.;,]*$")


def _number(text: str) -> float:
    return float(text.replace("−", "-"))


def contradictions(text: str, claims: pd.DataFrame | None = None, reading: str = config.RULES) -> list[str]:
    """What a page's text says that its numbers or the claims table contradict.

    Args:
        text: the page's visible text, or its markdown.
        claims: the claims table; every claim quoted as :func:`said` quotes it ("<claim>, ours <figure>: <verdict>")
            must quote the table's figure and verdict under ``reading``.
        reading: the reading whose figures and verdicts the quotes give first.

    Returns:
        One line per contradiction: a comparison whose words disagree with its interval ("better than" needs an
        interval above 0, "worse than" below 0, "not distinguishable from" one containing 0 unless it says the
        difference vanished once Holm-corrected), or a claim quoted with another figure or verdict than the table's.
    """
    found = []
    for m in _COMPARISON.finditer(text):
        if _NEGATED.search(text[max(0, m.start() - 30):m.start()]):
            continue  # "no method beats ...": the interval that follows is not the comparison's
        word, lo, hi = m[1], _number(m[3]), _number(m[4])
        ok = (lo > 0 if word in ("better than", "beats") else hi < 0 if word in ("worse than", "loses to")
              else "once Holm-corrected" in word or lo <= 0 <= hi)
        if not ok:
            found.append(f"'{m[0]}': the words say {word!r} but the interval is {lo:+g} to {hi:+g}")
    if claims is None or f"verdict ({reading})" not in claims:
        return found
    for claim, ours, truth in zip(claims["claim"], claims[f"ours ({reading})"], claims[f"verdict ({reading})"],
                                  strict=True):
        if not isinstance(truth, str):
            continue
        for at in re.finditer(re.escape(f"{claim}, ours "), text):
            rest = text[at.end():]
            if not rest.startswith(f"{ours}: "):
                found.append(f"'{claim}': the page quotes '{rest[:len(str(ours))]}', the claims table '{ours}'")
            elif not re.match(re.escape(truth) + r"\b", rest[len(ours) + 2:].lstrip("*")):
                found.append(f"'{claim}': the page says '{rest[len(ours) + 2:][:30]}', the claims table {truth!r}")
    return found


__all__ = ["README_BEGIN", "README_END", "answers", "contradictions", "headlines", "readme_block", "said",
           "sync_readme", "write_headlines"]
