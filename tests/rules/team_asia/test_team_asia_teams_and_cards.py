"""Team Asia rules (docs/rules/team-asia.md), one test or more per
TA-* rule ID, on constructed states of the provisional Team Asia board."""

import numpy as np
import pytest
from helpers import Game, set_ticket, team_game

from kernels import layouts as L
from kernels.bots import params as P
from kernels.core.actions import action_a, action_b, action_kind


def holder(g: Game, team: int) -> dict:
    return {L.CARD_NAMES[k]: int(v) for k, v in enumerate(g.st.holder[team]) if v}


def set_holder(g: Game, team: int, **cards) -> None:
    g.st.holder[team, :] = 0
    for name, n in cards.items():
        g.st.holder[team, L.CARD_NAMES.index("locomotive" if name == "loco" else name)] = n


def draw_two_blind(g: Game, first=L.DEST_HAND) -> bool:
    """A whole blind draw: the first card seen and placed, the second to the other place."""
    g.act(L.A_DRAW_BLIND, 0, L.DEST_HAND)
    assert g.phase == L.PH_PLACE_CARD
    g.act(L.A_PLACE_CARD, 0, first)
    return g.act(L.A_DRAW_BLIND, 0, 1 - first)


# --- teams and trains -----------------------------------------------------------------
def test_TA_TEAM_1_teammates_sit_next_to_each_other_and_play_in_turn():
    """TA-TEAM-1: seats A1 A2 B1 B2 [C1 C2]: team = seat // 2, turns in seat order."""
    for n in (4, 6):
        g = team_game(n)
        g.set_pile(["red"] * 40)
        order = []
        for _ in range(n):
            order.append(g.player)
            draw_two_blind(g)
        assert order == list(range(n))
        # each seat's second card landed in its own team's holder: teams are seat pairs
        assert list(g.st.holder[: n // 2, L.CARD_NAMES.index("red")]) == [2] * (n // 2)


def test_TA_TEAM_2_27_trains_each_placed_from_own_supply_one_network():
    """TA-TEAM-2, TA-TEAM-2a: 27 trains per player, a claim spends the claimer's trains
    only; teammates' routes form one network (tickets, longest path; assumption TA-TEAM-2a)."""
    g = Game("team_asia", 4)
    assert list(g.st.trains) == [27, 27, 27, 27]
    g = team_game()
    r = g.route("Peking", "Shenyang", "red")
    g.set_turn(1)
    g.set_hand(1, red=2)
    g.claim(r, "red")
    assert list(g.st.trains) == [27, 25, 27, 27]
    uf0, uf2 = g.st.uf[0], g.st.uf[2]
    a, b = g.city("Peking"), g.city("Shenyang")

    def find(uf, x):
        while uf[x] != x:
            x = uf[x]
        return x

    assert find(uf0, a) == find(uf0, b), "the teammate's claim is in seat 0's network"
    assert find(uf2, a) != find(uf2, b), "but not in the other team's"


# --- cards ----------------------------------------------------------------------------------
def test_TA_CRD_1_four_private_cards_each_and_empty_holders():
    """TA-CRD-1: 4 private cards each, team holders empty at the start."""
    for n in (4, 6):
        g = Game("team_asia", n)
        assert list(g.st.hand.sum(axis=1)) == [4] * n
        assert g.st.holder.sum() == 0


def test_TA_CRD_2_one_card_to_hand_one_to_holder_chosen_at_the_first_card():
    """TA-CRD-2: the first card may go to either place; the second goes to the other."""
    g = team_game()
    g.set_market(["pink", "white", "yellow", "orange", "green"])
    g.set_pile(["red", "blue", "black", "black"])
    legal = g.legal_set()
    for dest in (L.DEST_HAND, L.DEST_HOLDER):
        assert (L.A_DRAW_MARKET, 0, dest) in legal, "a face-up card: placed as it is taken"
    # a blind card is seen, then placed at once
    g.act(L.A_DRAW_BLIND, 0, L.DEST_HAND)
    assert g.phase == L.PH_PLACE_CARD and g.kinds() == {L.A_PLACE_CARD}
    assert g.legal_set() == {(L.A_PLACE_CARD, 0, L.DEST_HAND), (L.A_PLACE_CARD, 0, L.DEST_HOLDER)}
    g.act(L.A_PLACE_CARD, 0, L.DEST_HOLDER)  # red shared
    assert holder(g, 0) == {"red": 1} and g.hand(0) == {}
    second = {(k, b) for k, _, b in g.legal_set()}
    assert second == {(L.A_DRAW_MARKET, L.DEST_HAND), (L.A_DRAW_BLIND, L.DEST_HAND)}, "second card: the other place"
    g.act(L.A_DRAW_MARKET, 1, L.DEST_HAND)  # white kept
    assert g.hand(0) == {"white": 1} and holder(g, 0) == {"red": 1}
    assert g.player == 1
    # and the other way round
    g.act(L.A_DRAW_BLIND, 0, L.DEST_HAND)
    g.act(L.A_PLACE_CARD, 0, L.DEST_HAND)
    assert {b for _, _, b in g.legal_set()} == {L.DEST_HOLDER}
    g.act(L.A_DRAW_BLIND, 0, L.DEST_HOLDER)
    assert g.hand(1) == {"black": 1} and holder(g, 0) == {"red": 1, "black": 1}  # blue refilled the market
    assert g.st.ps[0, L.PS_CARDS_SHARED] == 1 and g.st.ps[1, L.PS_CARDS_SHARED] == 1


def test_TA_CRD_3_a_faceup_locomotive_goes_to_the_holder():
    """TA-CRD-3: a face-up locomotive is the whole draw and must go to the shared holder."""
    g = team_game()
    g.set_market(["locomotive", "white", "yellow", "orange", "green"])
    g.set_pile(["red"] * 5)
    assert g.can(L.A_DRAW_MARKET, 0, L.DEST_HOLDER)
    assert not g.can(L.A_DRAW_MARKET, 0, L.DEST_HAND)
    g.act(L.A_DRAW_MARKET, 0, L.DEST_HOLDER)
    assert holder(g, 0) == {"locomotive": 1} and g.hand(0) == {}
    assert g.player == 1, "the locomotive was the whole draw"


def test_TA_CRD_4_claims_combine_hand_and_own_team_holder_only():
    """TA-CRD-4: a claim may combine the player's hand and the team's holder
    (hand first); another team's holder is no help."""
    g = team_game()
    r = g.route("Peking", "Xi'an", "black")  # 3 black
    g.set_hand(0, black=1)
    set_holder(g, 1, black=5)
    assert L.COLOUR_NAMES.index("black") not in g.claim_colours(r), "the other team's holder does not count"
    set_holder(g, 0, black=1, locomotive=1)
    assert g.claim_colours(r) == {L.COLOUR_NAMES.index("black")}
    g.claim(r, "black")
    assert g.hand(0) == {} and holder(g, 0) == {}
    assert g.st.owner[r] == 0
    assert g.st.ps[0, L.PS_HOLDER_CARDS_USED] == 2
    # the teammate pays from the same holder
    r2 = g.route("Nanking", "Shanghai", "red")
    set_holder(g, 0, red=1)
    g.set_turn(1)
    g.set_hand(1)
    g.claim(r2, "red")
    assert holder(g, 0) == {} and g.st.owner[r2] == 1


def test_TA_CRD_5_greedy_ignores_the_teammates_hand_and_hidden_tickets():
    """TA-CRD-5: a bot's choice depends only on what the holders show: changing
    the teammate's private hand, hidden tickets and bot memory changes nothing."""
    from kernels.bots.dispatch import choose_action

    rng = np.random.default_rng(3)
    g = Game("team_asia", 4, seed=5)
    checked = 0
    for _ in range(400):
        if g.phase == L.PH_OVER:
            break
        p = g.player
        if g.phase == L.PH_TURN:
            mate = p ^ 1
            g.ws.plan_version[p] = -1  # both choices planned from scratch (its own memory may lag)
            base = choose_action(P.BOT_GREEDY, g.st, g.bd, g.ru, p, np.zeros(1, np.uint64), g.ws)
            saved_hand = g.st.hand[mate].copy()
            saved_holder = g.st.ticket_holder.copy()
            saved_want = g.ws.want[mate].copy()
            saved_need = g.ws.need[mate].copy()
            g.st.hand[mate, :] = rng.integers(0, 6, L.N_CARD_KINDS)
            hidden = [t for t in range(g.bd.tickets.shape[0])
                      if g.st.ticket_holder[t] == mate and g.st.ticket_shared[t] == 0]
            for t in hidden:
                g.st.ticket_holder[t] = L.TH_BOX
            boxed = [t for t in range(g.bd.tickets.shape[0]) if g.st.ticket_holder[t] == L.TH_BOX]
            for t in boxed[:3]:
                g.st.ticket_holder[t] = mate  # other hidden tickets
            g.ws.want[mate, :] = 1
            g.ws.need[mate, :] = 7
            g.ws.plan_version[p] = -1  # make it replan from scratch on the changed state
            other = choose_action(P.BOT_GREEDY, g.st, g.bd, g.ru, p, np.zeros(1, np.uint64), g.ws)
            assert other == base
            g.st.hand[mate] = saved_hand
            g.st.ticket_holder[:] = saved_holder
            g.ws.want[mate] = saved_want
            g.ws.need[mate] = saved_need
            checked += 1
        a = choose_action(P.BOT_GREEDY, g.st, g.bd, g.ru, p, np.zeros(1, np.uint64), g.ws)
        assert a in g.legal()
        g.force(int(action_kind(a)), int(action_a(a)), int(action_b(a)))
    assert checked > 50


# --- tickets ------------------------------------------------------------------------------
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


# --- doubles and triples --------------------------------------------------------------------
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


# --- tunnels ----------------------------------------------------------------------------------
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


# --- end and scoring -----------------------------------------------------------------------------
def test_TA_END_1_team_supply_at_4_or_fewer_gives_everyone_one_more_turn():
    """TA-END-1: the trigger counts the team's combined trains (<= 4), then every
    player, the triggering one included, plays one more turn."""
    g = team_game()
    g.set_pile(["red"] * 60)
    g.st.trains[:] = [3, 10, 27, 27]
    draw_two_blind(g)
    assert int(g.sc[L.SC_END_COUNTDOWN]) == -1, "3 trains alone do not end it: the team has 13"
    g.st.trains[:] = [2, 2, 27, 27]
    turns = 0
    over = False
    while not over:
        p = g.player
        over = draw_two_blind(g)
        turns += 1
        if turns == 1:
            assert p == 1 and int(g.sc[L.SC_END_COUNTDOWN]) == 4
    assert turns == 5, "the trigger turn, then one more turn each for all 4"
    assert g.sc[L.SC_END_REASON] == L.END_TRAINS


def test_TA_SCR_1_asia_express_and_globetrotter_per_team_ties_all_score():
    """TA-SCR-1: 10 to the team with the longest continuous path (the team's
    combined routes) and 10 to the team with most completed tickets (counted
    per team); tied teams all score."""
    g = team_game()
    g.give(0, g.route("Almaty", "Kashgar"))
    g.give(1, g.route("Kashgar", "Lhasa"))
    g.give(2, g.route("Bangkok", "Kuala Lumpur", "white"))
    g.hold(0, set_ticket(g, 0, "Almaty", "Lhasa"))
    fin = g.score()
    trail = g.route_len(g.route("Almaty", "Kashgar")) + g.route_len(g.route("Kashgar", "Lhasa"))
    assert fin[0, L.FN_LONGEST_PATH] == fin[1, L.FN_LONGEST_PATH] == trail, "one path across both teammates"
    assert list(fin[:, L.FN_LONGEST_BONUS]) == [10, 10, 0, 0]
    assert list(fin[:, L.FN_GLOBETROTTER_BONUS]) == [10, 10, 0, 0]
    # team 1: one completed ticket per seat, 2 for the team -> more than team 0's 1
    g.hold(2, set_ticket(g, 1, "Bangkok", "Kuala Lumpur"))
    g.hold(3, set_ticket(g, 2, "Kuala Lumpur", "Bangkok"))
    fin = g.score()
    assert list(fin[:, L.FN_GLOBETROTTER_BONUS]) == [0, 0, 10, 10]
    # tie 2-2: both teams
    g.hold(1, set_ticket(g, 3, "Kashgar", "Lhasa"))
    fin = g.score()
    assert list(fin[:, L.FN_GLOBETROTTER_BONUS]) == [10, 10, 10, 10]
    # equal longest paths: both teams get Asia Express; no completed tickets: no Globetrotter
    g2 = team_game()
    g2.give(0, g2.route("Kathmandu", "Lhasa"))
    g2.give(2, g2.route("Delhi", "Kathmandu"))
    fin2 = g2.score()
    assert list(fin2[:, L.FN_GLOBETROTTER_BONUS]) == [0, 0, 0, 0]
    assert list(fin2[:, L.FN_LONGEST_BONUS]) == [10, 10, 10, 10]


def test_TA_SCR_1_one_team_total_on_each_row():
    """TA-TEAM-2, TA-SCR-1: both teammates' rows carry the team total."""
    g = team_game()
    g.give(0, g.route("Almaty", "Kashgar"))
    g.st.score[0] = 7
    g.st.score[1] = 5
    g.hold(1, g.ticket("Agra", "Hanoi"))
    fin = g.score()
    lost = g.ticket_points(g.ticket("Agra", "Hanoi"))
    expect = 7 + 5 - lost + 10  # Asia Express: the only path
    assert fin[0, L.FN_TOTAL] == fin[1, L.FN_TOTAL] == expect
    assert fin[2, L.FN_TOTAL] == fin[3, L.FN_TOTAL] == 0


def test_TA_SCR_2_winner_points_then_tickets_then_longest_path():
    """TA-SCR-2: most points; tied -> most completed tickets (team); still tied -> longest path."""
    def level(g):
        """Give team 1 route points so that both team totals are equal."""
        g.st.score[:] = 0
        fin = g.score()
        g.st.score[2] = int(fin[0, L.FN_TOTAL] - fin[2, L.FN_TOTAL])
        g.st.score[0] = max(0, -int(g.st.score[2]))
        g.st.score[2] = max(0, int(g.st.score[2]))
        return g.score()

    # team 0 has the longer path, no tickets anywhere: the path decides
    g = team_game()
    g.give(0, g.route("Almaty", "Kashgar"), g.route("Kashgar", "Lhasa"))
    g.give(2, g.route("Kathmandu", "Lhasa"))
    fin = level(g)
    assert fin[0, L.FN_TOTAL] == fin[2, L.FN_TOTAL]
    assert fin[0, L.FN_LONGEST_PATH] > fin[2, L.FN_LONGEST_PATH]
    assert list(fin[:, L.FN_WINNER]) == [1, 1, 0, 0]
    # team 1 completes a ticket, points equal: tickets decide before the path
    g.hold(3, set_ticket(g, 0, "Kathmandu", "Lhasa"))
    fin = level(g)
    assert fin[0, L.FN_TOTAL] == fin[2, L.FN_TOTAL] and fin[3, L.FN_TICKETS_COMPLETED] == 1
    assert list(fin[:, L.FN_WINNER]) == [0, 0, 1, 1]
    # more points wins outright
    g.st.score[0] += 1
    fin = g.score()
    assert list(fin[:, L.FN_WINNER]) == [1, 1, 0, 0]
    # all equal: tied teams all win
    fin3 = team_game().score()
    assert list(fin3[:, L.FN_WINNER]) == [1, 1, 1, 1]


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
