"""The first run of a version of the kernels compiles them (Numba, 1-2
minutes); later runs load them from the disk cache in about 2 seconds.
`kernels_compiled` tells which case this is, so the CLI can say why the first
run is slow, and `compile_kernels` does the compiling on two cores.

Numba compiles on one thread of one process. A kernel that one process has
compiled is written to the disk cache, and another process that then needs it
loads it instead of compiling it again (a dispatcher looks in the cache before
it compiles). So the kernels a run reaches are split into two parts of about
the same compile time (COMPILE_PARTS): the solo planner, the search player
and the simple bots (built from the planner's kernels), compiled by a helper
process, and the Team Asia and Ghost Train planners, the engine and the
greedy bots, compiled here meanwhile. The runner, compiled last, loads both
parts, links them and is the one module LLVM optimises as a whole
(kernels/optimise.py). Every part is compiled for the argument types the
runner passes (one signature per kernel:
tests/kernels/test_kernel_signatures.py)."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import tempfile
import warnings
from pathlib import Path

COMPILE_NOTICE = ("Compiling the game engine and every bot with Numba before the first game: 1-2 minutes on 2 "
                  "cores, once per version of the kernels (they are cached; later runs start in about 2 seconds).")

# Each kernel, by module and name, with the names of its arguments (the
# runner's play_game calls them so): "bot" is a bot's decision, "step" the engine's,
# "planner" the solo planner's (rule_family_planner calls it so).
ARGUMENTS = {"bot": ("st", "bd", "ru", "p", "rng", "ws"), "step": ("st", "bd", "ru", "action", "ws"),
             "planner": ("bot_id", "st", "bd", "ru", "p", "rng", "ws", "flag")}
# Two parts of about the same compile time, each in its order: expert_action reaches every planner
# (kernels/bots/variants/family.py), so the helper compiles the solo planner first while this process
# compiles the Team Asia and Ghost Train planners, which the helper then loads from the cache; the
# simple bots are built from the planner's planning and tactics kernels.
COMPILE_PARTS = {
    "planners": (
        ("kernels.bots.heuristic.planner", "planner_action", "planner"),
        ("kernels.bots.search.expert", "expert_action", "bot"),
        ("kernels.bots.heuristic.route_focus", "route_focus_action", "bot"),
        ("kernels.bots.heuristic.long_route", "long_route_action", "bot"),
        ("kernels.bots.heuristic.one_step", "one_step_action", "bot"),
    ),
    "engine": (
        ("kernels.bots.variants.team_planner", "team_planner_action", "bot"),
        ("kernels.bots.variants.ghost_planner", "ghost_planner_action", "bot"),
        ("kernels.engine", "step", "step"),
        ("kernels.bots.heuristic.greedy", "greedy_action", "bot"),
        ("kernels.bots.variants.ghost_greedy", "ghost_greedy_action", "bot"),
    ),
}
# TTR_COMPILE_PROCESSES=1: compile both parts in this process (no helper)
PROCESSES_VAR = "TTR_COMPILE_PROCESSES"


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


def argument_types() -> dict:
    """The Numba type of each argument name of ARGUMENTS, taken from a real
    game state, board, rule vector and scratch (every board compiles to the
    same types: analyzer/board_arrays.py)."""
    import numpy as np
    from numba import typeof, types

    from analyzer.boards import load_board
    from analyzer.records import scratch_record, state_record
    from kernels.core.state import new_state

    board = load_board("usa")
    rules = board.rules()
    bd, ru = board.compile(rules), rules.to_array()
    st = state_record(new_state(bd, ru, 2))
    return {"st": typeof(st), "bd": typeof(bd), "ru": typeof(ru), "p": types.int64, "action": types.int64,
            "bot_id": types.int64, "flag": types.boolean,
            # the runner passes a seat's one-element slice of its uint64 array
            "rng": typeof(np.zeros(1, np.uint64)), "ws": typeof(scratch_record())}


def compile_part(name: str) -> None:
    """Compile (or load from the cache) the kernels of COMPILE_PARTS[name]."""
    types = argument_types()
    for module, kernel, kind in COMPILE_PARTS[name]:
        dispatcher = getattr(importlib.import_module(module), kernel)
        dispatcher.compile(tuple(types[a] for a in ARGUMENTS[kind]))


def compile_kernels() -> None:
    """Compile the kernels a run needs, on two cores when the machine has
    them: the "planners" part in a helper process, the "engine" part here.
    The runner itself compiles at the first game, loading both parts.

    Nothing depends on the helper: should it fail or be stopped, the runner
    compiles whatever is missing from the cache itself (a warning says why
    the first run is slower)."""
    if (os.cpu_count() or 1) < 2 or os.environ.get(PROCESSES_VAR) == "1":
        for name in COMPILE_PARTS:
            compile_part(name)
        return
    # The same interpreter, environment (NUMBA_CACHE_DIR) and working folder as this
    # process, and this copy of the package first on the path (a copy of other sources
    # would compile kernels this process cannot use).
    root = str(Path(__file__).resolve().parents[2])
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")])))
    with tempfile.TemporaryFile() as err:
        helper = subprocess.Popen([sys.executable, "-m", "analyzer.run.compile", "planners"], env=env,
                                  stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err)
        try:
            compile_part("engine")
            code = helper.wait()
        finally:
            if helper.poll() is None:  # this process was interrupted: stop the helper too
                helper.kill()
                helper.wait()
        if code != 0:
            err.seek(0)
            last = (err.read().decode(errors="replace").strip().splitlines() or ["no message"])[-1]
            warnings.warn(f"the helper compiling the planner kernels failed ({last}); compiling them here",
                          RuntimeWarning, stacklevel=2)


if __name__ == "__main__":
    # `python -m analyzer.run.compile PART`: compile_kernels' helper
    compile_part(sys.argv[1])
