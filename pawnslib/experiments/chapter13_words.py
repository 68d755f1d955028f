"""Chapter 13's answer in words, written from its tables: the verdict, its sentences and the report's row.

Every sentence is computed from the ``ch13_methods`` table (:func:`~.chapter13.compare`) and the claims' tests, or
from the map of where prediction pays and the oracle's loss (:mod:`~.predictability`), with the significance level
``alpha`` (:data:`~.thesis.ALPHA`) it is given, so the notebook, the report and the README say the same. Units: a
method's change is in *score points* (a draw half a win); Chapter 12's claims, which the thesis states in Black's
wins, in *win-rate points*. Every p names its correction and the group it corrects over.

Every verdict a sentence states is decided first, from the numbers alone, by :func:`decisions`,
:func:`map_decisions` and :func:`loss_decisions`: a label or a boolean under a named key (or a contrast's id,
:func:`~.chapter13.contrast_id`, for its comparison label); the sentences only look the decision up and word it.

Imports the experiments :mod:`~.chapter13` (the methods and the contrasts' ids and verdicts), :mod:`~.paired` (its
tests' floor) and :mod:`~.thesis`.
"""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import NamedTuple

import pandas as pd

from pawnslib.experiments import paired, thesis
from pawnslib.experiments.chapter13 import (
    BASELINE,
    METHODS,
    METHODS_GROUP,
    contrast_id,
    contrasts_id,
    loss_id,
    map_id,
    verdict_label,
)
from pawnslib.experiments.records import line

# comparison_label's labels, and how a sentence says each: "<method> is <words> <baseline>"
COMPARISON_WORDS = {"better": "better than", "worse": "worse than", "not distinguishable": "not distinguishable from",
                    "not distinguishable once corrected": "not distinguishable (once Holm-corrected) from"}
# the answers of decisions()'s "matching" and "recognition" keys, and how the sentences say them
MATCHING_WORDS = {
    "no loss": "OM search loses nothing beyond noise there, so matching has no loss to remove",
    "not removed": "Matching White's depth **does not remove** OM search's loss there",
    "reduced": "Matching White's depth **reduces but does not remove** OM search's loss there",
    "removed": "Matching White's depth **removes** OM search's loss there"}
RECOGNITION_WORDS = {"pays": "**it pays**", "loses": "**no: calibrated recognition loses to recognising no one**",
                     "not measurable": "**no gain from recognition is measurable** at this power"}
LEARNED = ("prom-dbn", "prom-dbn-cal", "one-hist-game")  # the learned models whose share of om-perfect's gain is given
PROM = ("prom-uniform", "prom-dbn", "prom-dbn-cal")  # PrOM search's methods


def _pts(x: float) -> str:
    """A difference of scores in points (percent of a game), signed."""
    return f"{100 * x:+.1f}"


def diff_ci(t: pd.DataFrame, m: str) -> str:
    """Method ``m``'s difference from plain6 with its interval, in score points (``t``: ch13_methods by method)."""
    return f"{_pts(t.loc[m, 'diff'])} score points ({_pts(t.loc[m, 'diff_lo'])} to {_pts(t.loc[m, 'diff_hi'])})"


def methods_group(t: pd.DataFrame) -> str:
    """The group the methods' Holm correction runs over, in words (``t``: ch13_methods by method)."""
    return f"over the {len(t) - 1} methods against plain6"


def contrasts_group(contrasts: pd.DataFrame) -> str:
    """The group the paired contrasts' Holm correction runs over, in words."""
    return f"over the {len(contrasts)} paired contrasts"


def holm_value(p: float, p_holm: float) -> str:
    """A Holm-corrected p as a table shows it: "≤ x" when the randomised test's p is at its floor (no sign pattern was
    as extreme as the data's, so the true p is smaller than the estimate), else "x"."""
    floor = 1 / (paired.N_PERM + 1)
    return f"≤ {p_holm:.2g}" if p <= floor * (1 + 1e-9) else f"{p_holm:.2g}"


def _holm(p: float, p_holm: float, group: str) -> str:
    """A Holm-corrected p in a sentence, naming its ``group``: "p (Holm over ...) ≤ x" at the test's floor, else
    "p (Holm over ...) = x"."""
    at_floor = p <= (1 + 1e-9) / (paired.N_PERM + 1)  # holm_value's own rule, decided here, not read off its text
    return f"p (Holm {group}) {holm_value(p, p_holm)}" if at_floor else f"p (Holm {group}) = {holm_value(p, p_holm)}"


# ----------------------------------------------------------------------------- the decisions, from the numbers alone


def comparison_label(diff: float, lo: float, hi: float, p_holm: float, alpha: float) -> str:
    """How a paired difference compares (a key of :data:`COMPARISON_WORDS`): "better" / "worse" when its
    Holm-corrected p is below ``alpha`` (:func:`~.chapter13.verdict_label`); "not distinguishable once corrected" when
    only the uncorrected interval ``lo`` to ``hi`` excludes 0 (the intervals printed are per comparison; the words
    follow the correction for all of them); else "not distinguishable"."""
    label = verdict_label(diff, p_holm, alpha)
    if label == "not distinguishable" and (lo > 0 or hi < 0):
        return "not distinguishable once corrected"
    return label


def comparison_word(diff: float, lo: float, hi: float, p_holm: float, alpha: float) -> str:
    """:func:`comparison_label` in words: "better than", "worse than", "not distinguishable (once Holm-corrected)
    from" or "not distinguishable from"."""
    return COMPARISON_WORDS[comparison_label(diff, lo, hi, p_holm, alpha)]


def _beyond(label: str | None) -> bool:
    """Whether a comparison label says the difference is beyond noise (Holm-corrected), either way."""
    return label in ("better", "worse")


def method_labels(t: pd.DataFrame, alpha: float) -> dict[str, str]:
    """Each method's :func:`comparison_label` against plain6, keyed by its contrast id (``ch13.methods.<m>-plain6``;
    ``t``: ch13_methods by method)."""
    return {contrast_id(METHODS_GROUP, m, BASELINE): comparison_label(
        t.loc[m, "diff"], t.loc[m, "diff_lo"], t.loc[m, "diff_hi"], t.loc[m, "p_holm"], alpha)
        for m in t.index if m != BASELINE}


def _method_label(decided: dict, m: str) -> str:
    """Method ``m``'s label against plain6 in :func:`decisions`' answer."""
    return decided[contrast_id(METHODS_GROUP, m, BASELINE)]


def _opponent_decisions(t: pd.DataFrame, labels: dict[str, str]) -> dict[str, bool]:
    """:func:`decisions`' keys for OM and PrOM search (``t``: ch13_methods by method)."""
    out = {}
    if "om-perfect" in t.index:
        out["om_perfect_gains"] = bool(t.loc["om-perfect", "diff"] > 0)
        out["om_disaster"] = _method_label(labels, "om-perfect") == "worse"
    prom = [m for m in PROM if m in t.index]
    if prom:
        out["prom_beats_alphabeta"] = any(_method_label(labels, m) == "better" for m in prom)
    return out


def _method_decisions(t: pd.DataFrame, alpha: float, target: float) -> dict[str, bool | str]:
    """:func:`decisions`' keys from the ch13_methods table (``t``, by method)."""
    labels = method_labels(t, alpha)
    predicting = [m for m in t.index if METHODS[m].asym]
    out: dict[str, bool | str] = dict(labels)
    out["prediction_beats_plain6"] = any(_method_label(labels, m) == "better" for m in predicting)
    out["prediction_loses_to_plain6"] = any(_method_label(labels, m) == "worse" for m in predicting)
    if predicting and "plain8" in t.index:
        # A share of plain8's gain only for a change beyond noise: a ratio on an estimate within noise says nothing.
        best = best_predicting(t)
        out["best_share_of_plain8"] = bool(t.loc["plain8", "diff"] > 0 and t.loc[best, "p_holm"] < alpha)
    wide = t.halfwidth.dropna() if "halfwidth" in t else pd.Series(dtype=float)
    if len(wide):
        out["power_reached"] = bool(wide.max() <= target)
    return out | _opponent_decisions(t, labels)


def _matching(labels: dict[str, str]) -> str | None:
    """Whether matching White's depth removes OM search's loss against White 1 (a key of :data:`MATCHING_WORDS`), or
    None without the contrasts that tell."""
    om, matched = contrasts_id("om-perfect", "plain6", "1"), contrasts_id("om-matched", "om-perfect", "1")
    if om not in labels or matched not in labels:
        return None
    if not _beyond(labels[om]):
        return "no loss"
    if not _beyond(labels[matched]):
        return "not removed"
    return "reduced" if labels.get(contrasts_id("om-matched", "plain6", "1")) == "worse" else "removed"


def contrast_decisions(contrasts: pd.DataFrame, alpha: float) -> dict[str, str]:
    """:func:`decisions`' keys from the foresight contrasts (:func:`~.chapter13.foresight_contrasts`): each
    contrast's :func:`comparison_label` by its id (:func:`~.chapter13.contrasts_id`), ``matching`` (a key of
    :data:`MATCHING_WORDS`) and ``recognition`` (of :data:`RECOGNITION_WORDS`) when their contrasts are there."""
    out = {contrasts_id(r.method, r.against, r.white): comparison_label(r.diff, r.diff_lo, r.diff_hi, r.p_holm, alpha)
           for r in contrasts.itertuples()}
    matching = _matching(out)
    if matching:
        out["matching"] = matching
    recognition = out.get(contrasts_id("prom-dbn-cal", "prom-uniform"))
    if recognition:
        out["recognition"] = {"better": "pays", "worse": "loses"}.get(recognition, "not measurable")
    return out


def decisions(methods: pd.DataFrame, contrasts: pd.DataFrame | None = None, alpha: float = thesis.ALPHA, *,
              target: float = 0.04) -> dict[str, bool | str]:
    """Every verdict :func:`verdict_text` states, decided from the numbers alone (a key is there only when its
    methods or contrasts are).

    Args:
        methods: the ``ch13_methods`` table (:func:`~.chapter13.compare`).
        contrasts: the foresight contrasts (:func:`~.chapter13.foresight_contrasts`), if any.
        alpha: the level a Holm-corrected p must be below.
        target: the power goal, an interval's half-width.

    Returns:
        Per method its :func:`comparison_label` against plain6 under its contrast id (``ch13.methods.<m>-plain6``),
        and per foresight contrast under its id (``ch13.contrasts.<m>-<against>[.white<w>]``); and the booleans
        ``prediction_beats_plain6`` (some prediction method beats plain6, the report's "Yes"),
        ``prediction_loses_to_plain6``, ``best_share_of_plain8`` (the best prediction method's change is beyond
        noise and ``plain8`` gains: its share of that gain is worth giving), ``power_reached`` (every interval
        within ``target``), ``om_perfect_gains`` (OM search's estimate is above plain6's), ``om_disaster`` (OM search
        with White's true weights loses beyond noise: the published warning holds), ``prom_beats_alphabeta`` (a PrOM
        search beats plain6 beyond noise: the published finding holds); and the labels ``matching`` (does matching
        White's depth remove OM search's loss against White 1: "no loss", "not removed", "reduced", "removed") and
        ``recognition`` (does calibrated recognition pay over none: "pays", "loses", "not measurable").
    """
    out = _method_decisions(methods.set_index("method"), alpha, target)
    if contrasts is not None and len(contrasts):
        out |= contrast_decisions(contrasts, alpha)
    return out


def map_decisions(table: pd.DataFrame, alpha: float = thesis.ALPHA) -> dict[str, bool | str]:
    """The verdicts of :func:`map_sentences`, from the map (:func:`~.predictability.map_table`): each row's
    :func:`~.chapter13.verdict_label` by its id (:func:`~.chapter13.map_id`), and ``modelling_pays`` (a method that
    models White, all but ``plain8``, beats plain6 beyond noise in some cell)."""
    out: dict[str, bool | str] = {map_id(r.method, r.white_noise, r.white_depth): verdict_label(r.diff, r.p_holm, alpha)
                                  for r in table.itertuples()}
    out["modelling_pays"] = any(out[map_id(r.method, r.white_noise, r.white_depth)] == "better"
                                for r in table.itertuples() if r.method != "plain8")
    return out


def paying_cell(table: pd.DataFrame, alpha: float = thesis.ALPHA):
    """The map's row where a method that models White gains most among those beyond noise (the pay answer's
    regime), or None where none is."""
    decided = map_decisions(table, alpha)
    rows = [r for r in table.itertuples() if r.method != "plain8"
            and decided[map_id(r.method, r.white_noise, r.white_depth)] == "better"]
    return max(rows, key=lambda r: r.diff) if rows else None


def loss_decisions(loss: pd.DataFrame, alpha: float = thesis.ALPHA) -> dict[str, bool | str]:
    """The verdicts of :func:`loss_sentences`, from :func:`~.predictability.oracle_loss`'s table: each contrast's
    :func:`~.chapter13.verdict_label` by its id (:func:`~.chapter13.loss_id`); ``diagonal_loses`` (the oracle loses
    beyond noise on the diagonal at some White depth) when a diagonal contrast is there; and ``deep_removes_loss``
    (``oracle-deep`` is within noise of plain6 and beats the oracle beyond noise) when its three contrasts are."""
    out: dict[str, bool | str] = {loss_id(r.method, r.against, r.white_depth, r.pairings):
                                  verdict_label(r.diff, r.p_holm, alpha) for r in loss.itertuples()}
    diagonal = [out[loss_id("oracle", "plain6", d, "diagonal")] for d in loss.white_depth.unique()
                if loss_id("oracle", "plain6", d, "diagonal") in out]
    if diagonal:
        out["diagonal_loses"] = "worse" in diagonal
    deep = _deep_ids(loss)
    if all(k in out for k in deep.values()):
        out["deep_removes_loss"] = out[deep["plain6"]] != "worse" and out[deep["oracle"]] == "better"
    return out


def _deep_ids(loss: pd.DataFrame) -> dict[str, str]:
    """The ids of ``oracle-deep``'s contrasts (against plain6, the oracle and plain8) at the oracle's deepest White."""
    oracle = loss[loss.method == "oracle"]
    depth = int(oracle.white_depth.max()) if len(oracle) else 0
    return {a: loss_id("oracle-deep", a, depth) for a in ("plain6", "oracle", "plain8")}


# ----------------------------------------------------------------------------- the sentences


def beating(t: pd.DataFrame, alpha: float = thesis.ALPHA) -> list[str]:
    """The prediction methods that beat plain6 beyond noise (Holm-corrected p below ``alpha``, a positive change;
    ``t``: ch13_methods by method)."""
    return [m for m in t.index if METHODS[m].asym and verdict_label(t.loc[m, "diff"], t.loc[m, "p_holm"], alpha)
            == "better"]


def best_predicting(t: pd.DataFrame) -> str:
    """The prediction method with the largest difference from plain6 (``t``: ch13_methods by method)."""
    return max((m for m in t.index if METHODS[m].asym), key=lambda m: t.loc[m, "diff"])


def verdict_text(methods: pd.DataFrame, claims: pd.DataFrame | None = None, contrasts: pd.DataFrame | None = None, *,
            alpha: float = thesis.ALPHA, target: float = 0.04) -> str:
    """The comparison's answer in words, written from the ``ch13_methods`` table (and the claims' and foresight
    contrasts' tests, :func:`~.chapter13.foresight_contrasts`).

    A method beats (or loses to) ``plain6`` "beyond noise" when its Holm-corrected p is below ``alpha``.
    """
    return " ".join(verdict_sentences(methods, claims, contrasts, alpha=alpha, target=target))


def verdict_sentences(methods: pd.DataFrame, claims: pd.DataFrame | None = None,
                      contrasts: pd.DataFrame | None = None, *, alpha: float = thesis.ALPHA,
                      target: float = 0.04) -> list[str]:
    """:func:`verdict_text`'s sentences, in order: the games, whether a prediction method beats ``plain6``, ..."""
    t = methods.set_index("method")
    decided = decisions(methods, alpha=alpha, target=target)
    out = [f"Each method played the same {int(t.games.iloc[0])} games as `plain6`."]
    out += _beating_sentences(t, decided, alpha)
    if any(METHODS[m].asym for m in t.index):
        out += _best_sentences(t, decided)
    out += _power_sentences(t, decided, target)
    out += opponent_verdict(t, lambda m: diff_ci(t, m), alpha)
    if contrasts is not None and len(contrasts):
        out += foresight_verdict(contrasts, alpha)
    return out + _claims_sentences(claims)


def _beating_sentences(t: pd.DataFrame, decided: dict, alpha: float) -> list[str]:
    """Whether a prediction method beats ``plain6`` beyond noise, and which lose to it (``t``: ch13_methods by
    method; ``decided``: :func:`decisions`)."""
    predicting = [m for m in t.index if METHODS[m].asym]
    out = []
    if decided["prediction_beats_plain6"]:
        better = [m for m in predicting if _method_label(decided, m) == "better"]
        out.append(f"Beyond noise (p < {alpha:g}, Holm-corrected {methods_group(t)}), "
                   + ", ".join(f"`{m}` beats `plain6` by {diff_ci(t, m)}" for m in better) + ".")
    elif predicting:
        out.append(f"**No prediction method beats `plain6` beyond noise** (p < {alpha:g}, Holm-corrected "
                   f"{methods_group(t)}).")
    if decided["prediction_loses_to_plain6"]:
        worse = [m for m in predicting if _method_label(decided, m) == "worse"]
        out.append("Beyond noise, " + ", ".join(f"`{m}` loses to it, {diff_ci(t, m)}" for m in worse) + ".")
    return out


def _best_sentences(t: pd.DataFrame, decided: dict) -> list[str]:
    """The best prediction method, the bound on any, what two more plies buy and the random control (``t``:
    ch13_methods by method, with a prediction method; ``decided``: :func:`decisions`)."""
    best = best_predicting(t)
    out = [best_sentence(t) + f", {_holm(t.loc[best, 'p'], t.loc[best, 'p_holm'], methods_group(t))}.",
           bound_sentence(t) + "."]
    if "plain8" in t.index:
        share = (f"gains {100 * t.loc[best, 'diff'] / t.loc['plain8', 'diff']:.0f} % of that at"
                 if decided["best_share_of_plain8"] else "changes it within noise, at")
        out.append(f"Two more plies everywhere (`plain8`) change it by {diff_ci(t, 'plain8')} at "
                   f"{_nodes(t, 'plain8'):.1f} times plain6's nodes per search; `{best}` {share} "
                   f"{_nodes(t, best):.2f} times.")
    if "random" in t.index and "one-hist" in t.index:
        out.append(f"The random control changes it by {diff_ci(t, 'random')}, the thesis's `one-hist` by "
                   f"{diff_ci(t, 'one-hist')}: the same tree and rule, the DBN's predictions against chance.")
    return out


def _power_sentences(t: pd.DataFrame, decided: dict, target: float) -> list[str]:
    """Whether every interval reached the power goal ``target`` (``decided``: :func:`decisions`)."""
    if "power_reached" not in decided:
        return []
    wide = t.halfwidth.dropna()
    w = wide.idxmax()
    return [f"Power: every difference's 95 % interval is within +-{100 * wide.max():.1f} score points"
            + (f" (goal +-{100 * target:.0f})." if decided["power_reached"] else
               f", wider than the goal of +-{100 * target:.0f}; `{w}` would need about "
               f"{int(t.loc[w, 'rounds_needed'])} rounds a pairing to reach it.")]


def _claims_sentences(claims: pd.DataFrame | None) -> list[str]:
    """Chapter 12's claims tested on the comparison's games, with the verdict by the report's rule (their table's)."""
    if claims is None or "p" not in claims:
        return []
    tested = claims.dropna(subset=["p"])
    group = f"over Chapter 12's {len(tested)} claims"
    return [f"Chapter 12's \"{c.claim}\" ({c.pairs}; {c.games} paired games, Black's wins): "
            f"{_pts(c.diff)} win-rate points ({_pts(c.diff_lo)} to {_pts(c.diff_hi)}), "
            f"{_holm(c.p, c.p_holm, group)}: **{c.verdict}** by the "
            "report's rule, a second sample beside the report's." for c in tested.itertuples()]


def clause(sentence: str) -> str:
    """A sentence of this module set inside another: its first letter lower-cased."""
    return sentence[:1].lower() + sentence[1:]


def best_sentence(t: pd.DataFrame) -> str:
    """The best of the prediction methods, with its simultaneous interval (it was picked as the largest of them, so
    its own 95 % interval would overstate what it shows)."""
    best, k = best_predicting(t), sum(METHODS[m].asym for m in t.index)
    return (f"The largest change of the {k} prediction methods, `{best}`'s, is {_pts(t.loc[best, 'diff'])} score "
            f"points ({_pts(t.loc[best, 'diff_lo_all'])} to {_pts(t.loc[best, 'diff_hi_all'])}, simultaneous 95 % "
            f"interval {methods_group(t)})")


def bound(t: pd.DataFrame) -> tuple[float, str]:
    """The most any prediction method can gain over plain6 at this power: the highest upper end of their
    simultaneous 95 % intervals, and the method it belongs to."""
    m = max((m for m in t.index if METHODS[m].asym), key=lambda m: t.loc[m, "diff_hi_all"])
    return float(t.loc[m, "diff_hi_all"]), m


def bound_sentence(t: pd.DataFrame) -> str:
    """:func:`bound` in words."""
    b, m = bound(t)
    return (f"At this power no prediction method gains more than {_pts(b)} score points over `plain6` (the highest "
            f"upper end of their simultaneous 95 % intervals, `{m}`'s)")


def _nodes(t: pd.DataFrame, m: str) -> float:
    """Method ``m``'s nodes per Black search against plain6's: its cost, the same on every machine (its time is
    timing data, ``ch13_timing``)."""
    return t.loc[m, "nodes_mean"] / t.loc["plain6", "nodes_mean"]


def opponent_verdict(t: pd.DataFrame, ci, alpha: float) -> list[str]:
    """The opponent-model sentences of :func:`verdict_text`: does modelling White pay, and how much a learned model
    recovers.

    ``t`` is the ``ch13_methods`` table indexed by method; ``ci(m)`` writes a method's difference with its interval.
    """
    labels = method_labels(t, alpha)
    decided = labels | _opponent_decisions(t, labels)
    out = []

    def beyond(m: str) -> str:
        word = COMPARISON_WORDS[_method_label(decided, m)]
        return f"`{m}` is {word} `plain6` ({ci(m)}, {_holm(t.loc[m, 'p'], t.loc[m, 'p_holm'], methods_group(t))})"

    if "om-perfect" in t.index:
        d = t.loc["om-perfect", "diff"]
        out.append(f"Knowing White's weights exactly, OM search: {beyond('om-perfect')}, at "
                   f"{_nodes(t, 'om-perfect'):.1f} times plain6's nodes per search.")
        learned = [m for m in LEARNED if m in t.index]
        if learned and decided["om_perfect_gains"]:
            out.append("Of that gain, a learned model recovers " + "; ".join(
                f"{100 * t.loc[m, 'diff'] / d:.0f} % with `{m}` ({ci(m)})" for m in learned) + ".")
        elif learned:
            out.append("OM search with White's true weights gains nothing over `plain6` here, so no share of a gain "
                       "can be given for the learned models: " + "; ".join(beyond(m) for m in learned) + ".")
        out.append("The published warning that OM search can be disastrous "
                   + ("**holds here** even with White's true weights." if decided["om_disaster"] else
                      "**does not show here** with White's true weights (the papers' opponents were modelled, "
                      "not known)."))
    prom = [m for m in PROM if m in t.index]
    if prom:
        out.append("The published finding that PrOM search beats alpha-beta at equal depth "
                   + ("**holds here**" if decided["prom_beats_alphabeta"] else "**is not reproduced here**") + ": "
                   + "; ".join(beyond(m) for m in prom) + ".")
    return out


def foresight_verdict(contrasts: pd.DataFrame, alpha: float) -> list[str]:
    """The foresight sentences of :func:`verdict_text`: what knowing White's next reply is worth, and whether matching
    White's depth removes OM search's loss, from :func:`~.chapter13.foresight_contrasts`' table."""
    c = {(r.method, r.against, str(r.white)): r for r in contrasts.itertuples()}
    decided = contrast_decisions(contrasts, alpha)

    def said(method: str, against: str, white: str = "all") -> str:
        r = c[method, against, white]
        word = COMPARISON_WORDS[decided[contrasts_id(method, against, white)]]
        return (f"{word} `{against}`: {_pts(r.diff)} score points ({_pts(r.diff_lo)} to {_pts(r.diff_hi)}; "
                f"{r.games} paired games, {_holm(r.p, r.p_holm, contrasts_group(contrasts))})")

    out = []
    if ("one-hist-told1", "plain6", "all") in c:
        s = ("With a perfect model of White's next reply, the thesis's method (`one-hist-told1`: its tree with the "
             "minimum over every reply kept and White's actual reply at ply 1 marked likely) is "
             f"{said('one-hist-told1', 'plain6')}")
        s += "".join(f", {said('one-hist-told1', a)}" for a in ("one-hist", "plain8")
                     if ("one-hist-told1", a, "all") in c)
        out.append(s + ".")
    if ("oracle", "plain6", "all") in c:
        s = f"Knowing White's very next reply (`oracle`), Black is {said('oracle', 'plain6')}"
        if ("oracle", "plain8", "all") in c:
            s += f", and {said('oracle', 'plain8')}"
        out.append(s + ".")
    if ("oracle", "one-hist", "all") in c:
        # The oracle is another algorithm (no minimum over White's other replies, no deeper search), not the thesis's
        # tree with a perfect model: its contrast with one-hist bounds nothing about a better model of the thesis's.
        out.append(f"Against the thesis's `one-hist`, the oracle is {said('oracle', 'one-hist')}. The oracle values "
                   "each Black move only by its own search below White's actual reply, with no minimum over White's "
                   "other replies and no deeper search: another algorithm, not the thesis's method with a perfect "
                   "model, so this contrast does not say what a better model would add to the thesis's method.")
    if "matching" in decided:
        out.append(f"Against White 1, OM search (`om-perfect`) is {said('om-perfect', 'plain6', '1')}; with White's "
                   f"depth matched (`om-matched`) it is {said('om-matched', 'plain6', '1')}, and "
                   f"{said('om-matched', 'om-perfect', '1')}. {MATCHING_WORDS[decided['matching']]}.")
    if ("om-matched", "plain6", "all") in c:
        out.append(f"Over every pairing, `om-matched` is {said('om-matched', 'plain6')}, and "
                   f"{said('om-matched', 'om-perfect')}.")
    if "recognition" in decided:
        out.append(f"Does recognising White pay once its beliefs are calibrated? PrOM search with them "
                   f"(`prom-dbn-cal`) is {said('prom-dbn-cal', 'prom-uniform')}, PrOM search that recognises no one"
                   + (f", and {said('prom-dbn-cal', 'prom-dbn')}" if ("prom-dbn-cal", "prom-dbn", "all") in c else "")
                   + f": {RECOGNITION_WORDS[decided['recognition']]}.")
    return out


NOISE_WORDS = {"none": "breaking no tie by noise", "half": "breaking ties by noise in half its searches",
               "thesis": "breaking ties by the thesis's noise"}  # White's tie-breaking levels, for a sentence


def _cell_sentence(g: pd.DataFrame, decided: dict) -> str:
    """:func:`map_sentences`' sentence for one cell (``g``: its rows of the map)."""
    r0 = g.iloc[0]
    noise, depth = r0.white_noise, int(r0.white_depth)
    modelling = g[g.method != "plain8"]
    b = modelling.loc[modelling["diff"].idxmax()]
    deeper = g[g.method == "plain8"]
    s = (f"White at {depth} plies {NOISE_WORDS.get(noise, noise)} (its noise-free model predicts "
         f"{100 * r0.predictability:.0f} % of its moves; {int(r0.distinct_games)} distinct paired games): "
         f"`plain6` scores {100 * r0.plain6_score:.0f} %")
    if len(deeper):
        d = deeper.iloc[0]
        s += f", `plain8` gains {_pts(d['diff'])} ({_pts(d.diff_lo)} to {_pts(d.diff_hi)})"
    s += (f"; the best method that models White, `{b.method}`, {_pts(b['diff'])} ({_pts(b.diff_lo_all)} to "
          f"{_pts(b.diff_hi_all)}, simultaneous over the cell's {len(g)} methods)")
    beyond = [f"`{r.method}` {decided[map_id(r.method, noise, depth)]}" for r in g.itertuples()
              if _beyond(decided[map_id(r.method, noise, depth)])]
    return s + (f"; beyond noise: {', '.join(beyond)}." if beyond else "; none beyond noise.")


def map_sentences(table: pd.DataFrame, alpha: float = thesis.ALPHA) -> list[str]:
    """Where prediction pays, in words, from the map (:func:`~.predictability.map_table`): one sentence a cell
    (White's tie-breaking, depth and measured predictability, ``plain8``'s gain, the best method that models White
    with its interval simultaneous over the cell's methods, the methods beyond noise), then the answer over the map
    (:func:`paying_cell`)."""
    decided = map_decisions(table, alpha)
    out = [_cell_sentence(g, decided) for _, g in table.groupby(["white_noise", "white_depth"], sort=False)]
    cell = paying_cell(table, alpha)
    group = f"p < {alpha:g}, Holm over the map's {len(table)} contrasts"
    if cell is None:
        out.append(f"**No method that models White beats `plain6` beyond noise in any cell** ({group}).")
    else:
        out.append(f"**Modelling White pays where White is predictable**: most against White at "
                   f"{int(cell.white_depth)} plies {NOISE_WORDS.get(cell.white_noise, cell.white_noise)}, "
                   f"`{cell.method}` {_pts(cell.diff)} score points ({_pts(cell.diff_lo)} to {_pts(cell.diff_hi)}; "
                   f"{group}).")
    return out


def loss_sentences(loss: pd.DataFrame, alpha: float = thesis.ALPHA) -> list[str]:
    """The oracle's loss taken apart, in words, from :func:`~.predictability.oracle_loss`'s table: its 2 x 2 of White's
    depth by the diagonal, then what each contrast rules out, and only that."""
    c = {(int(r.white_depth), r.pairings, r.method, r.against): r for r in loss.itertuples()}
    group, decided = f"over the {len(loss)} contrasts of the oracle's loss", loss_decisions(loss, alpha)

    def said(key) -> str:
        r = c[key]
        return (f"{_pts(r.diff)} score points ({_pts(r.diff_lo)} to {_pts(r.diff_hi)}; {r.games} paired games, "
                f"{_holm(r.p, r.p_holm, group)})")

    def lost(key) -> bool:
        d, which, method, against = key
        return decided.get(loss_id(method, against, d, which)) == "worse"

    depths = sorted({k[0] for k in c if k[2] == "oracle"}, reverse=True)
    cells = [f"White at {d}: on the diagonal (both sides the same weights) {said((d, 'diagonal', 'oracle', 'plain6'))}"
             f", off it {said((d, 'off the diagonal', 'oracle', 'plain6'))}" for d in depths
             if (d, "diagonal", "oracle", "plain6") in c]
    out = ["The oracle against `plain6`, " + "; ".join(cells) + "."] if cells else []
    for key in [k for k in c if k[1:] == ("all", "oracle", "plain6")]:  # White's reply searched to the oracle's horizon
        out.append(f"With White at {key[0]} plies its reply looks exactly as far as the oracle, and the oracle is "
                   f"{said(key)} against `plain6`: " + (
                       "the horizon's mismatch alone does not explain the loss." if lost(key) else
                       "within noise, so this contrast does not rule the horizon out."))
    if "diagonal_loses" in decided:
        at = " and ".join(str(k[0]) for k in c if k[1:] == ("diagonal", "oracle", "plain6") and lost(k))
        out.append("Where both sides play the same weights the oracle " + (
            f"loses beyond noise too (White at {at} plies), so the disagreement between Black's evaluation and "
            "White's does not explain all of it." if decided["diagonal_loses"] else
            "loses nothing beyond noise, but the diagonal's games cannot tell that from the rest: these contrasts "
            "do not separate the evaluations' disagreement."))
    if "deep_removes_loss" in decided:
        deep = {a: (max(depths, default=0), "all", "oracle-deep", a) for a in ("plain6", "oracle", "plain8")}
        out.append("Searching 5 plies below White's reply (`oracle-deep`, root + 7: White's own horizon), it is "
                   + "; ".join(f"against `{a}` {said(k)}" for a, k in deep.items()) + ". " + (
                       "One more ply below the reply removes the oracle's loss against `plain6`: the loss goes "
                       "with how far Black looks below the reply it knows." if decided["deep_removes_loss"] else
                       "One more ply below the reply does not remove the loss beyond noise."))
    out.append("Every contrast here keeps the thesis's tie-breaking, so none measures its part in the loss.")
    return out


class Tables(NamedTuple):
    """Chapter 13's saved tables, by name."""

    methods: pd.DataFrame  # ch13_methods: each method against plain6
    claims: pd.DataFrame | None  # ch13_claims: its second sample of Chapter 12's claims
    contrasts: pd.DataFrame | None  # ch13_contrasts: the other paired contrasts


def load_tables(results: str | Path) -> Tables | None:
    """The saved ``ch13_methods``, ``ch13_claims`` and ``ch13_contrasts`` tables of ``results`` (the last two may be
    None), or None before Chapter 13 ran."""
    tables = Path(results) / "tables"
    if not (tables / "ch13_methods.csv").is_file():
        return None
    claims, contrasts = tables / "ch13_claims.csv", tables / "ch13_contrasts.csv"
    return Tables(pd.read_csv(tables / "ch13_methods.csv"), pd.read_csv(claims) if claims.is_file() else None,
                  pd.read_csv(contrasts, dtype={"white": str}) if contrasts.is_file() else None)


def load_map(results: str | Path) -> tuple[pd.DataFrame, pd.DataFrame | None] | None:
    """The saved ``ch13_predictability`` (where prediction pays) and ``ch13_oracle_loss`` tables of ``results`` (the
    second may be None), or None before they were made."""
    tables = Path(results) / "tables"
    if not (tables / "ch13_predictability.csv").is_file():
        return None
    loss = tables / "ch13_oracle_loss.csv"
    return pd.read_csv(tables / "ch13_predictability.csv"), pd.read_csv(loss) if loss.is_file() else None


def report_lines(methods: pd.DataFrame, claims: pd.DataFrame | None, rules: str) -> list[dict]:
    """Chapter 13's lines of evidence for the report's claims (:func:`~.records.line`), under the reading ``rules``
    it played: its own answer, whether predicting the opponent pays (the thesis asks but never measures it: "new"),
    and its second sample of Chapter 12's two claims (``claims``), in the report's unit (win-rate points) and by its
    rule. A line under a claim the report makes takes that claim's own cells (:func:`~.evidence.add_lines`).
    """
    t = methods.set_index("method")
    best = best_predicting(t)
    ours = (f"{best_sentence(t).removeprefix('The ')}; "
            f"{_holm(t.loc[best, 'p'], t.loc[best, 'p_holm'], methods_group(t))}; "
            f"{int(t.loc[best, 'games'])} paired games; {clause(bound_sentence(t))}")
    out = [line("ch13.pays", "13", "predicting the opponent pays (Chapter 13, run)",
                "its question (Ch. 1, 13); never measured", evidence="ours", method=best, ours=ours, verdict="new",
                unit="score points", test="sign-flip-holm", group="ch13.methods", estimate=t.loc[best, "diff"],
                lo=t.loc[best, "diff_lo_all"], hi=t.loc[best, "diff_hi_all"], games=t.loc[best, "games"],
                p=t.loc[best, "p"], p_holm=t.loc[best, "p_holm"],
                why="paired games against plain6, p Holm-corrected over the methods; the best method's interval "
                    "simultaneous over them (it was picked as the best)") | {"reading": rules}]
    tested = claims.dropna(subset=["p"]) if claims is not None and "p" in claims else pd.DataFrame()
    for c in tested.itertuples():
        out.append(line(thesis.CLAIM_IDS[c.claim], "12", c.claim, "", evidence="ours",
                        strategies="thesis (Chapter 13's games)", verdict=c.verdict,
                        ours=f"{c.pairs}: {_pts(c.diff)} win-rate points ({_pts(c.diff_lo)} to {_pts(c.diff_hi)}), "
                             f"{c.games} paired games", unit="win-rate points", test="paired-bootstrap",
                        estimate=c.diff, lo=c.diff_lo, hi=c.diff_hi, games=c.games, p=c.p,
                        why=f"Chapter 13's {c.method} against plain6, a second sample of games; Black's wins pooled, "
                            "paired by round; 95 % interval") | {"reading": rules})
    return out


def __getattr__(name: str):
    # ``verdict``, verdict_text's old name (notebooks 12 and 13 called it): it goes in the next release.
    if name == "verdict":
        warnings.warn("pawnslib.experiments.chapter13_words.verdict is renamed verdict_text; the old name goes in the "
                      "next release", DeprecationWarning, stacklevel=2)
        return verdict_text
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
