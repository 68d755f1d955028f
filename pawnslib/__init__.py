"""pawnslib: a reproduction of Pedersen (2008), "Asymmetric Game Trees using Dynamic Bayesian Networks".

Modules, one per concept (the README's table has them all): ``game`` (rules, features, perft),
``draw`` (boards as SVG), ``search`` (alpha-beta), ``strategies`` (weight vectors), ``records``
(game records, seeds, the ``Player`` protocol), ``tournament``, ``harmony`` (Harmony*), ``em``
(discrete EM), ``rows`` (training rows), ``discretise`` (node states), ``dbn`` and ``modelfile``
(the opponent model and its file), ``pe`` (the P(e) kernels), ``recognition`` (P(S_w)),
``predict`` (the pessimistic ratio), ``asym`` (the asymmetric game tree), ``stats`` and ``thesis``
(intervals, tests, the thesis's figures), ``report`` (saved tables and figures), ``params`` (notebook
parameter checks), ``pipeline`` (the reproduction's steps, also ``python -m pawnslib``) and ``config``
(every default).
"""

import hashlib
import os
from pathlib import Path

import numba


def source_digest(folder: str | Path) -> str:
    """A digest of every ``*.py`` file in ``folder``, names and contents: it changes whenever any of them does."""
    h = hashlib.sha256()
    for path in sorted(Path(folder).glob("*.py")):
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


# Numba's cache (``cache=True``) revalidates a kernel only against its own file, not against the kernels and
# constant tables it inlined from other modules: after a change to game.py, search.py's cached kernels would
# still play by the old tables. So the compiled kernels live in a folder named after the whole package's
# source, and any change to the package compiles afresh (NUMBA_CACHE_DIR, when set, is used as it is).
NUMBA_CACHE = Path(os.environ.get("NUMBA_CACHE_DIR") or Path(__file__).parent / "__pycache__" /
                   f"numba-{source_digest(Path(__file__).parent)}")
numba.config.CACHE_DIR = str(NUMBA_CACHE)

from pawnslib.game import (  # noqa: E402  (after the cache folder is set, as the kernels are compiled on import)
    BLACK,
    FEATURE_NAMES,
    WHITE,
    IllegalMoveError,
    Move,
    Position,
    perft,
)

__all__ = ["BLACK", "WHITE", "FEATURE_NAMES", "IllegalMoveError", "Move", "Position", "perft"]
