"""Team Asia, doubles and triples (docs/rules/team-asia.md): TA-DBL-1..3."""

from rule_games import team_game

from kernels import layouts as L


def test_TA_DBL_1_doubles_close_with_4_players_except_hong_kong_canton():
    """TA-DBL-1: with 4 players the other lane of a double closes; Hong Kong-Canton stays open."""
    g = team_game()
    red, orange = g.route("Peking", "Shenyang", "red"), g.route("Peking", "Shenyang", "orange")
    g.set_hand(0, red=2)
    g.claim(red, "red")
    assert g.st.closed[orange] == 1
    g.set_turn(1)
    g.set_hand(1, orange=2)
    assert orange not in {a for k, a, _ in g.legal_set() if k == L.A_CLAIM}
    hk_blue, hk_pink = g.route("Canton", "Hong Kong", "blue"), g.route("Canton", "Hong Kong", "pink")
    g.set_turn(2)
    g.set_hand(2, blue=1, pink=1)
    g.claim(hk_blue, "blue")
    assert g.st.closed[hk_pink] == 0
    assert not g.can(L.A_CLAIM, hk_pink, L.COLOUR_NAMES.index("pink")), "one player never takes both lanes"
    g.set_turn(0)
    g.set_hand(0, pink=1)
    assert g.can(L.A_CLAIM, hk_pink, L.COLOUR_NAMES.index("pink")), "both lanes stay open with 4 players"
    g.claim(hk_pink, "pink")
    assert g.st.owner[hk_pink] == 0


def test_TA_DBL_2_triples_with_4_players_two_lanes_teammates_may_take_both():
    """TA-DBL-2: with 4 players only 2 of the 3 lanes; the same team may take both."""
    g = team_game()
    lanes = g.lanes("Nanking", "Shanghai")
    assert len(lanes) == 3
    colours = [g.board.routes.loc[r, "color"] for r in lanes]
    g.set_hand(0, **{colours[0]: 1})
    g.claim(lanes[0], colours[0])
    assert g.st.closed[lanes[1]] == 0 and g.st.closed[lanes[2]] == 0
    g.set_hand(1, **{colours[1]: 1})
    assert g.player == 1
    g.claim(lanes[1], colours[1])
    assert g.st.closed[lanes[2]] == 1, "the third lane closes after two claims"
    g.set_turn(2)
    g.set_hand(2, **{colours[2]: 1})
    assert not g.can(L.A_CLAIM, lanes[2], L.COLOUR_NAMES.index(colours[2]))


def test_TA_DBL_3_six_players_all_lanes_open_one_lane_per_player():
    """TA-DBL-3: with 6 players every lane is open; one player never takes two of the same."""
    g = team_game(6)
    lanes = g.lanes("Agra", "Delhi")
    colours = [g.board.routes.loc[r, "color"] for r in lanes]
    for seat, (r, c) in enumerate(zip(lanes, colours, strict=True)):
        g.set_turn(seat)
        g.set_hand(seat, **{c: 1})
        g.claim(r, c)
    assert [int(g.st.owner[r]) for r in lanes] == [0, 1, 2]
    assert int(g.st.closed.sum()) == 0
    d = g.lanes("Peking", "Shenyang")
    g.set_turn(3)
    g.set_hand(3, red=2, orange=2)
    g.claim(d[0], g.board.routes.loc[d[0], "color"])
    assert g.st.closed[d[1]] == 0
    g.set_turn(3)
    assert d[1] not in {a for k, a, _ in g.legal_set() if k == L.A_CLAIM}, "not both lanes for one player"


def test_TA_DBL_2_triple_lanes_and_doubles_are_rule_parameters():
    """TA-DBL-1/2 as house rules: `triple_lanes=3` opens the third lane of a
    triple with 4 players; `doubles_min_players=4` opens doubles with 4."""
    g = team_game(overrides={"triple_lanes": 3})
    lanes = g.lanes("Nanking", "Shanghai")
    colours = [g.board.routes.loc[r, "color"] for r in lanes]
    for seat in (0, 1):
        g.set_turn(seat)
        g.set_hand(seat, **{colours[seat]: 1})
        g.claim(lanes[seat], colours[seat])
    assert g.st.closed[lanes[2]] == 0
    g = team_game(overrides={"doubles_min_players": 4})
    red, orange = g.route("Peking", "Shenyang", "red"), g.route("Peking", "Shenyang", "orange")
    g.set_hand(0, red=2)
    g.claim(red, "red")
    assert g.st.closed[orange] == 0
