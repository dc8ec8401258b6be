"""What the tables cost: a whole run (`analyzer.simulate`, one thread, its
tables kept in memory as `make bench` times it, and streamed to Parquet with
`--out`) against the engine alone (bench/engine_speed.py kernel_speed), in
interleaved rounds so that the machine's drift enters every figure alike:

    .venv/bin/python bench/tables_speed.py [--board usa --players 2 --bots random --games 80000 --rounds 3]

In each round every figure is the fastest of three runs, the same estimator
for all: the engine's of 5,000 games in the thread's CPU time (make bench's
engine row); a whole run's in wall time, as a user waits for it, with
bench/bench.py's chunk size (a quarter of the games), and per CPU-second of
the process (what other processes on a shared machine take from the wall
figure does not enter it).
Printed: each figure's median over the rounds and its ratio to the engine's
median, the ratio bench/goals.py sets at 0.95x for USA 2p `random` (make
bench measures it here, `tables_cost`); the share of a run's CPU time in the
operating system (the pages the tables' rows go to are new to the process,
and the system zeroes each before its first write); "join" is the time a
run in memory then takes to hand over all five tables. A benchmark: it
asserts nothing."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path
from statistics import median

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
RUNS = 3  # runs of each figure in a round, the fastest kept (timeit's advice: noise only ever slows a run down)


def whole_run(board: str, players: int, bots: str, games: int, out: str | None) -> tuple[float, float, float, float]:
    """games/s of one whole run on one thread, in wall time and per CPU-second of the process (every
    thread: the chunks', the writer's, the main one's), the seconds its five tables then take to read, and
    the share of the run's CPU time spent in the operating system (chiefly giving the tables' rows fresh
    zeroed pages: the engine row, which writes into pages written before, spends none)."""
    import analyzer

    t0, c0 = time.perf_counter(), os.times()
    res = analyzer.simulate(board=board, players=players, bots=bots, games=games, seed=1, threads=1,
                            chunk_size=max(games // 4, 50), progress=False, out=out)
    wall, c1 = time.perf_counter() - t0, os.times()
    user, system = c1.user - c0.user, c1.system - c0.system
    t1 = time.perf_counter()
    for t in ("games", "players", "tickets", "claims", "tunnels"):
        res.table(t)
    return games / wall, games / (user + system), time.perf_counter() - t1, system / (user + system)


def measure(board: str, players: int, bots: str, games: int, rounds: int) -> dict:
    """Every figure's median over `rounds` interleaved rounds, each whole-run figure's ratio to the
    engine's median (`*_ratio`; `memory_ratio` is bench/goals.py's), and every round's figures."""
    import analyzer
    from bench.engine_speed import kernel_speed

    analyzer.simulate(board=board, players=players, bots=bots, games=8, seed=0, threads=1, progress=False)
    figs: dict[str, list[float]] = {k: [] for k in ("engine", "memory", "memory_cpu", "memory_join_s",
                                                    "memory_system_share", "out", "out_cpu", "out_read_s")}
    for _ in range(rounds):
        figs["engine"].append(kernel_speed(board, players, bots, 5_000, RUNS)["games_per_s"])
        for kind in ("memory", "out"):
            runs = []
            for _ in range(RUNS):  # the fastest of RUNS, as the engine figure is
                with tempfile.TemporaryDirectory() as d:
                    runs.append(whole_run(board, players, bots, games, d + "/run" if kind == "out" else None))
            figs[kind].append(max(r[0] for r in runs))
            figs[f"{kind}_cpu"].append(max(r[1] for r in runs))
            figs["memory_join_s" if kind == "memory" else "out_read_s"].append(min(r[2] for r in runs))
            if kind == "memory":
                figs["memory_system_share"].append(median(r[3] for r in runs))
    m = {k: median(v) for k, v in figs.items()}
    ratios = {f"{k}_ratio": round(m[k] / m["engine"], 3) for k in ("memory", "memory_cpu", "out", "out_cpu")}
    return dict(board=board, players=players, bots=bots, games=games, rounds=rounds) | m | ratios | {"each": figs}


def describe(m: dict) -> str:
    """One line of `measure`'s figures."""
    e = m["engine"]
    return (f"{m['board']} {m['players']}p {m['bots']}, one thread, medians of {m['rounds']} rounds: engine "
            f"{e:,.0f} games/s; whole run in memory {m['memory']:,.0f} ({m['memory_ratio']:.3f}x; "
            f"{m['memory_cpu']:,.0f} per CPU-second, {m['memory_cpu_ratio']:.3f}x, "
            f"{100 * m['memory_system_share']:.1f}% of it in the operating system; then {m['memory_join_s']:.3f} s "
            f"to join its five tables); to Parquet {m['out']:,.0f} ({m['out_ratio']:.3f}x; {m['out_cpu']:,.0f} per "
            f"CPU-second, {m['out_cpu_ratio']:.3f}x; {m['out_read_s']:.3f} s to read them back)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", default="usa")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--bots", default="random")
    ap.add_argument("--games", type=int, default=80_000, help="games of each whole run")
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args()
    print(describe(measure(a.board, a.players, a.bots, a.games, a.rounds)))


if __name__ == "__main__":
    main()
