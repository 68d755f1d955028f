"""The transposition-table search against plain minimax: values, best moves, wins, draws, noise, nodes, the player."""

import pickle

import numpy as np
import pytest

from pawnslib import Position
from pawnslib.play.players import DeepAlphaBeta
from pawnslib.play.tournament import play_game
from pawnslib.search.alphabeta import WIN, minimax, search
from pawnslib.search.strategies import LADDER, THESIS
from pawnslib.search.tt import deep_search

WEIGHTS = [*THESIS.values(), (0,) * 6, (10, -100, 1, 1000, -10, 10000)]  # the thesis's, all ties, a mixed one


def games(n: int, seed: int, rules: str) -> list[list[Position]]:
    """``n`` games of uniformly random play to their end, each as its list of positions."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        hist = [Position.start(rules=rules)]
        while hist[-1].result is None:
            moves = hist[-1].legal_moves()
            hist.append(hist[-1].play(moves[rng.integers(len(moves))]))
        out.append(hist)
    return out


def at_ply(p: Position, ply: int) -> Position:
    """``p`` with its ply counter moved to ``ply`` (same parity): so close to the 200-ply draw."""
    board, side, nb, nw, _ = p.to_text().split()
    return Position.from_text(f"{board} {side} {nb} {nw} {ply}", rules=p.rules)


def cases(rules: str, seed: int) -> list[Position]:
    """Live positions from random games: mid-game, 1 to 6 plies before the end, and 1 to 6 before ply 200."""
    out = []
    for hist in games(20, seed, rules):
        live = hist[:-1]
        out += [live[len(live) // 3], live[len(live) // 2]]  # mid-game
        out += live[-6:][::2] + live[-5:][::2]  # wins (or mutual wipe-outs) within the horizon
        mid = live[len(live) // 2]
        out.append(at_ply(mid, 194 + mid.ply % 2 + 2 * (len(out) % 3)))  # the 200-ply draw within reach
    return out


def one_ply_up(v: float) -> float:
    """A child's value seen from its parent: a win one ply further away."""
    return v - np.sign(v) if abs(v) > WIN / 2 else v


@pytest.mark.parametrize("rules", ["kalles", "king"])
def test_values_equal_minimax_and_the_move_is_best(rules):
    wins = draws = 0
    for i, p in enumerate(cases(rules, seed=5 if rules == "kalles" else 6)):
        w, depth = WEIGHTS[i % len(WEIGHTS)], 1 + i % 5
        if rules == "king" and depth == 5 and i % 3:
            depth = 4  # the king reading's depth-5 minimax takes a quarter second: keep a third of them
        deep, mm = deep_search(p, w, depth), minimax(p, w, depth)
        assert deep.value == mm.value, (p, w, depth)
        child = p.play(deep.move)  # a best move: its own minimax value is the root's
        if child.result is not None:
            assert deep.value == {"black": WIN - 1, "white": -(WIN - 1), "draw": 0.0}[child.result]
        elif depth > 1:
            assert one_ply_up(minimax(child, w, depth - 1).value) == deep.value, (p, w, depth)
        wins += abs(mm.value) > WIN / 2
        draws += p.ply + depth >= 200 and mm.value == 0  # every leaf at ply 200: a draw
    assert wins >= 40 and draws >= 10  # the cases do reach finished games within the horizon


def test_seeded_search_is_reproducible_and_noise_only_breaks_ties():
    rng = np.random.default_rng(3)
    ps = [hist[len(hist) // 2] for hist in games(10, seed=8, rules="kalles")]
    for i, p in enumerate(ps):
        w = tuple(int(x) for x in rng.choice(LADDER, 6))
        a = deep_search(p, w, 5, seed=i)
        deep_search(ps[-1 - i], THESIS[1], 6, seed=99)  # another search in between leaves no trace in the table
        b = deep_search(p, w, 5, seed=i)
        assert (a.move, a.value, a.nodes, a.info) == (b.move, b.value, b.nodes, b.info)
        assert abs(a.value - minimax(p, w, 5).value) < 0.5
    zero = (0,) * 6  # every leaf ties: the seed alone picks the move
    assert len({deep_search(Position.start(), zero, 4, seed=s).move for s in range(30)}) > 1


@pytest.mark.parametrize("rules", ["kalles", "king"])
def test_it_is_the_plain_search_move_for_move(rules):
    # The noise is the leaf position's, and root ties go to the first child in static order: the same move and
    # value as plain alpha-beta, seeded or not, wins and 200-ply draws within the horizon included.
    moved = 0
    for i, p in enumerate(cases(rules, seed=11 if rules == "kalles" else 12)):
        w, depth = WEIGHTS[i % len(WEIGHTS)], 1 + i % 6
        for seed in (None, 1000 + i):
            plain, deep = search(p, w, depth, seed=seed), deep_search(p, w, depth, seed=seed)
            assert (deep.move, deep.value) == (plain.move, plain.value), (p, w, depth, seed)
            moved += search(p, w, depth, seed=seed, order=False).move != plain.move
    assert moved > 0  # without the static order, ties fall otherwise: the tie rule is what makes the moves equal


@pytest.mark.parametrize("rules", ["kalles", "king"])
def test_depth_8_visits_fewer_nodes_than_plain_search(rules):
    ps = [hist[len(hist) // 2] for hist in games(6, seed=9, rules=rules)]
    deep = [deep_search(p, THESIS[2], 8, seed=i).nodes for i, p in enumerate(ps)]
    plain = [search(p, THESIS[2], 8, seed=i).nodes for i, p in enumerate(ps)]
    assert all(d < n for d, n in zip(deep, plain, strict=True)), (deep, plain)
    assert sum(plain) > 2 * sum(deep), (deep, plain)


def test_the_player_plays_a_game_and_pickles():
    player = DeepAlphaBeta(THESIS[1], depth=4)
    assert pickle.loads(pickle.dumps(player)) == player  # joblib ships it to worker processes
    game = play_game(player, THESIS[2], depth=3, seed=1)
    assert game["result"] in ("black", "white", "draw") and game["plies"] == len(game["moves"])
    again = play_game(player, THESIS[2], depth=3, seed=1)
    assert again["moves"] == game["moves"]


@pytest.mark.parametrize(
    "kwargs, message",
    [({"weights": (1, 2, 3)}, "6 weights"), ({"depth": 0}, "depth"), ({"depth": 2.0}, "depth"),
     ({"seed": -1}, "seed"), ({"position": "start"}, "Position")],
)
def test_bad_arguments(kwargs, message):
    args = {"position": Position.start(), "weights": THESIS[1], "depth": 3} | kwargs
    with pytest.raises(ValueError, match=message):
        deep_search(args.pop("position"), args.pop("weights"), args.pop("depth"), **args)


def test_a_finished_game_cannot_be_searched():
    won = Position.from_text("......../......../......../......../......../......../b......./........ w 3 4 41")
    with pytest.raises(ValueError, match="finished"):
        deep_search(won, THESIS[1], 2)
