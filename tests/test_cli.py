"""The command line (``python -m pawnslib <command>``) and the pipeline steps it runs: names, defaults, one-line errors.

The command line's tests run no expensive step: they parse (``parse``), ask for help, or give bad values.
"""

import functools
import inspect
import os
import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from pawnslib import config
from pawnslib.__main__ import COMMANDS, PROG, _settings, main, parse
from pawnslib.config import Difference, RunSettings, SettingsMismatch
from pawnslib.dbn.modelfile import ModelFileError
from pawnslib.experiments import pipeline
from pawnslib.experiments.pipeline import ModelMismatch
from pawnslib.game.position import Position
from pawnslib.guided.asym import asym_search
from pawnslib.play.players import AsymPlayer
from pawnslib.search.strategies import THESIS

ROOT = Path(__file__).resolve().parents[1]
TINY = ["--rounds", "1", "--depth", "1", "--jobs", "1"]
ONE = RunSettings(rounds=1, depth=1, jobs=1)  # TINY's settings
TRAINED = RunSettings(train_rounds=1, depth=1, seed=3)  # what the module's model is trained on
RUN = {"--results", "--new", "--seed", "--rules", "--noise", "--jobs"}  # what every step plays by
GAMES = RUN | {"--set", "--method", "--rounds", "--depth", "--openings"}
OPTIONS = {"harmony": RUN, "tournament": GAMES, "train": GAMES - {"--method"} | {"--slices", "--latent"},
           "compare": GAMES | {"--white-depth", "--white-noise"}, "site": {"--results"}, "compile": {"--part"},
           "tidy": set(),
           "check-reproducible": {"--results", "--rev", "--other", "--timing"}}
EVERY_OPTION = set().union(*OPTIONS.values())


def fails(capsys, argv) -> str:
    """Run the command line, which must exit with status 2 and one line on stderr naming the command; return that
    line's message."""
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    prefix = f"{PROG} {argv[0]}: error: " if argv and argv[0] in COMMANDS else f"{PROG}: error: "
    assert err.startswith(prefix), err
    return err[len(prefix):].strip()


def required(command: str, tmp_path: Path) -> list[str]:
    """What ``command`` cannot parse without (in ``tmp_path``): a results folder, a method, a notebook."""
    (tmp_path / "nb.ipynb").touch()
    return {"compare": ["--method", "plain6"], "site": ["--results", str(tmp_path)],
            "check-reproducible": ["--results", str(tmp_path)], "tidy": [str(tmp_path / "nb.ipynb")]}.get(command, [])


def test_every_command_is_tested():
    assert set(OPTIONS) == set(COMMANDS) == {"harmony", "tournament", "train", "compare", "site", "compile", "tidy",
                                             "check-reproducible"}


def test_help_lists_the_commands_and_examples(capsys):
    with pytest.raises(SystemExit) as e:
        main(["--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    assert all(re.search(rf"^ {{4}}{name}\b", out, re.M) for name in COMMANDS), out
    assert "examples:" in out and "python -m pawnslib tournament --set thesis --method asym" in out
    assert "COMMAND --help" in out


@pytest.mark.parametrize("command", sorted(OPTIONS))
def test_each_commands_help_lists_its_own_options_only(capsys, command):
    with pytest.raises(SystemExit) as e:
        main([command, "--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: {PROG} {command} ")
    assert set(re.findall(r"(?<![\w-])--[a-z][a-z-]*", out)) == OPTIONS[command] | {"--help"}
    assert "examples:" in out and f"python -m pawnslib {command}" in out.split("examples:")[1]
    text = " ".join(out.split())
    defaults = {"--seed": f"config.SEED, {config.SEED}", "--jobs": f"config.JOBS, {config.JOBS}",
                "--depth": f"config.DEPTH, {config.DEPTH}", "--rules": f"config.RULES, {config.RULES}",
                "--noise": f"config.NOISE, {config.NOISE}", "--set": "(default: thesis)",
                "--rounds": (f"config.TRAIN_ROUNDS, {config.TRAIN_ROUNDS}" if command == "train"
                             else f"config.ROUNDS, {config.ROUNDS}")}
    for option in OPTIONS[command] & set(defaults):
        assert defaults[option] in text, (option, defaults[option])
    if command == "tournament":
        assert "(minimax, asym; default: minimax)" in text
    if command == "compare":
        assert "(required)" in text and all(name in out for name in ("plain6", "prom-dbn", "oracle"))
        assert "P(S_w | White's moves so far)" in text  # the methods' formulas as plain text
    assert "$" not in out and "\\" not in out  # no TeX in a terminal


@pytest.mark.parametrize(("command", "option"),
                         [(c, o) for c in sorted(OPTIONS) for o in sorted(EVERY_OPTION - OPTIONS[c])])
def test_an_option_the_command_does_not_take_is_refused(capsys, tmp_path, command, option):
    with pytest.raises(SystemExit) as e:
        parse([command, *required(command, tmp_path), option, "1"])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith(f"{PROG} {command}: error: unrecognized arguments: {option} 1 ")


def test_harmony_refuses_the_tournaments_options(capsys):
    """The issue's example, through ``main``: Harmony* plays by its own depth and rounds (HarmonyParams)."""
    assert fails(capsys, ["harmony", "--slices", "2"]).startswith("unrecognized arguments: --slices 2")
    assert fails(capsys, ["harmony", "--depth", "4"]).startswith("unrecognized arguments: --depth 4")


@pytest.mark.parametrize(("args", "message"), [
    (["tournament", "--rounds", "0"], "argument --rounds: rounds must be a positive integer, got 0"),
    (["train", "--rounds", "0"], "argument --rounds: rounds must be a positive integer, got 0"),
    (["tournament", "--rules", "queen"], "argument --rules: invalid choice: 'queen' (choose from 'kalles', 'king')"),
    (["harmony", "--noise", "loud"], "argument --noise: invalid choice: 'loud' (choose from 'thesis', 'position', "
                                     "'none')"),
    (["tournament", "--seed", "-1"], "argument --seed: seed must be a non-negative integer, got -1"),
    (["train", "--seed", "-1"], "argument --seed: seed must be a non-negative integer, got -1"),
    (["harmony", "--seed", "-1"], "argument --seed: seed must be a non-negative integer, got -1"),
    (["harmony", "--seed", "x"], "argument --seed: invalid int value: 'x'"),
    (["compare", "--method", "plain6", "--seed", "1.5"], "argument --seed: invalid int value: '1.5'"),
    (["tournament", "--jobs", "0"], "argument --jobs: jobs must be a non-zero integer (-1: all cores), got 0"),
    (["tournament", "--depth", "0"], "argument --depth: depth must be a positive integer (plies), got 0"),
    (["compare", "--depth", "-2", "--method", "plain6"],
     "argument --depth: depth must be a positive integer (plies), got -2"),
    (["tournament", "--depth", "99"], "argument --depth: depth must be an integer from 1 to 32, got 99"),
    (["tournament", "--set", "ours"], "argument --set: invalid choice: 'ours' (choose from 'thesis', 'harmony')"),
    (["tournament", "--set", "harmony"], "run `python -m pawnslib harmony"),
    (["train", "--set", "harmony"], "run `python -m pawnslib harmony"),
    (["tournament", "--method", "asym"], "run `python -m pawnslib train --set thesis"),
    (["tournament", "--method", "search"], "argument --method: invalid choice: 'search' (choose from 'minimax', "
                                           "'asym')"),
    (["compare", "--method", "search"], "argument --method: invalid choice: 'search' (choose from 'plain6', "),
    (["compare"], "the following arguments are required: --method"),
    (["compare", "--method", "oracle", "--depth", "2"], "argument --depth: method 'oracle' searches below White's "
                                                         "reply: it needs settings.depth >= 3, got 2"),
    (["train", "--slices", "3"], "argument --slices: invalid choice: 3 (choose from 1, 2)"),
    (["train", "--latent", "match"], "argument --latent: invalid choice: 'match' (choose from 'row', 'game')"),
    (["train", "--slices", "2", "--latent", "game"], "argument --latent: --latent game (one S_w per game) is a "
                                                     "one-slice model, not with --slices 2"),
    (["tournament", "--search", "asym"], "unrecognized arguments: --search asym"),
    (["tournament", "--res", "elsewhere"], "unrecognized arguments: --res elsewhere"),  # no abbreviations
    (["bogus"], "argument COMMAND: invalid choice: 'bogus' (choose from 'harmony', 'tournament', 'train', "),
    (["--seed", "7"], "--seed comes before the command; options go after it"),  # options come after the command
    (["tournament", "--rounds", "many"], "argument --rounds: invalid int value: 'many'"),
])
def test_errors_are_one_line_with_status_2(capsys, tmp_path, args, message):
    assert message in fails(capsys, [*args, "--results", str(tmp_path)])
    assert not (tmp_path / "runs").exists()  # nothing written, so a corrected rerun is not refused


def test_no_command_is_one_line(capsys):
    assert fails(capsys, []) == "the following arguments are required: COMMAND"


def test_an_option_before_the_command_is_named(capsys):
    said = fails(capsys, ["--bogus"])  # the review's: argparse said only that COMMAND was required
    assert said.startswith("--bogus comes before the command") and "no command takes --bogus" in said
    said = fails(capsys, ["--results", "X", "tournament"])  # argparse said "invalid choice: 'X'"
    assert said.startswith("--results comes before the command; options go after it, as in `python -m pawnslib "
                           "tournament --results ...`") and "(taken by: harmony, tournament, train" in said


@pytest.mark.parametrize("command", ["harmony", "tournament", "train", "site"])
def test_a_results_folder_that_is_a_file_or_missing_is_refused(capsys, tmp_path, command):
    (tmp_path / "file").write_text("")
    message = fails(capsys, [command, "--results", str(tmp_path / "file")])
    assert message == f"argument --results: {tmp_path / 'file'}: not a folder"
    message = fails(capsys, [command, "--results", str(tmp_path / "missing")])  # a typo starts nothing
    assert message == f"argument --results: {tmp_path / 'missing'}: no such folder" + (
        "" if command == "site" else "; add --new to start a new results folder there")
    assert not (tmp_path / "missing").exists()


def test_a_new_results_folder_is_made_when_asked_and_the_run_says_first_what_it_plays(capsys, tmp_path):
    main(["tournament", *TINY, "--results", str(tmp_path / "new"), "--new"])
    err = capsys.readouterr().err
    assert f"Playing 16 games into {tmp_path / 'new' / 'runs' / 'thesis_minimax'}" in err.splitlines()[0]
    assert (tmp_path / "new" / "runs" / "thesis_minimax" / "games.jsonl.gz").is_file()
    main(["tournament", *TINY, "--results", str(tmp_path / "new")])  # it exists now; nothing left to play or say
    assert "Playing" not in capsys.readouterr().err


@pytest.mark.parametrize(("command", "refusal", "message"), [
    ("tournament", SettingsMismatch("r/runs/thesis_minimax holds a different tournament",
                                    (Difference("rules", "king", "kalles"),), "use another folder"),
     "argument --rules: r/runs/thesis_minimax holds"),
    ("compare", ModelMismatch("r/data/dbn_thesis.npz was trained on other games",
                              (Difference("depth", 2, 1), Difference("seed", 4, 3)), "retrain"),
     "arguments --depth, --seed: r/data/"),
    # Harmony* plays by its own depth (HarmonyParams), not an option of the command: only --seed is named.
    ("harmony", SettingsMismatch("h.jsonl holds a Harmony* run with other parameters",
                                 (Difference("depth", 4, 6), Difference("seed", 2, 1)), "use another file"),
     "argument --seed: h.jsonl holds"),
    ("train", FileNotFoundError("no opponent model r/data/dbn_thesis.npz; run it"), "no opponent model r/data/"),
])
def test_a_steps_refusal_is_one_line_naming_the_option(capsys, monkeypatch, command, refusal, message):
    def refuse(*args, **kwargs):
        raise refusal

    for step in (pipeline.find_strategies, pipeline.set_tournament, pipeline.train_model):
        stand_in = functools.wraps(step)(functools.partial(refuse))  # one per step, with the step's signature
        monkeypatch.setattr(pipeline, step.__name__, stand_in)
    monkeypatch.setattr("pawnslib.experiments.chapter13.method_games", refuse)
    line = fails(capsys, [command, *(["--method", "plain6"] if command == "compare" else [])])
    assert line.startswith(message) and line.endswith(str(refusal))


def test_an_unexpected_exception_is_not_swallowed(monkeypatch):
    def bug(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(pipeline, "set_tournament", functools.wraps(pipeline.set_tournament)(bug))
    with pytest.raises(RuntimeError, match="a bug"):
        main(["tournament"])


def test_a_damaged_strategy_file_is_one_line(capsys, tmp_path):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "strategies_harmony.json").write_bytes(b"\xff\xfe")
    assert "strategies_harmony.json: not a UTF-8 text file" in fails(
        capsys, ["tournament", "--set", "harmony", "--results", str(tmp_path)])


@pytest.mark.parametrize(("argv", "settings"), [
    (["tournament"], RunSettings()),
    (["tournament", "--rounds", "3", "--depth", "2", "--seed", "7", "--jobs", "2", "--rules", "king"],
     RunSettings(rounds=3, depth=2, seed=7, jobs=2, rules="king")),
    (["train", "--rounds", "3"], RunSettings(train_rounds=3)),  # train's --rounds: the rounds it learns from
    (["tournament", "--noise", "position"], RunSettings(noise="position")),
    (["compare", "--method", "plain6", "--rounds", "2"], RunSettings(rounds=2)),
    (["harmony", "--seed", "7", "--jobs", "2", "--rules", "king"], RunSettings(seed=7, jobs=2, rules="king")),
])
def test_the_options_build_one_run_settings(argv, settings):
    assert _settings(parse(argv)) == settings


def test_the_defaults_are_the_steps_own():
    a = parse(["train"])
    assert (a.results, a.set, a.slices, a.latent) == ("results", config.SETS[0], 1, "row")
    assert parse(["tournament"]).method == inspect.signature(pipeline.set_tournament).parameters["method"].default
    assert parse(["compare", "--method", "plain6"]).set == config.COMPARISON_SET


def makefile_invocations() -> list[list[str]]:
    """Every ``python -m pawnslib`` command line of a dry run (make -n -B: nothing is run) of the reproduction, the
    tie-breaking study and one reading, with SEED, JOBS and NOISE set."""
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}  # under `make test`
    out = subprocess.run(["make", "--no-print-directory", "-n", "-B", "reproduce", "tiebreak", "reading", "SEED=7",
                          "JOBS=2", "NOISE=position"], cwd=ROOT, capture_output=True, text=True, check=True,
                         timeout=120, env=env).stdout
    return [shlex.split(m) for m in re.findall(r"-m pawnslib (.+?)(?: &|;|$)", out, re.M)]


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_the_makefiles_invocations_still_parse(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # where the notebooks and folders they read are made first
    invocations = makefile_invocations()
    assert {argv[0] for argv in invocations} == set(COMMANDS) - {"check-reproducible"}  # that one is run by hand
    for argv in invocations:
        if argv[0] == "site":
            Path(argv[argv.index("--results") + 1]).mkdir(exist_ok=True)
        if argv[0] == "tidy":  # every notebook papermill wrote is tidied
            assert len(argv) == 2 and argv[1].endswith(".ipynb") and "/notebooks/" in argv[1]
            Path(argv[1]).parent.mkdir(parents=True, exist_ok=True)
            Path(argv[1]).touch()
        a = parse(argv)
        if argv[0] in ("harmony", "tournament", "train", "compare"):
            assert _settings(a).jobs == 2 and (_settings(a).noise == "position" or "--noise" in argv[1:])
    compare = parse(next(argv for argv in invocations if argv[0] == "compare"))
    assert (compare.set, compare.seed, compare.results) == (config.COMPARISON_SET, 7, "results")
    # The kernels are compiled first (by the set-up, and again as the first step), both parts side by side.
    compiles = [argv for argv in invocations if argv[0] == "compile"]
    assert compiles[:2] == [["compile", "--part", "1"], ["compile", "--part", "2"]]
    half = len(compiles) // 2
    assert compiles == [compiles[0], compiles[1]] * half
    train = [parse(argv) for argv in invocations if argv[0] == "train"]
    assert {(a.slices, a.latent) for a in train} == {(1, "row"), (1, "game"), (2, "row")}


def test_tournament_step_plays_into_the_run_folder(tmp_path):
    main(["tournament", *TINY, "--results", str(tmp_path)])
    again = pipeline.set_tournament(tmp_path, "thesis", settings=ONE, progress=False)
    assert len(again) == 16 and (tmp_path / "runs" / "thesis_minimax" / "games.jsonl").is_file()


def test_pipeline_names_and_defaults_come_from_config():
    for fn in (pipeline.find_strategies, pipeline.set_tournament, pipeline.train_model, pipeline.opponent_model):
        params = inspect.signature(fn).parameters.values()
        assert all(p.kind is p.KEYWORD_ONLY for p in params if p.default is not p.empty), fn.__name__
        defaults = {p.name: p.default for p in params}
        assert defaults["settings"] == RunSettings() == RunSettings(config.SEED, config.RULES, config.DEPTH,
                                                                    config.ROUNDS, config.TRAIN_ROUNDS, config.JOBS,
                                                                    config.NOISE)
        assert not {"seed", "rules", "depth", "rounds", "train_rounds", "n_jobs", "noise"} & set(defaults), fn.__name__
    assert pipeline.BLACK_SEARCHES == ("minimax", "asym") and config.SETS == ("thesis", "harmony")


def test_unknown_set_and_method_list_the_choices(tmp_path):
    with pytest.raises(ValueError, match="'thesis', 'harmony'"):
        pipeline.strategy_set(tmp_path, "ours")
    with pytest.raises(ValueError, match="'minimax', 'asym'"):
        pipeline.set_tournament(tmp_path, "thesis", method="search")
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
        pipeline.set_tournament(results, "thesis", method="asym",
                                 settings=TRAINED.replace(rounds=1, rules="king"))
    # The player itself refuses a game under other rules, whoever built it.
    with pytest.raises(ValueError, match="learnt from games played by the 'kalles' rules; this game is played by "
                                         "'king'"):
        AsymPlayer(THESIS[1], model, 1, depth=1).choose([Position.start(rules="king")], 0)


def test_a_tournament_folder_refuses_games_under_other_rules(tmp_path):
    pipeline.set_tournament(tmp_path, "thesis", settings=ONE, progress=False)
    with pytest.raises(ValueError, match=r"holds a different tournament \(rules: asked 'king', recorded 'kalles'\)"):
        pipeline.set_tournament(tmp_path, "thesis", settings=ONE.replace(rules="king"), progress=False)
    king = pipeline.set_tournament(tmp_path / "king", "thesis", settings=ONE.replace(rules="king"),
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
        pipeline.set_tournament(results, "thesis", method="asym", settings=RunSettings(rounds=1, depth=2, seed=3))
    assert not run.exists()  # refused before anything was written
    records = pipeline.set_tournament(results, "thesis", method="asym", settings=TRAINED.replace(rounds=1),
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
    # the step fits the set's recognisers too: the tempered one and the choice model, each recording its training
    assert config.recogniser_path(results, "thesis").is_file()
    choice = pipeline.choice_model(results, "thesis", settings=TRAINED, fit=False)
    assert choice.training == game.training and choice.depth == 1
    with pytest.raises(ValueError, match="holds no choice model fitted on the training games asked"):
        pipeline.choice_model(results, "thesis", settings=TRAINED.replace(seed=4), fit=False)
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


def test_the_command_line_names_the_options_a_model_file_differs_on(trained, capsys):
    """The step's own refusal, before anything is played: one line naming --depth (tournament's --rounds is not
    the model's training rounds, config.TRAIN_ROUNDS, so it is not named)."""
    results, _ = trained

    def files():
        return {p: p.stat().st_mtime_ns for p in results.rglob("*")}

    before = files()
    line = fails(capsys, ["tournament", "--method", "asym", "--results", str(results), "--depth", "2", "--seed", "3",
                          "--rounds", "1", "--jobs", "1"])
    assert line.startswith(f"argument --depth: {config.model_path(results, 'thesis')} was trained on other games "
                           "(depth: asked 2, recorded 1; rounds: asked 80, recorded 1); retrain with")
    assert files() == before  # refused before anything was written


def test_tidy_and_check_reproducible_name_bad_input_in_one_line(capsys, tmp_path):
    (tmp_path / "bad.ipynb").write_text("{not json")
    assert fails(capsys, ["tidy", str(tmp_path / "missing.ipynb")]) == \
        f"argument NOTEBOOK: {tmp_path / 'missing.ipynb'}: no such file"
    assert fails(capsys, ["tidy", str(tmp_path / "bad.ipynb")]).startswith(f"{tmp_path / 'bad.ipynb'}: not a notebook")
    assert fails(capsys, ["check-reproducible", "--results", str(tmp_path), "--other", str(tmp_path / "nowhere")]) \
        == f"argument --other: {tmp_path / 'nowhere'}: no such folder"
    assert "git rev-parse" in fails(capsys, ["check-reproducible", "--results", str(tmp_path)])  # not in a git tree


def test_check_reproducible_lists_differences_and_exits_1(capsys, tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    for folder, text in ((a, "1"), (b, "2")):
        (folder / "tables").mkdir(parents=True)
        (folder / "tables" / "t.csv").write_text(text)
        (folder / "tables" / "t_timing.csv").write_text(text)  # timing data: not a difference
    with pytest.raises(SystemExit) as e:
        main(["check-reproducible", "--results", str(a), "--other", str(b)])
    assert e.value.code == 1
    assert capsys.readouterr().out.splitlines() == [
        "differs: tables/t.csv", f"1 difference(s) between {a} and {b} outside the timing data"]
    (b / "tables" / "t.csv").write_text("1")
    main(["check-reproducible", "--results", str(a), "--other", str(b)])  # the same: status 0
    assert capsys.readouterr().out.strip() == f"0 difference(s) between {a} and {b} outside the timing data"


def test_compare_plays_several_methods_with_white_at_its_own_depth(capsys, tmp_path):
    a = parse(["compare", "--method", "plain6", "oracle", "--method", "plain8", "--white-depth", "4"])
    assert a.method == ["plain6", "oracle", "plain8"] and a.white_depth == 4
    with pytest.raises(SystemExit) as e:
        parse(["compare", "--method", "plain6", "--white-depth", "0"])
    assert e.value.code == 2
    assert "argument --white-depth: white-depth must be None or a positive integer" in capsys.readouterr().err


def test_a_cell_of_the_map_and_an_opening_are_named_or_refused_in_one_line(capsys, tmp_path):
    a = parse(["compare", "--method", "plain6", "--white-noise", "half", "--white-depth", "2"])
    assert (a.white_noise, a.white_depth, a.openings) == ("half", 2, 0)
    assert parse(["tournament", "--openings", "6"]).openings == 6
    for argv, said in ((["compare", "--method", "plain6", "--white-noise", "loud"], "argument --white-noise: invalid "
                                                                                   "choice: 'loud'"),
                       (["tournament", "--openings", "3"], "argument --openings: openings must be a non-negative even "
                                                           "integer (plies), got 3")):
        with pytest.raises(SystemExit) as e:
            parse(argv)
        assert e.value.code == 2 and said in capsys.readouterr().err
    message = fails(capsys, ["compare", "--method", "plain6", "--white-noise", "none", "--openings", "4",
                             "--results", str(tmp_path)])
    assert "argument --openings: a cell of the map (--white-noise) plays its own 6-ply openings" in message


def test_ctrl_c_in_training_saves_no_model_keeps_the_games_and_says_so(tmp_path, monkeypatch, capsys):
    """Ctrl-C during EM (raised as the second of its restarts begins): exit status 130, one line saying what is
    kept, the games played for it all on disk, and no model file, whole or part written."""
    from pawnslib.dbn import em
    from pawnslib.play.archive import finished_games

    real = em._row_run

    def interrupted_at_the_second_restart(*args):
        run, began = real(*args), []

        def restart(*a):
            if began:
                raise KeyboardInterrupt
            began.append(True)
            return run(*a)
        return restart

    monkeypatch.setattr(em, "_row_run", interrupted_at_the_second_restart)
    with pytest.raises(SystemExit) as e:
        main(["train", "--results", str(tmp_path), "--new", "--rounds", "1", "--depth", "2", "--jobs", "1"])
    err = capsys.readouterr().err
    assert e.value.code == 130 and "Traceback" not in err
    assert err.splitlines()[-1] == (f"{PROG} train: interrupted; every finished game is kept; no model is saved until "
                                    "EM ends, and the same command starts it again")
    assert len(finished_games(tmp_path / "runs" / "thesis_minimax")[0]) == 16  # 4 x 4 pairings, 1 round
    assert not [p.name for p in (tmp_path / "data").rglob("*") if "dbn" in p.name or p.name.endswith(".partial")]
    assert {c.kept for c in COMMANDS.values()} > {COMMANDS["tournament"].kept}  # each command says its own


def test_ctrl_c_keeps_every_finished_game_and_says_so_in_one_line(tmp_path):
    """Ctrl-C in the middle of a tournament (SIGINT to the command's process group, its workers too): exit status 130,
    one line saying what was kept, no traceback and no warning of leaked resources; every game that finished is on
    disk, whole, for the same command to resume from."""
    import signal
    import sys
    import time

    from pawnslib.play.archive import finished_games

    # 8,000 games, over a minute's play even on a quiet machine: however late this process sees the second game
    # (a busy machine starves it), the run is still playing when the interrupt comes
    argv = [sys.executable, "-m", "pawnslib", "tournament", "--results", str(tmp_path), "--new", "--rounds", "500",
            "--depth", "4", "--jobs", "2"]
    # Ctrl-C as at a terminal: a test run as a background job (`make test &`, CI under nohup) inherits SIGINT
    # ignored, and so would the command, so the command starts with the default disposition
    run = subprocess.Popen(argv, cwd=ROOT, stderr=subprocess.PIPE, text=True, start_new_session=True,
                           preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # noqa: PLW1509
    raw, deadline = tmp_path / "runs" / "thesis_minimax" / "games.jsonl", time.monotonic() + 600
    while not (raw.exists() and len(raw.read_text().splitlines()) >= 2):
        assert run.poll() is None and time.monotonic() < deadline, run.stderr.read()[-2000:]
        time.sleep(0.05)
    os.killpg(run.pid, signal.SIGINT)
    err = run.communicate(timeout=120)[1]
    assert run.returncode == 130 and "tournament: interrupted; every finished game is kept" in err, err[-2000:]
    assert "Traceback" not in err and "leaked" not in err, err[-2000:]
    kept = raw.read_text().splitlines()
    assert 2 <= len(kept) < 8000 and len(finished_games(raw.parent)[0]) == len(kept)  # each line a whole record
