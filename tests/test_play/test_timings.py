"""A run's timing summary: what it counts, that it is written only when something was timed, and bad files named;
the plan a run says first, its time scaled from a committed run of the same games."""

import json

import pytest

from pawnslib.play import timings
from pawnslib.play.timings import TIMINGS_NAME, read_timings, summarise, write_timings


def game(seconds):
    return {"plies": len(seconds), "seconds": seconds}


def test_summary_splits_the_colours_and_counts_untimed_games():
    s = summarise([game([1.0, 10.0, 3.0]), game([5.0, 20.0]), {"plies": 4}])  # the last read back from an archive
    assert s["games"] == 3 and s["games timed"] == 2
    assert s["black"] == {"searches": 3, "mean seconds": 3.0, "median seconds": 3.0}
    assert s["white"] == {"searches": 2, "mean seconds": 15.0, "median seconds": 15.0}


def test_nothing_timed_writes_nothing(tmp_path):
    assert summarise([{"plies": 2}]) is None
    write_timings(tmp_path, [{"plies": 2}])
    assert not (tmp_path / TIMINGS_NAME).exists() and read_timings(tmp_path) is None


def test_written_summary_reads_back(tmp_path):
    write_timings(tmp_path, [game([0.25, 0.5])])
    assert read_timings(tmp_path) == json.loads((tmp_path / TIMINGS_NAME).read_text()) == summarise([game([0.25, 0.5])])


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", '{"black": {}}'])
def test_a_damaged_file_is_named(tmp_path, text):
    (tmp_path / TIMINGS_NAME).write_text(text)
    with pytest.raises(ValueError, match=rf"{TIMINGS_NAME} is damaged"):
        read_timings(tmp_path)


def test_a_plan_scales_the_committed_runs_search_time_when_it_played_the_same_games(tmp_path):
    committed, meta = tmp_path / "committed", {"depth": 6, "rules": "kalles"}
    committed.mkdir()
    (committed / "meta.json").write_text(json.dumps(meta))
    (committed / "timings.json").write_text(json.dumps(
        {"games": 100, "games timed": 100, "black": {"searches": 2000, "mean seconds": 0.03, "median seconds": 0.02},
         "white": {"searches": 2000, "mean seconds": 0.015, "median seconds": 0.01}}))  # 0.9 s a game
    assert timings.seconds_a_game(committed) == pytest.approx(0.9)
    said = timings.plan(400, tmp_path / "new", meta, 2, committed)
    assert said.startswith(f"Playing 400 games into {tmp_path / 'new'}: about 3.0 min of searching on 2 workers")
    other = timings.plan(400, tmp_path / "new", {**meta, "depth": 4}, 2, committed)  # not the same games
    assert "no committed run of the same games" in other and "min" not in other
    assert timings.plan(1, tmp_path / "new", meta, 1, None).startswith(f"Playing 1 game into {tmp_path / 'new'} (no")
    (committed / "timings.json").write_text("{damaged")  # a broken committed file: no estimate, and no refusal
    assert "no committed run of the same games" in timings.plan(400, tmp_path / "new", meta, 2, committed)
