"""Numba kernels: the rules engine, bots, graph algorithms and PRNG.

Every kernel that does not allocate is compiled with `_nrt=False`: Numba then
emits no reference counting. With it, every read of an array field of the
GameState / BoardArrays / Scratch namedtuples and every view such as
`st.hand[p]` cost an atomic increment and decrement, and `perf` showed more
than half of the run time there; without it the same games run about 3x
faster. The arrays are allocated and owned by the few kernels that keep the
runtime (`new_state`, `new_scratch`, `run_block`), and Numba refuses at
compile time a `_nrt=False` kernel that allocates or returns an array.

Numba's on-disk cache checks only the timestamp of the file that defines a
function, not of the functions it calls in other files, so an edited engine
could run inside a stale cached runner. The cache therefore lives in a folder
named by a hash of every kernel source: any edit starts a fresh cache.
"""

import hashlib
import os
from pathlib import Path


def _source_hash() -> str:
    h = hashlib.sha256()
    for path in sorted(Path(__file__).parent.glob("*.py")):
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


SOURCE_HASH = _source_hash()

if "NUMBA_CACHE_DIR" not in os.environ or os.environ.get("TTR_NUMBA_CACHE_SET") == "1":
    base = Path(os.environ.get("TTR_CACHE_DIR", Path.home() / ".cache" / "ttr-analyzer"))
    os.environ["NUMBA_CACHE_DIR"] = str(base / "numba" / SOURCE_HASH)
    os.environ["TTR_NUMBA_CACHE_SET"] = "1"
    try:
        from numba.core import config as _config

        _config.reload_config()
    except Exception:  # pragma: no cover - numba missing is reported on first kernel import
        pass
