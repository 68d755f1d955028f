"""Default scale of the reproduction, shared by the command line, the Makefile and the notebooks."""

from pathlib import Path

DEPTH = 6  # the thesis's search depth (Chapters 10 and 11)
ROUNDS = 100  # games per pairing (tournaments); the thesis played 9
TRAIN_ROUNDS = 80  # the DBN learns from these minimax rounds; the rest are held out for recognition
HARMONY = {"k": 4, "p_hmcr": 0.95, "p_par": 0.5, "bw": 2, "iterations": 100, "games_per_pairing": 1, "depth": 6}
N_SLICES = 4  # DBN time slices (Section 11.2)
EM_RESTARTS = 5


def run_dir(results: str | Path, strategy_set: str, search: str) -> Path:
    """A tournament's records: ``results/runs/<set>_<search>`` (set: thesis|harmony, search: minimax|asym)."""
    return Path(results) / "runs" / f"{strategy_set}_{search}"


def model_path(results: str | Path, strategy_set: str) -> Path:
    """The opponent model trained on a set's minimax tournament."""
    return Path(results) / "data" / f"dbn_{strategy_set}.npz"


def training_csv(results: str | Path, strategy_set: str) -> Path:
    return Path(results) / "data" / f"training_{strategy_set}.csv"
