"""The transposition-table search against plain minimax: values, best moves, wins, draws, noise, nodes, true bounds
in the table whatever the window, the per-thread tables."""

import pickle

import numpy as np
import pytest
from conftest import at_ply, random_games

from pawnslib import Position
from pawnslib.game.rules import MAX_MOVES
from pawnslib.play.players import DeepAlphaBeta
from pawnslib.play.tournament import play_game
from pawnslib.search.alphabeta import alpha_beta_search, minimax
from pawnslib.search.expand import new_work
from pawnslib.search.noise import POSITION, SCHEMES, zobrist
from pawnslib.search.strategies import LADDER, THESIS
from pawnslib.search.tt import (
    EXACT,
    LOWER,
    TT_BITS,
    UPPER,
    deep_search,
    new_frames,
    new_table,
    thread_table,
    tt_alphabeta,
)
from pawnslib.search.values import WIN

WEIGHTS = [*THESIS.values(), (0,) * 6, (10, -100, 1, 1000, -10, 10000)]  # the thesis's, all ties, a mixed one


def cases(rules: str, seed: int) -> list[Position]:
    """Live positions from random games: mid-game, 1 to 6 plies before the end, and 1 to 6 before ply 200."""
    out = []
    for hist in random_games(20, seed, rules):
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
    ps = [hist[len(hist) // 2] for hist in random_games(10, seed=8, rules="kalles")]
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
@pytest.mark.parametrize("noise", SCHEMES)
def test_it_is_the_plain_search_move_for_move(rules, noise):
    # Under "position" the table answers with the leaf position's noise, under "thesis" (the path's) it only hints
    # moves; root ties go to the first child in static order: the same move and value as plain alpha-beta, seeded
    # or not, wins and 200-ply draws within the horizon included.
    moved = 0
    for i, p in enumerate(cases(rules, seed=11 if rules == "kalles" else 12)):
        w, depth = WEIGHTS[i % len(WEIGHTS)], 1 + i % 6
        for seed in (None, 1000 + i):
            plain = alpha_beta_search(p, w, depth, seed=seed, noise=noise)
            deep = deep_search(p, w, depth, seed=seed, noise=noise)
            assert (deep.move, deep.value) == (plain.move, plain.value), (p, w, depth, seed)
            moved += alpha_beta_search(p, w, depth, seed=seed, noise=noise, order=False).move != plain.move
    assert moved > 0  # without the static order, ties fall otherwise: the tie rule is what makes the moves equal


@pytest.mark.parametrize("rules", ["kalles", "king"])
def test_depth_8_visits_fewer_nodes_than_plain_search(rules):
    # Under the position scheme the table answers (under the thesis's it only hints moves: bench_kernels times it).
    ps = [hist[len(hist) // 2] for hist in random_games(6, seed=9, rules=rules)]
    deep = [deep_search(p, THESIS[2], 8, seed=i, noise="position").nodes for i, p in enumerate(ps)]
    plain = [alpha_beta_search(p, THESIS[2], 8, seed=i, noise="position").nodes for i, p in enumerate(ps)]
    assert all(d < n for d, n in zip(deep, plain, strict=True)), (deep, plain)
    assert sum(plain) > 2 * sum(deep), (deep, plain)


def reachable(p: Position, plies: int) -> dict[int, Position]:
    """The positions up to ``plies`` plies below ``p`` (``p`` included), by Zobrist key."""
    out, front = {int(zobrist(p.array)): p}, [p]
    for _ in range(plies):
        front = list({int(zobrist(c.array)): c for q in front if q.result is None
                      for c in map(q.play, q.legal_moves())}.values())
        out.update((int(zobrist(q.array)), q) for q in front)
    return out


@pytest.mark.parametrize("rules", ["kalles", "king"])
def test_the_table_holds_true_bounds_whatever_the_window(rules):
    """Many windows against one table and stamp, noise off: each result keeps alpha-beta's contract (fail-soft), and
    each entry bounds its position's value at its depth. The perfect-knowledge recogniser relies on both."""
    rng, checked = np.random.default_rng(9), 0
    for i, p in enumerate(cases(rules, seed=10)[::12]):
        w = np.array(WEIGHTS[i % len(WEIGHTS)] if i % 3 else rng.integers(-2, 3, 6), np.int64)  # small: many ties
        depth = (5 if rules == "kalles" else 4) + i % 2
        true, table = minimax(p, w, depth).value, new_table(TT_BITS)
        work, frames = new_work(p.array, depth, MAX_MOVES), new_frames(depth + 1)
        spread = max(abs(true) / 4, 10.0)
        for n in range(40):  # wide windows and null windows (loose bounds of both kinds get stored)
            a, b = np.sort(true + np.round(rng.uniform(-spread, spread, 2) * 2) / 2)
            a, b = (a, b) if n % 2 else (np.round(a) - 0.5, np.round(a) + 0.5)
            if a < b:
                v = tt_alphabeta(0, depth, a, b, w, POSITION, -1, work, frames, table, 1)
                assert (v == true) if a < v < b else (true <= v if v <= a else true >= v), (p, w, depth, a, b, v)
        near = reachable(p, 3)
        for slot in np.flatnonzero(table.stamps == 1):
            d = depth - int(table.depths[slot])  # plies below the root: win scores in the table count from it
            q = near.get(int(table.keys[slot]))
            assert q is not None or d > 3, (p, slot)  # every entry of the first four plies is identified
            if q is None:
                continue
            assert q.ply - p.ply == d
            v = minimax(q, w, depth - d).value if d else true
            v = v - np.sign(v) * d if abs(v) > WIN / 2 else v
            value, bound = table.values[slot], table.bounds[slot]
            assert {EXACT: v == value, LOWER: v >= value, UPPER: v <= value}[bound], (q, w, depth - d, bound, v)
            checked += 1
    assert checked > 300, checked


def test_a_thread_shares_one_table_per_constructor_and_fresh_stamps():
    table, first = thread_table(new_table, TT_BITS)
    again, second = thread_table(new_table, TT_BITS, stamps=5)
    assert again is table and second == first + 1
    assert thread_table(new_table, TT_BITS)[1] == second + 5  # the five stamps are the caller's
    fresh, stamp = thread_table(new_table, TT_BITS, fits=lambda t: t is not table)
    assert fresh is not table and stamp == 1  # a table that does not fit is replaced, its stamps start afresh
    assert thread_table(new_table, TT_BITS)[0] is fresh


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
