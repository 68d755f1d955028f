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

# A kernel compiles at its first call (search's ``_minimax``, declared with its signature, while this package is
# imported) unless NUMBA_CACHE holds it: after an install or any change to the package every kernel compiles afresh,
# half a minute or so in all. The first time one of the package's kernels compiles in a process (a cache miss,
# numba's "numba:compile" event), one line on stderr says so; nothing when every kernel comes from the cache.
# (No path in it: an executed notebook keeps its stderr.)
COMPILING = ("pawnslib: compiling numba kernels on first use (about 30 s in all after an install or a change to "
             "pawnslib; cached afterwards, in pawnslib.NUMBA_CACHE)")


class _CompilingNotice(numba_event.Listener):
    """Prints :data:`COMPILING` to stderr when the first of the package's kernels compiles, once a process."""

    said = False

    def on_start(self, event: numba_event.Event) -> None:
        dispatcher = event.data.get("dispatcher") if isinstance(event.data, dict) else None
        module = getattr(getattr(dispatcher, "py_func", None), "__module__", None) or ""
        if not self.said and (module == __name__ or module.startswith(__name__ + ".")):
            self.said = True
            print(COMPILING, file=sys.stderr, flush=True)

    def on_end(self, event: numba_event.Event) -> None:
        pass


numba_event.register("numba:compile", _CompilingNotice())

# After the cache folder is set and the notice is listening, as a kernel is compiled on import.
from pawnslib.config import RunSettings  # noqa: E402
from pawnslib.game import BLACK, FEATURE_NAMES, WHITE, IllegalMoveError, Move, Position, perft  # noqa: E402
from pawnslib.search import SearchResult, alpha_beta_search  # noqa: E402  (binds pawnslib.search, the subpackage)

# Imported when first used: the players and tournaments load the opponent model's layer, the board the widgets'.
lazy_exports(__name__, {
    "play.tournament": ("play_game", "run_tournament"),
    "play.players": ("AlphaBeta", "AsymFactory", "DeepAlphaBeta", "DeepFactory", "Player"),
    "play.records": ("GameRecord",),
    "report.board": ("PlayBoard",),
})
__all__ = ["BLACK", "WHITE", "FEATURE_NAMES", "IllegalMoveError", "Move", "Position", "perft", "RunSettings",
           "SearchResult", "alpha_beta_search", "play_game", "run_tournament", "AlphaBeta", "AsymFactory",
           "DeepAlphaBeta", "DeepFactory", "Player", "GameRecord", "PlayBoard"]
