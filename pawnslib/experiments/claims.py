"""The reproduction report's claims: every quantitative claim of the thesis beside one reading's games.

:func:`reading_claims` loads (or plays) one reading's tournaments and models and returns the claims table
(section, claim, thesis, ours, verdict, why; the verdict rules and the likelihood functions are
:mod:`pawnslib.experiments.thesis`'s) with the frames the
report draws from. :func:`combine` sets several readings side by side.

Which reading did the thesis play? :func:`rules_fit` sets the thesis's figures beside each reading's, and scores
the thesis's Table 10.2 and 11.1 outcome counts (win, draw, loss of 9 games in each of 16 cells) under each
reading's per-cell outcome probabilities, estimated from our games with add-one smoothing:
``(wins + 1, draws + 1, losses + 1) / (n + 3)``. The log-likelihood is the multinomial log-probability *with*
its coefficient (which cancels in a likelihood ratio). The likelihood ratio treats our estimates as exact; the
bootstrap (:func:`~.thesis.bootstrap_log_lr`, our games resampled within each cell) shows how much it moves
with them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from pawnslib import config
from pawnslib.experiments import pipeline, thesis
from pawnslib.experiments.costs import compare_with_plain
from pawnslib.experiments.recognition import recognition_accuracy
from pawnslib.experiments.stats import (
    compare_pairings,
    pairing_counts,
    prediction_summary,
    search_summary,
    strategy_strength,
    white_moves,
    wilson,
)
from pawnslib.guided.asym import EXTENSION
from pawnslib.search.strategies import THESIS

VERDICTS = ("reproduced", "not reproduced", "inconclusive", "new")  # "new": a claim the thesis never measured
TIMED_POSITIONS_GAMES = 64  # held-out games whose positions time plain against asymmetric search


@dataclass
class ReadingClaims:
    """One reading's claims and the frames the report draws (keys of the dicts: strategy sets)."""

    rules: str
    claims: pd.DataFrame  # section, claim, thesis, ours, verdict, why
    strategies: dict[str, dict]
    counts: dict[str, pd.DataFrame]  # pairing_counts of the plain tournaments
    counts_asym: dict[str, pd.DataFrame]  # and of the asymmetric ones
    table_10_2: pd.DataFrame  # thesis.compare_table, thesis strategies, plain
    table_11_1: pd.DataFrame  # the same, asymmetric
    changes: pd.DataFrame  # Tables 11.2 and 11.3, pairing by pairing
    strength: dict[str, pd.DataFrame]
    moves: dict[str, pd.DataFrame]  # white_moves of the asymmetric tournaments
    recognition: pd.DataFrame  # recognition_accuracy per move, column ``strategies``
    fit: dict[str, tuple]  # the rules-fit statistics: name -> (verdict, ours, low, high)


def pr_frequencies(moves: pd.DataFrame) -> tuple[pd.Series, int]:
    """Figure 11.1's data: how often White played each pr below 1 (sorted by pr), and the moves played at pr = 1."""
    below = moves[moves["count"] < moves.n]
    return below.pr.round(4).value_counts().sort_index(), len(moves) - len(below)


def _tally(verdicts: pd.Series) -> str:
    v = verdicts.value_counts()
    return (f"{v.get('reproduced', 0)} reproduced, {v.get('not reproduced', 0)} not, "
            f"{v.get('inconclusive', 0)} inconclusive")


def reading_claims(results: str | Path, rules: str = config.RULES, *, sets=config.SETS, rounds: int = config.ROUNDS,
                   train_rounds: int = config.TRAIN_ROUNDS, depth: int = config.DEPTH,
                   seed: int = config.SEED) -> ReadingClaims:
    """Every claim of the report for one reading, from its folder ``results`` (played or trained if missing).

    ``sets`` must include ``"thesis"`` (Tables 10.2 to 11.3 are about the thesis's strategies).
    """
    sets = list(sets)
    if "thesis" not in sets:
        raise ValueError(f"sets must include 'thesis', got {sets}")
    kw = {"rounds": rounds, "depth": depth, "seed": seed, "rules": rules}
    plain = {s: pipeline.play_tournament(results, s, method="minimax", **kw) for s in sets}
    models = {s: pipeline.opponent_model(results, s, **(kw | {"rounds": train_rounds})) for s in sets}
    asym = {s: pipeline.play_tournament(results, s, method="asym", train_rounds=train_rounds, **kw)
            for s in sets}
    strategies = {s: THESIS if s == "thesis" else pipeline.strategy_set(results, s) for s in sets}
    counts = {s: pairing_counts(plain[s]) for s in sets}
    counts_asym = {s: pairing_counts(asym[s]) for s in sets}
    claims = []

    def claim(section, text, thesis_says, ours, verdict, why):
        claims.append({"section": section, "claim": text, "thesis": thesis_says, "ours": ours, "verdict": verdict,
                       "why": why})

    # Chapter 10: the balance of power.
    t102 = thesis.compare_table(thesis.TABLE_10_2, counts["thesis"])
    tc = thesis.table_counts(thesis.TABLE_10_2)
    claim("10", "Table 10.2: Black's win rate in each of the 16 pairings",
          f"{thesis.GAMES_PER_PAIRING} games a pairing", f"{rounds} games a pairing", _tally(t102.verdict),
          f"Black wins {100 * counts['thesis'].win_rate.mean():.0f} % of our games, "
          f"{100 * tc.black_wins.sum() / tc.games.sum():.0f} % of the thesis's; per cell below")
    strength = {s: strategy_strength(plain[s]) for s in sets}
    for s in sets:
        st = strength[s]
        claim("10", f"every strategy beats at least {thesis.BEATS_AT_LEAST} others ({s} strategies)",
              "yes, for the four its Harmony* found", ", ".join(f"{i} beats {b}" for i, b in st.beats.items()),
              thesis.beats_verdict(st), "i beats j when i won more of their games (both colours) than j")
    st = strength["thesis"]
    verdict, best, ahead = thesis.strongest_verdict(st)
    claim("12", f"strategy {thesis.STRONGEST} is stronger than the rest", f"strategy {thesis.STRONGEST}",
          f"strategy {best} ({100 * st.loc[best, 'win_rate']:.0f} % of its games won"
          + (", clearly ahead)" if ahead else ", intervals overlap)"), verdict,
          "win rate over both colours, 95 % Wilson intervals")

    # Chapter 11: prediction.
    moves = {s: white_moves(asym[s]) for s in sets}
    for s in sets:
        freq, pr_one = pr_frequencies(moves[s])
        v, p = thesis.skew_verdict(freq.values)
        top = freq.sort_values(ascending=False)
        claim("11.1", f"Figure 11.1: some pr values are played much more often than others ({s})",
              f"a few tall bars; pr = 1: {thesis.PR_ONE_MOVES} moves in its run",
              f"top 3 values {', '.join(f'{x:.2f}' for x in top.index[:3])} hold "
              f"{100 * top.iloc[:3].sum() / top.sum():.0f} % of {int(freq.sum())} moves; pr = 1: {pr_one}",
              v, f"chi-square against uniform: p = {p:.1e}")
    fit = {}
    for s in sets:
        ps = prediction_summary(moves[s])
        v, p, lo, hi = thesis.prediction_verdict(ps)
        claim("11.1", f"share of predictions that are correct ({s})",
              f"{thesis.CORRECT_PREDICTIONS} of {thesis.PREDICTIONS} "
              f"({100 * thesis.CORRECT_PREDICTIONS / thesis.PREDICTIONS:.0f} %); "
              f"'about {100 * thesis.SHARE_CORRECT_TEXT:.0f} %' in the text",
              f"{int(ps['correct'])} of {int(ps['predictions made'])} ({100 * ps['share correct']:.0f} %, "
              f"{100 * lo:.0f}-{100 * hi:.0f} %)", v,
              f"Fisher p = {p:.2g} against {thesis.CORRECT_PREDICTIONS}/{thesis.PREDICTIONS}")
        made = moves[s][moves[s].prediction_made]
        correct = made[made.predicted]
        if len(correct):
            v, mean, lo, hi = thesis.mean_verdict(correct.likely, thesis.LIKELY_WHEN_CORRECT, seed)
            claim("11.1", f"likely replies when the prediction is correct ({s})", f"about {thesis.LIKELY_WHEN_CORRECT}",
                  f"{mean:.1f} ({lo:.1f}-{hi:.1f})", v, "mean size of the seen_before set")
        v, mean, lo, hi = thesis.range_verdict(moves[s].n, thesis.BRANCHING, seed)
        claim("11.1", f"branching factor at White's moves ({s})",
              f"usually {thesis.BRANCHING[0]} to {thesis.BRANCHING[1]}", f"{mean:.1f} ({lo:.1f}-{hi:.1f})", v,
              "mean number of replies; reproduced when our interval overlaps the thesis's range")
        if s == "thesis":
            fit["branching"] = (v, mean, lo, hi)

    # Chapter 11: the asymmetric tree in play.
    t111 = thesis.compare_table(thesis.TABLE_11_1, counts_asym["thesis"])
    claim("11.2", "Table 11.1: Black's win rate with the asymmetric tree, 16 pairings",
          f"{thesis.GAMES_PER_PAIRING} games a pairing", f"{rounds} games a pairing", _tally(t111.verdict),
          "per cell in the report tables")
    cmp = compare_pairings(counts["thesis"], counts_asym["thesis"]).set_index(["black", "white"])
    rows = []
    for table, pairs, direction in (("11.2", thesis.IMPROVED, +1), ("11.3", thesis.WORSE, -1)):
        for b, w in pairs:
            r = cmp.loc[(b, w)]
            rows.append({"table": table, "black": b, "white": w, "thesis says": "rose" if direction > 0 else "fell",
                         "ours (minimax -> asym)": f"{r['black wins (minimax)']} -> {r['black wins (asym)']}",
                         "p_value": r.p_value, "verdict": thesis.change_verdict(direction, r.delta, r.p_value)})
    changes = pd.DataFrame(rows)
    for table in ("11.2", "11.3"):
        part = changes[changes.table == table]
        claim("11.2", f"Table {table}: the pairings whose Black win rate {'rose' if table == '11.2' else 'fell'}",
              f"{len(part)} pairings", "see the table below", _tally(part.verdict),
              "Fisher's exact test per pairing, plain against asymmetric")
    for s in sets:
        poor = counts[s].query("win_rate < 1 / 3")
        pairs = list(zip(poor.black, poor.white, strict=True))
        if pairs:
            v, delta, p = thesis.pooled_change(counts[s], counts_asym[s], pairs, +1)
            ours = (f"{len(pairs)} pairings with a plain Black win rate under 1/3: {100 * delta:+.0f} points, "
                    f"p = {p:.2g}")
        else:
            v, ours = "inconclusive", "no pairing with a plain Black win rate under 1/3"
        claim("12", f"the asymmetric tree helps Black where a win was unlikely ({s})",
              f"{thesis.UNLIKELY_IMPROVED} of {thesis.UNLIKELY_PLAYERS} such players improved",
              ours, v, "Black's wins pooled over those pairings, Fisher's exact test")
    top = thesis.STRONGEST
    top_pairs = [(top, w) for w in sorted(THESIS)]
    v, delta, p = thesis.pooled_change(counts["thesis"], counts_asym["thesis"], top_pairs, -1)
    claim("12", f"strategy {top} (as Black) suffers with the asymmetric tree",
          f"{sum(b == top for b, _ in thesis.WORSE)} of its {len(top_pairs)} pairings fell (Table 11.3)",
          f"{100 * delta:+.0f} points over its {len(top_pairs)} pairings, p = {p:.2g}", v,
          "Black's wins pooled, Fisher's exact test")

    # Chapter 11: cost of the search.
    for s in sets:
        sa = search_summary(asym[s])
        black = {name: thesis.black_searches(recs) for name, recs in (("plain", plain[s]), ("asym", asym[s]))}
        if s == "thesis":
            v, mean, lo, hi = fit["nodes"] = thesis.nodes_verdict(plain[s], seed)
            claim("11.2", f"mean nodes per depth-{thesis.SEARCH_DEPTH} search, plain alpha-beta",
                  f"{thesis.NODES_PLAIN}", f"{mean:.0f} ({lo:.0f}-{hi:.0f})", v,
                  "Black's searches in the plain tournament")
        v, r, lo, hi = thesis.ratio_verdict(black["asym"], black["plain"], thesis.NODE_RATIO, seed)
        claim("11.2", f"the asymmetric tree visits about as many nodes as the plain one ({s})",
              f"{thesis.NODES_ASYM} against {thesis.NODES_PLAIN} ({thesis.NODE_RATIO:.2f}x; Chapter 12: fewer)",
              f"{r:.2f}x ({lo:.2f}-{hi:.2f})", v, "mean nodes of Black's searches, asymmetric over plain tournament; "
              f"predicted replies go {EXTENSION} plies deeper")
        # Time is only comparable on the same positions in the same run: the tournaments ran at different loads.
        held = [r for r in plain[s] if r["round"] >= train_rounds][:TIMED_POSITIONS_GAMES]
        same = compare_with_plain(held, models[s], strategies[s], depth=depth)
        v, r, lo, hi = thesis.ratio_verdict(same.asym_seconds, same.plain_seconds, thesis.TIME_RATIO, seed)
        claim("11.2", f"time per search, asymmetric against plain ({s})",
              f"{thesis.SECONDS_ASYM} s against {thesis.SECONDS_PLAIN} s ({thesis.TIME_RATIO:.1f}x)",
              f"{1000 * same.asym_seconds.mean():.2f} ms against {1000 * same.plain_seconds.mean():.2f} ms "
              f"({r:.2f}x, {lo:.2f}-{hi:.2f})", v,
              f"both searches on the same {len(same)} held-out positions, back to back; P(e) runs inside the numba "
              "search")
        share = sa["share extended"]
        claim("12", f"the asymmetric tree often searches to depth {thesis.SEARCH_DEPTH + EXTENSION} ({s})", "often",
              f"{100 * share:.0f} % of Black's searches", "reproduced" if share >= 1 / 3 else "not reproduced",
              "'often' read as at least a third of the searches")

    # Beyond the thesis: recognising White's strategy on held-out games.
    rows = []
    for s in sets:
        held = [r for r in plain[s] if r["round"] >= train_rounds]
        if held:
            acc = recognition_accuracy(models[s], held)
            rows.append(acc.reset_index().assign(strategies=s))
            at = acc.loc[min(10, acc.index.max())]
            lo, hi = wilson(round(at.accuracy * at.games), int(at.games))
            claim("beyond", f"the DBN recognises White's strategy ({s})", "its purpose (Ch. 1, 8); never measured",
                  f"{100 * at.accuracy:.0f} % right after White's move {int(at.name)} "
                  f"({100 * lo:.0f}-{100 * hi:.0f} %), chance {100 * at.chance:.0f} %: "
                  + ("above chance" if lo > at.chance else "not above chance"), "new",
                  "argmax P(S_w | game so far) on held-out games; each training row has its own latent S_w")

    wins, games = int(counts["thesis"].black_wins.sum()), int(counts["thesis"].games.sum())
    v, _, lo, hi = thesis.verdict(int(tc.black_wins.sum()), int(tc.games.sum()), wins, games)
    fit["win_rate"] = (v, wins / games, lo, hi)
    return ReadingClaims(rules, pd.DataFrame(claims), strategies, counts, counts_asym, t102, t111, changes, strength,
                         moves, pd.concat(rows) if rows else pd.DataFrame(), fit)


def verdict_summary(claims: pd.DataFrame) -> tuple[pd.Series, int]:
    """How many single claims got each verdict, and how many rows summarise per-pairing tables instead."""
    single = claims.verdict.where(claims.verdict.isin(VERDICTS))
    return single.value_counts().reindex(list(VERDICTS), fill_value=0), int(single.isna().sum())


def combine(by_reading: dict[str, pd.DataFrame], columns=("ours", "verdict")) -> pd.DataFrame:
    """Claims tables of several readings side by side: section, claim, thesis, then ``columns`` per reading.

    Rows follow the first reading's order; a claim only some readings make is blank for the others.
    """
    keys = ["section", "claim", "thesis"]
    out = pd.concat([c[keys] for c in by_reading.values()]).drop_duplicates().reset_index(drop=True)
    for r, c in by_reading.items():
        out = out.merge(c[[*keys, *columns]].rename(columns={k: f"{k} ({r})" for k in columns}), on=keys, how="left")
    return out


# Which reading did the thesis play?

def _p(p: float, n: int) -> str:
    return f"< {1 / n:.2g}" if p == 0 else f"= {p:.2g}"


def _best(values: dict[str, float]) -> str:
    """The reading with the largest value, or "" with one reading or a tie."""
    top = max(values.values())
    best = [r for r, v in values.items() if np.isclose(v, top, rtol=0, atol=1e-9)]
    return best[0] if len(values) > 1 and len(best) == 1 else ("equal" if len(values) > 1 else "")


@dataclass
class RulesFit:
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
