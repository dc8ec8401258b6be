"""The first run of a version of the kernels compiles them (Numba, minutes);
later runs load them from the disk cache in about a second. `kernels_compiled`
tells which case this is, so the CLI can say why the first run is slow."""

from __future__ import annotations

import os
from pathlib import Path

COMPILE_NOTICE = ("Compiling the simulation kernels with Numba before the first game: about 3–6 minutes on 2 "
                  "cores, once per version of the kernels (they are cached; later runs start in about a second).")


def kernels_compiled() -> bool:
    """Whether Numba's disk cache holds the compiled game runner
    (kernels.runner.run_block, which calls every other kernel) for these
    kernel sources and this Numba: then the next run loads the kernels
    instead of compiling them.

    Asks Numba's own cache of the runner (its index file, checked against the
    source and the Numba version), wherever the kernels put their cache;
    should that object not be there (another Numba), looks for the runner's
    index file (*.nbi) anywhere under NUMBA_CACHE_DIR."""
    from kernels.runner import run_block

    try:
        return bool(run_block._cache._cache_file._load_index())
    except AttributeError:
        root = os.environ.get("NUMBA_CACHE_DIR")
        return bool(root) and any(Path(root).rglob("*run_block*.nbi"))
