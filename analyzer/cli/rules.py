"""`ttr rules PRESET`: every parameter of a rule preset (the keys --set accepts)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from analyzer.rules import preset

console = Console()


def rules_command(preset_name: Annotated[str, typer.Argument(metavar="PRESET")] = "europe"):
    """Every parameter of a rule preset (the keys --set accepts)."""
    rs = preset(preset_name)
    t = Table(title=f"rule preset {rs.name} (hash {rs.hash()})")
    t.add_column("key")
    t.add_column("value")
    for k, v in rs.as_dict().items():
        t.add_row(k, str(v))
    console.print(t)
