"""The search player's budget against its strength and speed: `expert` at
several rollout budgets against `planner` on paired seats
(bench.expert_strength), drawn as one figure, win share (95% CI) and games
per CPU-second against the budget, for docs/bots.md.

    python -m bench.expert_curve --games 400 --out docs/figures/expert_budget.png

A benchmark: it prints numbers and asserts nothing."""

from __future__ import annotations

import argparse
import json
import platform
from datetime import UTC, datetime
from pathlib import Path

from bench.expert_strength import paired_strength

BUDGETS = (4, 8, 16, 32, 64)


def curve(board: str, players: int, games: int, seed: int, budgets=BUDGETS) -> list[dict]:
    rows = []
    for rollouts in budgets:
        row = paired_strength(board, players, games, seed, 1, [f"EXPERT_ROLLOUTS={rollouts}"])
        row["rollouts"] = rollouts
        rows.append(row)
        print(json.dumps(row), flush=True)
    return rows


def draw(rows: list[dict], out: Path, title: str) -> None:
    import matplotlib
    import matplotlib.ticker

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    x = [r["rollouts"] for r in rows]
    share = [100 * r["expert_share"] for r in rows]
    err = [[100 * (r["expert_share"] - r["ci_low"]) for r in rows], [100 * (r["ci_high"] - r["expert_share"])
                                                                      for r in rows]]
    fig, (a, b) = plt.subplots(1, 2, figsize=(10, 4))
    a.errorbar(x, share, yerr=err, marker="o", capsize=3)
    a.axhline(100 * rows[0]["fair_share"], color="grey", ls="--", lw=0.8, label="fair share")
    a.set_xscale("log", base=2)
    a.set_xticks(x, [str(v) for v in x])
    a.set_xlabel("rollouts per decision (EXPERT_ROLLOUTS)")
    a.set_ylabel("expert's win share against planner (%)")
    a.set_title("Strength, 95% CI", fontsize=10)
    a.legend(fontsize="small")
    b.plot(x, [r["games_per_cpu_s"] for r in rows], marker="o")
    b.set_xscale("log", base=2)
    b.set_yscale("log")
    b.yaxis.set_major_formatter(matplotlib.ticker.ScalarFormatter())
    b.yaxis.set_minor_formatter(matplotlib.ticker.NullFormatter())
    b.set_yticks([5, 10, 20, 50], ["5", "10", "20", "50"])
    b.set_xticks(x, [str(v) for v in x])
    b.set_xlabel("rollouts per decision (EXPERT_ROLLOUTS)")
    b.set_ylabel("games per CPU-second")
    b.set_title("Speed (expert at one seat, planner at the others)", fontsize=10)
    fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=110)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--board", default="europe")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=400, help="games per budget (deals x seats)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, default=Path("docs/figures/expert_budget.png"))
    args = ap.parse_args()
    rows = curve(args.board, args.players, args.games, args.seed)
    title = (f"expert against planner, {args.board} {args.players}p, {rows[0]['games']:,} games per budget "
             f"(seed {args.seed}); {platform.machine()}, {datetime.now(UTC):%Y-%m-%d}")
    draw(rows, args.out, title)
    print(f"written {args.out}")


if __name__ == "__main__":
    main()
