"""The perfect-knowledge recogniser: its posteriors and accuracy against a reference built on the best replies."""

import numpy as np
import pandas as pd
import pytest
from scipy.special import softmax

from pawnslib import Position
from pawnslib.experiments.ceiling import perfect_accuracy, perfect_logliks
from pawnslib.play.tournament import play_game
from pawnslib.search.strategies import THESIS
from pawnslib.search.ties import best_replies

READINGS = ("kalles", "king")


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


def perfect_trace(record, strategies, **kwargs) -> np.ndarray:
    """P(strategy i | White's moves so far) after each of White's moves of one game (the recogniser's posterior)."""
    return softmax(perfect_logliks([record], strategies, n_jobs=1, **kwargs)[0], axis=1)


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
