"""The two-slice opponent model: rows by mover, a slice per colour, its file and its checks."""

import dataclasses
import re

import numpy as np
import pandas as pd
import pytest
from conftest import DROP, edit_file, shift_mass

from pawnslib.dbn import modelfile
from pawnslib.dbn.discretise import Discretiser
from pawnslib.dbn.model import OpponentModel
from pawnslib.dbn.modelfile import ModelFileError
from pawnslib.dbn.rows import row_columns, training_rows
from pawnslib.dbn.twoslice import TwoSliceModel, load_model
from pawnslib.game.rules import FEATURE_NAMES

NF = len(FEATURE_NAMES)
FIT = {"restarts": 1, "max_iter": 15, "seed": 3}  # small: the tests check wiring, not EM


@pytest.fixture(scope="module")
def mrows(records):
    return training_rows(records, truth=True, mover=True)


@pytest.fixture(scope="module")
def two(mrows):
    return TwoSliceModel.fit(mrows, white_truth=mrows["S_w_true"], **FIT)


@pytest.fixture
def path(two, tmp_path):
    return dataclasses.replace(two, training={"set": "thesis", "rounds": 1}).save(tmp_path / "data" / "dbn2.npz")


# ---------------------------------------------------------------------------- rows


def test_mover_column_follows_the_ply_parity(records, mrows):
    plain = training_rows(records, truth=True)
    assert list(training_rows(records).columns) == row_columns()  # the default is unchanged
    assert list(mrows.columns) == row_columns() + ["S_w_true", "mover"]
    pd.testing.assert_frame_equal(mrows.drop(columns="mover"), plain)
    start = 0
    for rec in records:
        t = np.arange(2, len(rec["features"]))  # row j pairs x_{t-2} and x_t, t = j + 2
        want = np.where(t % 2 == 1, "black", "white")  # Black moves first: x_1 follows Black's move
        assert mrows["mover"].iloc[start:start + len(t)].tolist() == want.tolist()
        start += len(t)
    assert start == len(mrows)
    assert training_rows([], mover=True)["mover"].size == 0


# ---------------------------------------------------------------------------- fitting


def test_each_slice_is_fitted_on_its_colours_rows(mrows, two):
    white = mrows["mover"] == "white"
    part = mrows[white].drop(columns="mover").reset_index(drop=True)
    alone = OpponentModel.fit(part, white_truth=part["S_w_true"], **FIT)
    assert two.white.sw_matched and two.black.sw_matched
    for a, b in zip(two.white.cpts, alone.cpts, strict=True):
        np.testing.assert_array_equal(a, b)
    np.testing.assert_array_equal(two.white.loglik, alone.loglik)
    black = mrows[~white]
    raw = black[row_columns()[: 2 * NF]].to_numpy(np.int64)
    disc = Discretiser.fit(np.concatenate([raw[:, :NF], raw[:, NF:]]))
    assert two.black.discretiser.n_states == disc.n_states
    for a, b in zip(two.black.discretiser.cuts, disc.cuts, strict=True):
        np.testing.assert_array_equal(a, b)
    assert any(not np.array_equal(b, w) for b, w in zip(two.black.cpts, two.white.cpts, strict=False))
    assert two.training == {}


def test_reply_model_and_p_e_are_whites(two):
    assert two.reply_model is two.white
    assert two.n_slices == two.white.n_slices and two.strategy_ids == (1, 2, 3, 4)
    assert two.feature_names == FEATURE_NAMES
    assert two.kernel_arrays() is two.white.kernel_arrays()
    assert two.check_sb(np.int64(2)) == 2
    with pytest.raises(ValueError, match="unknown strategy id 5"):
        two.check_sb(5)


@pytest.mark.parametrize("edit, message", [
    pytest.param(lambda d: d.drop(columns="mover"), r"lack the column 'mover'.*mover=True", id="missing"),
    pytest.param(lambda d: d.assign(mover=d["mover"].where(d.index != 4, "red")),
                 r"column 'mover', row 4: 'red' is not 'black' or 'white'", id="other_value"),
    pytest.param(lambda d: d.assign(mover=d["mover"].astype(object).where(d.index != 2, None)),
                 r"column 'mover', row 2: None is not", id="missing_value"),
    pytest.param(lambda d: d.assign(mover="white"), r"column 'mover' has no 'black' rows", id="no_black"),
    pytest.param(lambda d: d[d["mover"] == "black"], r"column 'mover' has no 'white' rows", id="no_white"),
    pytest.param(lambda d: d.assign(S_b=d["S_b"].where(d.index != 7, 9)), r"'S_b', row 7: unknown strategy id 9",
                 id="bad_row"),
])
def test_fit_checks_the_mover_column(mrows, edit, message):
    with pytest.raises(ValueError, match=message):
        TwoSliceModel.fit(edit(mrows.copy()), **FIT)


def test_fit_checks_white_truth_length(mrows):
    with pytest.raises(ValueError, match=r"white_truth must hold one id per row"):
        TwoSliceModel.fit(mrows, white_truth=mrows["S_w_true"][:-1], **FIT)


# ---------------------------------------------------------------------------- files


def test_save_load_round_trip(two, path):
    back = TwoSliceModel.load(path, n_strategies=4)
    assert back.training == {"set": "thesis", "rounds": 1}
    for colour in ("black", "white"):
        a, b = getattr(back, colour), getattr(two, colour)
        assert a.discretiser.kinds == b.discretiser.kinds and a.discretiser.n_states == b.discretiser.n_states
        for x, y in zip(a.discretiser.cuts + a.discretiser.seen, b.discretiser.cuts + b.discretiser.seen, strict=True):
            np.testing.assert_array_equal(x, y)
        for x, y in zip(a.cpts, b.cpts, strict=True):
            np.testing.assert_array_equal(x, y)
        np.testing.assert_array_equal(a.loglik, b.loglik)
        assert (a.strategy_ids, a.n_slices, a.converged) == (b.strategy_ids, b.n_slices, b.converged)
        assert a.sw_matched and a.training == b.training == {}
    assert back.reply_model is back.white
    for x, y in zip(back.kernel_arrays(), two.white.kernel_arrays(), strict=True):
        np.testing.assert_array_equal(x, y)
    assert not list(path.parent.glob(".*partial"))


def test_save_refuses_what_load_would_and_writes_nothing(two, path):
    before = path.read_bytes()
    bad_slice = dataclasses.replace(two, white=dataclasses.replace(two.white, training={"rounds": [1]}))
    with pytest.raises(ValueError, match=r"^white slice: header field 'training' must be a JSON object of scalars"):
        bad_slice.save(path)
    with pytest.raises(ValueError, match=r"^header field 'training' must be a JSON object"):
        dataclasses.replace(two, training={"rounds": [1]}).save(path)
    assert path.read_bytes() == before
    with pytest.raises(ValueError, match="differ in n_slices: black 4, white 3"):
        TwoSliceModel(two.black, dataclasses.replace(two.white, n_slices=3))


@pytest.mark.parametrize("header, arrays, message", [
    pytest.param({}, {"white.cpt_5": lambda c: np.where(c == c.max(), np.nan, c)},
                 r"white slice: CPT of BSum has NaN", id="nan"),
    pytest.param({}, {"black.cpt_7": shift_mass}, r"black slice: CPT of DSum has negative entries", id="negative"),
    pytest.param({}, {"white.cpt_1": lambda c: c * 1.01},
                 r"white slice: CPT of S_w is not normalised: its row \(\) sums to 1.01", id="unnormalised"),
    pytest.param({}, {"white.cuts_1": lambda c: c[::-1]}, r"white slice: feature 'BSum': cut points are not sorted",
                 id="unsorted_cuts"),
    pytest.param({}, {"white.cpt_13": DROP}, r"white slice: the file has no array 'white.cpt_13'", id="missing_array"),
    pytest.param({}, {"black.seen_0": DROP}, r"black slice: the file has no array 'black.seen_0'", id="missing_seen"),
    pytest.param({("white", "n_slices"): 0}, {}, r"white slice: header field 'n_slices' must be an integer >= 1, got 0",
                 id="zero_slices"),
    pytest.param({("black", "kinds"): DROP}, {}, r"black slice: the header lacks the required key\(s\) \['kinds'\]",
                 id="slice_missing_key"),
    pytest.param({("black", "training"): {"set": ["x"]}}, {}, r"black slice: header field 'training' must be",
                 id="slice_training"),
    pytest.param({("white",): [1, 2]}, {}, r"white slice: not an opponent model file: its header is a JSON list",
                 id="slice_list_header"),
    pytest.param({("white", "format"): "x"}, {}, r"white slice: not an opponent model file \(format 'x'",
                 id="slice_format"),
    pytest.param({("white", "n_slices"): 3}, {}, r"the black and white slices differ in n_slices: black 4, white 3",
                 id="slices_disagree"),
    pytest.param({("training",): [1]}, {}, r"header field 'training' must be a JSON object", id="training"),
    pytest.param({("white",): DROP}, {}, r"the header lacks the required key\(s\) \['white'\]", id="no_white"),
])
def test_load_refuses_invalid_contents_naming_file_and_slice(path, header, arrays, message):
    edit_file(path, header, arrays)
    with pytest.raises(ModelFileError) as e:
        TwoSliceModel.load(path)
    assert re.match(re.escape(f"{path}: ") + message, str(e.value)), str(e.value)  # the file, then the slice


def test_load_errors(path, tmp_path):
    with pytest.raises(FileNotFoundError, match="no two-slice opponent model"):
        TwoSliceModel.load(tmp_path / "missing.npz")
    cut = tmp_path / "cut.npz"
    cut.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    with pytest.raises(ModelFileError, match=f"^{cut}: truncated or corrupt"):
        TwoSliceModel.load(cut)
    with pytest.raises(ModelFileError, match=r"black slice: the file models features"):
        TwoSliceModel.load(path, feature_names=FEATURE_NAMES[:5])
    with pytest.raises(ModelFileError, match=r"black slice: the file models 4 strategies, expected 5"):
        TwoSliceModel.load(path, n_strategies=5)


def test_each_loader_names_the_other(two, path, tmp_path):
    one = two.white.save(tmp_path / "dbn.npz")
    with pytest.raises(ModelFileError, match=r"a two-slice opponent model file .*load it with "
                                             r"pawnslib\.dbn\.load_model or pawnslib\.dbn\.TwoSliceModel\.load, "
                                             r"not pawnslib\.dbn\.OpponentModel\.load") as e:
        OpponentModel.load(path)
    assert str(e.value).startswith(f"{path}: ")
    with pytest.raises(ModelFileError, match=r"a one-slice opponent model file .*load it with "
                                             r"pawnslib\.dbn\.load_model or pawnslib\.dbn\.OpponentModel\.load, "
                                             r"not pawnslib\.dbn\.TwoSliceModel\.load") as e:
        TwoSliceModel.load(one)
    assert str(e.value).startswith(f"{one}: ")


def test_load_model_dispatches_on_the_format(two, path, tmp_path):
    one = two.black.save(tmp_path / "dbn.npz")
    assert isinstance(load_model(path), TwoSliceModel) and isinstance(load_model(one), OpponentModel)
    np.testing.assert_array_equal(load_model(one).cpt_sw, two.black.cpt_sw)
    with pytest.raises(ModelFileError, match="models 4 strategies, expected 3"):
        load_model(path, n_strategies=3)
    with pytest.raises(FileNotFoundError, match="no opponent model"):
        load_model(tmp_path / "missing.npz")
    text = tmp_path / "rows.csv"
    text.write_text("S_b,S_w\n1,?\n")
    with pytest.raises(ModelFileError, match=r"rows.csv: not an opponent model file: it is not an \.npz"):
        load_model(text)
    assert modelfile.TWO_SLICE_FORMAT == "pawnslib.twoslice.TwoSliceModel/1"
