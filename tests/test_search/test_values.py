"""The values' scale: a finished game's score by its result and distance, a live position's weighted features."""

import numpy as np

from pawnslib import Position
from pawnslib.search.strategies import THESIS
from pawnslib.search.values import INF, WIN, value_of


def finished_games(rules: str) -> dict[str, Position]:
    """One finished position per result (black, white, draw), from random play and the 200-ply draw."""
    rng, out = np.random.default_rng(2), {}
    while len(out) < 2:
        p = Position.start(rules=rules)
        while p.result is None:
            moves = p.legal_moves()
            p = p.play(moves[rng.integers(len(moves))])
        out.setdefault(p.result, p)
    first = Position.start(rules=rules)
    board, side, nb, nw, _ = first.play(first.legal_moves()[0]).to_text().split()  # White to move: odd plies
    p = Position.from_text(f"{board} {side} {nb} {nw} 199", rules=rules)
    out["draw"] = p.play(p.legal_moves()[0])
    return out


def test_a_finished_game_scores_its_result_less_the_plies_to_it():
    feat = np.zeros(6, np.int64)  # a finished game's features are not read
    for rules in ("kalles", "king"):
        for result, p in finished_games(rules).items():
            assert p.result == result
            for d in (1, 7):
                want = {"black": WIN - d, "white": -(WIN - d), "draw": 0.0}[result]
                assert value_of(p.array, np.array(THESIS[1]), feat, d) == want


def test_a_live_position_scores_its_weighted_features_far_below_a_win():
    rng = np.random.default_rng(3)
    p = Position.start()
    for _ in range(30):
        if p.result is not None:
            p = Position.start()
        for w in THESIS.values():
            feat = np.array(p.features(), np.int64)
            v = value_of(p.array, np.array(w), feat, 5)
            assert v == float(np.dot(w, feat)) and abs(v) < WIN / 2 < INF
        p = p.play(p.legal_moves()[rng.integers(len(p.legal_moves()))])
