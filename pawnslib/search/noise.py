"""The tie-breaking noise every search adds to its leaves, by one of three named schemes, and Zobrist keys.

A leaf scores its heuristic value plus, when a seed is given, noise in [-0.5, 0.5) that only breaks ties
(the weights are integers). The thesis (Chapter 6): "We choose between them by always adding a small
random number in the range ]-.5 : .5[ to the value function when evaluating the board during minimax
search." The scheme (:data:`SCHEMES`, ``config.NOISE`` the default) says what the number is a function of:

* ``"thesis"``: of the seed and the *path* of moves from the root (:func:`path_step`, kept incrementally).
  A leaf reached by two move orders draws two independent numbers, as a fresh random number per
  evaluation would, yet reproducibly: the numbers are fixed before the search starts.
* ``"position"``: of the seed and the leaf's position (its Zobrist key): a leaf reached twice draws the
  same number, so two root moves that reach the same leaf tie exactly (the first in static order wins).
* ``"none"``: no noise; ties go to the first child in static order.

Under every scheme a search's leaf values are fixed before it starts and do not depend on the order
leaves are visited in, so every correct implementation of the same fixed-depth search finds the same
values: plain alpha-beta, the asymmetric tree with nothing predicted, OM search with Black's own weights.
A transposition table or cache reuses a position's value, which is exact only when the noise is a function
of the position (``"position"``, ``"none"``; :func:`reuses_positions`).

Keys come from the position array (:func:`zobrist`) or from a search's compact node
(:func:`node_key`, :mod:`pawnslib.game.bitboard`): the same number for the same position, so a node
draws the noise its position array would. Imports :mod:`pawnslib.game` and :mod:`pawnslib.config`.
"""

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros

from pawnslib import config
from pawnslib.game.bitboard import B_BASE, B_OCC, B_PLY, B_RESULT, B_RULES, B_SIDE
from pawnslib.game.rules import EMPTY, MAX_PLIES, S_BASE, S_LAST, S_PLY, S_RESULT, S_RULES, S_SIDE

# The tie-breaking schemes by name (recorded with every run: a tournament's meta.json, a Harmony* history, a model's
# provenance), and the codes the kernels take. "none" needs no code: the searches pass seed -1.
SCHEMES = config.NOISES  # ("thesis", "position", "none")
PATH, POSITION = 0, 1
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
def _mix(key, salt):
    """splitmix64's finaliser over ``key ^ salt * golden`` (both taken as unsigned 64-bit)."""
    x = np.uint64(key) ^ (np.uint64(salt) * _GOLDEN)
    x = (x ^ (x >> np.uint64(30))) * _MIX1
    x = (x ^ (x >> np.uint64(27))) * _MIX2
    return x ^ (x >> np.uint64(31))


@njit(cache=True)
def key_noise(key, seed):
    """The noise of the position with Zobrist key ``key`` (or of a path, its path key) under ``seed`` (>= 0): in
    [-0.5, 0.5).

    splitmix64's finaliser over the key and the seed: a key met twice in one search draws the same
    noise, and one seed's noise is independent of another's.
    """
    return float(_mix(key, seed) >> np.uint64(11)) * 2.0**-53 - 0.5


@njit(cache=True)
def noise(s, seed):
    """The tie-breaking noise of position ``s`` under ``seed`` (>= 0): :func:`key_noise` of its key."""
    return key_noise(zobrist(s), seed)


def check_noise(noise, *, where: str = "noise") -> str:
    """Return ``noise`` if it names a scheme of :data:`SCHEMES`, else raise ``ValueError`` naming ``where``."""
    if not isinstance(noise, str) or noise not in SCHEMES:
        raise ValueError(f"{where} must be one of {', '.join(map(repr, SCHEMES))}, got {noise!r}")
    return noise


def kernel_noise(noise: str, seed: int | None) -> tuple[int, int]:
    """(scheme code, seed) as the kernels take them: seed -1 for no noise (``seed`` None or ``noise="none"``)."""
    check_noise(noise)
    if seed is None or noise == "none":
        return POSITION, -1
    return (PATH if noise == "thesis" else POSITION), int(seed)


def uses_seed(noise: str) -> bool:
    """Whether a search's seed can change what it finds: not without noise (``"none"``), where no search reads it."""
    return check_noise(noise) != "none"


def reuses_positions(noise: str) -> bool:
    """Whether a position's searched value is the same wherever it turns up: a table or cache may then reuse it."""
    return check_noise(noise) != "thesis"


@njit(cache=True)
def path_step(path, move):
    """The path key one move further: ``path`` (0 at the root) followed by ``move`` (its code).

    splitmix64's finaliser over the key and the move: keys of different move sequences are as good as
    independent (the order of moves counts), so their noise is too.
    """
    return np.int64(_mix(path, move + 1))
