"""White's replies at a game's position: their log P(e) from the history the search reads, and which are likely."""

import numpy as np
import pytest

from pawnslib import Position
from pawnslib.guided.predict import SEEN_SHAPE, Predictor
from pawnslib.guided.replies import likely_replies, white_replies


@pytest.fixture(scope="module")
def game(records):
    rec = max(records, key=lambda r: len(r["positions"]))
    return rec, [Position.from_text(x) for x in rec["positions"]]


def test_white_replies_read_the_history_the_search_reads(game, model):
    rec, games = game
    for t in (2, 4, 6, 10):  # the reply x_t follows x_{t-1}, White to move; its history x_{t-2}, x_{t-4}, ...
        hist = games[:t]
        moves, logpe = white_replies(model, hist, rec["black"])
        h = min(model.n_slices - 1, t // 2)
        history = np.array([games[j].features() for j in range(t - 2 * h, t, 2)]).reshape(h, -1)
        children = np.array([hist[-1].play(int(m)).features() for m in moves])
        assert [int(m) for m in moves] == [m.code for m in hist[-1].legal_moves()]
        np.testing.assert_array_equal(logpe, model.log_pe_children(history, children, rec["black"]))
    with pytest.raises(ValueError, match="White to move"):
        white_replies(model, games[:1], rec["black"])
    with pytest.raises(ValueError, match="random_seed must be a non-negative integer"):
        white_replies(model, games[:2], rec["black"], random_seed=-1)


def test_likely_replies_judge_whites_move_as_the_predictor_does(game, model):
    rec, games = game
    predictor, made = Predictor(), 0
    for t in range(2, min(len(games), 40), 2):  # White has just moved into games[t]
        moves, logpe, likely, played = likely_replies(model, games[: t + 1], rec["black"], predictor.seen)
        assert games[t - 1].play(int(moves[played])) == games[t] and len(likely) == len(moves)
        assert likely.tolist() == predictor.likely(logpe).tolist()  # seen_before, by the predictor's own kernel
        made += likely.any()
        predictor.observe(logpe, played)
    assert made > 0
    never = likely_replies(model, games[:3], rec["black"], np.ones(SEEN_SHAPE, np.bool_), mostlikely="never")[2]
    assert not never.any()
    with pytest.raises(ValueError, match="not reachable in one move"):
        likely_replies(model, [games[1], games[4]], rec["black"], predictor.seen)


def test_of_two_replies_that_make_one_position_the_first_generated_counts_as_white_s(model):
    """Two replies can make the same position (both onto a square where the piece is stuck and removed). P(e)
    cannot tell them apart, the random control's numbers can (they hash the reply's last move too): White's
    played reply is the first of them in generation order, whichever White made, as the committed runs count it."""
    parent = Position.from_text("....w.../......../b......./.......w/.......w/......../.......w/...b...b w 0 0 129")
    moves = parent.legal_moves()
    kids = [parent.play(m) for m in moves]
    twins = [k for k, kid in enumerate(kids) if kids.count(kid) > 1]
    assert len(twins) == 2, twins
    for made in twins:
        child = parent.play(moves[made])
        codes, chance, _, played = likely_replies(model, [parent, child], 1, np.zeros(SEEN_SHAPE, np.bool_),
                                                  random_seed=7)
        assert played == twins[0] and [int(c) for c in codes] == [m.code for m in moves]
        assert chance[twins[0]] != chance[twins[1]]
        logpe = likely_replies(model, [parent, child], 1, np.zeros(SEEN_SHAPE, np.bool_))[1]
        assert logpe[twins[0]] == logpe[twins[1]]
