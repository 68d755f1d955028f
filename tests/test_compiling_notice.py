"""The first import, or the first call, that compiles one of the package's numba kernels says so, once; a warm cache
says nothing. Each run is a fresh interpreter over a temporary numba cache (NUMBA_CACHE_DIR), cold to begin with."""

import os
import subprocess
import sys
from pathlib import Path

import pawnslib

ROOT = Path(__file__).resolve().parents[1]


def stderr_lines(code: str, cache: Path) -> list[str]:
    env = os.environ | {"NUMBA_CACHE_DIR": str(cache)}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    return [line for line in out.stderr.splitlines() if line.startswith(("pawnslib:", "--"))]


def test_a_cold_cache_is_announced_at_import_once_and_a_warm_one_is_not(tmp_path):
    assert pawnslib.COMPILING.startswith("pawnslib: compiling numba kernels on first use")
    imported = "import sys, pawnslib; print('-- imported', file=sys.stderr)"
    assert stderr_lines(imported, tmp_path) == [pawnslib.COMPILING, "-- imported"]
    assert any(tmp_path.rglob("*.nbi"))  # import compiled a kernel into the cache
    assert stderr_lines(imported, tmp_path) == ["-- imported"]


def test_the_first_kernel_compiled_after_import_is_announced_and_no_other_librarys(tmp_path):
    stderr_lines("import pawnslib", tmp_path)  # the kernels compiled at import are cached; move generation is not
    code = ("import sys, pawnslib\n"
            "from numba import njit\n"
            "print('-- imported', file=sys.stderr)\n"
            "njit(lambda x: x + 1)(1)\n"
            "print('-- foreign kernel compiled', file=sys.stderr)\n"
            "pawnslib.Position.start().legal_moves()\n"
            "print('-- moves', file=sys.stderr)\n"
            "pawnslib.Position.start().play('base-2,6').legal_moves()\n"
            "print('-- moves again', file=sys.stderr)\n")
    assert stderr_lines(code, tmp_path) == ["-- imported", "-- foreign kernel compiled", pawnslib.COMPILING, "-- moves",
                                            "-- moves again"]
    assert stderr_lines(code, tmp_path) == ["-- imported", "-- foreign kernel compiled", "-- moves", "-- moves again"]
