"""`ttr`: thin typer commands, each passing its options to one function.
Bad input prints one clear line and exits 2, never a traceback."""

from __future__ import annotations

import sys
from pathlib import Path

import click
import typer
from rich.console import Console
from rich.table import Table

from analyzer.boards import BoardError, builtin_boards, load_board
from analyzer.rules import RuleError

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="Monte Carlo strategy analyser for Ticket to Ride.")
boards_app = typer.Typer(no_args_is_help=True, help="List, show and validate boards.")
app.add_typer(boards_app, name="boards")
console = Console()


@app.command()
def simulate(
    board: str = typer.Option("europe", help="Built-in board name or a board folder."),
    players: int = typer.Option(4, help="Number of players."),
    bots: str = typer.Option("greedy", help="One bot for every seat, or one per seat: greedy,greedy,random,random."),
    games: int = typer.Option(10_000, help="Games to simulate."),
    seed: int = typer.Option(1, help="Master seed: the same seed gives the same games."),
    out: Path = typer.Option(None, help="Results folder (Parquet parts + manifest.json)."),
    rules: str = typer.Option(None, help="Rule preset (default: the board's): usa, europe, legendary-asia, ..."),
    set_: list[str] = typer.Option(None, "--set", help="House rule override key=value (repeatable)."),
    threads: int = typer.Option(0, help="Worker threads (0: all cores)."),
    chunk_size: int = typer.Option(0, help="Games per chunk / part file (0: automatic)."),
    resume: bool = typer.Option(False, help="Continue an interrupted run in --out."),
    quiet: bool = typer.Option(False, help="No progress bar."),
):
    """Simulate games with bots and write the tables as Parquet."""
    from analyzer.runner import simulate as run

    res = run(board=board, players=players, bots=bots, games=games, seed=seed, rules=rules, overrides=set_ or None,
              out=out, threads=threads, chunk_size=chunk_size or None, resume=resume, progress=not quiet)
    print_summary(res)


@app.command()
def summary(path: Path = typer.Argument(..., help="A results folder.")):
    """Print a run's overview: win rate and score components by seat."""
    from analyzer.results import load

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
    g = res.games
    ends = g["end_reason"].value_counts().to_dict()
    console.print(f"turns per game: mean {g['turns'].mean():.1f}; end reasons: {ends}; "
                  f"stalled: {g['stalled'].mean():.4%}")
    if res.path is not None:
        console.print(f"tables in {res.path}: analyzer.load('{res.path}').players")


@boards_app.command("list")
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


@boards_app.command("show")
def boards_show(name: str = typer.Argument(..., help="Board name or folder.")):
    """Counts, totals and special routes of a board."""
    b = load_board(name)
    s = b.summary()
    if b.provisional:
        console.print(f"[yellow]provisional board[/yellow]: {b.provisional_note}")
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


@boards_app.command("validate")
def boards_validate(path: Path = typer.Argument(..., help="A board folder.")):
    """Check a board folder; exits 2 with the file, line and field of the first error."""
    b = load_board(path)
    s = b.summary()
    console.print(f"[green]ok[/green]: {b.title}: {s['cities']} cities, {s['routes']} routes, "
                  f"{s['tickets']} tickets")


@app.command("rules")
def rules_show(preset_name: str = typer.Argument("europe", metavar="PRESET")):
    """Every parameter of a rule preset (the keys --set accepts)."""
    from analyzer.rules import preset

    rs = preset(preset_name)
    t = Table(title=f"rule preset {rs.name} (hash {rs.hash()})")
    t.add_column("key")
    t.add_column("value")
    for k, v in rs.as_dict().items():
        t.add_row(k, str(v))
    console.print(t)


def main() -> None:
    """Entry point: user errors exit 2 with one line, no traceback."""
    try:
        rv = app(standalone_mode=False)
    except (BoardError, RuleError, ValueError, FileNotFoundError) as e:
        console.print(f"[red]error:[/red] {e}", highlight=False)
        sys.exit(2)
    except click.exceptions.ClickException as e:
        e.show()
        sys.exit(2 if e.exit_code == 2 else e.exit_code)
    except (KeyboardInterrupt, click.exceptions.Abort) as e:
        console.print(f"[yellow]{e or 'interrupted'}[/yellow]")
        sys.exit(130)
    sys.exit(rv if isinstance(rv, int) else 0)


if __name__ == "__main__":
    main()
