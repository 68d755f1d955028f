"""Discrete EM for Bayesian networks: one latent state per row, or one per game (``groups``).

:func:`em` learns the CPTs of any discrete network (a :class:`Structure`) from integer data with missing values
(``MISSING``). A Dirichlet pseudo-count ``a`` keeps every probability positive; EM then climbs
``loglik + a * sum(log theta)``, the ``objective`` it records per iteration (the log-likelihood when ``a = 0``).
Two modes share the restart loop and the climb; :mod:`pawnslib.dbn.emsteps` has their numba passes:

* ``groups=None``: any pattern of missing values, each row on its own; of the restarts, the one of highest
  final log-likelihood is kept (the thesis's model: S_w drawn per training row).
* ``groups=<game id per row>``: one latent node drawn once per game and shared by all its rows, every other
  value observed; the E-step weighs a game's rows together (``l_g(k) = log P(L = k) + sum_{rows r of g}
  log P(row r | L = k)``) and the result also holds each game's posterior over L. The restart of highest
  final objective is kept. With one row per game this is the per-row EM on the same data.

:mod:`pawnslib.dbn.bridge` runs it on pgmpy networks; :mod:`pawnslib.dbn.learn` on the opponent model's slice.
Imports :mod:`pawnslib.dbn.emsteps`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from pawnslib.dbn.emsteps import (
    GameLayout,
    RowLayout,
    cpt_shape,
    e_step_games,
    e_step_rows,
    expand_rows,
    group_rows,
    m_step,
)

MISSING = -1  # a missing value in the integer data given to :func:`em`


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
    """What :func:`em` found (the restart it keeps, see the module docstring) and how.

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
    """What :func:`em` with ``groups`` found: an :class:`EMResult` and the games' posteriors.

    Attributes:
        games: (G,) the distinct game ids, ascending.
        posterior: (G, K) P(latent | game g's rows) under ``cpts``, row g for ``games[g]``.
    """

    games: np.ndarray = field(default_factory=lambda: np.empty(0, np.int64))
    posterior: np.ndarray = field(default_factory=lambda: np.empty((0, 0)))


def em(structure: Structure, data: np.ndarray, *, groups: np.ndarray | None = None, weights: np.ndarray | None = None,
       init: str | Sequence[np.ndarray] = "random", pseudo_count: float = 1.0, max_iter: int = 100, tol: float = 1e-8,
       restarts: int = 1, seed: int | None = None) -> EMResult:
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
        return EMResult(*_climb(structure, ex.offsets, cpts, e_step, pseudo_count, max_iter, tol))

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

        found = _climb(structure, gd.offsets, cpts, e_step, pseudo_count, max_iter, tol)
        return GameEMResult(*found, games=gd.games, posterior=post)

    return run


def _climb(structure: Structure, offsets: np.ndarray, cpts: Sequence[np.ndarray],
           e_step: Callable[[np.ndarray, np.ndarray], float], pseudo_count: float, max_iter: int,
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
