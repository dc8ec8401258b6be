"""`ttr --version` prints the installed package's version, and every
command's --help (the root, each command, each `boards` subcommand) ends with
an example of that command, one the command line parses."""

import importlib.metadata
import shlex

import pytest
import typer.main
from cli_run import ttr

from analyzer.cli.app import app


def is_group(cmd) -> bool:
    return hasattr(cmd, "commands")  # typer's own click classes, not the click package's


def commands(group, path=()) -> list[tuple[str, ...]]:
    """Every command path of the CLI, groups included: (), ('simulate',), ('boards', 'show'), ..."""
    found = [path]
    for name, cmd in group.commands.items():
        found += commands(cmd, (*path, name)) if is_group(cmd) else [(*path, name)]
    return found


CLI = typer.main.get_command(app)
PATHS = commands(CLI)


def test_version_is_the_installed_package_version():
    proc = ttr(["--version"])
    assert proc.returncode == 0
    assert proc.stdout.strip() == f"ttr {importlib.metadata.version('ttr-analyzer')}"


def test_every_command_is_listed():
    assert {"simulate", "summary", "report", "tune", "sweep", "compare", "ladder", "tunnels", "rules"} <= {
        p[0] for p in PATHS if p}
    assert ("boards", "show") in PATHS and () in PATHS


@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(p) or "ttr")
def test_help_ends_with_an_example_that_parses(path):
    proc = ttr([*path, "--help"], env={"COLUMNS": "200"})
    assert proc.returncode == 0, proc.stderr
    last = [line.strip(" │") for line in proc.stdout.splitlines() if line.strip(" │")][-1]
    assert last.startswith("Example: ttr "), last
    args = shlex.split(last.removeprefix("Example: ttr "))
    if path:  # the example is of this command (the root's may be any)
        assert args[:len(path)] == list(path), (path, last)
    cmd = CLI
    while is_group(cmd):
        assert args and args[0] in cmd.commands, (path, last)
        cmd = cmd.commands[args.pop(0)]
    cmd.make_context(cmd.name, args)  # raises on an unknown option, a missing argument or a bad value
