"""Strategies (thesis Chapter 7): six integer weights on the feature scores.

A position's heuristic value is ``weights . features``; Black maximises it, White
minimises the same sum, so one weight vector serves either colour. Here: the thesis's
strategies, the ladder of weights Harmony* climbs, the check that a weight vector keeps every
heuristic value below half the win score, and strategy-set files. Imports :mod:`pawnslib.game`,
:mod:`pawnslib.files` and :mod:`pawnslib.search.values`.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np

from pawnslib.files import replaced_atomically
from pawnslib.game.rules import FEATURE_NAMES, N_FEATURES
from pawnslib.search.values import WIN

# Every weight of the thesis's Table 10.1 is on this ladder; Harmony* moves along its indexes.
LADDER = (-10000, -1000, -100, -10, 0, 10, 100, 1000, 10000)

# Table 10.1, "Chosen Strategies": ids 1 to 4, columns in FEATURE_NAMES order.
THESIS: dict[int, tuple[int, ...]] = {
    1: (0, 10000, 0, -1000, -10, 0),
    2: (10, 100, 0, -10000, -100, 0),
    3: (0, 10, 0, -10000, 0, 0),
    4: (100, 1000, 0, -10000, 0, 10),
}


# The largest absolute value each feature score (black minus white, FEATURE_NAMES order) can take, from
# the rules in pawnslib.game.position: each side's score is >= 0, so |black - white| is at most one side's maximum.
FEATURE_BOUNDS = (
    7,  # BMax: a square is at most 7 from a base (the board is 8 wide)
    28,  # BSum: 4 pieces, each at most 7 from its own base
    84,  # DSum: twice (every pair counted in both orders) 6 pairs of 4 pieces, each at most 7 apart (Chebyshev)
    7,  # OBMin: at most 7 from the opponent's base, like BMax
    28,  # OBSum: 4 pieces, each at most 7 from the opponent's base
    4,  # PD: at most 4 pieces left
)


def check_weights(weights, *, where: str = "weights") -> np.ndarray:
    """Return ``weights`` as an int64 array of six, or raise naming the problem.

    Args:
        weights: six integers, in FEATURE_NAMES order.
        where: what the weights are, for the message (e.g. "strategy 2").

    Returns:
        The weights as an int64 array.

    Raises:
        ValueError: wrong length, a weight that is not an integer, or weights so large that
            a heuristic value could reach half the search's win score (or overflow int64).
    """
    values = list(weights) if not isinstance(weights, (str, bytes, dict)) else None
    if values is None or len(values) != N_FEATURES:
        names = ", ".join(FEATURE_NAMES)
        raise ValueError(f"{where}: a strategy needs {N_FEATURES} weights ({names}), got {weights!r}")
    for name, v in zip(FEATURE_NAMES, values, strict=True):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
            raise ValueError(f"{where}: weight {name} must be an integer, got {v!r}")
    bound = sum(abs(int(v)) * b for v, b in zip(values, FEATURE_BOUNDS, strict=True))  # Python ints: no overflow
    if bound >= WIN / 2:
        raise ValueError(f"{where}: weights {[int(v) for v in values]} are too large: a heuristic value could reach "
                         f"{bound} (sum of |weight| * FEATURE_BOUNDS), not below half a win ({WIN / 2:.0f})")
    return np.array(values, dtype=np.int64)


def check_strategies(strategies: dict) -> dict[int, tuple[int, ...]]:
    """Validate a strategy set.

    Args:
        strategies: ``{id: weights}``, ids positive integers.

    Returns:
        The set with int ids and tuples of int weights.

    Raises:
        ValueError: an empty set, a bad id or a bad weight vector (see :func:`check_weights`).
    """
    if not strategies:
        raise ValueError("a strategy set needs at least one strategy")
    out = {}
    for sid, w in strategies.items():
        if isinstance(sid, bool) or not isinstance(sid, (int, np.integer)) or sid < 1:
            raise ValueError(f"strategy id must be a positive integer, got {sid!r}")
        out[int(sid)] = tuple(int(x) for x in check_weights(w, where=f"strategy {sid}"))
    return out


def save_strategies(strategies: dict, path: str | Path) -> Path:
    """Write a strategy set as JSON: ``{"features": [...], "strategies": {"1": [...]}}``.

    Args:
        strategies: ``{id: weights}``.
        path: the file (its folder is created).

    Returns:
        ``path``.

    Raises:
        ValueError: a bad strategy set (see :func:`check_strategies`).
    """
    strategies = check_strategies(strategies)
    doc = {"features": list(FEATURE_NAMES), "strategies": {str(k): list(v) for k, v in strategies.items()}}
    with replaced_atomically(path) as tmp:
        tmp.write_text(json.dumps(doc, indent=1) + "\n")
    return Path(path)


def load_strategies(path: str | Path) -> dict[int, tuple[int, ...]]:
    """Read a strategy set written by :func:`save_strategies`.

    Args:
        path: the JSON file.

    Returns:
        ``{id: weights}``.

    Raises:
        ValueError: naming the file: not UTF-8 text or not valid JSON, other features, an id that
            is not an integer string, two ids for the same number ("1" and "01"), or a bad strategy.
        FileNotFoundError: no such file.
    """
    path = Path(path)
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError as e:
        raise ValueError(f"{path}: not a UTF-8 text file ({e.reason} at byte {e.start})") from None
    except json.JSONDecodeError as e:
        raise ValueError(f"{path}: line {e.lineno}: not valid JSON ({e.msg})") from None
    if not isinstance(doc, dict) or doc.get("features") != list(FEATURE_NAMES):
        raise ValueError(f"{path}: field 'features' must be {list(FEATURE_NAMES)}")
    if not isinstance(doc.get("strategies"), dict):
        raise ValueError(f"{path}: field 'strategies' must map ids to weight lists")
    strategies, keys = {}, {}
    for key, weights in doc["strategies"].items():
        if not re.fullmatch(r"-?[0-9]+", key):
            raise ValueError(f"{path}: strategy id {key!r} is not an integer")
        sid = int(key)
        if sid in keys:
            raise ValueError(f"{path}: strategy ids {keys[sid]!r} and {key!r} are both {sid}")
        keys[sid], strategies[sid] = key, weights
    try:
        return check_strategies(strategies)
    except ValueError as e:
        raise ValueError(f"{path}: {e}") from None
