"""The command line (``python -m pawnslib``) and the pipeline steps it runs: names, defaults, one-line errors."""

import inspect
import shutil

import pytest

from pawnslib import config
from pawnslib.__main__ import main
from pawnslib.config import RunSettings
from pawnslib.dbn.modelfile import ModelFileError
from pawnslib.experiments import pipeline
from pawnslib.game.position import Position
from pawnslib.guided.asym import asym_search
from pawnslib.play.players import AsymPlayer
from pawnslib.search.strategies import THESIS

TINY = ["--rounds", "1", "--depth", "1", "--jobs", "1"]
ONE = RunSettings(rounds=1, depth=1, jobs=1)  # TINY's settings
TRAINED = RunSettings(train_rounds=1, depth=1, seed=3)  # what the module's model is trained on


def fails(capsys, argv) -> str:
    """Run the command line, which must exit with status 2 and one line on stderr; return that line's message."""
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    prefix = "python -m pawnslib: error: "
    assert err.startswith(prefix)
    return err[len(prefix):].strip()


@pytest.mark.parametrize(("args", "message"), [
    (["tournament", "--rounds", "0"], "argument --rounds: rounds must be a positive integer, got 0"),
    (["train", "--rounds", "0"], "argument --rounds: rounds must be a positive integer, got 0"),
    (["tournament", "--rules", "queen"], "argument --rules: invalid choice: 'queen' (choose from 'kalles', 'king')"),
    (["tournament", "--seed", "-1"], "argument --seed: seed must be a non-negative integer, got -1"),
    (["train", "--seed", "-1"], "argument --seed: seed must be a non-negative integer, got -1"),
    (["harmony", "--seed", "-1"], "argument --seed: seed must be a non-negative integer, got -1"),
    (["harmony", "--seed", "x"], "argument --seed: invalid int value: 'x'"),
    (["tournament", "--jobs", "0"], "argument --jobs: jobs must be a non-zero integer (-1: all cores), got 0"),
    (["tournament", "--depth", "0"], "argument --depth: depth must be a positive integer (plies), got 0"),
    (["compare", "--depth", "-2", "--method", "plain6"],
     "argument --depth: depth must be a positive integer (plies), got -2"),
    (["tournament", "--depth", "99"], "depth must be an integer from 1 to 32, got 99"),
    (["tournament", "--set", "harmony"], "run `python -m pawnslib harmony"),
    (["train", "--set", "harmony"], "run `python -m pawnslib harmony"),
    (["tournament", "--method", "asym"], "run `python -m pawnslib train --set thesis"),
    (["tournament", "--method", "search"], "argument --method: invalid choice: 'search'"),
    (["tournament", "--search", "asym"], "unrecognized arguments: --search asym"),
    (["bogus"], "argument step: invalid choice: 'bogus'"),
    (["tournament", "--rounds", "many"], "argument --rounds: invalid int value: 'many'"),
])
def test_errors_are_one_line_with_status_2(capsys, tmp_path, args, message):
    assert message in fails(capsys, [*args, "--results", str(tmp_path)])
    assert not (tmp_path / "runs").exists()  # nothing written, so a corrected rerun is not refused


def test_a_damaged_strategy_file_is_one_line(capsys, tmp_path):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "strategies_harmony.json").write_bytes(b"\xff\xfe")
    assert "strategies_harmony.json: not a UTF-8 text file" in fails(
        capsys, ["tournament", "--set", "harmony", "--results", str(tmp_path)])


def test_help_shows_every_default_and_examples(capsys):
    with pytest.raises(SystemExit) as e:
        main(["--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    for option in ("--results", "--seed", "--set", "--method", "--rounds", "--depth", "--jobs"):
        assert option in out
    for default in (f"config.SEED, {config.SEED}", f"config.ROUNDS, {config.ROUNDS}", f"config.JOBS, {config.JOBS}",
                    f"config.TRAIN_ROUNDS, {config.TRAIN_ROUNDS}", f"config.DEPTH, {config.DEPTH}",
                    "(default: results)", "(default: thesis)", "(default: minimax)"):
        assert default in " ".join(out.split()), default
    assert "examples:" in out and "python -m pawnslib tournament --set thesis --method asym" in out


def test_tournament_step_plays_into_the_run_folder(tmp_path):
    main(["tournament", *TINY, "--results", str(tmp_path)])
    again = pipeline.play_tournament(tmp_path, "thesis", settings=ONE, progress=False)
    assert len(again) == 16 and (tmp_path / "runs" / "thesis_minimax" / "games.jsonl").is_file()


def test_pipeline_names_and_defaults_come_from_config():
    for fn in (pipeline.find_strategies, pipeline.play_tournament, pipeline.train_model, pipeline.opponent_model):
        params = inspect.signature(fn).parameters.values()
        assert all(p.kind is p.KEYWORD_ONLY for p in params if p.default is not p.empty), fn.__name__
        defaults = {p.name: p.default for p in params}
        assert defaults["settings"] == RunSettings() == RunSettings(config.SEED, config.RULES, config.DEPTH,
                                                                    config.ROUNDS, config.TRAIN_ROUNDS, config.JOBS,
                                                                    config.NOISE)
        assert not {"seed", "rules", "depth", "rounds", "train_rounds", "n_jobs", "noise"} & set(defaults), fn.__name__
    assert pipeline.METHODS == ("minimax", "asym") and pipeline.SETS == ("thesis", "harmony")


@pytest.mark.parametrize(("argv", "settings"), [
    (["tournament"], RunSettings()),
    (["tournament", "--rounds", "3", "--depth", "2", "--seed", "7", "--jobs", "2", "--rules", "king"],
     RunSettings(rounds=3, depth=2, seed=7, jobs=2, rules="king")),
    (["train", "--rounds", "3"], RunSettings(train_rounds=3)),  # train's --rounds: the rounds it learns from
    (["tournament", "--noise", "position"], RunSettings(noise="position")),
    (["compare", "--method", "plain6", "--rounds", "2"], RunSettings(rounds=2)),
])
def test_the_options_build_one_run_settings(argv, settings):
    from pawnslib.__main__ import _parser, _settings

    assert _settings(_parser().parse_args(argv)) == settings


def test_unknown_set_and_method_list_the_choices(tmp_path):
    with pytest.raises(ValueError, match="'thesis', 'harmony'"):
        pipeline.strategy_set(tmp_path, "ours")
    with pytest.raises(ValueError, match="'minimax', 'asym'"):
        pipeline.play_tournament(tmp_path, "thesis", method="search")
    assert not (tmp_path / "runs").exists()


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    results = tmp_path_factory.mktemp("results")
    model = pipeline.train_model(results, "thesis", settings=TRAINED.replace(jobs=1), restarts=1)
    return results, model


def test_train_records_what_the_model_learnt_from(trained):
    results, model = trained
    assert model.training == {"set": "thesis", "rounds": 1, "depth": 1, "seed": 3, "rules": config.RULES,
                              "noise": config.NOISE}
    loaded = pipeline.opponent_model(results, "thesis", settings=TRAINED)
    assert loaded.training == model.training


def test_a_model_trained_on_other_games_is_refused(trained):
    results, _ = trained
    with pytest.raises(ModelFileError, match=r"dbn_thesis.npz was trained on other games \(depth: asked 2, "
                                             r"recorded 1; seed: asked 4, recorded 3\); retrain with "
                                             r"`python -m pawnslib train .*--set thesis --rounds 1 --depth 2 "
                                             r"--seed 4 --rules kalles --noise thesis` or delete the file"):
        pipeline.opponent_model(results, "thesis", settings=TRAINED.replace(depth=2, seed=4))


def test_a_model_trained_under_another_noise_scheme_is_refused(trained):
    results, model = trained
    with pytest.raises(ModelFileError, match=r"trained on other games \(noise: asked 'position', recorded 'thesis'\)"):
        pipeline.opponent_model(results, "thesis", settings=TRAINED.replace(noise="position"))
    # The asymmetric search itself refuses to play another scheme with it, whoever built the player.
    history = [Position.start()]
    with pytest.raises(ValueError, match="learnt from games played with noise 'thesis'; this search plays "
                                         "noise='none'"):
        asym_search(history, THESIS[1], model, 1, depth=2, noise="none")


def test_a_model_trained_under_other_rules_is_refused(trained):
    results, model = trained
    with pytest.raises(ModelFileError, match=r"trained on other games \(rules: asked 'king', recorded 'kalles'\)"):
        pipeline.opponent_model(results, "thesis", settings=TRAINED.replace(rules="king"))
    with pytest.raises(ModelFileError, match=r"rules: asked 'king', recorded 'kalles'"):
        pipeline.play_tournament(results, "thesis", method="asym",
                                 settings=TRAINED.replace(rounds=1, rules="king"))
    # The player itself refuses a game under other rules, whoever built it.
    with pytest.raises(ValueError, match="learnt from games played by the 'kalles' rules; this game is played by "
                                         "'king'"):
        AsymPlayer(THESIS[1], model, 1, depth=1).choose([Position.start(rules="king")], 0)


def test_a_tournament_folder_refuses_games_under_other_rules(tmp_path):
    pipeline.play_tournament(tmp_path, "thesis", settings=ONE, progress=False)
    with pytest.raises(ValueError, match=r"holds a different tournament \(rules: asked 'king', recorded 'kalles'\)"):
        pipeline.play_tournament(tmp_path, "thesis", settings=ONE.replace(rules="king"), progress=False)
    king = pipeline.play_tournament(tmp_path / "king", "thesis", settings=ONE.replace(rules="king"),
                                    progress=False)
    assert {r["rules"] for r in king} == {"king"}
    kalles_illegal = 0
    for r in king:  # the recorded moves replay under the king reading, and some are not kalles moves
        p, q = Position.start(rules="king"), Position.start()
        for move, text in zip(r["moves"], r["positions"][1:], strict=True):
            p = p.play(move)
            assert p.to_text() == text
            if q is not None and move in map(str, q.legal_moves()):
                q = q.play(move)
            else:
                q = None
        kalles_illegal += q is None
    assert kalles_illegal > 0


def test_the_asymmetric_tournament_refuses_a_model_trained_on_other_games(trained):
    results, _ = trained
    run = config.run_dir(results, "thesis", "asym")
    with pytest.raises(ModelFileError, match=r"dbn_thesis.npz was trained on other games \(depth: asked 2, "
                                             r"recorded 1; rounds: asked 80, recorded 1\); retrain"):
        pipeline.play_tournament(results, "thesis", method="asym", settings=RunSettings(rounds=1, depth=2, seed=3))
    assert not run.exists()  # refused before anything was written
    records = pipeline.play_tournament(results, "thesis", method="asym", settings=TRAINED.replace(rounds=1),
                                       progress=False)
    assert len(records) == 16 and all("pr" in i for r in records for i in r["info"][1::2])


def test_a_model_without_provenance_is_refused(trained, tmp_path):
    results, model = trained
    model.training = {}
    model.save(config.model_path(tmp_path, "thesis"))
    with pytest.raises(ModelFileError, match="does not record what it was trained on"):
        pipeline.opponent_model(tmp_path, "thesis", settings=TRAINED)
    model.training = pipeline.opponent_model(results, "thesis", settings=TRAINED).training


def test_the_per_game_model_is_its_own_file_and_kind(trained, capsys):
    results, _ = trained
    main(["train", "--latent", "game", "--set", "thesis", "--rounds", "1", "--depth", "1", "--seed", "3",
          "--results", str(results), "--jobs", "1"])
    path = config.model_path(results, "thesis", latent="game")
    assert path.name == "dbn_game_thesis.npz" and path.is_file()
    game = pipeline.opponent_model(results, "thesis", settings=TRAINED, latent="game")
    assert game.latent == "game" and game.sw_matched
    assert pipeline.opponent_model(results, "thesis", settings=TRAINED).latent == "row"
    shutil.copy(config.model_path(results, "thesis"), path)  # a per-row model under the per-game name
    with pytest.raises(ModelFileError, match=r"one S_w per row, not per game; retrain with .*--latent game"):
        pipeline.opponent_model(results, "thesis", settings=TRAINED, latent="game")
    with pytest.raises(ValueError, match="latent='game' .* is a one-slice model"):
        pipeline.train_model(results, "thesis", settings=TRAINED, slices=2, latent="game")
    with pytest.raises(ValueError, match="latent must be one of 'row', 'game'"):
        pipeline.opponent_model(results, "thesis", latent="match")
    with pytest.raises(SystemExit):
        main(["train", "--latent", "match"])
    assert "invalid choice: 'match'" in capsys.readouterr().err
