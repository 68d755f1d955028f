"""Chapter 13's answer in words, written from its tables: the verdict, its sentences and the report's row.

Every sentence is computed from the ``ch13_methods`` table (:func:`~.chapter13.compare`) and the claims' tests, or
from the map of where prediction pays and the oracle's loss (:mod:`~.whitedepth`), with the significance level
``alpha`` (:data:`~.thesis.ALPHA`) it is given, so the notebook, the report and the README say the same. Units: a
method's change is in *score points* (a draw half a win); Chapter 12's claims, which the thesis states in Black's
wins, in *win-rate points*. Every p names its correction and the group it corrects over.

Imports the experiments :mod:`~.chapter13` (the methods), :mod:`~.paired` (its tests' floor) and :mod:`~.thesis`.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pandas as pd

from pawnslib.experiments import paired, thesis
from pawnslib.experiments.chapter13 import METHODS


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
    value = holm_value(p, p_holm)
    return f"p (Holm {group}) {value}" if value.startswith("≤") else f"p (Holm {group}) = {value}"


def comparison_word(diff: float, lo: float, hi: float, p_holm: float, alpha: float) -> str:
    """How a paired difference reads: "better than" / "worse than" when its Holm-corrected p is below ``alpha``;
    "not distinguishable (once Holm-corrected) from" when only the uncorrected interval excludes 0 (the intervals
    printed are per comparison; the words follow the correction for all of them); else "not distinguishable from"."""
    if p_holm < alpha:
        return "better than" if diff > 0 else "worse than"
    return "not distinguishable (once Holm-corrected) from" if lo > 0 or hi < 0 else "not distinguishable from"


def beating(t: pd.DataFrame, alpha: float = thesis.ALPHA) -> list[str]:
    """The prediction methods that beat plain6 beyond noise (Holm-corrected p below ``alpha``, a positive change;
    ``t``: ch13_methods by method)."""
    return [m for m in t.index if METHODS[m].asym and t.loc[m, "p_holm"] < alpha and t.loc[m, "diff"] > 0]


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


def verdict_sentences(methods: pd.DataFrame, claims: pd.DataFrame | None = None,  # noqa: C901  issue 54 makes it data
                      contrasts: pd.DataFrame | None = None, *, alpha: float = thesis.ALPHA,
                      target: float = 0.04) -> list[str]:
    """:func:`verdict_text`'s sentences, in order: the games, whether a prediction method beats ``plain6``, ..."""
    t = methods.set_index("method")
    n = int(t.games.iloc[0])

    def ci(m: str) -> str:
        return diff_ci(t, m)

    predicting = [m for m in t.index if METHODS[m].asym]
    better = beating(t, alpha)
    worse = [m for m in predicting if t.loc[m, "p_holm"] < alpha and t.loc[m, "diff"] < 0]
    out = [f"Each method played the same {n} games as `plain6`."]
    if better:
        out.append(f"Beyond noise (p < {alpha:g}, Holm-corrected {methods_group(t)}), "
                   + ", ".join(f"`{m}` beats `plain6` by {ci(m)}" for m in better) + ".")
    elif predicting:
        out.append(f"**No prediction method beats `plain6` beyond noise** (p < {alpha:g}, Holm-corrected "
                   f"{methods_group(t)}).")
    if worse:
        out.append("Beyond noise, " + ", ".join(f"`{m}` loses to it, {ci(m)}" for m in worse) + ".")
    if predicting:
        best = best_predicting(t)
        out.append(best_sentence(t) + f", {_holm(t.loc[best, 'p'], t.loc[best, 'p_holm'], methods_group(t))}.")
        out.append(bound_sentence(t) + ".")
        if "plain8" in t.index:
            d8 = t.loc["plain8", "diff"]
            # A share of plain8's gain only for a change beyond noise: a ratio on an estimate within noise says nothing.
            share = (f"gains {100 * t.loc[best, 'diff'] / d8:.0f} % of that at"
                     if d8 > 0 and t.loc[best, "p_holm"] < alpha else "changes it within noise, at")
            out.append(f"Two more plies everywhere (`plain8`) change it by {ci('plain8')} at "
                       f"{_nodes(t, 'plain8'):.1f} times plain6's nodes per search; `{best}` {share} "
                       f"{_nodes(t, best):.2f} times.")
        if "random" in t.index and "one-hist" in t.index:
            out.append(f"The random control changes it by {ci('random')}, the thesis's `one-hist` by "
                       f"{ci('one-hist')}: the same tree and rule, the DBN's predictions against chance.")
    wide = t.halfwidth.dropna()
    if len(wide):
        w = wide.idxmax()
        out.append(f"Power: every difference's 95 % interval is within +-{100 * wide.max():.1f} score points"
                   + (f" (goal +-{100 * target:.0f})." if wide.max() <= target else
                      f", wider than the goal of +-{100 * target:.0f}; `{w}` would need about "
                      f"{int(t.loc[w, 'rounds_needed'])} rounds a pairing to reach it."))
    out += opponent_verdict(t, ci, alpha)
    if contrasts is not None and len(contrasts):
        out += foresight_verdict(contrasts, alpha)
    if claims is not None and "p" in claims:
        tested = claims.dropna(subset=["p"])
        group = f"over Chapter 12's {len(tested)} claims"
        for c in tested.itertuples():
            out.append(f"Chapter 12's \"{c.claim}\" ({c.pairs}; {c.games} paired games, Black's wins): "
                       f"{_pts(c.diff)} win-rate points ({_pts(c.diff_lo)} to {_pts(c.diff_hi)}), "
                       f"{_holm(c.p, c.p_holm, group)}: **{c.verdict}** by the "
                       "report's rule, a second sample beside the report's.")
    return out


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
    out = []

    def beyond(m: str) -> str:
        p = t.loc[m, "p_holm"]
        word = comparison_word(t.loc[m, "diff"], t.loc[m, "diff_lo"], t.loc[m, "diff_hi"], p, alpha)
        return f"`{m}` is {word} `plain6` ({ci(m)}, {_holm(t.loc[m, 'p'], p, methods_group(t))})"

    if "om-perfect" in t.index:
        d = t.loc["om-perfect", "diff"]
        out.append(f"Knowing White's weights exactly, OM search: {beyond('om-perfect')}, at "
                   f"{_nodes(t, 'om-perfect'):.1f} times plain6's nodes per search.")
        learned = [m for m in ("prom-dbn", "prom-dbn-cal", "one-hist-game") if m in t.index]
        if learned and d > 0:
            out.append("Of that gain, a learned model recovers " + "; ".join(
                f"{100 * t.loc[m, 'diff'] / d:.0f} % with `{m}` ({ci(m)})" for m in learned) + ".")
        elif learned:
            out.append("OM search with White's true weights gains nothing over `plain6` here, so no share of a gain "
                       "can be given for the learned models: " + "; ".join(beyond(m) for m in learned) + ".")
        disaster = t.loc["om-perfect", "p_holm"] < alpha and d < 0
        out.append("The published warning that OM search can be disastrous "
                   + ("**holds here** even with White's true weights." if disaster else
                      "**does not show here** with White's true weights (the papers' opponents were modelled, "
                      "not known)."))
    prom = [m for m in ("prom-uniform", "prom-dbn", "prom-dbn-cal") if m in t.index]
    if prom:
        wins = [m for m in prom if t.loc[m, "p_holm"] < alpha and t.loc[m, "diff"] > 0]
        out.append("The published finding that PrOM search beats alpha-beta at equal depth "
                   + ("**holds here**" if wins else "**is not reproduced here**") + ": "
                   + "; ".join(beyond(m) for m in prom) + ".")
    return out


def foresight_verdict(contrasts: pd.DataFrame, alpha: float) -> list[str]:
    """The foresight sentences of :func:`verdict_text`: what knowing White's next reply is worth, and whether matching
    White's depth removes OM search's loss, from :func:`~.chapter13.foresight_contrasts`' table."""
    c = {(r.method, r.against, str(r.white)): r for r in contrasts.itertuples()}

    def said(method: str, against: str, white: str = "all") -> str:
        r = c[method, against, white]
        word = comparison_word(r.diff, r.diff_lo, r.diff_hi, r.p_holm, alpha)
        return (f"{word} `{against}`: {_pts(r.diff)} score points ({_pts(r.diff_lo)} to {_pts(r.diff_hi)}; "
                f"{r.games} paired games, {_holm(r.p, r.p_holm, contrasts_group(contrasts))})")

    def beyond(method: str, against: str, white: str = "all") -> bool:
        return (method, against, white) in c and c[method, against, white].p_holm < alpha

    out = []
    if ("one-hist-perfect", "plain6", "all") in c:
        s = ("With a perfect model of White's next reply, the thesis's method (`one-hist-perfect`: its tree with the "
             "minimum over every reply kept and White's actual reply at ply 1 marked likely) is "
             f"{said('one-hist-perfect', 'plain6')}")
        s += "".join(f", {said('one-hist-perfect', a)}" for a in ("one-hist", "plain8")
                     if ("one-hist-perfect", a, "all") in c)
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
    if ("om-matched", "om-perfect", "1") in c and ("om-perfect", "plain6", "1") in c:
        lost, gained = beyond("om-perfect", "plain6", "1"), beyond("om-matched", "om-perfect", "1")
        still = beyond("om-matched", "plain6", "1") and c["om-matched", "plain6", "1"].diff < 0
        answer = ("OM search loses nothing beyond noise there, so matching has no loss to remove" if not lost else
                  "Matching White's depth **does not remove** OM search's loss there" if not gained else
                  "Matching White's depth **reduces but does not remove** OM search's loss there" if still else
                  "Matching White's depth **removes** OM search's loss there")
        out.append(f"Against White 1, OM search (`om-perfect`) is {said('om-perfect', 'plain6', '1')}; with White's "
                   f"depth matched (`om-matched`) it is {said('om-matched', 'plain6', '1')}, and "
                   f"{said('om-matched', 'om-perfect', '1')}. {answer}.")
    if ("om-matched", "plain6", "all") in c:
        out.append(f"Over every pairing, `om-matched` is {said('om-matched', 'plain6')}, and "
                   f"{said('om-matched', 'om-perfect')}.")
    if ("prom-dbn-cal", "prom-uniform", "all") in c:
        r = c["prom-dbn-cal", "prom-uniform", "all"]
        answer = ("**it pays**" if beyond("prom-dbn-cal", "prom-uniform") and r.diff > 0 else
                  "**no: calibrated recognition loses to recognising no one**" if beyond("prom-dbn-cal", "prom-uniform")
                  else "**no gain from recognition is measurable** at this power")
        out.append(f"Does recognising White pay once its beliefs are calibrated? PrOM search with them "
                   f"(`prom-dbn-cal`) is {said('prom-dbn-cal', 'prom-uniform')}, PrOM search that recognises no one"
                   + (f", and {said('prom-dbn-cal', 'prom-dbn')}" if ("prom-dbn-cal", "prom-dbn", "all") in c else "")
                   + f": {answer}.")
    return out


def map_sentences(table: pd.DataFrame, alpha: float = thesis.ALPHA) -> list[str]:
    """Where prediction pays, in words, from the map (:func:`~.whitedepth.white_depth_table`): one sentence per
    White depth (``plain6``'s score and the room it leaves, the methods beyond noise, the largest change of a method
    that models White, with its interval simultaneous over the depth's methods: it was picked as the largest), then
    the answer over every depth."""
    group, out, paying = f"over the map's {len(table)} contrasts", [], []
    for depth, g in table.groupby("white_depth"):
        base = g.plain6_score.iloc[0]
        beyond = [r for r in g.itertuples() if r.p_holm < alpha]
        modelling = g[g.method != "plain8"]
        paying += [(depth, r) for r in beyond if r.method != "plain8" and r.diff > 0]
        s = (f"With White searching {depth} plies, `plain6` scores {100 * base:.1f} % of a game (room left: "
             f"{100 * (1 - base):.1f} points); " + ("beyond noise, " + "; ".join(
                 f"`{r.method}` {_pts(r.diff)} score points ({_pts(r.diff_lo)} to {_pts(r.diff_hi)}, "
                 f"{_holm(r.p, r.p_holm, group)})" for r in beyond) if beyond else
                 f"no method differs from it beyond noise (Holm {group})"))
        if len(modelling):
            b = modelling.loc[modelling["diff"].idxmax()]
            room = "" if base >= 1 else (f", {100 * b['diff'] / (1 - base):+.0f} % of the room ("
                                         f"{100 * b.diff_lo_all / (1 - base):+.0f} to "
                                         f"{100 * b.diff_hi_all / (1 - base):+.0f} %)")
            s += (f". The largest change of the {len(modelling)} methods that model White (all but `plain8`, which "
                  f"searches deeper instead) is `{b.method}`'s, {_pts(b['diff'])} score points ({_pts(b.diff_lo_all)} "
                  f"to {_pts(b.diff_hi_all)}, simultaneous 95 % interval over the {len(g)} methods at this depth)"
                  f"{room}")
        out.append(s + ".")
    depths = ", ".join(str(d) for d in sorted(table.white_depth.unique()))
    out.append(("Modelling White pays beyond noise against " + "; ".join(f"White at {d} (`{r.method}`)"
                                                                      for d, r in paying)
                if paying else f"**No method that models White beats `plain6` beyond noise at any White depth "
                               f"measured** ({depths} plies; p < {alpha:g}, Holm {group})") + ".")
    return out


def loss_sentences(loss: pd.DataFrame, alpha: float = thesis.ALPHA) -> list[str]:
    """The oracle's loss taken apart, in words, from :func:`~.whitedepth.oracle_loss`'s table: its 2 x 2 of White's
    depth by the diagonal, then what each contrast rules out, and only that."""
    c = {(int(r.white_depth), r.pairings, r.method, r.against): r for r in loss.itertuples()}
    group = f"over the {len(loss)} contrasts of the oracle's loss"

    def said(key) -> str:
        r = c[key]
        return (f"{_pts(r.diff)} score points ({_pts(r.diff_lo)} to {_pts(r.diff_hi)}; {r.games} paired games, "
                f"{_holm(r.p, r.p_holm, group)})")

    def lost(key) -> bool:
        return key in c and c[key].p_holm < alpha and c[key].diff < 0

    depths = sorted({k[0] for k in c if k[2] == "oracle"}, reverse=True)
    cells = [f"White at {d}: on the diagonal (both sides the same weights) {said((d, 'diagonal', 'oracle', 'plain6'))}"
             f", off it {said((d, 'off the diagonal', 'oracle', 'plain6'))}" for d in depths
             if (d, "diagonal", "oracle", "plain6") in c]
    out = ["The oracle against `plain6`, " + "; ".join(cells) + "."] if cells else []
    shallow = [k for k in c if k[1:] == ("all", "oracle", "plain6")]
    for key in shallow:  # White's reply searched to exactly the oracle's horizon
        out.append(f"With White at {key[0]} plies its reply looks exactly as far as the oracle, and the oracle is "
                   f"{said(key)} against `plain6`: " + (
                       "the horizon's mismatch alone does not explain the loss." if lost(key) else
                       "within noise, so this contrast does not rule the horizon out."))
    diagonal = [k for k in c if k[1:] == ("diagonal", "oracle", "plain6")]
    if diagonal:
        at = " and ".join(str(k[0]) for k in diagonal if lost(k))
        out.append("Where both sides play the same weights the oracle " + (
            f"loses beyond noise too (White at {at} plies), so the disagreement between Black's evaluation and "
            "White's does not explain all of it." if at else
            "loses nothing beyond noise, but the diagonal's games cannot tell that from the rest: these contrasts "
            "do not separate the evaluations' disagreement."))
    deep = {a: (max(depths, default=0), "all", "oracle-deep", a) for a in ("plain6", "oracle", "plain8")}
    if all(k in c for k in deep.values()):
        out.append("Searching 5 plies below White's reply (`oracle-deep`, root + 7: White's own horizon), it is "
                   + "; ".join(f"against `{a}` {said(k)}" for a, k in deep.items()) + ". " + (
                       "One more ply below the reply removes the oracle's loss against `plain6`: the loss goes "
                       "with how far Black looks below the reply it knows." if not lost(deep["plain6"])
                       and c[deep["oracle"]].p_holm < alpha and c[deep["oracle"]].diff > 0 else
                       "One more ply below the reply does not remove the loss beyond noise."))
    out.append("Every contrast here keeps the thesis's tie-breaking, so none measures its part in the loss.")
    return out


def load_tables(results: str | Path) -> tuple[pd.DataFrame, pd.DataFrame | None, pd.DataFrame | None] | None:
    """The saved ``ch13_methods``, ``ch13_claims`` and ``ch13_contrasts`` tables of ``results`` (the last two may be
    None), or None."""
    tables = Path(results) / "tables"
    if not (tables / "ch13_methods.csv").is_file():
        return None
    claims, contrasts = tables / "ch13_claims.csv", tables / "ch13_contrasts.csv"
    return (pd.read_csv(tables / "ch13_methods.csv"), pd.read_csv(claims) if claims.is_file() else None,
            pd.read_csv(contrasts, dtype={"white": str}) if contrasts.is_file() else None)


def load_map(results: str | Path) -> tuple[pd.DataFrame, pd.DataFrame | None] | None:
    """The saved ``ch13_white_depth`` (where prediction pays) and ``ch13_oracle_loss`` tables of ``results`` (the
    second may be None), or None before they were made."""
    tables = Path(results) / "tables"
    if not (tables / "ch13_white_depth.csv").is_file():
        return None
    loss = tables / "ch13_oracle_loss.csv"
    return pd.read_csv(tables / "ch13_white_depth.csv"), pd.read_csv(loss) if loss.is_file() else None


def report_lines(methods: pd.DataFrame, claims: pd.DataFrame | None, rules: str) -> list[dict]:
    """Chapter 13's lines of evidence for the report's claims (:mod:`~.evidence`), under the reading ``rules`` it
    played: its own answer, whether predicting the opponent pays (the thesis asks but never measures it: "new"), and
    its second sample of Chapter 12's two claims (``claims``), in the report's unit (win-rate points) and by its
    rule. A line for a claim the report makes leaves its section, thesis figure and support to the report's lines.
    """
    t = methods.set_index("method")
    best = best_predicting(t)
    ours = (f"{best_sentence(t).removeprefix('The ')}; "
            f"{_holm(t.loc[best, 'p'], t.loc[best, 'p_holm'], methods_group(t))}; "
            f"{int(t.loc[best, 'games'])} paired games; {clause(bound_sentence(t))}")
    out = [{"section": "13", "claim": "predicting the opponent pays (Chapter 13, run)",
            "thesis": "its question (Ch. 1, 13); never measured", "support": "ours", "reading": rules,
            "strategies": "thesis", "ours": ours, "verdict": "new",
            "why": "paired games against plain6, p Holm-corrected over the methods; the best method's interval "
                   "simultaneous over them (it was picked as the best)"}]
    tested = claims.dropna(subset=["p"]) if claims is not None and "p" in claims else pd.DataFrame()
    for c in tested.itertuples():
        out.append({"claim": c.claim, "reading": rules, "strategies": "thesis (Chapter 13's games)",
                    "ours": f"{c.pairs}: {_pts(c.diff)} win-rate points ({_pts(c.diff_lo)} to {_pts(c.diff_hi)}), "
                            f"{c.games} paired games", "verdict": c.verdict,
                    "why": f"Chapter 13's {c.method} against plain6, a second sample of games; Black's wins pooled, "
                           "paired by round; 95 % interval"})
    return out


def __getattr__(name: str):
    # ``verdict``, verdict_text's old name (notebooks 12 and 13 called it): it goes in the next release.
    if name == "verdict":
        warnings.warn("pawnslib.experiments.chapter13_words.verdict is renamed verdict_text; the old name goes in the "
                      "next release", DeprecationWarning, stacklevel=2)
        return verdict_text
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
