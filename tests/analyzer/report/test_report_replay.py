"""The report links the replay of its main study's median-length game: Europe at 4 players when there
is such a run (not USA, not Europe at 2), the game whose length is the median of the run's (the lowest
index among equal lengths), written beside the page as replay.html and played as the run played it."""

import json
import re

import pytest

import analyzer
from analyzer.report.page import build_report
from analyzer.report.replay_link import main_run, median_game
from analyzer.run.results import load

GAMES = 15


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("runs")
    plan = {"europe-2p": ("europe", 2), "europe-4p": ("europe", 4), "usa-4p": ("usa", 4)}
    for name, (board, players) in plan.items():
        analyzer.simulate(board, players, "planner", games=GAMES, seed=3, threads=1, progress=False,
                          out=root / name)
    return {name: load(root / name) for name in plan}


def test_the_main_study_is_europe_at_four_players(runs):
    assert main_run(runs)[0] == "europe-4p"
    assert main_run({k: v for k, v in runs.items() if k != "europe-4p"})[0] == "europe-2p"
    assert main_run({}) is None


def test_the_median_game_is_the_middle_length(runs):
    games = runs["europe-4p"].games
    game = median_game(runs["europe-4p"])
    lengths = sorted(games.turns.tolist())
    middle = lengths[(len(lengths) - 1) // 2]
    assert int(games.loc[games.game == game, "turns"].iloc[0]) == middle
    assert game == min(games.loc[games.turns == middle, "game"])


def test_the_report_links_the_replay_written_beside_it(runs, tmp_path):
    page = build_report(runs, tmp_path / "report", log=lambda *_: None)
    text = page.read_text()
    link = re.search(r'<p id="replay">[^<]*<a href="([^"]+)">([^<]+)</a>', text)
    assert link and link.group(1) == "replay.html"
    game = median_game(runs["europe-4p"])
    assert link.group(2).startswith(f"game {game} of Europe 4p (europe-4p)")
    replay = (page.parent / "replay.html").read_text()
    data = json.loads(re.search(r'id="replay-data">(.*?)</script>', replay, re.S).group(1).replace("<\\/", "</"))
    row = runs["europe-4p"].games.set_index("game").loc[game]
    assert (data["board"], data["players"], data["game"], data["turns"]) == ("europe", 4, game, row.turns)
    scores = runs["europe-4p"].players.query("game == @game").sort_values("seat").score.tolist()
    assert [f["total"] for f in data["final"]] == scores
