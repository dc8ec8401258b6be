"""A seat's plan in the Scratch: ws.want[p] marks the routes it plans,
ws.need[p] the cards they need. What a route costs the plan (the prices the
path search reads, kernels/paths.py), marking a found path, the cards and
trains a plan still needs, reading it a word of routes at a time, and the
memo of the board a plan was last checked against. The constants that make
one bot's plan differ from another's stay in that bot.

Like every bot function, these read only what seat p may see: its hand and
tickets, its team's holder, the board, the market and public counters."""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.bits import ONE, ZERO, low_bit_index, word_where
from kernels.bots.shared.destinations import ticket_ends
from kernels.core.claims import claim_trains, route_open_to
from kernels.core.seats import team_first, team_size
from kernels.paths import other_end, shortest_path

PLANNED_PRICE = 0.01  # a route the plan already counts on: nearly free, so later paths reuse it


# --- prices --------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def price_routes(st, bd, ru, p, trains, want, x_cost, price):
    """price <- the greedy bots' cost of each route for seat p: 0 if p's team
    owns it (p itself for a team of one), PLANNED_PRICE if p plans it (want !=
    0), its trains (each mountain X costing x_cost, LA-MTN-2) plus a little for
    a tunnel's surcharge risk and a ferry's locomotives if p can still claim it
    with `trains` (never below 0.1), INF otherwise."""
    routes = bd.routes[:bd.n_routes]
    group_routes = bd.group_routes[:bd.n_groups]
    owner = st.owner
    closed = st.closed
    first = team_first(ru, p)
    last = first + team_size(ru)
    for r in range(routes.shape[0]):
        cost = L.INF
        if owner[r] >= first and owner[r] < last:
            cost = 0.0
        elif route_open_to(owner, closed, trains, routes, group_routes, p, r):
            if want[r]:
                cost = PLANNED_PRICE
            else:
                cost = routes[r, L.RT_LEN] + x_cost * routes[r, L.RT_MOUNTAINS]
                if routes[r, L.RT_KIND] == L.KIND_TUNNEL:
                    cost += 0.5  # surcharge risk
                elif routes[r, L.RT_KIND] == L.KIND_FERRY:
                    cost += 0.5 * routes[r, L.RT_LOCOS]
                cost = max(cost, 0.1)
        price[r] = cost


@njit(cache=True, _nrt=False)
def mark_path(st, bd, src, dst, want, bit, ws):
    """want[r] |= bit for the unclaimed routes of the path the last search
    left in ws.prev_route (dst back to src); each newly planned route then
    costs PLANNED_PRICE in ws.price. Returns the routes newly marked."""
    routes = bd.routes[:bd.n_routes]
    v = dst
    n = 0
    while v != src:
        r = ws.prev_route[v]
        if r < 0:
            break
        if st.owner[r] < 0:
            if want[r] == 0:
                ws.price[r] = PLANNED_PRICE
                n += 1
            want[r] |= bit
        v = other_end(routes, r, v)
    return n


@njit(cache=True, _nrt=False)
def ticket_distance(bd, t, ws):
    """The cheapest path joining ticket t's ends over ws.price (>= INF: none);
    a ticket with options is planned to the option ticket_ends picks."""
    src, dst, _ = ticket_ends(bd, ws, t)
    return shortest_path(bd, ws.price[:], src, dst, ws.dist[:], ws.prev_route[:])


@njit(cache=True, _nrt=False)
def plan_need(routes, owner, want, need):
    """need <- the cards the unclaimed routes in want need (last slot: grey
    spaces, payable in any one colour; ferry symbols as locomotives).
    Returns (routes, trains) still to claim."""
    for k in range(need.shape[0]):
        need[k] = 0
    left = 0
    trains = 0
    for r in range(routes.shape[0]):
        if want[r] and owner[r] < 0:
            left += 1
            trains += add_route_need(routes, r, need)
    return left, trains


@njit(cache=True, _nrt=False, inline="always")
def add_route_need(routes, r, need):
    """need += the cards route r needs (plan_need's layout). Returns its spaces."""
    c = routes[r, L.RT_COLOUR]
    need[L.GRAY + 1 if c == L.GRAY else c] += routes[r, L.RT_LEN] - routes[r, L.RT_LOCOS]
    need[L.LOCO] += routes[r, L.RT_LOCOS]
    return routes[r, L.RT_LEN]


@njit(cache=True, _nrt=False)
def committed_trains(bd, want_p):
    """Trains of every route in a plan (claimed ones included)."""
    n = 0
    for r in range(bd.n_routes):
        if want_p[r]:
            n += bd.routes[r, L.RT_LEN]
    return n


# --- what a seat saw last ----------------------------------------------------------------
# A seat's tickets, stations and network, and who holds or has closed each route, change only with a
# claim or a station (SC_BOARD_VERSION) or when the seat keeps tickets (PS_TICKETS_DRAWN_MIDGAME): a
# check of those alone, done at one pair of the two, holds until either moves. A memo is two int64s
# per seat (zero: nothing seen); the runner and the expert's memory reset them.
@njit(cache=True, _nrt=False, inline="always")
def board_seen(st, p, memo):
    """memo holds this board version and the tickets p has kept."""
    return memo[0] == st.sc[L.SC_BOARD_VERSION] + 1 and memo[1] == st.ps[p, L.PS_TICKETS_DRAWN_MIDGAME]


@njit(cache=True, _nrt=False, inline="always")
def note_board(st, p, memo):
    memo[0] = st.sc[L.SC_BOARD_VERSION] + 1
    memo[1] = st.ps[p, L.PS_TICKETS_DRAWN_MIDGAME]


@njit(cache=True, _nrt=False, inline="always")
def wanted_word(bd, ws, p, k):
    """Word k of p's plan as a route set (bit r: ws.want[p, r] != 0), without a
    branch per route: a plan is a handful of a board's routes, and every
    decision's scans over all of them mispredicted at each planned one."""
    return word_where(ws.want[p], k, bd.n_routes, 0, False)


@njit(cache=True, _nrt=False, inline="always")
def list_wanted(bd, ws, p):
    """ws.want_list[:n] <- the routes of p's plan (ws.want[p] != 0), in route
    order; returns n."""
    out = ws.want_list
    n = np.int64(0)  # not a literal: callers then compile once, for int64
    for k in range((bd.n_routes + 63) >> 6):
        m = wanted_word(bd, ws, p, k)
        while m != ZERO:
            out[n] = k * 64 + low_bit_index(m)
            n += 1
            m &= m - ONE
    return n


@njit(cache=True, _nrt=False)
def planned_trains(st, bd, p, ws):
    """Trains p's planned, still unclaimed routes (ws.want[p]) need: spaces
    and mountain discards (claim_trains). Every planning bot reads it; one copy."""
    routes = bd.routes[:bd.n_routes]
    owner = st.owner
    n = 0
    for k in range((bd.n_routes + 63) >> 6):
        m = wanted_word(bd, ws, p, k)
        while m != ZERO:
            r = k * 64 + low_bit_index(m)
            m &= m - ONE
            if owner[r] < 0:
                n += claim_trains(routes, r)
    return n
