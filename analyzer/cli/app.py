"""`ttr`: thin typer commands, each passing its options to one function
(one module per command in analyzer/cli/). Bad input prints one clear line
and exits 2, never a traceback."""

from __future__ import annotations

import sys
from typing import Annotated

import typer
from rich.console import Console

from analyzer.boards import BoardError
from analyzer.cli.boards import boards_app
from analyzer.cli.compare import compare_command
from analyzer.cli.ladder import ladder_command
from analyzer.cli.optimum import optimum_command
from analyzer.cli.report import report_command
from analyzer.cli.rules import rules_command
from analyzer.cli.simulate import simulate_command, summary_command
from analyzer.cli.sweep import sweep_command
from analyzer.cli.tune import tune_command
from analyzer.cli.tunnels import tunnels_command
from analyzer.report.header import package_version
from analyzer.rules import RuleError

EXAMPLES = {
    "": "ttr simulate --board europe --players 4 --games 10000 --out results/eu4",
    "simulate": "ttr simulate --board usa --players 2 --bots planner --out results/usa2",
    "summary": "ttr summary results/eu4",
    "rules": "ttr rules legendary-asia",
    "tunnels": "ttr tunnels --revealed 3,4,5,6 --plot tunnels.png",
    "ladder": "ttr ladder --board europe --players 2 --bots greedy,random",
    "sweep": "ttr sweep --set tunnel_reveal=2,3,4 --games 20000 --out results/sw",
    "compare": "ttr compare results/sw --csv compare.csv",
    "tune": "ttr tune --param tunnel_reveal=2..4 --objective seat_advantage --out t4",
    "report": "ttr report --name mine --games 20000 --bots greedy",
    "optimum": "ttr optimum --board usa --trains 45 --time-limit 900",
}
"""Each command's example, the last lines of its --help (the boards commands' are in analyzer/cli/boards.py)."""


def example(key: str) -> str:
    return f"Example: {EXAMPLES[key]}"


def version_option(value: bool) -> None:
    if value:
        typer.echo(f"ttr {package_version()}")
        raise typer.Exit()


app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="Monte Carlo strategy analyser for Ticket to Ride.", epilog=example(""))


@app.callback()
def root(version: Annotated[bool, typer.Option("--version", callback=version_option, is_eager=True,
                                               help="Print the version and exit.")] = False) -> None:
    """Monte Carlo strategy analyser for Ticket to Ride."""


for _name, _command in (("simulate", simulate_command), ("summary", summary_command), ("rules", rules_command),
                        ("tunnels", tunnels_command), ("ladder", ladder_command), ("sweep", sweep_command),
                        ("compare", compare_command), ("tune", tune_command), ("report", report_command),
                        ("optimum", optimum_command)):
    app.command(_name, epilog=example(_name))(_command)
app.add_typer(boards_app, name="boards")
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
