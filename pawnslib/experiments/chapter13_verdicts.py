"""Chapter 13's verdicts, decided from its tables alone: every label and answer its words state.

:func:`decisions` (the methods against ``plain6`` and the foresight contrasts), :func:`map_decisions` (where
prediction pays) and :func:`loss_decisions` (the oracle's loss) return a label or a boolean under a named key, or
under a contrast's id (:func:`~.chapter13.contrast_id`); :mod:`pawnslib.report.chapter13_text` only looks them up
and words them, so a sentence cannot contradict its table. A difference is beyond noise when its Holm-corrected p is
below ``alpha`` (:data:`~.thesis.ALPHA`). Also here: the best prediction method and the bound on any
(:func:`best_predicting`, :func:`bound`), both sides of the pay answer (:func:`pay_sides`), Chapter 13's saved
tables (:func:`load_tables`, :func:`load_map`) and its lines of evidence for the report's claims
(:func:`report_lines`).

Imports the experiments :mod:`~.chapter13` (the methods and the contrasts' ids and verdicts), :mod:`~.paired` (the
yardstick's family), :mod:`~.plan` (the detectable effect) and :mod:`~.thesis`.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import numpy as np
import pandas as pd

from pawnslib import config
from pawnslib.experiments import paired, plan, thesis
from pawnslib.experiments.chapter13 import (
    BASELINE,
    MAP_GROUP,
    METHODS,
    METHODS_GROUP,
    contrast_id,
    contrasts_id,
    loss_id,
    map_id,
    verdict_label,
)
from pawnslib.experiments.records import line

# the learned models whose share of om-perfect's gain is given
LEARNED = ("prom-learned", "prom-dbn", "prom-dbn-cal", "one-hist-game")
PROM = ("prom-uniform", "prom-dbn", "prom-dbn-cal", "prom-learned")  # PrOM search's methods
RECOGNISER = "prom-learned"  # PrOM search with the recogniser that recognises: whether recognition pays


# ----------------------------------------------------------------------------- the decisions, from the numbers alone


def comparison_label(diff: float, lo: float, hi: float, p_holm: float, alpha: float) -> str:
    """How a paired difference compares: "better" / "worse" when its Holm-corrected p is below ``alpha``
    (:func:`~.chapter13.verdict_label`); "not distinguishable once corrected" when only the uncorrected 95 % interval
    ``lo`` to ``hi`` excludes 0 (its own test rejects, its family's correction does not: the printed interval is per
    comparison, the words follow the correction); else "not distinguishable"."""
    label = verdict_label(diff, p_holm, alpha)
    if label == "not distinguishable" and (lo > 0 or hi < 0):
        return "not distinguishable once corrected"
    return label


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
    """Whether matching White's depth removes OM search's loss against White 1 ("no loss", "not removed",
    "reduced", "removed"), or None without the contrasts that tell."""
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
    contrast's :func:`comparison_label` by its id (:func:`~.chapter13.contrasts_id`), ``matching`` (:func:`_matching`)
    and ``recognition`` ("pays", "loses" or "not measurable") when their contrasts are there."""
    out = {contrasts_id(r.method, r.against, r.white): comparison_label(r.diff, r.diff_lo, r.diff_hi, r.p_holm, alpha)
           for r in contrasts.itertuples()}
    matching = _matching(out)
    if matching:
        out["matching"] = matching
    recognition = out.get(contrasts_id(RECOGNISER, "prom-uniform"))
    if recognition:
        out["recognition"] = {"better": "pays", "worse": "loses"}.get(recognition, "not measurable")
    return out


def decisions(methods: pd.DataFrame, contrasts: pd.DataFrame | None = None, alpha: float = thesis.ALPHA, *,
              target: float = 0.04) -> dict[str, bool | str]:
    """Every verdict of Chapter 13's answer, decided from the numbers alone (a key is there only when its
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
        ``recognition`` (does recognising White with the choice model, ``prom-learned``, pay over none: "pays",
        "loses", "not measurable").
    """
    out = _method_decisions(methods.set_index("method"), alpha, target)
    if contrasts is not None and len(contrasts):
        out |= contrast_decisions(contrasts, alpha)
    return out


def map_decisions(table: pd.DataFrame, alpha: float = thesis.ALPHA) -> dict[str, bool | str]:
    """The verdicts on where prediction pays, from the map (:func:`~.predictability.map_table`): each row's
    :func:`~.chapter13.verdict_label` by its id (:func:`~.chapter13.map_id`), by its Holm p over the map's family
    (``plain8``, the yardstick outside it, by its own p), and ``modelling_pays`` (a method that models White, all but
    ``plain8``, beats plain6 beyond noise in some cell)."""
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
    """The verdicts on the oracle's loss, from :func:`~.predictability.oracle_loss`'s table: each contrast's
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
def best_predicting(t: pd.DataFrame) -> str:
    """The prediction method with the largest difference from plain6 (``t``: ch13_methods by method)."""
    return max((m for m in t.index if METHODS[m].asym), key=lambda m: t.loc[m, "diff"])

def bound(t: pd.DataFrame) -> tuple[float, str]:
    """The most any prediction method can gain over plain6 at this power: the highest upper end of their
    simultaneous 95 % intervals, and the method it belongs to."""
    m = max((m for m in t.index if METHODS[m].asym), key=lambda m: t.loc[m, "diff_hi_all"])
    return float(t.loc[m, "diff_hi_all"]), m


def _in_family(t: pd.DataFrame, family: str) -> pd.Series:
    """Which rows of a table (``method`` a column) are in ``family``: by its ``family`` column, or, for a table that
    names none, every row with a Holm p but the yardstick's."""
    if "family" in t:
        return t.family == family
    return t.p_holm.notna() & ~t.method.isin(paired.YARDSTICKS)


def family_size(t: pd.DataFrame) -> int:
    """How many methods ch13_methods' family holds (``t`` by method): the Holm correction's and the simultaneous
    intervals' ``k``."""
    return int(_in_family(t.reset_index(), METHODS_GROUP).sum())


def _side(r, source: str, noise: str, depth: int, alpha: float) -> dict:
    """A row of ch13_methods or of the map as one comparison of the pay answer: where (``source``, White's tie-breaking
    ``noise`` and ``depth``), the method, its change with its interval simultaneous over its family, p, Holm p and
    its :func:`~.chapter13.verdict_label`."""
    return {"source": source, "noise": noise, "depth": depth, "method": r.method, "diff": float(r.diff),
            "lo": float(r.diff_lo_all), "hi": float(r.diff_hi_all), "p": float(r.p), "p_holm": float(r.p_holm),
            "label": verdict_label(r.diff, r.p_holm, alpha)}


def _detectable(t: pd.DataFrame, family: pd.Series) -> dict | None:
    """The smallest change a family's comparison detects at 80 % power after its correction
    (:func:`~.plan.detectable` at the family's typical, median, standard error and its ``k``), or None for a table
    without standard errors."""
    if "se" not in t or not family.any():
        return None
    se, k = float(t.se[family].median()), int(family.sum())
    return {"effect": plan.detectable(se, k=k), "se": se, "k": k}


def _recognition(white_map: pd.DataFrame | None, gain: dict | None, alpha: float) -> dict | None:
    """Whether the headline gain (a PrOM search's, in a cell of the map) is recognition's: the cell's
    ``prom-learned`` minus ``prom-uniform`` (:data:`~.predictability.RECOGNITION`) and ``comes_from`` "recognition"
    (that contrast above 0 beyond noise) or "search" (not: PrOM search gains without recognising White); None
    without such a gain or contrast."""
    if gain is None or gain["source"] != "map" or gain["method"] not in PROM or white_map is None \
            or "recognition" not in white_map:
        return None
    cell = white_map[(white_map.white_noise == gain["noise"]) & (white_map.white_depth == gain["depth"])].iloc[0]
    if np.isnan(cell.recognition):
        return None
    beyond = cell.recognition_p < alpha and cell.recognition > 0
    return {"diff": float(cell.recognition), "lo": float(cell.recognition_lo), "hi": float(cell.recognition_hi),
            "p": float(cell.recognition_p), "comes_from": "recognition" if beyond else "search"}


def pay_sides(methods: pd.DataFrame, white_map: pd.DataFrame | None = None, alpha: float = thesis.ALPHA, *,
              depth: int = config.DEPTH) -> dict:
    """Both sides of the pay answer, from Chapter 13's methods and the map: where modelling White loses beyond noise,
    where it gains (beyond noise, else before the correction), whether that gain is recognition's, what ``plain8``
    gains and the smallest change each design detects.

    Args:
        methods: ``ch13_methods``; its family (the methods but ``plain6`` and the yardstick) are Chapter 13's rows.
        white_map: ``ch13_predictability``, or None before it was made; its family's rows join them.
        alpha: the level a Holm p must be below.
        depth: White's depth in Chapter 13's games (Black's).

    Returns:
        ``losses`` and ``gains`` (rows beyond noise after their family's Holm correction, worst loss and largest
        gain first) and ``uncorrected`` (gains whose own p only is below ``alpha``), each row as :func:`_side`
        makes it; ``gain``, the headline gain (the largest of ``gains``, else of ``uncorrected``, else None);
        ``loss_depths`` (White's depths of the losses); ``recognition`` (:func:`_recognition`); ``deeper``
        (``plain8`` in Chapter 13: ``diff``, ``lo``, ``hi``, its own 95 % interval) and ``deeper_map`` (its least and
        most gain over the map's cells, or None); ``detectable`` and ``detectable_map`` (:func:`_detectable`).
    """
    t = methods.reset_index() if "method" not in methods else methods
    ours = _in_family(t, METHODS_GROUP)
    rows = [_side(r, "ch13", "thesis", depth, alpha) for r in t[ours].itertuples()]
    mapped = _in_family(white_map, MAP_GROUP) if white_map is not None else None
    if mapped is not None:
        rows += [_side(r, "map", r.white_noise, int(r.white_depth), alpha) for r in white_map[mapped].itertuples()]
    losses = sorted((r for r in rows if r["label"] == "worse"), key=lambda r: r["diff"])
    gains = sorted((r for r in rows if r["label"] == "better"), key=lambda r: -r["diff"])
    uncorrected = sorted((r for r in rows if r["label"] == "not distinguishable" and r["p"] < alpha and r["diff"] > 0),
                         key=lambda r: -r["diff"])
    gain = (gains or uncorrected or [None])[0]
    deeper = t[t.method == "plain8"]
    yard = white_map[white_map.method == "plain8"] if white_map is not None else pd.DataFrame()
    return {"losses": losses, "gains": gains, "uncorrected": uncorrected, "gain": gain,
            "loss_depths": sorted({r["depth"] for r in losses}), "recognition": _recognition(white_map, gain, alpha),
            "deeper": None if deeper.empty else {k: float(deeper.iloc[0][c]) for k, c in
                                                 (("diff", "diff"), ("lo", "diff_lo"), ("hi", "diff_hi"))},
            "deeper_map": None if yard.empty else {"lo": float(yard["diff"].min()), "hi": float(yard["diff"].max())},
            "detectable": _detectable(t, ours),
            "detectable_map": None if mapped is None else _detectable(white_map, mapped)}


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
    best, (most, _), k = best_predicting(t), bound(t), family_size(t)
    out = [line("ch13.pays", "13", "predicting the opponent pays (Chapter 13, run)",
                "its question (Ch. 1, 13); never measured", evidence="ours", method=best, verdict="new",
                facts={"k": k, "most": most},
                unit="score points", test="paired-t-holm", group=METHODS_GROUP, estimate=t.loc[best, "diff"],
                lo=t.loc[best, "diff_lo_all"], hi=t.loc[best, "diff_hi_all"], games=t.loc[best, "games"],
                p=t.loc[best, "p"], p_holm=t.loc[best, "p_holm"],
                why="paired games against plain6 (paired t-test on the game pairs), p Holm-corrected over the methods' "
                    "family (plain8, the yardstick, outside it); the best method's interval simultaneous over them "
                    "(it was picked as the best)") | {"reading": rules}]
    tested = claims.dropna(subset=["p"]) if claims is not None and "p" in claims else pd.DataFrame()
    for c in tested.itertuples():
        out.append(line(c.id, "12", c.claim, "", evidence="ours",
                        strategies="thesis (Chapter 13's games)", verdict=c.verdict,
                        facts={"pairs": [] if c.pairs == "none" else c.pairs.split()}, unit="win-rate points",
                        test="paired-t", thesis_value=c.thesis_value, margin=c.margin, margin_why=c.margin_why,
                        estimate=c.diff, lo=c.diff_lo, hi=c.diff_hi, games=c.games, p=c.p,
                        why=f"Chapter 13's {c.method} against plain6, a second sample of games; Black's wins pooled, "
                            "paired by game (paired t-test); 95 % interval against the thesis's change and its "
                            "margin") | {"reading": rules})
    return out

