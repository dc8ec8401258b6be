"""Benchmark of the tunnel-reveal Monte Carlo kernel (kernels/tunnel_mc.py).

`bench_tunnel_mc()` returns reveals per second (one reveal = one tunnel's
cards drawn and its surcharge counted) after a warm-up call that compiles or
loads the kernel. Run directly: `python bench/bench_tunnels.py`.
"""

from __future__ import annotations

import time

import numpy as np


def bench_tunnel_mc(trials: int = 5_000_000, revealed: int = 3, repeats: int = 3) -> dict:
    """Reveals per second of `tunnel_mc` on the fresh 110-card deck, red played.

    Best of `repeats` timed calls of `trials` reveals each, after a warm-up."""
    from analyzer.tunnels import deck_counts
    from kernels.layouts import COLOUR_NAMES
    from kernels.tunnel_mc import tunnel_mc

    deck = deck_counts(None)
    colour = np.int64(COLOUR_NAMES.index("red"))
    t0 = time.perf_counter()
    tunnel_mc(deck, np.int64(revealed), colour, np.int64(1000), np.int64(0))  # warm-up: compile or cache load
    warmup = time.perf_counter() - t0
    best = float("inf")
    for i in range(repeats):
        t0 = time.perf_counter()
        hist = tunnel_mc(deck, np.int64(revealed), colour, np.int64(trials), np.int64(i + 1))
        best = min(best, time.perf_counter() - t0)
        assert int(hist.sum()) == trials
    return {
        "name": "tunnel_mc",
        "reveals_per_s": trials / best,
        "cards_per_s": trials * revealed / best,
        "trials": trials,
        "revealed": revealed,
        "seconds": best,
        "warmup_s": warmup,
    }


if __name__ == "__main__":
    r = bench_tunnel_mc()
    print(
        f"tunnel_mc: {r['reveals_per_s'] / 1e6:.1f} M reveals/s ({r['revealed']} cards each, "
        f"{r['cards_per_s'] / 1e6:.1f} M cards/s; warm-up {r['warmup_s']:.2f} s)"
    )
