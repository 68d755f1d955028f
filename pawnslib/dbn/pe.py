"""P(e), the probability of evidence the search asks the opponent model for (Sections 8.2, 11.1).

The DBN is the slice unrolled over slices 0..n-1 with ``S_b`` and ``S_w`` shared: slice 0 uses
P(F_prev | S_b, S_w), slice t > 0 uses P(F_t | F_{t-1}, S_b, S_w). P(e) is the probability of
the states of every slice and of S_b, with S_w summed out. These kernels compute it from a
:class:`KernelArrays`, the model packed as plain arrays (``OpponentModel.kernel_arrays()``);
they are exact, and the tests hold them to pgmpy's ``VariableElimination``.

Imports nothing from pawnslib.
"""

from __future__ import annotations

from typing import NamedTuple

import numba
import numpy as np
from numba import njit


class KernelArrays(NamedTuple):
    """The opponent model as plain arrays, what every numba kernel takes as ``model``.

    F features, K strategies, S = the largest state count, W = the largest cut count, L = the
    table length; ``sb`` arguments are Black's strategy id 1..K, states are int64.
    """

    cuts: np.ndarray  # (F, W) float64: sorted cut points per feature, padded with +inf
    ncuts: np.ndarray  # (F,) int64: real cut points; feature f has ncuts[f] + 1 states
    log_sb: np.ndarray  # (K,) float64: log P(S_b)
    log_sw: np.ndarray  # (K,) float64: log P(S_w)
    log_first: np.ndarray  # (F, K, K, S) float64: log P(F_prev = s | S_b, S_w), [f, b, w, s]
    log_trans: np.ndarray  # (F, K, K, S, S) float64: log P(F = s2 | F_prev = s, S_b, S_w), [f, b, w, s, s2]
    p_first: np.ndarray  # exp(log_first)
    p_trans: np.ndarray  # exp(log_trans)
    lut: np.ndarray  # (F, L) int64: the discretiser as a table of integer scores, from lut_lo
    lut_lo: np.ndarray  # (F,) int64: the score of lut[f, 0]


def example_model() -> KernelArrays:
    """A tiny model of the right array types (for deriving kernel signatures)."""
    f, i = np.empty(1), np.empty(1, np.int64)
    f4, f5 = f.reshape(1, 1, 1, 1), f.reshape(1, 1, 1, 1, 1)
    return KernelArrays(f.reshape(1, 1), i, f, f, f4, f5, f4, f5, i.reshape(1, 1), i)


MODEL_TYPE = numba.typeof(example_model())  # for explicit kernel signatures: every array C-contiguous


@njit(cache=True)
def sw_loglik_into(model, states, sb, out):
    """out[w] = log P(states (n, F), S_b = sb, S_w = w) for the chain of n >= 0 slices."""
    b = sb - 1
    n, nf = states.shape
    for w in range(model.log_sw.shape[0]):
        acc = model.log_sb[b] + model.log_sw[w]
        if n > 0:
            for f in range(nf):
                acc += model.log_first[f, b, w, states[0, f]]
        for t in range(1, n):
            for f in range(nf):
                acc += model.log_trans[f, b, w, states[t - 1, f], states[t, f]]
        out[w] = acc


@njit(cache=True)
def _logsumexp(x):
    mx = -np.inf
    for v in x:
        mx = max(mx, v)
    if mx == -np.inf:
        return mx
    s = 0.0
    for v in x:
        s += np.exp(v - mx)
    return mx + np.log(s)


@njit(cache=True)
def log_pe_states(model, states, sb):
    """log P(e) of one chain of slices ``states`` (n, F), S_w summed out."""
    tmp = np.empty(model.log_sw.shape[0])
    sw_loglik_into(model, states, sb, tmp)
    return _logsumexp(tmp)


@njit(cache=True)
def history_tables(model, history, sb, weights, table):
    """The history's part of P(e), shared by every child that follows it; returns m.

    Writes weights[w] = exp(L_w - m), with L_w = log P(history (h, F), S_b = sb, S_w = w) computed
    in log space (long chains would underflow otherwise) and m = max_w L_w (-inf: impossible), and
    table[w, f, s] = P(child's F_f = s | the history's last slice, S_b = sb, S_w = w) (K, F, S):
    P(F_prev = s | ...) when the history is empty, the child then being slice 0.
    """
    sw_loglik_into(model, history, sb, weights)
    m = -np.inf  # a loop, not weights.max(): numba's max allocates, and the searches call this without its runtime
    for w in range(weights.shape[0]):
        m = max(m, weights[w])
    if m > -np.inf:
        for w in range(weights.shape[0]):
            weights[w] = np.exp(weights[w] - m)
    b, h = sb - 1, history.shape[0]
    for w in range(weights.shape[0]):
        for f in range(history.shape[1]):
            cpt = model.p_first[f, b, w] if h == 0 else model.p_trans[f, b, w, history[h - 1, f]]
            for s in range(table.shape[2]):  # element by element: a row copy allocates
                table[w, f, s] = cpt[s]
    return m


@njit(cache=True)
def children_log_pe_into(weights, m, table, children, n, out):  # noqa: PLR0917  numba kernel: numba compiles no keyword-only parameter
    """out[c] = log P(e) of a history followed by ``children[c]`` (F,), for c < n.

    The history is summarised by :func:`history_tables`: a child's P(e) is
    exp(m) * sum_w weights[w] * prod_f table[w, f, child_f], six probabilities per S_w whose
    product cannot underflow, so each child costs one log and no exp (the search scores thousands
    of children per move). Allocates nothing.
    """
    for c in range(n):
        if m == -np.inf:
            out[c] = -np.inf
            continue
        acc = 0.0
        for w in range(weights.shape[0]):
            term = weights[w]
            for f in range(children.shape[1]):
                term *= table[w, f, children[c, f]]
            acc += term
        out[c] = m + np.log(acc)


@njit(cache=True)
def log_pe_children(model, history, children, sb, out):
    """out[c] = log P(e) of the chain ``history`` (h, F) + ``children[c]`` (F,), h >= 0."""
    k, nf, s = model.p_first.shape[1], model.p_first.shape[0], model.p_first.shape[3]
    weights, table = np.empty(k), np.empty((k, nf, s))
    m = history_tables(model, history, sb, weights, table)
    children_log_pe_into(weights, m, table, children, children.shape[0], out)


@njit(cache=True)
def sw_loglik_chains_into(model, states, starts, stops, sb, out):  # noqa: PLR0917  numba kernel: numba compiles no keyword-only parameter
    """out[c] = :func:`sw_loglik_into` of the chain ``states[starts[c]:stops[c]]`` with S_b = ``sb[c]``.

    Many chains at once (the training rows, the prefixes of a game) share one ``states`` table.
    """
    for c in range(starts.shape[0]):
        sw_loglik_into(model, states[starts[c] : stops[c]], sb[c], out[c])


_GOLDEN, _MUL1, _MUL2 = np.uint64(0x9E3779B97F4A7C15), np.uint64(0xBF58476D1CE4E5B9), np.uint64(0x94D049BB133111EB)


@njit(cache=True)
def _mix(x):
    """SplitMix64's finaliser: a bijection of uint64 whose output bits each depend on every input bit."""
    x = (x ^ (x >> np.uint64(30))) * _MUL1
    x = (x ^ (x >> np.uint64(27))) * _MUL2
    return x ^ (x >> np.uint64(31))


@njit(cache=True)
def random_values_into(children, n, seed, out):
    """out[c] = a number uniform in [0, 1) fixed by ``seed`` and child c's position (its slots), c < n.

    The random control's stand-in for P(e) (Chapter 13): a hash, not a stream, so the search and the
    scoring of White's actual reply give a position the same value whatever order they meet it in.
    """
    for c in range(n):
        h = _mix(np.uint64(seed) + _GOLDEN)
        for v in children[c]:
            h = _mix(h ^ np.uint64(v))  # slots are small non-negative integers
        out[c] = float(h >> np.uint64(11)) * (1.0 / 9007199254740992.0)  # the top 53 bits / 2**53
