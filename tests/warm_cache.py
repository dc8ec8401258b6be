"""Compile the kernels the tests use, once, before pytest's workers start
(`make test` runs this, then pytest with two workers): two workers that both
found an empty cache would each compile the same kernels. With the cache
warm, each worker loads them in about a second."""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # invariant_kernels
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

t0 = time.perf_counter()
from invariant_kernels import run_checked  # noqa: E402

import analyzer  # noqa: E402
from analyzer.bots import BOTS  # noqa: E402

analyzer.simulate(board="usa", players=2, bots="random", games=2, seed=1, threads=1, progress=False)
run_checked("usa", 2, BOTS["random"][0], 2, check_legal=True, seed=1, threads=1)
analyzer.tunnel_odds_mc(revealed=[3], colour="red", trials=100, seed=1)
print(f"tests/warm_cache.py: kernels compiled or loaded in {time.perf_counter() - t0:.0f} s", flush=True)
