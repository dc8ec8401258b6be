"""`ttr replay` on every board: the page holds every route of the board in its SVG, a frame per turn
of the game (as many as the run's games table counts), the claims of the run's claims table, the final
scores of its players table; the same game gives the same bytes; in Chromium the page loads without a
problem and the slider shows another turn."""

import importlib.util
import json
import re

import pytest
from cli_run import ttr
from helpers import PROJECT_ROOT

import analyzer
from analyzer.boards import load_board
from analyzer.replay import GameSource, record_game, write_replay

# (board, players, bots): every built-in board, Team Asia's team seats and Ghost Train's blind draws
BOARDS = [
    ("usa", 2, "planner,greedy"),
    ("europe", 3, "planner,greedy,random"),
    ("legendary_asia", 3, "planner"),
    ("team_asia", 4, "planner,greedy,greedy,planner"),
    ("ghost_train", 3, "planner,greedy,planner"),
    ("india", 2, "planner"),
    ("switzerland", 3, "planner"),
    ("nordic_countries", 3, "planner"),
]
GAME = 1


def page_data(html: str) -> dict:
    text = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', html, re.S).group(1)
    return json.loads(text.replace("<\\/", "</"))


@pytest.fixture(scope="module", params=BOARDS, ids=[b[0] for b in BOARDS])
def run_page(request, tmp_path_factory):
    board, players, bots = request.param
    folder = tmp_path_factory.mktemp(board)
    res = analyzer.simulate(board, players, bots, games=GAME + 1, seed=5, threads=1, progress=False,
                            out=folder / "run")
    page = write_replay(GameSource.of_results(folder / "run", GAME), folder / "replay.html")
    return res, page


def test_the_page_shows_the_run_game_on_its_board(run_page):
    res, page = run_page
    html = page.read_text()
    board = load_board(res.manifest["board"])
    routes = sorted(int(r) for r in re.findall(r'<g class="route [a-z]+" data-route="(\d+)"', html))
    assert routes == list(range(len(board.routes)))
    assert len(re.findall(r'<circle class="city"', html)) == len(board.cities)
    rt = board.routes
    for kind in ("tunnel", "ferry", "mountain"):  # each kind of route marked as such
        assert len(re.findall(rf'<g class="route {kind}"', html)) == (rt["kind"] == kind).sum()
    assert html.count('class="loco-space"') == rt["locomotives"].sum()  # a ferry's locomotive spaces
    assert html.count('class="mountain-space"') == rt["mountains"].sum()
    data = page_data(html)
    row = res.games[res.games.game == GAME].iloc[0]
    assert data["turns"] == row.turns
    turns = [f for f in data["frames"] if f["turn"] is not None]
    assert [f["turn"] for f in turns] == list(range(row.turns))
    assert data["frames"][0]["label"] == "Setup"
    claims = res.claims[res.claims.game == GAME]
    assert sorted(r for r, _, _ in data["claims"]) == sorted(claims.route.tolist())
    seats = res.players[res.players.game == GAME].sort_values("seat")
    assert [f["total"] for f in data["final"]] == seats.score.tolist()
    assert [f["winner"] for f in data["final"]] == seats.winner.tolist()
    last = data["frames"][-1]["seats"]
    assert [s["trains"] for s in last] == seats.trains_left.tolist()
    assert all(len(s["hand"]) == len(data["cards"]) for f in data["frames"] for s in f["seats"])


def test_team_seats_show_their_holder_and_ghost_train_its_blind_draws():
    team = record_game(GameSource("team_asia", 4, ("planner",) * 4, seed=2, game=0))
    assert team["team_size"] == 2
    assert all(s["holder"] is not None for s in team["frames"][-1]["seats"])
    ghost = record_game(GameSource("ghost_train", 3, ("planner",) * 3, seed=2, game=0))
    blind = [m for f in ghost["frames"] for m in f["moves"] if "draw a blind card" in m]
    assert blind and all(re.search(r"draw a blind card: [a-z]+$", m) for m in blind)  # the card drawn is named


def test_the_same_game_gives_the_same_page(tmp_path):
    source = GameSource("europe", 2, ("planner", "greedy"), seed=9, game=2)
    a, b = write_replay(source, tmp_path / "a.html"), write_replay(source, tmp_path / "b.html")
    assert a.read_bytes() == b.read_bytes()
    other = write_replay(GameSource("europe", 2, ("planner", "greedy"), seed=9, game=3), tmp_path / "c.html")
    assert other.read_bytes() != a.read_bytes()


def test_the_command_writes_the_page_and_refuses_a_game_the_run_lacks(run_page, tmp_path):
    res, _ = run_page
    out = tmp_path / "g.html"
    proc = ttr(["replay", res.path, "--game", str(GAME), "--out", out])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert page_data(out.read_text())["game"] == GAME
    bad = ttr(["replay", res.path, "--game", "7", "--out", out])
    assert bad.returncode == 2
    assert bad.stdout.strip().count("\n") == 0 and "--game 7" in bad.stdout and "0..1" in bad.stdout


def test_the_command_replays_a_seeded_game_without_a_run(tmp_path):
    proc = ttr(["replay", "--board", "usa", "--players", "2", "--bots", "planner", "--seed", "4", "--game", "0"],
               cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout
    assert (tmp_path / "replay-usa-s4-g0.html").is_file()
    bad = ttr(["replay", "--board", "ghost_train", "--players", "3", "--bots", "blocker"], cwd=tmp_path)
    assert bad.returncode == 2 and "blocker" in bad.stdout


def test_in_a_browser_the_page_loads_and_the_slider_moves(tmp_path):
    spec = importlib.util.spec_from_file_location("browser", PROJECT_ROOT / "tools" / "browser.py")
    browser = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(browser)
    page = write_replay(GameSource("europe", 3, ("planner",) * 3, seed=3, game=0), tmp_path / "replay.html")
    assert browser.page_problems(page) == []
    with browser.chromium() as driver:
        browser.open_page(driver, page)
        label = driver.find_element("id", "turn-label").text
        assert label.startswith("Setup of ")
        assert driver.execute_script("return document.querySelectorAll('#board g.route.claimed').length") == 0
        last = int(driver.find_element("id", "turn").get_attribute("max"))
        driver.execute_script("const s = document.getElementById('turn'); s.value = arguments[0];"
                              "s.dispatchEvent(new Event('input'));", last)
        assert driver.find_element("id", "turn-label").text != label
        claimed = driver.execute_script("return document.querySelectorAll('#board g.route.claimed').length")
        assert claimed == len(page_data(page.read_text())["claims"]) > 0
        driver.find_element("id", "prev").click()
        assert driver.find_element("id", "turn").get_attribute("value") == str(last - 1)
        assert not [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
