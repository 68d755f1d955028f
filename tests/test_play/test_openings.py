"""Seeded openings and a partly noisy White: distinct games wherever play is deterministic."""

import pytest

from pawnslib.config import RunSettings
from pawnslib.game.position import Position
from pawnslib.play.foresight import white_player
from pawnslib.play.openings import check_opening, opening_moves
from pawnslib.play.records import positions_of
from pawnslib.play.tournament import play_game, run_tournament
from pawnslib.search.seeds import derive_seed
from pawnslib.search.strategies import THESIS


def test_an_opening_is_a_function_of_its_games_seed_and_legal():
    start = Position.start()
    a, b = opening_moves(start, 6, 11), opening_moves(start, 6, 11)
    assert a == b and len(a) == 6 and opening_moves(start, 6, 12) != a
    pos = start
    for move in a:
        assert move in pos.legal_moves()
        pos = pos.play(move)
    assert opening_moves(start, 0, 11) == [] and opening_moves(start, 4, 11) == a[:4]  # a prefix: ply by ply


@pytest.mark.parametrize("plies", [-2, 3, 2.0, True, "6"])
def test_a_bad_opening_length_is_named(plies):
    with pytest.raises(ValueError, match="openings must be a non-negative even number of plies"):
        check_opening(plies)


def test_an_opening_that_ends_the_game_is_refused():
    game = play_game(THESIS[1], THESIS[2], depth=1, seed=3, noise="none")
    over = Position.from_text(game["positions"][-1])
    assert over.result is not None
    with pytest.raises(ValueError, match=rf"openings=2: the seeded opening reaches .* at ply {over.ply}, where no "
                                         "move is legal"):
        opening_moves(over, 2, 1)


def test_a_game_records_its_opening_and_its_players_start_after_it():
    rec = play_game(THESIS[1], THESIS[2], depth=1, seed=3, opening=4, noise="none")
    assert rec["opening"] == 4 and rec["moves"][:4] == [str(m) for m in opening_moves(Position.start(), 4, 3)]
    assert rec["nodes"][:4] == [0] * 4 and rec["values"][:4] == [0.0] * 4 and min(rec["nodes"][4:]) > 0
    assert "opening" not in play_game(THESIS[1], THESIS[2], depth=1, seed=3, noise="none")


def test_without_noise_seeded_openings_make_every_round_its_own_game():
    strategies = {1: THESIS[1], 2: THESIS[2]}
    plain = run_tournament(strategies, None, RunSettings(rounds=3, depth=1, noise="none", jobs=1), progress=False)
    opened = run_tournament(strategies, None, RunSettings(rounds=3, depth=1, noise="none", jobs=1, openings=6),
                            progress=False)
    assert len({(r["black"], r["white"], tuple(r["moves"])) for r in plain}) == 4  # one game a pairing
    assert len({(r["black"], r["white"], tuple(r["moves"])) for r in opened}) == 12


def test_whites_share_of_noisy_searches_is_what_the_oracle_replays():
    """White breaking ties by noise in half its searches: white_player (the oracle's and the told tree's White)
    finds every reply White played, with the seed of that search."""
    rec = play_game(THESIS[3], THESIS[4], depth=2, seed=7, opening=2, white_share=0.5)
    white = white_player(THESIS[4], depth=2, white_depth=None, noise="thesis", white_share=0.5)
    replies = range(rec["opening"] + 1, rec["plies"], 2)
    assert all(str(white.choose(positions_of(rec, t)[rec["opening"]:], derive_seed(7, t)).move) == rec["moves"][t]
               for t in replies)
    assert len(replies) > 3
    with pytest.raises(ValueError, match="white_share must be a number from 0 to 1"):
        play_game(THESIS[3], THESIS[4], depth=1, white_share=2)
