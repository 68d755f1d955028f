"""The noise-free best moves (``pawnslib.search.ties.best_replies``) against plain minimax and the noisy search."""

import numpy as np
import pytest

from pawnslib import Position
from pawnslib.game.position import Move
from pawnslib.search.alphabeta import alpha_beta_search, minimax
from pawnslib.search.strategies import THESIS
from pawnslib.search.ties import best_codes, best_codes_kernel, best_replies
from pawnslib.search.tt import TT_BITS, new_table
from pawnslib.search.values import WIN

READINGS = ("kalles", "king")


def random_positions(n: int, seed: int, rules: str, max_plies: int = 60) -> list[Position]:
    """``n`` unfinished positions of random play; every fourth moved to plies 196-199 (the 200-ply draw is near)."""
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < n:
        p = Position.start(rules=rules)
        stop = rng.integers(1, max_plies)
        while p.result is None and p.ply < stop:
            moves = p.legal_moves()
            p = p.play(moves[rng.integers(len(moves))])
        if p.result is None:
            if len(out) % 4 == 3:
                board, side, nb, nw, _ = p.to_text().split()
                ply = (196 if side == "b" else 197) + 2 * int(rng.integers(2))
                p = Position.from_text(f"{board} {side} {nb} {nw} {ply}", rules=rules)
            out.append(p)
    return out


def random_weights(rng) -> tuple[int, ...]:
    """Small weights (many ties), or a thesis strategy."""
    if rng.random() < 0.3:
        return THESIS[int(rng.integers(1, 5))]
    return tuple(int(x) for x in rng.integers(-2, 3, 6))


def reference_best(position: Position, weights, depth: int) -> frozenset:
    """The best moves by plain minimax of every child (``search.minimax`` at depth - 1), valued from the root."""
    w = np.array(weights)
    values = {}
    for move in position.legal_moves():
        child = position.play(move)
        if child.result is not None:
            v = {"black": WIN - 1, "white": -(WIN - 1), "draw": 0.0}[child.result]
        elif depth == 1:
            v = float(w @ child.features())
        else:
            v = minimax(child, weights, depth - 1).value
            v = v - np.sign(v) if abs(v) > WIN / 2 else v  # a win d plies below the child is d + 1 below the root
        values[move] = v
    best = max(values.values()) if position.side_to_move == "black" else min(values.values())
    return frozenset(m for m, v in values.items() if v == best)


@pytest.mark.parametrize("rules", READINGS)
def test_best_replies_match_plain_minimax(rules):
    rng = np.random.default_rng(3)
    sizes = []
    for i, p in enumerate(random_positions(72, seed=5, rules=rules)):
        w = random_weights(rng)
        depth = 1 + i % (6 if rules == "kalles" else 5)  # deep enough for transpositions across root moves
        got = best_replies(p, w, depth)
        assert got == reference_best(p, w, depth), (p, w, depth)
        sizes.append(len(got))
    assert max(sizes) > 1 and min(sizes) == 1  # ties and unique best replies both occur


@pytest.mark.parametrize("rules", READINGS)
def test_a_batch_of_positions_and_strategies_is_searched_as_each_alone(rules):
    positions = random_positions(12, seed=8, rules=rules)
    roots = np.stack([p.array for p in positions])
    weights = np.array(list(THESIS.values()) + [(1, 1, 0, -1, 0, 1)], np.int64)
    codes, nodes = best_codes(roots, weights, 4)  # one transposition table for all, a stamp a search
    for p, row in zip(positions, codes, strict=True):
        for w, c in zip(weights, row, strict=True):
            assert {Move.from_code(int(x)) for x in c[c >= 0]} == best_replies(p, w, 4)
    # Entries of other searches (other stamps: the deep search shares the thread's table) change nothing.
    table, n = new_table(TT_BITS), len(roots) * len(weights)
    np.testing.assert_array_equal(best_codes_kernel(roots, weights, 4, table, 1)[0], codes)
    np.testing.assert_array_equal(best_codes_kernel(roots[::-1].copy(), weights, 4, table, 1 + n)[0], codes[::-1])


@pytest.mark.parametrize("rules", READINGS)
def test_the_noisy_search_always_plays_a_best_reply(rules):
    rng = np.random.default_rng(4)
    seen_several = 0
    for i, p in enumerate(random_positions(16, seed=6, rules=rules)):
        w = random_weights(rng)
        depth = 6 if i < 3 else 3
        best = best_replies(p, w, depth)
        played = {alpha_beta_search(p, w, depth, seed=s).move for s in range(12 if depth < 6 else 4)}
        assert played <= best, (p, w, depth)
        seen_several += len(played) > 1
    assert seen_several > 0  # the noise does pick different best replies


def test_bad_arguments_are_refused():
    over = Position.from_text("......../......../......../......../......../......../......../........ b 1 0 10")
    with pytest.raises(ValueError, match="finished"):
        best_replies(over, THESIS[1], 2)
    with pytest.raises(ValueError, match="depth"):
        best_replies(Position.start(), THESIS[1], 0)
    with pytest.raises(ValueError, match="weight"):
        best_replies(Position.start(), (1, 2, 3), 2)
