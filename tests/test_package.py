"""The package's friendly names: the top level's, and the subpackages' lazy re-exports (``lazy_exports``)."""

import importlib
import subprocess
import sys

import pytest

import pawnslib

LAZY = ("pawnslib", "pawnslib.experiments", "pawnslib.report", "pawnslib.report.board")


def test_the_top_level_names_work():
    p = pawnslib.Position.start().play("base-2,6")
    assert pawnslib.perft(pawnslib.Position.start(), 2) == 16
    assert isinstance(pawnslib.alpha_beta_search(p, (1, 1, 1, 1, 1, 1), 2, seed=1), pawnslib.SearchResult)
    records = pawnslib.run_tournament({1: (1,) * 6}, None, pawnslib.RunSettings(rounds=1, depth=1, jobs=1),
                                      progress=False)
    assert len(records) == 1 and records[0]["black"] == records[0]["white"] == 1


def test_search_is_the_subpackage_whatever_is_imported_first():
    code = ("import pawnslib.search.ties; import pawnslib, types; "
            "print(isinstance(pawnslib.search, types.ModuleType), pawnslib.search.ties.__name__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["True", "pawnslib.search.ties"]


def test_calling_the_old_search_name_warns_and_still_searches():
    p = pawnslib.Position.start()
    with pytest.warns(DeprecationWarning, match="pawnslib.alpha_beta_search"):
        old = pawnslib.search(p, (1, 1, 1, 1, 1, 1), 2, seed=1)
    new = pawnslib.alpha_beta_search(p, (1, 1, 1, 1, 1, 1), 2, seed=1)
    assert (old.move, old.value, old.nodes) == (new.move, new.value, new.nodes)


@pytest.mark.parametrize(("package", "name"), [(p, n) for p in LAZY for n in importlib.import_module(p)._HOME])
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
