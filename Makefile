# The two commands of the README. Both set up what they need first.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: site test setup-site setup-test

site: setup-site
	$(BIN)/python -m generator build

test: setup-test
	$(BIN)/python -m pytest

setup-site:
	@scripts/setup site

setup-test:
	@scripts/setup test
