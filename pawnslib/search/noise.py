"""Zobrist keys and the tie-breaking leaf noise every search adds to its leaves.

A leaf scores its heuristic value plus, when a seed is given, noise in [-0.5, 0.5) that only breaks
ties (the weights are integers). The noise is a function of the leaf's position and the seed, not of
the order leaves are visited in: a search's leaf values are fixed before it starts, so every correct
implementation of the same fixed-depth search finds the same values.

Keys come from the position array (:func:`zobrist`) or from a search's compact node
(:func:`node_key`, :mod:`pawnslib.game.bitboard`): the same number for the same position, so a node
draws the noise its position array would. Imports :mod:`pawnslib.game` only.
"""

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros

from pawnslib.game.bitboard import B_BASE, B_OCC, B_PLY, B_RESULT, B_RULES, B_SIDE
from pawnslib.game.rules import EMPTY, MAX_PLIES, S_BASE, S_LAST, S_PLY, S_RESULT, S_RULES, S_SIDE

# The kind of tie-breaking noise, recorded with every run (a tournament's meta.json, a Harmony* history), so that
# a run whose games drew noise otherwise (before 2026-11-22: in the order leaves were visited) is not resumed.
NOISE = "leaf position hash"
# One random 64-bit number per (slot, value): slots hold squares (EMPTY = 99), counts, side, ply (<= 200),
# result and reading. The last move (S_LAST) is left out: it does not change a position's value.
ZOBRIST = np.random.default_rng(20080601).integers(-(2**63), 2**63 - 1, size=(S_LAST, 256), dtype=np.int64)
# The same keys laid out compactly for node_key (6 kB instead of 28, so they stay in the L1 cache beside the
# rules' tables): Z_SQUARE[slot, square]; Z_TAIL[side, c], the keys of EMPTY in that side's slots after its
# first c (the slots a side of c pieces leaves); Z_REST[slot - S_BASE, value] for the slots after the pieces.
Z_SQUARE = ZOBRIST[:8, :64].copy()
Z_TAIL = np.array([[np.bitwise_xor.reduce(ZOBRIST[4 * p + c : 4 * p + 4, EMPTY]) for c in range(5)] for p in range(2)],
                  np.int64)
Z_REST = ZOBRIST[S_BASE:S_LAST, : MAX_PLIES + 1].copy()
_GOLDEN, _MIX1, _MIX2 = np.uint64(0x9E3779B97F4A7C15), np.uint64(0xBF58476D1CE4E5B9), np.uint64(0x94D049BB133111EB)


@njit(cache=True)
def zobrist(s):
    """The Zobrist key of position ``s``: side, ply and reading included, last move not."""
    key = np.int64(0)
    for i in range(S_LAST):
        key ^= ZOBRIST[i, s[i]]
    return key


@njit(cache=True)
def node_key(b):
    """The Zobrist key of node ``b``: :func:`zobrist` of its position array (pieces in ascending slots)."""
    key = (Z_REST[0, b[B_BASE]] ^ Z_REST[1, b[B_BASE + 1]] ^ Z_REST[S_SIDE - S_BASE, b[B_SIDE]]
           ^ Z_REST[S_PLY - S_BASE, b[B_PLY]] ^ Z_REST[S_RESULT - S_BASE, b[B_RESULT]]
           ^ Z_REST[S_RULES - S_BASE, b[B_RULES]])
    for p in range(2):
        x, i = b[B_OCC + p], 4 * p
        while x != 0:
            key ^= Z_SQUARE[i, trailing_zeros(x)]
            x &= x - 1
            i += 1
        key ^= Z_TAIL[p, i - 4 * p]
    return key


@njit(cache=True)
def key_noise(key, seed):
    """The noise of the position with Zobrist key ``key`` under ``seed`` (>= 0): in [-0.5, 0.5).

    splitmix64's finaliser over the key and the seed: a position reached twice in one search
    draws the same noise, and one seed's noise is independent of another's.
    """
    x = np.uint64(key) ^ (np.uint64(seed) * _GOLDEN)
    x = (x ^ (x >> np.uint64(30))) * _MIX1
    x = (x ^ (x >> np.uint64(27))) * _MIX2
    x ^= x >> np.uint64(31)
    return float(x >> np.uint64(11)) * 2.0**-53 - 0.5


@njit(cache=True)
def noise(s, seed):
    """The tie-breaking noise of position ``s`` under ``seed`` (>= 0): :func:`key_noise` of its key."""
    return key_noise(zobrist(s), seed)
