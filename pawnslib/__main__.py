"""Command line for the expensive, resumable steps of the reproduction (the Makefile runs these).

    python -m pawnslib harmony    --results results --seed 2008
    python -m pawnslib tournament --results results --seed 2008 --set thesis [--search asym]
    python -m pawnslib train      --results results --seed 2008 --set thesis
"""

from __future__ import annotations

import argparse
from pathlib import Path

from pawnslib import config
from pawnslib.asym import AsymFactory
from pawnslib.dbn import OpponentModel, training_rows, write_training_csv
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


def tournament(results, set_name: str, search: str = "minimax", rounds: int = config.ROUNDS,
               depth: int = config.DEPTH, seed: int = 2008, n_jobs: int = -1, progress: bool = True) -> list[dict]:
    """Chapters 10 and 11's tournaments: plain alpha-beta for both, or Black with the asymmetric tree."""
    strategies = strategy_set(results, set_name)
    black = None
    if search == "asym":
        black = AsymFactory(str(config.model_path(results, set_name)), tuple(strategies.items()))
    return run_tournament(strategies, config.run_dir(results, set_name, search), rounds=rounds, depth=depth,
                          seed=seed, n_jobs=n_jobs, black_player=black, label=f"{set_name} {search}",
                          progress=progress)


def train(results, set_name: str, rounds: int = config.TRAIN_ROUNDS, depth: int = config.DEPTH, seed: int = 2008,
          restarts: int = config.EM_RESTARTS) -> OpponentModel:
    """Section 8.2: training rows from the first ``rounds`` minimax rounds, EM, the model file."""
    records = tournament(results, set_name, rounds=rounds, depth=depth, seed=seed, progress=False)
    rows = training_rows(records, truth=True)
    write_training_csv(rows.drop(columns="S_w_true"), config.training_csv(results, set_name))
    model = OpponentModel.fit(rows.drop(columns="S_w_true"), n_strategies=len(strategy_set(results, set_name)),
                              restarts=restarts, seed=seed, n_slices=config.N_SLICES,
                              white_truth=rows["S_w_true"].to_numpy())
    model.save(config.model_path(results, set_name))
    return model


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
        strategies, _ = harmony_star(HarmonyParams(**config.HARMONY), seed=a.seed,
                                     out_dir=Path(a.results) / "data" / "harmony", n_jobs=a.jobs)
        save_strategies(strategies, Path(a.results) / "data" / "strategies_harmony.json")
    elif a.step == "tournament":
        tournament(a.results, a.set, a.search, a.rounds or config.ROUNDS, a.depth, a.seed, a.jobs)
    else:
        train(a.results, a.set, a.rounds or config.TRAIN_ROUNDS, a.depth, a.seed)


if __name__ == "__main__":
    main()
