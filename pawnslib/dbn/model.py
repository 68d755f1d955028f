"""The opponent model (thesis Chapters 2 and 8, Section 11.2): a DBN over feature scores, :class:`OpponentModel`.

As in pgmpy, the model stands apart from how it is learned and queried: :mod:`~.learn` learns the slice
(:func:`~.learn.slice_structure`: ``S_b``, ``S_w`` and ``F_prev``, ``F`` per feature) by EM, :mod:`~.pe` holds the
numba P(e) kernels the search calls on ``model.kernel_arrays()``, :mod:`~.posteriors` infers S_w and
:mod:`~.modelfile` is its file. This module has :class:`OpponentModel`: its CPTs, its pgmpy export and its P(e)
queries. Its CPTs are :attr:`~OpponentModel.cpt_sb`, :attr:`~OpponentModel.cpt_sw`,
:meth:`~OpponentModel.cpt_first` (P(F_prev | S_b, S_w)) and :meth:`~OpponentModel.cpt_trans` (P(F | F_prev, S_b,
S_w)), learned with a Dirichlet pseudo-count, S_w drawn per training row or once per game (``latent="game"``).

The DBN unrolls the slice over slices 0..n-1, ``S_b`` and ``S_w`` shared: slice 0 uses
P(F_prev | S_b, S_w), slice t > 0 P(F_t | F_{t-1}, S_b, S_w). P(e) is the probability of the
scores of all slices and of S_b, S_w summed out. A history is the positions of one parity,
oldest first: for a child x_t (White has just moved), x_{t-2}, x_{t-4}, ... down to x_0; a
history shorter than n-1 starts with the P(F_prev | S_b, S_w) tables. At a White-to-move node,
the search discretises each child's scores (``discretise_lut_into``) and scores all of them by
one ``pe.log_pe_children(model.kernel_arrays(), history, children, sb, out)`` call.

Imports :mod:`pawnslib.config`, :mod:`pawnslib.game.rules` and the :mod:`pawnslib.dbn` modules below it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np
import pandas as pd
from scipy.special import softmax

from pawnslib import config
from pawnslib.dbn import modelfile
from pawnslib.dbn.bridge import to_pgmpy
from pawnslib.dbn.discretise import N_INTERVALS, Discretiser
from pawnslib.dbn.em import EM_MAX_ITER, EM_RESTARTS, EM_TOL, PSEUDO_COUNT, Structure
from pawnslib.dbn.learn import fit_slice, match_latent_states, slice_structure
from pawnslib.dbn.pe import KernelArrays, log_pe_children, log_pe_states, sw_loglik_into
from pawnslib.dbn.rows import white_chain
from pawnslib.game.rules import FEATURE_NAMES

N_SLICES = 4  # DBN time slices (Section 11.2): a prediction reads the last N_SLICES moves


@dataclass
class OpponentModel:
    """The trained opponent model: discretiser, slice CPTs, EM's record and training provenance.

    Build it with :meth:`fit`; ``cpts`` follow :func:`~.learn.slice_structure`'s node order (read them
    with :attr:`cpt_sb`, :attr:`cpt_sw`, :meth:`cpt_first`, :meth:`cpt_trans`). S_w's states
    are strategy ids only when ``sw_matched`` (see :func:`~.learn.match_latent_states`). ``training``
    records what the model was trained on (JSON scalars), saved with it; ``latent`` how EM drew S_w
    (``"row"`` or ``"game"``, see :meth:`fit`), saved only when ``"game"``.
    """

    discretiser: Discretiser
    strategy_ids: tuple[int, ...]
    cpts: list[np.ndarray]
    n_slices: int = N_SLICES
    pseudo_count: float = PSEUDO_COUNT
    loglik: np.ndarray = field(default_factory=lambda: np.empty(0))
    objective: np.ndarray = field(default_factory=lambda: np.empty(0))
    restart_objectives: np.ndarray = field(default_factory=lambda: np.empty(0))
    restart_logliks: list[np.ndarray] = field(default_factory=list)
    converged: bool = False
    sw_matched: bool = False
    training: dict = field(default_factory=dict)
    latent: str = "row"
    _cache: tuple | None = field(default=None, init=False, repr=False, compare=False)

    # --- building ------------------------------------------------------------------------
    @classmethod
    def fit(cls, rows: pd.DataFrame, *, n_strategies: int = config.N_STRATEGIES, n_intervals: int = N_INTERVALS,
            pseudo_count: float = PSEUDO_COUNT, restarts: int = EM_RESTARTS,
            max_iter: int = EM_MAX_ITER, tol: float = EM_TOL, seed: int | None = config.SEED,
            n_slices: int = N_SLICES, white_truth: Sequence[int] | None = None,
            init: str | Sequence[np.ndarray] = "random", latent: str = "row") -> OpponentModel:
        """Discretise the rows and learn the slice by EM (S_w latent, S_b observed; :func:`~.learn.fit_slice`).

        Args:
            rows: training rows (:func:`~.rows.training_rows` or
                :func:`~.rows.read_training_csv`); the ``S_w`` column is ignored:
                S_w is always latent.
            n_strategies: K, the strategy ids being 1..K.
            n_intervals: states of the interval nodes (at most).
            pseudo_count, restarts, max_iter, tol, seed, init: see :func:`~.em.run_em` (which keeps the
                restart of best log-likelihood, or per game of best objective).
            n_slices: slices of the DBN used by :meth:`to_pgmpy` and the search.
            white_truth: White's true id per row; if given, S_w's latent states are
                reordered to match the ids (``sw_matched``; see
                :func:`~.learn.match_latent_states`).
            latent: ``"row"``: S_w drawn per training row (the thesis's model); ``"game"``: once
                per game, all rows of a game sharing it (:func:`~.em.run_em` with ``groups``; the rows
                need the ``game`` column).

        Returns:
            The model.

        Raises:
            ValueError: invalid rows (named column and row), an unknown ``latent``,
                ``latent="game"`` without a ``game`` column, or ``white_truth`` of the wrong
                length, with unknown ids, or (per game) not one id per game.
        """
        disc, res = fit_slice(rows, n_strategies=n_strategies, n_intervals=n_intervals, latent=latent, init=init,
                              pseudo_count=pseudo_count, max_iter=max_iter, tol=tol, restarts=restarts, seed=seed)
        model = cls(disc, tuple(range(1, n_strategies + 1)), res.cpts, n_slices, pseudo_count, res.loglik,
                    res.objective, res.restart_objectives, res.restart_logliks, res.converged, latent=latent)
        if white_truth is not None:
            model = replace(model.permute_sw(match_latent_states(model, rows, white_truth)), sw_matched=True)
        return model

    def permute_sw(self, order: Sequence[int]) -> OpponentModel:
        """Relabel S_w's latent states.

        Args:
            order: a permutation of 0..K-1.

        Returns:
            A copy whose S_w state i is this model's state ``order[i]``, and so unmatched.
        """
        order, s = np.asarray(order), self.structure
        sw, cpts = s.names.index("S_w"), []
        for v, c in enumerate(self.cpts):
            if v == sw:  # S_w's own states
                c = np.take(c, order, axis=-1)
            elif sw in s.parents[v]:  # S_w as a parent
                c = np.take(c, order, axis=s.parents[v].index(sw))
            cpts.append(c)
        return replace(self, cpts=cpts, sw_matched=False)

    # --- structure, CPTs and pgmpy -------------------------------------------------------
    @property
    def feature_names(self) -> tuple[str, ...]:
        """The features, in the order of the score columns."""
        return self.discretiser.names

    @property
    def structure(self) -> Structure:
        """The slice's :class:`~.em.Structure` (:func:`~.learn.slice_structure`)."""
        return slice_structure(self.feature_names, self.discretiser.n_states, len(self.strategy_ids))

    @property
    def cpt_sb(self) -> np.ndarray:
        """P(S_b), shape (K,)."""
        return self.cpts[0]

    @property
    def cpt_sw(self) -> np.ndarray:
        """P(S_w), shape (K,), in S_w's state order."""
        return self.cpts[1]

    def cpt_first(self, f: int | str) -> np.ndarray:
        """P(F_prev | S_b, S_w) of one feature: the first slice's table.

        Args:
            f: the feature's index or name.

        Returns:
            Shape (K, K, S_f), indexed [b, w, state] (the model's own array, not a copy).

        Raises:
            ValueError: no such feature (the message lists the features).
        """
        return self.cpts[2 + 2 * self._feature_index(f)]

    def cpt_trans(self, f: int | str) -> np.ndarray:
        """P(F | F_prev, S_b, S_w) of one feature: the transition table.

        Args:
            f: the feature's index or name.

        Returns:
            Shape (K, K, S_f, S_f), indexed [b, w, previous state, state] (not a copy).

        Raises:
            ValueError: no such feature (the message lists the features).
        """
        return self.cpts[3 + 2 * self._feature_index(f)]

    def _feature_index(self, f: int | str) -> int:
        names = self.feature_names
        if isinstance(f, str) and f in names:
            return names.index(f)
        if isinstance(f, int | np.integer) and not isinstance(f, bool) and 0 <= f < len(names):
            return int(f)
        raise ValueError(f"unknown feature {f!r}: the model's features are {list(names)} "
                         f"(or their indices 0..{len(names) - 1})")

    def state_names(self) -> dict:
        """States per slice node: strategy ids for S_b and S_w, 0..n-1 for features."""
        s = self.structure
        ids = list(self.strategy_ids)
        return {n: ids if n in ("S_b", "S_w") else list(range(c)) for n, c in zip(s.names, s.cards, strict=True)}

    def slice_pgmpy(self):
        """The slice as a pgmpy ``DiscreteBayesianNetwork`` (S_w latent)."""
        return to_pgmpy(self.structure, self.cpts, self.state_names(), latents=["S_w"])

    def to_pgmpy(self, *, n_slices: int | None = None):
        """The DBN unrolled to ``n_slices`` (default ``self.n_slices``) as a pgmpy model.

        Nodes ``S_b``, ``S_w`` and ``{F}_{t}`` for t = 0..n-1 (0 oldest); ``{F}_0`` has
        :meth:`cpt_first`, ``{F}_t`` :meth:`cpt_trans` with ``{F}_{t-1}`` as F_prev.

        Raises:
            ValueError: ``n_slices`` < 1.
        """
        n = self.n_slices if n_slices is None else n_slices
        if n < 1:
            raise ValueError(f"n_slices must be >= 1, got {n}")
        k = len(self.strategy_ids)
        names, parents, cpts, states = ["S_b", "S_w"], [(), ()], [self.cpt_sb, self.cpt_sw], {}
        states["S_b"] = states["S_w"] = list(self.strategy_ids)
        for t in range(n):
            for f, name in enumerate(self.feature_names):
                names.append(f"{name}_{t}")
                states[names[-1]] = list(range(self.discretiser.n_states[f]))
                if t == 0:
                    parents.append((0, 1))
                    cpts.append(self.cpt_first(f))
                else:
                    parents.append((0, 1, names.index(f"{name}_{t - 1}")))
                    cpts.append(self.cpt_trans(f))
        cards = tuple(k if i < 2 else len(states[n_]) for i, n_ in enumerate(names))
        return to_pgmpy(Structure(tuple(names), tuple(parents), cards), cpts, states, latents=["S_w"])

    # --- P(e) ----------------------------------------------------------------------------
    def kernel_arrays(self) -> KernelArrays:
        """The model as plain arrays for the numba kernels (see :class:`~.pe.KernelArrays`).

        Built once and kept until ``cpts`` is replaced by another list; treat them as read-only.
        """
        if self._cache is not None and self._cache[0] is self.cpts:
            return self._cache[1]
        cuts, ncuts = self.discretiser.padded()
        nf, k = len(self.feature_names), len(self.strategy_ids)
        s = max(self.discretiser.n_states)
        first = np.full((nf, k, k, s), -np.inf)
        trans = np.full((nf, k, k, s, s), -np.inf)
        with np.errstate(divide="ignore"):
            for f, n in enumerate(self.discretiser.n_states):
                first[f, :, :, :n] = np.log(self.cpt_first(f))
                trans[f, :, :, :n, :n] = np.log(self.cpt_trans(f))
            arrays = KernelArrays(cuts, ncuts, np.log(self.cpt_sb), np.log(self.cpt_sw), first, trans,
                                  np.exp(first), np.exp(trans), *self.discretiser.lookup())
        self._cache = (self.cpts, arrays)
        return arrays

    def discretise(self, raw: np.ndarray) -> np.ndarray:
        """States of raw scores (see :meth:`Discretiser.transform`).

        Raises:
            ValueError: wrong shape or NaNs.
        """
        return self.discretiser.transform(raw)

    @property
    def reply_model(self) -> OpponentModel:
        """The model that scores White's replies: this one (a two-slice model answers with its White slice)."""
        return self

    def check_sb(self, sb) -> int:
        """Black's strategy id ``sb`` as an int, if the model knows it.

        Raises:
            ValueError: a bool, not an integer, or an id the model was not trained with.
        """
        if isinstance(sb, bool) or not isinstance(sb, int | np.integer) or int(sb) not in self.strategy_ids:
            raise ValueError(f"unknown strategy id {sb!r}: the model knows {self.strategy_ids}")
        return int(sb)

    def log_prob_evidence(self, history: np.ndarray, sb: int) -> float:
        """log P(e): the scores of every slice of ``history`` and S_b = ``sb``, S_w summed out.

        Args:
            history: (n, F) raw feature scores, oldest first, n >= 1.
            sb: Black's strategy id.

        Returns:
            log P(e).

        Raises:
            ValueError: wrong shape, no slices, NaNs, or an unknown strategy id.
        """
        sb = self.check_sb(sb)
        h = np.asarray(history)
        if h.ndim != 2 or len(h) == 0:
            raise ValueError(f"history must be (n >= 1, {len(self.feature_names)}) scores, got shape {h.shape}")
        return float(log_pe_states(self.kernel_arrays(), self.discretise(h), sb))

    def prob_evidence(self, history: np.ndarray, sb: int) -> float:
        """P(e) (see :meth:`log_prob_evidence`, which has the arguments and errors)."""
        return float(np.exp(self.log_prob_evidence(history, sb)))

    def log_pe_children(self, history: np.ndarray, children: np.ndarray, sb: int) -> np.ndarray:
        """log P(e) of ``history`` followed by each child.

        Args:
            history: (h, F) raw scores, oldest first, h >= 0.
            children: (m, F) raw scores.
            sb: Black's strategy id.

        Returns:
            (m,) log P(e) per child.

        Raises:
            ValueError: wrong shapes, NaNs, or an unknown strategy id.
        """
        sb = self.check_sb(sb)
        nf = len(self.feature_names)
        for what, x in (("history", history), ("children", children)):
            if np.ndim(x) != 2 and np.size(x) > 0:
                raise ValueError(f"{what} must be ({'h' if what == 'history' else 'm'}, {nf}) scores, "
                                 f"got shape {np.shape(x)}")
        hs = self.discretise(history) if np.size(history) else np.empty((0, nf), np.int64)
        cs = self.discretise(children) if np.size(children) else np.empty((0, nf), np.int64)
        out = np.empty(len(cs))
        log_pe_children(self.kernel_arrays(), hs, cs, sb, out)
        return out

    def sw_posterior(self, history: np.ndarray, sb: int) -> np.ndarray:
        """P(S_w | history, S_b = sb).

        Args:
            history: (n, F) raw scores (or one row (F,)), oldest first.
            sb: Black's strategy id.

        Returns:
            (K,), in S_w's state order.

        Raises:
            ValueError: as :meth:`log_prob_evidence`.
        """
        sb = self.check_sb(sb)
        out = np.empty(len(self.strategy_ids))
        sw_loglik_into(self.kernel_arrays(), self.discretise(np.atleast_2d(history)), sb, out)
        return softmax(out)

    def belief(self, history: Sequence, sb: int) -> np.ndarray:
        """P(S_w | the game so far), ``history`` its positions x_0 first: :meth:`sw_posterior` of its White chain
        x_0, x_2, ... (the recogniser interface of :class:`~pawnslib.play.players.RecognisingPlayer`)."""
        return self.sw_posterior(white_chain(history), sb)

    # --- files (pawnslib.dbn.modelfile) -----------------------------------------------------
    def save(self, path: str | Path) -> Path:
        """Write the model (discretiser, CPTs, ids, EM record, training provenance) to one ``.npz``.

        Args:
            path: the file (see :mod:`pawnslib.dbn.modelfile`); missing folders are created.

        Returns:
            The path written.

        Raises:
            ValueError: a field :meth:`load` would refuse (e.g. ``training`` not a dict of JSON
                scalars, ``n_slices`` < 1); nothing is written then.
        """
        modelfile.write(Path(path), *modelfile.slice_parts(self))
        return Path(path)

    @classmethod
    def load(cls, path: str | Path, *, feature_names: Sequence[str] = FEATURE_NAMES,
             n_strategies: int | None = None) -> OpponentModel:
        """Read a one-slice model written by :meth:`save`, checking all of it (:func:`~.modelfile.read_model`).

        Args:
            path: the file.
            feature_names: the features the caller scores positions with.
            n_strategies: the number of strategies expected (None: any).

        Returns:
            The model (a file from before ``training`` existed loads with ``training = {}``, one
            without ``latent`` as a row model).

        Raises:
            FileNotFoundError: no file at ``path``.
            ModelFileError: the file is not an opponent model, is truncated or corrupt, holds invalid
                contents, has other features or another number of strategies, or is a two-slice model's
                file (the message names its loaders); see :func:`~.modelfile.read_model`.
        """
        return modelfile.read_model(path, {modelfile.FILE_FORMAT: cls.from_file_parts}, feature_names=feature_names,
                                    n_strategies=n_strategies)

    @classmethod
    def from_file_parts(cls, header: dict, arrays: dict[str, np.ndarray], *,
                        feature_names: Sequence[str] = FEATURE_NAMES, n_strategies: int | None = None) -> OpponentModel:
        """The model of a checked one-slice header and its arrays (:func:`~.modelfile.slice_fields`).

        Raises:
            KeyError: a missing array (named).
            ValueError: invalid contents, or other features or strategies than expected.
        """
        return cls(**modelfile.slice_fields(header, arrays, feature_names=feature_names, n_strategies=n_strategies))
