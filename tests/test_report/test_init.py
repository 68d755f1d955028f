"""The report package imports lazily (its names are tested with the other lazy re-exports in tests/test_package.py)."""

import importlib
import subprocess
import sys


def test_importing_one_report_module_imports_none_of_the_others():
    code = ("import sys, pawnslib.report.bookconf, pawnslib.report.style; "
            "print(sorted(m for m in sys.modules if m.startswith('pawnslib.report.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['pawnslib.report.bookconf', 'pawnslib.report.style']"


def test_style_and_tables_import_each_other_no_more():
    """tables builds on style (cells, whether an index is shown); style imports no report module at all."""
    source = importlib.import_module("pawnslib.report.style").__file__
    with open(source, encoding="utf-8") as f:
        assert "pawnslib.report" not in "".join(line for line in f if "import" in line)
