"""Compile the kernels every step plays by, once, before the steps run side by side (``make reproduce``'s first step).

A numba kernel compiles at its first call in a process unless numba's cache (``pawnslib.NUMBA_CACHE``) holds it.
After an install or any change to the package the cache is empty, and ``make reproduce`` starts its steps side by
side, each on joblib's workers: every one of those processes would compile the same kernels at the same time, a
minute or more each on a shared core. :func:`compile_kernels` compiles them in one process first, by playing each
kind of game the steps play, small, in a temporary folder: a one-round tournament of the thesis's strategies at
depth 3 under every noise scheme (White's transposition-table search among them), the asymmetric tree's, and one
of every Chapter 13 method, with the opponent models they train. Nothing is kept but the cache; with the cache
full it takes seconds.

Imports: ``config``, :mod:`~.pipeline` and :mod:`~.chapter13`.
"""

from __future__ import annotations

import tempfile
import time

from pawnslib import config
from pawnslib.config import RunSettings
from pawnslib.experiments import chapter13, pipeline
from pawnslib.guided.firstreply import MIN_DEPTH

# Small games of every kind: depth 3 is the least the foreseeing methods search.
WARMUP = RunSettings(rounds=1, depth=MIN_DEPTH, train_rounds=1, seed=0, jobs=1)
# The games in two parts of about equal compiling, to run side by side: the tournament under the default noise
# scheme, the opponent models and the searches that use one; the other schemes' tournaments (White's transposition
# table) and the Chapter 13 methods that use no model.
PARTS = (1, 2)


def compile_kernels(*, part: int | None = None, settings: RunSettings = WARMUP) -> float:
    """Play one small game of every kind the steps play, in a temporary folder; return the seconds it took.

    Args:
        part: one of :data:`PARTS` (as listed there), or None for both.
        settings: the small games' settings (rounds, depth, training rounds, seed, workers); the default
            :data:`WARMUP` plays one round at depth 3 in this process.

    Returns:
        The wall-clock seconds (most of them compiling, after an install or a change to the package).

    Raises:
        ValueError: a part not in :data:`PARTS`.
    """
    if part is not None and part not in PARTS:
        raise ValueError(f"part must be one of {', '.join(map(str, PARTS))} or None, got {part!r}")

    def plays(in_first: bool) -> bool:  # whether this call plays a game of the first part (or else of the second)
        return part is None or part == (1 if in_first else 2)

    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for noise in config.NOISES:  # each other scheme's games in a folder of their own
            default = noise == settings.noise
            if plays(default):
                pipeline.set_tournament(tmp if default else f"{tmp}/{noise}", "thesis",
                                         settings=settings.replace(noise=noise), progress=False)
        if plays(True):
            pipeline.train_model(tmp, "thesis", settings=settings)
            pipeline.set_tournament(tmp, "thesis", method="asym", settings=settings, progress=False)
        for name, method in chapter13.METHODS.items():
            if plays(method.slices > 0):
                chapter13.method_games(tmp, "thesis", name, settings=settings, progress=False)
    return time.perf_counter() - t0
