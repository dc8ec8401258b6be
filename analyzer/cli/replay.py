"""`ttr replay`: one game of a results folder (or of a board, bots and seed) played again and written as
a self-contained HTML page with the board and a turn slider (analyzer.replay)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from analyzer.bots import BotParams, parse_bots
from analyzer.replay import GameSource, write_replay
from analyzer.replay.page import safe_stem

Opt = typer.Option


def replay_command(
    results: Annotated[Path | None, typer.Argument(help="A results folder: replay one of its games (its "
                                                        "board, rules, bots and seed).")] = None,
    game: Annotated[int, Opt(help="Game index (0 = the first game of the run or seed).")] = 0,
    board: Annotated[str, Opt(help="Without a results folder: built-in board name or a board folder.")] = "usa",
    players: Annotated[int, Opt(help="Without a results folder: number of players.")] = 2,
    bots: Annotated[str, Opt(help="Without a results folder: one bot for every seat, or one per seat.")]
    = "planner",
    seed: Annotated[int, Opt(help="Without a results folder: the master seed of the run the game is from.")] = 1,
    rules: Annotated[str | None, Opt(help="Without a results folder: rule preset (default: the board's).")] = None,
    bot_param: Annotated[list[str] | None, Opt("--bot-param", help="Without a results folder: bot weight "
                                                  "NAME=VALUE (repeatable).")] = None,
    out: Annotated[Path | None, Opt(help="The page to write (default: replay-BOARD-sSEED-gGAME.html).")] = None,
) -> None:
    """Write an HTML page replaying one game turn by turn: the board, each turn's moves, every seat's
    hand, score, trains and tickets, and the final scoring."""
    if results is not None:
        if not results.is_dir():
            raise ValueError(f"{results}: no such results folder")
        source = GameSource.of_results(results, game)
    else:
        source = GameSource(board, players, tuple(parse_bots(bots, players)), seed, game, rules,
                            BotParams.of(bot_param or None))
    if out is None:
        name = Path(str(source.board if isinstance(source.board, str) else source.board.name)).name
        out = Path(f"replay-{safe_stem(name)}-s{source.seed}-g{source.game}.html")
    if out.suffix.lower() not in (".html", ".htm"):
        raise ValueError(f"--out {str(out)!r}: the page's name must end in .html")
    page = write_replay(source, out)
    Console().print(f"[green]replay written[/green]: {page} (open it in a browser)")
