"""`make bench`: games per second per bot, board and thread count; cold and
cached compile time (wall and CPU seconds); the tunnel Monte Carlo kernel; peak memory.
A benchmark, never a test: it prints numbers, it asserts nothing.
`python bench/bench.py --compile-only` refreshes only the compile figures, `--threads-only` only the
whole runs (one thread and all threads, interleaved rounds), `--tables-only` only the tables' cost
(bench/tables_speed.py), `--expert-only` only the search player's rows. It ends with the speed goals
against their figures (bench/goals.py)."""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

COMPILE_SNIPPET = """
import time
t0 = time.perf_counter()
import analyzer
analyzer.simulate(board="europe", players=2, bots="random,greedy", games=2, seed=1, threads=1, progress=False)
print(time.perf_counter() - t0)
"""
# Edits that change a module's source (and so its cache stamp, kernels/cache.py)
# without changing what it does: the next run recompiles that module and what imports it.
EDITS = {"bot_edit_recompile_s": "kernels/bots/heuristic/planner.py",
         "core_edit_recompile_s": "kernels/core/payment.py"}


def compile_times() -> dict:
    """Compile time in a copy of the sources with its own Numba cache: cold
    (empty cache), cached (the same cache again), and after an edit of one bot
    module and of one core module. Every kernel the runner reaches compiles:
    the dispatcher links every bot."""
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        for pkg in ("kernels", "analyzer"):
            shutil.copytree(ROOT / pkg, tmp / pkg, ignore=shutil.ignore_patterns("__pycache__"))
        env = dict(os.environ, TTR_CACHE_DIR=str(tmp / "cache"), TTR_NUMBA_CACHE_SET="1", PYTHONPATH=str(tmp))
        env.pop("NUMBA_CACHE_DIR", None)

        out = {}

        def run(label: str) -> None:
            # wall time as a user waits for it, and the child's CPU time: Numba compiles on one
            # thread, so on a quiet machine the two agree; on a busy one the CPU time is the figure
            # that does not depend on what else runs
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            proc = subprocess.run([sys.executable, "-c", COMPILE_SNIPPET], env=env, cwd=tmp, capture_output=True,
                                  text=True, check=True)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            out[label] = round(float(proc.stdout.strip().splitlines()[-1]), 2)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            out[label.replace("_s", "_cpu_s", 1) if label.endswith("_s") else label + "_cpu"] = round(cpu, 2)

        run("cold_compile_s")
        run("cached_load_s")
        for label, module in EDITS.items():
            with open(tmp / module, "a") as f:
                f.write("\n# an edit for the benchmark\n")
            run(label)
    return out


def games_per_second(board: str, players: int, bot: str, games: int, threads: int) -> float:
    import analyzer

    analyzer.simulate(board=board, players=players, bots=bot, games=threads * 4, seed=0, threads=threads,
                      progress=False)  # warm-up: compile / load the cache
    t0 = time.perf_counter()
    analyzer.simulate(board=board, players=players, bots=bot, games=games, seed=1, threads=threads,
                      chunk_size=max(games // (threads * 4), 50), progress=False)
    return games / (time.perf_counter() - t0)


def expert_speed(games: int) -> list[dict]:
    """`expert` on 2-player Europe, one thread, in the process's CPU time, at its
    default budget and at its fast preset (`--bot-param expert.budget=fast`,
    analyzer.bots.EXPERT_FAST_PARAMS, the budget of the report's strong-play,
    balance and style studies): against `planner` (expert in each seat in turn,
    as in bench/expert_strength.py and docs/bots.md's strength table) and, at
    the default budget, with `expert` at both seats."""
    import analyzer

    rows = []
    for label, seatings, budget in (
            ("expert vs planner", (["expert", "planner"], ["planner", "expert"]), "default"),
            ("expert at its fast budget vs planner", (["expert", "planner"], ["planner", "expert"]), "fast"),
            ("expert vs expert", (["expert", "expert"],), "default")):
        params = {"EXPERT_BUDGET": budget}
        analyzer.simulate(board="europe", players=2, bots=seatings[0], games=1, seed=0, threads=1, progress=False,
                          bot_params=params)
        per_seating = max(1, games // len(seatings))
        t0 = time.process_time()
        for bots in seatings:
            analyzer.simulate(board="europe", players=2, bots=bots, games=per_seating, seed=1, threads=1,
                              progress=False, bot_params=params)
        cpu = time.process_time() - t0
        n = per_seating * len(seatings)
        rows.append(dict(board="europe", players=2, table=label, budget=budget, games=n,
                         games_per_cpu_s=round(n / cpu, 2)))
    return rows


def peak_rss_mb(games: int) -> float:
    """Peak resident memory of a subprocess streaming `games` games to Parquet: its own high-water mark
    (Linux's VmHWM). Not getrusage's ru_maxrss, which in a child started by fork or vfork and exec also
    keeps the parent's peak from before the exec (this benchmark's process, hundreds of MB by then)."""
    snippet = (
        "import resource, tempfile, analyzer\n"
        "with tempfile.TemporaryDirectory() as d:\n"
        f"    analyzer.simulate(board='usa', players=2, bots='random', games={games}, seed=1, out=d + '/r',"
        " progress=False)\n"
        "try:\n"
        "    hwm = [l for l in open('/proc/self/status') if l.startswith('VmHWM:')][0]\n"
        "    print(int(hwm.split()[1]) / 1024)\n"
        "except OSError:\n"
        "    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)\n"
    )
    proc = subprocess.run([sys.executable, "-c", snippet], cwd=ROOT, capture_output=True, text=True, check=True)
    return round(float(proc.stdout.strip().splitlines()[-1]), 1)


ROUNDS = 5  # whole runs per bot and thread count, one thread and all threads in turn
ENGINE_RUNS = 3  # runs of each engine row; the fastest is its figure (bench.engine_speed.kernel_speed)
MIN_RUN_S = 3.0  # a whole run lasts at least about this long on one thread (20,000 games, or more)


def run_size(board: str, players: int, bot: str, quick: bool) -> int:
    """Games in each whole run of a row: 20,000, or as many as one thread
    plays in MIN_RUN_S (a 2,000-game run measures it), at most 200,000. A
    20,000-game USA 2p `random` run lasts under a second, and what a run
    pays once (starting the threads, handing back the chunks' tables) would
    weigh on its two-thread figure."""
    if quick:
        return 2_000
    rate = games_per_second(board, players, bot, 2_000, 1)
    return int(min(200_000, max(20_000, -(-rate * MIN_RUN_S // 10_000) * 10_000)))


def whole_runs(cores: int, quick: bool) -> dict:
    """Whole runs (tables in memory, no Parquet) of every bot on 4-player
    Europe, USA 2p and the variants' own bots, on one thread and on every
    core: ROUNDS rounds, each playing one thread then all threads. games/s
    is the median over the rounds; the speed-up is the median of each round's
    own ratio (all threads / one thread, the two runs back to back), so that
    the machine's drift over the rounds does not enter it (a single short run
    per thread count, one after the other, measured that drift as much as the
    threads: 1.54x one such run, 1.87x-1.95x interleaved, for the same USA 2p
    greedy games)."""
    from statistics import median

    from bench.engine_speed import TABLE_BOTS

    configs = ([("europe", 4, b) for b in TABLE_BOTS]
               + [("usa", 2, b) for b in ("random", "greedy", "planner")]
               + [("legendary_asia", 4, "greedy"), ("team_asia", 4, "greedy"), ("ghost_train", 4, "greedy")])
    counts = sorted({1, cores})
    rows = []
    for board, players, bot in configs:
        n = run_size(board, players, bot, quick)
        rounds = {t: [] for t in counts}
        for _ in range(1 if quick else ROUNDS):
            for threads in counts:
                rounds[threads].append(round(games_per_second(board, players, bot, n, threads), 1))
        for threads in counts:
            gps = median(rounds[threads])
            base = next((r["games_per_s"] for r in rows if r["board"] == board and r["players"] == players
                         and r["bot"] == "random" and r["threads"] == threads), None)
            cost = round(base / gps, 2) if base else None  # time per game relative to random
            speedup = round(median(a / b for a, b in zip(rounds[threads], rounds[1], strict=True)), 2)
            rows.append(dict(board=board, players=players, bot=bot, threads=threads, games=n,
                             games_per_s=round(gps, 1), rounds=rounds[threads], speedup_vs_one_thread=speedup,
                             cost_vs_random=cost))
            print(f"{board:14s} {players}p {bot:18s} threads={threads}: {gps:10,.0f} games/s ({n:,} a run, "
                  f"{gps / threads:,.0f} per core, {speedup:.2f}x one thread; rounds {rounds[threads]})"
                  + (f", {cost:.2f}x random's time" if cost else ""), flush=True)
    planner = max((r for r in rows if r["board"] == "europe" and r["bot"] == "planner"), key=lambda r: r["threads"])
    minutes = round(1_000_000 / planner["games_per_s"] / 60, 1)
    print(f"1,000,000 4-player Europe planner games on {planner['threads']} threads: {minutes} min")
    return {"games_per_s": rows, "minutes_1m_europe4_planner": minutes}


TABLES_GAMES = 80_000  # games of each whole run of the tables' cost (bench/tables_speed.py)
TABLES_ROUNDS = 3


def tables_cost(quick: bool) -> dict:
    """What the tables cost, USA 2p `random` on one thread: the engine row and whole runs (in memory, the
    goal's figure, and to Parquet) in interleaved rounds, so that the machine's drift enters both sides of
    the ratio alike (bench/tables_speed.py)."""
    from bench.tables_speed import describe, measure

    m = measure("usa", 2, "random", 2_000 if quick else TABLES_GAMES, 1 if quick else TABLES_ROUNDS)
    print(f"tables' cost: {describe(m)}", flush=True)
    return m


def refresh_last_bench(results: dict, what: str) -> None:
    """Write `results` over their keys in bench/last_bench.json, keeping every other figure."""
    out = ROOT / "bench" / "last_bench.json"
    old = json.loads(out.read_text()) if out.exists() else {}
    out.write_text(json.dumps(old | results, indent=2))
    print(f"written {out.relative_to(ROOT)} ({what})")


def main() -> None:
    quick = "--quick" in sys.argv
    cores = os.cpu_count() or 1
    results = {"cores": cores}
    print(f"machine: {cores} cores, python {sys.version.split()[0]}")
    if "--expert-only" in sys.argv:  # refresh the search player's rows of last_bench.json, keep the rest
        results["expert"] = expert_speed(200)
        for r in results["expert"]:
            print(f"europe 2p {r['table']:32s} {r['games_per_cpu_s']:10,.2f} games per CPU-second")
        refresh_last_bench(results, "expert rows")
        return
    if "--tables-only" in sys.argv:  # refresh the tables' cost, keep the rest
        results["tables_cost"] = tables_cost(quick)
        refresh_last_bench(results, "tables' cost")
        return
    if "--threads-only" in sys.argv:  # refresh the whole-run rows of last_bench.json, keep the rest
        results.update(whole_runs(cores, quick))
        refresh_last_bench(results, "whole-run rows")
        return
    results.update(compile_times())
    print(f"compile (wall / CPU): cold {results['cold_compile_s']} / {results['cold_compile_cpu_s']} s, "
          f"cached {results['cached_load_s']} / {results['cached_load_cpu_s']} s, "
          f"after a bot edit {results['bot_edit_recompile_s']} / {results['bot_edit_recompile_cpu_s']} s, "
          f"after a core edit {results['core_edit_recompile_s']} / {results['core_edit_recompile_cpu_s']} s")
    if "--compile-only" in sys.argv:  # refresh the compile figures of last_bench.json, keep the rest
        refresh_last_bench(results, "compile figures")
        return
    results.update(whole_runs(cores, quick))
    # the engine alone (no Parquet): every bot on every board it plays, time per decision, state copy
    from bench.engine_speed import configs, kernel_speed, state_copy_us

    results["per_decision"] = []
    for board, players, bot in configs():
        # about 60 rows of a few seconds each
        r = kernel_speed(board, players, bot, 2_000 if quick else 5_000, 1 if quick else ENGINE_RUNS)
        results["per_decision"].append(r)
        print(f"engine {board:14s} {players}p {bot:18s} {r['games_per_s']:10,.0f} games/s, "
              f"{r['decisions_per_game']:.1f} decisions/game, {r['us_per_decision']:.3f} µs/decision")
    results["tables_cost"] = tables_cost(quick)
    results["expert"] = expert_speed(20 if quick else 200)
    for r in results["expert"]:
        print(f"europe 2p {r['table']:32s} {r['games_per_cpu_s']:10,.2f} games per CPU-second "
              f"({r['games']} games)")
    copy = state_copy_us()
    results["state_copy_us"] = copy["state_copy_us"]
    results["state_bytes"] = copy["state_bytes"]
    print(f"state copy ({copy['board']} {copy['players']}p, {copy['state_bytes']:,} bytes): "
          f"{copy['state_copy_us']} µs")
    try:
        from bench.bench_tunnels import bench_tunnel_mc

        tm = bench_tunnel_mc(trials=1_000_000 if quick else 5_000_000)
        results["tunnel_mc"] = tm
        print(f"tunnel Monte Carlo: {tm['reveals_per_s']:,.0f} reveals/s")
    except ImportError:
        pass
    if not quick:
        for g in (100_000, 1_000_000):
            results[f"peak_rss_mb_{g}"] = peak_rss_mb(g)
            print(f"peak RSS streaming {g:,} USA 2p random games to Parquet: {results[f'peak_rss_mb_{g}']} MB")
    out = ROOT / "bench" / "last_bench.json"
    out.write_text(json.dumps(results, indent=2))
    print(f"written {out.relative_to(ROOT)}")
    from bench.goals import print_goals

    print_goals(results)


if __name__ == "__main__":
    main()
