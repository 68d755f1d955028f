"""The model file: round trips, every check on reading (naming the file), the one loader, committed files."""

import dataclasses
import json
from pathlib import Path

import numpy as np
import pytest
from conftest import DROP, edit_file, shift_mass

from pawnslib.dbn import modelfile
from pawnslib.dbn.model import OpponentModel
from pawnslib.dbn.modelfile import ModelFileError
from pawnslib.dbn.twoslice import TwoSliceModel, load_model
from pawnslib.game.rules import FEATURE_NAMES

NF = len(FEATURE_NAMES)
KINDS = ["numbered", "interval", "gaussian", "numbered", "interval", "numbered"]


def test_save_load_round_trip(model, tmp_path, random_scores):
    path = model.save(tmp_path / "data" / "model.npz")
    back = OpponentModel.load(path, n_strategies=4)
    raw = random_scores(np.random.default_rng(5), model, 4)
    assert back.log_prob_evidence(raw, 1) == model.log_prob_evidence(raw, 1)
    assert back.discretiser.kinds == model.discretiser.kinds and back.sw_matched and back.training == {}
    np.testing.assert_array_equal(back.loglik, model.loglik)
    for a, b in zip(back.kernel_arrays(), model.kernel_arrays(), strict=True):
        np.testing.assert_array_equal(a, b)


def test_training_provenance_round_trip(model, tmp_path):
    training = {"set": "thesis", "rounds": 80, "depth": 6, "seed": 2008, "rules": "kalles", "note": None}
    path = dataclasses.replace(model, training=training).save(tmp_path / "model.npz")
    assert OpponentModel.load(path).training == training
    edit_file(path, {"training": DROP})  # a file from before the field: empty provenance
    assert OpponentModel.load(path).training == {}
    with pytest.raises(ValueError, match="'training' must be a JSON object of scalars"):
        dataclasses.replace(model, training={"rounds": [80]}).save(tmp_path / "other.npz")
    assert not (tmp_path / "other.npz").exists()


@pytest.mark.parametrize("header, arrays, message", [
    pytest.param({}, {"cpt_5": lambda c: np.where(c == c.max(), np.nan, c)}, r"CPT of BSum has NaN", id="nan"),
    pytest.param({}, {"cpt_7": shift_mass}, r"CPT of DSum has negative entries", id="negative"),
    pytest.param({}, {"cpt_1": lambda c: c * 1.01}, r"CPT of S_w is not normalised: its row \(\) sums to 1.01",
                 id="unnormalised"),
    pytest.param({}, {"cpt_2": lambda c: c * (1 + 1e-5)}, r"CPT of BMax_prev is not normalised", id="off_by_1e-5"),
    pytest.param({}, {"cuts_1": lambda c: c[::-1]}, r"feature 'BSum': cut points are not sorted", id="unsorted_cuts"),
    pytest.param({"kinds": KINDS}, {}, r"feature 'DSum': unknown node kind 'gaussian'", id="unknown_kind"),
    pytest.param({"n_slices": 0}, {}, r"header field 'n_slices' must be an integer >= 1, got 0", id="zero_slices"),
    pytest.param({"n_slices": 2.5}, {}, r"'n_slices' must be an integer >= 1, got 2.5", id="float_slices"),
    pytest.param({"n_slices": True}, {}, r"'n_slices' must be an integer >= 1, got True", id="bool_slices"),
    pytest.param({"kinds": DROP, "n_slices": DROP}, {}, r"header lacks the required key\(s\) \['kinds', 'n_slices'\]",
                 id="missing_keys"),
    pytest.param({"training": {"set": ["thesis"]}}, {}, r"'training' must be a JSON object of scalars",
                 id="training_not_scalars"),
    pytest.param({"training": [1, 2]}, {}, r"'training' must be a JSON object", id="training_not_object"),
    pytest.param({}, {"cpt_13": DROP}, r"has no array 'cpt_13'", id="missing_array"),
    pytest.param({"feature_names": FEATURE_NAMES[::-1]}, {}, r"models features \['PD'", id="other_features"),
])
def test_load_refuses_invalid_contents_naming_file_and_problem(model, tmp_path, header, arrays, message):
    path = model.save(tmp_path / "model.npz")
    edit_file(path, header, arrays)
    with pytest.raises(ModelFileError, match=message) as e:
        OpponentModel.load(path)
    assert str(e.value).startswith(f"{path}: ")


def _npy(path):
    with open(path, "wb") as fh:  # np.save on a name would add ".npy"
        np.save(fh, np.zeros((3, NF)))


def _header(value):
    # A file whose header is this JSON value, and nothing else.
    return lambda path: np.savez(path, header=np.array(json.dumps(value)))


@pytest.mark.parametrize("write, message", [
    pytest.param(_npy, r"it is a single \.npy array", id="npy"),
    pytest.param(lambda path: path.write_text("S_b,S_w\n1,?\n"), r"it is not an \.npz \(zip\) archive", id="text"),
    pytest.param(lambda path: np.savez(path, x=np.zeros(3)), r"\(it has no header\)", id="no_header"),
    pytest.param(lambda path: np.savez(path, header=np.array("hello")), r"its header is not JSON", id="text_header"),
    pytest.param(_header([1, 2]), r"its header is a JSON list, not an object", id="list_header"),
    pytest.param(_header({"format": "x"}), r"\(format 'x', expected 'pawnslib", id="other_format"),
])
@pytest.mark.parametrize("loader", [OpponentModel.load, TwoSliceModel.load, load_model],
                         ids=["one_slice", "two_slice", "either"])
def test_load_refuses_files_that_are_not_a_model(tmp_path, write, message, loader):
    path = tmp_path / "model.npz"
    write(path)
    with pytest.raises(ModelFileError, match=f"not an opponent model file.*{message}") as e:
        loader(path)
    assert str(e.value).startswith(f"{path}: ")


def test_load_errors(model, tmp_path):
    with pytest.raises(FileNotFoundError, match="no opponent model"):
        OpponentModel.load(tmp_path / "missing.npz")
    path = model.save(tmp_path / "model.npz")
    cut = tmp_path / "cut.npz"
    cut.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    with pytest.raises(ModelFileError, match="truncated or corrupt"):
        OpponentModel.load(cut)
    with pytest.raises(ModelFileError, match="models features"):
        OpponentModel.load(path, feature_names=FEATURE_NAMES[:5])
    with pytest.raises(ModelFileError, match="models 4 strategies, expected 5"):
        OpponentModel.load(path, n_strategies=5)


def test_a_row_models_file_has_no_latent_key(model, tmp_path):
    """A row model's header is what it was before per-game models (``latent`` is written only for them)."""
    path = model.save(tmp_path / "model.npz")
    with np.load(path) as z:
        header = json.loads(str(z["header"]))
    assert model.latent == "row" and "latent" not in header
    assert list(header) == ["format", "feature_names", "kinds", "strategy_ids", "n_slices", "pseudo_count",
                            "converged", "sw_matched", "n_restarts", "n_states", "training"]
    assert OpponentModel.load(path).latent == "row"


@pytest.mark.parametrize("name", ["dbn_thesis.npz", "dbn_harmony.npz"])
def test_committed_model_files_are_rewritten_byte_for_byte(name, tmp_path):
    committed = Path(__file__).parents[2] / "results" / "data" / name
    if not committed.is_file():
        pytest.skip(f"no {committed}")
    back = OpponentModel.load(committed)
    assert back.latent == "row"
    assert back.save(tmp_path / name).read_bytes() == committed.read_bytes()


# ---------------------------------------------------------------------------- the per-game model's file


def test_save_load_keeps_latent(game_model, tmp_path):
    path = game_model.save(tmp_path / "game.npz")
    with np.load(path) as z:
        assert json.loads(str(z["header"]))["latent"] == "game"
    back = OpponentModel.load(path)
    assert back.latent == "game" and back.sw_matched
    for a, b in zip(back.cpts, game_model.cpts, strict=True):
        np.testing.assert_array_equal(a, b)
    with pytest.raises(ValueError, match="latent must be one of"):
        dataclasses.replace(game_model, latent="moves").save(tmp_path / "bad.npz")
    assert not (tmp_path / "bad.npz").exists()


@pytest.mark.parametrize("value, latent", [(None, "row"), ("row", "row"), ("moves", None), (1, None)])
def test_load_reads_latent_or_refuses_it(game_model, tmp_path, value, latent):
    path = game_model.save(tmp_path / "game.npz")
    with np.load(path) as z:
        data = {k: z[k] for k in z.files}
    header = json.loads(str(data.pop("header")))
    if value is None:
        del header["latent"]  # a file from before the field
    else:
        header["latent"] = value
    np.savez(path, header=np.array(json.dumps(header)), **data)
    if latent is None:
        with pytest.raises(ModelFileError, match=rf"{path}: header field 'latent' must be one of \['row', 'game'\]"):
            OpponentModel.load(path)
    else:
        assert OpponentModel.load(path).latent == latent


# ---------------------------------------------------------------------------- the one loader


@pytest.mark.parametrize("name, kind, latent", [("dbn_thesis.npz", OpponentModel, "row"),
                                                ("dbn_game_thesis.npz", OpponentModel, "game"),
                                                ("dbn2_thesis.npz", TwoSliceModel, None)])
def test_load_model_reads_every_committed_kind_and_rewrites_it_byte_for_byte(name, kind, latent, tmp_path):
    committed = Path(__file__).parents[2] / "results" / "data" / name
    if not committed.is_file():
        pytest.skip(f"no {committed}")
    back = load_model(committed)
    assert type(back) is kind and (latent is None or back.latent == latent)
    assert type(kind.load(committed)) is kind
    assert back.save(tmp_path / name).read_bytes() == committed.read_bytes()


def test_format_tags_stay_as_committed_files_hold_them():
    assert modelfile.FILE_FORMAT == "pawnslib.dbn.OpponentModel/1"
    assert modelfile.TWO_SLICE_FORMAT == "pawnslib.twoslice.TwoSliceModel/1"
