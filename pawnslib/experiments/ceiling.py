"""The perfect-knowledge recogniser: the ceiling of strategy recognition (beyond the thesis).

A learned opponent model (:mod:`pawnslib.dbn.recognition`) sees only the feature scores of the
positions White leaves behind. This recogniser knows far more: the K candidate strategies'
weights and the very search White plays with (:func:`pawnslib.search.alphabeta.search` at ``depth``). White's
leaf noise only breaks ties (it is below 0.5 and every noise-free value is an integer), so a
White playing strategy i always plays one of the replies T_i its noise-free search values
best, each with some chance. The recogniser takes

    P(move | i) = 1 / |T_i| if the move is in T_i, else ``epsilon``,
    P(i | White's moves so far) proportional to the product of P(move | i) (uniform prior),

so its accuracy is about the best a model of these K strategies can do from White's moves
(short of knowing White's seeds, which pick among T_i, not uniformly): what it misses is the
strategies' agreement (they often value the same replies best), not a lack of knowledge.
:func:`perfect_accuracy` has :func:`~pawnslib.dbn.recognition.recognition_accuracy`'s output so
that the two can be drawn together.

:func:`best_replies` finds T_i exactly in one alpha-beta pass: the root's window is kept 0.5
wider than the best value so far, so every child that can tie the best is valued exactly and
every other one fails low (values are integers, win scores ``±(WIN - d)`` too). A transposition
table of true bounds (exact keys, so exact) saves more than half the work: Pawns' moves of
different pieces commute. :func:`perfect_logliks` searches each distinct White position once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import joblib
import numpy as np
import pandas as pd
from numba import njit, types
from scipy.special import softmax

from pawnslib import config
from pawnslib.experiments.recognition import accuracy_table
from pawnslib.game.position import Move, Position
from pawnslib.game.rules import BLACK, MAX_MOVES, NO_RESULT, NS, READINGS, S_PLY, S_RESULT, S_RULES, S_SIDE
from pawnslib.search.alphabeta import (
    INF,
    MAX_DEPTH,
    WORK_TYPE,
    backup,
    check_search_args,
    expand,
    horizon_value,
    leaf_value,
    new_work,
)
from pawnslib.search.strategies import check_strategies, check_weights

TIES = ("first", "unique")  # perfect_accuracy's readings of a tied argmax
TT_BITS = 15  # a search's transposition table has 2**TT_BITS slots (always replaced)
_MIX = np.uint64(0x9E3779B97F4A7C15)  # the golden-ratio multiplier that hashes a key to its slot
TIE_TOL = 1e-9  # log-likelihoods this close are equal (sums of the same logs in another order)


@njit(cache=True)
def _key(s):
    """A position (side, ply, bases, pieces, reading; it is unfinished) packed exactly into two integers."""
    k1 = 0
    for i in range(8):
        k1 = k1 * 128 + min(s[i], 64)  # 7 bits a piece slot: a square, or 64 for EMPTY
    return k1, s[8] + 8 * (s[9] + 8 * (s[S_SIDE] + 2 * (s[S_PLY] + 256 * s[S_RULES])))


_TT_SIG = types.float64(types.int64[::1], types.int64, types.int64, types.float64, types.float64, types.int64[::1],
                        *WORK_TYPE.types, types.int64[:, ::1], types.float64[:, ::1], types.int64)


@njit(_TT_SIG, cache=True)
def _alphabeta_tt(s, ply, depth, alpha, beta, w, kids, moves, vals, order, feats, feat, nodes, tkey, tval, gen):
    """:func:`pawnslib.search.alphabeta` (noise-free, pruned, ordered) with a transposition table.

    Row ``slot`` of ``tkey`` holds (generation, key) and of ``tval`` a lower and an upper bound of that
    position's value; entries of other generations (searches) are empty. Every bound stored is a true
    bound (fail-soft), whatever the window, so a probe that decides the node is exact.
    """
    nodes[0] += 1
    if depth == 0 or s[S_RESULT] != NO_RESULT:
        return leaf_value(s, w, feat, ply, -1)
    k1, k2 = _key(s)
    slot = np.int64((np.uint64(k1) ^ (np.uint64(k2) * _MIX)) * _MIX >> np.uint64(64 - TT_BITS))
    if tkey[slot, 0] == gen and tkey[slot, 1] == k1 and tkey[slot, 2] == k2:
        lo, hi = tval[slot, 0], tval[slot, 1]
        if lo == hi or lo >= beta:
            return lo
        if hi <= alpha:
            return hi
    a0, b0 = alpha, beta
    n = expand(s, ply, w, kids, moves, vals, order, feats, True)
    black = s[S_SIDE] == BLACK
    best = -INF if black else INF
    for i in range(n):
        k = order[ply, i]
        if depth == 1:
            v = horizon_value(kids, vals, nodes, ply, k, -1)
        else:
            v = _alphabeta_tt(kids[ply, k], ply + 1, depth - 1, alpha, beta, w, kids, moves, vals, order, feats, feat,
                              nodes, tkey, tval, gen)
        best, alpha, beta = backup(black, v, best, alpha, beta)
        if alpha >= beta:
            break
    if not (tkey[slot, 0] == gen and tkey[slot, 1] == k1 and tkey[slot, 2] == k2):  # (re)claim the slot
        tkey[slot, 0], tkey[slot, 1], tkey[slot, 2] = gen, k1, k2
        tval[slot, 0], tval[slot, 1] = -INF, INF
    if best <= a0:
        tval[slot, 1] = min(tval[slot, 1], best)
    elif best >= b0:
        tval[slot, 0] = max(tval[slot, 0], best)
    else:
        tval[slot, 0] = tval[slot, 1] = best
    return best


@njit(cache=True)
def best_codes_kernel(roots, weights, depth):
    """(N, K, MAX_MOVES) int64: the codes of each (unfinished) root's best moves per weight vector, -1 after."""
    kids, moves, vals, order, feats, feat, nodes = new_work(depth + 1, MAX_MOVES)
    tkey, tval = np.zeros((1 << TT_BITS, 3), np.int64), np.zeros((1 << TT_BITS, 2))
    out = np.full((roots.shape[0], weights.shape[0], MAX_MOVES), -1, np.int64)
    for i in range(roots.shape[0]):
        for j in range(weights.shape[0]):
            root, w, gen = roots[i], weights[j], 1 + i * weights.shape[0] + j  # a search's table starts empty
            n = expand(root, 0, w, kids, moves, vals, order, feats, True)
            black = root[S_SIDE] == BLACK
            best, value = (-INF if black else INF), np.empty(n)
            for q in range(n):
                k = order[0, q]
                # Only a child that fails low (<= best - 0.5 for Black) may be cut: it is worse than the best so far.
                alpha, beta = (best - 0.5, INF) if black else (-INF, best + 0.5)
                value[k] = _alphabeta_tt(kids[0, k], 1, depth - 1, alpha, beta, w, kids, moves, vals, order, feats,
                                         feat, nodes, tkey, tval, gen)
                best = max(best, value[k]) if black else min(best, value[k])
            m = 0
            for k in range(n):
                if value[k] == best:  # exact: integers (and +-(WIN - d)) well below 2**53
                    out[i, j, m] = moves[0, k]
                    m += 1
    return out


def best_replies(position: Position, weights, depth: int) -> frozenset[Move]:
    """The moves whose noise-free depth-``depth`` search value is best for the side to move.

    Args:
        position: a game in progress.
        weights: six integer weights (a strategy).
        depth: plies to search, 1 to ``MAX_DEPTH``.

    Returns:
        The set T of best moves: ``search(position, weights, depth, seed=s).move`` is in it for every seed.

    Raises:
        ValueError: a finished game, a bad depth or a bad weight vector.
    """
    w = check_weights(weights)
    check_search_args(position, depth, None)
    codes = best_codes_kernel(position.array.reshape(1, NS).copy(), w.reshape(1, -1), int(depth))[0, 0]
    return frozenset(Move.from_code(int(c)) for c in codes[codes >= 0])


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
    return best_codes_kernel(roots, weights, depth)


def perfect_logliks(records: Iterable[Mapping], strategies: Mapping, *, depth: int = config.DEPTH,
                    epsilon: float = config.CEILING_EPSILON, max_moves: int | None = None,
                    n_jobs: int = config.JOBS) -> list[np.ndarray]:
    """log P(White's first j moves | strategy i) per game, each White position searched once.

    The distinct White positions of all games are searched (every strategy's best replies) in
    parallel chunks; the result does not depend on ``n_jobs``.

    Args:
        records: game records with ``"white"``, ``"rules"``, ``"positions"`` and ``"moves"``.
        strategies: ``{id: weights}``, the candidates; columns follow its order.
        depth: White's search depth.
        epsilon: P(move | i) for a move outside T_i.
        max_moves: White's first moves at most (None: all).
        n_jobs: joblib workers.

    Returns:
        One (J, K) array per record: row j-1 after White's j-th move.

    Raises:
        ValueError: naming the parameter: a bad strategy set, depth, epsilon or max_moves, a record
            lacking a field, with an unreadable move, or whose White id is not in ``strategies``.
    """
    ids, weights, depth, epsilon = _checked(strategies, depth, epsilon, max_moves)
    games = [_white_moves(rec, ids, max_moves, n) for n, rec in enumerate(records)]
    index: dict[tuple[str, str], int] = {}
    for keys, _ in games:
        for key in keys:
            index.setdefault(key, len(index))
    unique = list(index)
    workers = joblib.effective_n_jobs(n_jobs)
    parts = [unique[i::4 * workers] for i in range(4 * workers)] if workers > 1 else [unique]
    done = joblib.Parallel(n_jobs=n_jobs)(joblib.delayed(_chunk)(p, weights, depth) for p in parts)
    codes = np.empty((len(unique), len(ids), MAX_MOVES), np.int64)
    for i, part in enumerate(done):
        codes[i::len(parts)] = part
    return [_loglik(codes[[index[k] for k in keys]].reshape(-1, len(ids), MAX_MOVES),
                    np.array(played, np.int64), epsilon) for keys, played in games]


def perfect_trace(record: Mapping, strategies: Mapping, *, depth: int = config.DEPTH,
                  epsilon: float = config.CEILING_EPSILON, max_moves: int | None = None) -> np.ndarray:
    """P(strategy i | White's moves so far) after each of White's moves of one game.

    Args:
        record: a game record (``"white"``, ``"rules"``, ``"positions"``, ``"moves"``).
        strategies, depth, epsilon, max_moves: as :func:`perfect_logliks`.

    Returns:
        (J, K): row j-1 is the posterior after White's j-th move, columns in ``strategies``' order.

    Raises:
        ValueError: as :func:`perfect_logliks`.
    """
    ll = perfect_logliks([record], strategies, depth=depth, epsilon=epsilon, max_moves=max_moves, n_jobs=1)[0]
    return softmax(ll, axis=1)


def perfect_accuracy(records: Iterable[Mapping], strategies: Mapping, *, depth: int = config.DEPTH,
                     epsilon: float = config.CEILING_EPSILON, max_moves: int | None = None,
                     n_jobs: int = config.JOBS, ties: str = "first") -> pd.DataFrame:
    """How well the perfect-knowledge recogniser's best guess names White's true strategy, by White move.

    The strategies often value the same replies best, so several of them can share the highest
    posterior exactly (log-likelihoods within ``TIE_TOL``; early in a game, e.g. after White's first
    move, nearly always). ``ties`` says what such a guess scores: ``"first"`` names the first of them
    in ``strategies``' order, as ``argmax`` (and so :func:`~pawnslib.dbn.recognition.recognition_accuracy`,
    whose posteriors do not tie) does; ``"unique"`` scores a hit only when the true strategy alone
    is best (a lower bound). :func:`perfect_logliks` gives the log-likelihoods, ties and all.

    Args:
        records: game records with ``"white"``, ``"rules"``, ``"positions"`` and ``"moves"``.
        strategies, depth, epsilon, max_moves, n_jobs: as :func:`perfect_logliks`.
        ties: one of :data:`TIES`.

    Returns:
        :func:`~pawnslib.dbn.recognition.accuracy_table`'s frame, as ``recognition_accuracy``'s: by White
        move (index ``move``), ``games`` still running, ``hits``, ``accuracy`` with its 95 % Wilson
        interval ``ci_low`` and ``ci_high``, ``p_true`` (mean posterior of the true id), ``chance`` (1/K).

    Raises:
        ValueError: a bad ``ties``, or as :func:`perfect_logliks`.
    """
    if ties not in TIES:
        raise ValueError(f"ties must be one of {', '.join(map(repr, TIES))}, got {ties!r}")
    records = list(records)
    lls = perfect_logliks(records, strategies, depth=depth, epsilon=epsilon, max_moves=max_moves, n_jobs=n_jobs)
    ids = list(check_strategies(strategies))
    hits, probs = [], []
    for rec, ll in zip(records, lls, strict=True):
        true = ids.index(int(rec["white"]))
        top = ll >= ll.max(axis=1, keepdims=True) - TIE_TOL
        hits.append(top.argmax(axis=1) == true if ties == "first" else top[:, true] & (top.sum(axis=1) == 1))
        probs.append(softmax(ll, axis=1)[:, true])
    return accuracy_table(hits, probs, len(ids))
