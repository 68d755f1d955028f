"""The report's claims: one reading's claims from its games, readings side by side, the verdicts' tally."""

import pandas as pd
import pytest

from pawnslib.config import RunSettings
from pawnslib.experiments.claims import chance_word, every_reading_claims, pr_frequencies, reading_claims
from pawnslib.experiments.evidence import LINE_VERDICTS, SUPPORT, evidence_lines, judge, support_of

TINY = RunSettings(rounds=2, train_rounds=1, depth=1, seed=3, jobs=1)


@pytest.fixture(scope="module")
def tiny_claims(tmp_path_factory):
    results = tmp_path_factory.mktemp("claims")
    return results, reading_claims(results, settings=TINY, sets=["thesis"])


def test_reading_claims_from_a_tiny_run(tiny_claims):
    results, rc = tiny_claims
    assert rc.rules == TINY.rules and list(rc.claims.columns) == ["section", "claim", "thesis", "support", "strategies",
                                                                  "ours", "verdict", "why"]
    # the report's order: Chapter 10, prediction, the tree in play, its cost, then beyond the thesis
    order = list(dict.fromkeys(rc.claims.section))
    assert order == ["10", "12", "11.1", "11.2", "beyond"] and rc.claims.section.iloc[-1] == "beyond"
    assert rc.claims.claim.iloc[0].startswith("Table 10.2") and "2 games a pairing" in rc.claims.ours.iloc[0]
    assert set(rc.claims.verdict) <= set(LINE_VERDICTS) and len(rc.claims) >= 16  # a table's line has one verdict
    assert set(rc.claims.support.map(support_of)) == set(SUPPORT)  # every kind of thesis evidence occurs
    assert not rc.claims.claim.str.contains(r"\((?:thesis|harmony)", regex=True).any()  # the set is a column
    assert "its cells: " in rc.claims.ours.iloc[0]
    assert list(rc.fit) == ["branching", "predictions per game", "nodes", "win_rate"]
    assert all(len(v) == 4 for v in rc.fit.values())
    assert len(rc.table_10_2) == len(rc.table_11_1) == 16 and set(rc.changes.table) == {"11.2", "11.3"}
    by_claim = rc.claims.set_index("claim")
    sorting = by_claim.filter(like="sorting the children", axis=0).iloc[0]
    assert sorting.verdict in LINE_VERDICTS and "times the nodes unsorted" in sorting.ours  # a depth-2 search, unsorted
    assert by_claim.filter(like="DSum", axis=0).verdict.item() == "not reproduced"  # 2 rounds: few distinct values
    assert {"reproduced", "not reproduced"} >= set(by_claim.filter(like="can beat", axis=0).verdict)
    assert set(rc.recognition.strategies) == {"thesis"} and set(rc.counts) == set(rc.moves) == {"thesis"}
    # Tables 11.2 and 11.3 at the thesis's evidence, and how often the tree changed play at all.
    assert (rc.changes["thesis p"] >= 0.4).all() and set(rc.changes.verdict) == {"inconclusive"}
    null = by_claim.filter(like="changed Black's win rate in 10 of the 16", axis=0).iloc[0]
    assert "with no change at all" in null.ours and null.verdict in LINE_VERDICTS
    assert null.support.startswith("cannot show it: with no change at all")
    assert by_claim.filter(like="how often the asymmetric tree changes play", axis=0).verdict.item() == "new"
    # The claim about time is timing data, apart: every other claim is the same however often it is computed.
    assert list(rc.timing.claim) == ["time per search, asymmetric against plain"]
    assert not rc.claims.claim.str.startswith("time per search").any()
    again = reading_claims(results, settings=TINY, sets=["thesis"])  # read back, not replayed: the same claims
    assert again.claims.equals(rc.claims) and again.fit == rc.fit
    # Every reading's at once, on two workers: the same claims as one by one.
    both = every_reading_claims(results, settings=TINY.replace(jobs=2), sets={"kalles": ["thesis"]})
    assert list(both) == ["kalles"] and both["kalles"].claims.equals(rc.claims)


def test_chance_word_follows_the_interval():
    assert chance_word(0.27, 0.37, 0.25) == "above chance"
    assert chance_word(0.15, 0.23, 0.25) == "below chance"  # the review's Harmony* recognition: 15 to 23 %
    assert chance_word(0.20, 0.30, 0.25) == "not distinguishable from chance"


def test_reading_claims_need_the_thesis_set(tmp_path):
    with pytest.raises(ValueError, match="sets must include 'thesis'"):
        reading_claims(tmp_path, settings=TINY, sets=["harmony"])
    assert not (tmp_path / "runs").exists()


def test_one_reading_judged_counts_each_claim_once(tiny_claims):
    _, rc = tiny_claims
    lines = evidence_lines({"kalles": rc.claims, "king": rc.claims})
    claims = judge(lines)
    assert len(claims) == rc.claims.claim.nunique() and (claims["lines"] == 2).all()
    assert claims.claim.tolist() == list(dict.fromkeys(rc.claims.claim))  # the report's order


def test_pr_frequencies():
    moves = pd.DataFrame({"count": [1, 1, 2, 3, 4], "n": [2, 2, 4, 3, 4]})
    moves["pr"] = moves["count"] / moves.n
    freq, pr_one = pr_frequencies(moves)
    assert freq.to_dict() == {0.5: 3} and pr_one == 2
