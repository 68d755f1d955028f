"""The reproduction report's claims: every quantitative claim of the thesis beside one reading's games.

:func:`reading_claims` returns one reading's lines of evidence (the verdict rules are :mod:`~.thesis`'s) with the
frames the report draws from, one step per part of the thesis (Chapters 10 and 11's from :mod:`~.chapter_claims`,
which their notebooks quote too). :mod:`~.evidence` stacks the readings' lines under each claim; which reading the
thesis played is :mod:`~.rulesfit`'s question.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import joblib
import numpy as np
import pandas as pd

from pawnslib import config
from pawnslib.config import DEFAULT_SETTINGS, RunSettings
from pawnslib.dbn.model import OpponentModel
from pawnslib.experiments import cells, pipeline, plan, thesis
from pawnslib.experiments.chapter_claims import balance_claims, prediction_claims, tree_claims
from pawnslib.experiments.costs import compare_with_plain
from pawnslib.experiments.offline import offline_claims
from pawnslib.experiments.recognition import recognition_accuracy
from pawnslib.experiments.records import line
from pawnslib.experiments.stats import pairing_counts, search_summary, white_moves
from pawnslib.game.rules import FEATURE_NAMES
from pawnslib.guided.asym import EXTENSION
from pawnslib.play.records import GameRecord, positions_of
from pawnslib.search.alphabeta import alpha_beta_search
from pawnslib.search.strategies import THESIS

TIMED_POSITIONS_GAMES = 64  # held-out games whose positions time plain against asymmetric search
SORT_GAMES = 16  # held-out games whose positions are searched sorted and unsorted


@dataclass
class ReadingClaims:
    """One reading's claims and the frames the report draws (keys of the dicts: strategy sets)."""

    rules: str
    claims: pd.DataFrame  # one line of evidence per claim and set (records.line's rows)
    # the claims about time, judged on a timing experiment: their figures differ by machine, so they are timing data
    # (the table claims_timing), kept apart from the claims above, whose every byte is the same anywhere
    timing: pd.DataFrame
    strategies: dict[str, dict]
    counts: dict[str, pd.DataFrame]  # pairing_counts of the plain tournaments
    counts_asym: dict[str, pd.DataFrame]  # and of the asymmetric ones
    table_10_2: pd.DataFrame  # cells.compare_table, thesis strategies, plain
    table_11_1: pd.DataFrame  # the same, asymmetric
    changes: pd.DataFrame  # Tables 11.2 and 11.3, pairing by pairing
    strength: dict[str, pd.DataFrame]
    moves: dict[str, pd.DataFrame]  # white_moves of the asymmetric tournaments
    recognition: pd.DataFrame  # recognition_accuracy per move, column ``strategies``
    fit: dict[str, tuple]  # the rules-fit statistics: name -> (verdict, ours, low, high)
    slices: dict[str, pd.DataFrame] = field(default_factory=dict)  # offline.slices_effect's table per set


def pr_frequencies(moves: pd.DataFrame) -> tuple[pd.Series, int]:
    """Figure 11.1's data: how often White played each pr below 1 (sorted by pr), and the moves played at pr = 1."""
    below = moves[moves["count"] < moves.n]
    return below.pr.round(4).value_counts().sort_index(), len(moves) - len(below)


def _cost_claims(plain: dict[str, list[GameRecord]], asym: dict[str, list[GameRecord]],
                 models: dict[str, OpponentModel], strategies: dict[str, dict],
                 settings: RunSettings) -> tuple[list[dict], list[dict], tuple]:
    """Chapter 11's cost of the search: nodes, nodes against plain, time against plain, how often it goes deeper.

    Returns:
        (the claims, the time claims, the thesis set's nodes statistic for the rules fit: verdict, mean, low, high).
    """
    claims, timing, seed = [], [], settings.seed
    for s in plain:
        sa = search_summary(asym[s])
        black = {name: thesis.black_searches(recs) for name, recs in (("plain", plain[s]), ("asym", asym[s]))}
        if s == "thesis":
            v, mean, lo, hi = nodes = thesis.nodes_verdict(plain[s], seed)
            claims.append(line("ch11.nodes_plain", "11.2", f"mean nodes per depth-{thesis.SEARCH_DEPTH} search, plain "
                               "alpha-beta", f"{thesis.NODES_PLAIN}", evidence="no data",
                               note="a mean without its spread", verdict=v,
                               unit="nodes", test="bootstrap", estimate=mean, lo=lo, hi=hi,
                               thesis_value=thesis.NODES_PLAIN, games=len(plain[s]),
                               margin=thesis.RELATIVE_MARGIN * thesis.NODES_PLAIN, margin_why=thesis.RELATIVE_WHY,
                               why="Black's searches in the plain tournament"))
        v, r, lo, hi = thesis.ratio_verdict(black["asym"], black["plain"], thesis.NODE_RATIO, seed,
                                            clusters=thesis.search_games(asym[s]),
                                            base_clusters=thesis.search_games(plain[s]))
        claims.append(line("ch11.node_ratio", "11.2", "the asymmetric tree visits about as many nodes as the plain one",
                           f"{thesis.NODES_ASYM} against {thesis.NODES_PLAIN} ({thesis.NODE_RATIO:.2f}x; Chapter 12: "
                           "fewer)", evidence="no data", note="two means without their spread", strategies=s,
                           verdict=v, unit="ratio", test="bootstrap", margin=thesis.RELATIVE_MARGIN * thesis.NODE_RATIO,
                           margin_why=thesis.RELATIVE_WHY,
                           estimate=r, lo=lo, hi=hi, thesis_value=thesis.NODE_RATIO, games=len(asym[s]),
                           why="mean nodes of Black's searches, asymmetric over plain tournament; predicted replies "
                               f"go {EXTENSION} plies deeper"))
        # Time is only comparable on the same positions in the same run: the tournaments ran at different loads.
        held = [r for r in plain[s] if r["round"] >= settings.train_rounds][:TIMED_POSITIONS_GAMES]
        same = compare_with_plain(held, models[s], strategies[s], settings=settings)
        v, r, lo, hi = thesis.ratio_verdict(same.asym_seconds, same.plain_seconds, thesis.TIME_RATIO, seed,
                                            clusters=same.game, paired=True)
        timing.append(line("ch11.time_ratio", "11.2", "time per search, asymmetric against plain",
                           f"{thesis.SECONDS_ASYM} s against {thesis.SECONDS_PLAIN} s ({thesis.TIME_RATIO:.1f}x)",
                           evidence="no data", note="two means without their spread", strategies=s,
                           facts={"asym_ms": 1000 * same.asym_seconds.mean(),
                                  "plain_ms": 1000 * same.plain_seconds.mean()},
                           verdict=v, unit="ratio", test="bootstrap", estimate=r, lo=lo, hi=hi,
                           thesis_value=thesis.TIME_RATIO, games=len(held),
                           margin=thesis.RELATIVE_MARGIN * thesis.TIME_RATIO, margin_why=thesis.RELATIVE_WHY,
                           why=f"both searches on the same {len(same)} held-out positions, back to back; P(e) runs "
                               "inside the numba search"))
        share, lo, hi = thesis.cluster_interval(*_extended(asym[s]), seed)
        claims.append(line("ch12.often_deeper", "12", "the asymmetric tree often searches to depth "
                           f"{thesis.SEARCH_DEPTH + EXTENSION}", "often", evidence="no data", note="no figure",
                           strategies=s, facts={"side": +1, "searches": sa["searches"]},
                           verdict=plan.bound_verdict(lo, hi, thesis.OFTEN, +1), unit="share", test="one-sided",
                           estimate=share, lo=lo, hi=hi, thesis_value=thesis.OFTEN, games=len(asym[s]),
                           margin_why="none: a bound, 'often' read as at least a third of the searches",
                           why="Black's searches that went deeper somewhere, an interval over games; reproduced when "
                               "it lies above a third, not reproduced when below"))
    return claims, timing, nodes


def _extended(records: list[GameRecord]) -> tuple[list[bool], list[int]]:
    """Whether each Black search of asymmetric ``records`` went deeper somewhere, and its game (to resample games)."""
    pairs = [(bool(i["extended"]), k) for k, r in enumerate(records) for i in r.get("info", [])[0::2]
             if "extended" in i]
    return [e for e, _ in pairs], [k for _, k in pairs]


def _search_claims(played: list[GameRecord], settings: RunSettings) -> list[dict]:
    """Section 11.2's remarks on the search and the data (``played``: Table 10.2's games): sorting the children,
    and DSum's distinct values."""
    held = [r for r in played if r["round"] >= settings.train_rounds][:SORT_GAMES]
    nodes = np.array([[alpha_beta_search(p, THESIS[r["black"]], settings.depth, seed=t, noise=settings.noise,
                                         order=o).nodes
                       for o in (True, False)] for r in held for t in range(0, r["plies"], 8)
                      for p in positions_of(r, t)[-1:]])
    ratio, lo, hi = thesis.ratio_interval(nodes[:, 1], nodes[:, 0], settings.seed, clusters=np.arange(len(nodes)),
                                          paired=True)  # positions resampled
    claims = [line("ch11.sorting", "11.2", f"sorting the children greatly reduces the search space (depth "
                   f"{settings.depth})", "greatly", evidence="no data", note="no figure",
                   verdict=plan.bound_verdict(lo, hi, thesis.SORT_SAVES, +1), facts={"side": +1},
                   unit="ratio", test="one-sided", estimate=ratio, lo=lo, hi=hi, thesis_value=thesis.SORT_SAVES,
                   margin_why="none: a bound, 'greatly' read as at least halving the nodes",
                   games=len(nodes), why=f"'greatly' read as at least halving the nodes: the ratio's interval above "
                                         f"{thesis.SORT_SAVES}")]
    dsum = FEATURE_NAMES.index("DSum")
    values = {f[dsum] for r in played for f in r["features"]}
    claims.append(line("ch11.dsum_values", "11.2", "DSum takes over 100 different values in the data",
                       f"over {thesis.DSUM_VALUES}", evidence="shows it",
                       note=f"a count of its data, 'over {thesis.DSUM_VALUES}'",
                       verdict="reproduced" if len(values) > thesis.DSUM_VALUES else "not reproduced", unit="values",
                       test="count", estimate=len(values), thesis_value=thesis.DSUM_VALUES, games=len(played),
                       margin_why="none: an exact count against the thesis's bound",
                       why="distinct DSum scores of every position of the plain tournament"))
    return claims


def _recognition_claims(plain: dict[str, list[GameRecord]], models: dict[str, OpponentModel],
                        train_rounds: int) -> tuple[list[dict], pd.DataFrame]:
    """Beyond the thesis: how well each set's model recognises White's strategy on the held-out games.

    Returns:
        (the claims, :func:`~.recognition.recognition_accuracy` per move with a column ``strategies``).
    """
    claims, rows = [], []
    for s in plain:
        held = [r for r in plain[s] if r["round"] >= train_rounds]
        if held:
            acc = recognition_accuracy(models[s], held)
            rows.append(acc.reset_index().assign(strategies=s))
            at = acc.loc[min(10, acc.index.max())]  # every held-out game; one that has ended at its last belief
            lo, hi = at.ci_low, at.ci_high  # the 95 % Wilson interval over all of them
            claims.append(line("dbn.recognises", "beyond", "the DBN recognises White's strategy",
                               "its purpose (Ch. 1, 8); never measured", evidence="ours", strategies=s,
                               facts={"move": int(at.name), "running": int(at.running),
                                      "chance": chance_label(lo, hi, at.chance)},
                               verdict="new", unit="share", test="wilson",
                               estimate=at.accuracy, lo=lo, hi=hi, games=int(at.games), thesis_value=at.chance,
                               why="the model's most probable White strategy given the game so far, on all held-out "
                                   "games, a game that ended before the move counted at its last belief; each "
                                   "training row has its own latent strategy (thesis_value: chance)"))
    return claims, pd.concat(rows) if rows else pd.DataFrame()


def chance_label(lo: float, hi: float, chance: float) -> str:
    """How a 95 % interval ``lo`` to ``hi`` stands to ``chance``: "above", "below", or "within" (not distinguishable
    from it)."""
    return "above" if lo > chance else "below" if hi < chance else "within"


def _win_rate_fit(counts: pd.DataFrame) -> tuple:
    """Black's overall win rate in Table 10.2's games against the thesis's (at its effective sample), for the rules
    fit."""
    tc = thesis.table_counts(thesis.TABLE_10_2, cells.EFFECTIVE_GAMES)
    wins, games = int(counts.black_wins.sum()), int(counts.games.sum())
    v, _, lo, hi = thesis.compare_rates(int(tc.black_wins.sum()), int(tc.games.sum()), wins, games)
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
    # each played or trained if missing, in this order: a model learns from the plain games, the asymmetric tree uses it
    plain = {s: pipeline.set_tournament(results, s, method="minimax", settings=settings) for s in sets}
    models = {s: pipeline.opponent_model(results, s, settings=settings) for s in sets}
    asym = {s: pipeline.set_tournament(results, s, method="asym", settings=settings) for s in sets}
    strategies = {s: THESIS if s == "thesis" else pipeline.strategy_set(results, s) for s in sets}
    balance, t102, strength = balance_claims(plain, settings.rounds, seed=settings.seed)
    moves = {s: white_moves(asym[s]) for s in sets}
    prediction, fit = prediction_claims(moves, settings.seed)
    offline, slices = offline_claims(results, plain, models, settings=settings)
    tree, t111, changes = tree_claims(plain, asym, settings.rounds, settings.seed)
    cost, timing, nodes = _cost_claims(plain, asym, models, strategies, settings)
    cost += _search_claims(plain["thesis"], settings)
    beyond, recognition = _recognition_claims(plain, models, settings.train_rounds)
    counts = {s: pairing_counts(plain[s]) for s in sets}
    fit |= {"nodes": nodes, "win_rate": _win_rate_fit(counts["thesis"])}
    return ReadingClaims(settings.rules, pd.DataFrame(balance + prediction + offline + tree + cost + beyond),
                         pd.DataFrame(timing), strategies, counts, {s: pairing_counts(asym[s]) for s in sets}, t102,
                         t111, changes, strength, moves, recognition, fit, slices)


def every_reading_claims(results: str | Path, *, settings: RunSettings = DEFAULT_SETTINGS,
                         sets: dict[str, list]) -> dict[str, ReadingClaims]:
    """:func:`reading_claims` of every reading in ``sets``, side by side on ``settings.jobs`` joblib workers (each
    reading has its own folder, and its timing is measured back to back in its own worker).

    Args:
        results: the results folder (each reading's is ``config.reading_dir(results, reading)``).
        settings: the run (its ``rules`` replaced by each reading's).
        sets: the strategy sets each reading played, ``{reading: [set, ...]}``.

    Returns:
        ``{reading: ReadingClaims}`` in ``sets``' order.
    """
    readings = list(sets)
    done = joblib.Parallel(n_jobs=min(settings.jobs, len(readings)) if settings.jobs > 0 else settings.jobs)(
        joblib.delayed(reading_claims)(config.reading_dir(results, r), settings=settings.replace(rules=r),
                                       sets=sets[r]) for r in readings)
    return dict(zip(readings, done, strict=True))
