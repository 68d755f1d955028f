"""Statistics of the paired tournament: each Black method against the baseline on the same games.

Why paired. Every method's game of a (black, white, round) has the same seed, so two methods' games differ only
through Black's choices; comparing them game by game removes what the seed contributes (openings, White's
tie-breaks), which two unpaired win rates would each carry as noise.

How, by the analysis plan (:mod:`~.plan`). The unit is the game pair, one seed played by the method and by the
baseline; the estimator is the mean of the pairs' differences; the test is Student's paired t-test on them and the
interval is that test inverted (:func:`~.plan.paired_t`), so an interval excludes 0 exactly when p < alpha. p is
computed, never simulated: it has no floor. A table that tests several methods against one baseline declares its
*family* (column ``family``): the methods that answer its question, whose p are Holm-corrected together
(:func:`~.plan.holm`) and whose intervals ``diff_lo_all`` to ``diff_hi_all`` are simultaneous over them by Bonferroni
(:func:`~.plan.paired_t` with ``k``), so a simultaneous interval that excludes 0 always stands beside a Holm p below
alpha. A *yardstick* (``plain8``: what two more plies buy) is measured, not tested for the family's question: it
stays outside the family, with its own 95 % interval as its simultaneous one and its own p as its Holm p (a family
of one).

Scores and differences are fractions (0.53), not percent. Nothing here draws a random number: same table, same
numbers.

Imports :mod:`~.plan` (the tests) and :mod:`~.stats` (the pairings' counts); it plays nothing.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np
import pandas as pd

from pawnslib.experiments import plan
from pawnslib.experiments.stats import pairing_counts

KEYS = ["black", "white", "round"]  # a game: the same for every method
COLUMNS = ["method", *KEYS, "score"]
SCORES = {"black": 1.0, "draw": 0.5, "white": 0.0}  # Black's score by the game's result
SUMMARY = ["method", "games", "score", "score_lo", "score_hi", "diff", "diff_lo", "diff_hi", "diff_lo_all",
           "diff_hi_all", "se", "p", "p_holm", "family", "halfwidth", "rounds_needed"]  # method_summary's columns
YARDSTICK = plan.YARDSTICK  # the family of a method measured beside the family, not in it (plain8)
YARDSTICKS = ("plain8",)  # the methods kept outside a family by default: what two more plies buy
PAIRING = ["method", "black", "white", "games", "score", "base_score", "diff", "diff_lo", "diff_hi", "se", "p",
           "family"]
UNCORRECTED = "none: per pairing, uncorrected"  # pairing_summary's family: a forest plot's rows, no claim rests on them


def scores_frame(records_by_method: dict[str, list[dict]], *, wins: bool = False) -> pd.DataFrame:
    """The long table of Black's scores (columns :data:`COLUMNS`) from each method's game records.

    Args:
        records_by_method: method name -> records with keys "black", "white", "round" and "result".
        wins: score a Black win 1 and anything else 0 (the thesis's tables count wins), not a draw 1/2.

    Raises:
        ValueError: a record's result is not "black", "white" or "draw" (naming the method and the game).
    """
    rows = []
    for method, records in records_by_method.items():
        for r in records:
            if r["result"] not in SCORES:
                raise ValueError(f"method {method!r}, game (black={r['black']}, white={r['white']}, "
                                 f"round={r['round']}): unknown result {r['result']!r} (expected 'black', 'white' or "
                                 f"'draw')")
            score = float(r["result"] == "black") if wins else SCORES[r["result"]]
            rows.append((method, int(r["black"]), int(r["white"]), int(r["round"]), score))
    return pd.DataFrame(rows, columns=COLUMNS).astype({k: "int64" for k in KEYS} | {"score": "float64"})


def distinct_games(records_by_method: dict[str, list[dict]]) -> dict[str, list[dict]]:
    """The records of each method with every repeated paired game left out: a (black, white) pairing's round whose
    games, under every method, repeat those of an earlier round of that pairing (the same moves) counts once, so that
    a sample's size is its distinct games (without noise or seeded openings every round repeats the first).

    Args:
        records_by_method: method name -> records with keys "black", "white", "round" and "moves" (same games).

    Returns:
        The same mapping, each method keeping the same rounds: each pairing's earliest of every distinct set of games.
    """
    games: dict[tuple, dict[str, tuple]] = {}
    for method, records in records_by_method.items():
        for r in records:
            games.setdefault((int(r["black"]), int(r["white"]), int(r["round"])), {})[method] = tuple(r["moves"])
    first: dict[tuple, tuple] = {}  # a pairing's set of games -> the earliest round that plays it
    for (b, w, rnd), by_method in sorted(games.items(), key=lambda kv: (kv[0][2], kv[0][0], kv[0][1])):
        first.setdefault((b, w, tuple(sorted(by_method.items()))), (b, w, rnd))
    keep = set(first.values())
    return {m: [r for r in records if (int(r["black"]), int(r["white"]), int(r["round"])) in keep]
            for m, records in records_by_method.items()}


def _game(key: tuple) -> str:
    return "(black={}, white={}, round={})".format(*(int(k) for k in key))


def check_paired(scores: pd.DataFrame, baseline: str) -> None:
    """Check that ``scores`` is a paired table: every method has exactly the baseline's games.

    Raises:
        ValueError: a column is missing; a score is not 0, 0.5 or 1; a (method, black, white, round) is duplicated;
            the baseline is missing; or a method's games and the baseline's differ (naming it and the first such game).
    """
    missing = [c for c in COLUMNS if c not in scores.columns]
    if missing:
        raise ValueError(f"scores lacks column(s) {missing}; expected {COLUMNS}")
    bad = scores[~scores.score.isin(list(SCORES.values()))]
    if len(bad):
        r = bad.iloc[0]
        score = r.score.item() if isinstance(r.score, np.generic) else r.score  # 0.25, not np.float64(0.25)
        raise ValueError(f"score {score!r} of method {r.method!r} at {_game(r[KEYS])} is not 0, 0.5 or 1")
    dup = scores[scores.duplicated(["method", *KEYS])]
    if len(dup):
        r = dup.iloc[0]
        raise ValueError(f"duplicate game: method {r.method!r} has {_game(r[KEYS])} more than once")
    methods = list(pd.unique(scores.method))
    if baseline not in methods:
        raise ValueError(f"baseline {baseline!r} is not among the methods {methods}")
    games = {m: pd.MultiIndex.from_frame(g[KEYS]) for m, g in scores.groupby("method", sort=False)}
    for m in methods:
        # difference() is sorted, so "the first missing game" is well defined
        for extra, has, lacks in ((games[baseline].difference(games[m]), "lacks", "has"),
                                  (games[m].difference(games[baseline]), "has", "lacks")):
            if len(extra):
                raise ValueError(f"method {m!r} {has} game {_game(extra[0])} that baseline {baseline!r} {lacks}")


def _wide(scores: pd.DataFrame, baseline: str) -> pd.DataFrame:
    """One row per game (index black, white, round; sorted), one column per method, baseline first."""
    check_paired(scores, baseline)
    methods = [baseline] + [m for m in pd.unique(scores.method) if m != baseline]
    return scores.set_index([*KEYS, "method"]).score.unstack("method")[methods]


def _paired(method: pd.Series, base: pd.Series, *, level: float = plan.LEVEL, k: int = 1) -> dict:
    """Mean difference of two aligned score columns, its t interval (simultaneous over ``k`` comparisons) and the
    paired t-test's p (:func:`~.plan.paired_t`; the unit is the game pair)."""
    t = plan.paired_t(method.to_numpy() - base.to_numpy(), level=level, k=k)
    return {"games": t.games, "diff": t.diff, "diff_lo": t.lo, "diff_hi": t.hi, "se": t.se, "p": t.p}


def family_size(methods: Iterable[str], baseline: str, yardsticks: Iterable[str] = YARDSTICKS) -> int:
    """How many of ``methods`` a family over them holds: all but the baseline and the yardsticks."""
    outside = {baseline, *yardsticks}
    return sum(m not in outside for m in dict.fromkeys(methods))


def method_summary(scores: pd.DataFrame, *, baseline: str = "plain6", level: float = plan.LEVEL,
                   target: float = 0.04, family: str = "methods", yardsticks: Iterable[str] = YARDSTICKS,
                   k: int | None = None) -> pd.DataFrame:
    """Each method's mean score and its paired difference from the baseline, with intervals and tests.

    Args:
        scores: the long table (:func:`scores_frame`).
        baseline: the method every other is compared with.
        level: the intervals' confidence.
        target: the interval half-width ``rounds_needed`` aims at (0.04: 4 points).
        family: the id of the family the non-baseline methods other than ``yardsticks`` form (column ``family``).
        yardsticks: methods measured beside the family, outside it (family :data:`YARDSTICK`).
        k: the family's size when it is larger than this table (the map's family spans its cells); None: the
            table's own (:func:`family_size`).

    Returns:
        One row per method (baseline first, then in order of first appearance), columns :data:`SUMMARY`. ``score``
        with its t interval over the games (``score_lo`` to ``score_hi``); ``diff`` with its paired t interval
        (``diff_lo`` to ``diff_hi``), its standard error ``se`` and the paired t-test's ``p``; ``diff_lo_all`` to
        ``diff_hi_all`` the interval simultaneous over the family's ``k`` methods (Bonferroni), the one to quote for
        a method picked as the best of them, and ``p_holm`` Holm-corrected over the family (when ``k`` is larger
        than this table,
        the caller corrects over the whole family). A yardstick's simultaneous interval is its 95 % one and its
        ``p_holm`` its ``p``. ``halfwidth`` is the 95 % interval's half-width and ``rounds_needed`` =
        ceil(rounds * (halfwidth / target)**2), the rounds per pairing at which it would reach ``target`` (it
        shrinks as 1/sqrt(rounds)); it may be fewer than now (0 when the interval has no width). The baseline's
        diff is 0, its family empty and its diff intervals, p, p_holm, halfwidth and rounds_needed NaN.

    Raises:
        ValueError: ``scores`` is not a paired table (:func:`check_paired`), or ``k`` is below the table's family.
    """
    wide = _wide(scores, baseline)
    yardsticks = tuple(yardsticks)
    own = family_size(wide.columns, baseline, yardsticks)
    if k is not None and k < own:
        raise ValueError(f"family {family!r}: k {k} is below the table's own {own} methods")
    k = max(1, own if k is None else k)
    n_rounds = len(np.unique(wide.index.get_level_values("round")))
    nan = float("nan")
    rows = []
    for m in wide.columns:
        s = plan.paired_t(wide[m].to_numpy(), level=level)  # one sample: the score's own t interval
        row = {"method": m, "games": len(wide), "score": s.diff, "score_lo": s.lo, "score_hi": s.hi}
        if m == baseline:
            row |= {"diff": 0.0, "diff_lo": nan, "diff_hi": nan, "diff_lo_all": nan, "diff_hi_all": nan, "se": nan,
                    "p": nan,
                    "family": "", "halfwidth": nan, "rounds_needed": nan}
            rows.append(row)
            continue
        inside = m not in yardsticks
        row |= _paired(wide[m], wide[baseline], level=level)
        every = _paired(wide[m], wide[baseline], level=level, k=k if inside else 1)
        row |= {"diff_lo_all": every["diff_lo"], "diff_hi_all": every["diff_hi"],
                "family": family if inside else YARDSTICK, "halfwidth": (row["diff_hi"] - row["diff_lo"]) / 2}
        # The 1e-9 keeps a ratio that is a whole number up to rounding from costing an extra round.
        row["rounds_needed"] = float(math.ceil(n_rounds * (row["halfwidth"] / target) ** 2 - 1e-9))
        rows.append(row)
    out = pd.DataFrame(rows)
    out["p_holm"] = out.p  # a yardstick is a family of one
    inside = out.family == family
    if inside.any():
        out.loc[inside, "p_holm"] = plan.holm(out.p[inside])
    return out[SUMMARY]


def pairing_summary(scores: pd.DataFrame, *, baseline: str = "plain6", level: float = plan.LEVEL) -> pd.DataFrame:
    """Each non-baseline method's paired difference from the baseline within each (black, white) pairing.

    For a forest plot: the p-values are per pairing and NOT corrected for multiple testing (with 16 pairings and
    several methods some will fall below 0.05 by chance); use :func:`method_summary` or :func:`subset_test` for a claim.

    Returns:
        One row per (method, black, white), columns :data:`PAIRING`: the paired t interval over the pairing's game
        pairs, its test's p, and the family :data:`UNCORRECTED` (no correction: the table declares none).

    Raises:
        ValueError: ``scores`` is not a paired table (:func:`check_paired`).
    """
    wide = _wide(scores, baseline)
    rows = [{"method": m, "black": b, "white": w, "score": float(g[m].mean()), "base_score": float(g[baseline].mean()),
             **_paired(g[m], g[baseline], level=level), "family": UNCORRECTED}
            for m in wide.columns[1:] for (b, w), g in wide.groupby(level=["black", "white"])]
    return pd.DataFrame(rows, columns=PAIRING)


def pairings(scores: pd.DataFrame) -> list[tuple[int, int]]:
    """The (black, white) pairings a scores table (:func:`scores_frame`) holds, sorted."""
    return sorted({(int(b), int(w)) for b, w in scores[["black", "white"]].drop_duplicates().to_numpy()})


def subset_test(scores: pd.DataFrame, method: str, pairs: Iterable[tuple[int, int]], *, baseline: str = "plain6",
                level: float = plan.LEVEL, k: int = 1) -> dict:
    """The paired difference of ``method`` from the baseline pooled over the named pairings only.

    Args:
        scores: the long table (:func:`scores_frame`).
        method: the method tested (not the baseline).
        pairs: the (black, white) pairings pooled, e.g. those a hypothesis names before the games are seen.
        baseline: the method it is compared with.
        level, k: the interval's confidence, simultaneous over a family of ``k`` (:func:`~.plan.paired_t`).

    Returns:
        ``{"method", "pairs", "games", "diff", "diff_lo", "diff_hi", "se", "p"}``: the paired t interval over the pooled
        game pairs and its test's two-sided p (the comparison's own, whatever ``k``).

    Raises:
        ValueError: ``scores`` is not paired, ``method`` is unknown or the baseline, no pairing is named, or a pairing
            is not in the table.
    """
    wide = _wide(scores, baseline)
    if method not in wide.columns[1:]:
        raise ValueError(f"method {method!r} is not a non-baseline method of {list(wide.columns)}")
    pairs = [(int(b), int(w)) for b, w in pairs]
    if not pairs:
        raise ValueError("no pairing named")
    known = pairings(scores)
    for b, w in pairs:
        if (b, w) not in known:
            raise ValueError(f"unknown pairing (black={b}, white={w}); the table has {known}")
    sub = wide[wide.index.droplevel("round").isin(pairs)]
    return {"method": method, "pairs": pairs,
            **_paired(sub[method], sub[baseline], level=level, k=k)}


def win_changes(plain: list[dict], asym: list[dict], *, level: float = plan.LEVEL) -> pd.DataFrame:
    """Tables 11.2 and 11.3, paired: each pairing's change of Black's win rate from the plain tournament's games to
    the asymmetric one's, game by game (the two tournaments play the same seeds, so a game pairs with its twin).

    Returns:
        One row per (black, white): ``games``, ``plain`` and ``asym`` win rates, ``same_result`` (twins with the same
        result, not necessarily the same moves), ``diff`` (asym - plain) with its paired t interval ``diff_lo,
        diff_hi`` over the pairing's twins and the paired t-test's ``p`` on their win indicators
        (:func:`~.plan.paired_t`: the plan's one test for a game pair).

    Raises:
        ValueError: the tournaments do not play the same games (:func:`check_paired`).
    """
    wide = _wide(scores_frame({"plain": plain, "asym": asym}, wins=True), "plain")
    return pd.DataFrame([{"black": int(b), "white": int(w), "plain": float(g.plain.mean()),
                          "asym": float(g.asym.mean()), "same_result": int((g.plain == g.asym).sum()),
                          **_paired(g.asym, g.plain, level=level)}
                         for (b, w), g in wide.groupby(level=["black", "white"])])


def compare_pairings(plain: list[dict], asym: list[dict], *, alpha: float = plan.ALPHA) -> pd.DataFrame:
    """Tables 11.2 / 11.3 as the notebook shows them: :func:`win_changes` with each side's win and draw rates, numbers
    (the report formats them, :func:`~pawnslib.report.readable_chapters.pairing_changes_table`) but ``change``:
    "improved" / "worse" when the paired test rejects no change at ``alpha``, else "within noise"."""
    ch = win_changes(plain, asym)
    keys = ["black", "white"]
    rates = {side: pairing_counts(records).set_index(keys)[["win_rate", "draw_rate"]].add_suffix(f"_{side}")
             for side, records in (("plain", plain), ("asym", asym))}
    sides = ch[keys].join(rates["plain"], on=keys).join(rates["asym"], on=keys)
    return sides.assign(**{
        "games": ch.games, "same result": ch.same_result, "delta": ch["diff"], "delta_lo": ch.diff_lo,
        "delta_hi": ch.diff_hi, "p_value": ch.p,
        "change": np.where(ch.p >= alpha, "within noise", np.where(ch["diff"] > 0, "improved", "worse"))})


def pooled_win_change(plain: list[dict], asym: list[dict], pairs: Iterable[tuple[int, int]]) -> dict:
    """The paired change of Black's win rate from plain to asymmetric, pooled over ``pairs``
    (:func:`subset_test` on win indicators): ``{"games", "diff", "diff_lo", "diff_hi", "p", ...}``."""
    scores = scores_frame({"plain": plain, "asym": asym}, wins=True)
    return subset_test(scores, "asym", pairs, baseline="plain")
