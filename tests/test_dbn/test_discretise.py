"""The discretiser: nearest seen value and equal-frequency intervals, its kernels, its lookup table."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from pawnslib.dbn.discretise import Discretiser, discretise_into, discretise_lut_into
from pawnslib.game.rules import FEATURE_NAMES

NF = len(FEATURE_NAMES)


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


def test_discretise_kernel_matches_transform(model, random_scores):
    rng = np.random.default_rng(1)
    raw = random_scores(rng, model, 200)
    a = model.kernel_arrays()
    out = np.empty(NF, np.int64)
    want = model.discretise(raw)
    for r in range(len(raw)):
        discretise_into(a.cuts, a.ncuts, raw[r], out)
        assert out.tolist() == want[r].tolist()


def test_lookup_table_discretises_like_the_cuts(model):
    a = model.kernel_arrays()
    raw = np.arange(-400, 401)
    out_cuts, out_lut = np.empty(NF, np.int64), np.empty(NF, np.int64)
    for v in raw:
        x = np.full(NF, v, np.int64)
        discretise_into(a.cuts, a.ncuts, x, out_cuts)
        discretise_lut_into(a.lut, a.lut_lo, x, out_lut)
        assert (out_cuts == out_lut).all(), v
