"""The claims of Chapters 10 and 11 as rows of the report's claims table: the balance of power, prediction and the
asymmetric tree in play, each computed from a reading's games.

The report (:func:`~.claims.reading_claims`) and the chapters' own notebooks (10 and 11) call the same functions,
so a claim reads the same, figure and verdict, wherever it is stated; the verdict rules are :mod:`~.thesis`'s.

Imports: :mod:`pawnslib.play` (types), :mod:`pawnslib.search` (the thesis's strategies) and the experiments
:mod:`~.thesis`, :mod:`~.stats` and :mod:`~.paired`.
"""

from __future__ import annotations

import pandas as pd

from pawnslib.experiments import thesis
from pawnslib.experiments.paired import pooled_win_change, win_changes
from pawnslib.experiments.stats import game_ids, pairing_counts, prediction_summary, strategy_strength
from pawnslib.play.records import GameRecord
from pawnslib.search.strategies import THESIS


def tally(verdicts: pd.Series) -> str:
    v = verdicts.value_counts().get
    return f"{v('reproduced', 0)} reproduced, {v('not reproduced', 0)} not, {v('inconclusive', 0)} inconclusive"


def claim(section: str, text: str, thesis_says: str, ours: str, verdict: str, why: str) -> dict:
    """One row of the claims table."""
    return {"section": section, "claim": text, "thesis": thesis_says, "ours": ours, "verdict": verdict, "why": why}


def balance_claims(plain: dict[str, list[GameRecord]], rounds: int
                   ) -> tuple[list[dict], pd.DataFrame, dict[str, pd.DataFrame]]:
    """Chapter 10's balance of power (Table 10.2, who beats whom) and Chapter 12's strongest strategy, from each
    set's minimax games (``plain``, by set; must hold ``"thesis"``).

    Returns:
        (the claims, Table 10.2 beside ours, each set's :func:`~.stats.strategy_strength`).
    """
    counts = pairing_counts(plain["thesis"])
    t102 = thesis.compare_table(thesis.TABLE_10_2, counts)
    tc = thesis.table_counts(thesis.TABLE_10_2)
    claims = [claim("10", "Table 10.2: Black's win rate in each of the 16 pairings",
                     f"{thesis.GAMES_PER_PAIRING} games a pairing", f"{rounds} games a pairing", tally(t102.verdict),
                     f"Black wins {100 * counts.win_rate.mean():.0f} % of our games, "
                     f"{100 * tc.black_wins.sum() / tc.games.sum():.0f} % of the thesis's; per cell below")]
    strength = {s: strategy_strength(records) for s, records in plain.items()}
    theirs = strategy_strength(thesis.table_records(thesis.TABLE_10_2))
    for s, st in strength.items():
        claims.append(claim("10", f"every strategy can beat at least {thesis.BEATS_AT_LEAST} others ({s} strategies)",
                             "yes: " + ", ".join(f"{i} can beat {b}" for i, b in theirs.beats.items()),
                             ", ".join(f"{i} can beat {b}" for i, b in st.beats.items()), thesis.beats_verdict(st),
                             "i can beat j when it won some of their games (either colour), as on the thesis's "
                             "Table 10.2"))
    for s, st in strength.items():
        verdict, pairs = thesis.poorly_verdict(st)
        said = "; ".join(f"{i} wins {100 * st.loc[i, 'worst_share']:.0f} % against {j}" for i, j in pairs) or "none"
        claims.append(claim("10", f"two strategies perform very poorly against one specific opponent ({s} "
                                   "strategies)",
                             "; ".join(f"{i} wins {100 * theirs.loc[i, 'worst_share']:.0f} % against {j}"
                                       for i, j in thesis.poorly_verdict(theirs)[1]), said, verdict,
                             f"very poorly: under {100 * thesis.POORLY:.0f} % of their games won (both colours)"))
    st = strength["thesis"]
    verdict, best, ahead = thesis.strongest_verdict(st)
    claims.append(claim("12", f"strategy {thesis.STRONGEST} is stronger than the rest",
                         f"strategy {thesis.STRONGEST}", f"strategy {best} ({100 * st.loc[best, 'win_rate']:.0f} % of "
                         "its games won" + (", clearly ahead)" if ahead else ", intervals overlap)"), verdict,
                         "win rate over both colours, 95 % Wilson intervals"))
    return claims, t102, strength


def prediction_claims(moves: dict[str, pd.DataFrame], seed: int) -> tuple[list[dict], tuple]:
    """Chapter 11's prediction: Figure 11.1's pr = 1 moves, the share of correct predictions (by the thesis's count and
    by its text), predictions per game, the likely set, the branching.

    Returns:
        (the claims, the thesis set's rule-sensitive statistics for the rules fit: name -> (verdict, ours, low,
        high) for the branching factor, predictions per game and moves at pr = 1 per game).
    """
    claims, fit = [], {}
    for s, m in moves.items():
        ps = prediction_summary(m, seed=seed)
        figures = thesis.prediction_verdicts(ps)
        games, over = int(ps["games"]), "an interval over games"
        v, f, x, lo, hi = figures["pr = 1"]
        claims.append(claim("11.1", f"Figure 11.1: White's moves at pr = 1 (all replies alike), per game ({s})",
                             f"{thesis.PR_ONE_MOVES} in its run ({f:.2f} a game over its {thesis.THESIS_GAMES})",
                             f"{x:.2f} a game ({lo:.2f}-{hi:.2f}; {int(ps['pr = 1 (excluded from Figure 11.1)'])} "
                             f"in {games} games)", v, f"mean per game, {over}"))
        v, f, x, lo, hi = figures["count"]
        claims.append(claim("11.1", f"share of predictions that are correct ({s})",
                             f"{thesis.CORRECT_PREDICTIONS} of {thesis.PREDICTIONS} ({100 * f:.0f} %)",
                             f"{int(ps['correct'])} of {int(ps['predictions made'])} ({100 * x:.0f} %, "
                             f"{100 * lo:.0f}-{100 * hi:.0f} %)", v, f"{over} ({games} games)"))
        v, f, x, lo, hi = figures["text"]
        claims.append(claim("11.1", f"share of predictions that are correct, as its text says ({s})",
                             f"about {100 * f:.0f} % (twice)", f"{100 * x:.0f} % ({100 * lo:.0f}-{100 * hi:.0f} %)", v,
                             f"{over} ({games} games)"))
        v, f, x, lo, hi = figures["per game"]
        claims.append(claim("11.2", f"predictions per game ({s})",
                             f"{thesis.PREDICTIONS} in {thesis.THESIS_GAMES} games ({f:.0f} a game)",
                             f"{x:.1f} a game ({lo:.1f}-{hi:.1f})", v, f"mean per game, {over}"))
        made = m[m.prediction_made]
        correct = made[made.predicted]
        if len(correct):
            v, mean, lo, hi = thesis.mean_verdict(correct.likely, thesis.LIKELY_WHEN_CORRECT, seed,
                                                  clusters=game_ids(correct))
            claims.append(claim("11.1", f"likely replies when the prediction is correct ({s})",
                                 f"about {thesis.LIKELY_WHEN_CORRECT}", f"{mean:.1f} ({lo:.1f}-{hi:.1f})", v,
                                 "mean size of the seen_before set, an interval over games"))
        v, mean, lo, hi = thesis.range_verdict(m.n, thesis.BRANCHING, seed, clusters=game_ids(m))
        claims.append(claim("11.1", f"branching factor at White's moves ({s})",
                             f"usually {thesis.BRANCHING[0]} to {thesis.BRANCHING[1]}",
                             f"{mean:.1f} ({lo:.1f}-{hi:.1f})", v,
                             "mean number of replies, an interval over games; reproduced when it overlaps the "
                             "thesis's range"))
        if s == "thesis":  # (verdict, ours, low, high), the thesis's figure dropped
            fit = {"branching": (v, mean, lo, hi),
                   **{name: tuple(x for k, x in enumerate(figures[key]) if k != 1)
                      for name, key in (("predictions per game", "per game"), ("pr = 1 per game", "pr = 1"))}}
    return claims, fit


def tree_claims(plain: dict[str, list[GameRecord]], asym: dict[str, list[GameRecord]], rounds: int,
                seed: int) -> tuple[list[dict], pd.DataFrame, pd.DataFrame]:
    """Chapter 11's asymmetric tree in play: Table 11.1, Tables 11.2 and 11.3, and Chapter 12's two claims on it, from
    each set's minimax and asymmetric games (by set; must hold ``"thesis"``), which share seeds.

    Returns:
        (the claims, Table 11.1 beside ours, Tables 11.2 and 11.3 pairing by pairing).
    """
    t111 = thesis.compare_table(thesis.TABLE_11_1, pairing_counts(asym["thesis"]))
    claims = [claim("11.2", "Table 11.1: Black's win rate with the asymmetric tree, 16 pairings",
                     f"{thesis.GAMES_PER_PAIRING} games a pairing", f"{rounds} games a pairing", tally(t111.verdict),
                     "per cell in the report tables")]
    cmp = win_changes(plain["thesis"], asym["thesis"], seed=seed).set_index(["black", "white"])
    rows = []
    for table, pairs in (("11.2", thesis.TABLE_11_2), ("11.3", thesis.TABLE_11_3)):
        for (b, w), (before, after) in pairs.items():
            r, figure = cmp.loc[(b, w)], thesis.table_change((b, w))
            rows.append({"table": table, "black": b, "white": w, "thesis": f"{before} -> {after}",
                         "thesis change": figure,
                         "ours (plain -> asym)": f"{100 * r.plain:.0f}% -> {100 * r.asym:.0f}%",
                         "change": r["diff"], "change_lo": r.diff_lo, "change_hi": r.diff_hi,
                         "identical twins": f"{r.identical} of {r.games}", "p_value": r.p,
                         "verdict": thesis.interval_verdict(figure, r.diff_lo, r.diff_hi)})
    changes = pd.DataFrame(rows)
    for table in ("11.2", "11.3"):
        part = changes[changes.table == table]
        claims.append(claim("11.2", f"Table {table}: the pairings whose Black win rate "
                             f"{'rose' if table == '11.2' else 'fell'}", f"{len(part)} pairings",
                             f"changes of {100 * part.change.min():+.0f} to {100 * part.change.max():+.0f} points",
                             tally(part.verdict), "per pairing, the thesis's change against our paired 95 % interval "
                             f"(plain and asymmetric games share seeds; half-width at most {100 * thesis.NARROW:.0f} "
                             "points to reproduce)"))
    for s in plain:
        poor = pairing_counts(plain[s]).query("win_rate < 1 / 3")
        pairs = list(zip(poor.black, poor.white, strict=True))
        if pairs:
            c = pooled_win_change(plain[s], asym[s], pairs, seed=seed)
            v = thesis.change_verdict(+1, c["diff_lo"], c["diff_hi"])
            ours = (f"{len(pairs)} pairings with a plain Black win rate under 1/3: {100 * c['diff']:+.1f} points "
                    f"({100 * c['diff_lo']:+.1f} to {100 * c['diff_hi']:+.1f}), {c['games']} paired games")
        else:
            v, ours = "inconclusive", "no pairing with a plain Black win rate under 1/3"
        claims.append(claim("12", f"the asymmetric tree helps Black where a win was unlikely ({s})",
                             f"{thesis.UNLIKELY_IMPROVED} of {thesis.UNLIKELY_PLAYERS} such players improved",
                             ours, v, "Black's wins pooled over those pairings, paired by seed; 95 % interval"))
    top = thesis.STRONGEST
    top_pairs = [(top, w) for w in sorted(THESIS)]
    c = pooled_win_change(plain["thesis"], asym["thesis"], top_pairs, seed=seed)
    claims.append(claim("12", f"strategy {top} (as Black) suffers with the asymmetric tree",
                         f"{sum(b == top for b, _ in thesis.WORSE)} of its {len(top_pairs)} pairings fell (Table 11.3)",
                         f"{100 * c['diff']:+.1f} points ({100 * c['diff_lo']:+.1f} to {100 * c['diff_hi']:+.1f}) over "
                         f"its {len(top_pairs)} pairings, {c['games']} paired games",
                         thesis.change_verdict(-1, c["diff_lo"], c["diff_hi"]),
                         "Black's wins pooled, paired by seed; 95 % interval"))
    return claims, t111, changes


__all__ = ["balance_claims", "claim", "prediction_claims", "tally", "tree_claims"]
