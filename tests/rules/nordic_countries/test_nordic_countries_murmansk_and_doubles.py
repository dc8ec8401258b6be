"""Nordic Countries, the Murmansk-Lieksa route and double routes
(docs/rules/nordic-countries.md): NC-CLM-1..2, NC-DBL-1..2."""

import pytest
from helpers import BLUE, LOCO
from rule_games import nordic

from kernels import layouts as L


# --- the Murmansk-Lieksa route --------------------------------------------------------------------
def murmansk(hand):
    g = nordic()
    r = g.route("Lieksa", "Murmansk")
    g.set_hand(0, **hand)
    return g, r


def test_NC_CLM_1_eight_blue_and_four_others():
    """NC-CLM-1: 8 blue and a set of 4 others (two of them locomotives, which
    may pay here only inside a set) claim the 9-space route."""
    g, r = murmansk({"blue": 8, "red": 2, "locomotive": 2})
    assert g.claim_colours(r) == {BLUE}
    g.claim(r, BLUE)
    assert g.hand(0) == {} and g.discard() == {"blue": 8, "red": 2, "locomotive": 2}
    assert g.st.claim_locos[r] == 2 and g.st.claim_colour[r] == BLUE


def test_NC_CLM_1_seven_blue_and_eight_others():
    g, r = murmansk({"blue": 7, "red": 5, "green": 3})
    assert g.claim_colours(r) == {BLUE}
    g.claim(r, BLUE)
    assert g.hand(0) == {}


def test_NC_CLM_1_one_card_short_of_a_set_and_nine_locomotives_refused():
    """NC-CLM-1: 8 blue and 3 others are one short; 9 locomotives pay nothing
    (locomotives only inside a set, and two sets of 4 are not nine cards)."""
    g, r = murmansk({"blue": 8, "red": 3})
    assert g.claim_colours(r) == set()
    g, r = murmansk({"locomotive": 9})
    assert g.claim_colours(r) == set()
    g, r = murmansk({"locomotive": 4, "blue": 8})  # a set of 4 locomotives does replace a blue card
    assert g.claim_colours(r) == {BLUE}


def test_NC_CLM_1_all_nine_cards_replaced_by_sets():
    """NC-CLM-1 with every card of the colour missing: 9 sets of 4 (36 cards)
    pay the route; the claim names no colour. 35 cards are one short."""
    g, r = murmansk({"red": 12, "green": 12, "yellow": 11, "locomotive": 1})
    assert g.claim_colours(r) == {L.COLOUR_NAMES.index(c) for c in ("red", "green", "yellow")} | {LOCO}
    g.claim(r, LOCO)
    assert g.hand(0) == {} and g.st.owner[r] == 0 and g.st.claim_locos[r] == 1
    g, r = murmansk({"red": 12, "green": 12, "yellow": 11})
    assert LOCO not in g.claim_colours(r)


def test_NC_CLM_2_scores_27_with_9_trains():
    """NC-CLM-2: the claim places 9 trains and scores 27 (NC-SCR-1)."""
    g, r = murmansk({"blue": 9})
    g.claim(r, BLUE)
    assert g.st.trains[0] == 40 - 9 and g.st.score[0] == 27 and g.st.ps[0, L.PS_ROUTE_POINTS] == 27


# --- double routes --------------------------------------------------------------------------------
@pytest.mark.parametrize("players,open_lane", [(2, False), (3, True)])
def test_NC_DBL_1_both_lanes_with_three_players(players, open_lane):
    """NC-DBL-1 played on the board: after Bergen-Oslo blue is claimed, the red
    lane stays open to another player only with 3 players; NC-DBL-2: so does
    the ferry lane of Kristiansand-Stavanger after its tunnel lane."""
    g = nordic(players)
    blue, red = g.route("Bergen", "Oslo", "blue"), g.route("Bergen", "Oslo", "red")
    g.set_hand(0, blue=4)
    g.set_hand(1, red=4)
    g.claim(blue, BLUE)
    assert (g.claim_colours(red) != set()) is open_lane
    tun, fer = g.route("Kristiansand", "Stavanger", "green"), g.route("Kristiansand", "Stavanger", "orange")
    g.set_turn(0)
    g.set_hand(0, green=2)
    g.set_hand(1, orange=2, locomotive=1)
    g.set_pile(["pink"] * 3)
    g.claim(tun, L.COLOUR_NAMES.index("green"))
    assert g.st.owner[tun] == 0
    assert (g.claim_colours(fer) != set()) is open_lane
