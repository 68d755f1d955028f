"""Default scale of the reproduction, shared by the command line, the Makefile and the notebooks."""

from pathlib import Path

DEPTH = 6  # the thesis's search depth (Chapters 10 and 11)
ROUNDS = 100  # games per pairing; the thesis played 9
HARMONY = {"k": 4, "p_hmcr": 0.95, "p_par": 0.5, "bw": 2, "iterations": 100, "games_per_pairing": 1, "depth": 4}
N_SLICES = 4  # DBN time slices (Section 11.2)


def run_dir(results: str | Path, strategy_set: str, search: str) -> Path:
    """Where a tournament's records live: ``results/runs/<set>_<search>`` (set: thesis or harmony)."""
    return Path(results) / "runs" / f"{strategy_set}_{search}"
