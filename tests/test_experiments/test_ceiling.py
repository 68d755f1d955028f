"""The perfect-knowledge recogniser: best replies against plain minimax and the noisy search, posteriors, accuracy."""

import numpy as np
import pandas as pd
import pytest

from pawnslib import Position
from pawnslib.experiments.ceiling import (
    best_codes,
    best_codes_kernel,
    best_replies,
    perfect_accuracy,
    perfect_logliks,
    perfect_trace,
)
from pawnslib.game.position import Move
from pawnslib.play.tournament import play_game
from pawnslib.search.alphabeta import minimax, search
from pawnslib.search.strategies import THESIS
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
    codes = best_codes(roots, weights, 4)  # one transposition table for all, a stamp a search
    for p, row in zip(positions, codes, strict=True):
        for w, c in zip(weights, row, strict=True):
            assert {Move.from_code(int(x)) for x in c[c >= 0]} == best_replies(p, w, 4)
    # Entries of other searches (other stamps: the deep search shares the thread's table) change nothing.
    table, n = new_table(TT_BITS), len(roots) * len(weights)
    np.testing.assert_array_equal(best_codes_kernel(roots, weights, 4, table, 1), codes)
    np.testing.assert_array_equal(best_codes_kernel(roots[::-1].copy(), weights, 4, table, 1 + n), codes[::-1])


@pytest.mark.parametrize("rules", READINGS)
def test_the_noisy_search_always_plays_a_best_reply(rules):
    rng = np.random.default_rng(4)
    seen_several = 0
    for i, p in enumerate(random_positions(16, seed=6, rules=rules)):
        w = random_weights(rng)
        depth = 6 if i < 3 else 3
        best = best_replies(p, w, depth)
        played = {search(p, w, depth, seed=s).move for s in range(12 if depth < 6 else 4)}
        assert played <= best, (p, w, depth)
        seen_several += len(played) > 1
    assert seen_several > 0  # the noise does pick different best replies


@pytest.fixture(scope="module")
def games() -> list[dict]:
    """Four games at depth 2 of thesis strategies, two by each reading, with the ids as a tournament records them."""
    out = []
    for n, (b, w, rules) in enumerate([(1, 3, "kalles"), (4, 2, "kalles"), (2, 1, "king"), (3, 4, "king")]):
        rec = play_game(THESIS[b], THESIS[w], depth=2, seed=20 + n, rules=rules)
        out.append({"black": b, "white": w, "round": 0, **rec})
    return out


def reference_trace(record, strategies, depth, epsilon):
    """The posterior after each White move by multiplying 1/|T_i| or epsilon, from :func:`best_replies`."""
    p, rows = np.ones(len(strategies)), []
    for t in range(1, record["plies"], 2):
        pos = Position.from_text(record["positions"][t], rules=record["rules"])
        move = pos.play(record["moves"][t]).last_move
        for i, w in enumerate(strategies.values()):
            best = best_replies(pos, w, depth)
            p[i] *= 1 / len(best) if move in best else epsilon
        rows.append(p / p.sum())
    return np.array(rows)


def test_perfect_trace_matches_the_reference(games):
    strategies = {4: THESIS[4], 2: THESIS[2], 1: THESIS[1], 3: THESIS[3]}  # columns follow the dict's order
    for rec in games:
        got = perfect_trace(rec, strategies, depth=2, epsilon=0.01)
        assert got.shape == (rec["plies"] // 2, 4)
        np.testing.assert_allclose(got, reference_trace(rec, strategies, 2, 0.01), rtol=1e-9)
        np.testing.assert_allclose(perfect_trace(rec, strategies, depth=2, epsilon=0.01, max_moves=3), got[:3])
        # The games were played at depth 2: the true strategy's every move is one of its best replies.
        ll = perfect_logliks([rec], strategies, depth=2, n_jobs=1)[0]
        assert (np.diff(ll[:, list(strategies).index(rec["white"])], prepend=0) >= -np.log(40)).all()


def test_perfect_accuracy(games, records, model):
    from pawnslib.experiments.recognition import recognition_accuracy

    acc = perfect_accuracy(records, THESIS, depth=1, n_jobs=1)
    like = recognition_accuracy(model, records)
    assert acc.index.name == like.index.name and list(acc.columns) == list(like.columns)
    assert acc.index.tolist() == like.index.tolist()
    pd.testing.assert_frame_equal(acc, perfect_accuracy(records, THESIS, depth=1, n_jobs=2))
    traces = [perfect_trace(r, THESIS, depth=1) for r in records]
    hits = [t.argmax(1)[0] + 1 == r["white"] for t, r in zip(traces, records, strict=True)]
    assert acc.loc[1, "accuracy"] == pytest.approx(np.mean(hits))
    assert acc.loc[1, "p_true"] == pytest.approx(np.mean([t[0, r["white"] - 1] for t, r in zip(traces, records,
                                                                                                   strict=True)]))
    unique = perfect_accuracy(records, THESIS, depth=1, n_jobs=1, ties="unique")
    assert (unique.hits <= acc.hits).all() and (unique.hits < acc.hits).any()  # ties do happen early
    lls = perfect_logliks(records, THESIS, depth=1, n_jobs=1)
    alone = [np.sum(ll[0] >= ll[0].max() - 1e-9) == 1 and ll[0].argmax() + 1 == r["white"]
             for ll, r in zip(lls, records, strict=True)]
    assert unique.loc[1, "hits"] == sum(alone)
    assert (acc.chance == 0.25).all() and acc.loc[1, "games"] == len(records)
    short = perfect_accuracy(games, THESIS, depth=2, n_jobs=1, max_moves=2)
    assert short.index.tolist() == [1, 2] and (short.games == len(games)).all()


@pytest.mark.parametrize("kwargs, match", [
    ({"epsilon": 0}, "epsilon"), ({"epsilon": 1.0}, "epsilon"), ({"epsilon": True}, "epsilon"),
    ({"epsilon": "0.1"}, "epsilon"), ({"depth": 0}, "depth"), ({"depth": True}, "depth"), ({"depth": 2.0}, "depth"),
    ({"max_moves": 0}, "max_moves"), ({"max_moves": 1.5}, "max_moves"), ({"strategies": {}}, "strategies"),
    ({"strategies": {1: (1, 2)}}, "strategies"), ({"strategies": [THESIS[1]]}, "strategies"),
    ({"strategies": {1: THESIS[1], 2: THESIS[2]}}, "records"), ({"ties": "random"}, "ties"),
])
def test_bad_arguments_are_refused(games, kwargs, match):
    kwargs = {"strategies": THESIS, **kwargs}
    with pytest.raises(ValueError, match=match):
        perfect_accuracy(games, n_jobs=1, **kwargs)


def test_bad_records_and_positions_are_refused(games):
    with pytest.raises(ValueError, match="records"):
        perfect_trace({"white": 1, "rules": "kalles"}, THESIS)
    with pytest.raises(ValueError, match="records"):
        perfect_trace({**games[0], "moves": ["nonsense"] * games[0]["plies"]}, THESIS)
    with pytest.raises(ValueError, match="records: record 0's rules"):
        perfect_trace({**games[0], "rules": "chess"}, THESIS)
    assert perfect_trace({**games[0], "plies": 1, "moves": games[0]["moves"][:1]}, THESIS).shape == (0, 4)
    assert perfect_accuracy([], THESIS, n_jobs=2).empty
    over = Position.from_text("......../......../......../......../......../......../......../........ b 1 0 10")
    with pytest.raises(ValueError, match="finished"):
        best_replies(over, THESIS[1], 2)
    with pytest.raises(ValueError, match="depth"):
        best_replies(Position.start(), THESIS[1], 0)
    with pytest.raises(ValueError, match="weight"):
        best_replies(Position.start(), (1, 2, 3), 2)
