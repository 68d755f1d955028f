"""Strategies (thesis Chapter 7): six integer weights on the feature scores.

A position's heuristic value is ``weights . features``; Black maximises it, White
minimises the same sum, so one weight vector serves either colour.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from pawnslib.game import FEATURE_NAMES, N_FEATURES

# Every weight of the thesis's Table 10.1 is on this ladder; Harmony* moves along its indexes.
LADDER = (-10000, -1000, -100, -10, 0, 10, 100, 1000, 10000)

# Table 10.1, "Chosen Strategies": ids 1 to 4, columns in FEATURE_NAMES order.
THESIS: dict[int, tuple[int, ...]] = {
    1: (0, 10000, 0, -1000, -10, 0),
    2: (10, 100, 0, -10000, -100, 0),
    3: (0, 10, 0, -10000, 0, 0),
    4: (100, 1000, 0, -10000, 0, 10),
}


def check_weights(weights, where: str = "weights") -> np.ndarray:
    """Return ``weights`` as an int64 array of six, or raise naming the problem.

    Raises:
        ValueError: wrong length, or a weight that is not an integer.
    """
    values = list(weights) if not isinstance(weights, (str, bytes, dict)) else None
    if values is None or len(values) != N_FEATURES:
        names = ", ".join(FEATURE_NAMES)
        raise ValueError(f"{where}: a strategy needs {N_FEATURES} weights ({names}), got {weights!r}")
    for name, v in zip(FEATURE_NAMES, values, strict=True):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
            raise ValueError(f"{where}: weight {name} must be an integer, got {v!r}")
    return np.array(values, dtype=np.int64)


def check_strategies(strategies: dict) -> dict[int, tuple[int, ...]]:
    """Validate a strategy set ``{id: weights}`` (ids positive integers)."""
    if not strategies:
        raise ValueError("a strategy set needs at least one strategy")
    out = {}
    for sid, w in strategies.items():
        if isinstance(sid, bool) or not isinstance(sid, (int, np.integer)) or sid < 1:
            raise ValueError(f"strategy id must be a positive integer, got {sid!r}")
        out[int(sid)] = tuple(int(x) for x in check_weights(w, f"strategy {sid}"))
    return out


def save_strategies(strategies: dict, path: str | Path) -> Path:
    """Write a strategy set as JSON: ``{"features": [...], "strategies": {"1": [...]}}``."""
    strategies = check_strategies(strategies)
    doc = {"features": list(FEATURE_NAMES), "strategies": {str(k): list(v) for k, v in strategies.items()}}
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc, indent=1) + "\n")
    return path


def load_strategies(path: str | Path) -> dict[int, tuple[int, ...]]:
    """Read a strategy set written by :func:`save_strategies`.

    Raises:
        ValueError: the file is not valid JSON, names other features, or holds a bad strategy.
    """
    path = Path(path)
    try:
        doc = json.loads(path.read_text())
    except json.JSONDecodeError as e:
        raise ValueError(f"{path}: line {e.lineno}: not valid JSON ({e.msg})") from None
    if not isinstance(doc, dict) or doc.get("features") != list(FEATURE_NAMES):
        raise ValueError(f"{path}: field 'features' must be {list(FEATURE_NAMES)}")
    if not isinstance(doc.get("strategies"), dict):
        raise ValueError(f"{path}: field 'strategies' must map ids to weight lists")
    try:
        return check_strategies({int(k): v for k, v in doc["strategies"].items()})
    except ValueError as e:
        raise ValueError(f"{path}: {e}") from None
