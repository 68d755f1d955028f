"""Every root move's exact value, and the exact ties a tie-breaker must settle (thesis Chapter 6).

A fixed-depth search returns one move and one value; which move it returns when several reach the best
value is the tie-breaking scheme's doing (:mod:`pawnslib.search.noise`). To see how often that happens,
:func:`root_values` searches every root move to the same horizon with a full window, so each value is exact
(not a bound), by the transposition-table search (:func:`~pawnslib.search.tt.tt_alphabeta`, which under the
``"thesis"`` scheme only hints moves): the values the plain search compares at its root. :func:`best_ties`
counts the moves that share the best value exactly. Under ``"position"`` two moves whose best lines end in
the same leaf position tie exactly; under ``"thesis"`` such leaves draw independent numbers, so only
finished games (a win in ``d`` plies scores ``WIN - d`` exactly, a draw 0) can tie.

Imports :mod:`pawnslib.game`, :mod:`pawnslib.config` and the search's own modules.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pawnslib import config
from pawnslib.game.position import Move, Position
from pawnslib.game.rules import MOVES_OF, S_RULES
from pawnslib.search.alphabeta import check_search_args
from pawnslib.search.expand import expand, new_work, open_child
from pawnslib.search.noise import kernel_noise
from pawnslib.search.strategies import check_weights
from pawnslib.search.tt import TT_BITS, new_frames, new_table, thread_table, tt_alphabeta
from pawnslib.search.values import INF, WIN


@njit(cache=True)
def _root_values_kernel(root, w, depth, scheme, seed, table, stamp):
    """(move codes, exact values) of every child of ``root``, each searched ``depth - 1`` plies with a full window."""
    work, frames = new_work(root, depth, MOVES_OF[root[S_RULES]]), new_frames(depth + 1)
    n = expand(0, w, work)
    values = np.empty(n)
    for k in range(n):
        open_child(0, k, work)
        values[k] = tt_alphabeta(1, depth - 1, -INF, INF, w, scheme, seed, work, frames, table, stamp)
    return work.moves[0, :n].copy(), values


def root_values(position: Position, weights, depth: int, *, seed: int | None = None,
                noise: str = config.NOISE) -> dict[Move, float]:
    """Every legal move's exact depth-``depth`` value (from Black's view), as the root of a plain search compares them.

    Args:
        position: a game in progress.
        weights: six integer weights (a strategy).
        depth: plies to search from ``position`` (each move's child is searched ``depth - 1`` more).
        seed: seeds the tie-breaking leaf noise; ``None``: none.
        noise: the tie-breaking scheme (:data:`pawnslib.search.noise.SCHEMES`).

    Returns:
        ``{move: value}`` in move-generation order.

    Raises:
        ValueError: a finished game, a bad depth, seed, noise scheme or weight vector.
    """
    w = check_weights(weights)
    check_search_args(position, depth, seed)
    scheme, kseed = kernel_noise(noise, seed)
    table, stamp = thread_table(new_table, TT_BITS)
    codes, values = _root_values_kernel(position.array, w, int(depth), scheme, kseed, table, stamp)
    return {Move.from_code(int(c)): float(v) for c, v in zip(codes, values, strict=True)}


def best_ties(values: dict[Move, float], black: bool) -> tuple[int, bool]:
    """(how many moves share the best value exactly, whether that value is a finished game's: a win score or 0).

    Args:
        values: :func:`root_values`' result.
        black: whether Black (the maximiser) is to move.
    """
    v = np.array(list(values.values()))
    best = v.max() if black else v.min()
    return int((v == best).sum()), bool(abs(best) > WIN / 2 or best == 0.0)
