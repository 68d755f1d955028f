"""The report's claims: one reading's claims from its games, readings side by side, the verdicts' tally."""

import pandas as pd
import pytest

from pawnslib.config import RunSettings
from pawnslib.experiments.claims import (
    VERDICTS,
    chance_word,
    combine,
    every_reading_claims,
    pr_frequencies,
    reading_claims,
    verdict_summary,
)

TINY = RunSettings(rounds=2, train_rounds=1, depth=1, seed=3, jobs=1)


@pytest.fixture(scope="module")
def tiny_claims(tmp_path_factory):
    results = tmp_path_factory.mktemp("claims")
    return results, reading_claims(results, settings=TINY, sets=["thesis"])


def test_reading_claims_from_a_tiny_run(tiny_claims):
    results, rc = tiny_claims
    assert rc.rules == TINY.rules and list(rc.claims.columns) == ["section", "claim", "thesis", "ours", "verdict",
                                                                  "why"]
    # the report's order: Chapter 10, prediction, the tree in play, its cost, then beyond the thesis
    order = list(dict.fromkeys(rc.claims.section))
    assert order == ["10", "12", "11.1", "11.2", "beyond"] and rc.claims.section.iloc[-1] == "beyond"
    assert rc.claims.claim.iloc[0].startswith("Table 10.2") and "2 games a pairing" in rc.claims.ours.iloc[0]
    single = rc.claims.verdict.where(rc.claims.verdict.isin(VERDICTS)).dropna()
    assert len(single) > 10 and len(rc.claims) >= 16
    assert list(rc.fit) == ["branching", "predictions per game", "pr = 1 per game", "nodes", "win_rate"]
    assert all(len(v) == 4 for v in rc.fit.values())
    assert len(rc.table_10_2) == len(rc.table_11_1) == 16 and set(rc.changes.table) == {"11.2", "11.3"}
    by_claim = rc.claims.set_index("claim")
    sorting = by_claim.filter(like="sorting the children", axis=0).iloc[0]
    assert sorting.verdict in VERDICTS and "times the nodes unsorted" in sorting.ours  # a depth-2 search, unsorted
    assert by_claim.filter(like="DSum", axis=0).verdict.item() == "not reproduced"  # 2 rounds: few distinct values
    assert {"reproduced", "not reproduced"} >= set(by_claim.filter(like="can beat", axis=0).verdict)
    assert set(rc.recognition.strategies) == {"thesis"} and set(rc.counts) == set(rc.moves) == {"thesis"}
    # Tables 11.2 and 11.3 at the thesis's evidence, and how often the tree changed play at all.
    assert (rc.changes["thesis p"] >= 0.4).all() and set(rc.changes.verdict) == {"inconclusive"}
    null = by_claim.filter(like="changed Black's win rate in 10 of the 16", axis=0).iloc[0]
    assert "with no change at all" in null.ours and null.verdict in VERDICTS
    assert by_claim.filter(like="how often the asymmetric tree changes play", axis=0).verdict.item() == "new"
    # The claim about time is timing data, apart: every other claim is the same however often it is computed.
    assert list(rc.timing.claim) == ["time per search, asymmetric against plain (thesis)"]
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


def claims_frame(rows):
    return pd.DataFrame([{"section": s, "claim": c, "thesis": "t", "ours": o, "verdict": v, "why": "w"}
                         for s, c, o, v in rows])


def test_combine_sets_readings_side_by_side_in_order():
    a = claims_frame([("10", "x", "1", "reproduced"), ("11", "y", "2", "not reproduced")])
    b = claims_frame([("10", "x", "3", "inconclusive"), ("12", "z", "4", "reproduced"), ("11", "y", "5", "reproduced")])
    both = combine({"kalles": a, "king": b})
    assert both.claim.tolist() == ["x", "y", "z"]
    assert list(both.columns) == ["section", "claim", "thesis", "ours (kalles)", "verdict (kalles)", "ours (king)",
                                  "verdict (king)"]
    assert both.set_index("claim").loc["y", "ours (king)"] == "5"
    assert pd.isna(both.set_index("claim").loc["z", "ours (kalles)"])
    assert list(combine({"kalles": a}, columns=("why",)).columns) == ["section", "claim", "thesis", "why (kalles)"]


def test_verdict_summary_separates_single_claims_from_tables():
    c = claims_frame([("10", "x", "", "reproduced"), ("10", "t", "", "3 reproduced, 1 not, 0 inconclusive"),
                      ("11", "y", "", "reproduced"), ("12", "z", "", "inconclusive")])
    counts, tables = verdict_summary(c.verdict)
    assert counts.to_dict() == {"reproduced": 2, "not reproduced": 0, "inconclusive": 1, "new": 0} and tables == 1
    shown = combine({"kalles": c})
    shown.loc[len(shown)] = {"section": "13", "claim": "n", "thesis": "", "verdict (kalles)": "new"}  # a row added
    assert verdict_summary(shown["verdict (kalles)"])[0]["new"] == 1  # the tally counts the rows shown
    assert verdict_summary(pd.Series(["reproduced", None]))[0].sum() == 1  # a claim a reading lacks is not counted


def test_pr_frequencies():
    moves = pd.DataFrame({"count": [1, 1, 2, 3, 4], "n": [2, 2, 4, 3, 4]})
    moves["pr"] = moves["count"] / moves.n
    freq, pr_one = pr_frequencies(moves)
    assert freq.to_dict() == {0.5: 3} and pr_one == 2
