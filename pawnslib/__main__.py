"""Command line for the expensive, resumable steps of the reproduction (the Makefile runs these).

    python -m pawnslib harmony    --results results --seed 2008
    python -m pawnslib tournament --results results --seed 2008 --set thesis [--search asym]
    python -m pawnslib train      --results results --seed 2008 --set thesis
"""

from __future__ import annotations

import argparse

from pawnslib import config, pipeline


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m pawnslib", description=__doc__.splitlines()[0])
    ap.add_argument("step", choices=["harmony", "tournament", "train"])
    ap.add_argument("--results", default="results")
    ap.add_argument("--seed", type=int, default=2008)
    ap.add_argument("--set", default="thesis", choices=["thesis", "harmony"])
    ap.add_argument("--search", default="minimax", choices=["minimax", "asym"])
    ap.add_argument("--rounds", type=int, default=None, help="default: ROUNDS (TRAIN_ROUNDS for train) of config.py")
    ap.add_argument("--depth", type=int, default=config.DEPTH)
    ap.add_argument("--jobs", type=int, default=-1)
    a = ap.parse_args(argv)
    if a.step == "harmony":
        pipeline.harmony(a.results, a.seed, n_jobs=a.jobs)
    elif a.step == "tournament":
        pipeline.tournament(a.results, a.set, a.search, a.rounds or config.ROUNDS, a.depth, a.seed, a.jobs)
    else:
        pipeline.train(a.results, a.set, a.rounds or config.TRAIN_ROUNDS, a.depth, a.seed)


if __name__ == "__main__":
    main()
