"""`ttr`: thin typer commands, each passing its options to one function
(one module per command in analyzer/cli/). Bad input prints one clear line
and exits 2, never a traceback."""

from __future__ import annotations

import sys
from typing import Annotated

import typer
import typer.main
from rich.console import Console
from rich.markup import escape

from analyzer.boards import BoardError
from analyzer.cli.analyse import analyse_command
from analyzer.cli.balance import balance_command
from analyzer.cli.boards import boards_app
from analyzer.cli.checks import install_checks
from analyzer.cli.compare import compare_command
from analyzer.cli.ladder import ladder_command
from analyzer.cli.optimum import optimum_command
from analyzer.cli.replay import replay_command
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
    "tune weights": "ttr tune --bots destination-hungry,planner,planner,planner --param HUNGRY_EV_TURN_VALUE=0.2..2.5 "
                    "--objective max:win_rate:destination-hungry "
                    "--constraint 'tickets_kept:destination-hungry>=4.4' --out th",
    "tune scorecard": "ttr tune --board europe --players 2 --param longest_path_bonus=0..20 --objective scorecard "
                      "--targets targets.toml --out t2",
    "balance": "ttr balance --board europe --players 4",
    "report": "ttr report --name mine --games 20000 --bots greedy",
    "replay": "ttr replay results/usa2 --game 3 --out game3.html",
    "analyse": "ttr analyse --from results/usa2 --game 3 --turn 20 --rollouts 100",
    "optimum": "ttr optimum --board usa --trains 45 --time-limit 900",
}
"""Each command's examples ("tune weights", "tune scorecard": more of `tune`), the last lines of its --help (the boards
commands' are in analyzer/cli/boards.py)."""


def example(key: str) -> str:
    return "\n\n".join(f"Example: {v}" for k, v in EXAMPLES.items() if k == key or key and k.startswith(key + " "))


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
                        ("compare", compare_command), ("tune", tune_command), ("balance", balance_command),
                        ("report", report_command), ("replay", replay_command), ("analyse", analyse_command),
                        ("optimum", optimum_command)):
    app.command(_name, epilog=example(_name))(_command)
app.add_typer(boards_app, name="boards")
console = Console()


def main() -> None:
    """Entry point. A usage error (unknown option, bad value type or range)
    and a user error found by the library (a bad board, rule, bot or folder)
    print one line and exit 2; never a traceback."""
    try:
        command = typer.main.get_command(app)
        install_checks(command)
        code = command(standalone_mode=False)  # usage errors come back here, to be printed on one line
    except typer.TyperException as e:  # click's usage errors (typer vendors click)
        code = usage_error(e)
    except (BoardError, RuleError, ValueError, FileNotFoundError) as e:
        error_line(str(e))
        code = 2
    except (KeyboardInterrupt, typer.Abort) as e:
        console.print(f"[yellow]{e or 'interrupted'}[/yellow]")
        code = 130
    sys.exit(code if isinstance(code, int) else 0)


def error_line(message: str) -> None:
    # one line (paths are never broken); the message escaped, so that a name like 'a[bold]b' is printed as given
    console.print(f"[red]error:[/red] {escape(' '.join(message.split()))}", highlight=False, soft_wrap=True)


def usage_error(e) -> int:
    """Print a command-line usage error on one line (the option, the value,
    what the option accepts) with the command's --help; `ttr` alone prints
    the help."""
    if type(e).__name__ == "NoArgsIsHelpError":  # `ttr` alone: typer has printed the help
        return e.exit_code
    ctx = getattr(e, "ctx", None)
    hint = f" (see `{ctx.command_path} --help`)" if ctx is not None else ""
    error_line(f"{e.format_message()}{hint}")
    return getattr(e, "exit_code", 2)
