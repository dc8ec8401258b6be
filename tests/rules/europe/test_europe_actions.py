"""Europe, actions (docs/rules/europe.md): EU-TRN-1..4."""

import pytest
from helpers import LOCO, RED
from rule_games import eu

from kernels import layouts as L

EU_SCORES = {1: 1, 2: 2, 3: 4, 4: 7, 6: 15, 8: 21}


def test_EU_TRN_1_draw_two_cards_or_one_face_up_locomotive():
    """EU-TRN-1: Draw two cards or one face up locomotive."""
    g = eu()
    g.blank(market=["locomotive", "red", "blue", "green", "white"])
    g.set_pile(["black", "yellow", "orange"])
    g.act(L.A_DRAW_MARKET, 0)
    assert g.player == 1 and g.hand(0) == {"locomotive": 1}
    g.draw_blind()
    assert g.phase == L.PH_SECOND_DRAW
    g.draw_blind()
    assert g.player == 0 and g.hand(1) == {"yellow": 1, "orange": 1}


@pytest.mark.parametrize("a,b,length", [
    ("Amsterdam", "Bruxelles", 1), ("Berlin", "Essen", 2), ("Brest", "Paris", 3),
    ("Berlin", "Danzig", 4), ("Budapest", "Kyiv", 6), ("Petrograd", "Stockholm", 8),
])
def test_EU_TRN_2_route_table_1_2_4_7_15_21(a, b, length):
    """EU-TRN-2: Route table 1 2 4 7 15 21."""
    g = eu()
    g.blank()
    g.set_pile(["red"] * 5)  # a tunnel reveal with no locomotive: no surcharge
    r = g.route(a, b)
    assert g.route_len(r) == length
    g.set_hand(0, locomotive=8)
    g.claim(r, LOCO)
    assert g.st.owner[r] == 0 and g.player == 1
    assert g.st.score[0] == EU_SCORES[length]
    assert g.st.trains[0] == 45 - length


def test_EU_TRN_3_draw_three_tickets_keep_one_rest_to_the_bottom():
    """EU-TRN-3: Draw three tickets keep one rest to the bottom."""
    g = eu()
    g.blank()
    g.set_ticket_pile([0, 1, 2, 3])
    g.act(L.A_DRAW_TICKETS)
    assert int(g.sc[L.SC_N_OFFER]) == 3
    assert {a for k, a, _ in g.legal_set() if k == L.A_KEEP_TICKETS} == set(range(1, 8))
    g.act(L.A_KEEP_TICKETS, 0b100)
    assert g.st.ticket_holder[2] == 0
    assert g.ticket_pile() == [3, 0, 1]  # mid-game: to the bottom, not the box
    assert g.player == 1


def test_EU_TRN_4_building_a_station_is_a_whole_turn():
    """EU-TRN-4: Building a station is a whole turn."""
    g = eu()
    g.blank()
    g.set_pile(["red"] * 4)
    g.set_hand(0, red=1)
    paris = g.city("Paris")
    assert L.A_BUILD_STATION in g.kinds()
    g.act(L.A_BUILD_STATION, paris, RED)
    assert g.player == 1 and g.phase == L.PH_TURN
    assert g.st.city_station[paris] == 0 and g.st.stations_left[0] == 2
