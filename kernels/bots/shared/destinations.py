"""Where a bot plans a ticket to: the two cities of an ordinary ticket, or for
a ticket with options (a city or a country to one of several destinations,
SW-TKT-3..6) the start node and destination node worth most once the path
there is paid. Scoring is the core's (kernels/core/tickets.py ticket_outcome);
this is only the bots' choice of which option to aim at. Every function reads
what seat p may see and allocates nothing."""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.core.tickets import ticket_outcome
from kernels.graph import uf_reset, uf_union
from kernels.paths import shortest_path

# Points a train of the path is taken to cost when options are compared: a
# claimed train earns about 1.5-2 route points back, so a longer path to a
# better-paid destination is worth it unless it is much longer.
OPTION_TRAIN_PRICE = 0.5


@njit(cache=True, _nrt=False)
def ticket_ends(bd, ws, t):
    """(start node, destination node, points) to plan ticket t towards, over
    the route prices in ws.price (kernels/paths.py): an ordinary ticket's two
    cities and value; for a ticket with options, the reachable option with the
    most points less OPTION_TRAIN_PRICE per unit of path price, from the start
    node nearest to it (the ticket's TK_A / TK_B when none is reachable).
    Leaves ws.dist and ws.prev_route overwritten."""
    tickets = bd.tickets[:bd.n_tickets]
    src = np.int64(tickets[t, L.TK_A])
    dst = np.int64(tickets[t, L.TK_B])
    points = np.int64(tickets[t, L.TK_POINTS])
    m = tickets[t, L.TK_MULTI]
    if m >= 0:
        start = bd.multi[m, L.MT_FROM]
        first = bd.multi[m, L.MT_FIRST]
        best = -L.INF
        for i in range(bd.end_start[start], bd.end_start[start + 1]):
            s = np.int64(bd.end_nodes[i])
            shortest_path(bd, ws.price[:], s, np.int64(-1), ws.dist[:], ws.prev_route[:])
            for k in range(bd.multi[m, L.MT_COUNT]):
                end = bd.multi_opts[first + k, L.MO_END]
                value = bd.multi_opts[first + k, L.MO_POINTS]
                for j in range(bd.end_start[end], bd.end_start[end + 1]):
                    d = ws.dist[bd.end_nodes[j]]
                    if d < L.INF and value - OPTION_TRAIN_PRICE * d > best:
                        best = value - OPTION_TRAIN_PRICE * d
                        src = s
                        dst = np.int64(bd.end_nodes[j])
                        points = np.int64(value)
    return src, dst, points


@njit(cache=True, _nrt=False)
def planned_points(st, bd, p, ws, t):
    """Points ticket t is worth to p's plan: an ordinary ticket's value; a
    ticket with options scores what ticket_outcome gives it on p's routes
    plus the routes of the plan in ws.plan_cnt (its best option joined, or
    minus its lowest). Uses ws.uf_tmp."""
    points = np.int64(bd.tickets[t, L.TK_POINTS])
    if bd.tickets[t, L.TK_MULTI] >= 0:
        uf = ws.uf_tmp[:bd.n_cities]  # the board's cities, not MAX_CITIES
        uf_reset(uf)
        routes = bd.routes[:bd.n_routes]
        for r in range(routes.shape[0]):
            if st.owner[r] == p or (st.owner[r] < 0 and ws.plan_cnt[r] > 0):
                uf_union(uf, routes[r, L.RT_A], routes[r, L.RT_B])
        _, points = ticket_outcome(bd, uf, t)
    return points
