"""The same seed gives the same bytes: a miniature reproduction run twice, on different numbers of workers.

Each run does what ``make reproduce`` does, at a tiny scale and in a folder of its own: both readings' Table 10.2
tournaments (``python -m pawnslib tournament``), one notebook run by papermill from that folder and tidied
(``python -m pawnslib tidy``), and the site (``python -m pawnslib site``). The two results folders must then hold
the same bytes outside the timing data, which both must have.
"""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pawnslib import config
from pawnslib.report.reproducible import differences, differences_from_git, result_files

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = "04_pawns"
TINY = {"N_RANDOM_GAMES": 20, "PERFT_DEPTH": 4, "ROUNDS": 2, "DEPTH": 2}  # ROUNDS, DEPTH: the tournaments'


def _run(args: list[str], cwd: Path) -> None:
    done = subprocess.run([sys.executable, *args], cwd=cwd, capture_output=True, text=True)
    assert done.returncode == 0, f"{' '.join(args)}:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"


def _reproduce(base: Path, jobs: int, kernel: str) -> Path:
    """A miniature `make reproduce` in ``base``: its results folder, ``base/results``."""
    shutil.copytree(ROOT / "notebooks", base / "notebooks", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    small = ["--set", "thesis", "--rounds", str(TINY["ROUNDS"]), "--depth", str(TINY["DEPTH"]), "--jobs", str(jobs)]
    for rules in config.READINGS:
        folder = config.reading_dir("results", rules).as_posix()
        _run(["-m", "pawnslib", "tournament", *small, "--rules", rules, "--results", folder, "--new"], base)
    out = f"results/notebooks/{NOTEBOOK}.ipynb"
    (base / "results/notebooks").mkdir(parents=True)
    params = [x for k, v in TINY.items() for x in ("-p", k, str(v))]
    _run(["-m", "papermill", "-k", kernel, "--no-progress-bar", "-p", "RESULTS", "results", *params,
          f"notebooks/{NOTEBOOK}.ipynb", out], base)
    _run(["-m", "pawnslib", "tidy", out], base)
    _run(["-m", "pawnslib", "site", "--results", "results"], base)
    return base / "results"


@pytest.fixture(scope="module")
def two_runs(tmp_path_factory, kernel):
    return tuple(_reproduce(tmp_path_factory.mktemp(f"jobs{jobs}"), jobs, kernel) for jobs in (1, 2))


def test_two_runs_on_different_workers_give_the_same_bytes_but_for_timings(two_runs):
    a, b = two_runs
    assert differences(a, b) == []
    files = result_files(a)  # and it compared what matters: games, tables, the notebook, the pages
    for rules in config.READINGS:
        assert (config.reading_dir("", rules) / "runs/thesis_minimax/games.jsonl.gz").as_posix() in files
    assert {"tables/perft.csv", f"notebooks/{NOTEBOOK}.ipynb", f"html/{NOTEBOOK}.html", "html/index.html"} <= files
    # The timings were measured, kept apart, and are not the same bytes (a wall clock is never twice the same).
    timing = result_files(a, timing=True) - files
    assert {"tables/perft_timing.csv", "runs/thesis_minimax/timings.json", "king/runs/thesis_minimax/timings.json"} \
        <= timing
    assert differences(a, b, timing=True) != []


def test_a_run_writes_no_file_git_would_list_as_new(two_runs):
    """Every file the miniature run writes is one the repository tracks (a committed result) or ignores (raw games,
    logs), so that after `make reproduce` `git status` lists changed files only, never new ones."""
    a, _ = two_runs
    # (Not the site's figures: html/_images/ names each by its content's hash, and a miniature run's figures are not
    # the committed ones; make check-reproducible compares a full run's.)
    written = sorted(f"results/{p.relative_to(a).as_posix()}" for p in a.rglob("*")
                     if p.is_file() and "_images" not in p.parts)
    tracked = set(subprocess.run(["git", "ls-files", "results"], cwd=ROOT, capture_output=True, text=True,
                                 check=True).stdout.splitlines())
    others = [p for p in written if p not in tracked]
    ignored = set(subprocess.run(["git", "check-ignore", "--no-index", "--stdin"], cwd=ROOT, capture_output=True,
                                 text=True, input="\n".join(others)).stdout.splitlines())
    assert len(written) > 20 and {p for p in written if p in tracked}  # it wrote results, and committed kinds
    assert [p for p in others if p not in ignored] == []


def test_the_notebook_carries_no_run_stamp(two_runs):
    text = (two_runs[0] / f"notebooks/{NOTEBOOK}.ipynb").read_text()
    nb = json.loads(text)
    assert not any(k in text for k in ('"execution"', "start_time", "end_time", "duration", " at 0x"))
    assert [c["id"] for c in nb["cells"] if "injected-parameters" in c["metadata"].get("tags", [])] == [
        "injected-parameters"]
    shown = json.dumps([c.get("outputs", []) for c in nb["cells"]])
    assert "perft_timing.csv" in shown and "M leaves/s" not in shown  # the times are named, not shown


def test_a_changed_or_missing_file_is_listed(two_runs, tmp_path):
    a, _ = two_runs
    copy = tmp_path / "copy"
    shutil.copytree(a, copy)
    (copy / "tables/perft.csv").write_text("changed\n")
    (copy / "html/index.html").unlink()
    (copy / "tables/extra.csv").write_text("x\n")
    (copy / "tables/perft_timing.csv").write_text("timing data may differ\n")
    assert differences(a, copy) == ["only in A: html/index.html", "only in B: tables/extra.csv",
                                    "differs: tables/perft.csv"]
    with pytest.raises(FileNotFoundError, match="no such results folder"):
        differences(a, tmp_path / "nowhere")


def test_the_comparison_with_git_names_what_a_commit_would_change(tmp_path):
    repo = tmp_path / "repo"
    (repo / "results/tables").mkdir(parents=True)
    (repo / "results/tables/a.csv").write_text("1\n")
    (repo / "results/logs").mkdir()
    (repo / "results/logs/timings.txt").write_text("10s\n")
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
    subprocess.run(git + ["add", "."], cwd=repo, check=True)
    subprocess.run(git + ["commit", "-qm", "results"], cwd=repo, check=True)
    assert differences_from_git(repo / "results") == []
    (repo / "results/logs/timings.txt").write_text("12s\n")  # a regeneration's new times: not a difference
    (repo / "results/tables/a.csv").write_text("2\n")
    assert differences_from_git(repo / "results") == ["differs: tables/a.csv"]
    assert differences_from_git(repo / "results", timing=True) == ["differs: logs/timings.txt",
                                                                   "differs: tables/a.csv"]
    with pytest.raises(ValueError, match="git archive"):
        differences_from_git(repo / "results", rev="no-such-rev")
