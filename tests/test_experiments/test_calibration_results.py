"""The committed recognisers on the committed held-out games: the tempered one no worse than knowing nothing, the
choice model's published rows its own.

Reads ``results/`` as committed (the games' archives, the per-game models, ``data/recogniser_<set>.json`` and
``data/choice_<set>.json``); it trains and plays nothing.
"""

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from pawnslib import config
from pawnslib.config import RunSettings
from pawnslib.experiments import pipeline
from pawnslib.experiments.recognition import (
    RECOGNITION_MIN_GAMES,
    calibration_table,
    held_out_beliefs,
    log_loss_gain,
)

RESULTS = Path(__file__).resolve().parents[2] / "results"
RUN = RunSettings()  # the committed run's settings


@pytest.mark.parametrize("set_name", config.SETS)
def test_the_tempered_recogniser_is_no_worse_than_uniform_on_held_out_games(set_name):
    if not config.recogniser_path(RESULTS, set_name).is_file():
        pytest.fail(f"{config.recogniser_path(RESULTS, set_name)} is not committed: run `make reproduce`")
    recogniser = pipeline.tempered_recogniser(RESULTS, set_name, settings=RUN)  # read, not fitted
    held = [r for r in pipeline.set_tournament(RESULTS, set_name, settings=RUN) if r["round"] >= RUN.train_rounds]
    beliefs, truth = held_out_beliefs({"tempered": recogniser}, held)
    gain = log_loss_gain(beliefs["tempered"], truth)
    assert (gain.games == len(held)).all()  # every held-out game at every move, one that has ended at its last belief
    gain = gain[gain.running >= RECOGNITION_MIN_GAMES]
    assert (gain.lo <= 0).all(), f"worse than uniform beyond noise after White move(s) {list(gain.index[gain.lo > 0])}"
    pooled = np.average(gain["diff"], weights=gain.games)
    assert pooled < 0  # over every White move, below ln K
    table = pd.read_csv(RESULTS / "tables" / "recognition_calibration.csv")
    cal = table[(table.set == set_name) & (table.recogniser == "tempered")].set_index("move")
    assert cal.log_loss.loc[gain.index].to_numpy() == pytest.approx(gain["diff"].to_numpy() + np.log(4))


def test_the_published_choice_model_rows_are_the_committed_models_on_the_held_out_games():
    if not config.choice_path(RESULTS, "thesis").is_file():
        pytest.fail(f"{config.choice_path(RESULTS, 'thesis')} is not committed: run `make reproduce`")
    model = pipeline.choice_model(RESULTS, "thesis", settings=RUN, fit=False)  # read, never fitted here
    held = [r for r in pipeline.set_tournament(RESULTS, "thesis", settings=RUN) if r["round"] >= RUN.train_rounds]
    beliefs, truth = held_out_beliefs({"learned choice model": model}, held)
    ours = calibration_table(beliefs, truth).set_index("move")
    table = pd.read_csv(RESULTS / "tables" / "recognition_calibration.csv")
    published = table[(table.set == "thesis") & (table.recogniser == "learned choice model")].set_index("move")
    for column in ("games", "running", "accuracy", "mean_max_p", "log_loss", "brier"):
        assert published[column].to_numpy() == pytest.approx(ours.loc[published.index, column].to_numpy(), rel=1e-9)
