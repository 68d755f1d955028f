"""Compact, committable game archives: a run's finished games without the positions they can be replayed to.

Why
---
A tournament appends each finished game to ``<run>/games.jsonl`` (:mod:`pawnslib.play.records`). Every record
there stores each position's text and six features, so a 1,600-game run is 13-20 MB: too big to commit, and
a fresh clone would replay its depth-6 games (minutes) before a notebook could open. Positions and features
are determined by the moves, so the archive leaves them out and :func:`read_archive` replays them. It also leaves
out each search's wall-clock ``seconds``, which differ on every run and machine: equal games give equal bytes, so a
regeneration that plays the same games changes no archive (the run's times: :mod:`pawnslib.play.timings`).

Format
------
``<run>/games.jsonl.gz``: gzip (header ``mtime`` 0 and no file name, so equal games give equal bytes) of JSON
lines, one game each, in the order of :func:`schedule_order` (round, black, white). A line is a
:class:`~.records.GameRecord` without ``positions`` and ``features``; every other field (black, white,
round, result, plies, rules, moves, values, nodes, and info when present) is kept exactly, written in
that order with the compact separators of :func:`~.records.append_record`. Reading replays the moves
from ``Position.start(rules=...)`` in numba kernels (a 1,600-game run, some 84,000 positions, in under a
second once compiled, where :class:`~pawnslib.game.Position` takes some 4 s) and checks that every move is legal
and the last position has the recorded result, so a damaged archive is named, never silently wrong.

The raw ``games.jsonl`` stays the working file (appended to as games finish); :func:`load_run` and
:func:`~.tournament.run_tournament` read the union of both files, the raw record winning for a game
found in both.

Imports: :mod:`pawnslib.game` and :mod:`pawnslib.play.records`.
"""

from __future__ import annotations

import gzip
import json
import zlib
from collections.abc import Iterable, Mapping
from pathlib import Path

import numpy as np
from numba import njit

from pawnslib.files import replaced_atomically
from pawnslib.game.kernels import features_into, gen_moves, play_into
from pawnslib.game.position import Move, Position
from pawnslib.game.rules import (
    EMPTY,
    MAX_MOVES,
    N_FEATURES,
    NO_RESULT,
    NS,
    READINGS,
    RESULT_NAMES,
    S_BASE,
    S_PLY,
    S_RESULT,
    S_SIDE,
)
from pawnslib.play.records import RESULTS, GameRecord, json_objects, read_records

ARCHIVE_NAME = "games.jsonl.gz"
RAW_NAME = "games.jsonl"
REPLAYED = ("positions", "features")  # what the archive leaves out and reading recomputes
LOCAL = ("seconds",)  # what the archive leaves out for good: wall-clock times (pawnslib.play.timings keeps them)
FIELDS = ("black", "white", "round", "result", "plies", "rules", "moves", "values", "nodes", "info", "opening")
PER_PLY = ("moves", "values", "nodes", "info")  # one entry per move
REQUIRED = tuple(k for k in FIELDS if k in GameRecord.__required_keys__)

Key = tuple[int, int, int]  # (black, white, round)


def game_key(record: Mapping) -> Key:
    """A game's identity in its tournament.

    Args:
        record: a game record.

    Returns:
        ``(black, white, round)``.
    """
    return record["black"], record["white"], record["round"]


def schedule_order(record: Mapping) -> tuple[int, int, int]:
    """The sort key of the archive's (and :func:`load_run`'s) order, a tournament's schedule.

    Args:
        record: a game record.

    Returns:
        ``(round, black, white)``.
    """
    return record["round"], record["black"], record["white"]


def compact(record: Mapping) -> dict:
    """``record`` as the archive holds it: without the fields it replays or leaves out, in the archive's order.

    Args:
        record: a game record (its ``positions``, ``features`` and ``seconds`` may be absent).

    Returns:
        The known fields in :data:`FIELDS` order, then any others by name.
    """
    known = [k for k in FIELDS if k in record]
    extra = sorted(k for k in record if k not in FIELDS and k not in REPLAYED and k not in LOCAL)
    return {k: record[k] for k in known + extra}


def write_archive(path: str | Path, records: Iterable[Mapping]) -> None:
    """Write ``records`` to the archive ``path`` (replacing it atomically), sorted by :func:`schedule_order`.

    Args:
        path: the archive, usually ``<run>/games.jsonl.gz``.
        records: finished games, e.g. from :func:`~.records.read_records`.

    Raises:
        ValueError: a record lacks a field, or two records are the same game.
    """
    rows, seen = [], set()
    for rec in records:
        missing = [k for k in REQUIRED if k not in rec]
        if missing:
            raise ValueError(f"cannot archive a record that lacks field(s) {', '.join(missing)}")
        if game_key(rec) in seen:
            raise ValueError(f"game (black, white, round) = {game_key(rec)} is given twice; archive it once")
        seen.add(game_key(rec))
        rows.append(compact(rec))
    rows.sort(key=schedule_order)
    data = "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in rows).encode()
    with replaced_atomically(path) as tmp, tmp.open("wb") as f, gzip.GzipFile("", "wb", 9, f, mtime=0) as gz:
        gz.write(data)


def read_archive(path: str | Path) -> list[GameRecord]:
    """Read an archive: its records with ``positions`` and ``features`` replayed from the moves.

    Args:
        path: the archive.

    Returns:
        Full records, equal to those the raw ``games.jsonl`` held, in the archive's order.

    Raises:
        FileNotFoundError: no such file.
        ValueError: naming the file, the line (and game) and the field or ply: a damaged file or line, a
            missing or malformed field, a game given twice, an illegal move, or recorded result the moves
            do not reach.
    """
    path = Path(path)
    try:
        text = gzip.decompress(path.read_bytes()).decode("utf-8")
    except (OSError, EOFError, zlib.error, UnicodeDecodeError) as e:
        if isinstance(e, FileNotFoundError):
            raise
        raise ValueError(f"{path}: damaged archive ({e}); delete it to rebuild it from {RAW_NAME} or replay") from None
    rows, lines, codes, seen = [], [], [], {}
    for n, rec in json_objects(text.split("\n"), path, hint=f"delete {ARCHIVE_NAME} to rebuild it or replay"):
        where = _check_fields(rec, f"{path}:{n}")
        if game_key(rec) in seen:
            raise ValueError(f"{where}: the same game as line {seen[game_key(rec)]}")
        seen[game_key(rec)] = n
        codes.extend(_move_code(m, t, where) for t, m in enumerate(rec["moves"]))
        rows.append(rec)
        lines.append(where)
    return _replayed(rows, lines, codes)


def _check_fields(rec: dict, where: str) -> str:
    """Raise a ValueError at ``where`` unless ``rec`` has the archive's fields, well formed.

    Returns:
        ``where`` with the game named, for the messages that follow.
    """
    missing = [k for k in REQUIRED if k not in rec]
    if missing:
        raise ValueError(f"{where}: record lacks field(s) {', '.join(missing)}")
    for k in ("black", "white", "round", "plies"):
        if isinstance(rec[k], bool) or not isinstance(rec[k], int) or rec[k] < 0:
            raise ValueError(f"{where}: field {k} must be a non-negative integer, got {rec[k]!r}")
    where = f"{where} (game black {rec['black']}, white {rec['white']}, round {rec['round']})"
    if rec["result"] not in RESULTS:
        raise ValueError(f"{where}: field result must be one of {', '.join(RESULTS)}, got {rec['result']!r}")
    if rec["rules"] not in READINGS:
        raise ValueError(f"{where}: field rules must be one of {', '.join(READINGS)}, got {rec['rules']!r}")
    for k in PER_PLY:
        if k in rec and (not isinstance(rec[k], list) or len(rec[k]) != rec["plies"]):
            got = f"{len(rec[k])} entries" if isinstance(rec[k], list) else repr(rec[k])
            raise ValueError(f"{where}: field {k} must list one entry per ply (plies is {rec['plies']}), got {got}")
    return where


_CODES: dict[str, int] = {}  # move text -> code; a few thousand texts at most


def _move_code(text, ply: int, where: str) -> int:
    """The code of the move ``text`` played at ``ply``, or a ValueError naming both."""
    code = _CODES.get(text) if isinstance(text, str) else None
    if code is None:
        try:
            code = _CODES[text] = Move.from_text(text).code
        except (ValueError, AttributeError, TypeError) as e:
            raise ValueError(f"{where}: ply {ply}: field moves holds a bad move {text!r} ({e})") from None
    return code


def _replayed(rows: list[dict], where: list[str], codes: list[int]) -> list[GameRecord]:
    """``rows`` with positions and features replayed by the kernel, or a ValueError for the first bad game."""
    plies = np.array([r["plies"] for r in rows], np.int64)
    first_move = np.concatenate([[0], np.cumsum(plies)])
    starts = np.stack([Position.start(rules=r).array for r in READINGS])
    rules = np.array([READINGS.index(r["rules"]) for r in rows], np.int64)
    states = np.empty((len(codes) + len(rows), NS), np.int64)
    features = np.empty((len(states), N_FEATURES), np.int64)
    game, ply = _replay(np.array(codes, np.int64), first_move, starts, rules, states, features)
    if game >= 0:
        rec, row = rows[game], first_move[game] + game + ply
        pos = Position(states[row]).to_text()
        reason = "the game is over" if states[row, S_RESULT] != NO_RESULT else "it is not legal"
        raise ValueError(f"{where[game]}: ply {ply}: move {rec['moves'][ply]!r} cannot be played in {pos!r}: {reason}")
    texts = np.empty(len(states) * _TEXT_WIDTH, np.uint8)
    texts = texts[: _write_texts(states, texts)].tobytes().decode("ascii").split("\n")[:-1]
    features = features.tolist()
    out = []
    for g, rec in enumerate(rows):
        lo, hi = first_move[g] + g, first_move[g + 1] + g + 1
        reached = RESULT_NAMES[states[hi - 1, S_RESULT]]
        if reached != rec["result"]:
            end = "are not a finished game" if reached is None else f"end in {_said(reached)}"
            said = _said(rec["result"])
            raise ValueError(f"{where[g]}: field result says {said}, but its {rec['plies']} moves {end}")
        full = {k: rec[k] for k in FIELDS[:6] if k in rec} | {"positions": texts[lo:hi], "features": features[lo:hi]}
        out.append(full | {k: v for k, v in rec.items() if k not in full})
    return out


def _said(result: str) -> str:
    return "a draw" if result == "draw" else f"a {result} win"


@njit(cache=True)
def _replay(codes, first_move, starts, rules, states, features):  # pragma: no cover  (compiled)  # noqa: PLR0917  numba kernel: numba compiles no keyword-only parameter
    """Replay every game into ``states`` and ``features`` (game g's x_0.. at row first_move[g] + g).

    Returns (game, ply) of the first move that is not legal where it is played, or (-1, -1).
    """
    legal = np.empty(MAX_MOVES, np.int64)
    for g in range(len(first_move) - 1):
        row = first_move[g] + g
        states[row] = starts[rules[g]]
        features_into(states[row], features[row])
        for t in range(first_move[g + 1] - first_move[g]):
            move = codes[first_move[g] + t]
            n = gen_moves(states[row], legal)
            ok = False
            for i in range(n):
                if legal[i] == move:
                    ok = True
                    break
            if not ok:
                return g, t
            play_into(states[row], move, states[row + 1])
            row += 1
            features_into(states[row], features[row])
    return -1, -1


_TEXT_WIDTH = 82  # 71 board characters, " b 4 4 ", up to 3 digits of ply, a newline
_DOT, _SLASH, _SPACE, _NEWLINE, _ZERO, _B, _W = (ord(c) for c in "./ \n0bw")


@njit(cache=True)
def _write_texts(states, out):  # pragma: no cover  (compiled)
    """Write each state's ``Position.to_text()`` and a newline into ``out``; return the bytes written."""
    n = 0
    grid = np.empty(64, np.uint8)
    for s in states:
        grid[:] = _DOT
        for i in range(8):
            if s[i] != EMPTY:
                grid[s[i]] = _B if i < 4 else _W
        for q in range(64):
            if q > 0 and q % 8 == 0:
                out[n] = _SLASH
                n += 1
            out[n] = grid[q]
            n += 1
        out[n] = _SPACE
        out[n + 1] = _B if s[S_SIDE] == 0 else _W
        out[n + 2] = _SPACE
        out[n + 3] = _ZERO + s[S_BASE]
        out[n + 4] = _SPACE
        out[n + 5] = _ZERO + s[S_BASE + 1]
        out[n + 6] = _SPACE
        n += 7
        ply, digits = s[S_PLY], 1
        while ply >= 10**digits:
            digits += 1
        for d in range(digits - 1, -1, -1):
            out[n + d] = _ZERO + ply % 10
            ply //= 10
        out[n + digits] = _NEWLINE
        n += digits + 1
    return n


def finished_games(run_dir: str | Path) -> tuple[dict[Key, GameRecord], dict[Key, GameRecord] | None]:
    """A run folder's finished games: the archive's, then the raw file's (a raw record wins for the same game).

    Args:
        run_dir: the run folder (``<run>/games.jsonl.gz`` and/or ``<run>/games.jsonl``; either may be missing).

    Returns:
        ``(games, archived)``: all finished games by ``(black, white, round)``, and the archive's alone
        (``None`` when there is no archive).

    Raises:
        ValueError: a damaged archive or raw record (see :func:`read_archive`, :func:`~.records.read_records`).
    """
    run = Path(run_dir)
    archived = {game_key(r): r for r in read_archive(run / ARCHIVE_NAME)} if (run / ARCHIVE_NAME).exists() else None
    games = dict(archived or {})
    if (run / RAW_NAME).exists():
        games |= {game_key(r): r for r in read_records(run / RAW_NAME)}
    return games, archived


def load_run(run_dir: str | Path) -> list[GameRecord]:
    """All finished games of a run folder, from its archive and raw file, sorted by (round, black, white).

    Args:
        run_dir: the run folder, e.g. ``config.run_dir(results, "thesis", "minimax")``.

    Returns:
        The records (full, with positions and features).

    Raises:
        FileNotFoundError: the folder holds neither ``games.jsonl.gz`` nor ``games.jsonl``.
        ValueError: a damaged archive or raw record.
    """
    run = Path(run_dir)
    if not (run / ARCHIVE_NAME).exists() and not (run / RAW_NAME).exists():
        raise FileNotFoundError(f"{run} holds no games ({ARCHIVE_NAME} or {RAW_NAME}); play its tournament first")
    return sorted(finished_games(run)[0].values(), key=schedule_order)
