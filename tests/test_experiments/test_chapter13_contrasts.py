"""Chapter 13's paired contrasts as data (chapter13.contrast_records): ids, groups, simultaneous intervals, verdicts."""

import numpy as np
import pandas as pd
import pytest

from pawnslib.experiments import chapter13, paired, predictability
from pawnslib.experiments.chapter13 import CONTRAST_COLUMNS, contrast_records, verdict_label

RESULTS = {"black": 1.0, "draw": 0.5, "white": 0.0}


def games(strength: dict[str, float], *, rounds: int = 12, seed: int = 0) -> dict[str, list[dict]]:
    """Hand-made paired games: per method, one game per (black, white, round) of strategies 1 and 2, Black winning
    with probability ``strength[method]`` (a draw a fifth of the rest)."""
    rng = np.random.default_rng(seed)
    out = {}
    for method, p in strength.items():
        u = rng.random((2, 2, rounds))
        result = np.where(u < p, "black", np.where(u < p + (1 - p) / 5, "draw", "white"))
        out[method] = [{"black": b + 1, "white": w + 1, "round": r, "result": str(result[b, w, r])}
                       for b in range(2) for w in range(2) for r in range(rounds)]
    return out


@pytest.fixture(scope="module")
def tables():
    """Every table of Chapter 13 from hand-made games: White at 6 plies (the comparison) and a cell of the map."""
    runs = {6: games({"plain6": 0.5, "plain8": 0.8, "one-hist": 0.5, "oracle": 0.3, "oracle-deep": 0.5}),
            ("none", 2): games({"plain6": 0.6, "plain8": 0.9, "oracle": 0.4}, seed=1)}
    for records in runs[("none", 2)].values():  # every paired game distinct
        for r in records:
            r["moves"] = [str(r["round"]), str(r["black"]), str(r["white"])]
    scores = paired.scores_frame(runs[6])
    methods = paired.method_summary(scores, family=chapter13.METHODS_GROUP)
    contrasts = chapter13.foresight_contrasts(scores)
    cell = paired.method_summary(paired.scores_frame(runs[("none", 2)]), family=chapter13.MAP_GROUP)
    white_map = cell[cell.method != "plain6"].assign(white_noise="none", white_depth=2, distinct_games=cell.games)
    loss = predictability.oracle_loss(runs[6], depth=6)
    # the "unlikely" pairings chosen on weak Black's games, so that some are; no strategy 4 here
    claims = chapter13.thesis_claims(paired.scores_frame(runs[6], wins=True), runs[6]["oracle"], thesis_set=False)
    return runs, methods, contrasts, white_map, loss, claims


def test_the_verdict_is_the_holm_corrected_sign():
    assert verdict_label(0.05, 0.01) == "better" and verdict_label(-0.05, 0.01) == "worse"
    assert verdict_label(0.05, 0.2) == "not distinguishable" == verdict_label(0.05, np.nan)
    assert verdict_label(0.05, 0.01, alpha=0.001) == "not distinguishable"
    assert verdict_label(0.0, 0.01) == "not distinguishable"


def test_the_ids_name_group_contrast_and_subset():
    assert chapter13.contrast_id("ch13.methods", "oracle", "plain6") == "ch13.methods.oracle-plain6"
    assert chapter13.contrasts_id("om-matched", "om-perfect", "1") == "ch13.contrasts.om-matched-om-perfect.white1"
    assert chapter13.contrasts_id("oracle", "plain8") == "ch13.contrasts.oracle-plain8"
    assert chapter13.map_id("oracle", "half", np.int64(2)) == "ch13.map.oracle-plain6.half.depth2"
    assert chapter13.loss_id("oracle", "plain6", 6, "off the diagonal") == \
        "ch13.oracle_loss.oracle-plain6.depth6.off-diagonal"
    assert chapter13.loss_id("oracle", "plain6", 5) == "ch13.oracle_loss.oracle-plain6.depth5"
    assert chapter13.claim_id("one-hist", "ch12.strategy4_suffers") == "ch13.claims.one-hist-plain6.strategy4_suffers"
    with pytest.raises(ValueError, match="not a Chapter 12 claim's id: 'strategy 4 suffers'"):
        chapter13.claim_id("one-hist", "strategy 4 suffers")  # its words are not its id


def test_every_contrast_is_one_row_of_numbers_and_ids(tables):
    runs, methods, contrasts, white_map, loss, claims = tables
    out = contrast_records(methods, contrasts, white_map, loss, claims, games=runs, depth=6)
    assert list(out.columns) == CONTRAST_COLUMNS and out.id.is_unique
    tested = claims.dropna(subset=["p"])
    assert len(tested) and len(loss) and len(contrasts)  # every group is there
    assert out.group.value_counts().to_dict() == {
        k: v for k, v in {"ch13.methods": len(methods) - 1, "ch13.contrasts": len(contrasts),
                          "ch13.map": len(white_map), "ch13.oracle_loss": len(loss),
                          "ch13.claims": len(tested)}.items() if v}
    assert set(out.verdict) <= set(chapter13.VERDICTS)
    assert (out.verdict == [verdict_label(d, p) for d, p in zip(out["diff"], out.p_holm, strict=True)]).all()
    assert set(out.unit[out.group == "ch13.claims"]) == {"win-rate points"}
    assert set(out.unit[out.group != "ch13.claims"]) == {"score points"}
    m = out[out.group == "ch13.methods"].set_index("method")
    t = methods.set_index("method").loc[m.index]
    for ours, theirs in (("diff", "diff"), ("diff_lo", "diff_lo"), ("p_holm", "p_holm"), ("sim_lo", "diff_lo_all"),
                         ("sim_hi", "diff_hi_all")):
        assert list(m[ours]) == list(t[theirs])
    assert set(m.baseline) == {"plain6"} and set(m.white) == {"all"}
    w = out[out.group == "ch13.map"]
    assert list(w.white) == ["none, depth 2"] * len(white_map) and list(w["diff"]) == list(white_map["diff"])
    assert list(w.id) == [f"ch13.map.{m}-plain6.none.depth2" for m in white_map.method]
    assert set(out.white[out.group == "ch13.oracle_loss"]) <= {"depth 6", "depth 6, diagonal",
                                                               "depth 6, off the diagonal"}
    # every simultaneous interval holds its 95 % one: the same t-test, a wider level
    assert (out.sim_lo <= out.diff_lo).all() and (out.sim_hi >= out.diff_hi).all()
    assert out[["sim_lo", "sim_hi"]].notna().all().all()
    # each row names its family: its group's, but plain8's, the yardstick outside every family
    assert (out.family[out.method != "plain8"] == out.group[out.method != "plain8"]).all()
    assert set(out.family[out.method == "plain8"]) == {paired.YARDSTICK}
    # one test per row: its 95 % interval excludes 0 exactly when p < 0.05, its simultaneous one only when Holm's does
    assert (((out.diff_lo > 0) | (out.diff_hi < 0)) == (out.p < 0.05)).all()
    assert (~((out.sim_lo > 0) | (out.sim_hi < 0)) | (out.p_holm < 0.05)).all()


def test_the_simultaneous_interval_is_the_bonferroni_level_of_the_same_t_test(tables):
    runs, methods, contrasts, *_ = tables
    all_pairs = (6, lambda b, w: True, False)
    # over the methods' family (plain8, the yardstick, outside it): method_summary's own simultaneous interval
    k = paired.family_size(methods.method, "plain6")
    assert k == len(methods) - 2
    row = methods.set_index("method").loc["oracle"]
    assert chapter13.simultaneous_interval(runs, "oracle", "plain6", k, all_pairs) == (row.diff_lo_all,
                                                                                       row.diff_hi_all)
    # at k = 1 it is the contrast's own 95 % interval
    c = contrasts.set_index(["method", "against"]).loc[("oracle", "plain8")]
    assert chapter13.simultaneous_interval(runs, "oracle", "plain8", 1, all_pairs) == (c.diff_lo, c.diff_hi)
    assert np.isnan(chapter13.simultaneous_interval(runs, "two-hist", "plain6", 3, all_pairs)).all()  # not played


def test_without_games_only_the_tables_own_simultaneous_intervals_are_there(tables):
    _, methods, contrasts, white_map, loss, claims = tables
    out = contrast_records(methods, contrasts, white_map, loss, claims)
    assert out.sim_lo[out.group != "ch13.claims"].notna().all()  # the tables that hold theirs
    assert out.sim_lo[out.group == "ch13.claims"].isna().all()
    assert list(contrast_records(methods).group.unique()) == ["ch13.methods"]
    empty = contrast_records(methods, contrasts.iloc[:0], white_map.iloc[:0], loss.iloc[:0], claims.iloc[:0])
    assert len(empty) == len(methods) - 1


def test_the_committed_tables_make_one_row_per_contrast():
    from pathlib import Path

    tables = Path(__file__).resolve().parents[2] / "results" / "tables"
    names = ("ch13_methods", "ch13_contrasts", "ch13_predictability", "ch13_oracle_loss", "ch13_claims")
    if not all((tables / f"{n}.csv").is_file() for n in names):
        pytest.skip("Chapter 13's tables are not in results/tables")
    read = [pd.read_csv(tables / f"{n}.csv", dtype={"white": str}) for n in names]
    out = contrast_records(*read)
    assert len(out) == len(read[0]) - 1 + sum(len(t) for t in read[1:4]) + read[4].p.notna().sum()
    assert out.id.is_unique and out.loc[out.id == "ch13.methods.plain8-plain6", "verdict"].item() == "better"
