"""Are two results folders the same bytes? The check behind ``make check-reproducible`` and the miniature run's test.

The same master seed must give byte-identical results on any machine and any number of workers, except the timing
data (:func:`~pawnslib.report.timings_page.is_timing`: ``logs/`` and every file whose name says ``timing``). So
:func:`differences` compares two folders file by file and lists every difference outside those; the working files
a run keeps beside its results but never commits (the raw ``games.jsonl`` with its times, the ``done`` markers,
the step logs: see ``.gitignore``) are not results and are left out too. :func:`differences_from_git` compares a
folder with the version a git revision holds, which is what a regeneration would change in the repository.

Layer ``report``: imports :mod:`~pawnslib.report.timings_page` (what is timing data).
"""

from __future__ import annotations

import filecmp
import io
import subprocess
import tarfile
import tempfile
from pathlib import Path

from pawnslib.report.timings_page import is_timing

# A run's working files, never committed (.gitignore): the raw records (with their times), the steps' done markers
# and the logs of the notebooks' runs.
WORKING_NAMES = ("games.jsonl", "done")
WORKING_SUFFIXES = (".log",)


def result_files(folder: str | Path, *, timing: bool = False) -> set[str]:
    """The files of the results folder ``folder`` that are results: relative POSIX paths, working files left out,
    and the timing data too unless ``timing``."""
    root = Path(folder)
    files = (path.relative_to(root) for path in root.rglob("*") if path.is_file())
    return {rel.as_posix() for rel in files if rel.name not in WORKING_NAMES and rel.suffix not in WORKING_SUFFIXES
            and (timing or not is_timing(rel))}


def differences(a: str | Path, b: str | Path, *, timing: bool = False) -> list[str]:
    """Every difference between the results folders ``a`` and ``b`` outside the timing data (unless ``timing``), one
    line each.

    Returns:
        Sorted lines ``only in A: <path>``, ``only in B: <path>`` and ``differs: <path>``; empty when the two hold the
        same bytes.

    Raises:
        FileNotFoundError: a folder that does not exist, named.
    """
    for folder in (a, b):
        if not Path(folder).is_dir():
            raise FileNotFoundError(f"{folder}: no such results folder")
    files_a, files_b = result_files(a, timing=timing), result_files(b, timing=timing)
    lines = [f"only in A: {p}" for p in files_a - files_b] + [f"only in B: {p}" for p in files_b - files_a]
    lines += [f"differs: {p}" for p in files_a & files_b
              if not filecmp.cmp(Path(a, p), Path(b, p), shallow=False)]
    return sorted(lines, key=lambda line: line.split(": ", 1)[1])


def differences_from_git(results: str | Path, *, rev: str = "HEAD", timing: bool = False) -> list[str]:
    """:func:`differences` between the results folder ``results`` (A), inside a git work tree, and the version git
    revision ``rev`` (e.g. ``HEAD``, what is committed) holds (B); ``timing`` compares the timing data too.

    Raises:
        ValueError: ``results`` is not in a git work tree, or ``rev`` does not hold it (git's message included).
    """
    results = Path(results).resolve()
    top = _git(results, "rev-parse", "--show-toplevel").decode().strip()
    rel = results.relative_to(top).as_posix()
    archive = _git(Path(top), "archive", "--format=tar", rev, rel)
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(tmp, filter="data")
        return differences(results, Path(tmp, rel), timing=timing)


def _git(where: Path, *args: str) -> bytes:
    try:
        return subprocess.run(["git", *args], cwd=where, check=True, capture_output=True).stdout
    except (subprocess.CalledProcessError, FileNotFoundError) as e:
        said = e.stderr.decode().strip() if isinstance(e, subprocess.CalledProcessError) else str(e)
        raise ValueError(f"git {' '.join(args[:2])} in {where} failed: {said}") from None
