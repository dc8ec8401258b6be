"""Same seed, same tables: every board x bot x player count that plays
gives, for 300 games, the tables recorded in tests/golden/digests.json.

The digests are regenerated only on purpose (python tests/golden/make_golden.py),
in a commit of their own that says why play changed. This test runs the grid
on two threads, so it also checks that the tables do not depend on how the
games are spread over threads.
"""

import json
from pathlib import Path

import pytest
from golden.digest import GAMES, SEED, grid, run_digests

GOLDEN = json.loads((Path(__file__).parent / "golden" / "digests.json").read_text())
RUNS = grid()


def test_golden_file_matches_the_grid():
    assert GOLDEN["games"] == GAMES and GOLDEN["seed"] == SEED
    assert sorted(GOLDEN["runs"]) == sorted(label for label, _ in RUNS)


@pytest.mark.parametrize("label,kwargs", RUNS, ids=[label for label, _ in RUNS])
def test_same_seed_same_tables(label, kwargs):
    assert run_digests(kwargs, threads=2) == GOLDEN["runs"][label]
