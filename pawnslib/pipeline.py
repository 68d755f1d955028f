"""The reproduction's steps as functions: what the command line, the Makefile and the notebooks run.

Each step is resumable and reads or writes fixed places under ``results`` (see :mod:`pawnslib.config`).
"""

from __future__ import annotations

from pathlib import Path

from pawnslib import config
from pawnslib.asym import AsymFactory
from pawnslib.dbn import OpponentModel, training_rows, write_training_csv
from pawnslib.harmony import HarmonyParams, harmony_star
from pawnslib.strategies import THESIS, load_strategies, save_strategies
from pawnslib.tournament import run_tournament


def harmony(results, seed: int = 2008, params: HarmonyParams | None = None, n_jobs: int = -1, progress: bool = True):
    """Chapter 10: four Harmony* searches; the best of each is saved as ``data/strategies_harmony.json``."""
    strategies, runs = harmony_star(params or HarmonyParams(**config.HARMONY), seed=seed,
                                    out_dir=Path(results) / "data" / "harmony", n_jobs=n_jobs, progress=progress)
    path = Path(results) / "data" / "strategies_harmony.json"
    if not path.exists() or load_strategies(path) != strategies:  # an unchanged file keeps its date, for Make
        save_strategies(strategies, path)
    return strategies, runs


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


def opponent_model(results, set_name: str, rounds: int = config.TRAIN_ROUNDS, depth: int = config.DEPTH,
                   seed: int = 2008) -> OpponentModel:
    """The set's trained model: loaded when its file exists (so Make sees it unchanged), else trained."""
    path = config.model_path(results, set_name)
    return OpponentModel.load(path) if path.exists() else train(results, set_name, rounds, depth, seed)
