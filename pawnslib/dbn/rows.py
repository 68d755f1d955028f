"""The opponent model's training rows (thesis Table 8.1), and their CSV file.

A training row pairs the six feature scores of x_{t-2} (``F_prev``) and x_t (``F``), the
positions after two consecutive moves of the same player, with Black's strategy id ``S_b``
and White's ``S_w``, which is always latent (written ``?``). Optionally a row also says who made
x_t (``mover``), which :class:`~.twoslice.TwoSliceModel` learns a slice per colour from, and
which game it comes from (``game``), which the per-game model needs (``OpponentModel.fit(rows, latent="game")``,
EM with one latent per game).

Imports :mod:`pawnslib.config`, :mod:`pawnslib.files` and :mod:`pawnslib.game.rules`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np
import pandas as pd

from pawnslib import config
from pawnslib.files import replaced_atomically
from pawnslib.game.rules import FEATURE_NAMES

PREV = "_prev"
MOVERS = ("black", "white")  # the ``mover`` column's values
GAME = "game"  # the optional column of each row's game (the record's index in training_rows' input)


def row_columns(*, feature_names: Sequence[str] = FEATURE_NAMES) -> list[str]:
    """The columns of a training row in Table 8.1's order.

    Args:
        feature_names: the features, in order.

    Returns:
        ``F_prev`` for every feature, then ``F`` for every feature, then ``S_b``, ``S_w``.
    """
    return [f + PREV for f in feature_names] + list(feature_names) + ["S_b", "S_w"]


def white_chain(history: Sequence) -> np.ndarray:
    """The raw feature scores of White's chain x_0, x_2, ... of a game so far (``history``: its positions, x_0 first),
    as (n, F) int64: the evidence a model's posterior over S_w reads during a game."""
    return np.array([p.features() for p in history[0::2]], np.int64)


def features_after_opening(record: dict) -> np.ndarray:
    """A game record's feature scores from its seeded random opening's end on: x_k..x_T, k = ``record["opening"]``
    (0, all of them, when absent). The opening's moves are random, no strategy's choices, so no training row or
    recogniser's evidence may read them; k is even, so x_k's index parity still says who moved.
    (:func:`pawnslib.play.records.after_opening` slices the whole record alike; this layer lies below
    :mod:`pawnslib.play`, so it reads the one field itself.)

    Args:
        record: a game record with ``"features"`` (T+1 lists of the six scores of x_0..x_T) and optionally
            ``"opening"``.

    Returns:
        The scores of x_k..x_T as an array (as ``np.asarray`` gives them).

    Raises:
        ValueError: an opening that is not an even number of plies within the game.
    """
    f, k = np.asarray(record["features"]), record.get("opening", 0)
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or k < 0 or k % 2 or k >= max(len(f), 1):
        raise ValueError(f"a record's opening must be an even number of plies within its game, got {k!r}")
    return f[k:]


def _checked_features(rec: dict, i: int) -> np.ndarray:
    """Game record ``i``'s feature scores from its opening's end on (:func:`features_after_opening`), checked.

    Raises:
        ValueError: naming record ``i``: a missing key, features that are not a (T+1, 6) integer table, or a bad
            opening.
    """
    for key in ("black", "white", "features"):
        if key not in rec:
            raise ValueError(f"game record {i} has no {key!r} field")
    try:
        f = features_after_opening(rec)
    except ValueError as e:
        raise ValueError(f"game record {i}: {e}") from None
    if f.ndim != 2 or f.shape[1] != len(FEATURE_NAMES):
        raise ValueError(f"game record {i}: features must be (T+1, {len(FEATURE_NAMES)}), got shape {f.shape}")
    if not np.issubdtype(f.dtype, np.integer):
        raise ValueError(f"game record {i}: feature scores must be integers, got dtype {f.dtype}")
    return f


def training_rows(records: Iterable[dict], *, truth: bool = False, mover: bool = False,
                  game: bool = False) -> pd.DataFrame:
    """Table 8.1's rows: the scores of x_{t-2} and x_t for every t >= 2 of every game; in a game with a seeded
    random opening of k plies, for every t >= k + 2 (:func:`features_after_opening`: the opening's moves are no
    strategy's choices).

    Args:
        records: game records with ``"black"``, ``"white"`` (strategy ids) and
            ``"features"`` (T+1 lists of the six scores of x_0..x_T), optionally ``"opening"`` (k).
        truth: also add ``S_w_true``, White's real id (for matching latent states and
            for measuring recognition; never shown to EM).
        mover: also add ``mover``, the colour whose move produced x_t: ``"black"`` for odd t,
            ``"white"`` for even t (Black moves first, so x_1 follows Black's move).
        game: also add ``game`` (int64), the index of the row's record in ``records`` (a
            record too short for a row still takes its index).

    Returns:
        Columns ``BMax_prev..PD_prev, BMax..PD`` (int64), ``S_b`` (int64) and ``S_w``
        (all missing, nullable ``Int64``), [``S_w_true``], [``mover`` (str)], [``game``].

    Raises:
        ValueError: a record lacks a key, its features are not a (T+1, 6) integer table, or its opening is not an
            even number of plies within the game.
    """
    blocks, movers, games = [], [], []
    for i, rec in enumerate(records):
        f = _checked_features(rec, i)
        if len(f) < 3:
            continue
        n = len(f) - 2
        b = np.column_stack([f[:-2], f[2:], np.full(n, rec["black"]), np.full(n, rec["white"])])
        blocks.append(b.astype(np.int64))
        games.append(np.full(n, i, np.int64))
        movers.append(np.where(np.arange(2, len(f)) % 2 == 1, MOVERS[0], MOVERS[1]))  # row j is t = j + 2
    cols = row_columns()
    data = np.concatenate(blocks) if blocks else np.empty((0, len(cols)), np.int64)
    df = pd.DataFrame(data[:, :-1], columns=cols[:-1])
    df["S_w"] = pd.array([pd.NA] * len(df), dtype="Int64")
    if truth:
        df["S_w_true"] = data[:, -1]
    if mover:
        df["mover"] = np.concatenate(movers).astype(object) if movers else np.empty(0, object)
    if game:
        df[GAME] = np.concatenate(games) if games else np.empty(0, np.int64)
    return df


def validate_rows(
    rows: pd.DataFrame, *, n_strategies: int = config.N_STRATEGIES, line_offset: int | None = None
) -> pd.DataFrame:
    """Check training rows and give them integer dtypes.

    Args:
        rows: a table with :func:`row_columns` (extra columns are kept).
        n_strategies: K; strategy ids must be 1..K.
        line_offset: when the rows come from a file, the file line of row 0 (errors then
            name lines instead of rows).

    Returns:
        A copy of ``rows`` with the features and ``S_b`` as int64, ``S_w`` as nullable ``Int64``,
        and the optional ``game`` column (see :func:`training_rows`) as int64.

    Raises:
        ValueError: a column is missing, or a cell is missing, not an integer, an unknown
            strategy id, or a negative game index; the message names the column and the row (line).
    """
    where = (lambda i: f"line {i + line_offset}") if line_offset is not None else (lambda i: f"row {i}")
    missing = [c for c in row_columns() if c not in rows.columns]
    if missing:
        raise ValueError(f"training rows lack column(s) {missing}")
    out = rows.copy()
    ids = set(range(1, n_strategies + 1))
    for c in row_columns() + ([GAME] if GAME in rows.columns else []):
        v = pd.to_numeric(rows[c], errors="coerce").to_numpy(dtype=float, na_value=np.nan)
        raw_bad = rows[c].notna().to_numpy() & np.isnan(v)
        if raw_bad.any():
            i = int(np.flatnonzero(raw_bad)[0])
            raise ValueError(f"column {c!r}, {where(i)}: {rows[c].iloc[i]!r} is not a number")
        if c == "S_w":  # latent: missing is expected, anything else must still be an id
            bad = ~np.isnan(v) & ~np.isin(v, list(ids))
            if bad.any():
                i = int(np.flatnonzero(bad)[0])
                raise ValueError(f"column 'S_w', {where(i)}: unknown strategy id {v[i]:g} (ids are 1..{n_strategies})")
            out[c] = pd.array(np.where(np.isnan(v), pd.NA, v), dtype="Int64") if len(v) else rows[c].astype("Int64")
            continue
        if np.isnan(v).any():
            raise ValueError(f"column {c!r}, {where(int(np.flatnonzero(np.isnan(v))[0]))}: missing value")
        frac = v != np.round(v)
        if frac.any():
            raise ValueError(f"column {c!r}, {where(int(np.flatnonzero(frac)[0]))}: {v[frac][0]:g} is not an integer")
        if c == "S_b" and not np.isin(v, list(ids)).all():
            i = int(np.flatnonzero(~np.isin(v, list(ids)))[0])
            raise ValueError(f"column 'S_b', {where(i)}: unknown strategy id {v[i]:g} (ids are 1..{n_strategies})")
        if c == GAME and (v < 0).any():
            i = int(np.flatnonzero(v < 0)[0])
            raise ValueError(f"column {GAME!r}, {where(i)}: {v[i]:g} is not a game index (>= 0)")
        out[c] = v.astype(np.int64)
    return out


def game_ids(rows: pd.DataFrame) -> np.ndarray:
    """The ``game`` column of training rows (checked by :func:`validate_rows`).

    Args:
        rows: training rows.

    Returns:
        (R,) int64: each row's game.

    Raises:
        ValueError: the rows have no ``game`` column (the message says how to make it).
    """
    if GAME not in rows.columns:
        raise ValueError(f"training rows lack the column {GAME!r} (the game each row comes from), which the "
                         "per-game model needs: make them with training_rows(records, game=True)")
    return rows[GAME].to_numpy(np.int64)


def write_training_csv(rows: pd.DataFrame, path: str | Path, *, n_strategies: int = config.N_STRATEGIES) -> Path:
    """Write Table 8.1's columns as CSV, the latent S_w as ``?``.

    Args:
        rows: training rows (see :func:`validate_rows`); only :func:`row_columns` are written.
        path: the file; missing folders are created.
        n_strategies: K; strategy ids must be 1..K.

    Returns:
        The path written.

    Raises:
        ValueError: the rows are invalid (see :func:`validate_rows`).
    """
    rows = validate_rows(rows, n_strategies=n_strategies)
    with replaced_atomically(path) as tmp:
        rows[row_columns()].to_csv(tmp, index=False, na_rep="?")
    return Path(path)


def read_training_csv(path: str | Path, *, n_strategies: int = config.N_STRATEGIES) -> pd.DataFrame:
    """Read rows written by :func:`write_training_csv` (``?`` or empty = missing).

    Args:
        path: the file.
        n_strategies: K; strategy ids must be 1..K.

    Returns:
        The rows, as :func:`validate_rows` returns them.

    Raises:
        FileNotFoundError: no such file.
        ValueError: an empty file, a missing column, NaN, non-integer or unknown strategy
            id, naming the column and the file line (line 1 is the header).
    """
    try:
        rows = pd.read_csv(path, na_values=["?"], dtype=str)
    except pd.errors.EmptyDataError:
        raise ValueError(f"{path}: empty file, expected the columns {row_columns()}") from None
    try:
        return validate_rows(rows, n_strategies=n_strategies, line_offset=2)
    except ValueError as e:
        raise ValueError(f"{path}: {e}") from None
