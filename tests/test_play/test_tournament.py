"""Games and tournaments: the 200-ply rule, reproducibility across workers, resuming, errors."""

import inspect
import json

import pytest

import pawnslib.play.tournament as tournament
from pawnslib import Position, config
from pawnslib.config import RunSettings
from pawnslib.guided.asym import EXTENSION
from pawnslib.play.archive import read_archive
from pawnslib.play.players import AlphaBeta
from pawnslib.play.records import read_records
from pawnslib.play.tournament import play_game, run_tournament
from pawnslib.search.alphabeta import MAX_DEPTH
from pawnslib.search.noise import SCHEMES
from pawnslib.search.seeds import derive_seed
from pawnslib.search.strategies import THESIS

TWO = {1: THESIS[1], 2: THESIS[4]}


def strip_times(records):
    return [{k: v for k, v in r.items() if k != "seconds"} for r in records]


def test_game_record_is_consistent():
    rec = play_game(THESIS[1], THESIS[2], depth=2, seed=5)
    assert rec["result"] in ("black", "white", "draw") and rec["plies"] <= 200
    assert len(rec["positions"]) == len(rec["features"]) == rec["plies"] + 1 == len(rec["moves"]) + 1
    p = Position.start()
    for move, text, feats in zip(rec["moves"], rec["positions"][1:], rec["features"][1:], strict=True):
        p = p.play(move)
        assert p.to_text() == text and p.features().tolist() == feats
    assert p.result == rec["result"]


def test_a_game_is_played_and_recorded_by_its_reading():
    king = play_game(THESIS[1], THESIS[2], depth=2, seed=5, rules="king")
    assert king["rules"] == "king" and play_game(THESIS[1], THESIS[2], depth=2, seed=5)["rules"] == "kalles"
    p = Position.start(rules="king")
    for move in king["moves"]:
        p = p.play(move)  # every move is legal under the king reading
    assert p.result == king["result"]
    late = Position.from_text("/".join(["........"] * 8) + " b 4 4 190", rules="king")
    assert play_game(THESIS[1], THESIS[2], depth=1, seed=5, start=late)["rules"] == "king"
    with pytest.raises(ValueError, match="rules='kalles', but the start position is played by 'king'"):
        play_game(THESIS[1], THESIS[2], depth=1, seed=5, start=late, rules="kalles")
    with pytest.raises(ValueError, match="rules must be one of kalles, king, got 'queen'"):
        run_tournament(TWO, None, RunSettings(rounds=1, seed=0, rules="queen"))


@pytest.mark.parametrize("rules", ["kalles", "king"])
@pytest.mark.parametrize("noise", SCHEMES)
def test_white_weights_play_the_deep_search_with_the_plain_searchs_moves(rules, noise):
    # Black's searches are the measured ones; White's are only to be right: the deep search where a table pays
    # (the noise a function of the position), else the plain search itself; the same moves either way.
    for seed in range(3):
        fast = play_game(THESIS[seed + 1], THESIS[4 - seed], depth=4, seed=seed, rules=rules, noise=noise)
        plain = play_game(THESIS[seed + 1], AlphaBeta(THESIS[4 - seed], depth=4, noise=noise), depth=4, seed=seed,
                          rules=rules, noise=noise)
        same = ("result", "moves", "values")
        assert {k: fast[k] for k in same} == {k: plain[k] for k in same}
        assert fast["nodes"][0::2] == plain["nodes"][0::2]
        # White searched otherwise, unless the table would only hint moves (the thesis's noise, at depth 4).
        assert (fast["nodes"][1::2] != plain["nodes"][1::2]) == (noise != "thesis")


def test_game_never_exceeds_200_plies():
    zero = (0,) * 6  # every move ties; the seeded noise plays at random
    late = Position.from_text("/".join(["........"] * 8) + " b 4 4 190")
    rec = play_game(zero, zero, depth=1, seed=3, start=late)
    assert rec["plies"] <= 200
    if rec["plies"] == 200:
        assert rec["result"] == "draw"
    lengths = [play_game(zero, zero, depth=1, seed=s)["plies"] for s in range(5)]
    assert max(lengths) <= 200


def test_same_records_with_one_and_two_workers(tmp_path):
    a = run_tournament(TWO, tmp_path / "a", RunSettings(rounds=2, depth=2, seed=9, jobs=1), progress=False)
    b = run_tournament(TWO, tmp_path / "b", RunSettings(rounds=2, depth=2, seed=9, jobs=2), progress=False)
    assert len(a) == 8 and strip_times(a) == strip_times(b)
    # The file holds the same games, in whatever order they finished.
    on_disk = strip_times(read_records(tmp_path / "b" / "games.jsonl"))
    on_disk.sort(key=lambda r: (r["round"], r["black"], r["white"]))
    assert on_disk == strip_times(b)


def test_without_noise_each_pairing_is_played_once_and_is_every_rounds_game(tmp_path, monkeypatch):
    played = []
    real = tournament._play_scheduled
    monkeypatch.setattr(tournament, "_play_scheduled", lambda *a: played.append(a[-1]) or real(*a))
    recs = run_tournament(TWO, tmp_path, RunSettings(rounds=3, depth=3, seed=9, noise="none", jobs=1), progress=False)
    assert sorted(played) == [(b, w, 0) for b in TWO for w in TWO]
    assert [(r["black"], r["white"], r["round"]) for r in recs] == tournament.schedule(TWO, 3)
    # Each copy is the game that round plays, played afresh with its own seed.
    for r in recs[4:]:
        b, w = TWO[r["black"]], TWO[r["white"]]
        again = play_game(b, w, depth=3, seed=derive_seed(9, r["black"], r["white"], r["round"]), noise="none")
        assert strip_times([{"black": r["black"], "white": r["white"], "round": r["round"], **again}]) == \
            strip_times([r])
    assert strip_times(read_records(tmp_path / "games.jsonl")) == strip_times(
        sorted(recs, key=lambda r: (r["round"], r["black"], r["white"])))
    # Resumed with more rounds, the pairings' games are copied again, none played.
    played.clear()
    more = run_tournament(TWO, tmp_path, RunSettings(rounds=4, depth=3, seed=9, noise="none", jobs=1), progress=False)
    assert played == [] and strip_times(more[12:]) == [dict(r, round=3) for r in strip_times(recs[:4])]
    # With noise every game is played.
    run_tournament(TWO, tmp_path / "thesis", RunSettings(rounds=2, depth=1, seed=9, jobs=1), progress=False)
    assert len(played) == 8


def test_settings_are_one_value_and_its_defaults_are_the_reproductions(tmp_path):
    settings = RunSettings(rounds=2, depth=2, seed=9, rules="king", jobs=1)
    positional = run_tournament(TWO, tmp_path / "p", settings, progress=False)
    assert strip_times(run_tournament(TWO, tmp_path / "s", settings=settings, progress=False)) == \
        strip_times(positional)
    assert (tmp_path / "s" / "meta.json").read_text() == (tmp_path / "p" / "meta.json").read_text()
    with pytest.raises(TypeError, match="unexpected keyword argument 'rounds'"):  # no loose copy of a field
        run_tournament(TWO, None, settings, rounds=1)
    with pytest.raises(TypeError, match="settings must be a RunSettings, got dict"):
        run_tournament(TWO, None, {"rounds": 1})
    # Left out, the settings are the reproduction's (RunSettings' defaults, the only home of them).
    assert inspect.signature(run_tournament).parameters["settings"].default == RunSettings()
    run_tournament(TWO, tmp_path / "d", RunSettings(rounds=1, depth=1, jobs=1), progress=False)
    meta = json.loads((tmp_path / "d" / "meta.json").read_text())
    assert (meta["seed"], meta["rules"], len(read_records(tmp_path / "d" / "games.jsonl"))) == \
        (config.SEED, config.RULES, 4)


def test_interrupted_run_resumes_to_the_same_result(tmp_path, monkeypatch):
    full = run_tournament(TWO, tmp_path / "full", RunSettings(rounds=2, depth=2, seed=4, jobs=1), progress=False)
    written = []
    real_append = tournament.append_record

    def append_then_die(path, rec):
        real_append(path, rec)
        written.append(rec)
        if len(written) == 3:
            raise KeyboardInterrupt

    monkeypatch.setattr(tournament, "append_record", append_then_die)
    with pytest.raises(KeyboardInterrupt):
        run_tournament(TWO, tmp_path / "cut", RunSettings(rounds=2, depth=2, seed=4, jobs=1), progress=False)
    monkeypatch.setattr(tournament, "append_record", real_append)
    assert len(read_records(tmp_path / "cut" / "games.jsonl")) == 3
    assert not (tmp_path / "cut" / "games.jsonl.gz").exists()  # the archive is written when a run ends
    resumed = run_tournament(TWO, tmp_path / "cut", RunSettings(rounds=2, depth=2, seed=4, jobs=1), progress=False)
    assert strip_times(resumed) == strip_times(full)
    assert len(read_records(tmp_path / "cut" / "games.jsonl")) == 8  # nothing replayed twice
    assert read_archive(tmp_path / "cut" / "games.jsonl.gz") == strip_times(resumed)
    # Its archive is the uninterrupted run's, byte for byte: no wall-clock time in it.
    assert (tmp_path / "cut" / "games.jsonl.gz").read_bytes() == (tmp_path / "full" / "games.jsonl.gz").read_bytes()


def test_raw_records_keep_their_layout(tmp_path):
    # The committed results were made from games.jsonl lines exactly like these: compact JSON, fields in this order.
    run_tournament(TWO, tmp_path, RunSettings(rounds=1, depth=1, seed=1, jobs=1), progress=False)
    lines = (tmp_path / "games.jsonl").read_text().splitlines()
    assert len(lines) == 4
    for line in lines:
        rec = json.loads(line)
        assert list(rec) == ["black", "white", "round", "result", "plies", "rules", "positions", "features", "moves",
                             "values", "nodes", "seconds"]
        assert line == json.dumps(rec, separators=(",", ":"))


def test_damaged_record_names_file_and_line(tmp_path):
    run_tournament(TWO, tmp_path, RunSettings(rounds=1, depth=1, seed=1, jobs=1), progress=False)
    path = tmp_path / "games.jsonl"
    lines = path.read_text().splitlines()
    lines[2] = lines[2][: len(lines[2]) // 2]
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(ValueError, match=r"games.jsonl:3: damaged record"):
        run_tournament(TWO, tmp_path, RunSettings(rounds=1, depth=1, seed=1, jobs=1), progress=False)


def test_other_tournament_in_the_same_folder_is_refused(tmp_path):
    run_tournament(TWO, tmp_path, RunSettings(rounds=1, depth=1, seed=1, jobs=1), progress=False)
    with pytest.raises(ValueError, match="different tournament.*depth"):
        run_tournament(TWO, tmp_path, RunSettings(rounds=1, depth=2, seed=1, jobs=1), progress=False)


def test_a_run_whose_games_drew_noise_otherwise_is_not_resumed(tmp_path):
    run_tournament(TWO, tmp_path, RunSettings(rounds=1, depth=1, seed=1, jobs=1), progress=False)
    meta = json.loads((tmp_path / "meta.json").read_text())
    del meta["noise"]  # as written before the noise was the leaf position's
    (tmp_path / "meta.json").write_text(json.dumps(meta))
    with pytest.raises(ValueError, match="different tournament.*noise"):
        run_tournament(TWO, tmp_path, RunSettings(rounds=2, depth=1, seed=1, jobs=1), progress=False)


def test_a_run_under_another_noise_scheme_is_refused_naming_both(tmp_path):
    run_tournament(TWO, tmp_path, RunSettings(rounds=1, depth=1, seed=1, noise="position", jobs=1), progress=False)
    assert json.loads((tmp_path / "meta.json").read_text())["noise"] == "position"
    with pytest.raises(ValueError, match=r"different tournament \(noise: asked 'thesis', recorded 'position'\)"):
        run_tournament(TWO, tmp_path, RunSettings(rounds=2, depth=1, seed=1, jobs=1), progress=False)
    with pytest.raises(ValueError, match="noise must be one of thesis, position, none, got 'hash'"):
        run_tournament(TWO, None, RunSettings(rounds=1, depth=1, seed=0, noise="hash"))


def test_dask_cluster_gives_identical_records(tmp_path):
    distributed = pytest.importorskip("distributed")
    local = run_tournament(TWO, None, RunSettings(rounds=1, depth=2, seed=6, jobs=1), progress=False)
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None)
    with cluster:
        remote = run_tournament(TWO, tmp_path, RunSettings(rounds=1, depth=2, seed=6),
                                scheduler=cluster.scheduler_address, progress=False)
    assert strip_times(remote) == strip_times(local)


def test_dask_scheduler_from_environment(tmp_path, monkeypatch):
    dask = pytest.importorskip("dask")
    monkeypatch.setenv(tournament.DASK_ENV, "tcp://127.0.0.1:1")  # nothing listens there
    with dask.config.set({"distributed.comm.timeouts.connect": "2s"}), pytest.raises(OSError, match="127.0.0.1:1"):
        run_tournament(TWO, tmp_path, RunSettings(rounds=1, depth=1, seed=1), progress=False)


def _no_files(path):
    return not path.exists() or not any(path.iterdir())


@pytest.mark.parametrize(("arg", "bad"), [("seed", -1), ("seed", 1.5), ("seed", True), ("seed", "7"),
                                          ("rounds", 0), ("rounds", 2.0), ("depth", 0), ("depth", MAX_DEPTH + 1),
                                          ("jobs", 0), ("jobs", False)])
def test_bad_arguments_are_refused_before_anything_is_written(tmp_path, arg, bad):
    fields = {"rounds": 1, "depth": 1, "seed": 1, "jobs": 1}
    with pytest.raises(ValueError, match=rf"{arg} must be .*got {bad!r}"):
        run_tournament(TWO, tmp_path / "out", RunSettings(**fields).replace(**{arg: bad}), progress=False)
    assert _no_files(tmp_path / "out")
    # The corrected run is not refused as "a different tournament".
    assert len(run_tournament(TWO, tmp_path / "out", RunSettings(**fields), progress=False)) == 4


def test_black_player_depth_leaves_room_for_its_extension(tmp_path):
    assert EXTENSION <= tournament.BLACK_EXTRA_PLIES  # the asymmetric tree's extra plies are allowed for

    def factory(weights, *, depth, opponent):
        raise AssertionError("no game may start")

    depth = MAX_DEPTH - tournament.BLACK_EXTRA_PLIES + 1
    with pytest.raises(ValueError, match=rf"depth must be an integer from 1 to {depth - 1}.*got {depth}"):
        run_tournament(TWO, tmp_path / "out", RunSettings(rounds=1, depth=depth, seed=0), black_player=factory,
                       progress=False)
    assert _no_files(tmp_path / "out")


@pytest.mark.parametrize("damage", ["{broken", "[]", "\xff\xfe"])
def test_damaged_meta_is_named(tmp_path, damage):
    run_tournament(TWO, tmp_path, RunSettings(rounds=1, depth=1, seed=1, jobs=1), progress=False)
    (tmp_path / "meta.json").write_bytes(damage.encode("latin-1"))
    with pytest.raises(ValueError, match=r"meta.json is damaged"):
        run_tournament(TWO, tmp_path, RunSettings(rounds=1, depth=1, seed=1, jobs=1), progress=False)


def test_optional_arguments_are_keyword_only(tmp_path):
    with pytest.raises(TypeError):
        run_tournament(TWO, None, 1)
    with pytest.raises(TypeError):
        play_game(THESIS[1], THESIS[2], 1)


def test_white_may_search_fewer_plies_than_black(tmp_path):
    """``white_depth``: White's plain search to its own depth, Black's to ``depth``; the run folder records it, and
    a folder of games with White as deep as Black (whose meta.json has no white_depth) refuses them."""
    recs = run_tournament({1: THESIS[1], 2: THESIS[2]}, tmp_path / "w2", RunSettings(rounds=1, depth=3, seed=5, jobs=1,
                                                                                     white_depth=1), progress=False)
    game = play_game(THESIS[recs[1]["black"]], AlphaBeta(THESIS[recs[1]["white"]], depth=1), depth=3,
                     seed=derive_seed(5, recs[1]["black"], recs[1]["white"], 0))
    assert recs[1]["moves"] == game["moves"]
    assert json.loads((tmp_path / "w2" / "meta.json").read_text())["white_depth"] == 1
    same = run_tournament({1: THESIS[1]}, tmp_path / "same", RunSettings(rounds=1, depth=3, seed=5, jobs=1,
                                                                         white_depth=3), progress=False)
    assert same[0]["moves"] == run_tournament({1: THESIS[1]}, None, RunSettings(rounds=1, depth=3, seed=5, jobs=1),
                                              progress=False)[0]["moves"]
    assert "white_depth" not in json.loads((tmp_path / "same" / "meta.json").read_text())
    with pytest.raises(ValueError, match="white_depth: asked 2, recorded None"):
        run_tournament({1: THESIS[1]}, tmp_path / "same", RunSettings(rounds=1, depth=3, seed=5, white_depth=2),
                       progress=False)
    with pytest.raises(ValueError, match="white_depth must be an integer from 1"):
        run_tournament({1: THESIS[1]}, None, RunSettings(rounds=1, depth=3, seed=0, white_depth=MAX_DEPTH + 1),
                       progress=False)


def test_the_plan_said_first_scales_the_committed_twins_time_over_the_real_workers(tmp_path, monkeypatch, capsys):
    """jobs=-1 (every core) is estimated over joblib's count of workers, from the committed run of the same games."""
    import joblib

    one = RunSettings(rounds=1, depth=1, jobs=-1)
    run_tournament({1: (1,) * 6}, tmp_path / "committed" / "runs" / "mine", one, progress=False)  # its timings.json
    monkeypatch.setattr(tournament, "COMMITTED", tmp_path / "committed")
    run_tournament({1: (1,) * 6}, tmp_path / "new" / "runs" / "mine", one)
    said = capsys.readouterr().err.splitlines()[0]
    workers = joblib.effective_n_jobs(-1)
    assert said.startswith(f"Playing 1 game into {tmp_path / 'new' / 'runs' / 'mine'}: about ")
    assert f"min of searching on {workers} worker{'s' if workers > 1 else ''}," in said
