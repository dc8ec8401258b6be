"""`ttr boards list|show|validate`: the built-in boards, one board's counts
and special routes, and the check of a board folder."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from analyzer.boards import builtin_boards, load_board

console = Console()


boards_app = typer.Typer(no_args_is_help=True, help="List, show and validate boards.",
                         epilog="Example: ttr boards show europe")


@boards_app.command("list", epilog="Example: ttr boards list")
def boards_list():
    """The built-in boards."""
    t = Table()
    for col in ("name", "title", "cities", "routes", "tickets", "preset", "provisional"):
        t.add_column(col)
    for name in builtin_boards():
        b = load_board(name)
        s = b.summary()
        t.add_row(name, b.title, str(s["cities"]), str(s["routes"]), str(s["tickets"]), b.preset,
                  "provisional" if b.provisional else "")
    console.print(t)


@boards_app.command("show", epilog="Example: ttr boards show legendary-asia")
def boards_show(name: Annotated[str, typer.Argument(help="Board name or folder.")]):
    """Counts, totals and special routes of a board."""
    b = load_board(name)
    s = b.summary()
    if b.provisional:
        console.print(f"[yellow]PROVISIONAL[/yellow]: {b.provisional_note}")
    t = Table(title=f"{b.title} ({b.path})")
    t.add_column("what")
    t.add_column("value", justify="right")
    for k, v in s.items():
        t.add_row(k, str(v))
    console.print(t)
    special = b.routes[b.routes["kind"] != "normal"]
    if len(special):
        st = Table(title="special routes")
        for col in ("a", "b", "length", "color", "kind", "locomotives", "mountains", "reveal"):
            st.add_column(col)
        for _, r in special.iterrows():
            st.add_row(*(str(r[c]) for c in ("a", "b", "length", "color", "kind", "locomotives", "mountains",
                                             "reveal")))
        console.print(st)
    console.print(f"provenance: {b.provenance}")


@boards_app.command("validate", epilog="Example: ttr boards validate path/to/myboard")
def boards_validate(path: Annotated[Path, typer.Argument(help="A board folder.")]):
    """Check a board folder; exits 2 with the file, line and field of the first error."""
    b = load_board(path)
    s = b.summary()
    console.print(f"[green]ok[/green]: {b.title}: {s['cities']} cities, {s['routes']} routes, "
                  f"{s['tickets']} tickets")
