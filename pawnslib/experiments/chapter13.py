"""Chapter 13, run: which prediction pays off, in a paired tournament that can tell.

The thesis's Future Work asks whether predicting the opponent improves play. Every method
below is a Black player; White plays plain alpha-beta with its strategy, at depth 6 (:mod:`~.predictability` replays
some methods against a White more or less predictable).
Every method plays the same games: for each (Black strategy, White strategy, round) the game's
seed, hence White's tie-breaking and Black's, is the same for every method, so two methods'
games differ only through Black's choices, and each game pairs with its twin under ``plain6``
(:mod:`pawnslib.experiments.paired` has the statistics). The games are fresh: their seeds come from
``derive_seed(seed, config.COMPARISON_STREAM)``, never the minimax games the opponent models
learnt from or MAX_PR was chosen on.

MAX_PR, the threshold methods' bound on pr, is chosen on the training games (:mod:`pawnslib.experiments.maxpr`).
Two methods foresee White's first reply (:mod:`pawnslib.play.foresight`): ``oracle`` knows it, ``om-matched``
predicts it by White's weights and depth; :func:`foresight_contrasts` pairs them with the methods they bound. Every
entry takes the run's settings as one :class:`~pawnslib.config.RunSettings`; :mod:`~.chapter13_verdicts` decides the
verdicts. :func:`contrast_records` gathers every paired contrast of the chapter (the methods', the foresight
contrasts, the map's, the oracle's loss and Chapter 12's claims) as data: ids, numbers and a verdict label.

Imports: every layer below :mod:`pawnslib.experiments` (the players, tournaments, seeds), and the experiments
:mod:`~.pipeline`, :mod:`~.paired`, :mod:`~.thesis`, :mod:`~.stats`, :mod:`~.costs` and :mod:`~.maxpr`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from pawnslib import config
from pawnslib.config import DEFAULT_SETTINGS, RunSettings, SettingError
from pawnslib.experiments import costs, paired, pipeline, plan, thesis
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
    # OM/PrOM search against: "perfect" White's weights, "uniform" the set, "dbn", "dbn-cal" or "learned" a
    # recogniser's mix (players.OpponentFactory); or White's first reply foreseen (pawnslib.play.foresight): "oracle"
    # the very reply, "matched" by White's weights and depth, "told" the very reply marked at ply 1 of the thesis's tree
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
    Method("om-perfect", "OM search knowing White's true weights: opponent modelling with nothing left to learn",
           opponent="perfect"),
    Method("prom-uniform", "PrOM search over the set's four strategies, probability 1/4 each", opponent="uniform"),
    Method("prom-dbn", "PrOM search over the four strategies, probabilities "
           "$P(S_w \\mid \\text{White's moves so far})$ from the "
           "per-game model, updated after every White move", slices=1, latent="game", opponent="dbn"),
    Method("prom-dbn-cal", "PrOM search as `prom-dbn`, with the tempered recogniser: uniform before White's first "
           "move, then the per-game model's evidence of White's moves tempered by an exponent fitted on the "
           "training games", slices=1, latent="game", opponent="dbn-cal"),
    Method("prom-learned", "PrOM search as `prom-dbn`, with the choice model of White's moves: uniform before White's "
           "first move, then Bayes' rule over P(White's move | its position, strategy), a conditional logit fitted on "
           "the training games", opponent="learned"),
    Method("om-matched", "OM search knowing White's weights, White's reply at ply 1 by a noise-free search to "
           "White's own depth (6 plies below Black's move, not 5)", opponent="matched"),
    Method("oracle", "White's actual reply to every Black move known (White's own search with the seed it will use), "
           "then Black's search 4 plies below it, no minimum over White's other replies", opponent="oracle"),
    Method("one-hist-told1", "the thesis's tree told White's first reply: `one-hist`, but at ply 1 the predicate "
           "marks exactly White's actual reply (known as the oracle knows it); below ply 1 it still predicts by "
           "seen_before, and the minimum over every reply is kept, so the knowledge can change how deep a line is "
           "searched but never a value: it bounds this tree's use of a ply-1 prediction, not prediction itself",
           slices=1, opponent="told"),
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
        return ForesightFactory(m.opponent, settings.white_depth, m.extra, settings.white_share), label
    strategies = tuple(pipeline.strategy_set(results, set_name).items())
    path = ""
    if m.slices:  # the model, trained or checked here
        pipeline.opponent_model(results, set_name, settings=settings, slices=m.slices, latent=m.latent)
        path = str(config.model_path(results, set_name, m.slices, m.latent))
    if m.opponent == "learned":  # the choice model, fitted or checked here
        pipeline.choice_model(results, set_name, settings=settings)
        path = str(config.choice_path(results, set_name))
    if m.opponent == "told":
        return ToldFactory(path, strategies, settings.white_depth, settings.white_share), label
    if m.opponent == "dbn-cal":
        tau = pipeline.tempered_recogniser(results, set_name, settings=settings).tau
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
                 progress: bool = True, bound: float | None = None,
                 out_dir: str | Path | None = None) -> list[GameRecord]:
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
        out_dir: where the games are kept, if not ``config.comparison_dir``'s folder (a cell of the map of where
            prediction pays, :mod:`~.predictability`).

    Returns:
        The records, sorted by (round, black, white).

    Raises:
        ValueError: an unknown method or set, bad arguments, or the folder holds another comparison.
    """
    factory, label = black_player(results, set_name, method, settings=settings, bound=bound)
    white = settings.white_depth if settings.white_depth != settings.depth else None
    return run_tournament(pipeline.strategy_set(results, set_name),
                          out_dir or config.comparison_dir(results, set_name, method, white_depth=white),
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
                  thesis_set: bool = True) -> pd.DataFrame:
    """Chapter 12's "the asymmetric tree helps where a win was unlikely" and "strategy 4 suffers", paired: a second
    sample of games for the report's claims of the same names (:data:`~.thesis.CLAIM_UNLIKELY`), in their unit.

    ``scores`` holds Black's *wins* (:func:`~.paired.scores_frame` with ``wins=True``): the thesis's tables count
    Black's wins, so these claims are in win-rate points wherever they are judged. The unlikely pairings are chosen
    on the Table 10.2 tournament's games (``plain``: Black's plain win rate under 1/3, the report's rule), never on
    the comparison's, so that regression to the mean cannot pass for an effect. Each claim is ``method`` against
    ``plain6`` pooled over its pairings; ``p_holm`` corrects for the two claims; ``verdict`` is the report's rule:
    the thesis's own change over its pairings (``thesis_value``, :data:`~.thesis.UNLIKELY_CHANGE` and
    :data:`~.thesis.SUFFERS_CHANGE`) +- ``margin`` (:data:`~.thesis.CHANGE_MARGIN`, its reason ``margin_why``)
    against our interval (:func:`~.plan.margin_verdict`). "Strategy 4" is the thesis's (``thesis_set``); another set
    has no such claim.
    """
    counts = pairing_counts(plain)
    unlikely = [tuple(map(int, bw)) for bw in counts.query("win_rate < 1 / 3")[["black", "white"]].to_numpy()]
    top = thesis.STRONGEST
    # each claim by its record's id: its words, pairings, direction and the thesis's own change
    named = {"ch12.helps_unlikely": (thesis.CLAIM_UNLIKELY, unlikely, +1, thesis.UNLIKELY_CHANGE)}
    if thesis_set:
        named["ch12.strategy4_suffers"] = (thesis.CLAIM_SUFFERS, [(top, int(w)) for w in sorted(counts.white.unique())],
                                           -1, thesis.SUFFERS_CHANGE)
    rows = []
    for cid, (claim, pairs, direction, figure) in named.items():
        said = {"id": cid, "claim": claim, "direction": direction, "thesis_value": figure,
                "margin": thesis.CHANGE_MARGIN, "margin_why": thesis.CHANGE_WHY}
        if not pairs:
            rows.append(said | {"pairs": "none"})
            continue
        t = paired.subset_test(scores, method, pairs, baseline=BASELINE)
        rows.append(said | t | {"pairs": " ".join(f"{b}-{w}" for b, w in pairs),
                                "verdict": plan.margin_verdict(t["diff_lo"], t["diff_hi"], figure,
                                                               thesis.CHANGE_MARGIN)})
    out = pd.DataFrame(rows)
    tested = out.p.notna() if "p" in out else pd.Series(False, index=out.index)
    if tested.any():
        out.loc[tested, "p_holm"] = plan.holm(out.p[tested])
        out.loc[tested, "family"] = CLAIMS_GROUP
    return out


# The paired contrasts, foresight and recognition: (method, against, White's strategy or None for every
# pairing, what it measures).
CONTRASTS = (
    ("oracle", "plain6", None, "knowing White's next reply, against the thesis's player"),
    ("oracle", "plain8", None, "knowing White's next reply, against two more plies everywhere"),
    ("oracle", "one-hist", None, "the oracle against the thesis's method: two algorithms, not two models"),
    ("one-hist-told1", "plain6", None, "the thesis's tree told White's first reply, against the thesis's player"),
    ("one-hist-told1", "one-hist", None, "the thesis's tree told White's first reply, against its own model"),
    ("one-hist-told1", "plain8", None, "the thesis's tree told White's first reply, against two more plies "
                                       "everywhere"),
    ("one-hist-told1", "oracle", None, "the same knowledge of White's reply, two algorithms"),
    ("om-matched", "om-perfect", None, "OM search with White's depth matched, against OM search"),
    ("om-matched", "plain6", None, "OM search with White's depth matched, against the thesis's player"),
    ("om-perfect", "plain6", 1, "OM search against White 1"),
    ("om-matched", "plain6", 1, "OM search with White's depth matched, against White 1"),
    ("om-matched", "om-perfect", 1, "matching White's depth, against White 1"),
    ("prom-learned", "prom-uniform", None, "recognising White by its moves, against recognising no one (1/4 each)"),
    ("prom-learned", "prom-dbn-cal", None, "recognising White by its moves, against the tempered DBN"),
    ("prom-learned", "om-perfect", None, "recognising White by its moves, against knowing White's weights"),
    ("prom-dbn-cal", "prom-uniform", None, "tempered recognition of White, against none (1/4 each)"),
    ("prom-dbn-cal", "prom-dbn", None, "tempered recognition of White, against the overconfident one"),
)
CONTRASTS_TABLE = ["method", "against", "white", "what", "games", "diff", "diff_lo", "diff_hi", "diff_lo_all",
                   "diff_hi_all", "se", "p", "p_holm", "family"]  # foresight_contrasts' columns


def foresight_contrasts(scores: pd.DataFrame) -> pd.DataFrame:
    """The paired contrasts that answer the foresight questions (:data:`CONTRASTS`), on the same games.

    Each row is ``method`` against ``against`` (not only plain6: every method played the same games, so any two
    pair), pooled over every pairing or over those against one White strategy (:func:`~.paired.subset_test`). The
    contrasts played are one family (:data:`CONTRASTS_GROUP`): ``p_holm`` is Holm-corrected over them and
    ``diff_lo_all`` to ``diff_hi_all`` is simultaneous over them (Bonferroni). A contrast whose methods were not
    played is left out.

    Returns:
        Columns :data:`CONTRASTS_TABLE` (fractions of a game).
    """
    played = set(scores.method)
    chosen = [c for c in CONTRASTS if {c[0], c[1]} <= played]
    rows = []
    for method, against, white, what in chosen:
        pairs = [(b, w) for b, w in paired.pairings(scores) if white is None or w == white]
        pair = scores[scores.method.isin([method, against])]
        t = paired.subset_test(pair, method, pairs, baseline=against)
        every = paired.subset_test(pair, method, pairs, baseline=against, k=len(chosen))
        rows.append({"method": method, "against": against, "white": "all" if white is None else str(white),
                     "what": what, **{k: v for k, v in t.items() if k not in ("method", "pairs")},
                     "diff_lo_all": every["diff_lo"], "diff_hi_all": every["diff_hi"], "family": CONTRASTS_GROUP})
    out = pd.DataFrame(rows, columns=[c for c in CONTRASTS_TABLE if c != "p_holm"])
    out["p_holm"] = plan.holm(out.p)
    return out[CONTRASTS_TABLE]


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
        The :class:`Comparison`. Its ``methods`` table has :func:`~.paired.method_summary`'s columns (scores and
        differences as fractions; family :data:`METHODS_GROUP`, ``plain8`` the yardstick outside it),
        ``nodes_mean`` (Black's searches in play), and for the predicting methods ``max_pr, white_moves,
        predicted_share, correct_share, likely_mean``. Its ``timing`` table has
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
    table = paired.method_summary(scores, baseline=BASELINE, family=METHODS_GROUP)
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
    return Comparison(records, scores, table, timing, paired.pairing_summary(scores, baseline=BASELINE),
                      sweeps, times, thesis_claims(paired.scores_frame(records, wins=True), plain,
                                                   thesis_set=set_name == "thesis"),
                      foresight_contrasts(scores))


# ----------------------------------------------------------------------------- every paired contrast, as data


# The Holm groups of Chapter 13's paired contrasts: each group's p are corrected together, and its simultaneous
# intervals are simultaneous over its rows.
METHODS_GROUP, CONTRASTS_GROUP, MAP_GROUP, LOSS_GROUP, CLAIMS_GROUP = (
    "ch13.methods", "ch13.contrasts", "ch13.map", "ch13.oracle_loss", "ch13.claims")
CONTRAST_COLUMNS = ["id", "group", "family", "method", "baseline", "white", "unit", "games", "diff", "diff_lo",
                    "diff_hi", "sim_lo", "sim_hi", "p", "p_holm", "verdict"]  # contrast_records' columns
VERDICTS = ("better", "worse", "not distinguishable")  # verdict_label's labels
SCORE_POINTS, WIN_RATE_POINTS = "score points", "win-rate points"  # a draw half a win; Black's wins only
PAIRINGS_SLUGS = {"all": (), "diagonal": ("diagonal",), "off the diagonal": ("off-diagonal",)}


def verdict_label(diff: float, p_holm: float, alpha: float = thesis.ALPHA) -> str:
    """A paired difference's verdict: "better" / "worse" (by its sign) when its Holm-corrected p is below ``alpha``,
    else "not distinguishable" (a NaN p too): one of :data:`VERDICTS`."""
    if p_holm < alpha and diff != 0:
        return "better" if diff > 0 else "worse"
    return "not distinguishable"


def contrast_id(group: str, method: str, baseline: str, *qualifiers: str) -> str:
    """A contrast's stable id: ``<group>.<method>-<baseline>[.<qualifier>...]``, e.g. ``ch13.methods.oracle-plain6``
    or ``ch13.oracle_loss.oracle-plain6.depth6.diagonal``."""
    return ".".join((group, f"{method}-{baseline}", *qualifiers))


def contrasts_id(method: str, against: str, white: str = "all") -> str:
    """The id of a foresight contrast (:data:`CONTRASTS`): ``.white<w>`` when against one White strategy only."""
    return contrast_id(CONTRASTS_GROUP, method, against, *(() if str(white) == "all" else (f"white{white}",)))


def map_id(method: str, white_noise: str, depth: int) -> str:
    """The id of a row of the map of where prediction pays (:func:`~.predictability.map_table`): e.g.
    ``ch13.map.oracle-plain6.none.depth2``."""
    return contrast_id(MAP_GROUP, method, BASELINE, white_noise, f"depth{int(depth)}")


def loss_id(method: str, against: str, depth: int, pairings: str = "all") -> str:
    """The id of a contrast of the oracle's loss (:func:`~.predictability.oracle_loss`): White's depth, then the
    pairings unless all of them."""
    return contrast_id(LOSS_GROUP, method, against, f"depth{int(depth)}", *PAIRINGS_SLUGS[pairings])


def claim_id(method: str, claim: str) -> str:
    """The id of a Chapter 12 claim's paired test (:func:`thesis_claims`), from the ``claim``'s own record id: e.g.
    ``ch13.claims.one-hist-plain6.strategy4_suffers`` for ``ch12.strategy4_suffers``.

    Raises:
        ValueError: not a Chapter 12 claim's id.
    """
    if not claim.startswith("ch12."):
        raise ValueError(f"not a Chapter 12 claim's id: {claim!r}")
    return contrast_id(CLAIMS_GROUP, method, BASELINE, claim.removeprefix("ch12."))


def _row(r, *, key: str, group: str, method: str, baseline: str, white: str, unit: str = SCORE_POINTS,
         depth=None, keep=None, wins: bool = False) -> dict:
    """One row of :func:`contrast_records` from a table's row ``r``: its family (the table's ``family``, else the
    group) and its simultaneous interval (the table's ``diff_lo_all`` to ``diff_hi_all``; where the table has none,
    what it is computed from: the games under the key ``depth`` (Black's depth: Chapter 13's; a map's cell), the
    pairings ``keep(black, white)`` selects, Black's wins if ``wins`` else scores)."""
    family = getattr(r, "family", group)
    sim = (getattr(r, "diff_lo_all", np.nan), getattr(r, "diff_hi_all", np.nan))
    known = not any(pd.isna(x) for x in sim)
    return {"id": key, "group": group, "family": family if isinstance(family, str) and family else group,
            "method": method, "baseline": baseline, "white": white, "unit": unit, "games": int(r.games),
            "diff": r.diff, "diff_lo": r.diff_lo, "diff_hi": r.diff_hi, "sim_lo": sim[0], "sim_hi": sim[1],
            "p": r.p, "p_holm": r.p_holm, "_spec": None if known else (depth, keep or (lambda b, w: True), wins)}


def _methods_rows(methods: pd.DataFrame) -> list[dict]:
    """Each method against plain6 (``ch13_methods``), with its own simultaneous interval over the methods."""
    return [_row(r, key=contrast_id(METHODS_GROUP, r.method, BASELINE), group=METHODS_GROUP, method=r.method,
                 baseline=BASELINE, white="all")
            for r in methods[methods.method != BASELINE].itertuples()]


def _contrasts_rows(contrasts: pd.DataFrame, depth: int) -> list[dict]:
    """The foresight contrasts (``ch13_contrasts``), pooled or against one White strategy."""
    return [_row(r, key=contrasts_id(r.method, r.against, r.white), group=CONTRASTS_GROUP, method=r.method,
                 baseline=r.against, white="all" if str(r.white) == "all" else f"strategy {r.white}", depth=depth,
                 keep=None if str(r.white) == "all" else (lambda b, w, s=int(r.white): w == s))
            for r in contrasts.itertuples()]


def _map_rows(white_map: pd.DataFrame) -> list[dict]:
    """The map's rows (``ch13_predictability``): each method against plain6 in each cell (White's tie-breaking and
    depth), on the cell's distinct games."""
    return [_row(r, key=map_id(r.method, r.white_noise, r.white_depth), group=MAP_GROUP, method=r.method,
                 baseline=BASELINE, white=f"{r.white_noise}, depth {int(r.white_depth)}",
                 depth=(r.white_noise, int(r.white_depth))) | {"games": int(r.distinct_games)}
            for r in white_map.itertuples()]


def _loss_rows(loss: pd.DataFrame) -> list[dict]:
    """The contrasts of the oracle's loss (``ch13_oracle_loss``), by White's depth and pairings."""
    def keep(which: str):
        return None if which == "all" else (lambda b, w: (b == w) == (which == "diagonal"))

    return [_row(r, key=loss_id(r.method, r.against, r.white_depth, r.pairings), group=LOSS_GROUP, method=r.method,
                 baseline=r.against, depth=int(r.white_depth), keep=keep(r.pairings),
                 white=f"depth {int(r.white_depth)}" + ("" if r.pairings == "all" else f", {r.pairings}"))
            for r in loss.itertuples()]


def _claims_rows(claims: pd.DataFrame, depth: int) -> list[dict]:
    """Chapter 12's claims tested on the comparison's games (``ch13_claims``), in win-rate points."""
    tested = claims.dropna(subset=["p"]) if "p" in claims else claims.iloc[:0]
    rows = []
    for r in tested.itertuples():
        pairs = {tuple(int(x) for x in bw.split("-")) for bw in r.pairs.split()}
        rows.append(_row(r, key=claim_id(r.method, r.id), group=CLAIMS_GROUP, method=r.method, baseline=BASELINE,
                         white=f"pairs {r.pairs}", unit=WIN_RATE_POINTS, depth=depth, wins=True,
                         keep=lambda b, w, pairs=pairs: (b, w) in pairs))
    return rows


def simultaneous_interval(games, method: str, baseline: str, k: int, spec: tuple, *,
                          level: float = plan.LEVEL) -> tuple[float, float]:
    """A contrast's interval simultaneous over the ``k`` contrasts of its family, by Bonferroni: the paired t
    interval (:func:`~.paired.subset_test`, :func:`~.plan.paired_t`) at level ``1 - (1 - level) / k``, as
    :func:`~.paired.method_summary`'s ``diff_lo_all`` to ``diff_hi_all``: for a table that holds none.

    Args:
        games: Black's depth (Chapter 13's games) or a map's cell (White's tie-breaking, White's depth) -> method ->
            its games.
        method, baseline: the contrast.
        k: the contrasts of its family.
        spec: (White's depth, ``keep(black, white)`` choosing the pairings pooled, whether Black's wins are counted
            rather than scores).
        level: the family's confidence.

    Returns:
        (low, high); NaN when the games are not there.
    """
    depth, keep, wins = spec
    records = (games or {}).get(depth, {})
    if method not in records or baseline not in records:
        return np.nan, np.nan
    pair = {baseline: records[baseline], method: records[method]}
    if isinstance(depth, tuple):  # a cell of the map: its distinct games, as its table counts them
        pair = paired.distinct_games(records)
        pair = {baseline: pair[baseline], method: pair[method]}
    scores = paired.scores_frame(pair, wins=wins)
    pairs = [(b, w) for b, w in paired.pairings(scores) if keep(b, w)]
    t = paired.subset_test(scores, method, pairs, baseline=baseline, level=level, k=k)
    return t["diff_lo"], t["diff_hi"]


def contrast_records(methods: pd.DataFrame, contrasts: pd.DataFrame | None = None,
                     white_map: pd.DataFrame | None = None, loss: pd.DataFrame | None = None,
                     claims: pd.DataFrame | None = None, *, games=None, depth: int = config.DEPTH,
                     alpha: float = thesis.ALPHA, level: float = plan.LEVEL) -> pd.DataFrame:
    """Every paired contrast of Chapter 13 as data: one row each, ids and numbers, no prose (``tables/contrasts.csv``).

    The groups: ``ch13.methods`` (each method against plain6, :func:`compare`), ``ch13.contrasts``
    (:func:`foresight_contrasts`), ``ch13.map`` (the map of where prediction pays,
    :func:`~.predictability.map_table`), ``ch13.oracle_loss`` (:func:`~.predictability.oracle_loss`) and
    ``ch13.claims`` (:func:`thesis_claims`'s tested claims). Each row's ``family`` is its table's (the group, but
    ``yardstick`` for ``plain8``, measured beside its group's family, not in it): its ``p_holm`` is corrected over
    that family and its ``sim_lo`` to ``sim_hi`` is simultaneous over it. The numbers are the tables' own.

    Args:
        methods, contrasts, white_map, loss, claims: the tables (any but ``methods`` may be None or empty).
        games: ``depth`` (the comparison's own games) or a map's cell -> method -> its games, for the
            simultaneous intervals the tables do not hold; without them those are NaN.
        depth: Black's depth, at which White plays the comparison's games.
        alpha: the level the verdicts use.
        level: the intervals' level (the tables').

    Returns:
        Columns :data:`CONTRAST_COLUMNS`: ``id`` (:func:`contrast_id`), ``group``, ``family``, ``method``,
        ``baseline``, ``white`` (the games pooled: "all" for every pairing with White at Black's depth, "strategy w"
        against White strategy w only, "depth d" with White searching d plies, ", diagonal" / ", off the diagonal"
        for the pairings where both sides play the same weights or not, "pairs b-w ..." for the named pairings),
        ``unit`` (:data:`SCORE_POINTS`, or :data:`WIN_RATE_POINTS` for the claims, which count Black's wins),
        ``games`` (paired), ``diff`` with its 95 % paired t interval ``diff_lo`` to ``diff_hi`` (fractions of a
        game: 0.01 is one point) and its ``p``, ``sim_lo`` to ``sim_hi`` the interval simultaneous over the family
        (Bonferroni, level ``1 - (1 - level) / k`` for its k rows: the table's own ``diff_lo_all`` to
        ``diff_hi_all``, else :func:`simultaneous_interval`), ``p_holm`` and ``verdict`` (:func:`verdict_label` at
        ``alpha``).
    """
    rows = _methods_rows(methods)
    for table, build in ((contrasts, lambda t: _contrasts_rows(t, depth)), (white_map, _map_rows),
                         (loss, _loss_rows), (claims, lambda t: _claims_rows(t, depth))):
        if table is not None and len(table):
            rows += build(table)
    sizes = pd.Series([r["family"] for r in rows]).value_counts().to_dict()
    for r in rows:
        spec = r.pop("_spec")
        if spec is not None:
            k = 1 if r["family"] == paired.YARDSTICK else sizes[r["family"]]
            r["sim_lo"], r["sim_hi"] = simultaneous_interval(games, r["method"], r["baseline"], k, spec, level=level)
        r["verdict"] = verdict_label(r["diff"], r["p_holm"], alpha)
    return pd.DataFrame(rows, columns=CONTRAST_COLUMNS)
