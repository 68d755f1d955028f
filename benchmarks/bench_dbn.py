"""Speed of the opponent model: EM per iteration, EM against pgmpy's, P(e) per child.

Goals (the issue): pawnslib's EM at least 1000x faster than pgmpy's ``DiscreteEM``; P(e) at
most 2 microseconds per child inside the search. With PAWNSLIB_BENCH_QUICK set (the test suite) each runs on a
few hundred rows and a few repetitions: a check, not a figure.
"""

from __future__ import annotations

import logging
import time

import numpy as np
import pandas as pd
from numba import njit
from positions import QUICK

from pawnslib import config
from pawnslib.config import RunSettings
from pawnslib.dbn import bridge, em, learn
from pawnslib.dbn.discretise import Discretiser, discretise_lut_into
from pawnslib.dbn.model import OpponentModel
from pawnslib.dbn.pe import log_pe_children
from pawnslib.dbn.rows import row_columns, training_rows
from pawnslib.game.rules import FEATURE_NAMES
from pawnslib.play.tournament import run_tournament
from pawnslib.search.strategies import THESIS

NF = len(FEATURE_NAMES)


def _rows(n: int, seed: int = config.SEED) -> pd.DataFrame:
    records, rows = [], None
    while rows is None or len(rows) < n:
        settings = RunSettings(rounds=4, depth=1, seed=seed + len(records), jobs=1)
        records += run_tournament(THESIS, None, settings, progress=False)
        rows = training_rows(records)
    return rows.iloc[:n].reset_index(drop=True)


def _slice(rows: pd.DataFrame):
    raw = rows[row_columns()[: 2 * NF]].to_numpy(np.int64)
    disc = Discretiser.fit(np.concatenate([raw[:, :NF], raw[:, NF:]]))
    s = learn.slice_structure(FEATURE_NAMES, disc.n_states, config.N_STRATEGIES)
    return s, learn.slice_data(disc, raw, rows["S_b"].to_numpy(np.int64))


def bench_em(n_rows: int = 10_000, iters: int = 50) -> float:
    s, data = _slice(_rows(n_rows))
    em.run_em(s, data, max_iter=1, tol=0, seed=0)  # warm up
    t = time.perf_counter()
    res = em.run_em(s, data, max_iter=iters, tol=0, seed=0)
    sec = (time.perf_counter() - t) / res.n_iter
    print(f"EM, {n_rows} rows: {sec * 1e3:.2f} ms per iteration ({res.n_iter} iterations, setup included)")
    return sec


def _median_seconds(f, reps: int) -> float:
    times = []
    for _ in range(reps):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return float(np.median(times))


def bench_vs_pgmpy(n_rows: int = 2_000, iters: int = 2) -> float:
    """pgmpy's DiscreteEM and pawnslib's EM on the same slice, rows and initial CPDs.

    Per iteration: pgmpy's time for ``iters`` iterations minus its time for one, over
    ``iters - 1`` (so its one-off set-up cancels); pawnslib's likewise over 20 more
    iterations. Also the whole fit of ``iters`` iterations, set-up included.
    """
    from pgmpy.models import DiscreteBayesianNetwork
    from pgmpy.parameter_estimator import DiscreteEM

    logging.getLogger("pgmpy").setLevel(logging.ERROR)
    s, data = _slice(_rows(n_rows, seed=7))
    init = em.random_cpts(s, np.random.default_rng(0))
    states = {n: list(range(c)) for n, c in zip(s.names, s.cards, strict=True)}
    start = bridge.to_pgmpy(s, init, states, latents=["S_w"])
    observed = [n for n in s.names if n != "S_w"]
    df = pd.DataFrame(data[:, [s.names.index(n) for n in observed]], columns=observed)
    skeleton = DiscreteBayesianNetwork(start.edges(), latents={"S_w"})

    def pgmpy_fit(k):
        est = DiscreteEM(state_names=states, latent_card={"S_w": s.cards[1]}, max_iter=k, atol=0, show_progress=False,
                         init_cpds={c.variable: c for c in start.get_cpds() if c.variable != "S_b"})
        t = time.perf_counter()
        est.fit(skeleton, df)
        return time.perf_counter() - t, est

    one, _ = pgmpy_fit(1)
    theirs, est = pgmpy_fit(iters)
    theirs_iter = (theirs - one) / (iters - 1)

    def ours_fit(k):
        return em.run_em(s, data, init=init, pseudo_count=0, max_iter=k, tol=0)

    ours = ours_fit(iters)
    mine = _median_seconds(lambda: ours_fit(iters), 20)
    mine_iter = (_median_seconds(lambda: ours_fit(iters + 20), 20) - mine) / 20
    worst = max(np.abs(bridge.cpd_to_array(c, [s.names[p] for p in s.parents[s.names.index(c.variable)]], states)
                       - ours.cpts[s.names.index(c.variable)]).max() for c in est.parameters_)
    print(f"EM vs pgmpy DiscreteEM, same slice, {n_rows} rows, same initial CPDs (parameters agree to {worst:.0e}):")
    print(f"  per iteration: pgmpy {theirs_iter:.2f} s, pawnslib {mine_iter * 1e3:.3f} ms: "
          f"{theirs_iter / mine_iter:,.0f}x faster (goal >= 1000x)")
    print(f"  whole fit of {iters} iterations, set-up included: pgmpy {theirs:.2f} s, pawnslib {mine * 1e3:.2f} ms: "
          f"{theirs / mine:,.0f}x faster")
    return theirs_iter / mine_iter


@njit(cache=True)
def _search_like(model, hist, raw_children, reps, out):
    # What the search does at a White node: discretise every child (by table), then score all at once.
    children = np.empty((raw_children.shape[0], raw_children.shape[1]), np.int64)
    total = 0.0
    for _ in range(reps):
        for c in range(raw_children.shape[0]):
            discretise_lut_into(model.lut, model.lut_lo, raw_children[c], children[c])
        log_pe_children(model, hist, children, 2, out)
        total += out[0]
    return total


def bench_pe(n_children: int = 11, reps: int = 200_000, n_rows: int = 3_000) -> float:
    model = OpponentModel.fit(_rows(n_rows, seed=11), restarts=1, max_iter=30)
    a = model.kernel_arrays()
    rng = np.random.default_rng(0)
    hist = model.discretise(rng.integers(-3, 4, size=(model.n_slices - 1, NF)))
    raw = rng.integers(-3, 4, size=(n_children, NF))
    out = np.empty(n_children)
    _search_like(a, hist, raw, 10, out)  # compile
    t = time.perf_counter()
    _search_like(a, hist, raw, reps, out)
    with_disc = (time.perf_counter() - t) / (reps * n_children)
    children = model.discretise(raw)
    t = time.perf_counter()
    for _ in range(2000):
        log_pe_children(a, hist, children, 2, out)
    from_python = (time.perf_counter() - t) / (2000 * n_children)
    print(f"P(e), {model.n_slices} slices, {n_children} children: {with_disc * 1e6:.3f} us per child inside njit "
          f"(discretising included; goal <= 2 us), {from_python * 1e6:.3f} us per child called from Python")
    return with_disc


def main() -> None:
    if QUICK:
        bench_em(n_rows=500, iters=5)
        bench_vs_pgmpy(n_rows=300)
        bench_pe(reps=10_000, n_rows=500)
    else:
        bench_em()
        bench_vs_pgmpy()
        bench_pe()


if __name__ == "__main__":
    main()
