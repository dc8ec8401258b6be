"""Team Asia, tickets (docs/rules/team-asia.md): TA-TKT-1..4."""

from helpers import Game
from rule_games import team_game

from kernels import layouts as L


def test_TA_TKT_1_deal_5_keep_3_and_share_1_each():
    """TA-TKT-1: 5 dealt, keep at least 3, exactly one kept ticket to the shared holder."""
    g = Game("team_asia", 4)
    assert g.phase == L.PH_SETUP_KEEP and int(g.sc[L.SC_N_OFFER]) == 5
    legal = g.legal_set()
    for k, mask, share in legal:
        assert k == L.A_KEEP_TICKETS
        assert bin(mask).count("1") >= 3
        assert bin(share).count("1") == 1 and share & mask == share
    assert not g.can(L.A_KEEP_TICKETS, 0b11, 0b01), "2 kept is too few"
    assert not g.can(L.A_KEEP_TICKETS, 0b111, 0), "one must be shared"
    assert not g.can(L.A_KEEP_TICKETS, 0b111, 0b11), "only one is shared"
    assert not g.can(L.A_KEEP_TICKETS, 0b111, 0b1000), "the shared one is one of those kept"
    offers = [list(g.st.setup_offer[p, :5]) for p in range(4)]
    g.finish_setup(masks=[0b00111, 0b11111, 0b01110, 0b10101], shares=[0b100, 0b1, 0b1000, 0b10000])
    sh = g.st.ticket_shared
    assert [t for t in offers[0] if sh[t]] == [offers[0][2]]
    assert [t for t in offers[1] if sh[t]] == [offers[1][0]]
    assert sum(1 for p in (0, 1) for t in offers[p] if sh[t]) == 2, "the team starts with 2 shared tickets"
    kept = [sum(1 for t in offers[p] if g.st.ticket_holder[t] == p) for p in range(4)]
    assert kept == [3, 5, 3, 3]


def test_TA_TKT_2_draw_4_keep_1_share_1_discards_to_the_bottom():
    """TA-TKT-2: 4 drawn, keep at least 1, one kept to the shared holder; the rest to the bottom."""
    g = team_game()
    pile = list(range(10, 20))
    g.set_ticket_pile(pile)
    g.act(L.A_DRAW_TICKETS)
    assert int(g.sc[L.SC_N_OFFER]) == 4
    for k, mask, share in g.legal_set():
        assert k == L.A_KEEP_TICKETS and mask >= 1 and bin(share).count("1") == 1 and share & mask == share
    g.act(L.A_KEEP_TICKETS, 0b0110, 0b0100)
    assert g.st.ticket_holder[11] == 0 and g.st.ticket_holder[12] == 0
    assert g.st.ticket_shared[12] == 1 and g.st.ticket_shared[11] == 0
    assert g.ticket_pile() == pile[4:] + [10, 13]


def test_TA_TKT_3_share_up_to_two_hidden_tickets_as_a_turn():
    """TA-TKT-3: instead of anything else, move 1 or 2 hidden tickets to the shared holder."""
    g = team_game()
    g.hold(0, 3, 7, 9)
    g.st.ticket_shared[9] = 1
    shares = {(a, b) for k, a, b in g.legal_set() if k == L.A_SHARE_TICKETS}
    assert shares == {(3, 0), (7, 0), (3, 8)}, "1 or 2 of the hidden ones, never an already shared one"
    g.act(L.A_SHARE_TICKETS, 3, 8)
    assert g.st.ticket_shared[3] == 1 and g.st.ticket_shared[7] == 1
    assert g.player == 1, "sharing is the whole turn"
    assert g.st.ps[0, L.PS_TICKETS_SHARED] == 2 and g.st.ps[0, L.PS_SHARE_ACTIONS] == 1
    g.set_turn(0)
    assert L.A_SHARE_TICKETS not in g.kinds()


def test_TA_TKT_4_tickets_count_against_the_teams_combined_routes():
    """TA-TKT-4: a ticket is completed by the union of both teammates' routes."""
    g = team_game()
    t = g.ticket("Almaty", "Kathmandu")
    t_other = g.ticket("Agra", "Hanoi")
    g.hold(1, t)
    g.hold(2, t_other)
    # Almaty - Kashgar (seat 0), Kashgar - Lhasa (seat 1), Lhasa - Kathmandu (seat 0)
    g.give(0, g.route("Almaty", "Kashgar"), g.route("Kathmandu", "Lhasa"))
    g.give(1, g.route("Kashgar", "Lhasa"))
    fin = g.score()
    pts = g.ticket_points(t)
    assert fin[1, L.FN_TICKETS_WON] == pts and fin[1, L.FN_TICKETS_COMPLETED] == 1
    assert g.st.ticket_result[t] == L.TR_COMPLETED
    # the same routes owned by seats of two different teams do not join it
    g2 = team_game()
    g2.hold(1, t)
    g2.give(0, g2.route("Almaty", "Kashgar"), g2.route("Kathmandu", "Lhasa"))
    g2.give(2, g2.route("Kashgar", "Lhasa"))
    fin2 = g2.score()
    assert fin2[1, L.FN_TICKETS_LOST] == pts and fin2[1, L.FN_TICKETS_COMPLETED] == 0


def test_TA_TKT_4_completion_is_marked_during_play_for_both_teammates():
    """TA-TKT-4: a claim by one teammate marks the other's ticket joined (turn recorded)."""
    g = team_game()
    t = g.ticket("Almaty", "Kathmandu")
    g.hold(1, t)
    g.give(1, g.route("Almaty", "Kashgar"), g.route("Kathmandu", "Lhasa"))
    g.set_hand(0, black=5)
    g.claim(g.route("Kashgar", "Lhasa"), "black")
    assert g.st.ticket_done_turn[t] >= 0
