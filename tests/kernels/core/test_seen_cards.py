"""The cards every player saw go into a hand (st.seen_in_hand): a face-up card
drawn (BASE-MKT-1) is seen going into the drawing seat's hand (on Team Asia
only when it goes to the hand, not to the team's holder, TA-CRD-2/3), a blind
one is not, and a payment from the hand (a claim, BASE-CLM-1; a station,
EU-STN-1) takes as many seen cards of its colour off, since nobody sees which
cards it spent. The cards laid for a tunnel and taken back (EU-TUN-4) were
seen by all: they are seen in the hand again. So the count never exceeds
what the hand holds: the search player's determinizations leave those cards
in place (tests/kernels/bots/test_bots_expert.py)."""

import numpy as np
import pytest
from helpers import Game, play_random
from rule_games import team_game

from kernels import layouts as L


def test_a_face_up_card_is_seen_going_in_and_a_payment_takes_seen_cards_off():
    """BASE-MKT-1, BASE-CLM-1: seat 0 takes a face-up blue and draws blind,
    then claims a blue route with blue cards: the blue card was seen going
    in, the blind one not, and the claim's payment leaves none seen."""
    g = Game("usa", 2, seed=1)
    g.blank(market=("blue", "white", "yellow", "orange", "green"))
    g.set_pile(["red"] * 10)
    g.set_hand(0, blue=1)
    g.act(L.A_DRAW_MARKET, 0)
    assert g.hand(0) == {"blue": 2}
    g.draw_blind()
    blue = L.CARD_NAMES.index("blue")
    red = L.CARD_NAMES.index("red")
    assert g.st.seen_in_hand[0, blue] == 1 and g.st.seen_in_hand[0, red] == 0
    assert g.st.seen_in_hand[1].sum() == 0
    g.set_turn(0)
    route = next(r for r in g.lanes("Kansas City", "Omaha") if int(g.bd.routes[r, L.RT_LEN]) == 1)
    g.claim(route, "blue")  # one blue of the two: which one nobody sees
    assert g.hand(0) == {"blue": 1, "red": 1}
    assert g.st.seen_in_hand[0, blue] == 0


def test_a_station_s_payment_takes_seen_cards_off():
    """EU-STN-1: a station paid with a colour the seat was seen to take leaves
    as many fewer seen."""
    g = Game("europe", 2, seed=1)
    g.blank(market=("pink", "white", "yellow", "orange", "green"))
    g.set_pile(["red"] * 10)
    g.act(L.A_DRAW_MARKET, 0)
    g.act(L.A_DRAW_MARKET, 0)  # the refill from the pile: a red, face up
    pink, red = L.CARD_NAMES.index("pink"), L.CARD_NAMES.index("red")
    assert g.st.seen_in_hand[0, pink] == 1 and g.st.seen_in_hand[0, red] == 1
    g.set_turn(0)
    g.act(L.A_BUILD_STATION, g.city("Madrid"), pink)
    assert g.st.seen_in_hand[0, pink] == 0 and g.st.seen_in_hand[0, red] == 1


def test_the_cards_laid_for_an_abandoned_tunnel_are_seen_back_in_the_hand():
    """EU-TUN-4: seat 0, seen to hold one red, lays three reds for the red
    Erzurum-Sochi tunnel and takes them back when the reveal asks for more
    than it has: every player saw three reds, so three are seen in its hand
    (the one seen before among them), and none of its blind cards."""
    g = Game("europe", 2, seed=1)
    g.blank()
    g.set_hand(0, red=3, blue=2)
    red, blue = L.CARD_NAMES.index("red"), L.CARD_NAMES.index("blue")
    g.st.seen_in_hand[0, red] = 1
    g.set_pile(["red", "red", "white", "white"])
    g.claim(g.route("Erzurum", "Sochi"), "red")
    assert g.phase == L.PH_TUNNEL and int(g.sc[L.SC_PEND_SURCHARGE]) == 2
    assert g.st.seen_in_hand[0, red] == 0  # all three on the table, none in the hand
    g.act(L.A_TUNNEL_ABANDON)
    assert g.hand(0) == {"red": 3, "blue": 2}
    assert g.st.seen_in_hand[0, red] == 3 and g.st.seen_in_hand[0, blue] == 0


def test_a_team_s_face_up_card_is_seen_in_the_hand_it_goes_to_not_in_the_holder():
    """TA-CRD-2: a face-up card taken to the hand is seen going into it; the
    one taken to the team's holder, which every player sees, is not counted
    in any hand; a blind card kept in the hand (A_PLACE_CARD) is not seen."""
    g = team_game()
    g.set_market(["pink", "white", "yellow", "orange", "green"])
    g.set_pile(["red", "blue", "black", "black"])
    pink, white = L.CARD_NAMES.index("pink"), L.CARD_NAMES.index("white")
    g.act(L.A_DRAW_MARKET, 0, L.DEST_HOLDER)  # pink to the holder
    g.act(L.A_DRAW_MARKET, 1, L.DEST_HAND)  # white to the hand
    assert g.hand(0) == {"white": 1} and g.st.holder[0, pink] == 1
    assert g.st.seen_in_hand[0, white] == 1 and g.st.seen_in_hand[0].sum() == 1
    g.act(L.A_DRAW_BLIND, 0, L.DEST_HAND)  # seat 1: a blind card, kept
    g.act(L.A_PLACE_CARD, 0, L.DEST_HAND)
    assert g.st.hand[1].sum() == 1 and g.st.seen_in_hand[1].sum() == 0


@pytest.mark.parametrize("board,players,tracked", [("usa", 2, True), ("europe", 4, True), ("ghost_train", 3, False),
                                                    ("team_asia", 4, True)])
def test_the_seen_cards_are_always_in_the_hand(board, players, tracked):
    """Over random games (every draw, claim, tunnel and station): no seat is
    ever counted as holding more seen cards of a kind than its hand holds, and
    cards are seen going into hands (not on Ghost Train, which has no market,
    GT-SET-1)."""
    seen_any = 0

    def check(g):
        nonlocal seen_any
        seen, hand = g.st.seen_in_hand[:players], g.st.hand[:players]
        assert (seen >= 0).all() and (seen <= hand).all(), (seen, hand)
        seen_any += int(seen.sum())

    for seed in range(3):
        g = Game(board, players, seed=seed)
        play_random(g, np.random.default_rng(seed), check)
    assert (seen_any > 0) == tracked
