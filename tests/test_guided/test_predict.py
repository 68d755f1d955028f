"""The pessimistic ratio (Definition 11.1.1) and the seen-before heuristic."""

from fractions import Fraction

import numpy as np
import pytest

from pawnslib.guided import predict


def test_pr_is_an_exact_fraction():
    values = [-3.0, -1.0, -1.0, -7.0]
    assert predict.pessimistic_ratios(values) == [Fraction(3, 4), Fraction(2, 4), Fraction(2, 4), Fraction(1)]
    assert predict.pessimistic_ratio(values, 1) == Fraction(1, 2)  # 2/4 == 1/2
    assert predict.pessimistic_ratio([0.5] * 10, 3) == 1  # all tie
    assert predict.pessimistic_ratio([0.1 * i for i in range(10)], 9) == Fraction(1, 10)


def test_numba_pr_keys_reduce_equal_fractions():
    assert predict.pr_key(2, 4) == predict.pr_key(1, 2) == (1, 2)
    assert predict.pr_key(5, 5) == (1, 1)
    seen = np.zeros(predict.SEEN_SHAPE, np.bool_)
    predict.mark_seen(seen, 2, 4)
    assert predict.seen_before(seen, 1, 2) and predict.seen_before(seen, 3, 6)
    assert not predict.seen_before(seen, 1, 3)
    predict.mark_seen(seen, 3, 3)
    assert not predict.seen_before(seen, 4, 4)  # pr == 1 is never likely


def test_predictor_counts_predictions():
    p = predict.Predictor()
    assert p.observe([-1.0, -2.0, -3.0], 1) is None  # nothing seen yet: no prediction
    assert p.played == [Fraction(2, 3)]
    # 6 children; pr 4/6 == 2/3 was played: the children with pr 2/3 are likely.
    values = [-1.0, -5.0, -2.0, -2.0, -2.0, -9.0]  # prs: 1/6, 5/6, 4/6, 4/6, 4/6, 1
    assert p.likely(values).tolist() == [False, False, True, True, True, False]
    assert p.observe(values, 3) is True
    assert p.observe(values, 0) is False
    assert p.observe([-1.0, -1.0], 0) is None  # all tie: pr 1, no prediction
    assert p.summary() == {"moves": 4, "predictions": 2, "correct": 1, "mean_likely": 3.0,
                           "mean_likely_when_correct": 3.0}
    assert p.seen[2, 3] and p.seen[1, 6] and p.seen[1, 1]


def test_bad_values_are_refused():
    with pytest.raises(ValueError, match="NaN at child 1"):
        predict.pessimistic_ratios([0.0, float("nan")])
    with pytest.raises(ValueError, match="non-empty"):
        predict.Predictor().likely([])
    with pytest.raises(ValueError, match=f"at most {predict.MAX_CHILDREN}"):
        predict.Predictor().likely(np.zeros(predict.MAX_CHILDREN + 1))
    with pytest.raises(ValueError, match="out of range"):
        predict.Predictor().observe([0.0, 1.0], 2)


def test_mostlikely_predicates():
    counts = [3, 2, 2, 4]  # pr = 3/4, 2/4, 2/4, 4/4
    seen = np.zeros(predict.SEEN_SHAPE, np.bool_)
    seen[1, 2] = True  # 1/2 was played before: 2/4 is the same pr
    assert [predict.is_mostlikely(c, 4, 0, 0.0, seen) for c in counts] == [False, True, True, False]
    seen[1, 1] = True  # pr = 1 never counts as likely, seen or not
    assert not predict.is_mostlikely(4, 4, 0, 0.0, seen)
    assert predict.is_mostlikely(1, 4, 3, 0.3, seen) and not predict.is_mostlikely(2, 4, 3, 0.3, seen)  # threshold
    assert (predict.SEEN_BEFORE, predict.THRESHOLD) == (0, 3)
    assert predict.predicate() == (predict.SEEN_BEFORE, 0.0) and predict.predicate(("threshold", 0.3)) == (3, 0.3)
    assert predict.predicate("always") == (predict.ALWAYS, 0.0) and predict.predicate("never")[0] == predict.NEVER


def test_bad_predicates_are_refused():
    with pytest.raises(ValueError, match="mostlikely"):
        predict.predicate("sometimes")
    with pytest.raises(ValueError, match="mostlikely"):
        predict.predicate(("seen_before", 0.2))
