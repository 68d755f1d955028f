"""Notebook parameters are checked up front, and the error names the parameter, its value and the rule."""

import re
from pathlib import Path

import pytest

from pawnslib import config
from pawnslib.config import READINGS
from pawnslib.experiments.params import PARAMETER_RULES, STRATEGY_SETS, check_parameters
from pawnslib.play.harmony import HarmonyParams

# Harmony*'s own settings, as notebook 10's parameters (H_K, ...) name them: all HarmonyParams' fields but the
# reading and noise, which are the run's.
HARMONY = {k: v for k, v in HarmonyParams().__dict__.items() if k not in ("rules", "noise")}


def test_defaults_of_the_reproduction_pass():
    harmony = {f"H_{k.upper()}": v for k, v in HARMONY.items()}
    check_parameters(SEED=config.SEED, RESULTS="../results", ROUNDS=config.ROUNDS, TRAIN_ROUNDS=config.TRAIN_ROUNDS,
                     DEPTH=config.DEPTH, SETS=list(STRATEGY_SETS), N_POSITIONS=40, MAX_DEPTH=6, MINIMAX_MAX_DEPTH=None,
                     GAMES_ROUNDS=2, N_RANDOM_GAMES=2000, PERFT_DEPTH=7, RULES=config.RULES,
                     READINGS=list(config.READINGS), READING_SETS=config.READING_SETS, held_out=True, **harmony)
    check_parameters()  # nothing to check


def test_every_harmony_setting_has_a_rule():
    assert {f"H_{k.upper()}" for k in HARMONY} <= set(PARAMETER_RULES)


@pytest.mark.parametrize(("name", "value", "rule"), [
    ("N_POSITIONS", 0, "positive integer"),
    ("ROUNDS", -3, "positive integer"),
    ("DEPTH", 2.0, "positive integer"),
    ("DEPTH", True, "positive integer"),
    ("PERFT_DEPTH", "7", "positive integer"),
    ("SEED", -1, "integer >= 0"),
    ("SEED", 1.5, "integer >= 0"),
    ("RESULTS", "", "results folder"),
    ("RESULTS", 3, "results folder"),
    ("SETS", [], "strategy sets"),
    ("SETS", "thesis", "strategy sets"),
    ("SETS", ["thesis", "ours"], "strategy sets"),
    ("SETS", ["thesis", "thesis"], "distinct"),
    ("RULES", "queen", "reading of the rules, one of ['kalles', 'king']"),
    ("RULES", ["king"], "reading of the rules"),
    ("READINGS", "king", "list of distinct readings"),
    ("READING_SETS", {"king": []}, "non-empty lists of distinct strategy sets"),
    ("READING_SETS", {"queen": ["thesis"]}, "dict from readings"),
    ("READING_SETS", [["thesis"]], "dict from readings"),
    ("READINGS", ["king", "king"], "distinct readings"),
    ("READINGS", ["kalles", "knight"], "readings of the rules from ['kalles', 'king']"),
    ("H_P_HMCR", 1.5, "probability"),
    ("H_P_PAR", -0.1, "probability"),
    ("H_P_PAR", float("nan"), "probability"),
])
def test_a_bad_value_names_the_parameter_its_value_and_the_rule(name, value, rule):
    with pytest.raises(ValueError) as err:
        check_parameters(**{name: value})
    message = str(err.value)
    assert name in message and repr(value) in message and rule in message


def test_good_values_pass():
    check_parameters(SEED=0, ROUNDS=1, SETS=("harmony",), H_P_HMCR=0, H_P_PAR=1, RESULTS="/tmp/x", RULES="king",
                     READINGS=("king",))


def test_unknown_parameter_is_refused():
    with pytest.raises(ValueError, match="ROUND = 5 has no rule"):
        check_parameters(ROUND=5)


def test_training_rounds_against_rounds():
    check_parameters(ROUNDS=2, TRAIN_ROUNDS=2)  # no held-out games needed
    with pytest.raises(ValueError, match="TRAIN_ROUNDS = 3 .* at most ROUNDS = 2"):
        check_parameters(ROUNDS=2, TRAIN_ROUNDS=3)
    check_parameters(ROUNDS=2, TRAIN_ROUNDS=1, held_out=True)
    with pytest.raises(ValueError, match="TRAIN_ROUNDS = 2 .* less than ROUNDS = 2"):
        check_parameters(ROUNDS=2, TRAIN_ROUNDS=2, held_out=True)


def test_the_foreseeing_methods_need_depth_three():
    check_parameters(METHODS=["plain6", "oracle"], DEPTH=3)
    check_parameters(METHODS=["plain6", "om-perfect"], DEPTH=1)  # OM search alone plays at any depth
    with pytest.raises(ValueError, match=r"METHODS = \['plain6', 'oracle', 'om-matched'\] is invalid with DEPTH = "
                                         r"2: oracle, om-matched search below White's reply and need DEPTH >= 3"):
        check_parameters(METHODS=["plain6", "oracle", "om-matched"], DEPTH=2)
    with pytest.raises(ValueError, match=r"MAP_METHODS = \['plain6', 'oracle'\] is invalid with DEPTH = 2"):
        check_parameters(MAP_METHODS=["plain6", "oracle"], METHODS=["plain6"], DEPTH=2)


def test_the_map_takes_known_levels_of_whites_ties_only():
    check_parameters(WHITE_NOISES=["none", "thesis"])
    for bad in (["none", "loud"], [], ["none", "none"]):
        with pytest.raises(ValueError, match=r"WHITE_NOISES = .* must be a non-empty list of distinct levels"):
            check_parameters(WHITE_NOISES=bad)


def test_the_makefile_and_config_name_the_same_readings():
    makefile = (Path(__file__).resolve().parents[2] / "Makefile").read_text()
    assert re.search(r"(?m)^READINGS \?= (.*)$", makefile)[1].split() == list(config.READINGS)
    assert re.search(r"(?m)^RULES \?= (.*)$", makefile)[1] == config.RULES == config.READINGS[0]
    assert set(config.READINGS) <= set(READINGS)
    assert config.reading_dir("r", config.RULES) == Path("r") and config.reading_dir("r", "king") == Path("r/king")
    for r in config.READINGS:  # each reading's strategy sets, by default
        assert re.search(rf"(?m)^SETS_{r} \?= (.*)$", makefile)[1].split() == list(config.READING_SETS[r])
    assert set(config.READING_SETS) == set(config.READINGS)


def test_every_reading_has_a_minimax_depth_for_chapter_3():
    from pawnslib.config import READINGS

    assert set(config.MINIMAX_MAX_DEPTH) == set(READINGS) and all(d >= 1 for d in config.MINIMAX_MAX_DEPTH.values())
    check_parameters(MINIMAX_MAX_DEPTH=None)
    with pytest.raises(ValueError, match="MINIMAX_MAX_DEPTH"):
        check_parameters(MINIMAX_MAX_DEPTH=0)
