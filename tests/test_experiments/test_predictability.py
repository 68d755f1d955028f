"""Where prediction pays: the map over how predictable White is, on distinct games, and the oracle's loss."""

import json
import re
from pathlib import Path

import numpy as np
import pytest

from pawnslib import config
from pawnslib.config import RunSettings, SettingError
from pawnslib.experiments import chapter13, paired, plan, predictability
from pawnslib.play.openings import OPENING_PLIES
from pawnslib.play.players import DeepAlphaBeta, breaks_ties
from pawnslib.play.records import positions_of
from pawnslib.search.seeds import derive_seed
from pawnslib.search.strategies import THESIS

RUN = RunSettings(rounds=1, depth=3, train_rounds=1, seed=5, jobs=1)
METHODS = ("plain6", "oracle", "one-hist")
CELLS = (("none", 2), ("thesis", 2))


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    results = tmp_path_factory.mktemp("map")
    return results, predictability.map_runs(results, "thesis", settings=RUN, noises=("none", "thesis"), depths=(2,),
                                            methods=METHODS, rounds=2, progress=False)


def _game_seed(rec) -> int:
    return derive_seed(derive_seed(RUN.seed, config.COMPARISON_STREAM), rec["black"], rec["white"], rec["round"])


def test_each_cell_plays_its_white_from_seeded_openings_in_its_own_folder(runs):
    results, played = runs
    assert list(played) == list(CELLS) and all(list(v) == list(METHODS) for v in played.values())
    for cell in CELLS:
        meta = json.loads((predictability.cell_dir(results, cell) / "thesis_oracle" / "meta.json").read_text())
        assert (meta["white_depth"], meta["white_share"], meta["openings"], meta["noise"]) == (
            2, predictability.WHITE_NOISES[cell[0]], OPENING_PLIES, "thesis")  # Black keeps the thesis's noise
    none, noisy = played["none", 2], played["thesis", 2]
    for a, b in zip(none["plain6"], noisy["plain6"], strict=True):  # the same opening in every cell and method
        assert a["opening"] == OPENING_PLIES and a["moves"][:OPENING_PLIES] == b["moves"][:OPENING_PLIES]
        assert a["moves"][:OPENING_PLIES] == none["oracle"][none["plain6"].index(a)]["moves"][:OPENING_PLIES]
    rec = none["plain6"][5]  # White without noise: its reply is its noise-free search, whatever the seed says
    ply = OPENING_PLIES + 1
    reply = DeepAlphaBeta(THESIS[rec["white"]], depth=2, noise="none").choose(positions_of(rec, ply), None)
    assert str(reply.move) == rec["moves"][ply]


def test_predictability_is_measured_one_without_noise_and_lower_with_it(runs):
    _, played = runs
    assert predictability.predictability(played["none", 2]["plain6"], THESIS, 2) == 1.0
    assert predictability.predictability(played["thesis", 2]["plain6"], THESIS, 2) < 1.0
    with pytest.raises(ValueError, match="no White move"):
        predictability.predictability([], THESIS, 2)


def test_the_map_is_paired_against_plain6_in_each_cell_on_distinct_games(runs):
    _, played = runs
    table = predictability.map_table(played, THESIS)
    assert list(table.columns) == predictability.MAP
    assert list(zip(table.white_noise, table.white_depth, table.method, strict=True)) == [
        (n, d, m) for n, d in CELLS for m in METHODS[1:]]
    for row in table.itertuples():
        kept = paired.distinct_games(played[row.white_noise, row.white_depth])
        scores = paired.scores_frame(kept)
        base = scores[scores.method == "plain6"].score.to_numpy()
        mine = scores[scores.method == row.method].score.to_numpy()
        assert row.games == 32 and row.distinct_games == len(base) <= 32
        assert row.plain6_score == pytest.approx(base.mean()) and row.diff == pytest.approx((mine - base).mean())
    assert (table.p_holm >= table.p).all() and (table.p_holm <= 1).all()
    assert table.predictability[table.white_noise == "none"].eq(1.0).all()
    assert set(table.family) == {chapter13.MAP_GROUP} and table.recognition.isna().all()  # no PrOM search played


def _records(rng, rounds: int, share: float, base=None) -> list[dict]:
    """Made-up records of 4 pairings x ``rounds``: Black wins with probability ``share``, or copies ``base``'s result
    half the time (paired games that often agree)."""
    out = []
    for i, (b, w, r) in enumerate((b, w, r) for b in (1, 2) for w in (1, 2) for r in range(rounds)):
        won = rng.random() < share if base is None or rng.random() < 0.5 else base[i]["result"] == "black"
        out.append({"black": b, "white": w, "round": r, "result": "black" if won else "white", "moves": [str(i)]})
    return out


def test_the_maps_family_is_every_cells_modelling_methods_without_plain8(monkeypatch):
    monkeypatch.setattr(predictability, "predictability", lambda records, strategies, depth: 0.5)
    rng = np.random.default_rng(0)
    runs = {}
    for cell, lift in ((("none", 2), 0.25), (("thesis", 6), -0.2)):
        base = _records(rng, 40, 0.5)
        runs[cell] = {"plain6": base, "plain8": _records(rng, 40, 0.9, base)} | {
            m: _records(rng, 40, 0.5 + lift * k / 3, base)
            for k, m in enumerate(("oracle", "prom-uniform", "prom-learned", "om-perfect"))}
    table = predictability.map_table(runs, THESIS)
    family = table[table.family == chapter13.MAP_GROUP]
    assert len(family) == 8 and set(table.method[table.family == paired.YARDSTICK]) == {"plain8"}
    # plain8: its own 95 % interval and p; the family: simultaneous over all 8 rows of both cells, Holm over them
    yard = table[table.method == "plain8"]
    assert (yard.diff_lo_all == yard.diff_lo).all() and (yard.p_holm == yard.p).all()
    for r in family.itertuples():
        kept = paired.distinct_games(runs[r.white_noise, r.white_depth])
        scores = paired.scores_frame(kept)
        t = paired.subset_test(scores, r.method, paired.pairings(scores), k=8)
        assert (r.diff_lo_all, r.diff_hi_all) == pytest.approx((t["diff_lo"], t["diff_hi"]))
    assert family.p_holm.tolist() == pytest.approx(list(plan.holm(family.p)))
    outside = (family.diff_lo_all > 0) | (family.diff_hi_all < 0)
    assert outside.any() and (family.p_holm[outside] < plan.ALPHA).all()  # a simultaneous interval agrees with Holm
    # the recognition contrast: prom-learned against prom-uniform in each cell, on every row of the cell
    for (noise, depth), g in table.groupby(["white_noise", "white_depth"]):
        scores = paired.scores_frame(paired.distinct_games(runs[noise, depth]))
        t = paired.subset_test(scores[scores.method.isin(["prom-uniform", "prom-learned"])], "prom-learned",
                               paired.pairings(scores), baseline="prom-uniform")
        assert g.recognition.tolist() == pytest.approx([t["diff"]] * len(g))
        assert g.recognition_p.tolist() == pytest.approx([t["p"]] * len(g))


def test_a_repeated_paired_game_counts_once():
    game = {"black": 1, "white": 2, "moves": ["a", "b"], "result": "black"}
    records = {"plain6": [game | {"round": 0}, game | {"round": 1}, game | {"round": 2, "moves": ["c"]}],
               "oracle": [game | {"round": 0}, game | {"round": 1}, game | {"round": 2}]}
    kept = paired.distinct_games(records)
    assert [r["round"] for r in kept["plain6"]] == [0, 2] and [r["round"] for r in kept["oracle"]] == [0, 2]
    records["oracle"][1] = game | {"round": 1, "moves": ["d"]}  # one method differs: the round is distinct
    assert len(paired.distinct_games(records)["plain6"]) == 3


def test_a_share_of_whites_searches_breaks_ties_by_a_hash_of_the_seed():
    seeds = range(2000)
    assert not any(breaks_ties(s, 0.0) for s in seeds) and all(breaks_ties(s, 1.0) for s in seeds)
    half = np.mean([breaks_ties(s, 0.5) for s in seeds])
    assert 0.45 < half < 0.55 and [breaks_ties(s, 0.5) for s in seeds] == [breaks_ties(s, 0.5) for s in seeds]


def test_the_oracles_loss_splits_the_diagonal_from_the_rest(runs):
    _, played = runs
    loss = predictability.oracle_loss(played["thesis", 2], depth=3).set_index(["pairings", "method"])
    assert loss.loc[("diagonal", "oracle")].games == 8 and loss.loc[("off the diagonal", "oracle")].games == 24
    assert list(loss.columns) == [c for c in predictability.LOSS if c not in ("pairings", "method")]
    assert set(loss.family) == {chapter13.LOSS_GROUP}
    assert (loss.diff_lo_all <= loss.diff_lo).all() and (loss.diff_hi_all >= loss.diff_hi).all()
    assert not any(m == "oracle-deep" for m in loss.index.get_level_values("method"))  # not played: left out


def test_bad_cells_and_methods_are_named(tmp_path):
    with pytest.raises(SettingError, match="white_noise must be one of none, half, thesis, got 'loud'"):
        predictability.cell_games(tmp_path, "thesis", ("loud", 2), settings=RUN)
    with pytest.raises(SettingError, match="white_depth must be an integer from 1"):
        predictability.cell_dir(tmp_path, ("none", 0))
    with pytest.raises(ValueError, match="method must be one of"):
        predictability.cell_games(tmp_path, "thesis", ("none", 2), settings=RUN, methods=("plain6", "psychic"))
    with pytest.raises(SettingError, match="white_share must be None or a number from 0 to 1"):
        RunSettings(white_share=1.5)
    with pytest.raises(SettingError, match="openings must be a non-negative even integer"):
        RunSettings(openings=3)


def test_make_plays_the_configured_comparison_and_map():
    """`make reproduce` names the methods, cells and rounds the module gives (Make cannot import it)."""
    mk = (Path(__file__).parents[2] / "reproduce.mk").read_text().replace("\\\n", " ")

    def words(name: str) -> list[str]:
        return re.search(rf"(?m)^{name} := (.*)$", mk)[1].split()

    assert words("COMPARE_METHODS") == list(chapter13.METHODS)
    assert words("MAP_NOISES") == list(predictability.WHITE_NOISES)
    assert words("MAP_DEPTHS") == [str(d) for d in predictability.WHITE_DEPTHS]
    assert words("MAP_METHODS") == list(predictability.MAP_METHODS)
    assert words("MAP_ROUNDS") == [str(predictability.MAP_ROUNDS)]
    assert 16 * predictability.MAP_ROUNDS >= 400  # the floor: 400 distinct games a cell
