"""The opponent model's file (what pgmpy keeps in ``readwrite``): one ``.npz``, checked on reading, and its loader.

A one-slice file (:data:`FILE_FORMAT`) holds ``header``, a JSON object (format, features, node kinds, strategy
ids, slices, EM settings, the ``training`` provenance, and ``latent`` for a per-game model), and the arrays
``cuts_f``, ``seen_f`` (per feature), ``cpt_v`` (per slice node), ``loglik``, ``objective``,
``restart_objectives`` and ``restart_loglik_r``. :func:`slice_parts` builds them from an
:class:`~.model.OpponentModel` and :func:`slice_fields` checks and parses them back. A two-slice file
(:data:`TWO_SLICE_FORMAT`) holds two such slices (:class:`~.twoslice.TwoSliceModel`).

:func:`read_model` is the one loader: it reads a file, checks its header and hands it to the reader of its
format. ``OpponentModel.load``, ``TwoSliceModel.load`` and :func:`~.twoslice.load_model` (either kind) are it
with their readers. The checks raise ``ValueError`` (``KeyError`` for a missing array) with the problem, which
:func:`read_model` turns into a :class:`ModelFileError` naming the file. The format tags are identifiers that
committed files hold, not module paths: they stay as they are.

Imports :mod:`pawnslib.files` and :mod:`~.discretise`, :mod:`~.learn` (this module sits below the model classes,
which are given to it as readers or passed in as values).
"""

from __future__ import annotations

import json
import zipfile
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from pawnslib.dbn.discretise import Discretiser
from pawnslib.dbn.learn import LATENTS, check_latent, slice_structure
from pawnslib.files import replaced_atomically


class ModelFileError(ValueError):
    """A saved opponent model that is truncated, corrupt, invalid, or not the one expected."""


FILE_FORMAT = "pawnslib.dbn.OpponentModel/1"
# A two-slice model's file: its header has this format, ``training`` and, under "black" and "white", each slice's
# own header (a FILE_FORMAT header); the slice's arrays are named "black.cpt_0", "white.cuts_1", ...
TWO_SLICE_FORMAT = "pawnslib.twoslice.TwoSliceModel/1"
COLOURS = ("black", "white")
ANY_LOADER = "pawnslib.dbn.load_model"  # the loader of either kind of file


class Kind(NamedTuple):
    """A file format, as the messages name it."""

    name: str  # "no <name> at <path>"
    what: str  # "<what> file (format ...)"
    loader: str  # the loader of this kind only
    make: str  # how to make such a file


KINDS = {FILE_FORMAT: Kind("opponent model", "a one-slice opponent model", "pawnslib.dbn.OpponentModel.load",
                           "OpponentModel.fit(rows).save(path)"),
         TWO_SLICE_FORMAT: Kind("two-slice opponent model", "a two-slice opponent model",
                                "pawnslib.dbn.TwoSliceModel.load", "TwoSliceModel.fit(rows).save(path)")}
Reader = Callable[..., Any]  # (header, arrays, *, feature_names, n_strategies) -> the model; ValueError, KeyError

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
# A two-slice header's own keys; each slice's header is then checked as a FILE_FORMAT header.
TWO_SLICE_HEADER: dict[str, tuple[Callable[[object], bool], str]] = {
    c: (lambda v: True, "the slice's header") for c in COLOURS
}


def check_header(header: object, *, formats: Sequence[str] = (FILE_FORMAT,)) -> None:
    """Check a model file's header.

    Args:
        header: the decoded JSON header.
        formats: the formats accepted: :data:`FILE_FORMAT` and/or :data:`TWO_SLICE_FORMAT` (whose
            slices' headers are then checked too, the message starting ``"black slice: "`` or
            ``"white slice: "``).

    Raises:
        ValueError: not a JSON object, another format (for another known format, the message
            names its loaders), a required key missing (all are named), or a field of the wrong
            kind (named, with what it must be).
    """
    if not isinstance(header, dict):
        raise ValueError(f"not an opponent model file: its header is a JSON {type(header).__name__}, not an object")
    got = header.get("format")
    if not isinstance(got, str) or got not in formats:
        if isinstance(got, str) and got in KINDS:
            raise ValueError(f"{KINDS[got].what} file (format {got!r}): load it with {ANY_LOADER} or "
                             f"{KINDS[got].loader}, not {' or '.join(KINDS[f].loader for f in formats)}")
        raise ValueError(f"not an opponent model file (format {got!r}, expected {' or '.join(map(repr, formats))})")
    required = TWO_SLICE_HEADER if got == TWO_SLICE_FORMAT else HEADER
    missing = [k for k in required if k not in header]
    if missing:
        raise ValueError(f"the header lacks the required key(s) {missing}")
    for key, (ok, what) in (required | OPTIONAL).items():
        if key in header and not ok(header[key]):
            raise ValueError(f"header field {key!r} must be {what}, got {header[key]!r}")
    if got == TWO_SLICE_FORMAT:
        for colour in COLOURS:
            try:
                check_header(header[colour])
            except ValueError as e:
                raise ValueError(f"{colour} slice: {e}") from None


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


def write(path: Path, header: dict, arrays: dict[str, np.ndarray], *, file_format: str = FILE_FORMAT) -> None:
    """Write a model file after checking its header (so that :func:`read_model` accepts it).

    Args:
        path: the file; missing folders are created. It is replaced atomically: a failed write
            leaves the old file.
        header: the header (see :data:`HEADER`).
        arrays: the named arrays.
        file_format: the header's format (see :func:`check_header`).

    Raises:
        ValueError: the header is invalid; nothing is written then.
    """
    check_header(header, formats=(file_format,))
    with replaced_atomically(path) as tmp, open(tmp, "wb") as fh:
        np.savez(fh, header=np.array(json.dumps(header)), **arrays)


def read_model(path: str | Path, readers: Mapping[str, Reader], *, feature_names: Sequence[str],
               n_strategies: int | None) -> Any:
    """Load a model file: the one loader, whose file format picks the reader.

    Args:
        path: the file.
        readers: the reader of each format accepted (e.g. ``{FILE_FORMAT: OpponentModel.from_file_parts}``),
            called with the checked header, the arrays, ``feature_names`` and ``n_strategies``.
        feature_names: the features the caller scores positions with.
        n_strategies: the number of strategies expected (None: any).

    Returns:
        What the reader returns.

    Raises:
        FileNotFoundError: no file at ``path`` (the message says how to make one).
        ModelFileError: the file is not an ``.npz`` model file (a ``.npy`` or text file, no header, a
            header that is not a JSON object or lacks keys), has a format not accepted (another known
            format's message names its loaders), is truncated or corrupt, or its reader refuses it (a
            missing array, invalid contents, other features or strategies). The message names the file.
    """
    path, formats = Path(path), tuple(readers)
    if not path.is_file():
        name = KINDS[formats[0]].name if len(formats) == 1 else "opponent model"
        raise FileNotFoundError(f"no {name} at {path}: train one with {' or '.join(KINDS[f].make for f in formats)}")
    try:
        header, arrays = read_npz(path)
        check_header(header, formats=formats)
        return readers[header["format"]](header, arrays, feature_names=feature_names, n_strategies=n_strategies)
    except KeyError as e:
        raise ModelFileError(f"{path}: the file has no array {e}") from None
    except ValueError as e:
        raise ModelFileError(f"{path}: {e}") from None


def read_npz(path: Path) -> tuple[object, dict[str, np.ndarray]]:
    """Read a model file's decoded header, unchecked (it may be any JSON value), and all its arrays.

    Args:
        path: an existing file.

    Returns:
        ``(header, arrays)``.

    Raises:
        ValueError: not an ``.npz`` (e.g. a ``.npy`` or text file), no header, a header that
            is not JSON, or a truncated or corrupt archive.
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
    return header, arrays


def slice_parts(model: Any) -> tuple[dict, dict[str, np.ndarray]]:
    """A one-slice model's file contents.

    Args:
        model: an :class:`~.model.OpponentModel` (this module sits below it: it reads the model's fields).

    Returns:
        ``(header, arrays)`` as the module docstring lists them (header unchecked: :func:`write` checks it).
        ``latent`` is written only for a per-game model, so a row model's file is what it always was.

    Raises:
        ValueError: an unknown ``model.latent``.
    """
    disc = model.discretiser
    header = {
        "format": FILE_FORMAT, "feature_names": list(model.feature_names), "kinds": list(disc.kinds),
        "strategy_ids": list(model.strategy_ids), "n_slices": model.n_slices, "pseudo_count": model.pseudo_count,
        "converged": model.converged, "sw_matched": model.sw_matched, "n_restarts": len(model.restart_logliks),
        "n_states": list(disc.n_states), "training": model.training,
    }
    if check_latent(model.latent) != "row":
        header["latent"] = model.latent
    arrays = {"loglik": model.loglik, "objective": model.objective, "restart_objectives": model.restart_objectives}
    arrays |= {f"cuts_{f}": c for f, c in enumerate(disc.cuts)}
    arrays |= {f"seen_{f}": c for f, c in enumerate(disc.seen)}
    arrays |= {f"cpt_{v}": c for v, c in enumerate(model.cpts)}
    arrays |= {f"restart_loglik_{r}": ll for r, ll in enumerate(model.restart_logliks)}
    return header, arrays


def slice_fields(header: dict, arrays: Mapping[str, np.ndarray], *, feature_names: Sequence[str],
                 n_strategies: int | None) -> dict[str, Any]:
    """Check a one-slice model's file contents and parse them into the model's fields.

    Args:
        header: a header :func:`check_header` accepted.
        arrays: the arrays, by their one-slice names (``cpt_0``, ...).
        feature_names: the features the caller scores positions with.
        n_strategies: the number of strategies expected (None: any).

    Returns:
        The :class:`~.model.OpponentModel` fields by name (``training = {}`` for a file from before that field
        existed, ``latent = "row"`` for one without it).

    Raises:
        KeyError: an array is missing (the key is its name).
        ValueError: an unknown ``latent``, other features or strategy count than expected, or invalid
            contents (NaN, negative or unnormalised CPTs, unsorted cut points, unknown node kinds,
            state counts that disagree with the cut points).
    """
    latent = header.get("latent", "row")  # a file without it: a row model
    if not isinstance(latent, str) or latent not in LATENTS:
        raise ValueError(f"header field 'latent' must be one of {list(LATENTS)}, got {latent!r}")
    if list(feature_names) != header["feature_names"]:
        raise ValueError(f"the file models features {header['feature_names']}, expected {list(feature_names)}")
    ids = tuple(header["strategy_ids"])
    if n_strategies is not None and len(ids) != n_strategies:
        raise ValueError(f"the file models {len(ids)} strategies, expected {n_strategies}")
    nf = len(feature_names)
    cuts, seen = (tuple(arrays[f"{what}_{f}"] for f in range(nf)) for what in ("cuts", "seen"))
    disc = Discretiser(tuple(feature_names), tuple(header["kinds"]), cuts, seen)
    if list(disc.n_states) != header["n_states"]:
        raise ValueError(f"the header's n_states {header['n_states']} differ from the cut points' "
                         f"{list(disc.n_states)}")
    cpts = [arrays[f"cpt_{v}"] for v in range(2 + 2 * nf)]  # S_b, S_w, then F_prev, F per feature
    structure = slice_structure(disc.names, disc.n_states, len(ids))
    for v, c in enumerate(cpts):
        check_cpt(structure.names[v], c, structure.shape(v))
    logs = [arrays[f"restart_loglik_{r}"] for r in range(header["n_restarts"])]
    return {"discretiser": disc, "strategy_ids": ids, "cpts": cpts, "n_slices": header["n_slices"],
            "pseudo_count": header["pseudo_count"], "loglik": arrays["loglik"], "objective": arrays["objective"],
            "restart_objectives": arrays["restart_objectives"], "restart_logliks": logs,
            "converged": header["converged"], "sw_matched": header["sw_matched"],
            "training": header.get("training", {}), "latent": latent}
