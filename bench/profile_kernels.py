"""Where a decision's time goes, per function: sample the kernels with
`perf record -e cpu-clock` while they play, with a perf map of the compiled
functions so the samples get names.

    .venv/bin/python bench/profile_kernels.py --board usa --players 2 --bots random [--games 20000]
        [--bot-param expert.budget=fast ...] [--annotate fill_need ...]

Loads the kernels (the names come from the LLVM module a compiled or cached
library keeps for linking), writes /tmp/perf-<pid>.map, plays the games under `perf record` attached to
this process, and prints each function's share of the samples. Functions
LLVM inlined into their callers count as their callers. `--annotate NAME`
(a function whose name ends with NAME) also writes its machine code, read
from this process's memory and disassembled by `objdump`, with each
instruction's share of the function's samples, to /tmp/annotate-NAME.txt,
and prints its hottest instructions.
A developer tool (Linux, `perf` and `objdump` on PATH); it asserts nothing."""

from __future__ import annotations

import argparse
import collections
import ctypes
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def write_perf_map(lib, path: Path) -> int:
    """Every defined function of a compiled library (callees linked in) with
    its address; a function's size is taken as the gap to the next one."""
    module = lib._final_module
    if not any(not f.is_declaration for f in module.functions):
        module = lib._get_module_for_linking()  # loaded from the cache: the bitcode kept for linking
    names = [f.name for f in module.functions if not f.is_declaration]
    addrs = sorted((lib.get_pointer_to_function(n), n) for n in names)
    addrs = [(a, n) for a, n in addrs if a]
    with open(path, "w") as f:
        for (a, n), (b, _) in zip(addrs, addrs[1:] + [(addrs[-1][0] + 4096, "")], strict=True):
            f.write(f"{a:x} {b - a:x} {n}\n")
    return len(addrs)


def demangle(name: str) -> str:
    """Numba's mangled names carry the qualified Python name: keep module.function."""
    if not name.startswith("_ZN"):
        return name
    parts, i = [], 3
    while i < len(name) and name[i].isdigit():
        j = i
        while name[j].isdigit():
            j += 1
        n = int(name[i:j])
        parts.append(name[j:j + n])
        i = j + n
    parts = [p for p in parts if not p.startswith("_3clocals_3e")]
    text = ".".join(parts)
    for a, b in (("_2e", "."), ("_5f", "_")):
        text = text.replace(a, b)
    return text.rsplit("$", 1)[0]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--board", default="usa")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--bots", default="random")
    ap.add_argument("--games", type=int, default=20000)
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--annotate", action="append", default=[], metavar="NAME",
                    help="also print the machine code of the function whose name ends with NAME, sample by sample")
    ap.add_argument("--bot-param", action="append", default=[], metavar="NAME=VALUE",
                    help="a bot weight or budget, as ttr simulate --bot-param (expert.budget=fast)")
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    import numpy as np

    from analyzer.boards import load_board
    from analyzer.bots import BotParams, bot_ids, parse_bots
    from bench.engine_speed import record_buffers
    from kernels.runner import play_block, run_block

    board = load_board(args.board)
    rules = board.rules()
    bd, ru = board.compile(rules), rules.to_array()
    bots = bot_ids(parse_bots(args.bots, args.players))
    n_routes, n_tickets = bd.routes.shape[0], bd.tickets.shape[0]
    weights = BotParams.of(args.bot_param).to_array()

    def play(first: int, n: int) -> float:
        bufs = record_buffers(n, args.players, n_tickets, n_routes)
        t0 = time.perf_counter()
        play_block(bd, ru, bots, weights, np.int64(1), np.int64(first), np.int64(n), bufs, np.zeros(5, np.int64))
        return time.perf_counter() - t0

    t0 = time.perf_counter()
    play(0, 2)
    print(f"compiled in {time.perf_counter() - t0:.0f} s", flush=True)
    lib = run_block.overloads[run_block.signatures[0]].library
    pid = os.getpid()
    n = write_perf_map(lib, Path(f"/tmp/perf-{pid}.map"))
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "perf.data"
        rec = subprocess.Popen(["perf", "record", "-q", "-e", "cpu-clock", "-F", "4999", "-p", str(pid), "-o",
                                str(data)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1.0)
        wall = play(1000, args.games)
        rec.send_signal(2)
        rec.wait()
        rep = subprocess.run(["perf", "report", "-i", str(data), "--stdio", "--no-children", "--sort", "symbol",
                              "--percent-limit", "0.2"], capture_output=True, text=True)
        ips = subprocess.run(["perf", "script", "-i", str(data), "-F", "ip"], capture_output=True,
                             text=True).stdout.split() if args.annotate else []
    print(f"{args.games} games of {args.board} {args.players}p {args.bots}: {args.games / wall:,.0f} games/s "
          f"on one thread; {n} functions mapped")
    rows = []
    for line in rep.stdout.splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "%" not in line:
            continue
        pct, _, sym = line.partition("%")
        sym = sym.split("]", 1)[-1].strip()
        rows.append((float(pct), demangle(sym)))
    print(f"\nshare of samples (top {args.top}):")
    for pct, sym in rows[:args.top]:
        print(f"  {pct:6.2f}%  {sym}")
    samples = collections.Counter(int(ip, 16) for ip in ips)
    for name in args.annotate:
        annotate(Path(f"/tmp/perf-{pid}.map"), name, samples)


def annotate(perf_map: Path, name: str, samples: collections.Counter) -> None:
    """The machine code of the mapped function whose name ends with `name`, each instruction with its
    share of the function's samples (written to a file), and its 25 hottest instructions (printed)."""
    for line in perf_map.read_text().splitlines():
        start, size, mangled = line.split(" ", 2)
        if not demangle(mangled).endswith(name):
            continue
        a, n = int(start, 16), int(size, 16)
        with tempfile.NamedTemporaryFile(suffix=".bin") as code:
            code.write(ctypes.string_at(a, n))  # the compiled code, live in this process
            code.flush()
            dis = subprocess.run(["objdump", "-D", "-b", "binary", "-m", "i386:x86-64", f"--adjust-vma={a:#x}",
                                  code.name], capture_output=True, text=True).stdout
        hits = {ip: c for ip, c in samples.items() if a <= ip < a + n}
        total = max(sum(hits.values()), 1)
        print(f"\n{demangle(mangled)}: {sum(hits.values()) / max(sum(samples.values()), 1):.2%} of the samples, "
              f"{n} bytes")
        listed = []
        for text in dis.splitlines():
            addr, colon, _ = text.strip().partition(":")
            if colon and addr and all(ch in "0123456789abcdef" for ch in addr):
                listed.append((hits.get(int(addr, 16), 0) / total, text.strip()))
        out = Path(tempfile.gettempdir()) / f"annotate-{name}.txt"
        out.write_text("".join(f"{share:6.2%}  {text}\n" for share, text in listed))
        print(f"its code, each instruction with its share of the function's samples: {out}\nhottest:")
        for share, text in sorted(listed, key=lambda x: -x[0])[:25]:
            print(f"  {share:6.2%}  {text}")
        return
    print(f"\nno mapped function ends with {name!r}")


if __name__ == "__main__":
    main()
