"""JupyterLab's guard: nothing below the committed results is saved over; everything else saves."""

import pytest
from jupyter_server.services.contents.filemanager import FileContentsManager
from tornado import web

from pawnslib.report import lab


@pytest.mark.parametrize("path", ["results/notebooks/13_future_work.ipynb", "/results/king/notebooks/08_dbn.ipynb",
                                  "results/tables/x.csv"])
def test_a_save_below_the_committed_results_is_refused_saying_how_to_keep_a_copy(path):
    with pytest.raises(web.HTTPError) as e:
        lab.keep_committed({"type": "notebook"}, path, None)
    assert e.value.status_code == 403 and "Save Notebook As" in e.value.log_message


@pytest.mark.parametrize("path", ["notebooks/13_future_work.ipynb", "scratch/results/notebooks/13_future_work.ipynb",
                                  "results.ipynb", ""])
def test_every_other_save_goes_through(path):
    assert lab.keep_committed({"type": "notebook"}, path, None) is None


def test_jupyters_contents_manager_refuses_the_save_with_the_hook(tmp_path):
    """The hook as `make lab` sets it (an import string), in Jupyter's own contents manager."""
    manager = FileContentsManager(root_dir=str(tmp_path), pre_save_hook="pawnslib.report.lab.keep_committed")
    (tmp_path / "results").mkdir()
    model = {"type": "file", "format": "text", "content": "x"}
    with pytest.raises(web.HTTPError) as e:
        manager.save(model, "results/t.txt")
    assert e.value.status_code == 403 and not (tmp_path / "results" / "t.txt").exists()
    manager.save(model, "notes.txt")
    assert (tmp_path / "notes.txt").read_text() == "x"
