"""What is global to the reproduction: the master seed and its streams, the readings and strategy sets, the run's
settings (:class:`RunSettings`, the one value that carries them through the layers, and the only home of their
defaults), where results live, and the errors a setting raises (:class:`SettingError`, :class:`SettingsMismatch`).
The command line, the Makefile and the notebooks read them from here. A default that configures one thing lives
beside it instead (Harmony*'s in :class:`~pawnslib.play.harmony.HarmonyParams`, Chapter 13's methods in
:mod:`pawnslib.experiments.chapter13`, the map's in :mod:`pawnslib.experiments.predictability`, the board's in
:mod:`pawnslib.report.board.settings`, ...).

Imports: nothing of pawnslib (every layer imports this module).
"""

from __future__ import annotations

import dataclasses
import importlib
import warnings
from dataclasses import dataclass
from numbers import Integral, Real
from pathlib import Path
from typing import Any, NamedTuple

SEED = 2008  # the master seed: every game, search and EM restart of the reproduction derives from it
JOBS = -1  # parallel workers for the games (joblib's n_jobs; -1: all cores); results do not depend on it
SETS = ("thesis", "harmony")  # strategy sets: the thesis's Table 10.1, and the four our Harmony* finds
RULES = "kalles"  # the reading of the rules games are played by (pawnslib.game.rules); recorded everywhere
# The tie-breaking scheme every search plays by (pawnslib.search.noise.SCHEMES); recorded everywhere. "thesis": a fresh
# number in ]-.5, .5[ per evaluation (Chapter 6), reproducibly: a hash of the move's seed and the path from the root.
NOISE = "thesis"
NOISES = ("thesis", "position", "none")  # the schemes (pawnslib.search.noise)
# The readings of the thesis's rules, by name (pawnslib.game.rules plays each; a position records its index here);
# `make reproduce` runs every one, RULES first at results/, the others beside it.
READINGS = ("kalles", "king")
# The strategy sets each reading's reproduction plays (the Makefile's SETS_<reading> follow it): both sets under both.
READING_SETS = {"kalles": ("thesis", "harmony"), "king": ("thesis", "harmony")}
DEPTH = 6  # the thesis's search depth (Chapters 10 and 11)
# Chapter 3's notebook counts plain minimax's nodes up to this depth: about b^d a search, 10^6 at depth 6 under
# Kalles' reading, 10^7 under the king reading (which would take 3 of the reproduction's minutes for one table).
MINIMAX_MAX_DEPTH = {"kalles": 6, "king": 5}
ROUNDS = 100  # games per pairing (tournaments); the thesis played 9
TRAIN_ROUNDS = 80  # the DBN learns from these minimax rounds; the rest are held out for recognition
# Chapter 13's paired comparison plays fresh games, seeded by derive_seed(SEED, COMPARISON_STREAM, ...), so that
# no method meets a game the opponent models learnt from or MAX_PR was chosen on.
COMPARISON_STREAM = 13
OFFLINE_STREAM = 11  # the random P(e) of Section 11.1's offline comparison: derive_seed(SEED, OFFLINE_STREAM)
COMPARISON_SET = "thesis"  # the set `make reproduce` compares, under RULES (the Makefile's COMPARE_SET)
N_STRATEGIES = 4  # strategies per set (Table 10.1)
# The committed results folder, below the repository (the Makefile's R), and where a notebook run by hand works instead:
# a copy of it below SCRATCH (pawnslib.experiments.params.results_folder), unless PUBLISH_ENV is set, as the Makefile
# sets it for its papermill runs (`PAWNSLIB_PUBLISH=1`).
COMMITTED_RESULTS = "results"
SCRATCH = "scratch"
PUBLISH_ENV = "PAWNSLIB_PUBLISH"


# Defaults that lived here before they moved beside what they configure, by the notebooks' old names: each still reads
# (with a DeprecationWarning) for one release. Their homes are named as strings and imported only when an old name is
# read, so that this module, the bottom layer, still imports nothing of pawnslib.
MOVED = {"HARMONY": ("pawnslib.play.harmony", "HarmonyParams"),
         "COMPARISON_METHODS": ("pawnslib.experiments.chapter13", "METHODS"),
         "COMPARISON_TIMED_GAMES": ("pawnslib.experiments.chapter13", "TIMED_GAMES"),
         "WHITE_DEPTHS": ("pawnslib.experiments.predictability", "WHITE_DEPTHS"),
         "MAP_METHODS": ("pawnslib.experiments.predictability", "MAP_METHODS"),
         "MAP_ROUNDS": ("pawnslib.experiments.predictability", "MAP_ROUNDS"),
         "RECOGNITION_MIN_GAMES": ("pawnslib.experiments.recognition", "RECOGNITION_MIN_GAMES"),
         "CEILING_EPSILON": ("pawnslib.experiments.ceiling", "CEILING_EPSILON"),
         "N_INTERVALS": ("pawnslib.dbn.discretise", "N_INTERVALS"),
         "N_SLICES": ("pawnslib.dbn.model", "N_SLICES")}


def __getattr__(name: str):
    if name not in MOVED:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    home, new = MOVED[name]
    warnings.warn(f"pawnslib.config.{name} moved to {home}.{new}; the old name goes in the next release",
                  DeprecationWarning, stacklevel=2)
    value = getattr(importlib.import_module(home), new)
    if name == "HARMONY":  # it was a dict of HarmonyParams' own settings
        return {k: v for k, v in vars(value()).items() if k not in ("rules", "noise")}
    return tuple(value) if name == "COMPARISON_METHODS" else value


def reading_dir(results: str | Path, rules: str) -> Path:
    """Where a reading's reproduction lives: ``results`` for :data:`RULES`, else ``results/<rules>``."""
    return Path(results) if rules == RULES else Path(results) / rules


def run_dir(results: str | Path, strategy_set: str, method: str) -> Path:
    """A tournament's records: ``results/runs/<set>_<method>`` (set: thesis|harmony, method: minimax|asym)."""
    return Path(results) / "runs" / f"{strategy_set}_{method}"


def model_path(results: str | Path, strategy_set: str, slices: int = 1, latent: str = "row") -> Path:
    """The opponent model trained on a set's minimax tournament: one slice for both colours, or two (Chapter 13).

    ``latent="game"``: the one-slice model whose S_w is one latent per game (``dbn_game_<set>.npz``).
    """
    kind = "_game" if latent == "game" else "" if slices == 1 else str(slices)
    return Path(results) / "data" / f"dbn{kind}_{strategy_set}.npz"


def recogniser_path(results: str | Path, strategy_set: str) -> Path:
    """The tempered recogniser of a set (its tempering exponent, fitted on the training games): a small JSON beside
    the per-game model it tempers."""
    return Path(results) / "data" / f"recogniser_{strategy_set}.json"


def choice_path(results: str | Path, strategy_set: str) -> Path:
    """The choice model of White's moves of a set (:mod:`pawnslib.dbn.choice`, fitted on the training games)."""
    return Path(results) / "data" / f"choice_{strategy_set}.json"


def comparison_dir(results: str | Path, strategy_set: str, method: str, *, white_depth: int | None = None) -> Path:
    """One method's games in Chapter 13's paired comparison: ``results/runs/ch13/<set>_<method>``; with White
    searching ``white_depth`` plies (not Black's), ``results/runs/ch13_white<white_depth>/<set>_<method>``."""
    return Path(results) / "runs" / ("ch13" if white_depth is None else f"ch13_white{white_depth}") / \
        f"{strategy_set}_{method}"


def training_csv(results: str | Path, strategy_set: str) -> Path:
    return Path(results) / "data" / f"training_{strategy_set}.csv"


@dataclass(frozen=True)
class RunSettings:
    """How a run plays, passed as one frozen value instead of loose keywords (every field has this module's default).

    Attributes:
        seed: the master seed: every game, search and EM restart derives from it.
        rules: the reading of the rules (:data:`READINGS`).
        depth: the players' search depth in plies.
        rounds: games per pairing of a tournament (each colour).
        train_rounds: the minimax rounds the opponent model learns from (the rest are held out).
        jobs: parallel workers (joblib's ``n_jobs``; -1: all cores); no result depends on it.
        noise: the tie-breaking scheme every search plays by (:data:`NOISES`).
        white_depth: White's search depth in a tournament, when not ``depth`` (None: ``depth``; Chapter 13's map of
            where prediction pays).
        white_share: the share of White's searches that break ties by ``noise``, the others by static order as
            without noise, which searches by a seeded hash of each search's seed (None: every one, as Black's;
            the map of where prediction pays varies it, :mod:`pawnslib.experiments.predictability`).
        openings: the plies of each game's seeded random opening (:mod:`pawnslib.play.openings`; 0: every game
            from the start position, the thesis's), a non-negative even number.

    Raises:
        SettingError: a field of the wrong type or out of range (a ``ValueError`` that carries the field, its value
            and the rule).
    """

    seed: int = SEED
    rules: str = RULES
    depth: int = DEPTH
    rounds: int = ROUNDS
    train_rounds: int = TRAIN_ROUNDS
    jobs: int = JOBS
    noise: str = NOISE
    white_depth: int | None = None
    white_share: float | None = None
    openings: int = 0

    def __post_init__(self):
        def whole(v) -> bool:
            return isinstance(v, Integral) and not isinstance(v, bool)

        rules = {"seed": (whole(self.seed) and self.seed >= 0, "a non-negative integer"),
                 "rules": (isinstance(self.rules, str) and self.rules in READINGS, f"one of {', '.join(READINGS)}"),
                 "noise": (isinstance(self.noise, str) and self.noise in NOISES, f"one of {', '.join(NOISES)}"),
                 "depth": (whole(self.depth) and self.depth >= 1, "a positive integer (plies)"),
                 "rounds": (whole(self.rounds) and self.rounds >= 1, "a positive integer"),
                 "train_rounds": (whole(self.train_rounds) and self.train_rounds >= 1, "a positive integer"),
                 "jobs": (whole(self.jobs) and self.jobs != 0, "a non-zero integer (-1: all cores)"),
                 "white_depth": (self.white_depth is None or (whole(self.white_depth) and self.white_depth >= 1),
                                 "None or a positive integer (plies)"),
                 "white_share": (self.white_share is None or (isinstance(self.white_share, Real)
                                                             and not isinstance(self.white_share, bool)
                                                             and 0 <= self.white_share <= 1),
                                 "None or a number from 0 to 1"),
                 "openings": (whole(self.openings) and self.openings >= 0 and self.openings % 2 == 0,
                              "a non-negative even integer (plies)")}
        for name, (ok, rule) in rules.items():
            if not ok:
                raise SettingError(name, getattr(self, name), rule)

    def replace(self, **changes) -> RunSettings:
        """A copy with ``changes`` (checked like a new value).

        Raises:
            TypeError: a name that is not a field.
            SettingError: a bad value (see the class).
        """
        return dataclasses.replace(self, **changes)


# The reproduction's run, every field this module's default: the experiments' default settings.
DEFAULT_SETTINGS = RunSettings()


class SettingError(ValueError):
    """A setting of the wrong type or out of range.

    Attributes:
        field: the setting's name (a :class:`RunSettings` field, or a step's parameter).
        value: the value given.
        rule: what the value must be, in words ("a positive integer").

    The message is ``RunSettings.<field> must be <rule>, got <value>`` unless ``message`` says it otherwise.
    """

    def __init__(self, field: str, value: Any, rule: str, *, message: str | None = None):
        super().__init__(message or f"RunSettings.{field} must be {rule}, got {value!r}")
        self.field, self.value, self.rule = field, value, rule


class Difference(NamedTuple):
    """One setting on which a stored run and the run asked for differ."""

    field: str
    asked: Any
    recorded: Any


class SettingsMismatch(ValueError):
    """A stored run (a tournament's folder, a model file, a Harmony* history) was made with other settings than asked.

    Its message names the place and every field that differs, ``<where> (<field>: asked <a>, recorded <r>; ...);
    <advice>``, so that nothing is mixed in silently; the command line blames the options of those fields.

    Attributes:
        where: what was refused, e.g. ``"results/runs/thesis_minimax holds a different tournament"``.
        differences: each field that differs, with the value asked and the value recorded.
        advice: what to do instead, e.g. ``"use another folder"``.
    """

    def __init__(self, where: str, differences: tuple[Difference, ...], advice: str):
        shown = "; ".join(f"{d.field}: asked {d.asked!r}, recorded {d.recorded!r}" for d in differences)
        super().__init__(f"{where} ({shown}); {advice}")
        self.where, self.differences, self.advice = where, tuple(differences), advice

    @property
    def fields(self) -> tuple[str, ...]:
        """The names of the fields that differ, in the message's order."""
        return tuple(d.field for d in self.differences)
