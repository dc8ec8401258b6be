"""Team Asia, teams and trains; train cards (docs/rules/team-asia.md): TA-TEAM-1..2, TA-CRD-1..5."""

import numpy as np
from helpers import Game
from rule_games import deal, draw_two_blind, holder, set_holder, team_game

from kernels import layouts as L
from kernels.bots.shared import params as P
from kernels.core.actions import action_a, action_b, action_kind


# --- teams and trains -----------------------------------------------------------------------------
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


# --- train cards: private hand and shared holder --------------------------------------------------
def test_TA_CRD_1_four_private_cards_each_and_empty_holders():
    """TA-CRD-1: the deal (through the engine) gives 4 private cards each and
    leaves the team holders empty; the first blind card of a turn then goes
    where the player puts it (TA-CRD-2)."""
    for n in (4, 6):
        g = Game("team_asia", n)
        for seed in range(3):
            deal(g, seed)
            assert list(g.st.hand[:n].sum(axis=1)) == [4] * n
            assert g.st.holder.sum() == 0
        g.finish_setup()
        draw_two_blind(g)
        assert g.st.hand[0].sum() == 5 and g.st.holder[0].sum() == 1


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
