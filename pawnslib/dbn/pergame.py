"""Per-game EM: the opponent model whose latent S_w is drawn once per game (beyond the thesis).

:func:`pawnslib.em.em` gives every training row its own latent S_w, so EM learns clusters of
*moves*: nothing ties a game's rows to one White player, and recognising White's strategy from a
game fails. Here every row of a game shares one latent state, as in the DBN the search queries
(one S_w node for all slices of a chain). :func:`em_per_game` is the exact EM of that model, with
``L`` the latent node, ``k`` its state and ``row`` a row's other nodes:

* E-step, per game g: ``l_g(k) = log P(L = k) + sum_{rows r of g} log P(row r | L = k)`` (P(L)
  once per game), the posterior ``q_g = softmax(l_g)`` and the log-likelihood
  ``sum_g logsumexp(l_g)``.
* M-step: every row of game g counts ``q_g(k)`` under each k towards every CPT but L's; L's CPT
  counts ``q_g`` once per game. Then, as in :func:`pawnslib.em.em`, each CPT entry gets the
  Dirichlet pseudo-count ``a`` and rows are normalised (its ``_m_pass``), so that EM climbs
  ``objective = loglik + a * sum(log theta)``.

With one row per game this is exactly :func:`pawnslib.em.em` on the same data. The rows are
deduplicated (the thesis set's 64,491 training rows hold 16,262 distinct ones): each iteration
computes every distinct row's log-likelihood under each latent state once, and a game is a list of
(distinct row, multiplicity) pairs. ``OpponentModel.fit(rows, latent="game")`` uses it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np
from numba import njit

from pawnslib.dbn.em import MISSING, EMResult, Structure, _m_pass, random_cpts, uniform_cpts

LATENTS = ("row", "game")  # OpponentModel.fit's ``latent``: S_w drawn per training row, or once per game


def check_latent(latent: object) -> str:
    """Check ``OpponentModel.fit``'s ``latent``.

    Args:
        latent: how S_w is drawn: ``"row"`` or ``"game"``.

    Returns:
        ``latent``.

    Raises:
        ValueError: anything else (the message lists the choices).
    """
    if not isinstance(latent, str) or latent not in LATENTS:
        raise ValueError(f"latent must be one of {', '.join(map(repr, LATENTS))} (S_w drawn per training row, "
                         f"or once per game), got {latent!r}")
    return latent


@dataclass
class GameEMResult(EMResult):
    """What :func:`em_per_game` found: an :class:`~.em.EMResult` (the restart of highest
    final *objective*) and the games' posteriors.

    Attributes:
        games: (G,) the distinct game ids, ascending.
        posterior: (G, K) P(latent | game g's rows) under ``cpts``, row g for ``games[g]``.
    """

    games: np.ndarray = field(default_factory=lambda: np.empty(0, np.int64))
    posterior: np.ndarray = field(default_factory=lambda: np.empty((0, 0)))


class _Games(NamedTuple):
    idx: np.ndarray  # (U, K, V-1): flat parameter index of distinct row u's other nodes' entries, given L = k
    lat: np.ndarray  # (K,): flat parameter index of P(L = k)
    starts: np.ndarray  # (G+1,): game g's pairs are starts[g]:starts[g+1]
    pair_row: np.ndarray  # (P,): each pair's distinct row
    pair_mult: np.ndarray  # (P,) float64: how often the game holds that row
    offsets: np.ndarray  # (V+1,): node v's CPT is the flat parameters offsets[v]:offsets[v+1]
    games: np.ndarray  # (G,): the game ids, ascending


def _prepare(structure: Structure, data: np.ndarray, games: np.ndarray, latent: int) -> _Games:
    sizes = [int(np.prod(structure.shape(v))) for v in range(len(structure.names))]
    offsets = np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)
    uniq, inv = np.unique(data, axis=0, return_inverse=True)
    ids, game = np.unique(games, return_inverse=True)
    key, mult = np.unique(game.reshape(-1) * len(uniq) + inv.reshape(-1), return_counts=True)
    starts = np.searchsorted(key // len(uniq), np.arange(len(ids) + 1)).astype(np.int64)
    others = [v for v in range(len(structure.names)) if v != latent]
    k = structure.cards[latent]
    idx = np.empty((len(uniq), k, len(others)), np.int64)
    x = uniq.copy()
    for s in range(k):
        x[:, latent] = s
        for j, v in enumerate(others):
            fam = [x[:, p] for p in structure.parents[v]] + [x[:, v]]
            idx[:, s, j] = offsets[v] + np.ravel_multi_index(fam, structure.shape(v))
    lat = offsets[latent] + np.arange(k, dtype=np.int64)
    return _Games(idx, lat, starts, (key % len(uniq)).astype(np.int64), mult.astype(np.float64), offsets, ids)


@njit(cache=True)
def _e_pass(idx, lat, starts, pair_row, pair_mult, logtheta, rowll, w, post, counts):
    # The E-step and expected counts; returns (loglik, -1) or (nan, index of an impossible game).
    n_uniq, k, n_other = idx.shape
    for u in range(n_uniq):
        for s in range(k):
            acc = 0.0
            for j in range(n_other):
                acc += logtheta[idx[u, s, j]]
            rowll[u, s] = acc
    w[:] = 0.0
    counts[:] = 0.0
    lp = np.empty(k)
    ll = 0.0
    for g in range(starts.shape[0] - 1):
        for s in range(k):
            lp[s] = logtheta[lat[s]]
        for p in range(starts[g], starts[g + 1]):
            for s in range(k):
                lp[s] += pair_mult[p] * rowll[pair_row[p], s]
        mx = -np.inf
        for s in range(k):
            mx = max(mx, lp[s])
        if mx == -np.inf:
            return np.nan, g
        tot = 0.0
        for s in range(k):
            lp[s] = np.exp(lp[s] - mx)
            tot += lp[s]
        ll += mx + np.log(tot)
        for s in range(k):
            post[g, s] = lp[s] / tot
            counts[lat[s]] += post[g, s]  # the latent node: one count per game
        for p in range(starts[g], starts[g + 1]):
            for s in range(k):
                w[pair_row[p], s] += pair_mult[p] * post[g, s]
    for u in range(n_uniq):  # every other node: each row weighted by its game's posterior
        for s in range(k):
            for j in range(n_other):
                counts[idx[u, s, j]] += w[u, s]
    return ll, -1


def _check(structure: Structure, data: np.ndarray, games: np.ndarray) -> int:
    # Validate em_per_game's data and game ids; return the latent node's index.
    n_nodes = len(structure.names)
    if data.ndim != 2 or data.shape[1] != n_nodes:
        raise ValueError(f"data must have shape (rows, {n_nodes}), got {data.shape}")
    if len(data) == 0:
        raise ValueError("no data rows")
    if not np.issubdtype(data.dtype, np.integer):
        raise ValueError(f"data must hold integer states (-1 = missing), got dtype {data.dtype}")
    if games.shape != (len(data),) or not np.issubdtype(games.dtype, np.integer):
        raise ValueError(f"games must hold one integer game id per row ({len(data)}), got {games.dtype} "
                         f"of shape {games.shape}")
    bad = (data < MISSING) | (data >= np.array(structure.cards))
    if bad.any():
        r, v = np.argwhere(bad)[0]
        raise ValueError(f"row {r}, node {structure.names[v]!r}: state {data[r, v]} is outside "
                         f"0..{structure.cards[v] - 1}")
    latent = np.flatnonzero((data == MISSING).all(axis=0))
    if len(latent) != 1:
        raise ValueError(f"exactly one node must be latent (a column of {MISSING}), got "
                         f"{[structure.names[v] for v in latent]}")
    lat = int(latent[0])
    partly = (data == MISSING) & (np.arange(n_nodes) != lat)
    if partly.any():
        r, v = np.argwhere(partly)[0]
        raise ValueError(f"row {r}, node {structure.names[v]!r}: missing; only the latent node "
                         f"{structure.names[lat]!r} may be")
    if structure.parents[lat]:
        raise ValueError(f"the latent node {structure.names[lat]!r} must have no parents (it is drawn once per game)")
    return lat


def em_per_game(
    structure: Structure,
    data: np.ndarray,
    games: np.ndarray,
    *,
    init: str | Sequence[np.ndarray] = "random",
    pseudo_count: float = 1.0,
    max_iter: int = 100,
    tol: float = 1e-8,
    restarts: int = 1,
    seed: int | None = None,
) -> GameEMResult:
    """Fit a network's CPTs by EM, its one latent node shared by all rows of a game.

    Args:
        structure: the network; the latent node must have no parents.
        data: (R, V) integer states, one column per node: the latent node's column all ``-1``
            (:data:`~.em.MISSING`), every other cell observed.
        games: (R,) integer game id of each row (any order; equal ids = one game).
        init, pseudo_count, max_iter, tol, seed: as :func:`pawnslib.em.em` (the same random
            initial CPTs for the same seed).
        restarts: independent runs from random CPTs; the best final objective is kept.

    Returns:
        A :class:`GameEMResult`: ``loglik`` is sum_g log P(game g's rows), ``objective`` adds
        ``pseudo_count * sum(log theta)`` and never decreases.

    Raises:
        ValueError: bad shapes, states out of range, not exactly one latent column, another
            missing value, a latent node with parents, bad ``init``, a negative pseudo-count,
            ``restarts`` < 1 or ``max_iter`` < 0, or a game impossible under the parameters
            (zeros in ``init`` with pseudo-count 0).
    """
    data, games = np.asarray(data), np.asarray(games)
    latent = _check(structure, data, games)
    if pseudo_count < 0:
        raise ValueError(f"pseudo_count must be >= 0, got {pseudo_count}")
    if restarts < 1 or max_iter < 0:
        raise ValueError(f"need restarts >= 1 and max_iter >= 0, got {restarts}, {max_iter}")
    rng = np.random.default_rng(seed)
    if isinstance(init, str):
        if init not in ("random", "uniform"):
            raise ValueError(f"init must be 'random', 'uniform' or a list of CPTs, got {init!r}")
        inits = [random_cpts(structure, rng) if init == "random" else uniform_cpts(structure)
                 for _ in range(restarts if init == "random" else 1)]
    else:
        inits = [[np.asarray(c, np.float64) for c in init]]
        if len(inits[0]) != len(structure.names):
            raise ValueError(f"init must hold {len(structure.names)} CPTs, got {len(inits[0])}")
        for v, c in enumerate(inits[0]):
            if c.shape != structure.shape(v) or c.min() < 0 or np.abs(c.sum(-1) - 1).max() > 1e-6:
                raise ValueError(f"initial CPT of {structure.names[v]!r} must be distributions "
                                 f"of shape {structure.shape(v)}")
    gd = _prepare(structure, data.astype(np.int64), games.astype(np.int64), latent)
    runs = [_run(structure, gd, c, float(pseudo_count), max_iter, tol) for c in inits]
    best = max(runs, key=lambda r: r.objective[-1])
    best.restart_objectives = np.array([r.objective[-1] for r in runs])
    best.restart_logliks = [r.loglik for r in runs]
    return best


def _run(structure: Structure, gd: _Games, cpts: Sequence[np.ndarray], pseudo_count: float, max_iter: int,
         tol: float) -> GameEMResult:
    cards = np.array(structure.cards, np.int64)
    theta = np.concatenate([np.asarray(c, np.float64).ravel() for c in cpts])
    with np.errstate(divide="ignore"):
        logtheta = np.log(theta)
    n_uniq, k = gd.idx.shape[:2]
    rowll, w, post = np.empty((n_uniq, k)), np.empty((n_uniq, k)), np.empty((len(gd.games), k))
    estep, counts = np.empty_like(theta), None  # counts: the E-step that made theta
    lls, objs, converged = [], [], False
    for it in range(max_iter + 1):
        ll, bad = _e_pass(gd.idx, gd.lat, gd.starts, gd.pair_row, gd.pair_mult, logtheta, rowll, w, post, estep)
        if bad >= 0:
            raise ValueError(f"game {gd.games[bad]} has probability zero under the current parameters; use a "
                             "positive pseudo-count or positive initial CPTs")
        lls.append(ll)
        objs.append(ll + (pseudo_count * float(logtheta.sum()) if pseudo_count else 0.0))
        converged = it > 0 and abs(objs[-1] - objs[-2]) <= tol * abs(objs[-1])
        if converged or it == max_iter:
            break
        counts, estep = estep, (counts if counts is not None else np.empty_like(theta))
        _m_pass(counts, gd.offsets, cards, pseudo_count, theta, logtheta)
    counts = estep if counts is None else counts

    def split(flat):
        o = gd.offsets
        return [flat[o[v]:o[v + 1]].reshape(structure.shape(v)) for v in range(len(cards))]

    return GameEMResult(split(theta), split(counts), np.array(lls), np.array(objs), len(lls) - 1, converged,
                        games=gd.games, posterior=post)
