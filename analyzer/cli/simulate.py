"""`ttr simulate` and `ttr summary`: play games into a results folder, and
print a run's overview."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from analyzer.run.results import load
from analyzer.run.simulate import simulate

Opt = typer.Option
console = Console()


def simulate_command(
    board: Annotated[str, Opt(help="Built-in board name or a board folder.")] = "europe",
    players: Annotated[int, Opt(help="Number of players.")] = 4,
    bots: Annotated[str, Opt(help="One bot for every seat, or one per seat: greedy,greedy,random,random.")] = "greedy",
    games: Annotated[int, Opt(help="Games to simulate.")] = 10_000,
    seed: Annotated[int, Opt(help="Master seed: the same seed gives the same games.")] = 1,
    out: Annotated[Path | None, Opt(help="Results folder (Parquet parts + manifest.json).")] = None,
    rules: Annotated[str | None, Opt(help="Rule preset (default: the board's): usa, europe, legendary-asia.")] = None,
    set_: Annotated[list[str] | None, Opt("--set", help="House rule override key=value (repeatable).")] = None,
    threads: Annotated[int, Opt(help="Worker threads (0: all cores).")] = 0,
    chunk_size: Annotated[int, Opt(help="Games per chunk / part file (0: automatic).")] = 0,
    resume: Annotated[bool, Opt(help="Continue an interrupted run in --out.")] = False,
    quiet: Annotated[bool, Opt(help="No progress bar.")] = False,
    cluster: Annotated[str | None, Opt(help="Run on Dask: local:N (N worker processes) or tcp://HOST:PORT "
                                            "(a running `dask scheduler`).")] = None,
    shared_out: Annotated[bool, Opt(help="tcp cluster: the workers write to --out themselves (they must see "
                                         "the same folder); --no-shared-out sends the tables back here.")] = True,
    bot_param: Annotated[list[str] | None, Opt("--bot-param", help="Bot weight or budget NAME=VALUE (repeatable), "
                                                  "e.g. expert.rollouts=64 or expert.budget=fast; names: "
                                                  "kernels/bots/shared/params.py.")] = None,
    events: Annotated[bool, Opt(help="Also write events.parquet parts (events/): every move of train cards and "
                                     "tickets, docs/tables.md.")] = False,
):
    """Simulate games with bots and write the tables as Parquet."""
    try:
        res = simulate(board=board, players=players, bots=bots, games=games, seed=seed, rules=rules,
                  overrides=set_ or None, out=out, threads=threads, chunk_size=chunk_size or None, resume=resume,
                  progress=not quiet, cluster=cluster, shared_out=shared_out,
                       bot_params=bot_param or None, events=events)
    except KeyboardInterrupt as e:  # caught here: click would swallow the resume hint
        console.print(f"[yellow]{e or 'interrupted'}[/yellow]")
        raise typer.Exit(130) from None
    print_summary(res)


def summary_command(path: Annotated[Path, typer.Argument(help="A results folder.")]):
    """Print a run's overview: win rate and score components by seat."""
    print_summary(load(path))


def print_summary(res) -> None:
    m = res.manifest
    prov = " [yellow](provisional board)[/yellow]" if m.get("provisional") else ""
    console.print(
        f"[bold]{m['board']}[/bold]{prov}, {m['players']} players, rules {m['rules_name']} "
        f"(hash {m['rules_hash']}), {len(res.games):,} games, seed {m['seed']}"
        + (f", {m['games_per_s']:,.0f} games/s" if m.get("games_per_s") else "")
    )
    s = res.summary()
    t = Table(title="by seat: means per game")
    t.add_column("")
    for seat, bot in s.index:
        t.add_column(f"seat {seat}\n{bot}", justify="right")
    for col in s.columns:
        t.add_row(col, *[f"{v:,.3f}" if col == "win_rate" else f"{v:,.2f}" if col != "games" else f"{int(v):,}"
                         for v in s[col]])
    console.print(t)
    size = int(m.get("rules", {}).get("team_size", 1))
    if size > 1:  # Team Asia: scores and wins are the team's
        tw = res.players.groupby(["game", "team"], observed=True)["winner"].first().groupby("team").mean()
        console.print("team win rate: " + ", ".join(
            f"team {t} (seats {'+'.join(str(size * t + i) for i in range(size))}) {v:.3f}" for t, v in tw.items()))
    g = res.games
    ends = g["end_reason"].value_counts().to_dict()
    console.print(f"turns per game: mean {g['turns'].mean():.1f}; end reasons: {ends}; "
                  f"stalled: {g['stalled'].mean():.4%}")
    if res.path is not None:
        console.print(f"tables in {res.path}: analyzer.load('{res.path}').players")
