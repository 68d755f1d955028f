"""Executed notebooks that are the same bytes on every run: what papermill and Jupyter stamp on a run, taken out.

Why
---
An executed notebook is committed (``results/notebooks``) and rendered into the site, so anything in it that
changes from run to run changes the repository on every regeneration, though no result moved. Papermill and the
kernel write four such things, none of them a result:

* when each cell ran and for how long (``metadata.execution`` and ``metadata.papermill``'s times, per cell and for
  the notebook);
* a random id for the cell papermill injects (its ``injected-parameters`` tag names it as well);
* what the kernel wrote on stderr: progress bars (their rates and elapsed times) and notices that depend on the
  machine's state (the site leaves stderr out as well); and the package's one-off "compiling" line
  (``pawnslib.COMPILING``), which a notebook's kernel writes on stdout, as an ordinary line for the person running it;
* memory addresses in plain-text reprs (``<Styler at 0x7f…>``) and the random ids of widget models (``model_id``
  and the widget state saved with the notebook).

:func:`tidy_notebook` removes the first three and renames the fourth canonically: a widget model's new id is its
place in a walk from the models the outputs show, through the models each one's state names, so the same widgets
get the same ids. Nothing a reader sees changes. Wall-clock figures the notebooks measure are not here at all:
they go to timing files (:mod:`pawnslib.report.timings_page`).

Layer ``report``: imports nothing of pawnslib but the package's ``COMPILING`` line.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import nbformat

from pawnslib import COMPILING
from pawnslib.files import replaced_atomically

RUN_STAMPS = ("start_time", "end_time", "duration")  # papermill's per-cell and per-notebook clock
INJECTED = "injected-parameters"  # papermill's tag for the cell it adds, and now that cell's id
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+>")
_MODEL_REF = re.compile(r"IPY_MODEL_([0-9a-f]{32})")


def tidy_notebook(path: str | Path) -> bool:
    """Rewrite the executed notebook ``path`` (an ``.ipynb`` file, e.g. one papermill wrote) without its run stamps
    (see the module); return whether it changed.

    Raises:
        ValueError: ``path`` is not a notebook (naming the file).
    """
    path = Path(path)
    try:
        nb = nbformat.read(path, as_version=nbformat.NO_CONVERT)
    except (OSError, ValueError, nbformat.reader.NotJSONError) as e:
        raise ValueError(f"{path}: not a notebook ({e})") from None
    before = nbformat.writes(nb)
    for meta in (nb.metadata, *(cell.metadata for cell in nb.cells)):
        for k in RUN_STAMPS:
            meta.get("papermill", {}).pop(k, None)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        if INJECTED in cell.metadata.get("tags", []):
            cell["id"] = INJECTED
        if cell.cell_type == "code":
            cell.outputs = [_plain(o) for o in map(_without_notice, cell.outputs)
                            if o is not None and o.get("name") != "stderr"]
    text = _renamed_widgets(nb, nbformat.writes(nb))
    if text == before:
        return False
    with replaced_atomically(path) as tmp:  # Ctrl-C mid-write leaves the executed notebook whole
        tmp.write_text(text, encoding="utf-8")
    return True


def _without_notice(output):
    """``output`` without the package's compiling line (a stdout stream's), or None if nothing else is left."""
    if output.get("output_type") != "stream" or output.get("name") != "stdout":
        return output
    text = output.text if isinstance(output.text, str) else "".join(output.text)
    kept = "".join(line for line in text.splitlines(keepends=True) if line.rstrip("\n") != COMPILING)
    if not kept:
        return None
    output.text = kept
    return output


def _plain(output):
    """``output`` with memory addresses taken out of its plain-text repr (``<X at 0x7f…>`` reads ``<X>``)."""
    text = output.get("data", {}).get("text/plain")
    if text is not None:
        output.data["text/plain"] = _ADDRESS.sub(">", text if isinstance(text, str) else "".join(text))
    return output


def _renamed_widgets(nb, text: str) -> str:
    """``text`` (``nb`` written) with every widget model id replaced by its canonical one (see the module)."""
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    roots = [o.data[WIDGET_VIEW]["model_id"] for c in nb.cells if c.cell_type == "code" for o in c.outputs
             if WIDGET_VIEW in o.get("data", {})]
    if not state and not roots:
        return text
    order: list[str] = []
    stack = list(reversed(roots))
    while stack:  # depth first, each model's references in the order its state's fields (sorted) give them
        model = stack.pop()
        if model in order:
            continue
        order.append(model)
        refs = _MODEL_REF.findall(json.dumps(state.get(model, {}), sort_keys=True))
        stack.extend(reversed([r for r in refs if r not in order]))
    rest = sorted((m for m in state if m not in order),
                  key=lambda m: _MODEL_REF.sub("", json.dumps(state[m], sort_keys=True)))
    names = {m: f"{i:032x}" for i, m in enumerate(order + rest)}
    text = re.sub(r"[0-9a-f]{32}", lambda m: names.get(m[0], m[0]), text)
    return nbformat.writes(nbformat.reads(text, as_version=nbformat.NO_CONVERT))  # the state re-sorted by new id
