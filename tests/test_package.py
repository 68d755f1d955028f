"""The package's friendly names: the top level's, and the subpackages' lazy re-exports (``lazy_exports``)."""

import importlib
import subprocess
import sys

import pytest

import pawnslib

LAZY = ("pawnslib.experiments", "pawnslib.report")


def test_the_top_level_names_work():
    p = pawnslib.Position.start().play("base-2,6")
    assert pawnslib.perft(pawnslib.Position.start(), 2) == 16
    assert isinstance(pawnslib.search(p, (1, 1, 1, 1, 1, 1), 2, seed=1), pawnslib.SearchResult)


@pytest.mark.parametrize(("package", "name"), [(p, n) for p in LAZY for n in importlib.import_module(p).__all__])
def test_every_lazy_name_is_its_modules_own(package, name):
    pkg = importlib.import_module(package)
    module = importlib.import_module(f"{package}.{pkg._HOME[name]}")
    assert getattr(pkg, name) is getattr(module, name)
    assert name in dir(pkg)


@pytest.mark.parametrize("package", LAZY)
def test_an_unknown_name_is_an_attribute_error_naming_the_package(package):
    with pytest.raises(AttributeError, match=rf"module '{package}' has no attribute 'nothing'"):
        importlib.import_module(package).nothing  # noqa: B018


def test_a_lazy_name_imports_its_module_alone():
    code = ("import sys; from pawnslib.experiments import wilson; "
            "print(sorted(m for m in sys.modules if m.startswith('pawnslib.experiments.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['pawnslib.experiments.stats']"
