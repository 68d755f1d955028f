"""Chapter 13's comparison: the two-slice and random searches, MAX_PR's choice, the paired tournament, its verdict."""

import json

import numpy as np
import pandas as pd
import pytest
from scipy.stats import chisquare

from pawnslib import Position, config
from pawnslib.__main__ import main
from pawnslib.config import RunSettings
from pawnslib.dbn.pe import random_values_into
from pawnslib.dbn.rows import training_rows
from pawnslib.dbn.twoslice import TwoSliceModel
from pawnslib.experiments import chapter13, costs, maxpr, paired, thesis
from pawnslib.experiments.prediction import score_replies
from pawnslib.guided.predict import pr_counts_into
from pawnslib.play.players import AsymPlayer
from pawnslib.play.records import positions_of
from pawnslib.play.tournament import play_game
from pawnslib.search.seeds import derive_seed
from pawnslib.search.strategies import THESIS

RUN = RunSettings(rounds=1, depth=1, train_rounds=1, seed=5, jobs=1)
UNFORESEEING = [m for m, spec in chapter13.METHODS.items() if not spec.foresees]  # the methods depth 1 can play


def searches(player_of, records, every=6):
    """(move, value, nodes, info) of the player's search at every ``every``-th Black move of the records."""
    out = []
    for r in records[:4]:
        for t in range(0, min(r["plies"], 40), 2 * every):
            hist = positions_of(r, t)
            p = player_of(r["black"])
            for k in range(2, len(hist), 2):
                p.observe(hist[: k + 1])
            res = p.choose(hist, derive_seed(t, r["round"]))
            out.append((res.move, res.value, res.nodes, res.info))
    return out


def test_two_hist_with_both_slices_the_one_slice_model_searches_as_one_hist(records, model):
    same = TwoSliceModel(black=model, white=model)
    one = searches(lambda b: AsymPlayer(THESIS[b], model, b, depth=4), records)
    two = searches(lambda b: AsymPlayer(THESIS[b], same, b, depth=4), records)
    assert len(one) > 5 and one == two
    g1 = play_game(AsymPlayer(THESIS[2], model, 2, depth=3), THESIS[3], depth=3, seed=4)
    g2 = play_game(AsymPlayer(THESIS[2], same, 2, depth=3), THESIS[3], depth=3, seed=4)
    assert {k: v for k, v in g1.items() if k != "seconds"} == {k: v for k, v in g2.items() if k != "seconds"}


def test_two_hist_scores_replies_with_the_white_slice(records, model):
    rows = training_rows(records, truth=True, mover=True)
    two = TwoSliceModel.fit(rows.drop(columns="S_w_true"), restarts=2, max_iter=40, seed=1)
    one = searches(lambda b: AsymPlayer(THESIS[b], model, b, depth=4), records)
    other = searches(lambda b: AsymPlayer(THESIS[b], two, b, depth=4), records)
    white = searches(lambda b: AsymPlayer(THESIS[b], two.white, b, depth=4), records)
    assert other == white and other != one


def test_random_control_is_seeded_and_its_prs_are_a_permutation(records, model):
    p = Position.start()
    for _ in range(30):  # a live middle-game position
        p = p.play(p.legal_moves()[p.ply % len(p.legal_moves())])
    kids = np.array([p.play(m).array for m in p.legal_moves()])
    a, b, c = (np.empty(len(kids)) for _ in range(3))
    random_values_into(kids, len(kids), 3, a)
    random_values_into(kids, len(kids), 3, b)
    random_values_into(kids, len(kids), 4, c)
    assert (a == b).all() and (a != c).any() and ((0 <= a) & (a < 1)).all()
    counts = np.empty(len(kids), np.int64)
    pr_counts_into(a, counts)
    assert sorted(counts) == list(range(1, len(kids) + 1))  # pr takes each of 1/n .. n/n once
    runs = [searches(lambda b, s=s: AsymPlayer(THESIS[b], model, b, depth=4, random_seed=s), records)
            for s in (9, 9, 10)]
    assert runs[0] == runs[1] and runs[0] != runs[2]


def test_random_control_prs_of_white_moves_are_uniform(model):
    games = [play_game(AsymPlayer(THESIS[b], model, b, depth=2, random_seed=8), THESIS[w], depth=2, seed=s)
             for b in (1, 4) for w in (2, 3) for s in range(6)]
    prs = pd.DataFrame([{"count": i["pr"][0], "n": i["pr"][1]} for g in games for i in g["info"] if "pr" in i])
    # White's reply is its own choice, the random values are not: its rank count is uniform on 1..n. Pooled over
    # the sizes n, the sum of the counts has mean sum (n + 1) / 2 and variance sum (n**2 - 1) / 12.
    n = prs.n.to_numpy(float)
    z = (prs["count"].sum() - ((n + 1) / 2).sum()) / np.sqrt(((n**2 - 1) / 12).sum())
    assert len(prs) > 300 and abs(z) < 4
    for size, g in prs.groupby("n"):  # and per size, where there are enough moves for a chi-square test
        if len(g) >= 10 * size:
            assert chisquare(np.bincount(g["count"], minlength=size + 1)[1:]).pvalue > 1e-3, size


def test_threshold_rule_and_its_statistics(records, model):
    player, checked = AsymPlayer(THESIS[1], model, 1, depth=2, mostlikely=("threshold", 0.5)), 0
    hist = positions_of(records[0])
    for t in range(2, min(len(hist), 60), 2):  # White has just moved into hist[t]
        moves, logpe = score_replies(model, hist[:t], 1)
        counts = np.empty(len(moves), np.int64)
        pr_counts_into(logpe, counts)
        likely = (counts < 0.5 * len(moves)) & (counts < len(moves))
        played = next(k for k, m in enumerate(moves) if hist[t - 1].play(m) == hist[t])
        info = player.observe(hist[: t + 1])
        assert info["prediction_made"] == likely.any() and info["likely"] == likely.sum()
        assert info["predicted"] == likely[played] and info["pr"] == [counts[played], len(moves)]
        checked += likely.any()
    assert checked > 3


def test_threshold_sweep_on_a_hand_made_table():
    # Two White moves: 4 replies ranked 1,2,3,4 (White played rank 1), and 2 tied replies (pr 1: no prediction).
    ranks = pd.DataFrame({"n": [4, 2], "counts": [np.array([1, 2, 3, 4]), np.array([2, 2])], "played": [0, 1],
                          "seen": [np.array([True, True, False, False]), np.array([False, False])]})
    sweep, bound, target = maxpr.threshold_sweep(ranks, grid=[0.2, 0.3, 0.6, 0.9])
    assert target == pytest.approx(2 / 6)
    assert sweep.share_likely.tolist() == pytest.approx([0, 1 / 6, 2 / 6, 3 / 6])
    assert sweep.share_made.tolist() == [0, 0.5, 0.5, 0.5]
    assert sweep.share_correct.iloc[1:].tolist() == [1, 1, 1]
    assert bound == 0.6


@pytest.fixture(scope="module")
def comparison(tmp_path_factory):
    results = tmp_path_factory.mktemp("ch13")
    return results, chapter13.compare(results, "thesis", settings=RUN, methods=UNFORESEEING, timed_games=1,
                                      progress=False)


@pytest.fixture(scope="module")
def foresight(tmp_path_factory):
    """The foreseeing methods and those they are contrasted with, at depth 3 (the oracle's least)."""
    results = tmp_path_factory.mktemp("ch13_foresight")
    return chapter13.compare(results, "thesis", settings=RUN.replace(depth=3), timed_games=1, progress=False,
                             methods=["plain8", "one-hist", "om-perfect", "om-matched", "oracle", "one-hist-told1",
                                      "oracle-deep"])


def test_every_method_plays_the_same_fresh_games(comparison):
    results, comp = comparison
    assert list(comp.records) == UNFORESEEING
    keys = {m: [(r["black"], r["white"], r["round"]) for r in recs] for m, recs in comp.records.items()}
    assert all(k == keys["plain6"] and len(k) == 16 for k in keys.values())
    meta = json.loads((config.comparison_dir(results, "thesis", "one-thr") / "meta.json").read_text())
    assert meta["seed"] == derive_seed(RUN.seed, config.COMPARISON_STREAM) and "max_pr=" in meta["label"]
    # White's first reply depends only on the game's seed and Black's first move: where Black's agree, White's do.
    first = {m: {k: r["moves"][:2] for k, r in zip(keys[m], recs, strict=True)} for m, recs in comp.records.items()}
    for m in first:
        agree = [k for k in first[m] if first[m][k][0] == first["plain6"][k][0]]
        assert agree and all(first[m][k] == first["plain6"][k] for k in agree)


def test_the_methods_table(comparison):
    _, comp = comparison
    t = comp.methods.set_index("method")
    for col in ("games", "score", "score_lo", "score_hi", "diff", "diff_lo", "diff_hi", "p_holm", "nodes_mean",
                "predicted_share", "correct_share", "likely_mean", "max_pr"):
        assert col in t.columns
    assert not any("time" in c or "seconds" in c for c in t.columns)  # wall-clock figures: the timing table's
    assert (t.games == 16).all() and t.loc["plain6", "diff"] == 0
    timing = comp.timing.set_index("method")
    assert list(timing.index) == list(t.index) and timing.loc["plain6", "time_ratio"] == 1
    assert (timing.seconds_mean > 0).all() and (timing.timed_positions > 0).all()  # every method's games were played
    assert t.loc["plain8", "nodes_mean"] > t.loc["plain6", "nodes_mean"]
    assert t.loc[["plain6", "plain8", "om-perfect", "prom-uniform", "prom-dbn"], "predicted_share"].isna().all()
    assert t.loc[["one-hist", "random", "one-hist-game"], "predicted_share"].notna().all()
    assert 0 < t.loc["one-thr", "max_pr"] <= 1 and np.isnan(t.loc["one-hist", "max_pr"])
    assert set(comp.pairings.method) == set(t.index) - {"plain6"}
    assert len(comp.pairings) == (len(UNFORESEEING) - 1) * 16
    assert set(comp.sweeps) == {1, 2}
    assert comp.claims.id.tolist() == ["ch12.helps_unlikely", "ch12.strategy4_suffers"]  # the report's claims, by id
    assert comp.claims.claim.tolist() == [thesis.CLAIM_UNLIKELY, thesis.CLAIM_SUFFERS]
    assert set(comp.claims.verdict) <= {"reproduced", "not reproduced", "inconclusive"}
    for c in comp.claims.dropna(subset=["p"]).itertuples():  # in win-rate points, the thesis's unit: wins, not scores
        pairs = [tuple(map(int, bw.split("-"))) for bw in c.pairs.split()]
        wins = paired.scores_frame(comp.records, wins=True)
        assert c.diff == pytest.approx(paired.subset_test(wins, "one-hist", pairs)["diff"])
    assert (t["diff_lo_all"] <= t["diff_lo"]).iloc[1:].all() and (t["diff_hi_all"] >= t["diff_hi"]).iloc[1:].all()
    # one family, "which method beats plain6": every method but the baseline and plain8, the yardstick outside it
    assert t.family.drop("plain6").to_dict() == {m: "yardstick" if m == "plain8" else chapter13.METHODS_GROUP
                                                 for m in t.index if m != "plain6"}


def test_resuming_with_another_max_pr_is_refused(comparison, monkeypatch):
    results, _ = comparison
    monkeypatch.setattr(chapter13, "max_pr", lambda *a, **k: 0.123)
    with pytest.raises(ValueError, match="label"):
        chapter13.method_games(results, "thesis", "one-thr", settings=RUN, progress=False)


def test_the_opponent_model_methods_play_as_specified(comparison):
    results, comp = comparison
    assert config.model_path(results, "thesis", latent="game").is_file()  # prom-dbn's and one-hist-game's model
    for r in comp.records["prom-dbn"]:  # every Black move searched with a posterior over the four strategies
        posts = [r["info"][t]["p_sw"] for t in range(0, r["plies"], 2)]
        assert all(len(p) == 4 and abs(sum(p) - 1) < 1e-3 for p in posts)
    # Where White's weights are Black's own, OM search values the first move as plain alpha-beta does (up to the
    # tie-breaking noise, which OM search adds to Black's own values only); elsewhere it may not.
    first = [(r["black"] == r["white"], abs(r["values"][0] - p["values"][0]))
             for r, p in zip(comp.records["om-perfect"], comp.records["plain6"], strict=True)]
    assert sum(m for m, _ in first) == 4 and all(d < 1 for m, d in first if m)


def test_without_noise_every_methods_game_is_the_same_whatever_its_seed(tmp_path):
    # What lets a tournament without noise play each pairing once (pawnslib.play.tournament): no player draws
    # anything random but its seed's noise (and the random control's seed, fixed for the run).
    for method in chapter13.METHODS:
        depth = 3 if chapter13.METHODS[method].foresees else 1
        factory, _ = chapter13.black_player(tmp_path / str(depth), "thesis", method,  # a model per depth
                                            settings=RUN.replace(depth=depth, noise="none"))
        games = []
        for seed in (1, 2):
            black = factory(THESIS[1], depth=depth, opponent=THESIS[3], noise="none") if factory else THESIS[1]
            rec = play_game(black, THESIS[3], depth=depth, seed=seed, noise="none")
            games.append({k: v for k, v in rec.items() if k != "seconds"})
        assert games[0] == games[1], method


def test_the_foreseeing_methods_play_and_are_contrasted(foresight):
    for method in ("oracle", "oracle-deep", "one-hist-told1"):  # every reply foreseen is the one White played
        for r in foresight.records[method]:
            foreseen, played = [i["foreseen"] for i in r["info"][0::2]], r["moves"][1::2]
            assert foreseen[: len(played)] == played, method
    keys = {m: [(r["black"], r["white"], r["round"]) for r in recs] for m, recs in foresight.records.items()}
    assert keys["oracle"] == keys["om-matched"] == keys["plain6"]  # the same games, paired
    c = foresight.contrasts
    assert list(zip(c.method, c.against, c.white, strict=True)) == [
        (m, a, "all" if w is None else str(w)) for m, a, w, _ in chapter13.CONTRASTS
        if {m, a} <= set(foresight.records)]  # a contrast whose methods were not played is left out
    assert (c.games[c.white == "all"] == 16).all() and (c.games[c.white == "1"] == 4).all()
    assert (c.p_holm >= c.p).all() and c["diff"].between(-1, 1).all()
    assert set(c.family) == {chapter13.CONTRASTS_GROUP} and list(c.columns) == chapter13.CONTRASTS_TABLE
    t = foresight.methods.set_index("method")
    assert foresight.timing.set_index("method").loc["oracle", "time_ratio"] > 1
    assert t.loc["oracle", "nodes_mean"] > t.loc["plain6", "nodes_mean"]
    assert chapter13.foresight_contrasts(foresight.scores[foresight.scores.method != "oracle"]).method.ne(
        "oracle").all()  # a contrast of a method not played is left out


def test_time_ratios_of_hand_made_times():
    times = pd.DataFrame({"position": [0, 0, 1, 1], "method": ["plain6", "plain8"] * 2, "seconds": [1, 3, 2, 6],
                          "nodes": [1, 1, 1, 1]})
    r = costs.time_ratios(times, n_boot=200).set_index("method")
    assert r.loc["plain8", "time_ratio"] == 3 and r.loc["plain8", "time_ratio_lo"] == pytest.approx(3)


def test_bad_methods_and_the_command_line(tmp_path, capsys):
    with pytest.raises(ValueError, match="method must be one of 'plain6', 'plain8'"):
        chapter13.compare(tmp_path, "thesis", methods=["plain6", "plain9"], settings=RUN)
    with pytest.raises(ValueError, match="method 'oracle' searches below White's reply: it needs settings.depth >= 3"):
        chapter13.black_player(tmp_path, "thesis", "oracle", settings=RUN)
    for argv, message in ((["compare"], "the following arguments are required: --method"),
                          (["compare", "--method", "deeper"], "argument --method: invalid choice: 'deeper'"),
                          (["tournament", "--method", "plain8"],
                           "invalid choice: 'plain8' (choose from 'minimax', 'asym')")):
        with pytest.raises(SystemExit) as e:
            main([*argv, "--results", str(tmp_path)])
        assert e.value.code == 2 and message in capsys.readouterr().err
