"""EM, both modes: per row against pgmpy's DiscreteEM, per game (``groups``) against brute force; properties."""

import math

import numpy as np
import pandas as pd
import pytest

from pawnslib.dbn import bridge, em, learn
from pawnslib.dbn.discretise import Discretiser
from pawnslib.dbn.model import OpponentModel
from pawnslib.dbn.rows import row_columns
from pawnslib.game.rules import FEATURE_NAMES

NF = len(FEATURE_NAMES)


# ---------------------------------------------------------------------------- per row


def test_em_matches_pgmpy_discrete_em_from_the_same_initial_cpds():
    """The full six-feature slice, 100 rows sampled from a random slice, 10 iterations.

    pgmpy floors every CPD entry at 1e-10 in its E-step, which only matters for parent
    configurations whose expected count underflows; at this size none does.
    """
    from pgmpy.models import DiscreteBayesianNetwork
    from pgmpy.parameter_estimator import DiscreteEM

    k, rng = 3, np.random.default_rng(1)
    s = learn.slice_structure(FEATURE_NAMES, [2] * NF, k)
    truth = [rng.dirichlet(np.full(s.cards[v], 2.0), size=s.shape(v)[:-1]) for v in range(len(s.names))]
    data = np.zeros((100, len(s.names)), np.int64)
    for v, ps in enumerate(s.parents):
        p = truth[v][tuple(data[:, q] for q in ps)] if ps else np.tile(truth[v], (100, 1))
        data[:, v] = (p.cumsum(1) > rng.random((100, 1))).argmax(1)
    data[:, 1] = em.MISSING
    init = em.random_cpts(s, rng)
    ours = em.run_em(s, data, init=init, pseudo_count=0, max_iter=10, tol=0)
    states = {n: list(range(c)) for n, c in zip(s.names, s.cards, strict=True)}
    start = bridge.to_pgmpy(s, init, states, latents=["S_w"])
    observed = [n for n in s.names if n != "S_w"]
    df = pd.DataFrame(data[:, [s.names.index(n) for n in observed]], columns=observed)
    est = DiscreteEM(state_names=states, latent_card={"S_w": k}, max_iter=10, atol=0, show_progress=False,
                     init_cpds={c.variable: c for c in start.get_cpds() if c.variable != "S_b"})
    est.fit(DiscreteBayesianNetwork(start.edges(), latents={"S_w"}), df)
    assert len(est.parameters_) == len(s.names)
    for cpd in est.parameters_:
        v = s.names.index(cpd.variable)
        theirs = bridge.cpd_to_array(cpd, [s.names[p] for p in s.parents[v]], states)
        np.testing.assert_allclose(ours.cpts[v], theirs, atol=1e-6, rtol=0, err_msg=cpd.variable)


def test_em_never_decreases_and_never_gives_zero(rows):
    raw = rows[row_columns()[: 2 * NF]].to_numpy(np.int64)
    d = Discretiser.fit(np.concatenate([raw[:, :NF], raw[:, NF:]]))
    s = learn.slice_structure(FEATURE_NAMES, d.n_states, 4)
    data = learn.slice_data(d, raw, rows["S_b"].to_numpy())
    ml = em.run_em(s, data, pseudo_count=0, max_iter=30, tol=0, seed=3)
    assert np.all(np.diff(ml.loglik) >= -1e-9 * abs(ml.loglik[-1]))
    np.testing.assert_array_equal(ml.loglik, ml.objective)
    res = em.run_em(s, data, pseudo_count=1, max_iter=30, tol=0, seed=3, restarts=3)
    assert np.all(np.diff(res.objective) >= -1e-9 * abs(res.objective[-1]))
    assert len(res.restart_logliks) == 3 and res.loglik[-1] == max(ll[-1] for ll in res.restart_logliks)
    assert min(c.min() for c in res.cpts) > 0
    for v, c in enumerate(res.cpts):
        np.testing.assert_allclose(c.sum(-1), 1, err_msg=s.names[v])


def test_em_refuses_bad_input():
    s = em.Structure(("A", "B"), ((), (0,)), (2, 3))
    with pytest.raises(ValueError, match=r"shape \(rows, 2\)"):
        em.run_em(s, np.zeros((4, 3), int))
    with pytest.raises(ValueError, match="node 'B': state 3 is outside 0..2"):
        em.run_em(s, np.array([[0, 3]]))
    with pytest.raises(ValueError, match="integer states"):
        em.run_em(s, np.array([[0.0, np.nan]]))
    with pytest.raises(ValueError, match="pseudo_count"):
        em.run_em(s, np.array([[0, 1]]), pseudo_count=-1)


# ---------------------------------------------------------------------------- per game: brute force


def brute_force(structure, cpts, data, games, pseudo_count):
    """Per-game EM's E-step and one M-step by enumerating the latent state of each game, in plain Python.

    Returns (posterior {game: [P(k)]}, loglik, objective, expected counts per node, the M-step's CPTs).
    """
    latent = [v for v in range(len(structure.names)) if all(row[v] == -1 for row in data)][0]
    k_states = structure.cards[latent]
    counts = [np.zeros(structure.shape(v)) for v in range(len(structure.names))]
    post, loglik = {}, 0.0
    for g in sorted(set(games)):
        mine = [list(data[r]) for r in range(len(data)) if games[r] == g]
        p = []
        for k in range(k_states):
            prob = cpts[latent][k]
            for row in mine:
                x = row.copy()
                x[latent] = k
                for v in range(len(structure.names)):
                    if v != latent:
                        prob *= cpts[v][tuple(x[q] for q in structure.parents[v]) + (x[v],)]
            p.append(prob)
        total = sum(p)
        loglik += math.log(total)
        post[g] = [q / total for q in p]
        for k in range(k_states):
            counts[latent][k] += post[g][k]
            for row in mine:
                x = row.copy()
                x[latent] = k
                for v in range(len(structure.names)):
                    if v != latent:
                        counts[v][tuple(x[q] for q in structure.parents[v]) + (x[v],)] += post[g][k]
    new = [(c + pseudo_count) / (c + pseudo_count).sum(-1, keepdims=True) for c in counts]
    objective = loglik + pseudo_count * sum(float(np.log(c).sum()) for c in cpts)
    return post, loglik, objective, counts, new


def tiny():
    """A (root, observed), L (latent), X | A, L and Y | A, L, X; two games (ids 7 and 3), interleaved."""
    s = em.Structure(("A", "L", "X", "Y"), ((), (), (0, 1), (0, 1, 2)), (2, 3, 3, 2))
    data = np.array([[0, -1, 2, 1], [1, -1, 0, 0], [0, -1, 1, 1], [0, -1, 2, 1], [1, -1, 0, 1], [1, -1, 0, 0]])
    return s, data, np.array([7, 3, 7, 7, 3, 3])  # game 7 holds a row twice, game 3 a row game 7 lacks


def small_slice():
    """The real slice with two features of 2 and 3 states and K = 2; three games."""
    s = learn.slice_structure(("P", "Q"), (2, 3), 2)
    rng = np.random.default_rng(4)
    data = np.column_stack([rng.integers(0, 2, 9), np.full(9, -1), rng.integers(0, 2, (9, 2)),
                            rng.integers(0, 3, (9, 2))])  # S_b, S_w, P_prev, P, Q_prev, Q
    return s, data, np.array([0, 0, 0, 0, 1, 1, 2, 2, 2])


@pytest.mark.parametrize("case", [tiny, small_slice])
def test_e_step_and_m_step_match_brute_force(case):
    s, data, games = case()
    cpts = em.random_cpts(s, np.random.default_rng(0))
    post, ll, obj, counts, new = brute_force(s, cpts, data.tolist(), games.tolist(), 0.5)
    ids = sorted(post)
    # max_iter=0: the E-step at the initial CPTs, and the counts it made.
    r0 = em.run_em(s, data, groups=games, init=cpts, pseudo_count=0.5, max_iter=0)
    assert isinstance(r0, em.GameEMResult) and r0.games.tolist() == ids and r0.n_iter == 0
    np.testing.assert_allclose(r0.posterior, [post[g] for g in ids], rtol=0, atol=1e-12)
    np.testing.assert_allclose(r0.loglik, [ll], rtol=1e-12)
    np.testing.assert_allclose(r0.objective, [obj], rtol=1e-12)
    for v in range(len(s.names)):
        np.testing.assert_allclose(r0.counts[v], counts[v], rtol=0, atol=1e-12, err_msg=s.names[v])
        np.testing.assert_array_equal(r0.cpts[v], cpts[v])
    # One M-step: its CPTs from those counts, then the E-step at them.
    r1 = em.run_em(s, data, groups=games, init=cpts, pseudo_count=0.5, max_iter=1, tol=0)
    post1, ll1, obj1, _, _ = brute_force(s, new, data.tolist(), games.tolist(), 0.5)
    for v in range(len(s.names)):
        np.testing.assert_allclose(r1.cpts[v], new[v], rtol=0, atol=1e-12, err_msg=s.names[v])
        np.testing.assert_allclose(r1.counts[v], counts[v], rtol=0, atol=1e-12, err_msg=s.names[v])
    np.testing.assert_allclose(r1.loglik, [ll, ll1], rtol=1e-12)
    np.testing.assert_allclose(r1.objective, [obj, obj1], rtol=1e-12)
    np.testing.assert_allclose(r1.posterior, [post1[g] for g in ids], rtol=0, atol=1e-12)
    assert obj1 >= obj


def test_the_latent_counts_once_per_game_and_other_nodes_once_per_row():
    s, data, games = tiny()
    r = em.run_em(s, data, groups=games, max_iter=0, seed=2)
    assert r.counts[1].sum() == pytest.approx(2)  # L: two games
    for v in (0, 2, 3):
        assert r.counts[v].sum() == pytest.approx(len(data))


# ---------------------------------------------------------------------------- per game: properties


@pytest.fixture(scope="module")
def slice_data(grows):
    """Those rows as EM's data for the real slice (K = 4), and their games."""
    model = OpponentModel.fit(grows, max_iter=0, restarts=1, seed=0)  # only for its discretiser
    raw = grows[row_columns()[: 2 * NF]].to_numpy(np.int64)
    data = learn.slice_data(model.discretiser, raw, grows["S_b"].to_numpy())
    return model.structure, data, grows["game"].to_numpy()


def test_one_row_per_game_is_row_em(slice_data):
    s, data, _ = slice_data
    kw = {"max_iter": 25, "tol": 0, "seed": 5}
    ours = em.run_em(s, data, groups=np.arange(len(data)), restarts=3, **kw)
    theirs = em.run_em(s, data, restarts=3, **kw)
    for a, b in zip(ours.restart_logliks, theirs.restart_logliks, strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-10)
    np.testing.assert_allclose(ours.restart_objectives, theirs.restart_objectives, rtol=1e-10)
    ours, theirs = em.run_em(s, data, groups=np.arange(len(data)), **kw), em.run_em(s, data, **kw)
    for v, (a, b) in enumerate(zip(ours.cpts, theirs.cpts, strict=True)):
        np.testing.assert_allclose(a, b, rtol=0, atol=1e-10, err_msg=s.names[v])
        np.testing.assert_allclose(ours.counts[v], theirs.counts[v], rtol=1e-9, atol=1e-9, err_msg=s.names[v])


@pytest.mark.parametrize("pseudo_count", [0.0, 1.0])
def test_objective_never_decreases(slice_data, pseudo_count):
    s, data, games = slice_data
    r = em.run_em(s, data, groups=games, pseudo_count=pseudo_count, max_iter=40, tol=0, seed=3, restarts=2)
    for ll in r.restart_logliks:
        assert 1 < len(ll) <= 41  # tol=0: stops early only at an exact fixed point
    assert np.all(np.diff(r.objective) >= -1e-9 * abs(r.objective[-1]))
    if pseudo_count == 0:
        np.testing.assert_array_equal(r.loglik, r.objective)
    else:
        assert min(c.min() for c in r.cpts) > 0
    for v, c in enumerate(r.cpts):
        np.testing.assert_allclose(c.sum(-1), 1, err_msg=s.names[v])
    np.testing.assert_allclose(r.posterior.sum(1), 1)
    assert r.posterior.shape == (len(np.unique(games)), 4)


def test_restarts_and_seeds_are_deterministic(slice_data):
    s, data, games = slice_data
    a = em.run_em(s, data, groups=games, max_iter=20, seed=9, restarts=3)
    b = em.run_em(s, data, groups=games, max_iter=20, seed=9, restarts=3)
    for x, y in zip(a.cpts + [a.objective, a.posterior, a.restart_objectives],
                    b.cpts + [b.objective, b.posterior, b.restart_objectives], strict=True):
        np.testing.assert_array_equal(x, y)
    assert a.objective[-1] == a.restart_objectives.max() and len(a.restart_logliks) == 3
    one = em.run_em(s, data, groups=games, max_iter=20, seed=9)  # the first restart draws the same CPTs
    np.testing.assert_array_equal(one.loglik, a.restart_logliks[0])
    other = em.run_em(s, data, groups=games, max_iter=20, seed=10)
    assert not np.array_equal(other.loglik, one.loglik)


def test_em_with_groups_refuses_bad_input():
    s, data, games = tiny()
    cases = [
        (dict(data=data[:, :3]), r"shape \(rows, 4\)"),
        (dict(games=games[:-1]), r"one integer game id per row \(6\)"),
        (dict(games=games.astype(float)), "one integer game id"),
        (dict(data=np.where(data == 2, 5, data)), r"node 'X': state 5 is outside 0..2"),
        (dict(data=np.where(np.arange(4) == 1, 0, data)), r"exactly one node must be latent .* got \[\]"),
        (dict(data=np.where(np.arange(4) == 3, -1, data)), r"got \['L', 'Y'\]"),
        (dict(data=np.where((np.arange(6) == 2)[:, None] & (np.arange(4) == 2), -1, data)),
         "row 2, node 'X': missing; only the latent node 'L'"),
        (dict(pseudo_count=-1), "pseudo_count must be >= 0"),
        (dict(restarts=0), "restarts >= 1"),
        (dict(init="flat"), "init must be"),
        (dict(init=em.uniform_cpts(s)[:2]), "init must hold 4 CPTs"),
    ]
    for kw, message in cases:
        args = {"data": data, "games": games} | kw
        with pytest.raises(ValueError, match=message):
            em.run_em(s, args.pop("data"), groups=args.pop("games"), **args)
    child = em.Structure(("A", "L", "X"), ((), (0,), (1,)), (2, 2, 2))
    with pytest.raises(ValueError, match="latent node 'L' must have no parents"):
        em.run_em(child, np.array([[0, -1, 1]]), groups=np.array([0]))
    zero = em.uniform_cpts(s)
    zero[2] = np.zeros((2, 3, 3))
    zero[2][..., 0] = 1  # X = 0 always: game 7's rows (X = 2, 1) are impossible
    with pytest.raises(ValueError, match="game 7 has probability zero"):
        em.run_em(s, data, groups=games, init=zero, pseudo_count=0)


def test_groups_refuse_weights_and_init_must_hold_every_cpt():
    s, data, games = tiny()
    with pytest.raises(ValueError, match="weights are per row: give either groups or weights"):
        em.run_em(s, data, groups=games, weights=np.ones(len(data)))
    with pytest.raises(ValueError, match="init must hold 4 CPTs"):  # per row too
        em.run_em(s, data, init=em.uniform_cpts(s)[:2])


def test_the_old_name_em_still_runs_em_with_a_warning():
    with pytest.warns(DeprecationWarning, match="renamed pawnslib.dbn.em.run_em"):
        assert em.em is em.run_em
    with pytest.raises(AttributeError, match="has no attribute 'nothing'"):
        em.nothing  # noqa: B018  (the attribute lookup is the test)
