"""config: the defaults' one home, and RunSettings, the value that carries a run's settings."""

import pytest

from pawnslib import config
from pawnslib.config import RunSettings
from pawnslib.game.rules import READINGS


def test_defaults_come_from_config():
    s = RunSettings()
    assert (s.seed, s.rules, s.depth, s.rounds, s.train_rounds, s.jobs) == (
        config.SEED, config.RULES, config.DEPTH, config.ROUNDS, config.TRAIN_ROUNDS, config.JOBS)


def test_config_names_the_games_readings():
    assert config.READINGS == READINGS and config.RULES in READINGS


def test_frozen_and_replace_checks_again():
    s = RunSettings(seed=7, rules="king")
    with pytest.raises(AttributeError):
        s.seed = 8
    assert s.replace(depth=8) == RunSettings(seed=7, rules="king", depth=8)
    with pytest.raises(ValueError, match=r"RunSettings.depth must be a positive integer.*got 0"):
        s.replace(depth=0)
    with pytest.raises(TypeError):
        s.replace(depht=8)


@pytest.mark.parametrize(("field", "value", "rule"), [
    ("seed", -1, "a non-negative integer"), ("seed", 1.5, "a non-negative integer"),
    ("seed", True, "a non-negative integer"), ("rules", "queen", "one of kalles, king"), ("rules", None, "one of"),
    ("depth", 0, "a positive integer"), ("rounds", 0, "a positive integer"),
    ("train_rounds", "80", "a positive integer"),
    ("jobs", 0, "a non-zero integer"),
])
def test_bad_values_name_the_field(field, value, rule):
    with pytest.raises(ValueError, match=rf"RunSettings\.{field} must be {rule}.*got {value!r}"):
        RunSettings(**{field: value})


def test_the_default_settings_are_the_defaults():
    assert config.DEFAULT_SETTINGS == RunSettings()
