"""The report: it builds from small runs, every file the page refers to
exists, its findings are the numbers of the tables, section modules plug in,
provisional boards are labelled, and the CLI works."""

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
from analyzer.report.folders import load_runs
from analyzer.report.page import render_section
from analyzer.report.sections import stations

pytestmark = pytest.mark.filterwarnings("error")  # a report build gives no warning

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
    loaded = load_runs(sorted(runs.iterdir()))
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


def test_mean_scores_are_set_against_the_solo_optimum(built):
    """The overview sets each base run's mean score against its board's measured ceiling, as a range
    when the ceiling is not proven (the optimum lies between the score reached and the bound)."""
    from analyzer.optimum.ceilings import ceiling

    page, loaded = built
    text = page.read_text()
    for name, board in (("usa-2p", "usa"), ("europe-3p", "europe")):
        top, mean = ceiling(board), loaded[name].players["score"].mean()
        players = loaded[name].manifest["players"]
        assert f"{players}p {mean:.1f} ({100 * mean / top.bound:.0f}–{100 * mean / top.score:.0f}%)" in text
        assert f"between {top.score} and {top.bound} points with {top.trains} trains" in text
    usa = next(line for line in text.splitlines() if "USA: mean score against the solo optimum" in line)
    assert usa.count("2p ") == 1  # the base run only: the doubles-open variant is not a second cell


def test_runs_table_gives_each_runs_time_and_leaves_the_shares_to_the_cost_table(built):
    page, loaded = built
    runs = pd.read_csv(page.parent / "runs.csv").set_index("study")
    cost = pd.read_csv(page.parent / "cost.csv").set_index("study")
    for name, r in loaded.items():
        assert runs.loc[name, "wall time (s)"] == pytest.approx(r.manifest["wall_time_s"])
        assert cost.loc[name, "seconds"] == pytest.approx(r.manifest["wall_time_s"], abs=0.05)
    assert not [c for c in runs.columns if "share" in c]
    walls = {n: r.manifest["wall_time_s"] for n, r in loaded.items()}
    slowest = max(walls, key=walls.get)
    assert f"the slowest is {slowest} (" in page.read_text()
    assert page.read_text().count("the slowest is ") == 1  # named once, in the Cost section


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
    page = P.build_report(load_runs([tmp_path / "prov"]), tmp_path / "rep", log=lambda *_: None)
    text = page.read_text()
    assert "provisional board" in text
    assert "(provisional board)" in (tmp_path / "rep" / "route_heat_map_usa.svg").read_text()


def test_section_module_contract(runs, tmp_path, monkeypatch):
    """A section module listed in SECTIONS adds its section; a failing section is
    reported on the page, not fatal."""
    (tmp_path / "report_demo.py").write_text(textwrap.dedent('''
        from analyzer.report.figures import new_figure, save_figure
        from analyzer.report.html import Section

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
    (tmp_path / "report_broken.py").write_text("def build_section(runs, out_dir):\n"
                                              "    raise RuntimeError('boom')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sections, "SECTIONS", [*sections.SECTIONS, "report_demo", "report_broken"])
    loaded = load_runs([runs / "usa-2p"])
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
    # a study option beside results folders would be ignored: refused, naming it, nothing written
    clash = ttr(["report", str(runs / "usa-2p"), "--games", "500", "--seed", "3", "--out", str(tmp_path / "c")])
    assert clash.returncode == 2 and "Traceback" not in clash.stderr + clash.stdout
    assert "--games, --seed: only without results folders" in clash.stdout + clash.stderr
    assert not (tmp_path / "c").exists()


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
    runs = load_runs([tmp_path / "eu-random"])
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
