"""Record the golden digests: python tests/golden/make_golden.py

Run it only on purpose, when a change is meant to change play (a new random
stream, a bot that plays differently, a corrected board), and commit the new
digests.json in a commit of its own that says why. tests/test_golden.py
compares every run of the grid with these digests.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the project (analyzer, kernels)
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for golden.digest

from golden.digest import GAMES, SEED, grid, run_digests  # noqa: E402

OUT = Path(__file__).with_name("digests.json")


def main() -> None:
    t0 = time.perf_counter()
    out = {"games": GAMES, "seed": SEED, "runs": {}}
    for label, kw in grid():
        out["runs"][label] = run_digests(kw)
        print(f"{label:40s} {time.perf_counter() - t0:7.1f} s", flush=True)
    OUT.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
    print(f"{len(out['runs'])} runs -> {OUT}")


if __name__ == "__main__":
    main()
