"""The replays' annotations: the replies the model predicted, and the move a method changed against its twin."""

import pytest

from pawnslib.play.players import AsymPlayer
from pawnslib.play.tournament import play_game
from pawnslib.report import annotate
from pawnslib.search.strategies import THESIS


def test_predicted_replies_are_the_likely_sets_the_player_recorded_in_play(model):
    game = play_game(AsymPlayer(THESIS[1], model, 1, depth=2), THESIS[2], depth=2, seed=5)
    record = game | {"black": 1, "white": 2, "round": 0}
    marks = annotate.predicted_replies(model, record)
    assert len(marks) == game["plies"] + 1 and not any(marks[t] for t in range(0, game["plies"] + 1, 2))
    made = 0
    for t in range(1, game["plies"], 2):  # White moves: the player's observe() recorded its likely set's size
        seen = game["info"][t]
        assert len(marks[t]) == seen["likely"]
        assert (game["moves"][t] in {str(m) for m in marks[t]}) == seen["predicted"]
        made += seen["prediction_made"]
    assert made > 0  # the game exercised at least one prediction


def test_predicted_replies_follow_the_players_own_predicate(model):
    rule = ("threshold", 0.3)
    game = play_game(AsymPlayer(THESIS[1], model, 1, depth=2, mostlikely=rule), THESIS[2], depth=2, seed=5)
    marks = annotate.predicted_replies(model, game | {"black": 1}, mostlikely=rule)
    assert [len(marks[t]) for t in range(1, game["plies"], 2)] == [i["likely"] for i in game["info"][1::2]]
    assert any(marks) and marks != annotate.predicted_replies(model, game | {"black": 1})
    with pytest.raises(ValueError, match="mostlikely must be"):
        annotate.predicted_replies(model, game | {"black": 1}, mostlikely="sometimes")


def test_predicted_replies_refuse_a_broken_game(model):
    game = play_game(AsymPlayer(THESIS[1], model, 1, depth=2), THESIS[2], depth=2, seed=5)
    x = game["positions"]
    record = game | {"black": 1, "positions": [x[0], x[1], x[4], *x[3:]]}  # White's first move leads nowhere
    with pytest.raises(ValueError, match="does not follow"):
        annotate.predicted_replies(model, record)


def _rec(black, white, rnd, moves, result, *, extended=()):
    return {"black": black, "white": white, "round": rnd, "moves": moves, "result": result,
            "info": [{"extended": t in extended} for t in range(len(moves))]}


def test_changed_move_picks_the_first_extended_black_difference_preferring_a_turned_loss():
    twins = [_rec(1, 2, 0, ["a", "b", "c", "d"], "white"), _rec(2, 1, 0, ["a", "b", "c"], "white"),
             _rec(3, 1, 0, ["a", "b", "c"], "white"), _rec(4, 1, 0, ["a", "b"], "white")]
    games = [_rec(1, 2, 0, ["a", "b", "x", "d"], "draw", extended={2}),  # Black's move 3 changed: a draw
             _rec(2, 1, 0, ["a", "y", "c"], "black", extended={1}),  # a White move differs first: not Black's doing
             _rec(3, 1, 0, ["z", "b", "c"], "black", extended={2}),  # Black changed, but not at an extended search
             _rec(4, 1, 0, ["w", "b"], "black", extended={0})]  # turned a loss into a win: preferred
    game, twin, t = annotate.changed_move(games, twins)
    assert (game["black"], t, twin["moves"][t]) == (4, 0, "a")
    game, _, t = annotate.changed_move(games[:3], twins)
    assert (game["black"], t) == (1, 2)
    assert annotate.changed_move(games[1:3], twins) is None
    assert annotate.first_difference(games[0], twins[0]) == 2 and annotate.first_difference(twins[0], twins[0]) is None
