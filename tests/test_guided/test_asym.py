"""The asymmetric search against the plain one, the predicate, and its game records."""

import numpy as np
import pytest

from pawnslib import Position
from pawnslib.dbn.model import OpponentModel
from pawnslib.dbn.rows import training_rows
from pawnslib.guided.asym import AsymPlayer, compare_with_plain, mostlikely, predicate, score_replies
from pawnslib.guided.predict import SEEN_SHAPE
from pawnslib.play.tournament import play_game, run_tournament
from pawnslib.search.alphabeta import search
from pawnslib.search.strategies import THESIS


@pytest.fixture(scope="module")
def records():
    return run_tournament(THESIS, None, rounds=1, depth=3, seed=3, n_jobs=1, progress=False)


@pytest.fixture(scope="module")
def model(records):
    return OpponentModel.fit(training_rows(records), restarts=1, seed=1)


def black_roots(records, n=12):
    """Game histories ending in a Black-to-move position, from real games."""
    out = []
    for r in records:
        for t in range(2, len(r["positions"]) - 1, 6):
            if t % 2 == 0 and len(out) < n:
                out.append([Position.from_text(x) for x in r["positions"][: t + 1]])
    return out


def test_never_predicting_is_the_plain_search(records, model):
    for i, hist in enumerate(black_roots(records)):
        sid = 1 + i % 4
        for seed in (None, 17):
            a = AsymPlayer(THESIS[sid], model, sid, depth=4, mostlikely="never").choose(hist, seed)
            b = search(hist[-1], THESIS[sid], 4, seed=seed)
            assert (a.move, a.value, a.nodes) == (b.move, b.value, b.nodes)
            assert a.info["reached"] == 4 and not a.info["extended"]


def test_always_predicting_searches_everything_two_plies_deeper(records, model):
    for i, hist in enumerate(black_roots(records, 8)):
        sid = 1 + i % 4
        a = AsymPlayer(THESIS[sid], model, sid, depth=2, mostlikely="always").choose(hist, None)
        assert a.value == search(hist[-1], THESIS[sid], 4).value
        assert a.info["extended"] or hist[-1].result is not None


def test_seeded_asymmetric_search_is_reproducible(records, model):
    hist = black_roots(records, 1)[0]
    runs = [AsymPlayer(THESIS[2], model, 2, depth=4).choose(hist, 99) for _ in range(2)]
    assert (runs[0].move, runs[0].value, runs[0].nodes) == (runs[1].move, runs[1].value, runs[1].nodes)


def test_mostlikely_predicates():
    counts = [3, 2, 2, 4]  # pr = 3/4, 2/4, 2/4, 4/4
    seen = np.zeros(SEEN_SHAPE, np.bool_)
    seen[1, 2] = True  # 1/2 was played before: 2/4 is the same pr
    assert [mostlikely(c, 4, 0, 0.0, seen) for c in counts] == [False, True, True, False]
    seen[1, 1] = True  # pr = 1 never counts as likely, seen or not
    assert not mostlikely(4, 4, 0, 0.0, seen)
    assert mostlikely(1, 4, 3, 0.3, seen) and not mostlikely(2, 4, 3, 0.3, seen)  # ("threshold", 0.3)


def test_game_records_predictions(model):
    g = play_game(AsymPlayer(THESIS[1], model, 1, depth=3), THESIS[2], depth=3, seed=5)
    black, white = g["info"][0::2], g["info"][1::2]
    assert all(set(i) == {"reached", "extended", "pe_children"} for i in black)
    for i in white:
        count, n = i["pr"]
        assert 1 <= count <= n <= 16 and 0 <= i["likely"] <= n
        assert not i["predicted"] or i["prediction_made"]
    # The first White move cannot be predicted: no pr has been seen yet.
    assert not white[0]["prediction_made"]


def test_bad_predicate_and_colour(records, model):
    with pytest.raises(ValueError, match="mostlikely"):
        predicate("sometimes")
    with pytest.raises(ValueError, match="mostlikely"):
        predicate(("seen_before", 0.2))
    hist = black_roots(records, 1)[0]
    with pytest.raises(ValueError, match="plays Black"):
        AsymPlayer(THESIS[1], model, 1, depth=2).choose(hist + [hist[-1].play(hist[-1].legal_moves()[0])], 1)


def test_history_may_start_mid_game(records, model):
    # A game started from a later position: the search must index its history, not the ply.
    hist = black_roots(records, 3)[-1]
    late = hist[-3:]  # starts at ply > 0
    assert late[0].ply > 0
    for mode in ("never", "always"):
        a = AsymPlayer(THESIS[3], model, 3, depth=2, mostlikely=mode).choose(late, None)
        depth = 2 if mode == "never" else 4
        assert a.value == search(late[-1], THESIS[3], depth).value
    g = play_game(AsymPlayer(THESIS[3], model, 3, depth=2), THESIS[1], depth=2, seed=1, start=late[-1])
    assert g["plies"] - late[-1].ply == len(g["moves"]) > 0


def test_compare_with_plain_on_the_same_positions(records, model):
    t = compare_with_plain(records[:3], model, THESIS, depth=3, mostlikely="never")
    assert len(t) > 3 and (t.plain_nodes == t.asym_nodes).all() and not t.extended.any()
    t = compare_with_plain(records[:3], model, THESIS, depth=3, mostlikely="always")
    assert (t.asym_nodes >= t.plain_nodes).all() and t.extended.any() and (t.pe_children > 0).all()


def test_score_replies_reads_the_history_the_search_reads(records, model):
    rec = max(records, key=lambda r: len(r["positions"]))
    games = [Position.from_text(x) for x in rec["positions"]]
    for t in (2, 4, 6, 10):  # the reply x_t follows x_{t-1}, White to move; its history x_{t-2}, x_{t-4}, ...
        hist = games[:t]
        moves, logpe = score_replies(model, hist, rec["black"])
        h = min(model.n_slices - 1, t // 2)
        history = np.array([games[j].features() for j in range(t - 2 * h, t, 2)]).reshape(h, -1)
        children = np.array([hist[-1].play(m).features() for m in moves])
        assert moves == hist[-1].legal_moves()
        np.testing.assert_array_equal(logpe, model.log_pe_children(history, children, rec["black"]))
    with pytest.raises(ValueError, match="White to move"):
        score_replies(model, games[:1], rec["black"])


def test_compare_with_plain_refuses_a_bad_repeat_count(records, model):
    with pytest.raises(ValueError, match="repeats must be a positive integer, got 0"):
        compare_with_plain(records[:1], model, THESIS, depth=2, repeats=0)
