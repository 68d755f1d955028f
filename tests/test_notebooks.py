"""Every chapter notebook runs headlessly (papermill, kernel "pawnslib") at a tiny scale and writes its outputs.

To cover another notebook, add an entry to NOTEBOOK_PARAMS: its name (without ``.ipynb``; a word after a space
only tells two entries of one notebook apart) mapped to
(tiny parameters, expected outputs). An expected output is a path under RESULTS mapped to ``None``
(it must exist) or, for a ``tables/*.csv``, to its expected shape ``(rows, columns)`` as read by
:func:`read_table` (either may be ``None``: not checked).
"""

import json
import re
import time
from pathlib import Path

import pandas as pd
import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"

NOTEBOOK_PARAMS: dict[str, tuple[dict, dict[str, tuple[int | None, int | None] | None]]] = {
    "02_bayesian_networks": (
        {},
        {"tables/pearl.csv": (3, 2), "tables/cattle_em.csv": (4, 6), "tables/cattle_em_converged.csv": (2, 3)},
    ),
    "04_pawns": (
        {"N_RANDOM_GAMES": 20, "PERFT_DEPTH": 4, "ROUNDS": 1, "DEPTH": 2},
        {"tables/perft.csv": (4, None), "figures/branching_factor.png": None, "tables/branching_factor.csv": (2, 14),
         "tables/branching_factor_search.csv": (4, 15), "figures/branching_factor_search.png": None},
    ),
    "14_play": ({"DEPTH": 2}, {}),
    "12_reproduction_report": (
        {"ROUNDS": 2, "TRAIN_ROUNDS": 1, "DEPTH": 2, "SETS": ["thesis"]},
        {"tables/claims.csv": (None, 13), "tables/claim_lines.csv": (None, 16), "tables/plan_power.csv": (None, 15),
         "tables/report_table_10_2.csv": (16, None),
         "tables/report_table_11_1.csv": (16, None), "tables/report_tables_11_2_11_3.csv": (10, None),
         "tables/report_table_10_2_king.csv": (16, None), "tables/rules_fit.csv": (20, 11),
         "figures/report_table_10_2.png": None, "figures/report_table_11_1.png": None,
         "figures/report_figure_11_1.png": None, "tables/headlines.md": None, "tables/answers.md": None},
    ),
    # A per-reading notebook under the king reading (`make reproduce` runs each of them once per reading).
    "07_features king": (
        {"ROUNDS": 1, "TRAIN_ROUNDS": 1, "DEPTH": 2, "RULES": "king"},
        {"tables/feature_values.csv": (6, None), "figures/feature_distributions.png": None,
         "runs/thesis_minimax/meta.json": None},
    ),
    "11_asymmetric_game_tree": (
        {"ROUNDS": 2, "TRAIN_ROUNDS": 2, "DEPTH": 2, "SETS": ["thesis"]},
        {"tables/table_11_1_thesis.csv": (16, 8), "tables/prediction_stats.csv": (1, None),
         "tables/search_stats.csv": (2, None), "tables/tree_effect.csv": (1, 9), "tables/table_11_2_thesis.csv": None,
         "tables/table_11_3_thesis.csv": None, "figures/figure_11_1.png": None, "data/dbn_thesis.npz": None,
         "data/training_thesis.csv": None},
    ),
    "03_minimax": (
        {"N_POSITIONS": 3, "MAX_DEPTH": 3, "MINIMAX_MAX_DEPTH": 3, "GAMES_ROUNDS": 1},
        {"tables/minimax_nodes.csv": (3, None), "figures/minimax_nodes.png": None},
    ),
    "07_features": (
        {"ROUNDS": 1, "TRAIN_ROUNDS": 1, "DEPTH": 2},
        {"tables/feature_values.csv": (6, None), "figures/feature_distributions.png": None,
         "figures/feature_by_ply.png": None},
    ),
    "08_dbn": (
        {"ROUNDS": 2, "TRAIN_ROUNDS": 1, "DEPTH": 2, "SETS": ["thesis"]},
        {"tables/dbn_state_spaces.csv": (6, 6), "tables/dbn_em_restarts.csv": (5, 7),
         "tables/dbn_pe_examples.csv": (None, 11), "tables/dbn_pe_summary.csv": (1, 7),
         "tables/dbn_recognition.csv": (None, 9), "tables/dbn_recognition_models.csv": (None, 10),
         "tables/dbn_recognition_at_10.csv": (4, 11), "data/dbn_game_thesis.npz": None,
         "data/choice_thesis.json": None, "tables/recognition_calibration.csv": (None, 8),
         "tables/recognition_goals.csv": (None, 11),
         "tables/dbn_latent_mass.csv": (4, 5), "figures/dbn_em_loglik.png": None, "figures/dbn_cpts.png": None,
         "figures/dbn_unrolled.png": None, "figures/dbn_pe_examples.png": None, "figures/dbn_recognition.png": None,
         "figures/dbn_confusion.png": None, "data/dbn_thesis.npz": None, "data/training_thesis.csv": None},
    ),
    "13_future_work": (
        # Depth 1: every method but the two that search below White's reply (tested at depth 3 in test_chapter13).
        {"ROUNDS": 1, "TRAIN_ROUNDS": 1, "DEPTH": 1, "TIMED_GAMES": 1,
         "METHODS": ["plain6", "plain8", "one-hist", "two-hist", "one-thr", "two-thr", "random", "one-hist-game",
                     "om-perfect", "prom-uniform", "prom-dbn"],
         "WHITE_DEPTHS": [2], "MAP_ROUNDS": 1, "MAP_METHODS": ["plain6", "one-hist", "prom-uniform"]},  # 3 cells
        {"tables/ch13_methods.csv": (11, None), "tables/ch13_contrasts.csv": (1, None),  # om-perfect v White 1
         "tables/ch13_pairings.csv": (10 * 16, None),
         "tables/ch13_recognition_in_play.csv": (None, 9), "figures/ch13_recognition_in_play.png": None,
         "tables/ch13_claims.csv": (2, None), "figures/ch13_forest.png": None, "figures/ch13_strength_cost.png": None,
         "figures/ch13_max_pr_sweep.png": None, "figures/ch13_pr_histograms.png": None,
         "runs/ch13/thesis_plain8/games.jsonl": None, "data/dbn2_thesis.npz": None,
         "tables/ch13_predictability.csv": (6, None), "figures/ch13_predictability.png": None,
         "runs/ch13_map/none_white2/thesis_one-hist/games.jsonl": None},
    ),
    "10_harmony_search": (
        {"ROUNDS": 1, "DEPTH": 2, "H_ITERATIONS": 2, "H_DEPTH": 2},
        {"tables/table_10_1.csv": (8, None), "tables/table_10_2_thesis.csv": (16, 8),
         "tables/table_10_2_harmony.csv": (16, 8), "tables/table_10_2_comparison.csv": (16, None),
         "tables/harmony_searches.csv": (4, None), "figures/table_10_2_heatmap.png": None,
         "figures/harmony_convergence.png": None, "data/strategies_harmony.json": None},
    ),
}


def read_table(path: Path) -> pd.DataFrame:
    """A saved table with its first column (the index, or the first label column) as the index."""
    return pd.read_csv(path, index_col=0)


@pytest.mark.parametrize("name", sorted(NOTEBOOK_PARAMS))
def test_notebook_runs_at_tiny_scale(name, kernel, tmp_path):
    import papermill as pm

    from pawnslib import config

    tiny, expected = NOTEBOOK_PARAMS[name]
    t0 = time.perf_counter()
    notebook = name.split()[0]
    pm.execute_notebook(NOTEBOOKS / f"{notebook}.ipynb", tmp_path / f"{notebook}.ipynb", kernel_name=kernel,
                        parameters={"SEED": config.SEED, "RESULTS": str(tmp_path), **tiny}, cwd=str(NOTEBOOKS),
                        progress_bar=False)
    print(f"{name}: {time.perf_counter() - t0:.1f}s")
    missing = [p for p in expected if not (tmp_path / p).is_file()]
    assert not missing, f"{name} did not write {missing}"
    for rel, shape in expected.items():
        if shape is None:
            continue
        table = read_table(tmp_path / rel)
        for got, want, what in zip(table.shape, shape, ("rows", "columns"), strict=True):
            assert want is None or got == want, f"{rel}: {got} {what}, expected {want}\n{table}"
    if notebook == "12_reproduction_report":  # a reader opens the report to learn which claims hold: they come first
        import shutil

        from html_tables import first_table_header

        from pawnslib.report.book import build_site

        site = tmp_path / "site"  # a one-page site: the executed report alone
        (site / "notebooks").mkdir(parents=True)
        shutil.copy(tmp_path / f"{notebook}.ipynb", site / "notebooks")
        build_site(site)
        page = (site / "html" / f"{notebook}.html").read_text(encoding="utf-8")
        assert first_table_header(page) == ["claim", "the thesis says", "its own evidence", "our lines of evidence",
                                            "verdict"]
        assert 'class="claims"' in re.search(r"<table[^>]*>", page)[0]
    if "RULES" in tiny:  # and its games were played by that reading
        assert json.loads((tmp_path / "runs/thesis_minimax/meta.json").read_text())["rules"] == tiny["RULES"]


# Notebook parameters that must equal what `make reproduce` runs: a notebook's parameters cell takes these defaults
# from their homes, pawnslib.config or the module they configure (never a copy of the value), otherwise a notebook
# would replay, or refuse, the data the expensive steps wrote. Papermill injects overrides after the parameters cell,
# so reading them there is safe.
def _config_defaults() -> dict[str, str]:
    from pawnslib.play.harmony import HarmonyParams

    harmony = {f"H_{k.upper()}": f"HarmonyParams.{k}" for k in HarmonyParams.__dataclass_fields__
               if k not in ("rules", "noise")}
    return {"SEED": "config.SEED", "ROUNDS": "config.ROUNDS", "TRAIN_ROUNDS": "config.TRAIN_ROUNDS",
            "DEPTH": "config.DEPTH", "RULES": "config.RULES", "NOISE": "config.NOISE",
            "READINGS": "list(config.READINGS)",
            "READING_SETS": "config.READING_SETS", "SET": "config.COMPARISON_SET",
            "METHODS": "list(chapter13.METHODS)", "TIMED_GAMES": "chapter13.TIMED_GAMES",
            "WHITE_NOISES": "list(predictability.WHITE_NOISES)",
            "WHITE_DEPTHS": "list(predictability.WHITE_DEPTHS)", "MAP_METHODS": "list(predictability.MAP_METHODS)",
            "MAP_ROUNDS": "predictability.MAP_ROUNDS", **harmony}


def _cells(path: Path):
    import nbformat

    return nbformat.read(path, 4).cells


def _parameters(path: Path, imports: dict | None = None) -> tuple[int, dict]:
    """The index of the notebook's one ``parameters`` cell, and its assignments (name -> value expression); with
    ``imports``, a dict that the cell's own imports are run into (what its expressions may name)."""
    import ast

    cells = _cells(path)
    tagged = [i for i, c in enumerate(cells) if "parameters" in c.metadata.get("tags", [])]
    assert len(tagged) == 1, f"{path.name}: needs exactly one cell tagged 'parameters'"
    body = ast.parse(cells[tagged[0]].source).body
    if imports is not None:
        found = [t for t in body if isinstance(t, ast.Import | ast.ImportFrom)]
        exec(compile(ast.Module(found, type_ignores=[]), path.name, "exec"), imports)  # the cell's own imports
    return tagged[0], {t.targets[0].id: t.value for t in body if isinstance(t, ast.Assign)}


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("*.ipynb")), ids=lambda p: p.stem)
def test_notebook_defaults_come_from_config(path):
    import ast

    names = {}
    _, values = _parameters(path, names)
    assert "SEED" in values, f"{path.name}: every notebook takes the master seed"
    assert ast.literal_eval(values["RESULTS"]) == "../results"
    wanted = _config_defaults()
    wrong = {k: ast.unparse(v) for k, v in values.items()
             if k in wanted and ast.dump(v) != ast.dump(ast.parse(wanted[k], mode="eval").body)}
    assert not wrong, f"{path.name}: these defaults must read their homes ({wanted}), not {wrong}"
    for k, v in values.items():
        if k in wanted:  # and they do evaluate to the reproduction's values, with what the cell imports
            assert eval(compile(ast.Expression(v), path.name, "eval"), dict(names)) is not None
        else:  # a notebook's own parameter is a plain literal
            ast.literal_eval(v)


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("*.ipynb")), ids=lambda p: p.stem)
def test_the_cell_after_the_parameters_checks_every_parameter(path):
    import ast

    index, values = _parameters(path)
    check = _cells(path)[index + 1]
    calls = [n for n in ast.walk(ast.parse(check.source)) if isinstance(n, ast.Call)
             and getattr(n.func, "id", None) == "check_parameters"]
    assert len(calls) == 1, f"{path.name}: the cell after the parameters must call check_parameters once"
    passed = {k.arg: k.value for k in calls[0].keywords if k.arg != "held_out"}
    assert set(passed) == set(values), f"{path.name}: checks {sorted(passed)}, parameters are {sorted(values)}"
    assert all(isinstance(v, ast.Name) and v.id == k for k, v in passed.items()), f"{path.name}: pass NAME=NAME"


@pytest.mark.parametrize(("name", "bad"), [
    ("03_minimax", {"N_POSITIONS": 0}),
    ("12_reproduction_report", {"ROUNDS": 2, "TRAIN_ROUNDS": 2}),
    ("13_future_work", {"METHODS": ["plain6", "plain9"]}),
])  # (each rule's own cases are tests/test_experiments/test_params.py's: a notebook run here shows the stop)
def test_a_bad_parameter_stops_the_notebook_at_once_naming_it(name, bad, kernel, tmp_path):
    import papermill as pm
    from papermill.exceptions import PapermillExecutionError

    with pytest.raises(PapermillExecutionError) as err:
        pm.execute_notebook(NOTEBOOKS / f"{name}.ipynb", tmp_path / f"{name}.ipynb", kernel_name=kernel,
                            parameters={"RESULTS": str(tmp_path), **bad}, cwd=str(NOTEBOOKS), progress_bar=False)
    e = err.value
    param, value = next((k, v) for k, v in bad.items() if k != "ROUNDS")
    assert e.ename == "ValueError", (e.ename, e.evalue)
    assert f"notebook parameter {param} = {value!r}" in e.evalue, e.evalue
    assert e.exec_count is not None
    assert not any((tmp_path / d).exists() for d in ("tables", "figures", "runs")), "it did work before failing"


def test_notebook_03_waits_for_the_tournament_it_draws():
    """Notebook 03 draws the depth-6 tournament's nodes when its games are there: under `make reproduce -j` it must
    run after that tournament in every reading, or its figure would depend on the order the steps happened to run."""
    import os
    import shutil
    import subprocess

    from pawnslib import config

    if shutil.which("make") is None:
        pytest.skip("needs make")
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}
    db = subprocess.run(["make", "-pn", "reproduce"], cwd=ROOT, capture_output=True, text=True, env=env,
                        timeout=120).stdout
    for rules in config.READINGS:
        folder = config.reading_dir("results", rules).as_posix()
        rule = re.search(rf"^{re.escape(folder)}/notebooks/03_minimax\.ipynb:(.*)$", db, re.M)
        assert rule and f"{folder}/runs/thesis_minimax/done" in rule[1].split(), rules
