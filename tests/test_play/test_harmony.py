"""Harmony*: memory size, the replacement rule, reproducibility, resuming, parameters, rules, parallel searches."""

import json

import numpy as np
import pytest

from pawnslib import config
from pawnslib.config import READINGS, RunSettings
from pawnslib.play import harmony
from pawnslib.play.harmony import HarmonyParams, harmony_search, harmony_star, improvise, nw_minus_w, round_robin
from pawnslib.play.players import DeepAlphaBeta
from pawnslib.play.tournament import play_game
from pawnslib.search.strategies import LADDER

SMALL = HarmonyParams(iterations=6, depth=1)


@pytest.fixture(scope="module")
def run():
    return harmony_search(params=SMALL, settings=RunSettings(seed=5, jobs=1), progress=False)


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
    again = harmony_search(params=SMALL, settings=RunSettings(seed=5, jobs=2), progress=False)
    assert again.history == run.history
    path = tmp_path / "h.jsonl"
    harmony_search(params=HarmonyParams(iterations=3, depth=1), settings=RunSettings(seed=5, jobs=1), history_path=path,
                   progress=False)
    resumed = harmony_search(params=SMALL, settings=RunSettings(seed=5, jobs=1), history_path=path, progress=False)
    assert resumed.history == run.history and resumed.best == run.best


def test_a_run_settings_gives_the_seed_and_jobs(run, tmp_path):
    assert harmony_search(params=SMALL, settings=RunSettings(seed=5, jobs=2), progress=False).history == run.history
    with pytest.raises(TypeError, match="unexpected keyword argument 'seed'"):  # no loose copy of a field
        harmony_search(params=SMALL, settings=RunSettings(seed=5), seed=5, progress=False)
    one = HarmonyParams(iterations=1, depth=1)
    with pytest.raises(ValueError, match="params.rules is 'kalles' but settings.rules is 'king'; give the same"):
        harmony_star(params=one, settings=RunSettings(rules="king"), out_dir=tmp_path / "h", progress=False)
    assert not (tmp_path / "h").exists()


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
    strategies, runs = harmony_star(params=HarmonyParams(iterations=2, depth=1), settings=RunSettings(seed=1, jobs=1),
                                    n_searches=2, progress=False)
    assert sorted(strategies) == [1, 2] and [r.best for r in runs] == [strategies[1], strategies[2]]


@pytest.mark.parametrize("bad", [{"k": 0}, {"p_hmcr": 1.5}, {"bw": -1}, {"iterations": 2.5}, {"p_par": "x"},
                                 {"rules": "queen"}, {"rules": None}])
def test_bad_parameters(bad):
    with pytest.raises(ValueError, match="Harmony\\* parameter"):
        HarmonyParams(**bad)


def test_unknown_rules_are_refused_listing_the_readings():
    with pytest.raises(ValueError, match=r"Harmony\* parameter rules must be one of 'kalles', 'king' .*got 'queen'"):
        HarmonyParams(rules="queen")


def test_defaults_are_the_theses_and_the_readings():
    params = HarmonyParams().__dict__
    assert params.pop("rules") == config.RULES and params.pop("noise") == config.NOISE
    # Chapter 10: memory 4, HMCR 0.95, PAR 0.5, bandwidth 2, 100 iterations, one game a pairing, depth 6.
    assert params == {"k": 4, "p_hmcr": 0.95, "p_par": 0.5, "bw": 2, "iterations": 100, "games_per_pairing": 1,
                      "depth": 6}
    assert type(HarmonyParams(k=np.int64(3)).k) is int  # written as JSON with the history


def test_king_run_plays_king_games(monkeypatch):
    assert "king" in READINGS
    seen = []

    def spy(*args, **kwargs):
        seen.append(kwargs["rules"])
        return play_game(*args, **kwargs)

    play_game = harmony.play_game
    monkeypatch.setattr(harmony, "play_game", spy)
    run = harmony_search(params=HarmonyParams(iterations=2, depth=1, rules="king"),
                         settings=RunSettings(seed=5, jobs=1, rules="king"), progress=False)
    assert run.history[0]["params"]["rules"] == "king"
    assert seen and set(seen) == {"king"}


def test_an_iteration_plays_only_the_new_vectors_games(monkeypatch):
    played = []

    def spy(pairing, params, seed):
        played.append(pairing)
        return play_pairing(pairing, params, seed)

    play_pairing = harmony._play_pairing
    monkeypatch.setattr(harmony, "_play_pairing", spy)
    run = harmony_search(params=HarmonyParams(iterations=4, depth=1), settings=RunSettings(seed=5, jobs=1),
                         progress=False)
    assert len(played) == len(set(played))  # no pairing twice
    per_iteration = [25] + [9] * 3  # 5 x 5 games, then the new vector's 2 x 4 + 1 (fewer if it repeats a vector)
    seen = set()
    for row, most in zip(run.history, per_iteration, strict=True):
        vectors = [tuple(v) for v in row["memory_before"]] + [tuple(row["candidate"])]
        pairings = {(b, w, 0) for b in vectors for w in vectors}
        assert len(pairings - seen) <= most
        seen |= pairings
    assert set(played) == seen


def test_a_pairings_game_depends_only_on_its_vectors_round_and_seed():
    params = HarmonyParams(depth=2)
    a, b, c = (0, 10, 0, -10, 0, 100), (10, 100, 0, -10000, -100, 0), (-10, 1000, 10, 0, 0, 10)
    first = round_robin({1: a, 2: b}, params=params, seed=3, n_jobs=1)
    # The same vectors under other ids, beside a third: each pairing's result is the same game's.
    again = round_robin({7: b, 4: a, 9: c}, params=params, seed=3, n_jobs=2)
    names = {1: a, 2: b, 4: a, 7: b, 9: c}
    results = {(names[r["black"]], names[r["white"]]): r["result"] for r in again}
    assert all(results[names[r["black"]], names[r["white"]]] == r["result"] for r in first)
    # ... which is plain play_game between the two deep-search players, seeded from the pair.
    seed = harmony.derive_seed(3, harmony.GAME_STREAM, 0, *(LADDER.index(x) for x in a + b))
    game = play_game(DeepAlphaBeta(a, depth=2), DeepAlphaBeta(b, depth=2), seed=seed)
    assert results[a, b] == game["result"]
    # Results handed in are not replayed, and are what the records say.
    fake = {(a, b, 0): "draw"}
    assert round_robin({1: a, 2: b}, params=params, seed=3, played=fake, n_jobs=1)[1]["result"] == "draw"
    assert len(fake) == 4  # the three games it had to play were added


def test_a_history_played_the_old_way_is_refused(tmp_path):
    path = tmp_path / "h.jsonl"
    harmony_search(params=HarmonyParams(iterations=1, depth=1), settings=RunSettings(seed=5, jobs=1), history_path=path,
                   progress=False)
    row = json.loads(path.read_text())
    del row["params"]["games"]  # as written before a game was one per pairing of vectors
    path.write_text(json.dumps(row) + "\n")
    with pytest.raises(ValueError, match=r"other parameters \(games: asked 'deep search, one seed per"):
        harmony_search(params=HarmonyParams(iterations=2, depth=1), settings=RunSettings(seed=5, jobs=1),
                       history_path=path, progress=False)


def test_another_noise_scheme_is_refused_naming_both(tmp_path):
    path = tmp_path / "h.jsonl"
    harmony_search(params=HarmonyParams(iterations=1, depth=1), settings=RunSettings(seed=5, jobs=1), history_path=path,
                   progress=False)
    assert json.loads(path.read_text())["params"]["noise"] == "thesis"
    with pytest.raises(ValueError, match=r"other parameters \(noise: asked 'none', recorded 'thesis'\)"):
        harmony_search(params=HarmonyParams(iterations=2, depth=1, noise="none"),
                       settings=RunSettings(seed=5, jobs=1, noise="none"), history_path=path, progress=False)
    with pytest.raises(ValueError, match="Harmony\\* parameter noise must be one of"):
        HarmonyParams(noise="hash")


def test_other_rules_are_refused_naming_them(tmp_path):
    path = tmp_path / "h.jsonl"
    harmony_search(params=HarmonyParams(iterations=1, depth=1), settings=RunSettings(seed=5, jobs=1), history_path=path,
                   progress=False)
    before = path.read_text()
    with pytest.raises(ValueError, match=r"other parameters \(rules: asked 'king', recorded 'kalles'\)"):
        harmony_search(params=HarmonyParams(iterations=2, depth=1, rules="king"),
                       settings=RunSettings(seed=5, jobs=1, rules="king"), history_path=path, progress=False)
    with pytest.raises(ValueError, match=r"\(depth: asked 2, recorded 1; rules: asked 'king', recorded 'kalles'\)"):
        harmony_search(params=HarmonyParams(iterations=2, depth=2, rules="king"),
                       settings=RunSettings(seed=5, jobs=1, rules="king"), history_path=path, progress=False)
    assert path.read_text() == before
    # harmony_star checks every file before any search starts: search 1 (run first with n_jobs=1) is not begun.
    (tmp_path / "star").mkdir()
    seed_2 = harmony.derive_seed(0, 1001)
    harmony_search(params=HarmonyParams(iterations=1, depth=1), settings=RunSettings(seed=seed_2, jobs=1),
                   history_path=tmp_path / "star" /
                   "harmony_2.jsonl", progress=False)
    with pytest.raises(ValueError, match=r"harmony_2.jsonl holds .*rules: asked 'king', recorded 'kalles'"):
        harmony_star(params=HarmonyParams(iterations=1, depth=1, rules="king"),
                     settings=RunSettings(seed=0, jobs=1, rules="king"), n_searches=2, out_dir=tmp_path / "star",
                     progress=False)
    assert not (tmp_path / "star" / "harmony_1.jsonl").exists()


def test_parallel_searches_match_sequential_and_resume(tmp_path):
    one = HarmonyParams(iterations=1, depth=1)
    two = HarmonyParams(iterations=2, depth=1)
    seq, seq_runs = harmony_star(params=two, settings=RunSettings(seed=4, jobs=1), n_searches=3,
                                 out_dir=tmp_path / "seq", progress=False)
    # In parallel, resuming histories of 1 iteration in each worker.
    harmony_star(params=one, settings=RunSettings(seed=4, jobs=2), n_searches=3, out_dir=tmp_path / "par",
                 progress=False)
    par, par_runs = harmony_star(params=two, settings=RunSettings(seed=4, jobs=2), n_searches=3,
                                 out_dir=tmp_path / "par", progress=False)
    assert par == seq and [r.history for r in par_runs] == [r.history for r in seq_runs]
    assert len({json.dumps(r.history) for r in par_runs}) == 3  # the searches differ
    for s in (1, 2, 3):
        name = f"harmony_{s}.jsonl"
        assert (tmp_path / "par" / name).read_text() == (tmp_path / "seq" / name).read_text()


def test_bad_star_arguments():
    with pytest.raises(ValueError, match="n_searches must be"):
        harmony_star(params=SMALL, n_searches=0, progress=False)


@pytest.mark.parametrize("bad", [0, 1.5, True])
def test_bad_jobs_are_refused_by_every_entry(bad):
    with pytest.raises(ValueError, match=rf"jobs must be a non-zero integer \(-1: all cores\), got {bad!r}"):
        harmony_search(params=SMALL, settings=RunSettings(jobs=bad), progress=False)
    with pytest.raises(ValueError, match=rf"n_jobs must be a non-zero integer \(-1: all cores\), got {bad!r}"):
        round_robin({1: (0,) * 6}, params=SMALL, seed=0, n_jobs=bad)


@pytest.mark.parametrize("bad", [-1, 2.5, True])
def test_bad_seed_is_refused_before_writing(tmp_path, bad):
    path = tmp_path / "h" / "h.jsonl"
    with pytest.raises(ValueError, match=rf"seed must be a non-negative integer, got {bad!r}"):
        harmony_search(params=SMALL, settings=RunSettings(seed=bad, jobs=1), history_path=path, progress=False)
    with pytest.raises(ValueError, match=rf"seed must be a non-negative integer, got {bad!r}"):
        harmony_star(params=SMALL, settings=RunSettings(seed=bad, jobs=1), out_dir=tmp_path / "h", progress=False)
    assert not (tmp_path / "h").exists()


def test_damaged_history_names_file_and_line(tmp_path):
    path = tmp_path / "h.jsonl"
    harmony_search(params=HarmonyParams(iterations=2, depth=1), settings=RunSettings(seed=5, jobs=1), history_path=path,
                   progress=False)
    path.write_text(path.read_text() + "{cut")
    with pytest.raises(ValueError, match=r"h.jsonl:3: damaged record"):
        harmony_search(params=SMALL, settings=RunSettings(seed=5, jobs=1), history_path=path, progress=False)
