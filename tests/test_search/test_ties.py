"""Tie-breaking schemes (``pawnslib.search.noise``) and the exact root ties they leave (``pawnslib.search.ties``).

Under ``"position"`` two move orders that reach the same leaf draw the same number, so root moves whose best lines
end there tie exactly; under ``"thesis"`` every path draws its own, so only finished games can tie. The root values
are checked against the plain search (its value is their best, its move the first best in static order).
"""

import numpy as np
import pytest

from pawnslib import Position
from pawnslib.search.alphabeta import alpha_beta_search
from pawnslib.search.noise import SCHEMES, key_noise, noise, path_step
from pawnslib.search.strategies import THESIS
from pawnslib.search.ties import best_ties, root_values
from pawnslib.search.values import value_of

MASK = (1 << 64) - 1


def ref_path_step(path: int, move: int) -> int:
    """splitmix64's finaliser over ``path ^ (move + 1) * golden``, in plain Python integers, as a signed int64."""
    x = (path & MASK) ^ (((move + 1) * 0x9E3779B97F4A7C15) & MASK)
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK
    x ^= x >> 31
    return x - (1 << 64) if x >= 1 << 63 else x


def path_key(moves) -> int:
    key = 0
    for m in moves:
        key = path_step(key, m.code)
    return key


def test_path_keys_are_the_finaliser_of_key_and_move():
    rng = np.random.default_rng(5)
    for _ in range(200):
        path, move = int(rng.integers(-(2**63), 2**63 - 1)), int(rng.integers(0, 65 * 64))
        assert path_step(path, move) == ref_path_step(path, move)


def test_a_transposed_leaf_draws_one_number_per_position_and_one_per_path():
    """Black's two base exits with White's reply between them, in either order, reach one position: the position
    scheme gives it one number, the thesis's scheme one per path (as a fresh number per evaluation would)."""
    start = Position.start()
    a, b = start.legal_moves()[:2]
    r = start.play(a).legal_moves()[0]
    first, second = [start.play(a).play(r).play(b), start.play(b).play(r).play(a)]
    assert first == second and r in start.play(b).legal_moves()
    assert noise(first.array, 7) == noise(second.array, 7)
    k1, k2 = path_key([a, r, b]), path_key([b, r, a])
    assert k1 != k2 and key_noise(k1, 7) != key_noise(k2, 7)


@pytest.mark.parametrize("noise_scheme", SCHEMES)
def test_root_values_are_what_the_plain_search_compares(positions, noise_scheme):
    for i, p in enumerate(positions[:40]):
        w, depth, seed = THESIS[1 + i % 4], 1 + i % 4, 100 + i
        values = root_values(p, w, depth, seed=seed, noise=noise_scheme)
        best = alpha_beta_search(p, w, depth, seed=seed, noise=noise_scheme)
        black = p.side_to_move == "black"
        assert list(values) == p.legal_moves()
        assert best.value == (max if black else min)(values.values())
        # Ties go to the first in static order: children by static value, best first, then in generation order.
        static = {m: value_of(p.play(m).array, np.array(w), p.play(m).features(), 1) for m in values}
        order = sorted(values, key=lambda m: -static[m] if black else static[m])  # a stable sort
        assert best.move == next(m for m in order if values[m] == best.value)


def test_only_the_thesis_scheme_leaves_no_exact_tie_between_live_lines(positions):
    """Exact ties at the best root value whose value is no finished game's, counted on the same positions."""
    live_ties = {}
    for scheme in SCHEMES:
        live_ties[scheme] = 0
        for i, p in enumerate(positions[:120]):
            values = root_values(p, THESIS[1 + i % 4], 4, seed=i, noise=scheme)
            n, finished = best_ties(values, p.side_to_move == "black")
            live_ties[scheme] += n > 1 and not finished
    assert live_ties["thesis"] == 0 < live_ties["position"] < live_ties["none"], live_ties


def test_every_search_refuses_an_unknown_scheme_naming_it():
    from pawnslib.guided.om import om_search
    from pawnslib.search.tt import deep_search

    p = Position.start()
    for run in (lambda: alpha_beta_search(p, THESIS[1], 2, seed=1, noise="hash"),
                lambda: deep_search(p, THESIS[1], 2, seed=1, noise="hash"),
                lambda: om_search(p, THESIS[1], THESIS[2], 2, seed=1, noise="hash"),
                lambda: root_values(p, THESIS[1], 2, noise="hash")):
        with pytest.raises(ValueError, match="noise must be one of 'thesis', 'position', 'none', got 'hash'"):
            run()
