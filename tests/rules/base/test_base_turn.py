"""Base game, a turn: exactly one action (docs/rules/base.md): BASE-TRN-1..3."""

from helpers import LOCO, Game

from kernels import layouts as L


def test_BASE_TRN_1_2_3_turn_offers_draw_claim_and_tickets():
    """BASE-TRN-1, BASE-TRN-2, BASE-TRN-3: Turn offers draw claim and tickets."""
    g = Game("usa", 2)
    g.blank()
    g.set_pile(["red"] * 10)
    g.set_hand(0, locomotive=1)
    g.set_ticket_pile([0, 1, 2])
    kinds = g.kinds()
    assert {L.A_DRAW_MARKET, L.A_DRAW_BLIND, L.A_CLAIM, L.A_DRAW_TICKETS} <= kinds
    assert L.A_PASS not in kinds  # passing only when nothing is legal
    assert L.A_BUILD_STATION not in kinds  # no stations in the base game


def test_BASE_TRN_1_drawing_cards_is_the_whole_turn():
    """BASE-TRN-1: Drawing cards is the whole turn."""
    g = Game("usa", 2)
    g.blank()
    g.set_pile(["red", "blue", "green"])
    g.set_hand(0, locomotive=1)
    g.draw_blind()
    assert g.player == 0 and g.phase == L.PH_SECOND_DRAW
    assert g.kinds() <= {L.A_DRAW_MARKET, L.A_DRAW_BLIND}  # no claim, no tickets mid-draw
    g.draw_blind()
    assert g.player == 1 and g.phase == L.PH_TURN
    assert g.hand(0) == {"red": 1, "blue": 1, "locomotive": 1}
    assert g.st.ps[0, L.PS_CARDS_DRAWN] == 2


def test_BASE_TRN_2_claiming_is_the_whole_turn():
    """BASE-TRN-2: Claiming is the whole turn."""
    g = Game("usa", 2)
    g.blank()
    g.set_pile(["red"] * 5)
    g.set_hand(0, locomotive=1)
    r = g.route("Atlanta", "Nashville")
    g.claim(r, LOCO)
    assert g.player == 1 and g.phase == L.PH_TURN
    assert g.st.owner[r] == 0 and g.hand(0) == {}


def test_BASE_TRN_3_drawing_tickets_is_the_whole_turn():
    """BASE-TRN-3: Drawing tickets is the whole turn."""
    g = Game("usa", 2)
    g.blank()
    g.set_ticket_pile([0, 1, 2, 3])
    g.act(L.A_DRAW_TICKETS)
    assert g.player == 0 and g.phase == L.PH_KEEP_TICKETS
    assert g.kinds() == {L.A_KEEP_TICKETS}
    g.act(L.A_KEEP_TICKETS, 0b001)
    assert g.player == 1 and g.phase == L.PH_TURN


def test_BASE_TRN_1_2_3_pass_when_nothing_is_legal_is_counted():
    """BASE-TRN-1, BASE-TRN-2, BASE-TRN-3: Pass when nothing is legal is counted."""
    g = Game("usa", 3)
    g.blank(market=())
    g.set_ticket_pile([])
    assert g.legal() == [int(L.A_PASS)]
    g.act(L.A_PASS)
    assert g.st.ps[:, L.PS_PASSES].tolist() == [1, 0, 0]
    assert g.player == 1 and int(g.sc[L.SC_TURN]) == 1
    assert g.st.ps[0, L.PS_TURNS] == 1
