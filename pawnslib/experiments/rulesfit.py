"""Which reading of the rules did the thesis play? Its own figures beside each reading's games, and a likelihood ratio.

:func:`rules_fit` sets the thesis's figures beside each reading's, and scores the thesis's Table 10.2 and 11.1
outcome counts (win, draw, loss of 9 games in each of 16 cells) under each reading's per-cell outcome
probabilities, estimated from our games with add-one smoothing: ``(wins + 1, draws + 1, losses + 1) / (n + 3)``.
The log-likelihood is the multinomial log-probability *with* its coefficient (which cancels in a likelihood
ratio). The likelihood ratio treats our estimates as exact; the bootstrap (:func:`~.thesis.bootstrap_log_lr`,
our games resampled within each cell) shows how much it moves with them.

Imports: ``config``, and the experiments :mod:`~.thesis` (the likelihoods, the bootstrap, the words) and
:mod:`~.claims` (each reading's :class:`~.claims.ReadingClaims`, which it reads).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from pawnslib import config
from pawnslib.experiments import thesis
from pawnslib.experiments.claims import ReadingClaims


def _p(p: float, n: int) -> str:
    """A fit p-value from ``n`` simulated tables, as text ("< 1/n" when none was as unlikely)."""
    return f"< {1 / n:.2g}" if p == 0 else f"= {p:.2g}"


def _best(values: dict[str, float]) -> str:
    """The reading with the largest value, or "" with one reading or a tie."""
    top = max(values.values())
    best = [r for r, v in values.items() if np.isclose(v, top, rtol=0, atol=1e-9)]
    return best[0] if len(values) > 1 and len(best) == 1 else ("equal" if len(values) > 1 else "")


@dataclass
class RulesFit:
    """:func:`rules_fit`'s answer: the table, the likelihood ratio with its intervals, and the words."""

    table: pd.DataFrame  # statistic, thesis, one column per reading, favours
    log_lr: float | None  # natural log LR second reading : first, both tables; None with one reading
    interval: tuple[float, float] | None  # its 95 % bootstrap interval
    simulated: dict[str, tuple[float, float]]  # truth reading -> 95 % range of log LR of thesis-sized tables
    conclusion: str
    headline: str = ""  # the conclusion's first finding in one sentence, for the site's front page


def _outcomes(plain: pd.DataFrame, asym: pd.DataFrame) -> dict[str, np.ndarray]:
    """Tables 10.2 and 11.1's (and both's) outcome counts per cell, from the thesis's set's pairing counts."""
    out = {"10.2": thesis.cell_outcomes(plain), "11.1": thesis.cell_outcomes(asym)}
    return {**out, "both": np.concatenate([out["10.2"], out["11.1"]])}


def _interval_rows(by_reading: dict[str, ReadingClaims]) -> list[dict]:
    """The rows that set the thesis's figure beside each reading's interval; ``favours`` the nearest interval."""
    names, tc = list(by_reading), thesis.table_counts(thesis.TABLE_10_2)
    specs = [("branching", "branching factor at White's moves (mean, 95 % interval)",
              f"{thesis.BRANCHING[0]} to {thesis.BRANCHING[1]}", thesis.BRANCHING, "{:.2f}"),
             ("win_rate", "Black's overall win rate, Table 10.2 (95 % Wilson interval)",
              f"{100 * tc.black_wins.sum() / tc.games.sum():.0f} % ({tc.black_wins.sum()} of {tc.games.sum()})",
              (tc.black_wins.sum() / tc.games.sum(),) * 2, "{:.1%}"),
             ("nodes", f"mean nodes per depth-{thesis.SEARCH_DEPTH} search (95 % interval)", f"{thesis.NODES_PLAIN}",
              (thesis.NODES_PLAIN,) * 2, "{:.0f}")]
    rows = []
    for key, label, said, (low, high), fmt in specs:
        row = {"statistic": label, "thesis": said}
        gap = {}
        for r, rc in by_reading.items():
            v, mean, lo, hi = rc.fit[key]
            row[r] = f"{fmt.format(mean)} ({fmt.format(lo)}-{fmt.format(hi)}), {v}"
            gap[r] = max(low - hi, lo - high, 0.0)  # distance from our interval to the thesis's figure or range
        best = min(gap.values())
        if len(names) < 2:
            row["favours"] = ""
        elif all(g == best for g in gap.values()):
            row["favours"] = "both contain it" if best == 0 else "equal"
        else:
            row["favours"] = (" and ".join(r for r in names if gap[r] == best)
                              + (" (contains it)" if best == 0 else " (nearer)"))
        rows.append(row)
    return rows


def _likelihood_rows(theirs: dict[str, np.ndarray], ours: dict[str, dict[str, np.ndarray]], n_boot: int,
                     seed: int) -> list[dict]:
    """The log-likelihood (and fit p) of the thesis's outcome counts under each reading: Table 10.2, 11.1, both."""
    rows = []
    for part, label in (("10.2", "Table 10.2"), ("11.1", "Table 11.1"), ("both", "Tables 10.2 and 11.1")):
        lls = {r: float(thesis.log_likelihood(theirs[part], ours[r][part])) for r in ours}
        fits = {r: thesis.fit_p_value(theirs[part], ours[r][part], n_sim=n_boot, seed=seed) for r in ours}
        rows.append({"statistic": f"log-likelihood of the thesis's {label} outcome counts (natural log; fit p)",
                     "thesis": f"{len(theirs[part])} cells of {thesis.GAMES_PER_PAIRING} games",
                     **{r: f"{lls[r]:.2f} (p {_p(fits[r], n_boot)})" for r in ours}, "favours": _best(lls)})
    return rows


def _ratio_rows(a: str, b: str, log_lr: float, interval: tuple[float, float]) -> list[dict]:
    """The likelihood ratio b:a of both tables with its bootstrap interval, as a ratio and in decibans."""
    l10, (lo10, hi10) = log_lr / np.log(10), (interval[0] / np.log(10), interval[1] / np.log(10))
    return [{"statistic": f"likelihood ratio {b}:{a}, both tables (log10; 95 % bootstrap interval)",
             "thesis": "", a: "", b: f"{np.exp(log_lr):.3g} (log10 {l10:.2f}; {lo10:.2f} to {hi10:.2f})",
             "favours": _best({a: 0.0, b: log_lr})},
            {"statistic": "the same in decibans (10 log10)", "thesis": "", a: "",
             b: f"{10 * l10:.1f} ({10 * lo10:.1f} to {10 * hi10:.1f})",
             "favours": f"{_best({a: 0.0, b: log_lr})}: {thesis.evidence_words(log_lr)}"}]


def _ratio_words(games: int, a: str, b: str, log_lr: float, interval: tuple[float, float],
                 simulated: dict[str, tuple[float, float]]) -> tuple[str, str]:
    """The conclusion and the headline that :class:`RulesFit` carries, from the ratio b:a of ``games`` games."""
    l10, (lo10, hi10) = log_lr / np.log(10), (interval[0] / np.log(10), interval[1] / np.log(10))
    sim10 = {k: (lo / np.log(10), hi / np.log(10)) for k, (lo, hi) in simulated.items()}
    winner, loser = (b, a) if log_lr > 0 else (a, b)
    settled = interval[0] > 0 or interval[1] < 0
    sure = ("excludes 1, so the direction does not hinge on the noise in our own estimates"
            if settled else "includes 1: with the noise in our own estimates the direction is not settled")
    strength = (f"{thesis.evidence_words(log_lr)} evidence for the {winner} reading" if log_lr != 0
                else "no evidence either way")
    if log_lr != 0:
        as_likely = (f"are {np.exp(abs(log_lr)):.3g} times as likely under the {winner} reading as under the "
                     f"{loser} reading")
    else:
        as_likely = f"are exactly as likely under the {a} reading as under the {b} reading"
    conclusion = (
        f"The thesis's outcome counts (Tables 10.2 and 11.1, {games} games) {as_likely} "
        f"(log10 LR {winner}:{loser} = {abs(l10):.2f}, {10 * abs(l10):.0f} decibans; 95 % bootstrap interval of "
        f"log10 LR {b}:{a}: {lo10:.2f} to {hi10:.2f}): {strength} on Kass and Raftery's scale. "
        f"Resampling our games within each cell, the ratio's bootstrap interval {sure}. Had the thesis played "
        f"by the {a} reading, tables of its size would give log10 LR {b}:{a} between {sim10[a][0]:.2f} and "
        f"{sim10[a][1]:.2f} (95 %); by the {b} reading, between {sim10[b][0]:.2f} and {sim10[b][1]:.2f}. "
        "The ratio compares only these two readings: both may fit badly (fit p above: the share of tables "
        "drawn from a reading that it finds no more likely than the thesis's), and it takes the thesis's tables "
        "as independent games of our engine's strategies.")
    unsettled = "" if settled else (
        f", but the ratio's 95 % bootstrap interval (log10 {lo10:.1f} to {hi10:.1f}) includes 1: resampling our "
        "games, the direction is not settled")
    headline = (f"The thesis's own outcome counts (Tables 10.2 and 11.1) are 10^{abs(l10):.1f} times as likely under "
                f"the {winner} reading as under the {loser} reading: {strength}{unsettled}." if log_lr != 0 else
                "The thesis's own outcome counts (Tables 10.2 and 11.1) favour neither reading.")
    return conclusion, headline


def rules_fit(by_reading: dict[str, ReadingClaims], *, n_boot: int = 2000, seed: int = config.SEED) -> RulesFit:
    """Which reading the thesis's own figures favour; the LR compares the second reading with the first.

    Args:
        by_reading: each reading's claims (:func:`reading_claims`), the first reading first.
        n_boot: bootstrap resamples (and simulated tables) per interval and fit p.
        seed: their random seed.

    Returns:
        The table (the thesis's figures beside each reading's, their log-likelihoods, and with two readings the
        likelihood ratio), the ratio, its intervals and the conclusion in words.

    Raises:
        ValueError: a reading's games do not cover the thesis's 16 pairings, plain or asymmetric.
    """
    names = list(by_reading)
    for r, rc in by_reading.items():
        for c in (rc.counts["thesis"], rc.counts_asym["thesis"]):
            if sorted(zip(c.black, c.white, strict=True)) != [(b, w) for b in range(1, 5) for w in range(1, 5)]:
                raise ValueError(f"the {r} reading's games do not cover the thesis's 16 pairings")
    theirs = _outcomes(thesis.table_counts(thesis.TABLE_10_2), thesis.table_counts(thesis.TABLE_11_1))
    ours = {r: _outcomes(rc.counts["thesis"], rc.counts_asym["thesis"]) for r, rc in by_reading.items()}
    rows = _interval_rows(by_reading) + _likelihood_rows(theirs, ours, n_boot, seed)
    if len(names) < 2:
        conclusion = (f"Only the {names[0]} reading was run, so there is nothing to compare it with: the thesis's "
                      "outcome counts have the log-likelihood above under it.")
        return RulesFit(pd.DataFrame(rows), None, None, {}, conclusion, conclusion)
    a, b = names[:2]
    log_lr = float(thesis.log_likelihood(theirs["both"], ours[b]["both"])
                   - thesis.log_likelihood(theirs["both"], ours[a]["both"]))
    boots = thesis.bootstrap_log_lr(theirs["both"], ours[a]["both"], ours[b]["both"], n_boot=n_boot, seed=seed)
    interval = tuple(float(x) for x in np.quantile(boots, [0.025, 0.975]))
    simulated = {}
    for truth in (a, b):
        sims = thesis.simulated_log_lr(ours[truth]["both"], ours[a]["both"], ours[b]["both"],
                                       thesis.GAMES_PER_PAIRING, seed=seed)
        simulated[truth] = tuple(float(x) for x in np.quantile(sims, [0.025, 0.975]))
    conclusion, headline = _ratio_words(int(theirs["both"].sum()), a, b, log_lr, interval, simulated)
    return RulesFit(pd.DataFrame(rows + _ratio_rows(a, b, log_lr, interval)), log_lr, interval, simulated,
                    conclusion, headline)
