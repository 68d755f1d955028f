"""The report's claims: one reading's claims from its games, readings side by side, the verdicts' tally."""

import pandas as pd
import pytest

from pawnslib.config import RunSettings
from pawnslib.experiments import plan
from pawnslib.experiments.claims import chance_label, every_reading_claims, pr_frequencies, reading_claims
from pawnslib.experiments.evidence import evidence_lines, judge, plan_power
from pawnslib.experiments.records import EVIDENCE, LINE_COLUMNS, LINE_VERDICTS
from pawnslib.report import words

TINY = RunSettings(rounds=2, train_rounds=1, depth=1, seed=3, jobs=1)


@pytest.fixture(scope="module")
def tiny_claims(tmp_path_factory):
    results = tmp_path_factory.mktemp("claims")
    return results, reading_claims(results, settings=TINY, sets=["thesis"])


def test_reading_claims_from_a_tiny_run(tiny_claims):
    results, rc = tiny_claims
    assert rc.rules == TINY.rules and list(rc.claims.columns) == LINE_COLUMNS
    # the report's order: Chapter 10, prediction, the tree in play, its cost, then beyond the thesis
    assert list(dict.fromkeys(rc.claims.chapter)) == ["10", "12", "11.1", "11.2", "beyond"]
    assert rc.claims.id.iloc[0] == "t10_2.cells" and rc.claims.games.iloc[0] == 2 * 16
    assert set(rc.claims.verdict) <= set(LINE_VERDICTS) and len(rc.claims) >= 16  # a table's line has one verdict
    assert set(rc.claims.evidence) == set(EVIDENCE)  # every kind of thesis evidence occurs
    assert rc.claims.id.str.fullmatch(r"[a-z0-9_.-]+").all() and rc.claims.groupby("id").claim.nunique().eq(1).all()
    assert list(rc.fit) == ["branching", "predictions per game", "nodes", "win_rate"]
    assert all(len(v) == 4 for v in rc.fit.values())
    assert len(rc.table_10_2) == len(rc.table_11_1) == 16 and set(rc.changes.table) == {"11.2", "11.3"}
    by_id = rc.claims.set_index("id")
    sorting = by_id.loc["ch11.sorting"]
    assert sorting.verdict in LINE_VERDICTS and sorting.estimate >= 1 and sorting.unit == "ratio"  # depth 1: no saving
    assert by_id.loc["ch11.dsum_values", "verdict"] == "not reproduced"  # 2 rounds: few distinct values
    assert by_id.loc["ch11.dsum_values", "estimate"] <= by_id.loc["ch11.dsum_values", "thesis_value"]
    assert by_id.loc["t10_2.can_beat", "verdict"] in LINE_VERDICTS
    # every rule's power is known: the statements about the tables' by simulation (thesis.statement_chances)
    power = plan_power(evidence_lines({"kalles": rc.claims})).set_index("id")
    statements = power.loc[["t10_2.can_beat", "t10_2.very_poorly", "ch12.strongest"]]
    assert set(statements.rule) == {"computed"} and statements.filter(like="at_").notna().all(axis=None)
    assert by_id.loc["ch11.branching", "page"] == "04_pawns"  # a claim names its page by its record, not its words
    assert set(rc.recognition.strategies) == {"thesis"} and set(rc.counts) == set(rc.moves) == {"thesis"}
    # Tables 11.2 and 11.3 at the thesis's evidence: every change within its own noise, so untestable
    assert (rc.changes.thesis_p >= 0.4).all() and set(rc.changes.verdict) == {"untestable"}
    assert by_id.loc["t11_2.rose", "verdict"] == by_id.loc["t11_3.fell", "verdict"] == "untestable"
    null = by_id.loc["t11_2_3.moved"]
    assert null.verdict in LINE_VERDICTS and null.evidence == "cannot show it" and 0 <= null.p <= 1
    assert by_id.loc["tree.changes_play", "verdict"] == "new"
    # The claim about time is timing data, apart: every other claim is the same however often it is computed.
    assert list(rc.timing.id) == ["ch11.time_ratio"] and "ch11.time_ratio" not in by_id.index
    again = reading_claims(results, settings=TINY, sets=["thesis"])  # read back, not replayed: the same claims
    assert again.claims.equals(rc.claims) and again.fit == rc.fit
    # Every reading's at once, on two workers: the same claims as one by one.
    both = every_reading_claims(results, settings=TINY.replace(jobs=2), sets={"kalles": ["thesis"]})
    assert list(both) == ["kalles"] and both["kalles"].claims.equals(rc.claims)


def test_every_thesis_line_states_its_margin_and_its_verdict_follows_from_it(tiny_claims):
    _, rc = tiny_claims
    lines = pd.concat([rc.claims, rc.timing], ignore_index=True)
    theirs = lines[lines.evidence != "ours"]
    assert theirs.margin_why.str.len().gt(0).all()  # a margin and its reason, or why the line has none
    # a figure with an interval and a margin: the verdict is plan.margin_verdict's; a bound: plan.bound_verdict's
    judged = theirs.dropna(subset=["lo", "hi", "thesis_value", "margin"])
    judged = judged[judged.test != "predictive-check"]
    # Figure 11.1's 75 moves in a run of unknown size: no game of ours has more than 75 White moves at pr = 1, so no
    # outcome could contradict it and its rule is untestable here, whatever the interval.
    assert set(judged[judged.id == "f11_1.pr_one"].verdict) == {"untestable"}
    judged = judged[judged.id != "f11_1.pr_one"]
    assert len(judged) >= 8
    for r in judged.itertuples():
        assert r.verdict == plan.margin_verdict(r.lo, r.hi, r.thesis_value, r.margin), r.id
    bounds = theirs[theirs.test == "one-sided"]
    assert set(bounds.id) == {"ch12.often_deeper", "ch11.sorting", "ch11.threshold_vs_random"}
    for r in bounds.itertuples():
        assert r.verdict == plan.bound_verdict(r.lo, r.hi, r.thesis_value, r.facts["side"]), r.id
    # a whole table: one joint test, its p beside its verdict
    for cid in ("t10_2.cells", "t11_1.cells"):
        t = theirs.set_index("id").loc[cid]
        assert t.test == "predictive-check" and (t.p < plan.ALPHA) == (t.verdict == "not reproduced")


def test_chance_label_follows_the_interval():
    assert chance_label(0.27, 0.37, 0.25) == "above"
    assert chance_label(0.15, 0.23, 0.25) == "below"  # the review's Harmony* recognition: 15 to 23 %
    assert chance_label(0.20, 0.30, 0.25) == "within"


def test_every_line_says_its_figure_from_its_own_record(tiny_claims):
    _, rc = tiny_claims
    lines = pd.concat([rc.claims, rc.timing], ignore_index=True)
    said = lines.apply(words.ours, axis=1)  # every claim has its template, and every line the facts it quotes
    assert said.str.len().gt(0).all() and not said.str.contains("nan|None").any()
    by_id = dict(zip(lines.id, said, strict=False))
    dsum = lines.set_index("id").loc["ch11.dsum_values"]
    assert by_id["ch11.dsum_values"] == f"{int(dsum.estimate)} in the {int(dsum.games)} games of Table 10.2"
    assert by_id["t10_2.cells"].startswith("2 games a pairing; its cells: ")


def test_reading_claims_need_the_thesis_set(tmp_path):
    with pytest.raises(ValueError, match="sets must include 'thesis'"):
        reading_claims(tmp_path, settings=TINY, sets=["harmony"])
    assert not (tmp_path / "runs").exists()


def test_one_reading_judged_counts_each_claim_once(tiny_claims):
    _, rc = tiny_claims
    lines = evidence_lines({"kalles": rc.claims, "king": rc.claims})
    claims = judge(lines)
    assert len(claims) == rc.claims.id.nunique() and (claims["lines"] == 2).all()
    assert claims.id.tolist() == list(dict.fromkeys(rc.claims.id))  # the report's order


def test_pr_frequencies():
    moves = pd.DataFrame({"count": [1, 1, 2, 3, 4], "n": [2, 2, 4, 3, 4]})
    moves["pr"] = moves["count"] / moves.n
    freq, pr_one = pr_frequencies(moves)
    assert freq.to_dict() == {0.5: 3} and pr_one == 2


def test_chapter_12s_claims_on_chapter_13s_games_are_judged_against_the_thesiss_figures():
    from pawnslib.experiments import chapter13, paired, thesis

    def played(win) -> list[dict]:
        return [{"black": b, "white": w, "round": k, "result": "black" if win(b, w, k) else "white"}
                for b in range(1, 5) for w in range(1, 5) for k in range(20)]

    plain = played(lambda b, w, k: b == 4 or (b, w) != (1, 2))  # Black 1 never beats White 2: "unlikely"
    asym = played(lambda b, w, k: b == 4 or (b, w) != (1, 2) or k < 6)  # there it wins 6 of 20: +30 points
    claims = chapter13.thesis_claims(paired.scores_frame({"plain6": plain, "one-hist": asym}, wins=True),
                                     plain).set_index("id")
    helps, suffers = claims.loc["ch12.helps_unlikely"], claims.loc["ch12.strategy4_suffers"]
    assert helps.pairs == "1-2" and helps["diff"] == pytest.approx(0.3)
    assert helps.thesis_value == pytest.approx(thesis.UNLIKELY_CHANGE) and helps.margin == thesis.CHANGE_MARGIN
    assert helps.verdict == plan.margin_verdict(helps.diff_lo, helps.diff_hi, helps.thesis_value, helps.margin)
    # strategy 4 wins every game with either tree: exactly no change, [0, 0], against the thesis's -25 points
    assert (suffers.diff_lo, suffers.diff_hi) == (0, 0) and suffers.verdict == "not reproduced"
    assert suffers.thesis_value == pytest.approx(-0.25) and suffers.margin_why == thesis.CHANGE_WHY
