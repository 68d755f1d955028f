"""Game records: what a game's record holds, and the JSON-lines files records live in.

A record file holds one JSON object per line, appended as games (or Harmony* iterations)
finish; a crash loses at most the line being written, never a finished one. (The players that make
the records live in :mod:`pawnslib.play.players`, the seeds in :mod:`pawnslib.search.seeds`.)

Imports: :mod:`pawnslib.game` only.
"""

import json
import os
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Literal, NotRequired, TypedDict, get_args

import numpy as np

from pawnslib.config import READINGS
from pawnslib.game.position import Position

Result = Literal["black", "white", "draw"]
RESULTS: tuple[str, ...] = get_args(Result)


class PlayedGame(TypedDict):
    """One game as :func:`~.tournament.play_game` plays it; lists run over plies."""

    result: Result  # who won, or "draw" (both sides emptied at once, or 200 plies without a result)
    plies: int  # the number of moves played, T
    rules: str  # the reading the game was played by (pawnslib.config.READINGS)
    positions: list[str]  # x_0..x_T as Position.to_text()
    features: list[list[int]]  # x_0..x_T's six feature scores (FEATURE_NAMES order), black minus white
    moves: list[str]  # the T moves, as str(Move)
    values: list[float]  # the mover's search value of each move (Black's point of view)
    nodes: list[int]  # nodes each search visited
    # Wall time of each search: machine-dependent, so only in a freshly played record and the raw working file; the
    # archive leaves it out, and a run's timings.json (pawnslib.play.timings) summarises it.
    seconds: NotRequired[list[float]]
    info: NotRequired[list[dict]]  # per ply: the mover's SearchResult.info and the opponent's observe(); only
    # present when some player gave extra information (e.g. the asymmetric player's predictions)
    # The plies of the game's seeded random opening (pawnslib.play.openings), its first moves, searched by neither
    # player (value 0, 0 nodes); only present when the game had one
    opening: NotRequired[int]


class GameRecord(PlayedGame):
    """A tournament's game: :class:`PlayedGame` and who played it when."""

    black: int  # Black's strategy id
    white: int  # White's strategy id
    round: int  # the round of the round robin, from 0


def check_jobs(n_jobs) -> None:
    """Raise unless ``n_jobs`` is a non-zero integer (joblib's workers; -1: all cores)."""
    if isinstance(n_jobs, bool) or not isinstance(n_jobs, (int, np.integer)) or n_jobs == 0:
        raise ValueError(f"n_jobs must be a non-zero integer (-1: all cores), got {n_jobs!r}")


def json_objects(lines: Iterable[str], source: str | Path, *,
                 hint: str = "delete that line to replay it") -> Iterator[tuple[int, dict]]:
    """(line number, object) for each non-blank line of ``lines``, the lines of the file ``source``.

    Raises:
        ValueError: a line that is not a JSON object, naming ``source``, the line number and ``hint``.
    """
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            if not isinstance(row, dict):
                raise ValueError("not a JSON object")
        except ValueError as e:
            raise ValueError(f"{source}:{n}: damaged record ({e}); {hint}") from None
        yield n, row


def _json_lines(path: Path) -> Iterator[tuple[int, dict]]:
    """(line number, object) for each non-blank line of ``path``."""
    with path.open(encoding="utf-8") as f:
        yield from json_objects(f, path)


def read_json_lines(path: str | Path) -> list[dict]:
    """Read a JSON-lines file of objects (blank lines are skipped).

    Args:
        path: the file, e.g. a Harmony* history.

    Returns:
        The objects, in file order.

    Raises:
        ValueError: a damaged line, naming the file and the line number.
    """
    return [row for _, row in _json_lines(Path(path))]


def read_records(path: str | Path) -> list[GameRecord]:
    """Read a tournament's ``games.jsonl`` (blank lines are skipped).

    Args:
        path: the file.

    Returns:
        The records, in file order.

    Raises:
        ValueError: a damaged line, a missing field or an unknown result, naming the file,
            the line number and the field.
    """
    path = Path(path)
    required = [k for k in GameRecord.__annotations__ if k in GameRecord.__required_keys__]
    out = []
    for n, rec in _json_lines(path):
        missing = [k for k in required if k not in rec]
        if missing:
            raise ValueError(f"{path}:{n}: record lacks field(s) {', '.join(missing)}; delete that line to replay it")
        if rec["result"] not in RESULTS:
            raise ValueError(f"{path}:{n}: field result must be one of {', '.join(RESULTS)}, got {rec['result']!r}")
        if rec["rules"] not in READINGS:
            raise ValueError(f"{path}:{n}: field rules must be one of {', '.join(READINGS)}, got {rec['rules']!r}")
        out.append(rec)
    return out


def positions_of(record: Mapping, plies: int | None = None) -> list[Position]:
    """A game record's positions x_0.. x_plies (default: all), played by the record's reading."""
    texts = record["positions"] if plies is None else record["positions"][: plies + 1]
    return [Position.from_text(x, rules=record["rules"]) for x in texts]


# A record's per-move lists (one entry per move, where present); "positions" and "features" have one entry more.
PER_MOVE = ("moves", "values", "nodes", "seconds", "info")


def after_opening(record: Mapping) -> dict:
    """A game record from its seeded random opening's end on: the game as its players saw it.

    A game with an opening (``record["opening"]`` = k plies, :mod:`pawnslib.play.openings`) records the opening's
    random moves as its first k moves; no strategy chose them, so a reader of strategies' choices (the opponent
    model's training rows, a recogniser's evidence) must start at x_k. k is even, so Black still moves first and
    an index's parity still says whose move it is.

    Args:
        record: a game record (:class:`PlayedGame`, :class:`GameRecord` or a replayed archive record).

    Returns:
        ``record`` itself when it has no opening (k = 0); else a new dict with ``positions`` and ``features`` from
        index k (x_k..x_T), ``moves``, ``values``, ``nodes``, ``seconds`` and ``info`` (those present) from index
        k, ``plies`` the moves it keeps (T - k, so ``len(positions) == plies + 1`` still holds; a position's own
        text still says its ply in the whole game), ``opening`` dropped, and every other key as it was.

    Raises:
        ValueError: an opening that is not an even number of plies from 0 to ``plies``.
    """
    k = record.get("opening", 0)
    if not k:
        return record
    plies = record.get("plies", len(record.get("moves", ())))
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or k < 0 or k % 2 or k > plies:
        raise ValueError(f"a record's opening must be an even number of plies from 0 to its {plies} plies, got {k!r}")
    out = {key: value for key, value in record.items() if key != "opening"}
    for key in ("positions", "features", *PER_MOVE):
        if key in out:
            out[key] = out[key][k:]
    if "plies" in out:
        out["plies"] = plies - k
    return out


def append_record(path: str | Path, record: Mapping) -> None:
    """Append ``record`` to ``path`` as one JSON line, creating the file if needed.

    One ``write()`` of a whole line in append mode: the record is on disk entirely or not at all.

    Args:
        path: the JSON-lines file.
        record: a JSON-serialisable mapping.
    """
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, (json.dumps(record, separators=(",", ":")) + "\n").encode())
    finally:
        os.close(fd)
