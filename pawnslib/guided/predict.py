"""The pessimistic ratio, the "seen before" prediction (thesis Section 11.1.1) and the asymmetric tree's predicates.

For siblings with P(e) values L, ``pr(L, L_i) = |{p in L : p >= L_i}| / |L|``: 1 when all
siblings tie, 1/|L| for a unique best. A child is *likely* (``seen_before``) when its pr is
below 1 and the same pr has been the pr of a move the opponent actually played earlier in
the game.

pr is an exact fraction, so equal values compare equal (1/2 == 2/4). In Python it is a
``fractions.Fraction``; inside numba it is the integer pair ``(count, n)``, and the set of
pr values played so far is a boolean table ``seen`` of shape :data:`SEEN_SHAPE`, indexed
by the reduced fraction ``[count // g, n // g]`` (g = gcd), n <= :data:`MAX_CHILDREN`.
pr == 1 is count == n, i.e. ``[1, 1]``. Pass log P(e) (or P(e): the ranking, hence pr, is
the same unless P(e) underflows); children with the same states get bit-identical values.

Kernels (``@njit(cache=True)``)::

    pr_counts_into(values (m,), out (m,) int64)  out[i] = #{j : values[j] >= values[i]}
    pr_key(count, n) -> (num, den)               the reduced fraction
    seen_before(seen, count, n) -> bool          pr < 1 and pr already played
    mark_seen(seen, count, n)                    record a played pr
    likely_into(seen, values (m,), counts (m,) int64, out (m,) bool) -> int
                                                 the likely children; returns how many
    is_mostlikely(count, n, mode, max_pr, seen) -> bool
                                                 the asymmetric tree's predicate (below)

The asymmetric tree (:mod:`pawnslib.guided.asym`) extends the replies for which its ``mostlikely``
predicate holds, one of (:func:`predicate` names them):

* ``"seen_before"`` (default, Section 11.1.1): pr < 1 and this pr (as a reduced
  fraction) was the pr of a move White actually played earlier in the game;
* ``"always"`` / ``"never"``: test and ablation predicates;
* ``("threshold", max_pr)``: pr < max_pr (the thesis's naive rule, Chapter 13's
  "one-slice-threshold").

Imports: :mod:`pawnslib.game` only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
from numba import njit

from pawnslib.game.rules import MAX_MOVES

MAX_CHILDREN = MAX_MOVES
SEEN_SHAPE = (MAX_CHILDREN + 1, MAX_CHILDREN + 1)

# The mostlikely predicates, as is_mostlikely's ``mode``
SEEN_BEFORE, ALWAYS, NEVER, THRESHOLD = 0, 1, 2, 3
PREDICATES = {"seen_before": SEEN_BEFORE, "always": ALWAYS, "never": NEVER, "threshold": THRESHOLD}


def _check_values(values) -> np.ndarray:
    v = np.asarray(values, dtype=np.float64)
    if v.ndim != 1 or len(v) == 0:
        raise ValueError(f"P(e) values must be a non-empty 1-d sequence, got shape {v.shape}")
    if np.isnan(v).any():
        raise ValueError(f"P(e) values contain NaN at child {int(np.flatnonzero(np.isnan(v))[0])}")
    return v


def pessimistic_ratio(values, i: int) -> Fraction:
    """pr(L, L_i) of child ``i`` among sibling values ``L``, exactly.

    Raises:
        ValueError: empty values, NaNs, or ``i`` out of range.
    """
    v = _check_values(values)
    if not 0 <= i < len(v):
        raise ValueError(f"child {i} out of range 0..{len(v) - 1}")
    return Fraction(int((v >= v[i]).sum()), len(v))


def pessimistic_ratios(values) -> list[Fraction]:
    """pr of every child (see :func:`pessimistic_ratio`)."""
    v = _check_values(values)
    counts = np.empty(len(v), np.int64)
    pr_counts_into(v, counts)
    return [Fraction(int(c), len(v)) for c in counts]


@njit(cache=True)
def pr_counts_into(values, out):
    """out[i] = number of values >= values[i] (the numerator of pr over len(values))."""
    m = values.shape[0]
    for i in range(m):
        c = 0
        for j in range(m):
            if values[j] >= values[i]:
                c += 1
        out[i] = c


@njit(cache=True)
def _gcd(a, b):
    while b:
        a, b = b, a % b
    return a


@njit(cache=True)
def pr_key(count, n):
    """The reduced fraction count/n as (numerator, denominator)."""
    g = _gcd(count, n)
    return count // g, n // g


@njit(cache=True)
def seen_before(seen, count, n):
    """True when pr = count/n < 1 and this pr has been played before (``seen``)."""
    if count >= n:
        return False
    a, b = pr_key(count, n)
    return seen[a, b]


@njit(cache=True)
def mark_seen(seen, count, n):
    """Record that the opponent played a move of pr count/n."""
    a, b = pr_key(count, n)
    seen[a, b] = True


@njit(cache=True)
def likely_into(seen, values, counts, out):
    """out[i] = seen_before(pr of child i); ``counts`` is scratch space; returns the count."""
    pr_counts_into(values, counts)
    m, k = values.shape[0], 0
    for i in range(m):
        out[i] = seen_before(seen, counts[i], m)
        k += out[i]
    return k


@njit(cache=True)
def is_mostlikely(count, n, mode, max_pr, seen):
    """The ``mostlikely`` predicate on pr = count / n (``seen``: the prs played, as above)."""
    if mode == ALWAYS:
        return True
    if mode == NEVER or count >= n:  # pr = 1: every sibling equally likely, nothing to predict
        return False
    if mode == THRESHOLD:
        return count < max_pr * n
    return seen_before(seen, count, n)


def predicate(mostlikely: str | tuple = "seen_before") -> tuple[int, float]:
    """``"seen_before"``, ``"always"``, ``"never"`` or ``("threshold", max_pr)`` as (mode, max_pr).

    Raises:
        ValueError: anything else, naming the choices.
    """
    name, max_pr = (mostlikely, 0.0) if isinstance(mostlikely, str) else (mostlikely[0], float(mostlikely[1]))
    if name not in PREDICATES or (name == "threshold") != (not isinstance(mostlikely, str)):
        choices = "'seen_before', 'always', 'never' or ('threshold', max_pr)"
        raise ValueError(f"mostlikely must be {choices}; got {mostlikely!r}")
    return PREDICATES[name], max_pr


@dataclass
class Predictor:
    """Tracks one real game: the pr of every opponent move and how predictions fare.

    Call :meth:`likely` to get the predicted set for a node's children, and
    :meth:`observe` once the opponent has moved there. A prediction is *made* when the
    likely set is not empty, and *correct* when the move played is in it.

    Attributes:
        seen: the (17, 17) table of played pr values, for the numba kernels.
        played: the pr of every opponent move observed (the data of Figure 11.1).
        likely_sizes: size of the likely set at every prediction made.
        hits: whether each prediction made was correct.
    """

    seen: np.ndarray = field(default_factory=lambda: np.zeros(SEEN_SHAPE, np.bool_))
    played: list[Fraction] = field(default_factory=list)
    likely_sizes: list[int] = field(default_factory=list)
    hits: list[bool] = field(default_factory=list)

    def likely(self, values) -> np.ndarray:
        """Boolean mask of the children whose pr satisfies ``seen_before``.

        Raises:
            ValueError: empty values, NaNs, or more than 16 children.
        """
        v = _check_values(values)
        if len(v) > MAX_CHILDREN:
            raise ValueError(f"at most {MAX_CHILDREN} children, got {len(v)}")
        out = np.empty(len(v), np.bool_)
        likely_into(self.seen, v, np.empty(len(v), np.int64), out)
        return out

    def observe(self, values, played: int, *, likely: np.ndarray | None = None) -> bool | None:
        """Score the prediction for these children, then record the pr of ``played``.

        Args:
            values: log P(e) (or P(e)) of every child.
            played: index of the child the opponent chose.
            likely: the likely children by another rule (e.g. a pr threshold); default: :meth:`likely`'s.

        Returns:
            None when no prediction could be made, else whether it was correct.

        Raises:
            ValueError: as :meth:`likely`, ``played`` out of range, or ``likely`` not one flag per child.
        """
        mask = self.likely(values) if likely is None else np.asarray(likely, np.bool_)
        if mask.shape != (len(_check_values(values)),):
            raise ValueError(f"likely must hold one flag per child ({len(values)}), got shape {mask.shape}")
        if not 0 <= played < len(mask):
            raise ValueError(f"played child {played} out of range 0..{len(mask) - 1}")
        hit = None
        if mask.any():
            hit = bool(mask[played])
            self.likely_sizes.append(int(mask.sum()))
            self.hits.append(hit)
        pr = pessimistic_ratio(values, played)
        self.played.append(pr)
        mark_seen(self.seen, pr.numerator, pr.denominator)
        return hit

    @property
    def n_predictions(self) -> int:
        return len(self.hits)

    @property
    def n_correct(self) -> int:
        return int(sum(self.hits))

    def summary(self) -> dict:
        """Opponent moves, predictions made, correct, and the mean likely-set size (all,
        and when correct)."""
        sizes, hits = np.array(self.likely_sizes), np.array(self.hits, bool)
        return {
            "moves": len(self.played),
            "predictions": self.n_predictions,
            "correct": self.n_correct,
            "mean_likely": float(sizes.mean()) if len(sizes) else float("nan"),
            "mean_likely_when_correct": float(sizes[hits].mean()) if hits.any() else float("nan"),
        }

