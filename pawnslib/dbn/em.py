"""Discrete EM for Bayesian networks, vectorised over all rows, and the bridge to pgmpy.

:func:`em` learns the CPTs of any discrete network (a :class:`Structure`) from integer data
with missing values (``MISSING``), and any pattern of missing values: rows are deduplicated,
each is expanded over the joint states of its missing variables, and every iteration is a
numba pass for the E-step and the expected counts (a log-sum-exp per row) and one for the
M-step, on flat parameter vectors. A Dirichlet pseudo-count ``a`` keeps every probability positive; EM then climbs
``loglik + a * sum(log theta)``, the ``objective`` it records per iteration (the log-likelihood
when ``a = 0``). :func:`fit_em` runs it on a pgmpy network and data frame, which is how the
tests hold it against pgmpy's ``DiscreteEM``; :mod:`pawnslib.dbn.model` uses it for the opponent model.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np
import pandas as pd
from numba import njit

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
        return tuple(self.cards[p] for p in self.parents[v]) + (self.cards[v],)


def random_cpts(structure: Structure, rng: np.random.Generator) -> list[np.ndarray]:
    """CPTs whose rows are drawn from the flat Dirichlet."""
    out = []
    for v in range(len(structure.names)):
        x = rng.exponential(size=structure.shape(v))
        out.append(x / x.sum(-1, keepdims=True))
    return out


def uniform_cpts(structure: Structure) -> list[np.ndarray]:
    return [np.full(structure.shape(v), 1.0 / structure.cards[v]) for v in range(len(structure.names))]


class _Expanded(NamedTuple):
    idx: np.ndarray  # (E, V): flat parameter index of each node's CPT entry, per expanded entry
    starts: np.ndarray  # first entry of each unique row
    lengths: np.ndarray  # entries per unique row (the joint states of its missing variables)
    weight: np.ndarray  # multiplicity (or summed weight) of each unique row
    offsets: np.ndarray  # (V+1,): node v's CPT is the flat parameters offsets[v]:offsets[v+1]


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


def _expand(structure: Structure, data: np.ndarray, weights: np.ndarray | None) -> _Expanded:
    # Deduplicate, then give each row one entry per joint state of its missing variables.
    uniq, w = _unique_rows(data, weights)
    cards = np.array(structure.cards)
    missing = uniq < 0
    if len(cards) < 63:  # one bit per node, as np.unique(axis=0) is slow
        key = (missing * (1 << np.arange(len(cards)))).sum(axis=1)
        _, first, pat = np.unique(key, return_index=True, return_inverse=True)
        masks = missing[first]
    else:
        masks, pat = np.unique(missing, axis=0, return_inverse=True)
    pat = pat.reshape(-1)
    order = np.argsort(pat, kind="stable")
    uniq, w, pat = uniq[order], w[order], pat[order]
    parts, lengths = [], []
    for p, mask in enumerate(masks):
        rows = uniq[pat == p]
        miss = np.flatnonzero(mask)
        combos = np.array(list(np.ndindex(*cards[miss])), np.int64).reshape(int(np.prod(cards[miss])), len(miss))
        x = np.repeat(rows, len(combos), axis=0)
        x[:, miss] = np.tile(combos, (len(rows), 1))
        parts.append(x)
        lengths.append(np.full(len(rows), len(combos)))
    x = np.concatenate(parts)
    lengths = np.concatenate(lengths)
    starts = np.concatenate([[0], np.cumsum(lengths)[:-1]])
    sizes = [int(np.prod(structure.shape(v))) for v in range(len(cards))]
    offsets = np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)
    width = 1 + max(len(p) for p in structure.parents)
    fam = np.full((len(cards), width), -1, np.int64)  # node v's family (parents..., v), padded
    strides = np.zeros((len(cards), width), np.int64)  # and its C-order strides in v's CPT
    for v, ps in enumerate(structure.parents):
        shape = structure.shape(v)
        fam[v, : len(shape)] = [*ps, v]
        strides[v, : len(shape)] = np.cumprod((shape[1:] + (1,))[::-1])[::-1]
    idx = np.empty((len(x), len(cards)), np.int64)
    _flat_index(x, fam, strides, offsets, idx)
    return _Expanded(idx, starts.astype(np.int64), lengths.astype(np.int64), w, offsets)


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
def _e_pass(idx, starts, lengths, weight, logtheta, counts):
    # E-step and expected counts in one pass; returns (loglik, -1) or (nan, impossible row).
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


@njit(cache=True)
def _m_pass(counts, offsets, cards, pseudo_count, theta, logtheta):
    # theta = normalised (counts + pseudo_count) per parent configuration; returns sum(log theta).
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


@dataclass
class EMResult:
    """What :func:`em` found (the restart of highest final log-likelihood) and how.

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


def em(
    structure: Structure,
    data: np.ndarray,
    *,
    weights: np.ndarray | None = None,
    init: str | Sequence[np.ndarray] = "random",
    pseudo_count: float = 1.0,
    max_iter: int = 100,
    tol: float = 1e-8,
    restarts: int = 1,
    seed: int | None = None,
) -> EMResult:
    """Fit a discrete network's CPTs to data with missing values by EM.

    Args:
        structure: the network.
        data: (R, V) integer states, one column per node, ``-1`` (:data:`MISSING`) where
            unobserved; a latent node is a column of -1.
        weights: optional (R,) row weights (default 1).
        init: ``"random"`` (flat-Dirichlet CPTs, a fresh draw per restart), ``"uniform"``,
            or a list of CPTs.
        pseudo_count: Dirichlet pseudo-count added to every expected count (0 = maximum
            likelihood).
        max_iter: at most this many iterations (M-steps).
        tol: stop when the objective's change is <= ``tol * |objective|``; 0 runs all
            ``max_iter`` iterations unless the parameters stop changing exactly.
        restarts: independent runs from random CPTs; the best final log-likelihood is kept.
        seed: seed of the random initial CPTs.

    Returns:
        An :class:`EMResult`.

    Raises:
        ValueError: bad shapes, states out of range, a negative pseudo-count, or a row
            impossible under the parameters (zeros in ``init`` with pseudo-count 0).
    """
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
    if pseudo_count < 0:
        raise ValueError(f"pseudo_count must be >= 0, got {pseudo_count}")
    if weights is not None and (np.shape(weights) != (len(data),) or np.any(np.asarray(weights) < 0)):
        raise ValueError(f"weights must be {len(data)} non-negative numbers")
    if restarts < 1 or max_iter < 0:
        raise ValueError(f"need restarts >= 1 and max_iter >= 0, got {restarts}, {max_iter}")
    ex = _expand(structure, data.astype(np.int64), weights)
    rng = np.random.default_rng(seed)
    if isinstance(init, str):
        if init not in ("random", "uniform"):
            raise ValueError(f"init must be 'random', 'uniform' or a list of CPTs, got {init!r}")
        inits = [random_cpts(structure, rng) if init == "random" else uniform_cpts(structure)
                 for _ in range(restarts if init == "random" else 1)]
    else:
        inits = [[np.asarray(c, np.float64) for c in init]]
        for v, c in enumerate(inits[0]):
            if c.shape != structure.shape(v) or c.min() < 0 or np.abs(c.sum(-1) - 1).max() > 1e-6:
                raise ValueError(f"initial CPT of {structure.names[v]!r} must be distributions "
                                 f"of shape {structure.shape(v)}")
    runs = [_em_run(structure, ex, c, pseudo_count, max_iter, tol) for c in inits]
    best = max(runs, key=lambda r: r.loglik[-1])
    best.restart_objectives = np.array([r.objective[-1] for r in runs])
    best.restart_logliks = [r.loglik for r in runs]
    return best


def _em_run(structure, ex, cpts, pseudo_count, max_iter, tol) -> EMResult:
    cards = np.array(structure.cards, np.int64)
    theta = np.concatenate([np.asarray(c, np.float64).ravel() for c in cpts])
    with np.errstate(divide="ignore"):
        logtheta = np.log(theta)
    estep, counts = np.empty_like(theta), None  # counts: the E-step that made theta
    lls, objs, converged = [], [], False
    for it in range(max_iter + 1):
        ll, bad = _e_pass(ex.idx, ex.starts, ex.lengths, ex.weight, logtheta, estep)
        if bad >= 0:
            raise ValueError(f"a data row has probability zero under the current parameters (row {bad} of the "
                             "deduplicated data); use a positive pseudo-count or positive initial CPTs")
        lls.append(ll)
        objs.append(ll + (pseudo_count * float(logtheta.sum()) if pseudo_count else 0.0))
        converged = it > 0 and abs(objs[-1] - objs[-2]) <= tol * abs(objs[-1])
        if converged or it == max_iter:
            break
        counts, estep = estep, (counts if counts is not None else np.empty_like(theta))
        _m_pass(counts, ex.offsets, cards, float(pseudo_count), theta, logtheta)
    counts = estep if counts is None else counts

    def split(flat):
        o = ex.offsets
        return [flat[o[v]:o[v + 1]].reshape(structure.shape(v)) for v in range(len(cards))]

    return EMResult(split(theta), split(counts), np.array(lls), np.array(objs), len(lls) - 1, converged)


# ---------------------------------------------------------------------------- pgmpy bridge


def cpd_to_array(cpd, parents: Sequence[str], state_names: dict) -> np.ndarray:
    """A pgmpy ``TabularCPD`` as a CPT array with axes ``(*parents, variable)``.

    States are put in the order of ``state_names`` (a dict of lists, per variable).
    """
    vals = np.moveaxis(np.asarray(cpd.values, np.float64), 0, -1)
    axes = [cpd.variables[1:].index(p) for p in parents] + [len(parents)]
    vals = vals.transpose(axes)
    for ax, var in enumerate([*parents, cpd.variable]):
        order = [cpd.state_names[var].index(s) for s in state_names[var]]
        vals = np.take(vals, order, axis=ax)
    return vals


def array_to_cpd(variable: str, cpt: np.ndarray, parents: Sequence[str], state_names: dict):
    """A CPT array with axes ``(*parents, variable)`` as a pgmpy ``TabularCPD``."""
    from pgmpy.factors.discrete import TabularCPD

    card = cpt.shape[-1]
    return TabularCPD(
        variable, card, cpt.reshape(-1, card).T,
        evidence=list(parents) or None, evidence_card=list(cpt.shape[:-1]) or None,
        state_names={v: list(state_names[v]) for v in [variable, *parents]},
    )


def to_pgmpy(structure: Structure, cpts: Sequence[np.ndarray], state_names: dict, latents: Iterable[str] = ()):
    """A checked pgmpy ``DiscreteBayesianNetwork`` with these CPTs as ``TabularCPD``s."""
    from pgmpy.models import DiscreteBayesianNetwork

    m = DiscreteBayesianNetwork()
    m.add_nodes_from(structure.names)
    m.add_edges_from((structure.names[p], structure.names[v]) for v, ps in enumerate(structure.parents) for p in ps)
    m.latents = set(latents)
    m.add_cpds(*[
        array_to_cpd(n, c, [structure.names[p] for p in ps], state_names)
        for n, ps, c in zip(structure.names, structure.parents, cpts, strict=True)
    ])
    m.check_model()
    return m


def fit_em(
    model,
    data: pd.DataFrame,
    *,
    state_names: dict | None = None,
    latent_card: dict | None = None,
    init_cpds: str | dict = "random",
    pseudo_count: float = 1.0,
    max_iter: int = 100,
    tol: float = 1e-8,
    restarts: int = 1,
    seed: int | None = None,
):
    """pawnslib's EM on a pgmpy network, mirroring ``pgmpy.parameter_estimator.DiscreteEM``.

    Unlike pgmpy 1.1's ``DiscreteEM``, which drops every row with a missing value in a
    partly observed column, this uses all rows: NaN cells are summed out per row.

    Args:
        model: a pgmpy ``DiscreteBayesianNetwork`` (its ``latents`` and any node with no
            column in ``data`` are latent).
        data: one column per observed node; NaN = missing.
        state_names: states per node (default: sorted values seen; latent: 0..card-1).
        latent_card: states per latent node (default 2).
        init_cpds: ``"random"``, ``"uniform"`` or ``{node: TabularCPD}`` (others random).
        pseudo_count, max_iter, tol, restarts, seed: as in :func:`em`.

    Returns:
        ``(fitted, result)``: a new pgmpy model holding the fitted ``TabularCPD``s, and the
        :class:`EMResult`.

    Raises:
        ValueError: a value outside its node's states, or a column naming no node.
    """
    names = list(model.nodes())
    extra = [c for c in data.columns if c not in names]
    if extra:
        raise ValueError(f"data columns {extra} name no node of the model")
    latents = set(model.latents) | {n for n in names if n not in data.columns}
    states = dict(state_names or {})
    for n in names:
        if n not in states:
            states[n] = (list(range((latent_card or {}).get(n, 2))) if n in latents
                         else sorted(data[n].dropna().unique().tolist()))
    coded = np.full((len(data), len(names)), MISSING, np.int64)
    for j, n in enumerate(names):
        if n in latents:
            continue
        lookup = {s: i for i, s in enumerate(states[n])}
        col = data[n].to_numpy(dtype=object)
        for r, x in enumerate(col):
            if not pd.isna(x):
                if x not in lookup:
                    raise ValueError(f"column {n!r}, row {r}: {x!r} is not one of its states {states[n]}")
                coded[r, j] = lookup[x]
    parents = [list(model.get_parents(n)) for n in names]
    structure = Structure(tuple(names), tuple(tuple(names.index(p) for p in ps) for ps in parents),
                          tuple(len(states[n]) for n in names))
    init: str | list = init_cpds
    if isinstance(init_cpds, dict):
        rng = np.random.default_rng(seed)
        init = [cpd_to_array(init_cpds[n], parents[v], states) if n in init_cpds else random_cpts(structure, rng)[v]
                for v, n in enumerate(names)]
    result = em(structure, coded, init=init, pseudo_count=pseudo_count, max_iter=max_iter, tol=tol,
                restarts=restarts, seed=seed)
    return to_pgmpy(structure, result.cpts, states, latents), result
