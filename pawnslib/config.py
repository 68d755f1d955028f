"""Every default of the reproduction, shared by the command line, the Makefile and the notebooks, and
:class:`RunSettings`, the one value that carries a run's settings through the layers.

Imports: nothing of pawnslib (every layer imports this module).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from numbers import Integral
from pathlib import Path

SEED = 2008  # the master seed: every game, search and EM restart of the reproduction derives from it
JOBS = -1  # parallel workers for the games (joblib's n_jobs; -1: all cores); results do not depend on it
SETS = ("thesis", "harmony")  # strategy sets: the thesis's Table 10.1, and the four our Harmony* finds
RULES = "kalles"  # the reading of the rules games are played by (pawnslib.game.rules); recorded everywhere
# The tie-breaking scheme every search plays by (pawnslib.search.noise.SCHEMES); recorded everywhere. "thesis": a fresh
# number in ]-.5, .5[ per evaluation (Chapter 6), reproducibly: a hash of the move's seed and the path from the root.
NOISE = "thesis"
NOISES = ("thesis", "position", "none")  # the schemes (pawnslib.search.noise)
READINGS = ("kalles", "king")  # the readings `make reproduce` runs (RULES first, at results/; the others beside it)
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
COMPARISON_METHODS = ("plain6", "plain8", "one-hist", "two-hist", "one-thr", "two-thr", "random", "one-hist-game",
                      "om-perfect", "prom-uniform", "prom-dbn", "prom-dbn-cal", "om-matched", "oracle",
                      "one-hist-perfect", "oracle-deep")  # experiments.chapter13
# Where prediction pays (experiments.whitedepth): these methods replay Chapter 13's games with White searching each
# of WHITE_DEPTHS plies (Black's depth, DEPTH, is Chapter 13's own games), MAP_ROUNDS rounds a pairing (the
# Makefile's MAP_DEPTHS, MAP_METHODS and MAP_ROUNDS).
WHITE_DEPTHS = (2, 4, 5)
MAP_METHODS = ("plain6", "plain8", "one-hist", "one-hist-perfect", "oracle", "om-perfect", "om-matched",
               "prom-uniform", "prom-dbn-cal")
MAP_ROUNDS = 50
# The oracle's loss taken apart: White one ply shallower than Black (one of WHITE_DEPTHS), its reply at the oracle's
# own horizon.
ORACLE_WHITE_DEPTH = 5
# The tie-breaking study (pawnslib.experiments.tiebreak) replays Table 10.2 under every scheme and a second seed, and
# these of Chapter 13's methods (with plain6) under every scheme.
TIEBREAK_METHODS = ("plain8", "one-hist", "random", "om-perfect", "prom-uniform", "prom-dbn")
COMPARISON_TIMED_GAMES = 24  # games of plain6 whose Black positions time every method back to back
# Notebook 14's board (pawnslib.report.board.widget): by default the person plays White against strategy 1 searching
# by Chapter 13's one-hist; a finished game is saved below the results folder, one JSON line (a tournament's fields).
PLAY_COLOUR = "white"
PLAY_STRATEGY = 1
PLAY_METHOD = "one-hist"
PLAY_RECORDS = "play/games.jsonl"
HARMONY = {"k": 4, "p_hmcr": 0.95, "p_par": 0.5, "bw": 2, "iterations": 100, "games_per_pairing": 1, "depth": 6}
N_SLICES = 4  # DBN time slices (Section 11.2)
OFFLINE_SLICES = (1, 2, 3, 4, 6, 8)  # the time slices Section 11.2's "almost no effect" is checked over
N_STRATEGIES = 4  # strategies per set (Table 10.1)
N_INTERVALS = 16  # states of an interval node at most (Section 8.1)
EM_RESTARTS = 5
EM_MAX_ITER = 300  # EM iterations at most per restart
EM_TOL = 1e-8  # EM stops when the objective changes by at most EM_TOL * |objective|
PSEUDO_COUNT = 1.0  # Dirichlet pseudo-count of every CPT entry in EM (no zero probabilities)
# The perfect-knowledge recogniser (experiments.ceiling): P(move | strategy i) = 1/|T_i| for a move among the replies
# T_i strategy i's search values best, else this (a move outside T_i is impossible for i but must not zero it out).
CEILING_EPSILON = 1e-3
RECOGNITION_MIN_GAMES = 30  # recognition curves are drawn only at White moves where this many games still run
CALIBRATION_FOLDS = 5  # the calibrated recogniser's tau: cross-validated over this many folds of training rounds
# The committed results folder, below the repository (the Makefile's R), and where a notebook run by hand works instead:
# a copy of it below SCRATCH (pawnslib.experiments.params.results_folder), unless PUBLISH_ENV is set, as the Makefile
# sets it for its papermill runs (`PAWNSLIB_PUBLISH=1`).
COMMITTED_RESULTS = "results"
SCRATCH = "scratch"
PUBLISH_ENV = "PAWNSLIB_PUBLISH"


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
    """The calibrated recogniser of a set (its tempering exponent, fitted on the training games): a small JSON beside
    the per-game model it tempers."""
    return Path(results) / "data" / f"recogniser_{strategy_set}.json"


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

    Raises:
        ValueError: a field of the wrong type or out of range, naming the field, its value and the rule.
    """

    seed: int = SEED
    rules: str = RULES
    depth: int = DEPTH
    rounds: int = ROUNDS
    train_rounds: int = TRAIN_ROUNDS
    jobs: int = JOBS
    noise: str = NOISE
    white_depth: int | None = None

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
                                 "None or a positive integer (plies)")}
        for name, (ok, rule) in rules.items():
            if not ok:
                raise ValueError(f"RunSettings.{name} must be {rule}, got {getattr(self, name)!r}")

    def replace(self, **changes) -> RunSettings:
        """A copy with ``changes`` (checked like a new value).

        Raises:
            TypeError: a name that is not a field.
            ValueError: a bad value (see the class).
        """
        return dataclasses.replace(self, **changes)


# The reproduction's run, every field this module's default: the experiments' default settings.
DEFAULT_SETTINGS = RunSettings()
