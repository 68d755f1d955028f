"""Tests of pawnslib.search, one file per module (a package: test modules may share a name across layers)."""
