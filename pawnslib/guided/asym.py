"""The asymmetric game tree (thesis Section 9.1.2, Listing 9.1; results in Chapter 11).

Black searches with alpha-beta and the same move ordering as :mod:`pawnslib.search.alphabeta`.
At a White node whose ancestors' White moves were all predicted likely (the root's
children count), every child gets P(e) from the opponent model, then its pessimistic
ratio pr among its siblings (thesis Definition 11.1.1, :mod:`pawnslib.guided.predict`). A child for which
``mostlikely(pr)`` holds is searched to ``depth + 2`` plies from the root and keeps
predicting; the others to ``depth`` and stop predicting. Everything else is the plain
search (below a reply that stops predicting, the same steps of :mod:`pawnslib.search.expand` in the
same order), so with ``mostlikely`` always false the two agree to the node.

P(e)'s history for a child x_t is the discretised features of x_{t-2}, x_{t-4}, ...
(positions after White's earlier moves, from the game and the search path), oldest
first, as many as the model's slices allow. The whole search is one explicit-stack numba kernel
over compact nodes (:mod:`pawnslib.game.bitboard`) that calls the model's P(e) kernel; no Python
runs per node and nothing is allocated.

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
from collections.abc import Mapping
from typing import NamedTuple

import numpy as np
from numba import njit

from pawnslib import config
from pawnslib.dbn.discretise import discretise_lut_into
from pawnslib.dbn.model import OpponentModel
from pawnslib.dbn.pe import KernelArrays, children_log_pe_into, history_tables, random_values_into
from pawnslib.dbn.twoslice import TwoSliceModel
from pawnslib.game.bitboard import B_SIDE, node_play, slots_of
from pawnslib.game.position import Move, Position, legal_codes
from pawnslib.game.rules import BASE, BLACK, MAX_MOVES, MOVES_OF, N_FEATURES, NO_RESULT, NS, S_LAST, S_RULES
from pawnslib.guided.predict import SEEN_SHAPE, is_mostlikely, pr_counts_into, predicate
from pawnslib.guided.replies import discretised_tail
from pawnslib.search.alphabeta import SearchResult, check_search_args
from pawnslib.search.expand import child_value, expand, fold, new_work, open_child, pick, search_frontier
from pawnslib.search.noise import kernel_noise
from pawnslib.search.seeds import check_seed
from pawnslib.search.strategies import check_weights
from pawnslib.search.values import INF

EXTENSION = 2  # extra plies below a predicted reply (Listing 9.1: MAXDEPTH + 2)
TOLD_SIZE = (BASE + 1) * 64  # move codes are from * 64 + to, ``from`` a square (0..63) or BASE


class Setting(NamedTuple):
    """What stays fixed during one asymmetric search."""

    depth: int  # plies below a reply that stops predicting (Listing 9.1's MAXDEPTH)
    base: int  # the root's row in ``Prediction.path``
    n_hist: int  # history slices P(e) reads: the model's slices - 1
    black_strategy: int  # Black's strategy id (P(e) conditions on S_b)
    mode: int  # the mostlikely predicate: SEEN_BEFORE, ALWAYS, NEVER or THRESHOLD
    max_pr: float  # THRESHOLD's bound
    scheme: int  # the tie-breaking noise's scheme code (pawnslib.search.noise: PATH or POSITION)
    seed: int  # >= 0: the tie-breaking leaf noise's seed (-1: none)
    random_seed: int  # >= 0: the random control, P(e) replaced by random_values_into with this seed
    told: bool  # at ply 1 the predicate marks exactly the reply ``Prediction.told`` names (``one-hist-told1``)


class Prediction(NamedTuple):
    """The asymmetric search's work space besides :class:`~pawnslib.search.expand.Work`.

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
    feats: np.ndarray  # (MAX_MOVES, N_FEATURES) int64: scratch, the children's raw features
    slots: np.ndarray  # (MAX_MOVES, NS) int64: scratch, the children's position arrays (the random control)
    limit: np.ndarray  # (P,) int64: the open node's tree cut, in plies from the root
    asym: np.ndarray  # (P,) bool: every White move above it was predicted likely (else: the plain search below)
    predicting: np.ndarray  # (P,) bool: it scores its children by P(e)
    told: np.ndarray  # (TOLD_SIZE,) int64: by a root move's code, the reply told to be White's (-1: none)


def new_prediction(path: np.ndarray, seen: np.ndarray, model: KernelArrays, plies: int, *,
                   moves: int = MAX_MOVES, told: np.ndarray | None = None) -> Prediction:
    """The work space for a search whose path rows are ``path`` (the game's rows filled in), ``moves`` a node;
    ``told``: White's replies by the root move's code (none told: every entry -1)."""
    rows, (nf, k, _, s) = len(path), model.p_first.shape
    return Prediction(path, np.empty((rows, k)), np.empty(rows), np.empty((rows, k, nf, s)), np.zeros(rows, np.bool_),
                      np.empty((plies, moves, N_FEATURES), np.int64), np.empty((plies, moves)),
                      np.empty((plies, moves), np.int64), seen, np.empty((moves, N_FEATURES), np.int64),
                      np.empty((moves, NS), np.int64), np.zeros(plies, np.int64), np.zeros(plies, np.bool_),
                      np.zeros(plies, np.bool_), np.full(TOLD_SIZE, -1, np.int64) if told is None else told)


@njit(cache=True, inline="always")
def score_children(p, n, work, pred, model, setting):  # noqa: PLR0917  numba kernel: numba compiles no keyword-only parameter
    """Score the ``n`` children x_t of the open node at ply ``p`` (t = its path row + 1): discretised into
    ``pred.states[p]``, log P(e) into ``pred.logpe[p]``, pr numerators into ``pred.counts[p]``.

    The history is ``path[t - 2], path[t - 4], ...``, at most ``setting.n_hist`` rows, oldest first; its
    part of P(e) is cached in row t - 2 of ``pred.weights``, ``wmax`` and ``tables``. The random control
    (``setting.random_seed >= 0``) writes its seeded hash of each child's position array instead of log P(e).
    """
    t = setting.base + p + 1
    states, logpe, counts = pred.states[p], pred.logpe[p], pred.counts[p]
    for k in range(n):  # expand left their features in pred.feats
        discretise_lut_into(model.lut, model.lut_lo, pred.feats[k], states[k])
    if setting.random_seed >= 0:
        for k in range(n):  # the children's position arrays, their last move included, as the hash reads them
            node_play(work.nodes[p], work.moves[p, k], work.nodes[p + 1])
            slots_of(work.nodes[p + 1], pred.slots[k])
            pred.slots[k, S_LAST] = work.moves[p, k]
        random_values_into(pred.slots, n, setting.random_seed, logpe)
        pr_counts_into(logpe[:n], counts)
        return
    h, last = min(setting.n_hist, t // 2), t - 2
    if not pred.valid[last]:
        pred.wmax[last] = history_tables(model, pred.path[t - 2 * h : t : 2], setting.black_strategy,
                                         pred.weights[last], pred.tables[last])
        pred.valid[last] = True
    children_log_pe_into(pred.weights[last], pred.wmax[last], pred.tables[last], states, n, logpe)
    pr_counts_into(logpe[:n], counts)


@njit(cache=True, inline="always")
def _open(p, limit, asym, w, work, pred, model, setting):  # noqa: PLR0917  numba kernel: numba compiles no keyword-only parameter
    """Start the search of the node just opened at ply ``p`` (tree cut at ``limit``; ``asym``: every White move above
    was predicted) and expand it; a White node of the asymmetric tree scores its children by P(e). Returns False,
    without expanding it, if its children are all leaves and none predicted: :func:`search_frontier` searches it."""
    black = work.nodes[p, B_SIDE] == BLACK
    work.nxt[p], work.alpha[p], work.beta[p], work.best[p] = 0, work.alpha[p - 1], work.beta[p - 1], (
        -INF if black else INF)
    pred.limit[p], pred.asym[p] = limit, asym
    # Below predicted replies a White node scores its children by P(e), unless they are leaves whether
    # predicted or not (p + 1 >= depth + EXTENSION): there no prediction can change the tree.
    pred.predicting[p] = asym and not black and p + 1 < setting.depth + EXTENSION
    if pred.predicting[p]:
        n = work.count[p] = expand(p, w, work, pred.feats)
        score_children(p, n, work, pred, model, setting)
        work.counters[1] += n
    elif p + 1 >= limit:
        return False
    else:
        work.count[p] = expand(p, w, work)
    return True


@njit(cache=True, inline="always")
def _predicted(p, k, n, work, pred, setting):  # noqa: PLR0917  numba kernel: numba compiles no keyword-only parameter
    """Child ``k`` (of ``n``) of the predicting White node at ply ``p``, taken: its discretised features join the
    search path in ``pred.path``; returns its (limit, asym): two plies deeper and still predicting if it is likely.
    With ``setting.told``, a reply at ply 1 is likely exactly when it is the one told for the root's move."""
    t = setting.base + p + 1
    for f in range(N_FEATURES):
        pred.path[t, f] = pred.states[p, k, f]
    pred.valid[t] = False  # the history ending at row t changed
    if setting.told and p == 1:
        likely = work.moves[1, k] == pred.told[work.moves[0, work.order[0, work.nxt[0] - 1]]]
    else:
        likely = is_mostlikely(pred.counts[p, k], n, setting.mode, setting.max_pr, pred.seen)
    if likely:
        return setting.depth + EXTENSION, True
    return setting.depth, False


# Without numba's reference counting (as pawnslib.search.alphabeta's walk): it allocates nothing.
@njit(cache=True, _nrt=False)
def _walk(w, work, pred, model, setting):
    """The asymmetric tree from the root (``work.nodes[0]``, Black to move), depth-first with an explicit stack;
    returns the best move's code.

    Contract: the plain search's (:func:`pawnslib.search.alphabeta._walk`: alpha < beta at each open node,
    fail-soft values, nodes counted in ``counters[0]``), with each node's tree cut at its own ``limit``
    plies from the root. A node of the asymmetric tree (``pred.asym``) at a White ply scores its children by
    P(e) (counted in ``counters[1]``) and gives each predicted child ``limit = depth + EXTENSION``, the
    others ``depth`` (then the plain search below them); elsewhere children inherit the limit.
    It writes the children's discretised features to ``pred.path`` rows below the root's, and raises
    ``counters[2]`` to the deepest ply reached (a child that leaves the asymmetric tree counts its limit).
    """
    results, vals, order = work.results, work.vals, work.order
    count, nxt, alpha, beta, best, nodes = work.count, work.nxt, work.alpha, work.beta, work.best, work.counters
    depth, scheme, seed = setting.depth, setting.scheme, setting.seed
    nodes[0] = 1
    count[0] = expand(0, w, work)
    nxt[0], alpha[0], beta[0], best[0] = 0, -INF, INF, -INF
    pred.limit[0], pred.asym[0], pred.predicting[0] = depth, True, False
    p, best_move = 0, -1
    while True:
        black = p % 2 == 0  # the root is a Black node
        if nxt[p] < count[p]:
            k = pick(vals, order, p, nxt[p], count[p], black, True)
            nxt[p] += 1
            nodes[0] += 1
            limit, asym = pred.limit[p], pred.asym[p]
            if pred.predicting[p]:
                limit, asym = _predicted(p, k, count[p], work, pred, setting)
            if pred.asym[p]:  # a child that leaves the asymmetric tree counts its limit as reached
                nodes[2] = max(nodes[2], p + 1 if asym or p + 1 >= limit else limit)
            if p + 1 < limit and results[p, k] == NO_RESULT:
                open_child(p, k, work)
                p += 1
                if _open(p, limit, asym, w, work, pred, model, setting):
                    continue
                v = search_frontier(p, w, scheme, seed, work)  # its children are leaves: searched at once
                if asym and count[p] > 0:
                    nodes[2] = max(nodes[2], p + 1)
                p -= 1
            else:
                v = child_value(p, k, scheme, seed, work)
        elif p == 0:
            return best_move
        else:  # node p is searched: fold its value into its parent
            v = best[p]
            p -= 1
            black = not black
        k = fold(p, black, v, work)
        if p == 0 and k >= 0:  # the root (Black, the tree's player): its first child of the largest value
            best_move = work.moves[0, k]


@njit(cache=True)
def asym_kernel(root, w, pred, model, setting):
    """Asymmetric search from ``root`` (Black to move; ``pred.path`` row ``setting.base``).

    Returns (best move, value, nodes, deepest ply reached, children scored by P(e)). ``pred.path``
    needs ``setting.depth + EXTENSION`` free rows after the root's, for the search path.
    """
    work = new_work(root, setting.depth + EXTENSION, MOVES_OF[root[S_RULES]])
    move = _walk(w, work, pred, model, setting)
    return move, work.best[0], work.counters[0], work.counters[2], work.counters[1]


# ----------------------------------------------------------------------------- Python API


def asym_search(history: list[Position], weights, model: OpponentModel | TwoSliceModel, black_strategy: int, *,
                depth: int = config.DEPTH, mostlikely: str | tuple = "seen_before", random_seed: int | None = None,
                seen: np.ndarray | None = None, seed: int | None = None, noise: str = config.NOISE,
                told: Mapping[int, int] | None = None) -> SearchResult:
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
        noise: the tie-breaking scheme (:data:`pawnslib.search.noise.SCHEMES`).
        told: ``{root move's code: White's reply's code}``: at ply 1 the predicate marks exactly these replies
            (the one told for each root move; none where a live child has no entry), below ply 1 it is
            ``mostlikely``. ``one-hist-told1`` is told White's actual replies (:mod:`pawnslib.play.foresight`).

    Returns:
        SearchResult whose ``info`` has the deepest ply ``reached``, whether a line was
        ``extended`` past ``depth``, and ``pe_children``, the replies scored by P(e).

    Raises:
        ValueError: White to move, a finished game, a bad depth, seed, noise scheme, weight vector, predicate or
            strategy id, a model trained under other rules or another noise scheme, or a ``told`` move that is not
            legal.
    """
    root = history[-1]
    check_search_args(root, depth, seed)
    scheme, kseed = kernel_noise(noise, seed)
    if root.side_to_move != "black":
        raise ValueError("the asymmetric search plays Black (it predicts White's replies)")
    trained = model.training or {}
    if trained.get("rules", root.rules) != root.rules:
        raise ValueError(f"the opponent model learnt from games played by the {trained['rules']!r} rules; this game "
                         f"is played by {root.rules!r}")
    if trained.get("noise", noise) != noise:
        raise ValueError(f"the opponent model learnt from games played with noise {trained['noise']!r}; this search "
                         f"plays noise={noise!r}")
    w, (mode, max_pr) = check_weights(weights), predicate(mostlikely)
    replies = model.reply_model  # the slice that scores White's replies
    arrays, n_slices, black_strategy = replies.kernel_arrays(), replies.n_slices, replies.check_sb(black_strategy)
    random_seed = -1 if random_seed is None else check_seed(random_seed, name="random_seed")
    seen = np.zeros(SEEN_SHAPE, np.bool_) if seen is None else seen
    path = discretised_tail(arrays, history, n_slices, depth + EXTENSION)
    base = len(path) - depth - EXTENSION - 1
    pred = new_prediction(path, seen, arrays, depth + EXTENSION + 1, moves=int(MOVES_OF[root.array[S_RULES]]),
                          told=None if told is None else _told_array(root, told))
    setting = Setting(depth, base, n_slices - 1, black_strategy, mode, max_pr, scheme, kseed, random_seed,
                      told is not None)
    t0 = time.perf_counter()
    move, value, nodes, reach, scored = asym_kernel(root.array, w, pred, arrays, setting)
    seconds = time.perf_counter() - t0
    info = {"reached": int(reach), "extended": bool(reach > depth), "pe_children": int(scored)}
    return SearchResult(Move.from_code(move), float(value), int(nodes), seconds, info)


def _told_array(root: Position, told: Mapping[int, int]) -> np.ndarray:
    """``told`` as :attr:`Prediction.told`, after checking each root move and its reply are legal."""
    out = np.full(TOLD_SIZE, -1, np.int64)
    moves = set(legal_codes(root.array).tolist())
    for move, reply in told.items():
        if move not in moves:
            raise ValueError(f"told: {move!r} is not the code of a legal move at {root.to_text()}")
        child = root.play(int(move))
        if reply not in legal_codes(child.array):
            raise ValueError(f"told: reply {reply!r} to {Move.from_code(int(move))} is not the code of a legal move "
                             f"at {child.to_text()}")
        out[move] = reply
    return out
