"""The tempered recogniser of White's strategy: the per-game model's evidence, tempered (beyond the thesis).

It was called "calibrated" until its beliefs were measured: with the exponent cross-validation finds they are
nearly uniform (notebook 08), so it is named for what it does. The recogniser that recognises is the choice model
of White's moves, :mod:`pawnslib.dbn.choice`.

Why
---
The per-game model's posterior P(S_w | x_0, x_2, ..., S_b) is far overconfident (notebook 08 measures it). Two
causes, two remedies:

* **A verdict before any evidence.** x_0 is the start position, the same in every game, yet the model's first
  slice and EM's mixing weights P(S_w | S_b) already name a strategy before White has moved. The design plays every
  pairing equally often, so the prior is uniform; EM's weights describe how its latent states split the training
  rows, not how often each strategy plays, so they are not used. The belief starts uniform and only the positions
  White's moves produce, x_2, x_4, ..., count.
* **Evidence counted too often.** Each White move enters as six features taken as independent given S_w, with each
  CPT cell a point estimate, so the log-likelihoods of the moves add up far faster than what they tell. A tempering
  exponent tau on every slice's likelihood (a power posterior) scales them down:

      P(S_w | White's moves) proportional to  prod_t P(x_t | x_{t-2}, S_w, S_b) ** tau.

  tau is fitted on the training games only (:func:`cross_validated_tau`): the model refitted on all games but one
  fold's, the held-out fold's evidence scored by log-loss, tau minimising the pooled log-loss of the true strategy
  over every White move (a bounded search over log tau); where no tau beats knowing nothing (ln K), tau is 0 and
  the belief stays uniform. Tempering keeps the ranking of the strategies, so the best guess is the model's own.

:class:`TemperedRecogniser` has the reading interface :class:`~pawnslib.play.players.RecognisingPlayer` uses
(``sw_matched``, ``strategy_ids``, ``check_sb``, ``belief``). Imports :mod:`pawnslib.dbn.model`,
:mod:`pawnslib.dbn.posteriors` and :mod:`pawnslib.dbn.rows`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy.optimize import minimize_scalar
from scipy.special import log_softmax, softmax

from pawnslib.dbn.model import OpponentModel
from pawnslib.dbn.posteriors import chain_logliks
from pawnslib.dbn.rows import features_after_opening, training_rows, white_chain
from pawnslib.game.position import Position

CALIBRATION_FOLDS = 5  # the tempering exponent tau: cross-validated over this many folds of training rounds

TAU_BOUNDS = (1e-4, 1.0)  # tau's search range: from nearly no evidence to the model's own


def transition_evidence(model: OpponentModel, features: np.ndarray, sb: int) -> np.ndarray:
    """The evidence of White's moves in one game (``features``: (T+1, F) raw scores of x_0..x_T):
    :func:`chain_evidence` of White's chain x_0, x_2, ...."""
    return chain_evidence(model, np.asarray(features)[0::2], sb)


def chain_evidence(model: OpponentModel, chain: np.ndarray, sb: int) -> np.ndarray:
    """Row j is log P(x_2, ..., x_{2j} | x_0, S_w, S_b) per S_w: the evidence of White's first j moves, the first
    slice and P(S_w) left out (row 0, before White's first move, is 0).

    Args:
        model: the opponent model.
        chain: (J+1, F) raw scores of White's chain x_0, x_2, ..., oldest first.
        sb: Black's strategy id.

    Returns:
        (J+1, K), in S_w's state order.
    """
    states = model.discretise(np.atleast_2d(chain))
    stops = np.arange(1, len(states) + 1)
    ll = chain_logliks(model, states, np.zeros_like(stops), stops, np.full(len(stops), model.check_sb(sb)))
    return ll - ll[0]  # the chain x_0..x_{2j} less x_0 alone: the transitions' log-likelihood


def log_loss(evidence: Sequence[np.ndarray], truth: Sequence[int], tau: float) -> float:
    """The mean log-loss of the true strategy over every White move of the games (``evidence``: each game's
    :func:`transition_evidence`, rows after White's moves; ``truth``: each game's true S_w state)."""
    return float(-np.mean(np.concatenate([log_softmax(tau * e[1:], axis=1)[:, t]
                                          for e, t in zip(evidence, truth, strict=True)])))


def fit_tau(evidence: Sequence[np.ndarray], truth: Sequence[int], *, bounds: tuple[float, float] = TAU_BOUNDS
            ) -> float:
    """The tempering exponent that minimises :func:`log_loss` on these games (a bounded search over log tau), or 0
    (the uniform belief) when none does better than knowing nothing, ln K.

    Raises:
        ValueError: no White move to fit on, or bounds not 0 < low < high.
    """
    if not 0 < bounds[0] < bounds[1]:
        raise ValueError(f"bounds must satisfy 0 < low < high, got {bounds}")
    if not sum(len(e) - 1 for e in evidence):
        raise ValueError("fit_tau needs games with at least one White move")
    best = minimize_scalar(lambda x: log_loss(evidence, truth, float(np.exp(x))), method="bounded",
                           bounds=tuple(np.log(bounds)), options={"xatol": 1e-4})
    tau = float(np.exp(best.x))
    return tau if log_loss(evidence, truth, tau) < np.log(evidence[0].shape[1]) else 0.0


def cross_validated_tau(records: Sequence[dict], *, n_strategies: int, folds: int, seed: int, restarts: int,
                        n_slices: int) -> dict:
    """tau fitted on training games by cross-validation (the module docstring).

    Args:
        records: the training games (``round``, ``black``, ``white``, ``features``, optionally ``opening``: a
            game's seeded random opening counts neither in the rows nor as evidence,
            :func:`~pawnslib.dbn.rows.features_after_opening`).
        n_strategies: the strategies a side may play.
        folds: the folds; in the games' order by (round, black, white), fold k holds every ``folds``-th game from
            the k-th, so each fold has every pairing about equally often (at most one fold a game).
        seed, restarts, n_slices: EM's, as the per-game model was fitted.

    Returns:
        ``tau``, ``cv_log_loss`` (the held-out folds' pooled log-loss at tau), ``uniform_log_loss`` (ln K),
        ``folds`` and ``games``.

    Raises:
        ValueError: fewer than 2 folds, or fewer games than folds.
    """
    if folds < 2:
        raise ValueError(f"folds must be at least 2, got {folds}")
    games = sorted(records, key=lambda r: (r["round"], r["black"], r["white"]))
    if len(games) < folds:
        raise ValueError(f"cross-validating over {folds} folds needs at least {folds} training games, got {len(games)}")
    evidence, truth = [], []
    for k in range(folds):
        held, rest = games[k::folds], [r for i, r in enumerate(games) if i % folds != k]
        rows = training_rows(rest, truth=True, game=True)
        model = OpponentModel.fit(rows.drop(columns="S_w_true"), n_strategies=n_strategies, restarts=restarts,
                                  seed=seed, n_slices=n_slices, white_truth=rows["S_w_true"].to_numpy(),
                                  latent="game")
        for r in held:
            evidence.append(transition_evidence(model, features_after_opening(r), int(r["black"])))
            truth.append(model.strategy_ids.index(int(r["white"])))
    tau = fit_tau(evidence, truth)
    return {"tau": tau, "cv_log_loss": log_loss(evidence, truth, tau), "uniform_log_loss": float(np.log(n_strategies)),
            "folds": folds, "games": len(records)}


@dataclass(frozen=True)
class TemperedRecogniser:
    """P(S_w | White's moves) from ``model``'s transitions tempered by ``tau``, uniform before White's first move
    (and always, at tau = 0).

    Raises:
        ValueError: a tau outside [0, 1], or a model whose S_w states are not matched to strategy ids.
    """

    model: OpponentModel
    tau: float

    def __post_init__(self):
        if not 0 <= self.tau <= 1:
            raise ValueError(f"tau must be in [0, 1], got {self.tau!r}")
        if not self.model.sw_matched:
            raise ValueError("the model's S_w states are not matched to strategy ids (fit it with white_truth=...)")

    @property
    def sw_matched(self) -> bool:
        return True

    @property
    def strategy_ids(self) -> tuple[int, ...]:
        return self.model.strategy_ids

    def check_sb(self, sb: int) -> int:
        return self.model.check_sb(sb)

    def trace(self, features: np.ndarray, sb: int) -> np.ndarray:
        """(J+1, K): row j is the belief after White's j-th move of one game (row 0: uniform), S_w's state order."""
        return softmax(self.tau * transition_evidence(self.model, features, sb), axis=1)

    def sw_posterior(self, history: np.ndarray, sb: int) -> np.ndarray:
        """The belief after White's chain ``history`` (n, F) of raw scores x_0, x_2, ..., oldest first (K,)."""
        return softmax(self.tau * chain_evidence(self.model, history, sb)[-1])

    def belief(self, history: Sequence[Position], sb: int) -> np.ndarray:
        """The belief after the game so far, ``history`` (x_0 first): :meth:`sw_posterior` of its White chain."""
        return self.sw_posterior(white_chain(history), sb)


__all__ = ["TAU_BOUNDS", "TemperedRecogniser", "chain_evidence", "cross_validated_tau", "fit_tau", "log_loss",
           "transition_evidence"]
