"""Base game, drawing train cards (docs/rules/base.md): BASE-MKT-1..5, on constructed
states of the USA board and in random games."""

import numpy as np
import pytest
from helpers import BLACK, LOCO, Game, play_random
from rule_games import market_locos

from kernels import layouts as L


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
