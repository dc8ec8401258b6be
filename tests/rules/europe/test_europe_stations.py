"""Rule tests for Europe (rules/europe.md, EU-*): one or more tests per rule
ID, on constructed game states of the Europe board. Helpers: tests/helpers.py."""

import numpy as np
import pytest
from helpers import BLUE, LOCO, RED, Game, play_random

from kernels import layouts as L

EU_SCORES = {1: 1, 2: 2, 3: 4, 4: 7, 6: 15, 8: 21}


def eu(n_players=2, **kw):
    return Game("europe", n_players, **kw)


# --- setup --------------------------------------------------------------------------
@pytest.mark.parametrize("n_players", [2, 3, 4, 5])
def test_EU_SET_1_four_cards_45_trains_3_stations(n_players):
    """EU-SET-1: Four cards 45 trains 3 stations."""
    g = eu(n_players, seed=3)
    assert g.st.hand.sum(axis=1).tolist() == [4] * n_players
    assert g.st.trains.tolist() == [45] * n_players
    assert g.st.stations_left.tolist() == [3] * n_players
    assert g.bd.deck.tolist() == [12] * 8 + [14]


def test_EU_SET_2_board_has_40_regular_and_6_long_tickets():
    """EU-SET-2: Board has 40 regular and 6 long tickets."""
    g = eu()
    assert int((g.bd.tickets[:, L.TK_LONG] == 0).sum()) == 40
    assert int((g.bd.tickets[:, L.TK_LONG] == 1).sum()) == 6


@pytest.mark.parametrize("n_players", [2, 5])
def test_EU_SET_2_dealt_one_long_and_three_regular(n_players):
    """EU-SET-2: Dealt one long and three regular."""
    g = eu(n_players, seed=9)
    long_ = g.bd.tickets[:, L.TK_LONG]
    for p in range(n_players):
        offer = [t for t in g.st.setup_offer[p] if t >= 0]
        assert len(offer) == 4
        assert sorted(long_[offer].tolist()) == [0, 0, 0, 1]
    # the long tickets nobody was dealt are out of the game
    dealt = {int(t) for t in g.st.setup_offer.ravel() if t >= 0}
    for t in np.flatnonzero(long_ == 1):
        if t not in dealt:
            assert g.st.ticket_holder[t] == L.TH_BOX
    assert int(g.sc[L.SC_TP_COUNT]) == 40 - 3 * n_players
    assert not any(long_[t] for t in g.ticket_pile())


def test_EU_SET_2_keep_at_least_two_of_any_mix_rest_to_the_box():
    """EU-SET-2: Keep at least two of any mix rest to the box."""
    g = eu(2, seed=9)
    keeps = {a for k, a, _ in g.legal_set() if k == L.A_KEEP_TICKETS}
    assert keeps == {m for m in range(16) if bin(m).count("1") >= 2}
    offer = g.st.offer[:4].tolist()
    long_ = g.bd.tickets[:, L.TK_LONG]
    assert long_[offer[0]] == 1  # the long ticket is dealt first
    pile_before = g.ticket_pile()
    g.act(L.A_KEEP_TICKETS, 0b0110)  # two regular tickets, the long one left
    assert g.st.ticket_holder[offer[1]] == 0 and g.st.ticket_holder[offer[2]] == 0
    assert g.st.ticket_holder[offer[0]] == L.TH_BOX
    assert g.st.ticket_holder[offer[3]] == L.TH_BOX
    assert g.ticket_pile() == pile_before  # not to the bottom: out of the game
    g.act(L.A_KEEP_TICKETS, 0b1001)  # the long ticket and one regular
    assert g.ticket_pile() == pile_before
    assert g.phase == L.PH_TURN
    assert int((g.st.ticket_holder == L.TH_BOX).sum()) == 2 + 2 + (6 - 2)


def test_EU_SET_3_kept_tickets_stay_with_the_player_to_the_end():
    """EU-SET-3: Kept tickets stay with the player to the end."""
    g = eu(3, seed=17)
    kept = {}

    def check(g):
        for t, h in enumerate(g.st.ticket_holder):
            if h >= 0:
                assert kept.setdefault(t, int(h)) == h
        for t, h in kept.items():
            assert g.st.ticket_holder[t] == h

    play_random(g, np.random.default_rng(17), check)
    assert kept
    for t, h in kept.items():
        assert g.st.ticket_result[t] in (L.TR_COMPLETED, L.TR_VIA_STATION, L.TR_FAILED)
        assert g.st.ticket_holder[t] == h


# --- actions -------------------------------------------------------------------------
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


# --- ferries -------------------------------------------------------------------------
def test_EU_FRY_1_one_locomotive_per_symbol_rest_one_colour():
    """EU-FRY-1: One locomotive per symbol rest one colour."""
    g = eu()
    g.blank()
    r = g.route("Dieppe", "London")
    assert g.bd.routes[r, L.RT_KIND] == L.KIND_FERRY and g.bd.routes[r, L.RT_LOCOS] == 1
    g.set_hand(0, red=2)
    assert g.claim_colours(r) == set()  # no locomotive for the symbol
    g.set_hand(0, red=1, locomotive=1)
    assert g.claim_colours(r) == {RED}
    g.set_hand(0, locomotive=2)
    assert g.claim_colours(r) == {LOCO}  # locomotives for the other spaces too
    g.set_hand(0, red=1, locomotive=1)
    g.claim(r, RED)
    assert g.hand(0) == {} and g.discard() == {"red": 1, "locomotive": 1}
    assert g.st.claim_locos[r] == 1


def test_EU_FRY_1_long_ferry_two_symbols_one_colour_for_the_rest():
    """EU-FRY-1: Long ferry two symbols one colour for the rest."""
    g = eu()
    g.blank()
    r = g.route("Palermo", "Smyrna")
    assert g.route_len(r) == 6 and g.bd.routes[r, L.RT_LOCOS] == 2
    g.set_hand(0, red=4, locomotive=1)
    assert g.claim_colours(r) == set()
    g.set_hand(0, red=2, blue=2, locomotive=2)  # colours cannot be mixed
    assert g.claim_colours(r) == set()
    g.set_hand(0, red=3, locomotive=3)  # a locomotive for a plain space
    assert g.claim_colours(r) == {RED}
    g.set_hand(0, red=5, blue=4, locomotive=2)
    assert g.claim_colours(r) == {RED, BLUE}
    g.claim(r, BLUE)
    assert g.hand(0) == {"red": 5}
    assert g.st.score[0] == 15


def test_EU_FRY_1_all_symbol_ferry_needs_only_locomotives():
    """EU-FRY-1: All symbol ferry needs only locomotives."""
    g = eu()
    g.blank()
    r = g.route("Amsterdam", "London")
    assert g.route_len(r) == 2 and g.bd.routes[r, L.RT_LOCOS] == 2
    g.set_hand(0, red=5, locomotive=1)
    assert g.claim_colours(r) == set()
    g.set_hand(0, red=5, locomotive=2)
    assert g.claim_colours(r) == {LOCO}


# --- tunnels -------------------------------------------------------------------------
def tunnel_game(hand, pile, discard=None, colour="blue"):
    """Seat 0 to claim München-Venezia (blue tunnel of 2)."""
    g = eu()
    g.blank()
    g.set_hand(0, **hand)
    g.set_pile(pile)
    if discard:
        g.set_discard(**discard)
    r = g.route("München", "Venezia")
    assert g.bd.routes[r, L.RT_KIND] == L.KIND_TUNNEL and g.route_len(r) == 2
    return g, r


def test_EU_TUN_1_cards_are_laid_before_the_reveal():
    """EU-TUN-1: Cards are laid before the reveal."""
    g, r = tunnel_game({"blue": 3, "locomotive": 1}, ["blue", "red", "red", "green"])
    assert g.claim_colours(r) == {BLUE}
    g.claim(r, BLUE)
    assert g.phase == L.PH_TUNNEL and g.player == 0
    assert g.st.laid.tolist() == [0, 0, 2, 0, 0, 0, 0, 0, 0]
    assert g.hand(0) == {"blue": 1, "locomotive": 1}
    assert g.st.owner[r] == -1  # not placed until the surcharge is settled


def test_EU_TUN_1_tunnel_needs_its_cards_first():
    """EU-TUN-1: Tunnel needs its cards first."""
    g, r = tunnel_game({"blue": 1, "red": 5}, ["red"] * 3)
    assert g.claim_colours(r) == set()


def test_EU_TUN_2_reveal_three_matching_colour_and_locomotives_add_surcharge():
    """EU-TUN-2: Reveal three matching colour and locomotives add surcharge."""
    g, r = tunnel_game({"blue": 3, "locomotive": 1}, ["blue", "locomotive", "red", "green"])
    g.claim(r, BLUE)
    assert int(g.sc[L.SC_N_REVEALED]) == 3
    assert g.st.revealed[:3].tolist() == [BLUE, LOCO, RED]
    assert int(g.sc[L.SC_PEND_SURCHARGE]) == 2
    assert g.pile() == ["green"]
    assert g.kinds() == {L.A_TUNNEL_PAY, L.A_TUNNEL_ABANDON}
    g.act(L.A_TUNNEL_PAY)
    assert g.st.owner[r] == 0 and g.hand(0) == {}
    assert g.st.claim_locos[r] == 1
    # laid (2 blue) + surcharge (blue, locomotive) + revealed (blue, locomotive, red)
    assert g.discard() == {"blue": 4, "locomotive": 2, "red": 1}
    assert g.st.score[0] == 2 and g.player == 1
    log = g.st.tunnel_log[0]
    assert (log[L.TL_REVEALED], log[L.TL_SURCHARGE], log[L.TL_PAID]) == (3, 2, 1)


def test_EU_TUN_2_surcharge_paid_with_colour_or_locomotives():
    """EU-TUN-2: Surcharge paid with colour or locomotives."""
    g, r = tunnel_game({"blue": 2, "locomotive": 2}, ["blue", "blue", "red"])
    g.claim(r, BLUE)
    assert int(g.sc[L.SC_PEND_SURCHARGE]) == 2
    g.act(L.A_TUNNEL_PAY)  # no blue left: two locomotives
    assert g.hand(0) == {} and g.st.owner[r] == 0


def test_EU_TUN_2_no_match_no_surcharge_places_at_once():
    """EU-TUN-2: No match no surcharge places at once."""
    g, r = tunnel_game({"blue": 2}, ["red", "green", "white", "black"])
    g.claim(r, BLUE)
    assert g.st.owner[r] == 0 and g.player == 1
    assert g.discard() == {"blue": 2, "red": 1, "green": 1, "white": 1}


def test_EU_TUN_3_locomotives_only_count_only_revealed_locomotives():
    """EU-TUN-3: Locomotives only count only revealed locomotives."""
    g, r = tunnel_game({"locomotive": 3, "blue": 5}, ["blue", "blue", "locomotive"])
    assert g.claim_colours(r) == {BLUE, LOCO}
    g.claim(r, LOCO)
    assert int(g.sc[L.SC_PEND_SURCHARGE]) == 1  # the blues do not count
    g.act(L.A_TUNNEL_PAY)
    assert g.hand(0) == {"blue": 5}  # paid with a locomotive, not a blue card
    assert g.st.claim_colour[r] == LOCO and g.st.claim_locos[r] == 3


def test_EU_TUN_3_same_reveal_with_colour_counts_all_three():
    """EU-TUN-3: Same reveal with colour counts all three."""
    g, r = tunnel_game({"locomotive": 3, "blue": 5}, ["blue", "blue", "locomotive"])
    g.claim(r, BLUE)
    assert int(g.sc[L.SC_PEND_SURCHARGE]) == 3


def test_EU_TUN_3_locomotive_claim_surcharge_must_be_locomotives():
    """EU-TUN-3: Locomotive claim surcharge must be locomotives."""
    g, r = tunnel_game({"locomotive": 2, "blue": 5}, ["locomotive", "red", "red"])
    g.claim(r, LOCO)
    assert int(g.sc[L.SC_PEND_SURCHARGE]) == 1
    assert g.kinds() == {L.A_TUNNEL_ABANDON}  # blue cards cannot pay it


def test_EU_TUN_4_cannot_pay_takes_cards_back_and_ends_the_turn():
    """EU-TUN-4: Cannot pay takes cards back and ends the turn."""
    g, r = tunnel_game({"blue": 2}, ["blue", "red", "red", "green"])
    g.claim(r, BLUE)
    assert int(g.sc[L.SC_PEND_SURCHARGE]) == 1
    assert g.kinds() == {L.A_TUNNEL_ABANDON}
    g.act(L.A_TUNNEL_ABANDON)
    assert g.hand(0) == {"blue": 2}
    assert g.st.owner[r] == -1 and g.st.trains[0] == 45
    assert g.discard() == {"blue": 1, "red": 2}  # revealed cards discarded anyway
    assert g.player == 1 and g.st.ps[0, L.PS_TURNS] == 1
    assert g.st.ps[0, L.PS_TUNNELS_TRIED] == 1 and g.st.ps[0, L.PS_TUNNELS_ABANDONED] == 1
    assert g.st.tunnel_log[0, L.TL_PAID] == 0
    assert g.st.laid.sum() == 0
    g.set_turn(0)
    assert g.claim_colours(r) == {BLUE}  # the route is still free


def test_EU_TUN_4_may_refuse_to_pay():
    """EU-TUN-4: May refuse to pay."""
    g, r = tunnel_game({"blue": 2, "locomotive": 4}, ["locomotive", "locomotive", "locomotive"])
    g.claim(r, BLUE)
    assert g.kinds() == {L.A_TUNNEL_PAY, L.A_TUNNEL_ABANDON}
    g.act(L.A_TUNNEL_ABANDON)
    assert g.hand(0) == {"blue": 2, "locomotive": 4}
    assert g.discard() == {"locomotive": 3}
    assert g.st.owner[r] == -1


def test_EU_TUN_5_fewer_than_three_cards_reveals_what_there_is():
    """EU-TUN-5: Fewer than three cards reveals what there is."""
    g, r = tunnel_game({"blue": 3}, ["red"], discard={"blue": 1})
    g.claim(r, BLUE)
    assert int(g.sc[L.SC_N_REVEALED]) == 2  # the pile's card, then the reshuffled discard
    assert sorted(g.st.revealed[:2].tolist()) == sorted([RED, BLUE])
    assert int(g.sc[L.SC_PEND_SURCHARGE]) == 1
    log = g.st.tunnel_log[0]
    assert (log[L.TL_REVEALED], log[L.TL_TO_REVEAL]) == (2, 3)
    g.act(L.A_TUNNEL_PAY)
    assert g.st.owner[r] == 0


def test_EU_TUN_5_no_cards_no_surcharge():
    """EU-TUN-5: No cards no surcharge."""
    g, r = tunnel_game({"blue": 2}, [])
    g.claim(r, BLUE)
    assert g.st.owner[r] == 0 and g.player == 1
    assert g.st.tunnel_log[0, L.TL_REVEALED] == 0 and g.st.tunnel_log[0, L.TL_SURCHARGE] == 0


def test_EU_TUN_5_only_locomotives_left_each_counts():
    """EU-TUN-5: Only locomotives left each counts."""
    g, r = tunnel_game({"blue": 2, "locomotive": 2}, ["locomotive", "locomotive"])
    g.claim(r, BLUE)
    assert int(g.sc[L.SC_N_REVEALED]) == 2 and int(g.sc[L.SC_PEND_SURCHARGE]) == 2
    g.act(L.A_TUNNEL_PAY)
    assert g.st.owner[r] == 0 and g.hand(0) == {}


def test_EU_TUN_5_locomotive_claim_with_one_card_left():
    """EU-TUN-5: Locomotive claim with one card left."""
    g, r = tunnel_game({"locomotive": 3}, ["locomotive"])
    g.claim(r, LOCO)
    assert int(g.sc[L.SC_N_REVEALED]) == 1 and int(g.sc[L.SC_PEND_SURCHARGE]) == 1
    g.act(L.A_TUNNEL_PAY)
    assert g.st.owner[r] == 0 and g.hand(0) == {}


def test_EU_TUN_2_house_rule_reveal_count():
    """EU-TUN-2: House rule reveal count."""
    g = Game("europe", 2, overrides={"tunnel_reveal": 4})
    g.blank()
    g.set_hand(0, blue=6)
    g.set_pile(["blue"] * 5)
    g.claim(g.route("München", "Venezia"), BLUE)
    assert int(g.sc[L.SC_N_REVEALED]) == 4 and int(g.sc[L.SC_PEND_SURCHARGE]) == 4


# --- stations ------------------------------------------------------------------------
def build(g, p, city, colour):
    g.set_turn(p)
    g.act(L.A_BUILD_STATION, g.city(city), colour)


def station_colours(g, city):
    c = g.city(city)
    return {b for k, a, b in g.legal_set() if k == L.A_BUILD_STATION and a == c}


def test_EU_STN_1_costs_one_two_three_cards_at_most_three():
    """EU-STN-1: Costs one two three cards at most three."""
    g = eu()
    g.blank()
    g.set_hand(0, red=6)
    build(g, 0, "Paris", RED)
    assert g.hand(0) == {"red": 5} and g.discard() == {"red": 1}
    build(g, 0, "Berlin", RED)
    assert g.hand(0) == {"red": 3}
    build(g, 0, "Wien", RED)
    assert g.hand(0) == {}
    assert g.st.stations_left[0] == 0 and g.st.ps[0, L.PS_STATIONS_BUILT] == 3
    assert sorted(g.st.station_city[0, :3].tolist()) == sorted(g.city(c) for c in ("Paris", "Berlin", "Wien"))
    g.set_turn(0)
    g.set_hand(0, red=9, locomotive=9)
    assert L.A_BUILD_STATION not in g.kinds()  # a fourth is never allowed


def test_EU_STN_1_one_colour_locomotives_substitute():
    """EU-STN-1: One colour locomotives substitute."""
    g = eu()
    g.blank()
    g.set_hand(0, locomotive=1)
    assert station_colours(g, "Paris") == {LOCO}
    g.st.stations_left[0] = 2  # the second station costs 2
    g.set_hand(0, red=1, blue=1)
    assert station_colours(g, "Paris") == set()
    g.set_hand(0, red=1, blue=1, locomotive=1)
    assert station_colours(g, "Paris") == {RED, BLUE}
    build(g, 0, "Paris", RED)
    assert g.hand(0) == {"blue": 1} and g.discard() == {"red": 1, "locomotive": 1}


def test_EU_STN_1_one_station_per_city():
    """EU-STN-1: One station per city."""
    g = eu(3)
    g.blank()
    g.set_hand(1, red=1)
    build(g, 1, "Paris", RED)
    g.set_turn(0)
    g.set_hand(0, red=5)
    assert station_colours(g, "Paris") == set()
    assert station_colours(g, "Berlin") == {RED}
    g.set_turn(1)
    g.set_hand(1, red=5)
    assert station_colours(g, "Paris") == set()


def _sarajevo(g):
    """Three routes out of Sarajevo: to Budapest (r1), Zagrab (r2), Sofia (r3)."""
    r1 = g.route("Budapest", "Sarajevo")
    r2 = g.route("Sarajevo", "Zagrab")
    r3 = g.route("Sarajevo", "Sofia")
    return r1, r2, r3


def test_EU_STN_2_station_borrows_one_route_of_another_player_for_tickets():
    """EU-STN-2: Station borrows one route of another player for tickets."""
    g = eu()
    g.blank()
    g.give(0, g.route("Budapest", "Sarajevo"))
    g.give(1, g.route("Sarajevo", "Sofia"))
    t = g.ticket("Budapest", "Sofia")
    g.hold(0, t)
    assert g.score()[0, L.FN_TICKETS_LOST] == 5  # no station: failed
    g.build_station(0, "Sarajevo")
    fin = g.score()
    assert fin[0, L.FN_TICKETS_WON] == 5 and fin[0, L.FN_TICKETS_COMPLETED] == 1
    assert g.st.ticket_result[t] == L.TR_VIA_STATION


def test_EU_STN_2_station_at_the_other_end_of_the_route_works_too():
    """EU-STN-2: Station at the other end of the route works too."""
    g = eu()
    g.blank()
    g.give(0, g.route("Budapest", "Sarajevo"))
    g.give(1, g.route("Sarajevo", "Sofia"))
    g.hold(0, g.ticket("Budapest", "Sofia"))
    g.build_station(0, "Sofia")
    assert g.score()[0, L.FN_TICKETS_WON] == 5


def test_EU_STN_2_only_routes_into_or_out_of_the_station_city():
    """EU-STN-2: Only routes into or out of the station city."""
    g = eu()
    g.blank()
    g.give(0, g.route("Budapest", "Sarajevo"))
    g.give(1, g.route("Sarajevo", "Sofia"))
    g.hold(0, g.ticket("Budapest", "Sofia"))
    g.build_station(0, "Budapest")  # Sarajevo-Sofia does not touch Budapest
    fin = g.score()
    assert fin[0, L.FN_TICKETS_LOST] == 5 and fin[0, L.FN_TICKETS_WON] == 0


def test_EU_STN_2_exactly_one_route_per_station():
    """EU-STN-2: Exactly one route per station."""
    g = eu()
    g.blank()
    g.give(1, g.route("Constantinople", "Sofia"), g.route("Constantinople", "Smyrna"))
    t = g.ticket("Sofia", "Smyrna")
    g.hold(0, t)
    g.build_station(0, "Constantinople")  # would need both of seat 1's routes
    assert g.score()[0, L.FN_TICKETS_LOST] == 5
    g.build_station(0, "Sofia")  # a second station borrows the second route
    fin = g.score()
    assert fin[0, L.FN_TICKETS_WON] == 5 and g.st.ticket_result[t] == L.TR_VIA_STATION


def test_EU_STN_2_never_for_the_longest_path():
    """EU-STN-2: Never for the longest path."""
    g = eu()
    g.blank()
    g.give(0, g.route("Budapest", "Sarajevo"))  # 3
    g.give(1, g.route("Sarajevo", "Zagrab"))  # 3
    g.give(1, g.route("Sarajevo", "Sofia"))  # 2: seat 1's trail is 5
    g.build_station(0, "Sarajevo")
    fin = g.score()
    assert fin[:, L.FN_LONGEST_PATH].tolist() == [3, 5]
    assert fin[:, L.FN_LONGEST_BONUS].tolist() == [0, 10]


def test_EU_STN_2_nothing_to_borrow_without_another_players_route():
    """EU-STN-2: a station borrows only a route another player owns."""
    g = eu()
    g.blank()
    g.give(0, g.route("Budapest", "Sarajevo"))
    g.hold(0, g.ticket("Budapest", "Sofia"))
    g.build_station(0, "Sarajevo")  # nobody owns Sarajevo-Sofia: nothing to borrow
    assert g.score()[0, L.FN_TICKETS_LOST] == 5


def test_EU_STN_3_same_route_for_all_tickets_best_choice():
    """EU-STN-3: Two tickets need different routes out of the station's city: only one
    can be completed; the engine must pick the better one (Zagrab-Brindisi 6
    over Budapest-Sofia 5), not complete both."""
    g = eu()
    g.blank()
    r1, r2, r3 = _sarajevo(g)
    g.give(1, r1, r2)
    g.give(0, r3, g.route("Athina", "Sarajevo"), g.route("Athina", "Brindisi"))
    ta = g.ticket("Budapest", "Sofia")  # 5: needs r1
    tb = g.ticket("Zagrab", "Brindisi")  # 6: needs r2
    g.hold(0, ta, tb)
    g.build_station(0, "Sarajevo")
    fin = g.score()
    assert fin[0, L.FN_TICKETS_WON] == 6 and fin[0, L.FN_TICKETS_LOST] == 5
    assert g.st.ticket_result[tb] == L.TR_VIA_STATION and g.st.ticket_result[ta] == L.TR_FAILED


def test_EU_STN_3_optimal_choice_is_not_just_the_first_candidate():
    """EU-STN-3: Budapest-Sofia (5) and Sarajevo-Sevastopol (8) both need r3,
    Zagrab-Brindisi (6) needs r2; r3 is the last candidate route out of
    Sarajevo and the best one: +5 +8 -6 = +7 (r2 would give -7)."""
    g = eu()
    g.blank()
    r1, r2, r3 = _sarajevo(g)
    g.give(1, r2, r3)
    g.give(0, r1, g.route("Athina", "Sarajevo"), g.route("Athina", "Brindisi"))
    g.give(0, g.route("Bucuresti", "Sofia"), g.route("Bucuresti", "Sevastopol"))
    ta = g.ticket("Budapest", "Sofia")  # 5: needs r3
    tb = g.ticket("Zagrab", "Brindisi")  # 6: needs r2
    tc = g.ticket("Sarajevo", "Sevastopol")  # 8: needs r3
    g.hold(0, ta, tb, tc)
    g.build_station(0, "Sarajevo")
    fin = g.score()
    assert fin[0, L.FN_TICKETS_WON] == 13 and fin[0, L.FN_TICKETS_LOST] == 6
    assert g.st.ticket_result[[ta, tb, tc]].tolist() == [L.TR_VIA_STATION, L.TR_FAILED, L.TR_VIA_STATION]


def test_EU_STN_4_each_unbuilt_station_scores_four():
    """EU-STN-4: Each unbuilt station scores four."""
    g = eu(3)
    g.blank()
    g.build_station(0, "Paris")
    g.build_station(2, "Berlin")
    g.build_station(2, "Wien")
    g.build_station(2, "Roma")
    fin = g.score()
    assert fin[:, L.FN_STATION_POINTS].tolist() == [8, 12, 0]
    assert fin[:, L.FN_TOTAL].tolist() == [8, 12, 0]


# --- doubles ---------------------------------------------------------------------------
@pytest.mark.parametrize("n_players", [2, 3])
def test_EU_DBL_1_two_or_three_players_one_lane_only(n_players):
    """EU-DBL-1: Two or three players one lane only."""
    g = eu(n_players)
    g.blank()
    red = g.route("Bruxelles", "Paris", "red")
    yellow = g.route("Bruxelles", "Paris", "yellow")
    g.set_hand(0, red=2)
    g.set_hand(1, yellow=2)
    g.claim(red, RED)
    assert g.st.closed[yellow] == 1 and g.claim_colours(yellow) == set()


@pytest.mark.parametrize("n_players", [4, 5])
def test_EU_DBL_1_four_or_five_players_both_lanes_never_both_to_one(n_players):
    """EU-DBL-1: Four or five players both lanes never both to one."""
    g = eu(n_players)
    g.blank()
    red = g.route("Bruxelles", "Paris", "red")
    yellow = g.route("Bruxelles", "Paris", "yellow")
    g.set_hand(0, red=2, yellow=2, locomotive=2)
    g.claim(red, RED)
    g.set_turn(0)
    assert g.claim_colours(yellow) == set()
    g.set_turn(1)
    g.set_hand(1, yellow=2)
    g.claim(yellow, "yellow")
    assert g.st.owner[[red, yellow]].tolist() == [0, 1]


def test_EU_DBL_1_double_ferries_and_tunnels_close_too():
    """EU-DBL-1: Double ferries and tunnels close too."""
    g = eu(2)
    g.blank()
    black, white = g.route("Madrid", "Pamplona", "black"), g.route("Madrid", "Pamplona", "white")
    g.set_hand(0, black=3)
    g.set_pile(["red"] * 3)
    g.claim(black, "black")  # a tunnel with no surcharge
    assert g.st.owner[black] == 0 and g.st.closed[white] == 1
    ferries = g.lanes("Dieppe", "London")
    g.set_hand(1, red=1, locomotive=1)
    g.claim(ferries[0], RED)
    assert g.st.closed[ferries[1]] == 1


# --- end and scoring ---------------------------------------------------------------------
def test_EU_END_1_tunnel_claim_to_two_trains_triggers_the_last_round():
    """EU-END-1: Tunnel claim to two trains triggers the last round."""
    g, r = tunnel_game({"blue": 3}, ["blue", "red", "red"] + ["green"] * 10)
    g.st.trains[0] = 4
    g.claim(r, BLUE)
    assert int(g.sc[L.SC_END_COUNTDOWN]) == -1  # not yet: the turn is not over
    assert not g.act(L.A_TUNNEL_PAY)
    assert g.st.trains[0] == 2 and int(g.sc[L.SC_END_COUNTDOWN]) == 2
    assert g.player == 1
    g.draw_blind()
    assert not g.draw_blind()
    g.draw_blind()
    assert g.draw_blind()
    assert int(g.sc[L.SC_END_REASON]) == L.END_TRAINS


def test_EU_END_1_abandoned_tunnel_does_not_trigger():
    """EU-END-1: Abandoned tunnel does not trigger."""
    g, r = tunnel_game({"blue": 2}, ["blue", "red", "red"] + ["green"] * 10)
    g.st.trains[0] = 4
    g.claim(r, BLUE)
    g.act(L.A_TUNNEL_ABANDON)
    assert g.st.trains[0] == 4 and int(g.sc[L.SC_END_COUNTDOWN]) == -1


def test_EU_SCR_1_routes_tickets_stations_and_european_express():
    """EU-SCR-1: Routes tickets stations and european express."""
    g = eu()
    g.blank()
    g.set_pile(["green"] * 10)
    g.set_hand(0, pink=3, red=2)
    g.claim(g.route("Budapest", "Sarajevo"), "pink")  # 3: 4 points
    g.set_turn(1)
    g.set_hand(1, red=2)
    g.claim(g.route("Sarajevo", "Sofia"), RED)  # tunnel of 2, no surcharge: 2 points
    g.set_hand(0, red=1)
    build(g, 0, "Sofia", RED)
    g.hold(0, g.ticket("Budapest", "Sofia"))  # 5 via the station
    g.hold(1, g.ticket("Athina", "Angora"))  # 5 failed
    fin = g.score()
    assert g.st.score.tolist() == [4, 2]
    assert fin[0, L.FN_TOTAL] == 4 + 5 + 2 * 4 + 10
    assert fin[1, L.FN_TOTAL] == 2 - 5 + 3 * 4
    assert fin[:, L.FN_WINNER].tolist() == [1, 0]


@pytest.mark.parametrize("seed", [51, 52])
def test_EU_SCR_1_total_is_the_sum_of_its_parts_in_random_games(seed):
    """EU-SCR-1: Total is the sum of its parts in random games."""
    g = eu(4, seed=seed)
    play_random(g, np.random.default_rng(seed))
    fin = g.st.final
    for p in range(4):
        parts = (g.st.score[p] + fin[p, L.FN_TICKETS_WON] - fin[p, L.FN_TICKETS_LOST]
                 + 4 * g.st.stations_left[p] + fin[p, L.FN_LONGEST_BONUS])
        assert fin[p, L.FN_TOTAL] == parts
        assert fin[p, L.FN_STATION_POINTS] == 4 * g.st.stations_left[p]
        assert fin[p, L.FN_LONGEST_BONUS] in (0, 10)
    assert fin[:4, L.FN_LONGEST_BONUS].max() == 10
