"""Files are replaced whole: a failed write leaves the old file, and no partial file behind."""

import json

import pytest

from pawnslib.files import replaced_atomically
from pawnslib.search.strategies import THESIS, load_strategies, save_strategies


def test_a_failed_write_keeps_the_old_file_and_leaves_no_partial_file(tmp_path):
    path = tmp_path / "deep" / "file.json"
    with replaced_atomically(path) as tmp:
        tmp.write_text("old")
    assert path.read_text() == "old"
    with pytest.raises(RuntimeError), replaced_atomically(path) as tmp:
        tmp.write_text("half of the n")
        raise RuntimeError("interrupted")
    assert path.read_text() == "old" and [p.name for p in path.parent.iterdir()] == ["file.json"]


def test_saving_strategies_that_fail_to_serialise_keeps_the_old_file(tmp_path, monkeypatch):
    path = save_strategies(THESIS, tmp_path / "s.json")
    before = path.read_text()

    def broken_dumps(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(json, "dumps", broken_dumps)
    with pytest.raises(OSError, match="disk full"):
        save_strategies({1: THESIS[2]}, path)
    monkeypatch.undo()
    assert path.read_text() == before and load_strategies(path) == THESIS
    assert [p.name for p in tmp_path.iterdir()] == ["s.json"]
