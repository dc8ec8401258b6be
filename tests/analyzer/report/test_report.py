"""The report (issue 5): it builds from small runs, every file the page refers
to exists, its findings are the numbers of the tables, section modules plug
in, runs resume, provisional boards are labelled, and the CLI works."""

from __future__ import annotations

import re
import shutil
import textwrap

import numpy as np
import pandas as pd
import pytest
from cli_run import ttr

import analyzer
import analyzer.report.runs as C
import analyzer.report.sections as sections
from analyzer import stats as S
from analyzer.boards import DATA_DIR
from analyzer.report import page as P
from analyzer.report import studies as R
from analyzer.report.page import render_section
from analyzer.report.sections import stations

pytestmark = pytest.mark.filterwarnings("error")  # a report build gives no warning (issue 20)

GAMES = 80


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """Small runs: a closure pair (USA 2p, closed and open), Europe 3p and
    the same games with 4 cards revealed per tunnel."""
    root = tmp_path_factory.mktemp("results")
    specs = {
        "usa-2p": dict(board="usa", players=2),
        "usa-2p-doubles-open": dict(board="usa", players=2, overrides={"doubles_min_players": 2}),
        "europe-3p": dict(board="europe", players=3),
        "europe-3p-reveal-4": dict(board="europe", players=3, overrides={"tunnel_reveal": 4}),
    }
    for name, kw in specs.items():
        analyzer.simulate(bots="greedy", games=GAMES, seed=3, out=root / name, progress=False, **kw)
    return root


@pytest.fixture(scope="module")
def built(runs, tmp_path_factory):
    out = tmp_path_factory.mktemp("report")
    loaded = R.load_runs(sorted(runs.iterdir()))
    page = P.build_report(loaded, out, log=lambda *_: None)
    return page, loaded


def referenced_files(page_html: str) -> list[str]:
    return re.findall(r'(?:src|href)="([^"#:]+)"', page_html)


def test_report_builds_and_every_referenced_file_exists(built):
    page, _ = built
    text = page.read_text()
    refs = referenced_files(text)
    assert any(r.endswith(".png") for r in refs) and any(r.endswith(".csv") for r in refs)
    missing = [r for r in refs if not (page.parent / r).is_file()]
    assert not missing
    # every figure as PNG and SVG, every table as CSV
    for png in (r for r in refs if r.endswith(".png")):
        assert (page.parent / png).with_suffix(".svg").is_file()
        assert (page.parent / png).stat().st_size > 1000
    assert 'class="error"' not in text
    for title in ("Runs", "Overview", "Tickets", "Bonuses", "Double-route blocking", "Routes and cities", "Tunnels",
                  "Stations"):
        assert f"<h2>{title}</h2>" in text, title


def test_csv_tables_reload_in_pandas(built):
    page, loaded = built
    seat = pd.read_csv(page.parent / "win_rate_by_seat.csv")
    p = loaded["usa-2p"].players
    row = seat[(seat["study"] == "usa-2p") & (seat["seat"] == 0)].iloc[0]
    assert row["rate"] == pytest.approx(p[p["seat"] == 0]["winner"].mean())
    assert row["n"] == GAMES


def test_findings_are_the_tables_numbers(built):
    """Each finding quoted here is recomputed from the run's tables in pandas."""
    page, loaded = built
    text = page.read_text()
    usa = loaded["usa-2p"].players
    first = usa[usa["seat"] == 0]["winner"].mean()
    assert f"USA: the first seat wins {100 * first:.1f}% of 2-player games" in text
    eu = loaded["europe-3p"]
    holder = eu.players[eu.players["longest_bonus"] > 0]["winner"].mean()
    assert f"3 players {100 * holder:.1f}% (fair share 33.3%)" in text
    closed, opened = loaded["usa-2p"], loaded["usa-2p-doubles-open"]
    sc = (closed.players.groupby("game")["score"].mean() - opened.players.groupby("game")["score"].mean()).mean()
    assert f"the mean score by {sc:+.2f} points" in text


def test_blocking_pairs_and_reveal_families_are_found_from_manifests(built):
    _, loaded = built
    assert C.closure_pairs(loaded) == [("usa-2p", "usa-2p-doubles-open")]
    assert C.reveal_families(loaded) == [["europe-3p", "europe-3p-reveal-4"]]
    assert set(C.base_runs(loaded)) == {"usa-2p", "europe-3p"}


def test_provisional_board_is_labelled(tmp_path):
    board = tmp_path / "myboard"
    shutil.copytree(DATA_DIR / "usa", board)
    toml = (board / "board.toml").read_text().replace(
        "provisional = false", 'provisional = true\nprovisional_note = "a test copy marked provisional"')
    (board / "board.toml").write_text(toml)
    analyzer.simulate(board=str(board), players=2, bots="greedy", games=30, seed=1, out=tmp_path / "prov",
                      progress=False)
    page = P.build_report(R.load_runs([tmp_path / "prov"]), tmp_path / "rep", log=lambda *_: None)
    text = page.read_text()
    assert "provisional board" in text
    assert "(provisional board)" in (tmp_path / "rep" / "route_heat_map_usa.svg").read_text()


def test_run_studies_runs_then_reuses(tmp_path):
    studies = [dict(name="tiny-usa", board="usa", players=2, bots=["random"], rules=None, overrides={},
                    games_share=0.5),
               dict(name="tiny-usa-open", board="usa", players=2, bots=["random"], rules=None,
                    overrides={"doubles_min_players": 2}, games_share=0.5)]
    lines = []
    runs = R.run_studies(games=40, bots="greedy", seed=2, results_dir=tmp_path, progress=False, studies=studies,
                         log=lines.append)
    assert set(runs) == {"tiny-usa", "tiny-usa-open"}
    assert len(runs["tiny-usa"].games) == 20  # games_share x games
    assert runs["tiny-usa"].manifest["bots"] == ["greedy", "greedy"]  # the report's bots replace the study's
    assert runs["tiny-usa-open"].manifest["rules"]["doubles_min_players"] == 2
    lines.clear()
    again = R.run_studies(games=40, bots="greedy", seed=2, results_dir=tmp_path, progress=False, studies=studies,
                          log=lines.append)
    assert all("already" in line for line in lines)
    pd.testing.assert_frame_equal(again["tiny-usa"].players, runs["tiny-usa"].players)


def test_seat_bots_cycle_and_default_studies():
    assert R.seat_bots("planner,greedy", ["greedy"], 3) == ["planner", "greedy", "planner"]
    assert R.seat_bots(None, ["greedy"], 2) == ["greedy", "greedy"]
    names = [s["name"] for s in R.core_studies()]
    assert {"usa-2p", "europe-5p", "usa-3p-doubles-open", "europe-4p-reveal-6"} <= set(names)
    assert R.study_games({"games_share": 0.25}, 1000) == 250


def test_section_module_contract(runs, tmp_path, monkeypatch):
    """A section module listed in SECTIONS adds its studies and its section; a failing
    section is reported on the page, not fatal."""
    (tmp_path / "report_demo.py").write_text(textwrap.dedent('''
        from analyzer.report.figures import new_figure, save_figure
        from analyzer.report.html import Section

        STUDIES = [{"name": "demo-usa-3p", "board": "usa", "players": 3, "bots": ["greedy"], "rules": "usa",
                    "overrides": {}, "games_share": 0.05}]

        def build_section(runs, out_dir):
            if "usa-2p" not in runs:
                return None
            p = runs["usa-2p"].players
            fig, ax = new_figure()
            ax[0, 0].hist(p["score"])
            ax[0, 0].set(title="Demo: scores", xlabel="score (points)", ylabel="player-games")
            sec = Section("demo", "Demo", findings=[f"mean score {p['score'].mean():.2f}"])
            sec.figures.append(save_figure(fig, out_dir, "demo_scores", "demo scores", False))
            return sec
    '''))
    # and a module whose section fails: the page says so and keeps the others
    (tmp_path / "report_broken.py").write_text("STUDIES = []\n\ndef build_section(runs, out_dir):\n"
                                              "    raise RuntimeError('boom')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sections, "SECTIONS", [*sections.SECTIONS, "report_demo", "report_broken"])
    assert "demo-usa-3p" in [s["name"] for s in R.all_studies()]
    loaded = R.load_runs([runs / "usa-2p"])
    page = P.build_report(loaded, tmp_path / "rep", log=lambda *_: None)
    text = page.read_text()
    assert "<h2>Demo</h2>" in text and f"mean score {loaded['usa-2p'].players['score'].mean():.2f}" in text
    assert (tmp_path / "rep" / "demo_scores.svg").is_file()
    assert "boom" in text and 'class="error"' in text and "<h2>Overview</h2>" in text


def test_cli_report_from_runs(runs, tmp_path):
    out = tmp_path / "cli"
    proc = ttr(["report", str(runs / "usa-2p"),
                           str(runs / "usa-2p-doubles-open"), "--name", "x", "--out", str(out)])
    assert proc.returncode == 0, proc.stderr
    assert (out / "index.html").is_file()
    bad = ttr(["report", str(tmp_path / "nothing")])
    assert bad.returncode == 2 and "Traceback" not in bad.stderr + bad.stdout
    assert "manifest.json" in bad.stdout + bad.stderr


def test_heat_map_values_are_claim_shares(built):
    page, loaded = built
    rc = pd.read_csv(page.parent / "route_claims.csv")
    r = loaded["europe-3p"]
    shares = r.claims.groupby("route")["game"].nunique() / len(r.games)
    mine = rc[rc["study"] == "europe-3p"].set_index("route")["claimed"]
    assert np.allclose(mine.reindex(shares.index), shares)
    assert S.route_claims(r.claims, r.games, r.board.routes, 3)["claimed"].max() <= 1


def test_stations_section_with_station_builders(tmp_path):
    """random bots build stations: the section's finding is the pandas share."""
    analyzer.simulate(board="europe", players=2, bots="random", games=40, seed=5, out=tmp_path / "eu-random",
                      progress=False)
    runs = R.load_runs([tmp_path / "eu-random"])
    frag = render_section(stations.build_section(runs, tmp_path / "rep"))
    p = runs["eu-random"].players
    share = (p["stations_built"] > 0).mean()
    assert share > 0
    assert f"players built stations in {100 * share:.1f}% of player-games" in frag
    st = pd.read_csv(tmp_path / "rep" / "stations.csv")
    t = runs["eu-random"].tickets
    assert st["tickets_via_station"].mul(st["successes"]).sum() == pytest.approx(t["via_station"].sum())
    for ref in referenced_files(frag):
        assert (tmp_path / "rep" / ref).is_file()


def test_the_seeds_variants_get_a_quarter_of_games_per_player_count():
    """Issue 20: Europe, Legendary Asia, Team Asia and Ghost Train at >= 25% of GAMES per
    player count; the tunnel study at >= 25% for each of 2, 3, 4, 5, 6 revealed cards."""
    from analyzer.boards import load_board

    studies = R.all_studies()
    for board in ("europe", "legendary_asia", "team_asia", "ghost_train"):
        rules = load_board(board).rules()
        counts = {p for p in range(rules.min_players, rules.max_players + 1) if p % rules.team_size == 0}
        base = [s for s in studies if s["board"] == board and not s.get("overrides") and not s.get("keep_bots")]
        assert {s["players"] for s in base} == counts, board
        assert min(s["games_share"] for s in base) >= 0.25, board
    reveal = {s["overrides"].get("tunnel_reveal", 3): s["games_share"] for s in studies
              if s["board"] == "europe" and s["players"] == 4 and set(s["overrides"]) <= {"tunnel_reveal"}
              and not s.get("keep_bots")}
    assert set(reveal) == {2, 3, 4, 5, 6} and min(reveal.values()) >= 0.25
