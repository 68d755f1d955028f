"""The statements about the tables (who can beat whom, who does very poorly, who is strongest): their rules
vectorised over simulated tournaments, and their power by simulation (:func:`~.thesis.statement_chances`)."""

import numpy as np
import pandas as pd
import pytest

from pawnslib.experiments import plan, thesis
from pawnslib.experiments.evidence import evidence_lines, plan_power
from pawnslib.experiments.records import line
from pawnslib.experiments.stats import strategy_strength, wilson, wilson_bounds

RULES = {"beats": lambda recs, st: thesis.beats_verdict(recs),
         "poorly": lambda recs, st: thesis.poorly_verdict(st)[0],
         "strongest": lambda recs, st: thesis.strongest_verdict(st)[0]}


def _games(rates: dict[tuple[int, int], tuple[float, float, float]], n: int, rng=None) -> list[dict]:
    """``n`` games a (black, white) pairing, its results at the pairing's (black, draw, white) rates: drawn by
    ``rng``, or exactly (rounded) without one."""
    out = []
    for (b, w), p in rates.items():
        if rng is None:
            k = np.round(np.asarray(p) * n).astype(int)
            results = ["black"] * k[0] + ["draw"] * k[1] + ["white"] * (n - k[0] - k[1])
        else:
            results = rng.choice(thesis.OUTCOMES, size=n, p=p).tolist()
        out += [{"black": b, "white": w, "round": r, "result": str(x)} for r, x in enumerate(results)]
    return out


def _random_tournament(rng) -> list[dict]:
    """A small tournament of 2 to 5 strategies, some pairings missing, self-play included, few games a pairing (so
    that ties, empty cells and the rules' boundaries occur), each pairing's rates random, some certain."""
    k = int(rng.integers(2, 6))
    rates = {}
    for b in range(1, k + 1):
        for w in range(1, k + 1):
            if rng.random() < 0.2:
                continue
            p = rng.dirichlet(np.full(3, rng.choice([0.2, 1.0, 5.0])))
            rates[b, w] = p if rng.random() > 0.3 else [(1.0, 0.0, 0.0), (0.0, 0.0, 1.0)][int(rng.integers(2))]
    recs = []
    for (b, w), p in rates.items():  # each pairing its own number of games, none to 11
        recs += _games({(b, w): p}, int(rng.integers(0, 12)), rng)
    return recs


def test_wilson_bounds_equal_wilson_to_the_last_bit():
    k, n = np.meshgrid(np.arange(80), np.arange(80))
    lo, hi = wilson_bounds(k, n)
    for a, b, x, y in zip(k.ravel(), n.ravel(), lo.ravel(), hi.ravel(), strict=True):
        if b == 0:
            assert np.isnan(x) and np.isnan(y)
        elif a <= b:
            assert (x, y) == wilson(int(a), int(b)), (a, b)


def test_the_vectorised_statement_rules_equal_the_rules_on_random_tables():
    rng = np.random.default_rng(7)
    seen = {name: set() for name in RULES}
    for _ in range(120):
        recs = _random_tournament(rng)
        if not recs:
            continue
        t = thesis.pair_tally(*thesis.outcome_counts(recs))
        st = strategy_strength(recs)
        for name, rule in RULES.items():
            expected = rule(recs, st)
            assert thesis.STATEMENT_RULES[name](t)[0] == expected, (name, recs)
            seen[name].add(expected)
    # every verdict each rule can give was met
    assert seen == {"beats": {"reproduced", "not reproduced", "inconclusive"},
                    "poorly": {"reproduced", "not reproduced"},
                    "strongest": {"reproduced", "not reproduced", "inconclusive"}}
    # and on the thesis's own table
    own = thesis.table_records(thesis.TABLE_10_2)
    t, st = thesis.pair_tally(*thesis.outcome_counts(own)), strategy_strength(own)
    assert [thesis.STATEMENT_RULES[name](t)[0] for name in RULES] == [rule(own, st) for rule in RULES.values()]


def test_a_tally_of_many_tournaments_judges_each_as_alone():
    rng = np.random.default_rng(3)
    recs = _games({(b, w): (0.4, 0.2, 0.4) for b in range(1, 5) for w in range(1, 5)}, 5, rng)
    ids, pairs, counts = thesis.outcome_counts(recs)
    draws = rng.multinomial(counts.sum(axis=1), counts / counts.sum(axis=1, keepdims=True), size=(50, len(pairs)))
    together = {name: rule(thesis.pair_tally(ids, pairs, draws)) for name, rule in thesis.STATEMENT_RULES.items()}
    for s in range(len(draws)):
        alone = thesis.pair_tally(ids, pairs, draws[s])
        assert all(together[name][s] == rule(alone)[0] for name, rule in thesis.STATEMENT_RULES.items())


def test_statement_chances_where_the_verdict_is_certain():
    everyone = {(b, w): (0.5, 0.0, 0.5) for b in range(1, 5) for w in range(1, 5)}  # each wins half against each
    even = _games(everyone, 100)
    beats = thesis.statement_chances(even, "beats", seed=1)
    assert beats["ours"]["reproduced"] > 0.99  # every strategy surely beats all three others
    poorly = thesis.statement_chances(even, "poorly", seed=1)
    assert poorly["ours"]["not reproduced"] > 0.99  # nobody does very poorly: the rule contradicts the statement
    # ... where the thesis's table, the truth at our sample, has strategies 1 and 2 lose every game to 4
    assert poorly["thesis"]["reproduced"] > 0.99
    four = {(b, w): (0.9, 0.0, 0.1) if b == 4 else (0.1, 0.0, 0.9) if w == 4 else (0.5, 0.0, 0.5)
            for b in range(1, 5) for w in range(1, 5)}
    assert thesis.statement_chances(_games(four, 100), "strongest", seed=1)["ours"]["reproduced"] > 0.99
    one = {(b, w): (0.9, 0.0, 0.1) if b == 1 else (0.1, 0.0, 0.9) if w == 1 else (0.5, 0.0, 0.5)
           for b in range(1, 5) for w in range(1, 5)}
    strongest = thesis.statement_chances(_games(one, 100), thesis.strongest_verdicts, seed=1)
    assert strongest["ours"]["not reproduced"] > 0.99  # strategy 1 is the strongest, surely


def test_statement_chances_are_probabilities_and_deterministic_for_a_seed():
    rng = np.random.default_rng(11)
    recs = _games({(b, w): tuple(rng.dirichlet(np.ones(3))) for b in range(1, 5) for w in range(1, 5)}, 10, rng)
    for name in thesis.STATEMENT_RULES:
        c = thesis.statement_chances(recs, name, n_sim=100, seed=5)
        assert set(c) == {"thesis", "ours"}
        for at in c.values():
            assert set(at) == {"reproduced", "not reproduced"} and all(0 <= p <= 1 for p in at.values())
            assert sum(at.values()) <= 1
        assert c == thesis.statement_chances(recs, name, n_sim=100, seed=5)
        assert all(100 * p == round(100 * p) for at in c.values() for p in at.values())  # shares of 100 tournaments


def test_statement_chances_need_pairings_the_table_has_and_known_results():
    with pytest.raises(ValueError, match="not in the thesis's table"):
        thesis.statement_chances([{"black": 5, "white": 1, "round": 0, "result": "draw"}], "beats")
    with pytest.raises(ValueError, match="unknown result"):
        thesis.outcome_counts([{"black": 1, "white": 2, "round": 0, "result": "resigned"}])


def test_the_power_table_reads_a_statements_simulated_chances():
    recs = _games({(b, w): (0.5, 0.0, 0.5) for b in range(1, 5) for w in range(1, 5)}, 100)
    chances = thesis.statement_chances(recs, "beats", seed=0)
    rows = [line("t10_2.can_beat", "10", "can beat", "yes", evidence="cannot show it", verdict="reproduced", why="w",
                 facts={"chances": chances})]
    power = plan_power(evidence_lines({"kalles": pd.DataFrame(rows)})).iloc[0]
    assert power.rule == "computed" and power.at_ours_reproduced == chances["ours"]["reproduced"]
    assert power.at_thesis_not_reproduced == chances["thesis"]["not reproduced"]
    assert plan.decisive(chances["ours"]) and bool(power.decisive)


def test_statement_chances_are_fast_at_our_sample():
    import time

    recs = thesis.table_records(thesis.TABLE_10_2, 100)  # 1,600 games, as a committed reading's set
    start = time.perf_counter()
    for name in thesis.STATEMENT_RULES:
        thesis.statement_chances(recs, name, seed=0)
    assert time.perf_counter() - start < 5
