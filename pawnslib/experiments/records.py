"""Findings as data: a claim of the thesis, a line of evidence under it, and the words a verdict may take.

A **claim** is one sentence the thesis writes (or a question it asks), under a stable id such as ``t10_2.cells``;
a **line** is what one reading and strategy set of ours shows about it: our estimate with its interval, the games
behind it, the thesis's figure, the test, its p (raw and Holm-corrected, with the id of the correction group) and
the line's verdict. :func:`line` builds one (checking every field), :data:`LINE_COLUMNS` are the columns a
claim's lines are stacked in, and :data:`CSV_COLUMNS` the ones ``results/tables/claim_lines.csv`` keeps: numbers,
ids and plain labels, never a formatted figure (the report formats); :data:`CLAIM_CSV_COLUMNS` are
``results/tables/claims.csv``'s, one row a claim (:func:`~.evidence.judge`). Chapter 13's paired contrasts are a third
kind of record (``results/tables/contrasts.csv``, :mod:`~.chapter13`).

The verdicts are decided by :mod:`~.evidence`'s rules and the thesis's (:mod:`~.thesis`); here are only their names.
"""

from __future__ import annotations

import math
import re

VERDICTS = ("reproduced", "not reproduced", "mixed", "inconclusive", "untestable", "new")  # a claim's
LINE_VERDICTS = VERDICTS  # a line's: "mixed" when a table of changes' pairings are (evidence.table_verdict)
# How far the thesis's own evidence carries a claim, at its effective sample: its figures show it; they cannot
# (within its own noise, contradicted by its own counts, or resting on a figure it does not give); it states the
# claim without data to check it by (no count, no spread); or the claim is ours.
EVIDENCE = ("shows it", "cannot show it", "no data", "ours")
# The chapter notebook that shows a chapter's claims (a line may name another: the branching factor is Chapter 4's).
PAGES = {"10": "10_harmony_search", "11.1": "11_asymmetric_game_tree", "11.2": "11_asymmetric_game_tree",
         "12": "11_asymmetric_game_tree", "13": "13_future_work", "beyond": "08_dbn"}
ID = re.compile(r"[a-z0-9][a-z0-9_.-]*")
NUMBERS = ("estimate", "lo", "hi", "games", "thesis_value", "margin", "p", "p_holm")
LINE_COLUMNS = ["id", "chapter", "page", "claim", "thesis", "evidence", "note", "effective_games", "reading",
                "strategies", "method", "facts", "estimate", "lo", "hi", "unit", "games", "thesis_value", "margin",
                "margin_why", "test", "p", "p_holm", "group", "verdict", "why"]
CLAIM_CSV_COLUMNS = ["id", "chapter", "page", "claim", "evidence", "effective_games", "lines",
                     *(f"lines_{v.replace(' ', '_')}" for v in LINE_VERDICTS), "verdict"]  # lines counted by verdict
CSV_COLUMNS = ["id", "reading", "strategies", "method", "estimate", "lo", "hi", "unit", "games", "thesis_value",
               "margin", "margin_why", "test", "p", "p_holm", "group", "verdict"]


def line(id: str, chapter: str, claim: str, thesis: str, *, evidence: str, note: str = "",  # noqa: A002, PLR0913
         strategies: str = "thesis", method: str = "", facts: dict | None = None, verdict: str, why: str,
         effective_games: int | None = None,
         page: str | None = None, unit: str = "", test: str = "", group: str = "", margin_why: str = "",
         **numbers: float | None) -> dict:
    """One line of evidence under a claim, as a row of :data:`LINE_COLUMNS` (its ``reading`` is set when the
    readings are stacked, :func:`~.evidence.evidence_lines`).

    Args:
        id: the claim's stable id (lower case, digits, ``._-``), the same on every line of the claim.
        chapter: the thesis's chapter or section that makes the claim (a key of :data:`PAGES`).
        claim: the claim as the thesis says it, in a plain phrase.
        thesis: the thesis's figure, as it states it.
        evidence: how far the thesis's own evidence carries the claim (:data:`EVIDENCE`); ``note`` says why.
        strategies: the strategy set our line plays.
        method: the method (Black's search) the estimate is of, where the claim compares methods.
        facts: what our figure says beyond ``numbers`` (counts, labels, the strategies it names), plain values the
            report's ``ours.<id>`` template quotes (:func:`pawnslib.report.words.ours`); none by default.
        verdict: the line's (:data:`LINE_VERDICTS`), by the rule ``why`` states.
        effective_games: the thesis's effective games behind its figure, where it has a count.
        page: the notebook that shows the claim, when not its chapter's (:data:`PAGES`).
        unit: the unit of ``estimate``, ``lo``, ``hi``, ``thesis_value`` and ``margin`` (e.g. "share").
        margin_why: the reason for the line's ``margin`` (the smallest difference from the thesis's figure that
            matters, :mod:`~.plan`), a short plain phrase; or why the line has none (a statement, a bound).
        test: the test or interval behind the verdict, as an id (e.g. "fisher-holm", "bootstrap").
        group: the id of the Holm correction group of ``p_holm``, when corrected.
        numbers: any of ``estimate, lo, hi, games, thesis_value, margin, p, p_holm`` (None or NaN: none).

    Raises:
        ValueError: a bad id, chapter, evidence kind or verdict, an unknown number, or a p outside [0, 1].
    """
    if not ID.fullmatch(id):
        raise ValueError(f"claim id {id!r}: lower-case letters, digits and ._- only")
    for name, value, allowed in (("chapter", chapter, tuple(PAGES)), ("evidence", evidence, EVIDENCE),
                                 ("verdict", verdict, LINE_VERDICTS)):
        if value not in allowed:
            raise ValueError(f"{name} {value!r} is not one of {', '.join(allowed)}")
    if unknown := set(numbers) - set(NUMBERS):
        raise ValueError(f"unknown number(s) {sorted(unknown)}; a line has {', '.join(NUMBERS)}")
    values = {k: math.nan if numbers.get(k) is None else float(numbers[k]) for k in NUMBERS}
    for k in ("p", "p_holm"):
        if not (math.isnan(values[k]) or 0 <= values[k] <= 1):
            raise ValueError(f"claim {id!r}: {k} = {values[k]} is not a probability")
    if values["margin"] < 0:
        raise ValueError(f"claim {id!r}: margin {values['margin']} is negative")
    row = {"id": id, "chapter": chapter, "page": page or PAGES[chapter], "claim": claim, "thesis": thesis,
           "evidence": evidence, "note": note, "effective_games": effective_games, "reading": None,
           "strategies": strategies, "method": method, "facts": facts or {}, "unit": unit, "margin_why": margin_why,
           "test": test, "group": group,
           "verdict": verdict, "why": why} | values
    return {k: row[k] for k in LINE_COLUMNS}
