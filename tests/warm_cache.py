"""Compile the kernels the tests use, once, before pytest's workers start
(`make test` runs this, then pytest with two workers): two workers that both
found an empty cache would each compile the same kernels. With the cache
warm, each worker loads them in about a second. Numba compiles on one core:
`make test` runs the tests that need none of these kernels on the other core
meanwhile (tests/conftest.py, COMPILE_LIGHT).

Compiling both trees in two processes at once was measured and is slower
(244 s wall, 440 CPU-s, against about 213 s in one process): each process
types and compiles every bot and the engine again."""

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
    """The test-only entry points: the invariant checker (tests/invariant_kernels.py),
    play_game and the scoring kernels called from Python, the tunnel odds."""
    import numpy as np
    from invariant_kernels import run_checked

    import analyzer
    from analyzer.boards import load_board
    from analyzer.bots import BOTS
    from kernels.core.scoring import grand_tour_bonus
    from kernels.core.state import new_state, state_record
    from kernels.runner import play_game, scratch_record

    run_checked("usa", 2, BOTS["random"][0], 2, check_legal=True, seed=1, threads=1)
    board = load_board("usa")
    rules = board.rules()
    bd, ru = board.compile(rules), rules.to_array()
    st = state_record(new_state(bd, ru, 2))
    play_game(st, bd, ru, np.array([BOTS["random"][0]] * 2, np.int8), np.int64(1), np.int64(0),
              scratch_record(), np.zeros(2, np.uint64))
    grand_tour_bonus(ru, np.int64(1))
    analyzer.tunnel_odds_mc(revealed=[3], colour="red", trials=100, seed=1)


if __name__ == "__main__":
    t0 = time.perf_counter()
    compile_runner()
    compile_test_kernels()
    print(f"tests/warm_cache.py: kernels compiled or loaded in {time.perf_counter() - t0:.0f} s", flush=True)
