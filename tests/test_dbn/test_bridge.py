"""The pgmpy bridge: EM on a pgmpy network (the tests in test_em hold EM itself against pgmpy's)."""

import numpy as np
import pandas as pd
import pytest

from pawnslib.dbn import bridge


def test_cattle_example_of_table_2_1():
    from pgmpy.models import DiscreteBayesianNetwork

    data = pd.DataFrame({"Pr": [None, "yes", "yes", "yes", None], "Bt": ["pos", "neg", "pos", "pos", "neg"],
                         "Ut": ["pos", "pos", None, "neg", None]})
    net = DiscreteBayesianNetwork([("Pr", "Bt"), ("Pr", "Ut")])
    states = {"Pr": ["yes", "no"], "Bt": ["pos", "neg"], "Ut": ["pos", "neg"]}
    fitted, res = bridge.fit_em(net, data, state_names=states, init_cpds="uniform", pseudo_count=0, max_iter=1)
    pr = list(net.nodes()).index("Pr")
    np.testing.assert_allclose(res.counts[pr], [4, 1])
    assert fitted.get_cpds("Pr").get_value(Pr="yes") == pytest.approx(0.8)
