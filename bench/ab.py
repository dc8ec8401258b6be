"""Side by side: the engine speed of two versions of the code, for a speed claim.

    .venv/bin/python bench/ab.py BASE [NEW] [--board europe --players 4 --bots planner
                                             --games 300 --blocks 60 --cpu 1 --bot-param NAME=VALUE]

With `--whole memory` (or `--whole parquet`) each block is a whole run
instead, `analyzer.simulate` on one thread timed by the wall clock, its
tables kept in memory (or written to Parquet): what the tables cost.

BASE (and NEW, default: this working tree) is a git revision, checked out in
a temporary worktree. One worker process per version, both pinned to the
same core, take turns playing the same block of games (kernels.runner.
play_block, CPU time of the worker's thread), `--blocks` times each, the
order swapped every block: whatever slows the machine for a while slows
both. Printed: games/s of each version's fastest block, and the ratio NEW /
BASE of the fastest blocks, of the 10th-percentile blocks and of the
medians (on this project's shared VM the three agree within 1-2% where
separate runs minutes apart differ by 15%). When the two versions play
different games (a play change), their blocks are samples of different
games: use large ones (`--games 3000 --blocks 8`; with 300 games a block, a
change of the station rule read 1.07x where 3,000-game blocks put it at
0.99x). Both versions compile into the one Numba cache (kernels/cache.py
keys it by content): a version not yet compiled takes its compile time
first. A benchmark: it asserts nothing."""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_WORKER = """
import sys, time
sys.path.insert(0, '.')
import numpy as np
from analyzer.boards import load_board
from analyzer.bots import bot_ids, parse_bots
from kernels import layouts as L
from kernels.runner import play_block
board, players, bots_arg, n = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
weights = [w for w in sys.argv[5].split(';') if w]
b = load_board(board)
rules = b.rules()
bd, ru = b.compile(rules), rules.to_array()
bots = bot_ids(parse_bots(bots_arg, players))
bufs = (np.zeros(n, L.GAME_RECORD), np.zeros(n * players, L.PLAYER_RECORD),
        np.zeros(n * bd.tickets.shape[0], L.TICKET_RECORD), np.zeros(n * bd.routes.shape[0], L.CLAIM_RECORD),
        np.zeros(n * 64 + 4096, L.TUNNEL_RECORD))
try:
    from analyzer.bots import BotParams
    prm = BotParams.of(weights).to_array() if weights else BotParams().to_array()
except ImportError:  # a revision before BotParams
    assert not weights, "this revision takes no --bot-param"
    from analyzer.bots import bot_param_array
    prm = bot_param_array()
import inspect
_params = inspect.signature(play_block).parameters
if len(_params) > 9 and "events" not in _params:  # a revision whose play_block took the five tables one by one
    _play = play_block
    def play_block(bd, ru, bots, prm, seed, first, n, tables, counts):
        return _play(bd, ru, bots, prm, seed, first, n, *tables, counts)
play_block(bd, ru, bots, prm, np.int64(1), np.int64(0), np.int64(4), bufs, np.zeros(6, np.int64))
print('ready', flush=True)
for _ in sys.stdin:
    t0 = time.thread_time()
    play_block(bd, ru, bots, prm, np.int64(1), np.int64(1000), np.int64(n), bufs, np.zeros(6, np.int64))
    print(time.thread_time() - t0, flush=True)
"""


_WHOLE_WORKER = """
import sys, tempfile, time
sys.path.insert(0, '.')
import analyzer
board, players, bots, n, to_parquet = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), sys.argv[5] == '1'
kw = dict(board=board, players=players, bots=bots, games=n, seed=1, threads=1, chunk_size=max(n // 4, 50),
          progress=False)
analyzer.simulate(**dict(kw, games=8, chunk_size=8))
print('ready', flush=True)
for _ in sys.stdin:
    with tempfile.TemporaryDirectory() as d:
        t0 = time.perf_counter()
        analyzer.simulate(**kw, out=d + '/run' if to_parquet else None)
        print(time.perf_counter() - t0, flush=True)
"""
"""A worker for --whole: `analyzer.simulate` on one thread, wall time, the tables kept in memory
(make bench's whole-run rows) or, with --parquet, written to a temporary folder."""


def _worktree(rev: str, where: Path) -> Path:
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-f", str(where), rev], check=True,
                   capture_output=True)
    return where


def compare(trees: dict[str, Path], board: str, players: int, bots: str, games: int, blocks: int,
            cpu: int, whole: str | None = None, bot_params: tuple[str, ...] = ()) -> dict[str, list[float]]:
    """Seconds of each block, per version (keys of `trees`, in turn); `whole` ("memory" or "parquet"):
    each block a whole run instead of the kernel loop; bot_params: NAME=VALUE weights of the kernel loop."""
    if whole is not None and bot_params:
        raise SystemExit("--bot-param is for the kernel loop, not --whole")
    worker = [_WORKER] if whole is None else [_WHOLE_WORKER]
    extra = [";".join(bot_params)] if whole is None else [str(int(whole == "parquet"))]
    pin = [] if whole is not None else ["taskset", "-c", str(cpu)]  # a whole run's writer thread takes the other core
    procs = {k: subprocess.Popen([*pin, sys.executable, "-c", *worker, board, str(players), bots, str(games),
                                  *extra], cwd=tree, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
             for k, tree in trees.items()}
    try:
        for k, p in procs.items():
            print(f"{k}: compiling or loading the kernels ...", flush=True)
            if p.stdout.readline().strip() != "ready":
                raise SystemExit(f"the {k} worker failed to start")
        times: dict[str, list[float]] = {k: [] for k in procs}
        order = list(procs)
        for i in range(blocks):
            for k in (order if i % 2 == 0 else order[::-1]):
                procs[k].stdin.write("go\n")
                procs[k].stdin.flush()
                times[k].append(float(procs[k].stdout.readline()))
        return times
    finally:
        for p in procs.values():
            if p.stdin:
                p.stdin.close()
            p.wait()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("base", help="git revision of the version compared against")
    ap.add_argument("new", nargs="?", default=None, help="git revision (default: this working tree)")
    ap.add_argument("--board", default="europe")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bots", default="planner")
    ap.add_argument("--games", type=int, default=300, help="games in a block")
    ap.add_argument("--blocks", type=int, default=60, help="blocks each version plays")
    ap.add_argument("--cpu", type=int, default=1, help="the core both workers are pinned to")
    ap.add_argument("--whole", choices=("memory", "parquet"), default=None,
                    help="time whole runs (analyzer.simulate, one thread, wall time; unpinned), tables in memory "
                         "or written to Parquet, instead of the kernel loop")
    ap.add_argument("--bot-param", action="append", default=[], metavar="NAME=VALUE",
                    help="a bot weight or budget for both versions, as ttr simulate --bot-param (expert.budget=fast)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        trees = {"base": _worktree(args.base, Path(tmp) / "base")}
        trees["new"] = _worktree(args.new, Path(tmp) / "new") if args.new else ROOT
        try:
            t = compare(trees, args.board, args.players, args.bots, args.games, args.blocks, args.cpu, args.whole,
                        tuple(args.bot_param))
        finally:
            for tree in trees.values():
                if tree != ROOT:
                    subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
                                   capture_output=True)
    n = args.games
    best = {k: n / min(v) for k, v in t.items()}
    p10 = {k: n / sorted(v)[len(v) // 10] for k, v in t.items()}
    med = {k: n / statistics.median(v) for k, v in t.items()}
    print(f"{args.board} {args.players}p {args.bots}, {args.blocks} blocks of {n} games each: "
          f"base {best['base']:,.0f}, new {best['new']:,.0f} games/s (fastest blocks)")
    print(f"new / base: fastest {best['new'] / best['base']:.3f}x, 10th percentile "
          f"{p10['new'] / p10['base']:.3f}x, median {med['new'] / med['base']:.3f}x")


if __name__ == "__main__":
    main()
