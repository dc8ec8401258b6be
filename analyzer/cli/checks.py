"""Checks every option and argument of every command gets before the command
runs, installed on the click command typer builds (analyzer.cli.app.main): a
refused value is a usage error, printed on one line naming the option. A new
option is checked without a line here."""

from __future__ import annotations

from pathlib import Path

import typer


def given(value):
    """Refuse an empty value (an empty text, an empty item of a repeated
    option, an empty path: typer reads '' as '.', the working folder, which no
    command wants by accident: it must be named) and a negative whole number
    (every count, seed and size of the CLI is 0 or more)."""
    for item in value if isinstance(value, list | tuple) else [value]:
        if isinstance(item, Path) and item == Path("."):
            raise typer.BadParameter("needs a file or folder name, not an empty value nor '.'")
        if isinstance(item, str) and not item.strip():
            raise typer.BadParameter("needs a value, not an empty one")
        if isinstance(item, int) and not isinstance(item, bool) and item < 0:
            raise typer.BadParameter(f"{item} is negative: give a whole number, 0 or more")
    return value


def install_checks(command) -> None:
    """Run `given` on every parameter of `command` (a click group or command
    typer built) and of its subcommands, before the parameter's own callback."""
    for sub in getattr(command, "commands", {}).values():
        install_checks(sub)
    for param in command.params:
        param.callback = _checked(param.callback)


def _checked(callback):
    def check(ctx, param, value):
        value = given(value)
        return value if callback is None else callback(ctx, param, value)
    return check
