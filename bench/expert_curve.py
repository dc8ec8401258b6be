"""The search player's budget against its strength and speed: `expert` at
several rollout budgets and at its named presets (`expert.budget=fast`)
against `planner` on paired seats (bench.expert_strength), drawn as one
figure, win share (95% CI) against the budget and against games per
CPU-second, for docs/bots.md.

    python -m bench.expert_curve --games 400 --out docs/figures/expert_budget.png

A benchmark: it prints numbers and asserts nothing."""

from __future__ import annotations

import argparse
import json
import platform
from datetime import UTC, datetime
from pathlib import Path

from bench.expert_strength import paired_strength

BUDGETS = (4, 8, 16, 40, 64)
PRESETS = ("fast",)  # expert's named budgets (analyzer.bots.EXPERT_BUDGETS) played after the rollout ladder


def curve(board: str, players: int, games: int, seed: int, budgets=BUDGETS, presets=PRESETS) -> list[dict]:
    """One row per budget: EXPERT_ROLLOUTS=n for each n of budgets (the other
    weights at their defaults), then each named preset."""
    runs = [(str(n), n, [f"EXPERT_ROLLOUTS={n}"]) for n in budgets]
    runs += [(name, None, [f"EXPERT_BUDGET={name}"]) for name in presets]
    rows = []
    for label, rollouts, params in runs:
        row = paired_strength(board, players, games, seed, 1, params)
        row["label"], row["rollouts"] = label, rollouts
        rows.append(row)
        print(json.dumps(row), flush=True)
    return rows


def draw(rows: list[dict], out: Path, title: str) -> None:
    """The report's budget figure (analyzer.report.sections.expert_budget.budget_figure) of these rows,
    speed in games per CPU-second, titled `title`."""
    import pandas as pd

    from analyzer.report.sections.expert_budget import budget_figure

    t = pd.DataFrame({"budget": [r["label"] for r in rows],
                      "search": [f"{r['label']} rollouts" if r["rollouts"] is not None else r["label"] for r in rows],
                      "rollouts": [r["rollouts"] for r in rows], "games": [r["games"] for r in rows],
                      "win_rate": [r["expert_share"] for r in rows], "ci_low": [r["ci_low"] for r in rows],
                      "ci_high": [r["ci_high"] for r in rows], "games_per_s": [r["games_per_cpu_s"] for r in rows]})
    t["rollouts"] = pd.to_numeric(t["rollouts"], errors="coerce")
    fig = budget_figure(t, "games per CPU-second, expert at one seat", "win share",
                        rows[0]["fair_share"])
    fig.suptitle(title, fontsize=10)
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
