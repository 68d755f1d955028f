"""Records: the record layout, reading and appending record files."""

import json

import pytest

from pawnslib.play.records import (
    RESULTS,
    GameRecord,
    after_opening,
    append_record,
    positions_of,
    read_json_lines,
    read_records,
)
from pawnslib.play.tournament import play_game
from pawnslib.search.strategies import THESIS


def test_a_played_game_has_exactly_the_record_layout():
    rec = {"black": 1, "white": 2, "round": 0, **play_game(THESIS[1], THESIS[2], depth=1, seed=5)}
    # no info (plain players give none); seconds, as every freshly played game (the archive leaves them out)
    assert set(rec) == set(GameRecord.__required_keys__) | {"seconds"}
    assert GameRecord.__optional_keys__ == {"info", "seconds", "opening"}  # opening: only a game that had one
    assert rec["result"] in RESULTS == ("black", "white", "draw")


@pytest.fixture
def games(tmp_path):
    path = tmp_path / "games.jsonl"
    for r in range(3):
        append_record(path, {"black": 1, "white": 2, "round": r, **play_game(THESIS[1], THESIS[2], depth=1, seed=r)})
    return path


def test_append_then_read_round_trips(games):
    recs = read_records(games)
    assert [r["round"] for r in recs] == [0, 1, 2]
    assert games.read_text().count("\n") == 3


def test_blank_lines_are_accepted(games):
    games.write_text(games.read_text() + "\n\n")
    assert len(read_records(games)) == 3
    lines = games.read_text().splitlines()
    games.write_text("\n".join([lines[0], "", *lines[1:]]) + "\n")
    assert len(read_records(games)) == 3


def _edit_line(path, n, edit):
    lines = path.read_text().splitlines()
    rec = json.loads(lines[n - 1])
    edit(rec)
    lines[n - 1] = json.dumps(rec)
    path.write_text("\n".join(lines) + "\n")


@pytest.mark.parametrize("field", ["black", "result", "moves", "nodes", "rules"])
def test_a_missing_field_names_file_line_and_field(games, field):
    _edit_line(games, 2, lambda rec: rec.pop(field))
    with pytest.raises(ValueError, match=rf"games.jsonl:2: record lacks field\(s\) {field}"):
        read_records(games)


@pytest.mark.parametrize("result", ["Black", "win", None, 1])
def test_an_unknown_result_names_file_line_and_field(games, result):
    _edit_line(games, 3, lambda rec: rec.update(result=result))
    with pytest.raises(ValueError, match=r"games.jsonl:3: field result must be one of black, white, draw"):
        read_records(games)


@pytest.mark.parametrize("rules", ["queen", None])
def test_an_unknown_reading_names_file_line_and_field(games, rules):
    _edit_line(games, 1, lambda rec: rec.update(rules=rules))
    with pytest.raises(ValueError, match=r"games.jsonl:1: field rules must be one of kalles, king"):
        read_records(games)


def test_positions_of_reads_a_record_by_its_reading():
    rec = play_game(THESIS[1], THESIS[2], depth=1, seed=5, rules="king")
    positions = positions_of(rec)
    assert [p.to_text() for p in positions] == rec["positions"] and {p.rules for p in positions} == {"king"}
    assert positions_of(rec, 3) == positions[:4]


@pytest.mark.parametrize("damage", ["{not json", "[1, 2]"])
def test_damaged_json_names_file_and_line(games, damage):
    lines = games.read_text().splitlines()
    lines[1] = damage
    games.write_text("\n".join(lines) + "\n")
    with pytest.raises(ValueError, match=r"games.jsonl:2: damaged record"):
        read_records(games)
    with pytest.raises(ValueError, match=r"games.jsonl:2: damaged record"):
        read_json_lines(games)


def test_json_lines_need_no_game_fields(tmp_path):
    path = tmp_path / "h.jsonl"
    append_record(path, {"iteration": 0})
    assert read_json_lines(path) == [{"iteration": 0}]
    with pytest.raises(ValueError, match="h.jsonl:1: record lacks field"):
        read_records(path)


def test_after_opening_is_the_game_from_its_openings_end():
    rec = {"black": 1, "white": 2, "round": 0, **play_game(THESIS[1], THESIS[2], depth=1, seed=5, opening=2)}
    assert rec["opening"] == 2 and rec["values"][:2] == [0, 0] and rec["nodes"][:2] == [0, 0]
    rest = after_opening(rec)
    assert "opening" not in rest and rest is not rec and rec["opening"] == 2  # the record itself is not changed
    assert rest["positions"] == rec["positions"][2:] and rest["features"] == rec["features"][2:]
    for key in ("moves", "values", "nodes", "seconds"):
        assert rest[key] == rec[key][2:], key
    assert rest["plies"] == rec["plies"] - 2 == len(rest["moves"]) == len(rest["positions"]) - 1
    assert {k: rest[k] for k in ("black", "white", "round", "result", "rules")} == {
        k: rec[k] for k in ("black", "white", "round", "result", "rules")}
    assert positions_of(rest)[0].side_to_move == "black"  # an even opening: Black moves first after it
    plain = play_game(THESIS[1], THESIS[2], depth=1, seed=5)
    assert after_opening(plain) is plain
    with pytest.raises(ValueError, match="even number of plies"):
        after_opening({**rec, "opening": 1})
