"""The package as an earlier commit had it, for the benchmarks that measure against that commit (bench_kernels,
bench_rules).

A commit's ``pawnslib`` is written once, by `git archive`, into ``benchmarks/__pycache__/commit-<id>`` (ignored by
git), and kept: the commit never changes, so the numba kernels it compiles on its first run (a minute or more) stay
cached beside it and every later run loads them in seconds. Without git history (e.g. a source archive) there is
no such code, and the benchmarks skip that column.
"""

import io
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
KEPT = HERE / "__pycache__"


def code_of(commit: str) -> Path | None:
    """A folder whose ``pawnslib`` is ``commit``'s (made on the first call); None if this clone lacks the commit."""
    folder = KEPT / f"commit-{commit}"
    if folder.is_dir():
        return folder
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "pawnslib"], capture_output=True)
    if archive.returncode != 0:
        return None
    KEPT.mkdir(exist_ok=True)
    part = Path(tempfile.mkdtemp(prefix=f".commit-{commit}-", dir=KEPT))  # renamed when whole: no half-written folder
    try:
        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
            tar.extractall(part, filter="data")
        part.rename(folder)
    except OSError:
        if not folder.is_dir():  # unless another run wrote it first
            raise
    finally:
        shutil.rmtree(part, ignore_errors=True)
    return folder
