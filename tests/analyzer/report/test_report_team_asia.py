"""The Team Asia report section on small real runs of the plan's Team Asia
studies (analyzer.studies.TEAM_ASIA_STUDIES)."""

import re

import pytest

import analyzer
from analyzer.report.page import render_section
from analyzer.report.sections import team_asia as sec
from analyzer.studies import TEAM_ASIA_STUDIES

pytestmark = pytest.mark.filterwarnings("error")  # a report build gives no warning


@pytest.fixture(scope="module")
def runs():
    out = {}
    for s in TEAM_ASIA_STUDIES:
        out[s.name] = analyzer.simulate(board=s.board, players=s.players, bots=list(s.bots), games=40,
                                        seed=7, rules=s.rules, overrides=dict(s.overrides), threads=1,
                                        progress=False)
    return out


def test_studies_follow_the_contract():
    assert {s.players for s in TEAM_ASIA_STUDIES} == {4, 6}
    for s in TEAM_ASIA_STUDIES:
        assert s.board == "team_asia" and s.rules == "team-asia" and s.bots == ("planner",)
        assert s.games_share >= 0.25  # a quarter of GAMES per player count at least


def test_build_section_writes_every_file_it_refers_to(runs, tmp_path):
    frag = render_section(sec.build_section(runs, tmp_path))
    assert frag.startswith("<section") and frag.rstrip().endswith("</section>")
    assert "provisional" in frag.lower()
    refs = re.findall(r'(?:src|href)="([^"]+)"', frag)
    assert len(refs) >= 8
    for ref in refs:
        assert (tmp_path / ref).exists(), ref
    for stem in ("team_asia_tunnel_odds", "team_asia_team_wins", "team_asia_bonuses", "team_asia_sharing"):
        assert (tmp_path / f"{stem}.png").exists() and (tmp_path / f"{stem}.svg").exists()
        assert (tmp_path / f"{stem}.csv").exists()
        assert "provisional" in (tmp_path / f"{stem}.svg").read_text().lower(), "every figure says provisional"


def test_section_numbers_come_from_the_runs(runs):
    t = sec.tables(runs)
    wins = t["team_wins"]
    four = wins[wins["players"] == 4]
    assert len(four) == 2 and len(wins[wins["players"] == 6]) == 3
    # shares of games won by each team add up to at least 1 (ties count for each tied team)
    for _, grp in wins.groupby("study"):
        assert grp["p"].sum() >= 1 - 1e-9
    odds = t["tunnel_odds"]
    assert set(odds["printed"]) <= {3, 4, 5, 6}
    one = odds[odds["at_least"] == 1]
    assert ((one["lo"] <= one["p"]) & (one["p"] <= one["hi"])).all()
    sh = t["sharing"]
    assert (sh["cards_shared"] > 0).all() and (sh["tickets_shared"] >= 1).all()


def test_section_absent_without_its_runs(tmp_path):
    assert sec.build_section({}, tmp_path) is None
