"""The search's memo of side scores (``pawnslib.search.memo``) against the position-array kernels' features.

For every position of random games under both readings, both sides and several weight vectors, a memo row
holds the side's parts by ``features_into`` (the other side off the board) and their score, whether the row
was found or computed: in a memo of the search's size and in one of four rows, where configurations keep
evicting one another. A memo that changes weights re-scores every configuration. A memo made for an opponent
model's types scores by each of them too.
"""

import numba
import numpy as np
import pytest
from conftest import random_games, side_parts_ref

from pawnslib.config import READINGS
from pawnslib.game.bitboard import B_BASE, B_OCC, NB, node_of
from pawnslib.game.rules import N_FEATURES, NS
from pawnslib.search.memo import MEMO_BITS, SCORES, memo_for, memo_row, new_memo
from pawnslib.search.strategies import THESIS

WEIGHTS = np.array([*THESIS.values(), (3, -1, 4, -1, 5, -9)], np.int64)


@numba.njit(cache=True)
def lookups(states, weights, bits, passes, types):
    """Each (weights, position, side)'s row contents (its scores, its five parts) after ``passes`` sweeps through
    one memo made for ``types`` too, and the reference parts; weights change between sweeps over the positions
    (emptying the memo each time)."""
    n, k = states.shape[0], weights.shape[0]
    got = np.zeros((k, n, 2, SCORES + types.shape[0] + 4), np.int64)
    want = np.zeros((k, n, 2, N_FEATURES), np.int64)
    memo, memo_w = new_memo(bits, types.shape[0])
    b, t = np.empty(NB, np.int64), np.empty(NS, np.int64)
    for _ in range(passes):
        for j in range(k):
            memo = memo_for(weights[j], memo, memo_w, types)
            for i in range(n):
                node_of(states[i], b)
                for p in range(2):
                    r = memo_row(memo, memo_w, p, b[B_OCC + p], b[B_BASE + p])
                    got[j, i, p] = memo[r, SCORES:]
                    side_parts_ref(states[i], p, t, want[j, i, p])
    return got, want


@pytest.mark.parametrize("rules", READINGS)
@pytest.mark.parametrize("bits", [MEMO_BITS, 2])
def test_a_row_holds_the_sides_parts_and_their_score(rules, bits):
    games = random_games(20, 71 + READINGS.index(rules), rules)
    states = np.array([p.array for hist in games for p in hist])
    got, want = lookups(states, WEIGHTS, bits, 2, np.empty((0, N_FEATURES), np.int64))
    assert np.array_equal(got[..., 1:], want[..., :5]), "the parts"
    assert np.array_equal(got[..., 0], np.einsum("jf,jipf->jip", WEIGHTS, want)), "the score by the memo's weights"
    # Not a vacuous check: the positions hold many configurations and the weights score them differently.
    assert len({tuple(x) for x in want.reshape(-1, N_FEATURES)}) > 50
    assert len(set(got[:, 0, 0, 0])) == len(WEIGHTS)


@pytest.mark.parametrize("bits", [MEMO_BITS, 2])
def test_a_memo_made_for_types_scores_by_each_of_them(bits):
    games = random_games(20, 73, "kalles")
    states = np.array([p.array for hist in games for p in hist])
    types = WEIGHTS[::-1].copy()  # the search's weights among them, in another place
    got, want = lookups(states, WEIGHTS[:2], bits, 2, types)
    assert np.array_equal(got[..., :1], np.einsum("jf,jipf->jip", WEIGHTS[:2], want)[..., None]), "the search's"
    assert np.array_equal(got[..., 1:1 + len(types)], np.einsum("tf,jipf->jipt", types, want)), "each type's"
    assert np.array_equal(got[..., 1 + len(types):], want[..., :5]), "the parts after the scores"


def test_a_memo_that_changes_one_types_weights_is_emptied():
    memo, memo_w = new_memo(3, 2)
    w, types = WEIGHTS[0], WEIGHTS[1:3].copy()
    memo_for(w, memo, memo_w, types)
    memo[:, 1] = 7  # rows scored by these weights
    memo_for(w, memo, memo_w, types)
    assert np.all(memo[:, 1] == 7), "the same weights keep the rows"
    memo_for(w, memo, memo_w)
    assert np.all(memo[:, 1] == 7), "the search's weights alone keep them too (the types stay the memo's)"
    types[1, 5] += 1
    memo_for(w, memo, memo_w, types)
    assert np.all(memo[:, 1] == 0), "a type's new weights empty them"
    assert np.array_equal(memo_w, np.vstack([w, types]))


def test_a_new_memo_takes_the_first_weights_it_is_given():
    memo, memo_w = new_memo(3)
    memo[:, 1] = 7  # what an uncleared row could hold: a tag (new_memo leaves the emptying to memo_for)
    zero = np.zeros(N_FEATURES, np.int64)  # even all-zero weights: no weight vector is a new memo's
    memo_for(zero, memo, memo_w)
    assert np.all(memo[:, 1] == 0), "every row empty"
    assert np.array_equal(memo_w, zero[None])
