"""The per-game model: per-game EM against brute force, its properties, and OpponentModel(latent="game")."""

import dataclasses
import json
import math

import numpy as np
import pytest
from scipy.optimize import linear_sum_assignment

from pawnslib.dbn import em
from pawnslib.dbn import model as dbn
from pawnslib.dbn.model import ModelFileError, OpponentModel
from pawnslib.dbn.pergame import LATENTS, GameEMResult, em_per_game
from pawnslib.dbn.recognition import (
    game_posteriors,
    latent_mass,
    match_latent_states,
    recognition_accuracy,
    recognition_trace,
)
from pawnslib.dbn.rows import row_columns, training_rows
from pawnslib.game.rules import FEATURE_NAMES

NF = len(FEATURE_NAMES)
FIT = {"restarts": 2, "max_iter": 40, "seed": 1}


# ---------------------------------------------------------------------------- brute force


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
    s = dbn.slice_structure(("P", "Q"), (2, 3), 2)
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
    r0 = em_per_game(s, data, games, init=cpts, pseudo_count=0.5, max_iter=0)
    assert isinstance(r0, GameEMResult) and r0.games.tolist() == ids and r0.n_iter == 0
    np.testing.assert_allclose(r0.posterior, [post[g] for g in ids], rtol=0, atol=1e-12)
    np.testing.assert_allclose(r0.loglik, [ll], rtol=1e-12)
    np.testing.assert_allclose(r0.objective, [obj], rtol=1e-12)
    for v in range(len(s.names)):
        np.testing.assert_allclose(r0.counts[v], counts[v], rtol=0, atol=1e-12, err_msg=s.names[v])
        np.testing.assert_array_equal(r0.cpts[v], cpts[v])
    # One M-step: its CPTs from those counts, then the E-step at them.
    r1 = em_per_game(s, data, games, init=cpts, pseudo_count=0.5, max_iter=1, tol=0)
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
    r = em_per_game(s, data, games, max_iter=0, seed=2)
    assert r.counts[1].sum() == pytest.approx(2)  # L: two games
    for v in (0, 2, 3):
        assert r.counts[v].sum() == pytest.approx(len(data))


# ---------------------------------------------------------------------------- properties


@pytest.fixture(scope="module")
def grows(records):
    """The conftest games' training rows, with White's true id and the game."""
    return training_rows(records, truth=True, game=True)


@pytest.fixture(scope="module")
def slice_data(grows):
    """Those rows as EM's data for the real slice (K = 4), and their games."""
    model = OpponentModel.fit(grows, max_iter=0, restarts=1, seed=0)  # only for its discretiser
    raw = grows[row_columns()[: 2 * NF]].to_numpy(np.int64)
    data = dbn._slice_data(model.discretiser, raw, grows["S_b"].to_numpy())
    return model.structure, data, grows["game"].to_numpy()


def test_one_row_per_game_is_row_em(slice_data):
    s, data, _ = slice_data
    kw = {"max_iter": 25, "tol": 0, "seed": 5}
    ours, theirs = em_per_game(s, data, np.arange(len(data)), restarts=3, **kw), em.em(s, data, restarts=3, **kw)
    for a, b in zip(ours.restart_logliks, theirs.restart_logliks, strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-10)
    np.testing.assert_allclose(ours.restart_objectives, theirs.restart_objectives, rtol=1e-10)
    ours, theirs = em_per_game(s, data, np.arange(len(data)), **kw), em.em(s, data, **kw)
    for v, (a, b) in enumerate(zip(ours.cpts, theirs.cpts, strict=True)):
        np.testing.assert_allclose(a, b, rtol=0, atol=1e-10, err_msg=s.names[v])
        np.testing.assert_allclose(ours.counts[v], theirs.counts[v], rtol=1e-9, atol=1e-9, err_msg=s.names[v])


@pytest.mark.parametrize("pseudo_count", [0.0, 1.0])
def test_objective_never_decreases(slice_data, pseudo_count):
    s, data, games = slice_data
    r = em_per_game(s, data, games, pseudo_count=pseudo_count, max_iter=40, tol=0, seed=3, restarts=2)
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
    a = em_per_game(s, data, games, max_iter=20, seed=9, restarts=3)
    b = em_per_game(s, data, games, max_iter=20, seed=9, restarts=3)
    for x, y in zip(a.cpts + [a.objective, a.posterior, a.restart_objectives],
                    b.cpts + [b.objective, b.posterior, b.restart_objectives], strict=True):
        np.testing.assert_array_equal(x, y)
    assert a.objective[-1] == a.restart_objectives.max() and len(a.restart_logliks) == 3
    one = em_per_game(s, data, games, max_iter=20, seed=9)  # the first restart draws the same CPTs
    np.testing.assert_array_equal(one.loglik, a.restart_logliks[0])
    other = em_per_game(s, data, games, max_iter=20, seed=10)
    assert not np.array_equal(other.loglik, one.loglik)


def test_em_per_game_refuses_bad_input():
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
            em_per_game(s, args.pop("data"), args.pop("games"), **args)
    child = em.Structure(("A", "L", "X"), ((), (0,), (1,)), (2, 2, 2))
    with pytest.raises(ValueError, match="latent node 'L' must have no parents"):
        em_per_game(child, np.array([[0, -1, 1]]), np.array([0]))
    zero = em.uniform_cpts(s)
    zero[2] = np.zeros((2, 3, 3))
    zero[2][..., 0] = 1  # X = 0 always: game 7's rows (X = 2, 1) are impossible
    with pytest.raises(ValueError, match="game 7 has probability zero"):
        em_per_game(s, data, games, init=zero, pseudo_count=0)


# ---------------------------------------------------------------------------- the per-game opponent model


@pytest.fixture(scope="module")
def game_model(grows):
    return OpponentModel.fit(grows, latent="game", white_truth=grows["S_w_true"], **FIT)


def test_fit_learns_by_per_game_em(grows, game_model):
    assert game_model.latent == "game" and game_model.sw_matched
    plain = OpponentModel.fit(grows, latent="game", **FIT)
    assert plain.latent == "game" and not plain.sw_matched
    raw = grows[row_columns()[: 2 * NF]].to_numpy(np.int64)
    data = dbn._slice_data(plain.discretiser, raw, grows["S_b"].to_numpy())
    res = em_per_game(plain.structure, data, grows["game"].to_numpy(), **FIT)
    for a, b in zip(plain.cpts, res.cpts, strict=True):
        np.testing.assert_array_equal(a, b)
    np.testing.assert_array_equal(plain.objective, res.objective)
    # Matched = the unmatched fit relabelled by the game-level matching.
    relabelled = plain.permute_sw(match_latent_states(plain, grows, grows["S_w_true"]))
    for a, b in zip(relabelled.cpts, game_model.cpts, strict=True):
        np.testing.assert_array_equal(a, b)
    # game_posteriors is the per-game EM's E-step at the model's CPTs.
    e = em_per_game(plain.structure, data, grows["game"].to_numpy(), init=plain.cpts, max_iter=0)
    np.testing.assert_allclose(game_posteriors(plain, grows), e.posterior, rtol=0, atol=1e-10)
    np.testing.assert_allclose(game_posteriors(plain, grows), res.posterior, rtol=0, atol=1e-10)


def test_latent_states_are_matched_per_game(grows, game_model):
    mass = latent_mass(game_model, grows, grows["S_w_true"])
    assert mass.sum() == pytest.approx(grows["game"].nunique())  # each game counts once
    r, c = linear_sum_assignment(-mass)
    assert mass[r, c].sum() == pytest.approx(np.trace(mass))
    np.testing.assert_array_equal(match_latent_states(game_model, grows, grows["S_w_true"]), np.arange(4))
    truth = grows["S_w_true"].to_numpy().copy()
    truth[3] = truth[3] % 4 + 1  # row 3 (game 0) names another White
    with pytest.raises(ValueError, match=r"one id per game: game 0 has \d and, at row 3, \d"):
        latent_mass(game_model, grows, truth)


def test_fit_refuses_unknown_latent_and_rows_without_games(grows):
    with pytest.raises(ValueError, match=r"latent must be one of 'row', 'game' .*got 'games'"):
        OpponentModel.fit(grows, latent="games")
    with pytest.raises(ValueError, match=r"lack the column 'game'.*training_rows\(records, game=True\)"):
        OpponentModel.fit(grows.drop(columns="game"), latent="game")
    assert LATENTS == ("row", "game")


def test_inference_is_the_same_dbn(game_model, records):
    bn = game_model.to_pgmpy(n_slices=3)
    assert bn.check_model() and bn.latents == {"S_w"}
    assert game_model.slice_pgmpy().check_model()
    rec = records[4]
    f = np.array(rec["features"])
    trace = recognition_trace(game_model, f, rec["black"])
    chain, b = game_model.discretise(f[0::2]), rec["black"] - 1
    for j in range(1, len(chain)):  # P(S_w | White's chain so far), by multiplying CPT entries
        p = game_model.cpt_sw.copy()
        for i in range(NF):
            p *= game_model.cpt_first(i)[b, :, chain[0, i]]
            for t in range(1, j + 1):
                p *= game_model.cpt_trans(i)[b, :, chain[t - 1, i], chain[t, i]]
        np.testing.assert_allclose(trace[j - 1], p / p.sum(), rtol=1e-9)
    np.testing.assert_allclose(game_model.sw_posterior(f[0::2][: len(trace) + 1], rec["black"]), trace[-1])
    table = recognition_accuracy(game_model, records)
    assert table["games"].iloc[0] == len(records) and table["accuracy"].between(0, 1).all()


def test_save_load_keeps_latent(game_model, tmp_path):
    path = game_model.save(tmp_path / "game.npz")
    with np.load(path) as z:
        assert json.loads(str(z["header"]))["latent"] == "game"
    back = OpponentModel.load(path)
    assert back.latent == "game" and back.sw_matched
    for a, b in zip(back.cpts, game_model.cpts, strict=True):
        np.testing.assert_array_equal(a, b)
    with pytest.raises(ValueError, match="latent must be one of"):
        dataclasses.replace(game_model, latent="moves").save(tmp_path / "bad.npz")
    assert not (tmp_path / "bad.npz").exists()


@pytest.mark.parametrize("value, latent", [(None, "row"), ("row", "row"), ("moves", None), (1, None)])
def test_load_reads_latent_or_refuses_it(game_model, tmp_path, value, latent):
    path = game_model.save(tmp_path / "game.npz")
    with np.load(path) as z:
        data = {k: z[k] for k in z.files}
    header = json.loads(str(data.pop("header")))
    if value is None:
        del header["latent"]  # a file from before the field
    else:
        header["latent"] = value
    np.savez(path, header=np.array(json.dumps(header)), **data)
    if latent is None:
        with pytest.raises(ModelFileError, match=rf"{path}: header field 'latent' must be one of \['row', 'game'\]"):
            OpponentModel.load(path)
    else:
        assert OpponentModel.load(path).latent == latent
