"""The perfect-knowledge recogniser: a yardstick of strategy recognition (beyond the thesis).

A learned opponent model (:mod:`pawnslib.dbn.posteriors`) sees only the feature scores of the positions White
leaves behind. This recogniser knows the K candidate strategies' weights and the very search White plays with
(:func:`pawnslib.search.alphabeta.search` at ``depth``). White's leaf noise only breaks ties (it is below 0.5 and
every noise-free value is an integer), so a White playing strategy i always plays one of the replies T_i its
noise-free search values best, each with some chance. The recogniser takes

    P(move | i) = 1 / |T_i| if the move is in T_i, else ``epsilon``,
    P(i | White's moves so far) proportional to the product of P(move | i) (uniform prior),

so what it misses is mostly the strategies' agreement (they often value the same replies best), not a lack of
knowledge. It is a yardstick, not a ceiling: it takes White's pick among T_i as uniform, and a recogniser that learns
how White picks (the learned choice model, :mod:`pawnslib.dbn.choice`) can beat it, so no page calls it a
bound. :func:`perfect_accuracy` has :func:`~.recognition.recognition_accuracy`'s output so that the two can be drawn
together. (The module keeps its name, ``ceiling``, for its imports.)

Imports :mod:`pawnslib.game`, :mod:`pawnslib.search` and :mod:`pawnslib.dbn` (the accuracy table).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import joblib
import numpy as np
import pandas as pd
from scipy.special import softmax

from pawnslib import config
from pawnslib.config import READINGS
from pawnslib.experiments.recognition import accuracy_table
from pawnslib.game.position import Move, Position
from pawnslib.game.rules import MAX_MOVES, NS
from pawnslib.search.alphabeta import MAX_DEPTH
from pawnslib.search.strategies import check_strategies
from pawnslib.search.ties import best_codes

# P(move | strategy i) for a move outside T_i (impossible for i, but it must not zero the posterior out)
CEILING_EPSILON = 1e-3

TIES = ("first", "unique")  # perfect_accuracy's readings of a tied argmax
TIE_TOL = 1e-9  # log-likelihoods this close are equal (sums of the same logs in another order)


def _checked(strategies, depth, epsilon, max_moves) -> tuple[np.ndarray, np.ndarray, int, float]:
    """(ids, (K, 6) weights, depth, epsilon), or ValueError naming the bad parameter."""
    if not isinstance(strategies, Mapping):
        raise ValueError(f"strategies must be a dict {{id: weights}}, got {type(strategies).__name__}")
    try:
        strategies = check_strategies(strategies)
    except ValueError as e:
        raise ValueError(f"strategies: {e}") from None
    bad = isinstance(epsilon, bool) or not isinstance(epsilon, (int, float, np.floating, np.integer))
    if bad or not 0 < epsilon < 1:
        raise ValueError(f"epsilon must be a number in (0, 1), got {epsilon!r}")
    bad = isinstance(max_moves, bool) or not isinstance(max_moves, (int, np.integer)) or max_moves < 1
    if max_moves is not None and bad:
        raise ValueError(f"max_moves must be None or an integer >= 1, got {max_moves!r}")
    if isinstance(depth, bool) or not isinstance(depth, (int, np.integer)) or not 1 <= depth <= MAX_DEPTH:
        raise ValueError(f"depth must be an integer from 1 to {MAX_DEPTH}, got {depth!r}")
    return np.array(list(strategies), np.int64), np.array(list(strategies.values()), np.int64), int(depth), epsilon


def _white_moves(record: Mapping, ids: np.ndarray, max_moves: int | None, n: int) -> tuple[list, list[int]]:
    """White's positions (as (rules, text)) and moves (codes) in the ``n``-th record, its first ``max_moves``."""
    try:
        white, rules, texts, moves = int(record["white"]), record["rules"], record["positions"], record["moves"]
    except (KeyError, TypeError, ValueError) as e:
        raise ValueError(f"records: record {n} needs fields white, rules, positions and moves ({e!r})") from None
    if white not in ids:
        raise ValueError(f"records: record {n}'s White strategy id {white} is not in strategies (ids "
                         f"{', '.join(map(str, ids))})")
    if rules not in READINGS:
        raise ValueError(f"records: record {n}'s rules must be one of {', '.join(READINGS)}, got {rules!r}")
    plies = range(1, min(len(moves), len(texts) - 1), 2)  # Black moves first: White at the odd plies
    plies = plies if max_moves is None else plies[:max_moves]
    try:
        return [(rules, texts[t]) for t in plies], [Move.from_text(moves[t]).code for t in plies]
    except ValueError as e:
        raise ValueError(f"records: record {n}: {e}") from None


def _loglik(codes: np.ndarray, played: np.ndarray, epsilon: float) -> np.ndarray:
    """(J, K) log P(White's first j moves | i) from (J, K, M) best codes and the (J,) moves played."""
    hit = (codes == played[:, None, None]).any(axis=2)
    size = np.maximum((codes >= 0).sum(axis=2), 1)
    return np.cumsum(np.where(hit, -np.log(size), np.log(epsilon)), axis=0)


def _chunk(keys: list, weights: np.ndarray, depth: int) -> np.ndarray:
    roots = np.stack([Position.from_text(text, rules=rules).array for rules, text in keys]) if keys else \
        np.empty((0, NS), np.int64)
    return best_codes(roots, weights, depth)[0]


def perfect_logliks(records: Iterable[Mapping], strategies: Mapping, *, depth: int = config.DEPTH,
                    epsilon: float = CEILING_EPSILON, max_moves: int | None = None,
                    n_jobs: int = config.JOBS) -> list[np.ndarray]:
    """log P(White's first j moves | strategy i) per game, each distinct White position searched once, in parallel
    chunks (the result does not depend on ``n_jobs``).

    Args:
        records: game records with ``"white"``, ``"rules"``, ``"positions"`` and ``"moves"``.
        strategies: ``{id: weights}``, the candidates; columns follow its order.
        depth, epsilon: White's search depth; P(move | i) for a move outside T_i.
        max_moves, n_jobs: White's first moves at most (None: all); joblib workers.

    Returns:
        One (J, K) array per record: row j-1 after White's j-th move.

    Raises:
        ValueError: naming the parameter: a bad strategy set, depth, epsilon or max_moves, a record lacking a field,
            with an unreadable move, or whose White id is not in ``strategies``.
    """
    ids, weights, depth, epsilon = _checked(strategies, depth, epsilon, max_moves)
    games = [_white_moves(rec, ids, max_moves, n) for n, rec in enumerate(records)]
    unique = list(dict.fromkeys(key for keys, _ in games for key in keys))  # each White position once, in order
    index = {key: i for i, key in enumerate(unique)}
    workers = joblib.effective_n_jobs(n_jobs)
    parts = [unique[i::4 * workers] for i in range(4 * workers)] if workers > 1 else [unique]
    done = joblib.Parallel(n_jobs=n_jobs)(joblib.delayed(_chunk)(p, weights, depth) for p in parts)
    codes = np.empty((len(unique), len(ids), MAX_MOVES), np.int64)
    for i, part in enumerate(done):
        codes[i::len(parts)] = part
    return [_loglik(codes[[index[k] for k in keys]].reshape(-1, len(ids), MAX_MOVES),
                    np.array(played, np.int64), epsilon) for keys, played in games]


def perfect_accuracy(records: Iterable[Mapping], strategies: Mapping, *, depth: int = config.DEPTH,
                     epsilon: float = CEILING_EPSILON, max_moves: int | None = None,
                     n_jobs: int = config.JOBS, ties: str = "first",
                     logliks: list[np.ndarray] | None = None) -> pd.DataFrame:
    """How well the perfect-knowledge recogniser's best guess names White's true strategy, by White move.

    Several strategies often share the highest posterior exactly (log-likelihoods within ``TIE_TOL``; after White's
    first move nearly always). ``ties`` says what such a guess scores: ``"first"`` names the first of them in
    ``strategies``' order, as ``argmax`` (and so :func:`~.recognition.recognition_accuracy`) does; ``"unique"`` scores
    a hit only when the true strategy alone is best (a lower bound).

    Args:
        records, strategies, depth, epsilon, max_moves, n_jobs: as :func:`perfect_logliks`.
        ties: one of :data:`TIES`.
        logliks: :func:`perfect_logliks` of ``records``, if already computed (then nothing is searched again).

    Returns:
        :func:`~.recognition.accuracy_table`'s frame, as ``recognition_accuracy``'s.

    Raises:
        ValueError: a bad ``ties``, or as :func:`perfect_logliks`.
    """
    if ties not in TIES:
        raise ValueError(f"ties must be one of {', '.join(map(repr, TIES))}, got {ties!r}")
    records = list(records)
    lls = logliks if logliks is not None else perfect_logliks(records, strategies, depth=depth, epsilon=epsilon,
                                                              max_moves=max_moves, n_jobs=n_jobs)
    ids = list(check_strategies(strategies))
    hits, probs = [], []
    for rec, ll in zip(records, lls, strict=True):
        true = ids.index(int(rec["white"]))
        top = ll >= ll.max(axis=1, keepdims=True) - TIE_TOL
        hits.append(top.argmax(axis=1) == true if ties == "first" else top[:, true] & (top.sum(axis=1) == 1))
        probs.append(softmax(ll, axis=1)[:, true])
    return accuracy_table(hits, probs, len(ids))
