"""Game archives: they round-trip the raw records exactly, their bytes are reproducible, bad input is named,
and tournaments resume from them (and from games.jsonl, which wins) without replaying anything."""

import dataclasses
import gzip
import json
import shutil

import pytest

import pawnslib.play.tournament as tournament
from pawnslib.config import RunSettings
from pawnslib.play.archive import ARCHIVE_NAME, RAW_NAME, finished_games, load_run, read_archive, write_archive
from pawnslib.play.records import append_record, read_records
from pawnslib.play.tournament import play_game, run_tournament
from pawnslib.search.alphabeta import alpha_beta_search
from pawnslib.search.strategies import THESIS

TWO = {1: THESIS[1], 2: THESIS[4]}
SETTINGS = RunSettings(rounds=1, depth=1, seed=3, jobs=1)


@dataclasses.dataclass(frozen=True)
class Talker:
    """Plain alpha-beta that also reports something each ply, and watches its opponent: records get ``info``."""

    weights: tuple

    def choose(self, history, seed):
        res = alpha_beta_search(history[-1], self.weights, 1, seed=seed)
        return dataclasses.replace(res, info={"ply": len(history) - 1, "pair": [1, 2.5], "flag": len(history) % 3 == 0})

    def observe(self, history):
        return {"seen": str(history[-1].last_move)} if len(history) % 2 == 0 else None


def talker(weights, depth, opponent, noise):
    return Talker(tuple(weights))


def by_schedule(records):
    return sorted(records, key=lambda r: (r["round"], r["black"], r["white"]))


def bare(records):
    """``records`` as the archive gives them back: without the searches' wall-clock ``seconds``."""
    return [{k: v for k, v in r.items() if k != "seconds"} for r in records]


def lines_of(path):
    return gzip.decompress(path.read_bytes()).decode().splitlines()


def write_lines(path, lines):
    path.write_bytes(gzip.compress(("\n".join(lines) + "\n").encode()))


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    """A finished tiny tournament (Kalles' reading) with raw file and archive."""
    out = tmp_path_factory.mktemp("run")
    records = run_tournament(TWO, out, SETTINGS.replace(rounds=2), progress=False)
    return out, records


@pytest.mark.parametrize("rules", ["kalles", "king"])
def test_archive_round_trips_the_raw_records_with_info(tmp_path, rules):
    records = run_tournament(TWO, tmp_path, SETTINGS.replace(rounds=1, rules=rules), black_player=talker,
                             progress=False)
    raw = read_records(tmp_path / RAW_NAME)
    assert all(r["info"] and r["rules"] == rules for r in raw)  # the players' info is there to keep
    back = read_archive(tmp_path / ARCHIVE_NAME)
    assert all(len(r["seconds"]) == r["plies"] for r in raw)  # times are measured, and kept in the raw file only
    assert back == bare(by_schedule(raw)) == bare(records)
    assert [list(r) for r in back] == [list(r) for r in bare(by_schedule(raw))]  # even the field order
    assert all("positions" not in json.loads(line) and "seconds" not in json.loads(line) and "info" in json.loads(line)
               for line in lines_of(tmp_path / ARCHIVE_NAME))
    # Positions and features really are replayed: a changed move changes them (or is refused).
    assert back[0]["positions"][1] == raw[0]["positions"][1] and len(back[0]["features"]) == back[0]["plies"] + 1


def test_a_200_ply_game_without_a_result_is_a_draw(tmp_path):
    zero = (0,) * 6
    rec = {"black": 1, "white": 1, "round": 0, **play_game(zero, zero, depth=1, seed=363)}
    assert rec["plies"] == 200 and rec["result"] == "draw"
    write_archive(tmp_path / ARCHIVE_NAME, [rec])
    assert read_archive(tmp_path / ARCHIVE_NAME) == bare([rec])
    write_archive(tmp_path / ARCHIVE_NAME, [rec | {"result": "black"}])
    with pytest.raises(ValueError, match=r"says a black win, but its 200 moves end in a draw"):
        read_archive(tmp_path / ARCHIVE_NAME)


def test_archive_bytes_are_reproducible(run, tmp_path):
    out, records = run
    write_archive(tmp_path / "a.gz", records)
    write_archive(tmp_path / "b.gz", list(reversed(read_records(out / RAW_NAME))))
    data = (tmp_path / "a.gz").read_bytes()
    assert data == (tmp_path / "b.gz").read_bytes() == (out / ARCHIVE_NAME).read_bytes()
    assert data[4:8] == b"\0\0\0\0"  # gzip header mtime
    assert not list(tmp_path.glob(".*partial"))


def test_write_archive_refuses_duplicates_and_incomplete_records(run, tmp_path):
    _, records = run
    with pytest.raises(ValueError, match=r"\(1, 2, 0\) is given twice"):
        write_archive(tmp_path / ARCHIVE_NAME, records + records[1:2])
    with pytest.raises(ValueError, match=r"lacks field\(s\) moves"):
        write_archive(tmp_path / ARCHIVE_NAME, [{k: v for k, v in records[0].items() if k != "moves"}])
    write_archive(tmp_path / ARCHIVE_NAME, records)
    before = (tmp_path / ARCHIVE_NAME).read_bytes()
    with pytest.raises(TypeError):  # not JSON: the old archive is kept whole
        write_archive(tmp_path / ARCHIVE_NAME, [records[0] | {"info": [{"x": object()}] * records[0]["plies"]}])
    assert (tmp_path / ARCHIVE_NAME).read_bytes() == before


def _edited(run, tmp_path, edit, line=2):
    """The run's archive with line ``line`` (1-based) passed through ``edit`` (a dict -> dict or str)."""
    out, _ = run
    lines = lines_of(out / ARCHIVE_NAME)
    rec = json.loads(lines[line - 1])
    new = edit(rec)
    lines[line - 1] = new if isinstance(new, str) else json.dumps(new)
    path = tmp_path / ARCHIVE_NAME
    write_lines(path, lines)
    return path, rec


def test_damaged_line_is_named(run, tmp_path):
    path, _ = _edited(run, tmp_path, lambda r: json.dumps(r)[:40])
    with pytest.raises(ValueError, match=rf"{ARCHIVE_NAME}:2: damaged record"):
        read_archive(path)
    path, _ = _edited(run, tmp_path, lambda r: "[1, 2]", line=3)
    with pytest.raises(ValueError, match=rf"{ARCHIVE_NAME}:3: damaged record \(not a JSON object\)"):
        read_archive(path)


def test_damaged_file_is_named(run, tmp_path):
    out, _ = run
    path = tmp_path / ARCHIVE_NAME
    path.write_bytes((out / ARCHIVE_NAME).read_bytes()[:-30])
    with pytest.raises(ValueError, match=rf"{ARCHIVE_NAME}: damaged archive"):
        read_archive(path)
    path.write_bytes(b"not gzip at all")
    with pytest.raises(ValueError, match=rf"{ARCHIVE_NAME}: damaged archive"):
        read_archive(path)


@pytest.mark.parametrize("field", ["moves", "result", "plies", "rules", "black"])
def test_missing_field_is_named(run, tmp_path, field):
    path, _ = _edited(run, tmp_path, lambda r: {k: v for k, v in r.items() if k != field})
    with pytest.raises(ValueError, match=rf"{ARCHIVE_NAME}:2: record lacks field\(s\) {field}$"):
        read_archive(path)


@pytest.mark.parametrize(("field", "value", "message"), [
    ("result", "blue", "field result must be one of black, white, draw, got 'blue'"),
    ("rules", "queen", "field rules must be one of kalles, king, got 'queen'"),
    ("round", -1, "field round must be a non-negative integer, got -1"),
    ("plies", "7", "field plies must be a non-negative integer, got '7'"),
    ("values", None, "field values must list one entry per ply .* got None"),
])
def test_malformed_field_is_named(run, tmp_path, field, value, message):
    path, _ = _edited(run, tmp_path, lambda r: r | {field: value})
    with pytest.raises(ValueError, match=rf"{ARCHIVE_NAME}:2[: ].*{message}"):
        read_archive(path)


def test_plies_that_are_not_the_number_of_moves_are_named(run, tmp_path):
    path, rec = _edited(run, tmp_path, lambda r: r | {"plies": r["plies"] + 1})
    n = rec["plies"]
    with pytest.raises(ValueError, match=rf":2 \(game black 1, white 2, round 0\): field moves must list one entry "
                                         rf"per ply \(plies is {n + 1}\), got {n} entries"):
        read_archive(path)


def test_illegal_move_names_its_ply_and_move(run, tmp_path):
    def bad_move(r):
        r["moves"][3] = "0,0-0,1"  # no piece stands there
        return r

    path, _ = _edited(run, tmp_path, bad_move, line=4)
    with pytest.raises(ValueError, match=r":4 \(game black 2, white 2, round 0\): ply 3: move '0,0-0,1' cannot be "
                                         r"played in '.* w \d \d 3': it is not legal"):
        read_archive(path)

    def bad_text(r):
        r["moves"][5] = "base-9,9"
        return r

    path, _ = _edited(run, tmp_path, bad_text)
    with pytest.raises(ValueError, match=r":2 \(game .*\): ply 5: field moves holds a bad move 'base-9,9'"):
        read_archive(path)


def test_moves_after_the_end_and_results_the_moves_do_not_reach_are_named(run, tmp_path):
    def one_more(r):
        ply = len(r["moves"])
        legal = "base-2,6" if ply % 2 == 0 else "base-5,1"
        return r | {"plies": ply + 1, **{k: r[k] + r[k][-1:] for k in ("values", "nodes")},
                    "moves": r["moves"] + [legal]}

    path, rec = _edited(run, tmp_path, one_more)
    with pytest.raises(ValueError, match=rf":2 \(game .*\): ply {rec['plies']}: move .* the game is over"):
        read_archive(path)

    def one_less(r):
        return r | {"plies": r["plies"] - 1, **{k: r[k][:-1] for k in ("moves", "values", "nodes")}}

    path, rec = _edited(run, tmp_path, one_less)
    with pytest.raises(ValueError, match=rf":2 \(game .*\): field result says a {rec['result']} win, but its "
                                         rf"{rec['plies'] - 1} moves are not a finished game"):
        read_archive(path)
    other = {"black": "white", "white": "draw", "draw": "black"}
    path, rec = _edited(run, tmp_path, lambda r: r | {"result": other[r["result"]]})
    with pytest.raises(ValueError, match=rf":2 \(game .*\): field result says .*{other[rec['result']]}.*, but its "
                                         rf"{rec['plies']} moves end in a {rec['result']} win"):
        read_archive(path)


def test_a_game_twice_in_the_archive_is_named(run, tmp_path):
    out, _ = run
    lines = lines_of(out / ARCHIVE_NAME)
    write_lines(tmp_path / ARCHIVE_NAME, lines + lines[1:2])
    with pytest.raises(ValueError, match=rf":{len(lines) + 1} \(game black 1, white 2, round 0\): the same game as "
                                         r"line 2"):
        read_archive(tmp_path / ARCHIVE_NAME)


def test_load_run_unites_archive_and_raw_file_raw_winning(run, tmp_path):
    out, records = run
    with pytest.raises(FileNotFoundError, match="holds no games"):
        load_run(tmp_path)
    records = bare(records)
    write_archive(tmp_path / ARCHIVE_NAME, records[:5])
    assert load_run(tmp_path) == records[:5]
    changed = records[2] | {"values": [0.5] * records[2]["plies"]}
    for rec in [changed, *reversed(records[5:])]:
        append_record(tmp_path / RAW_NAME, rec)
    assert load_run(tmp_path) == records[:2] + [changed] + records[3:]
    games, archived = finished_games(tmp_path)
    assert list(archived.values()) == records[:5] and len(games) == len(records)
    (tmp_path / ARCHIVE_NAME).unlink()
    assert load_run(tmp_path) == [changed] + records[5:]


def test_a_run_kept_only_in_its_archive_plays_nothing(run, tmp_path, monkeypatch):
    out, records = run
    shutil.copy(out / "meta.json", tmp_path / "meta.json")  # what a fresh clone holds
    shutil.copy(out / ARCHIVE_NAME, tmp_path / ARCHIVE_NAME)
    before = (tmp_path / ARCHIVE_NAME).stat().st_mtime_ns

    def fail(*args):
        raise AssertionError("a game was played")

    monkeypatch.setattr(tournament, "_play_scheduled", fail)
    assert run_tournament(TWO, tmp_path, SETTINGS.replace(rounds=2), progress=False) == bare(records)
    assert (tmp_path / ARCHIVE_NAME).stat().st_mtime_ns == before  # it held exactly the games: not rewritten
    assert sorted(p.name for p in tmp_path.iterdir()) == [ARCHIVE_NAME, "meta.json"]  # nothing timed: no timings
    with pytest.raises(AssertionError, match="a game was played"):  # the failing player is really in place
        run_tournament(TWO, tmp_path, SETTINGS.replace(rounds=3), progress=False)


def test_a_run_resumes_from_both_files_and_archives_the_new_games(run, tmp_path, monkeypatch):
    out, records = run
    shutil.copy(out / "meta.json", tmp_path / "meta.json")
    write_archive(tmp_path / ARCHIVE_NAME, records[:3])
    for rec in records[3:6]:
        append_record(tmp_path / RAW_NAME, rec)
    played = []
    real = tournament._play_scheduled

    def counted(*args):
        played.append(args[-1])
        return real(*args)

    monkeypatch.setattr(tournament, "_play_scheduled", counted)
    again = run_tournament(TWO, tmp_path, SETTINGS.replace(rounds=2), progress=False)
    assert sorted(played) == sorted((r["black"], r["white"], r["round"]) for r in records[6:])
    assert bare(again) == bare(records)
    assert read_archive(tmp_path / ARCHIVE_NAME) == bare(again)  # now all eight games
    assert len(read_records(tmp_path / RAW_NAME)) == 5  # the raw file only gained the games played


def test_a_raw_record_that_differs_from_the_archive_wins_and_is_archived(run, tmp_path):
    out, records = run
    shutil.copy(out / "meta.json", tmp_path / "meta.json")
    write_archive(tmp_path / ARCHIVE_NAME, records)
    changed = records[0] | {"values": [1.0] * records[0]["plies"]}
    append_record(tmp_path / RAW_NAME, changed)
    again = run_tournament(TWO, tmp_path, SETTINGS.replace(rounds=2), progress=False)
    assert bare(again) == bare([changed] + records[1:]) == read_archive(tmp_path / ARCHIVE_NAME)


def test_a_raw_record_that_differs_only_in_its_times_leaves_the_archive_alone(run, tmp_path):
    out, records = run
    shutil.copy(out / "meta.json", tmp_path / "meta.json")
    write_archive(tmp_path / ARCHIVE_NAME, records)
    before = (tmp_path / ARCHIVE_NAME).read_bytes()
    slower = records[0] | {"seconds": [1.0] * records[0]["plies"]}
    append_record(tmp_path / RAW_NAME, slower)
    again = run_tournament(TWO, tmp_path, SETTINGS.replace(rounds=2), progress=False)
    assert again[0] == slower and (tmp_path / ARCHIVE_NAME).read_bytes() == before
    summary = json.loads((tmp_path / "timings.json").read_text())  # the times go to the timing file instead
    assert summary["games"] == len(records) and summary["games timed"] == 1
    assert summary["black"]["mean seconds"] == 1.0 and summary["black"]["searches"] == (slower["plies"] + 1) // 2
