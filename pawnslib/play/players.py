"""Every player of a game, and the one signature by which a tournament builds one (thesis Chapters 9-11 and 13).

A player is anything with ``choose(history, seed) -> SearchResult`` (:class:`Player`); one that also watches its
opponent's moves has ``observe(history)`` (:class:`Observer`), whose dict joins that ply's ``info`` in the record.
Each wraps a search of :mod:`pawnslib.search` or :mod:`pawnslib.guided`, and searches ``config.DEPTH`` plies
unless told otherwise:

- :class:`AlphaBeta`: plain alpha-beta, the thesis's player (Black's searches are the measured ones);
- :class:`DeepAlphaBeta`: the same moves and values by the transposition-table search (White's, Harmony*'s);
- :class:`AsymPlayer`: Black with the asymmetric tree, keeping its predictions of White's replies (Chapters 9, 11);
- :class:`PromPlayer`: Black searching by PrOM against fixed opponent types (OM search: one type; Chapter 13);
- :class:`RecognisingPlayer`: PrOM with a recogniser's P(S_w | White's moves so far) (Chapter 13's ``prom-dbn``,
  ``prom-dbn-cal`` with the tempered recogniser of :mod:`pawnslib.dbn.tempered`, and ``prom-learned`` with the
  choice model of White's moves, :mod:`pawnslib.dbn.choice`).

Every player searches by one tie-breaking scheme, its ``noise`` (:mod:`pawnslib.search.noise`, default
``config.NOISE``); the tournament gives both players its own. A player's moves depend on nothing random but
the noise its ``seed`` draws and seeds fixed when it was built (the random control's): without noise
(``"none"``) a game is the same whatever its seed, which a tournament uses (:func:`~.tournament.run_tournament`).

**Factories.** A tournament builds Black's player for each game by calling ``factory(weights, *, depth,
opponent, noise) -> Player`` (:class:`PlayerFactory`) with Black's weights, the tournament's depth, White's
weights as ``opponent`` and its noise scheme. Every caller passes all four, and only a method that may know
its opponent uses ``opponent`` (``om-perfect``, the ceiling of opponent modelling); the others ignore it. A
factory is a frozen, picklable dataclass of whatever else its players need (a model file, the strategy set, a
predicate), so joblib's workers can build players; it loads a model file once per process (:func:`cached_model`)
and looks Black's strategy id up from its weights (:func:`strategy_id`). The factories: :class:`DeepFactory`,
:class:`AsymFactory` and :class:`OpponentFactory`; ``None`` where a factory is optional means plain alpha-beta.

Imports: :mod:`pawnslib.game`, :mod:`pawnslib.search`, :mod:`pawnslib.dbn` and :mod:`pawnslib.guided`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Protocol, runtime_checkable

import numpy as np

from pawnslib import config
from pawnslib.dbn.choice import ChoiceModel
from pawnslib.dbn.model import OpponentModel
from pawnslib.dbn.tempered import TemperedRecogniser
from pawnslib.dbn.twoslice import TwoSliceModel, load_model
from pawnslib.game.position import Position
from pawnslib.guided.asym import asym_search
from pawnslib.guided.om import prom_search
from pawnslib.guided.predict import Predictor, predicate
from pawnslib.guided.replies import likely_replies
from pawnslib.search.alphabeta import SearchResult, alpha_beta_search
from pawnslib.search.noise import check_noise, reuses_positions
from pawnslib.search.seeds import check_seed, derive_seed
from pawnslib.search.strategies import check_weights
from pawnslib.search.tt import deep_search

Weights = tuple[int, ...]
StrategySet = tuple[tuple[int, Weights], ...]  # (id, weights) pairs: a set of strategies, picklable and hashable


@runtime_checkable
class Player(Protocol):
    """What :func:`~.tournament.play_game` asks a player for: a move."""

    def choose(self, history: list[Position], seed: int | None) -> SearchResult:
        """The move at ``history[-1]`` (the game so far, x_0 first), searched with ``seed`` (None: no noise)."""


@runtime_checkable
class Observer(Protocol):
    """A player that also watches its opponent's moves (e.g. to score its predictions)."""

    def observe(self, history: list[Position]) -> dict | None:
        """Called after each opponent move; the dict (if any) joins that ply's ``info``."""


class PlayerFactory(Protocol):
    """How a tournament builds Black's player for a game (see the module's docstring)."""

    def __call__(self, weights: Weights, *, depth: int, opponent: Weights, noise: str) -> Player:
        """Black's player with ``weights`` searching ``depth`` plies by tie-breaking scheme ``noise``;
        ``opponent``: White's weights."""


# ----------------------------------------------------------------------------- plain search


@dataclass(frozen=True)
class AlphaBeta:
    """A player that runs the plain alpha-beta search with a strategy's weights."""

    weights: Weights
    depth: int = field(default=config.DEPTH, kw_only=True)
    noise: str = field(default=config.NOISE, kw_only=True)

    def __post_init__(self):
        check_noise(self.noise)

    def choose(self, history: list[Position], seed: int | None) -> SearchResult:
        """The alpha-beta move at ``history[-1]``."""
        return alpha_beta_search(history[-1], self.weights, self.depth, seed=seed, noise=self.noise)


# Under "thesis" noise the transposition table gives move hints only: over bench_deep's 224 positions it took 1.17x
# the plain search's time at depth 6 and 0.77x at depth 8 (2026-11-26, `cd benchmarks; python bench_deep.py`).
HINTS_PAY_FROM = 8


SHARE_STREAM = 5  # which searches of a partly noisy player break ties by noise: derive_seed(seed, SHARE_STREAM)


def check_share(share, *, name: str = "share") -> float:
    """``share`` as a float, or ``ValueError`` naming ``name`` unless it is a number from 0 to 1."""
    if isinstance(share, bool) or not isinstance(share, (int, float, np.floating)) or not 0 <= share <= 1:
        raise ValueError(f"{name} must be a number from 0 to 1, got {share!r}")
    return float(share)


def breaks_ties(seed: int, share: float) -> bool:
    """Whether the search seeded ``seed`` of a player breaking ties by noise in a ``share`` of its searches does:
    a hash of the seed, below ``share`` (every search at 1, none at 0), so that anyone who knows the seed (the
    oracle) knows it too."""
    return share >= 1 or derive_seed(seed, SHARE_STREAM) < share * 2**32


@dataclass(frozen=True)
class DeepAlphaBeta:
    """A player searching with :func:`~pawnslib.search.tt.deep_search` where the table pays: :class:`AlphaBeta`'s
    moves, fewer nodes.

    ``share`` below 1 makes it partly predictable (the map of where prediction pays): only that share of its
    searches, chosen by :func:`breaks_ties`, breaks ties by ``noise``; the others search without noise, ties to the
    first move in static order.
    """

    weights: Weights
    depth: int = field(default=config.DEPTH, kw_only=True)
    noise: str = field(default=config.NOISE, kw_only=True)
    share: float = field(default=1.0, kw_only=True)

    def __post_init__(self):
        check_noise(self.noise)
        check_share(self.share)

    def choose(self, history: list[Position], seed: int | None) -> SearchResult:
        """The move at ``history[-1]`` by the fastest exact search (without ``info``: a record keeps no TT counts).

        Under ``"thesis"`` noise the table only hints moves, which costs more than it saves below
        :data:`HINTS_PAY_FROM` plies: there the plain search plays (the same move and value either way).
        """
        if seed is not None and not breaks_ties(seed, self.share):
            seed = None
        if reuses_positions(self.noise) or self.depth >= HINTS_PAY_FROM:
            return replace(deep_search(history[-1], self.weights, self.depth, seed=seed, noise=self.noise), info={})
        return alpha_beta_search(history[-1], self.weights, self.depth, seed=seed, noise=self.noise)


@dataclass(frozen=True)
class DeepFactory:
    """``factory(weights, *, depth, opponent, noise)``: :class:`DeepAlphaBeta` ``extra`` plies deeper than ``depth``."""

    extra: int

    def __call__(self, weights: Weights, *, depth: int, opponent: Weights, noise: str) -> DeepAlphaBeta:
        """Black's plain search ``depth + extra`` plies deep; ``opponent`` is not for it to know."""
        return DeepAlphaBeta(tuple(weights), depth=depth + self.extra, noise=noise)


# ----------------------------------------------------------------------------- the asymmetric tree


@dataclass
class AsymPlayer:
    """Black with the asymmetric search (:func:`~pawnslib.guided.asym.asym_search`).

    It keeps the game's :class:`~pawnslib.guided.predict.Predictor`: the prs of White's actual
    moves (whose ``seen`` table the search reads) and, per White move, whether its
    ``mostlikely`` predicate made a prediction (some reply was likely), whether it was
    correct (the actual reply was likely) and how many replies were likely.

    Attributes:
        weights: Black's weights.
        model: a one-slice :class:`~pawnslib.dbn.model.OpponentModel` or a
            :class:`~pawnslib.dbn.twoslice.TwoSliceModel` (its White slice scores the replies).
        black_strategy: Black's strategy id, the S_b that P(e) conditions on.
        depth: plies below a reply not predicted likely (a predicted one gets two more).
        mostlikely: the predicate (:func:`~pawnslib.guided.predict.predicate`).
        random_seed: the random control, P(e) replaced by a hash of each reply seeded by it.
        predictor: the game's predictions so far.

    Raises:
        ValueError: bad weights, predicate or random seed, or a strategy id the model does not know.
    """

    weights: Weights
    model: OpponentModel | TwoSliceModel
    black_strategy: int
    depth: int = field(default=config.DEPTH, kw_only=True)
    mostlikely: str | tuple = field(default="seen_before", kw_only=True)
    random_seed: int | None = field(default=None, kw_only=True)
    noise: str = field(default=config.NOISE, kw_only=True)
    predictor: Predictor = field(default_factory=Predictor, kw_only=True)

    def __post_init__(self):
        check_weights(self.weights)
        check_noise(self.noise)
        predicate(self.mostlikely)
        self.black_strategy = self.model.reply_model.check_sb(self.black_strategy)
        if self.random_seed is not None:
            check_seed(self.random_seed, name="random_seed")

    def choose(self, history: list[Position], seed: int | None) -> SearchResult:
        """The asymmetric search's move at ``history[-1]`` (Black to move), with the prs White played so far.

        Returns:
            :func:`~pawnslib.guided.asym.asym_search`'s result (its ``info``: ``reached``, ``extended``,
            ``pe_children``).

        Raises:
            ValueError: White to move, a finished game, a bad seed, or a model trained under other rules.
        """
        return asym_search(history, self.weights, self.model, self.black_strategy, depth=self.depth,
                           mostlikely=self.mostlikely, random_seed=self.random_seed, seen=self.predictor.seen,
                           seed=seed, noise=self.noise)

    def observe(self, history: list[Position]) -> dict | None:
        """After White's move: its pr, whether the predicate predicted it, then remember its pr."""
        if history[-2].side_to_move != "white":
            return None
        moves, logpe, likely, played = likely_replies(self.model, history, self.black_strategy, self.predictor.seen,
                                                      mostlikely=self.mostlikely, random_seed=self.random_seed)
        hit = self.predictor.observe(logpe, played, likely=likely)  # scores the prediction, then records this pr
        pr, n = self.predictor.played[-1], len(moves)
        return {"pr": [pr.numerator * n // pr.denominator, n], "prediction_made": hit is not None,
                "predicted": bool(hit), "likely": self.predictor.likely_sizes[-1] if hit is not None else 0}


@lru_cache(maxsize=4)
def cached_model(path: str) -> OpponentModel | TwoSliceModel | ChoiceModel:
    """The model file at ``path``, loaded once per process (a tournament's workers build many players): a choice
    model's ``.json`` (:mod:`pawnslib.dbn.choice`, which keeps the likelihoods of the White moves it has scored), else
    a DBN's ``.npz``."""
    return ChoiceModel.load(path) if path.endswith(".json") else load_model(path)


def strategy_id(strategies: StrategySet, weights: Sequence[int]) -> int:
    """The id of ``weights`` in ``strategies``, (id, weights) pairs (the first, should two ids share weights).

    Raises:
        ValueError: ``weights`` are none of the set's, naming them and the set's ids.
    """
    weights = tuple(weights)
    for sid, w in strategies:
        if tuple(w) == weights:
            return sid
    ids = ", ".join(str(sid) for sid, _ in strategies)
    raise ValueError(f"weights {weights} are not those of any strategy in the set (ids {ids})")


@dataclass(frozen=True)
class AsymFactory:
    """``factory(weights, *, depth, opponent, noise) -> AsymPlayer``; the model file may hold one slice or two.

    Attributes:
        model_path: the opponent model's file (:func:`~pawnslib.dbn.twoslice.load_model`), loaded once per process.
        strategies: the set's (id, weights) pairs, where Black's id is looked up from its weights.
        mostlikely: the players' predicate.
        random_seed: the random control's seed (None: P(e)).
    """

    model_path: str
    strategies: StrategySet
    mostlikely: str | tuple = field(default="seen_before", kw_only=True)
    random_seed: int | None = field(default=None, kw_only=True)

    def __call__(self, weights: Weights, *, depth: int, opponent: Weights, noise: str) -> AsymPlayer:
        """Black's player with ``weights``; ``opponent`` (White's weights) is not for it to know."""
        black_strategy = strategy_id(self.strategies, weights)
        return AsymPlayer(tuple(weights), cached_model(str(Path(self.model_path))), black_strategy, depth=depth,
                          mostlikely=self.mostlikely, random_seed=self.random_seed, noise=noise)


# ----------------------------------------------------------------------------- searching against a model of White


@dataclass(frozen=True)
class PromPlayer:
    """Black searching by PrOM search against ``opponents``, (probability, weights) pairs.

    ``om-perfect`` gives it White's true weights (one type of probability 1: OM search), the ceiling of
    opponent modelling; ``prom-uniform`` the set's strategies at 1/K each.
    """

    weights: Weights
    opponents: tuple[tuple[float, Weights], ...]
    depth: int = field(default=config.DEPTH, kw_only=True)
    noise: str = field(default=config.NOISE, kw_only=True)

    def __post_init__(self):
        check_noise(self.noise)

    def choose(self, history: list[Position], seed: int | None) -> SearchResult:
        """The PrOM move at ``history[-1]`` (Black to move)."""
        return prom_search(history[-1], self.weights, self.opponents, self.depth, seed=seed, noise=self.noise)


@runtime_checkable
class Recogniser(Protocol):
    """What :class:`RecognisingPlayer` asks of a model of White: its beliefs over White's strategy during a game."""

    @property
    def sw_matched(self) -> bool:
        """Whether its beliefs' entries are matched to strategy ids."""

    @property
    def strategy_ids(self) -> tuple[int, ...]:
        """The strategy ids, in the beliefs' order."""

    def check_sb(self, sb: int) -> int:
        """Black's strategy id, checked (ValueError for an unknown one)."""

    def belief(self, history: list[Position], sb: int) -> np.ndarray:
        """P(S_w | the game so far), ``history`` x_0 first, Black playing ``sb``."""


@dataclass(frozen=True)
class RecognisingPlayer:
    """Black searching by PrOM search with a recogniser's P(S_w | White's moves so far).

    The probabilities are recomputed before every move from the game so far, so they change after every White move;
    each move's ``info`` records them (``p_sw``, in the model's strategy order).

    Attributes:
        weights: Black's weights.
        model: a :class:`Recogniser`: a DBN whose S_w states are matched to strategy ids (``sw_matched``), its
            evidence tempered (:class:`~pawnslib.dbn.tempered.TemperedRecogniser`: uniform before White's first
            move), or the choice model of White's moves (:class:`~pawnslib.dbn.choice.ChoiceModel`).
        black_strategy: Black's strategy id.
        strategies: every id the model knows, with that strategy's weights.
        depth: the search's depth.

    Raises:
        ValueError: S_w not matched to ids, a model id without weights, or an unknown Black id.
    """

    weights: Weights
    model: Recogniser
    black_strategy: int
    strategies: StrategySet
    depth: int = field(default=config.DEPTH, kw_only=True)
    noise: str = field(default=config.NOISE, kw_only=True)

    def __post_init__(self):
        check_noise(self.noise)
        if not self.model.sw_matched:
            raise ValueError("the opponent model's S_w states are not matched to strategy ids (fit it with "
                             "white_truth=...), so its P(S_w) cannot name White's weights")
        known = dict(self.strategies)
        missing = [i for i in self.model.strategy_ids if i not in known]
        if missing:
            raise ValueError(f"strategies lacks the weights of the model's strategy ids {missing}")
        self.model.check_sb(self.black_strategy)

    def posterior(self, history: list[Position]) -> np.ndarray:
        """P(S_w | the game so far, ``history``), in the model's strategy order."""
        return self.model.belief(history, self.black_strategy)

    def choose(self, history: list[Position], seed: int | None) -> SearchResult:
        """The PrOM move at ``history[-1]`` (Black to move) against the recognised mixture of strategies."""
        post = self.posterior(history)
        known = dict(self.strategies)
        opponents = tuple((float(p), known[i]) for p, i in zip(post, self.model.strategy_ids, strict=True))
        res = prom_search(history[-1], self.weights, opponents, self.depth, seed=seed, noise=self.noise)
        return replace(res, info={**res.info, "p_sw": [round(float(p), 4) for p in post]})


OPPONENT_KINDS = ("perfect", "uniform", "dbn", "dbn-cal", "learned")  # OpponentFactory's kinds


@dataclass(frozen=True)
class OpponentFactory:
    """``factory(weights, *, depth, opponent, noise)`` for one of Chapter 13's opponent-model methods.

    Attributes:
        kind: one of :data:`OPPONENT_KINDS`: ``"perfect"`` (OM search with White's true weights, ``opponent``),
            ``"uniform"`` (PrOM over ``strategies`` at 1/K each), ``"dbn"`` (PrOM with the model's P(S_w | moves
            so far)), ``"dbn-cal"`` (the same with the tempered recogniser: the model's transitions tempered by
            ``tau``) or ``"learned"`` (the same with the choice model of White's moves).
        strategies: the set's (id, weights) pairs.
        model_path: the model file (every kind but ``"perfect"`` and ``"uniform"``), loaded once per process.
        tau: the tempered recogniser's exponent (``"dbn-cal"`` only).

    Raises:
        ValueError: an unknown kind, a kind that reads a model without its file, or ``"dbn-cal"`` without a tau in
            [0, 1].
    """

    kind: str
    strategies: StrategySet
    model_path: str = ""
    tau: float | None = None

    def __post_init__(self):
        if self.kind not in OPPONENT_KINDS:
            raise ValueError(f"kind must be one of {', '.join(map(repr, OPPONENT_KINDS))}, got {self.kind!r}")
        if self.kind not in ("perfect", "uniform") and not self.model_path:
            raise ValueError(f"kind {self.kind!r} needs the opponent model's file, model_path")
        if self.kind == "dbn-cal" and (self.tau is None or not 0 <= self.tau <= 1):
            raise ValueError(f"kind 'dbn-cal' needs a tempering exponent tau in [0, 1], got {self.tau!r}")

    def __call__(self, weights: Weights, *, depth: int, opponent: Weights,
                 noise: str) -> PromPlayer | RecognisingPlayer:
        """Black's player with ``weights``; only ``"perfect"`` reads ``opponent``, White's weights."""
        weights = tuple(weights)
        if self.kind == "perfect":
            return PromPlayer(weights, ((1.0, tuple(opponent)),), depth=depth, noise=noise)
        if self.kind == "uniform":
            k = len(self.strategies)
            return PromPlayer(weights, tuple((1.0 / k, tuple(w)) for _, w in self.strategies), depth=depth,
                              noise=noise)
        black_strategy = strategy_id(self.strategies, weights)
        model = cached_model(self.model_path)
        if self.kind == "dbn-cal":
            model = TemperedRecogniser(model, self.tau)
        return RecognisingPlayer(weights, model, black_strategy, self.strategies, depth=depth, noise=noise)
