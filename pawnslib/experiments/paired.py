"""Statistics of the paired tournament: each Black method against the baseline on the same games.

Why paired. Every method's game of a (black, white, round) has the same seed, so two methods' games differ only
through Black's choices; comparing them game by game removes what the seed contributes (openings, White's
tie-breaks), which two unpaired win rates would each carry as noise.

Why a bootstrap over rounds. A round, one game of every pairing, is the design's replicate. Resampling whole rounds
(a cluster bootstrap; the statistic is the mean over all games of the drawn rounds) keeps each resample's mix of
pairings that of the tournament (the pairings are fixed, not sampling noise), and stays valid if games of one round
are related. Percentile intervals stay inside [0, 1] (scores) and [-1, 1] (differences), and are exactly (1, 1)
when a method wins every game the baseline loses.

Why a sign-flip test. If a method plays as well as the baseline, each game's difference score(method) -
score(baseline) is as likely to have either sign; flipping signs gives the mean difference's null distribution
without a normal approximation for scores of 0, 1/2 and 1. It is exact (all 2**n patterns) when 2**n <= n_perm,
else randomised with p = (1 + hits) / (1 + n_perm), never 0. Why Holm: :func:`method_summary` tests several methods
against one baseline; Holm's step-down correction keeps the family-wise error rate without Bonferroni's loss of power.

Scores and differences are fractions (0.53), not percent. Each interval and test draws from its own
``np.random.default_rng(seed)``, so a row does not depend on the table's other rows: same seed, same table.

Imports: ``config`` (the default seed) and :mod:`~.stats` (the cluster bootstrap, the pairings' counts); it plays
nothing, so it takes a statistic's ``seed``, not a run's settings.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np
import pandas as pd
from statsmodels.stats.multitest import multipletests

from pawnslib import config
from pawnslib.experiments.stats import cluster_ci, pairing_counts

N_BOOT = 10_000  # bootstrap resamples per interval
N_PERM = 10_000  # sign patterns per randomised test (the test is exact when 2**games <= N_PERM)
KEYS = ["black", "white", "round"]  # a game: the same for every method
COLUMNS = ["method", *KEYS, "score"]
SCORES = {"black": 1.0, "draw": 0.5, "white": 0.0}  # Black's score by the game's result
SUMMARY = ["method", "games", "score", "score_lo", "score_hi", "diff", "diff_lo", "diff_hi", "diff_lo_all",
           "diff_hi_all", "p", "p_holm", "halfwidth", "rounds_needed"]  # method_summary's columns
PAIRING = ["method", "black", "white", "games", "score", "base_score", "diff", "diff_lo", "diff_hi", "p"]


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


def _sign_flip_p(diffs: np.ndarray, *, n_perm: int, seed: int) -> float:
    """Two-sided sign-flip p-value of the mean of ``diffs`` (multiples of 1/2): P(|mean*| >= |mean|)."""
    k = np.rint(2 * np.asarray(diffs)).astype(np.int64)  # integers: ties between |sums| compare exactly
    n, total = len(k), int(k.sum())
    if total == 0:
        return 1.0  # every pattern ties the observed 0 (the randomised estimate is exactly 1 too)
    if 2**n <= n_perm:  # exact: every sign pattern once
        bits = (np.arange(2**n)[:, None] >> np.arange(n)) & 1
        return float(np.mean(np.abs(2 * (bits @ k) - total) >= abs(total)))
    rng, hits = np.random.default_rng(seed), 0
    chunk = max(1, 2**22 // n)  # patterns per batch: about 16 MB of float32 at a time
    # |null| <= 4n: whole numbers, exact in float32 below 2**24 (float32 halves the memory traffic)
    dtype = np.float32 if 4 * n < 2**24 else np.float64
    for start in range(0, n_perm, chunk):
        m = min(chunk, n_perm - start)
        # A bit per game (1: keep the sign, 0: flip it); packed bytes are 8 times cheaper to draw.
        bits = np.unpackbits(rng.integers(0, 256, (m, (n + 7) // 8), dtype=np.uint8), axis=1, count=n)
        null = 2 * (bits.astype(dtype) @ k.astype(dtype)) - total
        hits += int(np.count_nonzero(np.abs(null) >= abs(total)))
    return (hits + 1) / (n_perm + 1)


def _paired(method: pd.Series, base: pd.Series, *, level: float, n_boot: int, n_perm: int, seed: int) -> dict:
    """Mean difference of two aligned score columns, its cluster-bootstrap interval and sign-flip p."""
    d = method.to_numpy() - base.to_numpy()
    rounds = method.index.get_level_values("round").to_numpy()
    lo, hi = cluster_ci(d, rounds, level=level, n_boot=n_boot, seed=seed)
    return {"games": len(d), "diff": float(d.mean()), "diff_lo": lo, "diff_hi": hi,
            "p": _sign_flip_p(d, n_perm=n_perm, seed=seed)}


def method_summary(scores: pd.DataFrame, *, baseline: str = "plain6", level: float = 0.95, n_boot: int = N_BOOT,
                   n_perm: int = N_PERM, seed: int = config.SEED, target: float = 0.04) -> pd.DataFrame:
    """Each method's mean score and its paired difference from the baseline, with intervals and tests.

    Args:
        scores: the long table (:func:`scores_frame`).
        baseline: the method every other is compared with.
        level, n_boot, n_perm, seed: the intervals' level, bootstrap resamples (of rounds), sign patterns of
            the randomised test, and the seed of every draw.
        target: the interval half-width ``rounds_needed`` aims at (0.04: 4 points).

    Returns:
        One row per method (baseline first, then in order of first appearance), columns :data:`SUMMARY`. ``p_holm``
        is Holm-corrected over the non-baseline methods, and ``diff_lo_all`` to ``diff_hi_all`` is the change's
        simultaneous interval over them (Bonferroni: each at level ``1 - (1 - level) / k`` for ``k`` methods), the
        one to quote for a method picked as the best of them.
        ``rounds_needed`` = ceil(rounds * (halfwidth / target)**2), the rounds per pairing at which the half-width
        would reach ``target`` if it shrinks as 1/sqrt(rounds); it may be fewer than now (0 when the interval has
        no width). The baseline's diff is 0 and its diff intervals, p, p_holm, halfwidth and rounds_needed are NaN.

    Raises:
        ValueError: ``scores`` is not a paired table (:func:`check_paired`).
    """
    wide = _wide(scores, baseline)
    rounds = wide.index.get_level_values("round").to_numpy()
    n_rounds = len(np.unique(rounds))
    nan = float("nan")
    level_all = 1 - (1 - level) / max(1, len(wide.columns) - 1)
    rows = []
    for m in wide.columns:
        lo, hi = cluster_ci(wide[m].to_numpy(), rounds, level=level, n_boot=n_boot, seed=seed)
        row = {"method": m, "games": len(wide), "score": float(wide[m].mean()), "score_lo": lo, "score_hi": hi}
        if m == baseline:
            row |= {"diff": 0.0, "diff_lo": nan, "diff_hi": nan, "diff_lo_all": nan, "diff_hi_all": nan, "p": nan,
                    "halfwidth": nan, "rounds_needed": nan}
        else:
            row |= _paired(wide[m], wide[baseline], level=level, n_boot=n_boot, n_perm=n_perm, seed=seed)
            row["diff_lo_all"], row["diff_hi_all"] = cluster_ci(wide[m].to_numpy() - wide[baseline].to_numpy(), rounds,
                                                                level=level_all, n_boot=n_boot, seed=seed)
            row["halfwidth"] = max(row["diff"] - row["diff_lo"], row["diff_hi"] - row["diff"])
            # The 1e-9 keeps a ratio that is a whole number up to rounding from costing an extra round.
            row["rounds_needed"] = float(math.ceil(n_rounds * (row["halfwidth"] / target) ** 2 - 1e-9))
        rows.append(row)
    out = pd.DataFrame(rows)
    out["p_holm"] = nan
    others = out.method != baseline
    if others.any():
        out.loc[others, "p_holm"] = multipletests(out.loc[others, "p"], method="holm")[1]
    return out[SUMMARY]


def pairing_summary(scores: pd.DataFrame, *, baseline: str = "plain6", level: float = 0.95, n_boot: int = N_BOOT,
                    n_perm: int = N_PERM, seed: int = config.SEED) -> pd.DataFrame:
    """Each non-baseline method's paired difference from the baseline within each (black, white) pairing.

    For a forest plot: the p-values are per pairing and NOT corrected for multiple testing (with 16 pairings and
    several methods some will fall below 0.05 by chance); use :func:`method_summary` or :func:`subset_test` for a claim.

    Returns:
        One row per (method, black, white), columns :data:`PAIRING`: the bootstrap over the pairing's rounds, p its
        sign-flip test.

    Raises:
        ValueError: ``scores`` is not a paired table (:func:`check_paired`).
    """
    wide = _wide(scores, baseline)
    rows = [{"method": m, "black": b, "white": w, "score": float(g[m].mean()), "base_score": float(g[baseline].mean()),
             **_paired(g[m], g[baseline], level=level, n_boot=n_boot, n_perm=n_perm, seed=seed)}
            for m in wide.columns[1:] for (b, w), g in wide.groupby(level=["black", "white"])]
    return pd.DataFrame(rows, columns=PAIRING)


def pairings(scores: pd.DataFrame) -> list[tuple[int, int]]:
    """The (black, white) pairings a scores table (:func:`scores_frame`) holds, sorted."""
    return sorted({(int(b), int(w)) for b, w in scores[["black", "white"]].drop_duplicates().to_numpy()})


def subset_test(scores: pd.DataFrame, method: str, pairs: Iterable[tuple[int, int]], *, baseline: str = "plain6",
                level: float = 0.95, n_boot: int = N_BOOT, n_perm: int = N_PERM, seed: int = config.SEED) -> dict:
    """The paired difference of ``method`` from the baseline pooled over the named pairings only.

    Args:
        scores: the long table (:func:`scores_frame`).
        method: the method tested (not the baseline).
        pairs: the (black, white) pairings pooled, e.g. those a hypothesis names before the games are seen.

    Returns:
        ``{"method", "pairs", "games", "diff", "diff_lo", "diff_hi", "p"}``: the interval is the cluster bootstrap
        over rounds, p the two-sided sign-flip test on the pooled games.

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
            **_paired(sub[method], sub[baseline], level=level, n_boot=n_boot, n_perm=n_perm, seed=seed)}


def win_changes(plain: list[dict], asym: list[dict], *, level: float = 0.95, n_boot: int = N_BOOT,
                n_perm: int = N_PERM, seed: int = config.SEED) -> pd.DataFrame:
    """Tables 11.2 and 11.3, paired: each pairing's change of Black's win rate from the plain tournament's games to
    the asymmetric one's, game by game (the two tournaments play the same seeds, so a game pairs with its twin).

    Returns:
        One row per (black, white): ``games``, ``plain`` and ``asym`` win rates, ``same_result`` (twins with the same
        result, not necessarily the same moves), ``diff`` (asym - plain) with its bootstrap interval ``diff_lo,
        diff_hi`` (over the pairing's rounds) and the sign-flip ``p`` (on win indicators: McNemar's exact test on the
        twins that differ).

    Raises:
        ValueError: the tournaments do not play the same games (:func:`check_paired`).
    """
    wide = _wide(scores_frame({"plain": plain, "asym": asym}, wins=True), "plain")
    return pd.DataFrame([{"black": int(b), "white": int(w), "plain": float(g.plain.mean()),
                          "asym": float(g.asym.mean()), "same_result": int((g.plain == g.asym).sum()),
                          **_paired(g.asym, g.plain, level=level, n_boot=n_boot, n_perm=n_perm, seed=seed)}
                         for (b, w), g in wide.groupby(level=["black", "white"])])


def compare_pairings(plain: list[dict], asym: list[dict], *, alpha: float = 0.05,
                     seed: int = config.SEED) -> pd.DataFrame:
    """Tables 11.2 / 11.3 as the notebook shows them: :func:`win_changes` with each side's win and draw rates, numbers
    (the report formats them, :func:`~pawnslib.report.readable_chapters.pairing_changes_table`) but ``change``:
    "improved" / "worse" when the paired test rejects no change at ``alpha``, else "within noise"."""
    ch = win_changes(plain, asym, seed=seed)
    keys = ["black", "white"]
    rates = {side: pairing_counts(records).set_index(keys)[["win_rate", "draw_rate"]].add_suffix(f"_{side}")
             for side, records in (("plain", plain), ("asym", asym))}
    sides = ch[keys].join(rates["plain"], on=keys).join(rates["asym"], on=keys)
    return sides.assign(**{
        "games": ch.games, "same result": ch.same_result, "delta": ch["diff"], "delta_lo": ch.diff_lo,
        "delta_hi": ch.diff_hi, "p_value": ch.p,
        "change": np.where(ch.p >= alpha, "within noise", np.where(ch["diff"] > 0, "improved", "worse"))})


def pooled_win_change(plain: list[dict], asym: list[dict], pairs: Iterable[tuple[int, int]], *,
                      seed: int = config.SEED) -> dict:
    """The paired change of Black's win rate from plain to asymmetric, pooled over ``pairs``
    (:func:`subset_test` on win indicators): ``{"games", "diff", "diff_lo", "diff_hi", "p", ...}``."""
    scores = scores_frame({"plain": plain, "asym": asym}, wins=True)
    return subset_test(scores, "asym", pairs, baseline="plain", seed=seed)
