"""India, end and scoring (docs/rules/india.md): the route table and the
Indian Express (IN-SCR-1, IN-SCR-2) played on the board; the Grand Tour
(IN-SCR-3, IN-SCR-3a, IN-SCR-4) on constructed states of the real board under
the `india` preset: which tickets qualify (two route-disjoint paths of the
owner's trains, which may share cities), the bonus table, and that the bonus
is part of the total and of the players table."""

import numpy as np
import pytest
from helpers import Game

import analyzer
from kernels import layouts as L
from kernels.core.scoring import grand_tour_bonus, grand_tour_tickets

BONUS = {0: 0, 1: 5, 2: 10, 3: 20, 4: 30, 5: 40, 6: 40, 7: 40}


def india(n_players=2):
    g = Game("india", n_players)
    g.blank()
    return g


def routes(g, *pairs):
    return [g.route(a, b) for a, b in pairs]


LOOP = (("Lahore", "Bhatinda"), ("Bhatinda", "Delhi"), ("Delhi", "Ambala"), ("Ambala", "Lahore"))


def test_IN_SCR_1_claims_score_the_route_table():
    """IN-SCR-1 played on the board: a claim of 1, 2, 3, 4, 6 or 8 spaces scores
    1, 2, 4, 7, 15 or 21 (the 6- and 8-space routes are ferries: a locomotive
    for each symbol); the board has no route of 5 or 7."""
    expect = {1: 1, 2: 2, 3: 4, 4: 7, 6: 15, 8: 21}
    rt = india().board.routes
    assert set(rt["length"]) == set(expect)
    for n, points in expect.items():
        g = india()
        r = int(rt.index[rt["length"] == n][0])
        colour = "red" if rt.at[r, "color"] == "gray" else rt.at[r, "color"]
        symbols = int(rt.at[r, "locomotives"])
        g.set_hand(0, **{colour: n - symbols, "locomotive": symbols})
        g.claim(r, colour)
        assert g.st.owner[r] == 0 and g.st.score[0] == points and g.st.trains[0] == 45 - n, n


def test_IN_SCR_2_indian_express_ten_to_every_tied_player():
    """IN-SCR-2 scored on the board: the longest continuous path earns the
    Indian Express, 10 points; two players tied on it (5 spaces each) both get
    10, a shorter path none."""
    g = india(3)
    g.give(0, *routes(g, ("Lahore", "Bhatinda"), ("Bhatinda", "Delhi")))  # 2 + 3
    g.give(1, *routes(g, ("Ambala", "Lahore"), ("Lahore", "Peshawar")))  # 4 + 1
    g.give(2, g.route("Agra", "Delhi"))  # 2
    fin = g.score()
    assert fin[:, L.FN_LONGEST_PATH].tolist() == [5, 5, 2]
    assert fin[:, L.FN_LONGEST_BONUS].tolist() == [10, 10, 0]
    g = india(3)
    g.give(0, *routes(g, ("Lahore", "Bhatinda"), ("Bhatinda", "Delhi")))
    g.give(2, g.route("Agra", "Delhi"))
    assert g.score()[:, L.FN_LONGEST_BONUS].tolist() == [10, 0, 0]


def test_IN_SCR_3_a_loop_through_both_cities_qualifies():
    """IN-SCR-3: Lahore-Delhi (5) on the loop Lahore-Bhatinda-Delhi-Ambala-Lahore:
    two paths, no route shared: one Grand Tour ticket, 5 points."""
    g = india()
    g.give(0, *routes(g, *LOOP))
    t = g.ticket("Lahore", "Delhi")
    g.hold(0, t)
    fin = g.score()
    assert fin[0, L.FN_GRAND_TOUR_TICKETS] == 1 and fin[0, L.FN_GRAND_TOUR_BONUS] == 5
    assert fin[0, L.FN_TOTAL] == fin[0, L.FN_TICKETS_WON] + fin[0, L.FN_LONGEST_BONUS] + 5


def test_IN_SCR_3_one_path_does_not():
    """IN-SCR-3: the loop less one route leaves one path: completed, no bonus."""
    g = india()
    g.give(0, *routes(g, *LOOP[:3]))
    t = g.ticket("Lahore", "Delhi")
    g.hold(0, t)
    fin = g.score()
    assert fin[0, L.FN_TICKETS_COMPLETED] == 1 and fin[0, L.FN_GRAND_TOUR_TICKETS] == 0
    assert fin[0, L.FN_GRAND_TOUR_BONUS] == 0


def test_IN_SCR_3a_two_paths_sharing_a_route_do_not_qualify():
    """IN-SCR-3a: Lahore-Bhatinda-Ambala-Delhi and Lahore-Ambala-Delhi share
    Ambala-Delhi: that route alone separates the cities (a bridge)."""
    g = india()
    g.give(0, *routes(g, ("Lahore", "Bhatinda"), ("Bhatinda", "Ambala"), ("Ambala", "Lahore"), ("Ambala", "Delhi")))
    g.hold(0, g.ticket("Lahore", "Delhi"))
    fin = g.score()
    assert fin[0, L.FN_TICKETS_COMPLETED] == 1 and fin[0, L.FN_GRAND_TOUR_TICKETS] == 0


def test_IN_SCR_3a_a_figure_eight_sharing_a_city_qualifies():
    """IN-SCR-3a: two loops meeting at Ambala (Lahore-Bhatinda-Ambala-Lahore and
    Ambala-Delhi-Bareilly-Ambala): Lahore-Bhatinda-Ambala-Delhi and
    Lahore-Ambala-Bareilly-Delhi share the city, no route."""
    g = india()
    g.give(0, *routes(g, ("Lahore", "Bhatinda"), ("Bhatinda", "Ambala"), ("Ambala", "Lahore"),
                      ("Ambala", "Delhi"), ("Delhi", "Bareilly"), ("Bareilly", "Ambala")))
    g.hold(0, g.ticket("Lahore", "Delhi"))
    assert g.score()[0, L.FN_GRAND_TOUR_TICKETS] == 1


def test_IN_SCR_3_only_the_owners_trains_and_tickets_count():
    """IN-SCR-3: a loop of two players' routes does not count; a ticket held by
    the other player does not count for the loop's owner; a failed ticket never."""
    g = india()
    loop = routes(g, *LOOP)
    g.give(0, *loop[:2])
    g.give(1, *loop[2:])
    g.hold(0, g.ticket("Lahore", "Delhi"))
    assert g.score()[:, L.FN_GRAND_TOUR_TICKETS].tolist() == [0, 0]
    g = india()
    g.give(0, *routes(g, *LOOP))
    g.hold(1, g.ticket("Lahore", "Delhi"))
    g.hold(0, g.ticket("Agra", "Jarhat"))
    fin = g.score()
    assert fin[:, L.FN_GRAND_TOUR_TICKETS].tolist() == [0, 0] and fin[0, L.FN_TICKETS_FAILED] == 1


def _grand_tour_count(g):
    """The core's count for seat 0 alone (kernels/core/scoring.py): scoring the
    whole game would also search the longest trail of a network holding every
    route of the board, which takes hours."""
    return int(grand_tour_tickets(g.st, g.bd, np.int64(0), np.int64(1), g.ws))


@pytest.mark.parametrize("n", range(0, 8))
def test_IN_SCR_4_bonus_table(n):
    """IN-SCR-4: 1 -> 5, 2 -> 10, 3 -> 20, 4 -> 30, 5 or more -> 40: seat 0
    owns every route of the board (a test shortcut), so each completed ticket
    whose cities lie on a loop qualifies; it holds n of them."""
    g = india()
    g.give(0, *range(len(g.board.routes)))
    qualifying = []
    for t in range(len(g.board.tickets)):
        g.st.ticket_holder[:] = L.TH_BOX
        g.hold(0, t)
        if _grand_tour_count(g) == 1:
            qualifying.append(t)
    assert len(qualifying) >= 7
    g.st.ticket_holder[:] = L.TH_BOX
    g.hold(0, *qualifying[:n])
    assert _grand_tour_count(g) == n and grand_tour_bonus(g.ru, np.int64(n)) == BONUS[n]


def test_IN_SCR_4_the_table_is_a_rule_value():
    """IN-SCR-4's table is the rule set's grand_tour_bonus: another table (a
    house rule) scores by it, its last entry for more tickets; an empty one
    turns the bonus off."""
    for table, expect in (("0,1,2", 1), ("0,7", 7), ("", 0)):
        g = Game("india", 2, overrides={"grand_tour_bonus": table})
        g.blank()
        g.give(0, *routes(g, *LOOP))
        g.hold(0, g.ticket("Lahore", "Delhi"))
        assert g.score()[0, L.FN_GRAND_TOUR_BONUS] == expect, table


def test_IN_SCR_4_in_the_players_table():
    """IN-SCR-4: the players table carries grand_tour_tickets and
    grand_tour_bonus, and the score includes the bonus."""
    res = analyzer.simulate(board="india", players=3, bots="planner", games=200, seed=4, progress=False)
    p = res.players
    assert (p["grand_tour_bonus"] == p["grand_tour_tickets"].map(BONUS)).all()
    assert (p["grand_tour_tickets"] <= p["tickets_completed"]).all()
    assert p["grand_tour_tickets"].gt(0).any()
    parts = (p["route_points"] + p["tickets_won"] - p["tickets_lost"] + p["longest_bonus"] + p["grand_tour_bonus"])
    assert (p["score"] == parts).all()
