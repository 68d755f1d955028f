"""Recognising White's strategy during a game with the opponent model (beyond the thesis), and how well it does.

:func:`recognition_trace` gives P(S_w | the game so far) after each White move, :func:`recognition_accuracy` how
often its best guess names White's true strategy (:func:`accuracy_table`: every recogniser's frame). Whether a
recogniser's confidence means what it says: :func:`calibration_table`, :func:`reliability_table` and
:func:`log_loss_gain`, and whether it meets the goals of a recogniser that recognises, :func:`recognition_goals`. It
carries no run settings: it reads a model's beliefs and recorded games.

Every rate "after White's move k" counts **every** game: a game that ended before White's k-th move counts at its last
belief, the one after move min(k, its last White move) (:func:`carried`). Games do not end at random (a White
strategy that loses fast leaves fewer games running), so a rate over the games still running would describe another
population at every move. Each table says both denominators: ``games`` (all, the rate's) and ``running`` (those still
running at move k, where a curve is worth drawing).

Imports: :mod:`pawnslib.dbn` (the posteriors), :mod:`pawnslib.experiments.plan` (the interval of a mean) and
:mod:`pawnslib.experiments.stats` (Wilson intervals).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
import pandas as pd

from pawnslib.dbn.choice import ChoiceModel
from pawnslib.dbn.model import OpponentModel
from pawnslib.dbn.posteriors import chain_posteriors
from pawnslib.dbn.rows import features_after_opening
from pawnslib.dbn.tempered import TemperedRecogniser
from pawnslib.experiments import plan
from pawnslib.experiments.stats import wilson

RECOGNITION_MIN_GAMES = 30  # recognition curves are drawn only at White moves where this many games still run


def carried(per_game: Sequence[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """Every game's values after White's moves 1 to the longest game's last, a game that has ended held at its last
    value (after move min(k, its last White move)), and whether each game still ran at each move.

    Args:
        per_game: per game an array whose rows are White's moves (row j-1 after the j-th), at least one row each.

    Returns:
        ``(values, running)``: ``values`` (games, M, ...) with M the longest game's White moves, ``running``
        (games, M), True where the game had made that White move.

    Raises:
        ValueError: a game without a White move (it has no belief to count), or games whose rows differ in shape.
    """
    arrays = [np.asarray(a) for a in per_game]
    lengths = np.array([len(a) for a in arrays], dtype=int)
    if (lengths == 0).any():
        raise ValueError(f"game(s) {np.flatnonzero(lengths == 0).tolist()} have no White move: no belief to count")
    if not arrays:
        return np.empty((0, 0)), np.empty((0, 0), dtype=bool)
    m = int(lengths.max())
    values = np.stack([np.concatenate([a, np.repeat(a[-1:], m - len(a), axis=0)]) for a in arrays])
    return values, np.arange(1, m + 1)[None, :] <= lengths[:, None]


def recognition_trace(model: OpponentModel, features: np.ndarray, sb: int, *, window: int | None = None) -> np.ndarray:
    """P(S_w | the game so far) after each White move.

    Args:
        model: the opponent model.
        features: (T+1, F) raw scores of x_0..x_T of one game.
        sb: Black's strategy id.
        window: slices of evidence (the last ``window`` White positions); None = all.

    Returns:
        (J, K): row j-1 is the posterior given White's chain x_0, x_2, ..., x_{2j} (its last ``window`` positions),
        in S_w's state order.

    Raises:
        ValueError: wrong shape, NaNs, an unknown strategy id, or ``window`` < 1.
    """
    sb = model.check_sb(sb)
    if window is not None and (isinstance(window, bool) or window < 1):
        raise ValueError(f"window must be >= 1 or None, got {window!r}")
    states = model.discretise(np.asarray(features)[0::2])
    stops = np.arange(2, len(states) + 1)  # the chain after White's j-th move ends at x_{2j}
    starts = np.zeros_like(stops) if window is None else np.maximum(0, stops - window)
    return chain_posteriors(model, states, starts, stops, np.full(len(stops), sb))


def recognition_accuracy(model: OpponentModel, records: Iterable[dict], *, window: int | None = None) -> pd.DataFrame:
    """How well argmax P(S_w | game so far) names White's true strategy, by White move.

    Args:
        model: an opponent model whose S_w states are matched to ids (``sw_matched``).
        records: game records with ``"black"``, ``"white"`` and ``"features"``, optionally ``"opening"`` (a seeded
            random opening: the trace starts at its end, :func:`~pawnslib.dbn.rows.features_after_opening`).
        window: as :func:`recognition_trace`.

    Returns:
        :func:`accuracy_table`'s frame (``p_true``: the mean posterior of the true id).

    Raises:
        ValueError: the model's S_w states are not matched to ids (fit with ``white_truth``), or a record is malformed.
    """
    if not model.sw_matched:
        raise ValueError("S_w's latent states are not matched to strategy ids: fit with white_truth=...")
    records = list(records)
    traces = [recognition_trace(model, features_after_opening(r), int(r["black"]), window=window) for r in records]
    return beliefs_accuracy(traces, [model.strategy_ids.index(int(r["white"])) for r in records])


def accuracy_table(hits: Sequence[np.ndarray], probs: Sequence[np.ndarray], k: int) -> pd.DataFrame:
    """A recogniser's accuracy by White move, from each game's guesses: the frame every recogniser returns.

    Every game counts after every White move up to the longest game's last, a game that has ended at its last guess
    (:func:`carried`): the share after move k is over all games, not over those still running.

    Args:
        hits: per game, whether the guess after White's 1st, 2nd, ... move named the true strategy (at least one).
        probs: per game, the probability given to the true strategy after each White move.
        k: the number of candidate strategies (chance is 1/k).

    Returns:
        One row per White move number (index ``move``): ``games`` (every game: the denominator), ``running`` (the
        games still running then), ``hits``, ``accuracy`` with its 95 % Wilson interval ``ci_low`` and ``ci_high``,
        ``p_true`` (mean probability of the true strategy) and ``chance``.

    Raises:
        ValueError: a game without a White move (:func:`carried`).
    """
    hit, running = carried([np.asarray(h, dtype=bool) for h in hits])
    p, _ = carried([np.asarray(x, dtype=float) for x in probs])
    every = max(len(hit), 1)  # the denominator at every move (no game: no move, an empty frame)
    out = pd.DataFrame({"games": np.full(hit.shape[1], len(hit)), "running": running.sum(axis=0),
                        "hits": hit.sum(axis=0), "accuracy": hit.sum(axis=0) / every, "p_true": p.sum(axis=0) / every},
                       index=pd.RangeIndex(1, hit.shape[1] + 1, name="move"))
    ci = [wilson(int(h), int(n), plan.LEVEL) for h, n in zip(out.hits, out.games, strict=True)]
    out["ci_low"], out["ci_high"] = [c[0] for c in ci], [c[1] for c in ci]
    out["chance"] = 1.0 / k
    return out


def beliefs_accuracy(belief: Sequence[np.ndarray], truth: Sequence[int]) -> pd.DataFrame:
    """:func:`accuracy_table` of one recogniser's beliefs (per game a (J, K) array, row j-1 after White's j-th move;
    ``truth``: each game's true column), its guess the most probable strategy (the first of a tie)."""
    k = np.asarray(belief[0]).shape[1] if len(belief) else 1
    return accuracy_table([np.asarray(b).argmax(axis=1) == t for b, t in zip(belief, truth, strict=True)],
                          [np.asarray(b)[:, t] for b, t in zip(belief, truth, strict=True)], k)


CALIBRATION_COLUMNS = ["recogniser", "move", "games", "running", "accuracy", "mean_max_p", "log_loss", "brier"]
P_FLOOR = 1e-15  # a probability of the true strategy below this scores as this (log-loss at most 34.5 nats)


def _by_move(beliefs: Sequence[np.ndarray], truth: Sequence[int]) -> pd.DataFrame:
    """One row per game and White move up to the longest game's last, a game that has ended at its last belief
    (:func:`carried`): move, whether the game still ran, the true strategy's probability, the largest, argmax right,
    Brier, and the log-loss -ln P(true), the probability floored at :data:`P_FLOOR`."""
    p, running = carried([np.asarray(b, float) for b in beliefs])
    if not len(p):
        return pd.DataFrame(columns=["move", "running", "p_true", "max_p", "hit", "brier", "log_loss"])
    t = np.asarray(truth, dtype=int)
    if len(t) != len(p):
        raise ValueError(f"{len(p)} games' beliefs but {len(t)} truths")
    p_true = np.take_along_axis(p, t[:, None, None], axis=2)[..., 0]
    onehot = np.eye(p.shape[2])[t][:, None, :]
    return pd.DataFrame({"move": np.tile(np.arange(1, p.shape[1] + 1), len(p)), "running": running.ravel(),
                         "p_true": p_true.ravel(), "max_p": p.max(axis=2).ravel(),
                         "hit": (p.argmax(axis=2) == t[:, None]).ravel(),
                         "brier": ((p - onehot) ** 2).sum(axis=2).ravel(),
                         "log_loss": -np.log(np.maximum(p_true, P_FLOOR)).ravel()})


def calibration_table(beliefs: dict[str, Sequence[np.ndarray]], truth: Sequence[int]) -> pd.DataFrame:
    """How well each recogniser's beliefs name White's strategy and how honest their confidence is, by White move.

    Args:
        beliefs: ``{recogniser: per game a (J, K) array}``, row j-1 the belief after White's j-th move.
        truth: per game the true strategy's column.

    Returns:
        :data:`CALIBRATION_COLUMNS`: per recogniser and move over every game (``games``; one that has ended at its
        last belief, :func:`carried`) and the ``running`` games still running then: ``accuracy`` (argmax right),
        ``mean_max_p`` (mean largest probability: as high as the accuracy when calibrated), ``log_loss`` (mean
        -ln P(true), the true probability floored at :data:`P_FLOOR`; ln K knows nothing) and ``brier`` (mean squared
        distance from the truth's indicator; (K - 1) / K knows nothing).

    Raises:
        ValueError: a game without a White move, or as many truths as games.
    """
    out = [_by_move(b, truth).groupby("move").agg(
        games=("hit", "size"), running=("running", "sum"), accuracy=("hit", "mean"), mean_max_p=("max_p", "mean"),
        log_loss=("log_loss", "mean"), brier=("brier", "mean")).reset_index().assign(recogniser=name)
        for name, b in beliefs.items()]
    return pd.concat(out, ignore_index=True)[CALIBRATION_COLUMNS]


def reliability_table(beliefs: dict[str, Sequence[np.ndarray]], truth: Sequence[int], *, bins: int = 10
                      ) -> pd.DataFrame:
    """The reliability diagram's points: every probability a recogniser gave any strategy after any White move,
    binned, against how often that strategy was the true one (calibrated: the two equal).

    Returns:
        Per recogniser and bin (equal widths on [0, 1]): ``n`` probabilities, ``mean_p`` and ``observed``.
    """
    out = []
    for name, b in beliefs.items():
        p = np.concatenate([np.asarray(x, float).ravel() for x in b])
        y = np.concatenate([np.eye(np.asarray(x).shape[1])[t][None].repeat(len(x), 0).ravel()
                            for x, t in zip(b, truth, strict=True)])
        d = pd.DataFrame({"bin": np.minimum((p * bins).astype(int), bins - 1), "p": p, "y": y})
        out.append(d.groupby("bin").agg(n=("p", "size"), mean_p=("p", "mean"), observed=("y", "mean")).reset_index()
                   .assign(recogniser=name))
    return pd.concat(out, ignore_index=True)[["recogniser", "bin", "n", "mean_p", "observed"]]


def _mean_interval(values, level: float) -> tuple[float, float, float]:
    """The mean of per-game values and its interval over games at ``level``: the plan's t-test inverted
    (:func:`~.plan.paired_t`, one value per game). One game says nothing of the spread: (-inf, inf)."""
    x = np.asarray(values, dtype=float)
    if len(x) < 2:
        return float(x.mean()), -np.inf, np.inf
    t = plan.paired_t(x, level=level)
    return t.diff, t.lo, t.hi


def log_loss_gain(belief: Sequence[np.ndarray], truth: Sequence[int], *, level: float = plan.LEVEL) -> pd.DataFrame:
    """A recogniser's log-loss against knowing nothing (ln K), by White move, paired over every game (one that has
    ended at its last belief, :func:`carried`).

    Returns:
        Per move (index): ``games`` (all), ``running`` (still running), ``diff`` (mean log-loss minus ln K: below 0
        beats uniform) and its ``lo``, ``hi`` interval over games at ``level`` (the t-test inverted).

    Raises:
        ValueError: a game without a White move, or as many truths as games.
    """
    k = np.asarray(belief[0]).shape[1] if len(belief) else 1
    d = _by_move(belief, truth)
    rows = {move: (len(g), int(g.running.sum()), *_mean_interval(g.log_loss - np.log(k), level))
            for move, g in d.groupby("move")}
    return pd.DataFrame.from_dict(rows, orient="index", columns=["games", "running", "diff", "lo", "hi"]
                                  ).rename_axis("move")


def held_out_beliefs(recognisers: dict[str, OpponentModel | TemperedRecogniser | ChoiceModel],
                     records: Sequence[dict]) -> tuple[dict[str, list[np.ndarray]], list[int]]:
    """Each recogniser's belief after every White move of each game, and each game's true strategy (its column).

    A model's belief is its posterior given White's chain x_0, x_2, ... (:func:`recognition_trace`); the tempered
    recogniser's and the choice model's are uniform before White's first move and count only what White's moves
    produced (:class:`~pawnslib.dbn.tempered.TemperedRecogniser`, :class:`~pawnslib.dbn.choice.ChoiceModel`), their
    rows from White's first move on. A game with a seeded random opening counts from the opening's end
    (:func:`~pawnslib.dbn.rows.features_after_opening`).

    Raises:
        ValueError: recognisers whose strategy ids differ (their columns would not be the same strategies).
    """
    ids = {tuple(r.strategy_ids) for r in recognisers.values()}
    if len(ids) != 1:
        raise ValueError(f"the recognisers name their strategies differently: {sorted(ids)}")
    order = list(ids.pop())
    features = [features_after_opening(g) for g in records]
    beliefs = {name: [t[1:] for t in r.traces(records)] if isinstance(r, ChoiceModel)  # all games' positions at once
               else [_beliefs(r, f, int(g["black"])) for f, g in zip(features, records, strict=True)]
               for name, r in recognisers.items()}
    return beliefs, [order.index(int(g["white"])) for g in records]


def _beliefs(recogniser: OpponentModel | TemperedRecogniser, features: np.ndarray, sb: int) -> np.ndarray:
    """A DBN recogniser's (J, K) beliefs after each White move of one game (:func:`held_out_beliefs`)."""
    if isinstance(recogniser, TemperedRecogniser):
        return recogniser.trace(features, sb)[1:]
    return recognition_trace(recogniser, features, sb)


GOAL_COLUMNS = ["recogniser", "goal", "move", "games", "running", "estimate", "lo", "hi", "level", "target",
                "verdict"]


def _goal_verdict(lo: float, hi: float, low: float, high: float, *, below: bool = False) -> str:
    """"met" when the whole interval ``lo`` to ``hi`` lies in the goal ``low`` to ``high`` (strictly under ``high``
    with ``below``), "not met" when none of it does (an interval can hold a band goal and end outside it on both
    sides: that is noise, not a miss), else "within noise"."""
    if lo >= low and (hi < high if below else hi <= high):
        return "met"
    return "not met" if hi < low or (lo >= high if below else lo > high) else "within noise"


def recognition_goals(beliefs: dict[str, Sequence[np.ndarray]], truth: Sequence[int], *, at: int = 10,
                      moves: Sequence[int] = (1, 5, 10, 20), accuracy: float = 0.70, gap: float = 0.05,
                      level: float = plan.LEVEL) -> pd.DataFrame:
    """Whether each recogniser meets the goals of a recogniser that recognises, each judged by its ``level``
    interval over every held-out game (one that has ended at its last belief, :func:`carried`).

    The goals: accuracy after White's move ``at`` of at least ``accuracy``; log-loss below ln K (knowing nothing)
    after each of ``moves``; mean largest probability within ``gap`` of the accuracy after each of ``moves``. Each is
    a one-sided claim (the last a two-sided band, tested by two one-sided tests, TOST) tested at (1 - ``level``) / 2,
    2.5 % at the plan's 95 %: its bound is an end of the quoted two-sided interval, so the interval beside a verdict
    is the one that decides it. The intervals: Wilson's for the accuracy; the t-test inverted over games
    (:func:`~.plan.paired_t`) for the log-loss (:func:`log_loss_gain`) and for each game's largest probability minus
    whether its guess was right (0 on average when calibrated). A verdict is "met" when the whole interval meets the
    goal, "not met" when none of it does, else "within noise". "Meets every goal" is an intersection-union test,
    at the one goal's level without a correction for the goals' number. A move beyond the longest game is left out.

    Returns:
        :data:`GOAL_COLUMNS`, one row per recogniser, goal (``accuracy``, ``log_loss_below_uniform``,
        ``confidence_gap``) and move: ``games`` (all: the estimate's denominator), ``running`` (the games still running
        at that move), the estimate, its interval ``lo`` to ``hi`` at ``level``, the target and the verdict.

    Raises:
        ValueError: a game without a White move, or as many truths as games.
    """
    rows = []
    for name, b in beliefs.items():
        d = _by_move(b, truth)
        k = np.asarray(b[0]).shape[1] if len(b) else 1
        here = d[d.move == at]
        if len(here):
            lo, hi = wilson(int(here.hit.sum()), len(here), level)
            rows.append([name, "accuracy", at, len(here), int(here.running.sum()), here.hit.mean(), lo, hi, level,
                         accuracy, _goal_verdict(lo, hi, accuracy, np.inf)])
        for move, g in log_loss_gain(b, truth, level=level).loc[lambda t: t.index.isin(moves)].iterrows():
            rows.append([name, "log_loss_below_uniform", move, int(g.games), int(g.running), g["diff"] + np.log(k),
                         g.lo + np.log(k), g.hi + np.log(k), level, np.log(k),
                         _goal_verdict(g.lo, g.hi, -np.inf, 0.0, below=True)])
        for move in moves:
            here = d[d.move == move]
            if len(here):
                mean, lo, hi = _mean_interval(here.max_p - here.hit, level)
                rows.append([name, "confidence_gap", move, len(here), int(here.running.sum()), mean, lo, hi, level,
                             gap, _goal_verdict(lo, hi, -gap, gap)])
    return pd.DataFrame(rows, columns=GOAL_COLUMNS)
