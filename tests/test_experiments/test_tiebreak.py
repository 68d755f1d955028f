"""The tie-breaking study (``pawnslib.experiments.tiebreak``): its folders, statistics and verdict rules, the rules
tried on the thesis's own Table 10.2, distinct games as every rate's sample, and the whole table on tiny tournaments
played under every variant."""

import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from scipy.stats import chi2_contingency

from pawnslib import config
from pawnslib.config import RunSettings
from pawnslib.experiments import paired, thesis, tiebreak
from pawnslib.experiments.stats import wilson
from pawnslib.experiments.tiebreak import Variant
from pawnslib.play import archive
from pawnslib.play.openings import OPENING_PLIES
from pawnslib.play.tournament import run_tournament
from pawnslib.search.strategies import THESIS


def test_the_variants_and_their_folders(tmp_path):
    vs = tiebreak.variants(7)
    assert vs == [Variant("thesis", 7), Variant("position", 7), Variant("none", 7), Variant("thesis", 8)]
    dirs = [tiebreak.variant_dir(tmp_path, v, seed=7) for v in vs]
    assert dirs == [tmp_path, tmp_path / "tiebreak" / "position", tmp_path / "tiebreak" / "none",
                    tmp_path / "tiebreak" / "thesis_second_seed"]
    with pytest.raises(ValueError, match="plays master seeds 7 and 8, not 9"):
        tiebreak.variant_dir(tmp_path, Variant("none", 9), seed=7)


def test_the_chi_square_sums_each_pairings_own():
    a = pd.DataFrame({"wins": [5, 2, 0], "games": [10, 10, 10]}, index=pd.Index([(1, 1), (1, 2), (2, 1)]))
    b = pd.DataFrame({"wins": [9, 2, 0], "games": [10, 10, 10]}, index=a.index)
    stat, df, p = tiebreak.pairing_chi_square(a, b)
    want = sum(chi2_contingency(np.array([[a.wins[k], 10 - a.wins[k]], [b.wins[k], 10 - b.wins[k]]]),
                                correction=False)[0] for k in [(1, 1), (1, 2)])
    assert df == 2 and stat == pytest.approx(want) and 0 < p < 1  # (2, 1): no wins either time, no test
    assert tiebreak.pairing_chi_square(a, a)[0] == 0


def test_openings_count_distinct_first_moves_per_pairing():
    records = [{"black": 1, "white": 2, "moves": m} for m in (["a", "b", "c", "d", "x"], ["a", "b", "c", "d", "y"],
                                                              ["a", "b", "c", "e"])]
    records += [{"black": 2, "white": 1, "moves": ["a", "b", "c", "d"]}]
    assert tiebreak.distinct_openings(records) == (2 + 1) / 2


def test_verdict_rules():
    assert [tiebreak.side_of(lo, hi, 0.5) for lo, hi in [(0.6, 0.7), (0.4, 0.6), (0.3, 0.45)]] == [
        "above", "contains", "below"]
    assert [tiebreak.sign_of(d, p) for d, p in [(0.1, 0.01), (-0.1, 0.01), (0.1, 0.2)]] == [
        "beats plain6", "loses to plain6", "within noise"]
    # A headline holds when every judged variant's class is the same; a variant without an interval (None) is not
    # judged.
    assert tiebreak.survives(["within noise"] * 3)
    assert not tiebreak.survives(["beats plain6", "within noise", "beats plain6"])
    assert tiebreak.survives(["loses to plain6", None, "loses to plain6"])
    assert [Variant("thesis", 7).key(7), Variant("none", 7).key(7), Variant("thesis", 8).key(7)] == [
        "thesis", "none", "thesis_second_seed"]
    with pytest.raises(ValueError, match="not 9"):
        Variant("thesis", 9).key(7)


def test_the_win_rate_rule_on_the_thesiss_own_table():
    """The thesis's Table 10.2: 72 Black wins of 144 games, whose own interval contains its rate: a reproduction
    with the thesis's counts would be judged to contain it, under every variant, so the headline holds."""
    counts = thesis.table_counts(thesis.TABLE_10_2)
    rate = counts.black_wins.sum() / 144
    lo, hi = wilson(int(counts.black_wins.sum()), 144)
    assert tiebreak.side_of(lo, hi, rate) == "contains"
    table = pd.DataFrame({"rules": ["kalles"] * 2, "variant": ["thesis", "none"], "noise": ["thesis", "none"],
                          "seed": [7, 7], "black_win_rate": [rate] * 2, "win_lo": [lo, np.nan], "win_hi": [hi, np.nan]})
    methods = pd.DataFrame({"noise": ["thesis", "none"], "method": ["plain8"] * 2, "diff": [0.09, 0.02],
                            "diff_lo": [0.075, -0.005], "diff_hi": [0.105, 0.045], "diff_lo_all": [0.07, -0.01],
                            "diff_hi_all": [0.11, 0.05], "p_holm": [0.001, 0.3]})
    out = tiebreak.sensitivity(table, methods).set_index("finding_id")  # the master seed: the main run's, 7
    assert out.index.tolist() == ["t10_2.win_rate.kalles", "ch13.plain8"]
    assert out.verdict.tolist() == ["holds", "depends"] and out.holds.tolist() == [True, False]
    assert out.loc["t10_2.win_rate.kalles", "thesis_class"] == "contains"
    assert pd.isna(out.loc["t10_2.win_rate.kalles", "none_class"])  # no interval (should one lack it): not judged
    assert out.loc["t10_2.win_rate.kalles", "reference"] == rate
    assert out.loc["ch13.plain8", ["finding", "unit"]].tolist() == ["plain8 against plain6", "score points"]
    # a difference is shown with its simultaneous interval, the one its Holm class goes with
    assert out.loc["ch13.plain8", ["none_estimate", "none_lo", "none_hi"]].tolist() == [0.02, -0.01, 0.05]
    assert out.loc["ch13.plain8", ["thesis_class", "none_class"]].tolist() == ["beats plain6", "within noise"]


def test_the_whole_table_on_tiny_tournaments(tmp_path):
    """Every variant's Table 10.2 tournament at depth 2, one round, "none" two from seeded openings (as the Makefile
    plays it): the study reads them all, the main run's chi-square is absent, "none" has an interval and a test, and
    it leaves exact ties where "thesis" (either seed) leaves none between live lines."""
    assert tiebreak.missing(tmp_path, readings=("kalles",), seed=3)
    for v in tiebreak.variants(3):
        none = v.noise == "none"
        run_tournament(THESIS, config.run_dir(tiebreak.variant_dir(tmp_path, v, seed=3), "thesis", "minimax"),
                       RunSettings(rounds=2 if none else 1, depth=2, seed=v.seed, noise=v.noise, jobs=1,
                                   openings=OPENING_PLIES if none else 0), progress=False)
    table = tiebreak.table_10_2(tmp_path, readings=("kalles",), seed=3, depth=2, tie_positions=30)
    assert table.variant.tolist() == ["thesis", "position", "none", "thesis, seed 4"]
    assert table.games.tolist() == [16, 16, 32, 16] and np.isnan(table.chi_square[0]) and (table.df[1:] > 0).all()
    none = archive.load_run(config.run_dir(tmp_path / "tiebreak" / "none", "thesis", "minimax"))
    assert all(r["opening"] == OPENING_PLIES for r in none)
    assert table.distinct_games[2] == len(tiebreak.distinct_records(none)) > 16  # the openings make rounds differ
    assert np.isfinite(table.loc[2, ["win_lo", "win_hi", "chi_square", "p"]].astype(float)).all()
    assert (table.positions == 30).all() and (table.needed > 0).all()
    assert table.exact[0] == table.exact[3] == 0 < table.exact[2] <= table.needed[2]  # "none" breaks no tie


def _game(black: int, white: int, rnd: int, moves: list[str], result: str) -> dict:
    return {"black": black, "white": white, "round": rnd, "moves": moves, "result": result}


def test_distinct_records_keep_each_pairings_first_of_a_game():
    a, b = ["a", "b"], ["a", "c"]
    records = [_game(1, 2, 1, a, "black"), _game(1, 2, 0, a, "black"), _game(2, 1, 0, a, "white"),
               _game(1, 2, 2, b, "white")]
    kept = tiebreak.distinct_records(records)
    # (1, 2)'s round 1 repeats its round 0; (2, 1) plays the same moves, but it is another pairing's game.
    assert [(r["black"], r["white"], r["round"]) for r in kept] == [(1, 2, 0), (2, 1, 0), (1, 2, 2)]


def test_table_10_2_counts_distinct_games(tmp_path, monkeypatch):
    """A variant whose rounds repeat a game: its rate, Wilson interval and chi-square count the game once, and
    ``games`` still says how many were recorded."""
    seed, folders = 7, {}
    pairs = [(1, 1), (1, 2), (2, 1), (2, 2)]
    main = [_game(b, w, r, [f"{b}{w}{r}"], "black" if (b + w + r) % 3 else "white") for r in range(6) for b, w in pairs]
    # "none": rounds 0-2 are distinct games, rounds 3-5 replay them (the same moves and results).
    none = [_game(b, w, r, [f"{b}{w}{r % 3}"], "black" if (b + w) % 2 or r % 3 == 0 else "draw")
            for r in range(6) for b, w in pairs]
    for v in tiebreak.variants(seed):
        folder = config.run_dir(config.reading_dir(tiebreak.variant_dir(tmp_path, v, seed=seed), "kalles"), "thesis",
                                "minimax")
        folders[folder] = none if v.noise == "none" else main
    monkeypatch.setattr(archive, "load_run", lambda folder: folders[Path(folder)])
    monkeypatch.setattr(tiebreak, "root_ties", lambda *a, **k: {"positions": 0, "needed": 0, "exact": 0,
                                                                 "exact_share": np.nan})
    table = tiebreak.table_10_2(tmp_path, readings=("kalles",), seed=seed).set_index("noise", append=True)
    row = table.xs("none", level="noise").iloc[0]
    assert (row.games, row.distinct_games) == (24, 12)
    wins = sum(r["result"] == "black" for r in none[:12])  # rounds 0-2
    assert row.black_win_rate == wins / 12 and (row.win_lo, row.win_hi) == pytest.approx(wilson(wins, 12))
    kept = tiebreak.outcome_table(none[:12])
    assert (kept.games == 3).all()
    want = tiebreak.pairing_chi_square(tiebreak.outcome_table(main), kept)
    assert (row.chi_square, row.df) == (pytest.approx(want[0]), want[1]) and np.isfinite(row.p)
    first = table.xs("thesis", level="noise").iloc[0]
    assert (first.games, first.distinct_games) == (24, 24)


def test_chapter13_counts_distinct_paired_games(tmp_path, monkeypatch):
    """A scheme whose rounds repeat a round under every method: the paired difference is taken on the distinct
    rounds (``distinct_games``), ``games`` says how many were played, and "none" has an interval and a test."""
    seed, pairs, folders = 7, [(1, 2), (2, 1)], {}

    def games(method: str, repeat: bool) -> list[dict]:
        beat = {"plain6": lambda b, r: r % 2 == 0, "plain8": lambda b, r: r != 1 or b == 2}[method]
        return [_game(b, w, r, [method, f"{b}{w}{r % 3 if repeat else r}"],
                      "black" if beat(b, r % 3 if repeat else r) else "white") for r in range(6) for b, w in pairs]

    for v in tiebreak.variants(seed)[: len(config.NOISES)]:
        for m in ("plain6", "plain8"):
            folders[config.comparison_dir(tiebreak.variant_dir(tmp_path, v, seed=seed), "thesis", m)] = games(
                m, repeat=v.noise == "none")
    monkeypatch.setattr(archive, "load_run", lambda folder: folders[Path(folder)])
    out = tiebreak.chapter13(tmp_path, methods=("plain8",), seed=seed, set_name="thesis").set_index("noise")
    assert list(out.columns) == ["method", "games", "distinct_games", "diff", "diff_lo", "diff_hi", "diff_lo_all",
                                 "diff_hi_all", "p", "p_holm", "family"]
    assert set(out.family) == {paired.YARDSTICK}  # plain8 alone: the yardstick, no family to correct over
    assert out.loc["none", ["games", "distinct_games"]].tolist() == [12, 6]
    assert out.loc["thesis", ["games", "distinct_games"]].tolist() == [12, 12]
    kept = {m: [r for r in games(m, True) if r["round"] < 3] for m in ("plain6", "plain8")}
    want = paired.method_summary(paired.scores_frame(kept)).set_index("method").loc["plain8"]
    got = out.loc["none"]
    assert got["diff"] == pytest.approx(want["diff"]) and got.diff_lo == pytest.approx(want.diff_lo)
    assert np.isfinite(got[["diff_lo", "diff_hi", "p_holm"]].astype(float)).all()


def test_the_makefile_plays_none_as_the_study_counts_it():
    """reproduce.mk's none variant: seeded openings of OPENING_PLIES plies, NONE_ROUNDS comparison rounds."""
    text = (Path(__file__).parents[2] / "reproduce.mk").read_text(encoding="utf-8")
    openings = re.search(r"^TB_OPENINGS := (\d+)$", text, re.M).group(1)
    assert openings == str(OPENING_PLIES) == str(tiebreak.NONE_OPENINGS)
    assert re.search(r"^TB_NONE_ROUNDS := (\d+)$", text, re.M).group(1) == str(tiebreak.NONE_ROUNDS)
