"""The network plan of the planner family (`planner`, `destination-hungry`,
`blocker`, and the simpler `route-focus`, `long-route`, `one-step`).

A seat's plan is the cheapest network it can find that joins its open
tickets on the current board: its own routes cost nothing, routes it already
plans almost nothing, open routes their trains (plus a little for a tunnel's
surcharge risk and a ferry's locomotives), routes of others and closed lanes
are unusable, except that a seat with stations left may borrow one route of
another player at a fixed price (a station, EU-STN-3). The network is a
Steiner-forest heuristic: one shortest path per ticket, most valuable ticket
first, each path reusing what is already planned, then a second pass that
reroutes every ticket with the others' paths in place. Nothing allocates:
every buffer is in the Scratch. Which offered tickets to keep, over these
plans: kernels/bots/planning/ticket_keep.py.
"""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.bits import ONE, ZERO, low_bit_index, word_where
from kernels.bots.shared.destinations import ticket_ends
from kernels.bots.shared.plan import PLANNED_PRICE, add_route_need, board_seen, list_wanted, note_board, wanted_word
from kernels.core.claimable import open_to_word
from kernels.core.claims import claim_trains
from kernels.graph import uf_find
from kernels.paths import other_end, shortest_path

FOREIGN_COST = 6.0  # plan price of borrowing another player's route with a station
UNREACHABLE = 1000.0  # plan cost added per ticket no network can join
FULL_HAND = 24  # with this many cards and nothing claimable, stop drawing for the plan
# open tickets a seat's plan joins at most, the most valuable: a planner holds fewer (up to a dozen on India),
# but the search player's rollouts also play seats that hold twenty or more (a `random` seat) as planners,
# whose plan of them all, redone whenever one of its many routes is taken, was most of such a game's time
PLANNED_TICKETS = 16


# --- prices ---------------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def route_cost(routes, r):
    """Plan price of an open route: its trains (mountain discards included,
    LA-MTN-3), plus the expected extra cards of a tunnel (EU-TUN-3: ~0.7 of a
    card for 3 revealed) and the locomotives a ferry insists on (EU-FRY-1)."""
    cost = float(claim_trains(routes, r))
    kind = routes[r, L.RT_KIND]
    if kind == L.KIND_TUNNEL:
        cost += 0.7
    elif kind == L.KIND_FERRY:
        cost += 0.5 * routes[r, L.RT_LOCOS]
    return cost


@njit(cache=True, _nrt=False)
def price_plan(st, bd, p, cnt, price):
    """price <- seat p's plan prices: own routes 0, planned ones (cnt > 0)
    PLANNED_PRICE, open ones route_cost, others' routes and closed lanes INF."""
    routes = bd.routes[:bd.n_routes]
    owner = st.owner
    n_routes = routes.shape[0]
    for r in range(n_routes):
        price[r] = 0.0 if owner[r] == p else L.INF
    # the routes route_open_to accepts, from the game's route sets (core/claimable.py): a word at a time
    for k in range(st.sc[L.SC_N_WORDS]):
        m = open_to_word(st, bd, p, k)
        while m != ZERO:
            r = k * 64 + low_bit_index(m)
            m &= m - ONE
            price[r] = PLANNED_PRICE if cnt[r] > 0 else route_cost(routes, r)


@njit(cache=True, _nrt=False)
def price_without_plan(st, bd, p, ws):
    """ws.plan_cnt <- no route planned; ws.price <- seat p's prices over it
    (price_plan: open routes at route_cost). Where a plan starts, and where a
    seat prices paths in trains (the Scratch's plan_cnt may hold another
    seat's plan)."""
    cnt = ws.plan_cnt[:]
    for r in range(bd.n_routes):
        cnt[r] = 0
    price_plan(st, bd, p, cnt, ws.price[:])


@njit(cache=True, _nrt=False)
def price_foreign(st, bd, p, foreign, price):
    """Others' routes cost `foreign` where p could still put a station at one
    of their ends (free city, or p's own station), INF elsewhere; foreign = 0
    makes them all INF again."""
    routes = bd.routes[:bd.n_routes]
    owner = st.owner
    city_station = st.city_station
    for r in range(routes.shape[0]):
        o = owner[r]
        if o < 0 or o == p:
            continue
        su = city_station[routes[r, L.RT_A]]
        sv = city_station[routes[r, L.RT_B]]
        if foreign > 0.0 and (su < 0 or su == p or sv < 0 or sv == p):
            price[r] = foreign
        else:
            price[r] = L.INF


@njit(cache=True, _nrt=False)
def plan_search(bd, ws, src, dst):
    return shortest_path(bd, ws.price[:], src, dst, ws.dist[:], ws.prev_route[:])


# --- tickets ------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def station_joins(st, bd, p, t):
    """True when ticket t is joined only thanks to one of p's stations
    borrowing a route of another player (EU-STN-3), judged ticket by ticket.
    Never for a ticket with options (no board has both, SW-TKT-3..6)."""
    if bd.tickets[t, L.TK_MULTI] >= 0:
        return False
    built = False
    for i in range(st.station_city.shape[1]):
        built = built or st.station_city[p, i] >= 0
    if not built:  # most of a game: no station, no finds
        return False
    uf = st.uf[p]
    fa = uf_find(uf, bd.tickets[t, L.TK_A])
    fb = uf_find(uf, bd.tickets[t, L.TK_B])
    if fa == fb:
        return False
    routes = bd.routes[:bd.n_routes]
    owner = st.owner
    for i in range(st.station_city.shape[1]):
        s = st.station_city[p, i]
        if s < 0:
            continue
        for j in range(bd.adj_start[s], bd.adj_start[s + 1]):
            r = bd.adj_route[j]
            if owner[r] >= 0 and owner[r] != p:
                fu = uf_find(uf, routes[r, L.RT_A])
                fv = uf_find(uf, routes[r, L.RT_B])
                if (fu == fa and fv == fb) or (fu == fb and fv == fa):
                    return True
    return False


@njit(cache=True, _nrt=False, inline="always")
def held_word(st, bd, p, k):
    """Word k of the tickets p holds (bit j: ticket 64 k + j), without a
    branch per ticket of the board."""
    return word_where(st.ticket_holder, k, bd.n_tickets, p, True)


@njit(cache=True, _nrt=False, inline="always")
def ticket_open(st, bd, p, t):
    return st.ticket_holder[t] == p and st.ticket_done_turn[t] < 0 and not station_joins(st, bd, p, t)


# --- the network ------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def plan_network(st, bd, p, ws, offer_mask, only_ticket, passes):
    """Fill ws.plan_cnt with the routes of a cheap network joining p's open
    tickets (only `only_ticket` when >= 0) and the offered tickets in
    offer_mask. Returns its trains plus UNREACHABLE per ticket it cannot join."""
    tk = ws.tk_list
    if only_ticket >= 0:
        tk[0] = only_ticket
        k = 1
    else:
        k = most_valuable(bd, tk, list_open_tickets(st, bd, p, tk), np.int64(PLANNED_TICKETS))
    for i in range(st.sc[L.SC_N_OFFER]):
        if (offer_mask >> i) & 1:
            tk[k] = st.offer[i]
            k += 1
    price_without_plan(st, bd, p, ws)
    foreign = FOREIGN_COST if st.stations_left[p] > 0 else 0.0
    return route_tickets(st, bd, p, ws, np.int64(k), passes, foreign)


@njit(cache=True, _nrt=False)
def list_open_tickets(st, bd, p, tk):
    """tk[:k] <- the tickets p holds and has not completed, in ticket order; returns k."""
    k = np.int64(0)
    for w in range((bd.n_tickets + 63) >> 6):
        m = held_word(st, bd, p, w)
        while m != ZERO:
            t = w * 64 + low_bit_index(m)
            m &= m - ONE
            if ticket_open(st, bd, p, t):
                tk[k] = t
                k += 1
    return k


@njit(cache=True, _nrt=False)
def plan_most_valuable(st, bd, p, ws, n_planned):
    """plan_network over only the n_planned most valuable of p's open tickets
    (equal points: the lower-numbered first), in one pass; returns how many it planned."""
    tk = ws.tk_list
    k = list_open_tickets(st, bd, p, tk)
    if k == 0:
        return np.int64(0)
    k = most_valuable(bd, tk, k, np.int64(n_planned))
    price_without_plan(st, bd, p, ws)
    foreign = FOREIGN_COST if st.stations_left[p] > 0 else 0.0
    route_tickets(st, bd, p, ws, np.int64(k), np.int64(1), foreign)
    return np.int64(k)


@njit(cache=True, _nrt=False, inline="always")
def most_valuable(bd, tk, k, most):
    """How many of the k tickets in tk to plan: all, or the `most` most
    valuable moved to the front (equal points: the lower-numbered first).
    route_tickets sorts what it plans the same way, so sorting only here,
    when some are left out, plans the same network."""
    if k <= most:
        return k
    sort_by_points(bd.tickets[:bd.n_tickets], tk, k)
    return most


@njit(cache=True, _nrt=False)
def sort_by_points(tickets, tk, k):
    """tk[:k] most valuable ticket first (stable: equal points keep their
    order), so that the cheap tickets then hang off the big one's path."""
    for i in range(1, k):
        t = tk[i]
        j = i
        while j > 0 and tickets[tk[j - 1], L.TK_POINTS] < tickets[t, L.TK_POINTS]:
            tk[j] = tk[j - 1]
            j -= 1
        tk[j] = t


@njit(cache=True, _nrt=False, inline="always")
def plan_route(ws, r):
    """One more planned path uses open route r: the next tickets see it at
    PLANNED_PRICE. The first path to use it keeps the price the caller set
    (route_cost; Team Asia's team price; the Ghost Train planner's card
    surcharge) for unroute_ticket."""
    ws.plan_cnt[r] += 1
    if ws.plan_cnt[r] == 1:
        ws.unplanned_price[r] = ws.price[r]
        ws.price[r] = PLANNED_PRICE


@njit(cache=True, _nrt=False)
def route_ticket(st, bd, p, ws, i, t, foreign):
    """Path i <- the cheapest path joining ticket t over ws.price (with
    foreign > 0, another player's route borrowed with a station when no open
    path joins it); its open routes join the plan: ws.plan_cnt + 1, and
    PLANNED_PRICE for the next tickets. Returns False when nothing joins it."""
    routes = bd.routes[:bd.n_routes]
    owner = st.owner
    price = ws.price[:]
    prev = ws.prev_route
    a, b, _ = ticket_ends(bd, ws, t)  # a ticket with options: the option worth most now
    d = plan_search(bd, ws, a, b)
    if d >= L.INF and foreign > 0.0:
        price_foreign(st, bd, p, foreign, price)
        d = plan_search(bd, ws, a, b)
        price_foreign(st, bd, p, 0.0, price)
    m = 0
    if d < L.INF:
        v = b
        while v != a:
            r = prev[v]
            if owner[r] < 0:
                ws.path_buf[i, m] = r
                m += 1
                plan_route(ws, r)
            v = other_end(routes, r, v)
    ws.path_len[i] = m
    return d < L.INF


@njit(cache=True, _nrt=False)
def unroute_ticket(st, bd, ws, i):
    """Take path i out of the plan: a route no other path uses gets back the
    price it had before a path planned it (route_ticket undone, exactly,
    whatever the caller priced: tests/kernels/bots/test_route_ticket.py)."""
    owner = st.owner
    cnt = ws.plan_cnt
    price = ws.price
    for m in range(ws.path_len[i]):
        r = ws.path_buf[i, m]
        if owner[r] < 0:
            cnt[r] -= 1
            if cnt[r] == 0:
                price[r] = ws.unplanned_price[r]
    ws.path_len[i] = 0


@njit(cache=True, _nrt=False)
def readd_path(bd, ws, i, m):
    """Put path i (its m routes, as unroute_ticket left them) back into the plan."""
    for j in range(m):
        plan_route(ws, ws.path_buf[i, j])
    ws.path_len[i] = m


@njit(cache=True, _nrt=False)
def plan_trains(bd, ws):
    """Trains of the routes marked in ws.plan_cnt. Added up as integers, with
    no branch: the compiler adds many routes at once (a float sum must keep
    its order, one add after another), and the float of the total is the
    float sum of these small integers exactly."""
    routes = bd.routes[:bd.n_routes]
    cnt = ws.plan_cnt
    trains = 0
    for r in range(routes.shape[0]):
        trains += np.int64(cnt[r] > 0) * claim_trains(routes, r)
    return float(trains)


@njit(cache=True, _nrt=False)
def route_tickets(st, bd, p, ws, k, passes, foreign):
    """The Steiner-forest heuristic over the k tickets in ws.tk_list, with
    ws.price already holding the seat's prices and ws.plan_cnt zero: marks
    the planned routes in ws.plan_cnt; with foreign > 0 a ticket no open path
    joins may borrow another player's route (a station). Returns the trains
    of the network plus UNREACHABLE per ticket it cannot join. The second
    pass does not search again for the last ticket when the prices it sees
    are the ones it was routed over (the other paths came back unchanged)."""
    tk = ws.tk_list
    sort_by_points(bd.tickets[:bd.n_tickets], tk, k)
    unreachable = 0
    for i in range(k):
        ws.path_len[i] = 0
    price = ws.price
    seen = ws.last_prices  # the prices the last ticket was routed over
    n_routes = bd.n_routes
    for rnd in range(passes if k > 1 else 1):
        for i in range(k):
            m = ws.path_len[i]
            unroute_ticket(st, bd, ws, i)  # reroute this ticket with the others' paths in place
            if i == k - 1 and k > 1 and passes > 1:
                same = rnd > 0
                for r in range(n_routes):
                    same = same and price[r] == seen[r]
                    seen[r] = price[r]
                if same:  # the others' paths did not move: a search, which reads only the prices, finds the same path
                    readd_path(bd, ws, np.int64(i), np.int64(m))
                    continue
            if not route_ticket(st, bd, p, ws, np.int64(i), np.int64(tk[i]), foreign) and rnd == 0:
                unreachable += 1
    return plan_trains(bd, ws) + UNREACHABLE * unreachable


@njit(cache=True, _nrt=False)
def plan_key(st, bd, p):
    """Changes whenever p's tickets are kept or joined, or a station is built
    (the plan must then be redone). Never -1 (the runner's "new game" mark)."""
    key = np.int64(st.stations_left[p]) + 2
    for w in range((bd.n_tickets + 63) >> 6):
        m = held_word(st, bd, p, w)
        while m != ZERO:
            t = w * 64 + low_bit_index(m)
            m &= m - ONE
            key = key * 31 + t + 1 + (7919 if not ticket_open(st, bd, p, t) else 0)
    if key == -1:
        key = 1
    return key


@njit(cache=True, _nrt=False)
def plan_is_broken(st, bd, p, ws):
    """A planned route was taken by someone else, closed, or outgrew p's trains."""
    fits = L.BITS_COST_LE + min(np.int64(st.trains[p]), np.int64(L.BITS_MAX_COST))
    for k in range(st.sc[L.SC_N_WORDS]):
        planned = wanted_word(bd, ws, p, k)
        if planned & st.open_bits[k] & ~bd.route_bits[fits, k] != ZERO:  # open, but more trains than p has
            return True
        gone = planned & ~st.open_bits[k]  # claimed (by p too) or closed
        while gone != ZERO:
            if st.owner[k * 64 + low_bit_index(gone)] != p:
                return True
            gone &= gone - ONE
    return False


@njit(cache=True, _nrt=False)
def adopt_plan(st, bd, p, ws):
    """want[p] <- the routes marked in ws.plan_cnt."""
    want = ws.want[p]
    cnt = ws.plan_cnt
    for r in range(bd.n_routes):
        want[r] = 1 if cnt[r] > 0 else 0


@njit(cache=True, _nrt=False, inline="always")
def lane_cards(hand_p, routes, r):
    """Cards of p's hand that fit lane r's colour (grey: the colour held most)."""
    c = routes[r, L.RT_COLOUR]
    have = 0
    if c == L.GRAY:
        for k in range(L.N_COLOURS):
            have = max(have, hand_p[k])
    else:
        have = hand_p[c]
    return have


@njit(cache=True, _nrt=False)
def fill_need(st, bd, p, ws):
    """ws.need[p] <- cards the unclaimed planned routes need (plan_need's
    layout), after moving the mark of each planned lane of a double to the
    open lane whose colour p's hand holds most (either lane joins the same
    cities). Over the planned routes listed first (list_wanted), in route
    order, each replaced by its lane. A walk over every route would look
    again at a mark moved to a later lane, but never move it: it went to the
    lane holding most among the free ones, and a lane freed since gave its
    own mark to a lane holding more than itself: with at most three lanes
    (MAX_LANES), the mark's first lane, which holds less than the mark's new
    one (tests/kernels/bots/test_plan_lanes.py compares the two walks).
    Returns the number of unclaimed planned routes."""
    n = list_wanted(bd, ws, p)
    want = ws.want[p]
    routes = bd.routes[:bd.n_routes]
    group_routes = bd.group_routes[:bd.n_groups]
    owner = st.owner
    hand_p = st.hand[p]
    planned = ws.want_list
    need = ws.need[p]
    for k in range(need.shape[0]):
        need[k] = 0
    left = 0
    for k in range(n):
        r = np.uint64(planned[k])  # unsigned: no negative-index fix-up on each load
        if owner[r] >= 0:
            continue
        g = routes[r, L.RT_GROUP]
        if g >= 0:
            best = r
            best_have = lane_cards(hand_p, routes, r)
            for i in range(group_routes.shape[1]):
                r2 = group_routes[np.uint64(g), i]
                if r2 < 0 or np.uint64(r2) == r or want[np.uint64(r2)] != 0:
                    continue
                if (open_to_word(st, bd, p, r2 >> 6) >> np.uint64(r2 & 63)) & ONE == ZERO:  # = route_open_to
                    continue
                have = lane_cards(hand_p, routes, np.uint64(r2))
                if have > best_have:
                    best = np.uint64(r2)
                    best_have = have
            if best != r:
                want[best] = want[r]
                want[r] = 0
                planned[k] = best
                r = best
        left += 1
        add_route_need(routes, r, need)
    return left


@njit(cache=True, _nrt=False)
def refresh_network_plan(st, bd, p, ws):
    """Replan only when stale (tickets changed or a planned route was lost).
    Returns the planned routes left to claim; fills ws.need[p].

    Both questions are asked only when the board changed or p kept tickets
    since they were last asked (common.board_seen, ws.plan_checked): what
    they read moves with nothing else, and the plan then left was not broken
    (a plan's routes are open to p when planned, and fill_need moves a mark
    only to an open lane). A second draw in the same turn asks neither."""
    if ws.plan_version[p] == -1 or not board_seen(st, p, ws.plan_checked[p]):
        key = plan_key(st, bd, p)
        if ws.plan_version[p] != key or plan_is_broken(st, bd, p, ws):
            plan_network(st, bd, p, ws, np.int64(0), np.int64(-1), np.int64(2))
            adopt_plan(st, bd, p, ws)
            ws.plan_version[p] = key
        note_board(st, p, ws.plan_checked[p])
    return fill_need(st, bd, p, ws)
