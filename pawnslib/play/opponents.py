"""Black players that search against a model of White: OM search and PrOM search (:mod:`pawnslib.guided.om`).

Chapter 13's opponent-model methods, as players for :func:`~.tournament.run_tournament`:

- :class:`PromPlayer` searches by PrOM against fixed opponent types (OM search: one type of
  probability 1). ``om-perfect`` gives it White's true weights, the ceiling of opponent
  modelling; ``prom-uniform`` the set's strategies at 1/K each.
- :class:`RecognisingPlayer` (``prom-dbn``) searches by PrOM against the set's strategies with the
  probabilities P(S_w | White's moves so far) of an opponent model whose S_w states are matched
  to the strategy ids, recomputed before every move from the game's White chain x_0, x_2, ...
  (the evidence :func:`pawnslib.dbn.recognition.recognition_trace` uses), so they change after every
  White move. Each move's ``info`` records them (``p_sw``, in the model's strategy order).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from pawnslib import config
from pawnslib.dbn.model import OpponentModel
from pawnslib.game.position import Position
from pawnslib.guided.asym import cached_model
from pawnslib.guided.om import prom_search
from pawnslib.search.alphabeta import SearchResult


@dataclass(frozen=True)
class PromPlayer:
    """Black searching by PrOM search against ``opponents``, (probability, weights) pairs."""

    weights: tuple[int, ...]
    opponents: tuple[tuple[float, tuple[int, ...]], ...]
    depth: int = field(default=config.DEPTH, kw_only=True)

    def choose(self, history: list[Position], seed: int | None) -> SearchResult:
        """The PrOM move at ``history[-1]`` (Black to move)."""
        return prom_search(history[-1], self.weights, self.opponents, self.depth, seed=seed)


@dataclass(frozen=True)
class RecognisingPlayer:
    """Black searching by PrOM search with the opponent model's P(S_w | White's moves so far).

    ``model`` must have its S_w states matched to strategy ids (``sw_matched``); ``strategies``
    maps every id it knows to that strategy's weights; ``sb`` is Black's id.
    """

    weights: tuple[int, ...]
    model: OpponentModel
    sb: int
    strategies: tuple[tuple[int, tuple[int, ...]], ...]
    depth: int = field(default=config.DEPTH, kw_only=True)

    def __post_init__(self):
        if not self.model.sw_matched:
            raise ValueError("the opponent model's S_w states are not matched to strategy ids (fit it with "
                             "white_truth=...), so its P(S_w) cannot name White's weights")
        known = dict(self.strategies)
        missing = [i for i in self.model.strategy_ids if i not in known]
        if missing:
            raise ValueError(f"strategies lacks the weights of the model's strategy ids {missing}")
        self.model.check_sb(self.sb)

    def posterior(self, history: list[Position]) -> np.ndarray:
        """P(S_w | the White chain x_0, x_2, ... of ``history``), in the model's strategy order."""
        chain = np.array([p.features() for p in history[0::2]], np.int64)
        return self.model.sw_posterior(chain, self.sb)

    def choose(self, history: list[Position], seed: int | None) -> SearchResult:
        """The PrOM move at ``history[-1]`` (Black to move) against the recognised mixture of strategies."""
        post = self.posterior(history)
        known = dict(self.strategies)
        opponents = tuple((float(p), known[i]) for p, i in zip(post, self.model.strategy_ids, strict=True))
        res = prom_search(history[-1], self.weights, opponents, self.depth, seed=seed)
        return replace(res, info={**res.info, "p_sw": [round(float(p), 4) for p in post]})


@dataclass(frozen=True)
class OpponentFactory:
    """``factory(weights, depth, opponent) -> player`` for one of Chapter 13's opponent-model methods.

    Attributes:
        kind: ``"perfect"`` (OM search with White's true weights), ``"uniform"`` (PrOM over
            ``strategies`` at 1/K each) or ``"dbn"`` (PrOM with the model's P(S_w | moves so far)).
        strategies: the set's (id, weights) pairs.
        model_path: the opponent model file (``"dbn"`` only), loaded once per process.
    """

    kind: str
    strategies: tuple[tuple[int, tuple[int, ...]], ...]
    model_path: str = ""

    def __post_init__(self):
        if self.kind not in ("perfect", "uniform", "dbn"):
            raise ValueError(f"kind must be 'perfect', 'uniform' or 'dbn', got {self.kind!r}")
        if self.kind == "dbn" and not self.model_path:
            raise ValueError("kind 'dbn' needs the opponent model's file, model_path")

    def __call__(self, weights, depth: int, opponent) -> PromPlayer | RecognisingPlayer:
        weights = tuple(weights)
        if self.kind == "perfect":
            return PromPlayer(weights, ((1.0, tuple(opponent)),), depth=depth)
        if self.kind == "uniform":
            k = len(self.strategies)
            return PromPlayer(weights, tuple((1.0 / k, tuple(w)) for _, w in self.strategies), depth=depth)
        sb = next(sid for sid, w in self.strategies if tuple(w) == weights)
        return RecognisingPlayer(weights, cached_model(self.model_path), sb, self.strategies, depth=depth)
