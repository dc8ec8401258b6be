"""`ttr sweep`: every house-rule variant on the same game seeds (common
random numbers), then the comparison with the baseline."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from analyzer.cli.compare import print_comparison
from analyzer.run.sweep import parse_set_options, sweep
from analyzer.run.sweep_output import compare

Opt = typer.Option
console = Console()


def sweep_command(
    board: Annotated[str | None, Opt(help="Built-in board name or a board folder (default: europe).")] = None,
    players: Annotated[int | None, Opt(help="Number of players (default: 4).")] = None,
    bots: Annotated[str | None, Opt(help="One bot for every seat, or one per seat (default: greedy).")] = None,
    games: Annotated[int | None, Opt(help="Games per variant (default: 10000).")] = None,
    seed: Annotated[int | None, Opt(help="Master seed, the same for every variant (default: 1).")] = None,
    out: Annotated[Path | None, Opt(help="Sweep folder: variants/<variant>/ runs + sweep.json.")] = None,
    rules: Annotated[str | None, Opt(help="Base rule preset (default: the board's).")] = None,
    set_: Annotated[list[str] | None, Opt("--set", help="Swept rule key=v1,v2,... (repeatable: the grid of "
                                                        "every combination); route_scores lists split by ';'.")] = None,
    config: Annotated[Path | None, Opt(help="Sweep config (TOML): named variants, grid, base rules, baseline.")] = None,
    baseline: Annotated[str | None, Opt(help="Name of the baseline variant (default: the one with the base "
                                             "rules, added if missing).")] = None,
    threads: Annotated[int, Opt(help="Worker threads (0: all cores).")] = 0,
    chunk_size: Annotated[int, Opt(help="Games per chunk / part file (0: automatic).")] = 0,
    resume: Annotated[bool, Opt(help="Continue an interrupted sweep in --out.")] = False,
    quiet: Annotated[bool, Opt(help="No progress bars.")] = False,
    cluster: Annotated[str | None, Opt(help="Run every variant on Dask: local:N or tcp://HOST:PORT.")] = None,
    shared_out: Annotated[bool, Opt(help="tcp cluster: the workers write to --out themselves; "
                                         "--no-shared-out sends the tables back here.")] = True,
):
    """House-rule sweep: every variant on the same game seeds (common random numbers), then the comparison."""
    grid = parse_set_options(set_) if set_ else None
    try:
        res = sweep(board=board, players=players, bots=bots, games=games, seed=seed, grid=grid, rules=rules,
                  baseline=baseline, out=out, threads=threads, chunk_size=chunk_size or None, resume=resume,
                  progress=not quiet, cluster=cluster, shared_out=shared_out, config=config)
    except KeyboardInterrupt as e:
        console.print(f"[yellow]{e or 'interrupted'}[/yellow]; continue the sweep with the same command and --resume")
        raise typer.Exit(130) from None
    print_comparison(compare(res), res)
    if res.path is not None:
        console.print(f"sweep in {res.path}: analyzer.load_sweep('{res.path}'), `ttr compare {res.path}`")
