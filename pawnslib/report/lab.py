"""JupyterLab's guard on the committed results: their executed notebooks open and run in Lab, but are never saved over.

``make lab`` starts JupyterLab at the repository's root with
``--ContentsManager.pre_save_hook=pawnslib.report.lab.keep_committed``, so a save of any file below the committed
results folder (``config.COMMITTED_RESULTS``: ``results/notebooks/13_future_work.ipynb``, ``results/king/...``) is
refused, saying how to keep a copy (File > Save Notebook As..., anywhere else). A notebook stepped through in Lab
thus never changes what ``make reproduce`` wrote; its runs already work in a scratch copy of the results
(:func:`pawnslib.experiments.params.results_folder`).

Layer ``report``: it imports ``config``; JupyterLab's tornado only when a save is refused.
"""

from __future__ import annotations

from pathlib import PurePosixPath

from pawnslib import config


def committed(path: str) -> bool:
    """Whether ``path``, as Jupyter names a file (relative to the repository's root), is below the committed results."""
    parts = PurePosixPath(str(path).lstrip("/")).parts
    return bool(parts) and parts[0] == config.COMMITTED_RESULTS


def keep_committed(model: dict | None = None, path: str = "", contents_manager: object = None, **kwargs) -> None:
    """Jupyter's pre-save hook: refuse (HTTP 403) a save below the committed results, letting every other through.

    Raises:
        tornado.web.HTTPError: status 403, naming the file and how to keep a copy.
    """
    if committed(path):
        from tornado import web

        raise web.HTTPError(403, f"{path} is a committed result of `make reproduce` and is not saved over: keep your "
                                 "changes with File > Save Notebook As..., outside results/")
