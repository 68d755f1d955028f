"""Alpha-beta against plain minimax and against its own loop without the frontier shortcut, move ordering, noise,
terminal scores, bad input."""

import numpy as np
import pytest
from conftest import random_positions
from numba import njit

from pawnslib import Position
from pawnslib.game.bitboard import B_SIDE
from pawnslib.game.rules import BLACK, MOVES_OF, NO_RESULT, S_RULES
from pawnslib.search.alphabeta import alpha_beta_search, minimax, search_kernel
from pawnslib.search.expand import child_value, expand, new_work, open_child, pick
from pawnslib.search.noise import PATH, POSITION, noise
from pawnslib.search.strategies import LADDER, THESIS
from pawnslib.search.values import INF, WIN


def random_weights(rng) -> tuple[int, ...]:
    return tuple(int(x) for x in rng.choice(LADDER, 6))


def test_alphabeta_equals_minimax(positions):
    rng = np.random.default_rng(1)
    for i, p in enumerate(positions):
        w, depth = random_weights(rng), 1 + i % 4
        ab, mm = alpha_beta_search(p, w, depth), minimax(p, w, depth)
        assert ab.value == mm.value, (p, w, depth)
        assert ab.nodes <= mm.nodes
        # The chosen move really achieves the value: one ply less from the child, same value.
        child = p.play(ab.move)
        if child.result is None and depth > 1:
            assert minimax(child, w, depth - 1).value == pytest.approx(mm.value)


@njit(cache=True)
def loop_search(root, w, depth, scheme, seed):
    """The kernel's loop as it reads, every node expanded and its children taken by pick, cut at the far bound:
    (best move, value, nodes)."""
    work = new_work(root, depth, MOVES_OF[root[S_RULES]])
    moves, results, vals, order = work.moves, work.results, work.vals, work.order
    count, nxt, alpha, beta, best = work.count, work.nxt, work.alpha, work.beta, work.best
    black_root = work.nodes[0, B_SIDE] == BLACK
    nodes, p, best_move = 1, 0, -1
    count[0] = expand(0, w, work)
    nxt[0], alpha[0], beta[0], best[0] = 0, -INF, INF, -INF if black_root else INF
    while True:
        black = black_root == (p % 2 == 0)
        if nxt[p] < count[p]:
            k = pick(vals, order, p, nxt[p], count[p], black, True)
            nxt[p] += 1
            nodes += 1
            if p + 1 < depth and results[p, k] == NO_RESULT:
                open_child(p, k, work)
                p += 1
                count[p] = expand(p, w, work)
                nxt[p], alpha[p], beta[p], best[p] = 0, alpha[p - 1], beta[p - 1], INF if black else -INF
                continue
            v = child_value(p, k, scheme, seed, work)
        elif p == 0:
            return best_move, best[0], nodes
        else:
            v, p, black = best[p], p - 1, not black
        if black:
            if p == 0 and v > best[0]:
                best_move = moves[0, order[0, nxt[0] - 1]]
            best[p] = max(best[p], v)
            alpha[p] = max(alpha[p], best[p])
        else:
            if p == 0 and v < best[0]:
                best_move = moves[0, order[0, nxt[0] - 1]]
            best[p] = min(best[p], v)
            beta[p] = min(beta[p], best[p])
        if alpha[p] >= beta[p]:
            nxt[p] = count[p]


@pytest.mark.parametrize("rules", ["kalles", "king"])
def test_the_frontier_shortcut_changes_no_node_move_or_value(rules):
    # The kernel searches a node just above the leaves at once and stops valuing its children once one is sure to
    # cut; a cut node's value then differs, but only beyond its window, so nothing above can tell.
    rng = np.random.default_rng(6)
    for i, p in enumerate(random_positions(60, seed=8, rules=rules)):
        w = np.array(THESIS[1 + i % 4] if i % 3 else random_weights(rng), np.int64)
        for depth in (2, 3, 4, 5):
            for scheme, seed in ((PATH, i), (POSITION, i), (POSITION, -1)):
                want = loop_search(p.array, w, depth, scheme, seed)
                assert search_kernel(p.array, w, depth, scheme, seed, True, True) == want, (p, w, depth, scheme)


def test_ordering_changes_nodes_never_values(positions):
    rng = np.random.default_rng(2)
    ordered = unordered = 0
    for p in positions[:100]:
        w = random_weights(rng)
        a, b = alpha_beta_search(p, w, 4), alpha_beta_search(p, w, 4, order=False)
        assert a.value == b.value
        ordered, unordered = ordered + a.nodes, unordered + b.nodes
    assert ordered < unordered


def test_pruning_off_visits_the_full_tree(positions):
    for p in positions[:20]:
        full = alpha_beta_search(p, THESIS[1], 3, prune=False, order=False)
        assert full.nodes == minimax(p, THESIS[1], 3).nodes
        assert full.value == minimax(p, THESIS[1], 3).value


def test_seeded_search_is_reproducible_and_noise_only_breaks_ties(positions):
    for p in positions[:30]:
        plain = alpha_beta_search(p, THESIS[2], 4)
        a, b = alpha_beta_search(p, THESIS[2], 4, seed=11), alpha_beta_search(p, THESIS[2], 4, seed=11)
        assert (a.move, a.value, a.nodes) == (b.move, b.value, b.nodes)
        assert abs(a.value - plain.value) <= 0.5  # noise is in [-0.5, 0.5) at every leaf
    zero = (0,) * 6  # every leaf ties: the seed alone picks the move
    picks = {alpha_beta_search(Position.start(), zero, 2, seed=s).move for s in range(40)}
    assert len(picks) > 1


def test_the_noise_is_the_leaf_positions_so_seeded_values_ignore_the_search_order(positions):
    for i, p in enumerate(positions[:40]):
        a = alpha_beta_search(p, THESIS[3], 3, seed=i)
        assert a.value == alpha_beta_search(p, THESIS[3], 3, seed=i, order=False).value
        assert a.value == alpha_beta_search(p, THESIS[3], 3, seed=i, prune=False, order=False).value
    p = positions[0]
    draws = np.array([noise(p.array, s) for s in range(2000)])
    assert draws.min() >= -0.5 and draws.max() < 0.5 and abs(draws.mean()) < 0.03 and len(set(draws)) == 2000
    assert noise(p.array, 7) == noise(p.array.copy(), 7)
    kids = [p.play(m).array for m in p.legal_moves()]
    assert len({noise(k, 7) for k in kids}) == len(kids)


def test_quickest_win_is_preferred_and_scored():
    # Black at (5,0) steps into White's base at once; the win scores WIN - 1.
    p = Position.from_text("......../......../......../......../......../b......./......../........ b 3 4 40")
    r = alpha_beta_search(p, THESIS[1], 4)
    assert str(r.move) == "5,0-6,0" and r.value == WIN - 1
    # White to move, Black threatens that entry: White's best still loses, later rather than sooner.
    q = Position.from_text("......../......../......../......../......../b......./......../........ w 3 4 41")
    assert alpha_beta_search(q, THESIS[1], 3).value == minimax(q, THESIS[1], 3).value >= WIN - 3


def test_a_root_with_a_stuck_piece_loses_it_on_any_move():
    # Read from a text, a root may hold a stuck piece (Black's (7,7): its only step, to (7,6), is taken). Whatever
    # Black plays, even far away, it goes; the searches test every piece at the root, not only those near the move.
    p = Position.from_text("......../......../......../......../......../......../......../......wb b 3 3 10")
    assert all((7, 7) not in p.play(m).squares(0) for m in p.legal_moves())
    rng = np.random.default_rng(3)
    for depth in (1, 2, 3):
        w = random_weights(rng)
        assert alpha_beta_search(p, w, depth).value == minimax(p, w, depth).value


def test_draw_at_200_plies_scores_zero():
    p = Position.from_text("/".join(["........"] * 8) + " w 4 4 199")
    r = alpha_beta_search(p, (0, 0, 0, 0, 0, 100), 3)
    assert r.value == 0.0


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"weights": (1, 2, 3)}, "6 weights"),
        ({"weights": (1, 2, 3, 4, 5, 0.5)}, "PD must be an integer"),
        ({"depth": 0}, "depth"),
        ({"depth": 2.0}, "depth"),
        ({"seed": -1}, "seed"),
    ],
)
def test_bad_arguments(kwargs, message):
    args = {"position": Position.start(), "weights": THESIS[1], "depth": 2} | kwargs
    with pytest.raises(ValueError, match=message):
        alpha_beta_search(**args)


def test_finished_game_cannot_be_searched():
    over = Position.from_text("......../......../......../......../......../......../b......./........ w 3 4 41")
    assert over.result == "black"
    with pytest.raises(ValueError, match="finished"):
        alpha_beta_search(over, THESIS[1], 2)
