"""Harmony*: memory size, the replacement rule, reproducibility, resuming, parameters."""

import numpy as np
import pytest

from pawnslib import config
from pawnslib.harmony import HarmonyParams, harmony_search, harmony_star, improvise, nw_minus_w
from pawnslib.strategies import LADDER

SMALL = HarmonyParams(iterations=6, depth=1)


@pytest.fixture(scope="module")
def run():
    return harmony_search(params=SMALL, seed=5, n_jobs=1, progress=False)


def test_memory_keeps_size_k_and_only_better_candidates_enter(run):
    assert len(run.history) == SMALL.iterations
    for row in run.history:
        assert len(row["memory_after"]) == len(row["scores_after"]) == SMALL.k
        worst = max(row["scores_before"])
        if row["replaced"] >= 0:
            assert row["candidate_score"] < worst and row["scores_before"][row["replaced"]] == worst
            assert row["memory_after"][row["replaced"]] == row["candidate"]
        else:
            assert row["candidate_score"] >= worst and row["memory_after"] == row["memory_before"]
        # Measured in the same round robin, the memory's best and worst never get worse.
        assert min(row["scores_after"]) <= min(row["scores_before"])
        assert max(row["scores_after"]) <= max(row["scores_before"])
    for a, b in zip(run.history, run.history[1:], strict=False):
        assert b["memory_before"] == a["memory_after"]


def test_reproducible_and_resumable(run, tmp_path):
    again = harmony_search(params=SMALL, seed=5, n_jobs=2, progress=False)
    assert again.history == run.history
    path = tmp_path / "h.jsonl"
    harmony_search(params=HarmonyParams(iterations=3, depth=1), seed=5, history_path=path, n_jobs=1, progress=False)
    resumed = harmony_search(params=SMALL, seed=5, history_path=path, n_jobs=1, progress=False)
    assert resumed.history == run.history and resumed.best == run.best


def test_improvise_stays_on_the_ladder():
    rng = np.random.default_rng(0)
    memory = rng.integers(len(LADDER), size=(4, 6))
    for _ in range(200):
        v = improvise(memory, HarmonyParams(), rng)
        assert v.shape == (6,) and v.min() >= 0 and v.max() < len(LADDER)
    # p_hmcr = 1 and p_par = 0: every component is copied from the memory, column-wise.
    for _ in range(50):
        v = improvise(memory, HarmonyParams(p_hmcr=1.0, p_par=0.0), rng)
        assert all(v[i] in memory[:, i] for i in range(6))


def test_score_is_not_won_minus_won():
    recs = [{"black": 1, "white": 2, "result": "black"}, {"black": 2, "white": 1, "result": "draw"},
            {"black": 1, "white": 1, "result": "white"}]
    assert nw_minus_w(recs, [1, 2]) == {1: -1 + 1 + 1 - 1, 2: 1 + 1}


def test_harmony_star_takes_the_best_of_each_search():
    strategies, runs = harmony_star(params=HarmonyParams(iterations=2, depth=1), n_searches=2, seed=1, n_jobs=1,
                                    progress=False)
    assert sorted(strategies) == [1, 2] and [r.best for r in runs] == [strategies[1], strategies[2]]


@pytest.mark.parametrize("bad", [{"k": 0}, {"p_hmcr": 1.5}, {"bw": -1}, {"iterations": 2.5}, {"p_par": "x"}])
def test_bad_parameters(bad):
    with pytest.raises(ValueError, match="Harmony\\* parameter"):
        HarmonyParams(**bad)


def test_defaults_are_the_config():
    assert HarmonyParams().__dict__ == config.HARMONY


@pytest.mark.parametrize("bad", [-1, 2.5, True])
def test_bad_seed_is_refused_before_writing(tmp_path, bad):
    path = tmp_path / "h" / "h.jsonl"
    with pytest.raises(ValueError, match=rf"seed must be a non-negative integer, got {bad!r}"):
        harmony_search(params=SMALL, seed=bad, history_path=path, n_jobs=1, progress=False)
    with pytest.raises(ValueError, match=rf"seed must be a non-negative integer, got {bad!r}"):
        harmony_star(params=SMALL, seed=bad, out_dir=tmp_path / "h", n_jobs=1, progress=False)
    assert not (tmp_path / "h").exists()


def test_damaged_history_names_file_and_line(tmp_path):
    path = tmp_path / "h.jsonl"
    harmony_search(params=HarmonyParams(iterations=2, depth=1), seed=5, history_path=path, n_jobs=1, progress=False)
    path.write_text(path.read_text() + "{cut")
    with pytest.raises(ValueError, match=r"h.jsonl:3: damaged record"):
        harmony_search(params=SMALL, seed=5, history_path=path, n_jobs=1, progress=False)
