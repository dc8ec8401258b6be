"""The two-core cold compile (analyzer/run/compile.py): the helper process
compiles its part for the argument types the runner passes, and a run
whose helper fails still compiles and plays, with a warning that says why
its first run is slower. (That the parts compile no second signature of any
kernel is tests/kernels/test_kernel_signatures.py's check: `make test` compiles the
parts in the cache it reads.)"""

import subprocess
import sys
import warnings

from helpers import cached_signatures  # empty unless compiled under the current sources

import analyzer
from analyzer.run import compile as C
from kernels.bots.search.expert import expert_action


def test_the_helper_caches_its_part_for_the_runners_argument_types():
    proc = subprocess.run([sys.executable, "-m", "analyzer.run.compile", "planners"], capture_output=True,
                          text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr
    types = C.argument_types()
    wanted = str(tuple(types[a] for a in C.ARGUMENTS["bot"]))
    assert cached_signatures(expert_action) == {wanted}


def test_every_part_names_real_kernels_and_argument_lists():
    import importlib

    seen = set()
    for part in C.COMPILE_PARTS.values():
        for module, kernel, kind in part:
            dispatcher = getattr(importlib.import_module(module), kernel)
            assert hasattr(dispatcher, "compile") and kind in C.ARGUMENTS, (module, kernel)
            assert (module, kernel) not in seen  # in one part only: two processes would compile it twice
            seen.add((module, kernel))


def test_a_failed_helper_is_reported_and_the_run_still_plays(monkeypatch):
    monkeypatch.setattr(sys, "executable", "/bin/false")  # the helper exits 1 at once
    monkeypatch.setattr(C.os, "cpu_count", lambda: 2)
    monkeypatch.delenv(C.PROCESSES_VAR, raising=False)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        C.compile_kernels()
    assert [str(w.message) for w in caught if issubclass(w.category, RuntimeWarning)] == [
        "the helper compiling the planner kernels failed (no message); compiling them here"]
    monkeypatch.undo()
    res = analyzer.simulate(board="europe", players=2, bots="planner", games=4, seed=1, threads=1, progress=False)
    assert len(res.games) == 4 and (res.games["turns"] > 0).all()
