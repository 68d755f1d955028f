"""pyproject.toml, requirements.lock and environment.yml must stay in step.

pyproject.toml names the dependencies (loosely), requirements.lock pins every package to an exact version
(`make lock` writes it, `make` installs it), and environment.yml pins each direct dependency to its locked
version. None of them ever brings in torch.
"""

import ast
import os
import re
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "requirements.lock"
ENV = ROOT / "environment.yml"
# torch and what comes with it: pgmpy has it as an optional extra only, and it must stay that way.
FORBIDDEN = re.compile(r"^(torch|torchvision|torchaudio|pytorch|pyro-ppl|triton|nvidia-.*)$")


def _direct() -> list[Requirement]:
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return [Requirement(r) for r in meta["dependencies"] + meta["optional-dependencies"]["dev"]]


def _locked() -> dict[str, str]:
    pins = {}
    for line in LOCK.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        m = re.fullmatch(r"([A-Za-z0-9][\w.-]*)==([\w.+!-]+)", line)
        assert m, f"requirements.lock: not an exact pin: {line!r}"
        pins[canonicalize_name(m.group(1))] = m.group(2)
    return pins


def _environment_pins() -> dict[str, str]:
    pins = {}
    for line in ENV.read_text().splitlines():
        m = re.fullmatch(r"\s*-\s+([A-Za-z0-9][\w.-]*)==(\S+)\s*", line)
        if m:
            pins[canonicalize_name(m.group(1))] = m.group(2)
    return pins


def test_lock_pins_every_direct_dependency_within_pyproject():
    locked = _locked()
    for req in _direct():
        name = canonicalize_name(req.name)
        assert name in locked, f"{req.name} is in pyproject.toml but not in requirements.lock: run `make lock`"
        assert req.specifier.contains(Version(locked[name]), prereleases=True), (
            f"requirements.lock has {req.name}=={locked[name]}, which pyproject.toml's {req} excludes: run `make lock`"
        )


def test_environment_yml_pins_the_locked_versions():
    locked = _locked()
    wanted = {canonicalize_name(r.name): locked.get(canonicalize_name(r.name)) for r in _direct()}
    pinned = _environment_pins()
    assert pinned.keys() == wanted.keys(), (
        f"only in pyproject.toml: {sorted(wanted.keys() - pinned.keys())}; "
        f"only in environment.yml: {sorted(pinned.keys() - wanted.keys())}"
    )
    differ = {n: (pinned[n], wanted[n]) for n in wanted if pinned[n] != wanted[n]}
    assert not differ, f"environment.yml vs requirements.lock (run `make lock UPGRADE=`): {differ}"


def test_environment_yml_installs_the_lock_and_python_3_11():
    text = ENV.read_text()
    assert re.search(r"^\s*-\s+-r requirements\.lock\s*$", text, re.M), "environment.yml must install the lock"
    assert re.search(r"^\s*-\s+python[=<>]+3\.11", text, re.M), "environment.yml must ask for Python 3.11"


def test_torch_is_never_a_dependency():
    names = set(_locked()) | set(_environment_pins()) | {canonicalize_name(r.name) for r in _direct()}
    assert not {n for n in names if FORBIDDEN.match(n)}
    assert not any("torch" in r.extras for r in _direct())


def test_installed_versions_are_the_locked_ones():
    """The environment the tests run in is the locked one (`make` re-installs when the lock changes)."""
    differ = {}
    for name, version in _locked().items():
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:
            installed = None
        if installed is None or Version(installed) != Version(version):
            differ[name] = (installed, version)
    assert not differ, f"installed vs requirements.lock (run `make`): {differ}"


def test_compiled_kernels_are_kept_per_version_of_the_whole_package(tmp_path):
    """Numba revalidates a cached kernel only against its own file; the cache folder is named after every source
    file, so a change to game.py (whose tables search.py's kernels inline) also retires search.py's kernels."""
    import os
    import shutil

    import numba

    import pawnslib

    package = Path(pawnslib.__file__).parent
    if "NUMBA_CACHE_DIR" not in os.environ:
        assert pawnslib.NUMBA_CACHE == package / "__pycache__" / f"numba-{pawnslib.source_digest(package)}"
    assert numba.config.CACHE_DIR == str(pawnslib.NUMBA_CACHE)
    copy = tmp_path / "pawnslib"
    shutil.copytree(package, copy, ignore=shutil.ignore_patterns("__pycache__"))
    before = pawnslib.source_digest(copy)
    assert before == pawnslib.source_digest(package)
    rules = copy / "game" / "rules.py"  # a file in a subpackage counts too
    rules.write_text(rules.read_text().replace("MAX_PLIES = 200", "MAX_PLIES = 201"))
    assert pawnslib.source_digest(copy) != before


def test_make_turns_off_numpys_avx512_kernels():
    """NumPy's AVX-512 kernels round differently from its AVX2 ones (EM's log-likelihoods moved by 1e-10): every
    `make` command runs without them, so machines with and without AVX-512 compute alike."""
    m = re.search(r"^export NPY_DISABLE_CPU_FEATURES := (.+)$", (ROOT / "Makefile").read_text(), re.M)
    assert m, "the Makefile must export NPY_DISABLE_CPU_FEATURES"
    probe = ("from numpy._core._multiarray_umath import __cpu_features__ as f, __cpu_dispatch__ as d; "
             "print([t for t in d if f.get(t)])")
    env = {k: v for k, v in os.environ.items() if k != "NPY_DISABLE_CPU_FEATURES"}
    out = subprocess.run([sys.executable, "-c", probe], env=env | {"NPY_DISABLE_CPU_FEATURES": m.group(1)},
                         capture_output=True, text=True, check=True)
    assert "Warning" not in out.stderr, out.stderr  # every name is one NumPy knows
    used = ast.literal_eval(out.stdout)
    assert not [t for t in used if t.startswith(("X86_V4", "AVX512"))], used
