"""A learned model of White's moves, and the recogniser of White's strategy it gives (beyond the thesis).

Why
---
The DBN (:mod:`pawnslib.dbn.model`) sees a White move only through the six feature scores of the position it leaves,
so it cannot tell which of White's legal replies a strategy would have played. This model scores the move White
played *among its legal replies*, given the position and White's strategy: McFadden's conditional logit

    P(m | x, S_w = i) = exp(beta_i . phi_i(m)) / sum over White's legal replies m' at x of exp(beta_i . phi_i(m')),

where phi_i(m) holds

* the six feature scores of the position m leaves (what the DBN sees of a move), and
* for each depth d from 1 to White's search depth D, whether m is among the replies that strategy i's noise-free
  depth-d search values best (:func:`pawnslib.search.ties.best_codes`). The candidate strategies' weights are known
  (PrOM search's opponent types are the same four), and White's noise only breaks ties among its depth-D best replies,
  so what strategy i's search would play is the evidence.

beta_i is fitted for each strategy by maximum likelihood on the training games in which White played it (White's
strategy is known there: a supervised fit), with a ridge penalty :data:`RIDGE` * |beta_i|^2. The penalty is needed:
every move White plays is among its depth-D best, so without it the likelihood grows without bound along that
weight (separation), and statsmodels' ConditionalLogit, which the tests check :func:`choice_loglik` against, has no
penalty of this kind. The fit is scipy's L-BFGS on the exact log-likelihood and gradient, numpy over all decisions
at once (seconds for the 1,280 training games; the depth-D searches of their positions take longer).

Beliefs: uniform before White's first move, then Bayes' rule over White's moves,
P(S_w | White's moves) proportional to prod_t P(m_t | x_t, S_w). Every likelihood is a proper probability over the
legal replies (no floor), so the beliefs' calibration can be measured, not assumed (notebook 08).

:class:`ChoiceModel` has the recogniser interface of :class:`~pawnslib.play.players.RecognisingPlayer`
(``sw_matched``, ``strategy_ids``, ``check_sb``, ``belief``). Imports :mod:`pawnslib.game` and
:mod:`pawnslib.search` (the searches that give the features).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import joblib
import numpy as np
from scipy.optimize import minimize
from scipy.special import logsumexp, softmax

from pawnslib import config
from pawnslib.files import replaced_atomically
from pawnslib.game.kernels import features_into, play_into
from pawnslib.game.position import Move, Position, legal_codes, rules_index
from pawnslib.game.rules import FEATURE_NAMES, N_FEATURES, NS, S_RULES
from pawnslib.search.alphabeta import MAX_DEPTH
from pawnslib.search.strategies import check_strategies
from pawnslib.search.ties import best_codes

RIDGE = 0.01  # the penalty on |beta_i|^2: keeps the weights finite under separation, negligible beside 10^4 decisions
CHOICE_FORMAT = 1  # the model file's format version
BETA_DECIMALS = 9  # the weights' decimals, in the file and in memory: the last bits of a fit may differ between hosts


def feature_names(depth: int) -> tuple[str, ...]:
    """The names of phi_i(m)'s entries: the six features after the move, then ``best_d1`` .. ``best_d<depth>``."""
    return FEATURE_NAMES + tuple(f"best_d{d}" for d in range(1, depth + 1))


def white_decisions(record: Mapping, *, where: str = "record") -> tuple[str, list[np.ndarray], list[int]]:
    """White's decisions in one game record: its rules, the positions White moved from and the moves it played.

    A seeded random opening (``record["opening"]`` plies) is no strategy's choice, so White's moves count from its end.

    Args:
        record: a game record with ``rules``, ``positions`` (texts) and ``moves`` (texts), optionally ``opening``.
        where: how an error names the record.

    Returns:
        (rules, White's positions as arrays, the codes of the moves played), oldest first.

    Raises:
        ValueError: a missing field, an unreadable position or move, a move not legal where it was played, or a bad
            opening, naming ``where``.
    """
    try:
        rules, texts, moves, opening = record["rules"], record["positions"], record["moves"], record.get("opening", 0)
    except (KeyError, TypeError, AttributeError) as e:
        raise ValueError(f"{where} needs fields rules, positions and moves ({e!r})") from None
    if isinstance(opening, bool) or not isinstance(opening, (int, np.integer)) or opening < 0 or opening % 2:
        raise ValueError(f"{where}: opening must be an even number of plies, got {opening!r}")
    plies = range(opening + 1, min(len(moves), len(texts) - 1), 2)  # Black moves first: White at the odd plies
    try:
        roots, codes = [Position.from_text(texts[t], rules=rules).array for t in plies], \
            [Move.from_text(moves[t]).code for t in plies]
    except ValueError as e:
        raise ValueError(f"{where}: {e}") from None
    for t, root, code in zip(plies, roots, codes, strict=True):
        if code not in legal_codes(root):
            raise ValueError(f"{where}: White's move {moves[t]!r} at ply {t} is not legal in its position")
    return rules, roots, codes


def _reply_features(roots: np.ndarray, weights: np.ndarray, depth: int) -> list[np.ndarray]:
    """Per root (White to move), (K, L, 6 + depth): phi_i(m) of each strategy i and legal reply m."""
    best = [best_codes(roots, weights, d)[0] for d in range(1, depth + 1)]  # each (N, K, MAX_MOVES)
    child, out = np.empty(NS, np.int64), []
    for n, root in enumerate(roots):
        codes = legal_codes(root)
        after = np.empty((len(codes), N_FEATURES), np.int64)
        for j, c in enumerate(codes):
            play_into(root, c, child)
            features_into(child, after[j])
        tops = np.stack([(codes[None, :, None] == b[n][:, None, :]).any(axis=2) for b in best], axis=2)  # (K, L, D)
        out.append(np.concatenate([np.broadcast_to(after, (len(weights), *after.shape)), tops], axis=2).astype(float))
    return out


def reply_features(roots: Sequence[np.ndarray], weights: np.ndarray, depth: int, *,
                   n_jobs: int = 1) -> list[np.ndarray]:
    """phi of every legal reply at each of ``roots``, each distinct root searched once, in parallel chunks (the
    result does not depend on ``n_jobs``).

    Args:
        roots: position arrays, White to move, game not over.
        weights: (K, 6) the candidate strategies' weights.
        depth: White's search depth D (the indicators are for depths 1 to D).
        n_jobs: joblib workers.

    Returns:
        Per root, a (K, L, 6 + depth) array, L its legal replies in move-generation order.
    """
    keys = [r.tobytes() for r in roots]
    unique = list(dict.fromkeys(keys))
    arrays = {k: r for k, r in zip(keys, roots, strict=True)}
    workers = joblib.effective_n_jobs(n_jobs)
    parts = [unique[i::4 * workers] for i in range(4 * workers)] if workers > 1 else [unique]
    done = joblib.Parallel(n_jobs=n_jobs)(
        joblib.delayed(_reply_features)(np.stack([arrays[k] for k in p]) if p else np.empty((0, NS), np.int64),
                                        weights, depth) for p in parts)
    found = {k: phi for p, part in zip(parts, done, strict=True) for k, phi in zip(p, part, strict=True)}
    return [found[k] for k in keys]


def choice_loglik(beta: np.ndarray, x: np.ndarray, starts: np.ndarray, played: np.ndarray
                  ) -> tuple[float, np.ndarray]:
    """The conditional logit's log-likelihood and its gradient in ``beta``.

    Args:
        beta: (P,) weights.
        x: (R, P) one row per legal reply, the replies of each decision together.
        starts: (G,) each decision's first row in ``x`` (ascending, ``starts[0] == 0``).
        played: (G,) the row of the reply played, within ``x``.

    Returns:
        (sum over decisions of log P(played), its gradient (P,)).
    """
    s = x @ beta
    group = np.repeat(np.arange(len(starts)), np.diff(np.append(starts, len(s))))
    top = np.maximum.reduceat(s, starts)
    e = np.exp(s - top[group])
    z = np.add.reduceat(e, starts)
    p = e / z[group]
    loglik = float((s[played] - top - np.log(z)).sum())
    gradient = x[played].sum(axis=0) - np.add.reduceat(p[:, None] * x, starts).sum(axis=0)  # observed - expected
    return loglik, gradient


def _fit_one(phis: Sequence[np.ndarray], played: Sequence[int]) -> np.ndarray:
    """beta maximising the penalised log-likelihood of one strategy's decisions (each phi (L, P), played's index)."""
    sizes = np.array([len(p) for p in phis])
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    x, rows = np.concatenate(phis), starts + np.asarray(played)

    def loss(beta):
        ll, grad = choice_loglik(beta, x, starts, rows)
        return -ll + RIDGE * beta @ beta, -grad + 2 * RIDGE * beta

    return minimize(loss, np.zeros(x.shape[1]), jac=True, method="L-BFGS-B").x


def _played(before: Position, after: Position) -> int:
    """The code of the move that led from ``before`` to ``after`` (a position read from text keeps no last move).

    Raises:
        ValueError: no legal move leads there.
    """
    if after.last_move is not None:
        return after.last_move.code
    for move in before.legal_moves():
        if before.play(move) == after:
            return move.code
    raise ValueError(f"no legal move leads from {before.to_text()!r} to {after.to_text()!r}: not a game's history")


@dataclass(frozen=True, eq=False)  # eq=False: its weights are an array (two models are the same object or not)
class ChoiceModel:
    """The conditional logit of White's moves per strategy (the module docstring), and its beliefs over S_w.

    Attributes:
        strategies: the candidate strategies, (id, weights) pairs, in the beliefs' order.
        depth: White's search depth D.
        rules: the reading of the rules its games were played under.
        beta: (K, 6 + D) the fitted weights, one row per strategy.
        training: what it was fitted on (the pipeline's record, compared when a file is reused).

    Raises:
        ValueError: a bad strategy set or depth, an unknown reading, or ``beta`` of another shape.
    """

    strategies: tuple[tuple[int, tuple[int, ...]], ...]
    depth: int
    rules: str
    beta: np.ndarray
    training: dict = field(default_factory=dict)
    _cache: dict = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self):
        check_strategies(dict(self.strategies))
        if isinstance(self.depth, bool) or not isinstance(self.depth, (int, np.integer)) \
                or not 1 <= self.depth <= MAX_DEPTH:
            raise ValueError(f"depth must be an integer from 1 to {MAX_DEPTH}, got {self.depth!r}")
        if self.rules not in config.READINGS:
            raise ValueError(f"rules must be one of {', '.join(config.READINGS)}, got {self.rules!r}")
        shape = (len(self.strategies), N_FEATURES + self.depth)
        if np.shape(self.beta) != shape:
            raise ValueError(f"beta must have shape {shape} (one row per strategy, one weight per feature), "
                             f"got {np.shape(self.beta)}")

    # --- fitting ---------------------------------------------------------------------------------------------------
    @classmethod
    def fit(cls, records: Sequence[Mapping], strategies: Mapping[int, Sequence[int]], *, depth: int = config.DEPTH,
            n_jobs: int = 1, training: dict | None = None) -> ChoiceModel:
        """Fit each strategy's weights on the games in which White played it.

        Args:
            records: training games (``white``, ``rules``, ``positions``, ``moves``; one reading of the rules).
            strategies: ``{id: weights}``, the candidates (every White id of ``records`` among them).
            depth: White's search depth in these games.
            n_jobs: joblib workers for the searches.
            training: what the games are, kept with the model.

        Raises:
            ValueError: no records, games under several readings, a White id not in ``strategies`` (naming the
                record), a strategy White never played, or as the class.
        """
        ids = list(check_strategies(dict(strategies)))
        if not records:
            raise ValueError("fitting the choice model needs at least one training game")
        readings = sorted({str(r.get("rules")) for r in records})
        if len(readings) != 1:
            raise ValueError(f"the training games mix readings of the rules: {', '.join(readings)}")
        weights = np.array([strategies[i] for i in ids], np.int64)
        roots, played, white = [], [], []
        for n, rec in enumerate(records):
            if int(rec.get("white", -1)) not in ids:
                raise ValueError(f"record {n}: White's strategy id {rec.get('white')!r} is not in the strategy set "
                                 f"(ids {', '.join(map(str, ids))})")
            _, r, p = white_decisions(rec, where=f"record {n}")
            roots += r
            played += p
            white += [ids.index(int(rec["white"]))] * len(r)
        phis = reply_features(roots, weights, depth, n_jobs=n_jobs)
        index = [int(np.flatnonzero(legal_codes(r) == c)[0]) for r, c in zip(roots, played, strict=True)]
        beta = []
        for k, sid in enumerate(ids):
            mine = [j for j, w in enumerate(white) if w == k]
            if not mine:
                raise ValueError(f"White never played strategy {sid} in the training games: nothing to fit it on")
            beta.append(_fit_one([phis[j][k] for j in mine], [index[j] for j in mine]))
        # rounded as the file keeps them, so that a model fitted and the same model read back play the same games
        return cls(tuple((i, tuple(strategies[i])) for i in ids), int(depth), readings[0],
                   np.round(np.array(beta), BETA_DECIMALS), dict(training or {}))

    # --- the recogniser interface ------------------------------------------------------------------------------------
    @property
    def sw_matched(self) -> bool:
        """Always: each row of ``beta`` belongs to a known strategy."""
        return True

    @property
    def strategy_ids(self) -> tuple[int, ...]:
        return tuple(i for i, _ in self.strategies)

    def check_sb(self, sb: int) -> int:
        """Black's strategy id, checked: the model does not read it (White's choice is its own strategy's)."""
        if isinstance(sb, bool) or not isinstance(sb, (int, np.integer)) or int(sb) not in self.strategy_ids:
            raise ValueError(f"unknown strategy id {sb!r}: the model knows {', '.join(map(str, self.strategy_ids))}")
        return int(sb)

    def logliks(self, roots: Sequence[np.ndarray], played: Sequence[int], *, n_jobs: int = 1) -> np.ndarray:
        """(J, K): log P(m_t | x_t, S_w = i) of each decision (position arrays and the codes played) and strategy.

        Raises:
            ValueError: a position under another reading of the rules, or a move not legal there.
        """
        own = rules_index(self.rules)
        if any(int(root[S_RULES]) != own for root in roots):
            raise ValueError(f"a position is under another reading of the rules than the model's, {self.rules!r}")
        weights = np.array([w for _, w in self.strategies], np.int64)
        out = np.empty((len(roots), len(self.strategies)))
        phis = reply_features(list(roots), weights, self.depth, n_jobs=n_jobs) if len(roots) else []
        for t, (root, code, phi) in enumerate(zip(roots, played, phis, strict=True)):
            hit = np.flatnonzero(legal_codes(root) == code)
            if not len(hit):
                raise ValueError(f"White's move {t + 1}, {Move.from_code(int(code))}, is not legal in its position")
            s = np.einsum("klp,kp->kl", phi, self.beta)
            out[t] = s[:, hit[0]] - logsumexp(s, axis=1)
        return out

    def traces(self, records: Sequence[Mapping], *, n_jobs: int = 1) -> list[np.ndarray]:
        """Per game, (J+1, K): row j is the belief after White's j-th move (row 0: uniform); every distinct White
        position of the games is searched once.

        Raises:
            ValueError: a game under another reading of the rules than the model's, or a malformed record (naming it).
        """
        games = []
        for n, record in enumerate(records):
            rules, roots, played = white_decisions(record, where=f"record {n}")
            if rules != self.rules:
                raise ValueError(f"record {n} was played under the {rules!r} reading of the rules; the model was "
                                 f"fitted on {self.rules!r} games")
            games.append((roots, played))
        if not games:
            return []
        ll = self.logliks([r for roots, _ in games for r in roots], [c for _, codes in games for c in codes],
                          n_jobs=n_jobs)
        ends = np.cumsum([len(roots) for roots, _ in games])[:-1]
        start = np.zeros((1, len(self.strategies)))
        return [softmax(np.cumsum(np.vstack([start, part]), axis=0), axis=1) for part in np.split(ll, ends)]

    def trace(self, record: Mapping) -> np.ndarray:
        """:meth:`traces` of one game."""
        return self.traces([record])[0]

    def belief(self, history: Sequence[Position], sb: int) -> np.ndarray:
        """P(S_w | White's moves in ``history``) (K,), the game so far x_0 first; uniform before White's first move.

        Each move's likelihood is kept, so a game's searches find White's earlier moves already scored.

        Raises:
            ValueError: an empty history, positions under another reading of the rules, or an unknown ``sb``.
        """
        self.check_sb(sb)
        if not len(history):
            raise ValueError("history is empty: it must hold the game so far, its start position first")
        if history[0].rules != self.rules:
            raise ValueError(f"the game is played under the {history[0].rules!r} reading of the rules; the model was "
                             f"fitted on {self.rules!r} games")
        total = np.zeros(len(self.strategies))
        for before, after in zip(history[:-1], history[1:], strict=False):
            if before.side_to_move != "white":
                continue
            key = (before.array.tobytes(), _played(before, after))
            if key not in self._cache:
                self._cache[key] = self.logliks([before.array], [key[1]])[0]
            total = total + self._cache[key]
        return softmax(total)

    # --- files -----------------------------------------------------------------------------------------------------
    def save(self, path: str | Path) -> Path:
        """Write the model as JSON (written whole, then renamed); returns the path."""
        path = Path(path)
        beta = {str(i): [round(float(b), BETA_DECIMALS) for b in row]
                for (i, _), row in zip(self.strategies, self.beta, strict=True)}
        data = {"format": CHOICE_FORMAT, "kind": "choice", "strategies": {str(i): list(w) for i, w in self.strategies},
                "depth": self.depth, "rules": self.rules, "features": list(feature_names(self.depth)), "beta": beta,
                "training": self.training}
        with replaced_atomically(path) as tmp:
            tmp.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        return path

    @classmethod
    def load(cls, path: str | Path) -> ChoiceModel:
        """Read a model written by :meth:`save`.

        Raises:
            FileNotFoundError: no such file.
            ValueError: not a choice model's file, another format, or a damaged field (naming the file and field).
        """
        path = Path(path)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as e:
            raise ValueError(f"{path}: not JSON (line {e.lineno}): {e.msg}") from None
        if not isinstance(data, dict) or data.get("kind") != "choice" or data.get("format") != CHOICE_FORMAT:
            raise ValueError(f"{path} is not a choice model's file of format {CHOICE_FORMAT}")
        try:
            strategies = tuple((int(i), tuple(w)) for i, w in data["strategies"].items())
            beta = np.array([data["beta"][str(i)] for i, _ in strategies], float)
            return cls(strategies, data["depth"], data["rules"], beta, data.get("training", {}))
        except (KeyError, TypeError, ValueError) as e:
            raise ValueError(f"{path}: field {e}") from None


__all__ = ["RIDGE", "ChoiceModel", "choice_loglik", "feature_names", "reply_features", "white_decisions"]
