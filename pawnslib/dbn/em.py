"""Discrete EM for Bayesian networks, one latent state per row or one per game (``groups``): the driver, its numba
passes and the data layouts they run on.

:func:`run_em` learns the CPTs of any discrete network (a :class:`Structure`) from integer data with missing values
(``MISSING``). A Dirichlet pseudo-count ``a`` keeps every probability positive; EM then climbs
``loglik + a * sum(log theta)``, the ``objective`` it records per iteration (the log-likelihood when ``a = 0``).
Two modes share the restart loop and the climb; each has its own layout of the data and its own E-step:

* ``groups=None``: any pattern of missing values, each row on its own; of the restarts, the one of highest
  final log-likelihood is kept (the thesis's model: S_w drawn per training row). The rows are deduplicated and
  each is given one entry per joint state of its missing values (:func:`expand_rows`); the E-step is a
  log-sum-exp over a row's entries (:func:`e_step_rows`).
* ``groups=<game id per row>``: one latent node L drawn once per game and shared by all its rows, every other
  value observed; the E-step weighs a game's rows together (``l_g(k) = log P(L = k) + sum_{rows r of g}
  log P(row r | L = k)``) and the result also holds each game's posterior over L. The restart of highest
  final objective is kept. With one row per game this is the per-row EM on the same data. Each distinct row's
  log-likelihood under each state k of L is computed once, and a game is a list of (distinct row, multiplicity)
  pairs (:func:`group_rows`); its posterior is ``softmax(l_g)``, and L's CPT counts it once per game, every other
  node once per row (:func:`e_step_games`).
* :func:`m_step`, for both: each CPT row normalised from its expected counts plus the Dirichlet pseudo-count.

In the numba passes a network is plain tuples: ``parents[v]`` (node indices) and ``cards[v]`` (state counts); node
v's CPT is the run ``offsets[v]:offsets[v+1]`` of one flat parameter vector, in C order over (parents..., v).

:mod:`pawnslib.dbn.bridge` runs it on pgmpy networks; :mod:`pawnslib.dbn.learn` on the opponent model's slice.
Imports nothing from pawnslib.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np
from numba import njit

EM_RESTARTS = 5  # EM restarts from seeded random parameters; the best objective wins
EM_MAX_ITER = 300  # EM iterations at most per restart
EM_TOL = 1e-8  # EM stops when the objective changes by at most EM_TOL * |objective|
PSEUDO_COUNT = 1.0  # Dirichlet pseudo-count of every CPT entry in EM (no zero probabilities)

MISSING = -1  # a missing value in the integer data given to :func:`run_em`


# ---------------------------------------------------------------------------- CPT layout


def cpt_shape(parents: tuple[tuple[int, ...], ...], cards: tuple[int, ...], v: int) -> tuple[int, ...]:
    """Node v's CPT shape: its parents' state counts, then its own."""
    return tuple(cards[p] for p in parents[v]) + (cards[v],)


def cpt_offsets(parents: tuple[tuple[int, ...], ...], cards: tuple[int, ...]) -> np.ndarray:
    """(V+1,) int64: node v's CPT is the flat parameters ``offsets[v]:offsets[v+1]``."""
    sizes = [int(np.prod(cpt_shape(parents, cards, v))) for v in range(len(cards))]
    return np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)


# ---------------------------------------------------------------------------- per row


class RowLayout(NamedTuple):
    """The rows as :func:`e_step_rows` reads them."""

    idx: np.ndarray  # (E, V): flat parameter index of each node's CPT entry, per expanded entry
    starts: np.ndarray  # first entry of each unique row
    lengths: np.ndarray  # entries per unique row (the joint states of its missing variables)
    weight: np.ndarray  # multiplicity (or summed weight) of each unique row
    offsets: np.ndarray  # (V+1,): see cpt_offsets


def _unique_rows(data: np.ndarray, weights: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
    # One integer key per row (mixed radix over the states + 1) when it fits: far faster
    # than np.unique(axis=0).
    radix = data.max(axis=0).astype(np.int64) + 2
    if np.sum(np.log2(radix)) < 62:
        key = (data + 1) @ np.concatenate([np.cumprod(radix[::-1])[::-1][1:], [1]])
        _, first, inv = np.unique(key, return_index=True, return_inverse=True)
        uniq = data[first]
    else:
        uniq, inv = np.unique(data, axis=0, return_inverse=True)
    return uniq, np.bincount(inv.reshape(-1), weights=weights, minlength=len(uniq)).astype(np.float64)


def _missing_patterns(uniq: np.ndarray, cards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    # Each distinct pattern of missing values, and each row's pattern.
    missing = uniq < 0
    if len(cards) < 63:  # one bit per node, as np.unique(axis=0) is slow
        key = (missing * (1 << np.arange(len(cards)))).sum(axis=1)
        _, first, pat = np.unique(key, return_index=True, return_inverse=True)
        return missing[first], pat.reshape(-1)
    masks, pat = np.unique(missing, axis=0, return_inverse=True)
    return masks, pat.reshape(-1)


def expand_rows(parents: tuple[tuple[int, ...], ...], cards: tuple[int, ...], data: np.ndarray,
                weights: np.ndarray | None) -> RowLayout:
    """Deduplicate the rows, then give each one entry per joint state of its missing variables.

    Args:
        parents, cards: the network.
        data: (R, V) int64 states, ``-1`` where missing (checked by the caller).
        weights: (R,) row weights, or None for 1 each.

    Returns:
        The :class:`RowLayout`.
    """
    uniq, w = _unique_rows(data, weights)
    cards_ = np.array(cards)
    masks, pat = _missing_patterns(uniq, cards_)
    order = np.argsort(pat, kind="stable")
    uniq, w, pat = uniq[order], w[order], pat[order]
    parts, lengths = [], []
    for p, mask in enumerate(masks):
        rows = uniq[pat == p]
        miss = np.flatnonzero(mask)
        combos = np.array(list(np.ndindex(*cards_[miss])), np.int64).reshape(int(np.prod(cards_[miss])), len(miss))
        x = np.repeat(rows, len(combos), axis=0)
        x[:, miss] = np.tile(combos, (len(rows), 1))
        parts.append(x)
        lengths.append(np.full(len(rows), len(combos)))
    x = np.concatenate(parts)
    lengths = np.concatenate(lengths)
    starts = np.concatenate([[0], np.cumsum(lengths)[:-1]])
    offsets = cpt_offsets(parents, cards)
    width = 1 + max(len(p) for p in parents)
    fam = np.full((len(cards), width), -1, np.int64)  # node v's family (parents..., v), padded
    strides = np.zeros((len(cards), width), np.int64)  # and its C-order strides in v's CPT
    for v, ps in enumerate(parents):
        shape = cpt_shape(parents, cards, v)
        fam[v, : len(shape)] = [*ps, v]
        strides[v, : len(shape)] = np.cumprod((shape[1:] + (1,))[::-1])[::-1]
    idx = np.empty((len(x), len(cards)), np.int64)
    _flat_index(x, fam, strides, offsets, idx)
    return RowLayout(idx, starts.astype(np.int64), lengths.astype(np.int64), w, offsets)


@njit(cache=True)
def _flat_index(x, fam, strides, offsets, out):
    # out[e, v] = offsets[v] + flat index of entry e's (parents..., v) states in v's CPT.
    for e in range(x.shape[0]):
        for v in range(fam.shape[0]):
            i = offsets[v]
            for j in range(fam.shape[1]):
                if fam[v, j] >= 0:
                    i += x[e, fam[v, j]] * strides[v, j]
            out[e, v] = i


@njit(cache=True)
def e_step_rows(idx, starts, lengths, weight, logtheta, counts):  # noqa: PLR0917  numba kernel: numba compiles no keyword-only parameter
    """The E-step and expected counts (into ``counts``) of a :class:`RowLayout` at ``logtheta``.

    Returns (loglik, -1), or (nan, r) when unique row r has probability zero.
    """
    counts[:] = 0.0
    lp = np.empty(lengths.max())
    ll = 0.0
    for r in range(starts.shape[0]):
        s0, n = starts[r], lengths[r]
        mx = -np.inf
        for e in range(n):
            acc = 0.0
            for v in range(idx.shape[1]):
                acc += logtheta[idx[s0 + e, v]]
            lp[e] = acc
            mx = max(mx, acc)
        if mx == -np.inf:
            return np.nan, r
        tot = 0.0
        for e in range(n):
            lp[e] = np.exp(lp[e] - mx)
            tot += lp[e]
        ll += weight[r] * (mx + np.log(tot))
        for e in range(n):
            w = weight[r] * lp[e] / tot
            for v in range(idx.shape[1]):
                counts[idx[s0 + e, v]] += w
    return ll, -1


# ---------------------------------------------------------------------------- per game


class GameLayout(NamedTuple):
    """The games as :func:`e_step_games` reads them."""

    idx: np.ndarray  # (U, K, V-1): flat parameter index of distinct row u's other nodes' entries, given L = k
    lat: np.ndarray  # (K,): flat parameter index of P(L = k)
    starts: np.ndarray  # (G+1,): game g's pairs are starts[g]:starts[g+1]
    pair_row: np.ndarray  # (P,): each pair's distinct row
    pair_mult: np.ndarray  # (P,) float64: how often the game holds that row
    offsets: np.ndarray  # (V+1,): see cpt_offsets
    games: np.ndarray  # (G,): the game ids, ascending


def group_rows(parents: tuple[tuple[int, ...], ...], cards: tuple[int, ...], data: np.ndarray, games: np.ndarray,
               latent: int) -> GameLayout:
    """The distinct rows, each game's (distinct row, multiplicity) pairs, and the CPT entries of every row.

    Args:
        parents, cards: the network.
        data: (R, V) int64 states; column ``latent`` all missing, every other cell observed (checked by the caller).
        games: (R,) int64 game id of each row.
        latent: the latent node, which has no parents.

    Returns:
        The :class:`GameLayout`.
    """
    offsets = cpt_offsets(parents, cards)
    uniq, inv = np.unique(data, axis=0, return_inverse=True)
    ids, game = np.unique(games, return_inverse=True)
    key, mult = np.unique(game.reshape(-1) * len(uniq) + inv.reshape(-1), return_counts=True)
    starts = np.searchsorted(key // len(uniq), np.arange(len(ids) + 1)).astype(np.int64)
    others = [v for v in range(len(cards)) if v != latent]
    k = cards[latent]
    idx = np.empty((len(uniq), k, len(others)), np.int64)
    x = uniq.copy()
    for s in range(k):
        x[:, latent] = s
        for j, v in enumerate(others):
            fam = [x[:, p] for p in parents[v]] + [x[:, v]]
            idx[:, s, j] = offsets[v] + np.ravel_multi_index(fam, cpt_shape(parents, cards, v))
    lat = offsets[latent] + np.arange(k, dtype=np.int64)
    return GameLayout(idx, lat, starts, (key % len(uniq)).astype(np.int64), mult.astype(np.float64), offsets, ids)


@njit(cache=True, inline="always")
def _row_logliks(idx, logtheta, rowll):
    """rowll[u, s] = log P(distinct row u's other nodes | L = s)."""
    n_uniq, k, n_other = idx.shape
    for u in range(n_uniq):
        for s in range(k):
            acc = 0.0
            for j in range(n_other):
                acc += logtheta[idx[u, s, j]]
            rowll[u, s] = acc


@njit(cache=True, inline="always")
def _game_weights(g, lat, starts, pair_row, pair_mult, logtheta, rowll, lp):  # noqa: PLR0917  numba kernel: numba compiles no keyword-only parameter
    """Game g's ``l_g`` into ``lp``, then ``lp = exp(l_g - max l_g)``: returns (max l_g, sum lp), or (-inf, 0.0)
    when the game has probability zero."""
    k = lp.size
    for s in range(k):
        lp[s] = logtheta[lat[s]]
    for p in range(starts[g], starts[g + 1]):
        for s in range(k):
            lp[s] += pair_mult[p] * rowll[pair_row[p], s]
    mx = -np.inf
    for s in range(k):
        mx = max(mx, lp[s])
    if mx == -np.inf:
        return mx, 0.0
    tot = 0.0
    for s in range(k):
        lp[s] = np.exp(lp[s] - mx)
        tot += lp[s]
    return mx, tot


@njit(cache=True, inline="always")
def _other_counts(idx, w, counts):
    """Every node but the latent one: each distinct row's entries counted with its weight ``w[u, s]``."""
    n_uniq, k, n_other = idx.shape
    for u in range(n_uniq):
        for s in range(k):
            for j in range(n_other):
                counts[idx[u, s, j]] += w[u, s]


@njit(cache=True)
def e_step_games(idx, lat, starts, pair_row, pair_mult, logtheta, rowll, w, post, counts):  # noqa: PLR0917  numba kernel: numba compiles no keyword-only parameter
    """The E-step and expected counts (into ``counts``) of a :class:`GameLayout` at ``logtheta``.

    ``rowll`` and ``w`` are (U, K) scratch; ``post`` (G, K) receives each game's posterior over L.
    Returns (loglik, -1), or (nan, g) when game g has probability zero.
    """
    k = idx.shape[1]
    _row_logliks(idx, logtheta, rowll)
    w[:] = 0.0
    counts[:] = 0.0
    lp = np.empty(k)
    ll = 0.0
    for g in range(starts.shape[0] - 1):
        mx, tot = _game_weights(g, lat, starts, pair_row, pair_mult, logtheta, rowll, lp)
        if mx == -np.inf:
            return np.nan, g
        ll += mx + np.log(tot)
        for s in range(k):
            post[g, s] = lp[s] / tot
            counts[lat[s]] += post[g, s]  # the latent node: one count per game
        for p in range(starts[g], starts[g + 1]):
            for s in range(k):
                w[pair_row[p], s] += pair_mult[p] * post[g, s]
    _other_counts(idx, w, counts)  # each row weighted by its game's posterior
    return ll, -1


# ---------------------------------------------------------------------------- M-step


@njit(cache=True)
def m_step(counts, offsets, cards, pseudo_count, theta, logtheta):  # noqa: PLR0917  numba kernel: numba compiles no keyword-only parameter
    """theta = (counts + pseudo_count) normalised per parent configuration, and its log; returns sum(log theta)."""
    total = 0.0
    for v in range(cards.shape[0]):
        k = cards[v]
        for a in range(offsets[v], offsets[v + 1], k):
            tot = 0.0
            for j in range(a, a + k):
                tot += counts[j] + pseudo_count
            for j in range(a, a + k):
                # A parent configuration never seen (only with pseudo-count 0): uniform.
                theta[j] = (counts[j] + pseudo_count) / tot if tot > 0 else 1.0 / k
                logtheta[j] = np.log(theta[j]) if theta[j] > 0 else -np.inf
                total += logtheta[j]
    return total


# ---------------------------------------------------------------------------- the driver


@dataclass(frozen=True)
class Structure:
    """A discrete Bayesian network's shape: node names, parent indices, state counts.

    A node's CPT is an array of shape :meth:`shape`: its parents' states (in the order of
    ``parents``) index the leading axes, its own state the last, which sums to 1.
    """

    names: tuple[str, ...]
    parents: tuple[tuple[int, ...], ...]
    cards: tuple[int, ...]

    def shape(self, v: int) -> tuple[int, ...]:
        return cpt_shape(self.parents, self.cards, v)


def random_cpts(structure: Structure, rng: np.random.Generator) -> list[np.ndarray]:
    """CPTs whose rows are drawn from the flat Dirichlet."""
    out = []
    for v in range(len(structure.names)):
        x = rng.exponential(size=structure.shape(v))
        out.append(x / x.sum(-1, keepdims=True))
    return out


def uniform_cpts(structure: Structure) -> list[np.ndarray]:
    return [np.full(structure.shape(v), 1.0 / structure.cards[v]) for v in range(len(structure.names))]


@dataclass
class EMResult:
    """What :func:`run_em` found (the restart it keeps, see the module docstring) and how.

    Attributes:
        cpts: the CPTs (see :class:`Structure`).
        counts: the expected counts of the last E-step, from which ``cpts`` were made.
        loglik: log-likelihood of the data at each iteration's parameters, the initial
            ones first and ``cpts`` last (``n_iter + 1`` values).
        objective: ``loglik + pseudo_count * sum(log theta)``, never decreasing.
        n_iter: M-steps made.
        converged: the objective's relative change fell below ``tol``.
        restart_objectives: the final objective of every restart.
        restart_logliks: the ``loglik`` history of every restart.
    """

    cpts: list[np.ndarray]
    counts: list[np.ndarray]
    loglik: np.ndarray
    objective: np.ndarray
    n_iter: int
    converged: bool
    restart_objectives: np.ndarray = field(default_factory=lambda: np.empty(0))
    restart_logliks: list[np.ndarray] = field(default_factory=list)


@dataclass
class GameEMResult(EMResult):
    """What :func:`run_em` with ``groups`` found: an :class:`EMResult` and the games' posteriors.

    Attributes:
        games: (G,) the distinct game ids, ascending.
        posterior: (G, K) P(latent | game g's rows) under ``cpts``, row g for ``games[g]``.
    """

    games: np.ndarray = field(default_factory=lambda: np.empty(0, np.int64))
    posterior: np.ndarray = field(default_factory=lambda: np.empty((0, 0)))


def run_em(structure: Structure, data: np.ndarray, *, groups: np.ndarray | None = None,
           weights: np.ndarray | None = None, init: str | Sequence[np.ndarray] = "random", pseudo_count: float = 1.0,
           max_iter: int = 100, tol: float = 1e-8, restarts: int = 1, seed: int | None = None) -> EMResult:
    """Fit a discrete network's CPTs to data with missing values by EM.

    Args:
        structure: the network.
        data: (R, V) integer states, one column per node, ``-1`` (:data:`MISSING`) where
            unobserved; a latent node is a column of -1.
        groups: None (each row on its own), or (R,) integer game id of each row (any order; equal ids = one
            game): then exactly one node is latent, it has no parents, and every other cell is observed.
        weights: optional (R,) row weights (default 1); per row only.
        init: ``"random"`` (flat-Dirichlet CPTs, a fresh draw per restart), ``"uniform"``,
            or a list of CPTs.
        pseudo_count: Dirichlet pseudo-count added to every expected count (0 = maximum
            likelihood).
        max_iter: at most this many iterations (M-steps).
        tol: stop when the objective's change is <= ``tol * |objective|``; 0 runs all
            ``max_iter`` iterations unless the parameters stop changing exactly.
        restarts: independent runs from random CPTs; the best final log-likelihood is kept
            (with ``groups``: the best final objective).
        seed: seed of the random initial CPTs (the same draws in both modes).

    Returns:
        An :class:`EMResult`; with ``groups`` a :class:`GameEMResult`, whose ``loglik`` is
        sum_g log P(game g's rows).

    Raises:
        ValueError: bad shapes, states out of range, a negative pseudo-count, bad ``init``,
            ``restarts`` < 1 or ``max_iter`` < 0, a row (game) impossible under the parameters
            (zeros in ``init`` with pseudo-count 0); with ``groups``: not exactly one latent
            column, another missing value, a latent node with parents, or ``weights``.
    """
    data = _checked_data(structure, data)
    latent = None if groups is None else _checked_latent(structure, data, groups, weights)
    if pseudo_count < 0:
        raise ValueError(f"pseudo_count must be >= 0, got {pseudo_count}")
    if weights is not None and (np.shape(weights) != (len(data),) or np.any(np.asarray(weights) < 0)):
        raise ValueError(f"weights must be {len(data)} non-negative numbers")
    if restarts < 1 or max_iter < 0:
        raise ValueError(f"need restarts >= 1 and max_iter >= 0, got {restarts}, {max_iter}")
    inits = _initial_cpts(structure, init, restarts, seed)
    x = data.astype(np.int64)
    if latent is None:
        run = _row_run(structure, expand_rows(structure.parents, structure.cards, x, weights))
    else:
        games = np.asarray(groups).astype(np.int64)
        run = _game_run(structure, group_rows(structure.parents, structure.cards, x, games, latent))
    runs = [run(c, float(pseudo_count), max_iter, tol) for c in inits]
    # Which restart is kept: per row the best final log-likelihood, per game the best final objective (what EM
    # climbs). Each mode keeps the rule its models were fitted by, so that the committed models stay as they are.
    best = max(runs, key=(lambda r: r.loglik[-1]) if latent is None else (lambda r: r.objective[-1]))
    best.restart_objectives = np.array([r.objective[-1] for r in runs])
    best.restart_logliks = [r.loglik for r in runs]
    return best


def _checked_data(structure: Structure, data: np.ndarray) -> np.ndarray:
    # The data as an array: ValueError unless (rows >= 1, V) integer states in range or MISSING.
    data = np.asarray(data)
    n_nodes = len(structure.names)
    if data.ndim != 2 or data.shape[1] != n_nodes:
        raise ValueError(f"data must have shape (rows, {n_nodes}), got {data.shape}")
    if len(data) == 0:
        raise ValueError("no data rows")
    if not np.issubdtype(data.dtype, np.integer):
        raise ValueError(f"data must hold integer states (-1 = missing), got dtype {data.dtype}")
    bad = (data < MISSING) | (data >= np.array(structure.cards))
    if bad.any():
        r, v = np.argwhere(bad)[0]
        raise ValueError(f"row {r}, node {structure.names[v]!r}: state {data[r, v]} is outside "
                         f"0..{structure.cards[v] - 1}")
    return data


def _checked_latent(structure: Structure, data: np.ndarray, groups: np.ndarray, weights: np.ndarray | None) -> int:
    # The latent node: ValueError unless the game ids and the data suit one latent per game.
    groups = np.asarray(groups)
    if groups.shape != (len(data),) or not np.issubdtype(groups.dtype, np.integer):
        raise ValueError(f"groups must hold one integer game id per row ({len(data)}), got {groups.dtype} "
                         f"of shape {groups.shape}")
    if weights is not None:
        raise ValueError("weights are per row: give either groups or weights")
    latent = np.flatnonzero((data == MISSING).all(axis=0))
    if len(latent) != 1:
        raise ValueError(f"exactly one node must be latent (a column of {MISSING}), got "
                         f"{[structure.names[v] for v in latent]}")
    lat = int(latent[0])
    partly = (data == MISSING) & (np.arange(len(structure.names)) != lat)
    if partly.any():
        r, v = np.argwhere(partly)[0]
        raise ValueError(f"row {r}, node {structure.names[v]!r}: missing; only the latent node "
                         f"{structure.names[lat]!r} may be")
    if structure.parents[lat]:
        raise ValueError(f"the latent node {structure.names[lat]!r} must have no parents (it is drawn once per game)")
    return lat


def _initial_cpts(structure: Structure, init: str | Sequence[np.ndarray], restarts: int,
                  seed: int | None) -> list[list[np.ndarray]]:
    # Each restart's initial CPTs: random ones drawn in turn from one generator, or the ones given (checked).
    rng = np.random.default_rng(seed)
    if isinstance(init, str):
        if init not in ("random", "uniform"):
            raise ValueError(f"init must be 'random', 'uniform' or a list of CPTs, got {init!r}")
        return [random_cpts(structure, rng) if init == "random" else uniform_cpts(structure)
                for _ in range(restarts if init == "random" else 1)]
    cpts = [np.asarray(c, np.float64) for c in init]
    if len(cpts) != len(structure.names):
        raise ValueError(f"init must hold {len(structure.names)} CPTs, got {len(cpts)}")
    for v, c in enumerate(cpts):
        if c.shape != structure.shape(v) or c.min() < 0 or np.abs(c.sum(-1) - 1).max() > 1e-6:
            raise ValueError(f"initial CPT of {structure.names[v]!r} must be distributions "
                             f"of shape {structure.shape(v)}")
    return [cpts]


Run = Callable[[Sequence[np.ndarray], float, int, float], EMResult]  # one restart: (cpts, pseudo_count, max_iter, tol)


def _row_run(structure: Structure, ex: RowLayout) -> Run:
    # One restart of per-row EM.
    def e_step(logtheta, counts):
        ll, bad = e_step_rows(ex.idx, ex.starts, ex.lengths, ex.weight, logtheta, counts)
        if bad >= 0:
            raise ValueError(f"a data row has probability zero under the current parameters (row {bad} of the "
                             "deduplicated data); use a positive pseudo-count or positive initial CPTs")
        return ll

    def run(cpts, pseudo_count, max_iter, tol):
        return EMResult(*_climb(structure, ex.offsets, cpts, e_step, pseudo_count=pseudo_count, max_iter=max_iter,
                                tol=tol))

    return run


def _game_run(structure: Structure, gd: GameLayout) -> Run:
    # One restart of per-game EM; each restart has its own posterior array, the one its result keeps.
    n_uniq, k = gd.idx.shape[:2]

    def run(cpts, pseudo_count, max_iter, tol):
        rowll, w, post = np.empty((n_uniq, k)), np.empty((n_uniq, k)), np.empty((len(gd.games), k))

        def e_step(logtheta, counts):
            ll, bad = e_step_games(gd.idx, gd.lat, gd.starts, gd.pair_row, gd.pair_mult, logtheta, rowll, w, post,
                                   counts)
            if bad >= 0:
                raise ValueError(f"game {gd.games[bad]} has probability zero under the current parameters; use a "
                                 "positive pseudo-count or positive initial CPTs")
            return ll

        found = _climb(structure, gd.offsets, cpts, e_step, pseudo_count=pseudo_count, max_iter=max_iter, tol=tol)
        return GameEMResult(*found, games=gd.games, posterior=post)

    return run


def _climb(structure: Structure, offsets: np.ndarray, cpts: Sequence[np.ndarray],
           e_step: Callable[[np.ndarray, np.ndarray], float], *, pseudo_count: float, max_iter: int,
           tol: float) -> tuple:
    # EM from ``cpts``: (cpts, counts, loglik, objective, n_iter, converged), EMResult's first fields.
    cards = np.array(structure.cards, np.int64)
    theta = np.concatenate([np.asarray(c, np.float64).ravel() for c in cpts])
    with np.errstate(divide="ignore"):
        logtheta = np.log(theta)
    estep, counts = np.empty_like(theta), None  # counts: the E-step that made theta
    lls, objs, converged = [], [], False
    for it in range(max_iter + 1):
        lls.append(e_step(logtheta, estep))
        objs.append(lls[-1] + (pseudo_count * float(logtheta.sum()) if pseudo_count else 0.0))
        converged = it > 0 and abs(objs[-1] - objs[-2]) <= tol * abs(objs[-1])
        if converged or it == max_iter:
            break
        counts, estep = estep, (counts if counts is not None else np.empty_like(theta))
        m_step(counts, offsets, cards, pseudo_count, theta, logtheta)
    counts = estep if counts is None else counts

    def split(flat):
        return [flat[offsets[v]:offsets[v + 1]].reshape(structure.shape(v)) for v in range(len(cards))]

    return split(theta), split(counts), np.array(lls), np.array(objs), len(lls) - 1, converged


def __getattr__(name: str):
    # ``em``, run_em's old name (the module's own too): it goes in the next release.
    if name == "em":
        warnings.warn("pawnslib.dbn.em.em is renamed pawnslib.dbn.em.run_em; the old name goes in the next release",
                      DeprecationWarning, stacklevel=2)
        return run_em
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
