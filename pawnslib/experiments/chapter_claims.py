"""The claims of Chapters 10 and 11 as lines of evidence (:func:`~.records.line`): the balance of power, prediction
and the asymmetric tree in play, each computed from a reading's games.

The report (:func:`~.claims.reading_claims`) and the chapters' own notebooks (10 and 11) call the same functions,
so a claim reads the same, figure and verdict, wherever it is stated; the verdict rules are :mod:`~.thesis`'s (a
line's), :mod:`~.cells`' (a whole table's, one joint test) and :mod:`~.evidence`'s (a table of changes, from its
pairings').
"""

from __future__ import annotations

import pandas as pd

from pawnslib.experiments import cells, plan, support, thesis
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


def _table_line(cid: str, chapter: str, table: str, t: pd.DataFrame, joint: dict, *, text: str,
                rounds: int) -> dict:
    """A whole outcome table as one line: Black's overall win rate beside the thesis's, the verdict and p of one
    joint test of its 16 cells (:func:`~.cells.joint_verdict`'s ``joint``), the cells' own verdicts
    (:func:`~.cells.compare_table`'s ``t``) counted."""
    kind, note = support.TABLE
    return line(cid, chapter, text, f"{thesis.GAMES_PER_PAIRING} games a pairing, {N} effective (every cell of Table "
                f"{table} a multiple of 1/{N})", evidence=kind, note=note, effective_games=N,
                facts={"rounds": rounds, "cells": counted(t.verdict), "accepts": joint["accepts"],
                       "rejects": joint["rejects"], "chances": joint["chances"]}, verdict=joint["verdict"],
                why=CELLS_RULE, unit="share", test="predictive-check", margin=cells.CELL_MARGIN,
                margin_why=cells.CELL_WHY, estimate=t.black_wins.sum() / t.games.sum(), games=int(t.games.sum()),
                thesis_value=t.thesis_wins.sum() / t.thesis_games.sum(), p=joint["p"])


CELLS_RULE = (f"one joint test of the 16 cells: the posterior-predictive p of the thesis's counts ({N} effective "
              "games a cell) under our per-cell rates; not reproduced when p < 0.05, reproduced when not and the test "
              f"has {100 * plan.POWER:.0f} % power both to accept tables drawn from our rates and to reject tables "
              "differing from ours by the margin in every cell, else inconclusive; a cell keeps its own verdict "
              f"(Fisher's test, Holm over such cells) only where that test has {100 * plan.POWER:.0f} % power")
STATEMENT_WHY = "none: a statement about the tables, judged as the thesis's own tables bear it out"


def balance_claims(plain: dict[str, list[GameRecord]], rounds: int, *, seed: int = 0
                   ) -> tuple[list[dict], pd.DataFrame, dict[str, pd.DataFrame]]:
    """Chapter 10's balance of power (Table 10.2, who beats whom) and Chapter 12's strongest strategy, from each
    set's minimax games (``plain``, by set; must hold ``"thesis"``); ``seed`` seeds the table's joint test and the
    statements' simulated chances (:func:`~.thesis.statement_chances`, ``facts["chances"]``).

    Returns:
        (the lines, Table 10.2 beside ours, each set's :func:`~.stats.strategy_strength`).
    """
    counts = pairing_counts(plain["thesis"])
    t102 = cells.compare_table(thesis.TABLE_10_2, counts)
    joint = cells.joint_verdict(thesis.TABLE_10_2, counts, seed=seed)
    lines = [_table_line("t10_2.cells", "10", "10.2", t102, joint, rounds=rounds,
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
                          facts={"beats": [(i, int(a), int(b)) for i, (a, b) in c[["surely", "possibly"]].iterrows()],
                                 "chances": thesis.statement_chances(records, "beats", seed=seed)},
                          verdict=thesis.beats_verdict(records), unit="strategies surely beaten (fewest)",
                          test="wilson", estimate=c.surely.min(), thesis_value=thesis.BEATS_AT_LEAST,
                          margin_why=f"none: a count of strategies; 'can beat' read as winning at least "
                                     f"{100 * thesis.CAN_BEAT:.0f} % of the pair's games",
                          why=f"i can beat j when the 95 % interval of i's share of their games won (either colour) "
                              f"lies at or above {100 * thesis.CAN_BEAT:.0f} % (surely), or reaches it (possibly)"))
    for s, st in strength.items():
        verdict, pairs = thesis.poorly_verdict(st)
        lines.append(line("t10_2.very_poorly", "10", "two strategies perform very poorly against one specific "
                          "opponent", said_poorly, evidence=poorly[0], note=poorly[1], effective_games=2 * N,
                          strategies=s, facts={"pairs": [(i, st.loc[i, "worst_share"], j) for i, j in pairs],
                                               "chances": thesis.statement_chances(plain[s], "poorly", seed=seed)},
                          verdict=verdict, unit="strategies", test="rule", estimate=len(pairs),
                          thesis_value=thesis.POORLY_STRATEGIES, games=len(plain[s]), margin_why=STATEMENT_WHY,
                          why=f"very poorly: under {100 * thesis.POORLY:.0f} % of their games won (both colours)"))
    st = strength["thesis"]
    verdict, best, ahead = thesis.strongest_verdict(st)
    kind, note = support.strongest()
    lines.append(line("ch12.strongest", "12", f"strategy {thesis.STRONGEST} is stronger than the rest",
                      f"strategy {thesis.STRONGEST}", evidence=kind, note=note, effective_games=8 * N,
                      facts={"best": best, "ahead": bool(ahead),
                             "chances": thesis.statement_chances(plain["thesis"], "strongest", seed=seed)},
                      verdict=verdict,
                      unit="share", test="wilson", estimate=st.loc[best, "win_rate"], lo=st.loc[best, "ci_low"],
                      hi=st.loc[best, "ci_high"], games=int(st.loc[best, "games"]), margin_why=STATEMENT_WHY,
                      why="win rate over both colours, 95 % Wilson intervals"))
    return lines, t102, strength


def _prediction_lines(s: str, ps: dict, figures: dict, most: int) -> list[dict]:
    """Figure 11.1's pr = 1 moves, the share of correct predictions (by count and by the text) and predictions per
    game, for the strategy set ``s``: :func:`~.stats.prediction_summary` and :func:`~.thesis.prediction_verdicts`
    (``most``: the most White moves at pr = 1 one of the set's games had)."""
    games, over = int(ps["games"]), "an interval over games"
    v, f, x, lo, hi, m = figures["pr = 1"]
    # The thesis gives no size for "this test run": 75 moves are 75 / n a game for any n, so only games with more
    # than 75 White moves at pr = 1 could contradict it; where none of ours comes near, the claim is untestable.
    testable = thesis.pr_one_contradictable(most)
    v = v if testable else "untestable"
    never = {"reproduced": 0.0, "not reproduced": 0.0}  # the rule's chances where no outcome could contradict it
    out = [line("f11_1.pr_one", "11.1", "Figure 11.1: White's moves at pr = 1 (all replies alike)",
                f"{thesis.PR_ONE_MOVES} in its test run (the run's size not given)", evidence="cannot show it",
                note="the size of its run is not given", strategies=s,
                facts={"moves": int(ps["pr = 1 (excluded from Figure 11.1)"]), "thesis_moves": thesis.PR_ONE_MOVES}
                | ({} if testable else {"chances": {"thesis": never, "ours": never}}),
                verdict=v, unit="moves a game", test="bootstrap", estimate=x, lo=lo, hi=hi, games=games,
                thesis_value=f, margin=m, margin_why="the whole range a run of any size allows",
                why=f"mean per game, {over}; the thesis does not say how many games its run had, so its "
                    f"{thesis.PR_ONE_MOVES} are any figure from 0 to {thesis.PR_ONE_MOVES} a game; no game of ours "
                    f"has more than {most} White moves at pr = 1")]
    v, f, x, lo, hi, m = figures["count"]
    out.append(line("ch11.share_correct", "11.1", "share of predictions that are correct",
                    f"{thesis.CORRECT_PREDICTIONS} of {thesis.PREDICTIONS} ({100 * f:.0f} %)", evidence="shows it",
                    note=f"{thesis.CORRECT_PREDICTIONS} of {thesis.PREDICTIONS} predictions", strategies=s,
                    facts={"correct": int(ps["correct"]), "made": int(ps["predictions made"])}, verdict=v,
                    unit="share", test="bootstrap", estimate=x, lo=lo, hi=hi, games=games, thesis_value=f,
                    margin=m, margin_why=thesis.SHARE_WHY, why=f"{over} ({games} games)"))
    v, f, x, lo, hi, m = figures["text"]
    kind, note = support.share_text()
    out.append(line("ch11.share_correct_text", "11.1", "share of predictions that are correct, as its text says",
                    f"about {100 * f:.0f} % (twice)", evidence=kind, note=note, strategies=s, games=games,
                    verdict=v, unit="share",
                    test="bootstrap", estimate=x, lo=lo, hi=hi, thesis_value=f, margin=m,
                    margin_why="5 points: 'about 50 %' read as rounding to the nearest 5 points",
                    why=f"{over} ({games} games)"))
    v, f, x, lo, hi, m = figures["per game"]
    out.append(line("ch11.predictions_per_game", "11.2", "predictions per game",
                    f"{thesis.PREDICTIONS} in {thesis.THESIS_GAMES} games ({f:.0f} a game)", evidence="shows it",
                    note=f"{thesis.PREDICTIONS} predictions in Table 11.1's {thesis.THESIS_GAMES} games ('from the "
                         "same data set')", strategies=s, verdict=v,
                    unit="predictions a game", test="bootstrap", estimate=x, lo=lo, hi=hi, games=games,
                    thesis_value=f, margin=m, margin_why=thesis.RELATIVE_WHY, why=f"mean per game, {over}"))
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
        at_one = m["count"] == m.n  # White's moves at pr = 1 (all replies alike)
        lines += _prediction_lines(s, ps, figures, int(game_ids(m)[at_one].value_counts().max()) if at_one.any() else 0)
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
                              margin=thesis.RELATIVE_MARGIN * thesis.LIKELY_WHEN_CORRECT,
                              margin_why=thesis.RELATIVE_WHY, games=int(ps["games"]),
                              why="mean size of the seen_before set, an interval over games"))
        v, mean, lo, hi = thesis.range_verdict(m.n, thesis.BRANCHING, seed, clusters=game_ids(m))
        lines.append(line("ch11.branching", "11.1", "branching factor at White's moves",
                          f"usually {thesis.BRANCHING[0]} to {thesis.BRANCHING[1]}", evidence="no data",
                          note="a range without its count", page="04_pawns", strategies=s,
                          verdict=v, unit="replies", test="bootstrap",
                          estimate=mean, lo=lo, hi=hi, thesis_value=sum(thesis.BRANCHING) / 2, games=int(ps["games"]),
                          margin=(thesis.BRANCHING[1] - thesis.BRANCHING[0]) / 2,
                          margin_why="half the thesis's range: its range is its middle +- the margin",
                          why="mean number of replies, an interval over games; reproduced when it lies within the "
                              "thesis's range"))
        if s == "thesis":  # (verdict, ours, low, high), the thesis's figure dropped
            fit = {"branching": (v, mean, lo, hi),
                   "predictions per game": tuple(figures["per game"][k] for k in (0, 2, 3, 4))}
    return lines, fit


def tree_claims(plain: dict[str, list[GameRecord]], asym: dict[str, list[GameRecord]], rounds: int,
                seed: int) -> tuple[list[dict], pd.DataFrame, pd.DataFrame]:
    """Chapter 11's asymmetric tree in play: Table 11.1, Tables 11.2 and 11.3, and Chapter 12's two claims on it, from
    each set's minimax and asymmetric games (by set; must hold ``"thesis"``), which share seeds.

    Returns:
        (the lines, Table 11.1 beside ours, Tables 11.2 and 11.3 pairing by pairing).
    """
    counts = pairing_counts(asym["thesis"])
    t111 = cells.compare_table(thesis.TABLE_11_1, counts)
    joint = cells.joint_verdict(thesis.TABLE_11_1, counts, seed=seed)
    lines = [_table_line("t11_1.cells", "11.2", "11.1", t111, joint, rounds=rounds,
                         text="Table 11.1: Black's win rate with the asymmetric tree, 16 pairings")]
    effect = {s: tree_effect(plain[s], asym[s]) for s in plain}
    changes, null = _changes(plain["thesis"], asym["thesis"], effect["thesis"])
    for table, cid, moved in (("11.2", "t11_2.rose", "rose"), ("11.3", "t11_3.fell", "fell")):
        part = changes[changes.table == table]
        kind, note = support.changes(thesis.TABLE_11_2 if table == "11.2" else thesis.TABLE_11_3)
        facts = {"least": 100 * part.change.min(), "most": 100 * part.change.max(), "cells": counted(part.verdict)}
        if (part.verdict == "untestable").all():  # the power computation: no verdict is within reach at all
            facts["chances"] = {t: {"reproduced": 0.0, "not reproduced": 0.0} for t in ("thesis", "ours")}
        lines.append(line(cid, "11.2", f"Table {table}: the pairings whose Black win rate {moved}",
                          f"{len(part)} pairings", evidence=kind, note=note, effective_games=N,
                          facts=facts, verdict=table_verdict(part.verdict),
                          unit="pairings", test="pairings", estimate=len(part), games=int(part.games.sum()),
                          margin=thesis.CHANGE_MARGIN, margin_why=thesis.CHANGE_WHY,
                          why=f"per pairing: untestable where no outcome of {N} games after against {N} before could "
                              f"show a change (Fisher's smallest attainable p, "
                              f"{thesis.smallest_fisher_p(N, N):.2f}, at least {thesis.ALPHA}); else its change "
                              "+- the margin against our paired 95 % interval; the table from its pairings as a claim "
                              "from its lines"))
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
    return lines + _chapter_12_claims(plain, asym), t111, changes


def _chapter_12_claims(plain: dict[str, list[GameRecord]], asym: dict[str, list[GameRecord]]) -> list[dict]:
    """Chapter 12's "helps quite a lot where a win was unlikely" (each set) and "strategy 4 suffers" (the thesis's),
    in win-rate points (the thesis's tables count wins), pooled over their pairings and paired by seed."""
    lines, (kind, note) = [], support.unlikely()
    for s in plain:
        poor = pairing_counts(plain[s]).query("win_rate < 1 / 3")
        pairs = list(zip(poor.black, poor.white, strict=True))
        c = pooled_win_change(plain[s], asym[s], pairs) if pairs else None
        lines.append(line(
            "ch12.helps_unlikely", "12", thesis.CLAIM_UNLIKELY,
            f"{thesis.UNLIKELY_IMPROVED} of {thesis.UNLIKELY_PLAYERS} such players improved (by 33 and 67 win-rate "
            "points, Table 11.2)", evidence=kind, note=note, effective_games=N, strategies=s,
            facts={"pairs": [f"{b}-{w}" for b, w in pairs]},
            verdict=(plan.margin_verdict(c["diff_lo"], c["diff_hi"], thesis.UNLIKELY_CHANGE, thesis.CHANGE_MARGIN)
                     if c else "untestable"),
            unit="win-rate points", test="paired-t", thesis_value=thesis.UNLIKELY_CHANGE,
            margin=thesis.CHANGE_MARGIN, margin_why=thesis.CHANGE_WHY,
            **({"estimate": c["diff"], "lo": c["diff_lo"], "hi": c["diff_hi"], "games": c["games"], "p": c["p"]}
               if c else {}),
            why="Black's wins pooled over those pairings, paired by seed; 95 % interval (paired t); the thesis's "
                f"figure is its own change over the pairings its Table 10.2 has Black winning under a third "
                f"({', '.join(f'{b}-{w}' for b, w in thesis.UNLIKELY_PAIRS)}); untestable where a set has no such "
                "pairing"))
    top_pairs = [(thesis.STRONGEST, w) for w in sorted(THESIS)]
    c = pooled_win_change(plain["thesis"], asym["thesis"], top_pairs)
    kind, note = support.suffers()
    lines.append(line("ch12.strategy4_suffers", "12", thesis.CLAIM_SUFFERS,
                      f"{sum(b == thesis.STRONGEST for b, _ in thesis.TABLE_11_3)} of its {len(top_pairs)} pairings "
                      "fell (Table 11.3)", evidence=kind, note=note, effective_games=N,
                      facts={"pairs": [f"{b}-{w}" for b, w in top_pairs]},
                      verdict=plan.margin_verdict(c["diff_lo"], c["diff_hi"], thesis.SUFFERS_CHANGE,
                                                  thesis.CHANGE_MARGIN), unit="win-rate points",
                      test="paired-t", estimate=c["diff"], lo=c["diff_lo"], hi=c["diff_hi"], games=c["games"],
                      p=c["p"], thesis_value=thesis.SUFFERS_CHANGE, margin=thesis.CHANGE_MARGIN,
                      margin_why=thesis.CHANGE_WHY,
                      why="Black's wins pooled, paired by seed; 95 % interval (paired t); the thesis's figure is its "
                          f"own change over strategy {thesis.STRONGEST}'s four pairings, Table 10.2 to Table 11.1"))
    return lines


def _changes(plain: list[GameRecord], asym: list[GameRecord], effect: pd.DataFrame) -> tuple[pd.DataFrame, dict]:
    """Tables 11.2 and 11.3 pairing by pairing, numbers only (:func:`~pawnslib.report.readable.changes_table` formats
    them): the thesis's change with its own p (:func:`~.cells.null_changes`) beside ours, paired (asym - plain);
    and :func:`~.cells.null_changes` of our plain games. ``effect`` is :func:`~.stats.tree_effect` of the two."""
    cmp = win_changes(plain, asym).set_index(["black", "white"])
    effect = effect.set_index(["black", "white"])
    null = cells.null_changes(pairing_counts(plain))
    rows = []
    for t in null["changes"].itertuples(index=False):
        r, e = cmp.loc[(t.black, t.white)], effect.loc[(t.black, t.white)]
        rows.append({**t._asdict(), "win_rate_plain": r.plain, "win_rate_asym": r.asym, "change": r["diff"],
                     "change_lo": r.diff_lo, "change_hi": r.diff_hi, "move_identical": int(e.move_identical),
                     "games": int(e.games), "p": r.p,
                     "verdict": cells.change_cell_verdict(t.thesis_change, r.diff_lo, r.diff_hi)})
    holm = plan.holm(cmp.p)
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
                margin_why="none: a count of moved pairings against no change at all",
                why="the chance is exact (Poisson binomial) over our plain win rates; untestable when it is at least "
                    f"{thesis.ALPHA}: no change at all could have printed the thesis's tables")
