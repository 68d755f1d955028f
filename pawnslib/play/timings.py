"""A run's wall-clock times, kept apart from its games: ``<run>/timings.json``.

Why
---
How long a search took depends on the machine and its load, so a record that carried it would differ on every
run though its game did not. The archive (:mod:`~.archive`) therefore leaves each search's ``seconds`` out, and
a tournament summarises them here, in a small file named as timing data: per colour, how many searches were timed
and their mean and median seconds. Every other file of a run is the same bytes on any machine; this one is not.

The summary covers the games played in this run (a resumed run's earlier games, read back from the archive, carry
no times), and says how many those are. A run that plays nothing leaves the file as it was.

Imports: :mod:`pawnslib.files` only.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path

import numpy as np

from pawnslib.files import replaced_atomically

TIMINGS_NAME = "timings.json"
COLOURS = ("black", "white")  # Black searches at even plies, White at odd


def summarise(records: Iterable[Mapping]) -> dict | None:
    """Per colour, the searches timed and their mean and median seconds, over the records that carry ``seconds``.

    Args:
        records: game records; those without ``seconds`` (read from an archive) are counted, not timed.

    Returns:
        ``{"games": n, "games timed": k, "black": {...}, "white": {...}}``, each colour ``{"searches",
        "mean seconds", "median seconds"}``; ``None`` if no record carries ``seconds``.
    """
    records = list(records)
    timed = [r["seconds"] for r in records if "seconds" in r]
    if not timed:
        return None
    out: dict = {"games": len(records), "games timed": len(timed)}
    for first, colour in enumerate(COLOURS):
        s = np.concatenate([np.asarray(t[first::2], float) for t in timed])
        out[colour] = {"searches": len(s), "mean seconds": float(f"{s.mean():.6g}") if len(s) else None,
                       "median seconds": float(f"{np.median(s):.6g}") if len(s) else None}
    return out


def write_timings(run_dir: str | Path, records: Iterable[Mapping]) -> None:
    """Write :func:`summarise`'s summary of ``records`` to ``<run_dir>/timings.json`` (replacing it), if any."""
    summary = summarise(records)
    if summary is not None:
        with replaced_atomically(Path(run_dir) / TIMINGS_NAME) as tmp:
            tmp.write_text(json.dumps(summary, indent=1) + "\n")


def read_timings(run_dir: str | Path) -> dict | None:
    """A run folder's timing summary (see :func:`summarise`), or ``None`` when it has none.

    Raises:
        ValueError: a damaged file, naming it.
    """
    path = Path(run_dir) / TIMINGS_NAME
    if not path.exists():
        return None
    try:
        summary = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ValueError(f"{path} is damaged ({e}); delete it (a replay writes it again)") from None
    if not isinstance(summary, dict) or any(not isinstance(summary.get(c), dict) for c in COLOURS):
        raise ValueError(f"{path} is damaged (no black and white summaries); delete it (a replay writes it again)")
    return summary


def seconds_a_game(run_dir: str | Path) -> float | None:
    """The search time one game of a run took, on average (its Black and White searches, from its ``timings.json``),
    or ``None`` when the folder has no timings."""
    summary = read_timings(run_dir)
    games = summary.get("games timed") if summary else None
    if not games:
        return None
    return sum(summary[c]["searches"] * summary[c]["mean seconds"] for c in COLOURS) / games


def plan(games: int, out_dir: Path, meta: dict, jobs: int, committed: Path | None) -> str:
    """What a run is about to do, said before it starts: how many games, into which folder, and how long they may
    take, scaled from the committed run of the same name (``committed``, the same tournament by its ``meta.json``)
    when there is one: its search time a game, over ``jobs`` workers (at least 1). A damaged committed file gives no
    estimate; it never stops the run."""
    what = f"Playing {games:,} game{'s' if games != 1 else ''} into {out_dir}"
    try:
        same = committed is not None and (committed / "meta.json").is_file() and \
            json.loads((committed / "meta.json").read_text(encoding="utf-8")) == meta
        each = seconds_a_game(committed) if same else None
    except (UnicodeDecodeError, ValueError):  # json's and read_timings' errors are ValueErrors
        each = None
    if each is None:
        return f"{what} (no committed run of the same games to estimate its time from)."
    minutes = games * each / jobs / 60
    return (f"{what}: about {max(minutes, 0.1):.1f} min of searching on {jobs} worker{'s' if jobs != 1 else ''}, "
            f"scaled from the committed run's search times ({committed}).")
