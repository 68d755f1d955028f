"""pawnslib: a reproduction of Pedersen (2008), "Asymmetric Game Trees using Dynamic Bayesian Networks".

One subpackage per layer, each importing only the layers above it in this list (``config`` and ``files`` serve all):

* :mod:`pawnslib.game`: the rules of Pawns as data, the move kernels, :class:`Position`, SVG boards.
* :mod:`pawnslib.search`: leaf values and tie-breaking noise, strategies, alpha-beta, the transposition-table search.
* :mod:`pawnslib.dbn`: the opponent model: training rows, discretisation, EM, the model and its file, P(e), recognition.
* :mod:`pawnslib.guided`: search guided by the model: the pessimistic ratio, the asymmetric tree, OM and PrOM search.
* :mod:`pawnslib.play`: game records, players, tournaments and their archives, Harmony*.
* :mod:`pawnslib.experiments`: the thesis's figures, statistics, claims, Chapter 13, and the reproduction's steps.
* :mod:`pawnslib.report`: tables, styles, verdicts, replays and the rendered site.

The names below are the friendly entry points; everything else lives in its subpackage.
"""

import hashlib
import importlib
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

import numba


def source_digest(folder: str | Path) -> str:
    """A digest of every ``*.py`` file below ``folder``, paths and contents: it changes whenever any of them does."""
    folder = Path(folder)
    h = hashlib.sha256()
    for path in sorted(folder.rglob("*.py")):
        h.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def lazy_exports(package: str, exports: Mapping[str, Sequence[str]]) -> None:
    """Give the subpackage ``package`` re-exports that import their module on first use (PEP 562).

    Sets the package's ``__getattr__``, ``__dir__``, ``__all__`` and ``_HOME`` (each name's module), so that
    ``from pawnslib.report import Replay`` imports ``pawnslib.report.replay`` alone, and importing one module of the
    package imports none of its siblings through the package's ``__init__``.

    Args:
        package: the subpackage's ``__name__`` (it must be being imported: its ``__init__`` calls this).
        exports: module name -> the names it exports.
    """
    namespace = vars(sys.modules[package])
    home = {name: module for module, names in exports.items() for name in names}

    def __getattr__(name: str):
        if name not in home:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{home[name]}"), name)
        namespace[name] = value  # the next lookup is an ordinary attribute
        return value

    def __dir__() -> list[str]:
        return sorted({*namespace, *home})

    namespace.update(__getattr__=__getattr__, __dir__=__dir__, __all__=sorted(home), _HOME=home)


# Numba's cache (``cache=True``) revalidates a kernel only against its own file, not against the kernels and
# constant tables it inlined from other modules: after a change to game/rules.py, search's cached kernels would
# still play by the old tables. So the compiled kernels live in a folder named after the whole package's
# source, subpackages included, and any change to the package compiles afresh (NUMBA_CACHE_DIR, when set, is used
# as it is).
NUMBA_CACHE = Path(os.environ.get("NUMBA_CACHE_DIR") or Path(__file__).parent / "__pycache__" /
                   f"numba-{source_digest(Path(__file__).parent)}")
numba.config.CACHE_DIR = str(NUMBA_CACHE)

# After the cache folder is set, as the kernels are compiled on import.
from pawnslib.game import BLACK, FEATURE_NAMES, WHITE, IllegalMoveError, Move, Position, perft  # noqa: E402
from pawnslib.search import SearchResult, search  # noqa: E402

__all__ = ["BLACK", "WHITE", "FEATURE_NAMES", "IllegalMoveError", "Move", "Position", "perft", "SearchResult",
           "search"]
