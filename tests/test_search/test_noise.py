"""Zobrist keys and leaf noise (``pawnslib.search.noise``): a node's key is its position array's, the noise is
splitmix64's finaliser over key and seed, in [-0.5, 0.5), and the last move changes neither.

The references are independent: keys XOR-ed in numpy straight from the ``ZOBRIST`` table, the finaliser in plain
Python integers, children made by the position-array kernel ``play_into``.
"""

import numba
import numpy as np
import pytest
from conftest import random_games

from pawnslib.config import READINGS
from pawnslib.game.bitboard import NB, node_moves, node_of, node_play
from pawnslib.game.kernels import gen_moves, play_into
from pawnslib.game.rules import MAX_MOVES, NS, S_LAST
from pawnslib.search.noise import ZOBRIST, key_noise, node_key, noise, zobrist

MASK = (1 << 64) - 1
SEEDS = (0, 1, 2, 7, 12345, 2**31 - 1, 2**40 + 3, 2**62 + 11)


def ref_key(s) -> int:
    """The Zobrist key of position array ``s``: one table entry per slot but the last move, XOR-ed."""
    return int(np.bitwise_xor.reduce(ZOBRIST[np.arange(S_LAST), s[:S_LAST]]))


def ref_noise(key: int, seed: int) -> float:
    """splitmix64's finaliser over ``key ^ seed * golden``, its top 53 bits as a fraction, minus one half."""
    x = (key & MASK) ^ ((seed * 0x9E3779B97F4A7C15) & MASK)
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK
    x ^= x >> 31
    return (x >> 11) * 2.0**-53 - 0.5


def states_of(rules: str) -> np.ndarray:
    """Every position of 60 random games (finished ones and the 200-ply draws included) as position arrays."""
    return np.array([p.array for hist in random_games(60, 41 + READINGS.index(rules), rules) for p in hist])


@numba.njit(cache=True)
def keys(states):
    """zobrist(s) and node_key(node_of(s)) of each position."""
    n = states.shape[0]
    z, k = np.empty(n, np.int64), np.empty(n, np.int64)
    b = np.empty(NB, np.int64)
    for i in range(n):
        z[i] = zobrist(states[i])
        node_of(states[i], b)
        k[i] = node_key(b)
    return z, k


@numba.njit(cache=True)
def child_keys(states):
    """For every child: zobrist of play_into's child, and node_key of node_play's (moves in gen_moves' order)."""
    n = states.shape[0]
    z = np.zeros((n, MAX_MOVES), np.int64)
    k = np.zeros((n, MAX_MOVES), np.int64)
    moves, c = np.empty(MAX_MOVES, np.int64), np.empty(NS, np.int64)
    nmoves = np.empty(MAX_MOVES, np.int64)
    b, d = np.empty(NB, np.int64), np.empty(NB, np.int64)
    for i in range(n):
        m = gen_moves(states[i], moves)
        node_of(states[i], b)
        if node_moves(b, nmoves) != m:
            k[i, :] = -1  # fails the comparison below
            continue
        for j in range(m):
            play_into(states[i], moves[j], c)
            z[i, j] = zobrist(c)
            node_play(b, moves[j], d)
            k[i, j] = node_key(d)
    return z, k


@pytest.mark.parametrize("rules", READINGS)
def test_keys_of_nodes_and_arrays_agree(rules):
    states = states_of(rules)
    z, k = keys(states)
    ref = np.array([ref_key(s) for s in states])
    assert np.array_equal(z, ref)
    assert np.array_equal(k, ref)
    # Positions that differ (in any slot but the last move) get different keys.
    distinct = np.unique(states[:, :S_LAST], axis=0)
    assert len(np.unique(keys(distinct)[0])) == len(distinct) > 1000


@pytest.mark.parametrize("rules", READINGS)
def test_children_keys_agree(rules):
    states = states_of(rules)[::3]
    z, k = child_keys(states)
    assert np.array_equal(z, k)
    assert np.count_nonzero(z) > 5 * len(states)  # the children were there to compare


def test_the_last_move_changes_no_key():
    states = states_of("kalles")[1::7]  # every one was reached by some move
    z, _ = keys(states)
    for s, key in zip(states, z, strict=True):
        for last in (-1, 0, 64 * 64 + 5, s[S_LAST] + 1):
            t = s.copy()
            t[S_LAST] = last
            assert zobrist(t) == key
            for seed in SEEDS[:3]:
                assert noise(t, seed) == noise(s, seed)
    # Any other slot does change it.
    s = states[len(states) // 2]
    for i in range(S_LAST):
        t = s.copy()
        t[i] = (t[i] + 1) % 100
        assert zobrist(t) != zobrist(s)


@pytest.mark.parametrize("rules", READINGS)
def test_noise_is_the_finaliser_of_key_and_seed(rules):
    states = states_of(rules)[::5]
    for s in states:
        key = ref_key(s)
        for seed in SEEDS:
            want = ref_noise(key, seed)
            assert key_noise(key, seed) == want
            assert noise(s, seed) == want


def test_noise_range_and_seeds():
    states = np.unique(np.concatenate([states_of(r) for r in READINGS])[:, :S_LAST], axis=0)
    states = np.concatenate([states, np.full((len(states), 1), -1)], axis=1)[::4]
    z, _ = keys(states)
    table = np.array([[key_noise(int(key), seed) for seed in SEEDS] for key in z])
    assert np.all(table >= -0.5) and np.all(table < 0.5)
    # Spread over the whole range, centred.
    assert table.min() < -0.49 and table.max() > 0.49
    assert abs(table.mean()) < 0.02
    # Each seed gives each position its own noise, and the same position other noise under another seed.
    for j in range(len(SEEDS)):
        assert len(np.unique(table[:, j])) == len(table)
    for row in table:
        assert len(np.unique(row)) == len(SEEDS)
    # Two seeds' noises are uncorrelated.
    assert abs(np.corrcoef(table[:, 0], table[:, 1])[0, 1]) < 0.05
