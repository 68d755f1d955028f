"""Black searching with White's first reply foreseen: the oracle and depth-matched OM search (beyond the thesis).

Chapter 13 asks whether predicting White pays. Two searches bound the answer. Both value each Black move m at
the root by White's reply to it and Black's own search below (m, reply), to the plain search's horizon:
``depth`` plies from the root, ``depth - 2`` below the reply.

- :func:`oracle_search` is *told* White's reply r(m) by ``reply``. In play it is White's own player run with the
  seed White will use for its next move (:class:`~pawnslib.play.players.OraclePlayer`), so r(m) is the move White
  will play if Black plays m: no model of White's next reply can do better at equal depth. Below (m, r(m))
  Black searches plainly (:func:`~pawnslib.search.alphabeta.alpha_beta_search`).
- :func:`om_matched_search` is OM search whose White node at ply 1 looks as deep as White does. Plain OM search
  (:mod:`~.om`) values White's reply to m by a ``depth - 1``-ply search below m, while White really searches
  ``depth`` plies: Black may walk into a line White sees and OM does not (Gao, Iida et al. 2001 searched such
  depth differences on purpose). Here White's candidates are the replies its noise-free search to
  ``white_depth`` plies values best (:func:`~pawnslib.search.ties.best_replies`: White's noise only breaks their
  ties, and Black does not know it); of those Black assumes the one worst for itself (OM's tie rule). Below the
  reply it is OM search with White's weights (:func:`~.om.om_search`), as today.

A finished game scores as in every search: ``+(WIN - d)`` for Black, ``-(WIN - d)`` for White, ``d`` plies below
the root, 0 a draw. A search below the reply starts two plies down, so its win scores move two plies further.
Its tie-breaking noise belongs to its path: under the thesis's scheme (a number per path from the root) its seed
is ``derive_seed(seed, m, reply)``, a hash of the two plies above it; under the position scheme (a number per
leaf position) it is ``seed`` itself, so a leaf draws the same number whichever way it is reached. The root
plays the first move of the largest value in move-generation order.

Imports :mod:`pawnslib.game`, :mod:`pawnslib.search` and :mod:`~.om`.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np

from pawnslib import config
from pawnslib.game.kernels import play_into
from pawnslib.game.position import Move, Position, legal_codes
from pawnslib.game.rules import BLACK_WIN, DRAW, NO_RESULT, NS, S_RESULT
from pawnslib.guided.om import om_on_cache, stack_weights
from pawnslib.search.alphabeta import MAX_DEPTH, SearchResult, check_search_args, search_kernel
from pawnslib.search.noise import check_noise, kernel_noise, reuses_positions
from pawnslib.search.seeds import derive_seed
from pawnslib.search.strategies import check_weights
from pawnslib.search.ties import best_codes
from pawnslib.search.values import WIN

MIN_DEPTH = 3  # the root's move, White's reply, and at least one ply of Black's own search below it

# White's candidate replies at the root's live children (their position arrays, one a row): (the reply codes of
# each, the nodes it took to find them).
Replies = Callable[[np.ndarray], tuple[list[np.ndarray], int]]
# A search below a reply: (position array two plies down, plies, seed) -> (its value from there, its nodes).
Below = Callable[[np.ndarray, int, int | None], tuple[float, int]]


def _score(result: int, d: int) -> float:
    """A finished game's value ``d`` plies below the root (``result``: a position array's result code)."""
    return WIN - d if result == BLACK_WIN else 0.0 if result == DRAW else -(WIN - d)


def _check(position: Position, weights, depth: int, seed: int | None, noise: str):
    """The checked weights; ``ValueError`` naming a bad argument."""
    w = check_weights(weights)
    check_search_args(position, depth, seed)
    check_noise(noise)
    if depth < MIN_DEPTH:
        raise ValueError(f"depth must be at least {MIN_DEPTH} (Black's move, White's reply, one ply below), got "
                         f"{depth!r}")
    if position.side_to_move != "black":
        raise ValueError(f"position: the searcher is Black, but White is to move at ply {position.ply}")
    return w


def _root(position: Position, depth: int, seed: int | None, noise: str, *, replies: Replies,
          below: Below) -> SearchResult:
    """Value every Black move by the worst for Black of ``replies`` to it and ``below`` them.

    It works on position arrays and move codes (every move it plays is generated here, so legal): the root's
    moves, White's candidates at every live child at once, Black's search below each candidate.

    Returns the move of the largest value (the first on ties), that value, every node visited and seconds;
    ``info["foreseen"]``: the reply Black expects to its move.
    """
    t0 = time.perf_counter()
    codes = legal_codes(position.array)
    children = np.empty((len(codes), NS), np.int64)
    for i, m in enumerate(codes):
        play_into(position.array, m, children[i])
    live = children[:, S_RESULT] == NO_RESULT
    candidates, nodes = replies(children[live])
    nodes += 1 + len(codes)
    of_live = iter(candidates)  # the live children's candidates, in the children's order
    on_path = seed is not None and not reuses_positions(noise)
    best, best_move, best_reply, grand = -float("inf"), -1, -1, np.empty(NS, np.int64)
    for m, child in zip(codes, children, strict=True):
        reply = -1
        if child[S_RESULT] != NO_RESULT:
            value = _score(child[S_RESULT], 1)
        else:
            value = float("inf")
            for r in next(of_live):
                play_into(child, r, grand)
                if grand[S_RESULT] != NO_RESULT:
                    v, n = _score(grand[S_RESULT], 2), 1
                else:
                    v, n = below(grand, depth - 2, derive_seed(seed, m, r) if on_path else seed)
                    v = v - 2 if v > WIN / 2 else v + 2 if v < -WIN / 2 else v  # wins two plies further down
                nodes += n
                if v < value:  # the worst for Black of the candidates, the first on ties
                    value, reply = v, r
        if value > best:
            best, best_move, best_reply = value, m, reply
    return SearchResult(Move.from_code(int(best_move)), best, nodes, time.perf_counter() - t0,
                        {"foreseen": str(Move.from_code(int(best_reply))) if best_reply >= 0 else None})


def oracle_search(position: Position, weights, depth: int, reply: Callable[[Position], Move], *,
                  seed: int | None = None, noise: str = config.NOISE) -> SearchResult:
    """Black's search knowing White's reply to every move: ``reply(child)`` for each child of the root.

    Args:
        position: a game in progress, Black to move.
        weights: Black's six integer weights.
        depth: the horizon in plies from the root, at least :data:`MIN_DEPTH`; Black's plain search below each
            (move, reply) goes ``depth - 2`` plies.
        reply: White's reply at a White-to-move child of the root (in play: White's own search, seeded as in
            the game).
        seed: seeds Black's tie-breaking noise below the replies; ``None``: none.
        noise: the tie-breaking scheme (:data:`pawnslib.search.noise.SCHEMES`).

    Returns:
        SearchResult: the best move, its value, Black's nodes below the replies (with the root's children and
        grandchildren; White's searches are ``reply``'s), seconds (``reply``'s included), and
        ``info["foreseen"]``, the reply to the chosen move.

    Raises:
        ValueError: a finished game or White to move, a bad depth, seed, noise scheme or weight vector, or a
            ``reply`` that is not a legal move.
    """
    w = _check(position, weights, depth, seed, noise)

    def told(children: np.ndarray) -> tuple[list[np.ndarray], int]:
        out = []
        for child in children:
            r = reply(Position(child.copy()))
            if not isinstance(r, Move) or r.code not in legal_codes(child):
                raise ValueError(f"reply: {r!r} is not a legal move at {Position(child).to_text()}")
            out.append(np.array([r.code]))
        return out, 0

    def plain(grand: np.ndarray, plies: int, s: int | None) -> tuple[float, int]:
        _, value, nodes = search_kernel(grand, w, plies, *kernel_noise(noise, s), True, True)
        return float(value), int(nodes)

    return _root(position, depth, seed, noise, replies=told, below=plain)


def om_matched_search(position: Position, weights, opponent, depth: int, *, white_depth: int = config.DEPTH,
                      seed: int | None = None, noise: str = config.NOISE) -> SearchResult:
    """OM search whose White node at ply 1 searches to White's own depth (module docstring).

    Args:
        position: a game in progress, Black to move.
        weights: Black's six integer weights.
        opponent: White's six integer weights.
        depth: the horizon in plies from the root, at least :data:`MIN_DEPTH`.
        white_depth: the plies of White's noise-free search for its reply at ply 1 (White's real depth).
        seed: seeds Black's tie-breaking noise (on its own values below the replies); ``None``: none.
        noise: the tie-breaking scheme (:data:`pawnslib.search.noise.SCHEMES`).

    Returns:
        SearchResult: the best move, its own value, every node visited (White's reply searches included),
        seconds, and ``info["foreseen"]``, the reply Black assumed to the chosen move.

    Raises:
        ValueError: a finished game or White to move, a bad depth, white_depth, seed, noise scheme or weights.
    """
    w = _check(position, weights, depth, seed, noise)
    o = check_weights(opponent, where="opponent")
    if isinstance(white_depth, bool) or not isinstance(white_depth, int) or not 1 <= white_depth <= MAX_DEPTH:
        raise ValueError(f"white_depth must be an integer from 1 to {MAX_DEPTH}, got {white_depth!r}")

    def candidates(children: np.ndarray) -> tuple[list[np.ndarray], int]:
        # One call for every child: each root's search keeps to its own table stamps, as if alone.
        codes, nodes = best_codes(children, o.reshape(1, -1), int(white_depth))
        return [c[c >= 0] for c in codes[:, 0]], int(nodes.sum())

    stacked, probs = stack_weights(w, o.reshape(1, -1)), np.ones(1)

    def om(grand: np.ndarray, plies: int, s: int | None) -> tuple[float, int]:
        scheme, kseed = kernel_noise(noise, s)
        _, value, nodes, _ = om_on_cache(grand, stacked, probs, plies, scheme=scheme, seed=kseed)
        return float(value), int(nodes)

    return _root(position, depth, seed, noise, replies=candidates, below=om)
