"""The choice model of White's moves: its likelihood, its fit, the beliefs it gives, its file and its errors."""

import json

import numpy as np
import pytest
from statsmodels.discrete.conditional_models import ConditionalLogit

from pawnslib.config import RunSettings
from pawnslib.dbn.choice import ChoiceModel, choice_loglik, feature_names, white_decisions
from pawnslib.game.position import Position
from pawnslib.play.players import OpponentFactory, RecognisingPlayer
from pawnslib.play.records import positions_of
from pawnslib.play.tournament import run_tournament
from pawnslib.search.strategies import THESIS
from pawnslib.search.ties import best_replies

SET = tuple(THESIS.items())


@pytest.fixture(scope="module")
def games():
    """Three rounds of the thesis strategies at depth 2: 48 games, White's strategy known in each."""
    return run_tournament(THESIS, None, RunSettings(rounds=3, depth=2, seed=5, jobs=1), progress=False)


@pytest.fixture(scope="module")
def fitted(games):
    return ChoiceModel.fit(games, THESIS, depth=2)


def _groups(rng, n_groups, n_features):
    sizes = rng.integers(2, 7, size=n_groups)
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    x = rng.normal(size=(sizes.sum(), n_features))
    played = starts + np.array([rng.integers(s) for s in sizes])
    return x, starts, played, sizes


def test_the_log_likelihood_is_statsmodels_conditional_logits():
    rng = np.random.default_rng(3)
    x, starts, played, sizes = _groups(rng, 40, 3)
    y = np.zeros(len(x))
    y[played] = 1
    beta = rng.normal(size=3)
    ll, _ = choice_loglik(beta, x, starts, played)
    reference = ConditionalLogit(y, x, groups=np.repeat(np.arange(len(sizes)), sizes)).loglike(beta)
    assert ll == pytest.approx(reference, rel=1e-10)


def test_the_gradient_is_the_log_likelihoods():
    rng = np.random.default_rng(4)
    x, starts, played, _ = _groups(rng, 25, 4)
    beta, h = rng.normal(size=4), 1e-6
    _, grad = choice_loglik(beta, x, starts, played)
    numeric = [(choice_loglik(beta + h * e, x, starts, played)[0] - choice_loglik(beta - h * e, x, starts, played)[0])
               / (2 * h) for e in np.eye(4)]
    assert np.allclose(grad, numeric, atol=1e-5)


def test_a_moves_likelihood_is_the_softmax_of_its_features_computed_directly(fitted, games):
    _, roots, played = white_decisions(games[0])
    for root, code in list(zip(roots, played, strict=True))[:4]:
        pos = Position(root)
        moves = pos.legal_moves()
        want = []
        for i, (_, w) in enumerate(SET):  # phi by hand: the features after each move, then best-at-depth indicators
            best = [best_replies(pos, w, d) for d in (1, 2)]
            phi = np.array([[*pos.play(m).features(), *(m in b for b in best)] for m in moves], float)
            s = phi @ fitted.beta[i]
            want.append(s[[m.code for m in moves].index(code)] - np.log(np.exp(s).sum()))
        assert np.allclose(fitted.logliks([root], [code])[0], want)


def test_the_fit_puts_weight_on_the_replies_a_strategys_own_search_values_best(fitted):
    best_d2 = feature_names(2).index("best_d2")
    assert (fitted.beta[:, best_d2] > 1).all()  # White plays its depth-2 best: every strategy learns it


def test_a_game_of_a_known_strategy_moves_the_belief_to_it(fitted, games):
    right = [fitted.strategy_ids[int(fitted.trace(g)[-1].argmax())] == g["white"] for g in games]
    assert np.mean(right) > 0.6  # chance is 0.25
    for sid in fitted.strategy_ids:  # each strategy's games put more than chance on it, on average
        mine = [fitted.trace(g)[-1][fitted.strategy_ids.index(sid)] for g in games if g["white"] == sid]
        assert np.mean(mine) > 0.25


def test_the_belief_starts_uniform_and_during_play_equals_the_games_trace(fitted, games):
    g = games[1]
    trace, history = fitted.trace(g), positions_of(g)
    assert np.allclose(trace[0], 0.25)
    black_turns = [t for t in range(len(history)) if history[t].side_to_move == "black"]
    for j, t in enumerate(black_turns[: len(trace)]):  # before Black's (j+1)-th move White has moved j times
        assert np.allclose(fitted.belief(history[: t + 1], g["black"]), trace[j])


def test_the_file_keeps_the_model(fitted, tmp_path):
    back = ChoiceModel.load(fitted.save(tmp_path / "choice.json"))
    assert np.array_equal(back.beta, fitted.beta) and back.strategies == fitted.strategies
    assert (back.depth, back.rules) == (fitted.depth, fitted.rules)


def test_prom_search_plays_with_the_choice_models_belief(fitted, games, tmp_path):
    path = str(fitted.save(tmp_path / "choice.json"))
    player = OpponentFactory("learned", SET, path)(THESIS[1], depth=2, opponent=THESIS[2], noise="thesis")
    assert isinstance(player, RecognisingPlayer)
    history = positions_of(games[0])[:5]
    res = player.choose(history, seed=1)
    assert np.allclose(res.info["p_sw"], np.round(fitted.belief(history, 1), 4))


# ----------------------------------------------------------------------------- bad input


def test_a_game_under_another_reading_is_refused(fitted, games):
    other = dict(games[0], rules="king")
    with pytest.raises(ValueError, match="'king' reading.*fitted on 'kalles'"):
        fitted.trace(other)
    with pytest.raises(ValueError, match="'king' reading"):
        fitted.belief([Position.start(rules="king")], 1)


def test_a_strategy_set_of_another_size_is_refused(fitted, games):
    with pytest.raises(ValueError, match="beta must have shape"):
        ChoiceModel(fitted.strategies[:3], fitted.depth, fitted.rules, fitted.beta)
    three = {i: THESIS[i] for i in (1, 2, 3)}
    with pytest.raises(ValueError, match=r"record \d+: White's strategy id 4 is not in the strategy set"):
        ChoiceModel.fit(games, three, depth=2)


def test_an_empty_history_and_an_unknown_black_are_refused(fitted):
    with pytest.raises(ValueError, match="history is empty"):
        fitted.belief([], 1)
    with pytest.raises(ValueError, match="unknown strategy id 9"):
        fitted.belief([Position.start()], 9)


def test_a_damaged_or_foreign_file_is_refused_naming_it(fitted, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(ValueError, match="bad.json: not JSON"):
        ChoiceModel.load(bad)
    data = json.loads(fitted.save(tmp_path / "ok.json").read_text(encoding="utf-8"))
    del data["beta"]["3"]
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ValueError, match="bad.json: field"):
        ChoiceModel.load(bad)
    bad.write_text(json.dumps({"kind": "dbn"}), encoding="utf-8")
    with pytest.raises(ValueError, match="not a choice model's file"):
        ChoiceModel.load(bad)


def test_a_record_with_an_illegal_or_unreadable_move_is_refused_naming_it(games):
    moves = list(games[0]["moves"])
    moves[1] = moves[0]  # White replays Black's first move
    with pytest.raises(ValueError, match=r"record 0: White's move .* at ply 1 is not legal"):
        ChoiceModel.fit([dict(games[0], moves=moves), *games[1:]], THESIS, depth=2)
    moves[1] = "nonsense"
    with pytest.raises(ValueError, match="record 0: "):
        ChoiceModel.fit([dict(games[0], moves=moves), *games[1:]], THESIS, depth=2)


def test_fitting_needs_games_of_every_strategy_and_of_one_reading(games):
    with pytest.raises(ValueError, match="never played strategy 4"):
        ChoiceModel.fit([g for g in games if g["white"] != 4], THESIS, depth=2)
    with pytest.raises(ValueError, match="mix readings"):
        ChoiceModel.fit([games[0], dict(games[1], rules="king")], THESIS, depth=2)
    with pytest.raises(ValueError, match="at least one training game"):
        ChoiceModel.fit([], THESIS, depth=2)
