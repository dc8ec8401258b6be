"""Compile the kernels the tests use, once, before pytest's workers start:
two workers that both found an empty cache would each compile the same
kernels. With the cache warm, each worker loads them in about a second.

Numba compiles on one core, so `make test` spreads the warm-up over both:
    core 1: warm_cache.py runner  (run_block: the engine and every bot)
    core 2: the compile_light tests (tests/conftest.py), then
            warm_cache.py tests   (the test-only kernels)
The test-only kernels reuse whatever the runner's compile has cached by then
and compile the rest themselves. Measured from an empty cache, one run each,
2026-12-01: both parts in one process beside the light tests (188 s) ended
at 303 s; split, at 274 s (the runner 268 s; the light tests 208 s, then the
test-only kernels 62 s). Starting both parts at once, beside the light
tests, was measured earlier and is slower (three processes on two cores).

`warm_cache.py` alone does both, in one process."""

import sys
import time
from pathlib import Path

TESTS = Path(__file__).resolve().parent
sys.path.insert(0, str(TESTS))  # invariant_kernels
sys.path.insert(0, str(TESTS.parent))


def compile_runner() -> None:
    """run_block and what it calls: every bot, the engine, the writer."""
    import analyzer

    analyzer.simulate(board="usa", players=2, bots="random", games=2, seed=1, threads=1, progress=False)


def compile_test_kernels() -> None:
    """The test-only entry points: the invariant checker (tests/invariant_kernels.py,
    which also plays the games the score oracles read), the scoring kernels
    called from Python, the tunnel odds."""
    import numpy as np
    from invariant_kernels import run_checked

    import analyzer
    from analyzer.boards import load_board
    from analyzer.bots import BOTS
    from kernels.core.scoring import grand_tour_bonus

    run_checked("usa", 2, BOTS["random"][0], 2, check_legal=True, seed=1, threads=1)
    grand_tour_bonus(load_board("usa").rules().to_array(), np.int64(1))
    analyzer.tunnel_odds_mc(revealed=[3], colour="red", trials=100, seed=1)


if __name__ == "__main__":
    # `warm_cache.py runner` / `warm_cache.py tests`: one of the two (make test runs them on both cores)
    parts = sys.argv[1:] or ["runner", "tests"]
    if not set(parts) <= {"runner", "tests"}:
        sys.exit(f"usage: {sys.argv[0]} [runner] [tests]  (not {' '.join(parts)!r})")
    t0 = time.perf_counter()
    if "runner" in parts:
        compile_runner()
    if "tests" in parts:
        compile_test_kernels()
    print(f"tests/warm_cache.py {' + '.join(parts)}: kernels compiled or loaded in {time.perf_counter() - t0:.0f} s",
          flush=True)
