"""Chapter 13's answer in words: its tables' rows and decided labels rendered by :mod:`~pawnslib.report.words`.

Every label a sentence states (better, worse, whether matching removes a loss, whether recognition pays) is decided
first by :mod:`pawnslib.experiments.chapter13_verdicts`, from the numbers alone; this module gathers each sentence's
record (the rows it quotes, with their label) and renders it by
its template (``ch13.*`` in :data:`~pawnslib.report.words.TEMPLATES`). Units: a method's change is in *score points*
(a draw half a win); Chapter 12's claims, which the thesis states in Black's wins, in *win-rate points*. Every p
names its correction and the group it corrects over.

Layer ``report``: it imports the experiments :mod:`~pawnslib.experiments.chapter13_verdicts`,
:mod:`~pawnslib.experiments.chapter13` (the methods and ids) and :mod:`~pawnslib.experiments.thesis` (``ALPHA``).
"""

from __future__ import annotations

import pandas as pd

from pawnslib.experiments import chapter13_verdicts as cv
from pawnslib.experiments import thesis
from pawnslib.experiments.chapter13 import BASELINE, METHODS, METHODS_GROUP, contrast_id, contrasts_id, loss_id, map_id
from pawnslib.report.words import render


def _record(r, label: str | None = None) -> dict:
    """A row (a Series or a namedtuple) as a template's record, with its ``label``."""
    row = r.to_dict() if isinstance(r, pd.Series) else r._asdict()
    return row | {"label": label}


def verdict_text(methods: pd.DataFrame, claims: pd.DataFrame | None = None, contrasts: pd.DataFrame | None = None, *,
                 alpha: float = thesis.ALPHA, target: float = 0.04) -> str:
    """The comparison's answer in words, written from the ``ch13_methods`` table (:func:`~.chapter13.compare`), and
    the claims' and foresight contrasts' tests (:func:`~.chapter13.foresight_contrasts`) when given.

    A method beats (or loses to) ``plain6`` "beyond noise" when its Holm-corrected p is below ``alpha``; ``target``
    is the power goal, an interval's half-width.
    """
    t = methods.set_index("method")
    decided = cv.decisions(methods, alpha=alpha, target=target)
    rows = {m: _record(t.loc[m], decided.get(contrast_id(METHODS_GROUP, m, BASELINE))) | {
        "method": m, "nodes": t.loc[m, "nodes_mean"] / t.loc[BASELINE, "nodes_mean"]} for m in t.index}
    group = f"over the {len(t) - 1} methods against plain6"
    out = [render("ch13.games", games=int(t.games.iloc[0]))]
    out += _beating(rows, decided, group, f"{alpha:g}")
    if any(METHODS[m].asym for m in t.index):
        out += _best(t, rows, decided, group)
    if "power_reached" in decided:
        wide = t.halfwidth.dropna()
        out.append(render("ch13.power", widest=wide.max(), reached=decided["power_reached"], target=target,
                          method=wide.idxmax(), rounds=int(t.loc[wide.idxmax(), "rounds_needed"])))
    out += _opponent(rows, decided, group)
    if contrasts is not None and len(contrasts):
        out += foresight_sentences(contrasts, alpha)
    return " ".join(out + _claims(claims))


def _beating(rows: dict, decided: dict, group: str, alpha: str) -> list[str]:
    """Whether a prediction method beats ``plain6`` beyond noise, and which lose to it."""
    predicting = [r for m, r in rows.items() if METHODS[m].asym]
    better = [r for r in predicting if r["label"] == "better"]
    out = [render("ch13.beating", better=better, alpha=alpha, group=group)] if predicting else []
    if decided["prediction_loses_to_plain6"]:
        out.append(render("ch13.losing", worse=[r for r in predicting if r["label"] == "worse"]))
    return out


def _best(t: pd.DataFrame, rows: dict, decided: dict, group: str) -> list[str]:
    """The best prediction method, the bound on any, what two more plies buy and the random control."""
    best = rows[cv.best_predicting(t)]
    bound, method = cv.bound(t)
    out = [render("ch13.best", r=best, k=sum(METHODS[m].asym for m in t.index), group=group),
           render("ch13.bound", bound=bound, method=method)]
    if "plain8" in rows:
        out.append(render("ch13.deeper", deeper=rows["plain8"], best=best, share=decided["best_share_of_plain8"]))
    if "random" in rows and "one-hist" in rows:
        out.append(render("ch13.control", random=rows["random"], hist=rows["one-hist"]))
    return out


def _opponent(rows: dict, decided: dict, group: str) -> list[str]:
    """Does modelling White pay (OM search with White's true weights, the learned models' share of its gain) and
    does PrOM search beat alpha-beta."""
    out = []
    if "om-perfect" in rows:
        learned = [rows[m] for m in cv.LEARNED if m in rows]
        out.append(render("ch13.om", r=rows["om-perfect"], group=group))
        if learned:
            out.append(render("ch13.learned", gains=decided["om_perfect_gains"], learned=learned,
                              om=rows["om-perfect"], group=group))
        out.append(render("ch13.disaster", holds=decided["om_disaster"]))
    prom = [rows[m] for m in cv.PROM if m in rows]
    if prom:
        out.append(render("ch13.prom", holds=decided["prom_beats_alphabeta"], prom=prom, group=group))
    return out


def _claims(claims: pd.DataFrame | None) -> list[str]:
    """Chapter 12's claims tested on the comparison's games, with the verdict by the report's rule."""
    if claims is None or "p" not in claims:
        return []
    tested = claims.dropna(subset=["p"])
    group = f"over Chapter 12's {len(tested)} claims"
    return [render("ch13.claim12", r=_record(c), group=group) for c in tested.itertuples()]


def foresight_sentences(contrasts: pd.DataFrame, alpha: float = thesis.ALPHA) -> list[str]:
    """What knowing White's next reply is worth, and whether matching White's depth removes OM search's loss, from
    :func:`~.chapter13.foresight_contrasts`' table."""
    decided = cv.contrast_decisions(contrasts, alpha)
    c = {(r.method, r.against, str(r.white)): _record(r, decided[contrasts_id(r.method, r.against, r.white)])
         for r in contrasts.itertuples()}
    group = f"over the {len(contrasts)} paired contrasts"

    def there(method: str, *against: str) -> list[dict]:
        return [c[method, a, "all"] for a in against if (method, a, "all") in c]

    out = []
    if ("one-hist-told1", "plain6", "all") in c:
        out.append(render("ch13.told", rows=there("one-hist-told1", "plain6", "one-hist", "plain8"), group=group))
    if ("oracle", "plain6", "all") in c:
        out.append(render("ch13.oracle", rows=there("oracle", "plain6", "plain8"), group=group))
    if ("oracle", "one-hist", "all") in c:
        out.append(render("ch13.oracle_hist", r=c["oracle", "one-hist", "all"], group=group))
    if "matching" in decided:
        out.append(render("ch13.matching", om=c["om-perfect", "plain6", "1"], matched=c["om-matched", "plain6", "1"],
                          versus=c["om-matched", "om-perfect", "1"], matching=decided["matching"], group=group))
    if ("om-matched", "plain6", "all") in c:
        out.append(render("ch13.matched_all", a=c["om-matched", "plain6", "all"],
                          b=c["om-matched", "om-perfect", "all"], group=group))
    if "recognition" in decided:
        out.append(render("ch13.recognition", uniform=c[cv.RECOGNISER, "prom-uniform", "all"],
                          tempered=c.get((cv.RECOGNISER, "prom-dbn-cal", "all")),
                          perfect=c.get((cv.RECOGNISER, "om-perfect", "all")), recognition=decided["recognition"],
                          group=group))
    return out


def map_sentences(table: pd.DataFrame, alpha: float = thesis.ALPHA) -> list[str]:
    """Where prediction pays, from the map (:func:`~.predictability.map_table`): one sentence a cell (White's
    tie-breaking, depth and measured predictability, ``plain8``'s gain, the best method that models White with its
    interval simultaneous over the map's family, the methods that model White beyond noise), then the answer over
    the map (:func:`~.chapter13_verdicts.paying_cell`). ``plain8``, the yardstick, is outside the family: its gain
    is quoted with its own 95 % interval, never as beyond noise by Holm."""
    decided = cv.map_decisions(table, alpha)
    k = int((table.method != "plain8").sum())  # the map's family: every method that models White, every cell
    out = []
    for (noise, depth), g in table.groupby(["white_noise", "white_depth"], sort=False):
        rows = [_record(r, decided[map_id(r.method, noise, depth)]) for r in g.itertuples()]
        modelling = [r for r in rows if r["method"] != "plain8"]
        out.append(render("ch13.map_cell", depth=int(depth), noise=noise, predictability=rows[0]["predictability"],
                          distinct=int(rows[0]["distinct_games"]), plain6_score=rows[0]["plain6_score"],
                          deeper=next((r for r in rows if r["method"] == "plain8"), None),
                          b=max(modelling, key=lambda r: r["diff"]), n=k,
                          beyond_noise=[r for r in modelling if r["label"] in ("better", "worse")]))
    cell = cv.paying_cell(table, alpha)
    out.append(render("ch13.map_answer", cell=cell and cell._asdict(), alpha=f"{alpha:g}", n=k))
    return out


def loss_sentences(loss: pd.DataFrame, alpha: float = thesis.ALPHA) -> list[str]:
    """The oracle's loss taken apart, from :func:`~.predictability.oracle_loss`'s table: its 2 x 2 of White's depth by
    the diagonal, then what each contrast rules out, and only that."""
    decided = cv.loss_decisions(loss, alpha)
    c = {(int(r.white_depth), r.pairings, r.method, r.against):
         _record(r, decided[loss_id(r.method, r.against, r.white_depth, r.pairings)]) for r in loss.itertuples()}
    group = f"over the {len(loss)} contrasts of the oracle's loss"
    depths, oracle = sorted({k[0] for k in c if k[2] == "oracle"}, reverse=True), ("oracle", "plain6")
    cells = [{"depth": d, "on": c[d, "diagonal", *oracle], "off": c[d, "off the diagonal", *oracle]}
             for d in depths if (d, "diagonal", *oracle) in c]
    out = [render("ch13.loss_cells", cells=cells, group=group)] if cells else []
    horizon = [r for k, r in c.items() if k[1:] == ("all", "oracle", "plain6")]  # White's reply as deep as the oracle's
    out += [render("ch13.loss_horizon", r=r, group=group) for r in horizon]
    if "diagonal_loses" in decided:
        at = [str(k[0]) for k, r in c.items() if k[1:] == ("diagonal", "oracle", "plain6") and r["label"] == "worse"]
        out.append(render("ch13.loss_diagonal", loses=decided["diagonal_loses"], at=at))
    if "deep_removes_loss" in decided:
        rows = [c[max(depths, default=0), "all", "oracle-deep", a] for a in ("plain6", "oracle", "plain8")]
        out.append(render("ch13.loss_deep", rows=rows, removes=decided["deep_removes_loss"], group=group))
    return [*out, render("ch13.loss_tiebreak")]


__all__ = ["foresight_sentences", "loss_sentences", "map_sentences", "verdict_text"]
