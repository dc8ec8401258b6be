"""Where cold compilation time goes: compile every kernel the runner reaches
in a fresh Numba cache folder and print each function's own compile time
(its callees' compiles subtracted), from Numba's compile events.

    .venv/bin/python bench/compile_profile.py [--top 30]

It prints the wall time and the CPU time (of this process and its helper:
on a busy machine the CPU time is the figure to compare). With
TTR_COMPILE_PROCESSES=1 every kernel compiles in this process and the list
is complete; otherwise it lacks the helper's part (analyzer/run/compile.py).

A developer tool for keeping `make bench`'s cold_compile_s down; it asserts
nothing."""

from __future__ import annotations

import os
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    top = int(sys.argv[sys.argv.index("--top") + 1]) if "--top" in sys.argv else 30
    if os.environ.get("TTR_PROFILE_CHILD") != "1":
        import subprocess

        with tempfile.TemporaryDirectory() as tmp:
            env = dict(os.environ, TTR_CACHE_DIR=tmp, TTR_NUMBA_CACHE_SET="1", TTR_PROFILE_CHILD="1")
            env.pop("NUMBA_CACHE_DIR", None)
            subprocess.run([sys.executable, __file__, *sys.argv[1:]], env=env, cwd=ROOT, check=True)
        return
    sys.path.insert(0, str(ROOT))
    from numba.core import event

    import analyzer

    with event.install_recorder("numba:compile") as rec:
        t0, c0 = time.perf_counter(), time.process_time()
        analyzer.simulate(board="europe", players=2, bots="random,greedy", games=2, seed=1, threads=1,
                          progress=False)
        wall = time.perf_counter() - t0
        helper = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = time.process_time() - c0 + helper.ru_utime + helper.ru_stime
    # events nest: a compile triggers its callees' compiles; exclusive = own - children
    stack: list[list] = []
    own: dict[str, float] = {}
    count: dict[str, int] = {}
    for ts, ev in rec.buffer:
        name = ev.data["dispatcher"].py_func.__module__ + "." + ev.data["dispatcher"].py_func.__qualname__
        if ev.is_start:
            stack.append([name, ts, 0.0])
        else:
            nm, start, children = stack.pop()
            total = ts - start
            own[nm] = own.get(nm, 0.0) + total - children
            count[nm] = count.get(nm, 0) + 1
            if stack:
                stack[-1][2] += total
    print(f"cold compile through analyzer.simulate: {wall:.1f} s wall, {cpu:.1f} CPU-s, {len(own)} functions, "
          f"{sum(count.values())} compilations")
    by_module: dict[str, float] = {}
    for nm, s in own.items():
        mod = nm.rsplit(".", 1)[0]
        by_module[mod] = by_module.get(mod, 0.0) + s
    print("\nby module (own time):")
    for mod, s in sorted(by_module.items(), key=lambda x: -x[1]):
        print(f"  {s:7.2f} s  {mod}")
    print(f"\ntop {top} functions (own time, compilations):")
    for nm, s in sorted(own.items(), key=lambda x: -x[1])[:top]:
        print(f"  {s:7.2f} s  {count[nm]}x  {nm}")


if __name__ == "__main__":
    main()
