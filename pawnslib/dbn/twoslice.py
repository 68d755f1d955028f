"""A two-slice opponent model: one slice of CPTs for Black's moves, one for White's.

Why: the one-slice model (:class:`~.model.OpponentModel`) learns its CPTs from every
training row, whichever colour made x_t; but a row after Black's move shows how *Black's*
strategy moves the feature scores, and one after White's move how *White's* does. Mixing them
blurs P(F | F_prev, S_b, S_w) with the other side's moves. So here there are two slices: the same
structure (:func:`~.learn.slice_structure`), separate CPTs learned by EM from Black's rows
and from White's rows (``training_rows(records, mover=True)`` says which is which), and P(e) of
White's replies uses White's slice (:attr:`TwoSliceModel.reply_model`). Each slice also fits its
own discretiser to its rows, so the two may cut the scores differently.

A :class:`TwoSliceModel` stands in for an ``OpponentModel`` where the search asks for P(e):
``n_slices``, ``strategy_ids``, ``check_sb`` and ``kernel_arrays()`` are its White slice's.
Its file is one ``.npz`` (:data:`~.modelfile.TWO_SLICE_FORMAT`): a header with its own
format, ``training``, and each slice's one-slice header under ``"black"`` and ``"white"``; each
slice's arrays are prefixed ``"black."`` / ``"white."``. Every slice gets exactly the checks of a
one-slice file (the same code: :func:`~.modelfile.slice_parts` and :func:`~.modelfile.slice_fields`), and
errors name the file and the slice. :func:`load_model` loads either kind of file (``pawnslib.dbn.load_model``).

Imports :mod:`pawnslib.config`, :mod:`pawnslib.game.rules` and the :mod:`pawnslib.dbn` modules below it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from pawnslib import config
from pawnslib.dbn import modelfile
from pawnslib.dbn.discretise import N_INTERVALS
from pawnslib.dbn.em import EM_MAX_ITER, EM_RESTARTS, EM_TOL, PSEUDO_COUNT
from pawnslib.dbn.model import N_SLICES, OpponentModel
from pawnslib.dbn.pe import KernelArrays
from pawnslib.dbn.rows import MOVERS, validate_rows
from pawnslib.game.rules import FEATURE_NAMES

MOVER = "mover"  # the training rows' column saying who made x_t


@dataclass
class TwoSliceModel:
    """Black's and White's slices, and the training provenance (JSON scalars, saved with them).

    Build it with :meth:`fit`. The slices must model the same features, strategy ids and
    number of DBN slices (each has its own discretiser and CPTs).
    """

    black: OpponentModel
    white: OpponentModel
    training: dict = field(default_factory=dict)

    def __post_init__(self):
        """Check the slices agree (a file may not): raises ValueError naming what differs."""
        for what in ("feature_names", "strategy_ids", "n_slices"):
            b, w = getattr(self.black, what), getattr(self.white, what)
            if b != w:
                raise ValueError(f"the black and white slices differ in {what}: black {b!r}, white {w!r}")

    # --- building ------------------------------------------------------------------------
    @classmethod
    def fit(cls, rows: pd.DataFrame, *, n_strategies: int = config.N_STRATEGIES, n_intervals: int = N_INTERVALS,
            pseudo_count: float = PSEUDO_COUNT, restarts: int = EM_RESTARTS,
            max_iter: int = EM_MAX_ITER, tol: float = EM_TOL, seed: int | None = config.SEED,
            n_slices: int = N_SLICES, white_truth: Sequence[int] | None = None) -> TwoSliceModel:
        """Learn each colour's slice by EM from that colour's rows (``OpponentModel.fit``).

        Args:
            rows: training rows with the ``mover`` column (``training_rows(records, mover=True)``).
            n_strategies, n_intervals, pseudo_count, restarts, max_iter, tol, n_slices: as
                :meth:`pawnslib.dbn.model.OpponentModel.fit`, for both slices.
            seed: EM's seed, the same for both slices (each slice is then exactly
                ``OpponentModel.fit`` on its rows alone).
            white_truth: White's true id per row (of ``rows``); split by colour like the rows,
                it matches each slice's S_w states to the ids.

        Returns:
            The model, with ``training = {}`` (the caller records the provenance).

        Raises:
            ValueError: invalid rows (named column and row), no ``mover`` column, a ``mover``
                other than ``"black"`` or ``"white"`` (named row), a colour with no rows, or
                ``white_truth`` of the wrong length or with unknown ids.
        """
        # Validate the whole table first, so that errors name rows of the caller's table, not of a slice's.
        rows = validate_rows(rows, n_strategies=n_strategies)
        mover = _check_mover(rows)
        truth = None if white_truth is None else np.asarray(white_truth)
        if truth is not None and truth.shape != (len(rows),):
            raise ValueError(f"white_truth must hold one id per row ({len(rows)}), got shape {truth.shape}")
        kw = dict(n_strategies=n_strategies, n_intervals=n_intervals, pseudo_count=pseudo_count, restarts=restarts,
                  max_iter=max_iter, tol=tol, seed=seed, n_slices=n_slices)
        slices = []
        for colour in MOVERS:
            mine = mover == colour
            part = rows.loc[mine].drop(columns=MOVER).reset_index(drop=True)
            slices.append(OpponentModel.fit(part, white_truth=None if truth is None else truth[mine], **kw))
        return cls(*slices)

    # --- what the search asks for: White's slice -------------------------------------------
    @property
    def reply_model(self) -> OpponentModel:
        """The slice that scores White's replies: :attr:`white`."""
        return self.white

    @property
    def feature_names(self) -> tuple[str, ...]:
        """The features, in the order of the score columns (both slices')."""
        return self.white.feature_names

    @property
    def n_slices(self) -> int:
        """Slices of the unrolled DBN the search uses (both slices')."""
        return self.white.n_slices

    @property
    def strategy_ids(self) -> tuple[int, ...]:
        """The strategy ids, S_b's and S_w's states (both slices')."""
        return self.white.strategy_ids

    def check_sb(self, sb) -> int:
        """Black's strategy id ``sb`` as an int (see :meth:`pawnslib.dbn.model.OpponentModel.check_sb`).

        Raises:
            ValueError: a bool, not an integer, or an id the model was not trained with.
        """
        return self.white.check_sb(sb)

    def kernel_arrays(self) -> KernelArrays:
        """White's slice as the numba kernels' arrays (what P(e) of White's replies uses)."""
        return self.white.kernel_arrays()

    # --- files ---------------------------------------------------------------------------
    def save(self, path: str | Path) -> Path:
        """Write both slices and the training provenance to one ``.npz``, atomically.

        Args:
            path: the file; missing folders are created.

        Returns:
            The path written.

        Raises:
            ValueError: a field :meth:`load` would refuse (e.g. ``training`` not a dict of JSON
                scalars; a slice's, named); nothing is written then.
        """
        header: dict = {"format": modelfile.TWO_SLICE_FORMAT, "training": self.training}
        arrays: dict[str, np.ndarray] = {}
        for colour in MOVERS:
            header[colour], mine = modelfile.slice_parts(getattr(self, colour))
            arrays |= {f"{colour}.{name}": a for name, a in mine.items()}
        modelfile.write(Path(path), header, arrays, file_format=modelfile.TWO_SLICE_FORMAT)
        return Path(path)

    @classmethod
    def load(cls, path: str | Path, *, feature_names: Sequence[str] = FEATURE_NAMES,
             n_strategies: int | None = None) -> TwoSliceModel:
        """Read a model written by :meth:`save`, checking all of it (:func:`~.modelfile.read_model`).

        Args:
            path: the file.
            feature_names: the features the caller scores positions with.
            n_strategies: the number of strategies expected (None: any).

        Returns:
            The model.

        Raises:
            FileNotFoundError: no file at ``path``.
            ModelFileError: the file is not a two-slice model (a one-slice model's file: the message
                names its loaders), is truncated or corrupt, a slice holds invalid contents or lacks
                arrays (as :meth:`pawnslib.dbn.model.OpponentModel.load` checks), the slices disagree,
                or it has other features or strategies. The message names the file and, for a
                slice's problem, the slice.
        """
        return modelfile.read_model(path, {modelfile.TWO_SLICE_FORMAT: cls.from_file_parts},
                                    feature_names=feature_names, n_strategies=n_strategies)

    @classmethod
    def from_file_parts(cls, header: dict, arrays: dict[str, np.ndarray], *,
                        feature_names: Sequence[str] = FEATURE_NAMES, n_strategies: int | None = None) -> TwoSliceModel:
        """The model of a checked two-slice header and its arrays.

        Raises:
            ValueError: a slice's arrays or contents (the message starts with the slice), or slices that disagree.
        """
        slices = []
        for colour in MOVERS:
            prefix = f"{colour}."
            mine = {name[len(prefix):]: a for name, a in arrays.items() if name.startswith(prefix)}
            try:
                slices.append(OpponentModel(**modelfile.slice_fields(header[colour], mine, feature_names=feature_names,
                                                                     n_strategies=n_strategies)))
            except KeyError as e:
                raise ValueError(f"{colour} slice: the file has no array '{prefix}{e.args[0]}'") from None
            except ValueError as e:
                raise ValueError(f"{colour} slice: {e}") from None
        return cls(*slices, header.get("training", {}))


def load_model(path: str | Path, *, feature_names: Sequence[str] = FEATURE_NAMES,
               n_strategies: int | None = None) -> OpponentModel | TwoSliceModel:
    """Load an opponent model file of either kind, by the format its header records (:func:`~.modelfile.read_model`).

    Args:
        path: the file.
        feature_names, n_strategies: as the loaders'.

    Returns:
        A :class:`TwoSliceModel` for a two-slice file, else an :class:`~.model.OpponentModel`.

    Raises:
        FileNotFoundError: no file at ``path``.
        ModelFileError: as :meth:`TwoSliceModel.load` for a two-slice file, else as
            :meth:`pawnslib.dbn.model.OpponentModel.load` (which also reports files that are no model).
    """
    readers = {modelfile.FILE_FORMAT: OpponentModel.from_file_parts,
               modelfile.TWO_SLICE_FORMAT: TwoSliceModel.from_file_parts}
    return modelfile.read_model(path, readers, feature_names=feature_names, n_strategies=n_strategies)


def _check_mover(rows: pd.DataFrame) -> np.ndarray:
    # The mover column as an array of "black"/"white"; each colour needs rows to learn its slice from.
    if MOVER not in rows.columns:
        raise ValueError(f"training rows lack the column {MOVER!r} (the colour that made x_t, 'black' or 'white'): "
                         "make them with training_rows(records, mover=True)")
    mover = rows[MOVER].to_numpy(dtype=object)
    bad = ~np.isin(mover, MOVERS)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise ValueError(f"column {MOVER!r}, row {i}: {mover[i]!r} is not 'black' or 'white'")
    for colour in MOVERS:
        if not (mover == colour).any():
            raise ValueError(f"column {MOVER!r} has no {colour!r} rows: the {colour} slice has nothing to learn from")
    return mover
