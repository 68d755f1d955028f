"""The oracle and depth-matched OM search against plain-Python references, OM search and White's actual replies."""

import numpy as np
import pytest

from pawnslib import Position
from pawnslib.guided.firstreply import om_matched_search, oracle_search
from pawnslib.guided.om import om_search
from pawnslib.search.alphabeta import alpha_beta_search, minimax
from pawnslib.search.strategies import THESIS
from pawnslib.search.values import WIN

from .test_om import black_cases, random_weights, reference


def two_down(v: float) -> float:
    """A value searched two plies below the root, seen from the root: its wins are two plies further."""
    return v - 2 if v > WIN / 2 else v + 2 if v < -WIN / 2 else v


def score(result: str, d: int) -> float:
    return {"black": WIN - d, "white": -(WIN - d), "draw": 0.0}[result]


def white_best(p: Position, o, depth: int) -> list:
    """White's moves of the best noise-free depth-``depth`` value with weights ``o``, by unpruned minimax."""
    values = {}
    for m in p.legal_moves():
        c = p.play(m)
        v = score(c.result, 1) if c.result else float(np.array(o) @ c.features()) if depth == 1 else \
            (lambda x: x - np.sign(x) if abs(x) > WIN / 2 else x)(minimax(c, o, depth - 1).value)
        values[m] = v
    best = min(values.values())
    return [m for m, v in values.items() if v == best]


def by_move(p: Position, replies, below) -> dict:
    """{Black move: its value}: a finished child's score, else the worst for Black over ``replies(child)`` of
    ``below(grandchild)``, a grandchild that ends the game scored two plies down."""
    out = {}
    for m in p.legal_moves():
        c = p.play(m)
        out[m] = score(c.result, 1) if c.result else min(
            score(g.result, 2) if g.result else two_down(below(g)) for g in map(c.play, replies(c)))
    return out


def matched_reference(p: Position, w, o, depth: int, white_depth: int) -> dict:
    """OM search at White's depth straight from the definition: White picks among its best replies at
    ``white_depth`` the worst for Black, whose value is the unpruned PrOM reference's (one type, ``o``)."""
    return by_move(p, lambda c: white_best(c, o, white_depth), lambda g: reference(g, w, [(1.0, o)], depth - 2)[0])


@pytest.mark.parametrize("rules", ["kalles", "king"])
def test_om_matched_equals_the_unpruned_reference(rules):
    rng = np.random.default_rng(11 if rules == "kalles" else 12)
    wins = 0
    for i, p in enumerate(black_cases(rules, seed=5, n_games=6)):
        w, o = random_weights(rng), random_weights(rng)
        depth, white_depth = 3 + (i % 7 in (2, 3, 4, 5)) * (i % 2), 1 + i % 3  # depth 4 only near a game's end
        values = matched_reference(p, w, o, depth, white_depth)
        r = om_matched_search(p, w, o, depth, white_depth=white_depth)
        assert r.value == max(values.values()), (p, w, o, depth, white_depth)
        assert r.move == next(m for m, v in values.items() if v == r.value)  # the first best in generation order
        wins += abs(r.value) > WIN / 2
    assert wins >= 3  # the win scores two plies down are exercised


def test_om_matched_at_the_depth_om_assumes_is_om_search():
    """White searching ``depth - 1`` plies below Black's move is what OM search assumes: the same values."""
    rng = np.random.default_rng(3)
    for p in black_cases("kalles", seed=9, n_games=6)[:24]:
        w, o = random_weights(rng), random_weights(rng)
        assert om_matched_search(p, w, o, 4, white_depth=3).value == om_search(p, w, o, 4).value, (p, w, o)


def test_om_matched_looks_as_deep_as_white():
    """Deeper White searches change Black's values in some positions: the depth matters, or the method is moot."""
    ps = black_cases("kalles", seed=2, n_games=4)
    changed = sum(om_matched_search(p, THESIS[1], THESIS[2], 3, white_depth=4).value
                  != om_matched_search(p, THESIS[1], THESIS[2], 3, white_depth=2).value for p in ps)
    assert changed > 0


def test_the_oracle_equals_plain_search_below_the_told_reply():
    w, o = THESIS[3], THESIS[1]
    for p in black_cases("king", seed=4, n_games=4)[:12]:
        def reply(c):
            return alpha_beta_search(c, o, 3).move  # White's noise-free depth-3 search

        r, values = oracle_search(p, w, 4, reply), by_move(p, lambda c: [reply(c)], lambda g: minimax(g, w, 2).value)
        assert r.value == max(values.values())
        assert r.move == next(m for m, v in values.items() if v == r.value)


def test_seeded_search_is_reproducible_and_noise_only_breaks_ties():
    p = black_cases("kalles", seed=7, n_games=2)[1]
    m1 = om_matched_search(p, THESIS[1], THESIS[2], 3, white_depth=3, seed=5)
    assert (m1.move, m1.value) == (lambda r: (r.move, r.value))(om_matched_search(p, THESIS[1], THESIS[2], 3,
                                                                                   white_depth=3, seed=5))
    assert abs(m1.value - om_matched_search(p, THESIS[1], THESIS[2], 3, white_depth=3).value) < 0.5


@pytest.mark.parametrize("call, message", [
    (lambda p: om_matched_search(p, THESIS[1], THESIS[2], 2), "at least 3"),
    (lambda p: om_matched_search(p, THESIS[1], THESIS[2], 3, white_depth=0), "white_depth"),
    (lambda p: om_matched_search(p, THESIS[1], (1, 2), 3), "opponent"),
    (lambda p: om_matched_search(p.play(p.legal_moves()[0]), THESIS[1], THESIS[2], 3), "White is to move"),
    (lambda p: oracle_search(p, THESIS[1], 3, lambda c: p.legal_moves()[0]), "not a legal move"),
])
def test_bad_arguments(call, message):
    with pytest.raises(ValueError, match=message):
        call(Position.start())


def test_the_old_module_name_still_works_with_a_warning():
    import importlib
    import sys

    from pawnslib.guided import firstreply

    sys.modules.pop("pawnslib.guided.foresee", None)
    with pytest.warns(DeprecationWarning, match="renamed pawnslib.guided.firstreply"):
        old = importlib.import_module("pawnslib.guided.foresee")
    assert old.oracle_search is oracle_search and old.MIN_DEPTH == firstreply.MIN_DEPTH
