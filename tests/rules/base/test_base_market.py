"""Rule tests for the base game and the mechanics every variant shares
(rules/base.md, BASE-*): one or more tests per rule ID, on constructed game
states of the USA board. Helpers: tests/helpers.py."""

import numpy as np
import pytest
from helpers import BLACK, BLUE, GREEN, LOCO, ORANGE, RED, YELLOW, Game, play_random

from kernels import layouts as L

USA_SCORES = {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}


def market_locos(g):
    return sum(1 for c in g.market() if c == "locomotive")


# --- components ------------------------------------------------------------------
def test_BASE_CMP_1_deck_is_8_colours_of_12_and_14_locomotives():
    """BASE-CMP-1: Deck is 8 colours of 12 and 14 locomotives."""
    g = Game("usa")
    assert g.bd.deck.tolist() == [12] * 8 + [14]
    assert int(g.bd.deck.sum()) == 110
    # after the deal every card is somewhere: hands, market, pile (and discard after a reset)
    assert g.card_counts().tolist() == [12] * 8 + [14]


@pytest.mark.parametrize("board_name,n_players,seed", [("usa", 2, 3), ("usa", 5, 4), ("europe", 3, 5)])
def test_BASE_CMP_1_no_card_is_created_or_lost_in_a_random_game(board_name, n_players, seed):
    """BASE-CMP-1: No card is created or lost in a random game."""
    g = Game(board_name, n_players, seed=seed)
    deck = g.bd.deck.tolist()

    def check(g):
        assert g.card_counts().tolist() == deck

    play_random(g, np.random.default_rng(seed), check)


def test_BASE_CMP_2_forty_five_trains_each_and_2_to_5_players():
    """BASE-CMP-2: 45 trains each; 2 to 5 players."""
    rules = Game("usa").rules
    assert (rules.min_players, rules.max_players, rules.trains) == (2, 5, 45)
    for n in range(2, 6):
        g = Game("usa", n)
        assert g.st.trains.tolist() == [45] * n


def test_BASE_CMP_2_trains_never_go_negative_in_a_random_game():
    """BASE-CMP-2: Trains never go negative in a random game."""
    g = Game("usa", 2, seed=11)

    def check(g):
        assert (g.st.trains >= 0).all()
        # trains placed = 45 - trains left
        for p in range(g.n):
            placed = sum(g.route_len(r) for r in np.flatnonzero(g.st.owner == p))
            assert placed == 45 - g.st.trains[p]

    play_random(g, np.random.default_rng(11), check)


def test_BASE_CMP_3_usa_has_30_tickets_each_two_cities_and_points():
    """BASE-CMP-3: USA has 30 tickets each two cities and points."""
    g = Game("usa")
    tk = g.bd.tickets
    assert tk.shape[0] == 30
    assert (tk[:, L.TK_A] != tk[:, L.TK_B]).all()
    assert (tk[:, L.TK_POINTS] > 0).all()
    assert g.ticket_points(g.ticket("Los Angeles", "New York")) == 21


# --- setup -------------------------------------------------------------------------
@pytest.mark.parametrize("n_players", [2, 3, 4, 5])
def test_BASE_SET_1_deal_four_cards_each_and_five_face_up(n_players):
    """BASE-SET-1: Deal four cards each and five face up."""
    g = Game("usa", n_players, seed=7)
    assert g.st.hand.sum(axis=1).tolist() == [4] * n_players
    assert all(c is not None for c in g.market())
    assert market_locos(g) < 3
    n_disc = int(g.st.discard.sum())
    assert int(g.sc[L.SC_N_PILE]) == 110 - 4 * n_players - 5 - n_disc
    assert n_disc == 5 * int(g.sc[L.SC_MARKET_RESETS])


def test_BASE_SET_1_setup_market_with_three_locomotives_is_reset():
    """BASE-SET-1 applies BASE-MKT-3 to the first market: find deals whose
    first five face-up cards were reset and check the reset took place."""
    found = 0
    for seed in range(400):
        g = Game("usa", 2, seed=seed)
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


# --- a turn ---------------------------------------------------------------------------
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


# --- drawing train cards -------------------------------------------------------------
def test_BASE_MKT_1_market_card_is_replaced_at_once_from_the_deck():
    """BASE-MKT-1: Market card is replaced at once from the deck."""
    g = Game("usa", 2)
    g.blank(market=["red", "blue", "green", "white", "black"])
    g.set_pile(["yellow", "orange", "pink"])
    g.act(L.A_DRAW_MARKET, 0)
    assert g.hand(0) == {"red": 1}
    assert g.market()[0] == "yellow"  # before the second card is chosen
    assert g.phase == L.PH_SECOND_DRAW
    g.act(L.A_DRAW_MARKET, 0)  # the replacement may be taken as the second card
    assert g.hand(0) == {"red": 1, "yellow": 1}
    assert g.market() == ["orange", "blue", "green", "white", "black"]
    assert g.player == 1 and g.pile() == ["pink"]


def test_BASE_MKT_1_blind_draws_take_the_top_of_the_deck():
    """BASE-MKT-1: Blind draws take the top of the deck."""
    g = Game("usa", 2)
    g.blank()
    g.set_pile(["black", "white", "red"])
    g.draw_blind()
    g.draw_blind()
    assert g.hand(0) == {"black": 1, "white": 1}
    assert g.pile() == ["red"]


def test_BASE_MKT_2_face_up_locomotive_first_is_the_whole_draw():
    """BASE-MKT-2: Face up locomotive first is the whole draw."""
    g = Game("usa", 2)
    g.blank(market=["locomotive", "red", "blue", "green", "white"])
    g.set_pile(["black", "yellow"])
    g.act(L.A_DRAW_MARKET, 0)
    assert g.hand(0) == {"locomotive": 1}
    assert g.player == 1 and g.phase == L.PH_TURN
    assert g.market()[0] == "black"
    assert g.st.ps[0, L.PS_CARDS_DRAWN] == 1


def test_BASE_MKT_2_face_up_locomotive_not_allowed_as_second_card():
    """BASE-MKT-2: Face up locomotive not allowed as second card."""
    g = Game("usa", 2)
    g.blank(market=["red", "locomotive", "blue", "green", "white"])
    g.set_pile(["locomotive", "yellow", "black"])
    g.act(L.A_DRAW_MARKET, 0)  # replaced by a face-up locomotive
    assert g.market()[:2] == ["locomotive", "locomotive"]
    assert g.phase == L.PH_SECOND_DRAW
    assert not g.can(L.A_DRAW_MARKET, 0) and not g.can(L.A_DRAW_MARKET, 1)
    assert g.can(L.A_DRAW_MARKET, 2) and g.can(L.A_DRAW_BLIND)
    g.act(L.A_DRAW_MARKET, 2)
    assert g.hand(0) == {"red": 1, "blue": 1} and g.player == 1


def test_BASE_MKT_2_blind_locomotive_is_an_ordinary_draw():
    """BASE-MKT-2: Blind locomotive is an ordinary draw."""
    g = Game("usa", 2)
    g.blank()
    g.set_pile(["locomotive", "locomotive", "red"])
    g.draw_blind()
    assert g.phase == L.PH_SECOND_DRAW and g.player == 0
    g.draw_blind()  # a blind locomotive as the second card too
    assert g.hand(0) == {"locomotive": 2} and g.player == 1


def test_BASE_MKT_2_house_rule_face_up_locomotive_counts_as_one_card():
    """BASE-MKT-2: House rule face up locomotive counts as one card."""
    g = Game("usa", 2, overrides={"faceup_loco_whole_draw": False})
    g.blank(market=["locomotive", "locomotive", "blue", "green", "white"])
    g.set_pile(["red", "black"])
    g.act(L.A_DRAW_MARKET, 0)
    assert g.phase == L.PH_SECOND_DRAW
    g.act(L.A_DRAW_MARKET, 1)
    assert g.hand(0) == {"locomotive": 2}


def test_BASE_MKT_3_three_locomotives_after_a_replacement_reset_at_once():
    """BASE-MKT-3: Three locomotives after a replacement reset at once."""
    g = Game("usa", 2)
    g.blank(market=["locomotive", "locomotive", "red", "blue", "green"])
    g.set_pile(["locomotive", "red", "blue", "green", "white", "black", "yellow"])
    g.act(L.A_DRAW_MARKET, 2)  # replaced by a third locomotive
    assert int(g.sc[L.SC_MARKET_RESETS]) == 1
    assert g.market() == ["red", "blue", "green", "white", "black"]
    assert g.discard() == {"locomotive": 3, "blue": 1, "green": 1}
    assert g.phase == L.PH_SECOND_DRAW  # the reset happened before the second card


def test_BASE_MKT_3_reset_repeats_while_three_locomotives_show():
    """BASE-MKT-3: Reset repeats while three locomotives show."""
    g = Game("usa", 2)
    g.blank(market=["locomotive", "locomotive", "red", "blue", "green"])
    g.set_pile(["locomotive"] + ["locomotive"] * 3 + ["red", "blue"] + ["red", "blue", "green", "white", "black"])
    g.act(L.A_DRAW_MARKET, 2)
    assert int(g.sc[L.SC_MARKET_RESETS]) == 2
    assert g.market() == ["red", "blue", "green", "white", "black"]
    assert g.discard() == {"locomotive": 6, "red": 1, "blue": 2, "green": 1}


def test_BASE_MKT_3_end_of_turn_refill_with_three_locomotives_resets():
    """BASE-MKT-3: End of turn refill with three locomotives resets."""
    g = Game("usa", 2)
    g.blank(market=["locomotive", "locomotive", None, "red", "blue"])
    g.set_pile(["locomotive", "green", "white", "black", "yellow", "orange"])
    g.set_hand(0, locomotive=1)
    g.claim(g.route("Atlanta", "Nashville"), LOCO)
    assert int(g.sc[L.SC_MARKET_RESETS]) == 1
    assert g.market() == ["green", "white", "black", "yellow", "orange"]


def test_BASE_MKT_3_guard_only_locomotives_left_no_endless_loop():
    """BASE-MKT-3: Guard only locomotives left no endless loop."""
    g = Game("usa", 2)
    g.blank(market=["locomotive"] * 5)
    g.set_pile(["locomotive"] * 3)
    g.set_discard(locomotive=4)
    g.act(L.A_DRAW_MARKET, 0)  # whole draw; replaced by another locomotive
    assert g.player == 1
    assert g.market() == ["locomotive"] * 5
    assert int(g.sc[L.SC_MARKET_RESETS]) == 0
    assert g.card_counts()[LOCO] == 12


def test_BASE_MKT_3_guard_too_few_other_cards_for_a_different_market():
    """BASE-MKT-3: Guard too few other cards for a different market."""
    g = Game("usa", 2)
    g.blank(market=["locomotive", "locomotive", "red", "red", "red"])
    g.set_pile(["locomotive"])
    g.act(L.A_DRAW_MARKET, 2)  # third locomotive shows; only 2 other cards exist
    assert int(g.sc[L.SC_MARKET_RESETS]) == 0
    assert g.market() == ["locomotive", "locomotive", "locomotive", "red", "red"]
    assert g.phase == L.PH_SECOND_DRAW
    assert g.can(L.A_DRAW_MARKET, 3) and not g.can(L.A_DRAW_MARKET, 0)
    assert not g.can(L.A_DRAW_BLIND)


def test_BASE_MKT_3_reset_with_few_cards_ends_with_a_legal_market():
    """BASE-MKT-3: Reset with few cards ends with a legal market."""
    g = Game("usa", 2)
    g.blank(market=["locomotive", "locomotive", "locomotive", "red", "red"])
    g.set_pile(["red"])
    g.set_hand(0, locomotive=1)
    g.claim(g.route("Atlanta", "Nashville"), LOCO)  # end of turn: the market is checked
    assert int(g.sc[L.SC_MARKET_RESETS]) >= 1
    assert market_locos(g) < 3
    assert sum(c is not None for c in g.market()) == 5
    assert g.card_counts().tolist() == [0] * 6 + [3, 0, 4]


def test_BASE_MKT_3_house_rule_no_reset():
    """BASE-MKT-3: House rule no reset."""
    g = Game("usa", 2, overrides={"loco_reset": 0})
    g.blank(market=["locomotive", "locomotive", "red", "blue", "green"])
    g.set_pile(["locomotive", "white", "white", "white", "white", "white"])
    g.act(L.A_DRAW_MARKET, 2)
    assert int(g.sc[L.SC_MARKET_RESETS]) == 0 and market_locos(g) == 3


@pytest.mark.parametrize("board_name,n_players,seed", [("usa", 2, 21), ("usa", 4, 22)])
def test_BASE_MKT_3_market_never_keeps_three_locomotives_unless_guarded(board_name, n_players, seed):
    """BASE-MKT-3: Market never keeps three locomotives unless guarded."""
    g = Game(board_name, n_players, seed=seed)

    def check(g):
        if market_locos(g) >= 3 and g.phase != L.PH_OVER:
            others = sum(1 for c in g.market() if c not in (None, "locomotive"))
            others += sum(1 for c in g.pile() if c != "locomotive")
            others += int(g.st.discard[:LOCO].sum())
            assert others < 3, "3+ face-up locomotives although a different market was possible"

    play_random(g, np.random.default_rng(seed), check)


def test_BASE_MKT_4_empty_deck_reshuffles_the_discard():
    """BASE-MKT-4: Empty deck reshuffles the discard."""
    g = Game("usa", 2)
    g.blank()
    g.set_discard(red=2, blue=1)
    assert g.can(L.A_DRAW_BLIND)
    g.draw_blind()
    assert int(g.sc[L.SC_RESHUFFLES]) == 1
    assert g.discard() == {}
    assert int(g.sc[L.SC_N_PILE]) == 2
    assert sum(g.hand(0).values()) == 1 and set(g.hand(0)) <= {"red", "blue"}


def test_BASE_MKT_4_market_replacement_reshuffles_the_discard():
    """BASE-MKT-4: Market replacement reshuffles the discard."""
    g = Game("usa", 2)
    g.blank(market=["green", "white", "yellow", "orange", "pink"])
    g.set_discard(red=1)
    g.act(L.A_DRAW_MARKET, 0)
    assert g.hand(0) == {"green": 1}
    assert g.market()[0] == "red"
    assert int(g.sc[L.SC_RESHUFFLES]) == 1


def test_BASE_MKT_4_drawing_is_illegal_with_no_cards_anywhere():
    """BASE-MKT-4: Drawing is illegal with no cards anywhere."""
    g = Game("usa", 2)
    g.blank(market=())
    g.set_ticket_pile([0, 1, 2])
    kinds = g.kinds()
    assert L.A_DRAW_BLIND not in kinds and L.A_DRAW_MARKET not in kinds
    assert kinds == {L.A_DRAW_TICKETS}


def test_BASE_MKT_4_fewer_cards_can_be_drawn_when_both_piles_run_dry():
    """BASE-MKT-4: Fewer cards can be drawn when both piles run dry."""
    g = Game("usa", 2)
    g.blank(market=())
    g.set_pile(["red"])
    g.draw_blind()
    assert g.hand(0) == {"red": 1}
    assert g.player == 1 and g.phase == L.PH_TURN  # no second card exists
    assert g.st.ps[0, L.PS_CARDS_DRAWN] == 1


def test_BASE_MKT_4_second_card_only_from_what_is_left():
    """BASE-MKT-4: Second card only from what is left."""
    g = Game("usa", 2)
    g.blank(market=["red", None, None, "locomotive", None])
    g.act(L.A_DRAW_MARKET, 0)  # nothing replaces it; only a face-up locomotive left
    assert g.player == 1 and g.hand(0) == {"red": 1}
    assert g.market() == [None, None, None, "locomotive", None]


def test_BASE_MKT_5_empty_slots_refill_at_end_of_turn_from_the_discard():
    """BASE-MKT-5: Empty slots refill at end of turn from the discard."""
    g = Game("usa", 2)
    g.blank(market=[None, "red", "blue", "green", "white"])
    g.set_hand(0, black=1)
    g.claim(g.route("Atlanta", "Nashville"), BLACK)  # the black card goes to the discard
    assert g.market()[0] == "black"  # refilled at the end of the turn, via a reshuffle
    assert g.discard() == {}
    assert int(g.sc[L.SC_RESHUFFLES]) == 1


def test_BASE_MKT_5_refill_at_end_of_a_ticket_turn():
    """BASE-MKT-5: Refill at end of a ticket turn."""
    g = Game("usa", 2)
    g.blank(market=[None, None, "blue", "green", "white"])
    g.set_pile(["red", "black", "pink"])
    g.set_ticket_pile([0, 1, 2])
    g.act(L.A_DRAW_TICKETS)
    assert g.market()[:2] == [None, None]
    g.act(L.A_KEEP_TICKETS, 0b111)
    assert g.market() == ["red", "black", "blue", "green", "white"]
    assert g.pile() == ["pink"]


# --- claiming -------------------------------------------------------------------------
def test_BASE_CLM_1_coloured_route_needs_its_colour_or_locomotives():
    """BASE-CLM-1: Coloured route needs its colour or locomotives."""
    g = Game("usa", 2)
    g.blank()
    r = g.route("Atlanta", "Miami")
    assert g.route_len(r) == 5 and g.bd.routes[r, L.RT_COLOUR] == BLUE
    g.set_hand(0, blue=3, locomotive=2, red=5)
    assert g.claim_colours(r) == {BLUE}
    g.set_hand(0, red=5, locomotive=4)
    assert g.claim_colours(r) == set()
    g.set_hand(0, locomotive=5)
    assert g.claim_colours(r) == {LOCO}


def test_BASE_CLM_1_grey_route_takes_any_single_colour():
    """BASE-CLM-1: Grey route takes any single colour."""
    g = Game("usa", 2)
    g.blank()
    r = g.route("Atlanta", "Charleston")
    assert g.route_len(r) == 2 and g.bd.routes[r, L.RT_COLOUR] == L.GRAY
    g.set_hand(0, red=2, blue=1, locomotive=1, green=1)
    assert g.claim_colours(r) == {RED, BLUE, GREEN}
    r4 = g.route("Calgary", "Helena")
    g.set_hand(0, red=2, blue=2)  # two colours cannot be mixed
    assert g.claim_colours(r4) == set()


def test_BASE_CLM_1_payment_uses_the_colour_and_locomotives_for_the_rest():
    """BASE-CLM-1: Payment uses the colour and locomotives for the rest."""
    g = Game("usa", 2)
    g.blank()
    r = g.route("Atlanta", "Miami")
    g.set_hand(0, blue=3, locomotive=2, red=5)
    g.claim(r, BLUE)
    assert g.hand(0) == {"red": 5}
    assert g.st.claim_colour[r] == BLUE and g.st.claim_locos[r] == 2


@pytest.mark.parametrize("a,b,length", [
    ("Atlanta", "Nashville", 1), ("Atlanta", "Charleston", 2), ("Calgary", "Vancouver", 3),
    ("Calgary", "Helena", 4), ("Atlanta", "Miami", 5), ("Calgary", "Winnipeg", 6),
])
def test_BASE_CLM_2_trains_placed_and_route_table_score(a, b, length):
    """BASE-CLM-2: Trains placed and route table score."""
    g = Game("usa", 2)
    g.blank()
    r = g.route(a, b)
    assert g.route_len(r) == length
    g.set_hand(0, locomotive=6)
    g.claim(r, LOCO)
    assert g.st.trains[0] == 45 - length
    assert g.st.score[0] == USA_SCORES[length]
    assert g.st.ps[0, L.PS_ROUTE_POINTS] == USA_SCORES[length]
    assert g.st.owner[r] == 0


def test_BASE_CLM_2_route_table_has_7_and_8():
    """BASE-CLM-2: Route table has 7 and 8."""
    ru = Game("usa").ru
    assert [int(ru[L.RULE_ROUTE_SCORE + n]) for n in range(1, 9)] == [1, 2, 4, 7, 10, 15, 18, 21]


def test_BASE_CLM_2_not_enough_trains_cannot_claim():
    """BASE-CLM-2: Not enough trains cannot claim."""
    g = Game("usa", 2)
    g.blank()
    g.st.trains[0] = 3
    g.set_hand(0, locomotive=10)
    assert g.claim_colours(g.route("Calgary", "Helena")) == set()  # length 4
    assert g.claim_colours(g.route("Calgary", "Vancouver")) == {LOCO}  # length 3
    g.claim(g.route("Calgary", "Vancouver"), LOCO)
    assert g.st.trains[0] == 0


def test_BASE_CLM_3_claimed_route_cannot_be_claimed_again():
    """BASE-CLM-3: Claimed route cannot be claimed again."""
    g = Game("usa", 2)
    g.blank()
    r = g.route("Atlanta", "Nashville")
    g.set_hand(0, locomotive=3)
    g.set_hand(1, locomotive=3, red=3)
    g.claim(r, LOCO)
    assert g.player == 1 and g.claim_colours(r) == set()
    g.set_pile(["red", "red"])
    g.draw_blind()
    g.draw_blind()
    assert g.player == 0 and g.claim_colours(r) == set()


def test_BASE_CLM_3_route_need_not_connect_to_own_routes():
    """BASE-CLM-3: Route need not connect to own routes."""
    g = Game("usa", 2)
    g.blank()
    g.set_hand(0, locomotive=4)
    g.claim(g.route("Portland", "Seattle"), LOCO)
    g.set_turn(0)
    far = g.route("Atlanta", "Nashville")
    assert g.claim_colours(far) == {LOCO}
    g.claim(far, LOCO)
    assert g.st.owner[far] == 0


def test_BASE_CLM_4_paid_cards_go_to_the_discard():
    """BASE-CLM-4: Paid cards go to the discard."""
    g = Game("usa", 2)
    g.blank()
    g.set_hand(0, blue=3, locomotive=2)
    g.claim(g.route("Atlanta", "Miami"), BLUE)
    assert g.discard() == {"blue": 3, "locomotive": 2}


# --- double routes ----------------------------------------------------------------------
@pytest.mark.parametrize("n_players", [2, 3, 4, 5])
def test_BASE_DBL_1_never_both_lanes_to_one_player(n_players):
    """BASE-DBL-1: Never both lanes to one player."""
    g = Game("usa", n_players)
    g.blank()
    yellow = g.route("Atlanta", "New Orleans", "yellow")
    orange = g.route("Atlanta", "New Orleans", "orange")
    g.set_hand(0, yellow=4, orange=4, locomotive=8)
    g.claim(yellow, YELLOW)
    g.set_turn(0)
    assert g.claim_colours(orange) == set()
    if n_players >= 4:  # the twin stays open to the others
        g.set_turn(1)
        g.set_hand(1, orange=4)
        assert g.claim_colours(orange) == {ORANGE}


@pytest.mark.parametrize("n_players", [2, 3])
def test_BASE_DBL_2_two_or_three_players_close_the_other_lane(n_players):
    """BASE-DBL-2: Two or three players close the other lane."""
    g = Game("usa", n_players)
    g.blank()
    yellow = g.route("Atlanta", "New Orleans", "yellow")
    orange = g.route("Atlanta", "New Orleans", "orange")
    g.set_hand(0, yellow=4)
    g.set_hand(1, orange=4, locomotive=4)
    g.claim(yellow, YELLOW)
    assert g.player == 1
    assert g.st.closed[orange] == 1
    assert g.claim_colours(orange) == set()


@pytest.mark.parametrize("n_players", [4, 5])
def test_BASE_DBL_2_four_or_five_players_both_lanes_open(n_players):
    """BASE-DBL-2: Four or five players both lanes open."""
    g = Game("usa", n_players)
    g.blank()
    grey = g.lanes("Atlanta", "Raleigh")
    assert len(grey) == 2
    g.set_hand(0, red=2)
    g.set_hand(1, blue=2)
    g.claim(grey[0], RED)
    assert g.st.closed[grey[1]] == 0
    assert g.claim_colours(grey[1]) == {BLUE}
    g.claim(grey[1], BLUE)
    assert g.st.owner[grey].tolist() == [0, 1]


def test_BASE_DBL_3_only_routes_joining_the_same_two_cities_are_doubles():
    """BASE-DBL-3: Only routes joining the same two cities are doubles."""
    g = Game("usa", 2)
    rt = g.board.routes
    for _, lanes in rt.groupby("parallel_group"):
        if lanes["parallel_group"].iloc[0] < 0:
            continue
        assert len(lanes) == 2 and lanes[["a", "b"]].drop_duplicates().shape[0] == 1
    for _, lanes in rt.groupby(["a", "b"]):
        if len(lanes) > 1:
            assert lanes["parallel_group"].nunique() == 1 and lanes["parallel_group"].iloc[0] >= 0
    # a claim in a 2-player game closes only its own twin, not neighbouring routes
    g.blank()
    g.set_hand(0, yellow=4)
    g.claim(g.route("Atlanta", "New Orleans", "yellow"), YELLOW)
    assert int(g.st.closed.sum()) == 1
    assert g.st.closed[g.route("Atlanta", "New Orleans", "orange")] == 1


# --- drawing tickets -------------------------------------------------------------------
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


# --- end ---------------------------------------------------------------------------------
def _draw_turn(g):
    """One turn of blind draws (the pile is long enough)."""
    p = g.player
    over = g.draw_blind()
    if not over and g.player == p and g.phase == L.PH_SECOND_DRAW:
        over = g.draw_blind()
    return over


def test_BASE_END_1_two_trains_left_gives_everyone_one_more_turn():
    """BASE-END-1: Two trains left gives everyone one more turn."""
    g = Game("usa", 2)
    g.blank()
    g.set_pile(["red"] * 20)
    g.st.trains[0] = 3
    g.set_hand(0, locomotive=1)
    over = g.claim(g.route("Atlanta", "Nashville"), LOCO)
    assert not over and g.st.trains[0] == 2
    turns = g.st.ps[:, L.PS_TURNS].copy()
    assert not _draw_turn(g)  # seat 1: its last turn
    assert g.player == 0
    assert _draw_turn(g)  # seat 0, the trigger player, plays one more: the end
    assert g.phase == L.PH_OVER and int(g.sc[L.SC_END_REASON]) == L.END_TRAINS
    assert (g.st.ps[:, L.PS_TURNS] - turns).tolist() == [1, 1]


@pytest.mark.parametrize("n_players,trigger", [(3, 1), (4, 3), (5, 0)])
def test_BASE_END_1_exactly_one_more_turn_each_including_the_trigger_player(n_players, trigger):
    """BASE-END-1: Exactly one more turn each including the trigger player."""
    g = Game("usa", n_players)
    g.blank()
    g.set_pile(["red"] * 40)
    g.set_turn(trigger)
    g.st.trains[trigger] = 2  # ends its turn with 2 trains: that is the trigger
    assert not _draw_turn(g)
    turns = g.st.ps[:, L.PS_TURNS].copy()
    played = []
    over = False
    while not over:
        played.append(g.player)
        over = _draw_turn(g)
        assert len(played) <= n_players
    expected = [(trigger + 1 + i) % n_players for i in range(n_players)]
    assert played == expected
    assert (g.st.ps[:, L.PS_TURNS] - turns).tolist() == [1] * n_players


def test_BASE_END_1_three_trains_do_not_trigger_and_no_second_trigger():
    """BASE-END-1: Three trains do not trigger and no second trigger."""
    g = Game("usa", 2)
    g.blank()
    g.set_pile(["red"] * 20)
    g.st.trains[0] = 4
    g.set_hand(0, locomotive=1)
    g.claim(g.route("Atlanta", "Nashville"), LOCO)
    assert g.st.trains[0] == 3 and int(g.sc[L.SC_END_COUNTDOWN]) == -1
    # seat 1 triggers; seat 0 then drops to 2 in the last round: the game still
    # ends after seat 1's extra turn
    g.st.trains[1] = 3
    g.set_hand(1, locomotive=1)
    g.claim(g.route("Portland", "Seattle"), LOCO)
    assert int(g.sc[L.SC_END_COUNTDOWN]) == 2
    g.set_hand(0, locomotive=1)
    assert not g.claim(g.route("Dallas", "Houston"), LOCO)
    assert g.st.trains[0] == 2
    assert _draw_turn(g)
    assert int(g.sc[L.SC_END_REASON]) == L.END_TRAINS


def test_BASE_END_2_a_round_of_passes_ends_a_stalled_game():
    """BASE-END-2: A round of passes ends a stalled game."""
    g = Game("usa", 3)
    g.blank(market=())
    g.set_ticket_pile([])
    assert not g.act(L.A_PASS)
    assert not g.act(L.A_PASS)
    assert g.act(L.A_PASS)
    assert g.phase == L.PH_OVER and int(g.sc[L.SC_END_REASON]) == L.END_NO_ACTIONS
    assert g.st.ps[:, L.PS_PASSES].tolist() == [1, 1, 1]
    assert g.legal() == []


def test_BASE_END_2_an_action_breaks_the_round_of_passes():
    """BASE-END-2: An action breaks the round of passes."""
    g = Game("usa", 3)
    g.blank(market=())
    g.set_ticket_pile([])
    assert not g.act(L.A_PASS)  # seat 0
    g.set_ticket_pile([7])  # seat 1 now has something to do
    assert not g.act(L.A_DRAW_TICKETS)
    assert not g.act(L.A_KEEP_TICKETS, 1)
    assert not g.act(L.A_PASS)  # seat 2
    assert not g.act(L.A_PASS)  # seat 0: 2 passes in a row only
    assert g.act(L.A_PASS)  # seat 1: now a whole round
    assert int(g.sc[L.SC_END_REASON]) == L.END_NO_ACTIONS


def test_BASE_END_2_turn_cap_ends_the_game():
    """BASE-END-2: Turn cap ends the game."""
    g = Game("usa", 2, overrides={"turn_cap": 10})
    g.finish_setup()
    over = False
    turns = 0
    while not over:
        over = _draw_turn(g)
        turns += 1
        assert turns <= 10
    assert turns == 10 and int(g.sc[L.SC_TURN]) == 10
    assert int(g.sc[L.SC_END_REASON]) == L.END_TURN_CAP
    assert g.st.final[:, L.FN_WINNER].sum() >= 1  # scored like any other game


@pytest.mark.parametrize("seed", [31, 32, 33])
def test_BASE_END_2_random_games_always_end_with_a_reason(seed):
    """BASE-END-2: Random games always end with a reason."""
    g = Game("usa", 3, seed=seed)
    steps = play_random(g, np.random.default_rng(seed))
    assert steps > 0
    assert int(g.sc[L.SC_END_REASON]) in (L.END_TRAINS, L.END_NO_ACTIONS, L.END_TURN_CAP)
    assert int(g.sc[L.SC_TURN]) <= g.rules.turn_cap


# --- scoring --------------------------------------------------------------------------------
def test_BASE_SCR_1_completed_ticket_adds_and_failed_ticket_subtracts():
    """BASE-SCR-1: Completed ticket adds and failed ticket subtracts."""
    g = Game("usa", 2)
    g.blank()
    g.give(0, g.route("Denver", "Santa Fe"), g.route("El Paso", "Santa Fe"))
    done = g.ticket("Denver", "El Paso")  # 4
    fail = g.ticket("Kansas City", "Houston")  # 5
    g.hold(0, done, fail)
    fin = g.score()
    assert fin[0, L.FN_TICKETS_WON] == 4 and fin[0, L.FN_TICKETS_LOST] == 5
    assert fin[0, L.FN_TICKETS_COMPLETED] == 1 and fin[0, L.FN_TICKETS_FAILED] == 1
    assert g.st.ticket_result[done] == L.TR_COMPLETED and g.st.ticket_result[fail] == L.TR_FAILED
    assert fin[0, L.FN_TOTAL] == 0 + 4 - 5 + 10


def test_BASE_SCR_1_path_must_be_of_the_players_own_routes():
    """BASE-SCR-1: the path must be of the player's own routes."""
    g = Game("usa", 2)
    g.blank()
    g.give(0, g.route("Denver", "Santa Fe"))
    g.give(1, g.route("El Paso", "Santa Fe"))
    t = g.ticket("Denver", "El Paso")
    g.hold(0, t)
    fin = g.score()
    assert fin[0, L.FN_TICKETS_LOST] == 4 and fin[0, L.FN_TICKETS_WON] == 0


def test_BASE_SCR_1_ticket_joined_through_a_long_path():
    """BASE-SCR-1: Ticket joined through a long path."""
    g = Game("usa", 2)
    g.blank()
    path = [("Kansas City", "Oklahoma City"), ("Dallas", "Oklahoma City"), ("Dallas", "Houston")]
    g.give(0, *[g.route(a, b) for a, b in path])
    g.hold(0, g.ticket("Kansas City", "Houston"))
    assert g.score()[0, L.FN_TICKETS_WON] == 5


def test_BASE_SCR_2_longest_trail_each_route_once_cities_may_repeat():
    """BASE-SCR-2: Longest trail each route once cities may repeat."""
    g = Game("usa", 2)
    g.blank()
    # a loop Dallas-Houston-New Orleans-Little Rock-Dallas (1+2+3+2) and a tail Dallas-El Paso (4):
    # the trail El Paso-Dallas-Houston-New Orleans-Little Rock-Dallas uses Dallas twice = 12
    loop = [("Dallas", "Houston"), ("Houston", "New Orleans"), ("Little Rock", "New Orleans"),
            ("Dallas", "Little Rock"), ("Dallas", "El Paso")]
    g.give(0, *[g.route(a, b) for a, b in loop])
    # a star of three arms 4, 5, 4 at Denver: the best trail is 9, not 13
    star = [("Denver", "Helena"), ("Denver", "Phoenix"), ("Denver", "Omaha")]
    g.give(1, *[g.route(a, b) for a, b in star])
    fin = g.score()
    assert fin[:, L.FN_LONGEST_PATH].tolist() == [12, 9]
    assert fin[:, L.FN_LONGEST_BONUS].tolist() == [10, 0]


def test_BASE_SCR_2_tied_longest_trails_all_get_the_bonus():
    """BASE-SCR-2: Tied longest trails all get the bonus."""
    g = Game("usa", 3)
    g.blank()
    g.give(0, g.route("Calgary", "Winnipeg"))  # 6
    g.give(1, g.route("Duluth", "Helena"))  # 6
    g.give(2, g.route("Atlanta", "Miami"))  # 5
    fin = g.score()
    assert fin[:, L.FN_LONGEST_BONUS].tolist() == [10, 10, 0]
    assert fin[:, L.FN_TOTAL].tolist() == [10, 10, 0]


def test_BASE_SCR_3_most_points_wins():
    """BASE-SCR-3: Most points wins."""
    g = Game("usa", 2)
    g.blank()
    g.st.score[:] = [30, 29]
    fin = g.score()
    assert fin[:, L.FN_WINNER].tolist() == [1, 0]


def test_BASE_SCR_3_tie_broken_by_completed_tickets():
    """BASE-SCR-3: Tie broken by completed tickets."""
    g = Game("usa", 2)
    g.blank()
    g.give(0, g.route("Denver", "Santa Fe"), g.route("El Paso", "Santa Fe"))  # trail 4
    g.give(1, g.route("Dallas", "El Paso"))  # trail 4: both get the bonus
    g.hold(0, g.ticket("Denver", "El Paso"))  # +4, completed
    g.st.score[:] = [0, 4]
    fin = g.score()
    assert fin[:, L.FN_TOTAL].tolist() == [14, 14]
    assert fin[:, L.FN_WINNER].tolist() == [1, 0]


def test_BASE_SCR_3_then_by_holding_the_longest_path_bonus():
    """BASE-SCR-3: Then by holding the longest path bonus."""
    g = Game("usa", 2)
    g.blank()
    g.give(0, g.route("Calgary", "Winnipeg"))  # 6: bonus
    g.give(1, g.route("Atlanta", "Nashville"))
    g.hold(0, g.ticket("Boston", "Miami"))  # both fail one ticket of 12
    g.hold(1, g.ticket("Seattle", "New York"))  # 22
    g.st.score[:] = [0, 20]
    fin = g.score()
    assert fin[:, L.FN_TOTAL].tolist() == [-2, -2]
    assert fin[:, L.FN_TICKETS_COMPLETED].tolist() == [0, 0]
    assert fin[:, L.FN_WINNER].tolist() == [1, 0]


def test_BASE_SCR_3_a_surviving_tie_is_shared():
    """BASE-SCR-3: A surviving tie is shared."""
    g = Game("usa", 3)
    g.blank()
    g.give(0, g.route("Calgary", "Winnipeg"))
    g.give(1, g.route("Duluth", "Helena"))
    g.give(2, g.route("Atlanta", "Miami"))
    g.st.score[:] = [15, 15, 25]
    fin = g.score()
    assert fin[:, L.FN_TOTAL].tolist() == [25, 25, 25]
    # seat 2 has no bonus: it loses the second tie-break; seats 0 and 1 share
    assert fin[:, L.FN_WINNER].tolist() == [1, 1, 0]


def test_BASE_SCR_3_winner_in_a_played_game_has_the_top_score():
    """BASE-SCR-3: Winner in a played game has the top score."""
    g = Game("usa", 4, seed=41)
    play_random(g, np.random.default_rng(41))
    fin = g.st.final[:4]
    top = fin[:, L.FN_TOTAL].max()
    assert all(fin[p, L.FN_TOTAL] == top for p in range(4) if fin[p, L.FN_WINNER])
    assert fin[:, L.FN_WINNER].sum() >= 1



# --- legality checked against the rules text in random games --------------------------
def _expected_claims(g):
    """(route, colour) pairs the rules allow the seat to move, computed from
    the rules text (BASE-CLM-1..3, BASE-DBL-1..2, EU-FRY-1), not the engine."""
    st, bd = g.st, g.bd
    p = g.player
    hand = st.hand[p]
    out = set()
    for r in range(bd.routes.shape[0]):
        if st.owner[r] >= 0:
            continue
        twins = [q for q in bd.group_routes[bd.routes[r, L.RT_GROUP]] if q >= 0 and q != r] \
            if bd.routes[r, L.RT_GROUP] >= 0 else []
        if any(st.owner[q] == p for q in twins):
            continue  # BASE-DBL-1
        if g.n < 4 and any(st.owner[q] >= 0 for q in twins):
            continue  # BASE-DBL-2
        length = int(bd.routes[r, L.RT_LEN])
        if st.trains[p] < length:
            continue  # BASE-CLM-2
        symbols = int(bd.routes[r, L.RT_LOCOS])
        colour = int(bd.routes[r, L.RT_COLOUR])
        if hand[LOCO] >= length:
            out.add((r, LOCO))
        for c in range(8):
            if colour not in (L.GRAY, c) or hand[c] == 0:
                continue
            # some k >= 1 cards of colour c on plain spaces, locomotives for the rest
            k = min(int(hand[c]), length - symbols)
            if k >= 1 and length - k <= hand[LOCO]:
                out.add((r, c))
    return out


@pytest.mark.parametrize("board_name,n_players,seed", [("usa", 2, 61), ("usa", 4, 62), ("europe", 3, 63)])
def test_BASE_CLM_1_2_3_DBL_1_2_legal_claims_match_the_rules_in_random_games(board_name, n_players, seed):
    """BASE-CLM-1, BASE-CLM-2, BASE-CLM-3, BASE-DBL-1, BASE-DBL-2: Legal claims match the rules in random games."""
    g = Game(board_name, n_players, seed=seed)
    checked = 0

    def check(g):
        nonlocal checked
        if g.phase != L.PH_TURN:
            return
        got = {(a, b) for k, a, b in g.legal_set() if k == L.A_CLAIM}
        assert got == _expected_claims(g)
        checked += 1

    play_random(g, np.random.default_rng(seed), check)
    assert checked > 20


@pytest.mark.parametrize("seed", [71, 72])
def test_BASE_MKT_2_4_draw_legality_in_random_games(seed):
    """BASE-MKT-2, BASE-MKT-4: Draw legality in random games."""
    g = Game("usa", 3, seed=seed)

    def check(g):
        if g.phase not in (L.PH_TURN, L.PH_SECOND_DRAW):
            return
        legal = g.legal_set()
        second = g.phase == L.PH_SECOND_DRAW
        for s, c in enumerate(g.market()):
            ok = c is not None and not (second and c == "locomotive")
            assert ((L.A_DRAW_MARKET, s, 0) in legal) == ok
        anywhere = int(g.sc[L.SC_N_PILE]) + int(g.st.discard.sum()) > 0
        assert ((L.A_DRAW_BLIND, 0, 0) in legal) == anywhere
        if second:
            assert {k for k, _, _ in legal} <= {L.A_DRAW_MARKET, L.A_DRAW_BLIND} and legal

    play_random(g, np.random.default_rng(seed), check)
