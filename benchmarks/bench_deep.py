"""Depth-8 alpha-beta with a transposition table and iterative deepening against the plain search.

The same Black-to-move positions from recorded games as bench_search, each searched by both
back to back, seeded alike, three times each (each keeps its best time), so machine load hits
both alike. Goal: 2-4x fewer nodes and less time than the plain search (depth 8: ~22 ms, ~39,000
nodes per search), which the depth-8 Black player's tournament spends its time in.
"""

import numpy as np
from positions import black_histories, game_records

from pawnslib.search.alphabeta import search
from pawnslib.search.strategies import THESIS
from pawnslib.search.tt import deep_search

DEPTH = 8
REPEATS = 3


def best_of(run, *args, **kwargs):
    """The run with the shortest time of REPEATS (they agree on everything else)."""
    return min((run(*args, **kwargs) for _ in range(REPEATS)), key=lambda r: r.seconds)


def main() -> None:
    cases = black_histories(game_records())
    for run in (search, deep_search):  # compile / load the cache
        run(cases[0][1][-1], THESIS[1], DEPTH, seed=1)
    plain, deep = [], []
    for i, (sid, hist) in enumerate(cases):
        plain.append(best_of(search, hist[-1], THESIS[sid], DEPTH, seed=i))
        deep.append(best_of(deep_search, hist[-1], THESIS[sid], DEPTH, seed=i))
    pn, dn = (np.array([r.nodes for r in rs]) for rs in (plain, deep))
    pt, dt = (np.array([r.seconds for r in rs]) for rs in (plain, deep))
    print(f"depth {DEPTH} over {len(cases)} positions from recorded games: plain mean {pn.mean():.0f} nodes, median"
          f" {np.median(pt) * 1e3:.2f} ms, total {pt.sum():.2f} s; deep mean {dn.mean():.0f} nodes, median"
          f" {np.median(dt) * 1e3:.2f} ms, total {dt.sum():.2f} s; deep is {pn.mean() / dn.mean():.2f}x fewer nodes,"
          f" {pt.sum() / dt.sum():.2f}x faster in total (median of per-position ratios {np.median(pt / dt):.2f}x;"
          f" goal 2-4x)")


if __name__ == "__main__":
    main()
