"""Two of the thesis's remarks on prediction, tested offline on games the model never learnt from.

* Section 11.1: with the naive rule (a reply is likely when its pessimistic ratio is below a fixed bound),
  "comparing this with an approach where P(e) from the DBN is substituted for a random number shows that the DBN
  performs worse when comparing the move actually chosen from the opponent".
* Section 11.2: "the number of slices has almost no effect on the number of correct predictions".

Both are about which replies the model calls likely, not about play, so they are measured on the held-out games of
the minimax tournament (Table 10.2's, rounds ``train_rounds`` onwards): every White move, every reply's P(e), the
rule's likely set, and whether White's actual reply was in it (:func:`~.maxpr.reply_ranks`). A share of correct
predictions is a ratio over moves clustered in games, so its interval resamples games, and two rules are compared on
the same moves, paired (:func:`share_difference`).

Imports: ``config``, :mod:`pawnslib.play.records` (types), :mod:`pawnslib.search.seeds` (the random control's seed)
and the experiments :mod:`~.maxpr` (ranks, the threshold rule and its bound) and :mod:`~.thesis` (the verdict rules).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from pawnslib import config
from pawnslib.config import DEFAULT_SETTINGS, RunSettings
from pawnslib.dbn.model import N_SLICES
from pawnslib.experiments import plan, thesis
from pawnslib.experiments.maxpr import max_pr, reply_ranks, threshold_likely
from pawnslib.experiments.records import line
from pawnslib.play.records import GameRecord
from pawnslib.search.seeds import derive_seed

OFFLINE_SLICES = (1, 2, 3, 4, 6, 8)  # the time slices Section 11.2's "almost no effect" is checked over


def rule_hits(ranks: pd.DataFrame, *, max_pr: float | None = None) -> pd.DataFrame:
    """Per White move of ``ranks``: its game, whether the rule predicted (called some reply likely), whether
    White's reply was among the likely ones, and how many replies were likely. The rule is ``seen_before`` (the
    ``seen`` column), or with ``max_pr`` the threshold rule pr < ``max_pr``."""
    likely = (list(ranks.seen) if max_pr is None
              else [threshold_likely(c, n, max_pr) for c, n in zip(ranks.counts, ranks.n, strict=True)])
    made = np.array([bool(x.any()) for x in likely])
    hit = np.array([bool(x[p]) for x, p in zip(likely, ranks.played, strict=True)])
    return pd.DataFrame({"game": ranks.game.to_numpy(), "made": made, "hit": hit & made,
                         "likely": [int(x.sum()) for x in likely]})


def share_difference(a: pd.DataFrame, b: pd.DataFrame, *, seed: int = 0, n_boot: int = 2000) -> dict:
    """The share of predictions correct under two rules on the same moves, and their difference ``a - b``.

    Args:
        a, b: :func:`rule_hits` of the same ranks (same games, same moves).
        seed, n_boot: the bootstrap's seed and resamples.

    Returns:
        ``share_a``, ``share_b`` (correct / predictions made), their 95 % intervals (``a_lo`` ...), ``diff`` and
        its interval ``diff_lo``, ``diff_hi``, resampling games with both rules together (paired), ``made_a``,
        ``made_b`` (predictions) and ``games``.

    Raises:
        ValueError: ``a`` and ``b`` are not of the same games' moves, or a rule made no prediction.
    """
    if not np.array_equal(a.game.to_numpy(), b.game.to_numpy()):
        raise ValueError("share_difference compares two rules on the same moves: a and b have other games")
    if not (a.made.any() and b.made.any()):
        raise ValueError("share_difference needs predictions under both rules; one rule made none")
    ids, game = np.unique(a.game.to_numpy(), return_inverse=True)
    sums = {f"{k}_{c}": np.bincount(game, weights=f[c].to_numpy(float), minlength=len(ids))
            for k, f in (("a", a), ("b", b)) for c in ("made", "hit")}
    draws = np.random.default_rng(seed).integers(0, len(ids), (n_boot, len(ids)))
    boot = {k: sums[f"{k}_hit"][draws].sum(axis=1) / np.maximum(sums[f"{k}_made"][draws].sum(axis=1), 1)
            for k in ("a", "b")}
    out = {"games": len(ids), "made_a": int(a.made.sum()), "made_b": int(b.made.sum())}
    for k, f in (("a", a), ("b", b)):
        out[f"share_{k}"] = f.hit.sum() / f.made.sum()
        out[f"{k}_lo"], out[f"{k}_hi"] = np.quantile(boot[k], [0.025, 0.975])
    out["diff"] = out["share_a"] - out["share_b"]
    out["diff_lo"], out["diff_hi"] = np.quantile(boot["a"] - boot["b"], [0.025, 0.975])
    return out


def threshold_against_random(model, records: list[GameRecord], bound: float, *, seed: int) -> dict:
    """Section 11.1's comparison: the threshold rule pr < ``bound`` with the DBN's P(e) (``a``) against the same rule
    with a seeded random P(e) per child (``b``), on the same moves (:func:`share_difference`), with the verdict on
    the thesis's "the DBN performs worse", read as worse by at least a share's margin (:func:`~.plan.bound_verdict`
    at -:data:`~.thesis.SHARE_MARGIN`, side -1), and the mean likely set."""
    dbn, rnd = reply_ranks(model, records), reply_ranks(model, records, random_seed=seed)
    hits = rule_hits(dbn, max_pr=bound), rule_hits(rnd, max_pr=bound)
    out = share_difference(*hits, seed=seed)
    for k, h in zip("ab", hits, strict=True):
        out[f"likely_{k}"] = float(h.likely[h.made].mean())
    return out | {"max_pr": bound,
                  "verdict": plan.bound_verdict(out["diff_lo"], out["diff_hi"], -thesis.SHARE_MARGIN, -1)}


def slices_effect(model, records: list[GameRecord], *, slices: tuple[int, ...] = OFFLINE_SLICES,
                  seed: int = 0) -> tuple[pd.DataFrame, str]:
    """Section 11.2's remark: ``seen_before``'s share of correct predictions with the DBN unrolled to each number
    of time slices, against the thesis's 4 (``N_SLICES``), paired on the same moves.

    Returns:
        (one row per number of slices: ``slices``, ``predictions``, ``correct``, ``share`` and its interval, the
        difference from 4 slices with its interval and its own ``verdict`` against 0 +- :data:`~.thesis.NO_EFFECT`;
        the claim's verdict by :func:`~.thesis.no_effect_verdict`).

    Raises:
        ValueError: ``slices`` lacks ``N_SLICES`` or holds a number below 1.
    """
    if N_SLICES not in slices or min(slices) < 1:
        raise ValueError(f"slices must be numbers >= 1 including the thesis's {N_SLICES}, got {slices}")
    base = rule_hits(reply_ranks(model, records, n_slices=N_SLICES))
    rows = []
    for k in slices:
        hits = rule_hits(reply_ranks(model, records, n_slices=k)) if k != N_SLICES else base
        d = share_difference(hits, base, seed=seed)
        rows.append({"slices": k, "games": d["games"], "predictions": d["made_a"], "correct": int(hits.hit.sum()),
                     "share": d["share_a"], "share_lo": d["a_lo"], "share_hi": d["a_hi"],
                     "diff": d["diff"], "diff_lo": d["diff_lo"], "diff_hi": d["diff_hi"]})
    table = pd.DataFrame(rows)
    table["verdict"] = thesis.no_effect_verdicts(list(zip(table.diff_lo, table.diff_hi, strict=True)))
    others = table[table.slices != N_SLICES]
    return table, thesis.no_effect_verdict(list(zip(others.diff_lo, others.diff_hi, strict=True)))


def offline_claims(results: str | Path, games: dict[str, list[GameRecord]], models: dict, *,
                   settings: RunSettings = DEFAULT_SETTINGS) -> tuple[list[dict], dict[str, pd.DataFrame]]:
    """The two remarks' claims per strategy set (rows of the report's claims table) and each set's slices table.

    Args:
        results: the reading's results folder (the threshold is chosen on its training games).
        games: each set's minimax games; rounds ``settings.train_rounds`` onwards are held out.
        models: each set's opponent model (trained on the earlier rounds).
        settings: the run.

    The threshold is the one Chapter 13's threshold methods play (:func:`~.maxpr.max_pr`, chosen on the training
    games); the random control's seed derives from ``settings.seed`` and ``config.OFFLINE_STREAM``.
    """
    claims, tables = [], {}
    for s, model in models.items():
        held = [g for g in games[s] if g["round"] >= settings.train_rounds]
        bound = max_pr(results, s, 1, settings=settings)
        t = threshold_against_random(model, held, bound, seed=derive_seed(settings.seed, config.OFFLINE_STREAM))
        claims.append(line(
            "ch11.threshold_vs_random", "11.1",
            "with a fixed pr threshold the DBN predicts less well than a random P(e)",
            "worse (no figure)", evidence="no data", note="no figure", strategies=s,
            facts={"share_a": t["share_a"], "share_b": t["share_b"], "side": -1},
            verdict=t["verdict"], unit="share", test="one-sided", estimate=t["diff"], lo=t["diff_lo"],
            hi=t["diff_hi"], games=t["games"], thesis_value=-thesis.SHARE_MARGIN,
            margin_why=f"none: a bound, 'worse' read as worse by at least {thesis.SHARE_WHY}",
            why=(f"pr < {t['max_pr']:.3f} (Chapter 13's MAX_PR) on the {t['games']} held-out games: {t['made_a']} and "
                 f"{t['made_b']} predictions, {t['likely_a']:.1f} and {t['likely_b']:.1f} likely replies a "
                 "prediction; paired interval over games; reproduced when the DBN's share is lower by the margin or "
                 "more (the interval of the difference wholly at or below it)")))
        table, verdict = slices_effect(model, held, seed=settings.seed)
        tables[s] = table
        # the line shows the change that decides the claim: one wholly beyond the margin, else one that straddles
        # it, else the largest (every change within the margin)
        order = table[table.slices != N_SLICES].assign(
            rank=lambda d: d.verdict.map({"not reproduced": 0, "inconclusive": 1, "reproduced": 2}),
            size=lambda d: -d["diff"].abs()).sort_values(["rank", "size"])
        far = order.iloc[0]
        claims.append(line(
            "ch11.time_slices", "11.2", "the number of time slices has almost no effect on correct predictions",
            f"almost none (it used {N_SLICES})", evidence="no data", note="'initial tests', no figure", strategies=s,
            facts={"slices": [int(n) for n in table.slices], "at": int(far.slices)},
            verdict=verdict, unit="share", test="paired-bootstrap", estimate=far["diff"], lo=far.diff_lo,
            hi=far.diff_hi, games=int(far.games), thesis_value=0, margin=thesis.NO_EFFECT,
            margin_why=f"'almost no effect' read as under {thesis.SHARE_WHY}",
            why=(f"seen_before's share correct on the {int(far.games)} held-out games, each slice count against "
                 f"{N_SLICES} on the same moves; reproduced when every difference's 95 % interval lies within "
                 f"±{100 * thesis.NO_EFFECT:.0f} points (the estimate: the change that decides)")))
    return claims, tables


__all__ = ["offline_claims", "rule_hits", "share_difference", "slices_effect", "threshold_against_random"]
