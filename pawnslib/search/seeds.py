"""Seeds: one derived per game, per search or per restart from a master seed, and the check every seed passes.

A seed here seeds the search's tie-breaking leaf noise (:func:`pawnslib.search.noise.noise`) and every
layer above it: a game's seed and its plies' (:mod:`pawnslib.play.tournament`), Harmony*'s iterations, Chapter 13's
random control. Deriving each from integers with numpy's ``SeedSequence`` makes it depend on nothing else, so
no result depends on the order games finish in or on the number of workers.

Imports: numpy only.
"""

import numpy as np


def derive_seed(*parts: int) -> int:
    """A 32-bit seed derived from integers, independent of anything else.

    Args:
        *parts: non-negative integers, e.g. (master seed, black id, white id, round).

    Returns:
        The seed, in [0, 2**32).
    """
    return int(np.random.SeedSequence([int(p) for p in parts]).generate_state(1)[0])


def check_seed(seed, *, name: str = "seed") -> int:
    """Return ``seed`` as an int, or raise naming ``name`` unless it is a non-negative integer.

    Raises:
        ValueError: a negative seed, a bool or anything not an integer.
    """
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise ValueError(f"{name} must be a non-negative integer, got {seed!r}")
    return int(seed)
