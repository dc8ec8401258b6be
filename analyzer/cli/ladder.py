"""`ttr ladder`: rank bots (analyzer.run.ladder) and print the ranking and
head-to-head tables."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import numpy as np
import typer
from rich.console import Console
from rich.table import Table

from analyzer.run.ladder import LadderResult, ladder

Opt = typer.Option
console = Console()

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


def ladder_command(
    board: Annotated[str, Opt(help="Built-in board name or a board folder.")] = "europe",
    players: Annotated[int, Opt(help="Seats at every table.")] = 2,
    bots: Annotated[str, Opt(help="The bots to rank, comma-separated, at least two: greedy,random.")] = "greedy,random",
    games: Annotated[int, Opt(help="Total games, split evenly over every (table, seating) run and rounded up "
                                   "to whole seed blocks.")] = 20_000,
    seed: Annotated[int, Opt(help="Master seed: game i of every run gets the same deal.")] = 1,
    out: Annotated[Path | None, Opt(help="Ladder folder: runs/<run>/ results, ladder.json, summary.csv.")] = None,
    rules: Annotated[str | None, Opt(help="Rule preset (default: the board's).")] = None,
    set_: Annotated[list[str] | None, Opt("--set", help="House rule override key=value (repeatable).")] = None,
    seatings: Annotated[str, Opt(help="rotations (each bot in each seat), permutations (every order) or teams "
                                         "(team play: one bot per team, the teams rotated).")] = (
        "rotations"),
    bootstrap: Annotated[int, Opt(help="Resamples of seed blocks for the 95% intervals.")] = 1000,
    threads: Annotated[int, Opt(help="Worker threads (0: all cores).")] = 0,
    resume: Annotated[bool, Opt(help="Continue an interrupted ladder in --out.")] = False,
    quiet: Annotated[bool, Opt(help="No progress bar.")] = False,
    cluster: Annotated[str | None, Opt(help="Run on Dask: local:N or tcp://HOST:PORT.")] = None,
    bot_param: Annotated[list[str] | None, Opt("--bot-param", help="Bot weight or budget NAME=VALUE (repeatable), "
                                                  "e.g. expert.rollouts=64 or expert.budget=fast; names: "
                                                  "kernels/bots/shared/params.py.")] = None,
):
    """Rank bots: every table of PLAYERS bots, every seating, the same seeds; win rates, scores, Bradley-Terry."""
    try:
        res = ladder(board=board, players=players, bots=bots, games=games, seed=seed, rules=rules,
                  overrides=set_ or None, out=out, threads=threads, resume=resume, progress=not quiet,
                  cluster=cluster, seatings=seatings, bootstrap=bootstrap, bot_params=bot_param or None)
    except KeyboardInterrupt as e:  # caught here: click would swallow the resume hint
        console.print(f"[yellow]{e or 'interrupted'}[/yellow]")
        raise typer.Exit(130) from None
    print_ladder(res, console)
