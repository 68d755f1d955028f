"""How far the thesis's own evidence carries its claims: each rule on the thesis's own tables, at 3 games a cell."""

import pytest

from pawnslib.experiments import support, thesis
from pawnslib.experiments.records import EVIDENCE


def test_the_thesis_own_tables_show_what_they_count():
    assert support.TABLE == ("shows it", "its own counts, 3 effective games a cell")
    # one win in 6 effective games is no "can beat": its interval reaches below 10 %
    kind, note = support.beats()
    assert kind == "cannot show it" and "surely beats 1 or more others and possibly 3 or more" in note


def test_three_game_cells_cannot_show_large_effects():
    # 0 of 6 effective games against strategy 4 is consistent with up to 39 % won: not "very poorly" (under 10 %)
    assert support.poorly()[0] == "cannot show it" and "up to 39 %" in support.poorly()[1]
    # strategy 4 wins 19 of 24 effective games, an interval overlapping strategy 3's: not clearly the strongest
    assert support.strongest()[0] == "cannot show it" and "19 of 24" in support.strongest()[1]
    # each change of Tables 11.2 and 11.3 is within the thesis's own noise
    for table in (thesis.TABLE_11_2, thesis.TABLE_11_3):
        assert support.changes(table)[0] == "cannot show it"
    assert support.unlikely() == ("cannot show it", "its 3 pairings won under 1/3: 0 of 9 effective games won "
                                                    "before, 3 after, Fisher's p 0.21")
    assert support.suffers()[0] == "cannot show it" and support.suffers()[1].startswith("strategy 4's 4 pairings: 11")


def test_the_text_is_held_to_its_own_counts():
    # "about 50 %" correct against its own 2007 of 5520 (36 %, 35-38 %)
    assert support.share_text() == ("cannot show it", "its own count, 2007 of 5520, is 36 % (35-38 %)")


def test_the_null_of_tables_11_2_and_11_3_from_the_thesis_own_table():
    (kind, _), p = support.null()
    assert kind == "cannot show it" and 0.05 <= p <= 1
    # a cell seen at 0 of 3 would move in a second sample with chance 3/7 (a uniform prior)
    assert support.moved_share_predictive(0) == pytest.approx(3 / 7)
    assert support.moved_share_predictive(3) == pytest.approx(3 / 7)


def test_every_evidence_has_a_kind():
    for kind, _ in (support.TABLE, support.OURS, support.beats(), support.poorly(), support.strongest(),
                    support.share_text(), support.null()[0], support.unlikely(), support.suffers()):
        assert kind in EVIDENCE


def test_a_pooled_change_beyond_the_thesis_noise_would_show_it(monkeypatch):
    # The rule can say "shows it": strategy 1's four pairings going from 6 of 12 to 12 of 12 effective games
    monkeypatch.setattr(thesis, "TABLE_11_1", [["100%"] * 4] + thesis.TABLE_11_1[1:])
    assert support.pooled([(1, w) for w in range(1, 5)], "strategy 1")[0] == "shows it"
