"""Strategies: weight checks (the heuristic must stay below a win), the feature bounds, the JSON file."""

import json

import numpy as np
import pytest

from pawnslib import Position
from pawnslib.game.rules import FEATURE_NAMES
from pawnslib.search.strategies import (
    FEATURE_BOUNDS,
    LADDER,
    THESIS,
    check_strategies,
    check_weights,
    load_strategies,
    save_strategies,
)
from pawnslib.search.values import WIN


def test_thesis_table_10_1():
    assert THESIS[4] == (100, 1000, 0, -10000, 0, 10) and sorted(THESIS) == [1, 2, 3, 4]


def test_random_play_never_exceeds_the_feature_bounds():
    rng = np.random.default_rng(0)
    bounds = np.array(FEATURE_BOUNDS)
    worst = np.zeros(len(FEATURE_BOUNDS), np.int64)
    for _ in range(300):
        p = Position.start()
        while True:
            worst = np.maximum(worst, np.abs(p.features()))
            if p.result is not None:
                break
            moves = p.legal_moves()
            p = p.play(moves[rng.integers(len(moves))])
    assert (worst <= bounds).all(), f"features reached {worst.tolist()}, bounds {bounds.tolist()}"


def test_every_ladder_vector_and_the_thesis_strategies_are_accepted():
    extreme = max(abs(w) for w in LADDER)
    assert check_weights((extreme,) * 6).tolist() == [extreme] * 6
    assert check_strategies(THESIS) == THESIS


@pytest.mark.parametrize("scale", [10**6, 10**20])
def test_weights_that_could_beat_a_win_or_overflow_are_refused(scale):
    weights = tuple(w * scale for w in THESIS[4])
    with pytest.raises(ValueError, match=r"strategy 4: weights .* too large.*half a win"):
        check_weights(weights, where="strategy 4")


def test_the_bound_is_half_a_win():
    # One weight alone: |w| * 84 (DSum's bound) just below WIN / 2 passes, at it fails.
    limit = int(WIN / 2) // FEATURE_BOUNDS[2]
    check_weights((0, 0, limit, 0, 0, 0))
    with pytest.raises(ValueError, match="too large"):
        check_weights((0, 0, limit + 1, 0, 0, 0))


def test_strategies_json_round_trip_and_errors(tmp_path):
    path = save_strategies(THESIS, tmp_path / "s.json")
    assert load_strategies(path) == THESIS
    doc = json.loads(path.read_text())
    doc["strategies"]["2"] = [1, 2, 3]
    path.write_text(json.dumps(doc))
    with pytest.raises(ValueError, match=r"s.json: strategy 2: a strategy needs 6 weights"):
        load_strategies(path)
    path.write_text("{broken")
    with pytest.raises(ValueError, match=r"s.json: line 1"):
        load_strategies(path)
    with pytest.raises(ValueError, match="strategy id"):
        check_strategies({0: THESIS[1]})
    with pytest.raises(ValueError, match="BSum must be an integer"):
        check_strategies({1: (0, "10", 0, 0, 0, 0)})


def _write(path, strategies):
    path.write_text(json.dumps({"features": list(FEATURE_NAMES), "strategies": strategies}))
    return path


def test_colliding_ids_are_named(tmp_path):
    path = _write(tmp_path / "s.json", {"1": THESIS[1], "01": THESIS[2]})
    with pytest.raises(ValueError, match=r"s.json: strategy ids '1' and '01' are both 1"):
        load_strategies(path)


@pytest.mark.parametrize("key", ["x", "1.5", "", "1_0"])
def test_an_id_that_is_not_an_integer_is_named(tmp_path, key):
    path = _write(tmp_path / "s.json", {key: THESIS[1]})
    with pytest.raises(ValueError, match=rf"s.json: strategy id '{key}' is not an integer"):
        load_strategies(path)


def test_overflowing_weights_name_the_file_and_strategy(tmp_path):
    path = _write(tmp_path / "s.json", {"1": THESIS[1], "3": [10**30, 0, 0, 0, 0, 0]})
    with pytest.raises(ValueError, match=r"s.json: strategy 3: weights .* too large"):
        load_strategies(path)


def test_a_binary_file_is_named(tmp_path):
    path = tmp_path / "s.json"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    with pytest.raises(ValueError, match=r"s.json: not a UTF-8 text file"):
        load_strategies(path)
