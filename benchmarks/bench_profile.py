"""Where plain alpha-beta's time goes per node: each step of the search done twice, one at a time.

A sampling profiler sees numba's kernels as one anonymous block, so this measures by subtraction: a copy of
`pawnslib.search.alphabeta._walk` whose step STEP runs a second time on the same node (to the same effect),
over bench_search's positions at depth 6. The extra time is that step's share: valuing an inner node's children
(expand), opening a child (open_child), valuing a leaf below an inner node with its noise (child_value, the
thesis's scheme), taking the next child best first (pick) and searching a node just above the leaves at once
(search_frontier: valuing its children, ordering those that can cut, valuing its leaves); the rest is the loop
itself. The copies take turns ROUNDS times, each
keeping its best.
Every copy inlines the whole search, so it takes half a minute or more to compile: they are cached with the
package's kernels (numba tells the copies apart by their step), and only the first run after a change compiles them.
With PAWNSLIB_BENCH_QUICK set (the test suite) only the search's own kernel is timed, once, on a few positions: no copy
is compiled (a copy costs the suite 40 s in a fresh clone), so the steps' shares are `make bench`'s alone.
"""

import time

import numpy as np
from numba import njit
from positions import QUICK, black_histories, game_records, quick

from pawnslib.game.bitboard import B_SIDE
from pawnslib.game.rules import BLACK, MOVES_OF, NO_RESULT, S_RULES
from pawnslib.search.alphabeta import _walk
from pawnslib.search.expand import child_value, expand, new_work, open_child, pick, search_frontier
from pawnslib.search.noise import PATH
from pawnslib.search.strategies import THESIS
from pawnslib.search.values import INF

STEPS = ("none", "expand", "open_child", "child_value", "pick", "search_frontier")
ROUNDS = 1 if QUICK else 7


def walk_doubling(step: int):  # noqa: C901, PLR0915  alphabeta._walk's loop, each step's second run beside it
    """The plain search kernel with step ``STEPS[step]`` done twice (``none``: the kernel as it is)."""

    @njit(_nrt=False, cache=True)
    def walk(w, depth, seed, work):  # noqa: C901, PLR0912  alphabeta._walk's loop, each step's second run beside it
        results, vals, order = work.results, work.vals, work.order
        count, nxt, alpha, beta, best, nodes = work.count, work.nxt, work.alpha, work.beta, work.best, work.counters
        black_root = work.nodes[0, B_SIDE] == BLACK
        nodes[0] = 1
        count[0] = expand(0, w, work)
        nxt[0], alpha[0], beta[0], best[0] = 0, -INF, INF, -INF if black_root else INF
        p = 0
        while True:
            black = black_root == (p % 2 == 0)
            if nxt[p] < count[p]:
                k = pick(vals, order, p, nxt[p], count[p], black, True)
                if step == 4:
                    k = pick(vals, order, p, nxt[p], count[p], black, True)
                nxt[p] += 1
                nodes[0] += 1
                if p + 1 < depth and results[p, k] == NO_RESULT:
                    open_child(p, k, work)
                    if step == 2:
                        open_child(p, k, work)
                    p += 1
                    nxt[p], alpha[p], beta[p], best[p] = 0, alpha[p - 1], beta[p - 1], INF if black else -INF
                    if p + 1 < depth:
                        count[p] = expand(p, w, work)
                        if step == 1:
                            count[p] = expand(p, w, work)
                        continue
                    v = search_frontier(p, w, PATH, seed, work)
                    if step == 5:
                        nodes[2] = nodes[0]
                        v = search_frontier(p, w, PATH, seed, work)
                        nodes[0] = nodes[2]  # counted once
                    p -= 1
                else:
                    v = child_value(p, k, PATH, seed, work)
                    if step == 3:
                        v = child_value(p, k, PATH, seed, work)
            elif p == 0:
                return nodes[0]
            else:
                v = best[p]
                p -= 1
                black = not black
            if black:
                best[p] = max(best[p], v)
                alpha[p] = max(alpha[p], best[p])
            else:
                best[p] = min(best[p], v)
                beta[p] = min(beta[p], best[p])
            if alpha[p] >= beta[p]:
                nxt[p] = count[p]

    return walk


def as_is(w, depth, seed, work):
    """The search kernel itself, of which walk_doubling(0) is a copy: the thesis's scheme, pruning, best first."""
    _walk(w, depth, PATH, seed, True, True, work)
    return work.counters[0]


def main() -> None:
    cases = [(np.array(THESIS[sid], np.int64), hist[-1].array) for sid, hist in black_histories(game_records())]
    cases = quick(cases)
    walks = [as_is] if QUICK else [walk_doubling(i) for i in range(len(STEPS))]
    works = [new_work(root, 6, MOVES_OF[root[S_RULES]]) for _, root in cases]
    best, nodes = [np.inf] * len(walks), 0
    for walk in walks:
        walk(cases[0][0], 6, 0, works[0])  # compile
    for _ in range(ROUNDS):
        for i, walk in enumerate(walks):
            t0, nodes = time.perf_counter(), 0
            for seed, ((w, _), work) in enumerate(zip(cases, works, strict=True)):
                nodes += walk(w, 6, seed, work)
            best[i] = min(best[i], time.perf_counter() - t0)
    total = best[0]
    parts = {STEPS[i]: best[i] - total for i in range(1, len(walks))}
    rest = total - sum(max(t, 0.0) for t in parts.values())
    # A step that costs next to nothing can come out a little below zero (the machine's noise): shown as about 0.
    shares = ", ".join(f"{name} {1e9 * t / nodes:.0f} ns ({100 * t / total:.0f} %)" if t > 0 else
                       f"{name} about 0 ns (doing it twice took no longer)" for name, t in parts.items())
    if QUICK:  # no copy compiled: the steps' shares are make bench's
        print(f"plain alpha-beta depth 6 over {len(cases)} positions: {1e9 * total / nodes:.0f} ns a node (quick run: "
              "the steps' shares are make bench's)")
        return
    print(f"plain alpha-beta depth 6 over {len(cases)} positions: {1e9 * total / nodes:.0f} ns a node, of which "
          f"{shares}; the loop the rest ({1e9 * rest / nodes:.0f} ns)")


if __name__ == "__main__":
    main()
