"""A search's shared steps (``pawnslib.search.expand``) against the position-array kernels.

For positions of random games under both readings and several weight vectors (the thesis's, all zero, ones from
the ladder): ``expand`` values each child as ``value_of`` does the child ``play_into`` makes, ``pick`` hands them
out in the order of a stable sort (ties in generation order; all-zero weights make ties everywhere),
``open_child`` gives the child's node, side parts and path key, ``expand`` with ``feats`` its features,
``child_value`` and ``node_value`` add the position's own noise (``"position"``) or the path's (``"thesis"``).
One ply further down, ``expand`` values the grandchildren. ``search_frontier`` takes as many children as the
kernels' loop (``pick``, ``child_value``, a cut-off at the window's far bound) and finds its value, or a bound on
the same side where the loop cuts.
"""

import numba
import numpy as np
import pytest
from conftest import at_ply, random_games, side_parts_ref

from pawnslib import Position
from pawnslib.config import READINGS
from pawnslib.game.bitboard import NB, node_of
from pawnslib.game.kernels import features_into, gen_moves, play_into
from pawnslib.game.rules import BLACK, MOVES_OF, N_FEATURES, NO_RESULT, NS, S_RESULT, S_SIDE
from pawnslib.search.expand import (
    child_value,
    expand,
    new_work,
    node_value,
    open_child,
    pick,
    search_frontier,
    sort_children,
)
from pawnslib.search.noise import PATH, POSITION, key_noise, noise, path_step
from pawnslib.search.strategies import LADDER, THESIS
from pawnslib.search.values import INF, value_of

_rng = np.random.default_rng(2024)
WEIGHTS = [*THESIS.values(), (0,) * 6, (0, 0, 0, 0, 0, 1),  # the thesis's; ties everywhere; ties nearly everywhere
           *(tuple(int(x) for x in _rng.choice(LADDER, 6)) for _ in range(3))]
SEED = 17


def states_of(rules: str) -> np.ndarray:
    """Every position of 40 random games (finished ones too), and mid-game ones moved next to the 200-ply draw."""
    games = random_games(40, 51 + READINGS.index(rules), rules)
    out = [p for hist in games for p in hist]
    out += [at_ply(hist[len(hist) // 2], 198 + hist[len(hist) // 2].ply % 2) for hist in games]
    return np.array([p.array for p in out])


@numba.njit(cache=True)
def reference(states, w, seed, m):
    """Each position's children by the kernels: moves, results, values (d = 1), features, nodes, side parts, values
    plus noise (live ones); and the position's own value (d = 0), plain and with noise."""
    n = states.shape[0]
    counts = np.zeros(n, np.int64)
    moves = np.full((n, m), -1, np.int64)
    results = np.full((n, m), -1, np.int64)
    vals = np.zeros((n, m))
    noisy = np.zeros((n, m))
    feats = np.zeros((n, m, N_FEATURES), np.int64)
    nodes = np.zeros((n, m, NB), np.int64)
    sides = np.zeros((n, m, 2, N_FEATURES), np.int64)
    root, root_noisy = np.zeros(n), np.zeros(n)
    c, f, t = np.empty(NS, np.int64), np.empty(N_FEATURES, np.int64), np.empty(NS, np.int64)
    for i in range(n):
        s = states[i]
        features_into(s, f)
        root[i] = value_of(s, w, f, 0)
        root_noisy[i] = root[i] + (noise(s, seed) if s[S_RESULT] == NO_RESULT else 0.0)
        counts[i] = gen_moves(s, moves[i])
        for k in range(counts[i]):
            play_into(s, moves[i, k], c)
            results[i, k] = c[S_RESULT]
            features_into(c, feats[i, k])
            vals[i, k] = value_of(c, w, feats[i, k], 1)
            noisy[i, k] = vals[i, k] + (noise(c, seed) if c[S_RESULT] == NO_RESULT else 0.0)
            node_of(c, nodes[i, k])
            for p in range(2):
                side_parts_ref(c, p, t, sides[i, k, p])
    return counts, moves, results, vals, noisy, feats, nodes, sides, root, root_noisy


# Thin wrappers: each inline kernel is compiled once here, not at every call site below. Their callers pass plies
# and seeds as int64 values, not literals (numba would compile a wrapper for every literal it is called with).
@numba.njit(cache=True)
def _expand(p, w, work):
    return expand(p, w, work)


@numba.njit(cache=True)
def _pick(vals, order, p, i, n, black, sort):  # noqa: PLR0917  numba kernel: numba compiles no keyword-only parameter
    return pick(vals, order, p, i, n, black, sort)


@numba.njit(cache=True)
def _sort_children(vals, order, p, n, black):
    sort_children(vals, order, p, n, black)


@numba.njit(cache=True)
def _open_child(p, k, work):
    open_child(p, k, work)


@numba.njit(cache=True)
def _expand_features(p, w, work, feats):
    return expand(p, w, work, feats)


@numba.njit(cache=True)
def _child_value(p, k, scheme, seed, work):
    return child_value(p, k, scheme, seed, work)


@numba.njit(cache=True)
def _node_value(p, w, scheme, seed, work):
    return node_value(p, w, scheme, seed, work)


@numba.njit(cache=True)
def searched(states, w, seed, m):
    """The same from a search's work space: expand, pick (unsorted, then sorted), sort_children, expand with the
    children's features, open_child, child_value and node_value at ply 0 (the values as expand left them, twice)."""
    n = states.shape[0]
    counts = np.zeros(n, np.int64)
    moves = np.full((n, m), -1, np.int64)
    results = np.full((n, m), -1, np.int64)
    vals = np.zeros((n, m))
    vals_again = np.zeros((n, m))
    noisy = np.zeros((n, m))
    path_noisy = np.zeros((n, m))
    paths = np.zeros((n, m), np.int64)
    plain = np.zeros((n, m))
    unsorted = np.full((n, m), -1, np.int64)
    picked = np.full((n, m), -1, np.int64)
    sorted_all = np.full((n, m), -1, np.int64)
    feats = np.zeros((n, m, N_FEATURES), np.int64)
    nodes = np.zeros((n, m, NB), np.int64)
    sides = np.zeros((n, m, 2, N_FEATURES), np.int64)
    root, root_noisy, root_path = np.zeros(n), np.zeros(n), np.zeros(n)
    top, no_seed, sorts = np.int64(0), np.int64(-1), np.array([False, True])
    for i in range(n):
        work = new_work(states[i], 1, m)
        black = states[i, S_SIDE] == BLACK
        c = _expand(top, w, work)
        work.count[0] = counts[i] = c
        moves[i, :c], results[i, :c], vals[i, :c] = work.moves[0, :c], work.results[0, :c], work.vals[0, :c]
        for sort in sorts:  # first unsorted (generation order), then sorted
            for j in range(c):
                k = _pick(work.vals, work.order, top, j, c, black, sort)
                if sort:
                    picked[i, j] = k
                else:
                    unsorted[i, j] = k
        work.vals[0, :c] = np.nan
        _expand_features(top, w, work, feats[i])  # values again, order back to generation order
        vals_again[i, :c] = work.vals[0, :c]
        _sort_children(work.vals, work.order, top, c, black)
        sorted_all[i, :c] = work.order[0, :c]
        for k in range(c):
            _open_child(top, k, work)
            nodes[i, k] = work.nodes[1]
            sides[i, k] = work.sides[1]
            paths[i, k] = work.paths[1]
        for k in range(c):
            plain[i, k] = _child_value(top, k, POSITION, no_seed, work)
            noisy[i, k] = _child_value(top, k, POSITION, seed, work)
            path_noisy[i, k] = _child_value(top, k, PATH, seed, work)
        root[i], root_noisy[i] = _node_value(top, w, POSITION, no_seed, work), _node_value(top, w, POSITION, seed, work)
        root_path[i] = _node_value(top, w, PATH, seed, work)
    return (counts, moves, results, vals, vals_again, plain, noisy, path_noisy, paths, unsorted, picked, sorted_all,
            feats, nodes, sides, root, root_noisy, root_path)


@numba.njit(cache=True)
def grandchildren_reference(states, w, m):
    """The values (d = 2) and results of every grandchild, by the kernels."""
    n = states.shape[0]
    vals = np.zeros((n, m, m))
    results = np.full((n, m, m), -1, np.int64)
    moves, moves2 = np.empty(m, np.int64), np.empty(m, np.int64)
    c, g, f = np.empty(NS, np.int64), np.empty(NS, np.int64), np.empty(N_FEATURES, np.int64)
    for i in range(n):
        for k in range(gen_moves(states[i], moves)):
            play_into(states[i], moves[k], c)
            for j in range(gen_moves(c, moves2)):
                play_into(c, moves2[j], g)
                features_into(g, f)
                vals[i, k, j], results[i, k, j] = value_of(g, w, f, 2), g[S_RESULT]
    return vals, results


@numba.njit(cache=True)
def grandchildren_searched(states, w, m):
    """The same by expand at ply 1, below each child opened at ply 0."""
    n = states.shape[0]
    vals = np.zeros((n, m, m))
    results = np.full((n, m, m), -1, np.int64)
    top = np.int64(0)
    for i in range(n):
        work = new_work(states[i], 2, m)
        for k in range(_expand(top, w, work)):
            _open_child(top, k, work)
            c = _expand(top + 1, w, work)
            vals[i, k, :c], results[i, k, :c] = work.vals[1, :c], work.results[1, :c]
    return vals, results


def same(got, want, states, what, w):
    """Assert ``got == want`` (one row per position), naming the first position where they differ."""
    if not np.array_equal(got, want):
        i = int(np.flatnonzero((got != want).reshape(len(states), -1).any(axis=1))[0])
        p = Position(states[i].copy())
        raise AssertionError(f"{what} differ at {p.to_text()} ({p.rules}), weights {w}:\n{got[i]}\nkernels:\n{want[i]}")


def stable_order(vals: np.ndarray, black: bool) -> np.ndarray:
    return np.argsort(-vals if black else vals, kind="stable")


@pytest.mark.parametrize("rules", READINGS)
def test_expand_values_and_opens_children_as_the_kernels(rules):
    states = states_of(rules)
    m = int(MOVES_OF[READINGS.index(rules)])
    for weights in WEIGHTS:
        w = np.array(weights, np.int64)
        n, mv, res, vals, noisy, feats, nodes, sides, root, root_noisy = reference(states, w, SEED, m)
        (bn, bmv, bres, bvals, bvals_again, plain, bnoisy, path_noisy, paths, unsorted, picked, sorted_all, bfeats,
         bnodes, bsides, broot, broot_noisy, broot_path) = searched(states, w, SEED, m)
        same(bn, n, states, "move counts", weights)
        same(bmv, mv, states, "moves", weights)
        same(bres, res, states, "results", weights)
        same(bvals, vals, states, "values", weights)
        same(bvals_again, vals, states, "values (expand with features)", weights)
        same(bfeats, feats, states, "children's features", weights)
        same(bnodes, nodes, states, "children's nodes", weights)
        same(bsides, sides, states, "children's side parts", weights)
        same(plain, vals, states, "child values without a seed", weights)
        same(bnoisy, noisy, states, "child values with a seed", weights)
        same(broot, root, states, "node values without a seed", weights)
        same(broot_noisy, root_noisy, states, "node values with a seed", weights)
        live = np.arange(m) < n[:, None]
        assert np.any(live & (noisy != vals))  # the noise was really added
        # The thesis's scheme: a child's path key is one step from the root's (0), and its noise is that key's.
        want_paths = np.array([[path_step(0, c) for c in row] for row in mv])
        same(np.where(live, paths, 0), np.where(live, want_paths, 0), states, "children's path keys", weights)
        path_noise = np.vectorize(lambda key: key_noise(key, SEED))(want_paths)
        want = np.where(live & (res == NO_RESULT), vals + path_noise, vals)
        same(np.where(live, path_noisy, 0), np.where(live, want, 0), states, "child values with path noise", weights)
        over = states[:, S_RESULT] != NO_RESULT
        same(broot_path, np.where(over, root, root + key_noise(0, SEED)), states, "node values with path noise",
             weights)
        for i in range(len(states)):
            k = n[i]
            assert np.array_equal(unsorted[i, :k], np.arange(k))  # without sort: generation order
            want = stable_order(vals[i, :k], states[i, S_SIDE] == BLACK)
            assert np.array_equal(picked[i, :k], want), (states[i], weights, vals[i, :k])
            assert np.array_equal(sorted_all[i, :k], want), (states[i], weights, vals[i, :k])


def test_picks_break_ties_in_generation_order():
    # All-zero weights: every live child ties, so only the generation order (and wins) decide.
    states = states_of("kalles")
    m = int(MOVES_OF[0])
    w = np.zeros(6, np.int64)
    n, _, _, vals, *_ = reference(states, w, SEED, m)
    picked = searched(states, w, SEED, m)[10]
    ties = 0
    for i in range(len(states)):
        k = n[i]
        ties += k - len(np.unique(vals[i, :k]))
        assert np.array_equal(picked[i, :k], stable_order(vals[i, :k], states[i, S_SIDE] == BLACK))
    assert ties > 5 * len(states)


@pytest.mark.parametrize("black", [True, False])
def test_pick_is_a_stable_sort_of_any_values(black):
    """Children taken in turn come in stable order from any starting order (search_frontier moves some to the
    front), also when the first was taken without pick (the transposition table's hinted move)."""
    rng = np.random.default_rng(3 + black)
    for case in range(300):
        n = int(rng.integers(1, 29))
        vals = np.zeros((2, 29))
        vals[1, :n] = rng.integers(-3, 4, n).astype(float)  # few values: many ties
        order = np.zeros((2, 29), np.int64)
        start = np.arange(n) if case % 2 else rng.permutation(n)
        order[1, :n] = start
        got = [_pick(vals, order, 1, i, n, black, True) for i in range(n)]
        assert got == list(stable_order(vals[1, :n], black))
        assert list(order[1, :n]) == got
        order[1, :n] = start
        sort_children(vals, order, 1, n, black)
        assert list(order[1, :n]) == got
        order[1, :n] = start
        hinted = [_pick(vals, order, 1, i, n, black, True) for i in range(1, n)]
        assert hinted == sorted(start[1:].tolist(), key=lambda k: (-vals[1, k] if black else vals[1, k], k))


@pytest.mark.parametrize("rules", READINGS)
def test_expand_one_ply_down(rules):
    states = states_of(rules)[::15]
    m = int(MOVES_OF[READINGS.index(rules)])
    for weights in (THESIS[1], THESIS[4], (0,) * 6):
        w = np.array(weights, np.int64)
        vals, results = grandchildren_reference(states, w, m)
        bvals, bresults = grandchildren_searched(states, w, m)
        same(bresults, results, states, "grandchildren's results", weights)
        same(bvals, vals, states, "grandchildren's values", weights)


@numba.njit(cache=True)
def frontier_both_ways(state, w, scheme, seed, alpha, beta, m):  # noqa: PLR0917  numba kernel: numba compiles no keyword-only parameter
    """A node's children taken as leaves in the window (alpha, beta): (taken, value) by the kernels' loop (expand,
    pick best first, child_value, cut at the far bound), then by search_frontier, and how many it valued."""
    top = np.int64(0)
    work = new_work(state, 1, m)
    black = state[S_SIDE] == BLACK
    n = _expand(top, w, work)
    best, taken = (-INF if black else INF), 0
    for i in range(n):
        v = _child_value(top, _pick(work.vals, work.order, top, i, n, black, True), scheme, seed, work)
        best, taken = (max(best, v) if black else min(best, v)), i + 1
        if (best >= beta) if black else (best <= alpha):
            break
    work = new_work(state, 1, m)
    work.alpha[0], work.beta[0], work.best[0] = alpha, beta, (-INF if black else INF)
    value = _search_frontier(top, w, scheme, seed, work)
    return taken, best, work.counters[0], value, work.count[0]


@numba.njit(cache=True)
def _search_frontier(p, w, scheme, seed, work):
    return search_frontier(p, w, scheme, seed, work)


@pytest.mark.parametrize("rules", READINGS)
def test_search_frontier_takes_the_children_the_loop_takes(rules):
    # Windows whose far bound lies at, just off and 1 or more past a child's value (and open ones), under both
    # schemes and none: the same children taken; the same value unless cut, else a value past the same bound.
    states = [s for s in states_of(rules)[::6] if s[S_RESULT] == NO_RESULT]
    m = int(MOVES_OF[READINGS.index(rules)])
    rng = np.random.default_rng(5)
    cut = early = uncut = 0
    for i, state in enumerate(states):
        w = np.array(WEIGHTS[i % len(WEIGHTS)], np.int64)
        vals = reference(state[None], w, SEED, m)[3][0]
        black, n = state[S_SIDE] == BLACK, int(gen_moves(state, np.empty(m, np.int64)))
        for scheme, seed in ((POSITION, SEED), (PATH, SEED + i), (POSITION, -1)):
            for offset in (-1.5, -1.0, -0.5, -0.25, 0.0, 0.25, 0.5, 1.0, 2.0, INF):
                bound = float(vals[rng.integers(n)]) + offset
                if abs(offset) == INF:
                    bound = INF if black else -INF
                alpha, beta = (bound - 3.0, bound) if black else (bound, bound + 3.0)
                taken, best, counted, value, valued = frontier_both_ways(state, w, scheme, seed, alpha, beta, m)
                where = (Position(state.copy()).to_text(), rules, w, scheme, seed, alpha, beta)
                assert counted == taken, where
                if (best >= beta) if black else (best <= alpha):
                    assert ((value >= beta) if black else (value <= alpha)), where
                    cut += 1
                    early += valued < n  # it stopped valuing children
                else:
                    assert value == best, where
                    uncut += 1
    assert min(cut, early, uncut) > 50, (cut, early, uncut)  # every case was met
