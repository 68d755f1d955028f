"""Shared fixtures: positions from random play; a small tournament, its training rows and its model; the kernel.

A test module may define its own ``records`` (e.g. other games); pytest then uses that one.
"""

import json
import subprocess
import sys
from functools import lru_cache

import numba
import numpy as np
import pytest

from pawnslib import Position, config
from pawnslib.config import RunSettings
from pawnslib.dbn.model import OpponentModel
from pawnslib.dbn.rows import training_rows
from pawnslib.game.kernels import features_into
from pawnslib.game.rules import EMPTY, FEATURE_NAMES, N_FEATURES, NS, S_BASE
from pawnslib.play.tournament import run_tournament
from pawnslib.search.strategies import THESIS


def random_positions(n: int, seed: int, max_plies: int = 80, *, rules: str = config.RULES) -> list[Position]:
    """``n`` unfinished positions reached by uniformly random play under ``rules``."""
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < n:
        p = Position.start(rules=rules)
        stop = rng.integers(1, max_plies)
        while p.result is None and p.ply < stop:
            moves = p.legal_moves()
            p = p.play(moves[rng.integers(len(moves))])
        if p.result is None:
            out.append(p)
    return out


@pytest.fixture(scope="session")
def positions() -> list[Position]:
    return random_positions(200, seed=7)


@pytest.fixture(scope="session")
def records() -> list[dict]:
    """One round of the thesis strategies at depth 1: 16 quick games."""
    return run_tournament(THESIS, None, RunSettings(rounds=1, depth=1, seed=11, jobs=1), progress=False)


@pytest.fixture(scope="session")
def rows(records):
    """Their training rows, with White's true id in ``S_w_true``."""
    return training_rows(records, truth=True)


@pytest.fixture(scope="session")
def model(rows) -> OpponentModel:
    """A model fitted to them, S_w matched to the true ids."""
    return OpponentModel.fit(rows, restarts=2, max_iter=40, seed=1, white_truth=rows["S_w_true"])


KERNEL = "pawnslib"  # the Jupyter kernel the notebooks run on (`make` registers it in .venv)


@pytest.fixture(scope="session")
def kernel() -> str:
    """The "pawnslib" Jupyter kernel, registered in this environment if it is missing."""
    from jupyter_client.kernelspec import KernelSpecManager

    if KERNEL not in KernelSpecManager().find_kernel_specs():
        subprocess.run([sys.executable, "-m", "ipykernel", "install", "--sys-prefix", "--name", KERNEL,
                        "--display-name", "Python (pawnslib)"], check=True, capture_output=True)
    return KERNEL


# Shared helpers (not fixtures): the search tests' random games and their near-draw positions.


@lru_cache
def random_games(n: int, seed: int, rules: str) -> list[list[Position]]:
    """``n`` games of uniformly random play to their end, each as its list of positions."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        hist = [Position.start(rules=rules)]
        while hist[-1].result is None:
            moves = hist[-1].legal_moves()
            hist.append(hist[-1].play(moves[rng.integers(len(moves))]))
        out.append(hist)
    return out


@numba.njit(cache=True)
def side_parts_ref(s, p, t, out):
    """Side ``p``'s feature parts of position ``s`` from ``features_into`` alone, the other side taken off the board
    (``t``: scratch): the reference for the search's side parts."""
    for i in range(NS):
        t[i] = s[i]
    for i in range(4 * (1 - p), 4 * (1 - p) + 4):
        t[i] = EMPTY
    t[S_BASE + 1 - p] = 0
    features_into(t, out)
    if p == 1:
        for f in range(N_FEATURES):
            out[f] = -out[f]


def at_ply(p: Position, ply: int) -> Position:
    """``p`` with its ply counter moved to ``ply`` (same parity): so close to the 200-ply draw."""
    board, side, nb, nw, _ = p.to_text().split()
    return Position.from_text(f"{board} {side} {nb} {nw} {ply}", rules=p.rules)


# Shared helpers of the opponent-model tests: a reference posterior in plain numpy, and model files edited by hand.


def reference_posterior(model, states, sb):
    """P(S_w | the chain ``states`` (n, F), S_b = sb) by multiplying CPT entries, in plain numpy."""
    b, p = sb - 1, model.cpt_sw.copy()
    for f in range(len(FEATURE_NAMES)):
        p *= model.cpt_first(f)[b, :, states[0, f]]
        for t in range(1, len(states)):
            p *= model.cpt_trans(f)[b, :, states[t - 1, f], states[t, f]]
    return p / p.sum()


DROP = object()  # edit_file: remove this header field or array


def edit_file(path, header=None, arrays=None):
    """Rewrite a model file: header fields set (or DROP-ped), each named by its key or by a tuple of keys (a path
    into a two-slice file's nested header); arrays replaced by ``f(old)`` or DROP-ped."""
    with np.load(path) as z:
        data = {k: z[k] for k in z.files}
    h = json.loads(str(data.pop("header")))
    for keys, v in (header or {}).items():
        *up, last = keys if isinstance(keys, tuple) else (keys,)
        node = h
        for k in up:
            node = node[k]
        if v is DROP:
            del node[last]
        else:
            node[last] = v
    for k, f in (arrays or {}).items():
        if f is DROP:
            del data[k]
        else:
            data[k] = f(data[k])
    np.savez(path, header=np.array(json.dumps(h)), **data)


def shift_mass(c):
    # Move 0.5 from each row's first state to its second: rows still sum to 1, some entries < 0.
    return c + np.r_[-0.5, 0.5, np.zeros(c.shape[-1] - 2)]
