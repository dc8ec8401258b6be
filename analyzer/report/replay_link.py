"""The game the report shows turn by turn: the median-length game of its main study (Europe at 4
players under its default rules, else the base run the findings quote), played again from the run's
manifest and written as the replay page beside the report (analyzer.replay)."""

from __future__ import annotations

from pathlib import Path

from analyzer.replay import GameSource, write_replay
from analyzer.report.runs import base_runs, focus_run, label
from analyzer.run.results import Results

PAGE = "replay.html"


def main_run(runs: dict[str, Results]) -> tuple[str, Results] | None:
    """The main study's run: Europe's base run (the Europe 4-player one if there is one), else the run
    the other findings quote; None without runs."""
    base = base_runs(runs)
    if not base:
        return None
    europe = {n: r for n, r in base.items() if r.manifest.get("board") == "europe"}
    return focus_run(europe or base)


def median_game(res: Results) -> int:
    """The game whose length in turns is the median of the run's (the lower one of an even count; the
    lowest game index among equal lengths)."""
    games = res.games[["game", "turns"]].sort_values(["turns", "game"], kind="stable")
    return int(games["game"].iloc[(len(games) - 1) // 2])


def write_main_replay(runs: dict[str, Results], out_dir: Path) -> dict | None:
    """Write the replay of the main study's median-length game to out_dir/replay.html; what the page's
    link says of it (href, text), or None when there is no run to take it from."""
    found = main_run(runs)
    if found is None:
        return None
    name, res = found
    if res.board is None or res.games.empty:  # a folder without its board copy cannot be played again
        return None
    game = median_game(res)
    turns = int(res.games.loc[res.games["game"] == game, "turns"].iloc[0])
    write_replay(GameSource.of_run(res, game), Path(out_dir) / PAGE)
    return {"href": PAGE, "text": f"game {game} of {label(res)} ({name}), its median length: {turns} turns"}
