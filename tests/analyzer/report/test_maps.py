"""The other-maps report section on small real runs: unused locomotives on
Nordic Countries (NC-CRD-1) and Switzerland (SW-CRD-1), country-ticket
outcomes by option (SW-TKT-3, SW-TKT-5), the Grand Tour's frequency and its
holders' win rate (IN-SCR-3); the line saying which market reading each run
played (SW-MKT-2a, NC-MKT-2a)."""

import math

import pytest

import analyzer
import analyzer.report.sections as sections
from analyzer.report.sections import maps as sec
from analyzer.stats.maps import country_ticket_options, grand_tour, unused_locomotives
from analyzer.studies import MAPS_STUDIES


@pytest.fixture(scope="module")
def runs():
    return {s.name: analyzer.simulate(board=s.board, players=s.players, bots=list(s.bots), games=60, seed=5,
                                      rules=s.rules, overrides=dict(s.overrides), threads=1, progress=False)
            for s in MAPS_STUDIES}


def test_studies_follow_the_contract():
    assert "analyzer.report.sections.maps" in sections.SECTIONS
    assert {s.board for s in MAPS_STUDIES} == set(sec.BOARDS)
    for s in MAPS_STUDIES:
        assert not s.overrides and not s.bot_params and not s.keep_bots
        assert 0 < s.games_share <= 0.05


def test_build_section_writes_every_file_it_refers_to(runs, tmp_path):
    s = sec.build_section(runs, tmp_path)
    assert [f.stem for f in s.figures] == ["maps_other"]
    assert {t.stem for t in s.tables} == {"maps_unused_locomotives", "maps_country_tickets", "maps_grand_tour"}
    for f in s.figures:
        assert (tmp_path / f"{f.stem}.png").is_file() and (tmp_path / f"{f.stem}.svg").is_file()
    for t in s.tables:
        assert (tmp_path / f"{t.stem}.csv").is_file()
    assert len(s.findings) == 4 and all("95% CI" in f for f in s.findings)


def test_the_section_says_which_market_reading_each_run_played(runs, tmp_path):
    """Assumptions SW-MKT-2a and NC-MKT-2a: one line each, from the run's own
    rules, naming the assumption and the --set line of the other reading."""
    s = sec.build_section(runs, tmp_path)
    nordic, swiss = s.notes
    assert "NC-MKT-2a" in nordic and "never replaced" in nordic and "--set loco_reset=3" in nordic
    assert "SW-MKT-2a" in swiss and "whenever 3 locomotives" in swiss and "--set loco_reset=0" in swiss
    other = sec.market_assumption("switzerland", {"rules": {"loco_reset": 0}})
    assert "never replaced" in other and "not the preset's" in other and "--set loco_reset=3" in other


def test_NC_CRD_1_unused_locomotives_are_counted_from_the_hands(runs):
    picked = sec.map_runs(runs)
    for board in ("nordic_countries", "switzerland"):
        p = picked[board][1].players
        u = unused_locomotives(p)
        assert u["holding_any"] == int((p["locos_left"] > 0).sum()) and u["player_games"] == len(p)
        assert u["locos_left_lo"] <= u["locos_left_mean"] <= u["locos_left_hi"]


def test_SW_TKT_3_every_held_country_ticket_has_one_outcome(runs):
    _, res = sec.map_runs(runs)["switzerland"]
    rows = res.board.ticket_rows()
    opts = country_ticket_options(res.tickets, rows)
    assert len(opts) and (opts.groupby("ticket")["count"].sum() == opts.groupby("ticket")["held"].first()).all()
    # SW-TKT-5: the tickets lost are exactly the held copies that scored none, at minus their lowest value
    held = res.tickets[res.tickets["ticket"].isin(rows.index[rows["multi"] >= 0])]
    assert int(opts.loc[opts["option"] < 0, "count"].sum()) == int((held["option"] < 0).sum())
    assert (held.loc[held["option"] < 0, "points"] < 0).all()


def test_IN_SCR_3_grand_tour_holders_split_the_players(runs):
    _, res = sec.map_runs(runs)["india"]
    gt = grand_tour(res.players)
    assert int(gt["player_games"].sum()) == len(res.players)
    assert gt.iloc[1]["bonus_mean"] == 0 and (gt["win_lo"] <= gt["win_rate"]).all()


def test_section_absent_without_its_runs(tmp_path):
    assert sec.build_section({}, tmp_path) is None


def test_an_empty_group_gives_undefined_figures_not_an_error():
    """No India player with a Grand Tour ticket (a short run): the row is there, its figures NaN."""
    import pandas as pd

    players = pd.DataFrame({"grand_tour_tickets": [0, 0], "grand_tour_bonus": [0, 0], "winner": [True, False]})
    gt = grand_tour(players)
    row = gt.iloc[0]
    assert row["player_games"] == 0 and math.isnan(row["win_rate"]) and math.isnan(row["bonus_mean"])
