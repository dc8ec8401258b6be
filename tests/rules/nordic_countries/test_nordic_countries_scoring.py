"""Nordic Countries, end and scoring (docs/rules/nordic-countries.md): NC-SCR-2..4,
NC-SCR-3a, NC-SCR-4a."""

import numpy as np
from rule_games import nordic

from kernels import layouts as L


def scored(g, owners, held):
    for p, routes in owners.items():
        g.give(p, *routes)
    for p, tickets in held.items():
        g.hold(p, *tickets)
    return g.score()


def _ticket_with_route(g):
    """A ticket and one route path joining its cities (the shortest by spaces)."""
    import heapq

    rt = g.board.routes
    for t in g.board.tickets.itertuples():
        dist, prev, heap = {t.a: 0}, {}, [(0, t.a)]
        while heap:
            d, u = heapq.heappop(heap)
            if u == t.b:
                break
            for r in rt[(rt["a"] == u) | (rt["b"] == u)].itertuples():
                v = r.b if r.a == u else r.a
                if d + r.length < dist.get(v, 1e9):
                    dist[v], prev[v] = d + r.length, r.Index
                    heapq.heappush(heap, (d + r.length, v))
        path, v = [], t.b
        while v != t.a:
            r = prev[v]
            path.append(r)
            v = rt.loc[r, "b"] if rt.loc[r, "a"] == v else rt.loc[r, "a"]
        yield int(t.Index), path


def test_NC_SCR_2_no_longest_path_bonus_NC_SCR_3_globetrotter_ten():
    """NC-SCR-2 played on the board: the longest trail earns nothing. NC-SCR-3:
    10 points to the player with most completed tickets."""
    g = nordic(2)
    (t0, path0), (t1, path1) = list(_ticket_with_route(g))[:2]
    fin = scored(g, {0: path0}, {0: [t0], 1: [t1]})
    assert fin[0, L.FN_TICKETS_COMPLETED] == 1 and fin[1, L.FN_TICKETS_COMPLETED] == 0
    assert fin[0, L.FN_GLOBETROTTER_BONUS] == 10 and fin[1, L.FN_GLOBETROTTER_BONUS] == 0
    assert fin[:, L.FN_LONGEST_BONUS].tolist() == [0, 0] and fin[0, L.FN_LONGEST_PATH] > 0
    assert fin[0, L.FN_TOTAL] == g.st.score[0] + g.ticket_points(t0) + 10


def test_NC_SCR_3a_tied_players_all_get_it_none_for_no_ticket():
    """NC-SCR-3a: tied on completed tickets, both get 10; nobody completed any:
    nobody gets it."""
    g = nordic(3)
    pairs = []
    for t, path in _ticket_with_route(g):
        if all(not set(path) & set(q) for _, q in pairs):
            pairs.append((t, path))
        if len(pairs) == 2:
            break
    (t0, p0), (t1, p1) = pairs
    fin = scored(g, {0: p0, 1: p1}, {0: [t0], 1: [t1]})
    assert fin[:, L.FN_GLOBETROTTER_BONUS].tolist() == [10, 10, 0]
    g = nordic(3)
    fin = scored(g, {}, {0: [t0]})
    assert fin[:, L.FN_GLOBETROTTER_BONUS].tolist() == [0, 0, 0]


def test_NC_SCR_3a_nobody_completed_a_ticket_nobody_gets_the_globetrotter():
    """NC-SCR-3a played to the end on the board: seat 0 claims down to 2
    trains, the last round is played, and with every held ticket failed the
    Globetrotter goes to no one (Board Game Arena gives it to every player
    then: its most completed tickets, 0, is everyone's); the totals hold no 10."""
    g = nordic(2)
    (t0, _), (t1, _) = list(_ticket_with_route(g))[:2]
    g.hold(0, t0)
    g.hold(1, t1)
    g.st.trains[0] = 3
    g.set_hand(0, pink=1)
    g.set_pile(["red"] * 8)
    g.claim(g.route("Ålborg", "Århus"), "pink")  # 2 trains left: one more turn each (BASE-END-1)
    for _ in range(4):
        assert g.phase != L.PH_OVER
        g.draw_blind()
    assert g.phase == L.PH_OVER
    fin = g.st.final
    assert fin[:2, L.FN_TICKETS_COMPLETED].tolist() == [0, 0]
    assert fin[:2, L.FN_GLOBETROTTER_BONUS].tolist() == [0, 0]
    assert fin[0, L.FN_TOTAL] == 1 - g.ticket_points(t0) and fin[1, L.FN_TOTAL] == -g.ticket_points(t1)


def test_NC_SCR_4a_a_tie_on_points_and_tickets_is_shared():
    """NC-SCR-4a: equal points and equal completed tickets: both win (the
    base game's last tie-break, the longest-path bonus, does not exist here);
    NC-SCR-4: more points wins."""
    g = nordic(2)
    g.st.score[:] = [20, 20]
    assert g.score()[:, L.FN_WINNER].tolist() == [1, 1]
    g.st.score[:] = [21, 20]
    assert g.score()[:, L.FN_WINNER].tolist() == [1, 0]


def test_NC_SCR_4_winner_on_tickets_with_equal_points():
    """NC-SCR-4: equal totals, the player with more completed tickets wins."""
    g = nordic(2)
    t0, path0 = next(_ticket_with_route(g))
    g.give(0, *path0)
    g.hold(0, t0)
    fin = g.score()
    total0 = int(fin[0, L.FN_TOTAL])
    g.st.score[1] = total0
    fin = g.score()
    assert fin[0, L.FN_TOTAL] == fin[1, L.FN_TOTAL] == total0
    assert fin[:, L.FN_WINNER].tolist() == [1, 0]
    assert np.array_equal(fin[:, L.FN_TICKETS_COMPLETED], [1, 0])
