"""Importing the package, or asking the command line for help, compiles nothing; the first call that compiles one of
the package's numba kernels says so, once (an ordinary output in a notebook's kernel); a warm cache says nothing. Each
run is a fresh interpreter over a temporary numba cache (NUMBA_CACHE_DIR), cold to begin with."""

import os
import subprocess
import sys
from pathlib import Path

import pawnslib

ROOT = Path(__file__).resolve().parents[1]


def run(code: str, cache: Path, *args: str) -> subprocess.CompletedProcess:
    env = os.environ | {"NUMBA_CACHE_DIR": str(cache)}
    out = subprocess.run([sys.executable, *args, *(["-c", code] if code else [])], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    return out


def stderr_lines(code: str, cache: Path) -> list[str]:
    return [line for line in run(code, cache).stderr.splitlines() if line.startswith(("pawnslib:", "--"))]


def test_importing_the_package_or_asking_the_command_line_for_help_compiles_nothing(tmp_path):
    assert pawnslib.COMPILING.startswith("pawnslib: compiling numba kernels, once after an install")
    code = ("import sys, pawnslib; print('--', [m for m in sys.modules if m.startswith(('pawnslib.game', "
            "'pawnslib.search'))], file=sys.stderr)")
    assert stderr_lines(code, tmp_path) == ["-- []"]  # no kernel's module imported
    helped = run("", tmp_path, "-m", "pawnslib", "--help")
    assert "compare" in helped.stdout and pawnslib.COMPILING not in helped.stdout + helped.stderr
    refused = subprocess.run([sys.executable, "-m", "pawnslib", "tournament", "--depth", "x"], cwd=ROOT,
                             env=os.environ | {"NUMBA_CACHE_DIR": str(tmp_path)}, capture_output=True, text=True)
    assert refused.returncode == 2 and "argument --depth" in refused.stderr and "compiling" not in refused.stderr
    assert not any(tmp_path.rglob("*.nbi"))  # nothing compiled into the cache


def test_in_a_notebooks_kernel_the_notice_is_an_ordinary_output(tmp_path):
    out = run("import ipykernel, pawnslib; pawnslib.Position.start().legal_moves()", tmp_path)
    assert pawnslib.COMPILING in out.stdout.splitlines() and "compiling" not in out.stderr


def test_the_first_kernel_compiled_after_import_is_announced_and_no_other_librarys(tmp_path):
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
