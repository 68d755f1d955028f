"""Alpha-beta with a transposition table and iterative deepening against the plain search, per noise scheme.

The same Black-to-move positions from recorded games as bench_search, each searched by both back to back, seeded
alike, three times each (each keeps its best time), so machine load hits both alike; at depth 6 (White's player,
Harmony*'s) and depth 8 (Chapter 13's plain8). Under the "position" scheme the table answers transposed positions
(goal at depth 8: 2-4x fewer nodes and less time than the plain search); under the thesis's scheme a leaf's noise
depends on its path, so the table only hints moves, and :class:`~pawnslib.play.players.DeepAlphaBeta` plays the
plain search where that costs more than it saves (below ``HINTS_PAY_FROM`` plies). The last line is what the
thesis's scheme costs White's player against the position scheme's.
"""

import numpy as np
from positions import QUICK, black_histories, game_records, quick

from pawnslib.play.players import HINTS_PAY_FROM
from pawnslib.search.alphabeta import alpha_beta_search
from pawnslib.search.strategies import THESIS
from pawnslib.search.tt import deep_search

REPEATS = 1 if QUICK else 3  # QUICK (the test suite): a few positions once, a check, not a figure


def best_of(run, *args, **kwargs):
    """The run with the shortest time of REPEATS (they agree on everything else)."""
    return min((run(*args, **kwargs) for _ in range(REPEATS)), key=lambda r: r.seconds)


def compare(cases, depth: int, noise: str) -> tuple[float, float]:
    """Print one line; return the total seconds of the plain and the table search."""
    plain, deep = [], []
    for i, (sid, hist) in enumerate(cases):
        plain.append(best_of(alpha_beta_search, hist[-1], THESIS[sid], depth, seed=i, noise=noise))
        deep.append(best_of(deep_search, hist[-1], THESIS[sid], depth, seed=i, noise=noise))
        assert (plain[-1].move, plain[-1].value) == (deep[-1].move, deep[-1].value)
    pn, dn = (np.array([r.nodes for r in rs]) for rs in (plain, deep))
    pt, dt = (np.array([r.seconds for r in rs]) for rs in (plain, deep))
    print(f"noise {noise}, depth {depth} over {len(cases)} positions from recorded games: plain mean {pn.mean():.0f} "
          f"nodes, total {pt.sum():.2f} s; deep mean {dn.mean():.0f} nodes, total {dt.sum():.2f} s; deep is "
          f"{pn.mean() / dn.mean():.2f}x fewer nodes, {pt.sum() / dt.sum():.2f}x faster in total (median of "
          f"per-position ratios {np.median(pt / dt):.2f}x; goal under position at depth 8: 2-4x)")
    return pt.sum(), dt.sum()


def main() -> None:
    cases = quick(black_histories(game_records()))
    for run in (alpha_beta_search, deep_search):  # compile / load the cache
        run(cases[0][1][-1], THESIS[1], 4, seed=1)
    totals = {(noise, depth): compare(cases, depth, noise) for noise in ("position", "thesis") for depth in (6, 8)}
    # White's player (DeepAlphaBeta) at depth 6: the table search under position; under thesis the plain one.
    position, thesis = totals["position", 6][1], totals["thesis", 6][1 if HINTS_PAY_FROM <= 6 else 0]
    print(f"White's player at depth 6: {thesis / position:.2f}x the time under the thesis's scheme")


if __name__ == "__main__":
    main()
