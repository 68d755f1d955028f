"""The discretiser (thesis Section 8.1): raw feature scores to the DBN's node states.

PD, OBMin and BMax are numbered nodes (one state per value seen in training), DSum, OBSum and
BSum interval nodes (at most 16 equal-frequency intervals). :class:`Discretiser` fits and
applies the cut points in Python; the two kernels apply them inside numba, the second (a table
of every integer score) being the one the search uses.

Imports :mod:`pawnslib.config` and :mod:`pawnslib.game.rules`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numba import njit

from pawnslib.game.rules import FEATURE_NAMES

N_INTERVALS = 16  # states of an interval node at most (Section 8.1)

NUMBERED = ("PD", "OBMin", "BMax")
INTERVAL = ("DSum", "OBSum", "BSum")
KINDS = ("numbered", "interval")


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

    def __post_init__(self):
        """Check the fields agree (a model file may not): raises ValueError naming the feature."""
        if not len(self.names) == len(self.kinds) == len(self.cuts) == len(self.seen):
            raise ValueError(f"a discretiser needs a kind, cuts and seen values per feature: {len(self.names)} names, "
                             f"{len(self.kinds)} kinds, {len(self.cuts)} cut and {len(self.seen)} seen arrays")
        for name, kind, c, u in zip(self.names, self.kinds, self.cuts, self.seen, strict=True):
            if kind not in KINDS:
                raise ValueError(f"feature {name!r}: unknown node kind {kind!r} (kinds are {KINDS})")
            if c.ndim != 1 or c.dtype.kind not in "iuf" or not np.isfinite(c).all():
                raise ValueError(f"feature {name!r}: cut points must be finite numbers in one row, got {c!r}")
            if (np.diff(c) <= 0).any():
                raise ValueError(f"feature {name!r}: cut points are not sorted (strictly increasing): {c}")
            if kind == "numbered" and len(u) != len(c) + 1:
                raise ValueError(f"feature {name!r}: a numbered node has a state per seen value, but "
                                 f"{len(u)} values were seen for {len(c) + 1} states")

    @classmethod
    def fit(
        cls, values: np.ndarray, *, names: Sequence[str] = FEATURE_NAMES, n_intervals: int = N_INTERVALS
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

