"""The other-maps report section (contract: STUDIES + build_section) on
small real runs: unused locomotives on Nordic Countries (NC-CRD-1) and
Switzerland (SW-CRD-1), country-ticket outcomes by option (SW-TKT-3,
SW-TKT-5), the Grand Tour's frequency and its holders' win rate (IN-SCR-3)."""

import re

import pytest

import analyzer
from analyzer import report as R
from analyzer import report_maps as sec


@pytest.fixture(scope="module")
def runs():
    return {s["name"]: analyzer.simulate(board=s["board"], players=s["players"], bots=s["bots"], games=60, seed=5,
                                         rules=s["rules"], overrides=s["overrides"], threads=1, progress=False)
            for s in sec.STUDIES}


def test_studies_follow_the_contract():
    assert "analyzer.report_maps" in R.SECTION_MODULES
    assert {s["board"] for s in sec.STUDIES} == set(sec.BOARDS)
    for s in sec.STUDIES:
        assert set(s) == {"name", "board", "players", "bots", "rules", "overrides", "games_share"}
        assert 0 < s["games_share"] <= 0.05


def test_build_section_writes_every_file_it_refers_to(runs, tmp_path):
    frag = sec.build_section(runs, tmp_path)
    assert frag.startswith("<section>") and frag.rstrip().endswith("</section>")
    refs = re.findall(r"""(?:src|href)=["']([^"']+)["']""", frag)
    for stem in ("maps_other.png", "maps_other.svg", "maps_unused_locomotives.csv", "maps_country_tickets.csv",
                 "maps_grand_tour.csv"):
        assert stem in refs
    for ref in refs:
        assert (tmp_path / ref).exists(), ref


def test_NC_CRD_1_unused_locomotives_are_counted_from_the_hands(runs):
    picked = sec.map_runs(runs)
    locos = sec.unused_locomotives(picked).set_index("board")
    for board in ("nordic_countries", "switzerland"):
        p = picked[board][1].players
        assert locos.loc[board, "holding_any"] == int((p["locos_left"] > 0).sum())
        assert locos.loc[board, "locos_left_lo"] <= locos.loc[board, "locos_left_mean"] <= locos.loc[board,
                                                                                                    "locos_left_hi"]


def test_SW_TKT_3_every_held_country_ticket_has_one_outcome(runs):
    _, res = sec.map_runs(runs)["switzerland"]
    opts = sec.country_ticket_options(res)
    assert len(opts) and (opts.groupby("ticket")["count"].sum() == opts.groupby("ticket")["held"].first()).all()
    # SW-TKT-5: the tickets lost are exactly the held copies that scored none, at minus their lowest value
    rows = res.board.ticket_rows()
    held = res.tickets[res.tickets["ticket"].isin(rows.index[rows["multi"] >= 0])]
    assert int(opts.loc[opts["option"] < 0, "count"].sum()) == int((held["option"] < 0).sum())
    assert (held.loc[held["option"] < 0, "points"] < 0).all()


def test_IN_SCR_3_grand_tour_holders_split_the_players(runs):
    _, res = sec.map_runs(runs)["india"]
    gt = sec.grand_tour(res)
    assert int(gt["player_games"].sum()) == len(res.players)
    assert gt.iloc[1]["bonus_mean"] == 0 and (gt["win_lo"] <= gt["win_rate"]).all()


def test_section_absent_without_its_runs(tmp_path):
    assert sec.build_section({}, tmp_path) is None


def test_intervals_of_an_empty_group_are_undefined_not_an_error():
    """No India player with a Grand Tour ticket (a short run): the row is there, its figures NaN."""
    import math

    assert all(math.isnan(v) for v in sec.mean_ci([])[:3]) and sec.mean_ci([])[3] == 0
    share, lo, hi = sec.wilson(0, 0)
    assert math.isnan(share) and math.isnan(lo) and math.isnan(hi)
