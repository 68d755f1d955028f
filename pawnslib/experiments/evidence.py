"""Claims and their evidence apart: a claim is a sentence the thesis writes; each reading and strategy set that tests
it is one line of evidence under it, and the claim gets one verdict that weighs them all.

Why
---
The thesis played one set of rules (which one, :mod:`~.rulesfit` cannot settle) with its own four strategies; we
play both readings, and a second set of strategies our Harmony\\* found. Set side by side as separate rows, one
claim would be counted four times in a tally. Here:

* :func:`evidence_lines` stacks each reading's rows (one per claim and strategy set) into the lines of evidence;
* :func:`claim_verdict` is the rule that weighs a claim's lines (:data:`CLAIM_RULES` in words);
* :func:`judge` gives one row per claim: its verdict, and how far the thesis's own evidence can carry it
  (:data:`SUPPORT`, written where each claim is made);
* :func:`tally` counts each claim once.

Imports nothing of the package: it reads the frames :mod:`~.claims` builds.
"""

from __future__ import annotations

from collections.abc import Iterable

import pandas as pd

VERDICTS = ("reproduced", "not reproduced", "mixed", "inconclusive", "new")  # a claim's, in the tally's order
LINE_VERDICTS = ("reproduced", "not reproduced", "inconclusive", "new")  # one line's
# How far the thesis's own evidence carries a claim, at its effective sample (the first word of each claim's
# "support"): its figures show it; they cannot (within its own noise, contradicted by its own counts, or resting on
# a figure it does not give); it states the claim without data to check it by; or the claim is ours.
SUPPORT = ("shows it", "cannot show it", "no data", "ours")
CLAIM_RULES = {
    "reproduced": "at least one line of evidence reproduces it and none contradicts it",
    "not reproduced": "at least one line contradicts it and none reproduces it",
    "mixed": "some lines reproduce it, others contradict it: the lines beneath name the readings and sets",
    "inconclusive": "every line is inconclusive",
    "new": "the thesis never measured it; every line is a finding of ours",
}
LINE_COLUMNS = ["section", "claim", "thesis", "support", "reading", "strategies", "ours", "verdict", "why"]


def claim_verdict(verdicts: Iterable[str]) -> str:
    """One claim's verdict from its lines' (:data:`CLAIM_RULES`).

    Raises:
        ValueError: no lines, a verdict not in :data:`LINE_VERDICTS`, or "new" mixed with a thesis verdict.
    """
    seen = set(verdicts)
    if not seen:
        raise ValueError("a claim needs at least one line of evidence")
    if unknown := seen - set(LINE_VERDICTS):
        raise ValueError(f"unknown line verdict(s) {sorted(unknown)}; expected {', '.join(LINE_VERDICTS)}")
    if "new" in seen:
        if seen != {"new"}:
            raise ValueError(f"a claim is either the thesis's or ours: its lines say {sorted(seen)}")
        return "new"
    yes, no = "reproduced" in seen, "not reproduced" in seen
    return "mixed" if yes and no else "reproduced" if yes else "not reproduced" if no else "inconclusive"


def evidence_lines(by_reading: dict[str, pd.DataFrame]) -> pd.DataFrame:
    """Every reading's claims rows as lines of evidence (:data:`LINE_COLUMNS`), in the first reading's claim order.

    Args:
        by_reading: ``{reading: claims}``, each with the columns section, claim, thesis, support, strategies, ours,
            verdict, why (:func:`~.chapter_claims.claim`'s rows).

    Raises:
        ValueError: a frame without those columns, or a claim whose thesis figure or support differs by reading.
    """
    frames = []
    for reading, claims in by_reading.items():
        missing = [c for c in LINE_COLUMNS if c != "reading" and c not in claims]
        if missing:
            raise ValueError(f"the {reading} reading's claims lack the column(s) {', '.join(missing)}")
        frames.append(claims.assign(reading=reading)[LINE_COLUMNS])
    lines = pd.concat(frames, ignore_index=True)
    for column in ("thesis", "support"):
        two = lines.groupby("claim", sort=False)[column].nunique()
        if (two > 1).any():
            raise ValueError(f"claim {two[two > 1].index[0]!r} has two different {column!r} cells across readings")
    order = {c: i for i, c in enumerate(pd.unique(lines.claim))}
    return lines.sort_values("claim", key=lambda s: s.map(order), kind="stable").reset_index(drop=True)


def add_lines(lines: pd.DataFrame, extra: list[dict]) -> pd.DataFrame:
    """``lines`` with ``extra`` lines of evidence appended, each after the last line of its claim (a new claim's at
    the end). A line for a claim already there takes that claim's section, thesis figure and support.

    Raises:
        ValueError: a new claim's line without its section, thesis figure or support.
    """
    out = lines.copy()
    for line in extra:
        known = out[out.claim == line["claim"]]
        if len(known):
            line = {k: known.iloc[0][k] for k in ("section", "thesis", "support")} | line
            at = known.index[-1] + 0.5
        else:
            missing = [k for k in ("section", "thesis", "support") if k not in line]
            if missing:
                raise ValueError(f"the new claim {line['claim']!r} needs its {', '.join(missing)}")
            at = len(out) + 0.5
        out.loc[at] = {k: line.get(k) for k in LINE_COLUMNS}
        out = out.sort_index().reset_index(drop=True)
    return out


def judge(lines: pd.DataFrame) -> pd.DataFrame:
    """One row per claim, in the lines' order: section, claim, thesis, support, verdict (:func:`claim_verdict`),
    and ``lines``, how many lines of evidence stand under it."""
    rows = []
    for claim, g in lines.groupby("claim", sort=False):
        first = g.iloc[0]
        rows.append({"section": first.section, "claim": claim, "thesis": first.thesis, "support": first.support,
                     "verdict": claim_verdict(g.verdict), "lines": len(g)})
    return pd.DataFrame(rows)


def support_of(support: str) -> str:
    """The kind of a support cell (its first words, one of :data:`SUPPORT`).

    Raises:
        ValueError: a cell that starts with none of them.
    """
    for kind in SUPPORT:
        if support == kind or support.startswith(f"{kind}:"):
            return kind
    raise ValueError(f"a support cell starts with one of {', '.join(SUPPORT)} (then ': why'); got {support!r}")


def tally(claims: pd.DataFrame) -> dict:
    """Each claim counted once: ``claims`` (distinct), ``thesis`` (the thesis's, not ours), per :data:`SUPPORT` kind
    the claims, and per verdict the claims whose thesis evidence ``shows it`` (``supported``) and all (``all``)."""
    kinds = claims.support.map(support_of)
    supported = claims[kinds == "shows it"]
    return {"claims": len(claims), "thesis": int((kinds != "ours").sum()),
            "support": kinds.value_counts().reindex(list(SUPPORT), fill_value=0).to_dict(),
            "supported": supported.verdict.value_counts().reindex(list(VERDICTS), fill_value=0).to_dict(),
            "all": claims.verdict.value_counts().reindex(list(VERDICTS), fill_value=0).to_dict()}


__all__ = ["CLAIM_RULES", "LINE_COLUMNS", "LINE_VERDICTS", "SUPPORT", "VERDICTS", "add_lines", "claim_verdict",
           "evidence_lines", "judge", "support_of", "tally"]
