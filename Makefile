# One entry point for everything: set-up is automatic (.venv is made or refreshed from pyproject.toml).
SHELL := /bin/bash
PY := .venv/bin/python
export PATH := $(CURDIR)/.venv/bin:$(PATH)
# The master seed of the whole reproduction: every game, search and EM restart derives from it.
SEED ?= 2008
JOBS ?= -1

.PHONY: test lint bench lab
.DEFAULT_GOAL := test

.venv/stamp: pyproject.toml
	test -x $(PY) || python3 -m venv .venv
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	$(PY) -m ipykernel install --sys-prefix --name pawnslib --display-name "Python (pawnslib)" > /dev/null
	touch $@

lint: .venv/stamp
	$(PY) -m ruff check pawnslib tests benchmarks notebooks

test: lint
	$(PY) -m pytest

bench: .venv/stamp
	$(PY) benchmarks/run.py

lab: .venv/stamp
	$(PY) -m jupyter lab --notebook-dir=notebooks

include reproduce.mk
