"""Tidying an executed notebook: run stamps out, widget ids canonical, everything a reader sees kept."""

import json

import nbformat
import pytest

from pawnslib import COMPILING
from pawnslib.report.tidy import INJECTED, WIDGET_STATE, WIDGET_VIEW, tidy_notebook


def executed(ids: tuple[str, str], when: str) -> nbformat.NotebookNode:
    """A notebook as papermill leaves it, run at ``when``, whose two widget models got the random ``ids``."""
    view, layout = ids
    stamp = {"start_time": when, "end_time": when, "duration": 0.5, "status": "completed", "exception": False}
    code = nbformat.v4.new_code_cell("Replay(game)", execution_count=1, id="replay")  # ids from the source: kept
    code.metadata = {"execution": {"iopub.status.busy": when}, "papermill": dict(stamp)}
    code.outputs = [
        nbformat.v4.new_output("stream", name="stderr", text="games: 100%|###| 32/32 [00:05<00:00, 5.73it/s]"),
        nbformat.v4.new_output("stream", name="stdout", text="kept\n"),
        nbformat.v4.new_output("display_data", data={"text/plain": "<Replay at 0x7fe760a7dc90>",
                                                     WIDGET_VIEW: {"model_id": view, "version_major": 2}}),
    ]
    injected = nbformat.v4.new_code_cell("RESULTS = 'results'")
    injected.id = when[-8:].replace(":", "")  # papermill's random id
    injected.metadata = {"tags": [INJECTED], "papermill": dict(stamp)}
    nb = nbformat.v4.new_notebook(cells=[injected, code])
    nb.metadata["papermill"] = dict(stamp) | {"parameters": {"RESULTS": "results"}}
    nb.metadata["widgets"] = {WIDGET_STATE: {"version_major": 2, "version_minor": 0, "state": {
        view: {"model_name": "BoardModel", "state": {"layout": f"IPY_MODEL_{layout}", "value": 3}},
        layout: {"model_name": "LayoutModel", "state": {"width": "100%"}}}}}
    return nb


def test_two_runs_tidy_to_the_same_bytes(tmp_path):
    paths = []
    for k, (ids, when) in enumerate([(("a" * 32, "f" * 32), "2026-11-27T10:48:48"),
                                     (("9" * 32, "1" * 32), "2026-11-28T05:00:01")]):
        paths.append(tmp_path / f"{k}.ipynb")
        nbformat.write(executed(ids, when), paths[-1])
    assert paths[0].read_bytes() != paths[1].read_bytes()
    assert all(tidy_notebook(p) for p in paths)
    assert paths[0].read_bytes() == paths[1].read_bytes()
    assert not tidy_notebook(paths[0])  # tidy already: unchanged


def test_the_packages_compiling_line_is_taken_out_of_stdout_and_the_rest_kept(tmp_path):
    """A run that compiled the kernels (its kernel said so on stdout) tidies to the bytes of one that did not."""
    plain, compiled = tmp_path / "plain.ipynb", tmp_path / "compiled.ipynb"
    nbformat.write(executed(("a" * 32, "f" * 32), "2026-11-27T10:48:48"), plain)
    nb = executed(("a" * 32, "f" * 32), "2026-11-27T10:48:48")
    nb.cells[1].outputs.insert(0, nbformat.v4.new_output("stream", name="stdout", text=COMPILING + "\n"))
    nb.cells[1].outputs[2].text = COMPILING + "\nkept\n"  # within a stream, beside what a reader sees
    nbformat.write(nb, compiled)
    tidy_notebook(plain), tidy_notebook(compiled)
    assert compiled.read_bytes() == plain.read_bytes() and b"kept" in plain.read_bytes()


def test_what_a_reader_sees_is_kept(tmp_path):
    path = tmp_path / "nb.ipynb"
    nbformat.write(executed(("a" * 32, "f" * 32), "2026-11-27T10:48:48"), path)
    tidy_notebook(path)
    nb = json.loads(path.read_text())
    injected, code = nb["cells"]
    assert injected["id"] == INJECTED and injected["metadata"]["papermill"] == {"status": "completed",
                                                                                "exception": False}
    assert "execution" not in code["metadata"] and "start_time" not in nb["metadata"]["papermill"]
    assert nb["metadata"]["papermill"]["parameters"] == {"RESULTS": "results"}
    assert [o.get("name") for o in code["outputs"]] == ["stdout", None]  # stderr gone, stdout kept
    shown = code["outputs"][1]["data"]
    assert "".join(shown["text/plain"]) == "<Replay>"
    # The widget the output shows is model 0, the layout its state names is model 1, and the reference follows.
    state = nb["metadata"]["widgets"][WIDGET_STATE]["state"]
    assert shown[WIDGET_VIEW]["model_id"] == f"{0:032x}" and list(state) == [f"{0:032x}", f"{1:032x}"]
    assert state[f"{0:032x}"]["state"] == {"layout": f"IPY_MODEL_{1:032x}", "value": 3}


def test_a_file_that_is_not_a_notebook_is_named(tmp_path):
    bad = tmp_path / "bad.ipynb"
    bad.write_text("{not json")
    with pytest.raises(ValueError, match="bad.ipynb: not a notebook"):
        tidy_notebook(bad)
