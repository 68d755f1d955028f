"""Players that foresee White's first reply: the oracle, the thesis's tree told it, and depth-matched OM search
(Chapter 13, beyond the thesis).

:class:`OraclePlayer` knows the reply White will play to each of its moves: it runs White's own player
(:class:`~.players.DeepAlphaBeta` with White's weights and depth, as :func:`~.tournament.play_game` builds it) with
the seed White's next search will use. Only the game knows that seed, so the oracle is a :class:`Foreseer`, and
:func:`move_of`, which the game and the back-to-back timing call for every move, hands it over.
:class:`ToldAsymPlayer` (``one-hist-told1``) gets the same replies, but searches the thesis's asymmetric tree:
at ply 1 its predicate marks exactly White's actual reply, the minimum over all replies is kept and the marked one
searched two plies deeper; below ply 1 it predicts as ``one-hist``. :class:`MatchedOMPlayer` needs no seed: OM
search with White's weights whose first White node searches to White's real depth (:mod:`pawnslib.guided.firstreply`).
:class:`ForesightFactory` builds the oracle or matched OM search for a tournament, :class:`ToldFactory` the told tree.

Imports :mod:`pawnslib.game`, :mod:`pawnslib.search`, :mod:`pawnslib.guided` and :mod:`~.players`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from pawnslib import config
from pawnslib.game.position import Move, Position
from pawnslib.guided.asym import asym_search
from pawnslib.guided.firstreply import om_matched_search, oracle_search
from pawnslib.play.players import AsymFactory, AsymPlayer, DeepAlphaBeta, Player, StrategySet, Weights
from pawnslib.search.alphabeta import SearchResult
from pawnslib.search.noise import check_noise
from pawnslib.search.strategies import check_weights

NEEDS_REPLY_SEED = ("this player needs the seed of White's next search: play it with play_game, or call "
                    "foresee(history, seed, reply_seed)")


@runtime_checkable
class Foreseer(Protocol):
    """A player that must also be told the seed of its opponent's next search."""

    def foresee(self, history: list[Position], seed: int | None, reply_seed: int | None) -> SearchResult:
        """The move at ``history[-1]``, searched with ``seed``; the opponent's next search will use ``reply_seed``."""


def move_of(player: Player, history: list[Position], seed: int | None, reply_seed: int | None) -> SearchResult:
    """``player``'s move at ``history[-1]`` with ``seed``; a :class:`Foreseer` also learns ``reply_seed``."""
    foresee = getattr(player, "foresee", None)  # a Foreseer (the protocol's own isinstance costs more than a move)
    return player.choose(history, seed) if foresee is None else foresee(history, seed, reply_seed)


@dataclass
class WhiteReplies:
    """``replies(child) -> Move``: White's actual reply at a child of the root (White's player, seeded as its next
    search will be), counting the nodes and seconds of White's searches, which are Black's cost."""

    white: DeepAlphaBeta
    history: list[Position]
    seed: int | None
    nodes: int = 0
    seconds: float = 0.0

    def __call__(self, child: Position) -> Move:
        res = self.white.choose([*self.history, child], self.seed)
        self.nodes += res.nodes
        self.seconds += res.seconds
        return res.move


@dataclass(frozen=True)
class OraclePlayer:
    """Black knowing White's actual reply to each of its moves (:func:`~pawnslib.guided.firstreply.oracle_search`).

    Attributes:
        weights: Black's weights.
        white: White's player, as the game plays it.
        depth: the horizon from the root (White's search is ``white``'s own).
    """

    weights: Weights
    white: DeepAlphaBeta
    depth: int = field(default=config.DEPTH, kw_only=True)
    noise: str = field(default=config.NOISE, kw_only=True)

    def __post_init__(self):
        check_weights(self.weights)
        check_noise(self.noise)

    def choose(self, history: list[Position], seed: int | None) -> SearchResult:
        """Refused: the oracle must know the seed of White's next search (:meth:`foresee`, :func:`move_of`)."""
        raise ValueError(NEEDS_REPLY_SEED)

    def foresee(self, history: list[Position], seed: int | None, reply_seed: int | None) -> SearchResult:
        """The oracle's move at ``history[-1]``; White's reply to each move is its search seeded ``reply_seed``.

        Returns:
            :func:`~pawnslib.guided.firstreply.oracle_search`'s result, its seconds and nodes including White's
            searches (all of them are Black's cost); ``info["foreseen"]`` is the reply White will play.
        """
        replies = WhiteReplies(self.white, history, reply_seed)  # its seconds are within oracle_search's
        res = oracle_search(history[-1], self.weights, self.depth, replies, seed=seed, noise=self.noise)
        return SearchResult(res.move, res.value, res.nodes + replies.nodes, res.seconds, res.info)


@dataclass(frozen=True)
class MatchedOMPlayer:
    """Black by OM search with White's weights, White's first reply searched to White's depth."""

    weights: Weights
    opponent: Weights
    depth: int = field(default=config.DEPTH, kw_only=True)
    white_depth: int = field(default=config.DEPTH, kw_only=True)
    noise: str = field(default=config.NOISE, kw_only=True)

    def __post_init__(self):
        check_weights(self.weights)
        check_weights(self.opponent, where="opponent")
        check_noise(self.noise)

    def choose(self, history: list[Position], seed: int | None) -> SearchResult:
        """:func:`~pawnslib.guided.firstreply.om_matched_search`'s move at ``history[-1]``."""
        return om_matched_search(history[-1], self.weights, self.opponent, self.depth, white_depth=self.white_depth,
                                 seed=seed, noise=self.noise)


@dataclass(frozen=True)
class ToldAsymPlayer:
    """Black by the thesis's asymmetric tree told White's actual reply to each root move (``one-hist-told1``).

    Attributes:
        asym: the ``one-hist`` player whose tree it searches (its predictor keeps the prs White played).
        white: White's player, as the game plays it.
    """

    asym: AsymPlayer
    white: DeepAlphaBeta

    def choose(self, history: list[Position], seed: int | None) -> SearchResult:
        """Refused: it must know the seed of White's next search (:meth:`foresee`, :func:`move_of`)."""
        raise ValueError(NEEDS_REPLY_SEED)

    def foresee(self, history: list[Position], seed: int | None, reply_seed: int | None) -> SearchResult:
        """The asymmetric tree's move at ``history[-1]``, told White's reply (its search seeded ``reply_seed``) to
        every root move.

        Returns:
            :func:`~pawnslib.guided.asym.asym_search`'s result, its seconds and nodes including White's searches;
            ``info["foreseen"]`` is the reply White will play (None: the move ends the game).
        """
        a, root, replies = self.asym, history[-1], WhiteReplies(self.white, history, reply_seed)
        told = {m.code: replies(child).code for m in root.legal_moves() for child in [root.play(m)]
                if child.result is None}
        res = asym_search(history, a.weights, a.model, a.black_strategy, depth=a.depth, mostlikely=a.mostlikely,
                          seen=a.predictor.seen, seed=seed, noise=a.noise, told=told)
        reply = told.get(res.move.code)
        info = res.info | {"foreseen": None if reply is None else str(Move.from_code(reply))}
        return SearchResult(res.move, res.value, res.nodes + replies.nodes, res.seconds + replies.seconds, info)

    def observe(self, history: list[Position]) -> dict | None:
        """After White's move: its pr, remembered for the predictions below ply 1 (as ``one-hist``'s)."""
        seen = self.asym.observe(history)
        return None if seen is None else {"pr": seen["pr"]}


def white_player(opponent: Weights, *, depth: int, white_depth: int | None, noise: str,
                 white_share: float | None = None) -> DeepAlphaBeta:
    """White's player as :func:`~.tournament.play_game` builds it from White's weights ``opponent``: plain
    alpha-beta searching ``white_depth`` plies (None: ``depth``, as Black) by ``noise`` in a ``white_share`` of its
    searches (None: all)."""
    return DeepAlphaBeta(tuple(check_weights(opponent, where="opponent")),
                         depth=depth if white_depth is None else white_depth, noise=noise,
                         share=1.0 if white_share is None else white_share)


KINDS = ("oracle", "matched")  # ForesightFactory's: the oracle, depth-matched OM search


@dataclass(frozen=True)
class ForesightFactory:
    """``factory(weights, *, depth, opponent, noise)``: ``"oracle"`` or ``"matched"`` (depth-matched OM search).

    Both know White's weights (``opponent``) and that White searches ``white_depth`` plies (None: ``depth``, as
    Black) by ``noise``, as the tournament plays it. The oracle's horizon is ``depth + extra`` plies from the root.
    """

    kind: str
    white_depth: int | None = None
    extra: int = 0
    white_share: float | None = None  # the share of White's searches that break ties by noise (None: all)

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"kind must be 'oracle' or 'matched', got {self.kind!r}")
        if self.extra and self.kind != "oracle":
            raise ValueError(f"extra plies are the oracle's only, got extra={self.extra!r} for {self.kind!r}")

    def __call__(self, weights: Weights, *, depth: int, opponent: Weights,
                 noise: str) -> OraclePlayer | MatchedOMPlayer:
        """Black's player with ``weights`` against White's ``opponent`` weights."""
        white = white_player(opponent, depth=depth, white_depth=self.white_depth, noise=noise,
                             white_share=self.white_share)
        if self.kind == "oracle":
            return OraclePlayer(tuple(weights), white, depth=depth + self.extra, noise=noise)
        return MatchedOMPlayer(tuple(weights), tuple(opponent), depth=depth, white_depth=white.depth, noise=noise)


@dataclass(frozen=True)
class ToldFactory:
    """``factory(weights, *, depth, opponent, noise)``: :class:`ToldAsymPlayer`, the ``one-hist`` player
    (:class:`~.players.AsymFactory`'s, the thesis's predicate) told the replies of White searching ``white_depth``
    plies (None: ``depth``)."""

    model_path: str
    strategies: StrategySet
    white_depth: int | None = None
    white_share: float | None = None  # the share of White's searches that break ties by noise (None: all)

    def __call__(self, weights: Weights, *, depth: int, opponent: Weights, noise: str) -> ToldAsymPlayer:
        """Black's player with ``weights`` against White's ``opponent`` weights."""
        asym = AsymFactory(self.model_path, self.strategies)(weights, depth=depth, opponent=opponent, noise=noise)
        return ToldAsymPlayer(asym, white_player(opponent, depth=depth, white_depth=self.white_depth, noise=noise,
                                                 white_share=self.white_share))
