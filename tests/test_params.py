"""Notebook parameters are checked up front, and the error names the parameter, its value and the rule."""

import pytest

from pawnslib import config
from pawnslib.params import RULES, STRATEGY_SETS, check_parameters


def test_defaults_of_the_reproduction_pass():
    harmony = {f"H_{k.upper()}": v for k, v in config.HARMONY.items()}
    check_parameters(SEED=config.SEED, RESULTS="../results", ROUNDS=config.ROUNDS, TRAIN_ROUNDS=config.TRAIN_ROUNDS,
                     DEPTH=config.DEPTH, SETS=list(STRATEGY_SETS), N_POSITIONS=40, MAX_DEPTH=6, MINIMAX_MAX_DEPTH=6,
                     GAMES_ROUNDS=2, N_RANDOM_GAMES=2000, PERFT_DEPTH=7, held_out=True, **harmony)
    check_parameters()  # nothing to check


def test_every_harmony_setting_has_a_rule():
    assert {f"H_{k.upper()}" for k in config.HARMONY} <= set(RULES)


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
    check_parameters(SEED=0, ROUNDS=1, SETS=("harmony",), H_P_HMCR=0, H_P_PAR=1, RESULTS="/tmp/x")


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
