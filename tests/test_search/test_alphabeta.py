"""Alpha-beta against plain minimax, move ordering, noise, terminal scores, bad input."""

import numpy as np
import pytest

from pawnslib import Position
from pawnslib.search.alphabeta import minimax, search
from pawnslib.search.noise import noise
from pawnslib.search.strategies import LADDER, THESIS
from pawnslib.search.values import WIN


def random_weights(rng) -> tuple[int, ...]:
    return tuple(int(x) for x in rng.choice(LADDER, 6))


def test_alphabeta_equals_minimax(positions):
    rng = np.random.default_rng(1)
    for i, p in enumerate(positions):
        w, depth = random_weights(rng), 1 + i % 4
        ab, mm = search(p, w, depth), minimax(p, w, depth)
        assert ab.value == mm.value, (p, w, depth)
        assert ab.nodes <= mm.nodes
        # The chosen move really achieves the value: one ply less from the child, same value.
        child = p.play(ab.move)
        if child.result is None and depth > 1:
            assert minimax(child, w, depth - 1).value == pytest.approx(mm.value)


def test_ordering_changes_nodes_never_values(positions):
    rng = np.random.default_rng(2)
    ordered = unordered = 0
    for p in positions[:100]:
        w = random_weights(rng)
        a, b = search(p, w, 4), search(p, w, 4, order=False)
        assert a.value == b.value
        ordered, unordered = ordered + a.nodes, unordered + b.nodes
    assert ordered < unordered


def test_pruning_off_visits_the_full_tree(positions):
    for p in positions[:20]:
        full = search(p, THESIS[1], 3, prune=False, order=False)
        assert full.nodes == minimax(p, THESIS[1], 3).nodes
        assert full.value == minimax(p, THESIS[1], 3).value


def test_seeded_search_is_reproducible_and_noise_only_breaks_ties(positions):
    for p in positions[:30]:
        plain = search(p, THESIS[2], 4)
        a, b = search(p, THESIS[2], 4, seed=11), search(p, THESIS[2], 4, seed=11)
        assert (a.move, a.value, a.nodes) == (b.move, b.value, b.nodes)
        assert abs(a.value - plain.value) <= 0.5  # noise is in [-0.5, 0.5) at every leaf
    zero = (0,) * 6  # every leaf ties: the seed alone picks the move
    picks = {search(Position.start(), zero, 2, seed=s).move for s in range(40)}
    assert len(picks) > 1


def test_the_noise_is_the_leaf_positions_so_seeded_values_ignore_the_search_order(positions):
    for i, p in enumerate(positions[:40]):
        a = search(p, THESIS[3], 3, seed=i)
        assert a.value == search(p, THESIS[3], 3, seed=i, order=False).value
        assert a.value == search(p, THESIS[3], 3, seed=i, prune=False, order=False).value
    p = positions[0]
    draws = np.array([noise(p.array, s) for s in range(2000)])
    assert draws.min() >= -0.5 and draws.max() < 0.5 and abs(draws.mean()) < 0.03 and len(set(draws)) == 2000
    assert noise(p.array, 7) == noise(p.array.copy(), 7)
    kids = [p.play(m).array for m in p.legal_moves()]
    assert len({noise(k, 7) for k in kids}) == len(kids)


def test_quickest_win_is_preferred_and_scored():
    # Black at (5,0) steps into White's base at once; the win scores WIN - 1.
    p = Position.from_text("......../......../......../......../......../b......./......../........ b 3 4 40")
    r = search(p, THESIS[1], 4)
    assert str(r.move) == "5,0-6,0" and r.value == WIN - 1
    # White to move, Black threatens that entry: White's best still loses, later rather than sooner.
    q = Position.from_text("......../......../......../......../......../b......./......../........ w 3 4 41")
    assert search(q, THESIS[1], 3).value == minimax(q, THESIS[1], 3).value >= WIN - 3


def test_a_root_with_a_stuck_piece_loses_it_on_any_move():
    # Read from a text, a root may hold a stuck piece (Black's (7,7): its only step, to (7,6), is taken). Whatever
    # Black plays, even far away, it goes; the searches test every piece at the root, not only those near the move.
    p = Position.from_text("......../......../......../......../......../......../......../......wb b 3 3 10")
    assert all((7, 7) not in p.play(m).squares(0) for m in p.legal_moves())
    rng = np.random.default_rng(3)
    for depth in (1, 2, 3):
        w = random_weights(rng)
        assert search(p, w, depth).value == minimax(p, w, depth).value


def test_draw_at_200_plies_scores_zero():
    p = Position.from_text("/".join(["........"] * 8) + " w 4 4 199")
    r = search(p, (0, 0, 0, 0, 0, 100), 3)
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
        search(**args)


def test_finished_game_cannot_be_searched():
    over = Position.from_text("......../......../......../......../......../......../b......./........ w 3 4 41")
    assert over.result == "black"
    with pytest.raises(ValueError, match="finished"):
        search(over, THESIS[1], 2)
