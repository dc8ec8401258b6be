"""Base game, setup (docs/rules/base.md): BASE-SET-1..3."""

import pytest
from helpers import LOCO, Game
from rule_games import deal, market_locos

from kernels import layouts as L


@pytest.mark.parametrize("n_players", [2, 3, 4, 5])
def test_BASE_SET_1_deal_four_cards_each_and_five_face_up(n_players):
    """BASE-SET-1: the deal (through the engine, several shuffles) gives 4 cards
    each and turns 5 face up; the rest is the draw pile."""
    g = Game("usa", n_players, seed=7)
    for seed in range(7, 12):
        deal(g, seed)
        assert g.st.hand[:n_players].sum(axis=1).tolist() == [4] * n_players
        assert all(c is not None for c in g.market())
        assert market_locos(g) < 3
        n_disc = int(g.st.discard.sum())
        assert int(g.sc[L.SC_N_PILE]) == 110 - 4 * n_players - 5 - n_disc
        assert n_disc == 5 * int(g.sc[L.SC_MARKET_RESETS])


def test_BASE_SET_1_setup_market_with_three_locomotives_is_reset():
    """BASE-SET-1 applies BASE-MKT-3 to the first market: find deals whose
    first five face-up cards were reset and check the reset took place."""
    found = 0
    g = Game("usa", 2)
    for seed in range(400):
        deal(g, seed)
        resets = int(g.sc[L.SC_MARKET_RESETS])
        assert market_locos(g) < 3
        if resets:
            found += 1
            # every reset discards the whole market of 5, with 3+ locomotives
            assert int(g.st.discard.sum()) == 5 * resets
            assert g.st.discard[LOCO] >= 3 * resets
            assert g.card_counts().tolist() == [12] * 8 + [14]
    assert found > 0


def test_BASE_SET_2_three_tickets_keep_at_least_two_rest_to_bottom():
    """BASE-SET-2: Three tickets keep at least two rest to bottom."""
    g = Game("usa", 2, seed=5)
    assert g.phase == L.PH_SETUP_KEEP and g.player == 0
    assert int(g.sc[L.SC_N_OFFER]) == 3
    offer0 = g.st.offer[:3].tolist()
    keeps = {a for k, a, _ in g.legal_set() if k == L.A_KEEP_TICKETS}
    assert keeps == {0b011, 0b101, 0b110, 0b111}  # at least 2 of 3
    pile_before = g.ticket_pile()
    assert len(pile_before) == 30 - 6  # both seats were dealt 3
    g.act(L.A_KEEP_TICKETS, 0b011)
    assert g.st.ticket_holder[offer0[0]] == 0 and g.st.ticket_holder[offer0[1]] == 0
    assert g.st.ticket_holder[offer0[2]] == L.TH_PILE
    assert g.ticket_pile() == pile_before + [offer0[2]]  # to the bottom
    assert g.phase == L.PH_SETUP_KEEP and g.player == 1
    offer1 = g.st.offer[:3].tolist()
    assert not set(offer1) & set(offer0)
    g.act(L.A_KEEP_TICKETS, 0b110)
    assert g.ticket_pile() == pile_before + [offer0[2], offer1[0]]
    assert g.st.ticket_holder[offer1[1]] == 1 and g.st.ticket_holder[offer1[2]] == 1
    assert (g.st.ticket_kept_turn[offer1[1:]] == -1).all()  # kept at setup
    assert g.phase == L.PH_TURN and g.player == 0


def test_BASE_SET_2_keeping_one_setup_ticket_is_illegal():
    """BASE-SET-2: Keeping one setup ticket is illegal."""
    g = Game("usa", 2, seed=5)
    for mask in (0b001, 0b010, 0b100, 0):
        assert not g.can(L.A_KEEP_TICKETS, mask)


def test_BASE_SET_3_seat_zero_starts_and_seats_take_turns_in_order():
    """BASE-SET-3: Seat zero starts and seats take turns in order."""
    g = Game("usa", 3, seed=2)
    assert g.player == 0 and g.phase == L.PH_SETUP_KEEP
    g.finish_setup()
    assert g.player == 0 and int(g.sc[L.SC_TURN]) == 0
    order = []
    for _ in range(7):
        order.append(g.player)
        g.draw_blind()
        g.draw_blind()
    assert order == [0, 1, 2, 0, 1, 2, 0]
    assert int(g.sc[L.SC_TURN]) == 7
