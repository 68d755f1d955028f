"""OM and PrOM search against the plain alpha-beta search, depth 6, side by side.

The same Black-to-move positions from recorded games as bench_search, each searched back to back
by the plain search with Black's strategy, by OM search against White's true strategy in that game,
and by PrOM search against the four thesis strategies at 1/4 each, seeded alike, three times each
(each keeps its best time), so machine load hits all three alike. OM search cannot prune on Black's
own values (a White node's own value is its model's pick, not a minimum), so it visits more nodes
than alpha-beta. Goals: OM at most 3 times, PrOM with four types at most 10 times the plain time.
With PAWNSLIB_BENCH_QUICK set (the test suite): the first few positions once, a check, not a figure.
"""

import numpy as np
from positions import QUICK, black_histories, game_records, quick

from pawnslib.guided.om import om_search, prom_search
from pawnslib.search.alphabeta import alpha_beta_search
from pawnslib.search.strategies import THESIS

DEPTH = 6
REPEATS = 1 if QUICK else 3
UNIFORM = [(1 / len(THESIS), w) for w in THESIS.values()]


def best_of(run, *args, **kwargs):
    """The run with the shortest time of REPEATS (they agree on everything else)."""
    return min((run(*args, **kwargs) for _ in range(REPEATS)), key=lambda r: r.seconds)


def main() -> None:
    cases = quick([(sid, r["white"], hist[-1]) for r in game_records() for sid, hist in black_histories([r])])
    sid, wid, p = cases[0]
    alpha_beta_search(p, THESIS[sid], DEPTH, seed=1)  # compile / load the caches
    om_search(p, THESIS[sid], THESIS[wid], DEPTH, seed=1)
    prom_search(p, THESIS[sid], UNIFORM, DEPTH, seed=1)
    plain, om, prom = [], [], []
    for i, (sid, wid, p) in enumerate(cases):
        plain.append(best_of(alpha_beta_search, p, THESIS[sid], DEPTH, seed=i))
        om.append(best_of(om_search, p, THESIS[sid], THESIS[wid], DEPTH, seed=i))
        prom.append(best_of(prom_search, p, THESIS[sid], UNIFORM, DEPTH, seed=i))
    n = {k: np.mean([r.nodes for r in rs]) for k, rs in (("plain", plain), ("om", om), ("prom", prom))}
    t = {k: sum(r.seconds for r in rs) for k, rs in (("plain", plain), ("om", om), ("prom", prom))}
    print(f"depth {DEPTH} over {len(cases)} positions from recorded games: plain mean {n['plain']:.0f} nodes, total"
          f" {t['plain']:.2f} s; OM (White's true strategy) mean {n['om']:.0f} nodes, total {t['om']:.2f} s; PrOM4"
          f" (thesis strategies at 1/4) mean {n['prom']:.0f} nodes, total {t['prom']:.2f} s; OM / plain"
          f" {t['om'] / t['plain']:.2f}x time, {n['om'] / n['plain']:.2f}x nodes (goal <= 3x); PrOM4 / plain"
          f" {t['prom'] / t['plain']:.2f}x time, {n['prom'] / n['plain']:.2f}x nodes (goal <= 10x)")


if __name__ == "__main__":
    main()
