"""The page of `make report`, built from every default study at a
small GAMES with every warning an error: it opens with the Answers (numbers
from the tables it links), ends with the runs, every file it links exists,
two study families of the same board and player count both reach it, every
figure function draws a figure whose text fits its canvas, and
"provisional" is written on the figures of provisional boards only."""

from __future__ import annotations

import re
import warnings

import pandas as pd
import pytest

from analyzer.report import page as P
from analyzer.report.figures import FigureWarning, figure_problems, new_figure, save_figure
from analyzer.report.html import pct
from analyzer.run import studies as R

pytestmark = pytest.mark.filterwarnings("error")  # a report build gives no warning

GAMES = 200


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


def test_the_page_opens_with_the_answers_and_ends_with_the_runs(page):
    path, _ = page
    text = path.read_text()
    ids = re.findall(r'<section id="([^"]+)"', text)
    assert ids[0] == "answers" and ids[-1] == "runs"
    assert "tune-europe-4p" in ids  # make report's tuning study has its section
    assert re.search(r'<section id="runs">\s*<details>', text)  # folded
    answers = text[text.index('<section id="answers">'):text.index("</section>")]
    questions = re.findall(r'<p class="answer"><b>([^<]+)</b>', answers)
    assert len(questions) == 5
    for key in ("tunnels", "tickets", "bonuses", "blocking"):
        assert f'href="#{key}"' in answers


def test_the_tunnel_answer_quotes_the_reveal_study_table(page):
    path, _ = page
    text = path.read_text()
    answers = text[text.index('<section id="answers">'):text.index("</section>")]
    st = pd.read_csv(path.parent / "tunnel_reveal_europe-4p.csv").set_index("tunnel_reveal")
    assert sorted(st.index) == [2, 3, 4, 5, 6]
    for r in (3, 4, 5, 6):
        row = st.loc[r]
        assert (f"{pct(row['p_any'])} of attempts revealing {r} (95% CI {100 * row['p_any_ci_low']:.1f}–"
                f"{100 * row['p_any_ci_high']:.1f}%, n={int(row['attempts']):,} attempts)") in answers
    tickets = pd.read_csv(path.parent / "ticket_completion.csv").query("study == 'europe-4p'")
    rate = tickets["successes"].sum() / tickets["n"].sum()
    assert f"Europe, 4 players: {pct(rate)} of the tickets held at the end of a game are completed" in answers


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
                "team_asia_sharing", "sweep_tunnel_reveal", "sweep_longest_path_bonus"}
    drawn = {p.stem for p in out.glob("*.svg")}
    assert expected <= drawn, expected - drawn
    for stem in drawn:
        svg = (out / f"{stem}.svg").read_text().lower()
        provisional_board = stem.startswith(("team_asia", "ghost_train")) or stem.endswith(("_team_asia",
                                                                                             "_ghost_train"))
        if provisional_board:
            assert "provisional" in svg, stem
        elif stem not in ("game_length", "tickets_midgame", "bonuses", "stations"):  # these show every board
            assert "provisional" not in svg, stem
    # the game-length figure shows every board: its title does not say provisional, the provisional boards' lines do
    svg = (out / "game_length.svg").read_text()
    assert "Game length, mean with 95% CI (provisional" not in svg and "Team Asia (provisional board)" in svg


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
