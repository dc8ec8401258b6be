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
    board: Annotated[str | None, Opt(help="Without a results folder: built-in board name or a board folder "
                                          "(default: usa).")] = None,
    players: Annotated[int | None, Opt(help="Without a results folder: number of players (default: 2).")] = None,
    bots: Annotated[str | None, Opt(help="Without a results folder: one bot for every seat, or one per seat "
                                         "(default: planner).")] = None,
    seed: Annotated[int | None, Opt(help="Without a results folder: the master seed of the run the game is from "
                                         "(default: 1).")] = None,
    rules: Annotated[str | None, Opt(help="Without a results folder: rule preset (default: the board's).")] = None,
    bot_param: Annotated[list[str] | None, Opt("--bot-param", help="Without a results folder: bot weight "
                                                  "NAME=VALUE (repeatable).")] = None,
    out: Annotated[Path | None, Opt(help="The page to write (default: replay-BOARD-sSEED-gGAME.html).")] = None,
) -> None:
    """Write an HTML page replaying one game turn by turn: the board, each turn's moves, every seat's
    hand, score, trains and tickets, and the final scoring."""
    given = {"--board": board, "--players": players, "--bots": bots, "--seed": seed, "--rules": rules,
             "--bot-param": bot_param}
    if results is not None:
        clash = [name for name, value in given.items() if value is not None]
        if clash:  # the folder's own board, bots, seed and rules replay its game: another value would be ignored
            raise ValueError(f"{', '.join(clash)}: only without a results folder ({results} names its own)")
        if not results.is_dir():
            raise ValueError(f"{results}: no such results folder")
        source = GameSource.of_results(results, game)
    else:
        players = 2 if players is None else players
        source = GameSource(board or "usa", players, tuple(parse_bots(bots or "planner", players)),
                            1 if seed is None else seed, game, rules, BotParams.of(bot_param or None))
    if out is None:
        name = Path(str(source.board if isinstance(source.board, str) else source.board.name)).name
        out = Path(f"replay-{safe_stem(name)}-s{source.seed}-g{source.game}.html")
    if out.suffix.lower() not in (".html", ".htm"):
        raise ValueError(f"--out {str(out)!r}: the page's name must end in .html")
    page = write_replay(source, out)
    Console().print(f"[green]replay written[/green]: {page} (open it in a browser)")
