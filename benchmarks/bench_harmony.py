"""Harmony*'s players: the deep search (transposition table, iterative deepening) against the plain one at depth 6.

Harmony* plays its games with :class:`~pawnslib.play.players.DeepAlphaBeta` at depth 6: the same minimax values as the
plain search, found with fewer nodes. Under each reading, the same Black-to-move positions from one round of the
thesis's depth-6 tournament, each searched by both back to back, seeded alike, so machine load hits both alike.
With PAWNSLIB_BENCH_QUICK set (the test suite): the first few positions, a check, not a figure.
"""

import numpy as np
from positions import black_histories, game_records, quick

from pawnslib import config
from pawnslib.config import READINGS
from pawnslib.search.alphabeta import alpha_beta_search
from pawnslib.search.strategies import THESIS
from pawnslib.search.tt import deep_search


def main() -> None:
    for rules in READINGS:
        cases = quick(black_histories(game_records(1, rules=rules)))
        for run in (alpha_beta_search, deep_search):  # compile / load the cache
            run(cases[0][1][-1], THESIS[1], config.DEPTH, seed=1)
        plain = [alpha_beta_search(h[-1], THESIS[sid], config.DEPTH, seed=i) for i, (sid, h) in enumerate(cases)]
        deep = [deep_search(h[-1], THESIS[sid], config.DEPTH, seed=i) for i, (sid, h) in enumerate(cases)]
        pn, dn = (np.mean([r.nodes for r in rs]) for rs in (plain, deep))
        pt, dt = (sum(r.seconds for r in rs) for rs in (plain, deep))
        print(f"rules {rules}, depth {config.DEPTH}, {len(cases)} positions: plain {pn:.0f} nodes, "
              f"{pt / len(cases) * 1e3:.2f} ms a search; deep {dn:.0f} nodes, {dt / len(cases) * 1e3:.2f} ms; "
              f"deep is {pn / dn:.2f}x fewer nodes, {pt / dt:.2f}x faster")


if __name__ == "__main__":
    main()
