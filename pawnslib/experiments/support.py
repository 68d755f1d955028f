"""How far the thesis's own evidence carries each of its claims, at its effective sample.

A claim's *evidence* (:data:`~.records.EVIDENCE`) says whether the thesis's own figures could show it: "shows it"
(its counts do), "cannot show it" (within its own noise, contradicted by its own counts, or resting on a figure it
does not give), "no data" (stated without a count or spread to check it by), or "ours" (a finding the thesis never
measured). Each function here returns the kind and a note saying why, reading the thesis's tables as 3 effective
games a cell (:data:`~.cells.EFFECTIVE_GAMES`); every other claim gives its kind where it is made.
"""

from __future__ import annotations

from scipy.stats import betabinom

from pawnslib.experiments import cells, plan, thesis
from pawnslib.experiments.stats import strategy_strength, wilson

N = cells.EFFECTIVE_GAMES
TABLE = ("shows it", f"its own counts, {N} effective games a cell")
OURS = ("ours", "")
Evidence = tuple[str, str]  # (kind, why)


def _records():
    return thesis.table_records(thesis.TABLE_10_2, N)


def beats() -> Evidence:
    """Chapter 10's "every strategy can beat at least 2 others" on the thesis's own Table 10.2."""
    c = thesis.can_beat(_records())
    said = (f"at {N} effective games a cell, in its own Table 10.2 every strategy surely beats {c.surely.min()} or "
            f"more others and possibly {c.possibly.min()} or more (a win share's 95 % interval at or above "
            f"{100 * thesis.CAN_BEAT:.0f} %)")
    return ("shows it" if thesis.beats_verdict(_records()) == "reproduced" else "cannot show it"), said


def poorly() -> Evidence:
    """Chapter 10's "two strategies perform very poorly against one specific opponent": does its own Table 10.2,
    at its effective sample, put the named strategies' share below :data:`~.thesis.POORLY`?"""
    records = _records()
    st = strategy_strength(records)
    _, pairs = thesis.poorly_verdict(st)
    highs = [(i, j, games, wilson(round(st.loc[i, "worst_share"] * games), games)[1]) for i, j in pairs
             for games in [sum(1 for r in records if {r["black"], r["white"]} == {i, j})]]
    if highs and all(h < thesis.POORLY for *_, h in highs):
        return "shows it", "; ".join(f"{i} against {j}: at most {100 * h:.0f} %" for i, j, _, h in highs)
    said = "; ".join(f"{i} won {100 * st.loc[i, 'worst_share']:.0f} % of {g} effective games against {j}, "
                     f"consistent with up to {100 * h:.0f} %" for i, j, g, h in highs)
    return "cannot show it", (f"{said} (95 %), above the {100 * thesis.POORLY:.0f} % that 'very poorly' reads as")


def strongest() -> Evidence:
    """Chapter 12's "strategy 4 is stronger than the rest" by the rule of ours, on the thesis's own Table 10.2."""
    st = strategy_strength(_records())
    verdict, best, _ = thesis.strongest_verdict(st)
    r = st.loc[best]
    said = (f"strategy {best} won {int(r.wins)} of {int(r.games)} effective games ({100 * r.ci_low:.0f}-"
            f"{100 * r.ci_high:.0f} %)")
    if verdict == "reproduced":
        return "shows it", f"{said}, clearly ahead"
    return "cannot show it", f"{said}, an interval overlapping another strategy's"


def share_text() -> Evidence:
    """The text's "about 50 %" correct predictions against the thesis's own count, by the share's margin."""
    lo, hi = wilson(thesis.CORRECT_PREDICTIONS, thesis.PREDICTIONS)
    if plan.margin_verdict(lo, hi, thesis.SHARE_CORRECT_TEXT, thesis.SHARE_MARGIN) == "reproduced":
        return "shows it", f"{thesis.CORRECT_PREDICTIONS} of {thesis.PREDICTIONS}"
    return "cannot show it", (f"its own count, {thesis.CORRECT_PREDICTIONS} of {thesis.PREDICTIONS}, is "
            f"{100 * thesis.CORRECT_PREDICTIONS / thesis.PREDICTIONS:.0f} % ({100 * lo:.0f}-{100 * hi:.0f} %)")


def changes(table: dict) -> Evidence:
    """Table 11.2 or 11.3: each change against the thesis's own noise (Fisher's p, after against before, at the
    effective sample)."""
    p = [thesis.fisher_p(round(N * thesis.parse_cell(after)[0]), N, round(N * thesis.parse_cell(before)[0]), N)
         for before, after in table.values()]
    if min(p) >= thesis.ALPHA:
        return "cannot show it", (f"every change is within its own noise (Fisher's p {min(p):.2g} or more, {N} "
                f"effective games before against {N} after)")
    return "shows it", f"{sum(x < thesis.ALPHA for x in p)} of its {len(p)} changes beyond its own noise"


def moved_share_predictive(k: int, n: int = N) -> float:
    """The chance that a second ``n``-game sample of a pairing differs from the first, ``k`` wins in ``n``, by at
    least one win, the rate drawn from its posterior given the first (a uniform prior): a table's own view of how
    far it would move by chance."""
    return float(1 - betabinom.pmf(k, n, k + 1, n - k + 1))


def null() -> tuple[str, float]:
    """Tables 11.2 and 11.3 together against the thesis's own Table 10.2: with no change at all, how likely would a
    second table move at least as many pairings as the thesis's 10? Returns ((kind, note), that chance)."""
    counts = thesis.table_counts(thesis.TABLE_10_2, N)
    dist = cells.count_distribution([moved_share_predictive(k) for k in counts.black_wins])
    moved = len(thesis.TABLE_11_2) + len(thesis.TABLE_11_3)
    p = float(dist[moved:].sum())
    word = "cannot show it" if p >= thesis.ALPHA else "shows it"
    return (word, f"with no change at all, a second {N}-game sample of each of its own Table 10.2's pairings would "
            f"move {moved} or more with chance {p:.2f} (a uniform prior on each cell's rate)"), p


def pooled(pairs: list[tuple[int, int]], what: str) -> Evidence:
    """A claim about the tree's effect on some pairings, by the thesis's own Tables 10.2 and 11.1 pooled over
    ``pairs`` at the effective sample (Fisher's test, after against before)."""
    before, after = (sum(round(N * thesis.parse_cell(t[b - 1][w - 1])[0]) for b, w in pairs)
                     for t in (thesis.TABLE_10_2, thesis.TABLE_11_1))
    n = N * len(pairs)
    p = thesis.fisher_p(after, n, before, n)
    said = f"{what}: {before} of {n} effective games won before, {after} after, Fisher's p {p:.2g}"
    return ("cannot show it" if p >= thesis.ALPHA else "shows it"), said


def unlikely() -> Evidence:
    """Chapter 12's "improved for 2 of 3 players where a win was unlikely", by its own tables: the pairings its
    Table 10.2 shows Black winning under 1/3."""
    c = thesis.table_counts(thesis.TABLE_10_2, N)
    pairs = [(int(b), int(w)) for b, w, k in zip(c.black, c.white, c.black_wins, strict=True) if k / N < 1 / 3]
    return pooled(pairs, f"its {len(pairs)} pairings won under 1/3")


def suffers() -> Evidence:
    """Chapter 12's "strategy 4 suffers", by its own tables: strategy 4's four pairings as Black."""
    return pooled([(thesis.STRONGEST, w) for w in range(1, 5)], f"strategy {thesis.STRONGEST}'s 4 pairings")


__all__ = ["OURS", "TABLE", "beats", "changes", "moved_share_predictive", "null", "poorly", "pooled", "share_text",
           "strongest", "suffers", "unlikely"]
