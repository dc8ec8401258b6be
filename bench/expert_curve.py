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

BUDGETS = (4, 8, 16, 32, 64)
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


def _share(rows):
    return ([100 * r["expert_share"] for r in rows],
            [[100 * (r["expert_share"] - r["ci_low"]) for r in rows],
             [100 * (r["ci_high"] - r["expert_share"]) for r in rows]])


def draw(rows: list[dict], out: Path, title: str) -> None:
    import matplotlib
    import matplotlib.ticker

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ladder = [r for r in rows if r["rollouts"] is not None]
    x = [r["rollouts"] for r in ladder]
    fig, (a, b) = plt.subplots(1, 2, figsize=(10, 4))
    share, err = _share(ladder)
    a.errorbar(x, share, yerr=err, marker="o", capsize=3)
    a.axhline(100 * rows[0]["fair_share"], color="grey", ls="--", lw=0.8, label="fair share")
    a.set_xscale("log", base=2)
    a.set_xticks(x, [str(v) for v in x])
    a.set_xlabel("rollouts per decision (EXPERT_ROLLOUTS)")
    a.set_ylabel("expert's win share against planner (%)")
    a.set_title("Strength by rollouts, 95% CI", fontsize=10)
    a.legend(fontsize="small")
    for group, style in ((ladder, dict(marker="o")), ([r for r in rows if r["rollouts"] is None],
                                                      dict(marker="s", ls="none", color="C3"))):
        share, err = _share(group)
        b.errorbar([r["games_per_cpu_s"] for r in group], share, yerr=err, capsize=3, **style)
        for r, y in zip(group, share, strict=True):
            b.annotate(r["label"], (r["games_per_cpu_s"], y), textcoords="offset points", xytext=(5, 5),
                       fontsize=8)
    b.axhline(100 * rows[0]["fair_share"], color="grey", ls="--", lw=0.8)
    b.set_xscale("log")
    b.xaxis.set_major_formatter(matplotlib.ticker.ScalarFormatter())
    b.xaxis.set_minor_formatter(matplotlib.ticker.NullFormatter())
    b.set_xticks([5, 10, 20, 50, 100, 200], ["5", "10", "20", "50", "100", "200"])
    b.set_xlabel("games per CPU-second (expert at one seat, planner at the other)")
    b.set_ylabel("expert's win share against planner (%)")
    b.set_title("Strength against speed (labels: rollouts, or the preset)", fontsize=10)
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
