"""Compile the kernels the tests use, once, before pytest's workers start:
two workers that both found an empty cache would each compile the same
kernels. With the cache warm, each worker loads them in about a second.

Numba compiles on one core per process, and a kernel one process has cached
is loaded by the others (analyzer/run/compile.py), so `make test` spreads the
warm-up over both cores in two lines of work that meet in the cache:
    core 1: warm_cache.py engine   (the Team Asia and Ghost Train planners,
            the engine and the greedy bots),
            then the compile_light tests (tests/conftest.py),
            then warm_cache.py tests (the test-only kernels: they load the
            bots both parts have cached by then)
    core 2: warm_cache.py planners runner
            (the solo planner, the search player and the simple bots; then run_block, which
            loads both parts and links them)
The parts are analyzer.run.compile's COMPILE_PARTS, the ones a first
`ttr simulate` compiles on two cores.

`warm_cache.py` alone does every part, in one process."""

import os
import sys
import time
from pathlib import Path

TESTS = Path(__file__).resolve().parent
sys.path.insert(0, str(TESTS))  # invariant_kernels
sys.path.insert(0, str(TESTS.parent))


def compile_runner() -> None:
    """run_block and what it calls: every bot, the engine, the writer. The
    parts it does not find cached it compiles in this process (no helper:
    the other core has its own line of work)."""
    import analyzer
    from analyzer.run.compile import PROCESSES_VAR

    os.environ[PROCESSES_VAR] = "1"

    analyzer.simulate(board="usa", players=2, bots="random", games=2, seed=1, threads=1, progress=False)


def compile_test_kernels() -> None:
    """The test-only entry points: the invariant checker (tests/invariant_kernels.py,
    which also plays the games the score oracles read), the scoring kernels
    called from Python, the tunnel odds, `ttr analyse`'s kernels."""
    import numpy as np
    from invariant_kernels import run_checked

    import analyzer
    from analyzer.boards import load_board
    from analyzer.bots import BOTS
    from kernels.core.scoring import grand_tour_bonus

    run_checked("usa", 2, BOTS["random"][0], 2, check_legal=True, seed=1, threads=1)
    grand_tour_bonus(load_board("usa").rules().to_array(), np.int64(1))
    analyzer.tunnel_odds_mc(revealed=[3], colour="red", trials=100, seed=1)
    # `ttr analyse`'s kernels: a position's claims placed, its moves played out
    from analyzer.analyse import analyse
    from analyzer.analyse.position import Position

    analyse(Position("warm-up", {"board": "usa", "seats": [{"hand": {"red": 1}, "routes": ["Atlanta-Miami"]}, {}]})
            .game(), 2, 1)


if __name__ == "__main__":
    # `warm_cache.py PART ...`: those parts, in that order (make test runs two lines of them, one per core)
    from analyzer.run.compile import COMPILE_PARTS, compile_part

    steps = {**{name: lambda name=name: compile_part(name) for name in COMPILE_PARTS},
             "runner": compile_runner, "tests": compile_test_kernels}
    parts = sys.argv[1:] or list(steps)
    if not set(parts) <= set(steps):
        sys.exit(f"usage: {sys.argv[0]} [{'] ['.join(steps)}]  (not {' '.join(parts)!r})")
    t0 = time.perf_counter()
    for part in parts:
        steps[part]()
    print(f"tests/warm_cache.py {' + '.join(parts)}: kernels compiled or loaded in {time.perf_counter() - t0:.0f} s",
          flush=True)
