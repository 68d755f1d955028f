"""Tests of pawnslib.experiments, one file per module (a package: test modules may share a name across layers)."""
