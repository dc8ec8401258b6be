"""Numba kernels: the rules engine, bots, graph algorithms and PRNG.

    layouts/     every constant and record layout (the Scratch's: bots/shared/scratch.py)
    core/        the game every variant shares (a seat is a team of one)
    variants/    Team Asia and Ghost Train beside the core
    engine.py    legal actions, step, end of turn and game: the only place
                 that branches on the rule family
    bots/        the bots (bots/__init__.py lists its folders)
    runner.py    the loop over games; tables.py writes their rows
    paths.py     the one shortest-path search; graph.py networks and trails;
                 bits.py bit sets; prng.py the random streams; tunnel_mc.py
                 the tunnel odds' Monte Carlo; cache.py the compile cache;
                 optimise.py which kernels LLVM optimises across functions

Every kernel that does not allocate is compiled with `_nrt=False`: Numba then
emits no reference counting. With it, every read of an array field of the
board (then a namedtuple of arrays) and every view such as `st.hand[p]` cost
an atomic increment and decrement, and `perf` showed more than half of the
run time there; without it the same games run about 3x faster. The arrays
are allocated by the few kernels that keep the runtime (`new_state`,
`new_scratch`) or in Python (`runner.play_block`, which hands them to the
game loop `run_block`), and Numba refuses at compile time
a `_nrt=False` kernel that allocates or returns an array. The board, the
game state and the Scratch are records (layouts.BOARD, layouts.GAME_STATE,
bots/shared/scratch.SCRATCH), each passed as one pointer: `st = state[0]` of the
array new_state allocates (`ws = scratch[0]` of new_scratch's), valid while
that array is alive; a board record from analyzer (analyzer/records.py) keeps
its array alive itself.

The compiled kernels are cached on disk, each stamped with a hash of its
module and everything that module imports (kernels/cache.py), under
$TTR_CACHE_DIR/numba (default ~/.cache/ttr-analyzer/numba).
"""

import os
from pathlib import Path

from kernels import optimise
from kernels.cache import install, source_hash

SOURCE_HASH = source_hash()
optimise.install()
install(Path(os.environ.get("TTR_CACHE_DIR", Path.home() / ".cache" / "ttr-analyzer")) / "numba")
