"""Europe, stations (docs/rules/europe.md): EU-STN-1..4, on constructed states of the
Europe board (the station choice against the oracle: test_europe_stations_oracle.py)."""

from helpers import BLUE, LOCO, RED
from rule_games import build, eu

from kernels import layouts as L


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
