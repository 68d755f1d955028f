"""JupyterLab's guards: nothing below the committed results is saved over; a source notebook is saved without its
run; everything else saves as it is."""

import subprocess

import nbformat
import pytest
from jupyter_server.services.contents.filemanager import FileContentsManager
from nbclient import NotebookClient
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


def _git(repo, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True).stdout


def test_run_all_then_save_as_lab_does_leaves_git_status_clean_and_an_edit_saved(tmp_path):
    """A source notebook run by a real kernel, then saved through Jupyter's contents manager with `make lab`'s hook
    (autosave takes the same path): git sees nothing; a person's edit is saved, without outputs."""
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# A chapter"),
                                               nbformat.v4.new_code_cell("print('played')\n6 * 7")])
    notebook.metadata.language_info = {"name": "python", "version": "3.0.0"}  # not the kernel's: the run rewrites it
    (tmp_path / "notebooks").mkdir()
    nbformat.write(notebook, tmp_path / "notebooks" / "01_chapter.ipynb")
    (tmp_path / ".gitignore").write_text(".ipynb_checkpoints/\n")  # as the repository's own
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", ".")
    _git(tmp_path, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "chapter")

    ran = NotebookClient(nbformat.read(tmp_path / "notebooks" / "01_chapter.ipynb", as_version=4),
                         kernel_name="python3").execute()
    assert ran.cells[1].outputs and ran.cells[1].execution_count == 1  # the run added what the save must drop
    assert ran.metadata.language_info.version != "3.0.0"
    manager = FileContentsManager(root_dir=str(tmp_path), pre_save_hook="pawnslib.report.lab.keep_committed")
    manager.save({"type": "notebook", "format": "json", "content": ran}, "notebooks/01_chapter.ipynb")
    assert _git(tmp_path, "status", "--porcelain") == ""

    ran.cells.append(nbformat.v4.new_markdown_cell("My note."))
    manager.save({"type": "notebook", "format": "json", "content": ran}, "notebooks/01_chapter.ipynb")
    saved = nbformat.read(tmp_path / "notebooks" / "01_chapter.ipynb", as_version=4)
    assert saved.cells[-1].source == "My note." and not saved.cells[1].outputs
    assert _git(tmp_path, "status", "--porcelain").split() == ["M", "notebooks/01_chapter.ipynb"]


@pytest.mark.parametrize("path", ["notebooks/x.ipynb", "/notebooks/x.ipynb"])
def test_only_the_source_notebooks_are_stripped(path):
    assert lab.source_notebook(path)
    assert not any(map(lab.source_notebook, ["scratch/notebooks/x.ipynb", "notebooks/x.txt", "notebooks/a/x.ipynb",
                                             "x.ipynb"]))
