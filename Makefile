# Two commands on a fresh machine: `make report` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
GAMES ?= 20000
THREADS ?= 0

.PHONY: all install report test lint bench clean

all: test

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

report: $(STAMP)
	$(BIN)/ttr report-default --games $(GAMES) --threads $(THREADS)

test: $(STAMP)
	$(BIN)/ruff check analyzer kernels tests bench
	$(BIN)/python -m pytest -q

lint: $(STAMP)
	$(BIN)/ruff check analyzer kernels tests bench

bench: $(STAMP)
	$(BIN)/python bench/bench.py

clean:
	rm -rf $(VENV) results/_default reports/default .pytest_cache
