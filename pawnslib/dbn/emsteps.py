"""EM's numba passes and the data layouts they run on; :mod:`pawnslib.dbn.em` drives them.

A network is plain tuples here: ``parents[v]`` (node indices) and ``cards[v]`` (state counts). Node v's CPT
is the run ``offsets[v]:offsets[v+1]`` of one flat parameter vector, in C order over (parents..., v).

* Per row (:func:`expand_rows`, :func:`e_step_rows`): the rows are deduplicated and each is given one entry
  per joint state of its missing values; the E-step is a log-sum-exp over a row's entries.
* Per game (:func:`group_rows`, :func:`e_step_games`): one latent node L shared by all rows of a game, every
  other node observed. Each distinct row's log-likelihood under each state k of L is computed once; a game is
  a list of (distinct row, multiplicity) pairs, ``l_g(k) = log P(L = k) + sum_r log P(row r | L = k)``, its
  posterior ``softmax(l_g)``; L's CPT counts it once per game, every other node once per row.
* :func:`m_step`: each CPT row normalised from its expected counts plus the Dirichlet pseudo-count.

Imports nothing from pawnslib.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit


def cpt_shape(parents: tuple[tuple[int, ...], ...], cards: tuple[int, ...], v: int) -> tuple[int, ...]:
    """Node v's CPT shape: its parents' state counts, then its own."""
    return tuple(cards[p] for p in parents[v]) + (cards[v],)


def cpt_offsets(parents: tuple[tuple[int, ...], ...], cards: tuple[int, ...]) -> np.ndarray:
    """(V+1,) int64: node v's CPT is the flat parameters ``offsets[v]:offsets[v+1]``."""
    sizes = [int(np.prod(cpt_shape(parents, cards, v))) for v in range(len(cards))]
    return np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)


# ---------------------------------------------------------------------------- per row


class RowLayout(NamedTuple):
    """The rows as :func:`e_step_rows` reads them."""

    idx: np.ndarray  # (E, V): flat parameter index of each node's CPT entry, per expanded entry
    starts: np.ndarray  # first entry of each unique row
    lengths: np.ndarray  # entries per unique row (the joint states of its missing variables)
    weight: np.ndarray  # multiplicity (or summed weight) of each unique row
    offsets: np.ndarray  # (V+1,): see cpt_offsets


def _unique_rows(data: np.ndarray, weights: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
    # One integer key per row (mixed radix over the states + 1) when it fits: far faster
    # than np.unique(axis=0).
    radix = data.max(axis=0).astype(np.int64) + 2
    if np.sum(np.log2(radix)) < 62:
        key = (data + 1) @ np.concatenate([np.cumprod(radix[::-1])[::-1][1:], [1]])
        _, first, inv = np.unique(key, return_index=True, return_inverse=True)
        uniq = data[first]
    else:
        uniq, inv = np.unique(data, axis=0, return_inverse=True)
    return uniq, np.bincount(inv.reshape(-1), weights=weights, minlength=len(uniq)).astype(np.float64)


def _missing_patterns(uniq: np.ndarray, cards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    # Each distinct pattern of missing values, and each row's pattern.
    missing = uniq < 0
    if len(cards) < 63:  # one bit per node, as np.unique(axis=0) is slow
        key = (missing * (1 << np.arange(len(cards)))).sum(axis=1)
        _, first, pat = np.unique(key, return_index=True, return_inverse=True)
        return missing[first], pat.reshape(-1)
    masks, pat = np.unique(missing, axis=0, return_inverse=True)
    return masks, pat.reshape(-1)


def expand_rows(parents: tuple[tuple[int, ...], ...], cards: tuple[int, ...], data: np.ndarray,
                weights: np.ndarray | None) -> RowLayout:
    """Deduplicate the rows, then give each one entry per joint state of its missing variables.

    Args:
        parents, cards: the network.
        data: (R, V) int64 states, ``-1`` where missing (checked by the caller).
        weights: (R,) row weights, or None for 1 each.

    Returns:
        The :class:`RowLayout`.
    """
    uniq, w = _unique_rows(data, weights)
    cards_ = np.array(cards)
    masks, pat = _missing_patterns(uniq, cards_)
    order = np.argsort(pat, kind="stable")
    uniq, w, pat = uniq[order], w[order], pat[order]
    parts, lengths = [], []
    for p, mask in enumerate(masks):
        rows = uniq[pat == p]
        miss = np.flatnonzero(mask)
        combos = np.array(list(np.ndindex(*cards_[miss])), np.int64).reshape(int(np.prod(cards_[miss])), len(miss))
        x = np.repeat(rows, len(combos), axis=0)
        x[:, miss] = np.tile(combos, (len(rows), 1))
        parts.append(x)
        lengths.append(np.full(len(rows), len(combos)))
    x = np.concatenate(parts)
    lengths = np.concatenate(lengths)
    starts = np.concatenate([[0], np.cumsum(lengths)[:-1]])
    offsets = cpt_offsets(parents, cards)
    width = 1 + max(len(p) for p in parents)
    fam = np.full((len(cards), width), -1, np.int64)  # node v's family (parents..., v), padded
    strides = np.zeros((len(cards), width), np.int64)  # and its C-order strides in v's CPT
    for v, ps in enumerate(parents):
        shape = cpt_shape(parents, cards, v)
        fam[v, : len(shape)] = [*ps, v]
        strides[v, : len(shape)] = np.cumprod((shape[1:] + (1,))[::-1])[::-1]
    idx = np.empty((len(x), len(cards)), np.int64)
    _flat_index(x, fam, strides, offsets, idx)
    return RowLayout(idx, starts.astype(np.int64), lengths.astype(np.int64), w, offsets)


@njit(cache=True)
def _flat_index(x, fam, strides, offsets, out):
    # out[e, v] = offsets[v] + flat index of entry e's (parents..., v) states in v's CPT.
    for e in range(x.shape[0]):
        for v in range(fam.shape[0]):
            i = offsets[v]
            for j in range(fam.shape[1]):
                if fam[v, j] >= 0:
                    i += x[e, fam[v, j]] * strides[v, j]
            out[e, v] = i


@njit(cache=True)
def e_step_rows(idx, starts, lengths, weight, logtheta, counts):
    """The E-step and expected counts (into ``counts``) of a :class:`RowLayout` at ``logtheta``.

    Returns (loglik, -1), or (nan, r) when unique row r has probability zero.
    """
    counts[:] = 0.0
    lp = np.empty(lengths.max())
    ll = 0.0
    for r in range(starts.shape[0]):
        s0, n = starts[r], lengths[r]
        mx = -np.inf
        for e in range(n):
            acc = 0.0
            for v in range(idx.shape[1]):
                acc += logtheta[idx[s0 + e, v]]
            lp[e] = acc
            mx = max(mx, acc)
        if mx == -np.inf:
            return np.nan, r
        tot = 0.0
        for e in range(n):
            lp[e] = np.exp(lp[e] - mx)
            tot += lp[e]
        ll += weight[r] * (mx + np.log(tot))
        for e in range(n):
            w = weight[r] * lp[e] / tot
            for v in range(idx.shape[1]):
                counts[idx[s0 + e, v]] += w
    return ll, -1


# ---------------------------------------------------------------------------- per game


class GameLayout(NamedTuple):
    """The games as :func:`e_step_games` reads them."""

    idx: np.ndarray  # (U, K, V-1): flat parameter index of distinct row u's other nodes' entries, given L = k
    lat: np.ndarray  # (K,): flat parameter index of P(L = k)
    starts: np.ndarray  # (G+1,): game g's pairs are starts[g]:starts[g+1]
    pair_row: np.ndarray  # (P,): each pair's distinct row
    pair_mult: np.ndarray  # (P,) float64: how often the game holds that row
    offsets: np.ndarray  # (V+1,): see cpt_offsets
    games: np.ndarray  # (G,): the game ids, ascending


def group_rows(parents: tuple[tuple[int, ...], ...], cards: tuple[int, ...], data: np.ndarray, games: np.ndarray,
               latent: int) -> GameLayout:
    """The distinct rows, each game's (distinct row, multiplicity) pairs, and the CPT entries of every row.

    Args:
        parents, cards: the network.
        data: (R, V) int64 states; column ``latent`` all missing, every other cell observed (checked by the caller).
        games: (R,) int64 game id of each row.
        latent: the latent node, which has no parents.

    Returns:
        The :class:`GameLayout`.
    """
    offsets = cpt_offsets(parents, cards)
    uniq, inv = np.unique(data, axis=0, return_inverse=True)
    ids, game = np.unique(games, return_inverse=True)
    key, mult = np.unique(game.reshape(-1) * len(uniq) + inv.reshape(-1), return_counts=True)
    starts = np.searchsorted(key // len(uniq), np.arange(len(ids) + 1)).astype(np.int64)
    others = [v for v in range(len(cards)) if v != latent]
    k = cards[latent]
    idx = np.empty((len(uniq), k, len(others)), np.int64)
    x = uniq.copy()
    for s in range(k):
        x[:, latent] = s
        for j, v in enumerate(others):
            fam = [x[:, p] for p in parents[v]] + [x[:, v]]
            idx[:, s, j] = offsets[v] + np.ravel_multi_index(fam, cpt_shape(parents, cards, v))
    lat = offsets[latent] + np.arange(k, dtype=np.int64)
    return GameLayout(idx, lat, starts, (key % len(uniq)).astype(np.int64), mult.astype(np.float64), offsets, ids)


@njit(cache=True)
def e_step_games(idx, lat, starts, pair_row, pair_mult, logtheta, rowll, w, post, counts):
    """The E-step and expected counts (into ``counts``) of a :class:`GameLayout` at ``logtheta``.

    ``rowll`` and ``w`` are (U, K) scratch; ``post`` (G, K) receives each game's posterior over L.
    Returns (loglik, -1), or (nan, g) when game g has probability zero.
    """
    n_uniq, k, n_other = idx.shape
    for u in range(n_uniq):
        for s in range(k):
            acc = 0.0
            for j in range(n_other):
                acc += logtheta[idx[u, s, j]]
            rowll[u, s] = acc
    w[:] = 0.0
    counts[:] = 0.0
    lp = np.empty(k)
    ll = 0.0
    for g in range(starts.shape[0] - 1):
        for s in range(k):
            lp[s] = logtheta[lat[s]]
        for p in range(starts[g], starts[g + 1]):
            for s in range(k):
                lp[s] += pair_mult[p] * rowll[pair_row[p], s]
        mx = -np.inf
        for s in range(k):
            mx = max(mx, lp[s])
        if mx == -np.inf:
            return np.nan, g
        tot = 0.0
        for s in range(k):
            lp[s] = np.exp(lp[s] - mx)
            tot += lp[s]
        ll += mx + np.log(tot)
        for s in range(k):
            post[g, s] = lp[s] / tot
            counts[lat[s]] += post[g, s]  # the latent node: one count per game
        for p in range(starts[g], starts[g + 1]):
            for s in range(k):
                w[pair_row[p], s] += pair_mult[p] * post[g, s]
    for u in range(n_uniq):  # every other node: each row weighted by its game's posterior
        for s in range(k):
            for j in range(n_other):
                counts[idx[u, s, j]] += w[u, s]
    return ll, -1


# ---------------------------------------------------------------------------- M-step


@njit(cache=True)
def m_step(counts, offsets, cards, pseudo_count, theta, logtheta):
    """theta = (counts + pseudo_count) normalised per parent configuration, and its log; returns sum(log theta)."""
    total = 0.0
    for v in range(cards.shape[0]):
        k = cards[v]
        for a in range(offsets[v], offsets[v + 1], k):
            tot = 0.0
            for j in range(a, a + k):
                tot += counts[j] + pseudo_count
            for j in range(a, a + k):
                # A parent configuration never seen (only with pseudo-count 0): uniform.
                theta[j] = (counts[j] + pseudo_count) / tot if tot > 0 else 1.0 / k
                logtheta[j] = np.log(theta[j]) if theta[j] > 0 else -np.inf
                total += logtheta[j]
    return total
