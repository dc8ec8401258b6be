"""India, tickets (docs/rules/india.md): IN-TKT-1."""

from helpers import Game

from kernels import layouts as L


def test_IN_TKT_1_four_dealt_keep_two_unkept_to_the_bottom():
    """IN-TKT-1 on the India board: 4 tickets offered, at least 2 kept, the
    others under the ticket deck; a draw offers 3 and keeps at least 1, the
    others under the deck too."""
    g = Game("india", 2, seed=3)
    assert g.phase == L.PH_SETUP_KEEP and int(g.sc[L.SC_N_OFFER]) == 4
    offer = g.st.offer[:4].tolist()
    keeps = {a for k, a, _ in g.legal_set() if k == L.A_KEEP_TICKETS}
    assert keeps == {m for m in range(16) if bin(m).count("1") >= 2}
    pile = g.ticket_pile()
    g.act(L.A_KEEP_TICKETS, 0b0011)
    assert [int(g.st.ticket_holder[t]) for t in offer] == [0, 0, L.TH_PILE, L.TH_PILE]
    assert g.ticket_pile() == pile + offer[2:]
    g.act(L.A_KEEP_TICKETS, 0b1111)  # seat 1 keeps all four
    g.act(L.A_DRAW_TICKETS)
    assert int(g.sc[L.SC_N_OFFER]) == 3
    drawn = g.st.offer[:3].tolist()
    assert {a for k, a, _ in g.legal_set() if k == L.A_KEEP_TICKETS} == set(range(1, 8))
    g.act(L.A_KEEP_TICKETS, 0b001)
    assert g.ticket_pile()[-2:] == drawn[1:]
