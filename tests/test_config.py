"""config: the defaults' one home, and RunSettings, the value that carries a run's settings."""

import pytest

from pawnslib import config
from pawnslib.config import READINGS, Difference, RunSettings, SettingError, SettingsMismatch


def test_defaults_come_from_config():
    s = RunSettings()
    assert (s.seed, s.rules, s.depth, s.rounds, s.train_rounds, s.jobs) == (
        config.SEED, config.RULES, config.DEPTH, config.ROUNDS, config.TRAIN_ROUNDS, config.JOBS)


def test_one_readings_and_the_rules_play_each_in_its_order():
    import pawnslib.game
    from pawnslib.game import rules

    assert rules.READINGS is READINGS and tuple(rules.STEPS) == READINGS and config.RULES in READINGS
    assert "READINGS" not in pawnslib.game.__all__  # not re-exported: one home, pawnslib.config


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
    with pytest.raises(SettingError, match=rf"RunSettings\.{field} must be {rule}.*got {value!r}") as e:
        RunSettings(**{field: value})
    assert (e.value.field, e.value.value) == (field, value) and e.value.rule.startswith(rule)
    assert isinstance(e.value, ValueError)


def test_a_mismatch_carries_every_field_asked_and_recorded():
    e = SettingsMismatch("runs/x holds a different tournament",
                         (Difference("rules", "king", "kalles"), Difference("depth", 2, 6)), "use another folder")
    assert e.fields == ("rules", "depth") and e.differences[1].recorded == 6 and isinstance(e, ValueError)
    assert str(e) == ("runs/x holds a different tournament (rules: asked 'king', recorded 'kalles'; depth: asked 2, "
                      "recorded 6); use another folder")


def test_the_default_settings_are_the_defaults():
    assert config.DEFAULT_SETTINGS == RunSettings()


@pytest.mark.parametrize("name", sorted(config.MOVED))
def test_a_moved_default_still_reads_for_one_release_with_a_warning(name):
    import importlib

    home, new = config.MOVED[name]
    with pytest.warns(DeprecationWarning, match=rf"pawnslib.config.{name} moved to {home}.{new}"):
        old = getattr(config, name)
    value = getattr(importlib.import_module(home), new)
    if name == "HARMONY":
        assert old == {k: v for k, v in vars(value()).items() if k not in ("rules", "noise")} and old["k"] == 4
    else:
        assert old == (tuple(value) if name == "COMPARISON_METHODS" else value)
    with pytest.raises(AttributeError, match="has no attribute 'NOWHERE'"):
        config.NOWHERE  # noqa: B018
