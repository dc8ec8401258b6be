"""`ttr ladder`: print a ladder's ranking and head-to-head table."""

from __future__ import annotations

import numpy as np
from rich.console import Console
from rich.table import Table

from analyzer.ladder import LadderResult

COMPONENT_LABELS = {
    "route_points": "routes",
    "tickets_won": "tickets +",
    "tickets_lost": "tickets −",
    "longest_bonus": "longest",
    "explorer_bonus": "explorer",
    "globetrotter_bonus": "globetr.",
    "station_points": "stations",
    "mountain_points": "mountains",
}


def print_ladder(res: LadderResult, console: Console) -> None:
    m = res.manifest
    console.print(
        f"[bold]ladder[/bold] {m['board']}, {m['players']} players, rules {m['rules_name']} "
        f"(hash {m['rules_hash']}), seed {m['seed']}: {len(res.runs)} runs ({m['seatings']} of "
        f"{res.runs['table'].nunique()} tables) × {m['games_per_run']:,} seed blocks = "
        f"{len(res.runs) * m['games_per_run']:,} games"
    )
    if m["games_per_run"] < 30:
        console.print(f"[yellow]only {m['games_per_run']} seed blocks: the intervals are rough; "
                      "give more --games[/yellow]")
    s = res.summary
    t = Table(title="ranking (95% intervals from resampled seed blocks)")
    for col in ("bot", "win rate", "95% CI", "score", "95% CI", "BT", "95% CI"):
        t.add_column(col, justify="left" if col == "bot" else "right", no_wrap=col != "bot")
    for r in s.itertuples():
        t.add_row(f"{r.rank}. {r.bot}", f"{r.win_rate:.3f}", f"{r.win_low:.2f}–{r.win_high:.2f}",
                  f"{r.score:.1f}", f"{r.score_low:.0f}–{r.score_high:.0f}", f"{r.bt:.2f}",
                  f"{r.bt_low:.2f}–{r.bt_high:.2f}")
    console.print(t)
    comps = [c for c in COMPONENT_LABELS if c in s.columns]
    c = Table(title="score components (points per seat-game)")
    c.add_column("bot")
    c.add_column("seat-games", justify="right")
    for col in comps:
        c.add_column(COMPONENT_LABELS[col], justify="right")
    for r in s.itertuples():
        c.add_row(r.bot, f"{r.games:,}", *[f"{getattr(r, col):.1f}" for col in comps])
    console.print(c)
    pw = res.pairwise
    if len(pw):
        order = list(s["bot"])
        h = Table(title="head to head: share of pairwise comparisons the row bot won (ties 1/2)")
        h.add_column("")
        for b in order:
            h.add_column(b, justify="right")
        share = pw.set_index(["bot", "opponent"])["share"]
        for a in order:
            h.add_row(a, *["—" if a == b else f"{share.get((a, b), np.nan):.3f}" for b in order])
        console.print(h)
    if res.path is not None:
        console.print(f"tables in {res.path}: summary.csv, pairwise.csv, runs.csv; "
                      f"analyzer.load_ladder('{res.path}')")
