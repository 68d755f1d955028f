"""Chapter 13, run: which prediction pays off, in a paired tournament that can tell.

The thesis's Future Work asks whether predicting the opponent improves play. Every method
below is a Black player; White plays plain alpha-beta with its strategy, at depth 6 (:mod:`~.whitedepth` replays
some methods against a shallower White).
Every method plays the same games: for each (Black strategy, White strategy, round) the game's
seed, hence White's tie-breaking and Black's, is the same for every method, so two methods'
games differ only through Black's choices, and each game pairs with its twin under ``plain6``
(:mod:`pawnslib.experiments.paired` has the statistics). The games are fresh: their seeds come from
``derive_seed(seed, config.COMPARISON_STREAM)``, never the minimax games the opponent models
learnt from or MAX_PR was chosen on.

MAX_PR, the threshold methods' bound on pr, is chosen on the training games (:mod:`pawnslib.experiments.maxpr`).
Two methods foresee White's first reply (:mod:`pawnslib.play.foresight`): ``oracle`` knows it, ``om-matched``
predicts it by White's weights and depth; :func:`foresight_contrasts` pairs them with the methods they bound. Every
entry takes the run's settings as one :class:`~pawnslib.config.RunSettings`; :mod:`~.chapter13_words` writes the
verdict.

Imports: every layer below :mod:`pawnslib.experiments` (the players, tournaments, seeds), and the experiments
:mod:`~.pipeline`, :mod:`~.paired`, :mod:`~.thesis`, :mod:`~.stats`, :mod:`~.costs` and :mod:`~.maxpr`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd
from statsmodels.stats.multitest import multipletests

from pawnslib import config
from pawnslib.config import DEFAULT_SETTINGS, RunSettings, SettingError
from pawnslib.experiments import costs, paired, pipeline, thesis
from pawnslib.experiments.costs import BASELINE
from pawnslib.experiments.maxpr import max_pr, threshold_sweep, training_ranks
from pawnslib.experiments.stats import pairing_counts
from pawnslib.guided.firstreply import MIN_DEPTH
from pawnslib.play.foresight import KINDS as FORESIGHT_KINDS
from pawnslib.play.foresight import ForesightFactory, ToldFactory
from pawnslib.play.players import AsymFactory, DeepFactory, OpponentFactory, PlayerFactory
from pawnslib.play.records import GameRecord
from pawnslib.play.tournament import run_tournament
from pawnslib.search.seeds import derive_seed

TIMED_GAMES = 24  # games of plain6 whose Black positions time every method back to back


@dataclass(frozen=True)
class Method:
    """A Black player of the comparison: plain search at ``depth + extra``, the asymmetric tree, or OM/PrOM search."""

    name: str
    what: str
    extra: int = 0  # plies beyond the comparison's depth (plain methods; the oracle's horizon)
    slices: int = 0  # the opponent model: 0 none, 1 the thesis's one slice, 2 one slice per colour
    rule: str = "seen_before"  # the mostlikely predicate: "seen_before" or "threshold" (pr < MAX_PR)
    random: bool = False  # P(e) replaced by a seeded random number per child
    latent: str = "row"  # a one-slice model's S_w: one per training row (the thesis's) or one per game
    # OM/PrOM search against: "perfect" White's weights, "uniform" the set, "dbn" the model's mix; or White's first
    # reply foreseen (pawnslib.play.foresight): "oracle" the very reply, "matched" by White's weights and depth, "told"
    # the very reply marked at ply 1 of the thesis's tree
    opponent: str = ""

    @property
    def asym(self) -> bool:
        """Whether Black searches the asymmetric tree and predicts White's replies by pr alone."""
        return self.slices > 0 and not self.opponent

    @property
    def foresees(self) -> bool:
        """Whether Black foresees White's first reply (the oracle, the told tree, depth-matched OM search)."""
        return self.opponent in (*FORESIGHT_KINDS, "told")


METHODS = {m.name: m for m in (
    Method("plain6", "plain alpha-beta, depth 6 (Table 10.2's player)"),
    Method("plain8", "plain alpha-beta, depth 8: what two more plies everywhere buy", extra=2),
    Method("one-hist", "the thesis: one slice for both colours, seen_before (Table 11.1's player)", slices=1),
    Method("two-hist", "one slice per colour, learnt from Black's and from White's rows; seen_before", slices=2),
    Method("one-thr", "one slice, pr < MAX_PR", slices=1, rule="threshold"),
    Method("two-thr", "two slices, pr < MAX_PR", slices=2, rule="threshold"),
    Method("random", "P(e) replaced by a seeded random number per child; seen_before", slices=1, random=True),
    Method("one-hist-game", "the thesis's tree and seen_before, $P(e)$ from the per-game model (one $S_w$ per game)",
           slices=1, latent="game"),
    Method("om-perfect", "OM search knowing White's true weights: the ceiling of opponent modelling",
           opponent="perfect"),
    Method("prom-uniform", "PrOM search over the set's four strategies, probability 1/4 each", opponent="uniform"),
    Method("prom-dbn", "PrOM search over the four strategies, probabilities "
           "$P(S_w \\mid \\text{White's moves so far})$ from the "
           "per-game model, updated after every White move", slices=1, latent="game", opponent="dbn"),
    Method("prom-dbn-cal", "PrOM search as `prom-dbn`, with the calibrated recogniser: uniform before White's first "
           "move, then the per-game model's evidence of White's moves tempered by an exponent fitted on the "
           "training games", slices=1, latent="game", opponent="dbn-cal"),
    Method("om-matched", "OM search knowing White's weights, White's reply at ply 1 by a noise-free search to "
           "White's own depth (6 plies below Black's move, not 5)", opponent="matched"),
    Method("oracle", "White's actual reply to every Black move known (White's own search with the seed it will use), "
           "then Black's search 4 plies below it, no minimum over White's other replies", opponent="oracle"),
    Method("one-hist-perfect", "the thesis's tree and seen_before as `one-hist`, but at ply 1 the predicate marks "
           "exactly White's actual reply (known as the oracle knows it): the thesis's method with a perfect model of "
           "White's next reply", slices=1, opponent="told"),
    Method("oracle-deep", "the oracle searching 5 plies below White's reply (root + 7, White's own horizon)",
           extra=1, opponent="oracle"),
)}


def check_method(name: str) -> Method:
    """The method called ``name``; ``ValueError`` listing the methods otherwise."""
    if name not in METHODS:
        raise ValueError(f"method must be one of {', '.join(map(repr, METHODS))}, got {name!r}")
    return METHODS[name]


def with_baseline(methods) -> list[str]:
    """``methods`` each once, ``plain6`` (the baseline every method pairs with) first; ``ValueError`` listing the
    methods for an unknown one."""
    methods = [BASELINE] + [m for m in dict.fromkeys(methods) if m != BASELINE]
    for m in methods:
        check_method(m)
    return methods


# ----------------------------------------------------------------------------- the paired tournament


def black_player(results: str | Path, set_name: str, method: str, *, settings: RunSettings = DEFAULT_SETTINGS,
                 bound: float | None = None) -> tuple[PlayerFactory | None, str]:
    """A method's Black ``factory(weights, *, depth, opponent, noise) -> Player`` (None: plain alpha-beta), and its
    label.

    The label (recorded in the tournament's ``meta.json``) names everything that shapes the method's
    play besides the strategies, seed, depth and rules, so that resuming with another MAX_PR is refused.

    Args:
        results: the results folder (the reading's).
        set_name: the strategy set.
        method: one of :data:`METHODS`.
        settings: the run's seed, reading, depth and training rounds (which the opponent models, trained or
            checked here, and MAX_PR are of).
        bound: a threshold method's MAX_PR, if already chosen by :func:`~.maxpr.max_pr` (else chosen here).

    Returns:
        (the factory, or None for plain alpha-beta; the label).

    Raises:
        ValueError: an unknown method or set, or a depth below a foreseeing method's least.
        ModelFileError: a model file trained on other games.
    """
    m = check_method(method)
    label = f"chapter 13 {set_name} {method}"
    if m.slices == 0 and not m.opponent:
        return (DeepFactory(m.extra) if m.extra else None), label
    if m.foresees and settings.depth < MIN_DEPTH:
        raise SettingError("depth", settings.depth, f"at least {MIN_DEPTH} plies",
                           message=f"method {method!r} searches below White's reply: it needs settings.depth >= "
                                   f"{MIN_DEPTH}, got {settings.depth}")
    if m.opponent in FORESIGHT_KINDS:
        return ForesightFactory(m.opponent, settings.white_depth, m.extra), label
    strategies = tuple(pipeline.strategy_set(results, set_name).items())
    path = ""
    if m.slices:  # the model, trained or checked here
        pipeline.opponent_model(results, set_name, settings=settings, slices=m.slices, latent=m.latent)
        path = str(config.model_path(results, set_name, m.slices, m.latent))
    if m.opponent == "told":
        return ToldFactory(path, strategies, settings.white_depth), label
    if m.opponent == "dbn-cal":
        tau = pipeline.calibrated_recogniser(results, set_name, settings=settings).tau
        return OpponentFactory(m.opponent, strategies, path, tau), f"{label} tau={tau:.6g}"
    if m.opponent:
        return OpponentFactory(m.opponent, strategies, path), label
    rule = m.rule
    if m.rule == "threshold":
        bound = max_pr(results, set_name, m.slices, settings=settings) if bound is None else bound
        rule, label = ("threshold", bound), f"{label} max_pr={bound:.4f}"
    random_seed = derive_seed(settings.seed, config.COMPARISON_STREAM, 1) if m.random else None
    return AsymFactory(path, strategies, mostlikely=rule, random_seed=random_seed), label


def method_games(results: str | Path, set_name: str, method: str, *, settings: RunSettings = DEFAULT_SETTINGS,
                 progress: bool = True, bound: float | None = None) -> list[GameRecord]:
    """One method's games of the comparison, kept (and resumed) in ``runs/ch13/<set>_<method>``: the method's Black
    player (:func:`black_player`) in :func:`~pawnslib.play.tournament.run_tournament` on the comparison's seed.

    Args:
        results: the results folder (the reading's: see ``config.reading_dir``).
        set_name: the strategy set.
        method: one of :data:`METHODS`.
        settings: the games per ordered pairing (``rounds``); Black's search depth for every method but ``plain8``
            (depth + 2), and White's unless ``white_depth`` gives it (then the games are kept in
            ``runs/ch13_white<white_depth>/``); the master seed (the games' is ``derive_seed(seed,
            COMPARISON_STREAM)``); the reading; the training rounds the opponent models learn from (and MAX_PR is
            chosen on); workers.
        progress: show a progress bar.
        bound: a threshold method's MAX_PR, if already chosen by :func:`~.maxpr.max_pr` (else chosen here).

    Returns:
        The records, sorted by (round, black, white).

    Raises:
        ValueError: an unknown method or set, bad arguments, or the folder holds another comparison.
    """
    factory, label = black_player(results, set_name, method, settings=settings, bound=bound)
    white = settings.white_depth if settings.white_depth != settings.depth else None
    return run_tournament(pipeline.strategy_set(results, set_name),
                          config.comparison_dir(results, set_name, method, white_depth=white),
                          settings=settings.replace(seed=derive_seed(settings.seed, config.COMPARISON_STREAM)),
                          black_player=factory, label=label, progress=progress)


# ----------------------------------------------------------------------------- the comparison, assembled


@dataclass
class Comparison:
    """Everything Chapter 13's notebook and the report show, computed from the methods' games.

    Attributes:
        records: each method's games.
        scores: one row per (method, black, white, round): Black's score (:func:`~.paired.scores_frame`).
        methods: the ``ch13_methods`` table, one row per method (see :func:`compare`).
        timing: the ``ch13_timing`` table, per method its wall-clock cost (see :func:`compare`): timing data, which
            differs by machine, kept apart from every other table.
        pairings: the ``ch13_pairings`` table, per method and pairing (:func:`~.paired.pairing_summary`).
        sweeps: per model (1, 2 slices): (the MAX_PR sweep on the training games, the chosen MAX_PR, the target).
        times: every method timed back to back on the same positions (:func:`time_methods`).
        claims: the thesis's Chapter 12 claims, tested on the comparison's games (:func:`thesis_claims`).
        contrasts: the foresight methods against the others (:func:`foresight_contrasts`).
    """

    records: dict[str, list[GameRecord]]
    scores: pd.DataFrame
    methods: pd.DataFrame
    timing: pd.DataFrame
    pairings: pd.DataFrame
    sweeps: dict[int, tuple[pd.DataFrame, float, float]]
    times: pd.DataFrame
    claims: pd.DataFrame
    contrasts: pd.DataFrame


def thesis_claims(scores: pd.DataFrame, plain: list[GameRecord], *, method: str = "one-hist",
                  thesis_set: bool = True, seed: int = config.SEED) -> pd.DataFrame:
    """Chapter 12's "the asymmetric tree helps where a win was unlikely" and "strategy 4 suffers", paired: a second
    sample of games for the report's claims of the same names (:data:`~.thesis.CLAIM_UNLIKELY`), in their unit.

    ``scores`` holds Black's *wins* (:func:`~.paired.scores_frame` with ``wins=True``): the thesis's tables count
    Black's wins, so these claims are in win-rate points wherever they are judged. The unlikely pairings are chosen
    on the Table 10.2 tournament's games (``plain``: Black's plain win rate under 1/3, the report's rule), never on
    the comparison's, so that regression to the mean cannot pass for an effect. Each claim is ``method`` against
    ``plain6`` pooled over its pairings; ``p_holm`` corrects for the two claims; ``verdict`` is the report's rule
    (:func:`~.thesis.magnitude_verdict` for "quite a lot", :func:`~.thesis.change_verdict` for a fall). "Strategy
    4" is the thesis's (``thesis_set``); another set has no such claim.
    """
    counts = pairing_counts(plain)
    unlikely = [tuple(map(int, bw)) for bw in counts.query("win_rate < 1 / 3")[["black", "white"]].to_numpy()]
    top = thesis.STRONGEST
    named = {thesis.CLAIM_UNLIKELY: (unlikely, +1)}
    if thesis_set:
        named[thesis.CLAIM_SUFFERS] = ([(top, int(w)) for w in sorted(counts.white.unique())], -1)
    rows = []
    for claim, (pairs, direction) in named.items():
        if not pairs:
            rows.append({"claim": claim, "pairs": "none", "direction": direction})
            continue
        t = paired.subset_test(scores, method, pairs, baseline=BASELINE, seed=seed)
        rule = thesis.magnitude_verdict if claim == thesis.CLAIM_UNLIKELY else thesis.change_verdict
        rows.append({"claim": claim, "direction": direction, **t, "pairs": " ".join(f"{b}-{w}" for b, w in pairs),
                     "verdict": rule(direction, t["diff_lo"], t["diff_hi"])})
    out = pd.DataFrame(rows)
    tested = out.p.notna() if "p" in out else pd.Series(False, index=out.index)
    if tested.any():
        out.loc[tested, "p_holm"] = multipletests(out.p[tested], method="holm")[1]
    return out


# The paired contrasts, foresight and calibrated recognition: (method, against, White's strategy or None for every
# pairing, what it measures).
CONTRASTS = (
    ("oracle", "plain6", None, "knowing White's next reply, against the thesis's player"),
    ("oracle", "plain8", None, "knowing White's next reply, against two more plies everywhere"),
    ("oracle", "one-hist", None, "the oracle against the thesis's method: two algorithms, not two models"),
    ("one-hist-perfect", "plain6", None, "the thesis's method with a perfect model of White's next reply, against "
                                         "the thesis's player"),
    ("one-hist-perfect", "one-hist", None, "the thesis's method with a perfect model of White's next reply, against "
                                           "its own model"),
    ("one-hist-perfect", "plain8", None, "the thesis's method with a perfect model, against two more plies "
                                         "everywhere"),
    ("one-hist-perfect", "oracle", None, "the same knowledge of White's reply, two algorithms"),
    ("om-matched", "om-perfect", None, "OM search with White's depth matched, against OM search"),
    ("om-matched", "plain6", None, "OM search with White's depth matched, against the thesis's player"),
    ("om-perfect", "plain6", 1, "OM search against White 1"),
    ("om-matched", "plain6", 1, "OM search with White's depth matched, against White 1"),
    ("om-matched", "om-perfect", 1, "matching White's depth, against White 1"),
    ("prom-dbn-cal", "prom-uniform", None, "calibrated recognition of White, against none (1/4 each)"),
    ("prom-dbn-cal", "prom-dbn", None, "calibrated recognition of White, against the overconfident one"),
)


def foresight_contrasts(scores: pd.DataFrame, *, seed: int = config.SEED) -> pd.DataFrame:
    """The paired contrasts that answer the foresight questions (:data:`CONTRASTS`), on the same games.

    Each row is ``method`` against ``against`` (not only plain6: every method played the same games, so any two
    pair), pooled over every pairing or over those against one White strategy; ``p_holm`` corrects for the
    contrasts tested. A contrast whose methods were not played is left out.

    Returns:
        Columns ``method, against, white, what, games, diff, diff_lo, diff_hi, p, p_holm`` (fractions of a game).
    """
    played = set(scores.method)
    rows = []
    for method, against, white, what in CONTRASTS:
        if {method, against} <= played:
            pairs = [(b, w) for b, w in paired.pairings(scores) if white is None or w == white]
            t = paired.subset_test(scores[scores.method.isin([method, against])], method, pairs, baseline=against,
                                   seed=seed)
            rows.append({"method": method, "against": against, "white": "all" if white is None else str(white),
                         "what": what, **{k: v for k, v in t.items() if k not in ("method", "pairs")}})
    out = pd.DataFrame(rows, columns=["method", "against", "white", "what", "games", "diff", "diff_lo", "diff_hi",
                                      "p"])
    out["p_holm"] = multipletests(out.p, method="holm")[1] if len(out) else []
    return out


def compare(results: str | Path, set_name: str, *, settings: RunSettings = DEFAULT_SETTINGS, methods=tuple(METHODS),
            timed_games: int = TIMED_GAMES, progress: bool = True) -> Comparison:
    """Chapter 13's comparison: every method's games (played if missing), their paired statistics, cost and quality.

    Args:
        results: the results folder of the reading ``settings.rules``.
        set_name: the strategy set.
        settings: the run (see :func:`method_games`); its seed also seeds the statistics.
        methods: the methods to compare; ``plain6``, the baseline, is always included.
        timed_games: the plain6 games whose Black positions time every method back to back.
        progress: progress bars.

    Returns:
        The :class:`Comparison`. Its ``methods`` table has the columns ``method, games, score,
        score_lo, score_hi, diff, diff_lo, diff_hi, p, p_holm, halfwidth, rounds_needed`` (scores
        and differences as fractions), ``nodes_mean`` (Black's searches in play), and for the predicting
        methods ``max_pr, white_moves, predicted_share, correct_share, likely_mean``. Its ``timing`` table has
        ``method, seconds_mean`` (Black's searches in play, from the run's ``timings.json``; empty for games
        read back from the archive) and ``time_ratio, time_ratio_lo, time_ratio_hi, timed_positions`` (back to
        back against plain6).

    Raises:
        ValueError: an unknown method or set, or bad arguments.
    """
    methods = with_baseline(methods)
    seed = settings.seed
    sweeps = {k: threshold_sweep(training_ranks(results, set_name, k, settings=settings))
              for k in sorted({METHODS[m].slices for m in methods if METHODS[m].rule == "threshold"})}
    bounds = {k: sweep[1] for k, sweep in sweeps.items()}
    records = {m: method_games(results, set_name, m, settings=settings, progress=progress,
                              bound=bounds.get(METHODS[m].slices)) for m in methods}
    scores = paired.scores_frame(records)
    table = paired.method_summary(scores, baseline=BASELINE, seed=seed)
    factories = {m: black_player(results, set_name, m, settings=settings, bound=bounds.get(METHODS[m].slices))[0]
                 for m in methods}
    times = costs.time_methods(factories, pipeline.strategy_set(results, set_name),
                               costs.timed_positions(records[BASELINE], timed_games), settings=settings)
    extra = []
    for m in methods:
        spec, row = METHODS[m], {"method": m, **costs.black_cost(records[m])}
        if spec.asym:
            row |= costs.prediction_quality(records[m])
            row["max_pr"] = sweeps[spec.slices][1] if spec.rule == "threshold" else np.nan
        extra.append(row)
    table = table.merge(pd.DataFrame(extra), on="method")
    timing = (pd.DataFrame({"method": methods, "seconds_mean": [
        costs.seconds_in_play(config.comparison_dir(results, set_name, m)) for m in methods]})
        .merge(costs.time_ratios(times, seed=seed), on="method"))
    plain = pipeline.set_tournament(results, set_name, settings=settings)
    return Comparison(records, scores, table, timing, paired.pairing_summary(scores, baseline=BASELINE, seed=seed),
                      sweeps, times, thesis_claims(paired.scores_frame(records, wins=True), plain,
                                                   thesis_set=set_name == "thesis", seed=seed),
                      foresight_contrasts(scores, seed=seed))
