# Two commands on a fresh machine: `make report` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# GAMES: games of one main study of the report (Europe, each player count;
# every other study runs its share of it: docs/report.md "How long make report takes").
GAMES ?= 100000
# BOTS: the bots of every study (one name, or a comma list cycled over the seats).
BOTS ?= planner
NAME ?= default
SEED ?= 1
THREADS ?= 0

.PHONY: all install report screenshot test check-install lint bench clean

all: test

# uv installs the same declared dependencies as pip, in about 30 s instead of
# about 70 s (a fresh clone's `make test`); plain pip if uv cannot be had.
# --compile-bytecode as pip does: where PYTHONDONTWRITEBYTECODE is set, every
# process (test workers, CLI subprocesses, Dask workers) would otherwise
# compile numba, pandas and dask from source, about 10 s each.
$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet uv && $(BIN)/uv pip install --quiet --compile-bytecode --python $(BIN)/python -e '.[dev]' || \
		{ $(BIN)/pip install --quiet --upgrade pip && $(BIN)/pip install --quiet -e '.[dev]'; }
	touch $(STAMP)

install: $(STAMP)

comma := ,
RESULTS := results/$(NAME)-$(subst $(comma),+,$(BOTS))-$(GAMES)

# The default studies (USA and Europe at 2-5 players, the double-route
# closure pairs, the tunnel house rule), resumable, then reports/$(NAME)/index.html.
report: $(STAMP)
	$(BIN)/ttr report --name $(NAME) --games $(GAMES) --bots $(BOTS) --seed $(SEED) --threads $(THREADS) \
		--results $(RESULTS)

# A PNG of the report's header and Answers as headless Chromium draws them, beside the page
# (tools/browser.py; it also lists what a reader would see wrong). Needs `make report` first and
# Debian's chromium and chromium-driver.
screenshot: $(STAMP)
	$(BIN)/python tools/browser.py reports/$(NAME)/index.html --png reports/$(NAME)/screenshot.png

# TEST_WORKERS: pytest processes (pytest-xdist; a test file stays in one
# process, so its module fixtures run once). The kernels are compiled first,
# once, so the workers only load them. Numba compiles on one core per process
# and a process loads what another has cached, so the warm-up is two lines of
# work, one per core (tests/warm_cache.py): the variant planners, the engine and the greedy bots,
# then the tests that need no bot or runner kernel (marked compile_light by
# tests/conftest.py), then the test-only kernels (which load the bots the
# other core has cached by then); beside it the planners, then the runner
# (which loads both parts). Every test runs; the target fails if any part failed.
TEST_WORKERS ?= 2
test: $(STAMP)
	$(BIN)/ruff check analyzer kernels tests bench tools
	$(BIN)/python tests/warm_cache.py planners runner & warm=$$!; \
	$(BIN)/python tests/warm_cache.py engine && $(BIN)/python -m pytest -q -m compile_light; light=$$?; \
	$(BIN)/python tests/warm_cache.py tests || { wait $$warm; exit 1; }; \
	wait $$warm || exit 1; \
	$(BIN)/python -m pytest -q -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder -m "not compile_light"; rest=$$?; \
	test $$light -eq 0 && test $$rest -eq 0

# A plain `pip install .` (no extras) in a fresh virtual environment, then a
# small `ttr simulate`, `ttr summary` and `ttr report` (its templates are
# package data) run outside the source tree: every module the product imports
# must be a declared dependency. The kernels are compiled afresh for the
# installed copy (a few minutes; the CLI says so), unless CHECK_INSTALL_CACHE
# names a compile cache of the same sources (CI passes the one `make test` filled).
CHECK_INSTALL_CACHE ?=
check-install:
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	echo "check-install: a fresh venv in $$tmp, pip install . (no extras)" && \
	$(PY) -m venv "$$tmp/venv" && \
	"$$tmp/venv/bin/pip" install --quiet --upgrade pip && \
	"$$tmp/venv/bin/pip" install --quiet . && \
	cd "$$tmp" && export TTR_CACHE_DIR="$(or $(CHECK_INSTALL_CACHE),$$tmp/cache)" && \
	"$$tmp/venv/bin/ttr" simulate --board usa --players 2 --bots greedy --games 100 --out "$$tmp/run" && \
	"$$tmp/venv/bin/ttr" summary "$$tmp/run" && \
	"$$tmp/venv/bin/ttr" report "$$tmp/run" --out "$$tmp/report" && test -s "$$tmp/report/index.html" && \
	echo "check-install: ok"

lint: $(STAMP)
	$(BIN)/ruff check analyzer kernels tests bench tools

bench: $(STAMP)
	$(BIN)/python bench/bench.py

clean:
	rm -rf $(VENV) results/default-* reports/default .pytest_cache
