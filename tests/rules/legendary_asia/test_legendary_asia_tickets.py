"""Legendary Asia, tickets (docs/rules/legendary-asia.md): LA-TKT-1..3."""

import numpy as np
import pytest
from rule_games import blank, la

from kernels import layouts as L


def test_LA_TKT_1_thirty_regular_and_six_long_tickets():
    """LA-TKT-1: 36 tickets, 30 regular and 6 long; the long ones never enter the draw pile."""
    g = la()
    long_ = g.bd.tickets[:, L.TK_LONG]
    assert g.bd.tickets.shape[0] == 36
    assert int((long_ == 0).sum()) == 30 and int((long_ == 1).sum()) == 6
    assert g.ru[L.RULE_SETUP_TICKETS_LONG] == 1
    g.finish_setup()
    assert not any(long_[t] for t in g.ticket_pile())


@pytest.mark.parametrize("n_players", [2, 3, 4, 5])
def test_LA_TKT_2_each_seat_dealt_one_long_and_three_regular(n_players):
    """LA-TKT-2: every seat is dealt 1 long + 3 regular tickets; long tickets nobody got go to the box."""
    g = la(n_players, seed=21 + n_players)
    long_ = g.bd.tickets[:, L.TK_LONG]
    dealt = set()
    for p in range(n_players):
        offer = [int(t) for t in g.st.setup_offer[p] if t >= 0]
        assert len(offer) == 4
        assert sorted(long_[offer].tolist()) == [0, 0, 0, 1]
        dealt |= set(offer)
    assert len(dealt) == 4 * n_players  # nobody shares a ticket
    for t in np.flatnonzero(long_ == 1):
        assert (g.st.ticket_holder[t] == L.TH_BOX) == (int(t) not in dealt)
    assert int(g.sc[L.SC_TP_COUNT]) == 30 - 3 * n_players


def test_LA_TKT_2_keep_at_least_two_rest_to_the_box_unseen():
    """LA-TKT-2, LA-TKT-2a: keep at least 2 of the 4 (any mix); the others go to the box, not the pile
    (assumption LA-TKT-2a)."""
    g = la(2, seed=8)
    keeps = {a for k, a, _ in g.legal_set() if k == L.A_KEEP_TICKETS}
    assert keeps == {m for m in range(16) if bin(m).count("1") >= 2}
    offer = g.st.offer[:4].tolist()
    pile_before = g.ticket_pile()
    g.act(L.A_KEEP_TICKETS, 0b1100)  # two regular; the long one and a regular left
    assert [int(g.st.ticket_holder[t]) for t in offer] == [L.TH_BOX, L.TH_BOX, 0, 0]
    assert g.ticket_pile() == pile_before
    g.act(L.A_KEEP_TICKETS, 0b1111)
    assert g.ticket_pile() == pile_before and g.phase == L.PH_TURN
    assert int((g.st.ticket_holder == L.TH_BOX).sum()) == 2 + (6 - 2)  # unkept + undealt long


def test_LA_TKT_3_draw_three_keep_one_rest_to_the_bottom():
    """LA-TKT-3: mid-game ticket draw shows 3, at least 1 kept, the rest to the bottom of the deck."""
    g = blank()
    regular = [int(t) for t in np.flatnonzero(g.bd.tickets[:, L.TK_LONG] == 0)][:5]
    g.set_ticket_pile(regular)
    g.act(L.A_DRAW_TICKETS)
    assert g.phase == L.PH_KEEP_TICKETS and int(g.sc[L.SC_N_OFFER]) == 3
    assert g.st.offer[:3].tolist() == regular[:3]
    assert {a for k, a, _ in g.legal_set() if k == L.A_KEEP_TICKETS} == set(range(1, 8))
    g.act(L.A_KEEP_TICKETS, 0b010)
    assert g.st.ticket_holder[regular[1]] == 0 and g.st.ticket_kept_turn[regular[1]] >= 0
    assert g.ticket_pile() == regular[3:] + [regular[0], regular[2]]
    assert g.player == 1


def test_LA_TKT_3_fewer_than_three_left_offers_what_there_is():
    """LA-TKT-3: with 2 tickets in the deck the draw shows 2, still keep at least 1."""
    g = blank()
    g.set_ticket_pile([0, 1])
    g.act(L.A_DRAW_TICKETS)
    assert int(g.sc[L.SC_N_OFFER]) == 2
    assert {a for k, a, _ in g.legal_set() if k == L.A_KEEP_TICKETS} == {1, 2, 3}
    g.act(L.A_KEEP_TICKETS, 0b01)
    assert g.ticket_pile() == [1]
    g.set_turn(0)
    g.set_ticket_pile([])
    assert L.A_DRAW_TICKETS not in g.kinds()
