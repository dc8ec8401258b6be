"""The `planner` bot and its variants `destination-hungry` and `blocker`,
plus the planning helpers the simpler heuristic bots share (kernels/bots_simple.py).

A seat's plan is the cheapest network it can find that joins its open
tickets on the current board: its own routes cost nothing, routes it already
plans almost nothing, open routes their trains (plus a little for a tunnel's
surcharge risk and a ferry's locomotives), routes of others and closed lanes
are unusable, except that a seat with stations left may borrow one route of
another player at a fixed price (a station, EU-STN-3). The network is a
Steiner-forest heuristic: one shortest path per ticket, most valuable ticket
first, each path reusing what is already planned, then a second pass that
reroutes every ticket with the others' paths in place.

Like every bot, these read only what seat p may see: its hand and tickets,
the board (owners, stations, closed lanes), the market, public counters.
Their memory lives in the scratch rows of seat p (want, need, plan_version,
bot_mem). Nothing allocates: every buffer is in the Scratch.
"""

import numpy as np
from numba import njit

from kernels.engine import (
    cards_available,
    claim_payment,
    make_action,
    popcount,
    route_open_to,
    station_cost,
    station_payment,
    surcharge_payment,
)
from kernels.graph import uf_find
from kernels.layouts import (
    A_BUILD_STATION,
    A_CLAIM,
    A_DRAW_BLIND,
    A_DRAW_MARKET,
    A_DRAW_TICKETS,
    A_KEEP_TICKETS,
    A_PASS,
    A_TUNNEL_ABANDON,
    A_TUNNEL_PAY,
    BOT_BLOCKER,
    BOT_DESTINATION_HUNGRY,
    BP_CONTESTED_BONUS,
    BP_DRAW_BUDGET,
    BP_ENDGAME_TRAINS,
    BP_HUNGRY_BUDGET,
    BP_HUNGRY_KEEP_PRICE,
    BP_HUNGRY_OTHERS,
    BP_HUNGRY_OVER_PRICE,
    BP_HUNGRY_SPARE_TRAINS,
    BP_KEEP_PRICE,
    BP_OVER_PRICE,
    BP_SETUP_BUDGET,
    BP_TICKET_OTHERS,
    BP_TICKET_TRAINS,
    GRAY,
    KIND_FERRY,
    KIND_TUNNEL,
    LOCO,
    N_CARD_KINDS,
    N_COLOURS,
    PH_KEEP_TICKETS,
    PH_SECOND_DRAW,
    PH_SETUP_KEEP,
    PH_TUNNEL,
    RT_A,
    RT_B,
    RT_COLOUR,
    RT_GROUP,
    RT_KIND,
    RT_LEN,
    RT_LOCOS,
    RT_MOUNTAINS,
    RULE_DOUBLES_MIN_PLAYERS,
    RULE_DRAW_KEEP_MIN,
    RULE_FACEUP_LOCO_WHOLE_DRAW,
    RULE_MARKET_SIZE,
    RULE_MOUNTAIN_POINTS,
    RULE_ROUTE_SCORE,
    RULE_SETUP_KEEP_MIN,
    SC_END_COUNTDOWN,
    SC_N_OFFER,
    SC_N_PLAYERS,
    SC_PEND_COLOUR,
    SC_PEND_SURCHARGE,
    SC_PHASE,
    SC_TP_COUNT,
    TK_A,
    TK_B,
    TK_POINTS,
)

INF = 1e18
FOREIGN_COST = 6.0  # plan price of borrowing another player's route with a station
UNREACHABLE = 1000.0  # plan cost added per ticket no network can join
FULL_HAND = 24  # with this many cards and nothing claimable, stop drawing for the plan


# --- graph searches ----------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def route_cost(routes, r):
    """Plan price of an open route: its trains (mountain discards included,
    LA-MTN-3), plus the expected extra cards of a tunnel (EU-TUN-3: ~0.7 of a
    card for 3 revealed) and the locomotives a ferry insists on (EU-FRY-1)."""
    cost = float(routes[r, RT_LEN] + routes[r, RT_MOUNTAINS])
    kind = routes[r, RT_KIND]
    if kind == KIND_TUNNEL:
        cost += 0.7
    elif kind == KIND_FERRY:
        cost += 0.5 * routes[r, RT_LOCOS]
    return cost


@njit(cache=True, _nrt=False)
def plan_dijkstra(st, bd, p, src, dst, cnt, foreign, banned, dist, prev, done):
    """Dense Dijkstra (boards have < 100 cities) from src, stopping at dst
    (-1: the whole map), on seat p's plan prices. cnt[r] > 0 marks planned
    routes (nearly free); foreign > 0 lets p borrow another player's route
    at that price where a station could still stand; `banned` is a route to
    leave out (-1: none). prev holds the tree. Returns dist[dst] (or 0)."""
    routes = bd.routes
    group_routes = bd.group_routes
    adj_start = bd.adj_start
    adj_route = bd.adj_route
    owner = st.owner
    closed = st.closed
    city_station = st.city_station
    trains_p = st.trains[p]
    n_cities = dist.shape[0]
    for c in range(n_cities):
        dist[c] = INF
        done[c] = 0
        prev[c] = -1
    dist[src] = 0.0
    for _ in range(n_cities):
        u = -1
        best = INF
        for c in range(n_cities):
            if done[c] == 0 and dist[c] < best:
                best = dist[c]
                u = c
        if u < 0 or u == dst:
            break
        done[u] = 1
        for j in range(adj_start[u], adj_start[u + 1]):
            r = adj_route[j]
            if r == banned:
                continue
            o = owner[r]
            v = routes[r, RT_B] if routes[r, RT_A] == u else routes[r, RT_A]
            if o == p:
                cost = 0.0
            elif o >= 0:
                if foreign <= 0.0:
                    continue
                su = city_station[u]
                sv = city_station[v]
                if not (su < 0 or su == p or sv < 0 or sv == p):
                    continue
                cost = foreign
            elif route_open_to(owner, closed, trains_p, routes, group_routes, p, r):
                cost = 0.01 if cnt[r] > 0 else route_cost(routes, r)
            else:
                continue
            if best + cost < dist[v]:
                dist[v] = best + cost
                prev[v] = r
    if dst < 0:
        return 0.0
    return dist[dst]


@njit(cache=True, _nrt=False)
def station_joins(st, bd, p, t):
    """True when ticket t is joined only thanks to one of p's stations
    borrowing a route of another player (EU-STN-3), judged ticket by ticket."""
    uf = st.uf[p]
    fa = uf_find(uf, bd.tickets[t, TK_A])
    fb = uf_find(uf, bd.tickets[t, TK_B])
    if fa == fb:
        return False
    routes = bd.routes
    owner = st.owner
    for i in range(st.station_city.shape[1]):
        s = st.station_city[p, i]
        if s < 0:
            continue
        for j in range(bd.adj_start[s], bd.adj_start[s + 1]):
            r = bd.adj_route[j]
            if owner[r] >= 0 and owner[r] != p:
                fu = uf_find(uf, routes[r, RT_A])
                fv = uf_find(uf, routes[r, RT_B])
                if (fu == fa and fv == fb) or (fu == fb and fv == fa):
                    return True
    return False


@njit(cache=True, _nrt=False, inline="always")
def ticket_open(st, bd, p, t):
    return st.ticket_holder[t] == p and st.ticket_done_turn[t] < 0 and not station_joins(st, bd, p, t)


@njit(cache=True, _nrt=False)
def plan_network(st, bd, p, ws, offer_mask, only_ticket, passes):
    """Fill ws.plan_cnt with the routes of a cheap network joining p's open
    tickets (only `only_ticket` when >= 0) and the offered tickets in
    offer_mask. Returns its trains plus UNREACHABLE per ticket it cannot join."""
    tickets = bd.tickets
    routes = bd.routes
    owner = st.owner
    cnt = ws.plan_cnt
    tk = ws.tk_list
    path = ws.path_buf
    plen = ws.path_len
    dist = ws.dist
    prev = ws.prev_route
    done = ws.done
    for r in range(cnt.shape[0]):
        cnt[r] = 0
    k = 0
    if only_ticket >= 0:
        tk[0] = only_ticket
        k = 1
    else:
        for t in range(tickets.shape[0]):
            if ticket_open(st, bd, p, t):
                tk[k] = t
                k += 1
    for i in range(st.sc[SC_N_OFFER]):
        if (offer_mask >> i) & 1:
            tk[k] = st.offer[i]
            k += 1
    # most valuable ticket first: the cheap ones then hang off its path
    for i in range(1, k):
        t = tk[i]
        j = i
        while j > 0 and tickets[tk[j - 1], TK_POINTS] < tickets[t, TK_POINTS]:
            tk[j] = tk[j - 1]
            j -= 1
        tk[j] = t
    foreign = FOREIGN_COST if st.stations_left[p] > 0 else 0.0
    unreachable = 0
    for i in range(k):
        plen[i] = 0
    for rnd in range(passes if k > 1 else 1):
        for i in range(k):
            t = tk[i]
            a = tickets[t, TK_A]
            b = tickets[t, TK_B]
            for m in range(plen[i]):
                r = path[i, m]
                if owner[r] < 0:
                    cnt[r] -= 1
            d = plan_dijkstra(st, bd, p, a, b, cnt, 0.0, -1, dist, prev, done)
            if d >= INF and foreign > 0.0:
                d = plan_dijkstra(st, bd, p, a, b, cnt, foreign, -1, dist, prev, done)
            m = 0
            if d < INF:
                v = b
                while v != a:
                    r = prev[v]
                    if owner[r] < 0:
                        path[i, m] = r
                        m += 1
                        cnt[r] += 1
                    v = routes[r, RT_B] if routes[r, RT_A] == v else routes[r, RT_A]
            elif rnd == 0:
                unreachable += 1
            plen[i] = m
    cost = 0.0
    for r in range(cnt.shape[0]):
        if cnt[r] > 0:
            cost += routes[r, RT_LEN] + routes[r, RT_MOUNTAINS]
    return cost + UNREACHABLE * unreachable


@njit(cache=True, _nrt=False)
def plan_key(st, bd, p):
    """Changes whenever p's tickets are kept or joined, or a station is built
    (the plan must then be redone). Never -1 (the runner's "new game" mark)."""
    key = np.int64(st.stations_left[p]) + 2
    for t in range(bd.tickets.shape[0]):
        if st.ticket_holder[t] == p:
            key = key * 31 + t + 1 + (7919 if not ticket_open(st, bd, p, t) else 0)
    if key == -1:
        key = 1
    return key


@njit(cache=True, _nrt=False)
def plan_is_broken(st, bd, p, ws):
    """A planned route was taken by someone else, closed, or outgrew p's trains."""
    want = ws.want[p]
    routes = bd.routes
    owner = st.owner
    closed = st.closed
    trains_p = st.trains[p]
    for r in range(routes.shape[0]):
        if want[r] and owner[r] != p and (owner[r] >= 0 or closed[r] != 0
                                          or routes[r, RT_LEN] + routes[r, RT_MOUNTAINS] > trains_p):
            return True
    return False


@njit(cache=True, _nrt=False)
def adopt_plan(st, bd, p, ws):
    """want[p] <- the routes marked in ws.plan_cnt."""
    want = ws.want[p]
    cnt = ws.plan_cnt
    for r in range(want.shape[0]):
        want[r] = 1 if cnt[r] > 0 else 0


@njit(cache=True, _nrt=False, inline="always")
def lane_cards(hand_p, routes, r):
    """Cards of p's hand that fit lane r's colour (grey: the colour held most)."""
    c = routes[r, RT_COLOUR]
    have = 0
    if c == GRAY:
        for k in range(N_COLOURS):
            have = max(have, hand_p[k])
    else:
        have = hand_p[c]
    return have


@njit(cache=True, _nrt=False)
def pick_lanes(st, bd, p, ws):
    """The plan names one lane of a double route; move the mark to the open
    lane whose colour p's hand holds most (either lane joins the same cities)."""
    want = ws.want[p]
    routes = bd.routes
    group_routes = bd.group_routes
    owner = st.owner
    closed = st.closed
    trains_p = st.trains[p]
    hand_p = st.hand[p]
    for r in range(routes.shape[0]):
        g = routes[r, RT_GROUP]
        if want[r] == 0 or owner[r] >= 0 or g < 0:
            continue
        best = r
        best_have = lane_cards(hand_p, routes, r)
        for i in range(group_routes.shape[1]):
            r2 = group_routes[g, i]
            if r2 < 0 or r2 == r or want[r2] != 0:
                continue
            if not route_open_to(owner, closed, trains_p, routes, group_routes, p, r2):
                continue
            have = lane_cards(hand_p, routes, r2)
            if have > best_have:
                best = r2
                best_have = have
        if best != r:
            want[best] = want[r]
            want[r] = 0


@njit(cache=True, _nrt=False)
def fill_need(st, bd, p, ws):
    """ws.need[p] <- cards the unclaimed planned routes need (last slot: grey
    spaces, payable in any one colour), after choosing the lanes of doubles.
    Returns the number of such routes."""
    pick_lanes(st, bd, p, ws)
    want = ws.want[p]
    need = ws.need[p]
    routes = bd.routes
    owner = st.owner
    for k in range(need.shape[0]):
        need[k] = 0
    left = 0
    for r in range(routes.shape[0]):
        if want[r] and owner[r] < 0:
            left += 1
            c = routes[r, RT_COLOUR]
            need[GRAY + 1 if c == GRAY else c] += routes[r, RT_LEN] - routes[r, RT_LOCOS]
            need[LOCO] += routes[r, RT_LOCOS]
    return left


@njit(cache=True, _nrt=False)
def refresh_network_plan(st, bd, p, ws):
    """Replan only when stale (tickets changed or a planned route was lost).
    Returns the planned routes left to claim; fills ws.need[p]."""
    key = plan_key(st, bd, p)
    if ws.plan_version[p] != key or plan_is_broken(st, bd, p, ws):
        plan_network(st, bd, p, ws, 0, -1, 2)
        adopt_plan(st, bd, p, ws)
        ws.plan_version[p] = key
    return fill_need(st, bd, p, ws)


# --- paying and drawing ------------------------------------------------------------
@njit(cache=True, _nrt=False)
def pay_colour(hand_p, routes, r, need_p):
    """Colour to pay route r with, or -1: its own colour; for grey the colour
    needing the fewest locomotives, then the one the rest of the plan needs
    least; locomotives only as the last resort."""
    rc = routes[r, RT_COLOUR]
    best = np.int64(-1)
    if rc != GRAY:
        use, _ = claim_payment(hand_p, routes, r, rc)
        if use >= 0:
            best = rc
    else:
        best_locos = np.int64(1 << 30)
        best_spare = np.int64(-(1 << 30))
        for c in range(N_COLOURS):
            use, locos = claim_payment(hand_p, routes, r, c)
            if use < 0:
                continue
            spare = np.int64(hand_p[c]) - np.int64(need_p[c])
            if locos < best_locos or (locos == best_locos and spare > best_spare):
                best = c
                best_locos = locos
                best_spare = spare
    if best < 0:
        use, _ = claim_payment(hand_p, routes, r, LOCO)
        if use >= 0:
            best = LOCO
    return best


@njit(cache=True, _nrt=False, inline="always")
def tunnel_spare(hand_p, routes, r, c):
    """Cards left after paying tunnel r with colour c that could pay a surcharge."""
    if c == LOCO:
        return np.int64(hand_p[LOCO]) - routes[r, RT_LEN]
    return np.int64(hand_p[c]) + hand_p[LOCO] - routes[r, RT_LEN]


@njit(cache=True, _nrt=False)
def contested(st, bd, ru, r):
    """A route others can take from us for good: a single lane, or a double
    whose other lane is taken or closes with this player count (BASE-DBL-2)."""
    g = bd.routes[r, RT_GROUP]
    if g < 0 or st.sc[SC_N_PLAYERS] < ru[RULE_DOUBLES_MIN_PLAYERS]:
        return True
    free = 0
    for i in range(bd.group_routes.shape[1]):
        r2 = bd.group_routes[g, i]
        if r2 >= 0 and st.owner[r2] < 0 and st.closed[r2] == 0:
            free += 1
    return free <= 1


@njit(cache=True, _nrt=False, inline="always")
def route_points(ru, routes, r):
    return ru[RULE_ROUTE_SCORE + routes[r, RT_LEN]] + routes[r, RT_MOUNTAINS] * ru[RULE_MOUNTAIN_POINTS]


@njit(cache=True, _nrt=False)
def best_planned_claim(st, bd, ru, p, ws, risky_tunnels):
    """The affordable planned route to claim first (encoded action, or -1):
    contested and long routes first, since they are the ones that get away
    or need the most cards. A tunnel needs a spare card for the surcharge
    unless risky_tunnels."""
    want = ws.want[p]
    need_p = ws.need[p]
    hand_p = st.hand[p]
    routes = bd.routes
    group_routes = bd.group_routes
    owner = st.owner
    closed = st.closed
    trains_p = st.trains[p]
    best = np.int64(-1)
    best_v = -1.0
    for r in range(routes.shape[0]):
        if want[r] == 0 or not route_open_to(owner, closed, trains_p, routes, group_routes, p, r):
            continue
        c = pay_colour(hand_p, routes, r, need_p)
        if c < 0:
            continue
        if routes[r, RT_KIND] == KIND_TUNNEL and not risky_tunnels and tunnel_spare(hand_p, routes, r, c) < 1:
            continue
        v = float(routes[r, RT_LEN] + routes[r, RT_MOUNTAINS])
        if contested(st, bd, ru, r):
            v += ws.bot_params[BP_CONTESTED_BONUS]
        if v > best_v:
            best_v = v
            best = make_action(A_CLAIM, r, c)
    return best


@njit(cache=True, _nrt=False)
def best_scoring_claim(st, bd, ru, p, ws, min_len, risky_tunnels):
    """The affordable open route of at least min_len spaces scoring the most
    (per train on ties: fewer mountain discards), or -1."""
    hand_p = st.hand[p]
    need_p = ws.need[p]
    routes = bd.routes
    group_routes = bd.group_routes
    owner = st.owner
    closed = st.closed
    trains_p = st.trains[p]
    best = np.int64(-1)
    best_v = -1.0
    for r in range(routes.shape[0]):
        if routes[r, RT_LEN] < min_len:
            continue
        if not route_open_to(owner, closed, trains_p, routes, group_routes, p, r):
            continue
        c = pay_colour(hand_p, routes, r, need_p)
        if c < 0:
            continue
        if routes[r, RT_KIND] == KIND_TUNNEL and not risky_tunnels and tunnel_spare(hand_p, routes, r, c) < 1:
            continue
        v = route_points(ru, routes, r) - 0.01 * (routes[r, RT_LEN] + routes[r, RT_MOUNTAINS])
        if v > best_v:
            best_v = v
            best = make_action(A_CLAIM, r, c)
    return best


@njit(cache=True, _nrt=False)
def draw_for_need(st, ru, p, second, ws):
    """Draw towards ws.need[p]: the market card the plan lacks most; a face-up
    locomotive when it is worth a whole draw (the plan lacks locomotives, or
    no face-up card helps and two blind cards would rarely help); else blind."""
    need = ws.need[p]
    hand_p = st.hand[p]
    market = st.market
    whole = ru[RULE_FACEUP_LOCO_WHOLE_DRAW] != 0
    # grey spaces are paid in one colour: the colour with most spare cards covers them
    best_spare = 0
    for c in range(N_COLOURS):
        best_spare = max(best_spare, hand_p[c] - need[c])
    grey_short = need[GRAY + 1] - best_spare
    loco_short = need[LOCO] - hand_p[LOCO]
    short_colours = 0
    short_total = max(grey_short, 0) + max(loco_short, 0)
    for c in range(N_COLOURS):
        if need[c] > hand_p[c]:
            short_colours += 1
            short_total += need[c] - hand_p[c]
    best_slot = -1
    best_gain = 0.0
    loco_slot = -1
    for s in range(ru[RULE_MARKET_SIZE]):
        c = market[s]
        if c < 0:
            continue
        if c == LOCO:
            loco_slot = s
            continue
        gain = float(need[c] - hand_p[c])
        if gain <= 0.0 and grey_short > 0:
            gain = 0.5 + 0.01 * hand_p[c]  # builds up the colour that pays the grey routes
        if gain > best_gain:
            best_gain = gain
            best_slot = s
    if loco_slot >= 0 and short_total > 0:
        if not whole:
            return make_action(A_DRAW_MARKET, loco_slot, 0)
        if not second:
            # chance that a blind card helps: 12 of 110 per short colour, 14 locomotives
            q = (12.0 * (short_colours + (1 if grey_short > 0 else 0)) + 14.0) / 110.0
            if loco_short > 0 or (best_gain <= 0.0 and 2.0 * q < 1.0):
                return make_action(A_DRAW_MARKET, loco_slot, 0)
    if best_slot >= 0:
        return make_action(A_DRAW_MARKET, best_slot, 0)
    if cards_available(st) > 0:
        return make_action(A_DRAW_BLIND, 0, 0)
    for s in range(ru[RULE_MARKET_SIZE]):
        c = market[s]
        if c >= 0 and not (second and c == LOCO and whole):
            return make_action(A_DRAW_MARKET, s, 0)
    return np.int64(-1)


@njit(cache=True, _nrt=False)
def set_need_for_route(st, bd, p, ws, r):
    """ws.need[p] <- the cards route r needs (nothing when r < 0)."""
    need = ws.need[p]
    for k in range(need.shape[0]):
        need[k] = 0
    add_need_for_route(st, bd, p, ws, r)


@njit(cache=True, _nrt=False)
def longest_open_route(st, bd, ru, p, min_len):
    """The open route of at least min_len spaces (fitting p's trains) that p's
    hand is closest to paying, longest first; -1 if none."""
    routes = bd.routes
    group_routes = bd.group_routes
    owner = st.owner
    closed = st.closed
    trains_p = st.trains[p]
    hand_p = st.hand[p]
    best = -1
    best_v = -1.0
    for r in range(routes.shape[0]):
        length = routes[r, RT_LEN]
        if length < min_len or not route_open_to(owner, closed, trains_p, routes, group_routes, p, r):
            continue
        c = routes[r, RT_COLOUR]
        have = 0
        if c == GRAY:
            for k in range(N_COLOURS):
                have = max(have, hand_p[k])
        else:
            have = hand_p[c]
        have = min(have + hand_p[LOCO], length)
        v = route_points(ru, routes, r) + 2.0 * have / length
        if v > best_v:
            best_v = v
            best = r
    return best


@njit(cache=True, _nrt=False)
def planned_trains(st, bd, p, ws):
    """Trains the unclaimed planned routes of p still need."""
    want = ws.want[p]
    routes = bd.routes
    owner = st.owner
    n = 0
    for r in range(routes.shape[0]):
        if want[r] and owner[r] < 0:
            n += routes[r, RT_LEN] + routes[r, RT_MOUNTAINS]
    return n


@njit(cache=True, _nrt=False)
def add_need_for_route(st, bd, p, ws, r):
    """ws.need[p] += the cards route r needs (grey: in the colour held most)."""
    if r < 0:
        return
    need = ws.need[p]
    routes = bd.routes
    c = routes[r, RT_COLOUR]
    if c == GRAY:
        best = 0
        for k in range(1, N_COLOURS):
            if st.hand[p, k] > st.hand[p, best]:
                best = k
        c = best
    need[c] += routes[r, RT_LEN] - routes[r, RT_LOCOS]
    need[LOCO] += routes[r, RT_LOCOS]


@njit(cache=True, _nrt=False)
def hand_size(st, p):
    n = 0
    for k in range(N_CARD_KINDS):
        n += st.hand[p, k]
    return n


@njit(cache=True, _nrt=False)
def fewest_trains_of_others(st, p):
    n = st.sc[SC_N_PLAYERS]
    least = 1 << 30
    for q in range(n):
        if q != p:
            least = min(least, st.trains[q])
    return least


# --- tickets ------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def choose_keep_mask(st, bd, ru, p, ws, setup, price, budget_share, over_price):
    """The set of offered tickets worth most: points kept minus `price` per
    train of the whole network that joins them with the tickets held, minus
    `over_price` per train beyond the trains the game will probably leave
    (budget_share of p's trains, or at setup of all of them). Every subset
    with at least the minimum is tried: offers have at most 4 tickets."""
    n = st.sc[SC_N_OFFER]
    if n == 0:
        return make_action(A_KEEP_TICKETS, 0, 0)
    keep_min = ru[RULE_SETUP_KEEP_MIN] if setup else ru[RULE_DRAW_KEEP_MIN]
    keep_min = min(keep_min, n)
    trains_p = st.trains[p]
    horizon = float(trains_p)
    if not setup:
        horizon = float(min(trains_p, fewest_trains_of_others(st, p) + 4))
    budget = budget_share * horizon
    best_mask = (1 << n) - 1
    best_v = -INF
    for mask in range(1, 1 << n):
        if popcount(mask) < keep_min:
            continue
        raw = plan_network(st, bd, p, ws, mask, -1, 1)
        unreachable = int(raw // UNREACHABLE)
        cost = raw - UNREACHABLE * unreachable
        points = 0.0
        for i in range(n):
            if (mask >> i) & 1:
                points += bd.tickets[st.offer[i], TK_POINTS]
        v = points - price * cost - 40.0 * unreachable
        if cost > budget:
            v -= over_price * (cost - budget)
        if v > best_v:
            best_v = v
            best_mask = mask
    return make_action(A_KEEP_TICKETS, best_mask, 0)


# --- stations -----------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def station_choice(st, bd, ru, p, ws):
    """Build a station (EU-STN-1) when one joins an open ticket whose two
    sides p has already reached and no cheap open path remains; the colour
    p holds most of pays. -1 otherwise (stations are kept for their points)."""
    if st.stations_left[p] <= 0:
        return np.int64(-1)
    cost = station_cost(ru, st, p)
    pay = -1
    best_have = -(1 << 30)
    hand_p = st.hand[p]
    for c in range(N_CARD_KINDS):
        use, locos = station_payment(hand_p, c, cost)
        if use >= 0 and (c == LOCO and pay < 0 or c != LOCO and hand_p[c] - ws.need[p, c] > best_have):
            if c != LOCO:
                best_have = hand_p[c] - ws.need[p, c]
            pay = c
    if pay < 0:
        return np.int64(-1)
    routes = bd.routes
    owner = st.owner
    city_station = st.city_station
    uf = st.uf[p]
    for t in range(bd.tickets.shape[0]):
        if not ticket_open(st, bd, p, t):
            continue
        a = bd.tickets[t, TK_A]
        b = bd.tickets[t, TK_B]
        fa = uf_find(uf, a)
        fb = uf_find(uf, b)
        for r in range(routes.shape[0]):
            o = owner[r]
            if o < 0 or o == p:
                continue
            fu = uf_find(uf, routes[r, RT_A])
            fv = uf_find(uf, routes[r, RT_B])
            if not ((fu == fa and fv == fb) or (fu == fb and fv == fa)):
                continue
            city = -1
            if city_station[routes[r, RT_A]] < 0:
                city = routes[r, RT_A]
            elif city_station[routes[r, RT_B]] < 0:
                city = routes[r, RT_B]
            if city < 0:
                continue
            d = plan_dijkstra(st, bd, p, a, b, ws.plan_cnt, 0.0, -1, ws.dist, ws.prev_route, ws.done)
            if d >= FOREIGN_COST or d > st.trains[p]:
                return make_action(A_BUILD_STATION, city, pay)
            break
    return np.int64(-1)


# --- blocking -----------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def block_choice(st, bd, ru, p, ws):
    """A cheap affordable route (1-2 spaces) that cuts the likely path of an
    opponent: the cheapest open path joining the opponent's two separate
    pieces of network (public: its routes on the board). Worth the detour it
    forces, divided by the number of opponents (a block helps every other
    player as much as us). Returns an action or -1."""
    n = st.sc[SC_N_PLAYERS]
    routes = bd.routes
    owner = st.owner
    hand_p = st.hand[p]
    need_p = ws.need[p]
    cnt = ws.plan_cnt
    for r in range(cnt.shape[0]):
        cnt[r] = 0
    best = np.int64(-1)
    best_v = 2.5
    for q in range(n):
        if q == p:
            continue
        uf = st.uf[q]
        # two pieces of q's network: the first city of each of two roots
        a = -1
        b = -1
        for r in range(routes.shape[0]):
            if owner[r] != q:
                continue
            c = routes[r, RT_A]
            if a < 0:
                a = c
            elif b < 0 and uf_find(uf, c) != uf_find(uf, a):
                b = c
                break
        if b < 0:
            continue
        d = plan_dijkstra(st, bd, q, a, b, cnt, 0.0, -1, ws.dist, ws.prev_route, ws.done)
        if d >= INF or d > 10.0:
            continue
        # candidate cuts on that path (copy the path first: the next searches reuse prev)
        m = 0
        v = b
        while v != a:
            r = ws.prev_route[v]
            if owner[r] < 0:
                ws.path_buf[0, m] = r
                m += 1
            v = routes[r, RT_B] if routes[r, RT_A] == v else routes[r, RT_A]
        for i in range(m):
            r = ws.path_buf[0, i]
            if routes[r, RT_LEN] > 2:
                continue
            if not route_open_to(owner, st.closed, st.trains[p], routes, bd.group_routes, p, r):
                continue
            if not contested(st, bd, ru, r):
                continue
            c = pay_colour(hand_p, routes, r, need_p)
            if c < 0 or routes[r, RT_KIND] == KIND_TUNNEL:
                continue
            d2 = plan_dijkstra(st, bd, q, a, b, cnt, 0.0, r, ws.dist, ws.prev_route, ws.done)
            detour = min(d2 - d, 15.0)
            value = detour / (n - 1) + 0.3 * route_points(ru, routes, r)
            if value > best_v:
                best_v = value
                best = make_action(A_CLAIM, r, c)
    return best


# --- the bots -------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def planner_action(bot, st, bd, ru, p, rng, ws):
    """`planner`, and with `bot` its variants `destination-hungry` (keeps and
    draws many tickets) and `blocker` (also cuts opponents' likely paths)."""
    hungry = bot == BOT_DESTINATION_HUNGRY
    phase = st.sc[SC_PHASE]
    if phase == PH_SETUP_KEEP or phase == PH_KEEP_TICKETS:
        setup = phase == PH_SETUP_KEEP
        if hungry:
            prm = ws.bot_params
            return choose_keep_mask(st, bd, ru, p, ws, setup, prm[BP_HUNGRY_KEEP_PRICE], prm[BP_HUNGRY_BUDGET],
                                    prm[BP_HUNGRY_OVER_PRICE])
        prm = ws.bot_params
        return choose_keep_mask(st, bd, ru, p, ws, setup, prm[BP_KEEP_PRICE],
                                prm[BP_SETUP_BUDGET] if setup else prm[BP_DRAW_BUDGET], prm[BP_OVER_PRICE])
    if phase == PH_TUNNEL:
        # the route was chosen knowing the risk: pay when the hand can
        use, _ = surcharge_payment(st.hand[p], st.sc[SC_PEND_COLOUR], st.sc[SC_PEND_SURCHARGE])
        return make_action(A_TUNNEL_PAY if use >= 0 else A_TUNNEL_ABANDON, 0, 0)
    left = refresh_network_plan(st, bd, p, ws)
    if phase == PH_SECOND_DRAW:
        return draw_for_need(st, ru, p, True, ws)
    trains_p = st.trains[p]
    others = fewest_trains_of_others(st, p)
    prm = ws.bot_params
    endgame = st.sc[SC_END_COUNTDOWN] >= 0 or min(others, trains_p) <= prm[BP_ENDGAME_TRAINS]
    a = station_choice(st, bd, ru, p, ws)
    if a >= 0:
        return a
    if left > 0:
        a = best_planned_claim(st, bd, ru, p, ws, endgame)
        if a >= 0:
            return a
        if bot == BOT_BLOCKER and not endgame:
            a = block_choice(st, bd, ru, p, ws)
            if a >= 0:
                return a
        if hungry and not endgame and planned_trains(st, bd, p, ws) + prm[BP_HUNGRY_SPARE_TRAINS] <= trains_p \
                and others >= prm[BP_HUNGRY_OTHERS] and st.sc[SC_TP_COUNT] > 0:
            return make_action(A_DRAW_TICKETS, 0, 0)  # room for more: the new ones may overlap the network
        if not endgame and hand_size(st, p) < FULL_HAND and cards_available(st) >= 10:
            a = draw_for_need(st, ru, p, False, ws)
            if a >= 0:
                return a
    else:
        tickets_ok = trains_p >= prm[BP_TICKET_TRAINS] and others >= prm[BP_TICKET_OTHERS]
        if hungry:
            tickets_ok = trains_p >= prm[BP_HUNGRY_SPARE_TRAINS] and others >= prm[BP_HUNGRY_OTHERS]
        if tickets_ok and st.sc[SC_TP_COUNT] > 0:
            return make_action(A_DRAW_TICKETS, 0, 0)
        if bot == BOT_BLOCKER and not endgame:
            a = block_choice(st, bd, ru, p, ws)
            if a >= 0:
                return a
    # tickets done (or out of reach): spend trains on the best-scoring routes
    a = best_scoring_claim(st, bd, ru, p, ws, 1 if endgame else 3, endgame)
    if a >= 0:
        return a
    if left == 0 or endgame:
        set_need_for_route(st, bd, p, ws, longest_open_route(st, bd, ru, p, 3))
    a = draw_for_need(st, ru, p, False, ws)
    if a >= 0:
        return a
    a = best_scoring_claim(st, bd, ru, p, ws, 1, True)
    if a >= 0:
        return a
    if st.sc[SC_TP_COUNT] > 0 and hungry:
        return make_action(A_DRAW_TICKETS, 0, 0)
    return make_action(A_PASS, 0, 0)
