"""The opponent model: discretiser, EM (against pgmpy's), P(e) (against pgmpy's VE), CPTs, files."""

import dataclasses
import json
import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pawnslib.dbn import em, pe
from pawnslib.dbn import model as dbn
from pawnslib.dbn.discretise import Discretiser, discretise_into, discretise_lut_into
from pawnslib.dbn.rows import row_columns
from pawnslib.dbn.twoslice import TwoSliceModel
from pawnslib.game.rules import FEATURE_NAMES

NF = len(FEATURE_NAMES)


def ve_log_pe(bn, evidence: dict) -> float:
    """log P(e) by pgmpy's VariableElimination and the chain rule P(e) = prod P(e_i | e_<i)."""
    from pgmpy.inference import VariableElimination

    ve, seen, total = VariableElimination(bn), {}, 0.0
    for var, state in evidence.items():
        q = ve.query([var], evidence=dict(seen) or None, show_progress=False)
        total += math.log(q.get_value(**{var: state}))
        seen[var] = state
    return total


def random_scores(rng, model, n):
    """Raw scores spread a little beyond what training saw (so some are out of range)."""
    lo = np.array([c[0] if len(c) else 0 for c in model.discretiser.cuts]) - 3
    hi = np.array([c[-1] if len(c) else 0 for c in model.discretiser.cuts]) + 3
    return rng.integers(np.floor(lo), np.ceil(hi) + 1, size=(n, NF))


# ---------------------------------------------------------------------------- discretiser


def test_discretiser_nearest_state_and_intervals():
    rng = np.random.default_rng(0)
    values = np.column_stack([
        rng.choice([-2, 0, 1, 5], 500),  # BMax: numbered
        rng.integers(-40, 40, 500),  # BSum: interval
        rng.normal(0, 30, 500).round(),  # DSum: interval
        np.zeros(500, int),  # OBMin: numbered, one value
        np.repeat([0, 1, 2], [400, 50, 50]),  # OBSum: interval with few values
        rng.choice([-1, 1], 500),  # PD
    ]).astype(np.int64)
    d = Discretiser.fit(values)
    assert d.kinds == ("numbered", "interval", "interval", "numbered", "interval", "numbered")
    assert d.n_states[0] == 4 and d.n_states[3] == 1 and d.n_states[5] == 2 and d.n_states[4] == 3
    assert d.n_states[1] == d.n_states[2] == 16
    # Equal-frequency: no interval holds more than twice its share.
    share = np.bincount(d.transform(values)[:, 1]) / 500
    assert share.max() < 2 / 16
    # Nearest seen value for numbered nodes, including out of range and unseen values.
    probe = np.zeros((6, NF), np.int64)
    probe[:, 0] = [-100, -2, -1, 3, 4, 100]
    assert d.transform(probe)[:, 0].tolist() == [0, 0, 1, 3, 3, 3]  # -1: tie of -2/0 -> upper
    assert d.labels(0) == ["-2", "0", "1", "5"]
    assert d.transform(np.full((1, NF), 10**6))[0].tolist() == [n - 1 for n in d.n_states]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-30, 30), min_size=1, max_size=20), st.integers(-60, 60))
def test_numbered_node_maps_to_a_nearest_seen_value(seen, v):
    values = np.zeros((len(seen), NF), np.int64)
    values[:, 5] = seen  # PD
    d = Discretiser.fit(values)
    u = np.unique(seen)
    probe = np.zeros(NF, np.int64)
    probe[5] = v
    state = d.transform(probe)[5]
    assert abs(u[state] - v) == np.abs(u - v).min()
    cuts, ncuts = d.padded()
    out = np.empty(NF, np.int64)
    discretise_into(cuts, ncuts, probe, out)
    assert out[5] == state


def test_discretise_kernel_matches_transform(model):
    rng = np.random.default_rng(1)
    raw = random_scores(rng, model, 200)
    a = model.kernel_arrays()
    out = np.empty(NF, np.int64)
    want = model.discretise(raw)
    for r in range(len(raw)):
        discretise_into(a.cuts, a.ncuts, raw[r], out)
        assert out.tolist() == want[r].tolist()


# ---------------------------------------------------------------------------- EM


def test_em_matches_pgmpy_discrete_em_from_the_same_initial_cpds():
    """The full six-feature slice, 100 rows sampled from a random slice, 10 iterations.

    pgmpy floors every CPD entry at 1e-10 in its E-step, which only matters for parent
    configurations whose expected count underflows; at this size none does.
    """
    from pgmpy.models import DiscreteBayesianNetwork
    from pgmpy.parameter_estimator import DiscreteEM

    k, rng = 3, np.random.default_rng(1)
    s = dbn.slice_structure(FEATURE_NAMES, [2] * NF, k)
    truth = [rng.dirichlet(np.full(s.cards[v], 2.0), size=s.shape(v)[:-1]) for v in range(len(s.names))]
    data = np.zeros((100, len(s.names)), np.int64)
    for v, ps in enumerate(s.parents):
        p = truth[v][tuple(data[:, q] for q in ps)] if ps else np.tile(truth[v], (100, 1))
        data[:, v] = (p.cumsum(1) > rng.random((100, 1))).argmax(1)
    data[:, 1] = em.MISSING
    init = em.random_cpts(s, rng)
    ours = em.em(s, data, init=init, pseudo_count=0, max_iter=10, tol=0)
    states = {n: list(range(c)) for n, c in zip(s.names, s.cards, strict=True)}
    start = em.to_pgmpy(s, init, states, latents=["S_w"])
    observed = [n for n in s.names if n != "S_w"]
    df = pd.DataFrame(data[:, [s.names.index(n) for n in observed]], columns=observed)
    est = DiscreteEM(state_names=states, latent_card={"S_w": k}, max_iter=10, atol=0, show_progress=False,
                     init_cpds={c.variable: c for c in start.get_cpds() if c.variable != "S_b"})
    est.fit(DiscreteBayesianNetwork(start.edges(), latents={"S_w"}), df)
    assert len(est.parameters_) == len(s.names)
    for cpd in est.parameters_:
        v = s.names.index(cpd.variable)
        theirs = em.cpd_to_array(cpd, [s.names[p] for p in s.parents[v]], states)
        np.testing.assert_allclose(ours.cpts[v], theirs, atol=1e-6, rtol=0, err_msg=cpd.variable)


def test_em_never_decreases_and_never_gives_zero(rows):
    raw = rows[row_columns()[: 2 * NF]].to_numpy(np.int64)
    d = Discretiser.fit(np.concatenate([raw[:, :NF], raw[:, NF:]]))
    s = dbn.slice_structure(FEATURE_NAMES, d.n_states, 4)
    data = dbn._slice_data(d, raw, rows["S_b"].to_numpy())
    ml = em.em(s, data, pseudo_count=0, max_iter=30, tol=0, seed=3)
    assert np.all(np.diff(ml.loglik) >= -1e-9 * abs(ml.loglik[-1]))
    np.testing.assert_array_equal(ml.loglik, ml.objective)
    res = em.em(s, data, pseudo_count=1, max_iter=30, tol=0, seed=3, restarts=3)
    assert np.all(np.diff(res.objective) >= -1e-9 * abs(res.objective[-1]))
    assert len(res.restart_logliks) == 3 and res.loglik[-1] == max(ll[-1] for ll in res.restart_logliks)
    assert min(c.min() for c in res.cpts) > 0
    for v, c in enumerate(res.cpts):
        np.testing.assert_allclose(c.sum(-1), 1, err_msg=s.names[v])


def test_model_has_no_zero_probability(model):
    assert model.pseudo_count == 1 and min(c.min() for c in model.cpts) > 0
    assert model.sw_matched and model.loglik.size == model.objective.size > 1


def test_em_refuses_bad_input():
    s = em.Structure(("A", "B"), ((), (0,)), (2, 3))
    with pytest.raises(ValueError, match=r"shape \(rows, 2\)"):
        em.em(s, np.zeros((4, 3), int))
    with pytest.raises(ValueError, match="node 'B': state 3 is outside 0..2"):
        em.em(s, np.array([[0, 3]]))
    with pytest.raises(ValueError, match="integer states"):
        em.em(s, np.array([[0.0, np.nan]]))
    with pytest.raises(ValueError, match="pseudo_count"):
        em.em(s, np.array([[0, 1]]), pseudo_count=-1)


def test_cattle_example_of_table_2_1():
    from pgmpy.models import DiscreteBayesianNetwork

    data = pd.DataFrame({"Pr": [None, "yes", "yes", "yes", None], "Bt": ["pos", "neg", "pos", "pos", "neg"],
                         "Ut": ["pos", "pos", None, "neg", None]})
    net = DiscreteBayesianNetwork([("Pr", "Bt"), ("Pr", "Ut")])
    states = {"Pr": ["yes", "no"], "Bt": ["pos", "neg"], "Ut": ["pos", "neg"]}
    fitted, res = em.fit_em(net, data, state_names=states, init_cpds="uniform", pseudo_count=0, max_iter=1)
    pr = list(net.nodes()).index("Pr")
    np.testing.assert_allclose(res.counts[pr], [4, 1])
    assert fitted.get_cpds("Pr").get_value(Pr="yes") == pytest.approx(0.8)


# ---------------------------------------------------------------------------- P(e)


def test_prob_evidence_matches_pgmpy_variable_elimination(model):
    rng = np.random.default_rng(2)
    for n in (1, 2, 4):
        bn = model.to_pgmpy(n_slices=n)
        assert len(bn.nodes()) == 2 + n * NF
        for _ in range(2 if n == 4 else 1):
            raw, sb = random_scores(rng, model, n), int(rng.integers(1, 5))
            states = model.discretise(raw)
            ev = {"S_b": sb} | {f"{f}_{t}": int(states[t, i]) for t in range(n) for i, f in enumerate(FEATURE_NAMES)}
            got = model.log_prob_evidence(raw, sb)
            assert got == pytest.approx(ve_log_pe(bn, ev), rel=0, abs=1e-9)
            assert model.prob_evidence(raw, sb) == pytest.approx(math.exp(got), rel=1e-12)


def test_batched_children_kernel_matches_pgmpy_and_single(model):
    rng = np.random.default_rng(3)
    bn = model.to_pgmpy(n_slices=4)
    history, children, sb = random_scores(rng, model, 3), random_scores(rng, model, 11), 2
    children[5] = children[2]  # equal children get bit-identical values (for pr)
    got = model.log_pe_children(history, children, sb)
    assert got[5] == got[2]
    for c in (0, 7):
        states = model.discretise(np.vstack([history, children[c]]))
        ev = {"S_b": sb} | {f"{f}_{t}": int(states[t, i]) for t in range(4) for i, f in enumerate(FEATURE_NAMES)}
        assert got[c] == pytest.approx(ve_log_pe(bn, ev), rel=0, abs=1e-9)
    for h in range(4):  # short histories early in a game, down to none
        want = [model.log_prob_evidence(np.vstack([history[3 - h:], ch]), sb) for ch in children]
        np.testing.assert_allclose(model.log_pe_children(history[3 - h:], children, sb), want, rtol=1e-12)
    a = model.kernel_arrays()
    out = np.empty(len(children))
    pe.log_pe_children(a, model.discretise(history), model.discretise(children), sb, out)
    np.testing.assert_array_equal(out, got)


def test_p_e_does_not_depend_on_latent_labels(model):
    rng = np.random.default_rng(4)
    raw = random_scores(rng, model, 4)
    other = model.permute_sw([2, 0, 3, 1])
    assert other.log_prob_evidence(raw, 3) == pytest.approx(model.log_prob_evidence(raw, 3), abs=1e-12)


def test_prob_evidence_refuses_bad_input(model):
    with pytest.raises(ValueError, match="unknown strategy id 5"):
        model.prob_evidence(np.zeros((4, NF), int), 5)
    with pytest.raises(ValueError, match=r"shape \(n, 6\)"):
        model.prob_evidence(np.zeros((4, 5), int), 1)
    with pytest.raises(ValueError, match="NaN"):
        model.prob_evidence(np.full((2, NF), np.nan), 1)
    with pytest.raises(ValueError, match="n >= 1"):
        model.prob_evidence(np.zeros((0, NF)), 1)
    with pytest.raises(ValueError, match="unknown strategy id"):
        model.log_pe_children(np.zeros((1, NF), int), np.zeros((2, NF), int), 0)


# ---------------------------------------------------------------------------- CPTs and pgmpy


def test_cpt_accessors_name_the_slice_tables(model):
    k, s = model.structure, model.discretiser.n_states
    assert model.cpt_sb is model.cpts[0] and model.cpt_sb.shape == (4,)
    assert model.cpt_sw is model.cpts[1] and model.cpt_sw.shape == (4,)
    for f, name in enumerate(FEATURE_NAMES):
        first, trans = model.cpt_first(name), model.cpt_trans(name)
        assert first is model.cpt_first(f) and trans is model.cpt_trans(np.int64(f))
        assert first.shape == (4, 4, s[f]) and trans.shape == (4, 4, s[f], s[f])
        assert first is model.cpts[k.names.index(name + "_prev")] and trans is model.cpts[k.names.index(name)]


@pytest.mark.parametrize("bad", ["Foo", "DSum_prev", 6, -1, True, 1.0])
def test_cpt_accessors_refuse_unknown_features(model, bad):
    for accessor in (model.cpt_first, model.cpt_trans):
        with pytest.raises(ValueError, match=rf"unknown feature {bad!r}: the model's features are \['BMax'"):
            accessor(bad)


def test_slice_pgmpy_model(model):
    bn = model.slice_pgmpy()
    assert bn.latents == {"S_w"} and len(bn.nodes()) == 2 + 2 * NF
    assert set(bn.get_parents("DSum")) == {"S_b", "S_w", "DSum_prev"}
    assert set(bn.get_parents("DSum_prev")) == {"S_b", "S_w"}
    assert bn.check_model()


def test_lookup_table_discretises_like_the_cuts(model):
    a = model.kernel_arrays()
    raw = np.arange(-400, 401)
    out_cuts, out_lut = np.empty(NF, np.int64), np.empty(NF, np.int64)
    for v in raw:
        x = np.full(NF, v, np.int64)
        discretise_into(a.cuts, a.ncuts, x, out_cuts)
        discretise_lut_into(a.lut, a.lut_lo, x, out_lut)
        assert (out_cuts == out_lut).all(), v


# ---------------------------------------------------------------------------- files


DROP = object()  # edit_file: remove this header key or array


def edit_file(path, header=None, arrays=None):
    """Rewrite a model file with header fields set and arrays replaced by ``f(old)``, or DROP-ped."""
    with np.load(path) as z:
        data = {k: z[k] for k in z.files}
    h = json.loads(str(data.pop("header")))
    for k, v in (header or {}).items():
        if v is DROP:
            del h[k]
        else:
            h[k] = v
    for k, f in (arrays or {}).items():
        if f is DROP:
            del data[k]
        else:
            data[k] = f(data[k])
    np.savez(path, header=np.array(json.dumps(h)), **data)


def _shift(c):
    # Move 0.5 from each row's first state to its second: rows still sum to 1, some entries < 0.
    return c + np.r_[-0.5, 0.5, np.zeros(c.shape[-1] - 2)]


def test_save_load_round_trip(model, tmp_path):
    path = model.save(tmp_path / "data" / "model.npz")
    back = dbn.OpponentModel.load(path, n_strategies=4)
    raw = random_scores(np.random.default_rng(5), model, 4)
    assert back.log_prob_evidence(raw, 1) == model.log_prob_evidence(raw, 1)
    assert back.discretiser.kinds == model.discretiser.kinds and back.sw_matched and back.training == {}
    np.testing.assert_array_equal(back.loglik, model.loglik)
    for a, b in zip(back.kernel_arrays(), model.kernel_arrays(), strict=True):
        np.testing.assert_array_equal(a, b)


def test_training_provenance_round_trip(model, tmp_path):
    training = {"set": "thesis", "rounds": 80, "depth": 6, "seed": 2008, "rules": "kalles", "note": None}
    path = dataclasses.replace(model, training=training).save(tmp_path / "model.npz")
    assert dbn.OpponentModel.load(path).training == training
    edit_file(path, {"training": DROP})  # a file from before the field: empty provenance
    assert dbn.OpponentModel.load(path).training == {}
    with pytest.raises(ValueError, match="'training' must be a JSON object of scalars"):
        dataclasses.replace(model, training={"rounds": [80]}).save(tmp_path / "other.npz")
    assert not (tmp_path / "other.npz").exists()


KINDS = ["numbered", "interval", "gaussian", "numbered", "interval", "numbered"]


@pytest.mark.parametrize("header, arrays, message", [
    pytest.param({}, {"cpt_5": lambda c: np.where(c == c.max(), np.nan, c)}, r"CPT of BSum has NaN", id="nan"),
    pytest.param({}, {"cpt_7": _shift}, r"CPT of DSum has negative entries", id="negative"),
    pytest.param({}, {"cpt_1": lambda c: c * 1.01}, r"CPT of S_w is not normalised: its row \(\) sums to 1.01",
                 id="unnormalised"),
    pytest.param({}, {"cpt_2": lambda c: c * (1 + 1e-5)}, r"CPT of BMax_prev is not normalised", id="off_by_1e-5"),
    pytest.param({}, {"cuts_1": lambda c: c[::-1]}, r"feature 'BSum': cut points are not sorted", id="unsorted_cuts"),
    pytest.param({"kinds": KINDS}, {}, r"feature 'DSum': unknown node kind 'gaussian'", id="unknown_kind"),
    pytest.param({"n_slices": 0}, {}, r"header field 'n_slices' must be an integer >= 1, got 0", id="zero_slices"),
    pytest.param({"n_slices": 2.5}, {}, r"'n_slices' must be an integer >= 1, got 2.5", id="float_slices"),
    pytest.param({"n_slices": True}, {}, r"'n_slices' must be an integer >= 1, got True", id="bool_slices"),
    pytest.param({"kinds": DROP, "n_slices": DROP}, {}, r"header lacks the required key\(s\) \['kinds', 'n_slices'\]",
                 id="missing_keys"),
    pytest.param({"training": {"set": ["thesis"]}}, {}, r"'training' must be a JSON object of scalars",
                 id="training_not_scalars"),
    pytest.param({"training": [1, 2]}, {}, r"'training' must be a JSON object", id="training_not_object"),
    pytest.param({}, {"cpt_13": DROP}, r"has no array 'cpt_13'", id="missing_array"),
    pytest.param({"feature_names": FEATURE_NAMES[::-1]}, {}, r"models features \['PD'", id="other_features"),
])
def test_load_refuses_invalid_contents_naming_file_and_problem(model, tmp_path, header, arrays, message):
    path = model.save(tmp_path / "model.npz")
    edit_file(path, header, arrays)
    with pytest.raises(dbn.ModelFileError, match=message) as e:
        dbn.OpponentModel.load(path)
    assert str(e.value).startswith(f"{path}: ")


def _npy(path):
    with open(path, "wb") as fh:  # np.save on a name would add ".npy"
        np.save(fh, np.zeros((3, NF)))


def _header(value):
    # A file whose header is this JSON value, and nothing else.
    return lambda path: np.savez(path, header=np.array(json.dumps(value)))


@pytest.mark.parametrize("write, message", [
    pytest.param(_npy, r"it is a single \.npy array", id="npy"),
    pytest.param(lambda path: path.write_text("S_b,S_w\n1,?\n"), r"it is not an \.npz \(zip\) archive", id="text"),
    pytest.param(lambda path: np.savez(path, x=np.zeros(3)), r"\(it has no header\)", id="no_header"),
    pytest.param(lambda path: np.savez(path, header=np.array("hello")), r"its header is not JSON", id="text_header"),
    pytest.param(_header([1, 2]), r"its header is a JSON list, not an object", id="list_header"),
    pytest.param(_header({"format": "x"}), r"\(format 'x', expected 'pawnslib", id="other_format"),
])
@pytest.mark.parametrize("loader", [dbn.OpponentModel.load, TwoSliceModel.load], ids=["one_slice", "two_slice"])
def test_load_refuses_files_that_are_not_a_model(tmp_path, write, message, loader):
    path = tmp_path / "model.npz"
    write(path)
    with pytest.raises(dbn.ModelFileError, match=f"not an opponent model file.*{message}") as e:
        loader(path)
    assert str(e.value).startswith(f"{path}: ")


def test_load_errors(model, tmp_path):
    with pytest.raises(FileNotFoundError, match="no opponent model"):
        dbn.OpponentModel.load(tmp_path / "missing.npz")
    path = model.save(tmp_path / "model.npz")
    cut = tmp_path / "cut.npz"
    cut.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    with pytest.raises(dbn.ModelFileError, match="truncated or corrupt"):
        dbn.OpponentModel.load(cut)
    with pytest.raises(dbn.ModelFileError, match="models features"):
        dbn.OpponentModel.load(path, feature_names=FEATURE_NAMES[:5])
    with pytest.raises(dbn.ModelFileError, match="models 4 strategies, expected 5"):
        dbn.OpponentModel.load(path, n_strategies=5)


def test_a_row_models_file_has_no_latent_key(model, tmp_path):
    """A row model's header is what it was before per-game models (``latent`` is written only for them)."""
    path = model.save(tmp_path / "model.npz")
    with np.load(path) as z:
        header = json.loads(str(z["header"]))
    assert model.latent == "row" and "latent" not in header
    assert list(header) == ["format", "feature_names", "kinds", "strategy_ids", "n_slices", "pseudo_count",
                            "converged", "sw_matched", "n_restarts", "n_states", "training"]
    assert dbn.OpponentModel.load(path).latent == "row"


@pytest.mark.parametrize("name", ["dbn_thesis.npz", "dbn_harmony.npz"])
def test_committed_model_files_are_rewritten_byte_for_byte(name, tmp_path):
    committed = Path(__file__).parents[2] / "results" / "data" / name
    if not committed.is_file():
        pytest.skip(f"no {committed}")
    back = dbn.OpponentModel.load(committed)
    assert back.latent == "row"
    assert back.save(tmp_path / name).read_bytes() == committed.read_bytes()
