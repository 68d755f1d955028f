"""Chapter 13's opponent-model players (OM and PrOM search as Black) and the recognition tables they feed."""

import numpy as np
import pandas as pd
import pytest

from pawnslib.dbn.model import OpponentModel
from pawnslib.dbn.rows import training_rows
from pawnslib.experiments.costs import recognition_in_play
from pawnslib.experiments.recognition import accuracy_table
from pawnslib.experiments.stats import wilson
from pawnslib.guided.om import om_search, prom_search
from pawnslib.play.opponents import OpponentFactory, PromPlayer, RecognisingPlayer
from pawnslib.play.tournament import play_game
from pawnslib.search.strategies import THESIS

SET = tuple(THESIS.items())


def same(a, b) -> bool:
    """Two searches agree on everything but the time they took."""
    return (a.move, a.value, a.nodes) == (b.move, b.value, b.nodes)


@pytest.fixture(scope="module")
def game_model(records):
    rows = training_rows(records, truth=True, game=True)
    return OpponentModel.fit(rows.drop(columns="S_w_true"), restarts=2, max_iter=30, seed=1, latent="game",
                             white_truth=rows["S_w_true"].to_numpy())


def test_the_factory_builds_each_method(positions, game_model, tmp_path):
    path = tmp_path / "game.npz"
    game_model.save(path)
    pos = next(p for p in positions if p.ply % 2 == 0)  # Black to move
    perfect = OpponentFactory("perfect", SET)(THESIS[1], 3, THESIS[2])
    assert same(perfect.choose([pos], 5), om_search(pos, THESIS[1], THESIS[2], 3, seed=5))
    uniform = OpponentFactory("uniform", SET)(THESIS[1], 3, THESIS[2])
    assert uniform.opponents == tuple((0.25, THESIS[i]) for i in (1, 2, 3, 4))  # White's weights are not used
    assert same(uniform.choose([pos], 5), prom_search(pos, THESIS[1], uniform.opponents, 3, seed=5))
    dbn = OpponentFactory("dbn", SET, str(path))(THESIS[3], 3, THESIS[2])
    assert isinstance(dbn, RecognisingPlayer) and dbn.sb == 3
    with pytest.raises(ValueError, match="kind must be 'perfect', 'uniform' or 'dbn'"):
        OpponentFactory("oracle", SET)
    with pytest.raises(ValueError, match="needs the opponent model's file"):
        OpponentFactory("dbn", SET)


def test_the_recognising_player_searches_with_the_posterior_of_whites_moves(game_model):
    player = RecognisingPlayer(THESIS[2], game_model, 2, SET, depth=2)
    game = play_game(player, THESIS[4], depth=2, seed=3)
    posts = [game["info"][t]["p_sw"] for t in range(0, game["plies"], 2)]
    assert all(abs(sum(p) - 1) < 1e-3 for p in posts) and len({tuple(p) for p in posts}) > 1
    # The posterior after White's j-th move is the model's, from the White chain x_0, x_2, ..., x_2j.
    feats = np.array(game["features"])
    for t in range(0, game["plies"], 2):
        expected = game_model.sw_posterior(feats[0:t + 1:2], 2)
        assert np.allclose(posts[t // 2], expected, atol=1e-4)
    # The move is PrOM search's with those probabilities (the search's seed: the game's ply seed).
    again = play_game(RecognisingPlayer(THESIS[2], game_model, 2, SET, depth=2), THESIS[4], depth=2, seed=3)
    assert again["moves"] == game["moves"]


def test_the_recognising_player_refuses_what_it_cannot_use(records, game_model):
    rows = training_rows(records, game=True)
    unmatched = OpponentModel.fit(rows, restarts=1, max_iter=5, seed=1, latent="game")
    with pytest.raises(ValueError, match="not matched to strategy ids"):
        RecognisingPlayer(THESIS[1], unmatched, 1, SET)
    with pytest.raises(ValueError, match=r"lacks the weights of the model's strategy ids \[4\]"):
        RecognisingPlayer(THESIS[1], game_model, 1, SET[:3])
    with pytest.raises(ValueError, match="unknown strategy id 7"):
        RecognisingPlayer(THESIS[1], game_model, 7, SET)


def test_prom_player_is_prom_search(positions):
    pos = next(p for p in positions if p.ply % 2 == 0)
    opponents = ((0.3, THESIS[1]), (0.7, THESIS[4]))
    assert same(PromPlayer(THESIS[2], opponents, depth=3).choose([pos], 9), prom_search(pos, THESIS[2], opponents, 3,
                                                                                          seed=9))


def test_accuracy_table_by_hand():
    hits = [np.array([True, False, True]), np.array([False, False])]
    probs = [np.array([0.5, 0.2, 0.9]), np.array([0.1, 0.3])]
    t = accuracy_table(hits, probs, 4)
    assert t.games.tolist() == [2, 2, 1] and t.hits.tolist() == [1, 0, 1]
    assert t.accuracy.tolist() == [0.5, 0, 1] and t.p_true.tolist() == pytest.approx([0.3, 0.25, 0.9])
    assert (t.ci_low.iloc[0], t.ci_high.iloc[0]) == pytest.approx(wilson(1, 2)) and (t.chance == 0.25).all()


def test_recognition_in_play_reads_the_recorded_posteriors():
    # Two games of 5 plies: Black's moves at plies 0, 2, 4 record p_sw; at ply 2j it follows White's j-th move.
    info = [{"p_sw": [0.25] * 4}, {}, {"p_sw": [0.1, 0.6, 0.2, 0.1]}, {}, {"p_sw": [0.7, 0.1, 0.1, 0.1]}]
    recs = [{"white": 2, "plies": 5, "info": info}, {"white": 1, "plies": 5, "info": info}]
    t = recognition_in_play(recs, [1, 2, 3, 4])
    assert t.index.tolist() == [1, 2] and t.games.tolist() == [2, 2]
    assert t.accuracy.tolist() == [0.5, 0.5] and t.p_true.tolist() == pytest.approx([0.35, 0.4])
    assert isinstance(t, pd.DataFrame)
