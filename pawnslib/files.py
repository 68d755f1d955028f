"""Writing files so that an interrupted or failed write never leaves half a file behind.

Imports: nothing of pawnslib (every layer that writes a file imports this module).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def replaced_atomically(path: str | Path) -> Iterator[Path]:
    """A temporary file beside ``path`` to write; it replaces ``path`` only when the block succeeds.

    Args:
        path: the file to (re)write; missing folders are created.

    Yields:
        The temporary file's path. Whatever goes wrong inside the block, ``path`` keeps its old
        content (or stays absent), and the temporary file is removed.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.partial")
    try:
        yield tmp
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
