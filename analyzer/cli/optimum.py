"""`ttr optimum`: the maximum solo score of a board with a train count, by
mixed-integer programming (analyzer/optimum; docs/optimum.md)."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console

from analyzer.optimum import optimum

console = Console()


def optimum_command(
    board: Annotated[str, typer.Option(help="Board name or folder (not Ghost Train: it is won by tickets).")] = "usa",
    trains: Annotated[int | None, typer.Option(help="Trains (default: the rule set's; a team's for Team Asia).")]
    = None,
    time_limit: Annotated[float | None, typer.Option("--time-limit", help="Seconds for the solver (default: "
                                                     "until proven optimal).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as one JSON object.")] = False,
):
    """The maximum score one player alone could make: routes and completed
    tickets within the trains (no longest-path or other best-player bonus),
    with the solver's proven bound and whether the best found is proven optimal."""
    res = optimum(board, trains, time_limit)
    if as_json:
        typer.echo(json.dumps(res.as_dict(), ensure_ascii=False))
        return
    state = "proven optimal" if res.proven else f"not proven: the bound is {res.bound} (gap {res.gap})"
    console.print(f"{res.board}, {res.trains} trains: best score {res.score} ({state}); "
                  f"{res.seconds:.1f} s", highlight=False)
    console.print(f"  routes {res.route_points} + tickets {res.ticket_points}"
                  + (f" + fixed {res.fixed_points}" if res.fixed_points else "")
                  + f"; {res.trains_used} of {res.trains} trains", highlight=False)
    console.print(f"  local search: {res.search_score} at {res.search_seconds:.1f} s; MILP solver: {res.status}",
                  highlight=False)
    console.print(f"  routes ({len(res.routes)}): {'; '.join(res.routes) or 'none'}", highlight=False)
    console.print(f"  tickets ({len(res.tickets)}): {'; '.join(res.tickets) or 'none'}", highlight=False)
    for note in res.notes:
        console.print(f"  note: {note}", highlight=False)
