"""The page of `make report`, built from every default study at a
small GAMES with every warning an error: it opens with its header and the
Answers (question, verdict, table, link; numbers from the tables it links),
speaks in human names, ends with the runs and their cost, every file it links exists,
two study families of the same board and player count both reach it, every
figure function draws a figure whose text fits its canvas,
"provisional" is written on the figures of provisional boards only, and
headless Chromium shows it whole (images, console, boxes), and the replay it
links."""

from __future__ import annotations

import html
import importlib.metadata
import importlib.util
import re
import warnings

import pandas as pd
import pytest
from helpers import PROJECT_ROOT

from analyzer.report import page as P
from analyzer.report.figures import FigureWarning, figure_problems, new_figure, save_figure
from analyzer.report.html import pct
from analyzer.report.names import SNAKE
from analyzer.run import studies as R

pytestmark = pytest.mark.filterwarnings("error")  # a report build gives no warning

GAMES = 200


def analyzer_version() -> str:
    return importlib.metadata.version("ttr-analyzer")


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    root = tmp_path_factory.mktemp("default")
    runs = R.run_studies(games=GAMES, seed=5, results_dir=root / "results", progress=False, log=lambda *_: None)
    tunes = R.run_tune_studies(games=GAMES, seed=5, results_dir=root / "results", progress=False,
                               log=lambda *_: None)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # matplotlib, pandas and FigureWarning alike
        path = P.build_report(runs, root / "report", log=lambda *_: None, tunes=tunes)
    return path, runs


def links(text: str) -> list[str]:
    return re.findall(r'(?:src|href)="([^"#:]+)"', text)


def test_every_linked_file_exists_and_no_section_failed(page):
    path, _ = page
    text = path.read_text()
    refs = links(text)
    assert len(refs) > 50
    assert not [r for r in refs if not (path.parent / r).is_file()]
    assert 'class="error"' not in text
    for anchor in re.findall(r'href="#([^"]+)"', text):
        assert f'id="{anchor}"' in text, anchor


def answers_html(text: str) -> str:
    return text[text.index('<section id="answers">'):text.index("</section>")]


def test_the_page_opens_with_its_header_and_the_answers_and_ends_with_the_runs(page):
    path, runs = page
    text = path.read_text()
    assert "<title>Ticket to Ride strategy report</title>" in text and "<h1>Ticket to Ride strategy report</h1>" in text
    head = dict(re.findall(r"<dt>([^<]+)</dt><dd>([^<]+)</dd>", text[:text.index("</header>")]))
    assert list(head) == ["Study", "Bots", "Games per study", "Seed", "Package version", "Engine hash", "Date",
                          "Total run time"]
    assert head["Study"].startswith(f"{path.parent.name} ({len(runs)} runs and 1 tuning study)")
    # the balance tiers and the playing styles too
    assert head["Bots"] == "planner, expert, random, greedy, long-route, destination-hungry, route-focus"
    assert head["Seed"] == "5"
    assert head["Package version"] == "ttr-analyzer " + analyzer_version()
    assert head["Engine hash"] == runs["europe-4p"].manifest["kernel_hash"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d UTC", head["Date"])
    assert re.match(r"\d+ (min \d+ )?s of simulation", head["Total run time"])
    ids = re.findall(r'<section id="([^"]+)"', text)
    assert ids[0] == "answers" and ids[-2:] == ["runs", "cost"]  # the runs, then what the page cost
    assert "tune-europe-4p" in ids  # make report's tuning study has its section
    assert re.search(r'<section id="runs">\s*<details>', text)  # folded
    # the cost table has every study the page played, the population twins and the tuning study included
    cost = pd.read_csv(path.parent / "cost.csv")
    assert set(cost["study"]) == set(runs) | {"tune-europe-4p"}


def test_each_answer_is_a_question_a_short_verdict_a_table_and_a_link(page):
    path, _ = page
    answers = answers_html(path.read_text())
    blocks = re.findall(r'<article class="answer">(.*?)</article>', answers, flags=re.S)
    questions = [re.search(r"<h3>([^<]+)</h3>", b).group(1) for b in blocks]
    assert len(questions) == 7 and all(q.endswith("?") for q in questions)
    for block in blocks:
        verdict = html.unescape(re.search(r'<p class="verdict">([^<]+)</p>', block).group(1))
        assert len(verdict.split()) <= 30, verdict
        assert re.search(r"\d.* \(95% CI [-+]?[\d.]+%?(–| to )[-+]?\d", verdict), verdict  # a number, its interval
        assert re.search(r'<p class="more">Details: <a href="#[^"]+">', block)
    # a second table: the figures the verdict quotes per population (the ladders are populations of their own)
    assert [b.count("<table") for b in blocks] == [2, 2, 2, 2, 2, 1, 1]
    assert all("<th>mixed table</th>" in b and "<th>strong table</th>" in b for b in blocks[:5])
    for key in ("tunnels", "tickets", "bonuses", "blocking", "house-rules", "balance", "styles"):
        assert f'href="#{key}"' in answers


def test_the_answers_quote_the_tables_they_link(page):
    path, _ = page
    answers = html.unescape(answers_html(path.read_text()))
    st = pd.read_csv(path.parent / "tunnel_reveal_europe-4p.csv").set_index("tunnel_reveal")
    assert sorted(st.index) == [2, 3, 4, 5, 6]
    three, six = st.loc[3], st.loc[6]
    assert (f"revealing 3 cards makes a surcharge due in {pct(three['p_any'])} of tunnel attempts (95% CI "
            f"{100 * three['p_any_ci_low']:.1f}–{100 * three['p_any_ci_high']:.1f}%); revealing 6, in "
            f"{pct(six['p_any'])}") in answers
    for r in (3, 4, 5, 6):  # reveal × measure
        row = st.loc[r]
        assert (f"<td>{r}</td>" in answers and f"{pct(row['p_any'])} ({100 * row['p_any_ci_low']:.1f}–"
                f"{100 * row['p_any_ci_high']:.1f})" in answers)
    tickets = pd.read_csv(path.parent / "ticket_completion.csv")
    for study in ("europe-4p", "usa-3p", "legendary-asia-5p"):
        t = tickets.query("study == @study")
        assert f"{pct(t['successes'].sum() / t['n'].sum())} (" in answers, study
    t = tickets.query("study == 'europe-4p'")
    assert (f"On Europe with 4 players, {pct(t['successes'].sum() / t['n'].sum())} of the tickets held at the end "
            "of a game") in answers
    assert "<th>Board</th>" in answers and "<th>4 players</th>" in answers  # board × player count


def test_the_page_says_no_column_name(page):
    """Boards, bonuses, rules and measures have human names on the page and in its figures: no word with an
    underscore in the visible text (file names live only in links, commands a reader types only in <code>)."""
    path, _ = page
    text = re.sub(r"<style>.*?</style>|<code>.*?</code>", "", path.read_text(), flags=re.S)
    visible = html.unescape(re.sub(r"<[^>]+>", " ", text))
    assert not SNAKE.findall(visible), sorted(set(SNAKE.findall(visible)))
    for name in ("Legendary Asia", "Grand Tour bonus", "European Express", "Asian Explorer", "Team Asia"):
        assert name in visible, name
    for svg in path.parent.glob("*.svg"):
        words = " ".join(re.findall(r"<!-- (.*?) -->", svg.read_text()))
        assert not SNAKE.findall(words), (svg.name, sorted(set(SNAKE.findall(words))))


def test_the_page_in_a_real_browser(page):
    """Headless Chromium (tools/browser.py) opens the page from disk: every image decodes, the console shows no
    error, no heading or table cell overflows its box, no table is wider than its section. The replay it links
    (the median-length game of Europe 4p) opens as soundly, its board has every route and its slider moves."""
    path, runs = page
    spec = importlib.util.spec_from_file_location("browser", PROJECT_ROOT / "tools" / "browser.py")
    browser = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(browser)
    assert browser.page_problems(path) == []
    assert '<a href="replay.html">' in path.read_text()
    replay = path.parent / "replay.html"
    assert browser.page_problems(replay) == []
    with browser.chromium() as driver:
        browser.open_page(driver, replay)
        routes = driver.execute_script("return document.querySelectorAll('#board g.route').length")
        assert routes == len(runs["europe-4p"].board.routes)
        label = driver.find_element("id", "turn-label").text
        driver.find_element("id", "next").click()
        assert driver.find_element("id", "turn-label").text != label


def test_two_families_of_the_same_board_and_players_both_reach_the_page(page):
    """The report's tunnel study (reveal 2-6) and the house-rule sweep's tunnel_reveal
    slices are all Europe 4p: each family has its own files, named by its study."""
    path, runs = page
    text = path.read_text()
    stems = sorted(set(re.findall(r'src="(tunnel_reveal_[^"]+)\.png"', text)))
    assert "tunnel_reveal_europe-4p" in stems and len(stems) >= 2
    for stem in stems:
        table = pd.read_csv(path.parent / f"{stem}.csv")
        assert table["tunnel_reveal"].is_unique
        members = {runs[s].manifest["players"] for s in table["study"]}
        assert members == {4}
    study = pd.read_csv(path.parent / "tunnel_reveal_europe-4p.csv")
    assert set(study["study"]) == {"europe-4p", *(f"europe-4p-reveal-{n}" for n in (2, 4, 5, 6))}
    assert (study["games"] == round(0.25 * GAMES)).all()


def test_every_figure_function_drew_and_provisional_only_where_it_belongs(page):
    path, runs = page
    out = path.parent
    expected = {"win_rate_by_seat_usa", "score_distribution_europe", "score_components_team_asia", "game_length",
                "ticket_completion_europe", "tickets_midgame", "bonuses", "blocking_effects", "blocking_routes_usa-2p",
                "route_heat_map_europe", "ticket_cities_usa", "tunnel_odds", "tunnels_in_play",
                "tunnel_reveal_europe-4p", "stations", "la_mountain_routes", "la_mountain_points", "la_explorer",
                "ghost_train_length", "ghost_train_endings", "ghost_train_seats", "ghost_train_bonuses",
                "ghost_train_tickets", "team_asia_tunnel_odds", "team_asia_team_wins", "team_asia_bonuses",
                "team_asia_sharing", "sweep_tunnel_reveal", "sweep_longest_path_bonus",
                *(f"balance_{m}" for m in ("seats", "matrix", "ratings", "index", "length", "decided", "bonuses"))}
    drawn = {p.stem for p in out.glob("*.svg")}
    assert expected <= drawn, expected - drawn
    for stem in drawn:
        svg = (out / f"{stem}.svg").read_text().lower()
        provisional_board = stem.startswith(("team_asia", "ghost_train")) or stem.endswith(("_team_asia",
                                                                                             "_ghost_train"))
        if provisional_board:
            assert "provisional" in svg, stem
        elif stem not in ("game_length", "tickets_midgame", "bonuses", "stations") and not stem.startswith(
                "balance_"):  # these show every board
            assert "provisional" not in svg, stem
    # the game-length figure shows every board: its title does not say provisional, the provisional boards' lines do
    svg = (out / "game_length.svg").read_text()
    assert "Game length, mean with 95% CI (provisional" not in svg and "Team Asia (provisional board)" in svg
    svg = (out / "balance_seats.svg").read_text()
    assert "Team Asia 4p (provisional)" in svg and "Seat advantage, every tier together" in svg


def test_the_figure_check_finds_a_clipped_title_and_a_wrong_label():
    fig, ax = new_figure(3, 2)
    ax[0, 0].set_title("A title much too long for a figure three inches wide, so it runs off both sides")
    assert any("outside the canvas" in p for p in figure_problems(fig, False))
    fig, ax = new_figure(6, 3)
    ax[0, 0].set_title("Europe: win rate (provisional board)")
    assert figure_problems(fig, False) == ["says 'provisional' although no board drawn is"]
    assert figure_problems(fig, True) == []
    fig, ax = new_figure(6, 3)
    ax[0, 0].set_title("Team Asia: win rate")
    assert figure_problems(fig, True) == ["drawn from provisional boards, but no title says so"]

def test_save_figure_warns_on_a_wrong_figure(tmp_path):
    fig, ax = new_figure(6, 3)
    ax[0, 0].set_title("Team Asia: win rate")
    with pytest.warns(FigureWarning, match="no title says so"):
        save_figure(fig, tmp_path, "x", "x", True)
