"""`ttr analyse`: every legal move of a position ranked by the search player's rollouts (analyzer.analyse):
a JSON position file (docs/analyse.md) or a turn of a game of a results folder."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from analyzer.analyse import analyse, game_at_turn, load_position
from analyzer.analyse.evaluate import analysis_compiled

Opt = typer.Option
ROLLOUTS = 100
"""Default rollouts per move: about ten seconds on one core for a mid-game position (docs/analyse.md)."""
COMPILE_NOTICE = ("Compiling the analysis kernel with Numba before the first analysis: a minute or two, once per "
                  "version of the kernels (it is cached).")


def analyse_command(
    position: Annotated[Path | None, typer.Argument(help="A JSON position file (docs/analyse.md).")] = None,
    from_: Annotated[Path | None, Opt("--from", help="Instead of a file: a results folder, with --game and "
                                                      "--turn.")] = None,
    game: Annotated[int, Opt(help="With --from: the game index.")] = 0,
    turn: Annotated[int, Opt(help="With --from: the turn whose start is analysed (0: the first turn).")] = 0,
    rollouts: Annotated[int, Opt(help="Determinized rollouts per move (the same deals for every move).")]
    = ROLLOUTS,
    seed: Annotated[int, Opt(help="Seed of the rollouts: the same seed gives the same output.")] = 1,
    json_: Annotated[bool, Opt("--json", help="Print JSON for scripts instead of tables.")] = False,
) -> None:
    """Rank every legal move of the seat to move by win probability and expected final margin over the
    best other seat, with 95% intervals, from the search player's determinized rollouts."""
    if (position is None) == (from_ is None):
        raise ValueError("give a position file or --from RESULTS (with --game and --turn), not both or neither")
    if from_ is not None and not from_.is_dir():
        raise ValueError(f"--from {from_}: no such results folder")
    g = load_position(position) if position is not None else game_at_turn(from_, game, turn)
    if not analysis_compiled():
        Console(stderr=True).print(COMPILE_NOTICE, soft_wrap=True)
    values = analyse(g, rollouts, seed)
    where = {"board": g.board.name, "rules": g.rules.name, "players": g.players, "to_move": g.to_move,
             "turn": g.turn, "phase": g.phase, "scores": [s.score for s in g.scores()]}
    if json_:
        typer.echo(json.dumps({"position": where, "rollouts": rollouts, "seed": seed,
                               "moves": [asdict(v) for v in values]}, indent=2))
        return
    console = Console()
    console.print(f"{g.board.title}, {g.players} players, rules {g.rules.name}: turn {g.turn}, seat {g.to_move} "
                  f"to move; scores {where['scores']}; {rollouts} rollouts per move, seed {seed}", soft_wrap=True)
    for group in dict.fromkeys(v.group for v in values):
        table = Table(title=group, title_justify="left")
        for col in ("rank", "move", "win %", "95% CI", "margin", "95% CI "):
            table.add_column(col, justify="left" if col == "move" else "right", no_wrap=True)
        for v in (v for v in values if v.group == group):
            table.add_row(str(v.rank), v.move, f"{100 * v.win:.1f}", f"{100 * v.win_low:.1f}–{100 * v.win_high:.1f}",
                          f"{v.margin:+.1f}", f"{v.margin_low:+.1f}–{v.margin_high:+.1f}")
        console.width = max(console.width, console.measure(table, options=console.options.update(
            width=1000, max_width=1000)).maximum)  # a move's text is never wrapped
        console.print(table)
    best = values[0]
    console.print(f"best: {best.move} (win {100 * best.win:.1f}%, margin {best.margin:+.1f})", soft_wrap=True)
