"""Table 8.1's training rows and their CSV file."""

import numpy as np
import pandas as pd
import pytest

from pawnslib.dbn.rows import (
    features_after_opening,
    game_ids,
    read_training_csv,
    row_columns,
    training_rows,
    validate_rows,
    write_training_csv,
)
from pawnslib.game.rules import FEATURE_NAMES
from pawnslib.play.records import after_opening
from pawnslib.play.tournament import play_game
from pawnslib.search.strategies import THESIS


def test_training_rows_pair_same_player_positions(records, rows):
    assert list(rows.columns) == row_columns() + ["S_w_true"]
    assert len(rows) == sum(len(r["features"]) - 2 for r in records)
    assert rows["S_w"].isna().all()
    f = np.array(records[0]["features"])
    first = rows.iloc[: len(f) - 2]
    np.testing.assert_array_equal(first[[c + "_prev" for c in FEATURE_NAMES]].to_numpy(), f[:-2])
    np.testing.assert_array_equal(first[list(FEATURE_NAMES)].to_numpy(), f[2:])
    assert (first["S_b"] == records[0]["black"]).all() and (first["S_w_true"] == records[0]["white"]).all()


def test_csv_round_trip_writes_latent_as_question_mark(rows, tmp_path):
    path = write_training_csv(rows, tmp_path / "data" / "rows.csv")
    text = path.read_text().splitlines()
    assert text[0].split(",") == row_columns() and text[1].endswith(",?")
    back = read_training_csv(path)
    pd.testing.assert_frame_equal(back[row_columns()[:-1]], rows[row_columns()[:-1]])
    assert back["S_w"].isna().all()


@pytest.mark.parametrize(
    "edit, message",
    [
        (lambda d: d.drop(columns=["DSum_prev"]), r"lack column\(s\) \['DSum_prev'\]"),
        (lambda d: d.assign(OBMin=d["OBMin"].astype(float).where(d.index != 3)), r"'OBMin', line 5: missing"),
        (lambda d: d.assign(S_b=d["S_b"].where(d.index != 2, 7)), r"'S_b', line 4: unknown strategy id 7"),
        (lambda d: d.assign(PD=d["PD"].astype(float).where(d.index != 0, 0.5)), r"'PD', line 2: 0.5 is not an int"),
        (lambda d: d.assign(BMax=d["BMax"].astype(str).where(d.index != 1, "x")), r"'BMax', line 3: 'x' is not a"),
    ],
)
def test_csv_refuses_bad_files_naming_column_and_line(rows, tmp_path, edit, message):
    path = tmp_path / "bad.csv"
    edit(rows[row_columns()].head(6).copy()).to_csv(path, index=False, na_rep="?")
    with pytest.raises(ValueError, match=message):
        read_training_csv(path)


def test_csv_refuses_an_unknown_strategy_for_a_smaller_set(rows, tmp_path):
    path = write_training_csv(rows[rows["S_b"] <= 3], tmp_path / "rows.csv")
    assert len(read_training_csv(path, n_strategies=3)) == (rows["S_b"] <= 3).sum()
    with pytest.raises(ValueError, match=r"'S_b', line \d+: unknown strategy id 3 \(ids are 1..2\)"):
        read_training_csv(path, n_strategies=2)


def test_training_rows_refuses_bad_records():
    with pytest.raises(ValueError, match="no 'white' field"):
        training_rows([{"black": 1, "features": [[0] * 6] * 3}])
    with pytest.raises(ValueError, match=r"features must be \(T\+1, 6\)"):
        training_rows([{"black": 1, "white": 2, "features": [[0] * 5] * 3}])


def test_a_seeded_opening_gives_no_rows():
    """A game's random opening is no strategy's choice: its rows are those of the game from the opening's end."""
    rec = {"black": 2, "white": 3, **play_game(THESIS[2], THESIS[3], depth=1, seed=4, opening=4)}
    sliced = {k: v for k, v in rec.items() if k != "opening"} | {"features": rec["features"][4:]}
    rows = training_rows([rec], truth=True, mover=True, game=True)
    assert len(rows) == len(rec["features"]) - 4 - 2
    pd.testing.assert_frame_equal(rows, training_rows([sliced], truth=True, mover=True, game=True))
    pd.testing.assert_frame_equal(rows, training_rows([after_opening(rec)], truth=True, mover=True, game=True))
    assert rows["mover"].iloc[0] == "white"  # x_{k+2} follows White's move, as x_2 does
    np.testing.assert_array_equal(features_after_opening(rec), np.asarray(rec["features"][4:]))
    with pytest.raises(ValueError, match="game record 0: .*even number of plies"):
        training_rows([{**rec, "opening": 3}])


def test_game_column_is_the_records_index(records):
    short = {"black": 1, "white": 2, "features": [[0] * 6] * 2}  # too short for a row, but keeps its index
    rows = training_rows([records[0], short, records[1]], game=True)
    assert list(rows.columns) == row_columns() + ["game"] and rows["game"].dtype == np.int64
    n0, n1 = len(records[0]["features"]) - 2, len(records[1]["features"]) - 2
    assert rows["game"].tolist() == [0] * n0 + [2] * n1
    assert list(training_rows(records, truth=True, mover=True, game=True).columns)[-3:] == ["S_w_true", "mover", "game"]
    assert training_rows([], game=True)["game"].size == 0
    back = validate_rows(rows)
    assert back["game"].dtype == np.int64 and back["game"].tolist() == rows["game"].tolist()
    np.testing.assert_array_equal(game_ids(back), rows["game"].to_numpy())


@pytest.mark.parametrize(
    "value, message",
    [
        (None, r"column 'game', row 4: missing value"),
        (1.5, r"column 'game', row 4: 1.5 is not an integer"),
        ("x", r"column 'game', row 4: 'x' is not a number"),
        (-1, r"column 'game', row 4: -1 is not a game index \(>= 0\)"),
    ],
)
def test_validate_rows_refuses_bad_games_naming_the_row(records, value, message):
    rows = training_rows(records[:2], game=True)
    rows["game"] = rows["game"].astype(object)
    rows.loc[4, "game"] = value
    with pytest.raises(ValueError, match=message):
        validate_rows(rows)


def test_game_ids_says_how_to_make_the_column(rows):
    with pytest.raises(ValueError, match=r"lack the column 'game'.*training_rows\(records, game=True\)"):
        game_ids(rows)
