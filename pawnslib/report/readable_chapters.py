"""The chapters' detail tables in the reader's words: Chapter 4's branching factor and RLGame's rules, Chapter 8's
recognisers, Chapters 10 and 11's balance of power (Tables 10.2 and 11.1) and pairings (Tables 11.2 and 11.3), the
report's strength and time-slice tables, and Chapter 13's tie-breaking study with its verdict per headline.

As in :mod:`~pawnslib.report.readable`, the saved tables keep their column names and full precision for reuse, numbers
and labels only; these functions make the copies a page shows: headers in words with their units, intervals as "a to
b", counts as integers, the thesis's cell format (``67%(33%)``) where its tables are set beside ours. A table with
one column per reading (or per reading and play) is built that way round, so that it fits the page's column.
"""

from __future__ import annotations

import pandas as pd

from pawnslib.experiments.stats import thesis_cell, wilson
from pawnslib.report.readable import count, interval, need, percent, points
from pawnslib.report.style import MISSING, short_p


def branching_table(summary: pd.DataFrame) -> pd.DataFrame:
    """Chapter 4's branching factor (``branching_factor``, ``branching_factor_search``; one row per reading, or per
    reading and play) with one column per row.

    Raises:
        ValueError: a column missing (named).
    """
    band = [c for c in summary.columns if c.startswith("share ") and c.endswith(" moves")]
    need(summary, ["games", "positions", "mean moves", "mean 95% low", "mean 95% high", "median moves",
                   "share 95% low", "share 95% high", "mean of per-game means", "mean game length (plies)",
                   "share won by black", "share won by white", "share drawn"] + (band or ["share 10-11 moves"]),
         "the branching-factor table")
    with_band = band[0].removeprefix("share ").replace("-", " or ")
    return pd.DataFrame({name: {
        "games": count(r["games"]), "positions": count(r["positions"]),
        "legal moves a position, mean (95 % interval)": interval(r["mean moves"], r["mean 95% low"],
                                                                 r["mean 95% high"], "{:.2f}"),
        "legal moves a position, median": f"{r['median moves']:.0f}",
        f"positions with {with_band}": percent(r[band[0]], r["share 95% low"], r["share 95% high"]),
        "mean of each game's mean": f"{r['mean of per-game means']:.2f}",
        "game length, plies (mean)": f"{r['mean game length (plies)']:.1f}",
        "Black wins": percent(r["share won by black"]), "White wins": percent(r["share won by white"]),
        "draws": percent(r["share drawn"])} for name, r in summary.iterrows()})


def rlgame_table(differences: pd.DataFrame) -> pd.DataFrame:
    """Where RLGame's two rules would have played otherwise (``rlgame_differences``) with one column per row.

    Raises:
        ValueError: a column missing (named).
    """
    need(differences, ["games", "moves", "removals", "order_differs", "games_order", "self_emptied",
                       "games_self_emptied", "diverged", "diverged_lo", "diverged_hi"], "rlgame_differences")
    return pd.DataFrame({name: {
        "games": count(r["games"]), "moves": count(r["moves"]), "moves that remove pieces": count(r["removals"]),
        "moves whose sequential removal leaves another position (in games)":
            f"{count(r['order_differs'])} (in {count(r['games_order'])})",
        "moves that empty the mover's own side (in games)":
            f"{count(r['self_emptied'])} (in {count(r['games_self_emptied'])})",
        "games that would diverge (95 % interval)": percent(r["diverged"], r["diverged_lo"], r["diverged_hi"])}
        for name, r in differences.iterrows()})


YARDSTICK_GAP = "gap to yardstick (points)"  # dbn_recognition_at_10's column: perfect knowledge's accuracy minus each


def recognition_table(at: pd.DataFrame) -> pd.DataFrame:
    """Chapter 8's recognisers at one move (``dbn_recognition_at_10``; any index, e.g. set and recogniser): the share
    right over every held-out game (one that has ended at its last belief) beside the games still running, and the
    distance to the perfect-knowledge recogniser, a yardstick (a learned recogniser can beat it: not a ceiling).

    Raises:
        ValueError: a column missing (named).
    """
    need(at, ["games", "running", "accuracy", "ci_low", "ci_high", "p_true", YARDSTICK_GAP], "the recognisers' table")
    return pd.DataFrame([{
        "held-out games (all counted)": count(r["games"]), "of them still running": count(r["running"]),
        "right (95 % interval)": percent(r["accuracy"], r["ci_low"], r["ci_high"]),
        "mean posterior of the true strategy": percent(r["p_true"]),
        "below the perfect-knowledge yardstick, points": f"{r[YARDSTICK_GAP]:.1f}".replace("-", "−")}
        for _, r in at.iterrows()], index=at.index)


def recognisers_table(calibration: pd.DataFrame) -> pd.DataFrame:
    """Rows of ``recognition_calibration`` (Chapter 8's recognisers at one White move each) as a page shows them: per
    set and recogniser the held-out games (all counted, one that has ended at its last belief) and those still
    running, the share right with its 95 % Wilson interval, the mean largest probability (calibrated: as high as the
    share right) and the log-loss (ln K knows nothing).

    Raises:
        ValueError: a column missing (named).
    """
    need(calibration, ["set", "recogniser", "move", "games", "running", "accuracy", "mean_max_p", "log_loss"],
         "the recognisers' calibration table")
    rows = []
    for _, r in calibration.iterrows():
        lo, hi = wilson(round(r["accuracy"] * r["games"]), int(r["games"]))
        rows.append({"set": r["set"], "recogniser": r["recogniser"], "after White's move": int(r["move"]),
                     "held-out games (all counted)": count(r["games"]), "of them still running": count(r["running"]),
                     "right (95 % interval)": percent(r["accuracy"], lo, hi, digits=0),
                     "mean largest probability": f"{r['mean_max_p']:.2f}", "log-loss, nats": f"{r['log_loss']:.2f}"})
    return pd.DataFrame(rows)


GOAL_WORDS = {  # recognition_goals' goals: (what is measured, how its estimate is written, its target in words)
    "accuracy": ("right after White's move {move}", lambda r: percent(r["estimate"], r["lo"], r["hi"], digits=0),
                 lambda t: f"at least {100 * t:.0f} %"),
    "log_loss_below_uniform": ("log-loss after White's move {move}, nats",
                               lambda r: interval(r["estimate"], r["lo"], r["hi"], "{:.2f}"),
                               lambda t: f"below ln K = {t:.2f}"),
    "confidence_gap": ("largest probability minus accuracy after White's move {move}",
                       lambda r: interval(r["estimate"], r["lo"], r["hi"], "{:+.2f}"),
                       lambda t: f"within ±{t:.2f}"),
}


def goals_table(goals: pd.DataFrame) -> pd.DataFrame:
    """``recognition_goals`` as a page shows it: per set and recogniser each goal in words, the held-out games (all
    counted) and those still running, the estimate with its interval (at the table's one ``level``, 95 % by the
    plan: each goal is a one-sided test at 2.5 % whose bound is the interval's end), the target and the verdict.

    Raises:
        ValueError: a column missing (named), a goal without words, or more than one level.
    """
    need(goals, ["set", "recogniser", "goal", "move", "games", "running", "estimate", "lo", "hi", "level", "target",
                 "verdict"], "the recognition goals' table")
    unknown = sorted(set(goals["goal"]) - set(GOAL_WORDS))
    if unknown:
        raise ValueError(f"the recognition goals' table has goals without words: {', '.join(unknown)}")
    levels = goals["level"].unique()
    if len(levels) > 1:
        raise ValueError(f"the recognition goals' table mixes interval levels: {sorted(levels)}")
    quoted = f"estimate ({100 * levels[0]:.0f} % interval)" if len(levels) else "estimate (interval)"
    return pd.DataFrame([{
        "set": r["set"], "recogniser": r["recogniser"],
        "goal": GOAL_WORDS[r["goal"]][0].format(move=int(r["move"])),
        "held-out games (all counted)": count(r["games"]), "of them still running": count(r["running"]),
        quoted: GOAL_WORDS[r["goal"]][1](r), "target": GOAL_WORDS[r["goal"]][2](r["target"]),
        "verdict": r["verdict"]} for _, r in goals.iterrows()])


def balance_table(counts: pd.DataFrame) -> pd.DataFrame:
    """Table 10.2 or 11.1 of our games (``table_10_2_<set>``, ``table_11_1_<set>``: one row per pairing, as
    :func:`~pawnslib.experiments.stats.pairing_counts` counts it): Black (rows) against White (columns), each cell
    in the thesis's format with its 95 % Wilson interval and games.

    Raises:
        ValueError: a column missing (named).
    """
    need(counts, ["black", "white", "games", "win_rate", "draw_rate", "ci_low", "ci_high"],
         "the balance-of-power table")
    cells = [f"{thesis_cell(r['win_rate'], r['draw_rate'])} ({100 * r['ci_low']:.0f} to {100 * r['ci_high']:.0f}), "
             f"{int(r['games'])} games" for _, r in counts.iterrows()]
    table = counts.assign(cell=cells).pivot(index="black", columns="white", values="cell")
    return table.rename_axis(index="Black \\ White", columns=None).rename(columns=str)


def pairing_changes_table(changes: pd.DataFrame) -> pd.DataFrame:
    """Tables 11.2 / 11.3 as Chapter 11 computes them (``table_11_2_*``, from ``paired.compare_pairings``), one row
    a pairing.

    Raises:
        ValueError: a column missing (named).
    """
    need(changes, ["black", "white", "win_rate_plain", "draw_rate_plain", "win_rate_asym", "draw_rate_asym", "games",
                   "same result", "delta", "delta_lo", "delta_hi", "p_value", "change"], "the pairings' changes")
    return pd.DataFrame([{
        "Black": int(r["black"]), "White": int(r["white"]),
        "Black wins, plain alpha-beta": thesis_cell(r["win_rate_plain"], r["draw_rate_plain"]),
        "Black wins, asymmetric tree": thesis_cell(r["win_rate_asym"], r["draw_rate_asym"]),
        "paired games": int(r["games"]), "games with the same result": int(r["same result"]),
        "change, win-rate points (95 % interval)": interval(r["delta"], r["delta_lo"], r["delta_hi"], "{:+.0f}", 100),
        "paired p": short_p(r["p_value"]), "change": r["change"]} for _, r in changes.iterrows()])


def strength_table(strength: pd.DataFrame) -> pd.DataFrame:
    """Each strategy's record over both colours (``stats.strategy_strength``; any index).

    Raises:
        ValueError: a column missing (named).
    """
    need(strength, ["games", "wins", "win_rate", "ci_low", "ci_high", "beats", "worst_share", "worst_against"],
         "the strength table")
    return pd.DataFrame([{
        "games": int(r["games"]), "wins": int(r["wins"]),
        "win rate (95 % interval)": percent(r["win_rate"], r["ci_low"], r["ci_high"], digits=0),
        "others it beat at least once": int(r["beats"]),
        "its worst: share won, against": MISSING if pd.isna(r["worst_against"]) else
            f"{percent(r['worst_share'], digits=0)} against {int(r['worst_against'])}"}
        for _, r in strength.iterrows()], index=strength.index)


def slices_table(slices: pd.DataFrame, *, base: int) -> pd.DataFrame:
    """Section 11.2's remark on time slices (``offline.slices_effect``; any index), with the paired change from
    ``base`` slices.

    Raises:
        ValueError: a column missing (named).
    """
    need(slices, ["slices", "games", "predictions", "correct", "share", "share_lo", "share_hi", "diff", "diff_lo",
                  "diff_hi"], "the time slices' table")
    return pd.DataFrame([{
        "time slices": int(r["slices"]), "held-out games": int(r["games"]), "predictions": count(r["predictions"]),
        "correct": count(r["correct"]), "share correct (95 % interval)": percent(r["share"], r["share_lo"],
                                                                               r["share_hi"]),
        f"change from {base} slices, points": MISSING if r["slices"] == base else
            interval(r["diff"], r["diff_lo"], r["diff_hi"], "{:+.1f}", 100)}
        for _, r in slices.iterrows()], index=slices.index)


def tiebreak_table(study: pd.DataFrame) -> pd.DataFrame:
    """Table 10.2 under each tie-breaker (``tiebreak.table_10_2``), one row a reading and tie-breaker. Every
    tie-breaker has an interval ("none" plays from seeded random openings); a dash marks a test not made (the main
    run against itself).

    Raises:
        ValueError: a column missing (named).
    """
    need(study, ["rules", "variant", "games", "distinct_games", "black_win_rate", "win_lo", "win_hi", "chi_square",
                 "df", "p", "openings", "positions", "needed", "exact"], "the tie-breaking study")
    return pd.DataFrame([{
        "rules": r["rules"], "tie-breaker": r["variant"], "games": count(r["games"]),
        "distinct games": count(r["distinct_games"]),
        "Black's win rate over distinct games (95 % interval)": percent(r["black_win_rate"], r["win_lo"],
                                                                         r["win_hi"], digits=0),
        "against the thesis's tie-breaking: chi-square (df), p": MISSING if pd.isna(r["chi_square"]) else
            f"{r['chi_square']:.1f} ({int(r['df'])}), {short_p(r['p'])}",
        "distinct 4-ply openings a pairing": f"{r['openings']:.2f}", "Black root positions": count(r["positions"]),
        "of those with a tie, left exact": f"{count(r['exact'])} of {count(r['needed'])}"}
        for _, r in study.iterrows()])


# The tie-breaking study's units (pawnslib.experiments.tiebreak.sensitivity stores fractions): an estimate with its
# interval (or alone, where it has none); an estimate in the verdict's words; and the unit said after a figure there.
SURVIVAL_UNITS = {"percent": (lambda x, lo, hi: percent(x, lo, hi, digits=0), lambda x: f"{100 * x:.1f} %", " %"),
                  "score points": (lambda x, lo, hi: f"{100 * x:+.1f}" if pd.isna(lo) else points(x, lo, hi),
                                   lambda x: f"{100 * x:+.1f} score points", " score points")}
SURVIVAL_FIXED = ("finding_id", "finding", "unit", "reference", "verdict", "holds")


def _variant_name(key: str) -> str:
    """A variant's name in a table's words: ``thesis_second_seed`` -> "thesis, second seed"."""
    return key.replace("_second_seed", ", second seed")


def _survival_class(kind: str, reference: float) -> str:
    """A variant's class in words: a win rate's interval against the thesis's figure, or a difference's sign."""
    if kind in ("above", "below", "contains"):
        return f"interval {kind} the thesis's {percent(reference, digits=0)}"
    return kind


def survival_verdict(row: pd.Series, keys: list[str]) -> str:
    """One headline's verdict in words: "holds under every tie-breaker: <class>", or "depends on the tie-breaker:
    <classes>; estimates <lowest> to <highest>", then each estimate of a tie-breaker without a class ("<tie-breaker>
    not judged, no interval: <estimate>"; every tie-breaker of the study has one, "none" too)."""
    judged = [(row[f"{k}_class"], row[f"{k}_estimate"]) for k in keys if not pd.isna(row[f"{k}_class"])]
    alone = [(k, row[f"{k}_estimate"]) for k in keys
             if pd.isna(row[f"{k}_class"]) and not pd.isna(row[f"{k}_estimate"])]
    _, say, unit = SURVIVAL_UNITS[row["unit"]]
    unjudged = "".join(f"; {_variant_name(k)} not judged, no interval: {say(x)}" for k, x in alone)
    kinds = ", ".join(dict.fromkeys(_survival_class(c, row["reference"]) for c, _ in judged))
    if row["holds"]:
        return f"holds under every tie-breaker: {kinds}{unjudged}"
    low, high = (100 * f(x for _, x in judged) for f in (min, max))
    return f"depends on the tie-breaker: {kinds}; estimates {low:.1f}{unit} to {high:.1f}{unit}{unjudged}"


def survival_table(frame: pd.DataFrame) -> pd.DataFrame:
    """Which headlines survive the tie-breaker (``tiebreak_sensitivity``, from
    :func:`~pawnslib.experiments.tiebreak.sensitivity`): per finding its estimate under each tie-breaker, with its
    95 % interval where it has one, and the verdict in words (:func:`survival_verdict`).

    Raises:
        ValueError: a column missing (named).
    """
    keys = [c.removesuffix("_estimate") for c in frame.columns if c.endswith("_estimate")]  # the variants
    need(frame, [*SURVIVAL_FIXED, *(f"{k}_{c}" for k in keys for c in ("lo", "hi", "class"))], "tiebreak_sensitivity")
    return pd.DataFrame([{
        "finding": f"{r['finding']}, {r['unit']}",
        **{_variant_name(k): MISSING if pd.isna(r[f"{k}_estimate"]) else
           SURVIVAL_UNITS[r["unit"]][0](r[f"{k}_estimate"], r[f"{k}_lo"], r[f"{k}_hi"]) for k in keys},
        "verdict": survival_verdict(r, keys)} for _, r in frame.iterrows()])


__all__ = ["balance_table", "branching_table", "pairing_changes_table", "recognition_table", "rlgame_table",
           "slices_table", "strength_table", "survival_table", "survival_verdict", "tiebreak_table"]
