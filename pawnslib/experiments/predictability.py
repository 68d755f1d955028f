"""Where prediction pays: Chapter 13's methods against a White more or less predictable, at two depths (beyond the
thesis).

Why
---
Chapter 13 plays every method against a White whose ties are broken by the thesis's noise: a fresh random number
at every evaluation. The weights are integers and the noise lies in [-0.5, 0.5), so it only breaks ties, yet ties
are everywhere: a noise-free model of White that knows its weights, depth and static order predicts its reply
only part of the time, and the noise decides the rest. Whether predicting White pays may depend on how predictable
White is, so the map varies exactly that, and White's depth beside it:

* ``WHITE_NOISES``, the levels of White's tie-breaking: ``none`` (every search noise-free: ties to the first move
  in static order, so a model of White's weights, depth and order predicts every reply), ``thesis`` (every search
  with the thesis's noise, Chapter 13's White) and ``half`` between them (a seeded half of White's searches with
  the thesis's noise, the others noise-free: :func:`~pawnslib.play.players.breaks_ties`). Mixing the two whole
  behaviours, rather than shrinking the noise, is the level between that plays games neither end plays: any scale
  of the noise in (0, 1] breaks the same ties the same way, so it would play the thesis's games exactly.
* ``WHITE_DEPTHS``: White searching 2 plies (the shallow opponent opponent modelling is said to pay against,
  (D,d)-OM search, Gao, Iida et al. 2001) and 6 (Black's, as in Chapter 13).

Only White changes: Black's searches keep the thesis's noise in every cell (they are the methods compared; their
tie-breaking is the thesis's law). Every game starts from a seeded random opening of
:data:`~pawnslib.play.openings.OPENING_PLIES` plies, the same for every method and every cell (it is a function of
the game's seed), so that a deterministic White still meets distinct positions and every cell holds distinct
games; :func:`map_table` counts them (``distinct_games``). The cells' methods (``MAP_METHODS``) play the same seeds,
paired within a cell against ``plain6``; ``plain8`` is the yardstick (what two more plies buy there).
:func:`predictability` measures each cell's axis: the share of White's moves that equal the reply of White's
noise-free model.

:func:`oracle_loss` takes the oracle's loss in Chapter 13's own games apart: by pairings where both sides play the
same weights (the diagonal) or not, and the oracle searching 5 plies below the reply (``oracle-deep``, root + 7:
White's own horizon).

Imports :mod:`~.chapter13` (the methods and their games), :mod:`~.paired` (the statistics) and :mod:`pawnslib.play`.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from pawnslib import config
from pawnslib.config import DEFAULT_SETTINGS, RunSettings, SettingError
from pawnslib.experiments import paired, plan
from pawnslib.experiments.chapter13 import LOSS_GROUP, MAP_GROUP, method_games, with_baseline
from pawnslib.experiments.costs import BASELINE
from pawnslib.play.openings import OPENING_PLIES
from pawnslib.play.players import DeepAlphaBeta
from pawnslib.play.records import GameRecord, positions_of
from pawnslib.search.alphabeta import MAX_DEPTH

# The map's cells: White's tie-breaking levels (the share of its searches that break ties by the thesis's noise) by
# White's depths; these methods play MAP_ROUNDS rounds a pairing in each (the Makefile's MAP_NOISES, MAP_DEPTHS,
# MAP_METHODS and MAP_ROUNDS). 25 rounds of 16 pairings: 400 games a method and cell.
WHITE_NOISES = {"none": 0.0, "half": 0.5, "thesis": 1.0}
WHITE_DEPTHS = (2, 6)
MAP_METHODS = ("plain6", "plain8", "oracle", "om-matched", "om-perfect", "prom-uniform", "one-hist", "prom-dbn-cal",
               "prom-learned")
MAP_ROUNDS = 25

Cell = tuple[str, int]  # (White's tie-breaking level, White's depth)
Runs = dict[Cell, dict[str, list[GameRecord]]]  # a cell -> method -> its games
# The cell's contrast that tells recognising White from PrOM search itself: (method, against).
RECOGNITION = ("prom-learned", "prom-uniform")
MAP = ["white_noise", "white_share", "predictability", "white_depth", "method", "games", "distinct_games",
       "plain6_score", "score", "diff", "diff_lo", "diff_hi", "diff_lo_all", "diff_hi_all", "se", "p", "p_holm",
       "family", "plain8_share", "recognition", "recognition_lo", "recognition_hi", "recognition_p"]  # map_table's
LOSS = ["white_depth", "pairings", "method", "against", "games", "diff", "diff_lo", "diff_hi", "diff_lo_all",
        "diff_hi_all", "se", "p", "p_holm", "family"]


def check_cell(white_noise: str, white_depth: int) -> Cell:
    """The cell (``white_noise``, ``white_depth``), checked.

    Raises:
        SettingError: an unknown level (naming ``white_noise`` and the levels) or a depth out of range (naming
            ``white_depth``).
    """
    if white_noise not in WHITE_NOISES:
        raise SettingError("white_noise", white_noise, f"one of {', '.join(WHITE_NOISES)}",
                           message=f"white_noise must be one of {', '.join(WHITE_NOISES)}, got {white_noise!r}")
    if isinstance(white_depth, bool) or not isinstance(white_depth, int | np.integer) or not \
            1 <= white_depth <= MAX_DEPTH:
        raise SettingError("white_depth", white_depth, f"an integer from 1 to {MAX_DEPTH}",
                           message=f"white_depth must be an integer from 1 to {MAX_DEPTH} (plies), got {white_depth!r}")
    return white_noise, int(white_depth)


def cell_dir(results: str | Path, cell: Cell) -> Path:
    """Where a cell's games live: ``results/runs/ch13_map/<white_noise>_white<white_depth>/``."""
    white_noise, white_depth = check_cell(*cell)
    return Path(results) / "runs" / "ch13_map" / f"{white_noise}_white{white_depth}"


def cell_settings(settings: RunSettings, cell: Cell, rounds: int = MAP_ROUNDS) -> RunSettings:
    """The run of a cell: ``settings`` (Black's depth, the seed, the reading, the thesis's noise for Black) with
    White's depth and tie-breaking share, the seeded openings and ``rounds`` rounds a pairing."""
    white_noise, white_depth = check_cell(*cell)
    return settings.replace(white_depth=white_depth, white_share=WHITE_NOISES[white_noise], openings=OPENING_PLIES,
                            rounds=rounds)


def cell_games(results: str | Path, set_name: str, cell: Cell, *, settings: RunSettings = DEFAULT_SETTINGS,
               methods=MAP_METHODS, rounds: int = MAP_ROUNDS, progress: bool = True) -> dict[str, list[GameRecord]]:
    """Every method's games in one cell of the map, played if missing (:func:`~.chapter13.method_games` in
    :func:`cell_dir`).

    Args:
        results: the results folder of the reading ``settings.rules``.
        set_name: the strategy set.
        cell: (White's tie-breaking level, one of :data:`WHITE_NOISES`; White's depth).
        settings: the run; ``settings.depth`` is Black's depth, ``settings.noise`` Black's tie-breaking.
        methods: Black's methods; ``plain6``, the baseline, is always included.
        rounds: games per ordered pairing.
        progress: progress bars.

    Returns:
        ``{method: records}``.

    Raises:
        SettingError: an unknown level, a depth out of range.
        ValueError: an unknown method or set, or bad arguments.
    """
    run, folder = cell_settings(settings, cell, rounds), cell_dir(results, cell)
    return {m: method_games(results, set_name, m, settings=run, progress=progress,
                            out_dir=folder / f"{set_name}_{m}") for m in with_baseline(methods)}


def map_runs(results: str | Path, set_name: str, *, settings: RunSettings = DEFAULT_SETTINGS,
             noises=tuple(WHITE_NOISES), depths=WHITE_DEPTHS, methods=MAP_METHODS, rounds: int = MAP_ROUNDS,
             progress: bool = True) -> Runs:
    """Every cell's games (:func:`cell_games`), ``{(level, depth): {method: records}}``."""
    return {(n, d): cell_games(results, set_name, (n, d), settings=settings, methods=methods, rounds=rounds,
                               progress=progress) for n in noises for d in depths}


def predictability(records: list[GameRecord], strategies: dict, white_depth: int) -> float:
    """The share of White's moves after the opening that equal the reply of White's noise-free model: its weights
    (``strategies[record["white"]]``), depth ``white_depth`` and static order, searched without noise.

    Raises:
        ValueError: no White move to score.
    """
    same = total = 0
    models = {w: DeepAlphaBeta(tuple(weights), depth=white_depth, noise="none") for w, weights in strategies.items()}
    for rec in records:
        positions = positions_of(rec)  # once a game: each White move's search reads the positions up to it
        for ply in range(rec.get("opening", 0) + 1, rec["plies"], 2):
            same += str(models[rec["white"]].choose(positions[: ply + 1], None).move) == rec["moves"][ply]
            total += 1
    if not total:
        raise ValueError("no White move to score: the records are empty or end before White moves")
    return same / total


def _recognition(kept: dict[str, list[GameRecord]]) -> dict[str, float]:
    """A cell's :data:`RECOGNITION` contrast on its distinct games (95 % paired t interval and p, a single planned
    comparison per cell), NaN where either method was not played."""
    method, against = RECOGNITION
    if method not in kept or against not in kept:
        return dict.fromkeys(("recognition", "recognition_lo", "recognition_hi", "recognition_p"), np.nan)
    scores = paired.scores_frame({against: kept[against], method: kept[method]})
    t = paired.subset_test(scores, method, paired.pairings(scores), baseline=against)
    return {"recognition": t["diff"], "recognition_lo": t["diff_lo"], "recognition_hi": t["diff_hi"],
            "recognition_p": t["p"]}


def map_table(runs: Runs, strategies: dict) -> pd.DataFrame:
    """The map: each method against ``plain6`` in each cell, paired, in score points, on distinct games.

    The family (:data:`~.chapter13.MAP_GROUP`) is every method that models White in every cell: all but ``plain6``
    and ``plain8``, which is the yardstick (what two more plies buy), measured beside the family, not in it
    (:data:`~.paired.YARDSTICK`). One family for the whole map, so a page quotes one kind of correction: the
    simultaneous intervals and the Holm p are over the same ``k`` contrasts.

    Args:
        runs: :func:`map_runs`' games.
        strategies: the set's ``{id: weights}`` (White's noise-free model, for ``predictability``).

    Returns:
        One row per (cell, method other than ``plain6``), columns :data:`MAP`: the cell (``white_noise``, its
        ``white_share`` and its measured ``predictability`` on ``plain6``'s games, :func:`predictability`;
        ``white_depth``), ``games`` (records) and ``distinct_games`` (the sample the statistics use:
        :func:`~.paired.distinct_games`), Black's mean ``score`` and ``plain6``'s (``plain6_score``), the paired
        ``diff`` with its 95 % paired t interval, ``se`` and ``p`` (:func:`~.paired.method_summary`);
        ``diff_lo_all`` to ``diff_hi_all`` simultaneous over the whole map's family and ``p_holm`` Holm-corrected
        over it (``plain8``: its own 95 % interval and its own p, family ``yardstick``); ``plain8_share`` is
        ``diff`` as a share of ``plain8``'s in the cell (NaN where ``plain8``'s is not above 0); ``recognition``
        to ``recognition_p`` the cell's :data:`RECOGNITION` contrast (the same on every row of the cell: whether
        a gain of PrOM search comes from recognising White or from the search itself; :func:`_recognition`).
    """
    k = sum(paired.family_size(records, BASELINE) for records in runs.values())
    parts = []
    for (white_noise, white_depth), records in runs.items():
        kept = paired.distinct_games(records)
        table = paired.method_summary(paired.scores_frame(kept), baseline=BASELINE, family=MAP_GROUP, k=k)
        base = float(table.score[table.method == BASELINE].iloc[0])
        yard = table.set_index("method")["diff"].get("plain8", np.nan)
        parts.append(table[table.method != BASELINE].assign(
            white_noise=white_noise, white_share=WHITE_NOISES[white_noise], white_depth=white_depth,
            predictability=predictability(records[BASELINE], strategies, white_depth), plain6_score=base,
            games=len(records[BASELINE]), distinct_games=len(kept[BASELINE]),
            plain8_share=table["diff"] / yard if yard > 0 else np.nan, **_recognition(kept)))
    out = pd.concat(parts, ignore_index=True)
    family = out.family == MAP_GROUP
    out.loc[family, "p_holm"] = plan.holm(out.p[family])
    return out[MAP]


# The oracle's loss taken apart (module docstring), on Chapter 13's games: (pairings, method, against).
LOSS_CONTRASTS = (
    ("diagonal", "oracle", "plain6"), ("off the diagonal", "oracle", "plain6"),
    ("all", "oracle-deep", "plain6"), ("all", "oracle-deep", "plain8"), ("all", "oracle-deep", "oracle"),
)


def oracle_loss(records: dict[str, list[GameRecord]], *, depth: int = config.DEPTH) -> pd.DataFrame:
    """The oracle's loss on the diagonal and off it, and the oracle searching to White's horizon, on Chapter 13's
    games (White at Black's depth ``depth``).

    Args:
        records: Chapter 13's games by method (with ``oracle``, ``oracle-deep``, ``plain6`` and ``plain8``).
        depth: Black's depth, White's in these games (the table's ``white_depth``).

    Returns:
        One row per contrast of :data:`LOSS_CONTRASTS` whose games exist, columns :data:`LOSS` (score points): the
        paired t interval and p (:func:`~.paired.subset_test`); the rows are one family
        (:data:`~.chapter13.LOSS_GROUP`): ``diff_lo_all`` to ``diff_hi_all`` simultaneous over them, ``p_holm``
        Holm-corrected over them.
    """
    chosen = [c for c in LOSS_CONTRASTS if c[1] in records and c[2] in records]
    rows = []
    for which, method, against in chosen:
        scores = paired.scores_frame({against: records[against], method: records[method]})
        pairs = [(b, w) for b, w in paired.pairings(scores) if which == "all" or (b == w) == (which == "diagonal")]
        t = paired.subset_test(scores, method, pairs, baseline=against)
        every = paired.subset_test(scores, method, pairs, baseline=against, k=len(chosen))
        rows.append({"white_depth": depth, "pairings": which, "against": against,
                     **{k: v for k, v in t.items() if k != "pairs"}, "diff_lo_all": every["diff_lo"],
                     "diff_hi_all": every["diff_hi"], "family": LOSS_GROUP})
    out = pd.DataFrame(rows, columns=LOSS)
    out["p_holm"] = plan.holm(out.p)
    return out[LOSS]
