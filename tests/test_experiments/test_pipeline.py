"""The reproduction's steps by their names (the steps themselves run in tests/test_cli.py, through the command line)."""

import pytest

from pawnslib.experiments import pipeline


def test_the_old_name_of_the_tournament_step_warns_and_plays_the_same(monkeypatch):
    monkeypatch.setattr(pipeline, "set_tournament", lambda *args, **kwargs: (args, kwargs))
    with pytest.warns(DeprecationWarning, match="play_tournament is renamed set_tournament"):
        assert pipeline.play_tournament("r", "thesis", method="asym") == (("r", "thesis"), {"method": "asym"})


def test_a_model_trained_on_other_games_is_both_a_mismatch_and_a_model_file_error():
    from pawnslib.config import Difference, SettingsMismatch
    from pawnslib.dbn.modelfile import ModelFileError

    error = pipeline.ModelMismatch("m.npz was trained on other games", (Difference("depth", 2, 1),), "retrain")
    assert isinstance(error, SettingsMismatch) and isinstance(error, ModelFileError)
    assert error.fields == ("depth",)
    assert str(error) == "m.npz was trained on other games (depth: asked 2, recorded 1); retrain"


def test_the_old_names_of_the_tempered_recogniser_warn_and_give_the_same(monkeypatch):
    import importlib
    import sys

    monkeypatch.setattr(pipeline, "tempered_recogniser", lambda *args, **kwargs: (args, kwargs))
    with pytest.warns(DeprecationWarning, match="calibrated_recogniser is renamed tempered_recogniser"):
        assert pipeline.calibrated_recogniser("r", "thesis") == (("r", "thesis"), {})
    sys.modules.pop("pawnslib.dbn.calibrated", None)
    with pytest.warns(DeprecationWarning, match="pawnslib.dbn.calibrated is renamed pawnslib.dbn.tempered"):
        old = importlib.import_module("pawnslib.dbn.calibrated")
    from pawnslib.dbn.tempered import TemperedRecogniser

    assert old.TemperedRecogniser is TemperedRecogniser
