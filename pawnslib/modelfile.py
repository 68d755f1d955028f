"""The opponent model's file (what pgmpy keeps in ``readwrite``): one ``.npz``, checked on reading.

The archive holds ``header``, a JSON object (format, features, node kinds, strategy ids, slices,
EM settings, the ``training`` provenance), and the arrays ``cuts_f``, ``seen_f`` (per feature),
``cpt_v`` (per slice node), ``loglik``, ``objective``, ``restart_objectives`` and
``restart_loglik_r``. :meth:`pawnslib.dbn.OpponentModel.save` and ``load`` build and read them;
every check here raises ``ValueError`` with the problem, which ``load`` prefixes with the file.
"""

from __future__ import annotations

import json
import zipfile
from collections.abc import Callable
from pathlib import Path

import numpy as np

from pawnslib.files import replaced_atomically

FILE_FORMAT = "pawnslib.dbn.OpponentModel/1"
NORM_TOL = 1e-6  # a CPT's rows must sum to 1 within this


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_list(of: Callable[[object], bool]) -> Callable[[object], bool]:
    return lambda v: isinstance(v, list) and all(of(x) for x in v)


def _is_scalars(v: object) -> bool:
    scalar = (str, int, float, bool, type(None))
    return isinstance(v, dict) and all(isinstance(k, str) and isinstance(x, scalar) for k, x in v.items())


HEADER: dict[str, tuple[Callable[[object], bool], str]] = {  # required key besides format: (check, what)
    "feature_names": (_is_list(lambda x: isinstance(x, str)), "a list of names"),
    "kinds": (_is_list(lambda x: isinstance(x, str)), "a list of node kinds"),
    "strategy_ids": (lambda v: _is_list(_is_int)(v) and 0 < len(v) == len(set(v)), "a list of distinct integer ids"),
    "n_slices": (lambda v: _is_int(v) and v >= 1, "an integer >= 1"),
    "pseudo_count": (lambda v: isinstance(v, int | float) and not isinstance(v, bool) and v >= 0, "a number >= 0"),
    "converged": (lambda v: isinstance(v, bool), "true or false"),
    "sw_matched": (lambda v: isinstance(v, bool), "true or false"),
    "n_restarts": (lambda v: _is_int(v) and v >= 0, "an integer >= 0"),
    "n_states": (_is_list(lambda x: _is_int(x) and x >= 1), "a list of state counts >= 1"),
}
OPTIONAL = {"training": (_is_scalars, "a JSON object of scalars (strings, numbers, booleans, null)")}


def check_header(header: object) -> None:
    """Check a model file's header.

    Args:
        header: the decoded JSON header.

    Raises:
        ValueError: not a JSON object, a required key missing (all are named), or a field of
            the wrong kind (named, with what it must be).
    """
    if not isinstance(header, dict):
        raise ValueError(f"not an opponent model file: its header is a JSON {type(header).__name__}, not an object")
    if header.get("format") != FILE_FORMAT:
        raise ValueError(f"not an opponent model file (format {header.get('format')!r}, expected {FILE_FORMAT!r})")
    missing = [k for k in HEADER if k not in header]
    if missing:
        raise ValueError(f"the header lacks the required key(s) {missing}")
    for key, (ok, what) in (HEADER | OPTIONAL).items():
        if key in header and not ok(header[key]):
            raise ValueError(f"header field {key!r} must be {what}, got {header[key]!r}")


def check_cpt(node: str, cpt: np.ndarray, shape: tuple[int, ...]) -> None:
    """Check a node's CPT: this shape, finite non-negative floats, each row summing to 1.

    Args:
        node: the node's name, for the message.
        cpt: the table; its last axis is the node's state.
        shape: the shape it must have.

    Raises:
        ValueError: the first problem found, naming the node.
    """
    if cpt.shape != shape:
        raise ValueError(f"CPT of {node} has shape {cpt.shape}, expected {shape}")
    if not np.issubdtype(cpt.dtype, np.floating):
        raise ValueError(f"CPT of {node} holds {cpt.dtype}, not probabilities")
    if not np.isfinite(cpt).all():
        raise ValueError(f"CPT of {node} has NaN or infinite entries")
    if (cpt < 0).any():
        raise ValueError(f"CPT of {node} has negative entries (smallest {cpt.min():g})")
    sums = cpt.sum(axis=-1)
    worst = np.unravel_index(np.abs(sums - 1).argmax(), sums.shape)
    if abs(sums[worst] - 1) > NORM_TOL:
        raise ValueError(f"CPT of {node} is not normalised: its row {tuple(map(int, worst))} sums to "
                         f"{sums[worst]:.9g} (tolerance {NORM_TOL:g})")


def write(path: Path, header: dict, arrays: dict[str, np.ndarray]) -> None:
    """Write a model file after checking its header (so that :func:`read` accepts it).

    Args:
        path: the file; missing folders are created.
        header: the header (see :data:`HEADER`).
        arrays: the named arrays.

    Raises:
        ValueError: the header is invalid; nothing is written then.
    """
    check_header(header)
    with replaced_atomically(path) as tmp, open(tmp, "wb") as fh:
        np.savez(fh, header=np.array(json.dumps(header)), **arrays)


def read(path: Path) -> tuple[dict, dict[str, np.ndarray]]:
    """Read a model file's checked header and all its arrays.

    Args:
        path: an existing file.

    Returns:
        ``(header, arrays)``.

    Raises:
        ValueError: not an ``.npz`` (e.g. a ``.npy`` or text file), no header, an invalid
            header (:func:`check_header`), or a truncated or corrupt archive.
    """
    with open(path, "rb") as fh:
        magic = fh.read(6)
    if magic == b"\x93NUMPY":
        raise ValueError("not an opponent model file: it is a single .npy array, not an .npz archive")
    if not magic.startswith(b"PK"):
        raise ValueError("not an opponent model file: it is not an .npz (zip) archive")
    try:
        with np.load(path, allow_pickle=False) as z:
            arrays = {k: z[k] for k in z.files}
    except (zipfile.BadZipFile, EOFError, OSError, ValueError) as e:
        raise ValueError(f"truncated or corrupt ({type(e).__name__}: {e})") from None
    if "header" not in arrays:
        raise ValueError("not an opponent model file (it has no header)")
    try:
        header = json.loads(str(arrays.pop("header")))
    except json.JSONDecodeError as e:
        raise ValueError(f"not an opponent model file: its header is not JSON ({e})") from None
    check_header(header)
    return header, arrays
