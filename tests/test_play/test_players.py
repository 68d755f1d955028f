"""The players: one protocol, one factory signature, one default depth; the asymmetric player's predictions;
Chapter 13's opponent-model players (OM and PrOM search as Black)."""

import dataclasses
import inspect
import pickle

import numpy as np
import pytest

from pawnslib import Position, config
from pawnslib.dbn.model import OpponentModel
from pawnslib.dbn.rows import training_rows
from pawnslib.guided.asym import asym_search
from pawnslib.guided.om import om_search, prom_search
from pawnslib.play import players
from pawnslib.play.players import (
    AlphaBeta,
    AsymFactory,
    AsymPlayer,
    DeepAlphaBeta,
    DeepFactory,
    Observer,
    OpponentFactory,
    Player,
    PromPlayer,
    RecognisingPlayer,
    strategy_id,
)
from pawnslib.play.records import positions_of
from pawnslib.play.tournament import play_game
from pawnslib.search.alphabeta import alpha_beta_search
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


@pytest.fixture(scope="module")
def model_file(model, tmp_path_factory):
    path = tmp_path_factory.mktemp("model") / "dbn.npz"
    model.save(path)
    return path


def black_roots(records, n):
    """Game histories ending in a Black-to-move position, from real games."""
    return [positions_of(r, t) for r in records for t in range(2, r["plies"] - 1, 6)][:n]


# ----------------------------------------------------------------------------- one interface


def test_every_player_is_a_player_with_the_one_default_depth(model, game_model):
    made = [AlphaBeta(THESIS[1]), DeepAlphaBeta(THESIS[1]), AsymPlayer(THESIS[1], model, 1),
            PromPlayer(THESIS[1], ((1.0, THESIS[2]),)), RecognisingPlayer(THESIS[1], game_model, 1, SET)]
    for p in made:
        assert isinstance(p, Player) and p.depth == config.DEPTH, type(p).__name__
    assert [isinstance(p, Observer) for p in made] == [False, False, True, False, False]


def test_every_factory_has_the_one_signature(model_file):
    factories = [DeepFactory(2), AsymFactory(str(model_file), SET), OpponentFactory("uniform", SET),
                 OpponentFactory("perfect", SET), OpponentFactory("dbn", SET, str(model_file)),
                 OpponentFactory("dbn-cal", SET, str(model_file), 0.01)]
    for f in factories:
        params = inspect.signature(f.__call__).parameters
        assert [(n, p.kind) for n, p in params.items()] == [("weights", inspect.Parameter.POSITIONAL_OR_KEYWORD),
                                                            ("depth", inspect.Parameter.KEYWORD_ONLY),
                                                            ("opponent", inspect.Parameter.KEYWORD_ONLY),
                                                            ("noise", inspect.Parameter.KEYWORD_ONLY)]
        assert all(p.default is inspect.Parameter.empty for p in params.values())
        assert pickle.loads(pickle.dumps(f)) == f  # joblib ships it to worker processes
        assert isinstance(f(THESIS[1], depth=2, opponent=THESIS[2], noise="none"), Player)
        assert f(THESIS[1], depth=2, opponent=THESIS[2], noise="none").noise == "none"  # the tournament's scheme
    assert DeepFactory(2)(THESIS[1], depth=3, opponent=THESIS[2], noise="position") == DeepAlphaBeta(
        THESIS[1], depth=5, noise="position")


def test_the_calibrated_factory_needs_its_tau(model_file):
    with pytest.raises(ValueError, match="needs a tempering exponent tau in"):
        OpponentFactory("dbn-cal", SET, str(model_file))
    with pytest.raises(ValueError, match="needs the opponent model's file"):
        OpponentFactory("dbn-cal", SET, tau=0.1)
    player = OpponentFactory("dbn-cal", SET, str(model_file), 0.01)(THESIS[1], depth=2, opponent=(), noise="none")
    assert player.model.tau == 0.01 and np.allclose(player.posterior([Position.start()]), 0.25)


def test_public_names_explain_themselves(model):
    player = AsymPlayer(THESIS[1], model, black_strategy=1)
    assert player.black_strategy == 1
    for cls in (AsymPlayer, RecognisingPlayer, AsymFactory, OpponentFactory, PromPlayer, AlphaBeta, DeepAlphaBeta):
        names = {f.name for f in dataclasses.fields(cls)}
        assert not names & {"sb", "rseed", "cfg", "w"}, cls.__name__
    assert not {"sb", "rseed", "cfg", "w"} & set(vars(player))


def test_weights_not_in_the_set_are_named(model_file):
    alien = (1, 2, 3, 4, 5, 6)
    assert strategy_id(SET, THESIS[3]) == 3
    message = r"weights \(1, 2, 3, 4, 5, 6\) are not those of any strategy in the set \(ids 1, 2, 3, 4\)"
    with pytest.raises(ValueError, match=message):
        AsymFactory(str(model_file), SET)(alien, depth=2, opponent=THESIS[1], noise=config.NOISE)
    with pytest.raises(ValueError, match=message):
        OpponentFactory("dbn", SET, str(model_file))(alien, depth=2, opponent=THESIS[1], noise=config.NOISE)


def test_player_and_observer_protocols():
    assert isinstance(AlphaBeta(THESIS[1]), Player) and not isinstance(AlphaBeta(THESIS[1]), Observer)
    assert not isinstance(THESIS[1], Player)

    class Watcher(AlphaBeta):
        """A player that also observes: its observations join the record's info."""

        def observe(self, history):
            return {"seen": len(history)}

    watcher = Watcher(THESIS[1], depth=1)
    assert isinstance(watcher, Player) and isinstance(watcher, Observer)
    rec = play_game(THESIS[2], watcher, depth=1, seed=3)
    # The watcher plays White, so it observes after each Black move: plies 1, 3, ...
    assert [i.get("seen") for i in rec["info"][:3]] == [2, None, 4]


def test_the_plain_players_are_the_plain_searches(positions):
    pos = next(p for p in positions if p.ply % 2 == 0)
    plain, deep = alpha_beta_search(pos, THESIS[2], 3, seed=4), DeepAlphaBeta(THESIS[2], depth=3).choose([pos], 4)
    assert same(AlphaBeta(THESIS[2], depth=3).choose([pos], 4), plain)
    assert (deep.move, deep.value, deep.info) == (plain.move, plain.value, {})  # a record keeps no TT counts


# ----------------------------------------------------------------------------- the asymmetric player


def test_the_asymmetric_player_searches_with_the_prs_white_played(records, model):
    for i, hist in enumerate(black_roots(records, 6)):
        sid = 1 + i % 4
        player = AsymPlayer(THESIS[sid], model, sid, depth=3)
        for k in range(2, len(hist), 2):
            player.observe(hist[: k + 1])
        ours = player.choose(hist, 7)
        assert same(ours, asym_search(hist, THESIS[sid], model, sid, depth=3, seen=player.predictor.seen, seed=7))
        assert ours.info == asym_search(hist, THESIS[sid], model, sid, depth=3, seen=player.predictor.seen,
                                        seed=7).info
        never = AsymPlayer(THESIS[sid], model, sid, depth=3, mostlikely="never").choose(hist, 7)
        assert same(never, alpha_beta_search(hist[-1], THESIS[sid], 3, seed=7))


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


def test_bad_predicate_colour_and_ids(records, model):
    with pytest.raises(ValueError, match="mostlikely"):
        AsymPlayer(THESIS[1], model, 1, mostlikely="sometimes")
    with pytest.raises(ValueError, match="unknown strategy id 7"):
        AsymPlayer(THESIS[1], model, 7)
    with pytest.raises(ValueError, match="random_seed must be a non-negative integer"):
        AsymPlayer(THESIS[1], model, 1, random_seed=-2)
    hist = black_roots(records, 1)[0]
    with pytest.raises(ValueError, match="plays Black"):
        AsymPlayer(THESIS[1], model, 1, depth=2).choose(hist + [hist[-1].play(hist[-1].legal_moves()[0])], 1)


def test_a_game_may_start_mid_game(records, model):
    late = black_roots(records, 3)[-1][-3:]
    assert late[0].ply > 0
    g = play_game(AsymPlayer(THESIS[3], model, 3, depth=2), THESIS[1], depth=2, seed=1, start=late[-1])
    assert g["plies"] - late[-1].ply == len(g["moves"]) > 0


def test_the_asymmetric_factory_builds_the_player_of_blacks_id(model_file):
    player = AsymFactory(str(model_file), SET, mostlikely="never", random_seed=3)(THESIS[2], depth=4,
                                                                                   opponent=THESIS[1], noise="thesis")
    assert (player.black_strategy, player.depth, player.mostlikely, player.random_seed) == (2, 4, "never", 3)
    assert player.model is players.cached_model(str(model_file))  # loaded once per process


# ----------------------------------------------------------------------------- OM and PrOM search as Black


def test_the_factory_builds_each_method(positions, game_model, tmp_path):
    path = tmp_path / "game.npz"
    game_model.save(path)
    pos = next(p for p in positions if p.ply % 2 == 0)  # Black to move
    perfect = OpponentFactory("perfect", SET)(THESIS[1], depth=3, opponent=THESIS[2], noise=config.NOISE)
    assert same(perfect.choose([pos], 5), om_search(pos, THESIS[1], THESIS[2], 3, seed=5))
    uniform = OpponentFactory("uniform", SET)(THESIS[1], depth=3, opponent=THESIS[2], noise=config.NOISE)
    assert uniform.opponents == tuple((0.25, THESIS[i]) for i in (1, 2, 3, 4))  # White's weights are not used
    assert same(uniform.choose([pos], 5), prom_search(pos, THESIS[1], uniform.opponents, 3, seed=5))
    dbn = OpponentFactory("dbn", SET, str(path))(THESIS[3], depth=3, opponent=THESIS[2], noise=config.NOISE)
    assert isinstance(dbn, RecognisingPlayer) and dbn.black_strategy == 3
    with pytest.raises(ValueError, match="kind must be one of 'perfect', 'uniform', 'dbn', 'dbn-cal', 'learned'"):
        OpponentFactory("oracle", SET)
    for kind in ("dbn", "learned"):
        with pytest.raises(ValueError, match="needs the opponent model's file"):
            OpponentFactory(kind, SET)


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

