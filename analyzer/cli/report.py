"""`ttr report`: run the default study plan (analyzer.studies, through
analyzer.run.studies) or read existing runs (analyzer.report.folders), then
build the HTML report (analyzer.report.page). A plain function with
typer-compatible parameters; the CLI app registers it."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from analyzer.bots import parse_bots
from analyzer.report.folders import load_runs, load_tunes
from analyzer.report.page import build_report
from analyzer.run.studies import run_studies, run_tune_studies
from analyzer.studies import DEFAULT_GAMES

Opt = typer.Option


def report_command(
    paths: Annotated[list[Path] | None, typer.Argument(help="Results folders (runs or `ttr tune` studies) to "
                                                           "build the report from; none: run the default studies "
                                                           "first.")] = None,
    name: Annotated[str, Opt(help="Report name: the page goes to reports/NAME/index.html.")] = "default",
    games: Annotated[int | None, Opt(help="Games of one main study (each study runs its games_share of it; "
                                          f"default {DEFAULT_GAMES:,}).")] = None,
    bots: Annotated[str | None, Opt(help="Bots of every study: one name, or a comma list cycled over the seats "
                                         "(default: each study's own, planner).")] = None,
    seed: Annotated[int | None, Opt(help="Master seed of every study (paired studies share it; default 1).")]
    = None,
    threads: Annotated[int | None, Opt(help="Worker threads (0, the default: all cores).")] = None,
    results: Annotated[Path | None, Opt(help="Folder of the studies' runs (default: results/NAME).")] = None,
    out: Annotated[Path | None, Opt(help="Report folder (default: reports/NAME).")] = None,
    quiet: Annotated[bool, Opt(help="No progress bars.")] = False,
) -> None:
    """Build the HTML report: simulate the default studies (resuming what is
    already in results/NAME) or read the given results folders."""
    console = Console()
    if "/" in name or "\\" in name or not name.strip():
        raise ValueError(f"--name {name!r}: give a plain name (no slashes)")
    if bots is not None:  # checked whether studies run or not: a name given is a name meant
        parse_bots(bots, len([b for b in bots.split(",") if b.strip()]))
    if paths:
        given = {"--games": games, "--bots": bots, "--seed": seed, "--threads": threads, "--results": results}
        clash = [option for option, value in given.items() if value is not None]
        if clash:  # the folders hold their own games: a study option would be ignored
            raise ValueError(f"{', '.join(clash)}: only without results folders (the folders given hold their "
                             "own games)")
        runs, tunes = load_runs(paths), load_tunes(paths)
    else:
        games = DEFAULT_GAMES if games is None else games
        seed = 1 if seed is None else seed
        threads = 0 if threads is None else threads
        log = lambda m: console.print(m, soft_wrap=True)  # noqa: E731
        try:
            runs = run_studies(games=games, bots=bots, seed=seed, results_dir=results or Path("results") / name,
                               threads=threads, progress=not quiet, log=log)
            tunes = run_tune_studies(games=games, seed=seed, results_dir=results or Path("results") / name,
                                     threads=threads, progress=not quiet, log=log, bots=bots)
        except KeyboardInterrupt:  # the finished chunks are kept: the same command continues
            console.print("[yellow]interrupted: run the same command again to continue where it stopped[/yellow]")
            raise typer.Exit(130) from None
    console.print(f"building the report from {len(runs)} runs" + (f" and {len(tunes)} tuning studies" if tunes
                                                                   else "") + " ...")
    page = build_report(runs, out or Path("reports") / name, name=name, log=console.print, tunes=tunes,
                        games=None if paths else games)
    console.print(f"[green]report written[/green]: {page} (open it in a browser)")
