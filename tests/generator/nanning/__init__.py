"""Tests of the generator/nanning package, one test file per module it tests (tests/test_layout.py)."""
