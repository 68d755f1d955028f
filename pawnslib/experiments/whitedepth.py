"""Where prediction pays: Chapter 13's methods against White searching fewer plies than Black (beyond the thesis).

Chapter 13 measures every method against a White as deep as Black (6 plies). The literature expects prediction
to pay against a shallower opponent ((D,d)-OM search, Gao, Iida et al. 2001; Carmel and Markovitch's M*). Here
Black's methods are unchanged (depth 6; ``plain8`` 8) and White searches ``WHITE_DEPTHS`` plies in
turn, in Chapter 13's paired design: every method plays the same seeds at each White depth, ``MAP_ROUNDS``
rounds a pairing (White at 6 is Chapter 13's own games, all of its rounds). Each method's gain is against
``plain6`` at the same White depth, in score points, beside ``plain6``'s own score: against a White that
``plain6`` already beats in nearly every game no method can show a gain, so each gain is also given as a share of
the room ``plain6`` leaves (1 minus its score).

:func:`oracle_loss` takes the oracle's loss apart on the same games: White at 6 or 5 plies (at 5 its reply
sees exactly the oracle's horizon) by pairings where both sides play the same weights (the diagonal) or not,
and the oracle searching 5 plies below the reply (``oracle-deep``, root + 7: White's own horizon).

Imports :mod:`~.chapter13` (the methods and their games) and :mod:`~.paired` (the statistics).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
from statsmodels.stats.multitest import multipletests

from pawnslib import config
from pawnslib.config import DEFAULT_SETTINGS, RunSettings
from pawnslib.experiments import paired
from pawnslib.experiments.chapter13 import method_games, with_baseline
from pawnslib.experiments.costs import BASELINE
from pawnslib.play.records import GameRecord

# Where prediction pays: these methods replay Chapter 13's games with White searching each
# of WHITE_DEPTHS plies (Black's depth, DEPTH, is Chapter 13's own games), MAP_ROUNDS rounds a pairing (the
# Makefile's MAP_DEPTHS, MAP_METHODS and MAP_ROUNDS).
WHITE_DEPTHS = (2, 4, 5)
MAP_METHODS = ("plain6", "plain8", "one-hist", "one-hist-perfect", "oracle", "om-perfect", "om-matched",
               "prom-uniform", "prom-dbn-cal")
MAP_ROUNDS = 50
# The oracle's loss taken apart: White one ply shallower than Black (one of WHITE_DEPTHS), its reply at the oracle's
# own horizon.
ORACLE_WHITE_DEPTH = 5

Runs = dict[int, dict[str, list[GameRecord]]]  # White's depth -> method -> its games
MAP = ["white_depth", "method", "games", "plain6_score", "score", "diff", "diff_lo", "diff_hi", "diff_lo_all",
       "diff_hi_all", "p", "p_holm", "room_share", "room_share_lo", "room_share_hi"]  # white_depth_table's columns
LOSS = ["white_depth", "pairings", "method", "against", "games", "diff", "diff_lo", "diff_hi", "p", "p_holm"]


def white_depth_runs(results: str | Path, set_name: str, *, settings: RunSettings = DEFAULT_SETTINGS,
                     depths=WHITE_DEPTHS, methods=MAP_METHODS, rounds: int = MAP_ROUNDS,
                     progress: bool = True) -> Runs:
    """Every method's games at every White depth, played if missing (:func:`~.chapter13.method_games`).

    Args:
        results: the results folder of the reading ``settings.rules``.
        set_name: the strategy set.
        settings: the run; ``settings.depth`` is Black's depth, and White at that depth is Chapter 13's games
            (``settings.rounds`` rounds).
        depths: White's other depths, each played ``rounds`` rounds a pairing in ``runs/ch13_white<depth>/``.
        methods: Black's methods; ``plain6``, the baseline, is always included.
        progress: progress bars.

    Returns:
        ``{white depth: {method: records}}``, Black's own depth included.

    Raises:
        ValueError: an unknown method or set, a depth out of range, or bad arguments.
    """
    methods = with_baseline(methods)
    runs = {}
    for d in sorted({*depths, settings.depth}):
        run = settings if d == settings.depth else settings.replace(white_depth=d, rounds=rounds)
        runs[d] = {m: method_games(results, set_name, m, settings=run, progress=progress) for m in methods}
    return runs


def white_depth_table(runs: Runs, *, seed: int = config.SEED) -> pd.DataFrame:
    """The map: each method against ``plain6`` at each White depth, paired, in score points.

    Returns:
        One row per (White depth, method other than ``plain6``), columns :data:`MAP`: ``games``, Black's mean
        ``score``, ``plain6``'s (``plain6_score``), the paired ``diff`` with its 95 % cluster-bootstrap interval,
        its interval simultaneous over the methods at that depth (``diff_lo_all`` to ``diff_hi_all``: the one to
        quote for the largest of them) and sign-flip ``p``; ``p_holm`` is Holm-corrected over every row of the map;
        ``room_share`` (with its interval) is ``diff / (1 - plain6_score)``, ``plain6``'s score taken as known (NaN
        when it is 1).
    """
    parts = []
    for d, records in sorted(runs.items()):
        table = paired.method_summary(paired.scores_frame(records), baseline=BASELINE, seed=seed)
        base = float(table.score[table.method == BASELINE].iloc[0])
        parts.append(table[table.method != BASELINE].assign(white_depth=d, plain6_score=base))
    out = pd.concat(parts, ignore_index=True)
    out["p_holm"] = multipletests(out.p, method="holm")[1]
    room = (1 - out.plain6_score).where(out.plain6_score < 1)
    for col in ("", "_lo", "_hi"):
        out[f"room_share{col}"] = out[f"diff{col}"] / room
    return out[MAP]


# The oracle's loss taken apart (module docstring): (White's depth, pairings, method, against); None: Black's depth.
LOSS_CONTRASTS = (
    (None, "diagonal", "oracle", "plain6"), (None, "off the diagonal", "oracle", "plain6"),
    (ORACLE_WHITE_DEPTH, "diagonal", "oracle", "plain6"),
    (ORACLE_WHITE_DEPTH, "off the diagonal", "oracle", "plain6"),
    (ORACLE_WHITE_DEPTH, "all", "oracle", "plain6"),
    (None, "all", "oracle-deep", "plain6"), (None, "all", "oracle-deep", "plain8"),
    (None, "all", "oracle-deep", "oracle"),
)


def oracle_loss(runs: Runs, *, depth: int = config.DEPTH, seed: int = config.SEED) -> pd.DataFrame:
    """The oracle's loss by White's depth and the diagonal, and the oracle searching to White's horizon.

    Args:
        runs: :func:`white_depth_runs`' games (with ``oracle-deep`` at White depth ``depth``, Chapter 13's).
        depth: Black's depth (where ``oracle-deep`` played).
        seed: the statistics' seed.

    Returns:
        One row per contrast of :data:`LOSS_CONTRASTS` whose games exist, columns :data:`LOSS` (score points;
        ``p_holm`` over these rows).
    """
    rows = []
    for white, which, method, against in LOSS_CONTRASTS:
        d = depth if white is None else white
        records = runs.get(d, {})
        if method not in records or against not in records:
            continue
        scores = paired.scores_frame({against: records[against], method: records[method]})
        pairs = [(b, w) for b, w in paired.pairings(scores) if which == "all" or (b == w) == (which == "diagonal")]
        t = paired.subset_test(scores, method, pairs, baseline=against, seed=seed)
        rows.append({"white_depth": d, "pairings": which, "against": against,
                     **{k: v for k, v in t.items() if k != "pairs"}})
    out = pd.DataFrame(rows, columns=LOSS)
    out["p_holm"] = multipletests(out.p, method="holm")[1] if len(out) else np.array([])
    return out[LOSS]
