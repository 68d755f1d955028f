"""The claims of Chapters 10 and 11 as rows of the report's claims table: the balance of power, prediction and the
asymmetric tree in play, each computed from a reading's games.

The report (:func:`~.claims.reading_claims`) and the chapters' own notebooks (10 and 11) call the same functions,
so a claim reads the same, figure and verdict, wherever it is stated; the verdict rules are :mod:`~.thesis`'s.

Imports: :mod:`pawnslib.play` (types), :mod:`pawnslib.search` (the thesis's strategies) and the experiments
:mod:`~.thesis`, :mod:`~.cells` (its tables at their effective sample), :mod:`~.stats` and :mod:`~.paired`.
"""

from __future__ import annotations

import pandas as pd
from statsmodels.stats.multitest import multipletests

from pawnslib.experiments import cells, support, thesis
from pawnslib.experiments.paired import pooled_win_change, win_changes
from pawnslib.experiments.stats import game_ids, pairing_counts, prediction_summary, strategy_strength, tree_effect
from pawnslib.play.records import GameRecord
from pawnslib.search.strategies import THESIS


def tally(verdicts: pd.Series) -> str:
    """A per-pairing table's cell verdicts counted, e.g. "1 reproduced, 1 not, 14 inconclusive"."""
    v = verdicts.value_counts().get
    return f"{v('reproduced', 0)} reproduced, {v('not reproduced', 0)} not, {v('inconclusive', 0)} inconclusive"


def table_verdict(verdicts: pd.Series) -> str:
    """A whole table's verdict from its cells': not reproduced when some cell is (the cells' tests are
    Holm-corrected within the table, so one rejection rejects the table at the level), reproduced when every cell
    is, inconclusive otherwise."""
    v = set(verdicts)
    return "not reproduced" if "not reproduced" in v else "reproduced" if v == {"reproduced"} else "inconclusive"


def sample(table: str) -> str:
    """What the thesis's Table ``table`` holds, in words: its games a pairing and the effective games a cell."""
    return (f"{thesis.GAMES_PER_PAIRING} games a pairing, {cells.EFFECTIVE_GAMES} effective (every cell of Table "
            f"{table} a multiple of 1/{cells.EFFECTIVE_GAMES})")


def claim(section: str, text: str, thesis_says: str, ours: str, verdict: str, why: str, *, support: str,  # noqa: PLR0917  the claims table's columns in order; claims become data (findings-as-data issue)
          strategies: str = "thesis") -> dict:
    """One line of evidence for a claim: the claim's ``text`` and the thesis's figure (the same on every line),
    ``support`` (how far the thesis's own evidence carries it, :mod:`~.support`), and what one strategy set's games
    (``strategies``) show."""
    return {"section": section, "claim": text, "thesis": thesis_says, "support": support, "strategies": strategies,
            "ours": ours, "verdict": verdict, "why": why}


def balance_claims(plain: dict[str, list[GameRecord]], rounds: int
                   ) -> tuple[list[dict], pd.DataFrame, dict[str, pd.DataFrame]]:
    """Chapter 10's balance of power (Table 10.2, who beats whom) and Chapter 12's strongest strategy, from each
    set's minimax games (``plain``, by set; must hold ``"thesis"``).

    Returns:
        (the claims, Table 10.2 beside ours, each set's :func:`~.stats.strategy_strength`).
    """
    counts = pairing_counts(plain["thesis"])
    t102 = cells.compare_table(thesis.TABLE_10_2, counts)
    tc = thesis.table_counts(thesis.TABLE_10_2)
    claims = [claim("10", "Table 10.2: Black's win rate in each of the 16 pairings", sample("10.2"),
                     f"{rounds} games a pairing; its cells: {tally(t102.verdict)}", table_verdict(t102.verdict),
                     f"Black wins {100 * counts.win_rate.mean():.0f} % of our games, "
                     f"{100 * tc.black_wins.sum() / tc.games.sum():.0f} % of the thesis's; per cell below, Fisher's "
                     f"exact test at {cells.EFFECTIVE_GAMES} games, Holm-corrected over the 16 cells; the table is not "
                     "reproduced when a cell is not, reproduced when every cell is", support=support.TABLE)]
    strength = {s: strategy_strength(records) for s, records in plain.items()}
    theirs = strategy_strength(thesis.table_records(thesis.TABLE_10_2))
    beats, poorly = support.beats(), support.poorly()  # the thesis's own evidence: the same for every set
    for s, st in strength.items():
        claims.append(claim("10", f"every strategy can beat at least {thesis.BEATS_AT_LEAST} others",
                             "yes: " + ", ".join(f"{i} can beat {b}" for i, b in theirs.beats.items()),
                             ", ".join(f"{i} can beat {b}" for i, b in st.beats.items()), thesis.beats_verdict(st),
                             "i can beat j when it won some of their games (either colour), as on the thesis's "
                             "Table 10.2", support=beats, strategies=s))
    for s, st in strength.items():
        verdict, pairs = thesis.poorly_verdict(st)
        said = "; ".join(f"{i} wins {100 * st.loc[i, 'worst_share']:.0f} % against {j}" for i, j in pairs) or "none"
        claims.append(claim("10", "two strategies perform very poorly against one specific opponent",
                             "; ".join(f"{i} wins {100 * theirs.loc[i, 'worst_share']:.0f} % against {j}"
                                       for i, j in thesis.poorly_verdict(theirs)[1]), said, verdict,
                             f"very poorly: under {100 * thesis.POORLY:.0f} % of their games won (both colours)",
                             support=poorly, strategies=s))
    st = strength["thesis"]
    verdict, best, ahead = thesis.strongest_verdict(st)
    claims.append(claim("12", f"strategy {thesis.STRONGEST} is stronger than the rest",
                         f"strategy {thesis.STRONGEST}", f"strategy {best} ({100 * st.loc[best, 'win_rate']:.0f} % of "
                         "its games won" + (", clearly ahead)" if ahead else ", intervals overlap)"), verdict,
                         "win rate over both colours, 95 % Wilson intervals", support=support.strongest()))
    return claims, t102, strength


def prediction_claims(moves: dict[str, pd.DataFrame], seed: int) -> tuple[list[dict], tuple]:
    """Chapter 11's prediction: Figure 11.1's pr = 1 moves, the share of correct predictions (by the thesis's count and
    by its text), predictions per game, the likely set, the branching.

    Returns:
        (the claims, the thesis set's rule-sensitive statistics for the rules fit: name -> (verdict, ours, low,
        high) for the branching factor and predictions per game).
    """
    claims, fit, share_text = [], {}, support.share_text()
    for s, m in moves.items():
        ps = prediction_summary(m, seed=seed)
        figures = thesis.prediction_verdicts(ps)
        games, over = int(ps["games"]), "an interval over games"
        v, f, x, lo, hi = figures["pr = 1"]
        # The thesis gives no size for "this test run": the figure per game needs one, so no verdict rests on it.
        claims.append(claim("11.1", "Figure 11.1: White's moves at pr = 1 (all replies alike)",
                             f"{thesis.PR_ONE_MOVES} in its test run (the run's size not given)",
                             f"{x:.2f} a game ({lo:.2f}-{hi:.2f}; {int(ps['pr = 1 (excluded from Figure 11.1)'])} "
                             f"in {games} games: {thesis.PR_ONE_MOVES} in about {thesis.PR_ONE_MOVES / x:.0f} games)",
                             "inconclusive", f"mean per game, {over}; the thesis does not say how many games its run "
                             f"had (at Table 11.1's {thesis.THESIS_GAMES}, its {thesis.PR_ONE_MOVES} would be "
                             f"{f:.2f} a game: {v} by our interval)",
                             support="cannot show it: the size of its run is not given", strategies=s))
        v, f, x, lo, hi = figures["count"]
        claims.append(claim("11.1", "share of predictions that are correct",
                             f"{thesis.CORRECT_PREDICTIONS} of {thesis.PREDICTIONS} ({100 * f:.0f} %)",
                             f"{int(ps['correct'])} of {int(ps['predictions made'])} ({100 * x:.0f} %, "
                             f"{100 * lo:.0f}-{100 * hi:.0f} %)", v, f"{over} ({games} games)",
                             support=f"shows it: {thesis.CORRECT_PREDICTIONS} of {thesis.PREDICTIONS} predictions",
                             strategies=s))
        v, f, x, lo, hi = figures["text"]
        claims.append(claim("11.1", "share of predictions that are correct, as its text says",
                             f"about {100 * f:.0f} % (twice)", f"{100 * x:.0f} % ({100 * lo:.0f}-{100 * hi:.0f} %)", v,
                             f"{over} ({games} games)", support=share_text, strategies=s))
        v, f, x, lo, hi = figures["per game"]
        claims.append(claim("11.2", "predictions per game",
                             f"{thesis.PREDICTIONS} in {thesis.THESIS_GAMES} games ({f:.0f} a game)",
                             f"{x:.1f} a game ({lo:.1f}-{hi:.1f})", v, f"mean per game, {over}",
                             support=f"shows it: {thesis.PREDICTIONS} predictions in Table 11.1's "
                                     f"{thesis.THESIS_GAMES} games ('from the same data set')", strategies=s))
        made = m[m.prediction_made]
        correct = made[made.predicted]
        if len(correct):
            v, mean, lo, hi = thesis.mean_verdict(correct.likely, thesis.LIKELY_WHEN_CORRECT, seed,
                                                  clusters=game_ids(correct))
            claims.append(claim("11.1", "likely replies when the prediction is correct",
                                 f"about {thesis.LIKELY_WHEN_CORRECT}", f"{mean:.1f} ({lo:.1f}-{hi:.1f})", v,
                                 "mean size of the seen_before set, an interval over games",
                                 support="no data: a mean without its count or spread", strategies=s))
        v, mean, lo, hi = thesis.range_verdict(m.n, thesis.BRANCHING, seed, clusters=game_ids(m))
        claims.append(claim("11.1", "branching factor at White's moves",
                             f"usually {thesis.BRANCHING[0]} to {thesis.BRANCHING[1]}",
                             f"{mean:.1f} ({lo:.1f}-{hi:.1f})", v,
                             "mean number of replies, an interval over games; reproduced when it overlaps the "
                             "thesis's range", support="no data: a range without its count", strategies=s))
        if s == "thesis":  # (verdict, ours, low, high), the thesis's figure dropped
            fit = {"branching": (v, mean, lo, hi),
                   "predictions per game": tuple(x for k, x in enumerate(figures["per game"]) if k != 1)}
    return claims, fit


def tree_claims(plain: dict[str, list[GameRecord]], asym: dict[str, list[GameRecord]], rounds: int,
                seed: int) -> tuple[list[dict], pd.DataFrame, pd.DataFrame]:
    """Chapter 11's asymmetric tree in play: Table 11.1, Tables 11.2 and 11.3, and Chapter 12's two claims on it, from
    each set's minimax and asymmetric games (by set; must hold ``"thesis"``), which share seeds.

    Returns:
        (the claims, Table 11.1 beside ours, Tables 11.2 and 11.3 pairing by pairing).
    """
    t111 = cells.compare_table(thesis.TABLE_11_1, pairing_counts(asym["thesis"]))
    claims = [claim("11.2", "Table 11.1: Black's win rate with the asymmetric tree, 16 pairings", sample("11.1"),
                     f"{rounds} games a pairing; its cells: {tally(t111.verdict)}", table_verdict(t111.verdict),
                     f"per cell in the report tables: Fisher's exact test at {cells.EFFECTIVE_GAMES} games, "
                     "Holm-corrected over the 16 cells; the table is not reproduced when a cell is not, reproduced "
                     "when every cell is", support=support.TABLE)]
    effect = {s: tree_effect(plain[s], asym[s]) for s in plain}
    changes, null = _changes(plain["thesis"], asym["thesis"], effect["thesis"], seed)
    for table in ("11.2", "11.3"):
        part = changes[changes.table == table]
        claims.append(claim("11.2", f"Table {table}: the pairings whose Black win rate "
                             f"{'rose' if table == '11.2' else 'fell'}", f"{len(part)} pairings",
                             f"changes of {100 * part.change.min():+.0f} to {100 * part.change.max():+.0f} win-rate "
                             f"points; its pairings: {tally(part.verdict)}", table_verdict(part.verdict),
                             f"per pairing: inconclusive where the thesis's change is within its own noise (Fisher's "
                             f"p of its {cells.EFFECTIVE_GAMES} games after against its {cells.EFFECTIVE_GAMES} before "
                             f"at least {thesis.ALPHA}); else its change against our paired 95 % interval",
                             support=support.changes(thesis.TABLE_11_2 if table == "11.2" else thesis.TABLE_11_3)))
    claims.append(_null_claim(null))
    for s in plain:
        e = effect[s].sum()
        claims.append(claim("11.2", "how often the asymmetric tree changes play", "never measured",
                             f"deeper in {e.extended:,} of {e.black_moves:,} searches from the same history, "
                             f"another root value in {e.value_changed:,}, another move in {e.changed:,} "
                             f"({100 * e.changed / e.black_moves:.1f} %); {e.games - e.move_identical:,} of "
                             f"{e.games:,} games played otherwise, {e.games - e.same_result:,} with another result",
                             "new", "plain and asymmetric games share seeds, so they are one game until Black's "
                             "first different move", support=support.OURS, strategies=s))
    return claims + _chapter_12_claims(plain, asym, seed), t111, changes


def _chapter_12_claims(plain: dict[str, list[GameRecord]], asym: dict[str, list[GameRecord]],
                       seed: int) -> list[dict]:
    """Chapter 12's "helps quite a lot where a win was unlikely" (each set) and "strategy 4 suffers" (the thesis's),
    in win-rate points (the thesis's tables count wins), pooled over their pairings and paired by seed."""
    claims, unlikely = [], support.unlikely()
    for s in plain:
        poor = pairing_counts(plain[s]).query("win_rate < 1 / 3")
        pairs = list(zip(poor.black, poor.white, strict=True))
        if pairs:
            c = pooled_win_change(plain[s], asym[s], pairs, seed=seed)
            v = thesis.magnitude_verdict(+1, c["diff_lo"], c["diff_hi"])
            ours = (f"{len(pairs)} pairings with a plain Black win rate under 1/3: {100 * c['diff']:+.1f} win-rate "
                    f"points ({100 * c['diff_lo']:+.1f} to {100 * c['diff_hi']:+.1f}), {c['games']} paired games")
        else:
            v, ours = "inconclusive", "no pairing with a plain Black win rate under 1/3"
        claims.append(claim("12", thesis.CLAIM_UNLIKELY,
                             f"{thesis.UNLIKELY_IMPROVED} of {thesis.UNLIKELY_PLAYERS} such players improved (by 33 "
                             "and 67 win-rate points, Table 11.2)", ours, v,
                             "Black's wins pooled over those pairings, paired by seed; 95 % interval; 'quite a lot' "
                             f"read as a rise of at least {100 * thesis.LARGE_CHANGE:.0f} win-rate points: reproduced "
                             "when the interval lies above it, not reproduced when below",
                             support=unlikely, strategies=s))
    top = thesis.STRONGEST
    top_pairs = [(top, w) for w in sorted(THESIS)]
    c = pooled_win_change(plain["thesis"], asym["thesis"], top_pairs, seed=seed)
    claims.append(claim("12", thesis.CLAIM_SUFFERS,
                         f"{sum(b == top for b, _ in thesis.WORSE)} of its {len(top_pairs)} pairings fell (Table 11.3)",
                         f"{100 * c['diff']:+.1f} win-rate points ({100 * c['diff_lo']:+.1f} to "
                         f"{100 * c['diff_hi']:+.1f}) over its {len(top_pairs)} pairings, {c['games']} paired games",
                         thesis.change_verdict(-1, c["diff_lo"], c["diff_hi"]),
                         "Black's wins pooled, paired by seed; 95 % interval; a direction only",
                         support=support.suffers()))
    return claims


def _changes(plain: list[GameRecord], asym: list[GameRecord], effect: pd.DataFrame,
             seed: int) -> tuple[pd.DataFrame, dict]:
    """Tables 11.2 and 11.3 pairing by pairing (the thesis's change with its own p, ours paired, the verdict), and
    :func:`~.cells.null_changes` of our plain games; ``effect`` is :func:`~.stats.tree_effect` of the two."""
    cmp = win_changes(plain, asym, seed=seed).set_index(["black", "white"])
    effect = effect.set_index(["black", "white"])
    null = cells.null_changes(pairing_counts(plain))
    rows = []
    for t in null["changes"].itertuples():
        r, e = cmp.loc[(t.black, t.white)], effect.loc[(t.black, t.white)]
        rows.append({"table": t.table, "black": t.black, "white": t.white, "thesis": t.thesis,
                     "thesis change": t.thesis_change, "thesis p": t.thesis_p,
                     "ours (plain -> asym)": f"{100 * r.plain:.0f}% -> {100 * r.asym:.0f}%",
                     "change": r["diff"], "change_lo": r.diff_lo, "change_hi": r.diff_hi,
                     "move-identical games": f"{e.move_identical} of {e.games}", "p": r.p,
                     "verdict": cells.change_cell_verdict(t.thesis_p, t.thesis_change, r.diff_lo, r.diff_hi)})
    holm = multipletests(cmp.p, method="holm")[1]
    return pd.DataFrame(rows), null | {"ours_changed": int((holm < thesis.ALPHA).sum()), "pairings": len(cmp)}


def _null_claim(null: dict) -> dict:
    """Tables 11.2 and 11.3 together: did the thesis's tree change more pairings than no change at all would show?

    Inconclusive when no change at all would print as many moved pairings with chance ``alpha`` or more (the thesis's
    evidence cannot tell); else reproduced when our paired tests find some pairing changed (Holm over the 16), not
    reproduced when they find none.
    """
    p, n, ours = null["p_at_least"], null["moved"], null["ours_changed"]
    verdict = "inconclusive" if p >= thesis.ALPHA else "reproduced" if ours else "not reproduced"
    return claim("11.2", f"Tables 11.2 and 11.3: the asymmetric tree changed Black's win rate in {n} of the "
                 f"{null['pairings']} pairings", f"{n} pairings moved by a third of their games or more",
                 f"with no change at all, two {cells.EFFECTIVE_GAMES}-game samples of each of our plain pairings would "
                 f"move {null['expected']:.1f} on average, {n} or more with chance {p:.2f}; our paired tests find "
                 f"{ours} of {null['pairings']} changed (Holm over the {null['pairings']} pairings)", verdict,
                 "the chance is exact (Poisson binomial) over our plain win rates; inconclusive when it is at least "
                 f"{thesis.ALPHA}: no change at all could have printed the thesis's tables", support=support.null()[0])


__all__ = ["balance_claims", "claim", "prediction_claims", "sample", "tally", "tree_claims"]
