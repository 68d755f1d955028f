"""The reproduction report's claims: every quantitative claim of the thesis beside one reading's games.

:func:`reading_claims` loads (or plays) one reading's tournaments and models, with the run's settings as one
:class:`~pawnslib.config.RunSettings`, and returns the claims table (section, claim, thesis, ours, verdict, why;
the verdict rules are :mod:`pawnslib.experiments.thesis`'s) with the frames the report draws from, one step per
part of the thesis. :func:`combine` sets several readings side by side; which reading the thesis played is
:mod:`~.rulesfit`'s question.

Imports: ``config``, :mod:`pawnslib.dbn`, :mod:`pawnslib.guided` and :mod:`pawnslib.play` (types, the tree's
extension), :mod:`pawnslib.search` (the thesis's strategies), and the experiments :mod:`~.pipeline`,
:mod:`~.thesis`, :mod:`~.stats`, :mod:`~.costs` and :mod:`~.recognition`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from pawnslib import config
from pawnslib.config import DEFAULT_SETTINGS, RunSettings
from pawnslib.dbn.model import OpponentModel
from pawnslib.experiments import pipeline, thesis
from pawnslib.experiments.costs import compare_with_plain
from pawnslib.experiments.paired import pooled_win_change, win_changes
from pawnslib.experiments.recognition import recognition_accuracy
from pawnslib.experiments.stats import (
    game_ids,
    pairing_counts,
    prediction_summary,
    search_summary,
    strategy_strength,
    white_moves,
    wilson,
)
from pawnslib.game.rules import FEATURE_NAMES
from pawnslib.guided.asym import EXTENSION
from pawnslib.play.records import GameRecord, positions_of
from pawnslib.search.alphabeta import search
from pawnslib.search.strategies import THESIS

VERDICTS = ("reproduced", "not reproduced", "inconclusive", "new")  # "new": a claim the thesis never measured
TIMED_POSITIONS_GAMES = 64  # held-out games whose positions time plain against asymmetric search
SORT_GAMES = 16  # held-out games whose positions are searched sorted and unsorted


@dataclass
class ReadingClaims:
    """One reading's claims and the frames the report draws (keys of the dicts: strategy sets)."""

    rules: str
    claims: pd.DataFrame  # section, claim, thesis, ours, verdict, why
    strategies: dict[str, dict]
    counts: dict[str, pd.DataFrame]  # pairing_counts of the plain tournaments
    counts_asym: dict[str, pd.DataFrame]  # and of the asymmetric ones
    table_10_2: pd.DataFrame  # thesis.compare_table, thesis strategies, plain
    table_11_1: pd.DataFrame  # the same, asymmetric
    changes: pd.DataFrame  # Tables 11.2 and 11.3, pairing by pairing
    strength: dict[str, pd.DataFrame]
    moves: dict[str, pd.DataFrame]  # white_moves of the asymmetric tournaments
    recognition: pd.DataFrame  # recognition_accuracy per move, column ``strategies``
    fit: dict[str, tuple]  # the rules-fit statistics: name -> (verdict, ours, low, high)


def pr_frequencies(moves: pd.DataFrame) -> tuple[pd.Series, int]:
    """Figure 11.1's data: how often White played each pr below 1 (sorted by pr), and the moves played at pr = 1."""
    below = moves[moves["count"] < moves.n]
    return below.pr.round(4).value_counts().sort_index(), len(moves) - len(below)


def _tally(verdicts: pd.Series) -> str:
    v = verdicts.value_counts()
    return (f"{v.get('reproduced', 0)} reproduced, {v.get('not reproduced', 0)} not, "
            f"{v.get('inconclusive', 0)} inconclusive")


@dataclass
class _Games:
    """One reading's tournaments, models and pairing counts, by strategy set: what the claims are read from."""

    plain: dict[str, list[GameRecord]]
    models: dict[str, OpponentModel]
    asym: dict[str, list[GameRecord]]
    counts: dict[str, pd.DataFrame]  # pairing_counts of the plain tournaments
    counts_asym: dict[str, pd.DataFrame]  # and of the asymmetric ones


def _games(results: str | Path, sets: list[str], settings: RunSettings) -> _Games:
    """The sets' plain tournaments, then their models, then their asymmetric tournaments (each played if missing)."""
    plain = {s: pipeline.play_tournament(results, s, method="minimax", settings=settings) for s in sets}
    models = {s: pipeline.opponent_model(results, s, settings=settings) for s in sets}
    asym = {s: pipeline.play_tournament(results, s, method="asym", settings=settings) for s in sets}
    return _Games(plain, models, asym, {s: pairing_counts(plain[s]) for s in sets},
                  {s: pairing_counts(asym[s]) for s in sets})


def _claim(section: str, text: str, thesis_says: str, ours: str, verdict: str, why: str) -> dict:
    """One row of the claims table."""
    return {"section": section, "claim": text, "thesis": thesis_says, "ours": ours, "verdict": verdict, "why": why}


def _balance_claims(g: _Games, rounds: int) -> tuple[list[dict], pd.DataFrame, dict[str, pd.DataFrame]]:
    """Chapter 10's balance of power (Table 10.2, who beats whom) and Chapter 12's strongest strategy.

    Returns:
        (the claims, Table 10.2 beside ours, each set's :func:`~.stats.strategy_strength`).
    """
    t102 = thesis.compare_table(thesis.TABLE_10_2, g.counts["thesis"])
    tc = thesis.table_counts(thesis.TABLE_10_2)
    claims = [_claim("10", "Table 10.2: Black's win rate in each of the 16 pairings",
                     f"{thesis.GAMES_PER_PAIRING} games a pairing", f"{rounds} games a pairing", _tally(t102.verdict),
                     f"Black wins {100 * g.counts['thesis'].win_rate.mean():.0f} % of our games, "
                     f"{100 * tc.black_wins.sum() / tc.games.sum():.0f} % of the thesis's; per cell below")]
    strength = {s: strategy_strength(records) for s, records in g.plain.items()}
    theirs = strategy_strength(thesis.table_records(thesis.TABLE_10_2))
    for s, st in strength.items():
        claims.append(_claim("10", f"every strategy can beat at least {thesis.BEATS_AT_LEAST} others ({s} strategies)",
                             "yes: " + ", ".join(f"{i} can beat {b}" for i, b in theirs.beats.items()),
                             ", ".join(f"{i} can beat {b}" for i, b in st.beats.items()), thesis.beats_verdict(st),
                             "i can beat j when it won some of their games (either colour), as on the thesis's "
                             "Table 10.2"))
    for s, st in strength.items():
        verdict, pairs = thesis.poorly_verdict(st)
        said = "; ".join(f"{i} wins {100 * st.loc[i, 'worst_share']:.0f} % against {j}" for i, j in pairs) or "none"
        claims.append(_claim("10", f"two strategies perform very poorly against one specific opponent ({s} "
                                   "strategies)",
                             "; ".join(f"{i} wins {100 * theirs.loc[i, 'worst_share']:.0f} % against {j}"
                                       for i, j in thesis.poorly_verdict(theirs)[1]), said, verdict,
                             f"very poorly: under {100 * thesis.POORLY:.0f} % of their games won (both colours)"))
    st = strength["thesis"]
    verdict, best, ahead = thesis.strongest_verdict(st)
    claims.append(_claim("12", f"strategy {thesis.STRONGEST} is stronger than the rest",
                         f"strategy {thesis.STRONGEST}", f"strategy {best} ({100 * st.loc[best, 'win_rate']:.0f} % of "
                         "its games won" + (", clearly ahead)" if ahead else ", intervals overlap)"), verdict,
                         "win rate over both colours, 95 % Wilson intervals"))
    return claims, t102, strength


def _prediction_claims(moves: dict[str, pd.DataFrame], seed: int) -> tuple[list[dict], tuple]:
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
        claims.append(_claim("11.1", f"Figure 11.1: White's moves at pr = 1 (all replies alike), per game ({s})",
                             f"{thesis.PR_ONE_MOVES} in its run ({f:.2f} a game over its {thesis.THESIS_GAMES})",
                             f"{x:.2f} a game ({lo:.2f}-{hi:.2f}; {int(ps['pr = 1 (excluded from Figure 11.1)'])} "
                             f"in {games} games)", v, f"mean per game, {over}"))
        v, f, x, lo, hi = figures["count"]
        claims.append(_claim("11.1", f"share of predictions that are correct ({s})",
                             f"{thesis.CORRECT_PREDICTIONS} of {thesis.PREDICTIONS} ({100 * f:.0f} %)",
                             f"{int(ps['correct'])} of {int(ps['predictions made'])} ({100 * x:.0f} %, "
                             f"{100 * lo:.0f}-{100 * hi:.0f} %)", v, f"{over} ({games} games)"))
        v, f, x, lo, hi = figures["text"]
        claims.append(_claim("11.1", f"share of predictions that are correct, as its text says ({s})",
                             f"about {100 * f:.0f} % (twice)", f"{100 * x:.0f} % ({100 * lo:.0f}-{100 * hi:.0f} %)", v,
                             f"{over} ({games} games)"))
        v, f, x, lo, hi = figures["per game"]
        claims.append(_claim("11.2", f"predictions per game ({s})",
                             f"{thesis.PREDICTIONS} in {thesis.THESIS_GAMES} games ({f:.0f} a game)",
                             f"{x:.1f} a game ({lo:.1f}-{hi:.1f})", v, f"mean per game, {over}"))
        made = m[m.prediction_made]
        correct = made[made.predicted]
        if len(correct):
            v, mean, lo, hi = thesis.mean_verdict(correct.likely, thesis.LIKELY_WHEN_CORRECT, seed,
                                                  clusters=game_ids(correct))
            claims.append(_claim("11.1", f"likely replies when the prediction is correct ({s})",
                                 f"about {thesis.LIKELY_WHEN_CORRECT}", f"{mean:.1f} ({lo:.1f}-{hi:.1f})", v,
                                 "mean size of the seen_before set, an interval over games"))
        v, mean, lo, hi = thesis.range_verdict(m.n, thesis.BRANCHING, seed, clusters=game_ids(m))
        claims.append(_claim("11.1", f"branching factor at White's moves ({s})",
                             f"usually {thesis.BRANCHING[0]} to {thesis.BRANCHING[1]}",
                             f"{mean:.1f} ({lo:.1f}-{hi:.1f})", v,
                             "mean number of replies, an interval over games; reproduced when it overlaps the "
                             "thesis's range"))
        if s == "thesis":  # (verdict, ours, low, high), the thesis's figure dropped
            fit = {"branching": (v, mean, lo, hi),
                   **{name: tuple(x for k, x in enumerate(figures[key]) if k != 1)
                      for name, key in (("predictions per game", "per game"), ("pr = 1 per game", "pr = 1"))}}
    return claims, fit


def _tree_claims(g: _Games, rounds: int, seed: int) -> tuple[list[dict], pd.DataFrame, pd.DataFrame]:
    """Chapter 11's asymmetric tree in play: Table 11.1, Tables 11.2 and 11.3, and Chapter 12's two claims on it.

    Returns:
        (the claims, Table 11.1 beside ours, Tables 11.2 and 11.3 pairing by pairing).
    """
    t111 = thesis.compare_table(thesis.TABLE_11_1, g.counts_asym["thesis"])
    claims = [_claim("11.2", "Table 11.1: Black's win rate with the asymmetric tree, 16 pairings",
                     f"{thesis.GAMES_PER_PAIRING} games a pairing", f"{rounds} games a pairing", _tally(t111.verdict),
                     "per cell in the report tables")]
    cmp = win_changes(g.plain["thesis"], g.asym["thesis"], seed=seed).set_index(["black", "white"])
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
        claims.append(_claim("11.2", f"Table {table}: the pairings whose Black win rate "
                             f"{'rose' if table == '11.2' else 'fell'}", f"{len(part)} pairings", "see the table below",
                             _tally(part.verdict), "per pairing, the thesis's change against our paired 95 % interval "
                             f"(plain and asymmetric games share seeds; half-width at most {100 * thesis.NARROW:.0f} "
                             "points to reproduce)"))
    for s in g.counts:
        poor = g.counts[s].query("win_rate < 1 / 3")
        pairs = list(zip(poor.black, poor.white, strict=True))
        if pairs:
            c = pooled_win_change(g.plain[s], g.asym[s], pairs, seed=seed)
            v = thesis.change_verdict(+1, c["diff_lo"], c["diff_hi"])
            ours = (f"{len(pairs)} pairings with a plain Black win rate under 1/3: {100 * c['diff']:+.1f} points "
                    f"({100 * c['diff_lo']:+.1f} to {100 * c['diff_hi']:+.1f}), {c['games']} paired games")
        else:
            v, ours = "inconclusive", "no pairing with a plain Black win rate under 1/3"
        claims.append(_claim("12", f"the asymmetric tree helps Black where a win was unlikely ({s})",
                             f"{thesis.UNLIKELY_IMPROVED} of {thesis.UNLIKELY_PLAYERS} such players improved",
                             ours, v, "Black's wins pooled over those pairings, paired by seed; 95 % interval"))
    top = thesis.STRONGEST
    top_pairs = [(top, w) for w in sorted(THESIS)]
    c = pooled_win_change(g.plain["thesis"], g.asym["thesis"], top_pairs, seed=seed)
    claims.append(_claim("12", f"strategy {top} (as Black) suffers with the asymmetric tree",
                         f"{sum(b == top for b, _ in thesis.WORSE)} of its {len(top_pairs)} pairings fell (Table 11.3)",
                         f"{100 * c['diff']:+.1f} points ({100 * c['diff_lo']:+.1f} to {100 * c['diff_hi']:+.1f}) over "
                         f"its {len(top_pairs)} pairings, {c['games']} paired games",
                         thesis.change_verdict(-1, c["diff_lo"], c["diff_hi"]),
                         "Black's wins pooled, paired by seed; 95 % interval"))
    return claims, t111, changes


def _cost_claims(g: _Games, strategies: dict[str, dict], settings: RunSettings) -> tuple[list[dict], tuple]:
    """Chapter 11's cost of the search: nodes, nodes against plain, time against plain, how often it goes deeper.

    Returns:
        (the claims, the thesis set's nodes statistic for the rules fit: verdict, mean, low, high).
    """
    claims, seed = [], settings.seed
    for s in g.plain:
        sa = search_summary(g.asym[s])
        black = {name: thesis.black_searches(recs) for name, recs in (("plain", g.plain[s]), ("asym", g.asym[s]))}
        if s == "thesis":
            v, mean, lo, hi = nodes = thesis.nodes_verdict(g.plain[s], seed)
            claims.append(_claim("11.2", f"mean nodes per depth-{thesis.SEARCH_DEPTH} search, plain alpha-beta",
                                 f"{thesis.NODES_PLAIN}", f"{mean:.0f} ({lo:.0f}-{hi:.0f})", v,
                                 "Black's searches in the plain tournament"))
        v, r, lo, hi = thesis.ratio_verdict(black["asym"], black["plain"], thesis.NODE_RATIO, seed,
                                            clusters=thesis.search_games(g.asym[s]),
                                            base_clusters=thesis.search_games(g.plain[s]))
        claims.append(_claim("11.2", f"the asymmetric tree visits about as many nodes as the plain one ({s})",
                             f"{thesis.NODES_ASYM} against {thesis.NODES_PLAIN} ({thesis.NODE_RATIO:.2f}x; "
                             "Chapter 12: fewer)", f"{r:.2f}x ({lo:.2f}-{hi:.2f})", v,
                             "mean nodes of Black's searches, asymmetric over plain tournament; predicted replies go "
                             f"{EXTENSION} plies deeper"))
        # Time is only comparable on the same positions in the same run: the tournaments ran at different loads.
        held = [r for r in g.plain[s] if r["round"] >= settings.train_rounds][:TIMED_POSITIONS_GAMES]
        same = compare_with_plain(held, g.models[s], strategies[s], settings=settings)
        v, r, lo, hi = thesis.ratio_verdict(same.asym_seconds, same.plain_seconds, thesis.TIME_RATIO, seed,
                                            clusters=same.game, paired=True)
        claims.append(_claim("11.2", f"time per search, asymmetric against plain ({s})",
                             f"{thesis.SECONDS_ASYM} s against {thesis.SECONDS_PLAIN} s ({thesis.TIME_RATIO:.1f}x)",
                             f"{1000 * same.asym_seconds.mean():.2f} ms against {1000 * same.plain_seconds.mean():.2f} "
                             f"ms ({r:.2f}x, {lo:.2f}-{hi:.2f})", v, f"both searches on the same {len(same)} held-out "
                             "positions, back to back; P(e) runs inside the numba search"))
        share = sa["share extended"]
        claims.append(_claim("12", f"the asymmetric tree often searches to depth {thesis.SEARCH_DEPTH + EXTENSION} "
                             f"({s})", "often", f"{100 * share:.0f} % of Black's searches",
                             "reproduced" if share >= 1 / 3 else "not reproduced",
                             "'often' read as at least a third of the searches"))
    return claims, nodes


def _search_claims(g: _Games, settings: RunSettings) -> list[dict]:
    """Section 11.2's remarks on the search and the data: sorting the children, and DSum's distinct values."""
    held = [r for r in g.plain["thesis"] if r["round"] >= settings.train_rounds][:SORT_GAMES]
    nodes = np.array([[search(p, THESIS[r["black"]], settings.depth, seed=t, noise=settings.noise, order=o).nodes
                       for o in (True, False)] for r in held for t in range(0, r["plies"], 8)
                      for p in positions_of(r, t)[-1:]])
    _, ratio, lo, hi = thesis.ratio_verdict(nodes[:, 1], nodes[:, 0], thesis.SORT_SAVES, settings.seed,
                                            clusters=np.arange(len(nodes)), paired=True)  # positions resampled
    claims = [_claim("11.2", f"sorting the children greatly reduces the search space (depth {settings.depth})",
                     "greatly", f"{ratio:.1f} times the nodes unsorted ({lo:.1f}-{hi:.1f}; {len(nodes)} held-out "
                     "positions)", thesis.change_verdict(+1, np.log(lo / thesis.SORT_SAVES),
                                                         np.log(hi / thesis.SORT_SAVES)),
                     f"'greatly' read as at least halving the nodes: the ratio's interval above {thesis.SORT_SAVES}")]
    dsum = FEATURE_NAMES.index("DSum")
    values = {f[dsum] for r in g.plain["thesis"] for f in r["features"]}
    claims.append(_claim("11.2", "DSum takes over 100 different values in the data", f"over {thesis.DSUM_VALUES}",
                         f"{len(values)} in the {len(g.plain['thesis'])} games of Table 10.2",
                         "reproduced" if len(values) > thesis.DSUM_VALUES else "not reproduced",
                         "distinct DSum scores of every position of the plain tournament"))
    return claims


def _recognition_claims(g: _Games, train_rounds: int) -> tuple[list[dict], pd.DataFrame]:
    """Beyond the thesis: how well each set's model recognises White's strategy on the held-out games.

    Returns:
        (the claims, :func:`~.recognition.recognition_accuracy` per move with a column ``strategies``).
    """
    claims, rows = [], []
    for s in g.plain:
        held = [r for r in g.plain[s] if r["round"] >= train_rounds]
        if held:
            acc = recognition_accuracy(g.models[s], held)
            rows.append(acc.reset_index().assign(strategies=s))
            at = acc.loc[min(10, acc.index.max())]
            lo, hi = wilson(round(at.accuracy * at.games), int(at.games))
            claims.append(_claim("beyond", f"the DBN recognises White's strategy ({s})",
                                 "its purpose (Ch. 1, 8); never measured",
                                 f"{100 * at.accuracy:.0f} % right after White's move {int(at.name)} "
                                 f"({100 * lo:.0f}-{100 * hi:.0f} %), chance {100 * at.chance:.0f} %: "
                                 + ("above chance" if lo > at.chance else "not above chance"), "new",
                                 "argmax P(S_w | game so far) on held-out games; each training row has its own "
                                 "latent S_w"))
    return claims, pd.concat(rows) if rows else pd.DataFrame()


def _win_rate_fit(counts: pd.DataFrame) -> tuple:
    """Black's overall win rate in Table 10.2's games against the thesis's, for the rules fit."""
    tc = thesis.table_counts(thesis.TABLE_10_2)
    wins, games = int(counts.black_wins.sum()), int(counts.games.sum())
    v, _, lo, hi = thesis.verdict(int(tc.black_wins.sum()), int(tc.games.sum()), wins, games)
    return v, wins / games, lo, hi


def reading_claims(results: str | Path, *, settings: RunSettings = DEFAULT_SETTINGS,
                   sets=config.SETS) -> ReadingClaims:
    """Every claim of the report for one reading, from its folder ``results`` (played or trained if missing).

    Args:
        results: the reading's results folder (``config.reading_dir``).
        settings: the run: its reading, the tournaments' rounds, depth and seed (which also seeds the statistics),
            and the training rounds (the later rounds are held out for timing and recognition).
        sets: the strategy sets; must include ``"thesis"`` (Tables 10.2 to 11.3 are about its strategies).

    Returns:
        The :class:`ReadingClaims`: the claims in the report's order (Chapter 10, prediction, the tree in play,
        its cost, recognition) and the frames the report draws.

    Raises:
        ValueError: ``sets`` without ``"thesis"``, an unknown set, or bad settings.
        ModelFileError: a model file trained on other games.
    """
    sets = list(sets)
    if "thesis" not in sets:
        raise ValueError(f"sets must include 'thesis', got {sets}")
    g = _games(results, sets, settings)
    strategies = {s: THESIS if s == "thesis" else pipeline.strategy_set(results, s) for s in sets}
    balance, t102, strength = _balance_claims(g, settings.rounds)
    moves = {s: white_moves(g.asym[s]) for s in sets}
    prediction, fit = _prediction_claims(moves, settings.seed)
    tree, t111, changes = _tree_claims(g, settings.rounds, settings.seed)
    cost, nodes = _cost_claims(g, strategies, settings)
    cost += _search_claims(g, settings)
    beyond, recognition = _recognition_claims(g, settings.train_rounds)
    fit |= {"nodes": nodes, "win_rate": _win_rate_fit(g.counts["thesis"])}
    return ReadingClaims(settings.rules, pd.DataFrame(balance + prediction + tree + cost + beyond), strategies,
                         g.counts, g.counts_asym, t102, t111, changes, strength, moves, recognition, fit)


def verdict_summary(verdicts: pd.Series) -> tuple[pd.Series, int]:
    """How many single claims got each verdict, and how many rows summarise per-pairing tables instead.

    ``verdicts`` is the verdict column of the table the reader sees (a claim absent from a reading, NaN, is left
    out), so that the tally counts the rows shown.
    """
    verdicts = verdicts.dropna()
    single = verdicts.where(verdicts.isin(VERDICTS))
    return single.value_counts().reindex(list(VERDICTS), fill_value=0), int(single.isna().sum())


def combine(by_reading: dict[str, pd.DataFrame], columns=("ours", "verdict")) -> pd.DataFrame:
    """Claims tables of several readings side by side: section, claim, thesis, then ``columns`` per reading.

    Rows follow the first reading's order; a claim only some readings make is blank for the others.
    """
    keys = ["section", "claim", "thesis"]
    out = pd.concat([c[keys] for c in by_reading.values()]).drop_duplicates().reset_index(drop=True)
    for r, c in by_reading.items():
        out = out.merge(c[[*keys, *columns]].rename(columns={k: f"{k} ({r})" for k in columns}), on=keys, how="left")
    return out
