"""Where a notebook writes (``params.results_folder``): run by hand it never touches the committed results.

Every test but the last few stands a temporary folder in for the repository (its ``results/`` the committed folder,
its ``notebooks/`` the working folder, as in JupyterLab), so that nothing here reads or writes the real results.
"""

import ast
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from pawnslib import config
from pawnslib.experiments import params
from pawnslib.experiments.params import publishing, results_folder

ROOT = Path(__file__).resolve().parents[2]
FILES = {"tables/table_10_2.csv": "a,b\n1,2\n", "runs/thesis_minimax/done": "", "king/data/dbn_thesis.npz": "model",
         "html/index.html": "<html>the site</html>", "logs/timings.txt": "notebook 11 40s\n"}


@pytest.fixture
def repo(tmp_path, monkeypatch):
    """A repository with a committed results folder, the working folder its notebooks/, the publish switch unset."""
    for name, text in FILES.items():
        (tmp_path / "results" / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "results" / name).write_text(text)
    (tmp_path / "notebooks").mkdir()
    monkeypatch.chdir(tmp_path / "notebooks")
    monkeypatch.delenv(config.PUBLISH_ENV, raising=False)
    return tmp_path


def committed_files(repo: Path) -> dict[str, str]:
    return {p.relative_to(repo / "results").as_posix(): p.read_text() for p in (repo / "results").rglob("*")
            if p.is_file()}


def test_run_by_hand_the_committed_folder_becomes_a_scratch_copy_made_once(repo, capsys):
    got = results_folder("../results", committed=repo / "results")
    assert got == "../scratch/results"  # relative, as the notebook's RESULTS was
    line = capsys.readouterr().out
    assert line.count("\n") == 1 and "copying it now" in line and "RESULTS = '../scratch/results'" in line
    assert "make reproduce" in line and f"{config.PUBLISH_ENV}=1" in line and "papermill outside make" in line
    copy = repo / "scratch" / "results"
    assert {p.relative_to(copy).as_posix(): p.read_text() for p in copy.rglob("*") if p.is_file()} == FILES

    # The notebook writes through RESULTS: the copy changes, the committed file does not (copied, not linked).
    table = Path(got) / "tables" / "table_10_2.csv"
    assert table.stat().st_nlink == 1
    table.write_text("a,b\n9,9\n")
    (Path(got) / "figures").mkdir()
    (Path(got) / "figures" / "new.png").write_bytes(b"png")
    assert committed_files(repo) == FILES

    # The next run reuses the copy, the notebook's own outputs included, and says so without copying again.
    assert results_folder("../results", committed=repo / "results") == "../scratch/results"
    line = capsys.readouterr().out
    assert line.count("\n") == 1 and "copying" not in line and "scratch copy" in line
    assert table.read_text() == "a,b\n9,9\n" and (copy / "figures" / "new.png").exists()
    assert committed_files(repo) == FILES


def test_a_readings_folder_in_the_committed_one_maps_to_the_same_place_in_the_copy(repo, capsys):
    got = results_folder("../results/king", committed=repo / "results")
    assert got == "../scratch/results/king" and (Path(got) / "data" / "dbn_thesis.npz").read_text() == "model"
    assert "is in the committed results folder" in capsys.readouterr().out
    assert (repo / "scratch" / "results" / "tables" / "table_10_2.csv").exists()  # the whole folder is copied


def test_an_absolute_results_gives_an_absolute_copy(repo):
    got = results_folder(str(repo / "results"), committed=repo / "results")
    assert got == str((repo / "scratch" / "results").resolve())


@pytest.mark.parametrize("value", ["1", "true", "YES"])
def test_publishing_uses_the_committed_folder_as_it_is(repo, monkeypatch, capsys, value):
    monkeypatch.setenv(config.PUBLISH_ENV, value)
    assert publishing()
    assert results_folder("../results", committed=repo / "results") == "../results"
    assert results_folder("../results/king", committed=repo / "results") == "../results/king"
    assert not (repo / "scratch").exists() and capsys.readouterr().out == ""


def test_the_notebooks_own_choice_outranks_the_environment(repo, monkeypatch):
    assert results_folder("../results", committed=repo / "results", publish=True) == "../results"
    monkeypatch.setenv(config.PUBLISH_ENV, "1")
    assert results_folder("../results", committed=repo / "results", publish=False) == "../scratch/results"


@pytest.mark.parametrize("value", ["", "0", "no", "off"])
def test_an_unset_or_negative_switch_is_a_run_by_hand(repo, monkeypatch, value):
    monkeypatch.setenv(config.PUBLISH_ENV, value)
    assert not publishing()
    assert results_folder("../results", committed=repo / "results") == "../scratch/results"


def test_a_switch_that_is_neither_yes_nor_no_is_refused(repo, monkeypatch):
    monkeypatch.setenv(config.PUBLISH_ENV, "ture")
    with pytest.raises(ValueError, match=f"{config.PUBLISH_ENV}='ture': set it to 1"):
        results_folder("../results", committed=repo / "results")


@pytest.mark.parametrize("results", ["../elsewhere", "../results2", "../scratch/results", "."])
def test_a_folder_outside_the_committed_one_is_used_as_it_is(repo, capsys, results):
    assert results_folder(results, committed=repo / "results") == results
    assert results_folder(str(repo / "other"), committed=repo / "results") == str(repo / "other")
    assert not (repo / "scratch").exists() and capsys.readouterr().out == ""


def test_a_changed_committed_folder_is_noticed_not_copied_over(repo, capsys):
    results_folder("../results", committed=repo / "results")
    (repo / "results" / "logs" / "timings.txt").write_text("rewritten by every run\n")  # logs do not count
    results_folder("../results", committed=repo / "results")
    assert "changed since" not in capsys.readouterr().out
    (repo / "results" / "tables" / "table_10_2.csv").write_text("a,b\n1,2,3\n")  # e.g. `make reproduce` ran
    results_folder("../results", committed=repo / "results")
    out = capsys.readouterr().out
    assert "changed since the scratch copy was made: delete '../scratch/results'" in out
    assert (repo / "scratch" / "results" / "tables" / "table_10_2.csv").read_text() == "a,b\n1,2\n"  # not copied over


def test_a_failed_copy_leaves_no_half_copy_behind(repo, monkeypatch):
    copied = []

    def copy_one_then_fail(src, dst, **kw):
        if copied:
            raise OSError("disk full")
        copied.append(src)
        return shutil.copy2(src, dst, **kw)

    monkeypatch.setattr(params.shutil, "copy2", copy_one_then_fail)
    with pytest.raises(shutil.Error, match="disk full"):
        results_folder("../results", committed=repo / "results")
    assert copied and os.listdir(repo / "scratch") == []  # neither a partial copy nor the folder it was made in
    monkeypatch.undo()
    monkeypatch.chdir(repo / "notebooks")
    assert results_folder("../results", committed=repo / "results") == "../scratch/results"
    assert (repo / "scratch" / "results" / "html" / "index.html").exists()


# --- the real repository: nothing below writes to it ---------------------------------------------------------------


def test_the_committed_folder_is_the_repositorys_results_and_its_copy_is_ignored_by_git():
    assert params.REPOSITORY == ROOT and (ROOT / "pyproject.toml").exists()
    assert re.search(r"(?m)^R := (\S+)$", (ROOT / "reproduce.mk").read_text())[1] == config.COMMITTED_RESULTS
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    probe = f"{config.SCRATCH}/{config.COMMITTED_RESULTS}/runs/thesis_minimax/games.jsonl.gz"
    assert subprocess.run(["git", "check-ignore", "-q", probe], cwd=ROOT).returncode == 0, f"{probe} is not ignored"


def test_make_publishes_its_papermill_runs_and_nothing_else():
    mk = (ROOT / "reproduce.mk").read_text()
    assert re.search(r"(?m)^PAPERMILL = (.*)$", mk)[1].startswith(f"{config.PUBLISH_ENV}=1 $(PY) -m papermill ")
    runs = re.findall(r"(?m)^.*-m papermill.*$", mk + (ROOT / "Makefile").read_text())
    assert len(runs) == 1, "every notebook run goes through $(PAPERMILL)"
    assert config.PUBLISH_ENV not in (ROOT / "Makefile").read_text(), "`make lab` (and all else) runs by hand"


@pytest.mark.skipif(shutil.which("make") is None, reason="no make")
@pytest.mark.parametrize("uid", ["0", "1000"])
def test_make_lab_allows_root_only_as_root(tmp_path, uid):
    (tmp_path / "id").write_text(f"#!/bin/sh\necho {uid}\n")
    (tmp_path / "id").chmod(0o755)
    env = os.environ | {"PATH": f"{tmp_path}{os.pathsep}{os.environ['PATH']}"}
    def lab(*options: str) -> str:  # the recipe, its continued lines joined
        return subprocess.run(["make", "-n", "--no-print-directory", "lab", *options], cwd=ROOT, env=env,
                              capture_output=True, text=True, check=True).stdout.replace("\\\n", " ")

    out = lab()
    assert "-m jupyter lab --notebook-dir=. --LabApp.default_url=/lab/tree/notebooks" in out
    assert "--ContentsManager.pre_save_hook=pawnslib.report.lab.keep_committed" in out  # results/ not saved over
    assert ("--allow-root" in out) == (uid == "0") and "--port" not in out and "--no-browser" not in out
    out = lab("PORT=8899", "TOKEN=secret", "NO_BROWSER=1")
    assert "--port=8899" in out and "--IdentityProvider.token=secret" in out and "--no-browser" in out


def _source(cell) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


@pytest.mark.parametrize("path", sorted((ROOT / "notebooks").glob("*.ipynb")), ids=lambda p: p.stem)
def test_every_notebook_resolves_its_results_folder_right_after_checking_it(path):
    cells = [c for c in json.loads(path.read_text(encoding="utf-8"))["cells"] if c["cell_type"] == "code"]
    assert "parameters" in cells[0].get("metadata", {}).get("tags", [])
    body = ast.parse(_source(cells[1])).body
    calls = [i for i, s in enumerate(body) if isinstance(s, ast.Expr) and isinstance(s.value, ast.Call)
             and getattr(s.value.func, "id", None) == "check_parameters"]
    assigns = [i for i, s in enumerate(body) if isinstance(s, ast.Assign)
               and any(getattr(t, "id", None) == "RESULTS" for t in s.targets)]
    assert len(calls) == 1 and assigns == [calls[0] + 1], f"{path.name}: check, then RESULTS = results_folder(RESULTS)"
    assert ast.unparse(body[assigns[0]].value) == "results_folder(RESULTS)"
    assert not any("RESULTS" in {getattr(n, "id", None) for n in ast.walk(s)} for s in body[:calls[0]])
    for cell in cells[2:]:  # no later cell sets RESULTS back
        code = [line for line in _source(cell).splitlines() if not line.lstrip().startswith(("%", "!"))]  # magics
        tree = ast.parse("\n".join(code))
        assert not any(isinstance(n, ast.Name) and n.id == "RESULTS" and isinstance(n.ctx, ast.Store)
                       for n in ast.walk(tree)), f"{path.name}: a later cell assigns RESULTS"
