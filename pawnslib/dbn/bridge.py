"""The bridge to pgmpy: CPT arrays and ``TabularCPD``s, a :class:`~.em.Structure` as a pgmpy network, and EM on one.

:func:`fit_em` runs :func:`pawnslib.dbn.em.run_em` on a pgmpy network and data frame, which is how the tests hold
it against pgmpy's ``DiscreteEM``; :func:`to_pgmpy` is how the opponent model exports itself
(``OpponentModel.to_pgmpy``) for pgmpy's inference. pgmpy is imported only when a function needs it.
Imports :mod:`pawnslib.dbn.em`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
import pandas as pd

from pawnslib.dbn.em import MISSING, EMResult, Structure, random_cpts, run_em


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


def fit_em(model, data: pd.DataFrame, *, state_names: dict | None = None, latent_card: dict | None = None,
           init_cpds: str | dict = "random", pseudo_count: float = 1.0, max_iter: int = 100, tol: float = 1e-8,
           restarts: int = 1, seed: int | None = None):
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
        pseudo_count, max_iter, tol, restarts, seed: as in :func:`~.em.run_em`.

    Returns:
        ``(fitted, result)``: a new pgmpy model holding the fitted ``TabularCPD``s, and the
        :class:`~.em.EMResult`.

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
    coded = _coded(data, names, states, latents)
    parents = [list(model.get_parents(n)) for n in names]
    structure = Structure(tuple(names), tuple(tuple(names.index(p) for p in ps) for ps in parents),
                          tuple(len(states[n]) for n in names))
    init: str | list = init_cpds
    if isinstance(init_cpds, dict):
        rng = np.random.default_rng(seed)
        init = [cpd_to_array(init_cpds[n], parents[v], states) if n in init_cpds else random_cpts(structure, rng)[v]
                for v, n in enumerate(names)]
    result: EMResult = run_em(structure, coded, init=init, pseudo_count=pseudo_count, max_iter=max_iter, tol=tol,
                              restarts=restarts, seed=seed)
    return to_pgmpy(structure, result.cpts, states, latents), result


def _coded(data: pd.DataFrame, names: list[str], states: dict, latents: set[str]) -> np.ndarray:
    # The data frame as EM's integer states, one column per node (MISSING for NaN and latent nodes).
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
    return coded
