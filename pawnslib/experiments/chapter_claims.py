"""The claims of Chapters 10 and 11 as lines of evidence (:func:`~.records.line`): the balance of power, prediction
and the asymmetric tree in play, each computed from a reading's games.

The report (:func:`~.claims.reading_claims`) and the chapters' own notebooks (10 and 11) call the same functions,
so a claim reads the same, figure and verdict, wherever it is stated; the verdict rules are :mod:`~.thesis`'s (a
line's) and :mod:`~.evidence`'s (a whole table's).
"""

from __future__ import annotations

import pandas as pd
from statsmodels.stats.multitest import multipletests

from pawnslib.experiments import cells, support, thesis
from pawnslib.experiments.evidence import table_verdict
from pawnslib.experiments.paired import pooled_win_change, win_changes
from pawnslib.experiments.records import line
from pawnslib.experiments.stats import game_ids, pairing_counts, prediction_summary, strategy_strength, tree_effect
from pawnslib.play.records import GameRecord
from pawnslib.search.strategies import THESIS

N = cells.EFFECTIVE_GAMES


def counted(verdicts: pd.Series) -> dict[str, int]:
    """A table's cell verdicts counted, in the vocabulary's order: {"not reproduced": 1, "inconclusive": 14, ...}."""
    v = verdicts.value_counts()
    return {k: int(v[k]) for k in ("reproduced", "not reproduced", "inconclusive", "untestable") if k in v}


def _table_line(cid: str, chapter: str, table: str, t: pd.DataFrame, *, text: str, rounds: int) -> dict:
    """A whole outcome table (:func:`~.cells.compare_table`'s ``t``) as one line: Black's overall win rate beside
    the thesis's, the cells' verdicts counted, the table's verdict by :func:`~.evidence.table_verdict`."""
    kind, note = support.TABLE
    return line(cid, chapter, text, f"{thesis.GAMES_PER_PAIRING} games a pairing, {N} effective (every cell of Table "
                f"{table} a multiple of 1/{N})", evidence=kind, note=note, effective_games=N,
                facts={"rounds": rounds, "cells": counted(t.verdict)}, verdict=table_verdict(t.verdict),
                why=CELLS_RULE, unit="share", test="fisher-holm", group=cid,
                estimate=t.black_wins.sum() / t.games.sum(), games=int(t.games.sum()),
                thesis_value=t.thesis_wins.sum() / t.thesis_games.sum(), p=t.p.min(), p_holm=t.p_holm.min())


CELLS_RULE = (f"per cell: Fisher's exact test at {N} games, Holm-corrected over the table's testable cells; a cell "
              "is untestable when no outcome of the thesis's could be told from ours; the table by its testable "
              "cells' majority")


def balance_claims(plain: dict[str, list[GameRecord]], rounds: int
                   ) -> tuple[list[dict], pd.DataFrame, dict[str, pd.DataFrame]]:
    """Chapter 10's balance of power (Table 10.2, who beats whom) and Chapter 12's strongest strategy, from each
    set's minimax games (``plain``, by set; must hold ``"thesis"``).

    Returns:
        (the lines, Table 10.2 beside ours, each set's :func:`~.stats.strategy_strength`).
    """
    t102 = cells.compare_table(thesis.TABLE_10_2, pairing_counts(plain["thesis"]))
    lines = [_table_line("t10_2.cells", "10", "10.2", t102, rounds=rounds,
                         text="Table 10.2: Black's win rate in each of the 16 pairings")]
    strength = {s: strategy_strength(records) for s, records in plain.items()}
    theirs = thesis.can_beat(thesis.table_records(thesis.TABLE_10_2))
    beats, poorly = support.beats(), support.poorly()  # the thesis's own evidence: the same for every set
    own = strategy_strength(thesis.table_records(thesis.TABLE_10_2))  # the thesis's own very-poorly pairs
    said_poorly = "; ".join(f"{i} wins {100 * own.loc[i, 'worst_share']:.0f} % against {j}"
                            for i, j in thesis.poorly_verdict(own)[1])
    for s, records in plain.items():
        c = thesis.can_beat(records)
        lines.append(line("t10_2.can_beat", "10", f"every strategy can beat at least {thesis.BEATS_AT_LEAST} others",
                          "yes: " + ", ".join(f"{i} beat {b}" for i, b in theirs.possibly.items()),
                          evidence=beats[0], note=beats[1], effective_games=2 * N, strategies=s, games=len(records),
                          facts={"beats": [(i, int(a), int(b)) for i, (a, b) in c[["surely", "possibly"]].iterrows()]},
                          verdict=thesis.beats_verdict(records), unit="strategies surely beaten (fewest)",
                          test="wilson", estimate=c.surely.min(), thesis_value=thesis.BEATS_AT_LEAST,
                          why=f"i can beat j when the 95 % interval of i's share of their games won (either colour) "
                              f"lies at or above {100 * thesis.CAN_BEAT:.0f} % (surely), or reaches it (possibly)"))
    for s, st in strength.items():
        verdict, pairs = thesis.poorly_verdict(st)
        lines.append(line("t10_2.very_poorly", "10", "two strategies perform very poorly against one specific "
                          "opponent", said_poorly, evidence=poorly[0], note=poorly[1], effective_games=2 * N,
                          strategies=s, facts={"pairs": [(i, st.loc[i, "worst_share"], j) for i, j in pairs]},
                          verdict=verdict, unit="strategies", test="rule", estimate=len(pairs),
                          thesis_value=thesis.POORLY_STRATEGIES, games=len(plain[s]),
                          why=f"very poorly: under {100 * thesis.POORLY:.0f} % of their games won (both colours)"))
    st = strength["thesis"]
    verdict, best, ahead = thesis.strongest_verdict(st)
    kind, note = support.strongest()
    lines.append(line("ch12.strongest", "12", f"strategy {thesis.STRONGEST} is stronger than the rest",
                      f"strategy {thesis.STRONGEST}", evidence=kind, note=note, effective_games=8 * N,
                      facts={"best": best, "ahead": bool(ahead)}, verdict=verdict,
                      unit="share", test="wilson", estimate=st.loc[best, "win_rate"], lo=st.loc[best, "ci_low"],
                      hi=st.loc[best, "ci_high"], games=int(st.loc[best, "games"]),
                      why="win rate over both colours, 95 % Wilson intervals"))
    return lines, t102, strength


def _prediction_lines(s: str, ps: dict, figures: dict) -> list[dict]:
    """Figure 11.1's pr = 1 moves, the share of correct predictions (by count and by the text) and predictions per
    game, for the strategy set ``s``: :func:`~.stats.prediction_summary` and :func:`~.thesis.prediction_verdicts`."""
    games, over = int(ps["games"]), "an interval over games"
    v, f, x, lo, hi = figures["pr = 1"]
    # The thesis gives no size for "this test run": the figure per game needs one, so no verdict rests on it.
    out = [line("f11_1.pr_one", "11.1", "Figure 11.1: White's moves at pr = 1 (all replies alike)",
                f"{thesis.PR_ONE_MOVES} in its test run (the run's size not given)", evidence="cannot show it",
                note="the size of its run is not given", strategies=s,
                facts={"moves": int(ps["pr = 1 (excluded from Figure 11.1)"]), "thesis_moves": thesis.PR_ONE_MOVES},
                verdict="inconclusive", unit="moves a game", test="bootstrap", estimate=x, lo=lo, hi=hi, games=games,
                thesis_value=f, why=f"mean per game, {over}; the thesis does not say how many games its run had (at "
                                    f"Table 11.1's {thesis.THESIS_GAMES}, its {thesis.PR_ONE_MOVES} would be {f:.2f} a "
                                    f"game: {v} by our interval)")]
    v, f, x, lo, hi = figures["count"]
    out.append(line("ch11.share_correct", "11.1", "share of predictions that are correct",
                    f"{thesis.CORRECT_PREDICTIONS} of {thesis.PREDICTIONS} ({100 * f:.0f} %)", evidence="shows it",
                    note=f"{thesis.CORRECT_PREDICTIONS} of {thesis.PREDICTIONS} predictions", strategies=s,
                    facts={"correct": int(ps["correct"]), "made": int(ps["predictions made"])}, verdict=v,
                    unit="share", test="bootstrap", estimate=x, lo=lo, hi=hi, games=games, thesis_value=f,
                    why=f"{over} ({games} games)"))
    v, f, x, lo, hi = figures["text"]
    kind, note = support.share_text()
    out.append(line("ch11.share_correct_text", "11.1", "share of predictions that are correct, as its text says",
                    f"about {100 * f:.0f} % (twice)", evidence=kind, note=note, strategies=s, games=games,
                    verdict=v, unit="share",
                    test="bootstrap", estimate=x, lo=lo, hi=hi, thesis_value=f, why=f"{over} ({games} games)"))
    v, f, x, lo, hi = figures["per game"]
    out.append(line("ch11.predictions_per_game", "11.2", "predictions per game",
                    f"{thesis.PREDICTIONS} in {thesis.THESIS_GAMES} games ({f:.0f} a game)", evidence="shows it",
                    note=f"{thesis.PREDICTIONS} predictions in Table 11.1's {thesis.THESIS_GAMES} games ('from the "
                         "same data set')", strategies=s, verdict=v,
                    unit="predictions a game", test="bootstrap", estimate=x, lo=lo, hi=hi, games=games,
                    thesis_value=f, why=f"mean per game, {over}"))
    return out


def prediction_claims(moves: dict[str, pd.DataFrame], seed: int) -> tuple[list[dict], tuple]:
    """Chapter 11's prediction: Figure 11.1's pr = 1 moves, the share of correct predictions (by the thesis's count and
    by its text), predictions per game, the likely set, the branching.

    Returns:
        (the lines, the thesis set's rule-sensitive statistics for the rules fit: name -> (verdict, ours, low,
        high) for the branching factor and predictions per game).
    """
    lines, fit = [], {}
    for s, m in moves.items():
        ps = prediction_summary(m, seed=seed)
        figures = thesis.prediction_verdicts(ps)
        lines += _prediction_lines(s, ps, figures)
        made = m[m.prediction_made]
        correct = made[made.predicted]
        if len(correct):
            v, mean, lo, hi = thesis.mean_verdict(correct.likely, thesis.LIKELY_WHEN_CORRECT, seed,
                                                  clusters=game_ids(correct))
            lines.append(line("ch11.likely_when_correct", "11.1", "likely replies when the prediction is correct",
                              f"about {thesis.LIKELY_WHEN_CORRECT}", evidence="no data",
                              note="a mean without its count or spread", strategies=s,
                              verdict=v, unit="replies", test="bootstrap",
                              estimate=mean, lo=lo, hi=hi, thesis_value=thesis.LIKELY_WHEN_CORRECT,
                              games=int(ps["games"]),
                              why="mean size of the seen_before set, an interval over games"))
        v, mean, lo, hi = thesis.range_verdict(m.n, thesis.BRANCHING, seed, clusters=game_ids(m))
        lines.append(line("ch11.branching", "11.1", "branching factor at White's moves",
                          f"usually {thesis.BRANCHING[0]} to {thesis.BRANCHING[1]}", evidence="no data",
                          note="a range without its count", page="04_pawns", strategies=s,
                          verdict=v, unit="replies", test="bootstrap",
                          estimate=mean, lo=lo, hi=hi, thesis_value=sum(thesis.BRANCHING) / 2, games=int(ps["games"]),
                          why="mean number of replies, an interval over games; reproduced when it overlaps the "
                              "thesis's range"))
        if s == "thesis":  # (verdict, ours, low, high), the thesis's figure dropped
            fit = {"branching": (v, mean, lo, hi),
                   "predictions per game": tuple(x for k, x in enumerate(figures["per game"]) if k != 1)}
    return lines, fit


def tree_claims(plain: dict[str, list[GameRecord]], asym: dict[str, list[GameRecord]], rounds: int,
                seed: int) -> tuple[list[dict], pd.DataFrame, pd.DataFrame]:
    """Chapter 11's asymmetric tree in play: Table 11.1, Tables 11.2 and 11.3, and Chapter 12's two claims on it, from
    each set's minimax and asymmetric games (by set; must hold ``"thesis"``), which share seeds.

    Returns:
        (the lines, Table 11.1 beside ours, Tables 11.2 and 11.3 pairing by pairing).
    """
    t111 = cells.compare_table(thesis.TABLE_11_1, pairing_counts(asym["thesis"]))
    lines = [_table_line("t11_1.cells", "11.2", "11.1", t111, rounds=rounds,
                         text="Table 11.1: Black's win rate with the asymmetric tree, 16 pairings")]
    effect = {s: tree_effect(plain[s], asym[s]) for s in plain}
    changes, null = _changes(plain["thesis"], asym["thesis"], effect["thesis"], seed)
    for table, cid, moved in (("11.2", "t11_2.rose", "rose"), ("11.3", "t11_3.fell", "fell")):
        part = changes[changes.table == table]
        kind, note = support.changes(thesis.TABLE_11_2 if table == "11.2" else thesis.TABLE_11_3)
        lines.append(line(cid, "11.2", f"Table {table}: the pairings whose Black win rate {moved}",
                          f"{len(part)} pairings", evidence=kind, note=note, effective_games=N,
                          facts={"least": 100 * part.change.min(), "most": 100 * part.change.max(),
                                 "cells": counted(part.verdict)}, verdict=table_verdict(part.verdict),
                          unit="pairings", test="paired-bootstrap", estimate=len(part), games=int(part.games.sum()),
                          why=f"per pairing: inconclusive where the thesis's change is within its own noise (Fisher's "
                              f"p of its {N} games after against its {N} before at least {thesis.ALPHA}); else its "
                              "change against our paired 95 % interval"))
    lines.append(_null_claim(null))
    for s in plain:
        e = effect[s].sum()
        lines.append(line("tree.changes_play", "11.2", "how often the asymmetric tree changes play", "never measured",
                          evidence="ours", strategies=s, verdict="new", unit="share of Black's searches", test="count",
                          facts={"extended": e.extended, "searches": e.black_moves, "valued": e.value_changed,
                                 "moved": e.changed, "otherwise": e.games - e.move_identical,
                                 "other_result": e.games - e.same_result},
                          estimate=e.changed / e.black_moves, games=int(e.games),
                          why="plain and asymmetric games share seeds, so they are one game until Black's first "
                              "different move"))
    return lines + _chapter_12_claims(plain, asym, seed), t111, changes


def _chapter_12_claims(plain: dict[str, list[GameRecord]], asym: dict[str, list[GameRecord]],
                       seed: int) -> list[dict]:
    """Chapter 12's "helps quite a lot where a win was unlikely" (each set) and "strategy 4 suffers" (the thesis's),
    in win-rate points (the thesis's tables count wins), pooled over their pairings and paired by seed."""
    lines, (kind, note) = [], support.unlikely()
    for s in plain:
        poor = pairing_counts(plain[s]).query("win_rate < 1 / 3")
        pairs = list(zip(poor.black, poor.white, strict=True))
        c = pooled_win_change(plain[s], asym[s], pairs, seed=seed) if pairs else None
        lines.append(line(
            "ch12.helps_unlikely", "12", thesis.CLAIM_UNLIKELY,
            f"{thesis.UNLIKELY_IMPROVED} of {thesis.UNLIKELY_PLAYERS} such players improved (by 33 and 67 win-rate "
            "points, Table 11.2)", evidence=kind, note=note, effective_games=N, strategies=s,
            facts={"pairs": [f"{b}-{w}" for b, w in pairs]},
            verdict=thesis.magnitude_verdict(+1, c["diff_lo"], c["diff_hi"]) if c else "inconclusive",
            unit="win-rate points", test="paired-bootstrap", thesis_value=thesis.LARGE_CHANGE,
            **({"estimate": c["diff"], "lo": c["diff_lo"], "hi": c["diff_hi"], "games": c["games"]} if c else {}),
            why="Black's wins pooled over those pairings, paired by seed; 95 % interval; 'quite a lot' read as a rise "
                f"of at least {100 * thesis.LARGE_CHANGE:.0f} win-rate points: reproduced when the interval lies above "
                "it, not reproduced when below"))
    top_pairs = [(thesis.STRONGEST, w) for w in sorted(THESIS)]
    c = pooled_win_change(plain["thesis"], asym["thesis"], top_pairs, seed=seed)
    kind, note = support.suffers()
    lines.append(line("ch12.strategy4_suffers", "12", thesis.CLAIM_SUFFERS,
                      f"{sum(b == thesis.STRONGEST for b, _ in thesis.TABLE_11_3)} of its {len(top_pairs)} pairings "
                      "fell (Table 11.3)", evidence=kind, note=note, effective_games=N,
                      facts={"pairs": [f"{b}-{w}" for b, w in top_pairs]},
                      verdict=thesis.change_verdict(-1, c["diff_lo"], c["diff_hi"]), unit="win-rate points",
                      test="paired-bootstrap", estimate=c["diff"], lo=c["diff_lo"], hi=c["diff_hi"], games=c["games"],
                      why="Black's wins pooled, paired by seed; 95 % interval; a direction only"))
    return lines


def _changes(plain: list[GameRecord], asym: list[GameRecord], effect: pd.DataFrame,
             seed: int) -> tuple[pd.DataFrame, dict]:
    """Tables 11.2 and 11.3 pairing by pairing, numbers only (:func:`~pawnslib.report.readable.changes_table` formats
    them): the thesis's change with its own p (:func:`~.cells.null_changes`) beside ours, paired (asym - plain);
    and :func:`~.cells.null_changes` of our plain games. ``effect`` is :func:`~.stats.tree_effect` of the two."""
    cmp = win_changes(plain, asym, seed=seed).set_index(["black", "white"])
    effect = effect.set_index(["black", "white"])
    null = cells.null_changes(pairing_counts(plain))
    rows = []
    for t in null["changes"].itertuples(index=False):
        r, e = cmp.loc[(t.black, t.white)], effect.loc[(t.black, t.white)]
        rows.append({**t._asdict(), "win_rate_plain": r.plain, "win_rate_asym": r.asym, "change": r["diff"],
                     "change_lo": r.diff_lo, "change_hi": r.diff_hi, "move_identical": int(e.move_identical),
                     "games": int(e.games), "p": r.p,
                     "verdict": cells.change_cell_verdict(t.thesis_p, t.thesis_change, r.diff_lo, r.diff_hi)})
    holm = multipletests(cmp.p, method="holm")[1]
    return pd.DataFrame(rows), null | {"ours_changed": int((holm < thesis.ALPHA).sum()), "pairings": len(cmp)}


def _null_claim(null: dict) -> dict:
    """Tables 11.2 and 11.3 together: did the thesis's tree change more pairings than no change at all would show?
    Untestable when no change would print as many moved pairings with chance ``alpha`` or more; else reproduced
    when our paired tests (Holm over the 16) find some pairing changed."""
    p, n, ours = null["p_at_least"], null["moved"], null["ours_changed"]
    verdict = "untestable" if p >= thesis.ALPHA else "reproduced" if ours else "not reproduced"
    (kind, note), _ = support.null()
    return line("t11_2_3.moved", "11.2", f"Tables 11.2 and 11.3: the asymmetric tree changed Black's win rate in {n} "
                f"of the {null['pairings']} pairings", f"{n} pairings moved by a third of their games or more",
                evidence=kind, note=note, effective_games=N,
                facts={"expected": null["expected"], "pairings": null["pairings"]},
                verdict=verdict, unit="pairings", test="poisson-binomial", estimate=ours, thesis_value=n, p=p,
                why="the chance is exact (Poisson binomial) over our plain win rates; untestable when it is at least "
                    f"{thesis.ALPHA}: no change at all could have printed the thesis's tables")
