"""A run's timing summary: what it counts, that it is written only when something was timed, and bad files named."""

import json

import pytest

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
