"""Base game, drawing tickets (docs/rules/base.md): BASE-TKT-1."""

from helpers import Game

from kernels import layouts as L


def test_BASE_TKT_1_draw_three_keep_at_least_one_rest_to_the_bottom():
    """BASE-TKT-1: Draw three keep at least one rest to the bottom."""
    g = Game("usa", 2)
    g.blank()
    g.set_ticket_pile([0, 1, 2, 3, 4])
    g.act(L.A_DRAW_TICKETS)
    assert g.st.offer[:3].tolist() == [0, 1, 2]
    assert (g.st.ticket_holder[[0, 1, 2]] == L.TH_OFFERED).all()
    keeps = {a for k, a, _ in g.legal_set() if k == L.A_KEEP_TICKETS}
    assert keeps == set(range(1, 8))  # any non-empty subset
    g.act(L.A_KEEP_TICKETS, 0b010)
    assert g.st.ticket_holder[1] == 0
    assert g.ticket_pile() == [3, 4, 0, 2]
    assert g.st.ticket_holder[0] == L.TH_PILE and g.st.ticket_holder[2] == L.TH_PILE
    assert g.st.ticket_kept_turn[1] == 0
    assert g.st.ps[0, L.PS_TICKETS_DRAWN_MIDGAME] == 1


def test_BASE_TKT_1_fewer_than_three_left():
    """BASE-TKT-1: Fewer than three left."""
    g = Game("usa", 2)
    g.blank()
    g.set_ticket_pile([5, 6])
    g.act(L.A_DRAW_TICKETS)
    assert int(g.sc[L.SC_N_OFFER]) == 2
    keeps = {a for k, a, _ in g.legal_set() if k == L.A_KEEP_TICKETS}
    assert keeps == {1, 2, 3}
    g.act(L.A_KEEP_TICKETS, 0b11)
    assert g.ticket_pile() == []


def test_BASE_TKT_1_not_legal_with_an_empty_ticket_deck():
    """BASE-TKT-1: Not legal with an empty ticket deck."""
    g = Game("usa", 2)
    g.blank()
    g.set_ticket_pile([])
    assert L.A_DRAW_TICKETS not in g.kinds()
    g.set_ticket_pile([7])
    assert L.A_DRAW_TICKETS in g.kinds()
