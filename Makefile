# One entry point for everything: set-up is automatic (.venv is made or refreshed from pyproject.toml).
SHELL := /bin/bash
PY := .venv/bin/python
export PATH := $(CURDIR)/.venv/bin:$(PATH)
# The same floating-point results on every x86-64 machine: NumPy picks its AVX-512 kernels (log, exp, ...) where the
# CPU has them, and they differ from its AVX2 ones in the last bit, which moved EM's log-likelihoods by 1e-10 and
# flipped a predicate's decision in 2 of 1,600 games. Off, every machine with AVX2 computes alike.
export NPY_DISABLE_CPU_FEATURES := X86_V4 AVX512_ICL AVX512_SPR
# The master seed of the whole reproduction (every game, search and EM restart derives from it) and the
# number of workers of each step: empty means pawnslib/config.py's SEED and JOBS; e.g. `make reproduce SEED=7 JOBS=2`.
# (One worker a step, JOBS=1, was tried: two 320-game tournaments side by side took 60 s against 70 s on two
# workers each, but in `make reproduce` the king reading's Harmony* chain then held one core for 45 minutes, its
# last step at the end, and the whole run took longer.)
SEED ?=
JOBS ?=
# The tie-breaking scheme every search plays by (config.NOISES): empty means config.NOISE, the thesis's; e.g.
# `make reproduce NOISE=position R=results_position` keeps another scheme's results apart.
NOISE ?=
# How many steps `make reproduce` runs at once. Two on this 2-core machine: a notebook, a page or a model's
# training uses one core, and a tournament beside it takes the other (`make reproduce STEPS=1`: one at a time,
# so that each step's time in results/logs/steps.txt is its own). Outputs do not depend on it.
STEPS ?= 2
# The readings of the rules (pawnslib/config.py's READINGS; see the README): `make reproduce` runs every one of
# READINGS, `make reading` only RULES, e.g. `make reading RULES=king`.
READINGS ?= kalles king
RULES ?= kalles
# The strategy sets each reading plays (config.READING_SETS), e.g. `make reproduce SETS_king=thesis` for the
# thesis's strategies only.
SETS_kalles ?= thesis harmony
SETS_king ?= thesis harmony
# Chapter 13's paired comparison plays this set under RULES (config.COMPARISON_SETS), every method 100 rounds.
COMPARE_SET ?= thesis

.PHONY: test lint bench browser-check lab lock
.DEFAULT_GOAL := test

# numba's cache filled by two processes side by side (pawnslib.experiments.warmup), each compiling its part of the
# kernels; seconds when the cache is full. The set-up runs it, so that a user's first command or notebook loads the
# kernels instead of compiling them; `make test` runs it again, as a change to pawnslib empties the cache.
WARM = $(PY) -m pawnslib compile --part 1 & part1=$$!; $(PY) -m pawnslib compile --part 2 && wait $$part1

# Every install takes the exact versions in $(LOCK) (Python 3.11, Linux; dev extra included), then the
# project itself without dependencies; it re-runs when the lock or pyproject.toml changes.
LOCK := requirements.lock
.venv/stamp: pyproject.toml $(LOCK)
	test -x $(PY) || python3 -m venv .venv
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r $(LOCK)
	$(PY) -m pip install -q --no-deps -e .
	$(PY) -m pip check
	$(PY) -m ipykernel install --sys-prefix --name pawnslib --display-name "Python (pawnslib)" > /dev/null
	@echo "Compiling the package's numba kernels into its cache, once (a few minutes), so that a first command or notebook starts as fast as later ones:"
	$(WARM)
	touch $@

# `make lock` re-resolves pyproject.toml (with the dev extra) for Python 3.11 to the newest versions, rewrites
# $(LOCK), and copies the new versions into environment.yml's pins; `make lock UPGRADE=` keeps every pin it
# can and only follows pyproject.toml's changes. (A dependency added to pyproject.toml is added to
# environment.yml by hand; tests/test_environment.py says which.)
UPGRADE ?= --upgrade
lock:
	test -x $(PY) || python3 -m venv .venv
	$(PY) -m pip install -q uv==0.13.9
	$(PY) -m uv pip compile pyproject.toml --extra dev --python-version 3.11.5 --annotation-style line \
		--custom-compile-command "make lock" $(UPGRADE) --quiet -o $(LOCK)
	$(PY) -c 'import re, pathlib as p; n = lambda s: re.sub(r"[-_.]+", "-", s).lower(); \
		v = {n(a): b for a, b in re.findall(r"(?m)^([\w.-]+)==(\S+)", p.Path("$(LOCK)").read_text())}; \
		e = p.Path("environment.yml"); \
		e.write_text(re.sub(r"(?m)^(\s*- )([\w.-]+)==\S+", lambda m: m[1] + m[2] + "==" + v[n(m[2])], e.read_text()))'

lint: .venv/stamp
	$(PY) -m ruff check pawnslib tests benchmarks notebooks

# The suite runs on every core (pytest-xdist); `$(PY) -m pytest tests/...` runs a part of it in one process. First
# numba's cache is filled by two processes side by side (as `make reproduce` does), so that the workers load the
# kernels instead of each compiling them (in a fresh clone that halves the suite's time); it takes seconds when the
# cache is warm.
test: lint
	$(WARM)
	$(PY) -m pytest -n auto

bench: .venv/stamp
	$(PY) benchmarks/run.py

# The committed site in headless Chromium (1400 x 900): every page's first screen holds its finding, no table is wider
# than the column. The suite runs the same tests and skips them where Chromium is missing (Debian: apt-get install
# -y chromium).
browser-check: .venv/stamp
	$(PY) -m pytest -v tests/test_report/test_browser.py

# JupyterLab refuses to run as root unless told it may (a container's usual user).
# JupyterLab at the repository's root, so that both the notebooks (notebooks/, stored without outputs) and their
# executed copies (results/notebooks/) are in its file browser; it opens on notebooks/, and refuses to save over
# anything in results/ (pawnslib.report.lab: File > Save Notebook As... keeps a copy). Optional: PORT, TOKEN (else
# Jupyter makes one and prints it), NO_BROWSER=1: e.g. `make lab PORT=8899 TOKEN=secret NO_BROWSER=1`.
PORT ?=
TOKEN ?=
NO_BROWSER ?=
lab: .venv/stamp
	$(PY) -m jupyter lab --notebook-dir=. --LabApp.default_url=/lab/tree/notebooks $(if $(PORT),--port=$(PORT)) \
		--ContentsManager.pre_save_hook=pawnslib.report.lab.keep_committed \
		$(if $(TOKEN),--IdentityProvider.token=$(TOKEN)) $(if $(NO_BROWSER),--no-browser) \
		$(if $(filter 0,$(shell id -u)),--allow-root)

include reproduce.mk
