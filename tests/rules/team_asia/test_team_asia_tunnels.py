"""Team Asia, tunnels (docs/rules/team-asia.md): TA-TUN-1..4."""

import pytest
from rule_games import holder, set_holder, team_game

from kernels import layouts as L


@pytest.mark.parametrize("printed", [4, 5, 6])
def test_TA_TUN_1_himalaya_tunnels_reveal_the_printed_number(printed):
    """TA-TUN-1: a Himalaya tunnel reveals the number printed on it (4, 5, 6)."""
    g = team_game()
    rt = g.board.routes
    r = int(rt[(rt["kind"] == "tunnel") & (rt["reveal"] == printed)].index[0])
    colour = rt.loc[r, "color"]
    colour = "red" if colour == "gray" else colour
    g.set_hand(0, **{colour: g.route_len(r)})
    g.set_pile(["white" if colour != "white" else "pink"] * 10)
    g.claim(r, colour)
    row = g.st.tunnel_log[int(g.sc[L.SC_N_TUNNEL_LOG]) - 1]
    assert row[L.TL_TO_REVEAL] == printed and row[L.TL_REVEALED] == printed
    assert g.pile() == g.pile()[:10 - printed] and len(g.pile()) == 10 - printed


def test_TA_TUN_1_ordinary_tunnels_reveal_3():
    """TA-TUN-1, TA-TUN-1a: the other tunnels reveal 3 cards, as in Europe (EU-TUN-2; assumption TA-TUN-1a)."""
    g = team_game()
    r = g.route("Chengdu", "Xi'an")
    g.set_hand(0, black=2)
    g.set_pile(["black", "white", "black", "white", "white"])
    g.claim(r, "black")
    assert g.phase == L.PH_TUNNEL and int(g.sc[L.SC_PEND_SURCHARGE]) == 2
    row = g.st.tunnel_log[0]
    assert row[L.TL_TO_REVEAL] == 3 and row[L.TL_REVEALED] == 3


def test_TA_TUN_2_surcharge_paid_from_hand_and_holder():
    """TA-TUN-2: the surcharge may come from the shared holder; an abandoned
    attempt gives each card back where it came from."""
    g = team_game()
    r = g.route("Chengdu", "Xi'an")
    g.set_hand(0, black=2)
    set_holder(g, 0, black=1, locomotive=1)
    g.set_pile(["black", "locomotive", "white", "white"])
    g.claim(r, "black")
    assert int(g.sc[L.SC_PEND_SURCHARGE]) == 2
    assert g.can(L.A_TUNNEL_PAY)
    g.act(L.A_TUNNEL_PAY)
    assert g.st.owner[r] == 0 and holder(g, 0) == {} and g.hand(0) == {}
    # abandon: cards return to hand and holder as they came
    g = team_game()
    g.set_hand(0, black=1)
    set_holder(g, 0, black=1)
    g.set_pile(["black", "white", "white", "white"])
    g.claim(r, "black")
    assert g.hand(0) == {} and holder(g, 0) == {}
    assert not g.can(L.A_TUNNEL_PAY)
    g.act(L.A_TUNNEL_ABANDON)
    assert g.hand(0) == {"black": 1} and holder(g, 0) == {"black": 1}


def test_TA_TUN_3_locomotive_only_claims_count_and_pay_locomotives_only():
    """TA-TUN-3: after a locomotive-only claim only revealed locomotives count,
    and the surcharge is paid in locomotives (hand or holder)."""
    g = team_game()
    r = g.route("Kathmandu", "Lhasa")  # green, printed 6
    g.set_hand(0, locomotive=2, green=3)
    set_holder(g, 0, locomotive=1)
    g.set_pile(["green", "green", "locomotive", "green", "red", "red", "red"])
    g.claim(r, "locomotive")
    assert int(g.sc[L.SC_PEND_SURCHARGE]) == 1, "the three revealed greens do not count"
    assert g.can(L.A_TUNNEL_PAY)
    g.act(L.A_TUNNEL_PAY)
    assert g.hand(0) == {"green": 3}, "paid with the holder's locomotive, not with green"
    assert holder(g, 0) == {}


def test_TA_TUN_4_reveal_only_what_deck_and_discard_hold():
    """TA-TUN-4: fewer cards available -> fewer revealed; none -> no surcharge risk."""
    g = team_game()
    r = g.route("Kashgar", "Lhasa")  # printed 6
    g.set_hand(0, black=5)
    g.set_pile(["black", "white"])
    g.set_discard()
    g.claim(r, "black")
    row = g.st.tunnel_log[0]
    assert row[L.TL_TO_REVEAL] == 6 and row[L.TL_REVEALED] == 2 and int(g.sc[L.SC_PEND_SURCHARGE]) == 1
    g = team_game()
    g.set_hand(0, black=5)
    g.set_pile([])
    g.claim(r, "black")
    assert g.st.owner[r] == 0 and g.st.tunnel_log[0][L.TL_REVEALED] == 0
