"""Saved tables: a CSV and its markdown copy, floats at a fixed precision."""

import pandas as pd

from pawnslib.report.tables import FLOAT_DIGITS, save_table


def test_a_sum_in_another_order_writes_the_same_file(tmp_path):
    one = pd.DataFrame({"n": [3], "total": [0.1 + 0.2 + 0.3]})  # 0.6000000000000001
    other = pd.DataFrame({"n": [3], "total": [0.3 + 0.2 + 0.1]})  # 0.6
    assert one.total[0] != other.total[0]
    a, _ = save_table(one, "a", tmp_path)
    b, _ = save_table(other, "b", tmp_path)
    assert a.read_text() == b.read_text() == "n,total\n3,0.6\n"


def test_floats_keep_their_significant_digits(tmp_path):
    df = pd.DataFrame({"x": [1234.567890123456, 2.5e-9, 7.0]}, index=pd.Index(["a", "b", "c"], name="k"))
    csv, md = save_table(df, "t", tmp_path)
    back = pd.read_csv(csv, index_col="k")
    assert FLOAT_DIGITS == 12 and back.x.tolist() == [1234.56789012, 2.5e-9, 7.0]
    assert md.read_text().startswith("| k | x |")
