"""Tests of the rules/zipai package, one test file per module it tests (tests/test_layout.py)."""
