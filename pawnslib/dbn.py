"""The opponent model (thesis Chapters 2 and 8, Section 11.2): a DBN over feature scores.

Pipeline: game records -> training rows (Table 8.1) -> :class:`Discretiser` -> EM on one
slice -> :class:`OpponentModel` -> the slice unrolled to ``n_slices`` -> P(e).

The slice
---------
Nodes ``S_b``, ``S_w`` (one state per strategy id 1..K; ``S_w`` latent) and, for each
feature F, ``F_prev`` and ``F`` with edges ``S_b -> F_prev``, ``S_w -> F_prev``,
``S_b -> F``, ``S_w -> F``, ``F_prev -> F``. A training row pairs the scores of x_{t-2}
(``F_prev``) and x_t (``F``): the previous position after a move of the same player.
PD, OBMin and BMax are numbered nodes (one state per value seen), DSum, OBSum and BSum
interval nodes (16 equal-frequency intervals); see :class:`Discretiser`.

The slice is learned by :func:`pawnslib.em.em` (general discrete EM, vectorised over all
rows, with a Dirichlet pseudo-count; the notebook on Chapter 2 runs the same EM on Table 2.1).

The DBN and P(e)
----------------
Unrolled over slices 0..n-1, ``S_b`` and ``S_w`` shared: slice 0 uses the
P(F_prev | S_b, S_w) tables, slice t > 0 uses P(F_t | F_{t-1}, S_b, S_w). P(e) is the
probability of the scores of all slices and of S_b, with S_w summed out.

A history is the positions of one parity, oldest first: for a child x_t (White has just
moved), the previous slices are x_{t-2}, x_{t-4}, ... (the positions after White's
earlier moves, down to x_0). Histories shorter than n-1 are fine: the first slice given
uses the P(F_prev | S_b, S_w) tables.

Numba interface for the search
------------------------------
``model.kernel_arrays()`` is a :class:`KernelArrays` named tuple of plain arrays, in this
order (F features, K strategies, S = largest state count, W = largest cut count)::

    cuts       (F, W)          float64  sorted cut points per feature, padded with +inf
    ncuts      (F,)            int64    real cut points; feature f has ncuts[f] + 1 states
    log_sb     (K,)            float64  log P(S_b)
    log_sw     (K,)            float64  log P(S_w)
    log_first  (F, K, K, S)    float64  log P(F_prev = s | S_b, S_w)         [f, b, w, s]
    log_trans  (F, K, K, S, S) float64  log P(F = s2 | F_prev = s, S_b, S_w) [f, b, w, s, s2]
    p_first    (F, K, K, S)    float64  exp(log_first): the same tables as probabilities
    p_trans    (F, K, K, S, S) float64  exp(log_trans)
    lut        (F, L)          int64    the discretiser as a table of integer scores, from lut_lo
    lut_lo     (F,)            int64    the score of lut[f, 0]

``@njit(cache=True)`` kernels taking them as separate arguments (``sb`` is Black's
strategy id 1..K, not an index; states are ``int64``)::

    discretise_into(cuts, ncuts, raw (F,), out (F,))                     -> None
    discretise_lut_into(lut, lut_lo, raw (F,), out (F,))                 -> None
        the same states for integer scores, by one table look-up (the search's way)
    log_pe_children(log_sb, log_sw, log_first, log_trans, p_first, p_trans,
                    history (h, F), children (m, F), sb, out (m,))       -> None
        out[c] = log P(e) of the chain history + children[c]; 0 <= h (h = n - 1 in the
        thesis's 4-slice DBN). The history's per-S_w log-likelihood is computed once; each
        child's step is a product of probabilities, so a child costs one log, no exp.
    sw_loglik_into(log_sb, log_sw, log_first, log_trans,
                   states (n, F), sb, out (K,))                          -> None
        out[w] = log P(states, S_b = sb, S_w = w); n = 0 leaves the priors.
    log_pe_states(log_sb, log_sw, log_first, log_trans, states (n, F), sb) -> float

At a White-to-move node of the search: ``discretise_into`` each child's
``game.features_into`` scores into a row of ``children``, then one ``log_pe_children``
call with the discretised history; :mod:`pawnslib.predict` turns the values into pr.

Strategy recognition (beyond the thesis)
----------------------------------------
EM numbers the latent states of S_w arbitrarily (label switching). Given the true White
ids of the training rows (known to us, hidden from EM), :meth:`OpponentModel.latent_mass`
sums each latent state's posterior mass per true id and ``linear_sum_assignment`` picks
the matching of most mass; ``fit(..., white_truth=...)`` reorders S_w's states by it, so
that state i means strategy ``strategy_ids[i]`` (``sw_matched``). P(e) sums S_w out, so
it does not depend on this. :meth:`OpponentModel.recognition_trace` gives
P(S_w | the game so far) after each White move.
"""

from __future__ import annotations

import json
import zipfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

import numpy as np
import pandas as pd
from numba import njit

from pawnslib.em import MISSING, Structure, em, to_pgmpy
from pawnslib.game import (
    FEATURE_NAMES,
)

NUMBERED = ("PD", "OBMin", "BMax")
INTERVAL = ("DSum", "OBSum", "BSum")
N_INTERVALS = 16
N_STRATEGIES = 4
N_SLICES = 4
PREV = "_prev"
FILE_FORMAT = "pawnslib.dbn.OpponentModel/1"

class ModelFileError(ValueError):
    """A saved opponent model that is missing, truncated, corrupt or does not match."""


def row_columns(feature_names: Sequence[str] = FEATURE_NAMES) -> list[str]:
    """The columns of a training row, Table 8.1's order: F_prev..., F..., S_b, S_w."""
    return [f + PREV for f in feature_names] + list(feature_names) + ["S_b", "S_w"]


# ============================================================================ training rows


def training_rows(records: Iterable[dict], *, truth: bool = False) -> pd.DataFrame:
    """Table 8.1's rows: the scores of x_{t-2} and x_t for every t >= 2 of every game.

    Args:
        records: game records with ``"black"``, ``"white"`` (strategy ids) and
            ``"features"`` (T+1 lists of the six scores of x_0..x_T).
        truth: also add ``S_w_true``, White's real id (for matching latent states and
            for measuring recognition; never shown to EM).

    Returns:
        Columns ``BMax_prev..PD_prev, BMax..PD`` (int64), ``S_b`` (int64) and ``S_w``
        (all missing, nullable ``Int64``), [``S_w_true``].

    Raises:
        ValueError: a record lacks a key or its features are not a (T+1, 6) integer table.
    """
    blocks = []
    for i, rec in enumerate(records):
        for key in ("black", "white", "features"):
            if key not in rec:
                raise ValueError(f"game record {i} has no {key!r} field")
        f = np.asarray(rec["features"])
        if f.ndim != 2 or f.shape[1] != len(FEATURE_NAMES):
            raise ValueError(f"game record {i}: features must be (T+1, {len(FEATURE_NAMES)}), got shape {f.shape}")
        if not np.issubdtype(f.dtype, np.integer):
            raise ValueError(f"game record {i}: feature scores must be integers, got dtype {f.dtype}")
        if len(f) < 3:
            continue
        n = len(f) - 2
        b = np.column_stack([f[:-2], f[2:], np.full(n, rec["black"]), np.full(n, rec["white"])])
        blocks.append(b.astype(np.int64))
    cols = row_columns()
    data = np.concatenate(blocks) if blocks else np.empty((0, len(cols)), np.int64)
    df = pd.DataFrame(data[:, :-1], columns=cols[:-1])
    df["S_w"] = pd.array([pd.NA] * len(df), dtype="Int64")
    if truth:
        df["S_w_true"] = data[:, -1]
    return df


def validate_rows(
    rows: pd.DataFrame, n_strategies: int = N_STRATEGIES, *, line_offset: int | None = None
) -> pd.DataFrame:
    """Check training rows; return them with integer dtypes.

    Args:
        rows: a table with :func:`row_columns` (extra columns are kept).
        n_strategies: K; strategy ids must be 1..K.
        line_offset: when the rows come from a file, the file line of row 0 (errors then
            name lines instead of rows).

    Raises:
        ValueError: a column is missing, or a cell is missing, not an integer, or an
            unknown strategy id; the message names the column and the row (line).
    """
    where = (lambda i: f"line {i + line_offset}") if line_offset is not None else (lambda i: f"row {i}")
    missing = [c for c in row_columns() if c not in rows.columns]
    if missing:
        raise ValueError(f"training rows lack column(s) {missing}")
    out = rows.copy()
    ids = set(range(1, n_strategies + 1))
    for c in row_columns():
        v = pd.to_numeric(rows[c], errors="coerce").to_numpy(dtype=float, na_value=np.nan)
        raw_bad = rows[c].notna().to_numpy() & np.isnan(v)
        if raw_bad.any():
            i = int(np.flatnonzero(raw_bad)[0])
            raise ValueError(f"column {c!r}, {where(i)}: {rows[c].iloc[i]!r} is not a number")
        if c == "S_w":  # latent: missing is expected, anything else must still be an id
            bad = ~np.isnan(v) & ~np.isin(v, list(ids))
            if bad.any():
                i = int(np.flatnonzero(bad)[0])
                raise ValueError(f"column 'S_w', {where(i)}: unknown strategy id {v[i]:g} (ids are 1..{n_strategies})")
            out[c] = pd.array(np.where(np.isnan(v), pd.NA, v), dtype="Int64") if len(v) else rows[c].astype("Int64")
            continue
        if np.isnan(v).any():
            raise ValueError(f"column {c!r}, {where(int(np.flatnonzero(np.isnan(v))[0]))}: missing value")
        frac = v != np.round(v)
        if frac.any():
            raise ValueError(f"column {c!r}, {where(int(np.flatnonzero(frac)[0]))}: {v[frac][0]:g} is not an integer")
        if c == "S_b" and not np.isin(v, list(ids)).all():
            i = int(np.flatnonzero(~np.isin(v, list(ids)))[0])
            raise ValueError(f"column 'S_b', {where(i)}: unknown strategy id {v[i]:g} (ids are 1..{n_strategies})")
        out[c] = v.astype(np.int64)
    return out


def write_training_csv(rows: pd.DataFrame, path: str | Path, n_strategies: int = N_STRATEGIES) -> Path:
    """Write Table 8.1's columns as CSV, the latent S_w as ``?``; return the path.

    Raises:
        ValueError: the rows are invalid (see :func:`validate_rows`).
    """
    rows = validate_rows(rows, n_strategies)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    rows[row_columns()].to_csv(path, index=False, na_rep="?")
    return path


def read_training_csv(path: str | Path, n_strategies: int = N_STRATEGIES) -> pd.DataFrame:
    """Read rows written by :func:`write_training_csv` (``?`` or empty = missing).

    Raises:
        FileNotFoundError: no such file.
        ValueError: a missing column, NaN, non-integer or unknown strategy id, naming the
            column and the file line (line 1 is the header).
    """
    try:
        rows = pd.read_csv(path, na_values=["?"], dtype=str)
    except pd.errors.EmptyDataError:
        raise ValueError(f"{path}: empty file, expected the columns {row_columns()}") from None
    try:
        return validate_rows(rows, n_strategies, line_offset=2)
    except ValueError as e:
        raise ValueError(f"{path}: {e}") from None


# ============================================================================ discretiser


@dataclass(frozen=True)
class Discretiser:
    """Maps raw feature scores to node states by per-feature sorted cut points.

    A score's state is the number of cut points <= it. Numbered nodes cut halfway between
    consecutive values seen in training, so every seen value has its own state and any
    other value goes to the nearest one (a tie to the upper). Interval nodes keep, for each
    k/n quantile, the halfway cut whose share of training values below it is closest to
    k/n; duplicates are dropped, so a feature whose values pile up gets fewer than n
    states. Values beyond the training range go to the first or last state.
    """

    names: tuple[str, ...]
    kinds: tuple[str, ...]  # "numbered" | "interval"
    cuts: tuple[np.ndarray, ...]
    seen: tuple[np.ndarray, ...]  # the distinct training values of each feature

    @classmethod
    def fit(
        cls, values: np.ndarray, names: Sequence[str] = FEATURE_NAMES, n_intervals: int = N_INTERVALS
    ) -> Discretiser:
        """Fit to raw scores ``values`` (N, F), one column per name.

        Raises:
            ValueError: wrong shape, no rows, NaNs, or a name of unknown kind.
        """
        values = _check_raw(values, len(names), "training values")
        if len(values) == 0:
            raise ValueError("cannot fit a discretiser to zero rows")
        kinds, cuts, seen = [], [], []
        for f, name in enumerate(names):
            if name not in NUMBERED + INTERVAL:
                raise ValueError(f"feature {name!r} is neither a numbered {NUMBERED} nor an interval {INTERVAL} node")
            u, c = np.unique(values[:, f], return_counts=True)
            mid = (u[:-1] + u[1:]) / 2.0
            if name in INTERVAL and len(u) > n_intervals:
                below = np.cumsum(c)[:-1] / c.sum()  # share of values below each midpoint
                q = np.arange(1, n_intervals) / n_intervals
                mid = mid[np.unique(np.abs(below[None, :] - q[:, None]).argmin(axis=1))]
            kinds.append("interval" if name in INTERVAL else "numbered")
            cuts.append(mid.astype(np.float64))
            seen.append(u.astype(np.int64) if np.all(u == np.round(u)) else u)
        return cls(tuple(names), tuple(kinds), tuple(cuts), tuple(seen))

    @property
    def n_states(self) -> tuple[int, ...]:
        return tuple(len(c) + 1 for c in self.cuts)

    def transform(self, values: np.ndarray) -> np.ndarray:
        """States (N, F) int64 of raw scores (N, F) (or one row (F,) -> (F,)).

        Raises:
            ValueError: wrong shape or NaNs.
        """
        one = np.ndim(values) == 1
        v = _check_raw(np.atleast_2d(values), len(self.names), "feature scores")
        out = np.column_stack([np.searchsorted(c, v[:, f], side="right") for f, c in enumerate(self.cuts)])
        out = out.astype(np.int64).reshape(len(v), len(self.names))
        return out[0] if one else out

    def labels(self, f: int) -> list[str]:
        """Human-readable states of feature ``f``: the value, or the integer interval."""
        if self.kinds[f] == "numbered":
            return [str(v) for v in self.seen[f]]
        c = self.cuts[f]
        if len(c) == 0:
            return ["any"]
        lo = [None, *np.floor(c).astype(int) + 1]
        hi = [*np.floor(c).astype(int), None]
        return [f"<={h}" if a is None else f">={a}" if h is None else str(a) if a == h else f"{a}..{h}"
                for a, h in zip(lo, hi, strict=True)]

    def padded(self) -> tuple[np.ndarray, np.ndarray]:
        """``(cuts (F, W) padded with +inf, ncuts (F,))`` for :func:`discretise_into`."""
        ncuts = np.array([len(c) for c in self.cuts], np.int64)
        out = np.full((len(self.cuts), max(1, int(ncuts.max()))), np.inf)
        for f, c in enumerate(self.cuts):
            out[f, : len(c)] = c
        return out, ncuts

    def lookup(self) -> tuple[np.ndarray, np.ndarray]:
        """``(lut (F, L), lo (F,))`` for :func:`discretise_lut_into`: the state of every integer score
        from ``lo[f]`` (below every cut) to past the last cut; further out the end states continue."""
        lo = np.array([int(np.floor(c[0])) - 1 if len(c) else 0 for c in self.cuts], np.int64)
        hi = np.array([int(np.ceil(c[-1])) + 1 if len(c) else 0 for c in self.cuts], np.int64)
        values = lo[:, None] + np.arange(int((hi - lo).max()) + 1)
        lut = np.array([np.searchsorted(c, v, side="right") for c, v in zip(self.cuts, values, strict=True)])
        return lut.astype(np.int64), lo


def _check_raw(values, n_features: int, what: str) -> np.ndarray:
    v = np.asarray(values)
    if v.ndim != 2 or v.shape[1] != n_features:
        raise ValueError(f"{what} must have shape (n, {n_features}), got {v.shape}")
    if not (np.issubdtype(v.dtype, np.integer) or np.issubdtype(v.dtype, np.floating)):
        raise ValueError(f"{what} must be numbers, got dtype {v.dtype}")
    if np.issubdtype(v.dtype, np.floating) and not np.isfinite(v).all():
        raise ValueError(f"{what} contain NaN or infinite values (row {int(np.argwhere(~np.isfinite(v))[0, 0])})")
    return v


# ============================================================================ numba kernels


@njit(cache=True)
def discretise_into(cuts, ncuts, raw, out):
    """out[f] = number of cut points of feature f that are <= raw[f] (binary search)."""
    for f in range(raw.shape[0]):
        lo, hi = 0, ncuts[f]
        v = raw[f]
        while lo < hi:
            mid = (lo + hi) // 2
            if cuts[f, mid] <= v:
                lo = mid + 1
            else:
                hi = mid
        out[f] = lo


@njit(cache=True)
def discretise_lut_into(lut, lo, raw, out):
    """:func:`discretise_into` for integer scores by table; beyond the table the end states hold."""
    last = lut.shape[1] - 1
    for f in range(raw.shape[0]):
        out[f] = lut[f, min(max(raw[f] - lo[f], 0), last)]


@njit(cache=True)
def sw_loglik_into(log_sb, log_sw, log_first, log_trans, states, sb, out):
    """out[w] = log P(states (n, F), S_b = sb, S_w = w) for the chain of n >= 0 slices."""
    b = sb - 1
    n, nf = states.shape
    for w in range(log_sw.shape[0]):
        acc = log_sb[b] + log_sw[w]
        if n > 0:
            for f in range(nf):
                acc += log_first[f, b, w, states[0, f]]
        for t in range(1, n):
            for f in range(nf):
                acc += log_trans[f, b, w, states[t - 1, f], states[t, f]]
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
def log_pe_states(log_sb, log_sw, log_first, log_trans, states, sb):
    """log P(e) of one chain of slices ``states`` (n, F), S_w summed out."""
    tmp = np.empty(log_sw.shape[0])
    sw_loglik_into(log_sb, log_sw, log_first, log_trans, states, sb, tmp)
    return _logsumexp(tmp)


@njit(cache=True)
def log_pe_children(log_sb, log_sw, log_first, log_trans, p_first, p_trans, history, children, sb, out):
    """out[c] = log P(e) of the chain ``history`` (h, F) + ``children[c]`` (F,), h >= 0.

    The history's per-S_w log-likelihood L_w is computed once, in log space (long chains
    would underflow otherwise). With m = max L_w, a child's P(e) is
    exp(m) * sum_w exp(L_w - m) * prod_f p(child_f | ...): six probabilities per S_w, whose
    product cannot underflow, so each child costs one log and no exp (the search scores
    thousands of children per move).
    """
    k = log_sw.shape[0]
    b = sb - 1
    h, nf = history.shape
    base = np.empty(k)
    sw_loglik_into(log_sb, log_sw, log_first, log_trans, history, sb, base)
    m = base.max()
    if m == -np.inf:
        out[:] = -np.inf
        return
    for w in range(k):
        base[w] = np.exp(base[w] - m)
    n = children.shape[0]
    term = np.empty(n)
    out[:n] = 0.0
    for w in range(k):
        term[:] = base[w]
        for f in range(nf):
            # One row of the table serves every child: they share S_b, S_w and the previous slice.
            row = p_first[f, b, w] if h == 0 else p_trans[f, b, w, history[h - 1, f]]
            for c in range(n):
                term[c] *= row[children[c, f]]
        for c in range(n):
            out[c] += term[c]
    for c in range(n):
        out[c] = m + np.log(out[c])


# ============================================================================ the model


class KernelArrays(NamedTuple):
    """The model as plain arrays for the numba kernels (see the module docstring)."""

    cuts: np.ndarray
    ncuts: np.ndarray
    log_sb: np.ndarray
    log_sw: np.ndarray
    log_first: np.ndarray
    log_trans: np.ndarray
    p_first: np.ndarray
    p_trans: np.ndarray
    lut: np.ndarray
    lut_lo: np.ndarray

    @property
    def pe(self) -> tuple[np.ndarray, ...]:
        """log_pe_children's leading arguments: (log_sb, log_sw, log_first, log_trans, p_first, p_trans)."""
        return self.log_sb, self.log_sw, self.log_first, self.log_trans, self.p_first, self.p_trans


def slice_structure(feature_names: Sequence[str], n_states: Sequence[int], n_strategies: int) -> Structure:
    """The slice: ``S_b``, ``S_w``, then ``F_prev``, ``F`` per feature (see module doc)."""
    names, parents, cards = ["S_b", "S_w"], [(), ()], [n_strategies, n_strategies]
    for f, s in zip(feature_names, n_states, strict=True):
        names += [f + PREV, f]
        parents += [(0, 1), (0, 1, len(names) - 2)]
        cards += [s, s]
    return Structure(tuple(names), tuple(parents), tuple(cards))


@dataclass
class OpponentModel:
    """The trained opponent model: discretiser, slice CPTs and EM's record.

    Build it with :meth:`fit`; ``cpts`` follow :func:`slice_structure`'s node order. S_w's
    states are strategy ids only when ``sw_matched`` (see the module docstring).
    """

    discretiser: Discretiser
    strategy_ids: tuple[int, ...]
    cpts: list[np.ndarray]
    n_slices: int = N_SLICES
    pseudo_count: float = 1.0
    loglik: np.ndarray = field(default_factory=lambda: np.empty(0))
    objective: np.ndarray = field(default_factory=lambda: np.empty(0))
    restart_objectives: np.ndarray = field(default_factory=lambda: np.empty(0))
    restart_logliks: list[np.ndarray] = field(default_factory=list)
    converged: bool = False
    sw_matched: bool = False

    # --- building ------------------------------------------------------------------------
    @classmethod
    def fit(
        cls,
        rows: pd.DataFrame,
        *,
        n_strategies: int = N_STRATEGIES,
        n_intervals: int = N_INTERVALS,
        pseudo_count: float = 1.0,
        restarts: int = 5,
        max_iter: int = 300,
        tol: float = 1e-8,
        seed: int | None = 2008,
        n_slices: int = N_SLICES,
        white_truth: Sequence[int] | None = None,
        init: str | Sequence[np.ndarray] = "random",
    ) -> OpponentModel:
        """Discretise the rows and learn the slice by EM (S_w latent, S_b observed).

        Args:
            rows: training rows (:func:`training_rows` or :func:`read_training_csv`); the
                ``S_w`` column is ignored: S_w is always latent.
            n_strategies: K, the strategy ids being 1..K.
            n_intervals: states of the interval nodes (at most).
            pseudo_count, restarts, max_iter, tol, seed, init: see :func:`em`.
            n_slices: slices of the DBN used by :meth:`to_pgmpy` and the search.
            white_truth: White's true id per row; if given, S_w's latent states are
                reordered to match the ids (``sw_matched``).

        Raises:
            ValueError: invalid rows (named column and row), or ``white_truth`` of the
                wrong length or with unknown ids.
        """
        rows = validate_rows(rows, n_strategies)
        if len(rows) == 0:
            raise ValueError("no training rows")
        raw = rows[row_columns()[: 2 * len(FEATURE_NAMES)]].to_numpy(np.int64)
        nf = len(FEATURE_NAMES)
        disc = Discretiser.fit(np.concatenate([raw[:, :nf], raw[:, nf:]]), FEATURE_NAMES, n_intervals)
        structure = slice_structure(FEATURE_NAMES, disc.n_states, n_strategies)
        data = _slice_data(disc, raw, rows["S_b"].to_numpy(np.int64))
        res = em(structure, data, init=init, pseudo_count=pseudo_count, max_iter=max_iter, tol=tol,
                 restarts=restarts, seed=seed)
        model = cls(disc, tuple(range(1, n_strategies + 1)), res.cpts, n_slices, pseudo_count, res.loglik,
                    res.objective, res.restart_objectives, res.restart_logliks, res.converged)
        if white_truth is not None:
            mass = model.latent_mass(rows, white_truth)
            model = model.permute_sw(_matching(mass))
            model.sw_matched = True
        return model

    def latent_mass(self, rows: pd.DataFrame, white_truth: Sequence[int]) -> np.ndarray:
        """(K, K) posterior mass: [j, i] = sum over rows whose true White id is
        ``strategy_ids[i]`` of P(S_w = state j | row).

        Raises:
            ValueError: invalid rows, or ``white_truth`` of the wrong length or ids.
        """
        rows = validate_rows(rows, len(self.strategy_ids))
        truth = np.asarray(white_truth)
        if truth.shape != (len(rows),) or not np.isin(truth, self.strategy_ids).all():
            raise ValueError(f"white_truth must hold {len(rows)} ids from {self.strategy_ids}")
        post = self.row_posteriors(rows)
        return np.stack([post[truth == i].sum(axis=0) for i in self.strategy_ids], axis=1)

    def row_posteriors(self, rows: pd.DataFrame) -> np.ndarray:
        """P(S_w | row) for each training row (R, K): EM's E-step."""
        rows = validate_rows(rows, len(self.strategy_ids))
        nf = len(FEATURE_NAMES)
        raw = rows[row_columns()[: 2 * nf]].to_numpy(np.int64)
        prev, cur = self.discretise(raw[:, :nf]), self.discretise(raw[:, nf:])
        b = rows["S_b"].to_numpy(np.int64) - 1
        a = self.kernel_arrays()
        ll = np.tile(a.log_sw, (len(rows), 1))
        for f in range(nf):  # fancy indexing: (R, K) tables
            ll += a.log_first[f, b, :, prev[:, f]] + a.log_trans[f, b, :, prev[:, f], cur[:, f]]
        return _softmax(ll)

    def permute_sw(self, order: Sequence[int]) -> OpponentModel:
        """A copy whose S_w state i is this model's state ``order[i]`` (and so unmatched)."""
        order = np.asarray(order)
        cpts = [c if v == 0 else np.take(c, order, axis=-1 if v == 1 else 1) for v, c in enumerate(self.cpts)]
        return OpponentModel(self.discretiser, self.strategy_ids, cpts, self.n_slices, self.pseudo_count,
                             self.loglik, self.objective, self.restart_objectives, self.restart_logliks,
                             self.converged, False)

    # --- structure and pgmpy -------------------------------------------------------------
    @property
    def feature_names(self) -> tuple[str, ...]:
        return self.discretiser.names

    @property
    def structure(self) -> Structure:
        return slice_structure(self.feature_names, self.discretiser.n_states, len(self.strategy_ids))

    def state_names(self) -> dict:
        """States per slice node: strategy ids for S_b and S_w, 0..n-1 for features."""
        s = self.structure
        ids = list(self.strategy_ids)
        return {n: ids if n in ("S_b", "S_w") else list(range(c)) for n, c in zip(s.names, s.cards, strict=True)}

    def slice_pgmpy(self):
        """The slice as a pgmpy ``DiscreteBayesianNetwork`` (S_w latent)."""
        return to_pgmpy(self.structure, self.cpts, self.state_names(), latents=["S_w"])

    def to_pgmpy(self, n_slices: int | None = None):
        """The DBN unrolled to ``n_slices`` (default ``self.n_slices``) as a pgmpy model.

        Nodes ``S_b``, ``S_w`` and ``{F}_{t}`` for t = 0..n-1 (0 oldest); ``{F}_0`` has the
        slice's P(F_prev | S_b, S_w), ``{F}_t`` the slice's P(F | F_prev, S_b, S_w) with
        ``{F}_{t-1}`` as F_prev.

        Raises:
            ValueError: ``n_slices`` < 1.
        """
        n = self.n_slices if n_slices is None else n_slices
        if n < 1:
            raise ValueError(f"n_slices must be >= 1, got {n}")
        k = len(self.strategy_ids)
        names, parents, cpts, states = ["S_b", "S_w"], [(), ()], list(self.cpts[:2]), {}
        states["S_b"] = states["S_w"] = list(self.strategy_ids)
        for t in range(n):
            for f, name in enumerate(self.feature_names):
                names.append(f"{name}_{t}")
                states[names[-1]] = list(range(self.discretiser.n_states[f]))
                if t == 0:
                    parents.append((0, 1))
                    cpts.append(self.cpts[2 + 2 * f])
                else:
                    parents.append((0, 1, names.index(f"{name}_{t - 1}")))
                    cpts.append(self.cpts[3 + 2 * f])
        cards = tuple(k if i < 2 else len(states[n_]) for i, n_ in enumerate(names))
        return to_pgmpy(Structure(tuple(names), tuple(parents), cards), cpts, states, latents=["S_w"])

    # --- P(e) ----------------------------------------------------------------------------
    def kernel_arrays(self) -> KernelArrays:
        """The model as plain arrays for the numba kernels, in the documented order."""
        cuts, ncuts = self.discretiser.padded()
        nf, k = len(self.feature_names), len(self.strategy_ids)
        s = max(self.discretiser.n_states)
        first = np.full((nf, k, k, s), -np.inf)
        trans = np.full((nf, k, k, s, s), -np.inf)
        with np.errstate(divide="ignore"):
            for f, n in enumerate(self.discretiser.n_states):
                first[f, :, :, :n] = np.log(self.cpts[2 + 2 * f])
                trans[f, :, :, :n, :n] = np.log(self.cpts[3 + 2 * f])
            return KernelArrays(cuts, ncuts, np.log(self.cpts[0]), np.log(self.cpts[1]), first, trans,
                                np.exp(first), np.exp(trans), *self.discretiser.lookup())

    def discretise(self, raw: np.ndarray) -> np.ndarray:
        """States of raw scores (see :meth:`Discretiser.transform`)."""
        return self.discretiser.transform(raw)

    def _check_sb(self, sb) -> int:
        if isinstance(sb, bool) or not isinstance(sb, (int, np.integer)) or int(sb) not in self.strategy_ids:
            raise ValueError(f"unknown strategy id {sb!r}: the model knows {self.strategy_ids}")
        return int(sb)

    def _arrays(self) -> KernelArrays:
        if getattr(self, "_cache", None) is None or self._cache[0] is not self.cpts:
            self._cache = (self.cpts, self.kernel_arrays())
        return self._cache[1]

    def log_prob_evidence(self, history: np.ndarray, sb: int) -> float:
        """log P(e): the scores of every slice of ``history`` and S_b = ``sb``, S_w summed out.

        Args:
            history: (n, F) raw feature scores, oldest first, n >= 1.
            sb: Black's strategy id.

        Raises:
            ValueError: wrong shape, no slices, NaNs, or an unknown strategy id.
        """
        sb = self._check_sb(sb)
        h = np.asarray(history)
        if h.ndim != 2 or len(h) == 0:
            raise ValueError(f"history must be (n >= 1, {len(self.feature_names)}) scores, got shape {h.shape}")
        a = self._arrays()
        return float(log_pe_states(a.log_sb, a.log_sw, a.log_first, a.log_trans, self.discretise(h), sb))

    def prob_evidence(self, history: np.ndarray, sb: int) -> float:
        """P(e) (see :meth:`log_prob_evidence`)."""
        return float(np.exp(self.log_prob_evidence(history, sb)))

    def log_pe_children(self, history: np.ndarray, children: np.ndarray, sb: int) -> np.ndarray:
        """log P(e) of ``history`` (h, F) followed by each child (m, F): raw scores.

        Raises:
            ValueError: wrong shapes, NaNs, or an unknown strategy id.
        """
        sb = self._check_sb(sb)
        nf = len(self.feature_names)
        for what, x in (("history", history), ("children", children)):
            if np.ndim(x) != 2 and np.size(x) > 0:
                raise ValueError(f"{what} must be ({'h' if what == 'history' else 'm'}, {nf}) scores, "
                                 f"got shape {np.shape(x)}")
        hs = self.discretise(history) if np.size(history) else np.empty((0, nf), np.int64)
        cs = self.discretise(children) if np.size(children) else np.empty((0, nf), np.int64)
        a = self._arrays()
        out = np.empty(len(cs))
        log_pe_children(*a.pe, hs, cs, sb, out)
        return out

    def sw_posterior(self, history: np.ndarray, sb: int) -> np.ndarray:
        """P(S_w | history, S_b = sb), shape (K,), in S_w's state order.

        Raises:
            ValueError: as :meth:`log_prob_evidence`.
        """
        sb = self._check_sb(sb)
        a = self._arrays()
        out = np.empty(len(self.strategy_ids))
        sw_loglik_into(a.log_sb, a.log_sw, a.log_first, a.log_trans, self.discretise(np.atleast_2d(history)), sb, out)
        return _softmax(out[None])[0]

    # --- strategy recognition ------------------------------------------------------------
    def recognition_trace(self, features: np.ndarray, sb: int, window: int | None = None) -> np.ndarray:
        """P(S_w | the game so far) after each White move.

        Args:
            features: (T+1, F) raw scores of x_0..x_T of one game.
            sb: Black's strategy id.
            window: slices of evidence (the last ``window`` White positions); None = all.

        Returns:
            (J, K): row j-1 is the posterior given White's chain x_0, x_2, ..., x_{2j}.

        Raises:
            ValueError: as :meth:`log_prob_evidence`, or ``window`` < 1.
        """
        sb = self._check_sb(sb)
        if window is not None and window < 1:
            raise ValueError(f"window must be >= 1 or None, got {window}")
        s = self.discretise(np.asarray(features)[0::2])
        a, b = self._arrays(), sb - 1
        first = np.tile(a.log_sw, (len(s), 1))  # (J+1, K): chain starting at each slice
        trans = np.zeros((len(s) - 1, len(a.log_sw)))  # (J, K): each White move's transition
        for f in range(s.shape[1]):
            first += a.log_first[f, b, :, s[:, f]]
            trans += a.log_trans[f, b, :, s[:-1, f], s[1:, f]]
        cum = np.concatenate([np.zeros((1, len(a.log_sw))), np.cumsum(trans, axis=0)])
        j = np.arange(1, len(s))
        start = np.zeros_like(j) if window is None else np.maximum(0, j - window + 1)
        return _softmax(first[start] + cum[j] - cum[start])

    def recognition_accuracy(self, records: Iterable[dict], window: int | None = None) -> pd.DataFrame:
        """How well argmax P(S_w | game so far) names White's true strategy, by White move.

        Returns:
            One row per White move number: ``games`` (still running), ``accuracy``,
            ``p_true`` (mean posterior of the true id) and ``chance`` (1/K).

        Raises:
            ValueError: the model's S_w states are not matched to ids (fit with
                ``white_truth``), or a record is malformed.
        """
        if not self.sw_matched:
            raise ValueError("S_w's latent states are not matched to strategy ids: fit with white_truth=...")
        hits, probs = [], []
        ids = np.array(self.strategy_ids)
        for rec in records:
            post = self.recognition_trace(np.asarray(rec["features"]), int(rec["black"]), window)
            true = self.strategy_ids.index(int(rec["white"]))
            hits.append(ids[post.argmax(1)] == rec["white"])
            probs.append(post[:, true])
        moves = np.concatenate([np.arange(1, len(h) + 1) for h in hits]) if hits else np.empty(0, int)
        df = pd.DataFrame({"move": moves, "hit": np.concatenate(hits) if hits else [],
                           "p": np.concatenate(probs) if probs else []})
        out = df.groupby("move").agg(games=("hit", "size"), accuracy=("hit", "mean"), p_true=("p", "mean"))
        out["chance"] = 1.0 / len(ids)
        return out

    # --- files ---------------------------------------------------------------------------
    def save(self, path: str | Path) -> Path:
        """Write the model (discretiser, CPTs, ids, EM record) to one ``.npz`` file."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        header = {
            "format": FILE_FORMAT, "feature_names": list(self.feature_names), "kinds": list(self.discretiser.kinds),
            "strategy_ids": list(self.strategy_ids), "n_slices": self.n_slices, "pseudo_count": self.pseudo_count,
            "converged": self.converged, "sw_matched": self.sw_matched, "n_restarts": len(self.restart_logliks),
            "n_states": list(self.discretiser.n_states),
        }
        arrays = {f"cuts_{f}": c for f, c in enumerate(self.discretiser.cuts)}
        arrays |= {f"seen_{f}": c for f, c in enumerate(self.discretiser.seen)}
        arrays |= {f"cpt_{v}": c for v, c in enumerate(self.cpts)}
        arrays |= {f"restart_loglik_{r}": ll for r, ll in enumerate(self.restart_logliks)}
        with open(path, "wb") as fh:
            np.savez(fh, header=np.array(json.dumps(header)), loglik=self.loglik, objective=self.objective,
                     restart_objectives=self.restart_objectives, **arrays)
        return path

    @classmethod
    def load(
        cls, path: str | Path, feature_names: Sequence[str] = FEATURE_NAMES, n_strategies: int | None = None
    ) -> OpponentModel:
        """Read a model written by :meth:`save`, checking it is the one expected.

        Args:
            path: the file.
            feature_names: the features the caller scores positions with.
            n_strategies: the number of strategies expected (None: any).

        Raises:
            FileNotFoundError: no file at ``path``.
            ModelFileError: the file is truncated or corrupt, not an opponent model, or
                has other features or another number of strategies.
        """
        path = Path(path)
        if not path.is_file():
            raise FileNotFoundError(f"no opponent model at {path}: train one with OpponentModel.fit(rows).save(path)")
        try:
            with np.load(path, allow_pickle=False) as z:
                if "header" not in z.files:
                    raise ModelFileError(f"{path} is not an opponent model file (it has no header)")
                header = json.loads(str(z["header"]))
                if header.get("format") != FILE_FORMAT:
                    raise ModelFileError(f"{path} is not an opponent model file (format {header.get('format')!r})")
                nf, n_cpt = len(header["feature_names"]), 2 + 2 * len(header["feature_names"])
                cuts = tuple(z[f"cuts_{f}"] for f in range(nf))
                seen = tuple(z[f"seen_{f}"] for f in range(nf))
                cpts = [z[f"cpt_{v}"] for v in range(n_cpt)]
                logs = [z[f"restart_loglik_{r}"] for r in range(header["n_restarts"])]
                loglik, objective, restarts = z["loglik"], z["objective"], z["restart_objectives"]
        except ModelFileError:
            raise
        except (zipfile.BadZipFile, EOFError, OSError, KeyError, ValueError, json.JSONDecodeError) as e:
            raise ModelFileError(f"{path} is truncated or corrupt ({type(e).__name__}: {e})") from None
        if list(feature_names) != header["feature_names"]:
            raise ModelFileError(f"{path} models features {header['feature_names']}, expected {list(feature_names)}")
        ids = tuple(header["strategy_ids"])
        if n_strategies is not None and len(ids) != n_strategies:
            raise ModelFileError(f"{path} models {len(ids)} strategies, expected {n_strategies}")
        disc = Discretiser(tuple(header["feature_names"]), tuple(header["kinds"]), cuts, seen)
        structure = slice_structure(disc.names, disc.n_states, len(ids))
        for v, c in enumerate(cpts):
            if c.shape != structure.shape(v):
                raise ModelFileError(f"{path}: CPT of {structure.names[v]} has shape {c.shape}, "
                                     f"expected {structure.shape(v)}")
        return cls(disc, ids, cpts, header["n_slices"], header["pseudo_count"], loglik, objective, restarts, logs,
                   header["converged"], header["sw_matched"])


def _slice_data(disc: Discretiser, raw: np.ndarray, sb: np.ndarray) -> np.ndarray:
    nf = len(disc.names)
    prev, cur = disc.transform(raw[:, :nf]), disc.transform(raw[:, nf:])
    data = np.empty((len(raw), 2 + 2 * nf), np.int64)
    data[:, 0], data[:, 1] = sb - 1, MISSING
    data[:, 2::2], data[:, 3::2] = prev, cur
    return data


def _softmax(ll: np.ndarray) -> np.ndarray:
    p = np.exp(ll - ll.max(axis=1, keepdims=True))
    return p / p.sum(axis=1, keepdims=True)


def _matching(mass: np.ndarray) -> np.ndarray:
    # order[i] = the latent state matched to strategy i: the assignment of most mass.
    from scipy.optimize import linear_sum_assignment

    latent, strategy = linear_sum_assignment(-mass)
    order = np.empty(len(mass), np.int64)
    order[strategy] = latent
    return order


# ============================================================================ stand-in data
