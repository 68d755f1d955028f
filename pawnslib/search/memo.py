"""A search's memo of side scores: one side's weighted feature parts, looked up by that side's pieces.

Every node a search expands values all its children for the thesis's move ordering (Section 11.2), and a
child's static value is ``w . (Black's parts) - w . (White's parts)``, where a side's six parts depend on its
own pieces only (its board and its base count; :func:`~pawnslib.game.bitboard.side_parts`). A move that
removes nothing changes only the mover's parts, and within one search the mover's pieces take few
configurations (each side makes three moves in a depth-6 search), met again and again in sibling subtrees.
So :mod:`~pawnslib.search.expand` looks the mover's score up here instead of summing its parts: computed once
per configuration, a lookup after that.

The memo is direct-mapped (a configuration's slot: a multiplicative hash of its board and tag; a new one
replaces the old), and a slot holds its configuration in full (board and tag), so a lookup returns
exactly what :func:`~pawnslib.game.bitboard.side_parts` would: memoising changes no value, node or move.
Its scores belong to one weight vector (``memo_w``'s first row), and to an opponent model's types in an OM or
PrOM search (its further rows); a search that changes weights (several strategies on one work space) empties
it by :func:`memo_for`.

Imports :mod:`pawnslib.game` only.
"""

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros

from pawnslib.game.bitboard import side_parts
from pawnslib.game.rules import N_FEATURES

# 2,048 slots (128 kB): over 218 positions at depth 6, 256 slots were slower, 4,096 and 8,192 no faster.
MEMO_BITS = 11
NO_WEIGHT = -(2**63)  # no weight vector holds it (check_weights): a new memo is emptied by its first memo_for
# A row: the side's board, its tag (2 * base count + side + 1; 0: empty), its score by each of the memo's R weight
# vectors (from column SCORES: the first next to the tag, which every lookup reads), then its first five parts from
# column SCORES + R (the sixth, its piece count, is the caller's: a move that removes nothing keeps it).
SCORES = 2
_G1, _G2 = np.uint64(0x9E3779B97F4A7C15), np.uint64(0xBF58476D1CE4E5B9)


@njit(cache=True)
def new_memo(bits=MEMO_BITS, types=0):
    """A memo of ``2**bits`` rows (1 <= bits <= 32) scoring by a search's weights and ``types`` more weight vectors
    (an opponent model's types), and its weights: none yet, so that its first :func:`memo_for` empties it (its rows
    are not cleared twice)."""
    return (np.empty((1 << bits, SCORES + 1 + types + N_FEATURES - 1), np.int64),
            np.full((1 + types, N_FEATURES), NO_WEIGHT, np.int64))


@njit(cache=True, inline="always")
def _differs(memo_w, r, w):
    """Whether ``w`` is not row ``r`` of ``memo_w``."""
    for f in range(N_FEATURES):
        if memo_w[r, f] != w[f]:
            return True
    return False


@njit(cache=True, inline="always")
def memo_for(w, memo, memo_w, types=None):
    """``memo``, first emptied if its scores are not by the weights ``w`` (and, given, each row of ``types``), which
    it then takes. Without ``types`` a memo made for some keeps the ones it has."""
    stale = _differs(memo_w, 0, w)
    if types is not None:
        for t in range(types.shape[0]):
            stale = stale or _differs(memo_w, 1 + t, types[t])
    if stale:
        for i in range(memo.shape[0]):
            memo[i, 1] = 0
        for f in range(N_FEATURES):
            memo_w[0, f] = w[f]
            if types is not None:
                for t in range(types.shape[0]):
                    memo_w[1 + t, f] = types[t, f]
    return memo


@njit(cache=True, inline="always")
def memo_row(memo, memo_w, p, occ, n_base):
    """The row of ``memo`` that holds side ``p``'s score by each row r of ``memo_w`` (column ``SCORES + r``) and its
    first five parts (from column ``SCORES + R``, R the rows of ``memo_w``) with its pieces ``occ`` on the board and
    ``n_base`` in its base: found, or computed into the configuration's slot."""
    tag = 2 * n_base + p + 1
    # The product's top bits (as many as the memo's size has) name the slot: they depend on every bit of the key.
    shift = np.uint64(64 - trailing_zeros(memo.shape[0]))
    i = np.int64((np.uint64(occ) * _G1 + np.uint64(tag) * _G2) >> shift)
    if memo[i, 0] != occ or memo[i, 1] != tag:
        parts = side_parts(p, occ, n_base)
        memo[i, 0], memo[i, 1] = occ, tag
        n = memo_w.shape[0]
        for r in range(n):
            w = memo_w[r]
            # Spelt out, not expand.side_score's loop over the tuple: that loop, inlined here, made every search 3-10 %
            # slower on bench_kernels' positions (2026-11-27), though it runs only for a configuration not met before.
            memo[i, SCORES + r] = (w[0] * parts[0] + w[1] * parts[1] + w[2] * parts[2] + w[3] * parts[3]
                                   + w[4] * parts[4] + w[5] * parts[5])
        for f in range(N_FEATURES - 1):
            memo[i, SCORES + n + f] = parts[f]
    return i
