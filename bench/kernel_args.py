"""How many scalar arguments a kernel call passes: Numba passes an array as
its fields (data pointer, shape, strides, ...), one LLVM argument each (a
namedtuple of arrays as all of them), and a record as one pointer. Counted from Numba's own
argument packing of the types (nothing is compiled):

    .venv/bin/python bench/kernel_args.py [--board usa] [--players 2]

A benchmark aid: it prints numbers and asserts nothing."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
from numba import typeof
from numba.core.registry import cpu_target

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from analyzer.boards import load_board  # noqa: E402
from analyzer.records import scratch_record  # noqa: E402
from kernels import layouts as L  # noqa: E402
from kernels.core.state import new_state  # noqa: E402


def scalar_args(*values) -> int:
    """LLVM arguments of a call with these Python values' Numba types."""
    return len(cpu_target.target_context.get_arg_packer([typeof(v) for v in values]).argument_types)


def counts(board: str = "usa", players: int = 2) -> dict:
    b = load_board(board)
    rules = b.rules()
    bd, ru = b.compile(rules), rules.to_array()
    st = new_state(bd, ru, np.int64(players))[0]
    ws = scratch_record()
    out, kinds, rng = np.zeros(L.MAX_LEGAL, np.int64), np.zeros(L.N_ACTION_KINDS, np.int64), np.zeros(1, np.uint64)
    p = np.int64(0)
    return {
        "state": scalar_args(st), "board": scalar_args(bd), "rules": scalar_args(ru), "scratch": scalar_args(ws),
        "step(st, bd, ru, action, ws)": scalar_args(st, bd, ru, p, ws),
        "legal_counts(st, bd, ru, out, counts)": scalar_args(st, bd, ru, out, kinds),
        "choose_action(bot, st, bd, ru, p, rng, ws)": scalar_args(p, st, bd, ru, p, rng, ws),
    }


if __name__ == "__main__":
    board = sys.argv[sys.argv.index("--board") + 1] if "--board" in sys.argv else "usa"
    players = int(sys.argv[sys.argv.index("--players") + 1]) if "--players" in sys.argv else 2
    for name, n in counts(board, players).items():
        print(f"{name:45s} {n:5d} scalar arguments")
