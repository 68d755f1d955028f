"""Perft from the start position at depth 7 (compile time excluded), on one core.

Goal of the issue: >= 10 million leaves per second. One depth-7 perft takes milliseconds, so
it is repeated and the best and median times are reported.
"""

import time

import numpy as np

from pawnslib.game.position import Position, perft

DEPTH = 7
REPEATS = 30


def main() -> None:
    start = Position.start()
    perft(start, 3)  # compile, or load the numba cache
    seconds = []
    for _ in range(REPEATS):
        t0 = time.perf_counter()
        leaves = perft(start, DEPTH)
        seconds.append(time.perf_counter() - t0)
    best, median = min(seconds), float(np.median(seconds))
    print(f"perft depth {DEPTH}: {leaves} leaves in {best:.4f} s = {leaves / best / 1e6:.1f} M leaves/s"
          f" (one core; best of {REPEATS}, median {leaves / median / 1e6:.1f} M leaves/s; goal >= 10)")


if __name__ == "__main__":
    main()
