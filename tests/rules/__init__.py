"""Tests of the rules package, one test file per module it tests (tests/test_layout.py)."""
