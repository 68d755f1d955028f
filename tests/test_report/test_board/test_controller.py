"""Notebook 14's board, driven without a browser: the controller (clicks, typed moves, undo, new games, records) and the
widget's message handling. The engine is Chapter 13's players, trained here on a tiny run."""

import json

import numpy as np
import pytest

import pawnslib
from pawnslib.config import RunSettings
from pawnslib.experiments import chapter13, pipeline
from pawnslib.game.position import Move
from pawnslib.game.rules import BASE_SQUARES, BLACK, WHITE
from pawnslib.guided.replies import likely_replies
from pawnslib.play.players import AsymPlayer, DeepAlphaBeta
from pawnslib.play.records import GameRecord, read_records
from pawnslib.play.tournament import play_game
from pawnslib.report import Replay
from pawnslib.report.board.controller import PERSON, GameSettings, PlayController
from pawnslib.report.board.engine import chapter13_engines
from pawnslib.report.board.settings import PLAY_METHOD
from pawnslib.report.board.view import LIVE_NOTE
from pawnslib.report.board.widget import PlayBoard
from pawnslib.search.seeds import derive_seed
from pawnslib.search.strategies import THESIS

RUN = RunSettings(rounds=1, depth=1, train_rounds=1, seed=5, jobs=1)  # the models' tiny training run
GAME = GameSettings(colour="white", strategy=2, method="one-hist", depth=2, seed=3)


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    """A results folder with the thesis set's opponent models (one slice, per game) trained on RUN's games, the
    tempered recogniser over the per-game one and the choice model of White's moves."""
    folder = tmp_path_factory.mktemp("play")
    pipeline.opponent_model(folder, "thesis", settings=RUN)
    pipeline.tempered_recogniser(folder, "thesis", settings=RUN)
    pipeline.choice_model(folder, "thesis", settings=RUN)
    return folder


def controller(results, settings=GAME, **kwargs) -> PlayController:
    return PlayController(chapter13_engines(results, run=RUN), settings, **kwargs)


def click_move(c: PlayController, move) -> dict:
    """Play ``move`` by two clicks: the piece (a base square for a piece leaving the base), then its target."""
    side = WHITE if c.settings.colour == "white" else BLACK
    frm = BASE_SQUARES[side][-1] if move.frm is None else move.frm
    state = c.click(f"{frm[0]},{frm[1]}")
    assert not state["error"], state["message"]
    assert f"{move.to[0]},{move.to[1]}" in state["targets"]
    return c.click(f"{move.to[0]},{move.to[1]}")


def snapshot(c: PlayController) -> tuple:
    """Everything a bad input must leave as it was."""
    g = c.game
    return ([p.to_text() for p in g.history], list(g.moves), list(g.info), len(g.views), c.settings, c.selected)


def test_a_game_played_by_clicks_is_the_tournaments_game_and_shows_the_players_likely_replies(results):
    """A person who clicks strategy 3's own moves replays play_game's game against the same Black player, and the
    replies shown as likely before each move are those the asymmetric player's likely_replies scores after it."""
    c = controller(results)
    assert isinstance(c.player, AsymPlayer)
    white = DeepAlphaBeta(THESIS[3], depth=GAME.depth)
    shown_any = False
    while c.position.result is None:
        history, state = list(c.game.history), c.state()
        assert state["your_turn"] and state["to_move"] == "white"
        p, seen = c.player, c.player.predictor.seen.copy()
        move = white.choose(history, derive_seed(GAME.seed, c.position.ply)).move
        click_move(c, move)
        after = [*history, history[-1].play(move)]
        moves, _, likely, _ = likely_replies(p.model, after, p.black_strategy, seen, mostlikely=p.mostlikely,
                                           random_seed=p.random_seed)
        called = [str(Move.from_code(int(m))) for m, k in zip(moves, likely, strict=True) if k]
        assert sorted(state["likely"]) == sorted(called)
        info, view = c.game.info[len(history) - 1], c.game.views[-1]
        assert view["likely"] == state["likely"] and view["move"] == str(move)
        assert info.get("likely", 0) == len(state["likely"])  # the player's own count, in the record's info
        assert view["predicted"] == (info["predicted"] if info["prediction_made"] else None)
        shown_any |= bool(state["likely"])
    assert shown_any
    factory, _ = chapter13.black_player(results, "thesis", "one-hist", settings=RUN)
    black = factory(THESIS[2], depth=GAME.depth, opponent=THESIS[3], noise=c.player.noise)
    twin, rec = play_game(black, THESIS[3], depth=GAME.depth, seed=GAME.seed), c.record()
    assert rec["positions"] == twin["positions"] and rec["moves"] == twin["moves"]
    assert rec["info"] == twin["info"]  # the engine's searches and its observations of the person's moves
    engine_plies = range(0, rec["plies"], 2)
    assert [rec["values"][t] for t in engine_plies] == [twin["values"][t] for t in engine_plies]
    assert all(rec["values"][t] is None for t in range(1, rec["plies"], 2))
    assert (rec["black"], rec["white"], rec["result"]) == (2, PERSON, twin["result"])
    state = c.state()
    assert state["result"] == twin["result"] and state["result_text"] and not state["your_turn"]
    assert json.loads(json.dumps(state)) == state  # a view receives JSON


def test_a_click_selects_and_shows_targets_and_bad_clicks_change_nothing(results):
    c = controller(results)
    before = snapshot(c)
    for square, says in [("0,0", "none of your pieces"), ("9,1", "a square is 'r,c'"), ("x", "a square is"),
                         ((3,), "a square is"), (None, "a square is")]:
        state = c.click(square)
        assert state["error"] and says in state["message"]
        assert snapshot(c) == before
    base = BASE_SQUARES[WHITE][0]
    state = c.click(f"{base[0]},{base[1]}")
    assert not state["error"] and state["selected"] == "base"
    assert sorted(state["targets"]) == sorted(m.split("-")[1] for m in state["legal"] if m.startswith("base"))
    assert 'class="target"' in state["board"] and 'data-sq="0,0"' in state["board"]
    state = c.click("0,0")  # neither a target nor a piece of the person's: the selection stays
    assert state["error"] and state["selected"] == "base" and snapshot(c)[:5] == before[:5]
    assert c.click(f"{base[0]},{base[1]}")["selected"] is None  # a second click deselects


def test_typed_moves_and_bad_input_give_messages_and_never_change_the_position(results):
    c = controller(results)
    c.play(c.state()["legal"][0])
    before = snapshot(c)
    for text, says in [("5,1-4,7", "is not legal here"), ("hello", "bad move text"), ("9,9-1,1", "not on the board"),
                       ("", "bad move text"), (None, "bad move text")]:
        state = c.play(text)
        assert state["error"] and says in state["message"], state["message"]
        assert snapshot(c) == before
    bad_games = [{"method": "plain9"}, {"method": "om-perfect"}, {"method": "oracle"}, {"colour": "red"},
                 {"depth": 0}, {"depth": "6"}, {"seed": -1}, {"strategy": 9}, {"strategy_set": "mine"},
                 {"rules": "chess"}, {"colour": "black", "method": "oracle"}, {"speed": 3}]
    for changes in bad_games:
        state = c.new_game(**changes)
        assert state["error"] and state["message"].startswith("No new game"), (changes, state["message"])
        assert snapshot(c) == before, changes
    assert "plain9" in c.new_game(method="plain9")["message"] and "om-perfect" in c.new_game(method="om-perfect")[
        "message"]


def test_undo_takes_back_the_move_and_the_engines_reply_and_what_it_learnt(results):
    c = controller(results)
    assert c.undo()["error"]  # nothing to undo before the person's first move
    for _ in range(3):
        c.play(c.state()["legal"][0])
    kept = (snapshot(c), c.player.predictor.seen.copy(), list(c.player.predictor.played), c.state())
    c.play(c.state()["legal"][-1])
    state = c.undo()
    assert not state["error"] and state["your_turn"]
    assert snapshot(c) == kept[0]
    assert np.array_equal(c.player.predictor.seen, kept[1]) and c.player.predictor.played == kept[2]
    assert state["likely"] == kept[3]["likely"] and state["belief"] == kept[3]["belief"]
    assert state["board"] == kept[3]["board"]
    while c.game.views:
        c.undo()
    assert c.position.ply == 1 and c.undo()["error"]  # back to the engine's first move


def test_a_saved_game_loads_and_replays(results, tmp_path):
    path = tmp_path / "play" / "games.jsonl"
    c = controller(results, GameSettings(colour="white", strategy=1, method="plain6", depth=1, seed=2), records=path)
    state = c.save()
    assert state["error"] and "not over" in state["message"] and not path.exists()
    while c.position.result is None:
        c.play(c.state()["legal"][-1])
    assert not c.save()["error"] and not c.save(tmp_path / "other.jsonl")["error"]
    (rec,) = read_records(path)
    assert set(GameRecord.__required_keys__) <= set(rec)
    assert (rec["black"], rec["white"], rec["person"]) == (1, PERSON, "white")
    assert rec["engine"]["method"] == "plain6" and rec["engine"]["seed"] == 2
    replay = Replay.from_record(rec)
    assert len(replay.positions) == rec["plies"] + 1 and replay.positions[-1].result == rec["result"]
    assert "Replay" not in replay.title and replay.to_html().count('class="pr-board"') == rec["plies"] + 1


def test_the_belief_bars_are_the_choice_models_belief_uniform_before_the_persons_first_move(results):
    c = controller(results, GameSettings(colour="white", strategy=4, method="prom-learned", depth=1, seed=1))
    assert c.state()["likely"] is None and "does not predict" in c.state()["panel"]
    assert [p for _, p in c.state()["belief"]] == [0.25] * 4  # nothing of the person's seen yet
    assert "equally likely" in c.state()["panel"]
    for _ in range(4):
        state = c.play(c.state()["legal"][0])
        p_sw = c.game.info[-1]["p_sw"]  # what prom-learned searched its reply with, after the person's move
        assert [round(p, 4) for _, p in state["belief"]] == p_sw
        assert abs(sum(p for _, p in state["belief"]) - 1) < 1e-9
    assert 'class="belief"' in state["panel"]
    top, p = max(state["belief"], key=lambda b: b[1])
    assert p > 0.4 and f"you play most like <b>strategy {top}</b>" in state["panel"]  # the bars have moved
    c = controller(results, GameSettings(colour="white", strategy=4, method="prom-dbn", depth=1, seed=1))
    assert [p for _, p in c.state()["belief"]] == [0.25] * 4  # the choice model's bars, whatever the engine


def test_the_person_as_black_meets_whites_plain_search_and_no_model(results):
    c = controller(results, GameSettings(colour="black", strategy=3, method="plain8", depth=1, seed=4))
    state = c.state()
    assert state["your_turn"] and state["ply"] == 0 and state["likely"] is None and state["belief"] is None
    move = state["legal"][0]
    c.play(move)
    white = DeepAlphaBeta(THESIS[3], depth=3)  # plain8: two plies beyond the depth
    history = c.game.history[:2]
    assert c.game.moves[1] == str(white.choose(history, derive_seed(4, 1)).move)
    panel = c.state()["panel"]
    assert "you play Black" in panel and "plain alpha-beta (plain8), depth 3" in c.engine_name
    assert "your replies" not in panel.lower() and "S_w" not in panel and "S<sub>w" not in panel


def test_missing_model_files_are_said_and_the_board_still_plays(results, tmp_path):
    state = controller(tmp_path).state()  # no models at all: one-hist cannot play
    assert state["error"] and "Could not start 'one-hist'" in state["message"] and "dbn_thesis.npz" in state["message"]
    assert state["settings"]["method"] == "plain6" and state["belief"] is None
    assert state["notes"][0] == state["message"]
    assert "choice_thesis.json" in state["notes"][1] and "choice model" in state["notes"][1]
    c = controller(tmp_path, GameSettings(method="plain6"))
    before = snapshot(c)
    assert "missing" in c.new_game(method="two-hist")["message"] and snapshot(c) == before
    assert not c.play(c.state()["legal"][0])["error"]


def test_the_widget_runs_the_controller_and_never_raises(results, tmp_path, monkeypatch):
    assert pawnslib.PlayBoard is PlayBoard and "PlayBoard" in pawnslib.__all__
    board = PlayBoard(results=results, strategy=2, method="one-hist", depth=2, seed=3, run=RUN,
                      records=tmp_path / "g.jsonl")
    assert board.state == board.controller.state() and board.state["your_turn"]

    def send(**content):
        board._on_message(board, content, [])
        return board.state

    legal = board.state["legal"][0]
    frm = legal.split("-")[0]
    square = f"{BASE_SQUARES[WHITE][0][0]},{BASE_SQUARES[WHITE][0][1]}" if frm == "base" else frm
    assert send(action="click", square=square)["targets"]
    assert send(action="click", square=legal.split("-")[1])["ply"] == 3
    assert send(action="play", move="nonsense")["error"]
    assert send(action="undo")["ply"] == 1
    assert send(action="new", settings={"strategy": "3", "depth": "1", "seed": "7", "method": "plain6"})["settings"][
        "strategy"] == 3
    assert "No new game" in send(action="new", settings={"depth": "deep"})["message"]
    assert send(action="dance")["message"] == "Unknown action 'dance'."
    assert board.save()["error"]  # the game is not over
    monkeypatch.setattr(board.controller, "click", lambda square: 1 / 0)
    state = send(action="click", square="0,0")
    assert state["error"] and "ZeroDivisionError" in state["message"]
    data, _ = board._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data and LIVE_NOTE.split(":")[0] in data["text/html"]
    assert "<svg" in board.static_html()


def test_the_default_method_plays_either_colour_and_the_menu_says_how(results):
    """With you as Black the engine is White, and White plays plain alpha-beta in every tournament: the default
    method (a Black method) plays White's plain6 and says so; the menu labels every method by the colours it plays."""
    c = controller(results, GameSettings(colour="black", strategy=3, depth=1, seed=4))
    state = c.state()
    assert not state["error"] and state["settings"]["method"] == PLAY_METHOD and state["your_turn"]
    assert any("As White the engine plays plain alpha-beta (plain6)" in n for n in state["notes"])
    assert "plain alpha-beta (plain6), depth 1" in c.engine_name  # White's search named, not Black's method
    c.play(state["legal"][0])
    assert c.game.moves[1] == str(DeepAlphaBeta(THESIS[3], depth=1).choose(c.game.history[:2], derive_seed(4, 1)).move)
    labels = dict(state["options"]["method"])
    assert list(labels) == list(chapter13.METHODS) and labels["plain6"] == "plain6"
    assert labels["one-hist"] == "one-hist (as Black; as White the engine plays plain6)"
    assert labels["oracle"] == "oracle (not against a person: it knows White)"
    assert not controller(results, GameSettings(depth=1, seed=4)).state()["error"]  # and as White, the same default
