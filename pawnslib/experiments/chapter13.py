"""Chapter 13, run: which prediction pays off, in a paired tournament that can tell.

The thesis's Future Work asks whether predicting the opponent improves play. Every method
below is a Black player; White always plays plain alpha-beta at depth 6 with its strategy.
Every method plays the same games: for each (Black strategy, White strategy, round) the game's
seed, hence White's tie-breaking and Black's, is the same for every method, so two methods'
games differ only through Black's choices, and each game pairs with its twin under ``plain6``
(:mod:`pawnslib.experiments.paired` has the statistics). The games are fresh: their seeds come from
``derive_seed(seed, config.COMPARISON_STREAM)``, never the minimax games the opponent models
learnt from or MAX_PR was chosen on.

MAX_PR, the threshold methods' bound on pr, is chosen on the training games (:mod:`pawnslib.experiments.maxpr`).
Every entry takes the run's settings as one :class:`~pawnslib.config.RunSettings`; the verdict's words are
written from the tables, with the significance level ``alpha`` (:data:`~.thesis.ALPHA`) they are given.

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
from pawnslib.config import DEFAULT_SETTINGS, RunSettings
from pawnslib.experiments import costs, paired, pipeline, thesis
from pawnslib.experiments.costs import BASELINE
from pawnslib.experiments.maxpr import max_pr, threshold_sweep, training_ranks
from pawnslib.experiments.stats import pairing_counts
from pawnslib.play.players import AsymFactory, DeepFactory, OpponentFactory, PlayerFactory
from pawnslib.play.records import GameRecord
from pawnslib.play.tournament import run_tournament
from pawnslib.search.seeds import derive_seed


@dataclass(frozen=True)
class Method:
    """A Black player of the comparison: plain search at ``depth + extra``, the asymmetric tree, or OM/PrOM search."""

    name: str
    what: str
    extra: int = 0  # plies beyond the comparison's depth (plain methods)
    slices: int = 0  # the opponent model: 0 none, 1 the thesis's one slice, 2 one slice per colour
    rule: str = "seen_before"  # the mostlikely predicate: "seen_before" or "threshold" (pr < MAX_PR)
    random: bool = False  # P(e) replaced by a seeded random number per child
    latent: str = "row"  # a one-slice model's S_w: one per training row (the thesis's) or one per game
    opponent: str = ""  # OM/PrOM search against: "perfect" White's weights, "uniform" the set, "dbn" the model's mix

    @property
    def asym(self) -> bool:
        """Whether Black searches the asymmetric tree (and so predicts White's replies by pr)."""
        return self.slices > 0 and not self.opponent


METHODS = {m.name: m for m in (
    Method("plain6", "plain alpha-beta, depth 6 (Table 10.2's player)"),
    Method("plain8", "plain alpha-beta, depth 8: what two more plies everywhere buy", extra=2),
    Method("one-hist", "the thesis: one slice for both colours, seen_before (Table 11.1's player)", slices=1),
    Method("two-hist", "one slice per colour, learnt from Black's and from White's rows; seen_before", slices=2),
    Method("one-thr", "one slice, pr < MAX_PR", slices=1, rule="threshold"),
    Method("two-thr", "two slices, pr < MAX_PR", slices=2, rule="threshold"),
    Method("random", "P(e) replaced by a seeded random number per child; seen_before", slices=1, random=True),
    Method("one-hist-game", "the thesis's tree and seen_before, P(e) from the per-game model (one S_w per game)",
           slices=1, latent="game"),
    Method("om-perfect", "OM search knowing White's true weights: the ceiling of opponent modelling",
           opponent="perfect"),
    Method("prom-uniform", "PrOM search over the set's four strategies, probability 1/4 each", opponent="uniform"),
    Method("prom-dbn", "PrOM search over the four strategies, probabilities P(S_w | White's moves so far) from the "
           "per-game model, updated after every White move", slices=1, latent="game", opponent="dbn"),
)}


def check_method(name: str) -> Method:
    """The method called ``name``; ``ValueError`` listing the methods otherwise."""
    if name not in METHODS:
        raise ValueError(f"method must be one of {', '.join(map(repr, METHODS))}, got {name!r}")
    return METHODS[name]


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
        ValueError: an unknown method or set.
        ModelFileError: a model file trained on other games.
    """
    m = check_method(method)
    label = f"chapter 13 {set_name} {method}"
    if m.slices == 0 and not m.opponent:
        return (DeepFactory(m.extra) if m.extra else None), label
    strategies = tuple(pipeline.strategy_set(results, set_name).items())
    path = ""
    if m.slices:  # the model, trained or checked here
        pipeline.opponent_model(results, set_name, settings=settings, slices=m.slices, latent=m.latent)
        path = str(config.model_path(results, set_name, m.slices, m.latent))
    if m.opponent:
        return OpponentFactory(m.opponent, strategies, path), label
    rule = m.rule
    if m.rule == "threshold":
        bound = max_pr(results, set_name, m.slices, settings=settings) if bound is None else bound
        rule, label = ("threshold", bound), f"{label} max_pr={bound:.4f}"
    random_seed = derive_seed(settings.seed, config.COMPARISON_STREAM, 1) if m.random else None
    return AsymFactory(path, strategies, mostlikely=rule, random_seed=random_seed), label


def play_method(results: str | Path, set_name: str, method: str, *, settings: RunSettings = DEFAULT_SETTINGS,
                progress: bool = True, bound: float | None = None) -> list[GameRecord]:
    """One method's games of the comparison, kept (and resumed) in ``runs/ch13/<set>_<method>``.

    Args:
        results: the results folder (the reading's: see ``config.reading_dir``).
        set_name: the strategy set.
        method: one of :data:`METHODS`.
        settings: the games per ordered pairing (``rounds``); White's search depth, and Black's for every method
            but ``plain8`` (depth + 2); the master seed (the games' is ``derive_seed(seed, COMPARISON_STREAM)``);
            the reading; the training rounds the opponent models learn from (and MAX_PR is chosen on); workers.
        progress: show a progress bar.
        bound: a threshold method's MAX_PR, if already chosen by :func:`~.maxpr.max_pr` (else chosen here).

    Returns:
        The records, sorted by (round, black, white).

    Raises:
        ValueError: an unknown method or set, bad arguments, or the folder holds another comparison.
    """
    factory, label = black_player(results, set_name, method, settings=settings, bound=bound)
    return run_tournament(pipeline.strategy_set(results, set_name), config.comparison_dir(results, set_name, method),
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
        pairings: the ``ch13_pairings`` table, per method and pairing (:func:`~.paired.pairing_summary`).
        sweeps: per model (1, 2 slices): (the MAX_PR sweep on the training games, the chosen MAX_PR, the target).
        times: every method timed back to back on the same positions (:func:`time_methods`).
        claims: the thesis's Chapter 12 claims, tested on the comparison's games (:func:`thesis_claims`).
    """

    records: dict[str, list[GameRecord]]
    scores: pd.DataFrame
    methods: pd.DataFrame
    pairings: pd.DataFrame
    sweeps: dict[int, tuple[pd.DataFrame, float, float]]
    times: pd.DataFrame
    claims: pd.DataFrame


def thesis_claims(scores: pd.DataFrame, plain: list[GameRecord], *, method: str = "one-hist",
                  thesis_set: bool = True, seed: int = config.SEED) -> pd.DataFrame:
    """Chapter 12's "the asymmetric tree helps where a win was unlikely" and "strategy 4 suffers", paired.

    The unlikely pairings are chosen on the Table 10.2 tournament's games (``plain``: Black's plain win
    rate under 1/3, the report's rule), never on the comparison's, so that regression to the mean
    cannot pass for an effect. Each claim is ``method`` against ``plain6`` pooled over its pairings;
    ``p_holm`` corrects for the two claims. "Strategy 4" is the thesis's (``thesis_set``); another set
    has no such claim.
    """
    counts = pairing_counts(plain)
    unlikely = [tuple(map(int, bw)) for bw in counts.query("win_rate < 1 / 3")[["black", "white"]].to_numpy()]
    top = thesis.STRONGEST
    named = {"helps where a win was unlikely": (unlikely, +1)}
    if thesis_set:
        named[f"strategy {top} suffers"] = ([(top, int(w)) for w in sorted(counts.white.unique())], -1)
    rows = []
    for claim, (pairs, direction) in named.items():
        if not pairs:
            rows.append({"claim": claim, "pairs": "none", "direction": direction})
            continue
        t = paired.subset_test(scores, method, pairs, baseline=BASELINE, seed=seed)
        rows.append({"claim": claim, "direction": direction, **t, "pairs": " ".join(f"{b}-{w}" for b, w in pairs)})
    out = pd.DataFrame(rows)
    tested = out.p.notna() if "p" in out else pd.Series(False, index=out.index)
    if tested.any():
        out.loc[tested, "p_holm"] = multipletests(out.p[tested], method="holm")[1]
    return out


def compare(results: str | Path, set_name: str, *, settings: RunSettings = DEFAULT_SETTINGS, methods=tuple(METHODS),
            timed_games: int = config.COMPARISON_TIMED_GAMES, progress: bool = True) -> Comparison:
    """Chapter 13's comparison: every method's games (played if missing), their paired statistics, cost and quality.

    Args:
        results: the results folder of the reading ``settings.rules``.
        set_name: the strategy set.
        settings: the run (see :func:`play_method`); its seed also seeds the statistics.
        methods: the methods to compare; ``plain6``, the baseline, is always included.
        timed_games: the plain6 games whose Black positions time every method back to back.
        progress: progress bars.

    Returns:
        The :class:`Comparison`. Its ``methods`` table has the columns ``method, games, score,
        score_lo, score_hi, diff, diff_lo, diff_hi, p, p_holm, halfwidth, rounds_needed`` (scores
        and differences as fractions), ``nodes_mean, seconds_mean`` (Black's searches in play),
        ``time_ratio`` with its interval (back to back against plain6), and for the predicting
        methods ``max_pr, white_moves, predicted_share, correct_share, likely_mean``.

    Raises:
        ValueError: an unknown method or set, or bad arguments.
    """
    methods = [BASELINE] + [m for m in dict.fromkeys(methods) if m != BASELINE]
    for m in methods:
        check_method(m)
    seed = settings.seed
    sweeps = {k: threshold_sweep(training_ranks(results, set_name, k, settings=settings))
              for k in sorted({METHODS[m].slices for m in methods if METHODS[m].rule == "threshold"})}
    bounds = {k: sweep[1] for k, sweep in sweeps.items()}
    records = {m: play_method(results, set_name, m, settings=settings, progress=progress,
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
    table = (table.merge(pd.DataFrame(extra), on="method")
             .merge(costs.time_ratios(times, seed=seed), on="method"))
    plain = pipeline.play_tournament(results, set_name, settings=settings)
    return Comparison(records, scores, table, paired.pairing_summary(scores, baseline=BASELINE, seed=seed), sweeps,
                      times, thesis_claims(scores, plain, thesis_set=set_name == "thesis", seed=seed))


def _pts(x: float) -> str:
    """A difference of scores in points (percent of a game), signed."""
    return f"{100 * x:+.1f}"


def _diff_ci(t: pd.DataFrame, m: str) -> str:
    """Method ``m``'s difference from plain6 with its interval, in points (``t``: ch13_methods by method)."""
    return f"{_pts(t.loc[m, 'diff'])} points ({_pts(t.loc[m, 'diff_lo'])} to {_pts(t.loc[m, 'diff_hi'])})"


def _best_predicting(t: pd.DataFrame) -> str:
    """The prediction method with the largest difference from plain6 (``t``: ch13_methods by method)."""
    return max((m for m in t.index if METHODS[m].asym), key=lambda m: t.loc[m, "diff"])


def verdict(methods: pd.DataFrame, claims: pd.DataFrame | None = None, *, alpha: float = thesis.ALPHA,
            target: float = 0.04) -> str:
    """The comparison's answer in words, written from the ``ch13_methods`` table (and the claims' tests).

    A method beats (or loses to) ``plain6`` "beyond noise" when its Holm-corrected p is below ``alpha``.
    """
    return " ".join(verdict_sentences(methods, claims, alpha=alpha, target=target))


def verdict_sentences(methods: pd.DataFrame, claims: pd.DataFrame | None = None, *, alpha: float = thesis.ALPHA,
                      target: float = 0.04) -> list[str]:
    """:func:`verdict`'s sentences, in order: the games, whether a prediction method beats ``plain6``, ..."""
    t = methods.set_index("method")
    n = int(t.games.iloc[0])

    def ci(m: str) -> str:
        return _diff_ci(t, m)

    predicting = [m for m in t.index if METHODS[m].asym]
    better = [m for m in predicting if t.loc[m, "p_holm"] < alpha and t.loc[m, "diff"] > 0]
    worse = [m for m in predicting if t.loc[m, "p_holm"] < alpha and t.loc[m, "diff"] < 0]
    out = [f"Each method played the same {n} games as `plain6`."]
    if better:
        out.append(f"Beyond noise (Holm-corrected p < {alpha:g}), "
                   + ", ".join(f"`{m}` beats `plain6` by {ci(m)}" for m in better) + ".")
    elif predicting:
        out.append(f"**No prediction method beats `plain6` beyond noise** (Holm-corrected p < {alpha:g}).")
    if worse:
        out.append("Beyond noise, " + ", ".join(f"`{m}` loses to it, {ci(m)}" for m in worse) + ".")
    if predicting:
        best = _best_predicting(t)
        out.append(f"The best prediction method, `{best}`, changes Black's score by {ci(best)}, p (Holm) = "
                   f"{t.loc[best, 'p_holm']:.2g}.")
        if "plain8" in t.index:
            d8 = t.loc["plain8", "diff"]
            share = f"gains {100 * t.loc[best, 'diff'] / d8:.0f} % of that" if d8 > 0 else "gains nothing comparable"
            out.append(f"Two more plies everywhere (`plain8`) change it by {ci('plain8')} at "
                       f"{t.loc['plain8', 'time_ratio']:.1f} times plain6's time; `{best}` {share} at "
                       f"{t.loc[best, 'time_ratio']:.2f} times.")
        if "random" in t.index and "one-hist" in t.index:
            out.append(f"The random control changes it by {ci('random')}, the thesis's `one-hist` by "
                       f"{ci('one-hist')}: the same tree and rule, the DBN's predictions against chance.")
    wide = t.halfwidth.dropna()
    if len(wide):
        w = wide.idxmax()
        out.append(f"Power: every difference's 95 % interval is within +-{100 * wide.max():.1f} points"
                   + (f" (goal +-{100 * target:.0f})." if wide.max() <= target else
                      f", wider than the goal of +-{100 * target:.0f}; `{w}` would need about "
                      f"{int(t.loc[w, 'rounds_needed'])} rounds a pairing to reach it."))
    out += opponent_verdict(t, ci, alpha)
    if claims is not None and "p" in claims:
        for c in claims.dropna(subset=["p"]).itertuples():
            held = (c.diff > 0) == (c.direction > 0) and c.p_holm < alpha
            out.append(f"Chapter 12's \"{c.claim}\" ({c.pairs}; {c.games} paired games): {_pts(c.diff)} points "
                       f"({_pts(c.diff_lo)} to {_pts(c.diff_hi)}), p (Holm) = {c.p_holm:.2g}: "
                       + ("**supported**." if held else "**not supported** at this power."))
    return out


def opponent_verdict(t: pd.DataFrame, ci, alpha: float) -> list[str]:
    """The opponent-model sentences of :func:`verdict`: does modelling White pay, and how much a learned model recovers.

    ``t`` is the ``ch13_methods`` table indexed by method; ``ci(m)`` writes a method's difference with its interval.
    """
    out = []

    def beyond(m: str) -> str:
        d, p = t.loc[m, "diff"], t.loc[m, "p_holm"]
        word = ("better than" if d > 0 else "worse than") if p < alpha else "not distinguishable from"
        return f"`{m}` is {word} `plain6` ({ci(m)}, p (Holm) = {p:.2g})"

    if "om-perfect" in t.index:
        d = t.loc["om-perfect", "diff"]
        out.append(f"Knowing White's weights exactly, OM search: {beyond('om-perfect')}, at "
                   f"{t.loc['om-perfect', 'time_ratio']:.1f} times plain6's time.")
        learned = [m for m in ("prom-dbn", "one-hist-game") if m in t.index]
        if learned and d > 0:
            out.append("Of that gain, a learned model recovers " + "; ".join(
                f"{100 * t.loc[m, 'diff'] / d:.0f} % with `{m}` ({ci(m)})" for m in learned) + ".")
        elif learned:
            out.append(f"Even the perfect model {'loses' if d < 0 else 'gains nothing'}, so there is no gain for a "
                       "learned one to recover: " + "; ".join(beyond(m) for m in learned) + ".")
        disaster = t.loc["om-perfect", "p_holm"] < alpha and d < 0
        out.append("The published warning that OM search can be disastrous "
                   + ("**holds here** even with White's true weights." if disaster else
                      "**does not show here** with White's true weights (the papers' opponents were modelled, "
                      "not known)."))
    prom = [m for m in ("prom-uniform", "prom-dbn") if m in t.index]
    if prom:
        wins = [m for m in prom if t.loc[m, "p_holm"] < alpha and t.loc[m, "diff"] > 0]
        out.append("The published finding that PrOM search beats alpha-beta at equal depth "
                   + ("**holds here**" if wins else "**is not reproduced here**") + ": "
                   + "; ".join(beyond(m) for m in prom) + ".")
    return out


def load_tables(results: str | Path) -> tuple[pd.DataFrame, pd.DataFrame | None] | None:
    """The saved ``ch13_methods`` and ``ch13_claims`` tables of ``results`` (claims may be None), or None."""
    tables = Path(results) / "tables"
    if not (tables / "ch13_methods.csv").is_file():
        return None
    claims = tables / "ch13_claims.csv"
    return pd.read_csv(tables / "ch13_methods.csv"), pd.read_csv(claims) if claims.is_file() else None


def report_claim(methods: pd.DataFrame, rules: str) -> dict:
    """The report's claims-table row for Chapter 13's answer: the best prediction method against ``plain6``.

    The thesis asks the question but never measures it, so the verdict is "new"; the row's columns are those of
    :func:`~.claims.combine` for the reading ``rules`` the comparison played.
    """
    t = methods.set_index("method")
    best = _best_predicting(t)
    ours = (f"best of {sum(METHODS[m].asym for m in t.index)} prediction methods, {best}: {_diff_ci(t, best)}, "
            f"Holm p = {t.loc[best, 'p_holm']:.2g}, {int(t.loc[best, 'games'])} paired games")
    if "plain8" in t.index:
        ours += f"; two more plies (plain8): {_pts(t.loc['plain8', 'diff'])}"
    return {"section": "13", "claim": "predicting the opponent pays (Chapter 13, run)",
            "thesis": "its question (Ch. 1, 13); never measured", f"ours ({rules})": ours, f"verdict ({rules})": "new"}
