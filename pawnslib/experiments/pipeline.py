"""The reproduction's steps as functions: what the command line, the Makefile and the notebooks run.

Each step is resumable and reads or writes fixed places under ``results`` (see :mod:`pawnslib.config`).
Every step takes the run's settings as one :class:`~pawnslib.config.RunSettings` (seed, reading of the rules,
depth, rounds, training rounds, workers) and records what shapes its games; the reproduction keeps each reading
in its own folder (``config.reading_dir``), and a step refuses a folder's games or model made otherwise.

Imports: ``config``, :mod:`pawnslib.search` (the strategy sets), :mod:`pawnslib.dbn` (training rows, EM, the
model files) and :mod:`pawnslib.play` (tournaments, Harmony*, the asymmetric player); no other experiment.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path

from pawnslib import config
from pawnslib.config import DEFAULT_SETTINGS, Difference, RunSettings, SettingsMismatch
from pawnslib.dbn import learn
from pawnslib.dbn.choice import ChoiceModel
from pawnslib.dbn.em import EM_RESTARTS
from pawnslib.dbn.model import N_SLICES, OpponentModel
from pawnslib.dbn.modelfile import ModelFileError
from pawnslib.dbn.rows import training_rows, write_training_csv
from pawnslib.dbn.tempered import CALIBRATION_FOLDS, TemperedRecogniser, cross_validated_tau
from pawnslib.dbn.twoslice import TwoSliceModel
from pawnslib.play.harmony import HarmonyParams, HarmonyRun, harmony_star
from pawnslib.play.players import AsymFactory
from pawnslib.play.records import GameRecord
from pawnslib.play.tournament import run_tournament
from pawnslib.search.strategies import THESIS, load_strategies, save_strategies

BLACK_SEARCHES = ("minimax", "asym")  # a set tournament's Black: plain alpha-beta, or the asymmetric tree
MODELS = {1: OpponentModel, 2: TwoSliceModel}  # the opponent model by its slices: the thesis's, or Chapter 13's


class ModelMismatch(SettingsMismatch, ModelFileError):
    """A model file trained on other games than asked: both a :class:`~pawnslib.config.SettingsMismatch` (which fields
    differ) and a :class:`~pawnslib.dbn.modelfile.ModelFileError` (the file is not the one expected)."""


def _harmony_path(results: str | Path) -> Path:
    return Path(results) / "data" / "strategies_harmony.json"


def find_strategies(results: str | Path, *, settings: RunSettings = DEFAULT_SETTINGS,
                    params: HarmonyParams | None = None,
                    progress: bool = True) -> tuple[dict[int, tuple[int, ...]], list[HarmonyRun]]:
    """Chapter 10: four Harmony* searches; the best of each is saved as ``data/strategies_harmony.json``.

    Args:
        results: the results folder; the searches' histories go to ``data/harmony/`` (resumed).
        settings: the run's master seed, the reading Harmony*'s games are played by, and its workers (its
            depth and rounds are not Harmony*'s: ``params`` has its own).
        params: Harmony*'s settings (default: :class:`~pawnslib.play.harmony.HarmonyParams`' own, the thesis's);
            their ``rules`` must be ``settings.rules``.
        progress: show progress bars.

    Returns:
        (strategies ``{1: weights, ...}``, the runs).

    Raises:
        ValueError: ``params`` for another reading, or a damaged or different history file.
    """
    params = params or HarmonyParams(rules=settings.rules, noise=settings.noise)
    strategies, runs = harmony_star(params=params, settings=settings, out_dir=Path(results) / "data" / "harmony",
                                    progress=progress)
    path = _harmony_path(results)
    if not path.exists() or load_strategies(path) != strategies:  # an unchanged file keeps its date, for Make
        save_strategies(strategies, path)
    return strategies, runs


def strategy_set(results: str | Path, name: str) -> dict[int, tuple[int, ...]]:
    """A strategy set by name.

    Args:
        results: the results folder.
        name: ``"thesis"`` (Table 10.1) or ``"harmony"`` (``data/strategies_harmony.json``, which
            :func:`find_strategies` writes).

    Returns:
        ``{id: weights}``.

    Raises:
        ValueError: an unknown name, Harmony* has not run yet, or its file is damaged.
    """
    if name == "thesis":
        return THESIS
    if name == "harmony":
        path = _harmony_path(results)
        if not path.exists():
            raise ValueError(f"no Harmony* strategies yet ({path} is missing); run `python -m pawnslib harmony "
                             f"--results {results}` (or notebook 10) first")
        return load_strategies(path)
    raise ValueError(f"strategy set must be one of {', '.join(map(repr, config.SETS))}, got {name!r}")


def set_tournament(results: str | Path, set_name: str, *, method: str = "minimax",
                   settings: RunSettings = DEFAULT_SETTINGS, progress: bool = True) -> list[GameRecord]:
    """A strategy set's tournament (Chapters 10 and 11), kept (and resumed) in ``runs/<set>_<method>``: the set and
    Black's player found by name, then :func:`~pawnslib.play.tournament.run_tournament`.

    Args:
        results: the results folder.
        set_name: one of :data:`~pawnslib.config.SETS`.
        method: one of :data:`BLACK_SEARCHES`: plain alpha-beta for both, or Black with the
            asymmetric tree and the set's opponent model (``data/dbn_<set>.npz``).
        settings: the games' rounds (per ordered pairing), depth, seed, reading and workers; with
            ``method="asym"`` the model must have been trained on ``settings.train_rounds`` minimax rounds of
            the same depth, seed and reading (any other model is refused).
        progress: show a progress bar.

    Returns:
        The records, sorted by (round, black, white).

    Raises:
        ValueError: an unknown set or method, bad arguments, a damaged record, or the run folder
            holds a different tournament (e.g. one played by other rules).
        FileNotFoundError: ``method="asym"`` before the set's opponent model was trained.
        ModelFileError: ``method="asym"`` with a model file trained on other games, or damaged.
    """
    if method not in BLACK_SEARCHES:
        raise ValueError(f"method must be one of {', '.join(map(repr, BLACK_SEARCHES))}, got {method!r}")
    strategies = strategy_set(results, set_name)
    black = None
    if method == "asym":
        path = config.model_path(results, set_name)
        if not path.exists():
            raise FileNotFoundError(f"no opponent model {path}; run `python -m pawnslib train --set {set_name} "
                                    f"--results {results}` first")
        _checked_model(results, set_name, _training(set_name, settings))
        black = AsymFactory(str(path), tuple(strategies.items()))
    return run_tournament(strategies, config.run_dir(results, set_name, method), settings=settings,
                          black_player=black, label=f"{set_name} {method}", progress=progress)


def play_tournament(*args, **kwargs) -> list[GameRecord]:
    """Deprecated name of :func:`set_tournament` (one release only)."""
    warnings.warn("pawnslib.experiments.pipeline.play_tournament is renamed set_tournament; the old name goes in the "
                  "next release", DeprecationWarning, stacklevel=2)
    return set_tournament(*args, **kwargs)


def _training(set_name: str, settings: RunSettings) -> dict:
    """What a model is trained on, as recorded in ``OpponentModel.training``: ``settings.train_rounds`` rounds."""
    return {"set": set_name, "rounds": settings.train_rounds, "depth": settings.depth, "seed": settings.seed,
            "rules": settings.rules, "noise": settings.noise}


def _check_kind(slices: int, latent: str) -> None:
    """ValueError unless (slices, latent) names a model: 1 or 2 slices; a per-game S_w for one slice only."""
    if slices not in MODELS:
        raise ValueError(f"slices must be 1 (one slice for both colours) or 2 (one per colour), got {slices!r}")
    learn.check_latent(latent)
    if latent == "game" and slices != 1:
        raise ValueError("latent='game' (one S_w per game) is a one-slice model: use slices=1")


def train_model(results: str | Path, set_name: str, *, settings: RunSettings = DEFAULT_SETTINGS,
                restarts: int = EM_RESTARTS, slices: int = 1,
                latent: str = "row") -> OpponentModel | TwoSliceModel:
    """Section 8.2: training rows from the first ``settings.train_rounds`` minimax rounds, EM, the model file.

    Writes ``data/training_<set>.csv`` and ``data/dbn_<set>.npz``, which records what it was trained on;
    with ``slices=2`` Chapter 13's two-slice model (one slice learnt from the rows ending in Black's
    moves, one from White's) to ``data/dbn2_<set>.npz`` instead; with ``latent="game"`` the model whose
    S_w is one latent per game (:func:`pawnslib.dbn.em.run_em` with ``groups=``) to ``data/dbn_game_<set>.npz``.

    Args:
        results: the results folder.
        set_name: one of :data:`~pawnslib.config.SETS`.
        settings: ``train_rounds`` (the minimax rounds to learn from, played if missing), their depth, seed
            (also EM's), reading and workers; ``settings.rounds`` is not read.
        restarts: EM restarts.
        slices: 1 (the thesis's model) or 2.
        latent: ``"row"`` (the thesis's S_w, one per training row) or ``"game"`` (one per game; one slice only).

    Returns:
        The trained model.

    Raises:
        ValueError: an unknown set, bad arguments, ``slices`` not 1 or 2, or an unknown ``latent``.
    """
    _check_kind(slices, latent)
    records = set_tournament(results, set_name, settings=settings.replace(rounds=settings.train_rounds))
    rows = training_rows(records, truth=True, mover=slices == 2, game=latent == "game")
    per_game = {"latent": latent} if latent != "row" else {}  # only the one-slice model takes a latent
    model = MODELS[slices].fit(rows.drop(columns="S_w_true"), n_strategies=len(strategy_set(results, set_name)),
                               restarts=restarts, seed=settings.seed, n_slices=N_SLICES,
                               white_truth=rows["S_w_true"].to_numpy(), **per_game)
    model.training = _training(set_name, settings)
    if slices == 1 and latent == "row":
        write_training_csv(rows.drop(columns="S_w_true"), config.training_csv(results, set_name))
    model.save(config.model_path(results, set_name, slices, latent))
    return model


def opponent_model(results: str | Path, set_name: str, *, settings: RunSettings = DEFAULT_SETTINGS,
                   slices: int = 1, latent: str = "row") -> OpponentModel | TwoSliceModel:
    """The set's trained model: loaded when its file exists (so Make sees it unchanged), else trained.

    Args:
        results: the results folder.
        set_name: one of :data:`~pawnslib.config.SETS`.
        settings: ``train_rounds`` (the minimax rounds it is, or is to be, trained on), their depth, seed and
            reading, and the workers for training.
        slices: 1 (the thesis's model) or 2 (Chapter 13's, one slice per colour).
        latent: ``"row"`` or ``"game"`` (see :func:`train_model`).

    Returns:
        The model.

    Raises:
        ModelFileError: the file is damaged, is another kind of model, or was trained on other games than asked.
        ValueError: an unknown set or bad arguments.
    """
    _check_kind(slices, latent)
    if not config.model_path(results, set_name, slices, latent).exists():
        return train_model(results, set_name, settings=settings, slices=slices, latent=latent)
    return _checked_model(results, set_name, _training(set_name, settings), slices, latent)


def _checked_model(results: str | Path, set_name: str, asked: dict, slices: int = 1,
                   latent: str = "row") -> OpponentModel | TwoSliceModel:
    """The set's model file, loaded, if it records having been trained on ``asked``; else ModelFileError."""
    path = config.model_path(results, set_name, slices, latent)
    model = MODELS[slices].load(path)  # a file of the other kind is refused, naming its loader
    recorded = model.training
    fix = (f"retrain with `python -m pawnslib train --results {results} --set {set_name} --rounds "
           f"{asked['rounds']} --depth {asked['depth']} --seed {asked['seed']} --rules {asked['rules']} "
           f"--noise {asked['noise']}"
           f"{' --slices 2' if slices == 2 else ''}{' --latent game' if latent == 'game' else ''}` or delete the file")
    if slices == 1 and model.latent != latent:
        raise ModelFileError(f"{path} holds a model with one S_w per {model.latent}, not per {latent}; {fix}")
    if recorded != asked:
        if not recorded:
            raise ModelFileError(f"{path} does not record what it was trained on; {fix}")
        differences = tuple(Difference(k, asked.get(k), recorded.get(k))
                            for k in sorted(asked.keys() | recorded.keys()) if asked.get(k) != recorded.get(k))
        raise ModelMismatch(f"{path} was trained on other games", differences, fix)
    return model


def tempered_recogniser(results: str | Path, set_name: str, *,
                        settings: RunSettings = DEFAULT_SETTINGS) -> TemperedRecogniser:
    """The set's tempered recogniser (:mod:`pawnslib.dbn.tempered`): the per-game model with its tempering
    exponent, read from ``data/recogniser_<set>.json`` when that file records the same training, else fitted by
    cross-validation on the training games (``CALIBRATION_FOLDS`` folds of rounds) and written.

    Args:
        results: the results folder.
        set_name: one of :data:`~pawnslib.config.SETS`.
        settings: the training rounds, depth, seed, reading and noise the per-game model is (to be) trained on.

    Raises:
        ValueError: an unknown set or bad arguments.
        ModelFileError: a model file trained on other games.
    """
    model = opponent_model(results, set_name, settings=settings, latent="game")
    path = config.recogniser_path(results, set_name)
    asked = _training(set_name, settings)
    if path.is_file():
        fit = json.loads(path.read_text(encoding="utf-8"))
        if fit.get("training") == asked:
            return TemperedRecogniser(model, fit["tau"])
    records = set_tournament(results, set_name, settings=settings.replace(rounds=settings.train_rounds))
    fit = cross_validated_tau(records, n_strategies=len(model.strategy_ids), folds=CALIBRATION_FOLDS,
                              seed=settings.seed, restarts=EM_RESTARTS, n_slices=N_SLICES)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")  # written whole, then renamed: a reader never sees half a file
    tmp.write_text(json.dumps(fit | {"training": asked}, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    tmp.replace(path)
    return TemperedRecogniser(model, fit["tau"])


def calibrated_recogniser(*args, **kwargs) -> TemperedRecogniser:
    """Deprecated name of :func:`tempered_recogniser` (one release only)."""
    warnings.warn("pawnslib.experiments.pipeline.calibrated_recogniser is renamed tempered_recogniser; the old name "
                  "goes in the next release", DeprecationWarning, stacklevel=2)
    return tempered_recogniser(*args, **kwargs)


def choice_model(results: str | Path, set_name: str, *, settings: RunSettings = DEFAULT_SETTINGS,
                 fit: bool = True) -> ChoiceModel:
    """The set's choice model of White's moves (:mod:`pawnslib.dbn.choice`): read from ``data/choice_<set>.json``
    when that file records the same training, else fitted on the training games (their White moves, each labelled
    with White's strategy) and written.

    Args:
        results: the results folder.
        set_name: one of :data:`~pawnslib.config.SETS`.
        settings: the training rounds (played if missing), their depth (White's, the model's D), seed, reading and
            noise; the workers for the fit's searches.
        fit: whether to fit the model when no file records this training (False: ValueError instead).

    Raises:
        ValueError: an unknown set, bad arguments, a damaged model file, or (``fit=False``) no model of this training.
    """
    path, asked = config.choice_path(results, set_name), _training(set_name, settings)
    if path.is_file():
        model = ChoiceModel.load(path)
        if model.training == asked:
            return model
    if not fit:
        raise ValueError(f"{path} holds no choice model fitted on the training games asked ({asked}); `python -m "
                         f"pawnslib train --latent game --set {set_name} --results {results}` fits it")
    records = set_tournament(results, set_name, settings=settings.replace(rounds=settings.train_rounds),
                             progress=False)
    model = ChoiceModel.fit(records, strategy_set(results, set_name), depth=settings.depth, n_jobs=settings.jobs,
                            training=asked)
    model.save(path)
    return model
