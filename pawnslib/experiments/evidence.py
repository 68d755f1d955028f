"""The verdicts' rules above a line: a table of changes from its pairings (:func:`table_verdict`), a claim's from
its lines (:func:`claim_verdict`, :func:`judge`), the tally's word (:func:`tally`, :func:`answer_word`), and every
rule's power (:func:`plan_power`, the analysis plan's power table).

The thesis played one set of rules (which one, :mod:`~.rulesfit` cannot settle) with its own four strategies; we
play both readings, and a second set of strategies our Harmony\\* found. Each reading and set that tests a claim
is one line of evidence under it (:mod:`~.records`), and the claim gets one verdict that weighs them all. A whole
outcome table is judged by one joint test of its cells (:func:`~.cells.joint_verdict`); a table of changes (Tables
11.2 and 11.3) from its pairings as a claim from its lines; a verdict that holds under one reading only is *mixed*
while which reading the thesis played is unsettled.

Every verdict rule here is a pure function of verdict labels and counts; :data:`CLAIM_RULES` and :data:`TABLE_RULE`
say them in words for the report's legend.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import pandas as pd
from scipy import stats

from pawnslib.experiments import plan
from pawnslib.experiments.records import EVIDENCE, LINE_COLUMNS, LINE_VERDICTS, VERDICTS

CLAIM_RULES = {
    "reproduced": "some line of evidence reproduces it and none contradicts it, under every reading",
    "not reproduced": "some line contradicts it and none reproduces it, under every reading",
    "mixed": "some lines reproduce it and others contradict it, or it holds (or fails) under one reading only "
             "while which reading the thesis played is not settled",
    "inconclusive": "every line is inconclusive (or untestable)",
    "untestable": "no line can reach a verdict: its rule's power computation puts every verdict out of reach at the "
                  "thesis's evidence",
    "new": "the thesis never measured it; every line is a finding of ours",
}
TABLE_RULE = ("a whole outcome table (10.2, 11.1) by one joint test of its 16 cells, never by a count of cells; a "
              "table of changes (11.2, 11.3) by its pairings as a claim by its lines: untestable when no pairing is "
              "testable, else reproduced, not reproduced or mixed by its testable pairings' verdicts")
CLAIM_CELLS = ("chapter", "page", "claim", "thesis", "evidence", "note", "effective_games")  # a claim's, on every line
DATA = ("shows it", "cannot show it")  # the thesis gives counts for these claims; "no data": figures without any


def _combine(seen: set[str]) -> str:
    """The verdict of lines that do not differ by reading: a yes and a no make *mixed* (as a mixed line does)."""
    if "new" in seen:
        if seen != {"new"}:
            raise ValueError(f"a claim is either the thesis's or ours: its lines say {sorted(seen)}")
        return "new"
    yes, no = bool(seen & {"reproduced", "mixed"}), bool(seen & {"not reproduced", "mixed"})
    if yes or no:
        return "mixed" if yes and no else "reproduced" if yes else "not reproduced"
    return "untestable" if seen == {"untestable"} else "inconclusive"


def claim_verdict(verdicts: Iterable[str], readings: Iterable[str] | None = None, *, settled: str | None = None) -> str:
    """One claim's verdict from its lines' (:data:`CLAIM_RULES`).

    Args:
        verdicts: each line's verdict (:data:`~.records.LINE_VERDICTS`).
        readings: each line's reading, in the same order (None: all one reading).
        settled: the reading the thesis played, when that is settled: only its lines count.

    Raises:
        ValueError: no lines, an unknown verdict, "new" mixed with a thesis verdict, or no line under ``settled``.
    """
    verdicts = list(verdicts)
    readings = [None] * len(verdicts) if readings is None else list(readings)
    if not verdicts:
        raise ValueError("a claim needs at least one line of evidence")
    if unknown := set(verdicts) - set(LINE_VERDICTS):
        raise ValueError(f"unknown line verdict(s) {sorted(unknown)}; expected {', '.join(LINE_VERDICTS)}")
    if settled is not None:
        verdicts = [v for v, r in zip(verdicts, readings, strict=True) if r == settled]
        if not verdicts:
            raise ValueError(f"no line of evidence under the settled reading {settled!r}")
        return _combine(set(verdicts))
    each = {_combine({v for v, x in zip(verdicts, readings, strict=True) if x == r}) for r in dict.fromkeys(readings)}
    if len(each) == 1:
        return each.pop()
    if "new" in each:
        raise ValueError(f"a claim is either the thesis's or ours: its readings say {sorted(each)}")
    # the readings disagree: a verdict that holds (or fails) under one of them only is mixed
    return "mixed" if each & {"reproduced", "not reproduced", "mixed"} else "inconclusive"


def table_verdict(verdicts: Iterable[str]) -> str:
    """A table of changes' verdict from its pairings' (:data:`TABLE_RULE`), as a claim's from its lines: a pairing
    judged ``untestable`` does not count, and the table is untestable when every pairing is.

    Raises:
        ValueError: an unknown pairing verdict, or none.
    """
    cells = set(verdicts)
    if unknown := cells - {"reproduced", "not reproduced", "inconclusive", "untestable"}:
        raise ValueError(f"unknown cell verdict(s) {sorted(unknown)}")
    if not cells:
        raise ValueError("table_verdict needs at least one pairing's verdict")
    return _combine(cells)


def evidence_lines(by_reading: dict[str, pd.DataFrame]) -> pd.DataFrame:
    """Every reading's :func:`~.records.line` rows stacked, ``reading`` set, in the first reading's claim order.

    Raises:
        ValueError: a frame without :data:`~.records.LINE_COLUMNS`, or a claim whose text, thesis figure or
            evidence differs by reading.
    """
    frames = []
    for reading, lines in by_reading.items():
        if missing := [c for c in LINE_COLUMNS if c not in lines]:
            raise ValueError(f"the {reading} reading's lines lack the column(s) {', '.join(missing)}")
        frames.append(lines.assign(reading=reading)[LINE_COLUMNS])
    lines = pd.concat(frames, ignore_index=True)
    for column in ("claim", "thesis", "evidence"):
        two = lines.groupby("id", sort=False)[column].nunique()
        if (two > 1).any():
            raise ValueError(f"claim {two[two > 1].index[0]!r} has two different {column!r} cells across lines")
    order = {c: i for i, c in enumerate(pd.unique(lines.id))}
    return lines.sort_values("id", key=lambda s: s.map(order), kind="stable").reset_index(drop=True)


def add_lines(lines: pd.DataFrame, extra: list[dict]) -> pd.DataFrame:
    """``lines`` with ``extra`` lines (:func:`~.records.line`'s rows, their ``reading`` set) appended, each after the
    last line of its claim (a new claim's at the end). A line under a claim already there takes that claim's own
    cells (:data:`CLAIM_CELLS`: its text, thesis figure, evidence, chapter and page)."""
    out = lines.copy()
    for row in extra:
        known = out.index[out.id == row["id"]]
        if len(known):
            row = row | out.loc[known[0], list(CLAIM_CELLS)].to_dict()
        out.loc[(known[-1] if len(known) else len(out)) + 0.5] = {k: row.get(k) for k in LINE_COLUMNS}
        out = out.sort_index().reset_index(drop=True)
    return out


def judge(lines: pd.DataFrame, *, settled: str | None = None) -> pd.DataFrame:
    """One row per claim, in the lines' order: id, chapter, page, claim, thesis, evidence, note, effective_games,
    ``lines`` (how many stand under it), each line verdict's count and the claim's verdict (:func:`claim_verdict`;
    ``settled``: the reading the thesis played, None while unsettled)."""
    rows = []
    for _, g in lines.groupby("id", sort=False):
        first = g.iloc[0]
        counts = g.verdict.value_counts()
        rows.append({"id": first.id} | {k: first[k] for k in CLAIM_CELLS}
                    | {"lines": len(g)} | {f"lines_{v.replace(' ', '_')}": int(counts.get(v, 0)) for v in LINE_VERDICTS}
                    | {"verdict": claim_verdict(g.verdict, g.reading, settled=settled)})
    return pd.DataFrame(rows)


def tally(claims: pd.DataFrame) -> dict:
    """Each claim counted once, by :func:`judge`'s verdicts: ``claims``; ``thesis``, the thesis's (evidence not
    "ours"); per evidence kind (``evidence``); ``all``, the thesis's claims by verdict (the headline's counts, the
    same as ``claims.csv``'s over them); ``ours``, our own claims, counted apart; and, as detail that adds up to
    ``all``, those the thesis gives counts for (``data``, :data:`DATA`) and those it states without (``no_data``)."""
    theirs = claims[claims.evidence != "ours"]
    verdicts = [v for v in VERDICTS if v != "new"]
    parts = {"data": theirs[theirs.evidence.isin(DATA)], "no_data": theirs[theirs.evidence == "no data"], "all": theirs}
    return {"claims": len(claims), "thesis": len(theirs), "ours": int((claims.evidence == "ours").sum()),
            "evidence": claims.evidence.value_counts().reindex(list(EVIDENCE), fill_value=0).to_dict(),
            **{k: f.verdict.value_counts().reindex(verdicts, fill_value=0).to_dict() for k, f in parts.items()}}


def answer_word(counts: dict) -> str:
    """The one word the counts of the thesis's claims' verdicts (``tally``'s ``all``) allow for "does the thesis
    reproduce?": "mostly" or "mostly not" only for a majority of the counted claims, "partly" when some are
    reproduced but not most, "none reproduced" when some are contradicted and none reproduced, "undecided" when none
    is either."""
    total = sum(counts.values())
    yes, no = counts.get("reproduced", 0), counts.get("not reproduced", 0)
    if 2 * yes > total:
        return "mostly"
    if 2 * no > total:
        return "mostly not"
    return "partly" if yes else "none reproduced" if no else "undecided"


POWER_COLUMNS = ["id", "reading", "strategies", "method", "unit", "thesis_value", "margin", "estimate", "se",
                 "rule", *(f"{t}_{v.replace(' ', '_')}" for t in ("at_thesis", "at_ours")
                           for v in ("reproduced", "not reproduced")), "decisive", "verdict"]


def plan_power(lines: pd.DataFrame) -> pd.DataFrame:
    """The analysis plan's power table: for each line of the thesis's claims, P(reproduced) and P(not reproduced)
    by its rule when the truth is the thesis's figure (``at_thesis_*``) and when it is our estimate (``at_ours_*``),
    and whether the rule is decisive (both chances' sum at least :data:`~.plan.POWER` when the truth is ours).

    A line whose rule computes its own chances (``facts["chances"]``: a whole table's joint test, simulated; a
    table of changes, from its smallest attainable p; a statement about the tables, its rule applied to tournaments
    redrawn from the thesis's table and from our rates, :func:`~.thesis.statement_chances`; rule "computed") gives
    them; a line with an interval, a figure and a margin gets them by :func:`~.plan.verdict_chances` (a bound,
    ``facts["side"]``, by :func:`~.plan.bound_chances`), our estimate normal with the standard error its 95 %
    interval implies; a line with none of these has none (NaN, rule "statement").

    Returns:
        One row per line of :data:`POWER_COLUMNS`, in the lines' order.
    """
    z = stats.norm.ppf(0.5 + plan.LEVEL / 2)
    rows = []
    for _, x in lines[lines.evidence != "ours"].iterrows():
        facts = x.facts if isinstance(x.facts, dict) else {}
        se, at = np.nan, {}
        if "chances" in facts:
            rule, at = "computed", facts["chances"]
        elif "side" in facts and np.isfinite([x.lo, x.hi, x.thesis_value]).all():
            rule, se = "normal, bound", (x.hi - x.lo) / (2 * z)
            at = {k: plan.bound_chances(x.thesis_value, facts["side"], se, truth)
                  for k, truth in (("thesis", x.thesis_value), ("ours", x.estimate))}
        elif np.isfinite([x.lo, x.hi, x.thesis_value, x.margin]).all():
            rule, se = "normal", (x.hi - x.lo) / (2 * z)
            at = {k: plan.verdict_chances(x.thesis_value, x.margin, se, truth)
                  for k, truth in (("thesis", x.thesis_value), ("ours", x.estimate))}
        else:
            rule = "statement"
        row = {k: x[k] for k in ("id", "reading", "strategies", "method", "unit", "thesis_value", "margin",
                                 "estimate")} | {"se": se, "rule": rule, "verdict": x.verdict}
        for t in ("thesis", "ours"):
            for v in ("reproduced", "not reproduced"):
                row[f"at_{t}_{v.replace(' ', '_')}"] = at.get(t, {}).get(v, np.nan)
        row["decisive"] = plan.decisive(at["ours"]) if at else None
        rows.append(row)
    return pd.DataFrame(rows, columns=POWER_COLUMNS)
