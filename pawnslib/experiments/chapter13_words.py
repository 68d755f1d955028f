"""Chapter 13's answer in words, written from its tables: the verdict, its sentences and the report's row.

Every sentence is computed from the ``ch13_methods`` table (:func:`~.chapter13.compare`) and the claims' tests,
with the significance level ``alpha`` (:data:`~.thesis.ALPHA`) it is given, so the notebook, the report and the
README say the same.

Imports the experiments :mod:`~.chapter13` (the methods), :mod:`~.paired` (its tests' floor) and :mod:`~.thesis`.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from pawnslib.experiments import paired, thesis
from pawnslib.experiments.chapter13 import METHODS


def _pts(x: float) -> str:
    """A difference of scores in points (percent of a game), signed."""
    return f"{100 * x:+.1f}"


def diff_ci(t: pd.DataFrame, m: str) -> str:
    """Method ``m``'s difference from plain6 with its interval, in points (``t``: ch13_methods by method)."""
    return f"{_pts(t.loc[m, 'diff'])} points ({_pts(t.loc[m, 'diff_lo'])} to {_pts(t.loc[m, 'diff_hi'])})"


def holm_value(p: float, p_holm: float) -> str:
    """A Holm-corrected p as a table shows it: "≤ x" when the randomised test's p is at its floor (no sign pattern was
    as extreme as the data's, so the true p is smaller than the estimate), else "x"."""
    floor = 1 / (paired.N_PERM + 1)
    return f"≤ {p_holm:.2g}" if p <= floor * (1 + 1e-9) else f"{p_holm:.2g}"


def _holm(p: float, p_holm: float) -> str:
    """A Holm-corrected p in a sentence: "p (Holm) ≤ x" at the test's floor, else "p (Holm) = x"."""
    value = holm_value(p, p_holm)
    return f"p (Holm) {value}" if value.startswith("≤") else f"p (Holm) = {value}"


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


def verdict(methods: pd.DataFrame, claims: pd.DataFrame | None = None, contrasts: pd.DataFrame | None = None, *,
            alpha: float = thesis.ALPHA, target: float = 0.04) -> str:
    """The comparison's answer in words, written from the ``ch13_methods`` table (and the claims' and foresight
    contrasts' tests, :func:`~.chapter13.foresight_contrasts`).

    A method beats (or loses to) ``plain6`` "beyond noise" when its Holm-corrected p is below ``alpha``.
    """
    return " ".join(verdict_sentences(methods, claims, contrasts, alpha=alpha, target=target))


def verdict_sentences(methods: pd.DataFrame, claims: pd.DataFrame | None = None,
                      contrasts: pd.DataFrame | None = None, *, alpha: float = thesis.ALPHA,
                      target: float = 0.04) -> list[str]:
    """:func:`verdict`'s sentences, in order: the games, whether a prediction method beats ``plain6``, ..."""
    t = methods.set_index("method")
    n = int(t.games.iloc[0])

    def ci(m: str) -> str:
        return diff_ci(t, m)

    predicting = [m for m in t.index if METHODS[m].asym]
    better = beating(t, alpha)
    worse = [m for m in predicting if t.loc[m, "p_holm"] < alpha and t.loc[m, "diff"] < 0]
    out = [f"Each method played the same {n} games as `plain6`."]
    if better:
        out.append(f"Beyond noise (Holm-corrected p < {alpha:g}), "
                   + ", ".join(f"`{m}` beats `plain6` by {ci(m)}" for m in better) + ".")
    elif predicting:
        out.append(f"**No prediction method beats `plain6` beyond noise** (Holm-corrected p < {alpha:g}).")
    if worse:
        out.append("Beyond noise, " + ", ".join(f"`{m}` loses to it, {ci(m)}" for m in worse) + ".")
    if predicting:
        best = best_predicting(t)
        out.append(f"The best prediction method, `{best}`, changes Black's score by {ci(best)}, "
                   f"{_holm(t.loc[best, 'p'], t.loc[best, 'p_holm'])}.")
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
        out.append(f"Power: every difference's 95 % interval is within +-{100 * wide.max():.1f} points"
                   + (f" (goal +-{100 * target:.0f})." if wide.max() <= target else
                      f", wider than the goal of +-{100 * target:.0f}; `{w}` would need about "
                      f"{int(t.loc[w, 'rounds_needed'])} rounds a pairing to reach it."))
    out += opponent_verdict(t, ci, alpha)
    if contrasts is not None and len(contrasts):
        out += foresight_verdict(contrasts, alpha)
    if claims is not None and "p" in claims:
        for c in claims.dropna(subset=["p"]).itertuples():
            held = (c.diff > 0) == (c.direction > 0) and c.p_holm < alpha
            out.append(f"Chapter 12's \"{c.claim}\" ({c.pairs}; {c.games} paired games): {_pts(c.diff)} points "
                       f"({_pts(c.diff_lo)} to {_pts(c.diff_hi)}), {_holm(c.p, c.p_holm)}: "
                       + ("**supported**." if held else "**not supported** at this power."))
    return out


def _nodes(t: pd.DataFrame, m: str) -> float:
    """Method ``m``'s nodes per Black search against plain6's: its cost, the same on every machine (its time is
    timing data, ``ch13_timing``)."""
    return t.loc[m, "nodes_mean"] / t.loc["plain6", "nodes_mean"]


def opponent_verdict(t: pd.DataFrame, ci, alpha: float) -> list[str]:
    """The opponent-model sentences of :func:`verdict`: does modelling White pay, and how much a learned model recovers.

    ``t`` is the ``ch13_methods`` table indexed by method; ``ci(m)`` writes a method's difference with its interval.
    """
    out = []

    def beyond(m: str) -> str:
        p = t.loc[m, "p_holm"]
        word = comparison_word(t.loc[m, "diff"], t.loc[m, "diff_lo"], t.loc[m, "diff_hi"], p, alpha)
        return f"`{m}` is {word} `plain6` ({ci(m)}, {_holm(t.loc[m, 'p'], p)})"

    if "om-perfect" in t.index:
        d = t.loc["om-perfect", "diff"]
        out.append(f"Knowing White's weights exactly, OM search: {beyond('om-perfect')}, at "
                   f"{_nodes(t, 'om-perfect'):.1f} times plain6's nodes per search.")
        learned = [m for m in ("prom-dbn", "one-hist-game") if m in t.index]
        if learned and d > 0:
            out.append("Of that gain, a learned model recovers " + "; ".join(
                f"{100 * t.loc[m, 'diff'] / d:.0f} % with `{m}` ({ci(m)})" for m in learned) + ".")
        elif learned:
            out.append(f"Even the perfect model {'loses' if d < 0 else 'gains nothing'}, so there is no gain for a "
                       "learned one to recover: " + "; ".join(beyond(m) for m in learned) + ".")
        disaster = t.loc["om-perfect", "p_holm"] < alpha and d < 0
        out.append("The published warning that OM search can be disastrous "
                   + ("**holds here** even with White's true weights." if disaster else
                      "**does not show here** with White's true weights (the papers' opponents were modelled, "
                      "not known)."))
    prom = [m for m in ("prom-uniform", "prom-dbn") if m in t.index]
    if prom:
        wins = [m for m in prom if t.loc[m, "p_holm"] < alpha and t.loc[m, "diff"] > 0]
        out.append("The published finding that PrOM search beats alpha-beta at equal depth "
                   + ("**holds here**" if wins else "**is not reproduced here**") + ": "
                   + "; ".join(beyond(m) for m in prom) + ".")
    return out


def foresight_verdict(contrasts: pd.DataFrame, alpha: float) -> list[str]:
    """The foresight sentences of :func:`verdict`: what knowing White's next reply is worth, and whether matching
    White's depth removes OM search's loss, from :func:`~.chapter13.foresight_contrasts`' table."""
    c = {(r.method, r.against, str(r.white)): r for r in contrasts.itertuples()}

    def said(method: str, against: str, white: str = "all") -> str:
        r = c[method, against, white]
        word = comparison_word(r.diff, r.diff_lo, r.diff_hi, r.p_holm, alpha)
        return (f"{word} `{against}`: {_pts(r.diff)} points ({_pts(r.diff_lo)} to {_pts(r.diff_hi)}; {r.games} "
                f"paired games, {_holm(r.p, r.p_holm)})")

    def beyond(method: str, against: str, white: str = "all") -> bool:
        return (method, against, white) in c and c[method, against, white].p_holm < alpha

    out = []
    if ("oracle", "plain6", "all") in c:
        s = f"Knowing White's very next reply (`oracle`), Black is {said('oracle', 'plain6')}"
        if ("oracle", "plain8", "all") in c:
            s += f", and {said('oracle', 'plain8')}"
        out.append(s + ".")
    if ("oracle", "one-hist", "all") in c:
        r = c["oracle", "one-hist", "all"]
        if beyond("oracle", "one-hist") and r.diff > 0:
            room = (f"a better model of White's next reply could still win up to {_pts(r.diff_hi)} points over the "
                    "thesis's method")
        elif beyond("oracle", "one-hist"):
            room = ("even a perfect model of White's next reply, used to search below the reply it predicts, does "
                    "worse than the thesis's method: no better model could win anything this way, so what limits "
                    "the thesis's method is not its model's accuracy")
        else:
            room = "no gain over the thesis's method is measurable even with a perfect model of White's next reply"
        out.append(f"Against the thesis's `one-hist`, the oracle is {said('oracle', 'one-hist')}: {room}.")
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


def report_claim(methods: pd.DataFrame, rules: str) -> dict:
    """The report's claims-table row for Chapter 13's answer: the best prediction method against ``plain6``.

    The thesis asks the question but never measures it, so the verdict is "new"; the row's columns are those of
    :func:`~.claims.combine` for the reading ``rules`` the comparison played.
    """
    t = methods.set_index("method")
    best = best_predicting(t)
    ours = (f"best of {sum(METHODS[m].asym for m in t.index)} prediction methods, {best}: {diff_ci(t, best)}, "
            f"Holm p = {t.loc[best, 'p_holm']:.2g}, {int(t.loc[best, 'games'])} paired games")
    if "plain8" in t.index:
        ours += f"; two more plies (plain8): {_pts(t.loc['plain8', 'diff'])}"
    return {"section": "13", "claim": "predicting the opponent pays (Chapter 13, run)",
            "thesis": "its question (Ch. 1, 13); never measured", f"ours ({rules})": ours, f"verdict ({rules})": "new"}
