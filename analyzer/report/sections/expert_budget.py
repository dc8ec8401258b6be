"""Expert's budget: the search player's strength against its speed. `expert`
plays `planner` on Europe with 2 players in both seat orders at several
budgets (rollouts per decision, then the fast preset the other studies of
`expert` play: analyzer.studies.EXPERT_BUDGET_STUDIES); for each budget, its
win rate against planner with a 95% CI and the games per second its runs
took on the machine that played them (their manifests' wall time), so a
reader sees what a stronger search costs. docs/bots.md gives the same curve
measured on paired deals with its command (bench/expert_curve.py)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.bots import expert_budget_label
from analyzer.report.figures import new_figure, save_figure, save_table
from analyzer.report.html import Section, ci_pct, pct
from analyzer.report.runs import board_name, pooled_table, provisional_state
from analyzer.run.results import Results
from analyzer.stats.overview import win_rates
from analyzer.studies import BUDGET_BOARD, BUDGET_PLAYERS, EXPERT_BUDGET_STUDIES, EXPERT_BUDGETS_PLAYED

TITLE = "Expert's budget: strength against speed"
INTRO = ("How much does a stronger search cost? The search player <code>expert</code> plays <code>planner</code> "
         f"on {board_name(BUDGET_BOARD)} with {BUDGET_PLAYERS} players, both seat orders on the same deals, at "
         "several budgets: rollouts per decision (40 is its default; late decisions get up to 4 times as many), "
         "then the fast budget that the report's other studies of <code>expert</code> play. For each budget: its "
         "win rate against <code>planner</code> (a shared first place counts as a win for both; 50% is even) with "
         "its 95% CI, and the games per second its runs took on the machine that made this page (every thread, as "
         "in the Runs table).")


def budget_table(runs: dict[str, Results]) -> pd.DataFrame:
    """One row per budget played (label, its bot params in words, games, expert's win rate and 95% CI,
    seconds and games per second of its runs), in the order of EXPERT_BUDGETS_PLAYED."""
    rows = []
    for label, params in EXPERT_BUDGETS_PLAYED.items():
        mine = [runs[s.name] for s in EXPERT_BUDGET_STUDIES
                if s.name.startswith(f"expert-budget-{label}-") and s.name in runs]
        if not mine:
            continue
        players = pooled_table(mine, "players")
        games = int(players["game"].nunique())
        w = win_rates(players, "bot").loc["expert"]
        seconds = sum(float(r.manifest.get("wall_time_s") or np.nan) for r in mine)
        rows.append({"budget": label, "search": expert_budget_label(dict(params)), "games": games,
                     "rollouts": params.get("EXPERT_ROLLOUTS") if label != "fast" else np.nan,
                     "win_rate": w["rate"], "ci_low": w["ci_low"], "ci_high": w["ci_high"],
                     "seconds": seconds, "games_per_s": games / seconds if seconds > 0 else np.nan})
    return pd.DataFrame(rows)


SPEED_LABEL = "games per second (the budget's runs, every thread)"


def budget_figure(t: pd.DataFrame, speed_label: str = SPEED_LABEL, what: str = "win rate", fair: float = 0.5):
    """`what` (t's win_rate) against rollouts per decision, and against speed (t's games_per_s, every budget
    labelled); t as budget_table gives it. bench/expert_curve.py draws docs/bots.md's curve with it too."""
    fig, axes = new_figure(10, 4.2, ncols=2)
    a, b = axes[0]
    ladder = t[t["rollouts"].notna()]
    err = lambda f: np.vstack([100 * (f["win_rate"] - f["ci_low"]), 100 * (f["ci_high"] - f["win_rate"])])  # noqa: E731
    a.errorbar(ladder["rollouts"], 100 * ladder["win_rate"], yerr=err(ladder), marker="o", capsize=3)
    a.set_xscale("log", base=2)
    a.set_xticks(ladder["rollouts"], [f"{v:g}" for v in ladder["rollouts"]])
    a.set_xlabel("rollouts per decision")
    a.set_title("Strength by budget", fontsize=10)
    b.errorbar(t["games_per_s"], 100 * t["win_rate"], yerr=err(t), marker="o", ls="none", capsize=3)
    for _, r in t.iterrows():
        b.annotate(r["search"], (r["games_per_s"], 100 * r["win_rate"]), textcoords="offset points",
                   xytext=(4, 4), fontsize=8)
    b.set_xscale("log")
    b.margins(x=0.2)  # room for the labels of the fastest and the slowest budget
    b.set_xlabel(speed_label)
    b.set_title("Strength against speed", fontsize=10)
    for ax in (a, b):
        ax.axhline(100 * fair, color="grey", lw=0.8, ls=":", label=f"even ({100 * fair:g}%)")
        ax.set_ylabel(f"expert's {what} against planner (%)")
        ax.legend(fontsize=8, loc="lower right")
    games = ", ".join(sorted({f"{g:,}" for g in t["games"]}))
    fig.suptitle(f"expert against planner, {board_name(BUDGET_BOARD)} {BUDGET_PLAYERS}p, both seat orders: "
                 f"{what} with 95% CI (n = {games} games a budget)", fontsize=10)
    return fig


def _rate(r) -> str:
    """'55.8% (95% CI 51.1–60.3%)' of a budget's win rate."""
    return f"{pct(r['win_rate'])} ({ci_pct(r['ci_low'], r['ci_high'])})"


def build_section(runs: dict[str, Results], out_dir: Path) -> Section | None:
    t = budget_table(runs)
    if t.empty:
        return None
    out = Path(out_dir)
    sec = Section("expert-budget", TITLE, INTRO)
    best = t.loc[t["win_rate"].idxmax()]
    sec.findings.append(f"The strongest budget here is {best['search']}: {_rate(best)} against "
                        f"planner at {best['games_per_s']:,.0f} games per second.")
    fast = t[t["budget"] == "fast"]
    if len(fast):
        f = fast.iloc[0]
        sec.findings.append(f"The fast budget, which the report's other studies of expert play: "
                            f"{_rate(f)} at {f['games_per_s']:,.0f} games per second.")
    mine = [r for n, r in runs.items() if n in {s.name for s in EXPERT_BUDGET_STUDIES}]
    sec.figures.append(save_figure(budget_figure(t), out, "expert_budget", "expert's win rate against planner by "
                                   "budget, and against the games per second that budget plays",
                                   provisional_state(*mine)))
    shown = t.drop(columns=["rollouts"]).assign(win_rate=[_rate(r) for _, r in t.iterrows()])
    sec.tables.append(save_table(shown.drop(columns=["ci_low", "ci_high"]), out, "expert_budget",
                                 "expert's budgets: win rate against planner (95% CI) and speed", index=False))
    sec.data["budgets"] = t
    return sec
