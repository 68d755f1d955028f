"""Which findings survive the tie-breaker: the same experiments under every noise scheme and a second seed.

The thesis's weights are integers, so many moves tie, and the thesis breaks ties by "adding a small random number
in the range ]-.5 : .5[ to the value function when evaluating the board" (Chapter 6): a fresh number per
evaluation, our ``"thesis"`` scheme. We play our findings again under ``"position"`` (a hash of the leaf position:
a leaf reached twice scores alike), ``"none"`` (no noise: ties to the first move in static order), and under
``"thesis"`` with a second master seed (``config.SEED + 1``: how far sampling alone moves them), each variant in its
own results folder (:func:`variant_dir`), played by the same commands with ``--noise`` and ``--seed``.

Without noise the searches are deterministic: every round of a pairing would replay one game (100 rounds: 16
distinct games counted as 1,600). So ``"none"`` plays every game (tournaments, training games and comparisons) from
a seeded random opening of :data:`~pawnslib.play.openings.OPENING_PLIES` plies (``--openings 6`` in the Makefile;
the same opening for every method of a paired comparison), and its Chapter 13 part plays 25 rounds a pairing (400
games a method, the budget of ``make reproduce``). Every rate, interval and test counts distinct games: a record
repeating a game (same pairing and moves; with openings rare, see :mod:`pawnslib.play.openings`) counts once, and
the sample size reported is the distinct games (``distinct_games``).

Per variant and reading, :func:`table_10_2` (the thesis's strategies, Table 10.2's tournament; the chi-square is
against the main run, ``"thesis"`` at ``config.SEED``); per scheme, :func:`chapter13` (the default reading). A
headline *holds under every tie-breaker* when its verdict (the interval's side of the thesis's figure, or the
Holm-corrected sign of a difference) is the same under every variant; else it *depends on the tie-breaker*
(:func:`sensitivity`'s table holds the estimates; the report says the verdict and their range in words).

Imports :mod:`pawnslib.play`, :mod:`pawnslib.search` and the experiments' own modules.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import numpy as np
import pandas as pd
from scipy.stats import chi2, chi2_contingency

from pawnslib import config
from pawnslib.experiments import paired, thesis
from pawnslib.experiments.stats import wilson
from pawnslib.game.position import Position
from pawnslib.play import archive
from pawnslib.play.openings import OPENING_PLIES
from pawnslib.search.seeds import derive_seed
from pawnslib.search.strategies import THESIS
from pawnslib.search.ties import best_ties, root_values

# The Chapter 13 methods the study replays (with plain6) under every scheme (Table 10.2: under every variant).
TIEBREAK_METHODS = ("plain8", "one-hist", "random", "om-perfect", "prom-uniform", "prom-dbn")

FIRST_PLIES = 4  # distinct_openings: the first plies of a game whose sequences are counted (a whole game's)
NONE_ROUNDS = 25  # the no-noise condition's Chapter 13 rounds a pairing (reproduce.mk's TB_NONE_ROUNDS)
NONE_OPENINGS = OPENING_PLIES  # the plies of its seeded openings (reproduce.mk's TB_OPENINGS)
TIE_POSITIONS = 240  # Black root positions per variant and reading whose exact ties are counted
TIE_PLIES = (2, 10, 20)  # the plies of each game they are taken at (while the game runs), games in schedule order


class Variant(NamedTuple):
    """One way of playing the study: a noise scheme and a master seed."""

    noise: str
    seed: int

    def label(self, seed: int = config.SEED) -> str:
        """Its name in the tables: the scheme, and its seed unless it is the study's master seed ``seed``."""
        return self.noise if self.seed == seed else f"{self.noise}, seed {self.seed}"

    def key(self, seed: int = config.SEED) -> str:
        """Its id in column names, whatever the master seed ``seed``: the scheme, ``_second_seed`` added for master
        seed ``seed + 1`` (as its folder is named, :func:`variant_dir`).

        Raises:
            ValueError: a variant of another seed.
        """
        if self.seed not in (seed, seed + 1):
            raise ValueError(f"the study plays master seeds {seed} and {seed + 1}, not {self.seed}")
        return self.noise if self.seed == seed else f"{self.noise}_second_seed"


def variants(seed: int = config.SEED) -> list[Variant]:
    """The main run first, then every other scheme, then the main scheme with the second seed ``seed + 1``."""
    others = [Variant(n, seed) for n in config.NOISES if n != config.NOISE]
    return [Variant(config.NOISE, seed), *others, Variant(config.NOISE, seed + 1)]


def variant_dir(results: str | Path, variant: Variant, *, seed: int = config.SEED) -> Path:
    """Where a variant's results live (the folders ``make reproduce`` plays): ``results`` for the main run, else
    ``results/tiebreak/<noise>``, or ``results/tiebreak/<noise>_second_seed`` for master seed ``seed + 1``.

    Raises:
        ValueError: a variant of another seed.
    """
    return Path(results) if variant == Variant(config.NOISE, seed) else Path(results) / "tiebreak" / variant.key(seed)


def missing(results: str | Path, *, readings=config.READINGS, methods=TIEBREAK_METHODS,
            seed: int = config.SEED, set_name: str = config.COMPARISON_SET) -> list[Path]:
    """The run folders of the study not yet played (``make tiebreak`` plays them): Table 10.2's under every variant
    and reading, Chapter 13's under every scheme."""
    folders = [config.run_dir(config.reading_dir(variant_dir(results, v, seed=seed), r), "thesis", "minimax")
               for v in variants(seed) for r in readings]
    folders += [config.comparison_dir(variant_dir(results, v, seed=seed), set_name, m)
                for v in variants(seed)[: len(config.NOISES)] for m in ("plain6", *methods)]
    return [f for f in folders if not (f / archive.ARCHIVE_NAME).exists()]


# ----------------------------------------------------------------------------- Table 10.2 under each variant


def outcome_table(records: list[dict]) -> pd.DataFrame:
    """Black wins and games per (black, white) pairing."""
    frame = pd.DataFrame([{"black": r["black"], "white": r["white"], "win": r["result"] == "black"} for r in records])
    return frame.groupby(["black", "white"]).win.agg(wins="sum", games="size")


def pairing_chi_square(a: pd.DataFrame, b: pd.DataFrame) -> tuple[float, int, float]:
    """(chi-square, df, p): Pearson's statistic of each pairing's 2x2 table (Black wins, non-wins; ``a``, ``b``),
    summed over the pairings where it is defined, one degree of freedom each (the issue's 164 on 16 df)."""
    stat, df = 0.0, 0
    for key in a.index.intersection(b.index):
        table = np.array([[a.wins[key], a.games[key] - a.wins[key]], [b.wins[key], b.games[key] - b.wins[key]]])
        if (table.sum(axis=0) > 0).all():
            stat += chi2_contingency(table, correction=False)[0]
            df += 1
    return stat, df, float(chi2.sf(stat, df)) if df else float("nan")


def distinct_records(records: list[dict]) -> list[dict]:
    """``records`` without repeated games (:func:`~.paired.distinct_games` of one method): of the games of a
    (black, white) pairing with the same moves, the first in schedule order (round, black, white), in that order."""
    kept = paired.distinct_games({"games": records})["games"]
    return sorted(kept, key=lambda r: (r["round"], r["black"], r["white"]))


def distinct_openings(records: list[dict], plies: int = FIRST_PLIES) -> float:
    """The mean, over pairings, of the number of distinct first-``plies`` move sequences among its games (a seeded
    random opening's moves included: they are what makes deterministic play's games differ)."""
    openings = pd.DataFrame([{"pair": (r["black"], r["white"]), "opening": tuple(r["moves"][:plies])}
                             for r in records])
    return float(openings.groupby("pair").opening.nunique().mean())


def root_ties(records: list[dict], noise: str, *, depth: int = config.DEPTH, n: int = TIE_POSITIONS,
              seed: int = config.SEED) -> dict:
    """Exact ties at Black's root, on the first ``n`` Black positions at :data:`TIE_PLIES` of ``records`` (games in
    schedule order), each searched with its game's seeds. In a game with a seeded random opening of k plies the plies
    count from its end (k + 2, k + 10, k + 20: the opening's moves were searched by no one).

    Returns:
        ``positions``; ``needed``, those whose noise-free best value two or more moves share (a tie to break);
        ``exact``, those whose noisy best value two or more moves share exactly between live lines (a tie the
        noise did not break: the first in static order wins); ``exact_share`` = exact / needed.
    """
    needed = exact = total = 0
    for r in records:
        game_seed = derive_seed(seed, r["black"], r["white"], r["round"])
        for ply in (r.get("opening", 0) + t for t in TIE_PLIES):
            if total == n or ply >= r["plies"]:
                continue
            p = Position.from_text(r["positions"][ply], rules=r["rules"])
            w = THESIS[r["black"]]
            total += 1
            needed += best_ties(root_values(p, w, depth), True)[0] > 1
            k, finished = best_ties(root_values(p, w, depth, seed=derive_seed(game_seed, ply), noise=noise), True)
            exact += k > 1 and not finished
        if total == n:
            break
    return {"positions": total, "needed": needed, "exact": exact, "exact_share": exact / needed if needed else np.nan}


def table_10_2(results: str | Path, *, readings=config.READINGS, seed: int = config.SEED, depth: int = config.DEPTH,
               tie_positions: int = TIE_POSITIONS) -> pd.DataFrame:
    """One row per (reading, variant): Black's win rate with its Wilson interval, the chi-square against the main
    run, distinct openings per pairing and exact root ties (:func:`root_ties`, ``tie_positions`` positions searched
    ``depth`` plies), from each variant's Table 10.2 games.

    Every figure counts distinct games (:func:`distinct_records`): ``games`` is the records, ``distinct_games`` the
    games that differ, the sample the win rate, its interval, the chi-square (the main run's distinct games
    against the variant's, per pairing) and the rest are taken on; a pairing with a single distinct game under both
    runs leaves its 2x2 table without a test (:func:`pairing_chi_square` skips it).

    Raises:
        FileNotFoundError: a variant's tournament has not been played (``make reproduce`` plays them).
    """
    rows = []
    for rules in readings:
        main = None
        for v in variants(seed):
            folder = config.run_dir(config.reading_dir(variant_dir(results, v, seed=seed), rules), "thesis", "minimax")
            records = archive.load_run(folder)
            distinct = distinct_records(records)
            counts = outcome_table(distinct)
            main = counts if main is None else main
            wins, games = int(counts.wins.sum()), int(counts.games.sum())
            lo, hi = wilson(wins, games)
            stat, df, p = pairing_chi_square(main, counts) if counts is not main else (np.nan, 0, np.nan)
            rows.append({"rules": rules, "variant": v.label(seed), "noise": v.noise, "seed": v.seed,
                         "games": len(records), "distinct_games": games, "black_win_rate": wins / games,
                         "win_lo": lo, "win_hi": hi, "chi_square": stat, "df": df, "p": p,
                         "openings": distinct_openings(distinct),
                         **root_ties(distinct, v.noise, depth=depth, n=tie_positions, seed=v.seed)})
    return pd.DataFrame(rows)


# ----------------------------------------------------------------------------- Chapter 13 under each scheme


def chapter13(results: str | Path, *, methods=TIEBREAK_METHODS, seed: int = config.SEED,
              set_name: str = config.COMPARISON_SET) -> pd.DataFrame:
    """One row per (scheme, method): the paired difference from ``plain6`` (:func:`~.paired.method_summary`), from
    each scheme's comparison under the default reading and the main seed.

    Each scheme's methods but ``plain8`` are one family (``tiebreak.<scheme>``): ``p_holm`` is Holm-corrected over
    them and ``diff_lo_all`` to ``diff_hi_all`` is simultaneous over them; ``plain8``, the yardstick, keeps its own
    95 % interval and p (family ``yardstick``). ``diff_lo`` to ``diff_hi`` is the 95 % paired t interval beside its
    ``p``. Every figure counts distinct games: each scheme's records (``plain6``'s and every method's together) lose
    the rounds that repeat a pairing's earlier round under every method (:func:`~.paired.distinct_games`) before the
    summary. ``games`` is a method's paired games as played, ``distinct_games`` those kept, the sample its
    difference, interval and test are taken on.
    """
    frames = []
    for v in variants(seed)[: len(config.NOISES)]:
        folder = variant_dir(results, v, seed=seed)
        records = {m: archive.load_run(config.comparison_dir(folder, set_name, m)) for m in ("plain6", *methods)}
        table = paired.method_summary(paired.scores_frame(paired.distinct_games(records)),
                                      family=f"tiebreak.{v.noise}")
        table = table.rename(columns={"games": "distinct_games"})
        table["games"] = [len(records[m]) for m in table.method]
        frames.append(table[table.method != "plain6"].assign(noise=v.noise))
    return pd.concat(frames, ignore_index=True)[["noise", "method", "games", "distinct_games", "diff", "diff_lo",
                                                 "diff_hi", "diff_lo_all", "diff_hi_all", "p", "p_holm", "family"]]


# ----------------------------------------------------------------------------- the verdict per headline


def side_of(lo: float, hi: float, value: float) -> str:
    """Where an interval lies against a value: "above", "contains" or "below"."""
    return "above" if lo > value else ("below" if hi < value else "contains")


def sign_of(diff: float, p_holm: float, alpha: float = thesis.ALPHA) -> str:
    """A paired difference's verdict: "beats plain6", "loses to plain6" (Holm-corrected p < alpha) or "within noise"."""
    return ("beats plain6" if diff > 0 else "loses to plain6") if p_holm < alpha else "within noise"


def survives(classes: list[str | None]) -> bool:
    """Whether a headline holds under every tie-breaker: every judged variant's class is the same. A class of None
    (a variant without an interval, e.g. a single distinct game) is not judged."""
    return len({c for c in classes if c is not None}) == 1


def _finding(head: dict, keys: list[str], estimates: tuple, classes: list[str | None]) -> dict:
    """One headline's row of :func:`sensitivity`: ``head``, then per variant (``keys``) its estimate, low, high
    (``estimates``: three sequences over the variants) and class, then the verdict."""
    row = dict(head)
    for k, x, lo, hi, c in zip(keys, *estimates, classes, strict=True):
        row |= {f"{k}_estimate": x, f"{k}_lo": lo, f"{k}_hi": hi, f"{k}_class": c}
    holds = survives(classes)
    return row | {"verdict": "holds" if holds else "depends", "holds": holds}


def sensitivity(table: pd.DataFrame, methods: pd.DataFrame, *, seed: int | None = None) -> pd.DataFrame:
    """The headline table: one row per finding, its estimate under each variant and the verdict, numbers and labels
    only (:func:`~pawnslib.report.readable_chapters.survival_table` shows it in words).

    Args:
        table: :func:`table_10_2` (its ``noise`` and ``seed`` name each row's variant).
        methods: :func:`chapter13` (the main seed's, by ``noise``); a difference is shown with its interval
            simultaneous over its family (``diff_lo_all`` to ``diff_hi_all``), the one its class (Holm) goes with.
        seed: the study's master seed; None: the main run's, ``table``'s first row's (:func:`variants` comes first).

    Returns:
        One row per finding: ``finding_id`` (stable: ``t10_2.win_rate.<reading>``, ``ch13.<method>``), ``finding``
        (its label), ``unit`` ("percent": Black's win rate; "score points": a method's paired difference from
        ``plain6``; both stored as fractions), ``reference`` (the thesis's win rate a win rate's interval is set
        against; NaN for a difference); per variant, in :func:`variants`' order, ``<key>_estimate, <key>_lo,
        <key>_hi`` and ``<key>_class`` (:meth:`Variant.key`: ``thesis``, ``position``, ``none``,
        ``thesis_second_seed``; the class is :func:`side_of` the reference or :func:`sign_of`, NaN where there is
        no interval (not judged); all four NaN for a variant the finding was not played under); ``verdict``
        "holds" or "depends" and ``holds`` (:func:`survives`).
    """
    counts = thesis.table_counts(thesis.TABLE_10_2)
    rows, rate = [], counts.black_wins.sum() / counts.games.sum()  # Black's win rate over the thesis's 144 games
    seed = int(table.seed.iloc[0]) if seed is None else seed
    for rules, t in table.groupby("rules", sort=False):
        keys = [Variant(n, int(s)).key(seed) for n, s in zip(t.noise, t.seed, strict=True)]
        classes = [None if np.isnan(lo) else side_of(lo, hi, rate) for lo, hi in zip(t.win_lo, t.win_hi, strict=True)]
        head = {"finding_id": f"t10_2.win_rate.{rules}", "finding": f"Black's Table 10.2 win rate ({rules})",
                "unit": "percent", "reference": rate}
        rows.append(_finding(head, keys, (t.black_win_rate, t.win_lo, t.win_hi), classes))
    for method, t in methods.groupby("method", sort=False):
        keys = [Variant(n, seed).key(seed) for n in t.noise]
        classes = [None if np.isnan(p) else sign_of(d, p) for d, p in zip(t["diff"], t.p_holm, strict=True)]
        head = {"finding_id": f"ch13.{method}", "finding": f"{method} against plain6", "unit": "score points",
                "reference": np.nan}
        rows.append(_finding(head, keys, (t["diff"], t.diff_lo_all, t.diff_hi_all), classes))
    out = pd.DataFrame(rows)
    played = [k for k in (v.key(seed) for v in variants(seed)) if f"{k}_estimate" in out.columns]  # the study's order
    columns = [f"{k}_{c}" for k in played for c in ("estimate", "lo", "hi", "class")]
    return out[["finding_id", "finding", "unit", "reference", *columns, "verdict", "holds"]]
