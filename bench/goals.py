"""The speed goals, each set against the figure of `make bench` that measures it:
`make bench` prints this table last, and

    .venv/bin/python -m bench.goals            # from bench/last_bench.json

prints it from the last benchmark. A benchmark, never a test: a goal not met
is a line that says so, not a failure.

The engine goals are stated against the Rust peer (edwisdom/ticket_to_ride,
ttr-core, release build) measured on the same 2-core machine class: 32.8k
games/s for random USA 2-player games (0.197 µs per step) and 16.3k for
4-player. The goals: 1.5x and 2x those, in games per second or in µs per
decision (the random policies differ, so time per decision is the fair
measure)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Goal:
    """One goal: what it measures, the figure's reader over bench/last_bench.json
    (None when the benchmark lacks it), the bound and whether more is better."""

    what: str
    unit: str
    figure: Callable[[dict], float | None]
    bound: float
    higher_is_better: bool

    def met(self, value: float) -> bool:
        return value >= self.bound if self.higher_is_better else value <= self.bound


def _row(rows: list[dict] | None, board: str, players: int, bot: str, **match) -> dict | None:
    for r in rows or ():
        if (r["board"], r["players"], r["bot"]) == (board, players, bot) and all(r.get(k) == v
                                                                                for k, v in match.items()):
            return r
    return None


def _engine(key: str, board: str, players: int, bot: str) -> Callable[[dict], float | None]:
    def read(b: dict) -> float | None:
        r = _row(b.get("per_decision"), board, players, bot)
        return r[key] if r else None
    return read


def _whole(board: str, players: int, bot: str) -> Callable[[dict], float | None]:
    def read(b: dict) -> float | None:
        r = _row(b.get("games_per_s"), board, players, bot, threads=1)
        return r["games_per_s"] if r else None
    return read


def _tables_ratio(b: dict) -> float | None:
    """A whole run (tables kept in memory) over the engine alone, USA 2p random, one thread, in interleaved
    rounds (bench/tables_speed.py, make bench's `tables_cost`)."""
    m = b.get("tables_cost")
    return m["memory_ratio"] if m else None


def _expert(b: dict) -> float | None:
    r = next((r for r in b.get("expert") or () if r["table"] == "expert vs planner"), None)
    return r["games_per_cpu_s"] if r else None


GOALS = (
    Goal("random USA 2p, engine, one thread", "games/s", _engine("games_per_s", "usa", 2, "random"), 50_000, True),
    Goal("random USA 2p, engine, time per decision", "µs", _engine("us_per_decision", "usa", 2, "random"), 0.13,
         False),
    Goal("random USA 4p, engine, one thread (2x the peer)", "games/s", _engine("games_per_s", "usa", 4, "random"),
         32_600, True),
    Goal("tables nearly free: whole run / engine, USA 2p random", "ratio", _tables_ratio, 0.95, True),
    Goal("planner Europe 4p, engine, one thread", "games/s", _engine("games_per_s", "europe", 4, "planner"), 6_000,
         True),
    Goal("planner Europe 4p, whole run, one thread", "games/s", _whole("europe", 4, "planner"), 5_700, True),
    Goal("cold compile of every kernel", "s wall", lambda b: b.get("cold_compile_s"), 60, False),
    Goal("recompile after editing one bot", "s wall", lambda b: b.get("bot_edit_recompile_s"), 30, False),
    Goal("expert Europe 2p against planner, default budget", "games/CPU-s", _expert, 20, True),
)


def goal_table(bench: dict) -> list[dict]:
    """One row per goal: the measured figure (None when not measured), the goal, met or not."""
    rows = []
    for g in GOALS:
        value = g.figure(bench)
        rows.append(dict(goal=g.what, unit=g.unit, measured=value,
                         bound=("≥ " if g.higher_is_better else "≤ ") + f"{g.bound:,g}",
                         met=None if value is None else g.met(value)))
    return rows


def print_goals(bench: dict) -> int:
    """Print the goal table; return how many goals are measured and not met."""
    rows = goal_table(bench)
    width = max(len(r["goal"]) for r in rows)
    print(f"{'goal':{width}s}  {'measured':>12s}  {'goal':>10s}  unit         met")
    for r in rows:
        value = "not measured" if r["measured"] is None else f"{r['measured']:,g}"
        verdict = "-" if r["met"] is None else ("yes" if r["met"] else "NO")
        print(f"{r['goal']:{width}s}  {value:>12s}  {r['bound']:>10s}  {r['unit']:12s} {verdict}")
    print("make report's own time (goal: 10 minutes on a fresh clone, compile included) is the last table of the "
          "report (its Cost section), not a figure of make bench.")
    return sum(r["met"] is False for r in rows)


def main() -> int:
    path = ROOT / "bench" / "last_bench.json"
    if not path.exists():
        print(f"{path}: no benchmark yet (run `make bench`)", file=sys.stderr)
        return 2
    print_goals(json.loads(path.read_text()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
