# Two commands on a fresh machine: `make report` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
GAMES ?= 20000
STUDY_GAMES ?= 2000
THREADS ?= 0

.PHONY: all install report test lint bench clean

all: test

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

RUN := results/default-europe-4p-$(GAMES)

# Until the HTML report lands: the default Europe study, its summary and the
# tunnel figures in reports/default/.
report: $(STAMP)
	$(BIN)/ttr simulate --board europe --players 4 --bots greedy --games $(GAMES) --seed 1 \
		--threads $(THREADS) --out $(RUN) --resume
	$(BIN)/ttr tunnels --revealed 3,4,5,6 --plot reports/default/tunnel_odds.png
	$(BIN)/ttr tunnels --from $(RUN) --plot reports/default/tunnels_in_play.png
	$(BIN)/ttr tunnels --study $(STUDY_GAMES) --revealed 2,3,4,5,6 --plot reports/default/tunnel_reveal_study.png

test: $(STAMP)
	$(BIN)/ruff check analyzer kernels tests bench
	$(BIN)/python -m pytest -q

lint: $(STAMP)
	$(BIN)/ruff check analyzer kernels tests bench

bench: $(STAMP)
	$(BIN)/python bench/bench.py

clean:
	rm -rf $(VENV) results/default-* reports/default .pytest_cache
