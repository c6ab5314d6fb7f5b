# The two commands of the README. Both set up what they need first.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
# pytest-xdist workers for `make test`: one per core; they share one build of the site (tests/conftest.py `once`)
WORKERS ?= auto
# Lint ([tool.ruff]) and types ([tool.mypy], strict on rules/). Each step runs whatever the steps
# before it found, so one run reports every failure; the target then fails if any step failed.
LINT := $(BIN)/ruff check . || status=1; $(BIN)/mypy || status=1;

.PHONY: site test test-fast lint setup-site setup-test

site: setup-site
	$(BIN)/python -m generator build

test: setup-test
	@status=0; $(LINT) $(BIN)/python -m pytest -n $(WORKERS) || status=1; exit $$status

# The fast lane: every test but the browser and the slow ones (pyproject.toml's markers).
test-fast: setup-test
	@status=0; $(LINT) $(BIN)/python -m pytest -n $(WORKERS) -m "not browser and not slow" || status=1; exit $$status

lint: setup-test
	@status=0; $(LINT) exit $$status

setup-site:
	@scripts/setup site

setup-test:
	@scripts/setup test
