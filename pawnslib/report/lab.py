"""JupyterLab's guards on what is committed: the executed notebooks in the results are never saved over, and the
source notebooks are saved without what running them adds.

``make lab`` starts JupyterLab at the repository's root with
``--ContentsManager.pre_save_hook=pawnslib.report.lab.keep_committed``, which runs before every save, autosave
included:

- A save of any file below the committed results folder (``config.COMMITTED_RESULTS``:
  ``results/notebooks/13_future_work.ipynb``, ``results/king/...``) is refused, saying how to keep a copy (File >
  Save Notebook As..., anywhere else). A notebook stepped through in Lab thus never changes what ``make reproduce``
  wrote; its runs already work in a scratch copy of the results (:func:`pawnslib.experiments.params.results_folder`).
- A notebook saved in ``notebooks/`` (``SOURCE_NOTEBOOKS``) loses what running it adds, by nbstripout, the
  ecosystem's tool for it: outputs, execution counts and the view's cell metadata; and it keeps the
  ``language_info`` it had on disk, which a kernel of another Python patch release would rewrite. Run All in Lab
  thus leaves ``git status`` clean, while a person's own edits (code, text, cells) are saved as ever.

A hook rather than nbstripout's git filter: it keeps the files themselves clean, with no per-clone git
configuration and whichever tool then reads them.

Layer ``report``: it imports ``config`` and nbstripout; JupyterLab's tornado only when a save is refused.
"""

from __future__ import annotations

import json
from pathlib import Path, PurePosixPath

import nbformat
from nbstripout import strip_output

from pawnslib import config

SOURCE_NOTEBOOKS = "notebooks"  # the tracked notebooks, relative to the repository's root
# What nbstripout's command strips besides outputs and counts: the defaults of its main(), which its strip_output
# does not apply by itself (a kernel writes cell.metadata.execution's timestamps at every run).
RUN_KEYS = ("metadata.signature", "metadata.widgets", "cell.metadata.collapsed", "cell.metadata.ExecuteTime",
            "cell.metadata.execution", "cell.metadata.heading_collapsed", "cell.metadata.hidden",
            "cell.metadata.scrolled")


def _parts(path: str) -> tuple[str, ...]:
    return PurePosixPath(str(path).lstrip("/")).parts


def committed(path: str) -> bool:
    """Whether ``path``, as Jupyter names a file (relative to the repository's root), is below the committed results."""
    return _parts(path)[:1] == (config.COMMITTED_RESULTS,)


def source_notebook(path: str) -> bool:
    """Whether ``path`` (as Jupyter names it) is a notebook in :data:`SOURCE_NOTEBOOKS`, the tracked chapters."""
    parts = _parts(path)
    return len(parts) == 2 and parts[0] == SOURCE_NOTEBOOKS and parts[1].endswith(".ipynb")


def without_run(content: dict, on_disk: Path | None = None) -> nbformat.NotebookNode:
    """A notebook's ``content`` (nbformat's JSON as a dict) without what running it adds (nbstripout's
    :func:`strip_output` with its command's :data:`RUN_KEYS`), keeping the cell ids and the ``language_info`` of the
    file ``on_disk`` when it has one."""
    notebook = strip_output(nbformat.from_dict(content), keep_output=False, keep_count=False, keep_id=True,
                            extra_keys=list(RUN_KEYS))
    if on_disk is not None and on_disk.is_file():
        kept = json.loads(on_disk.read_text(encoding="utf-8")).get("metadata", {}).get("language_info")
        if kept is not None:
            notebook.metadata.language_info = nbformat.from_dict(kept)
    return notebook


def keep_committed(model: dict | None = None, path: str = "", contents_manager: object = None, **kwargs) -> None:
    """Jupyter's pre-save hook: refuse (HTTP 403) a save below the committed results; strip a source notebook of
    its run (:func:`without_run`, in ``model`` itself); let every other save through as it is.

    Raises:
        tornado.web.HTTPError: status 403, naming the file and how to keep a copy.
    """
    if committed(path):
        from tornado import web

        raise web.HTTPError(403, f"{path} is a committed result of `make reproduce` and is not saved over: keep your "
                                 "changes with File > Save Notebook As..., outside results/")
    if model and model.get("type") == "notebook" and model.get("content") and source_notebook(path):
        root = getattr(contents_manager, "root_dir", None)
        model["content"] = without_run(model["content"], Path(root, str(path).lstrip("/")) if root else None)
