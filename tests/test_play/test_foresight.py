"""The players that foresee White's first reply: the oracle foresees the very reply White plays."""

import pytest

from pawnslib import Position
from pawnslib.config import RunSettings
from pawnslib.play.foresight import ForesightFactory, MatchedOMPlayer, OraclePlayer, move_of
from pawnslib.play.players import DeepAlphaBeta
from pawnslib.play.tournament import play_game
from pawnslib.search.strategies import THESIS


@pytest.mark.parametrize("rules", ["kalles", "king"])
def test_every_reply_the_oracle_foresaw_is_the_one_white_played(rules):
    oracle = ForesightFactory("oracle")
    for seed, (b, w) in enumerate([(1, 2), (4, 3)]):
        rec = play_game(oracle(THESIS[b], depth=4, opponent=THESIS[w], noise="thesis"), THESIS[w], depth=4,
                        seed=seed, rules=rules)
        foreseen = [info["foreseen"] for info in rec["info"][0::2]]
        played = rec["moves"][1::2]
        assert len(played) >= 5 and foreseen[: len(played)] == played
        assert all(f is None for f in foreseen[len(played):])  # Black's last move ended the game


def test_the_oracle_is_reproducible_and_its_noise_only_breaks_ties():
    p = Position.start()
    oracle = OraclePlayer(THESIS[1], DeepAlphaBeta(THESIS[2], depth=3), depth=3)
    a, b = move_of(oracle, [p], 5, 6), move_of(oracle, [p], 5, 6)
    assert (a.move, a.value, a.info) == (b.move, b.value, b.info)
    assert abs(a.value - move_of(oracle, [p], None, 6).value) < 0.5
    assert a.nodes > oracle.white.choose([p, p.play(a.move)], 6).nodes  # White's searches are Black's cost


def test_the_matched_player_searches_to_whites_depth():
    m = ForesightFactory("matched")(THESIS[1], depth=5, opponent=THESIS[2], noise="thesis")
    assert isinstance(m, MatchedOMPlayer) and m.white_depth == 5 and m.opponent == THESIS[2]


@pytest.mark.parametrize("call, message", [
    (lambda: OraclePlayer(THESIS[1], DeepAlphaBeta(THESIS[2])).choose([Position.start()], 1),
     "seed of White's next search"),
    (lambda: ForesightFactory("psychic"), "kind"),
    (lambda: MatchedOMPlayer(THESIS[1], (1, 2)), "opponent"),
    (lambda: OraclePlayer(THESIS[1], DeepAlphaBeta(THESIS[2]), noise="loud"), "noise"),
])
def test_bad_arguments(call, message):
    with pytest.raises(ValueError, match=message):
        call()


@pytest.mark.parametrize("white_depth", [None, 2])
def test_one_hist_perfect_extends_at_ply_one_the_reply_white_then_plays(tmp_path, white_depth):
    """At every Black move the reply ``one-hist-told1`` extends at ply 1 (its ``foreseen``, for the move it
    chose) is the one White then plays, White searching Black's depth or fewer plies."""
    from pawnslib.dbn.model import OpponentModel
    from pawnslib.dbn.rows import training_rows
    from pawnslib.play.foresight import ToldFactory
    from pawnslib.play.tournament import run_tournament

    games = run_tournament(THESIS, None, RunSettings(rounds=1, depth=3, seed=3, jobs=1), progress=False)
    path = tmp_path / "dbn.npz"
    OpponentModel.fit(training_rows(games), restarts=1, seed=1).save(path)
    told = ToldFactory(str(path), tuple(THESIS.items()), white_depth)
    for seed, (b, w) in enumerate([(1, 2), (4, 3), (2, 2)]):
        rec = play_game(told(THESIS[b], depth=3, opponent=THESIS[w], noise="thesis"), THESIS[w], depth=3, seed=seed,
                        white_depth=white_depth)
        foreseen, played = [info["foreseen"] for info in rec["info"][0::2]], rec["moves"][1::2]
        assert len(played) >= 5 and foreseen[: len(played)] == played
        assert all("pr" in info for info in rec["info"][1::2])  # White's prs kept for the predictions below ply 1
