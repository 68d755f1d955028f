"""The asymmetric game tree (thesis Section 9.1.2, Listing 9.1; results in Chapter 11).

Black searches with alpha-beta and the same move ordering as :mod:`pawnslib.search.alphabeta`.
At a White node whose ancestors' White moves were all predicted likely (the root's
children count), every child gets P(e) from the opponent model, then its pessimistic
ratio pr among its siblings (thesis Definition 11.1.1, :mod:`pawnslib.guided.predict`). A child for which
``mostlikely(pr)`` holds is searched to ``depth + 2`` plies from the root and keeps
predicting; the others to ``depth`` and stop predicting. Everything else is the plain
search (below a reply that stops predicting, literally :func:`~pawnslib.search.alphabeta`),
so with ``mostlikely`` always false the two agree to the node.

P(e)'s history for a child x_t is the discretised features of x_{t-2}, x_{t-4}, ...
(positions after White's earlier moves, from the game and the search path), oldest
first, as many as the model's slices allow. The whole search is one numba kernel that
calls the model's P(e) kernel; no Python runs per node.

``mostlikely`` is one of :mod:`pawnslib.guided.predict`'s predicates on pr, by default the thesis's
``seen_before``.

The model may be an :class:`~pawnslib.dbn.model.OpponentModel` (one slice for both colours) or a
:class:`~pawnslib.dbn.twoslice.TwoSliceModel`, whose White slice scores White's replies. Chapter 13's
random control replaces P(e) by a seeded hash of each child (``random_seed``,
:func:`~pawnslib.dbn.pe.random_values_into`): the same tree and predicate, predictions by chance.

Here is the algorithm only: the kernels, their work space (:class:`Setting`, :class:`Prediction`) and
:func:`asym_search`, one search. White's replies at the game's own positions are judged by
:mod:`pawnslib.guided.replies`; the player that keeps a game's predictions is
:class:`pawnslib.play.players.AsymPlayer`.

Imports: :mod:`pawnslib.game`, :mod:`pawnslib.search`, :mod:`pawnslib.dbn` and the rest of :mod:`pawnslib.guided`.
"""

from __future__ import annotations

import time
from typing import NamedTuple

import numba
import numpy as np
from numba import njit, types
from numba.experimental import structref

from pawnslib import config
from pawnslib.dbn.discretise import discretise_lut_into
from pawnslib.dbn.model import OpponentModel
from pawnslib.dbn.pe import (
    MODEL_TYPE,
    KernelArrays,
    children_log_pe_into,
    example_model,
    history_tables,
    random_values_into,
)
from pawnslib.dbn.twoslice import TwoSliceModel
from pawnslib.game.position import Move, Position
from pawnslib.game.rules import BLACK, MAX_MOVES, MOVES_OF, N_FEATURES, NO_RESULT, S_RESULT, S_RULES, S_SIDE
from pawnslib.guided.predict import SEEN_SHAPE, is_mostlikely, pr_counts_into, predicate
from pawnslib.guided.replies import discretised_tail
from pawnslib.search.alphabeta import (
    WORK_TYPE,
    SearchResult,
    alphabeta,
    backup,
    check_search_args,
    expand,
    horizon_value,
    leaf_value,
    new_work,
)
from pawnslib.search.seeds import check_seed
from pawnslib.search.strategies import check_weights
from pawnslib.search.values import INF

EXTENSION = 2  # extra plies below a predicted reply (Listing 9.1: MAXDEPTH + 2)


class Setting(NamedTuple):
    """What stays fixed during one asymmetric search."""

    depth: int  # plies below a reply that stops predicting (Listing 9.1's MAXDEPTH)
    base: int  # the root's row in ``Prediction.path``
    n_hist: int  # history slices P(e) reads: the model's slices - 1
    black_strategy: int  # Black's strategy id (P(e) conditions on S_b)
    mode: int  # the mostlikely predicate: SEEN_BEFORE, ALWAYS, NEVER or THRESHOLD
    max_pr: float  # THRESHOLD's bound
    seed: int  # >= 0: the tie-breaking leaf noise's seed (pawnslib.search.alphabeta.noise)
    random_seed: int  # >= 0: the random control, P(e) replaced by random_values_into with this seed


class Prediction(NamedTuple):
    """The asymmetric search's work space besides :class:`~pawnslib.search.alphabeta.Work`.

    ``path`` row j holds the discretised features of the game's position j (up to the root's row,
    ``Setting.base``), then of the search path's positions below it. Row t of ``weights``, ``wmax``
    and ``tables`` caches the P(e) history that ends at row t (:func:`~pawnslib.dbn.pe.history_tables`):
    every White node below the same Black node shares it, and ``valid[t]`` is cleared when row t is
    rewritten.
    """

    path: np.ndarray  # (R, F) int64
    weights: np.ndarray  # (R, K) float64
    wmax: np.ndarray  # (R,) float64
    tables: np.ndarray  # (R, K, F, S) float64
    valid: np.ndarray  # (R,) bool
    states: np.ndarray  # (P, MAX_MOVES, F) int64: a White node's children, discretised
    logpe: np.ndarray  # (P, MAX_MOVES) float64: their log P(e)
    counts: np.ndarray  # (P, MAX_MOVES) int64: their pr numerators (pr = count / children)
    seen: np.ndarray  # SEEN_SHAPE bool: the prs White has played in this game (pawnslib.guided.predict)


def new_prediction(path: np.ndarray, seen: np.ndarray, model: KernelArrays, plies: int,
                   moves: int = MAX_MOVES) -> Prediction:
    """The work space for a search whose path rows are ``path`` (the game's rows filled in), ``moves`` a node."""
    rows, (nf, k, _, s) = len(path), model.p_first.shape
    return Prediction(path, np.empty((rows, k)), np.empty(rows), np.empty((rows, k, nf, s)), np.zeros(rows, np.bool_),
                      np.empty((plies, moves, N_FEATURES), np.int64), np.empty((plies, moves)),
                      np.empty((plies, moves), np.int64), seen)


@njit(cache=True)
def score_children(kids, feats, n, t, path, weights, wmax, tables, valid, states, logpe, counts, model, setting):
    """Score ``n`` children x_t (positions ``kids``, raw features ``feats``): discretised into ``states``,
    log P(e) into ``logpe``, pr numerators into ``counts`` (the arguments from ``path`` are
    :class:`Prediction`'s rows).

    The history is ``path[t - 2], path[t - 4], ...``, at most ``setting.n_hist`` rows, oldest first; its
    part of P(e) is cached in row t - 2 of ``weights``, ``wmax`` and ``tables``. The random control
    (``setting.random_seed >= 0``) writes its seeded hash instead of log P(e).
    """
    lut, lut_lo = model.lut, model.lut_lo
    for k in range(n):
        discretise_lut_into(lut, lut_lo, feats[k], states[k])
    if setting.random_seed >= 0:
        random_values_into(kids, n, setting.random_seed, logpe)
        pr_counts_into(logpe[:n], counts)
        return
    h, last = min(setting.n_hist, t // 2), t - 2
    if not valid[last]:
        wmax[last] = history_tables(model, path[t - 2 * h : t : 2], setting.black_strategy, weights[last], tables[last])
        valid[last] = True
    children_log_pe_into(weights[last], wmax[last], tables[last], states, n, logpe)
    pr_counts_into(logpe[:n], counts)


@structref.register
class ContextType(types.StructRef):
    """The numba type of :func:`context`: a reference to the prediction's state, model and setting.

    The recursion passes this one pointer instead of their two dozen arrays: numba copies every
    array argument at every call, which made each node of the asymmetric tree about 25 % dearer.
    """

    def preprocess_fields(self, fields):
        return tuple((name, types.unliteral(typ)) for name, typ in fields)


PREDICTION_TYPE = numba.typeof(
    new_prediction(np.empty((1, N_FEATURES), np.int64), np.empty(SEEN_SHAPE, np.bool_), example_model(), 1))
SETTING_TYPE = numba.typeof(Setting(0, 0, 0, 0, 0, 0.0, -1, -1))
CONTEXT_TYPE = ContextType([("pred", PREDICTION_TYPE), ("model", MODEL_TYPE), ("setting", SETTING_TYPE)])


@njit(cache=True)
def context(pred, model, setting):
    """One search's :class:`Prediction`, :class:`~pawnslib.dbn.pe.KernelArrays` and :class:`Setting`, by reference."""
    ctx = structref.new(CONTEXT_TYPE)
    ctx.pred, ctx.model, ctx.setting = pred, model, setting
    return ctx


# The recursion takes the fields of Work, as the plain search does (see pawnslib.search.alphabeta), and the context.
_ASYM_SIG = types.float64(types.int64[::1], types.int64, types.int64, types.boolean, types.float64, types.float64,
                          types.int64[::1], *WORK_TYPE.types, CONTEXT_TYPE)


@njit(_ASYM_SIG, cache=True)
def _asym(s, ply, limit, predict, alpha, beta, w, kids, moves, vals, order, feats, feat, nodes, ctx):
    """The value of node ``s`` in the asymmetric tree, ``ply`` plies below the root.

    Contract: as :func:`~pawnslib.search.alphabeta` (alpha < beta on entry, fail-soft result,
    nodes counted in ``nodes[0]``, rows ``ply`` and below of the work arrays overwritten), with the
    tree cut at ``limit`` plies from the root instead of a fixed depth. ``predict``: every White
    move above was predicted likely, so a White node here scores its children by P(e) (counted in
    ``nodes[1]``) and gives each predicted child ``limit = depth + EXTENSION``, the others ``depth``
    (unless its children are leaves either way). It writes the children's discretised features to
    ``ctx.pred.path`` rows below the root's, and raises ``nodes[2]`` to the deepest ply reached.
    The arguments from ``kids`` to ``nodes`` are the fields of :class:`~pawnslib.search.alphabeta.Work`.
    """
    nodes[0] += 1
    nodes[2] = max(nodes[2], ply)
    setting = ctx.setting
    if ply >= limit or s[S_RESULT] != NO_RESULT:
        return leaf_value(s, w, feat, ply, setting.seed)
    n = expand(s, ply, w, kids, moves, vals, order, feats, True)
    black = s[S_SIDE] == BLACK
    # A White node below predicted replies scores its children by P(e), unless they are leaves whether
    # predicted or not (ply + 1 >= depth + EXTENSION): there no prediction can change the tree.
    predicting = predict and not black and ply + 1 < setting.depth + EXTENSION
    t = setting.base + ply + 1  # the children's row in the path
    if predicting:  # the prediction's arrays are taken out only here: each costs a reference count
        path, weights, wmax, tables, valid, states, logpe, counts, seen = ctx.pred
        score_children(kids[ply], feats[ply], n, t, path, weights, wmax, tables, valid, states[ply], logpe[ply],
                       counts[ply], ctx.model, setting)
        nodes[1] += n
    depth, seed = setting.depth, setting.seed
    best = -INF if black else INF
    for i in range(n):
        k = order[ply, i]
        child_limit, child_predict = limit, predict
        if predicting:
            path[t] = states[ply, k]
            valid[t] = False  # the history ending at row t changed
            child_predict = is_mostlikely(counts[ply, k], n, setting.mode, setting.max_pr, seen)
            child_limit = depth + EXTENSION if child_predict else depth
        if ply + 1 >= child_limit:
            nodes[2] = max(nodes[2], ply + 1)
            v = horizon_value(kids, vals, nodes, ply, k, seed)
        elif not child_predict:  # no more predictions below: the plain search, which is cheaper per node
            nodes[2] = max(nodes[2], child_limit)  # (or less if the game ends; only passing `depth` matters)
            v = alphabeta(kids[ply, k], ply + 1, child_limit - ply - 1, alpha, beta, w, kids, moves, vals, order,
                          feats, feat, nodes, seed, True, True)
        else:
            v = _asym(kids[ply, k], ply + 1, child_limit, child_predict, alpha, beta, w, kids, moves, vals, order,
                      feats, feat, nodes, ctx)
        best, alpha, beta = backup(black, v, best, alpha, beta)
        if alpha >= beta:
            break
    return best


@njit(cache=True)
def asym_kernel(root, w, pred, model, setting):
    """Asymmetric search from ``root`` (Black to move; ``pred.path`` row ``setting.base``).

    Returns (best move, value, nodes, deepest ply reached, children scored by P(e)). ``pred.path``
    needs ``setting.depth + EXTENSION`` free rows after the root's, for the search path.
    """
    kids, moves, vals, order, feats, feat, nodes = new_work(setting.depth + EXTENSION + 1, MOVES_OF[root[S_RULES]])
    ctx = context(pred, model, setting)
    nodes[0] = 1
    n = expand(root, 0, w, kids, moves, vals, order, feats, True)
    best, best_move, alpha = -INF, -1, -INF
    for i in range(n):  # the root is a Black node; its children, White nodes, all predict
        k = order[0, i]
        v = _asym(kids[0, k], 1, setting.depth, True, alpha, INF, w, kids, moves, vals, order, feats, feat, nodes, ctx)
        if v > best:
            best, best_move = v, moves[0, k]
        alpha = max(alpha, best)
    return best_move, best, nodes[0], nodes[2], nodes[1]


# ----------------------------------------------------------------------------- Python API


def asym_search(history: list[Position], weights, model: OpponentModel | TwoSliceModel, black_strategy: int, *,
                depth: int = config.DEPTH, mostlikely: str | tuple = "seen_before", random_seed: int | None = None,
                seen: np.ndarray | None = None, seed: int | None = None) -> SearchResult:
    """Search the last position of ``history`` (Black to move) with the asymmetric tree.

    Args:
        history: the game's consecutive positions so far, the root last; it may start mid-game.
        weights: Black's six integer weights.
        model: a one-slice :class:`~pawnslib.dbn.model.OpponentModel`, or a
            :class:`~pawnslib.dbn.twoslice.TwoSliceModel` whose White slice scores the replies.
        black_strategy: Black's strategy id, the S_b that P(e) conditions on.
        depth: plies searched below a reply not predicted likely; a predicted one gets ``EXTENSION`` more.
        mostlikely: the predicate (:func:`predicate`).
        random_seed: the random control: P(e) replaced by a hash of each reply seeded by it (None: P(e)).
        seen: the prs White played earlier in the game (:attr:`pawnslib.guided.predict.Predictor.seen`,
            read only); None: none yet.
        seed: seeds the tie-breaking noise (None: none).

    Returns:
        SearchResult whose ``info`` has the deepest ply ``reached``, whether a line was
        ``extended`` past ``depth``, and ``pe_children``, the replies scored by P(e).

    Raises:
        ValueError: White to move, a finished game, a bad depth, seed, weight vector, predicate or strategy id,
            or a model trained under other rules.
    """
    root = history[-1]
    check_search_args(root, depth, seed)
    if root.side_to_move != "black":
        raise ValueError("the asymmetric search plays Black (it predicts White's replies)")
    trained = (model.training or {}).get("rules")
    if trained is not None and trained != root.rules:
        raise ValueError(f"the opponent model learnt from games played by the {trained!r} rules; this game is "
                         f"played by {root.rules!r}")
    w, (mode, max_pr) = check_weights(weights), predicate(mostlikely)
    replies = model.reply_model  # the slice that scores White's replies
    arrays, n_slices, black_strategy = replies.kernel_arrays(), replies.n_slices, replies.check_sb(black_strategy)
    random_seed = -1 if random_seed is None else check_seed(random_seed, name="random_seed")
    seen = np.zeros(SEEN_SHAPE, np.bool_) if seen is None else seen
    path = discretised_tail(arrays, history, n_slices, depth + EXTENSION)
    base = len(path) - depth - EXTENSION - 1
    pred = new_prediction(path, seen, arrays, depth + EXTENSION + 1, int(MOVES_OF[root.array[S_RULES]]))
    setting = Setting(depth, base, n_slices - 1, black_strategy, mode, max_pr, -1 if seed is None else seed,
                      random_seed)
    t0 = time.perf_counter()
    move, value, nodes, reach, scored = asym_kernel(root.array, w, pred, arrays, setting)
    seconds = time.perf_counter() - t0
    info = {"reached": int(reach), "extended": bool(reach > depth), "pe_children": int(scored)}
    return SearchResult(Move.from_code(move), float(value), int(nodes), seconds, info)
