"""Tests live in sub-folders that mirror the product: tests/kernels/ (core/,
variants/, bots/), tests/analyzer/ (cli/, report/, run/, stats/), tests/tools/,
tests/docs/ (the docs against the tree), and tests/rules/<doc>/ (one file per
section of docs/rules/<doc>.md); the top of tests/ keeps the tests of the whole tree (golden tables, layers, shape,
dependencies, rule IDs). The shared helpers (helpers.py, rule_games.py,
worlds.py, oracle.py, invariant_kernels.py, same_tables.py, cli_run.py,
golden/, fixtures/) stay at the top of tests/ and
are importable from every folder. Test file names stay unique across folders
(no __init__.py: pytest imports each test file by its base name)."""

import sys
from pathlib import Path

TESTS = str(Path(__file__).resolve().parent)
if TESTS not in sys.path:
    sys.path.insert(0, TESTS)


# Test files whose kernels are small (the engine's rules, scoring, paths and
# tunnel odds called from Python; no bot and no runner). `make test` runs them
# on one core while tests/warm_cache.py compiles the runner's kernels on the
# other, then the rest on both cores (Makefile, target test). A file missing
# here only runs later; a file listed wrongly only compiles more beside the warm-up.
COMPILE_LIGHT = {
    "analyzer/cli/test_cli_errors.py", "analyzer/stats/test_stats.py", "analyzer/test_boards.py",
    "analyzer/test_study_plan.py",
    "analyzer/test_boards_ghost_train.py", "analyzer/test_rulesets.py", "analyzer/test_tunnel_odds.py",
    "kernels/core/test_claimable.py", "kernels/core/test_state.py", "kernels/test_kernel_layers.py",
    "kernels/test_longest_trail.py", "kernels/test_paths.py", "rules/base/test_base_claims.py",
    "rules/base/test_base_components.py", "rules/base/test_base_doubles.py", "rules/base/test_base_market.py",
    "rules/base/test_base_scoring.py", "rules/base/test_base_setup.py", "rules/base/test_base_tickets.py",
    "rules/base/test_base_turn.py", "rules/europe/test_europe_actions.py", "rules/europe/test_europe_doubles.py",
    "rules/europe/test_europe_ferries.py", "rules/europe/test_europe_scoring.py",
    "rules/europe/test_europe_setup.py", "rules/europe/test_europe_stations.py",
    "rules/europe/test_europe_stations_oracle.py", "rules/europe/test_europe_tunnels.py",
    "rules/ghost_train/test_ghost_train_bonuses.py", "rules/ghost_train/test_ghost_train_components_and_setup.py",
    "rules/ghost_train/test_ghost_train_end.py", "rules/ghost_train/test_ghost_train_tickets.py",
    "rules/ghost_train/test_ghost_train_turn_and_doubles.py",
    "rules/nordic_countries/test_nordic_countries_ferries.py",
    "rules/nordic_countries/test_nordic_countries_murmansk_and_doubles.py",
    "rules/nordic_countries/test_nordic_countries_scoring.py",
    "rules/nordic_countries/test_nordic_countries_tickets_and_cards.py",
    "rules/nordic_countries/test_nordic_countries_tunnels.py", "test_dependencies.py", "test_layers.py",
    "test_shape.py", "test_rule_ids.py", "tools/test_board_ghost_train_tool.py", "tools/test_board_team_asia_tool.py",
    "tools/test_browser_tool.py", "analyzer/cli/test_cli_help.py", "docs/test_narration.py",
}


# The files that take longest (wall seconds of each file in the second phase of a `make test` on the
# 2-core machine, 2026-12-02), run first: pytest-xdist hands out whole files (--dist loadfile) in
# collection order (the Makefile passes --no-loadscope-reorder: by default xdist reorders the files by
# their number of tests), so a long file collected last keeps one worker busy after the other has
# finished. Longest first, the short files fill the gaps at the end. Only the order changes; a file
# missing here runs after these, in collection order.
LONGEST_FIRST = (
    "analyzer/run/test_tune.py", "test_golden.py", "kernels/test_invariants.py",
    "analyzer/report/test_report_page.py", "analyzer/run/test_dask.py", "kernels/test_score_recompute.py",
    "kernels/test_contract.py", "analyzer/run/test_sweep.py", "analyzer/report/test_report.py",
    "analyzer/run/test_runner.py", "kernels/test_maps_oracle.py",
    "rules/legendary_asia/test_legendary_asia_mountains.py", "analyzer/run/test_compile_notice.py",
    "kernels/bots/test_bots_expert.py",
)


def pytest_collection_modifyitems(config, items):
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
    files = {}
    for item in items:
        name = files[item] = Path(item.fspath).relative_to(TESTS).as_posix()
        if name in COMPILE_LIGHT:
            item.add_marker("compile_light")
    items.sort(key=lambda item: rank.get(files[item], len(LONGEST_FIRST)))  # stable: a file's tests keep their order
