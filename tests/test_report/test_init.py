"""The report package's friendly names: each one its module's own object, imported only when asked for."""

import importlib
import subprocess
import sys

import pytest

import pawnslib.report as report


@pytest.mark.parametrize("name", report.__all__)
def test_every_exported_name_is_its_modules_own(name):
    module = importlib.import_module(f"pawnslib.report.{report._HOME[name]}")
    assert getattr(report, name) is getattr(module, name)
    assert name in module.__all__ and name in dir(report)


def test_an_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        report.nothing  # noqa: B018


def test_importing_one_report_module_imports_none_of_the_others():
    code = ("import sys, pawnslib.report.render, pawnslib.report.style; "
            "print(sorted(m for m in sys.modules if m.startswith('pawnslib.report.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['pawnslib.report.render', 'pawnslib.report.style']"


def test_style_and_tables_import_each_other_no_more():
    """tables builds on style (cells, whether an index is shown); style imports no report module at all."""
    source = importlib.import_module("pawnslib.report.style").__file__
    with open(source, encoding="utf-8") as f:
        assert "pawnslib.report" not in "".join(line for line in f if "import" in line)
