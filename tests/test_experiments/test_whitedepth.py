"""Where prediction pays: Chapter 13's methods against a shallower White, and the oracle's loss taken apart."""

import json

import numpy as np
import pytest

from pawnslib import config
from pawnslib.config import RunSettings
from pawnslib.experiments import chapter13, paired, whitedepth
from pawnslib.play.players import DeepAlphaBeta
from pawnslib.play.records import positions_of
from pawnslib.search.seeds import derive_seed
from pawnslib.search.strategies import THESIS

RUN = RunSettings(rounds=1, depth=3, train_rounds=1, seed=5, jobs=1)
METHODS = ("plain6", "oracle", "one-hist-perfect")


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    results = tmp_path_factory.mktemp("white_depth")
    return results, whitedepth.white_depth_runs(results, "thesis", settings=RUN, depths=(1, 2), methods=METHODS,
                                                 rounds=2, progress=False)


def test_white_searches_its_own_depth_in_its_own_folder(runs):
    results, played = runs
    assert sorted(played) == [1, 2, 3] and all(list(v) == list(METHODS) for v in played.values())
    assert len(played[3]["plain6"]) == 16 and len(played[1]["plain6"]) == 32  # Black's depth: Chapter 13's rounds
    for d in (1, 2):
        meta = json.loads((config.comparison_dir(results, "thesis", "oracle", white_depth=d) / "meta.json").read_text())
        assert meta["white_depth"] == d and meta["depth"] == 3
        rec = played[d]["plain6"][5]  # White's first reply is its own search to depth d, with the game's seed
        seed = derive_seed(derive_seed(RUN.seed, config.COMPARISON_STREAM), rec["black"], rec["white"], rec["round"])
        reply = DeepAlphaBeta(THESIS[rec["white"]], depth=d).choose(positions_of(rec, 1), derive_seed(seed, 1))
        assert str(reply.move) == rec["moves"][1]
    assert not (results / "runs" / "ch13_white3").exists()  # White at Black's depth is Chapter 13's own games


def test_the_map_is_paired_against_plain6_at_each_depth(runs):
    _, played = runs
    table = whitedepth.white_depth_table(played, seed=1)
    assert list(table.columns) == whitedepth.MAP
    assert [(d, m) for d, m in zip(table.white_depth, table.method, strict=True)] == [
        (d, m) for d in (1, 2, 3) for m in METHODS[1:]]
    for row in table.itertuples():
        scores = paired.scores_frame(played[row.white_depth])
        base = scores[scores.method == "plain6"].score.to_numpy()
        mine = scores[scores.method == row.method].score.to_numpy()
        assert row.plain6_score == pytest.approx(base.mean()) and row.diff == pytest.approx((mine - base).mean())
        if row.plain6_score < 1:
            assert row.room_share == pytest.approx(row.diff / (1 - row.plain6_score))
        else:
            assert np.isnan(row.room_share)
    assert (table.p_holm >= table.p).all() and (table.p_holm <= 1).all()


def test_the_oracles_loss_splits_the_diagonal_from_the_rest(runs):
    _, played = runs
    loss = whitedepth.oracle_loss(played, depth=3, seed=1).set_index(["white_depth", "pairings", "method",
                                                                      "against"])
    at3 = loss.loc[(3, "diagonal", "oracle", "plain6")].games + loss.loc[(3, "off the diagonal", "oracle",
                                                                          "plain6")].games
    assert loss.loc[(3, "diagonal", "oracle", "plain6")].games == 4 and at3 == 16
    assert (5, "all", "oracle", "plain6") not in loss.index  # White at 5 was not played: its rows are left out
    assert not any(m == "oracle-deep" for m in loss.index.get_level_values("method"))


def test_bad_methods_are_named(tmp_path):
    with pytest.raises(ValueError, match="method must be one of"):
        whitedepth.white_depth_runs(tmp_path, "thesis", settings=RUN, methods=("plain6", "psychic"))


def test_make_plays_the_configured_comparison_and_map():
    """`make reproduce` names the methods, depths and rounds config gives (Make cannot import config)."""
    import re
    from pathlib import Path

    mk = (Path(__file__).parents[2] / "reproduce.mk").read_text().replace("\\\n", " ")

    def words(name: str) -> list[str]:
        return re.search(rf"(?m)^{name} := (.*)$", mk)[1].split()

    assert words("COMPARE_METHODS") == list(chapter13.METHODS)
    assert words("MAP_DEPTHS") == [str(d) for d in whitedepth.WHITE_DEPTHS]
    assert words("MAP_METHODS") == list(whitedepth.MAP_METHODS) and words("MAP_ROUNDS") == [str(whitedepth.MAP_ROUNDS)]
    # the oracle's loss is a 2 x 2 of the map's own games
    assert whitedepth.ORACLE_WHITE_DEPTH in whitedepth.WHITE_DEPTHS and "oracle" in whitedepth.MAP_METHODS
