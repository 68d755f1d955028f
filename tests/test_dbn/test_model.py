"""The opponent model: P(e) (against pgmpy's VE), its CPTs and its pgmpy export."""

import math

import numpy as np
import pytest

from pawnslib.dbn import pe
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


def test_model_has_no_zero_probability(model):
    assert model.pseudo_count == 1 and min(c.min() for c in model.cpts) > 0
    assert model.sw_matched and model.loglik.size == model.objective.size > 1


# ---------------------------------------------------------------------------- P(e)


def test_prob_evidence_matches_pgmpy_variable_elimination(model, random_scores):
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


def test_batched_children_kernel_matches_pgmpy_and_single(model, random_scores):
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


def test_p_e_does_not_depend_on_latent_labels(model, random_scores):
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
