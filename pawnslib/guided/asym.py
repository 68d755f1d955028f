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

``mostlikely`` is a predicate on pr = count / n (count = siblings with P(e) >= this one):

* ``"seen_before"`` (default, Section 11.1.1): pr < 1 and this pr (as a reduced
  fraction) was the pr of a move White actually played earlier in the game;
* ``"always"`` / ``"never"``: test and ablation predicates;
* ``("threshold", max_pr)``: pr < max_pr (the thesis's naive rule, Chapter 13's
  "one-slice-threshold").

The model may be an :class:`~pawnslib.dbn.model.OpponentModel` (one slice for both colours) or a
:class:`~pawnslib.dbn.twoslice.TwoSliceModel`, whose White slice scores White's replies. Chapter 13's
random control replaces P(e) by a seeded hash of each child (``random_seed``,
:func:`~pawnslib.dbn.pe.random_values_into`): the same tree and predicate, predictions by chance.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

import numba
import numpy as np
import pandas as pd
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
    log_pe_children,
    random_values_into,
)
from pawnslib.dbn.twoslice import TwoSliceModel, load_model
from pawnslib.game.kernels import features_into, gen_moves, play_into
from pawnslib.game.position import Move, Position
from pawnslib.game.rules import BLACK, MAX_MOVES, MOVES_OF, N_FEATURES, NO_RESULT, S_RESULT, S_RULES, S_SIDE
from pawnslib.guided.predict import SEEN_SHAPE, Predictor, pr_counts_into, seen_before
from pawnslib.play.records import check_seed, derive_seed, positions_of
from pawnslib.search.alphabeta import (
    INF,
    WORK_TYPE,
    SearchResult,
    alphabeta,
    backup,
    check_search_args,
    expand,
    horizon_value,
    leaf_value,
    new_work,
    search,
)
from pawnslib.search.strategies import check_weights

SEEN_BEFORE, ALWAYS, NEVER, THRESHOLD = 0, 1, 2, 3
PREDICATES = {"seen_before": SEEN_BEFORE, "always": ALWAYS, "never": NEVER, "threshold": THRESHOLD}
EXTENSION = 2  # extra plies below a predicted reply (Listing 9.1: MAXDEPTH + 2)


class Setting(NamedTuple):
    """What stays fixed during one asymmetric search."""

    depth: int  # plies below a reply that stops predicting (Listing 9.1's MAXDEPTH)
    base: int  # the root's row in ``Prediction.path``
    n_hist: int  # history slices P(e) reads: the model's slices - 1
    sb: int  # Black's strategy id (P(e) conditions on S_b)
    mode: int  # the mostlikely predicate: SEEN_BEFORE, ALWAYS, NEVER or THRESHOLD
    max_pr: float  # THRESHOLD's bound
    seed: int  # >= 0: the tie-breaking leaf noise's seed (pawnslib.search.alphabeta.noise)
    rseed: int  # >= 0: the random control, P(e) replaced by random_values_into with this seed


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
def mostlikely(count, n, mode, max_pr, seen):
    """The ``mostlikely`` predicate on pr = count / n (``seen``: see :mod:`pawnslib.guided.predict`)."""
    if mode == ALWAYS:
        return True
    if mode == NEVER or count >= n:  # pr = 1: every sibling equally likely, nothing to predict
        return False
    if mode == THRESHOLD:
        return count < max_pr * n
    return seen_before(seen, count, n)


@njit(cache=True)
def score_children(kids, feats, n, t, path, weights, wmax, tables, valid, states, logpe, counts, model, cfg):
    """Score ``n`` children x_t (positions ``kids``, raw features ``feats``): discretised into ``states``,
    log P(e) into ``logpe``, pr numerators into ``counts`` (the arguments from ``path`` are
    :class:`Prediction`'s rows).

    The history is ``path[t - 2], path[t - 4], ...``, at most ``cfg.n_hist`` rows, oldest first; its
    part of P(e) is cached in row t - 2 of ``weights``, ``wmax`` and ``tables``. The random control
    (``cfg.rseed >= 0``) writes its seeded hash instead of log P(e).
    """
    lut, lut_lo = model.lut, model.lut_lo
    for k in range(n):
        discretise_lut_into(lut, lut_lo, feats[k], states[k])
    if cfg.rseed >= 0:
        random_values_into(kids, n, cfg.rseed, logpe)
        pr_counts_into(logpe[:n], counts)
        return
    h, last = min(cfg.n_hist, t // 2), t - 2
    if not valid[last]:
        wmax[last] = history_tables(model, path[t - 2 * h : t : 2], cfg.sb, weights[last], tables[last])
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
CONTEXT_TYPE = ContextType([("pred", PREDICTION_TYPE), ("model", MODEL_TYPE), ("cfg", SETTING_TYPE)])


@njit(cache=True)
def context(pred, model, cfg):
    """One search's :class:`Prediction`, :class:`~pawnslib.dbn.pe.KernelArrays` and :class:`Setting`, by reference."""
    ctx = structref.new(CONTEXT_TYPE)
    ctx.pred, ctx.model, ctx.cfg = pred, model, cfg
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
    cfg = ctx.cfg
    if ply >= limit or s[S_RESULT] != NO_RESULT:
        return leaf_value(s, w, feat, ply, cfg.seed)
    n = expand(s, ply, w, kids, moves, vals, order, feats, True)
    black = s[S_SIDE] == BLACK
    # A White node below predicted replies scores its children by P(e), unless they are leaves whether
    # predicted or not (ply + 1 >= depth + EXTENSION): there no prediction can change the tree.
    predicting = predict and not black and ply + 1 < cfg.depth + EXTENSION
    t = cfg.base + ply + 1  # the children's row in the path
    if predicting:  # the prediction's arrays are taken out only here: each costs a reference count
        path, weights, wmax, tables, valid, states, logpe, counts, seen = ctx.pred
        score_children(kids[ply], feats[ply], n, t, path, weights, wmax, tables, valid, states[ply], logpe[ply],
                       counts[ply], ctx.model, cfg)
        nodes[1] += n
    depth, seed = cfg.depth, cfg.seed
    best = -INF if black else INF
    for i in range(n):
        k = order[ply, i]
        child_limit, child_predict = limit, predict
        if predicting:
            path[t] = states[ply, k]
            valid[t] = False  # the history ending at row t changed
            child_predict = mostlikely(counts[ply, k], n, cfg.mode, cfg.max_pr, seen)
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
def asym_kernel(root, w, pred, model, cfg):
    """Asymmetric search from ``root`` (Black to move; ``pred.path`` row ``cfg.base``).

    Returns (best move, value, nodes, deepest ply reached, children scored by P(e)). ``pred.path``
    needs ``cfg.depth + EXTENSION`` free rows after the root's, for the search path.
    """
    kids, moves, vals, order, feats, feat, nodes = new_work(cfg.depth + EXTENSION + 1, MOVES_OF[root[S_RULES]])
    ctx = context(pred, model, cfg)
    nodes[0] = 1
    n = expand(root, 0, w, kids, moves, vals, order, feats, True)
    best, best_move, alpha = -INF, -1, -INF
    for i in range(n):  # the root is a Black node; its children, White nodes, all predict
        k = order[0, i]
        v = _asym(kids[0, k], 1, cfg.depth, True, alpha, INF, w, kids, moves, vals, order, feats, feat, nodes, ctx)
        if v > best:
            best, best_move = v, moves[0, k]
        alpha = max(alpha, best)
    return best_move, best, nodes[0], nodes[2], nodes[1]


@njit(cache=True)
def reply_log_pe(parent, path, n_hist, model, sb, rseed, out_moves, out_logpe):
    """White to move at ``parent``, whose row is the last of ``path``: every reply's move and log P(e).

    The history of a reply x_t (row t = len(path)) is rows t - 2, t - 4, ..., at most ``n_hist``,
    as in the search; ``rseed >= 0``: the random control's value instead. Returns the number of replies.
    """
    n = gen_moves(parent, out_moves)
    kids = np.empty((n, parent.shape[0]), np.int64)
    feat = np.empty(N_FEATURES, np.int64)
    states = np.empty((n, N_FEATURES), np.int64)
    for k in range(n):
        play_into(parent, out_moves[k], kids[k])
        features_into(kids[k], feat)
        discretise_lut_into(model.lut, model.lut_lo, feat, states[k])
    if rseed >= 0:
        random_values_into(kids, n, rseed, out_logpe)
        return n
    t = path.shape[0]
    h = min(n_hist, t // 2)
    log_pe_children(model, path[t - 2 * h : t : 2], states, sb, out_logpe)
    return n


# ----------------------------------------------------------------------------- Python API


def predicate(mostlikely: str | tuple = "seen_before") -> tuple[int, float]:
    """``"seen_before"``, ``"always"``, ``"never"`` or ``("threshold", max_pr)`` as (mode, max_pr)."""
    name, max_pr = (mostlikely, 0.0) if isinstance(mostlikely, str) else (mostlikely[0], float(mostlikely[1]))
    if name not in PREDICATES or (name == "threshold") != (not isinstance(mostlikely, str)):
        choices = "'seen_before', 'always', 'never' or ('threshold', max_pr)"
        raise ValueError(f"mostlikely must be {choices}; got {mostlikely!r}")
    return PREDICATES[name], max_pr


@dataclass
class AsymPlayer:
    """Black with the asymmetric search: a player for :func:`pawnslib.play.tournament.play_game`.

    It keeps the game's :class:`~pawnslib.guided.predict.Predictor`: the prs of White's actual
    moves (whose ``seen`` table the search reads) and, per White move, whether its
    ``mostlikely`` predicate made a prediction (some reply was likely), whether it was
    correct (the actual reply was likely) and how many replies were likely.

    ``model`` is a one-slice :class:`~pawnslib.dbn.model.OpponentModel` or a
    :class:`~pawnslib.dbn.twoslice.TwoSliceModel` (its White slice scores the replies);
    ``random_seed``: the random control, P(e) replaced by a hash of each reply seeded by it.
    """

    weights: tuple[int, ...]
    model: OpponentModel | TwoSliceModel
    sb: int
    depth: int = field(default=config.DEPTH, kw_only=True)
    mostlikely: str | tuple = field(default="seen_before", kw_only=True)
    random_seed: int | None = field(default=None, kw_only=True)
    predictor: Predictor = field(default_factory=Predictor, kw_only=True)

    def __post_init__(self):
        self.w = check_weights(self.weights)
        self.mode, self.max_pr = predicate(self.mostlikely)
        self.replies = self.model.reply_model  # the slice that scores White's replies
        self.arrays = self.replies.kernel_arrays()
        self.sb = self.replies.check_sb(self.sb)
        self.rseed = -1 if self.random_seed is None else check_seed(self.random_seed, name="random_seed")

    def choose(self, history: list[Position], seed: int | None) -> SearchResult:
        """Search the last position of ``history`` (Black to move).

        Args:
            history: the game's consecutive positions so far, the root last; it may start mid-game.
            seed: seeds the tie-breaking noise (``None``: none).

        Returns:
            SearchResult whose ``info`` has the deepest ply ``reached``, whether a line was
            ``extended`` past ``depth``, and ``pe_children``, the replies scored by P(e).

        Raises:
            ValueError: White to move, a finished game, a bad seed, or a model trained under other rules.
        """
        root = history[-1]
        check_search_args(root, self.depth, seed)
        if root.side_to_move != "black":
            raise ValueError("the asymmetric search plays Black (it predicts White's replies)")
        trained = (self.model.training or {}).get("rules")
        if trained is not None and trained != root.rules:
            raise ValueError(f"the opponent model learnt from games played by the {trained!r} rules; this game is "
                             f"played by {root.rules!r}")
        n_slices = self.replies.n_slices
        path = _discretised_tail(self.arrays, history, n_slices, self.depth + EXTENSION)
        base = len(path) - self.depth - EXTENSION - 1
        pred = new_prediction(path, self.predictor.seen, self.arrays, self.depth + EXTENSION + 1,
                              int(MOVES_OF[root.array[S_RULES]]))
        cfg = Setting(self.depth, base, n_slices - 1, self.sb, self.mode, self.max_pr,
                      -1 if seed is None else seed, self.rseed)
        t0 = time.perf_counter()
        move, value, nodes, reach, scored = asym_kernel(root.array, self.w, pred, self.arrays, cfg)
        seconds = time.perf_counter() - t0
        info = {"reached": int(reach), "extended": bool(reach > self.depth), "pe_children": int(scored)}
        return SearchResult(Move.from_code(move), float(value), int(nodes), seconds, info)

    def observe(self, history: list[Position]) -> dict | None:
        """After White's move: its pr, whether the predicate predicted it, then remember its pr."""
        if history[-2].side_to_move != "white":
            return None
        moves, logpe, likely, played = likely_replies(self.model, history, self.sb, self.predictor.seen,
                                                      rule=self.mostlikely, random_seed=self.random_seed)
        hit = self.predictor.observe(logpe, played, likely=likely)  # scores the prediction, then records this pr
        pr, n = self.predictor.played[-1], len(moves)
        return {"pr": [pr.numerator * n // pr.denominator, n], "prediction_made": hit is not None,
                "predicted": bool(hit), "likely": self.predictor.likely_sizes[-1] if hit is not None else 0}


def likely_replies(model: OpponentModel | TwoSliceModel, history: list[Position], sb: int, seen: np.ndarray, *,
                   rule: str | tuple = "seen_before", random_seed: int | None = None
                   ) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """White's last move, ``history[-2]`` to ``history[-1]``, as the asymmetric player judges it.

    Args:
        model: the opponent model (a two-slice model's White slice scores the replies).
        history: the game so far, ending with a White move.
        sb: Black's strategy id.
        seen: the pr values White played before this move (:attr:`pawnslib.guided.predict.Predictor.seen`).
        rule: the player's ``mostlikely`` predicate (:func:`predicate`).
        random_seed: the random control's seed, as :class:`AsymPlayer`'s.

    Returns:
        White's replies at ``history[-2]`` (move codes, in move-generation order), their log P(e), which of them
        the predicate called likely, and the index of the one White played.

    Raises:
        ValueError: the last position is not one move from the one before, or a bad predicate, seed or id.
    """
    parent, child = history[-2], history[-1]
    replies = model.reply_model
    rseed = -1 if random_seed is None else check_seed(random_seed, name="random_seed")
    moves, logpe = _reply_log_pe(replies.kernel_arrays(), replies.n_slices, history[:-1], replies.check_sb(sb), rseed)
    played = next((k for k, m in enumerate(moves) if parent.play(int(m)) == child), None)
    if played is None:
        raise ValueError(f"{child.to_text()!r} is not reachable in one move from {parent.to_text()!r}")
    mode, max_pr = predicate(rule)
    counts, n = np.empty(len(moves), np.int64), len(moves)
    pr_counts_into(logpe, counts)
    likely = np.array([mostlikely(c, n, mode, max_pr, seen) for c in counts], np.bool_)
    return moves, logpe, likely, played


def _discretised_tail(arrays: KernelArrays, history: list[Position], n_slices: int, extra: int) -> np.ndarray:
    """The discretised tail of ``history`` that P(e) can reach, with ``extra`` free rows after it.

    A reply at row t looks back to rows t - 2, ..., t - 2 * (n_slices - 1), so positions more than
    2 * (n_slices - 1) + 1 from the end are never read, whether the replies follow the last position
    (:func:`score_replies`) or lie deeper in the search; discretising only the tail keeps each move's
    work independent of the game's length.
    """
    tail = history[-(2 * (n_slices - 1) + 1):]
    path = np.zeros((len(tail) + extra, N_FEATURES), np.int64)
    for j, pos in enumerate(tail):
        discretise_lut_into(arrays.lut, arrays.lut_lo, pos.features(), path[j])
    return path


def _reply_log_pe(arrays: KernelArrays, n_slices: int, history: list[Position], sb: int, rseed: int = -1):
    path = _discretised_tail(arrays, history, n_slices, 0)
    moves, logpe = np.empty(MAX_MOVES, np.int64), np.empty(MAX_MOVES, np.float64)
    n = reply_log_pe(history[-1].array, path, n_slices - 1, arrays, sb, rseed, moves, logpe)
    return moves[:n], logpe[:n]


def score_replies(model: OpponentModel, history: list[Position], sb: int) -> tuple[list[Move], np.ndarray]:
    """Every legal White reply at the end of ``history``, with its log P(e) as the search computes it.

    Args:
        model: the opponent model.
        history: the game's consecutive positions so far (it may start mid-game), White to move at the last.
        sb: Black's strategy id.

    Returns:
        The replies in move-generation order, and their log P(e) given the history the search would use.

    Raises:
        ValueError: Black to move, a finished game, or an unknown strategy id.
    """
    if not history or history[-1].side_to_move != "white" or history[-1].result is not None:
        raise ValueError("score_replies needs a game in progress with White to move at the end of history")
    model = model.reply_model
    moves, logpe = _reply_log_pe(model.kernel_arrays(), model.n_slices, history, model.check_sb(sb))
    return [Move.from_code(m) for m in moves], logpe


@lru_cache(maxsize=4)
def cached_model(path: str) -> OpponentModel | TwoSliceModel:
    """The model file at ``path``, loaded once per process (a tournament's workers build many players)."""
    return load_model(path)


@dataclass(frozen=True)
class AsymFactory:
    """``factory(weights, depth, opponent) -> AsymPlayer`` for tournaments; loads the model once per process.

    Black's strategy id is looked up from its weights in ``strategies``; the model file may hold
    one slice or two (:func:`~pawnslib.dbn.twoslice.load_model`).
    """

    model_path: str
    strategies: tuple[tuple[int, tuple[int, ...]], ...]
    mostlikely: str | tuple = field(default="seen_before", kw_only=True)
    random_seed: int | None = field(default=None, kw_only=True)

    def __call__(self, weights, depth: int, opponent=None) -> AsymPlayer:
        """Black's player with ``weights``; ``opponent`` (White's weights) is not for it to know."""
        sb = next(sid for sid, w in self.strategies if tuple(w) == tuple(weights))
        return AsymPlayer(tuple(weights), cached_model(str(Path(self.model_path))), sb, depth=depth,
                          mostlikely=self.mostlikely, random_seed=self.random_seed)


def compare_with_plain(records: list[dict], model: OpponentModel, strategies: dict, *, depth: int = config.DEPTH,
                       every: int = 4, mostlikely: str | tuple = "seen_before", repeats: int = 1) -> pd.DataFrame:
    """Plain and asymmetric search on the same positions, back to back: the fair speed comparison.

    The positions are every ``every``-th Black move of the games in ``records``, each searched
    with Black's strategy; the asymmetric player first observes the game's White moves, so its
    ``seen_before`` state is the one it would have had in that game. With ``repeats`` > 1 the two
    searches take turns that often on each position and each keeps its shortest time, so that a
    moment of machine load does not count against one of them.

    Returns:
        One row per position: ``plain_seconds``, ``asym_seconds``, ``plain_nodes``,
        ``asym_nodes``, ``extended``, ``pe_children``.

    Raises:
        ValueError: ``repeats`` is not a positive integer.
    """
    if isinstance(repeats, bool) or not isinstance(repeats, (int, np.integer)) or repeats < 1:
        raise ValueError(f"repeats must be a positive integer, got {repeats!r}")
    rows = []
    for r in records:
        for t in range(0, r["plies"], 2 * every):
            hist = positions_of(r, t)
            seed = derive_seed(r["round"], r["black"], r["white"], t)
            player = AsymPlayer(tuple(strategies[r["black"]]), model, r["black"], depth=depth, mostlikely=mostlikely)
            for j in range(2, len(hist), 2):
                player.observe(hist[: j + 1])
            if not rows:  # load the compiled kernels before timing anything
                search(hist[-1], player.weights, depth, seed=seed)
                AsymPlayer(player.weights, model, player.sb, depth=depth, mostlikely=mostlikely).choose(hist, seed)
            times = []
            for _ in range(repeats):  # the asymmetric search's state (seen prs) is only read, so repeats agree
                plain, asym = search(hist[-1], player.weights, depth, seed=seed), player.choose(hist, seed)
                times.append((plain.seconds, asym.seconds))
            plain_seconds, asym_seconds = np.min(times, axis=0)
            rows.append({"plain_seconds": plain_seconds, "asym_seconds": asym_seconds, "plain_nodes": plain.nodes,
                         "asym_nodes": asym.nodes, "extended": asym.info["extended"],
                         "pe_children": asym.info["pe_children"]})
    return pd.DataFrame(rows)
