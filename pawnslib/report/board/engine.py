"""The engine a person plays in notebook 14: Chapter 13's methods, built as its paired comparison builds them.

:func:`chapter13_engine` turns a game's :class:`~.settings.GameSettings` into an :class:`~.settings.Engine`: Black's
player factory by :func:`pawnslib.experiments.chapter13.black_player` itself (so the engine is the thesis's players,
not a copy of them), the set's strategies, and the choice model of White's moves for the belief bars. It trains
nothing and plays no tournament: a method whose files the results folder lacks is refused with a message saying what
to run.

A person playing White meets any method but those that know White's true weights or search (:data:`KNOWS_WHITE`: a
person has neither); playing Black, White's plain alpha-beta, as White plays in every tournament (``plain8``: two
plies deeper). :func:`menu_label` says in the method menu what each method plays as which colour.

Layer ``report``; it imports ``config``, ``play`` (the archive's file names), ``experiments`` (Chapter 13's methods,
the pipeline's strategy sets and models, MAX_PR) and :mod:`~.controller`.
"""

from __future__ import annotations

from functools import lru_cache, partial
from pathlib import Path

from pawnslib import config
from pawnslib.config import DEFAULT_SETTINGS, RunSettings
from pawnslib.experiments import pipeline
from pawnslib.experiments.chapter13 import METHODS, Method, black_player, check_method
from pawnslib.experiments.maxpr import max_pr
from pawnslib.play.archive import ARCHIVE_NAME, RAW_NAME
from pawnslib.report.board.settings import Engine, EngineSource, GameSettings

PLAIN = tuple(name for name, m in METHODS.items() if m.slices == 0 and not m.opponent)  # plain6, plain8
# The methods that know White's weights (OM search) or White's own search (the foreseeing ones): not a person's.
KNOWS_WHITE = tuple(name for name, m in METHODS.items() if m.opponent == "perfect" or m.foresees)


def _train_hint(folder: Path, set_name: str, m: Method) -> str:
    options = f"{' --slices 2' if m.slices == 2 else ''}{' --latent game' if m.latent == 'game' else ''}"
    return (f"`make reproduce`, or `python -m pawnslib train --set {set_name}{options} --results {folder}`, "
            "makes it")


def _missing(folder: Path, set_name: str, m: Method) -> str | None:
    """What the method needs that ``folder`` lacks, in words (None: nothing)."""
    if m.slices:
        path = config.model_path(folder, set_name, m.slices, m.latent)
        if not path.exists():
            return (f"method {m.name!r} needs the opponent model {path}, which is missing; "
                    f"{_train_hint(folder, set_name, m)}")
    if m.opponent == "learned" and not (path := config.choice_path(folder, set_name)).exists():
        return (f"method {m.name!r} needs the choice model of White's moves {path}, which is missing; "
                f"{_train_hint(folder, set_name, METHODS['prom-dbn'])}")
    if m.rule == "threshold":
        games = config.run_dir(folder, set_name, "minimax")
        if not any((games / name).exists() for name in (ARCHIVE_NAME, RAW_NAME)):
            return (f"method {m.name!r} chooses MAX_PR on the training games in {games}, which are missing; "
                    "`make reproduce` plays them")
    return None


@lru_cache(maxsize=8)
def _max_pr(folder: str, set_name: str, slices: int, run: RunSettings) -> float:
    """A threshold method's MAX_PR (:func:`~pawnslib.experiments.maxpr.max_pr`), chosen once per process."""
    return max_pr(folder, set_name, slices, settings=run)


@lru_cache(maxsize=8)
def _recogniser(folder: str, set_name: str, run: RunSettings):
    """The set's choice model of White's moves (the best recogniser: notebook 08), fitted on ``run``'s training games
    (ValueError otherwise: nothing is fitted here)."""
    return pipeline.choice_model(folder, set_name, settings=run, fit=False)


def _belief(folder: Path, settings: GameSettings, run: RunSettings) -> tuple[object | None, tuple[str, ...]]:
    """The choice model for the belief bars when the person plays White (uniform before the person's first move),
    or None and why not."""
    if settings.colour != "white":
        return None, ()
    path = config.choice_path(folder, settings.strategy_set)
    if not path.exists():
        hint = _train_hint(folder, settings.strategy_set, METHODS["prom-dbn"])
        return None, (f"No belief bars: the choice model of White's moves, {path}, is missing; {hint}.",)
    try:
        return _recogniser(str(folder), settings.strategy_set, run), ()
    except ValueError as e:  # a damaged file
        return None, (f"No belief bars: {e}",)


def chapter13_engine(settings: GameSettings, *, results: str | Path,
                     run: RunSettings = DEFAULT_SETTINGS) -> Engine:
    """The engine for ``settings``, from the results folder ``results`` (the reading's folder below it).

    Args:
        settings: the game's settings (the engine's set, strategy, method; the person's colour; the reading).
        results: the results folder (``config.reading_dir`` finds the reading's).
        run: the run whose models and training games are read (its ``rules`` become the game's reading): the
            models must have been trained on its games, as Chapter 13's comparison requires.

    Raises:
        ValueError: an unknown method or set, a method a person cannot meet, or a file it needs is missing or was
            made otherwise (the message says what to run).
    """
    m = check_method(settings.method)
    run = run.replace(rules=settings.rules)
    folder = config.reading_dir(results, settings.rules)
    strategies = pipeline.strategy_set(folder, settings.strategy_set)
    label = f"{settings.strategy_set} strategy {settings.strategy} as {settings.engine_colour}"
    if m.name in KNOWS_WHITE:
        raise ValueError(f"method {m.name!r} knows White's weights or White's own search, and a person has neither: "
                         f"choose another method")
    if settings.engine_colour == "white":  # White plays plain alpha-beta in every tournament
        plain = m.name in PLAIN
        notes = () if plain else (f"As White the engine plays plain alpha-beta (plain6), White's player in every "
                                  f"tournament: {m.name} is a method for Black.",)
        return Engine(strategies, white_extra=m.extra if plain else 0, notes=notes,
                      label=f"{label}, plain alpha-beta")
    if missing := _missing(folder, settings.strategy_set, m):
        raise ValueError(missing)
    bound = _max_pr(str(folder), settings.strategy_set, m.slices, run) if m.rule == "threshold" else None
    factory, method_label = black_player(folder, settings.strategy_set, m.name, settings=run, bound=bound)
    belief, notes = _belief(folder, settings, run)
    return Engine(strategies, black=factory, belief=belief, notes=notes, label=f"{label}, {method_label}")


def menu_label(method: str) -> str:
    """``method`` as the board's method menu shows it: what it plays as which colour of the engine's."""
    if method in KNOWS_WHITE:
        return f"{method} (not against a person: it knows White)"
    return method if method in PLAIN else f"{method} (as Black; as White the engine plays plain6)"


def chapter13_engines(results: str | Path, *, run: RunSettings = DEFAULT_SETTINGS) -> EngineSource:
    """``engines(settings) -> Engine`` reading ``results`` (see :func:`chapter13_engine`)."""
    return partial(chapter13_engine, results=results, run=run)


__all__ = ["KNOWS_WHITE", "PLAIN", "chapter13_engine", "chapter13_engines", "menu_label"]
