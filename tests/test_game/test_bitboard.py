"""The bitboard nodes (``pawnslib.game.bitboard``) against the position-array kernels (``pawnslib.game.kernels``).

On every position of a few hundred random games under both readings: the same moves in the same order, the same
child (every slot but the last move), ``removed`` exactly when a side lost pieces, the side feature parts of
``features_into``, and the incremental parts of a moving piece; plus hand-made removals and blocked bases.

Every reference is a position-array kernel: a side's feature parts are ``features_into`` of the position with the
other side taken off the board (an absent side scores zero on every feature).
"""

import numba
import numpy as np
import pytest
from conftest import at_ply, random_games, side_parts_ref

from pawnslib import Position
from pawnslib.game.bitboard import (
    B_BASE,
    B_OCC,
    B_PLY,
    B_RESULT,
    B_RULES,
    B_SIDE,
    NB,
    node_moves,
    node_of,
    node_play,
    side_features_into,
    slots_of,
)
from pawnslib.game.kernels import features_into, gen_moves, play_into
from pawnslib.game.rules import (
    BLACK_WIN,
    DRAW,
    EMPTY,
    MAX_MOVES,
    MAX_PLIES,
    N_FEATURES,
    NO_RESULT,
    NS,
    READINGS,
    S_BASE,
    S_LAST,
    S_PLY,
    S_RESULT,
    S_SIDE,
    WHITE_WIN,
)

GAMES = 300  # random games per reading
CHUNK = 50  # games compared per kernel call (keeps the child arrays small)


@numba.njit(cache=True)
def _pieces(s, p):
    n = s[S_BASE + p]
    for i in range(4 * p, 4 * p + 4):
        if s[i] != EMPTY:
            n += 1
    return n


@numba.njit(cache=True)
def reference(states):
    """The kernels' view of each position: moves, children, whether a side lost pieces, features, side parts."""
    n, m = states.shape[0], MAX_MOVES
    counts = np.zeros(n, np.int64)
    moves = np.full((n, m), -1, np.int64)
    children = np.full((n, m, NS), -7, np.int64)
    lost = np.zeros((n, m), np.bool_)
    feats = np.zeros((n, N_FEATURES), np.int64)
    parts = np.zeros((n, 2, N_FEATURES), np.int64)
    child_feats = np.zeros((n, m, N_FEATURES), np.int64)
    child_parts = np.zeros((n, m, 2, N_FEATURES), np.int64)
    t = np.empty(NS, np.int64)
    for i in range(n):
        s = states[i]
        features_into(s, feats[i])
        for p in range(2):
            side_parts_ref(s, p, t, parts[i, p])
        counts[i] = gen_moves(s, moves[i])
        for k in range(counts[i]):
            c = children[i, k]
            play_into(s, moves[i, k], c)
            lost[i, k] = _pieces(c, 0) < _pieces(s, 0) or _pieces(c, 1) < _pieces(s, 1)
            features_into(c, child_feats[i, k])
            for p in range(2):
                side_parts_ref(c, p, t, child_parts[i, k, p])
    return counts, moves, children, lost, feats, parts, child_feats, child_parts


@numba.njit(cache=True)
def bitboard(states):
    """The same from the nodes: node_moves, node_play (as slots_of), side_features_into."""
    n, m = states.shape[0], MAX_MOVES
    counts = np.zeros(n, np.int64)
    moves = np.full((n, m), -1, np.int64)
    children = np.full((n, m, NS), -7, np.int64)
    removed = np.zeros((n, m), np.bool_)
    in_place = np.zeros((n, m), np.bool_)  # node_play(b, move, b) gives node_play(b, move, d) and its flag
    settled = np.zeros((n, m), np.bool_)  # node_play(b, move, d, settled=True) gives it too (b came from play)
    feats = np.zeros((n, N_FEATURES), np.int64)
    parts = np.zeros((n, 2, N_FEATURES), np.int64)
    child_feats = np.zeros((n, m, N_FEATURES), np.int64)
    child_parts = np.zeros((n, m, 2, N_FEATURES), np.int64)
    b, d, e = np.empty(NB, np.int64), np.empty(NB, np.int64), np.empty(NB, np.int64)
    for i in range(n):
        s = states[i]
        node_of(s, b)
        for p in range(2):
            side_features_into(b, p, parts[i, p])
        feats[i] = parts[i, 0] - parts[i, 1]
        counts[i] = node_moves(b, moves[i])
        for k in range(counts[i]):
            move = moves[i, k]
            removed[i, k] = node_play(b, move, d)
            slots_of(d, children[i, k])
            e[:] = b
            flag = node_play(e, move, e)
            in_place[i, k] = flag == removed[i, k] and np.all(e == d)
            flag = node_play(b, move, e, True)
            settled[i, k] = flag == removed[i, k] and np.all(e == d)
            for p in range(2):
                side_features_into(d, p, child_parts[i, k, p])
            child_feats[i, k] = child_parts[i, k, 0] - child_parts[i, k, 1]
    return counts, moves, children, removed, in_place, settled, feats, parts, child_feats, child_parts


@numba.njit(cache=True)
def round_trip(states):
    """slots_of(node_of(s)) for each position, and each node read back through node_of(slots_of(.))."""
    n = states.shape[0]
    back = np.empty((n, NS), np.int64)
    nodes = np.empty((n, NB), np.int64)
    again = np.empty((n, NB), np.int64)
    s = np.empty(NS, np.int64)
    for i in range(n):
        node_of(states[i], nodes[i])
        slots_of(nodes[i], back[i])
        s[:] = back[i]
        node_of(s, again[i])
    return back, nodes, again


def states_of(rules: str, games=None) -> np.ndarray:
    """Every position of the random games, finished ones included, and each game's 12th moved to ply 199 (its
    children reach the 200-ply draw, which random games rarely do under "king"), stacked as position arrays."""
    games = random_games(GAMES, 31 + READINGS.index(rules), rules) if games is None else games
    late = [at_ply(hist[11], MAX_PLIES - 1) for hist in games if len(hist) > 12]
    return np.array([p.array for hist in games for p in hist] + [p.array for p in late])


def where(states, i) -> str:
    p = Position(states[i].copy())
    return f"{p.to_text()} ({p.rules})"


def same(got, want, states, what):
    """Assert ``got == want`` (one row per position), naming the first position where they differ."""
    if not np.array_equal(got, want):
        i = int(np.flatnonzero((got != want).reshape(len(states), -1).any(axis=1))[0])
        raise AssertionError(f"{what} differ at {where(states, i)}:\n{got[i]}\nkernels:\n{want[i]}")


@pytest.mark.parametrize("rules", READINGS)
def test_nodes_play_exactly_as_the_position_arrays(rules):
    games = random_games(GAMES, 31 + READINGS.index(rules), rules)
    seen = {"removed": 0, "kept": 0, "won": 0, "wiped": 0, "drawn": 0, "over": 0}
    for c in range(0, len(games), CHUNK):
        states = states_of(rules, games[c : c + CHUNK])
        n, mv, ch, lost, f, parts, cf, cparts = reference(states)
        bn, bmv, bch, removed, in_place, settled, bf, bparts, bcf, bcparts = bitboard(states)
        # Rows past a position's moves hold the same filler in both: whole arrays compare.
        same(bn, n, states, "move counts")
        same(bmv, mv, states, "moves")
        same(bch[..., :S_LAST], ch[..., :S_LAST], states, "children")
        live = np.arange(MAX_MOVES) < n[:, None]
        assert np.all(bch[live][:, S_LAST] == -1)
        same(removed, lost, states, "removals")
        same(in_place, live, states, "node_play in place")
        same(settled, live, states, "node_play of a settled node (only the pieces near the move tested)")
        same(bf, f, states, "features")
        same(bparts, parts, states, "side parts")
        same(bcf, cf, states, "children's features")
        same(bcparts, cparts, states, "children's side parts")
        # A move that removes nothing changes only the mover's parts (the search's memo relies on it).
        keep = live & ~lost
        mover = states[:, S_SIDE]
        rows = np.arange(len(states))
        kept_other = np.where(keep[..., None], cparts[rows, :, 1 - mover], 0)
        same(kept_other, np.where(keep[..., None], parts[rows, None, 1 - mover], 0), states, "the other side's parts")
        r = ch[..., S_RESULT]
        seen["removed"] += (live & lost).sum()
        seen["kept"] += keep.sum()
        seen["won"] += (keep & ((r == BLACK_WIN) | (r == WHITE_WIN))).sum()
        seen["wiped"] += (live & lost & (r != NO_RESULT)).sum()
        seen["drawn"] += (live & (r == DRAW) & (ch[..., S_PLY] == MAX_PLIES)).sum()
        seen["over"] += (n == 0).sum()
    # The games reach every branch of node_play: removals, wins by entering a base or by removal, the 200-ply draw.
    assert all(v > 0 for v in seen.values()), {k: int(v) for k, v in seen.items()}


@pytest.mark.parametrize("rules", READINGS)
def test_node_of_and_slots_of_round_trip(rules):
    states = states_of(rules)
    back, nodes, again = round_trip(states)
    assert np.array_equal(back[:, :S_LAST], states[:, :S_LAST])
    assert np.all(back[:, S_LAST] == -1)
    assert np.array_equal(again, nodes)
    # The node's fields, read straight off the array.
    for p in range(2):
        sq = states[:, 4 * p : 4 * p + 4]
        occ = np.where(sq == EMPTY, 0, np.left_shift(np.uint64(1), np.where(sq == EMPTY, 0, sq).astype(np.uint64)))
        assert np.array_equal(nodes[:, B_OCC + p].view(np.uint64), np.bitwise_or.reduce(occ, axis=1))
        assert np.array_equal(nodes[:, B_BASE + p], states[:, S_BASE + p])
    assert np.array_equal(nodes[:, [B_SIDE, B_PLY, B_RESULT]], states[:, [S_SIDE, S_PLY, S_RESULT]])
    assert np.all(nodes[:, B_RULES] == READINGS.index(rules))


# (position, reading, move, the child's text, its result, the pieces each side loses): each move removes pieces.
REMOVALS = [
    # White's piece steps to (7,6): it is stuck between Black's (6,6) and (7,7), and Black's (7,7) has lost its only
    # step. Both go at once.
    ("......../......../......../......../......../......../......b./.....w.b w 2 3 9", "kalles", "7,5-7,6",
     "......../......../......../......../......../......../......b./........ b 2 3 10", NO_RESULT, (1, 1)),
    # The same with Black's last piece: White wins by the removal.
    ("......../......../......../......../......../......../......w./.....w.b w 0 2 9", "kalles", "7,5-7,6",
     "......../......../......../......../......../......../......w./........ b 0 2 10", WHITE_WIN, (1, 1)),
    # White fills Black's last free exit: Black's base piece goes; Black still has (4,4).
    (".....w../.....w../......w./.......w/....b.../......../......../........ w 1 0 9", "kalles", "3,7-2,7",
     ".....w../.....w../......ww/......../....b.../......../......../........ b 0 0 10", NO_RESULT, (1, 0)),
    # The same with nothing else of Black's: White wins.
    (".....w../.....w../......w./.......w/......../......../......../........ w 1 0 9", "kalles", "3,7-2,7",
     ".....w../.....w../......ww/......../......../......../......../........ b 0 0 10", WHITE_WIN, (1, 0)),
    # Black leaves its base through its last free exit, and so blocks the piece left behind.
    (".....w../.....w../......w./......../......../......../......../........ b 2 1 10", "kalles", "base-2,7",
     ".....w../.....w../......wb/......../......../......../......../........ w 0 1 11", NO_RESULT, (1, 0)),
    # Black fills White's last free exit: White's base piece goes; White still has (3,3).
    ("......../......../......../...w..../......../bb....../..b...../...b.... b 0 1 10", "kalles", "7,3-7,2",
     "......../......../......../...w..../......../bb....../..b...../..b..... w 0 0 11", NO_RESULT, (0, 1)),
    # The same with nothing else of White's: Black wins.
    ("......../......../......../......../......../bb....../..b...../...b.... b 0 1 10", "kalles", "7,3-7,2",
     "......../......../......../......../......../bb....../..b...../..b..... w 0 0 11", BLACK_WIN, (0, 1)),
    # The king's reading: five exits, two of them Black's own pieces; White fills the last.
    (".....w../.....w../.....bb./.......w/......../......../......../........ w 1 1 9", "king", "3,7-2,7",
     ".....w../.....w../.....bbw/......../......../......../......../........ b 0 1 10", NO_RESULT, (1, 0)),
]


@numba.njit(cache=True)
def _play_node(s, move):
    b, d, out = np.empty(NB, np.int64), np.empty(NB, np.int64), np.empty(NS, np.int64)
    node_of(s, b)
    removed = node_play(b, move, d)
    slots_of(d, out)
    return removed, out


@pytest.mark.parametrize(("text", "rules", "move", "after", "result", "lost"), REMOVALS,
                         ids=["both-stuck", "both-stuck-white-wins", "black-base-blocked",
                              "black-base-blocked-white-wins", "own-base-blocked", "white-base-blocked",
                              "white-base-blocked-black-wins", "king-black-base-blocked"])
def test_hand_made_removals(text, rules, move, after, result, lost):  # noqa: PLR0917  pytest passes a test's parameters by name
    p = Position.from_text(text, rules=rules)
    code = p.legal_moves()[[str(m) for m in p.legal_moves()].index(move)].code
    ref = np.empty(NS, np.int64)
    play_into(p.array, code, ref)
    child = Position(ref)
    # The case is what it says: play_into removes pieces and gives this child.
    assert child.to_text() == after and ref[S_RESULT] == result
    assert tuple(p.in_base(q) + len(p.squares(q)) - child.in_base(q) - len(child.squares(q)) for q in range(2)) == lost
    removed, out = _play_node(p.array, code)
    assert removed
    assert np.array_equal(out[:S_LAST], ref[:S_LAST])
    # Every other move of the position too, and the features of every child.
    states = p.array[None, :]
    n, mv, ch, lost, f, parts, cf, cparts = reference(states)
    bn, bmv, bch, removed, in_place, _, bf, bparts, bcf, bcparts = bitboard(states)
    assert bn[0] == n[0] and code in mv[0, : n[0]]
    for got, want in ((bmv, mv), (bch[..., :S_LAST], ch[..., :S_LAST]), (removed, lost), (bf, f), (bparts, parts),
                      (bcf, cf), (bcparts, cparts)):
        assert np.array_equal(got, want)
    assert in_place[0, : n[0]].all()

