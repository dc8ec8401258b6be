"""The Legendary Asia report section (analyzer/report/sections/legendary_asia.py):
built from small runs into tmp_path, every file it refers to exists, its
statistics are right on hand-made tables (LA-SCR-1 explorer, LA-SCR-2
tie-breaks, LA-MTN-2 Mountain Pass), and it stays out of reports without a
Legendary Asia run."""

import re

import numpy as np
import pandas as pd
import pytest

import analyzer
from analyzer.report.page import render_section
from analyzer.report.sections import legendary_asia as R
from analyzer.stats import legendary_asia as LA
from analyzer.stats.intervals import wilson
from analyzer.studies import LEGENDARY_ASIA_STUDIES

pytestmark = pytest.mark.filterwarnings("error")  # a report build gives no warning


@pytest.fixture(scope="module")
def runs():
    return {
        "legendary-asia-2p": analyzer.simulate(board="legendary_asia", players=2, bots=["greedy"] * 2, games=150,
                                               seed=3, progress=False),
        "legendary-asia-4p": analyzer.simulate(board="legendary_asia", players=4, bots=["greedy"] * 4, games=150,
                                               seed=3, progress=False),
        "usa-2p": analyzer.simulate(board="usa", players=2, bots=["greedy"] * 2, games=20, seed=3, progress=False),
    }


def test_studies_follow_the_contract():
    names = [s.name for s in LEGENDARY_ASIA_STUDIES]
    assert len(names) == len(set(names))
    for s in LEGENDARY_ASIA_STUDIES:
        assert s.board == R.BOARD == "legendary_asia" and s.rules == "legendary-asia" and 2 <= s.players <= 5
        assert s.bots == ("planner",) and not s.overrides
        assert s.games_share >= 0.25  # a quarter of GAMES per player count at least


def test_section_files_exist_and_findings_come_from_the_data(runs, tmp_path):
    frag = render_section(R.build_section(runs, tmp_path))
    assert frag.startswith("<section") and frag.endswith("</section>") and "<h2>" in frag
    refs = re.findall(r'(?:src|href)="([^"]+)"', frag)
    assert any(r.endswith(".png") for r in refs) and any(r.endswith(".csv") for r in refs)
    for r in refs:
        assert (tmp_path / r).is_file(), r
    for png in tmp_path.glob("*.png"):
        assert (tmp_path / (png.stem + ".svg")).is_file()
    expl = pd.read_csv(tmp_path / "la_explorer.csv")
    assert sorted(expl["players"]) == [2, 4]  # the USA run is not taken for Legendary Asia
    assert expl["winners_recomputed_agree"].all()  # LA-SCR-2 tie-breaks reproduce the engine's winners
    # a finding quotes the 4-player holder win rate computed from the players table
    p = runs["legendary-asia-4p"].players
    holders = p[p.explorer_bonus > 0]
    assert f"a holder wins {100 * holders.winner.mean():.1f}%" in frag
    routes = pd.read_csv(tmp_path / "la_mountain_routes.csv")
    assert (routes["mountains"] > 0).all() and routes["taken_lo"].le(routes["taken_rate"]).all()


def test_no_section_without_a_legendary_asia_run(runs, tmp_path):
    assert R.build_section({"usa-2p": runs["usa-2p"]}, tmp_path) is None
    assert R.build_section({}, tmp_path) is None


def hand_players():
    """Three 2-player games. Game 0: seat 0 holds the explorer and wins by 4 (the bonus
    decides it). Game 1: both share the explorer, seat 1 wins on points. Game 2: seat 1
    holds it and loses; tie on points is broken by tickets (LA-SCR-2)."""
    rows = [  # game, seat, score, explorer, tickets_completed, mountain_routes, network, winner, mountain_points
        (0, 0, 60, 10, 3, 1, 9, True, 4), (0, 1, 56, 0, 3, 2, 7, False, 6),
        (1, 0, 50, 10, 2, 0, 8, False, 0), (1, 1, 70, 10, 4, 1, 8, True, 2),
        (2, 0, 40, 0, 5, 0, 5, True, 0), (2, 1, 40, 10, 4, 3, 6, False, 8),
    ]
    cols = ["game", "seat", "score", "explorer_bonus", "tickets_completed", "mountain_routes", "network_cities",
            "winner", "mountain_points"]
    df = pd.DataFrame(rows, columns=cols)
    return df.assign(mountain_trains=df.mountain_points // 2)


def test_explorer_statistics_on_a_hand_made_table():
    """LA-SCR-1: 4 holders in 3 games, 2 of them win; shared in 1 game of 3; without the
    10 points game 0 goes to seat 1 (56 > 50) and game 2 is unchanged (seat 1 at 30)."""
    e = LA.explorer_table(hand_players())
    assert e["games"] == 3 and e["holders"] == 4 and e["holder_wins"] == 2
    assert e["holder_win_rate"] == 0.5
    assert e["holder_win_lo"] < 0.5 < e["holder_win_hi"]
    assert e["shared_rate"] == pytest.approx(1 / 3)
    assert e["holders_per_game"] == pytest.approx(4 / 3)
    assert e["holder_network_mean"] == pytest.approx((9 + 8 + 8 + 6) / 4)
    assert e["winners_changed_by_bonus"] == pytest.approx(1 / 3)
    assert e["winners_recomputed_agree"]
    assert e["seat_win_rate"] == 0.5


def test_mountain_tables_on_hand_made_claims():
    """LA-MTN-2: route 1 (a mountain route) claimed in games 0 and 2, by the winner in game 0 only;
    route 0 is plain and not listed; the Mountain Pass points split winners / others."""
    routes = pd.DataFrame({"a": ["A", "A", "B"], "b": ["B", "B", "C"], "length": [3, 3, 2],
                           "color": ["gray", "red", "white"], "mountains": [0, 1, 2]})
    players = hand_players()
    claims = pd.DataFrame({"game": [0, 0, 2, 1], "seat": [0, 1, 1, 1], "route": [1, 0, 1, 0]})
    t = LA.mountain_route_table(players, claims, routes).set_index("route")
    assert sorted(t.index) == [1, 2]
    assert t.loc[1, "taken_games"] == 2 and t.loc[1, "winner_games"] == 1
    assert t.loc[1, "taken_rate"] == pytest.approx(2 / 3) and t.loc[2, "taken_games"] == 0
    pt = LA.mountain_player_table(players).set_index("who")
    assert pt.loc["winners", "mountain_points"] == pytest.approx((4 + 2 + 0) / 3)
    assert pt.loc["others", "mountain_routes"] == pytest.approx((2 + 0 + 3) / 3)
    d = LA.mountain_points_distribution(players).set_index("mountain_points")
    assert d.loc[0, "winners"] == pytest.approx(1 / 3) and np.isclose(d["others"].sum(), 1)


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)


def test_old_runs_get_the_mountain_columns_from_their_claims(runs):
    """A run written before mountain_trains / mountain_routes existed: recounted from the claims
    they equal the columns the engine writes (LA-MTN-2, LA-SCR-2)."""
    res = runs["legendary-asia-4p"]
    old = res.players.drop(columns=["mountain_trains", "mountain_routes"])
    again = LA.with_mountain_columns(old, res.claims, res.board.routes)
    cols = ["game", "seat", "mountain_trains", "mountain_routes"]
    pd.testing.assert_frame_equal(again[cols].reset_index(drop=True), res.players[cols].reset_index(drop=True),
                                  check_dtype=False)
