"""Command line for the expensive, resumable steps of the reproduction (used by the Makefile).

    python -m pawnslib harmony    --results results --seed 2008
    python -m pawnslib tournament --results results --seed 2008 --set thesis
"""

from __future__ import annotations

import argparse
from pathlib import Path

from pawnslib import config
from pawnslib.harmony import HarmonyParams, harmony_star
from pawnslib.strategies import THESIS, load_strategies, save_strategies
from pawnslib.tournament import run_tournament


def strategy_set(results: str | Path, name: str) -> dict:
    """The thesis's Table 10.1 set, or the set our Harmony* found (``results/data/strategies_harmony.json``)."""
    if name == "thesis":
        return THESIS
    if name == "harmony":
        return load_strategies(Path(results) / "data" / "strategies_harmony.json")
    raise ValueError(f"strategy set must be 'thesis' or 'harmony', got {name!r}")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m pawnslib", description=__doc__.splitlines()[0])
    ap.add_argument("step", choices=["harmony", "tournament"])
    ap.add_argument("--results", default="results")
    ap.add_argument("--seed", type=int, default=2008)
    ap.add_argument("--set", default="thesis", choices=["thesis", "harmony"])
    ap.add_argument("--rounds", type=int, default=config.ROUNDS)
    ap.add_argument("--depth", type=int, default=config.DEPTH)
    ap.add_argument("--jobs", type=int, default=-1)
    a = ap.parse_args(argv)
    if a.step == "harmony":
        strategies, _ = harmony_star(HarmonyParams(**config.HARMONY), seed=a.seed,
                                     out_dir=Path(a.results) / "data" / "harmony", n_jobs=a.jobs)
        save_strategies(strategies, Path(a.results) / "data" / "strategies_harmony.json")
    else:
        run_tournament(strategy_set(a.results, a.set), config.run_dir(a.results, a.set, "minimax"), rounds=a.rounds,
                       depth=a.depth, seed=a.seed, n_jobs=a.jobs, label=f"{a.set} minimax")


if __name__ == "__main__":
    main()
