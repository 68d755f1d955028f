"""Tests of pawnslib.dbn, one file per module (a package, so that test modules may share a name across layers)."""
