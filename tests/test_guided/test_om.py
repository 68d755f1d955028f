"""OM and PrOM search against an unpruned reference written from the contract, and checks with known answers."""

import math

import numpy as np
import pytest
from conftest import at_ply, random_games
from hypothesis import given, settings
from hypothesis import strategies as st

from pawnslib import Position
from pawnslib.guided.om import om_search, prom_search
from pawnslib.search.alphabeta import alpha_beta_search, minimax
from pawnslib.search.noise import SCHEMES
from pawnslib.search.strategies import LADDER, THESIS
from pawnslib.search.values import WIN

ZERO = (0,) * 6


def reference(position: Position, weights, opponents, depth: int) -> tuple[float, dict]:
    """PrOM straight from the contract, over the Position API: (root value, {move: own value of that child}).

    No pruning, no ordering, no noise. Values are (own, [type values]); the probability-weighted
    sum is taken in the types' order, as the kernel does, so the two agree to the last bit.
    """
    ws = [np.array(weights)] + [np.array(w) for _, w in opponents]
    probs = [p for p, _ in opponents]

    def values(p: Position, d: int) -> tuple[float, list[float]]:  # p is d plies below the root
        if p.result is not None:
            score = {"black": WIN - d, "white": -(WIN - d), "draw": 0.0}[p.result]
            return score, [score] * len(probs)
        if d == depth:
            f = p.features()
            return float(ws[0] @ f), [float(w @ f) for w in ws[1:]]
        kids = [values(p.play(m), d + 1) for m in p.legal_moves()]
        if p.side_to_move == "black":
            return max(k[0] for k in kids), [max(k[1][i] for k in kids) for i in range(len(probs))]
        # Type i picks its smallest type-i value; of those tied, the smallest own value.
        picks = [min(kids, key=lambda k, i=i: (k[1][i], k[0])) for i in range(len(probs))]
        own = 0.0
        for prob, pick in zip(probs, picks, strict=True):
            own += prob * pick[0]
        return own, [pick[1][i] for i, pick in enumerate(picks)]

    children = {m: values(position.play(m), 1)[0] for m in position.legal_moves()}
    return max(children.values()), children


def maximax(p: Position, w, depth: int, d: int = 0) -> float:
    """Black's value if White, too, played for Black's own value (the optimist's bound)."""
    if p.result is not None:
        return {"black": WIN - d, "white": -(WIN - d), "draw": 0.0}[p.result]
    if d == depth:
        return float(np.array(w) @ p.features())
    return max(maximax(p.play(m), w, depth, d + 1) for m in p.legal_moves())


def black_cases(rules: str, seed: int, n_games: int) -> list[Position]:
    """Live Black-to-move positions: early, mid-game, 1 to 8 plies before a game's end, and near ply 200."""
    out = []
    for hist in random_games(n_games, seed, rules):
        black = [p for p in hist[:-1] if p.side_to_move == "black"]
        out += [black[min(3, len(black) - 1)], black[len(black) // 2]] + black[-4:]
        out.append(at_ply(black[len(black) // 2], 194 + 2 * (len(out) % 3)))
    return out


def random_weights(rng) -> tuple[int, ...]:
    return tuple(int(x) for x in rng.choice(LADDER, 6))


def random_opponents(rng, n: int) -> list[tuple[float, tuple[int, ...]]]:
    """``n`` types: THESIS strategies, random ladder weights or all zeros, with random probabilities."""
    pool = [*THESIS.values(), ZERO]
    ws = [pool[rng.integers(len(pool))] if rng.random() < 0.5 else random_weights(rng) for _ in range(n)]
    p = rng.random(n) + 0.05
    return list(zip((p / p.sum()).tolist(), ws, strict=True))


@pytest.mark.parametrize("rules", ["kalles", "king"])
def test_pruned_search_equals_the_reference(rules):
    rng = np.random.default_rng(1 if rules == "kalles" else 2)
    wins = draws = 0
    pruned_nodes = full_nodes = 0
    for i, p in enumerate(black_cases(rules, seed=3 if rules == "kalles" else 4, n_games=18)):
        near_end = i % 7 in (2, 3, 4, 5)  # black_cases' order: small trees, where depth 4 is cheap
        depth = 1 + i % 4 if near_end else 1 + i % 3
        w, opp = random_weights(rng), random_opponents(rng, 1 + i % 4)
        value, children = reference(p, w, opp, depth)
        r, full = prom_search(p, w, opp, depth), prom_search(p, w, opp, depth, prune=False)
        assert r.value == value == full.value, (p, w, opp, depth)
        assert children[r.move] == value and r.move == full.move  # a best move, the first in the search's order
        assert r.nodes <= full.nodes
        pruned_nodes, full_nodes = pruned_nodes + r.nodes, full_nodes + full.nodes
        wins += abs(value) > WIN / 2
        draws += p.ply + depth >= 200 and value == 0.0
    assert wins >= 15 and draws >= 5  # win scores (and their distance) and the 200-ply draw are exercised
    assert pruned_nodes < full_nodes / 2


def test_deeper_searches_equal_the_unpruned_kernel():
    rng = np.random.default_rng(5)
    pruned_nodes = full_nodes = 0
    for i, p in enumerate(black_cases("kalles", seed=6, n_games=4)[:24]):
        depth = 5 + i % 2
        w, opp = random_weights(rng), random_opponents(rng, 1 + i % 4)
        r, full = prom_search(p, w, opp, depth), prom_search(p, w, opp, depth, prune=False, order=False)
        assert r.value == full.value, (p, w, opp, depth)
        assert r.nodes <= full.nodes
        pruned_nodes, full_nodes = pruned_nodes + r.nodes, full_nodes + full.nodes
    assert pruned_nodes < full_nodes / 10
    p = black_cases("king", seed=7, n_games=1)[-3]  # near the end: a small tree
    opp = random_opponents(rng, 3)
    assert prom_search(p, THESIS[2], opp, 5).value == prom_search(p, THESIS[2], opp, 5, prune=False).value


@pytest.mark.parametrize("rules", ["kalles", "king"])
def test_om_against_black_itself_is_minimax(rules):
    rng = np.random.default_rng(8)
    for i, p in enumerate(black_cases(rules, seed=9, n_games=6)):
        w, depth = random_weights(rng), 1 + i % (5 if rules == "kalles" else 4)
        mm = minimax(p, w, depth).value
        assert om_search(p, w, w, depth).value == mm, (p, w, depth)
        # Any monotone image of Black's heuristic picks the same replies: ten times the weights, too.
        if all(abs(x) <= 1000 for x in w):
            assert om_search(p, w, tuple(10 * x for x in w), depth).value == mm


def test_ties_are_broken_against_black():
    # An all-zero opponent ties every live reply at 0 (and a White win is below, a Black win above): at depth 2
    # Black assumes the reply worst for itself, so OM is minimax; an optimist would get maximax.
    differs = 0
    for i, p in enumerate(black_cases("kalles", seed=10, n_games=8)):
        w = THESIS[1 + i % 4]
        value = om_search(p, w, ZERO, 2).value
        assert value == minimax(p, w, 2).value
        differs += value < maximax(p, w, 2)
        # At depth 1 White never moves: the value is the best child's own value whatever the opponent.
        assert om_search(p, w, THESIS[1 + (i + 1) % 4], 1).value == minimax(p, w, 1).value
    assert differs > 10  # the tie-break matters in most of them


def test_an_opponent_playing_for_black_gives_maximax_and_half_of_each_the_mean():
    # Early positions: no game can end within 3 plies. An opponent with Black's weights negated picks the
    # reply best for Black (maximax); half of it and half of the all-zero opponent (the reply worst for
    # Black, as every reply ties) gives each White node the mean of its best and worst replies' own values.
    for hist in random_games(6, seed=20, rules="kalles"):
        p = hist[2 * (len(hist) // 8)]
        assert p.side_to_move == "black"
        for w in THESIS.values():
            minus = tuple(-x for x in w)
            assert om_search(p, w, minus, 2).value == maximax(p, w, 2)
            assert om_search(p, w, minus, 3).value == maximax(p, w, 3)
            leaf = {m: [float(np.array(w) @ p.play(m).play(r).features()) for r in p.play(m).legal_moves()]
                    for m in p.legal_moves()}
            mean = max(0.5 * max(v) + 0.5 * min(v) for v in leaf.values())
            assert prom_search(p, w, [(0.5, minus), (0.5, ZERO)], 2).value == mean


def test_prom_with_one_type_split_in_two_is_om():
    rng = np.random.default_rng(11)
    for i, p in enumerate(black_cases("kalles", seed=12, n_games=6)):
        w, o, depth = random_weights(rng), random_weights(rng), 1 + i % 5
        om = om_search(p, w, o, depth).value
        assert prom_search(p, w, [(1.0, o)], depth).value == om
        assert prom_search(p, w, [(0.25, o), (0.75, o)], depth).value == om  # dyadic: exact
        q = float(rng.random())
        assert prom_search(p, w, [(q, o), (1 - q, o)], depth).value == pytest.approx(om, rel=1e-12, abs=1e-6)
        # A type of probability 0 adds nothing.
        other = random_weights(rng)
        assert prom_search(p, w, [(1.0, o), (0.0, other)], depth).value == om


def test_prom_lies_between_minimax_and_maximax_and_below_the_mixture_of_oms():
    rng = np.random.default_rng(13)
    for i, p in enumerate(black_cases("kalles", seed=14, n_games=6)):
        w, depth = random_weights(rng), 2 + i % 2
        opp = random_opponents(rng, 2 + i % 3)
        v = prom_search(p, w, opp, depth).value
        slack = 1e-12 * max(1.0, abs(v))  # a probability-weighted sum of equal values may be off in the last bit
        assert minimax(p, w, depth).value - slack <= v <= maximax(p, w, depth) + slack
        # At depth 2 or 3 the picks do not depend on the probabilities, so the root value is a maximum of
        # functions linear in them: convex, below the probability-weighted mixture of the types' OM values.
        mix = sum(prob * om_search(p, w, o, depth).value for prob, o in opp)
        assert v <= mix + 1e-9 * max(1.0, abs(mix))


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.lists(st.tuples(st.integers(1, 8), st.sampled_from([*THESIS.values(), ZERO, (10, -100, 1, 1000, -10, 99)])),
                min_size=1, max_size=4),
       st.integers(0, 13), st.integers(1, 3))
def test_any_opponents_equal_the_reference(types, which, depth):
    p = black_cases("kalles", seed=15, n_games=2)[which]
    total = sum(k for k, _ in types)
    opp = [(k / total, w) for k, w in types]
    value, children = reference(p, THESIS[2], opp, depth)
    r = prom_search(p, THESIS[2], opp, depth)
    assert r.value == value and children[r.move] == value


def test_seeded_search_is_reproducible_and_noise_only_breaks_ties():
    rng = np.random.default_rng(16)
    for i, p in enumerate(black_cases("kalles", seed=17, n_games=6)):
        w, o, depth = random_weights(rng), random_weights(rng), 1 + i % 4
        a, b = om_search(p, w, o, depth, seed=i), om_search(p, w, o, depth, seed=i)
        assert (a.move, a.value, a.nodes) == (b.move, b.value, b.nodes)
        value, children = reference(p, w, [(1.0, o)], depth)
        assert abs(a.value - value) < 0.5  # every leaf is within 0.5 of its own value, so is every backed-up one
        # OM values without noise are integers or win scores: the seeded move is one of the best.
        assert children[a.move] == value
        opp = random_opponents(rng, 3)
        c, d = prom_search(p, w, opp, depth, seed=i), prom_search(p, w, opp, depth, seed=i)
        assert (c.move, c.value, c.nodes) == (d.move, d.value, d.nodes)
        assert abs(c.value - prom_search(p, w, opp, depth).value) < 0.5
    picks = {om_search(Position.start(), ZERO, ZERO, 3, seed=s).move for s in range(30)}
    assert len(picks) > 1  # every leaf ties: the seed alone picks the move


@pytest.mark.parametrize("noise", SCHEMES)
def test_om_against_black_itself_is_the_plain_search_to_the_bit(noise):
    """With Black's own weights and a seed, OM search is the seeded plain search under every tie-breaking scheme:
    the same value to the bit and the same move (under "thesis" its cache is off: values hold for one path)."""
    rng = np.random.default_rng(18)
    for i, p in enumerate(black_cases("kalles", seed=19, n_games=6)):
        w, depth = random_weights(rng), 1 + i % 5
        a, b = om_search(p, w, w, depth, seed=i, noise=noise), alpha_beta_search(p, w, depth, seed=i, noise=noise)
        assert (a.value, a.move) == (b.value, b.move), (p, w, depth)


def test_ordering_changes_nodes_never_values():
    rng = np.random.default_rng(18)
    ordered = unordered = 0
    for i, p in enumerate(black_cases("kalles", seed=19, n_games=6)):
        w, opp = random_weights(rng), random_opponents(rng, 1 + i % 4)
        a, b = prom_search(p, w, opp, 4), prom_search(p, w, opp, 4, order=False)
        assert a.value == b.value
        ordered, unordered = ordered + a.nodes, unordered + b.nodes
    assert ordered < unordered


GOOD = {"position": Position.start(), "weights": THESIS[1], "opponents": [(0.5, THESIS[2]), (0.5, THESIS[3])],
        "depth": 3}
WHITE_TO_MOVE = Position.start().play(Position.start().legal_moves()[0])
FINISHED = Position.from_text("......../......../......../......../......../......../b......./........ w 3 4 41")


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"opponents": []}, "non-empty sequence"),
        ({"opponents": "abc"}, "non-empty sequence"),
        ({"opponents": [(1.0, THESIS[1], 3)]}, r"opponents\[0\] must be a \(probability, weights\) pair"),
        ({"opponents": [(-0.5, THESIS[1]), (1.5, THESIS[2])]}, r"opponents\[0\]: probability .* got -0.5"),
        ({"opponents": [(math.nan, THESIS[1])]}, r"opponents\[0\]: probability .* got nan"),
        ({"opponents": [(1.0, THESIS[1]), (math.inf, THESIS[2])]}, r"opponents\[1\]: probability .* got inf"),
        ({"opponents": [(True, THESIS[1])]}, r"opponents\[0\]: probability"),
        ({"opponents": [("1", THESIS[1])]}, r"opponents\[0\]: probability"),
        ({"opponents": [(0.5, THESIS[1]), (0.4, THESIS[2])]}, "must sum to 1"),
        ({"opponents": [(1.0 + 1e-6, THESIS[1])]}, "must sum to 1"),
        ({"opponents": [(1.0, (1, 2, 3))]}, r"opponents\[0\] weights: a strategy needs 6 weights"),
        ({"opponents": [(0.5, THESIS[1]), (0.5, (1, 2, 3, 4, 5, 0.5))]}, r"opponents\[1\] weights: weight PD"),
        ({"weights": (1, 2, 3)}, "6 weights"),
        ({"weights": (10**9,) * 6}, "too large"),
        ({"depth": 0}, "depth"),
        ({"depth": 2.0}, "depth"),
        ({"depth": 33}, "depth"),
        ({"seed": -1}, "seed"),
        ({"seed": 2**32}, "seed"),
        ({"seed": True}, "seed"),
        ({"position": "start"}, "Position"),
        ({"position": FINISHED}, "finished"),
        ({"position": WHITE_TO_MOVE}, "needs Black .* to move"),
    ],
)
def test_bad_arguments(kwargs, message):
    args = GOOD | kwargs
    with pytest.raises(ValueError, match=message):
        prom_search(args.pop("position"), args.pop("weights"), args.pop("opponents"), args.pop("depth"), **args)


def test_om_search_names_its_opponent():
    with pytest.raises(ValueError, match="opponent: a strategy needs 6 weights"):
        om_search(Position.start(), THESIS[1], (1, 2), 3)
    with pytest.raises(ValueError, match="needs Black"):
        om_search(WHITE_TO_MOVE, THESIS[1], THESIS[2], 3)
    with pytest.raises(TypeError):
        om_search(Position.start(), THESIS[1], THESIS[2], 3, 5)  # the seed is keyword-only
