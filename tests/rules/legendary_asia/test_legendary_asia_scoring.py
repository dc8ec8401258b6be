"""Legendary Asia, end and scoring (docs/rules/legendary-asia.md): LA-END-1, LA-SCR-1..2."""

import pytest
from helpers import RED, YELLOW
from rule_games import blank, lane, take

from kernels import layouts as L


# --- end ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("n_players", [2, 3])
def test_LA_END_1_mountain_discard_triggers_the_last_round(n_players):
    """LA-END-1: 6 trains, Moscow-Perm red mountain lane (3 placed + 1 discarded) leaves 2: every player,
    the claimer included, has exactly one more turn."""
    g = blank(n_players)
    g.set_pile(["black"] * 40)
    g.st.trains[0] = 6
    g.set_hand(0, red=3)
    g.claim(lane(g, "Moscow", "Perm", "mountain"), RED)
    assert g.st.trains[0] == 2 and int(g.sc[L.SC_END_COUNTDOWN]) == n_players
    for i in range(n_players):
        assert g.player == (1 + i) % n_players and g.phase == L.PH_TURN
        assert not g.draw_blind()
        assert g.draw_blind() == (i == n_players - 1)
    assert int(g.sc[L.SC_END_REASON]) == L.END_TRAINS and g.phase == L.PH_OVER


def test_LA_END_1_same_spaces_without_the_discard_do_not_trigger():
    """LA-END-1: the grey lane of the same double with 6 trains leaves 3: no trigger."""
    g = blank()
    g.st.trains[0] = 6
    g.set_hand(0, red=3)
    g.claim(lane(g, "Moscow", "Perm", "normal"), RED)
    assert g.st.trains[0] == 3 and int(g.sc[L.SC_END_COUNTDOWN]) == -1


def test_LA_END_1_two_x_route_counts_both_discards():
    """LA-END-1: 5 trains, Irkutsk-Ulan Bator (2 spaces, both X) leaves 1: trigger."""
    g = blank()
    g.st.trains[0] = 5
    g.set_hand(0, yellow=2)
    g.claim(g.route("Irkutsk", "Ulan Bator"), YELLOW)
    assert g.st.trains[0] == 1 and int(g.sc[L.SC_END_COUNTDOWN]) == 2


# --- scoring --------------------------------------------------------------------------------------
def test_LA_SCR_1_explorer_counts_cities_with_branches_no_longest_path_bonus():
    """LA-SCR-1, LA-SCR-1b: a star of 4 routes at Agra (5 cities) beats a 2-route chain of 11 spaces (3 cities)
    for the Asian Explorer; nobody gets a longest-path bonus (assumption LA-SCR-1b), though the chain is the
    longer trail."""
    g = blank()
    star = [g.route("Agra", x) for x in ("Rawalpindi", "Kathmandu", "Karachi", "Bombay")]
    chain = [g.route("Dihua", "Peking"), g.route("Dihua", "Omsk")]
    take(g, 0, *star)
    take(g, 1, *chain)
    fin = g.score()
    assert fin[:, L.FN_NETWORK_CITIES].tolist() == [5, 3]
    assert fin[:, L.FN_EXPLORER_BONUS].tolist() == [10, 0]
    assert fin[:, L.FN_LONGEST_PATH].tolist() == [4, 11]
    assert fin[:, L.FN_LONGEST_BONUS].tolist() == [0, 0]
    assert g.ru[L.RULE_LONGEST_PATH_BONUS] == 0
    assert fin[0, L.FN_TOTAL] == g.st.score[0] + 10 and fin[1, L.FN_TOTAL] == g.st.score[1]


def test_LA_SCR_1_one_network_not_the_sum_of_networks():
    """LA-SCR-1: two separate 3-city networks (6 cities in all) lose to one 4-city network."""
    g = blank()
    take(g, 0, g.route("Agra", "Karachi"), g.route("Agra", "Bombay"),
         g.route("Chita", "Ulan Bator"), g.route("Chita", "Khabarovsk"))
    take(g, 1, g.route("Bangkok", "Rangoon", "green"), g.route("Bangkok", "Saigon", "red"),
         g.route("Bangkok", "Singapore", "blue"))
    fin = g.score()
    assert fin[:, L.FN_NETWORK_CITIES].tolist() == [3, 4]
    assert fin[:, L.FN_EXPLORER_BONUS].tolist() == [0, 10]


def test_LA_SCR_1_each_city_counted_once_and_ties_all_get_it():
    """LA-SCR-1 (and assumption LA-SCR-1a): a triangle Bangkok-Saigon-Hanoi (3 routes) is 3 cities, tying a
    3-city path: both get the 10 points; the third player's smaller network gets nothing."""
    g = blank(3)
    take(g, 0, g.route("Bangkok", "Saigon", "pink"), g.route("Hanoi", "Saigon", "yellow"),
         g.route("Bangkok", "Hanoi"))
    take(g, 1, g.route("Peking", "Xi'an"), g.route("Lhasa", "Xi'an"))
    take(g, 2, g.route("Dihua", "Peking"))
    fin = g.score()
    assert fin[:, L.FN_NETWORK_CITIES].tolist() == [3, 3, 2]
    assert fin[:, L.FN_EXPLORER_BONUS].tolist() == [10, 10, 0]
    for p in range(3):
        assert fin[p, L.FN_TOTAL] == g.st.score[p] + fin[p, L.FN_EXPLORER_BONUS]


def test_LA_SCR_2_most_points_wins_over_mountain_routes():
    """LA-SCR-2: most points wins, whatever the mountain routes."""
    g = blank()
    take(g, 0, g.route("Dihua", "Peking"))  # 15, no mountain
    take(g, 1, g.route("Irkutsk", "Ulan Bator"), g.route("Mandalay", "Rangoon"))  # 6 + 3, two mountain routes
    fin = g.score()
    assert fin[:, L.FN_TOTAL].tolist() == [15 + 10, 9 + 10]
    assert fin[:, L.FN_WINNER].tolist() == [1, 0]


def test_LA_SCR_2_tie_on_points_most_completed_tickets_wins():
    """LA-SCR-2: equal points: most completed tickets wins, before the mountain-route count."""
    g = blank()
    take(g, 0, g.route("Agra", "Kathmandu"), g.route("Agra", "Calcutta"))  # 4 + 2, 1 mountain route
    g.hold(0, g.ticket("Kathmandu", "Calcutta"))  # 5, completed
    take(g, 1, g.route("Tehran", "Tbilisi", "red"), g.route("Ankara", "Tbilisi"),
         g.route("Mandalay", "Rangoon"))  # 4 + 4 + 3, 3 mountain routes
    fin = g.score()
    assert fin[:, L.FN_NETWORK_CITIES].tolist() == [3, 3]
    assert fin[:, L.FN_TOTAL].tolist() == [6 + 5 + 10, 11 + 10]
    assert fin[:, L.FN_TICKETS_COMPLETED].tolist() == [1, 0]
    assert g.st.ps[:2, L.PS_MOUNTAIN_ROUTES].tolist() == [1, 3]
    assert fin[:, L.FN_WINNER].tolist() == [1, 0]


def test_LA_SCR_2_then_most_mountain_routes_not_mountain_trains():
    """LA-SCR-2: equal points and tickets: most mountain routes claimed wins (2 routes with 1 X each beat
    1 route with 2 X: the same Mountain Pass trains)."""
    g = blank()
    take(g, 0, g.route("Irkutsk", "Ulan Bator"), g.route("Astrakhan", "Tbilisi", "black"))  # 6 + 1
    take(g, 1, g.route("Mandalay", "Rangoon"), g.route("Agra", "Kathmandu"))  # 3 + 4
    fin = g.score()
    assert g.st.ps[:2, L.PS_MOUNTAIN_TRAINS].tolist() == [2, 2]
    assert g.st.ps[:2, L.PS_MOUNTAIN_ROUTES].tolist() == [1, 2]
    assert fin[:, L.FN_TOTAL].tolist() == [17, 17]
    assert fin[:, L.FN_TICKETS_COMPLETED].tolist() == [0, 0]
    assert fin[:, L.FN_WINNER].tolist() == [0, 1]


def test_LA_SCR_2_tie_on_all_three_is_shared():
    """LA-SCR-2: equal points, tickets and mountain routes: both win (BASE-SCR-3: the tie is shared)."""
    g = blank()
    take(g, 0, lane(g, "Moscow", "Perm", "mountain"))
    take(g, 1, lane(g, "Omsk", "Perm", "mountain"))
    fin = g.score()
    assert fin[:, L.FN_TOTAL].tolist() == [16, 16]
    assert fin[:, L.FN_WINNER].tolist() == [1, 1]
