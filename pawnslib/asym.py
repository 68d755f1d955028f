"""The asymmetric game tree (thesis Section 9.1.2, Listing 9.1; results in Chapter 11).

Black searches with alpha-beta and the same move ordering as :mod:`pawnslib.search`.
At a White node whose ancestors' White moves were all predicted likely (the root's
children count), every child gets P(e) from the opponent model, then its pessimistic
ratio pr among its siblings (thesis Definition 11.1.1, :mod:`pawnslib.predict`). A child for which
``mostlikely(pr)`` holds is searched to ``depth + 2`` plies from the root and keeps
predicting; the others to ``depth`` and stop predicting. Everything else is the plain
search (below a reply that stops predicting, literally :func:`~pawnslib.search.alphabeta_node`),
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
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import numpy as np
import pandas as pd
from numba import njit

from pawnslib.dbn import OpponentModel, discretise_lut_into, log_pe_children
from pawnslib.game import (
    BLACK,
    MAX_MOVES,
    N_FEATURES,
    NO_RESULT,
    S_RESULT,
    S_SIDE,
    Move,
    Position,
    features_into,
    gen_moves,
    play_into,
)
from pawnslib.predict import Predictor, pr_counts_into, seen_before
from pawnslib.search import (
    INF,
    SearchResult,
    alphabeta_node,
    backup,
    buffers,
    check_search_args,
    expand,
    horizon_value,
    leaf_value,
    search,
)
from pawnslib.strategies import check_weights
from pawnslib.tournament import derive_seed

SEEN_BEFORE, ALWAYS, NEVER, THRESHOLD = 0, 1, 2, 3
PREDICATES = {"seen_before": SEEN_BEFORE, "always": ALWAYS, "never": NEVER, "threshold": THRESHOLD}
EXTENSION = 2  # extra plies below a predicted reply (Listing 9.1: MAXDEPTH + 2)


@njit(cache=True)
def mostlikely(count, n, mode, max_pr, seen):
    """The ``mostlikely`` predicate on pr = count / n (``seen``: see :mod:`pawnslib.predict`)."""
    if mode == ALWAYS:
        return True
    if mode == NEVER or count >= n:  # pr = 1: every sibling equally likely, nothing to predict
        return False
    if mode == THRESHOLD:
        return count < max_pr * n
    return seen_before(seen, count, n)


@njit(cache=True)
def score_children(feats, n, path, t, n_hist, states, logpe, model, sb):
    """Discretise ``n`` children (positions x_t, raw features ``feats``) into ``states``; their log P(e) into ``logpe``.

    ``model`` is ``tuple(OpponentModel.kernel_arrays())``. The history is ``path[t - 2], path[t - 4], ...``,
    at most ``n_hist`` of them, oldest first.
    """
    for k in range(n):
        discretise_lut_into(model[8], model[9], feats[k], states[k])
    h = min(n_hist, t // 2)
    log_pe_children(model[2], model[3], model[4], model[5], model[6], model[7], path[t - 2 * h : t : 2], states[:n], sb,
                    logpe)


MODEL_TYPE = ("Tuple((float64[:, ::1], int64[::1], float64[::1], float64[::1], float64[:, :, :, ::1],"
              " float64[:, :, :, :, ::1], float64[:, :, :, ::1], float64[:, :, :, :, ::1], int64[:, ::1], int64[::1]))")
_ASYM_SIG = (
    "float64(int64[::1], int64, int64, boolean, float64, float64, int64, int64[::1], int64[:, :, ::1], int64[:, ::1],"
    " float64[:, ::1], int64[:, ::1], int64[:, :, ::1], int64[::1], int64[::1], boolean, int64[:, ::1], int64, int64,"
    f" int64[:, :, ::1], float64[:, ::1], int64[:, ::1], {MODEL_TYPE}, int64, int64, float64, boolean[:, ::1],"
    " int64[::1])"
)


@njit(_ASYM_SIG, cache=True)
def _asym(s, ply, limit, predict, alpha, beta, depth, w, kids, moves, vals, order, feats, feat, nodes, noisy, path,
          base, n_hist, states, logpe, counts, model, sb, mode, max_pr, seen, reach):
    nodes[0] += 1
    reach[0] = max(reach[0], ply)
    if ply >= limit or s[S_RESULT] != NO_RESULT:
        return leaf_value(s, w, feat, ply, noisy)
    n = expand(s, ply, w, kids, moves, vals, order, feats, True)
    black = s[S_SIDE] == BLACK
    predicting = predict and not black
    t = base + ply + 1  # the children's row in path
    if predicting:
        score_children(feats[ply], n, path, t, n_hist, states[ply], logpe[ply], model, sb)
        pr_counts_into(logpe[ply, :n], counts[ply])
        nodes[1] += n  # children scored by P(e)
    best = -INF if black else INF
    for i in range(n):
        k = order[ply, i]
        child_limit, child_predict = limit, predict
        if predicting:
            child_predict = mostlikely(counts[ply, k], n, mode, max_pr, seen)
            child_limit = depth + EXTENSION if child_predict else depth
            path[t] = states[ply, k]
        if ply + 1 >= child_limit:
            reach[0] = max(reach[0], ply + 1)
            v = horizon_value(kids, vals, ply, k, noisy, nodes)
        elif not child_predict:  # no more predictions below: the plain search, which is cheaper per node
            reach[0] = max(reach[0], child_limit)  # (or less if the game ends; only passing `depth` matters)
            v = alphabeta_node(kids[ply, k], ply + 1, child_limit - ply - 1, alpha, beta, w, kids, moves, vals, order,
                               feats, feat, nodes, noisy, True, True)
        else:
            v = _asym(kids[ply, k], ply + 1, child_limit, child_predict, alpha, beta, depth, w, kids, moves, vals,
                      order, feats, feat, nodes, noisy, path, base, n_hist, states, logpe, counts, model, sb, mode,
                      max_pr, seen, reach)
        best, alpha, beta = backup(black, v, best, alpha, beta)
        if alpha >= beta:
            break
    return best


@njit(cache=True)
def asym_kernel(root, w, depth, seed, path, base, n_hist, model, sb, mode, max_pr, seen):
    """Asymmetric search from ``root`` (Black to move).

    Returns (best move, value, nodes, deepest ply reached, children scored by P(e)).

    ``path[j]`` holds the discretised features of the game's j-th position for j <= base (the root's row);
    the search writes its path's positions below, so ``path`` needs ``depth + EXTENSION`` more rows.
    """
    noisy = seed >= 0
    if noisy:
        np.random.seed(seed)
    top = depth + EXTENSION + 1
    kids, moves, vals, order, feats, feat, nodes = buffers(top)
    states = np.empty((top, MAX_MOVES, N_FEATURES), np.int64)
    logpe = np.empty((top, MAX_MOVES), np.float64)
    counts = np.empty((top, MAX_MOVES), np.int64)
    reach = np.zeros(1, np.int64)
    nodes[0] = 1
    n = expand(root, 0, w, kids, moves, vals, order, feats, True)
    best, best_move, alpha = -INF, -1, -INF
    for i in range(n):  # the root is a Black node; its children, White nodes, all predict
        k = order[0, i]
        v = _asym(kids[0, k], 1, depth, True, alpha, INF, depth, w, kids, moves, vals, order, feats, feat, nodes, noisy,
                  path, base, n_hist, states, logpe, counts, model, sb, mode, max_pr, seen, reach)
        if v > best:
            best, best_move = v, moves[0, k]
        alpha = max(alpha, best)
    return best_move, best, nodes[0], reach[0], nodes[1]


@njit(cache=True)
def reply_log_pe(parent, path, t, n_hist, model, sb, out_moves, out_logpe):
    """For White to move at ``parent`` (row t - 1 of ``path``): every reply's move and log P(e); returns their count."""
    n = gen_moves(parent, out_moves)
    kid = np.empty(parent.shape[0], np.int64)
    feats = np.empty((n, N_FEATURES), np.int64)
    for k in range(n):
        play_into(parent, out_moves[k], kid)
        features_into(kid, feats[k])
    states = np.empty((n, N_FEATURES), np.int64)
    score_children(feats, n, path, t, n_hist, states, out_logpe, model, sb)
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
    """Black with the asymmetric search: a player for :func:`pawnslib.tournament.play_game`.

    It keeps the game's :class:`~pawnslib.predict.Predictor`: the prs of White's actual
    moves (whose ``seen`` table the search reads) and, per White move, whether the
    thesis's ``seen_before`` made a prediction (some reply was likely), whether it was
    correct (the actual reply was likely) and how many replies were likely. These
    statistics are always ``seen_before``'s, whatever ``mostlikely`` the search uses.
    """

    weights: tuple[int, ...]
    model: OpponentModel
    sb: int
    depth: int = 6
    mostlikely: str | tuple = "seen_before"
    predictor: Predictor = field(default_factory=Predictor)

    def __post_init__(self):
        self.w = check_weights(self.weights)
        self.mode, self.max_pr = predicate(self.mostlikely)
        self.arrays = tuple(self.model.kernel_arrays())  # a plain tuple: what the kernels take
        self.sb = self.model._check_sb(self.sb)

    def _path(self, history: list[Position], extra: int) -> tuple[np.ndarray, int]:
        """The discretised tail of ``history`` that P(e) can reach, ``extra`` free rows after it, and its last row.

        A reply at row t looks back to rows t - 2, ..., t - 2 * (n_slices - 1), so older positions are never read;
        discretising only the tail keeps each move's work independent of the game's length.
        """
        tail = history[-(2 * (self.model.n_slices - 1) + 1):]
        path = np.zeros((len(tail) + extra, N_FEATURES), np.int64)
        for j, pos in enumerate(tail):
            discretise_lut_into(self.arrays[8], self.arrays[9], pos.features(), path[j])
        return path, len(tail) - 1

    def choose(self, history: list[Position], seed: int | None) -> SearchResult:
        """Search the last position of ``history`` (Black to move).

        Args:
            history: the game's consecutive positions so far, the root last; it may start mid-game.
            seed: seeds the tie-breaking noise (``None``: none).

        Returns:
            SearchResult whose ``info`` has the deepest ply ``reached``, whether a line was
            ``extended`` past ``depth``, and ``pe_children``, the replies scored by P(e).

        Raises:
            ValueError: White to move, a finished game, or a bad seed.
        """
        root = history[-1]
        check_search_args(root, self.depth, seed)
        if root.side_to_move != "black":
            raise ValueError("the asymmetric search plays Black (it predicts White's replies)")
        path, base = self._path(history, self.depth + EXTENSION + 1)
        t0 = time.perf_counter()
        move, value, nodes, reach, scored = asym_kernel(
            root.array, self.w, self.depth, -1 if seed is None else seed, path, base,
            self.model.n_slices - 1, self.arrays, self.sb, self.mode, self.max_pr, self.predictor.seen)
        seconds = time.perf_counter() - t0
        info = {"reached": int(reach), "extended": bool(reach > self.depth), "pe_children": int(scored)}
        return SearchResult(Move.from_code(move), float(value), int(nodes), seconds, info)

    def observe(self, history: list[Position]) -> dict | None:
        """After White's move: its pr, whether it was predicted, then remember its pr."""
        parent, child = history[-2], history[-1]
        if parent.side_to_move != "white":
            return None
        path, base = self._path(history, 0)
        moves, logpe = np.empty(MAX_MOVES, np.int64), np.empty(MAX_MOVES, np.float64)
        n = reply_log_pe(parent.array, path, base, self.model.n_slices - 1, self.arrays, self.sb, moves, logpe)
        played = next((k for k in range(n) if parent.play(int(moves[k])) == child), None)
        if played is None:
            raise ValueError(f"{child.to_text()!r} is not reachable in one move from {parent.to_text()!r}")
        hit = self.predictor.observe(logpe[:n], played)  # scores against earlier prs, then records this one
        pr = self.predictor.played[-1]
        return {"pr": [pr.numerator * n // pr.denominator, n], "prediction_made": hit is not None,
                "predicted": bool(hit), "likely": self.predictor.likely_sizes[-1] if hit is not None else 0}


@lru_cache(maxsize=4)
def _load(path: str) -> OpponentModel:
    return OpponentModel.load(path)


@dataclass(frozen=True)
class AsymFactory:
    """``factory(weights, depth) -> AsymPlayer`` for tournaments; loads the model once per process.

    Black's strategy id is looked up from its weights in ``strategies``.
    """

    model_path: str
    strategies: tuple[tuple[int, tuple[int, ...]], ...]
    mostlikely: str | tuple = "seen_before"

    def __call__(self, weights, depth: int) -> AsymPlayer:
        sb = next(sid for sid, w in self.strategies if tuple(w) == tuple(weights))
        return AsymPlayer(tuple(weights), _load(str(Path(self.model_path))), sb, depth, self.mostlikely)


def compare_with_plain(records: list[dict], model: OpponentModel, strategies: dict, depth: int = 6, every: int = 4,
                       mostlikely: str | tuple = "seen_before") -> pd.DataFrame:
    """Plain and asymmetric search on the same positions, back to back: the fair speed comparison.

    The positions are every ``every``-th Black move of the games in ``records``, each searched
    with Black's strategy; the asymmetric player first observes the game's White moves, so its
    ``seen_before`` state is the one it would have had in that game.

    Returns:
        One row per position: ``plain_seconds``, ``asym_seconds``, ``plain_nodes``,
        ``asym_nodes``, ``extended``, ``pe_children``.
    """
    rows = []
    for r in records:
        texts = r["positions"]
        for t in range(0, len(texts) - 1, 2 * every):
            hist = [Position.from_text(x) for x in texts[: t + 1]]
            seed = derive_seed(r["round"], r["black"], r["white"], t)
            player = AsymPlayer(tuple(strategies[r["black"]]), model, r["black"], depth, mostlikely)
            for j in range(2, len(hist), 2):
                player.observe(hist[: j + 1])
            if not rows:  # load the compiled kernels before timing anything
                search(hist[-1], player.weights, depth, seed)
                AsymPlayer(player.weights, model, player.sb, depth, mostlikely).choose(hist, seed)
            plain, asym = search(hist[-1], player.weights, depth, seed), player.choose(hist, seed)
            rows.append({"plain_seconds": plain.seconds, "asym_seconds": asym.seconds, "plain_nodes": plain.nodes,
                         "asym_nodes": asym.nodes, "extended": asym.info["extended"],
                         "pe_children": asym.info["pe_children"]})
    return pd.DataFrame(rows)
