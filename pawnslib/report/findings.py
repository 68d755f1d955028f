"""The headline findings, written once from the computed verdicts, and a check that no page says otherwise.

:func:`headlines` writes the bullets that open the report, the site's front page (``tables/headlines.md``) and the
README's findings (:func:`sync_readme` copies them between two markers). Each bullet answers a question, quotes the
claims table's own rows (its claim, our figure, its verdict) and links to its evidence, so a verdict is worded the
same wherever it appears.

:func:`contradictions` reads rendered text as a referee would: a claim whose verdict differs from the claims table's,
or a comparison whose words ("better than", "not distinguishable from", ...) disagree with the interval printed
beside them.

Layer ``report``: it imports ``config``, the experiments :mod:`~pawnslib.experiments.chapter13` (the methods' names),
:mod:`~pawnslib.experiments.chapter13_words` (Chapter 13's sentences), :mod:`~pawnslib.experiments.evidence` (each
claim counted once) and :mod:`~pawnslib.experiments.cells` (the thesis's effective sample), and
:mod:`~pawnslib.report.verdicts` (a line's name) and :mod:`~pawnslib.report.pagetop` (where a sentence ends).
"""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd

from pawnslib import config
from pawnslib.experiments import cells, chapter13_words, evidence
from pawnslib.experiments.chapter13 import METHODS
from pawnslib.experiments.thesis import ALPHA
from pawnslib.report import pagetop
from pawnslib.report.verdicts import line_label

REPORT, CH13 = "12_reproduction_report", "13_future_work"
PAYS_LINK = f"[Chapter 13]({CH13}.html#Which-method-beats-plain6?)"  # the evidence for whether prediction pays
README_BEGIN = "<!-- findings: written by `make reproduce` from results/tables/headlines.md; do not edit -->"
README_END = "<!-- end of findings -->"
# Each bullet after the three answers: its lead, the claims it quotes (by the start of their text) and its evidence.
SECTIONS = (
    ("The balance of power (Table 10.2)", ("Table 10.2", "every strategy can beat", "two strategies perform",
                                           "strategy 4 is stronger"), f"{REPORT}.html#Chapter-10:-strategies-and-"
                                                                     "the-balance-of-power"),
    ("Prediction (Chapter 11)", ("share of predictions that are correct", "predictions per game",
                                 "Figure 11.1", "with a fixed pr threshold", "the number of time slices"),
     f"{REPORT}.html#Chapter-11:-prediction"),
    ("The asymmetric tree in play (Tables 11.1 to 11.3)", ("Table 11.1", "Table 11.2", "Table 11.3",
                                                          "Tables 11.2 and 11.3", "the asymmetric tree helps",
                                                          "strategy 4 (as Black)", "the asymmetric tree often"),
     f"{REPORT}.html#Chapter-11:-the-asymmetric-tree-in-play"),
    ("Recognising White (beyond the thesis)", ("the DBN recognises",),
     f"{REPORT}.html#Beyond-the-thesis:-does-the-model-recognise-White's-strategy?"),
)


PE = "$P(e)$"  # the thesis's probability of evidence, as prose sets it (tables, which render no formulas, write P(e))


def _prose(claim: str) -> str:
    """A claim's text as prose quotes it: P(e) set as a formula."""
    return claim.replace("P(e)", PE)


def said(claim: pd.Series, lines: pd.DataFrame) -> str:
    """One claim as the headlines quote it: its text, our figure on its first line of evidence (named), its verdict
    in bold, and when its lines disagree, which say what: "<claim>, ours <figure> (kalles, thesis strategies):
    **mixed** (reproduced: king/thesis; not reproduced: kalles/thesis)"."""
    mine = lines[lines.claim == claim["claim"]]
    first = mine.iloc[0]
    out = (f"{_prose(claim['claim'])}, ours {first.ours} ({line_label(first.reading, first.strategies)}): "
           f"**{claim['verdict']}**")
    if mine.verdict.nunique() > 1:
        out += " (" + "; ".join(f"{v}: " + ", ".join(f"{x.reading}/{x.strategies}" for x in g.itertuples())
                                for v, g in mine.groupby("verdict", sort=False)) + ")"
    return out


def said_line(line: pd.Series) -> str:
    """One line of evidence as a chapter page quotes it, with the line's own verdict (not the claim's, which weighs
    every line): "<claim> (kalles, thesis strategies), ours <figure>: **<verdict>**"."""
    return (f"{_prose(line['claim'])} ({line_label(line['reading'], line['strategies'])}), ours {line['ours']}: "
            f"**{line['verdict']}**")


def _counted(counts: dict) -> str:
    return ", ".join(f"{n} {k}" for k, n in counts.items() if n and k != "new") or "none"


def _reproduce(claims: pd.DataFrame) -> str:
    """The first answer: does the thesis reproduce? Each claim counted once, with how many the thesis's own evidence
    can show at its effective sample, and how many of those reproduce."""
    t = evidence.tally(claims)
    lost, held = t["all"]["not reproduced"], t["all"]["reproduced"]
    answer = "Mostly not" if lost > held else "Mostly" if held > lost else "Partly"
    s = t["support"]
    return (f"**Does the thesis reproduce? {answer}.** It makes {t['thesis']} distinct claims that we test, each "
            f"counted once whatever the reading or strategy set. Its own evidence, at {cells.EFFECTIVE_GAMES} "
            f"effective games a cell, shows {s['shows it']} of them; it cannot show {s['cannot show it']} (within "
            f"its own noise, contradicted by its own counts, or resting on a figure it does not give) and gives no "
            f"data for {s['no data']}. Of the {s['shows it']} its data show: {_counted(t['supported'])}; of all "
            f"{t['thesis']}: {_counted(t['all'])} (*mixed*: reproduced under one reading or set, not under another)"
            + (f"; {s['ours']} more are findings of ours" if s["ours"] else "")
            + f". [The claims table]({REPORT}.html#All-claims-at-a-glance)")


def _pays(methods: pd.DataFrame) -> tuple[str, list[str]]:
    """Whether predicting the opponent pays, by Chapter 13's table: "Yes" when some prediction method beats plain6
    beyond noise (Holm-corrected), else "No"; and those methods. The report's answer and the headline say the same."""
    better = chapter13_words.beating(methods.set_index("method"))
    return ("Yes" if better else "No"), better


SCHEME_WORDS = {"thesis": "the thesis's noise", "position": "the position hash", "none": "no noise"}


def _prom_dependence(survival: pd.DataFrame | None) -> str:
    """PrOM search's findings that depend on the tie-breaker, each under every scheme, or "" (none, or no study)."""
    if survival is None or not len(survival):
        return ""
    rows = survival[survival.finding.str.startswith("`prom-") & survival.verdict.str.startswith("depends")]
    said = [f"{r.finding.split(' (')[0]}: "
            + ", ".join(f"{r[c]} under {SCHEME_WORDS[c]}" for c in SCHEME_WORDS if c in r) for _, r in rows.iterrows()]
    return f" PrOM's result depends on the tie-breaking (score points): {'; '.join(said)}." if said else ""


def _pays_answer(ch13: tuple, survival: pd.DataFrame | None) -> str:
    """Does predicting the opponent pay: the answer, the bound at this power, its conditions and PrOM's dependence
    on the tie-breaking, in one bullet."""
    t = ch13[0].set_index("method")
    pays, better = _pays(ch13[0])
    said = (f"`{', '.join(better)}` beat{'s' if len(better) == 1 else ''} `plain6` beyond noise" if better else
            "no prediction method beats `plain6` beyond noise")
    deeper = (f" Two more plies everywhere (`plain8`): {chapter13_words.diff_ci(t, 'plain8')}."
              if "plain8" in t.index else "")
    contrasts = ch13[2]  # load_tables' third table, or None
    recognition = "".join(f" {x.replace('**', '')}" for x in chapter13_words.foresight_verdict(contrasts, ALPHA)
                          if x.startswith("Does recognising White pay")) if contrasts is not None else ""
    return (f"**Does predicting the opponent pay? {pays}{'' if better else ', at this power'}:** {said} (p < "
            f"{ALPHA:g}, Holm-corrected {chapter13_words.methods_group(t)}), under the "
            f"{config.RULES} reading, with the thesis's strategies and the `{config.NOISE}` tie-breaking. "
            f"{chapter13_words.bound_sentence(t)}; {chapter13_words.clause(chapter13_words.best_sentence(t))}."
            f"{deeper}{recognition}{_prom_dependence(survival)} {PAYS_LINK}")


def _ceiling(said13: list[str], ceiling: tuple | None) -> list[str]:
    """The ceiling of prediction in one bullet, each sentence one contrast's: the thesis's method with a perfect model
    of White's next reply, the oracle, where prediction pays over White's depth and what the oracle's loss is not."""
    said = [s for s in said13 if s.startswith(("With a perfect model of White's next reply",
                                               "Knowing White's very next reply"))]
    links = [f"[the ceiling]({CH13}.html#The-ceiling-of-prediction:-a-perfect-model-of-White's-next-reply,-the-oracle,"
             "-and-OM-search-at-White's-depth)"]
    if ceiling is not None:
        white_map, loss = ceiling
        said.append(chapter13_words.map_sentences(white_map, ALPHA)[-1])
        links.append(f"[the map over White's depth]({CH13}.html#Where-can-prediction-pay?-White-searching-fewer-plies)")
        if loss is not None and len(loss):
            said += [s for s in chapter13_words.loss_sentences(loss, ALPHA)
                     if s.startswith(("With White at", "Searching 5 plies"))]
            links.append(f"[the oracle's loss]({CH13}.html#The-oracle's-loss,-taken-apart)")
    if not said:
        return []
    return ["**The ceiling of prediction.** " + " ".join(said) + " Chapter 13: " + ", ".join(links) + "."]


def answers(claims: pd.DataFrame, *, rules_headline: str, ch13: tuple | None = None,
            survival: pd.DataFrame | None = None) -> list[str]:
    """The report's first screen: one sentence for each of its questions (does the thesis reproduce? does predicting
    the opponent pay, once Chapter 13 ran? which rules?), each linking to its evidence; :func:`headlines` says more.
    ``claims`` is :func:`~pawnslib.experiments.evidence.judge`'s table."""
    out = [_reproduce(claims)]
    if ch13 is not None:
        out.append(_pays_answer(ch13, survival))
    out.append(_rules(rules_headline.split(";")[0]))
    return out


def _rules(headline: str) -> str:
    """The rules' answer: the rules fit's headline, its repeated question left out, linked to its section."""
    said = re.sub(r"^Which rules the thesis played(?: is|:) ", "", headline).rstrip(".")
    return (f"**Which rules did the thesis play?** {said[:1].upper()}{said[1:]}. [The rules compared]"
            f"({REPORT}.html#Which-rules-did-the-thesis-play?)")


def headlines(claims: pd.DataFrame, lines: pd.DataFrame, *, rules_headline: str,
              ch13: tuple | None = None, survival: pd.DataFrame | None = None,
              ceiling: tuple | None = None) -> list[str]:
    """The headline findings as markdown bullets (without the ``*``), links relative to the site's pages.

    Args:
        claims: the report's claims, one row each (:func:`~pawnslib.experiments.evidence.judge`).
        lines: their lines of evidence (:func:`~pawnslib.experiments.evidence.evidence_lines`), Chapter 13's among
            them.
        rules_headline: :class:`~pawnslib.experiments.rulesfit.RulesFit`'s headline.
        ch13: :func:`~pawnslib.experiments.chapter13_words.load_tables`' tables, or None before Chapter 13 ran.
        survival: ``tiebreak_sensitivity``'s table, or None before the tie-breaking study ran.
        ceiling: :func:`~pawnslib.experiments.chapter13_words.load_map`'s tables (where prediction pays, the
            oracle's loss), or None before they were made.

    Returns:
        The answers (does the thesis reproduce? does predicting the opponent pay, once Chapter 13 ran? which
        rules?), then one bullet per part of the thesis, then which findings survive the tie-breaker.
    """
    out = [_reproduce(claims)]
    if ch13 is not None:
        said13 = chapter13_words.verdict_sentences(*ch13)
        published = " ".join(s for s in said13 if "published" in s)
        out.append(_pays_answer(ch13, survival).replace(f" {PAYS_LINK}", f" {published} {PAYS_LINK}"))
    out.append(_rules(rules_headline))
    if ch13 is not None:
        out += _ceiling(said13, ceiling)
    for lead, starts, link in SECTIONS:
        rows = [row for _, row in claims.iterrows() if str(row["claim"]).startswith(starts)]
        if rows:
            out.append(f"**{lead}.** " + "; ".join(said(row, lines) for row in rows) + f". [Evidence]({link})")
    if survival is not None and len(survival):
        held = survival.verdict.str.startswith("holds")
        depends = [f for f, h in zip(survival.finding, held, strict=True) if not h]
        out.append(f"**Which findings survive the tie-breaker.** {held.sum()} of {len(survival)} hold under every "
                   "tie-breaker with noise (the thesis's per-evaluation noise, the position hash, a second seed)"
                   + (f"; these depend on it: {', '.join(depends)}" if depends else "")
                   + f". [The study]({REPORT}.html#Which-findings-survive-the-tie-breaker?)")
    named = [m for m in METHODS if f"`{m}`" in " ".join(out)]
    if named:
        out.append("**The methods named here** (Black's searches in Chapter 13; White plays plain alpha-beta, at "
                   "depth 6 but in the map over White's depth). "
                   + "; ".join(f"`{m}`: {METHODS[m].what}" for m in named) + ".")
    return out


def write_headlines(lines: list[str], results: str | Path) -> Path:
    """``tables/headlines.md`` of ``results``: the bullets the front page and the README show."""
    path = Path(results) / "tables" / "headlines.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(f"* {line}\n" for line in lines), encoding="utf-8")
    return path


_LINK = re.compile(r"\[[^\]]+\]\([^)]+\)")


_VERDICT = re.compile(r": \*\*(reproduced|not reproduced|mixed|inconclusive|new)\*\*")


def short_headline(bullet: str) -> str:
    """A headline in one line, for the README's first screen: its bold lead (the answer), then the tally of the
    claims it quotes (a part of the thesis) or else the first sentence after the lead, and its links to the
    evidence."""
    m = re.match(r"(\*\*.+?\*\*)\s*(.*)", bullet.strip(), re.S)
    lead, rest = (m[1], m[2]) if m else ("", bullet.strip())
    verdicts = _VERDICT.findall(rest)
    if verdicts:
        counts = {v: verdicts.count(v) for v in dict.fromkeys(verdicts)}
        first = (f"{len(verdicts)} claim{'s' if len(verdicts) > 1 else ''}: "
                 + ", ".join(f"{n} {v}" for v, n in counts.items()) + ".")
    else:
        first = next(iter(pagetop.sentences(_LINK.sub("", rest))), "")  # the site's one rule for a sentence
    return " ".join(x for x in (lead, first, ", ".join(_LINK.findall(rest))) if x)


def readme_block(headlines_md: str, *, site: str = "results/html") -> str:
    """The README's findings block: each headline in one line (:func:`short_headline`; the glossary of methods left
    to the front page), its links made relative to the repository."""
    bullets = [b for b in re.split(r"(?m)^\* ", headlines_md.strip()) if b.strip()]
    body = "\n".join(f"* {short_headline(b)}" for b in bullets if not b.startswith("**The methods named here**"))
    body = re.sub(r"\]\((?!https?:|/)([^)]+)\)", lambda m: f"]({site}/{m[1]})", body)
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
_UNIT = r"(?:score |win-rate |percentage )?points"
_COMPARISON = re.compile(r"\b(better than|worse than|beats|loses to|not distinguishable(?: \(once Holm-corrected\))? "
                         r"from)\b[^.;]{0,60}?" + _NUM + " " + _UNIT + r" \(" + _NUM + r" to " + _NUM)
_NEGATED = re.compile(r"\b(no|none of|nor|neither)\b[^.;,]*$")
_UNNAMED_P = re.compile(r"\bp \(Holm\)|\bHolm p\b")  # a Holm-corrected p that does not say what it corrects over
_UNITS = ("score points", "win-rate points")


def _number(text: str) -> float:
    return float(text.replace("−", "-"))


def _quotes(text: str, claims: pd.DataFrame, lines: pd.DataFrame) -> list[str]:
    """Claims quoted as :func:`said` quotes them with a figure none of their lines gives, or another verdict; and
    claims given in two units."""
    found = []
    for c in claims.itertuples():
        mine = lines[lines.claim == c.claim]
        quoted = [f"{x.ours} ({line_label(x.reading, x.strategies)}): " for x in mine.itertuples()]
        for at in re.finditer(re.escape(f"{c.claim}, ours "), text):
            rest = text[at.end():]
            start = next((q for q in quoted if rest.startswith(q)), None)
            if start is None:
                found.append(f"'{c.claim}': the page quotes '{rest[:60]}', which none of its lines of evidence gives")
            elif not re.match(re.escape(c.verdict) + r"\b", rest[len(start):].lstrip("*")):
                found.append(f"'{c.claim}': the page says '{rest[len(start):][:30]}', the claims table "
                             f"{c.verdict!r}")
        for x in mine.itertuples():  # a line quoted by said_line: its own figure and verdict
            for at in re.finditer(re.escape(f"{c.claim} ({line_label(x.reading, x.strategies)}), ours "), text):
                rest = text[at.end():]
                if rest.startswith(f"{x.ours}: ") and not re.match(re.escape(x.verdict) + r"\b",
                                                                    rest[len(x.ours) + 2:].lstrip("*")):
                    found.append(f"'{c.claim}' ({x.reading}, {x.strategies}): the page says "
                                 f"'{rest[len(x.ours) + 2:][:30]}', the line {x.verdict!r}")
        units = {u for part in re.split(r"(?<=[.;])\s", text) if c.claim in part for u in _UNITS if u in part}
        if len(units) > 1:
            found.append(f"'{c.claim}' is given in two units, {' and '.join(sorted(units))}")
    return found


def contradictions(text: str, claims: pd.DataFrame | None = None, lines: pd.DataFrame | None = None) -> list[str]:
    """What a page's text says that its numbers or the claims table contradict.

    Args:
        text: the page's visible text, or its markdown.
        claims: the claims table (:func:`~pawnslib.experiments.evidence.judge`); with ``lines`` (their lines of
            evidence), every claim quoted as :func:`said` quotes it ("<claim>, ours <figure> (<line>): <verdict>")
            must quote one of its lines' figures and the claim's verdict.
        lines: the lines of evidence (:func:`~pawnslib.experiments.evidence.evidence_lines`).

    Returns:
        One line per contradiction: a comparison whose words disagree with its interval ("better than" needs an
        interval above 0, "worse than" below 0, "not distinguishable from" one containing 0 unless it says the
        difference vanished once Holm-corrected); a Holm-corrected p that does not name the group it corrects over;
        a claim quoted with a figure none of its lines gives or another verdict; a claim given in score points in
        one place and win-rate points in another.
    """
    found, text = [], text.replace(PE, "P(e)")  # claims are matched as the claims table writes them
    for m in _COMPARISON.finditer(text):
        if _NEGATED.search(text[max(0, m.start() - 30):m.start()]):
            continue  # "no method beats ...": the interval that follows is not the comparison's
        word, lo, hi = m[1], _number(m[3]), _number(m[4])
        ok = (lo > 0 if word in ("better than", "beats") else hi < 0 if word in ("worse than", "loses to")
              else "once Holm-corrected" in word or lo <= 0 <= hi)
        if not ok:
            found.append(f"'{m[0]}': the words say {word!r} but the interval is {lo:+g} to {hi:+g}")
    found += [f"'{text[max(0, m.start() - 40):m.end() + 10]}': a Holm-corrected p that does not name its group"
              for m in _UNNAMED_P.finditer(text)]
    if claims is not None and lines is not None:
        found += _quotes(text, claims, lines)
    return found


__all__ = ["README_BEGIN", "README_END", "answers", "contradictions", "headlines", "readme_block", "said",
           "said_line", "sync_readme", "write_headlines"]
