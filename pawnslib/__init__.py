"""pawnslib: a reproduction of Pedersen (2008), "Asymmetric Game Trees using Dynamic Bayesian Networks".

One subpackage per layer, each importing only the layers above it in this list (``config`` and ``files`` serve all):

* :mod:`pawnslib.game`: the rules of Pawns as data, the move kernels, :class:`Position`, SVG boards.
* :mod:`pawnslib.search`: leaf values and tie-breaking noise, strategies, alpha-beta, the transposition-table search.
* :mod:`pawnslib.dbn`: the opponent model: training rows, discretisation, EM, the model and its file, P(e), posteriors
  over White's strategy.
* :mod:`pawnslib.guided`: search guided by the model: the pessimistic ratio, the asymmetric tree, OM and PrOM search.
* :mod:`pawnslib.play`: game records, players, tournaments and their archives, Harmony*.
* :mod:`pawnslib.experiments`: the thesis's figures, statistics, claims, Chapter 13, and the reproduction's steps.
* :mod:`pawnslib.report`: tables, styles, verdicts, replays and the rendered site.

The names below are the friendly entry points; everything else lives in its subpackage. A tournament in three lines::

    from pawnslib import RunSettings, run_tournament
    from pawnslib.search.strategies import THESIS
    records = run_tournament(THESIS, "runs/mine", RunSettings(rounds=2, depth=4))
"""

import hashlib
import importlib
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

import numba
from numba.core import event as numba_event


def source_digest(folder: str | Path) -> str:
    """A digest of every ``*.py`` file below ``folder``, paths and contents: it changes whenever any of them does."""
    folder = Path(folder)
    h = hashlib.sha256()
    for path in sorted(folder.rglob("*.py")):
        h.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def lazy_exports(package: str, exports: Mapping[str, Sequence[str]], subpackages: Sequence[str] = ()) -> None:
    """Give the subpackage ``package`` re-exports that import their module on first use (PEP 562).

    Sets the package's ``__getattr__``, ``__dir__``, ``__all__`` and ``_HOME`` (each name's module), so that
    ``from pawnslib.report import Replay`` imports ``pawnslib.report.replay`` alone, and importing one module of the
    package imports none of its siblings through the package's ``__init__``.

    Args:
        package: the subpackage's ``__name__`` (it must be being imported: its ``__init__`` calls this).
        exports: module name -> the names it exports.
        subpackages: subpackages that an attribute imports as well (``pawnslib.search``).
    """
    namespace = vars(sys.modules[package])
    home = {name: module for module, names in exports.items() for name in names}

    def __getattr__(name: str):
        if name in subpackages:
            return importlib.import_module(f"{package}.{name}")  # which binds it as an ordinary attribute
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

# A kernel compiles at its first call (search's ``_minimax``, declared with its signature, when pawnslib.search is
# imported) unless NUMBA_CACHE holds it: after an install or any change to the package every kernel compiles afresh.
# All of them take 6 CPU-minutes (6 min 53 s on a busy 2-core host, measured cold with `python -m pawnslib compile`);
# a notebook compiles what it uses, and `make` compiles them all when it sets up .venv. The first time one of the
# package's kernels compiles in a process (a cache miss, numba's "numba:compile" event), one line says so; nothing
# when every kernel comes from the cache. In a notebook it is an ordinary output line, in a terminal it goes to
# stderr. (No path in it.)
COMPILING = ("pawnslib: compiling numba kernels, once after an install or a change to pawnslib (up to 7 minutes in "
             "all, by what is used first; `make` compiles them all at set-up); cached afterwards")


class _CompilingNotice(numba_event.Listener):
    """Prints :data:`COMPILING` when the first of the package's kernels compiles, once a process: to stdout in a
    notebook's kernel (an ordinary output, not an error's red box), else to stderr."""

    said = False

    def on_start(self, event: numba_event.Event) -> None:
        dispatcher = event.data.get("dispatcher") if isinstance(event.data, dict) else None
        module = getattr(getattr(dispatcher, "py_func", None), "__module__", None) or ""
        if not self.said and (module == __name__ or module.startswith(__name__ + ".")):
            self.said = True
            print(COMPILING, file=sys.stdout if "ipykernel" in sys.modules else sys.stderr, flush=True)

    def on_end(self, event: numba_event.Event) -> None:
        pass


numba_event.register("numba:compile", _CompilingNotice())

from pawnslib.config import RunSettings  # noqa: E402

# Imported when first used, so that importing pawnslib (and `python -m pawnslib --help`) loads no kernel: the game and
# the search compile or load theirs, the players and tournaments load the opponent model's layer, the board the
# widgets'. `pawnslib.search` is the subpackage, imported by the attribute as well.
lazy_exports(__name__, {
    "game": ("BLACK", "FEATURE_NAMES", "WHITE", "IllegalMoveError", "Move", "Position", "perft"),
    "search": ("SearchResult", "alpha_beta_search"),
    "play.tournament": ("play_game", "run_tournament"),
    "play.players": ("AlphaBeta", "AsymFactory", "DeepAlphaBeta", "DeepFactory", "Player"),
    "play.records": ("GameRecord",),
    "report.board": ("PlayBoard",),
}, subpackages=("game", "search", "dbn", "guided", "play", "experiments", "report"))
__all__ = ["BLACK", "WHITE", "FEATURE_NAMES", "IllegalMoveError", "Move", "Position", "perft", "RunSettings",
           "SearchResult", "alpha_beta_search", "play_game", "run_tournament", "AlphaBeta", "AsymFactory",
           "DeepAlphaBeta", "DeepFactory", "Player", "GameRecord", "PlayBoard"]
