"""How every game ends: every built-in board at every player count its rules
allow, with `random` and with `planner` at every seat, counted by end reason
(docs/tables.md `end_reason`). A game that reaches the turn cap ended by no
rule (BASE-END-2: the cap is a guard), so the audit fails (exit 1) when one
does. Prints a Markdown table (the one in docs/rules/README.md "How games
end").

    python -m bench.stall_audit --games 100000
    python -m bench.stall_audit --games 2000 --boards ghost_train --bots random
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from datetime import UTC, datetime

import pandas as pd

import analyzer
from analyzer.boards import builtin_boards, load_board
from kernels import layouts as L

BOTS = ("random", "planner")


def audit(games: int, seed: int = 1, boards=None, bots=BOTS, threads: int = 0, block: int = 20_000) -> pd.DataFrame:
    """One row per (board, players, bot): games by end reason. The games of a
    cell are played in blocks of `block` (seed, seed+1, ...) so that memory
    stays small."""
    rows = []
    for name in boards or builtin_boards():
        rules = load_board(name).rules()
        for players in range(rules.min_players, rules.max_players + 1):
            if players % rules.team_size:
                continue
            for bot in bots:
                counts = dict.fromkeys(L.END_NAMES, 0)
                done = 0
                while done < games:
                    n = min(block, games - done)
                    res = analyzer.simulate(board=name, players=players, bots=bot, games=n,
                                            seed=seed + done // block, threads=threads, progress=False)
                    for reason, k in res.games["end_reason"].value_counts().items():
                        counts[str(reason)] += int(k)
                    done += n
                rows.append({"board": name, "players": players, "bot": bot, "games": games, **counts})
    return pd.DataFrame(rows)


def markdown(table: pd.DataFrame) -> str:
    cols = list(table.columns)
    lines = ["| " + " | ".join(cols) + " |", "| " + " | ".join("---" if c in ("board", "bot") else "---:"
                                                             for c in cols) + " |"]
    for r in table.itertuples(index=False):
        lines.append("| " + " | ".join(f"{v:,}" if isinstance(v, int) else str(v) for v in r) + " |")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100_000, help="games per board, player count and bot")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--boards", default=None, help="comma list (default: every built-in board)")
    ap.add_argument("--bots", default=",".join(BOTS), help="comma list of bots, each at every seat")
    ap.add_argument("--threads", type=int, default=0)
    args = ap.parse_args(argv)
    start = time.perf_counter()
    table = audit(args.games, args.seed, args.boards.split(",") if args.boards else None, args.bots.split(","),
                  args.threads)
    print(markdown(table))
    print(f"\n`python -m bench.stall_audit {' '.join(argv if argv is not None else sys.argv[1:])}`: "
          f"{table['games'].sum():,} games in {time.perf_counter() - start:,.0f} s, {os.cpu_count()} cores "
          f"({platform.processor() or platform.machine()}), {datetime.now(UTC):%Y-%m-%d}")
    capped = table[table["turn_cap"] > 0]
    if len(capped):
        print(f"games at the turn cap:\n{capped.to_string(index=False)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
