"""Rule sets: presets carry the variant matrix, overrides are checked, the hash is stable."""


import pytest
from cli_run import ttr

from analyzer.rules import PRESETS, RuleError, preset
from kernels import layouts as L


def test_presets_follow_the_variant_matrix():
    usa, eu, la, ta, gt = (preset(n) for n in ("usa", "europe", "legendary-asia", "team-asia", "ghost-train"))
    assert (usa.min_players, usa.max_players, usa.trains, usa.hand_size, usa.market_size) == (2, 5, 45, 4, 5)
    assert (usa.setup_tickets_regular, usa.setup_tickets_long, usa.setup_keep_min) == (3, 0, 2)
    assert (usa.draw_tickets, usa.draw_keep_min, usa.longest_path_bonus) == (3, 1, 10)
    assert usa.doubles_min_players == 4 and usa.end_trains == 2
    assert (eu.setup_tickets_regular, eu.setup_tickets_long, eu.stations, eu.station_value) == (3, 1, 3, 4)
    assert eu.tunnel_reveal == 3 and eu.unkept_setup_to_box
    assert la.explorer_bonus == 10 and la.longest_path_bonus == 0 and la.mountain_points == 2
    assert la.tiebreak_second == "mountains"
    assert (ta.team_size, ta.trains, ta.min_players, ta.max_players) == (2, 27, 4, 6)
    assert (ta.setup_tickets_regular, ta.setup_keep_min, ta.draw_tickets) == (5, 3, 4)
    assert ta.globetrotter_bonus == 10 and ta.end_trains == 4 and ta.end_trigger_team
    assert (gt.trains, gt.market_size, gt.win_tickets, gt.cards_per_colour, gt.locomotive_cards) == (20, 0, 6, 10, 12)


def test_every_matrix_number_reaches_the_kernel_vector():
    rs = preset("europe").with_overrides({"tunnel_reveal": 5, "longest_path_bonus": 15, "trains": 40})
    arr = rs.to_array()
    assert arr[L.RULE_TUNNEL_REVEAL] == 5
    assert arr[L.RULE_LONGEST_PATH_BONUS] == 15
    assert arr[L.RULE_TRAINS] == 40
    assert arr[L.RULE_STATIONS] == 3
    assert arr[L.RULE_ROUTE_SCORE + 6] == 15 and arr[L.RULE_ROUTE_SCORE + 8] == 21


def test_overrides_from_cli_strings():
    rs = preset("europe").with_overrides(
        ["tunnel_reveal=4", "unkept_setup_to_box=false", "route_scores=0,1,2,4,7,10,15,18,22"]
    )
    assert rs.tunnel_reveal == 4 and rs.unkept_setup_to_box is False and rs.route_scores[8] == 22


@pytest.mark.parametrize(
    "override,words",
    [
        ({"tunel_reveal": 4}, "unknown rule 'tunel_reveal'"),
        ({"tunnel_reveal": "four"}, "not a whole number"),
        ({"tunnel_reveal": 2.5}, "not a whole number"),
        ({"tunnel_reveal": 99}, "must be 0..8"),
        ({"trains": -1}, "trains"),
        ({"draw_keep_min": 4}, "draw_keep_min"),
        ({"setup_keep_min": 9}, "setup_keep_min"),
        ({"stations": 7}, "stations"),
        ({"faceup_loco_whole_draw": "maybe"}, "not true/false"),
        ({"max_players": 1}, "max_players"),
    ],
)
def test_bad_overrides_are_rejected_clearly(override, words):
    with pytest.raises(RuleError) as e:
        preset("europe").with_overrides(override)
    assert words in str(e.value)


def test_hash_is_stable_and_sensitive():
    a = preset("europe")
    assert a.hash() == preset("europe").hash()
    assert len(a.hash()) == 16
    assert a.with_overrides({"tunnel_reveal": 4}).hash() != a.hash()
    assert a.with_overrides({"tunnel_reveal": 3}).hash() == a.hash()  # same effective rules
    # the presets are all different rule sets
    assert len({p.hash() for p in PRESETS.values()}) == len(PRESETS)


def test_rule_sets_a_table_cannot_play_are_refused_not_faked():
    """TA-TEAM-1: teams of two only; Ghost Train's bonuses need the board's regions."""
    import analyzer

    with pytest.raises(RuleError, match="whole teams"):
        analyzer.simulate(board="team_asia", players=5, rules="team-asia", games=1)
    with pytest.raises(RuleError, match=r"needs the region\(s\) dark_forest, coast in \[regions\]"):
        analyzer.simulate(board="usa", players=2, rules="ghost-train", games=1)


def test_cli_bad_override_exits_2():
    cmd = ["simulate", "--games", "5", "--set", "tunnel_reveal=x"]
    proc = ttr(cmd)
    assert proc.returncode == 2
    assert "tunnel_reveal" in proc.stdout + proc.stderr and "Traceback" not in proc.stdout + proc.stderr
