"""The thesis's published figures, and the rule that sets ours beside them.

Every number here is typed from the thesis (Pedersen 2008); Table 10.1 lives in
:data:`pawnslib.search.strategies.THESIS`. The thesis played 9 games per pairing, so a cell
``"67%(33%)"`` means 6 Black wins and 3 draws of 9; but every cell is a third, so its 9 games are 3 games' evidence
(:mod:`~.cells` reads that off the tables and tests each cell at it).

The verdicts ("reproduced", "not reproduced", "inconclusive"; "untestable" where no rule could decide at the thesis's
evidence; "new" for what the thesis never measured) follow the analysis plan (:mod:`~.plan`): every figure is judged
against a stated margin, the smallest difference of interest, named here with its reason:

* **A figure** (a share, a mean, a ratio, a change read off its tables), :func:`~.plan.margin_verdict`: *reproduced*
  when our 95 % interval lies within the figure +- its margin, *not reproduced* when it lies wholly outside, else
  *inconclusive* (:func:`prediction_verdicts`, :func:`mean_verdict`, :func:`range_verdict`, :func:`ratio_verdict`,
  :func:`compare_rates`, :func:`no_effect_verdict`).
* **A bound** ("often": at least a third; "greatly": at least halving; "worse": by at least the margin),
  :func:`~.plan.bound_verdict`: the same rule with the range unbounded on the claimed side.
* **A whole table** (Tables 10.2 and 11.1), one joint test of its 16 cells (:func:`~.cells.joint_verdict`); a cell
  keeps a verdict of its own only where its test has power (:func:`~.cells.compare_table`).
* **A statement about the tables** ("every strategy can beat two others", "strategy 4 is the strongest"): the
  statement evaluated on our games, with the thesis's own meaning, which each rule must find true of the
  thesis's own tables (:func:`table_records` makes them records). Its power is simulated: our games redrawn,
  pairing by pairing, from the thesis's table and from our own rates, each judged by the rule
  (:func:`statement_chances`).

A rule that cannot reach a verdict at the thesis's evidence (its power, :func:`~.plan.verdict_chances` or an exact
computation, below :data:`~.plan.POWER`) makes the claim *untestable* there.

Which reading of the rules fits the thesis's tables, by their outcome counts per cell: :func:`predictive_p`.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import NamedTuple

import numpy as np
import pandas as pd
from scipy.special import gammaln
from scipy.stats import fisher_exact

from pawnslib.experiments import plan
from pawnslib.experiments.stats import cluster_means, pair_wins, wilson, wilson_bounds

SEARCH_DEPTH = 6  # the depth of every search of Chapters 10 and 11
GAMES_PER_PAIRING = 9  # Chapter 10: 144 games, 9 per ordered pairing of Tables 10.2 and 11.1
THESIS_GAMES = 16 * GAMES_PER_PAIRING
ALPHA = plan.ALPHA

# Chapter 2's worked examples. Bayes' rule (Figure 2.1, equations 2.2 to 2.7): P(pearl), P(blue | pearl),
# P(blue | no pearl), and the posterior of equation 2.7.
PEARL_PRIOR = 0.4
BLUE_GIVEN_PEARL, BLUE_GIVEN_NO_PEARL = 0.3, 0.1
PEARL_POSTERIOR = Fraction(2, 3)
# EM (Section 2.1, Table 2.1): five cows, None for the thesis's "?"; one EM iteration from uniform tables gives
# E[N(Pr = yes)] = 0.5 + 3 + 0.5 = 4 and P(Pr = yes) = 4/5.
TABLE_2_1 = {"Pr": [None, "yes", "yes", "yes", None],
             "Bt": ["pos", "neg", "pos", "pos", "neg"],
             "Ut": ["pos", "pos", None, "neg", None]}
CATTLE_EXPECTED_YES, CATTLE_P_YES = 4, Fraction(4, 5)

# Tables 10.2 and 11.1: Black (rows) against White (columns), Black's win %, draws in parentheses.
TABLE_10_2 = [["67%", "0%", "67%", "0%"],
              ["67%", "33%(67%)", "33%", "0%"],
              ["67%", "33%(33%)", "33%", "33%"],
              ["100%", "100%", "67%", "100%"]]
TABLE_11_1 = [["67%", "67%(33%)", "0%", "0%"],
              ["33%", "0%(67%)", "0%", "33%"],
              ["67%", "100%", "33%", "67%"],
              ["100%", "100%", "0%", "67%"]]

# The margins: the smallest difference from a figure of the thesis that matters, each with its reason
# (records.line's margin_why), in the figure's own unit.
# A share or a rate: 5 percentage points, the finest step the thesis's own wording of a share takes ("about 50 %").
SHARE_MARGIN = 0.05
SHARE_WHY = "5 points: the finest step of the thesis's own wording of a share ('about 50 %')"
# A change of Black's win rate (Tables 11.2, 11.3, Chapter 12): 15 points, under half the smallest change its tables
# can print (one effective game in three, 33 points).
CHANGE_MARGIN = 0.15
CHANGE_WHY = "15 win-rate points: under half the smallest change its tables can print (a third of a cell's games)"
# A mean, a ratio or a count per game stated without a spread: 10 % of the figure, the precision of the thesis's
# own rounded figures ("about 5" replies: +-0.5).
RELATIVE_MARGIN = 0.10
RELATIVE_WHY = "10 % of the figure: the precision of its own rounded figures ('about 5': +-0.5)"
# Tables 11.2 and 11.3: the (black, white) pairings whose Black win rate rose, and fell, with the asymmetric tree.
# Their own cells (before, after) are the changes the thesis claims; (3, 1)'s "after" differs from Table 11.1's.
TABLE_11_2 = {(1, 2): ("0%", "67%(33%)"), (2, 4): ("0%", "33%"), (3, 1): ("67%", "100%"), (3, 2): ("33%(33%)", "100%")}
TABLE_11_3 = {(1, 3): ("67%", "0%"), (2, 1): ("67%", "33%"), (2, 2): ("33%(67%)", "0%(67%)"), (2, 3): ("33%", "0%"),
              (4, 3): ("67%", "0%"), (4, 4): ("100%", "67%")}

# Chapter 10, on Table 10.2: "all of the strategies can beat at least two of the other strategies".
BEATS_AT_LEAST = 2
# "...but two strategies perform very poorly against one specific opponent" (Chapter 10): winning under POORLY of
# their games (the thesis's own: strategies 1 and 2 won none of their 18 games against 4).
POORLY = 0.1
POORLY_STRATEGIES = 2
CAN_BEAT = POORLY  # i can beat j when it wins at least this share of their games: the complement of "very poorly"
# Chapter 12: strategy 4 is the strongest of Table 10.1's four.
STRONGEST = 4

# Section 11.1.1 and "Additional Stats" of Section 11.2.
CORRECT_PREDICTIONS, PREDICTIONS = 2007, 5520
SHARE_CORRECT_TEXT = 0.5  # the text's "about 50 %" (its own counts give 2007 / 5520, 36 %)
LIKELY_WHEN_CORRECT = 5  # "on average approximately 5 nodes satisfy seen_before when the prediction was correct"
BRANCHING = (10, 11)  # "the branching factor is usually in the range 10 : 11"
DSUM_VALUES = 100  # Section 11.2: "DSum e.g has over 100 different values" in its test data
SORT_SAVES = 2  # "This sort greatly reduces the search space": read as at least halving the nodes of a search
PR_ONE_MOVES = 75  # Figure 11.1: moves played at pr = 1, left out of the histogram
# Section 11.2: "the number of slices has almost no effect on the number of correct predictions": read as every other
# number of time slices changing the share of correct predictions by under NO_EFFECT (a share's margin) from its 4.
NO_EFFECT = SHARE_MARGIN
OFTEN = 1 / 3  # Chapter 12's "often searches to depth 8": at least a third of the searches
NODES_PLAIN, NODES_ASYM = 2670, 2673  # mean nodes per depth-6 search, plain and asymmetric
SECONDS_PLAIN, SECONDS_ASYM = 0.197, 0.873  # mean seconds per search, plain and asymmetric
NODE_RATIO = NODES_ASYM / NODES_PLAIN  # 1.00
TIME_RATIO = SECONDS_ASYM / SECONDS_PLAIN  # 4.4

# Chapter 12: of the three Black players that rarely won, two improved with the asymmetric tree.
UNLIKELY_IMPROVED, UNLIKELY_PLAYERS = 2, 3
# Chapter 12's two claims on the tree's effect, as the report and Chapter 13 name them (both test them).
CLAIM_UNLIKELY = "the asymmetric tree helps Black quite a lot where a win was unlikely"
CLAIM_SUFFERS = f"strategy {STRONGEST} (as Black) suffers with the asymmetric tree"


def parse_cell(cell: str) -> tuple[float, float]:
    """``"33%(67%)"`` -> (0.33..., 0.67...): Black's win rate and draw rate."""
    m = re.fullmatch(r"(\d+)%(?:\((\d+)%\))?", cell.strip())
    if not m:
        raise ValueError(f"not a thesis table cell: {cell!r}")
    return int(m.group(1)) / 100, int(m.group(2) or 0) / 100


def table_frame(table: list[list[str]]) -> pd.DataFrame:
    """A thesis table as printed: its cells, Black (rows) against White (columns), strategy ids from 1."""
    ids = pd.RangeIndex(1, len(table) + 1)
    return pd.DataFrame(table, index=ids.rename("Black"), columns=ids.rename("White"))


def table_counts(table: list[list[str]], games: int = GAMES_PER_PAIRING) -> pd.DataFrame:
    """A thesis table as rows (black, white, games, black_wins, draws), wins rounded to whole games."""
    return pd.DataFrame([{"black": b, "white": w, "games": games, "black_wins": round(win * games),
                          "draws": round(draw * games), "thesis": cell}
                         for b, row in enumerate(table, 1) for w, cell in enumerate(row, 1)
                         for win, draw in [parse_cell(cell)]])


def table_change(pairs: list[tuple[int, int]]) -> float:
    """The thesis's own change of Black's win rate from Table 10.2 to Table 11.1, pooled (averaged) over ``pairs``
    (black, white): the figure its Chapter 12 claims rest on, in win-rate points as a share."""
    return float(np.mean([parse_cell(TABLE_11_1[b - 1][w - 1])[0] - parse_cell(TABLE_10_2[b - 1][w - 1])[0]
                          for b, w in pairs]))


# Chapter 12's two figures, read off its own tables: the change where its Table 10.2 has Black winning under a third
# (+33 points over 1-2, 1-4, 2-4) and over strategy 4's four pairings as Black (-25 points).
UNLIKELY_PAIRS = [(int(r.black), int(r.white)) for r in table_counts(TABLE_10_2).itertuples()
                  if r.black_wins / r.games < 1 / 3]
UNLIKELY_CHANGE = table_change(UNLIKELY_PAIRS)
SUFFERS_CHANGE = table_change([(STRONGEST, w) for w in range(1, len(TABLE_10_2) + 1)])

# The verdicts' written rules (the module docstring's), as the report's legend shows them.
VERDICT_RULES = {
    "reproduced": "our 95 % interval lies within the thesis's figure +- its margin (the smallest difference that "
                  f"matters, stated on every line: a share {100 * SHARE_MARGIN:.0f} points, a change of Black's win "
                  f"rate {100 * CHANGE_MARGIN:.0f} points, a mean, ratio or count {100 * RELATIVE_MARGIN:.0f} % of "
                  "it); a bound ('often', 'greatly', 'worse'): our interval lies wholly on its claimed side; a whole "
                  "table: one joint test of its 16 cells does not reject the thesis's table and has the power to "
                  "reject one that differs by the margin; a statement about the tables: it holds of our games, in the "
                  "sense in which it holds of the thesis's own",
    "not reproduced": "our 95 % interval lies wholly outside the thesis's figure +- its margin, or wholly on the other "
                      "side of a bound; a whole table: its joint test rejects the thesis's table (p < 0.05); a "
                      "statement that does not hold of our games",
    "inconclusive": "our interval straddles an end of the margin or the bound; a table whose joint test neither "
                    "rejects it nor has the power to",
    "untestable": "the power computation says no verdict is within reach at the thesis's evidence: a cell of 3 "
                  "effective games whose test would decide with under 80 % chance, or a change of its Tables 11.2 "
                  "and 11.3 that no outcome at 3 games against 3 could show (the smallest attainable p is above 0.05)",
    "new": "the thesis never measured it; the finding is ours, with its own test",
}


def fisher_p(k1: int, n1: int, k2: int, n2: int) -> float:
    """Fisher's exact two-sided p for k1 of n1 against k2 of n2."""
    return float(fisher_exact([[k1, n1 - k1], [k2, n2 - k2]]).pvalue)


def smallest_fisher_p(n1: int, n2: int) -> float:
    """The smallest two-sided p Fisher's exact test can reach with ``n1`` games against ``n2``, whatever their
    outcomes: 0.10 at 3 against 3, so no change of Tables 11.2 and 11.3 could be shown at their effective sample."""
    return min(fisher_p(k1, n1, k2, n2) for k1 in range(n1 + 1) for k2 in range(n2 + 1))


def compare_rates(k_thesis: int, n_thesis: int, k_ours: int, n_ours: int, *,
                  margin: float = SHARE_MARGIN) -> tuple[str, float, float, float]:
    """(verdict, our rate, our 95 % Wilson interval) for a rate the thesis gives with its counts: its rate
    ``k_thesis / n_thesis`` against our interval by :func:`~.plan.margin_verdict` with ``margin``."""
    lo, hi = wilson(k_ours, n_ours)
    return plan.margin_verdict(lo, hi, k_thesis / n_thesis, margin), k_ours / n_ours, lo, hi


def cluster_interval(values, seed: int = 0, n_boot: int = 2000, *, clusters=None) -> tuple[float, float, float]:
    """(mean, 95 % percentile bootstrap interval) of ``values``; with ``clusters`` (each value's game) the bootstrap
    resamples games, not values: a game's searches or moves are not independent. A figure without a spread has no
    test of its own, so this interval is its only statement of noise (no p stands beside it)."""
    x = np.asarray(values, dtype=float)
    boots, _ = cluster_means(x, clusters, n_boot, np.random.default_rng(seed))
    lo, hi = np.quantile(boots, [(1 - plan.LEVEL) / 2, (1 + plan.LEVEL) / 2])
    return float(x.mean()), float(lo), float(hi)


def mean_verdict(values, thesis_value: float, seed: int = 0, n_boot: int = 2000, *, clusters=None,
                 margin: float | None = None) -> tuple[str, float, float, float]:
    """(verdict, our mean, 95 % bootstrap interval, :func:`cluster_interval`) for a mean the thesis reports without
    a spread, by :func:`~.plan.margin_verdict` with ``margin`` (default :data:`RELATIVE_MARGIN` of the figure)."""
    mean, lo, hi = cluster_interval(values, seed, n_boot, clusters=clusters)
    margin = RELATIVE_MARGIN * abs(thesis_value) if margin is None else margin
    return plan.margin_verdict(lo, hi, thesis_value, margin), mean, lo, hi


def range_verdict(values, bounds: tuple[float, float], seed: int = 0, n_boot: int = 2000, *,
                  clusters=None) -> tuple[str, float, float, float]:
    """(verdict, our mean, 95 % bootstrap interval) for a mean the thesis gives as a range ``bounds`` (low, high),
    as :data:`BRANCHING`: the range is a figure (its middle) +- a margin (half its width), judged by
    :func:`~.plan.margin_verdict`. ``clusters`` as for :func:`mean_verdict`."""
    mid, half = (bounds[0] + bounds[1]) / 2, (bounds[1] - bounds[0]) / 2
    return mean_verdict(values, mid, seed, n_boot, clusters=clusters, margin=half)


def prediction_verdicts(summary: dict) -> dict[str, tuple[str, float, float, float, float, float]]:
    """Section 11.1.1's and Figure 11.1's figures against ours, each by :func:`~.plan.margin_verdict` on an interval
    over games (the moves of a game are not independent).

    Args:
        summary: :func:`~.stats.prediction_summary`.

    Returns:
        Per figure, (verdict, the thesis's figure, ours, low, high, margin): ``"count"`` the share correct by its
        count (2007 of 5520), ``"text"`` by its text ("about 50 %"), both with :data:`SHARE_MARGIN`; ``"per game"``
        predictions per game (5520 in 144 games), :data:`RELATIVE_MARGIN` of the figure; and ``"pr = 1"`` White's
        moves at pr = 1 per game: 75 in a run of unknown size, so 75 / n a game for some n >= 1, any figure from 0 to
        75 (the figure 37.5, the margin 37.5; :func:`pr_one_contradictable` says whether any outcome could fall
        outside it).
    """
    share = (summary["share correct"], summary["ci_low"], summary["ci_high"])
    per_game = (summary["predictions per game"], summary["per_game_lo"], summary["per_game_hi"])
    pr_one = (summary["pr = 1 per game"], summary["pr_one_lo"], summary["pr_one_hi"])
    out = {"count": (CORRECT_PREDICTIONS / PREDICTIONS, *share), "text": (SHARE_CORRECT_TEXT, *share),
           "per game": (PREDICTIONS / THESIS_GAMES, *per_game), "pr = 1": (PR_ONE_MOVES / 2, *pr_one)}
    margins = {k: SHARE_MARGIN if k in ("count", "text") else RELATIVE_MARGIN * f for k, (f, *_) in out.items()}
    margins["pr = 1"] = PR_ONE_MOVES / 2
    return {k: (plan.margin_verdict(lo, hi, f, margins[k]), f, x, lo, hi, margins[k])
            for k, (f, x, lo, hi) in out.items()}


def pr_one_contradictable(most_pr_one: int) -> bool:
    """Whether an outcome of our games could contradict Figure 11.1's "75 in this test run": a run of unknown size
    allows any figure from 0 to 75 a game (75 in one game, fewer a game in a larger run), so only games with more
    than 75 White moves at pr = 1 each could. ``most_pr_one``: the most such moves one of our games had; at or below
    75, no run of our games, however drawn, could contradict the figure, and its rule is untestable."""
    return most_pr_one > PR_ONE_MOVES


def black_searches(records: list[dict], key: str = "nodes") -> np.ndarray:
    """One value (``"nodes"`` or ``"seconds"``) per Black search of a tournament's games, all games together."""
    return np.concatenate([np.asarray(r[key][0::2]) for r in records]) if records else np.empty(0)


def search_games(records: list[dict]) -> np.ndarray:
    """The game (its index in ``records``) of each value of :func:`black_searches`, to resample games."""
    return np.concatenate([np.full(len(r["nodes"][0::2]), k) for k, r in enumerate(records)] or [np.empty(0, int)])


def nodes_verdict(records: list[dict], seed: int = 0) -> tuple[str, float, float, float]:
    """Section 11.2's 2670 nodes per depth-6 search by :func:`mean_verdict` on every Black search of a plain
    tournament's ``records``, resampling games: (verdict, our mean, 95 % bootstrap interval)."""
    return mean_verdict(black_searches(records), NODES_PLAIN, seed, clusters=search_games(records))


def table_records(table: list[list[str]], games: int = GAMES_PER_PAIRING) -> list[dict]:
    """The games behind one of the thesis's outcome tables, as records (black, white, round, result): the thesis's own
    data in the form every statistic of ours reads, so that each verdict rule can be tried on it."""
    out = []
    for r in table_counts(table, games).itertuples():
        results = ["black"] * r.black_wins + ["draw"] * r.draws + ["white"] * (games - r.black_wins - r.draws)
        out += [{"black": r.black, "white": r.white, "round": k, "result": x} for k, x in enumerate(results)]
    return out


def can_beat(records: list[dict]) -> pd.DataFrame:
    """Per strategy: how many others it ``surely`` can beat (the 95 % Wilson interval of its share of their games
    won, either colour, lies wholly at or above :data:`CAN_BEAT`) and how many it ``possibly`` can (the interval's
    top reaches it). One win in 200 games is not "can beat"."""
    pw = pair_wins(records)
    bounds = np.array([wilson(int(w), int(n)) for w, n in zip(pw.won, pw.games, strict=True)]).reshape(-1, 2)
    pw = pw.assign(surely=bounds[:, 0] >= CAN_BEAT, possibly=bounds[:, 1] >= CAN_BEAT)
    return pw.groupby("i")[["surely", "possibly"]].sum().astype(int).rename_axis("strategy")


def beats_verdict(records: list[dict]) -> str:
    """Chapter 10's "all of the strategies can beat at least two of the other strategies" (:func:`can_beat`):
    reproduced when every strategy surely can beat :data:`BEATS_AT_LEAST` others, not reproduced when some cannot
    even possibly, inconclusive otherwise."""
    c = can_beat(records)
    return ("reproduced" if (c.surely >= BEATS_AT_LEAST).all()
            else "not reproduced" if (c.possibly < BEATS_AT_LEAST).any() else "inconclusive")


def poorly_verdict(strength: pd.DataFrame) -> tuple[str, list[tuple[int, int]]]:
    """Chapter 10's "two strategies perform very poorly against one specific opponent": (verdict, the (i, j) pairs
    where i won under :data:`POORLY` of their games, both colours). Reproduced when exactly
    :data:`POORLY_STRATEGIES` strategies do, all against the same opponent; not reproduced otherwise."""
    pairs = [(int(i), int(r.worst_against)) for i, r in strength.iterrows() if r.worst_share < POORLY]
    same = len({j for _, j in pairs}) == 1
    return ("reproduced" if len(pairs) == POORLY_STRATEGIES and same else "not reproduced"), pairs


def strongest_verdict(strength: pd.DataFrame) -> tuple[str, int, bool]:
    """Chapter 12's "strategy 4 is stronger than the rest": (verdict, our strongest by win rate over both colours,
    whether its 95 % interval lies above every other's). Reproduced when it is :data:`STRONGEST` and clearly ahead,
    inconclusive when it is :data:`STRONGEST` but the intervals overlap, not reproduced otherwise."""
    best = int(strength.win_rate.idxmax())
    ahead = all(strength.loc[best, "ci_low"] > strength.loc[i, "ci_high"] for i in strength.index if i != best)
    return ("not reproduced" if best != STRONGEST else "reproduced" if ahead else "inconclusive"), best, ahead


# The statements' power: each statement rule (beats_verdict, poorly_verdict, strongest_verdict) vectorised over
# simulated tournaments, each tournament's games tallied per ordered pair of strategies.
STATEMENT_SIMULATIONS = 200  # tournaments simulated for a statement's chances (each +-0.03 at 80 %)
OUTCOMES = ("black", "draw", "white")  # a pairing's outcomes, in the order of its counts


class Tally(NamedTuple):
    """Tournaments' games per ordered pair of strategies: ``ids`` (K, sorted); ``won[s, i, j]`` the games i won
    against j (either colour, a self-game's win on the diagonal) in tournament s; ``drawn[s, i, j]`` the draws
    between i and j (i != j, symmetric); ``games[i]`` the games i played (a self-game twice), the same in every
    tournament."""

    ids: np.ndarray
    won: np.ndarray
    drawn: np.ndarray
    games: np.ndarray


def outcome_counts(records: list[dict]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(the strategy ids, sorted; the (black, white) pairings that played, P x 2; their counts of :data:`OUTCOMES`,
    P x 3) of a tournament's records (only their black, white and result are read).

    Raises:
        ValueError: a result not one of :data:`OUTCOMES`.
    """
    counts: dict[tuple[int, int], list[int]] = {}
    for r in records:
        if r["result"] not in OUTCOMES:
            raise ValueError(f"unknown result {r['result']!r}; a game's is one of {', '.join(OUTCOMES)}")
        counts.setdefault((int(r["black"]), int(r["white"])), [0, 0, 0])[OUTCOMES.index(r["result"])] += 1
    pairs = np.array(sorted(counts), dtype=int).reshape(-1, 2)
    return np.unique(pairs), pairs, np.array([counts[tuple(p)] for p in pairs], dtype=int).reshape(-1, 3)


def pair_tally(ids: np.ndarray, pairs: np.ndarray, counts: np.ndarray) -> Tally:
    """The :class:`Tally` of tournaments whose pairings ``pairs`` (:func:`outcome_counts`) had ``counts`` (S x P x 3,
    or P x 3 for one tournament) of :data:`OUTCOMES`."""
    counts = np.asarray(counts).reshape(-1, *np.shape(pairs)[:1], 3)
    at = np.searchsorted(ids, pairs)  # each pairing's (black, white) as indices of ids
    won = np.zeros((len(counts), len(ids), len(ids)), dtype=int)
    drawn = np.zeros_like(won)
    for p, (b, w) in enumerate(at):
        won[:, b, w] += counts[:, p, 0]
        won[:, w, b] += counts[:, p, 2]
        if b != w:
            drawn[:, b, w] += counts[:, p, 1]
            drawn[:, w, b] += counts[:, p, 1]
    games = np.bincount(at.reshape(-1), weights=np.repeat(counts[0].sum(axis=1), 2), minlength=len(ids))
    return Tally(ids, won, drawn, games.astype(int))


def _between(t: Tally) -> np.ndarray:
    """Games between i and j (i != j, either colour), S x K x K; 0 on the diagonal."""
    n = t.won + t.won.transpose(0, 2, 1) + t.drawn
    n[:, np.arange(len(t.ids)), np.arange(len(t.ids))] = 0
    return n


def beats_verdicts(t: Tally) -> np.ndarray:
    """:func:`beats_verdict` of each tournament of ``t``."""
    n = _between(t)
    lo, hi = wilson_bounds(t.won, n)
    met = n > 0
    surely, possibly = ((lo >= CAN_BEAT) & met).sum(axis=2), ((hi >= CAN_BEAT) & met).sum(axis=2)
    present = met.any(axis=2)  # the strategies that met another (can_beat's rows)
    yes = np.all((surely >= BEATS_AT_LEAST) | ~present, axis=1)
    no = np.any((possibly < BEATS_AT_LEAST) & present, axis=1)
    return np.where(yes, "reproduced", np.where(no, "not reproduced", "inconclusive"))


def poorly_verdicts(t: Tally) -> np.ndarray:
    """:func:`poorly_verdict` (on :func:`~.stats.strategy_strength`) of each tournament of ``t``."""
    n = _between(t)
    with np.errstate(divide="ignore", invalid="ignore"):
        share = np.where(n > 0, t.won / n, np.inf)
    worst = share.argmin(axis=2)  # the first of the smallest, as strategy_strength's
    poor = share.min(axis=2) < POORLY  # inf (never met another) is not poor
    k = len(t.ids)
    same = np.where(poor, worst, k).min(axis=1) == np.where(poor, worst, -1).max(axis=1)
    return np.where((poor.sum(axis=1) == POORLY_STRATEGIES) & same, "reproduced", "not reproduced")


def strongest_verdicts(t: Tally) -> np.ndarray:
    """:func:`strongest_verdict` (on :func:`~.stats.strategy_strength`) of each tournament of ``t``."""
    wins = t.won.sum(axis=2)
    best = (wins / t.games).argmax(axis=1)  # the first of the best, as idxmax
    lo, hi = wilson_bounds(wins, t.games)
    rows = np.arange(len(wins))
    others = np.arange(len(t.ids)) != best[:, None]
    ahead = np.all((lo[rows, best][:, None] > hi) | ~others, axis=1)
    return np.where(t.ids[best] != STRONGEST, "not reproduced", np.where(ahead, "reproduced", "inconclusive"))


STATEMENT_RULES = {"beats": beats_verdicts, "poorly": poorly_verdicts, "strongest": strongest_verdicts}


def table_rates(table: list[list[str]], pairs: np.ndarray) -> np.ndarray:
    """The chances of :data:`OUTCOMES` in each (black, white) pairing of ``pairs`` by one of the thesis's tables
    (its counts at :data:`GAMES_PER_PAIRING` a cell: every rate a third).

    Raises:
        ValueError: a pairing the table does not have.
    """
    c = table_counts(table).set_index(["black", "white"])
    if missing := [(int(b), int(w)) for b, w in pairs if (b, w) not in c.index]:
        raise ValueError(f"pairing(s) {missing} are not in the thesis's table")
    c = c.loc[[(int(b), int(w)) for b, w in pairs]]
    wins, draws = c.black_wins.to_numpy(), c.draws.to_numpy()
    return np.stack([wins, draws, c.games.to_numpy() - wins - draws], axis=1) / c.games.to_numpy()[:, None]


def statement_chances(records: list[dict], rule, *, table: list[list[str]] = TABLE_10_2,
                      n_sim: int = STATEMENT_SIMULATIONS, seed: int = 0) -> dict[str, dict[str, float]]:
    """A statement rule's chances by simulation (a parametric bootstrap): P(reproduced) and P(not reproduced) when
    the truth is the thesis's ``table`` (``"thesis"``) and when it is our games' rates (``"ours"``), at our sample.

    Each of ``n_sim`` tournaments redraws every (black, white) pairing of ``records`` with as many games as ours,
    its win / draw / loss counts multinomial at the truth's rates for that pairing (ours: our own shares, so an
    outcome we never saw is never drawn), and the rule judges it as it judges our games.

    Args:
        records: our games (black, white, result read).
        rule: a vectorised statement rule (:data:`STATEMENT_RULES`: :func:`beats_verdicts`, :func:`poorly_verdicts`,
            :func:`strongest_verdicts`), or its name there.
        table: the thesis's table whose rates are its truth (Table 10.2).
        n_sim: tournaments simulated per truth.
        seed: the simulations' seed.

    Returns:
        ``{"thesis": {"reproduced": p, "not reproduced": q}, "ours": {...}}``, as :func:`~.evidence.plan_power` reads
        a line's ``facts["chances"]``.
    """
    rule = STATEMENT_RULES[rule] if isinstance(rule, str) else rule
    ids, pairs, counts = outcome_counts(records)
    n = counts.sum(axis=1)
    rng = np.random.default_rng(seed)
    out = {}
    for truth, rates in (("thesis", table_rates(table, pairs)), ("ours", counts / n[:, None])):
        verdicts = rule(pair_tally(ids, pairs, rng.multinomial(n, rates, size=(n_sim, len(n)))))
        out[truth] = {v: float(np.mean(verdicts == v)) for v in ("reproduced", "not reproduced")}
    return out


def no_effect_verdicts(intervals: list[tuple[float, float]], *, bound: float = NO_EFFECT) -> list[str]:
    """A claim of (almost) no effect: each change's 95 % interval against 0 +- ``bound`` by
    :func:`~.plan.margin_verdict`."""
    return [plan.margin_verdict(lo, hi, 0.0, bound) for lo, hi in intervals]


def no_effect_verdict(intervals: list[tuple[float, float]], *, bound: float = NO_EFFECT) -> str:
    """The claim's verdict from :func:`no_effect_verdicts`: *not reproduced* when some change lies wholly beyond
    +-``bound``, *reproduced* when every one lies within it, else *inconclusive*.

    Raises:
        ValueError: no intervals.
    """
    if not intervals:
        raise ValueError("no_effect_verdict needs at least one interval of a change")
    each = set(no_effect_verdicts(intervals, bound=bound))
    return ("not reproduced" if "not reproduced" in each else "reproduced" if each == {"reproduced"}
            else "inconclusive")


def ratio_interval(ours, base, seed: int = 0, n_boot: int = 2000, *, clusters=None, base_clusters=None,
                   paired: bool = False) -> tuple[float, float, float]:
    """(mean(ours) / mean(base), 95 % bootstrap interval). ``clusters`` and ``base_clusters`` name each value's
    game, so that games are resampled, not values; with ``paired`` the two are measured on the same positions
    (``clusters`` serves both) and are resampled together."""
    rng = np.random.default_rng(seed)
    a, b = np.asarray(ours, dtype=float), np.asarray(base, dtype=float)
    top, draws = cluster_means(a, clusters, n_boot, rng)
    bottom, _ = cluster_means(b, clusters if paired else base_clusters, n_boot, rng, draws if paired else None)
    lo, hi = np.quantile(top / bottom, [(1 - plan.LEVEL) / 2, (1 + plan.LEVEL) / 2])
    return float(a.mean() / b.mean()), float(lo), float(hi)


def ratio_verdict(ours, base, thesis_ratio: float, seed: int = 0, n_boot: int = 2000, *, clusters=None,
                  base_clusters=None, paired: bool = False,
                  margin: float | None = None) -> tuple[str, float, float, float]:
    """(verdict, the ratio, its 95 % interval, :func:`ratio_interval`) against a ratio the thesis reports, by
    :func:`~.plan.margin_verdict` with ``margin`` (default :data:`RELATIVE_MARGIN` of the thesis's ratio)."""
    r, lo, hi = ratio_interval(ours, base, seed, n_boot, clusters=clusters, base_clusters=base_clusters,
                               paired=paired)
    margin = RELATIVE_MARGIN * thesis_ratio if margin is None else margin
    return plan.margin_verdict(lo, hi, thesis_ratio, margin), r, lo, hi


# Which reading of the rules did the thesis play? Its outcome counts against each reading's, a predictive check.


def cell_outcomes(counts: pd.DataFrame) -> np.ndarray:
    """Wins, draws and losses of Black per (black, white) cell of ``counts`` (:func:`~.stats.pairing_counts` or
    :func:`table_counts`), cells sorted: an (n cells, 3) integer array."""
    c = counts.sort_values(["black", "white"])
    return np.stack([c.black_wins, c.draws, c.games - c.black_wins - c.draws], axis=1).astype(int)


def _log_pmf(x: np.ndarray, p: np.ndarray, kappa: float | None) -> np.ndarray:
    """Log-probability of outcome counts ``x`` (..., cells, 3) under probabilities ``p``, summed over cells:
    multinomial (``kappa`` None) or Dirichlet-multinomial with concentration ``kappa`` (mean ``p``)."""
    n = x.sum(axis=-1)
    coef = gammaln(n + 1) - gammaln(x + 1).sum(axis=-1)
    if kappa is None:
        return (coef + (x * np.log(np.maximum(p, 1e-300))).sum(axis=-1)).sum(axis=-1)
    a = kappa * p
    dm = gammaln(kappa) - gammaln(n + kappa) + (gammaln(x + a) - gammaln(a)).sum(axis=-1)
    return (coef + dm).sum(axis=-1)


def predictive_p(theirs: np.ndarray, ours: np.ndarray, *, kappa: float | None = None, n_sim: int = 2000,
                 seed: int = 0) -> float:
    """Posterior-predictive p of the thesis's outcome counts ``theirs`` (cells x (wins, draws, losses)) under the
    reading whose games gave ``ours``.

    Each draw takes every cell's outcome probabilities from their posterior given our counts, Dirichlet(ours + 1)
    (a uniform prior, so a cell where our games never drew still may), then a table of the thesis's size from them:
    multinomial (``kappa`` None: independent games), or Dirichlet-multinomial with concentration ``kappa`` (the games
    of a cell correlated, rho = 1 / (1 + kappa): overdispersion, as deterministic tie-breaking or repeated openings
    would make). The discrepancy is a table's log-probability under the drawn probabilities; p is the share of
    draws in which the replicated table is no more probable than the thesis's. A small p: the thesis's tables are
    unlike what this reading produces, even allowing for the noise in our estimates.
    """
    theirs, ours = np.asarray(theirs, dtype=float), np.asarray(ours, dtype=float)
    rng = np.random.default_rng(seed)
    p = rng.gamma(ours + 1, size=(n_sim, *ours.shape))
    p /= p.sum(axis=-1, keepdims=True)
    q = p
    if kappa is not None:  # a cell's games share one Dirichlet(kappa p) draw of probabilities, by normalised gammas
        q = rng.gamma(np.maximum(kappa * p, 1e-12))
        q /= q.sum(axis=-1, keepdims=True)
    reps = rng.multinomial(theirs.sum(axis=-1).astype(np.int64), q)
    return float(np.mean(_log_pmf(reps, p, kappa) <= _log_pmf(theirs, p, kappa)))
