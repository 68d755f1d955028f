"""Tables in the reader's units: scores as percentages, differences in points, one p-value format.

The saved tables (``tables/ch13_*.csv``) keep fractions to full precision for reuse; these functions make the copies
a page shows: a score as ``66.7 % (64.8 to 68.6)``, a paired difference as ``+9.7 (+7.4 to +11.9)`` points (one decimal:
the intervals over 1,600 games are about ±2 points wide), a Holm-corrected p as ``0.0012`` (``< 0.0001`` below it),
node counts with thousands separators, times as ratios to ``plain6``, and headers in words. Chapter 13's
tables first, then the report's cell-by-cell and pairing-by-pairing tables, the rules fit and Chapter 11's prediction
statistics, one reading at a time so that each fits the page's column. The saved tables hold numbers only; the
thesis's cell format (``67%(33%)``) is made here, from the rates.

Layer ``report``: it imports :mod:`~pawnslib.experiments.stats` (the thesis's cell format),
:mod:`~pawnslib.report.style` (p-values) and :mod:`~pawnslib.report.words` (counts and the Holm p, as sentences
write them).
"""

from __future__ import annotations

import math

import pandas as pd

from pawnslib.experiments.stats import thesis_cell
from pawnslib.report.style import MISSING, number, short_p
from pawnslib.report.words import count, holm_value


def _missing(x: object) -> bool:
    return x is None or (isinstance(x, float) and math.isnan(x))


def interval(x: float, lo: float, hi: float, fmt: str = "{:.1f}", scale: float = 1.0) -> str:
    """``x (lo to hi)`` in ``fmt``, each value times ``scale``, with a minus sign (as sentences write it, e.g.
    ``−2.0``); "–" when ``x`` or ``lo`` is missing."""
    if _missing(x) or _missing(lo):
        return MISSING
    return f"{fmt.format(scale * x)} ({fmt.format(scale * lo)} to {fmt.format(scale * hi)})".replace("-", "−")


def points(diff: float, lo: float, hi: float) -> str:
    """A paired difference of scores in points with its interval, e.g. ``+9.7 (+7.4 to +11.9)``; "–" when NaN (the
    baseline's own row)."""
    return interval(diff, lo, hi, "{:+.1f}", 100)


def percent(x: float, lo: float | None = None, hi: float | None = None, *, digits: int = 1) -> str:
    """A share as a percentage, with its interval when given: ``66.7 % (64.8 to 68.6)``; "–" when NaN."""
    if _missing(x):
        return MISSING
    text = f"{100 * x:.{digits}f} %"
    return text if lo is None or _missing(lo) else f"{text} ({100 * lo:.{digits}f} to {100 * hi:.{digits}f})"


def _holm(p_holm: float) -> str:
    return MISSING if _missing(p_holm) else holm_value(p_holm)


def _holm_header(table: pd.DataFrame, what: str) -> str:
    """The Holm p's column header: the size of the table's family (its rows outside the yardstick, ``plain8``, and
    the baseline; every row with a p when the table names no family)."""
    family = table.family[table.family.fillna("").ne("") & table.family.ne("yardstick")] if "family" in table \
        else table.p.dropna()
    return f"p (Holm over the {len(family)} {what})"


def need(df: pd.DataFrame, columns: list[str], what: str) -> None:
    """Raise a ValueError naming the ``columns`` that ``df`` (called ``what`` in the message) lacks."""
    missing = [c for c in columns if c not in df.columns]
    if missing:
        raise ValueError(f"{what} lacks the column(s) {', '.join(missing)}")


def methods_table(methods: pd.DataFrame) -> pd.DataFrame:
    """``ch13_methods`` as a page shows it: per method its games, Black's score, the paired change from ``plain6``
    in points, the Holm-corrected p and nodes per Black search (times: the timing table ``ch13_timing``).

    Raises:
        ValueError: a column of ``ch13_methods`` missing (named).
    """
    need(methods, ["method", "games", "score", "score_lo", "score_hi", "diff", "diff_lo", "diff_hi", "p", "p_holm",
                   "nodes_mean"], "ch13_methods")
    return pd.DataFrame([{"method": r.method, "games": int(r.games),
                          "Black's score (95 % interval)": percent(r.score, r.score_lo, r.score_hi),
                          "change from plain6, score points": points(r.diff, r.diff_lo, r.diff_hi),
                          _holm_header(methods, "methods"): _holm(r.p_holm),
                          "nodes per search": f"{r.nodes_mean:,.0f}"} for r in methods.itertuples()])


def prediction_table(methods: pd.DataFrame) -> pd.DataFrame:
    """The prediction methods' rows of ``ch13_methods``: White moves, predictions made, the share of White's moves
    with a prediction, correct predictions and their share, likely replies per prediction and MAX_PR.

    Raises:
        ValueError: a column missing (named).
    """
    need(methods, ["method", "white_moves", "predictions", "predicted_share", "correct", "correct_share",
                   "likely_mean", "max_pr"], "ch13_methods")
    return pd.DataFrame([{"method": r.method, "White moves": f"{r.white_moves:,.0f}",
                          "predictions": f"{r.predictions:,.0f}", "moves with a prediction": percent(r.predicted_share),
                          "correct": f"{r.correct:,.0f}", "share correct": percent(r.correct_share),
                          "likely replies a prediction": f"{r.likely_mean:.2f}",
                          "MAX_PR": MISSING if _missing(r.max_pr) else f"{r.max_pr:.3f}"}
                         for r in methods[methods.predicted_share.notna()].itertuples()])


def contrasts_table(contrasts: pd.DataFrame) -> pd.DataFrame:
    """``ch13_contrasts`` as a page shows it: what is compared, over which White, the games and the change in points.

    Raises:
        ValueError: a column missing (named).
    """
    need(contrasts, ["method", "against", "white", "what", "games", "diff", "diff_lo", "diff_hi", "p", "p_holm"],
         "ch13_contrasts")
    return pd.DataFrame([{"method": r.method, "against": r.against,
                          "White": "every strategy" if str(r.white) == "all" else f"strategy {r.white}",
                          "what it asks": r.what, "paired games": int(r.games),
                          "change, score points": points(r.diff, r.diff_lo, r.diff_hi),
                          _holm_header(contrasts, "contrasts"): _holm(r.p_holm)}
                         for r in contrasts.itertuples()])


def claims_table(claims: pd.DataFrame) -> pd.DataFrame:
    """``ch13_claims`` (Chapter 12's claims as paired tests) as a page shows it: the claim, the direction the thesis
    claims in words, the method, the pairings (Black-White), the games, the change in points and the p-values.

    Raises:
        ValueError: a column missing (named).
    """
    need(claims, ["claim", "direction", "method", "pairs", "games", "diff", "diff_lo", "diff_hi", "p", "p_holm",
                  "verdict"], "ch13_claims")
    return pd.DataFrame([{"claim": r.claim, "the thesis says Black's win rate": "rises" if r.direction > 0 else "falls",
                          "method": r.method, "pairings (Black-White)": r.pairs, "paired games": int(r.games),
                          "change, win-rate points": points(r.diff, r.diff_lo, r.diff_hi), "p": short_p(r.p),
                          f"p (Holm over the {len(claims)} claims)": short_p(r.p_holm), "verdict": r.verdict}
                         for r in claims.itertuples()])


def predictability_table(table: pd.DataFrame) -> pd.DataFrame:
    """``ch13_predictability`` (where prediction pays) as a page shows it: per cell (White's tie-breaking, its
    measured predictability, White's depth) and method the distinct paired games, ``plain6``'s score, the paired
    change from it in points, the Holm-corrected p and the change as a share of ``plain8``'s.

    Raises:
        ValueError: a column missing (named).
    """
    need(table, ["white_noise", "predictability", "white_depth", "method", "distinct_games", "plain6_score", "diff",
                 "diff_lo", "diff_hi", "p", "p_holm", "plain8_share"], "ch13_predictability")
    return pd.DataFrame([{
        "White's ties": r.white_noise, "predictable": percent(r.predictability), "White's depth": int(r.white_depth),
        "method": r.method, "distinct games": int(r.distinct_games), "plain6's score": percent(r.plain6_score),
        "change from plain6, score points": points(r.diff, r.diff_lo, r.diff_hi),
        _holm_header(table, "contrasts"): _holm(r.p_holm),
        "share of plain8's gain": MISSING if _missing(r.plain8_share) or r.method == "plain8" else
        f"{100 * r.plain8_share:+.0f} %"} for r in table.itertuples()])


def oracle_loss_table(loss: pd.DataFrame) -> pd.DataFrame:
    """``ch13_oracle_loss`` as a page shows it: White's depth, the pairings, the contrast, the games, the change in
    points and the Holm-corrected p.

    Raises:
        ValueError: a column missing (named).
    """
    need(loss, ["white_depth", "pairings", "method", "against", "games", "diff", "diff_lo", "diff_hi", "p", "p_holm"],
         "ch13_oracle_loss")
    return pd.DataFrame([{
        "White's depth": int(r.white_depth), "pairings": r.pairings, "method": r.method, "against": r.against,
        "paired games": int(r.games), "change, score points": points(r.diff, r.diff_lo, r.diff_hi),
        _holm_header(loss, "contrasts"): _holm(r.p_holm)} for r in loss.itertuples()])


def cells_table(cells: pd.DataFrame) -> pd.DataFrame:
    """A thesis table judged cell by cell (``report_table_10_2``, ``report_table_11_1``, from
    :func:`~pawnslib.experiments.cells.compare_table`) as a page shows it: one reading's 16 cells, headers in words,
    the thesis's cell and ours in its format, counts as integers, the smallest detectable difference in points.

    Raises:
        ValueError: a column missing (named).
    """
    need(cells, ["black", "white", "thesis_rate", "thesis_draw_rate", "thesis_games", "win_rate", "draw_rate",
                 "ci_low", "ci_high", "games", "p", "p_holm", "detectable", "verdict"], "the cell-by-cell table")
    effective = "/".join(str(n) for n in sorted(set(cells.thesis_games.astype(int))))
    return pd.DataFrame([{
        "Black": int(r["black"]), "White": int(r["white"]),
        f"thesis ({effective} effective games)": thesis_cell(r["thesis_rate"], r["thesis_draw_rate"]),
        "ours (95 % interval)": f"{thesis_cell(r['win_rate'], r['draw_rate'])} "
                                f"({100 * r['ci_low']:.0f} to {100 * r['ci_high']:.0f}%)",
        "our games": int(r["games"]), "Fisher p": short_p(r["p"]),
        f"p (Holm over the {len(cells)} cells)": short_p(r["p_holm"]),
        "smallest detectable difference": MISSING if _missing(r["detectable"]) else
        f"{100 * r['detectable']:.0f} points", "verdict": r["verdict"]} for _, r in cells.iterrows()])


ARROW = "\u00a0\u2192\u00a0"  # plain -> asymmetric, with no line break on either side


def changes_table(changes: pd.DataFrame) -> pd.DataFrame:
    """Tables 11.2 and 11.3 pairing by pairing (``report_tables_11_2_11_3``) as a page shows it: one reading's
    pairings, the thesis's cells in its format, our win rates, changes in win-rate points with "a to b" intervals,
    arrows that do not break.

    Raises:
        ValueError: a column missing (named).
    """
    need(changes, ["table", "black", "white", "thesis_before", "thesis_before_draw_rate", "thesis_after",
                   "thesis_after_draw_rate", "thesis_change", "thesis_p", "win_rate_plain", "win_rate_asym", "change",
                   "change_lo", "change_hi", "move_identical", "games", "p", "verdict"], "the pairing-by-pairing table")
    return pd.DataFrame([{
        "table": r["table"], "Black": int(r["black"]), "White": int(r["white"]),
        "thesis, plain → asymmetric": thesis_cell(r["thesis_before"], r["thesis_before_draw_rate"]) + ARROW
                                      + thesis_cell(r["thesis_after"], r["thesis_after_draw_rate"]),
        "thesis's change (its Fisher p)": f"{100 * r['thesis_change']:+.0f} points ({short_p(r['thesis_p'])})",
        "ours, plain → asymmetric": f"{100 * r['win_rate_plain']:.0f}%{ARROW}{100 * r['win_rate_asym']:.0f}%",
        "our change, win-rate points": interval(r["change"], r["change_lo"], r["change_hi"], "{:+.0f}", 100),
        "games alike move for move": f"{int(r['move_identical'])} of {int(r['games'])}",
        "paired p": short_p(r["p"]), "verdict": r["verdict"]} for _, r in changes.iterrows()])


# How each figure of the rules fit reads, by statistic id (pawnslib.experiments.rulesfit): ours, the unit said after
# our figure and our distance, and the thesis's figure.
FIT_FORMATS = {"branching": ("{:.2f}".format, "", "{:g}".format),
               "win_rate": (lambda x: f"{100 * x:.1f}", " %", lambda x: f"{100 * x:.0f} %"),
               "nodes": ("{:.0f}".format, "", "{:.0f}".format),
               "predictions_per_game": ("{:.1f}".format, "", "{:.1f}".format)}
FIT_OTHER = (number, "", number)  # a statistic the table above does not name


def _fit_thesis(r: pd.Series) -> str:
    """The thesis's figure, or its range "a to b"; "–" for a check (the thesis's table is the data)."""
    if _missing(r["thesis"]):
        return MISSING
    fmt = FIT_FORMATS.get(r["statistic"], FIT_OTHER)[2]
    said = fmt(r["thesis"])
    return said if r["thesis_hi"] == r["thesis"] else f"{said} to {fmt(r['thesis_hi'])}"


def _fit_ours(r: pd.Series) -> str:
    """One reading's figure, "mean (lo to hi), verdict; distance d", or a check's "p = x: fits" ("p < 1/n" when no
    simulated table was as improbable)."""
    if _missing(r["estimate"]):
        return MISSING
    if not _missing(r["simulations"]):
        p = f"p < {1 / r['simulations']:.2g}" if r["estimate"] == 0 else f"p = {r['estimate']:.2g}"
        return f"{p}: {r['verdict']}"
    fmt, unit, _ = FIT_FORMATS.get(r["statistic"], FIT_OTHER)
    return (f"{fmt(r['estimate'])}{unit} ({fmt(r['lo'])} to {fmt(r['hi'])}), {r['verdict']}; "
            f"distance {fmt(r['distance'])}{unit}")


def _fit_nearer(rows: pd.DataFrame) -> str:
    """Which reading lies nearer the thesis's figure, or which fit its tables, in words."""
    if rows.simulations.notna().any():
        fit = list(rows.reading[rows.verdict == "fits"])
        if not fit:
            return "neither fits"
        return "both fit" if len(fit) == len(rows) > 1 else " and ".join(fit) + " fits"
    judged = rows[rows.distance.notna()]
    if len(judged) < 2:
        return ""
    if judged.nearer.any():
        return " and ".join(judged.reading[judged.nearer.astype(bool)])
    return "both contain it" if (judged.distance == 0).all() else "equal"


def rules_fit_table(table: pd.DataFrame) -> pd.DataFrame:
    """The rules fit (``rules_fit``, :func:`~pawnslib.experiments.rulesfit.rules_fit`'s table) as a page shows it: one
    row per statistic in words, the thesis's figure, one column per reading (our 95 % interval, the verdict and the
    distance to the thesis's figure; or a check's predictive p) and which reading lies nearer or fits.

    Raises:
        ValueError: a column missing (named).
    """
    need(table, ["statistic", "label", "reading", "thesis", "thesis_hi", "estimate", "lo", "hi", "verdict",
                 "distance", "nearer", "simulations"], "rules_fit")
    out = {}
    for _, rows in table.groupby("statistic", sort=False):
        first = rows.iloc[0]
        figure = _missing(first["simulations"])
        label = f"{first['label']} (95 % interval; distance to the thesis's)" if figure else first["label"]
        out[label] = {"the thesis": _fit_thesis(first), **{r["reading"]: _fit_ours(r) for _, r in rows.iterrows()},
                      "nearer": _fit_nearer(rows)}
    return pd.DataFrame(out).T.rename_axis("statistic")


def prediction_stats_table(stats: pd.DataFrame) -> pd.DataFrame:
    """Chapter 11's prediction statistics (``prediction_stats``, one row per strategy set) as a page shows it: one
    column per set, one row per statistic in words, intervals as "a to b".

    Raises:
        ValueError: a column missing (named).
    """
    need(stats, ["white moves", "games", "predictions made", "correct", "share correct", "ci_low", "ci_high",
                 "mean likely set when correct", "mean replies (branching)", "predictions per game", "per_game_lo",
                 "per_game_hi", "pr = 1 (excluded from Figure 11.1)", "pr = 1 per game", "pr_one_lo", "pr_one_hi"],
         "prediction_stats")
    return pd.DataFrame({name: {
        "White moves": count(r['white moves']), "games": count(r['games']),
        "predictions made": count(r['predictions made']), "correct": count(r['correct']),
        "share correct, % (95 % interval)": interval(r["share correct"], r["ci_low"], r["ci_high"], scale=100),
        "likely replies when correct (mean)": f"{r['mean likely set when correct']:.1f}",
        "replies to choose from (mean)": f"{r['mean replies (branching)']:.1f}",
        "predictions per game (95 % interval)": interval(r["predictions per game"], r["per_game_lo"], r["per_game_hi"]),
        "White moves at pr = 1, left out of Figure 11.1": count(r['pr = 1 (excluded from Figure 11.1)']),
        "… per game (95 % interval)": interval(r["pr = 1 per game"], r["pr_one_lo"], r["pr_one_hi"], "{:.2f}")}
        for name, r in stats.iterrows()}).rename_axis("statistic")


__all__ = ["cells_table", "changes_table", "claims_table", "contrasts_table", "count", "interval", "methods_table",
           "need", "oracle_loss_table", "percent", "points", "prediction_stats_table", "prediction_table",
           "predictability_table", "rules_fit_table"]
