"""Depth-6 alpha-beta over positions from recorded games (compile time excluded).

Anchor: the thesis's search took 0.197 s for 2670 nodes on average. Goal: median <= 2 ms
per search and >= 2 million nodes per second on one core. With PAWNSLIB_BENCH_QUICK set (the test suite): the
first few positions, a check, not a figure.
"""

import numpy as np
from positions import black_histories, game_records, quick

from pawnslib import config
from pawnslib.search.alphabeta import alpha_beta_search
from pawnslib.search.strategies import THESIS


def main() -> None:
    cases = quick(black_histories(game_records()))
    alpha_beta_search(cases[0][1][-1], THESIS[1], config.DEPTH, seed=1)  # compile / load the cache
    seconds, nodes = [], []
    for i, (sid, hist) in enumerate(cases):
        r = alpha_beta_search(hist[-1], THESIS[sid], config.DEPTH, seed=i)
        seconds.append(r.seconds)
        nodes.append(r.nodes)
    seconds, nodes = np.array(seconds), np.array(nodes)
    rate = nodes.sum() / seconds.sum() / 1e6
    print(f"alpha-beta depth 6 over {len(cases)} positions from recorded games: median {np.median(seconds) * 1e3:.2f}"
          f" ms per search, mean {nodes.mean():.0f} nodes, {rate:.2f} M nodes/s (thesis: 197 ms, 2670 nodes)")


if __name__ == "__main__":
    main()
