"""`ttr`: thin typer commands, each passing its options to one function
(one module per command in analyzer/cli/). Bad input prints one clear line
and exits 2, never a traceback."""

from __future__ import annotations

import sys

import typer
from rich.console import Console

from analyzer.boards import BoardError
from analyzer.cli.boards import boards_app
from analyzer.cli.compare import compare_command
from analyzer.cli.ladder import ladder_command
from analyzer.cli.report import report_command
from analyzer.cli.rules import rules_command
from analyzer.cli.simulate import simulate_command, summary_command
from analyzer.cli.sweep import sweep_command
from analyzer.cli.tune import tune_command
from analyzer.cli.tunnels import tunnels_command
from analyzer.rules import RuleError

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="Monte Carlo strategy analyser for Ticket to Ride.")
app.command("simulate")(simulate_command)
app.command("summary")(summary_command)
app.add_typer(boards_app, name="boards")
app.command("rules")(rules_command)
app.command("tunnels")(tunnels_command)
app.command("ladder")(ladder_command)
app.command("sweep")(sweep_command)
app.command("compare")(compare_command)
app.command("tune")(tune_command)
app.command("report")(report_command)
console = Console()


def main() -> None:
    """Entry point. A usage error (unknown option, bad value type) prints
    typer's message and exits 2; a user error found by the library (a bad
    board, rule, bot or folder) prints one line and exits 2; never a traceback."""
    try:
        app()  # standalone: typer prints usage errors and exits with their code
    except (BoardError, RuleError, ValueError, FileNotFoundError) as e:
        console.print(f"[red]error:[/red] {e}", highlight=False, soft_wrap=True)  # one line: paths are never broken
        sys.exit(2)
    except KeyboardInterrupt as e:
        console.print(f"[yellow]{e or 'interrupted'}[/yellow]")
        sys.exit(130)
