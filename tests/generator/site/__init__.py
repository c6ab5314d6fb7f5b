"""Tests of the generator/site package, one test file per module it tests (tests/test_layout.py)."""
