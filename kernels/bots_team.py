"""Team Asia greedy bot (the `greedy` name when the rule set plays in teams).

It reads only what seat p may see (TA-CRD-5): its own hand and tickets, its
team's card holder and shared tickets (its own and its teammate's), the
public board, the market and public counts (trains left). It never reads the
teammate's hand, the teammate's hidden tickets or the teammate's bot memory
(ws.want / ws.need rows of other seats).

Plan: the cheapest network joining p's open tickets and the team's shared
open tickets, over the team's combined routes (teammates' routes cost
nothing). Card draws: the card the plan lacks most; the first card goes to
the team holder when the teammate's shared tickets need it more than p's own
plan does (the second then goes to the hand, TA-CRD-2). Tickets: keeps like
the solo greedy bot and shares the kept ticket that costs most trains (the
one the teammate is likeliest to help with); mid-game it shares hidden open
tickets when its own trains cannot cover its plan and the teammate has
trains to spare (TA-TKT-3).
"""

import numpy as np
from numba import njit

from kernels.engine import (
    cards_available,
    claim_payment,
    make_action,
    route_open_to,
    surcharge_payment,
)
from kernels.layouts import (
    A_CLAIM,
    A_DRAW_BLIND,
    A_DRAW_MARKET,
    A_DRAW_TICKETS,
    A_KEEP_TICKETS,
    A_PASS,
    A_PLACE_CARD,
    A_SHARE_TICKETS,
    A_TUNNEL_ABANDON,
    A_TUNNEL_PAY,
    DEST_HAND,
    DEST_HOLDER,
    GRAY,
    KIND_FERRY,
    KIND_TUNNEL,
    LOCO,
    N_CARD_KINDS,
    N_COLOURS,
    PH_KEEP_TICKETS,
    PH_PLACE_CARD,
    PH_SECOND_DRAW,
    PH_SETUP_KEEP,
    PH_TUNNEL,
    RT_A,
    RT_B,
    RT_COLOUR,
    RT_KIND,
    RT_LEN,
    RT_LOCOS,
    RT_MOUNTAINS,
    RULE_DRAW_KEEP_MIN,
    RULE_FACEUP_LOCO_WHOLE_DRAW,
    RULE_MARKET_SIZE,
    RULE_ROUTE_SCORE,
    RULE_SETUP_KEEP_MIN,
    RULE_SHARED_TICKETS_DRAW,
    RULE_SHARED_TICKETS_SETUP,
    RULE_TEAM_SIZE,
    SC_FIRST_DEST,
    SC_N_OFFER,
    SC_PEND_CARD,
    SC_PEND_COLOUR,
    SC_PEND_SURCHARGE,
    SC_PHASE,
    SC_TP_COUNT,
    TK_A,
    TK_B,
)
from kernels.teams import fill_purse

_INF = 1e18


@njit(cache=True, _nrt=False, inline="always")
def _first(ru, p):
    size = max(ru[RULE_TEAM_SIZE], 1)
    return (p // size) * size


@njit(cache=True, _nrt=False)
def _edge_cost(owner, closed, routes, group_routes, p, r, trains, want, first, size):
    """0 for the team's own routes, ~0 for planned ones, the length for open ones."""
    o = owner[r]
    cost = _INF
    if o >= first and o < first + size:
        cost = 0.0
    elif route_open_to(owner, closed, trains, routes, group_routes, p, r):
        if want[r]:
            cost = 0.01
        else:
            cost = float(routes[r, RT_LEN] + routes[r, RT_MOUNTAINS])
            if routes[r, RT_KIND] == KIND_TUNNEL:
                cost += 0.5
            elif routes[r, RT_KIND] == KIND_FERRY:
                cost += 0.5 * routes[r, RT_LOCOS]
    return cost


@njit(cache=True, _nrt=False)
def team_shortest_path(st, bd, ru, p, src, dst, trains, want, ws):
    dist = ws.dist
    done = ws.done
    prev_route = ws.prev_route
    routes = bd.routes
    group_routes = bd.group_routes
    adj_start = bd.adj_start
    adj_route = bd.adj_route
    owner = st.owner
    closed = st.closed
    first = _first(ru, p)
    size = max(ru[RULE_TEAM_SIZE], 1)
    n_cities = dist.shape[0]
    for c in range(n_cities):
        dist[c] = _INF
        done[c] = 0
        prev_route[c] = -1
    dist[src] = 0.0
    for _ in range(n_cities):
        u = -1
        best = _INF
        for c in range(n_cities):
            if done[c] == 0 and dist[c] < best:
                best = dist[c]
                u = c
        if u < 0 or u == dst:
            break
        done[u] = 1
        for j in range(adj_start[u], adj_start[u + 1]):
            r = adj_route[j]
            cost = _edge_cost(owner, closed, routes, group_routes, p, r, trains, want, first, size)
            if cost >= _INF:
                continue
            v = routes[r, RT_B] if routes[r, RT_A] == u else routes[r, RT_A]
            if best + cost < dist[v]:
                dist[v] = best + cost
                prev_route[v] = r
    return dist[dst]


@njit(cache=True, _nrt=False, inline="always")
def _visible_open(st, ru, p, t):
    """Ticket t is open and p may see it: p's own hidden ticket (mode 1), a
    teammate's shared one (mode 2), p's own shared one (mode 3); else 0."""
    h = st.ticket_holder[t]
    if h < 0 or st.ticket_done_turn[t] >= 0:
        return 0
    if h == p:
        return 3 if st.ticket_shared[t] != 0 else 1
    first = _first(ru, p)
    if h >= first and h < first + max(ru[RULE_TEAM_SIZE], 1) and st.ticket_shared[t] != 0:
        return 2
    return 0


@njit(cache=True, _nrt=False)
def _plan_into(st, bd, ru, p, want, mode_mask, ws):
    """want <- unclaimed routes joining the visible open tickets whose mode is in mode_mask."""
    for r in range(want.shape[0]):
        want[r] = 0
    trains = st.trains[p]
    for t in range(bd.tickets.shape[0]):
        m = _visible_open(st, ru, p, t)
        if m == 0 or (mode_mask >> m) & 1 == 0:
            continue
        a = bd.tickets[t, TK_A]
        b = bd.tickets[t, TK_B]
        if team_shortest_path(st, bd, ru, p, a, b, trains, want, ws) >= _INF:
            continue
        v = b
        while v != a:
            r = ws.prev_route[v]
            if st.owner[r] < 0:
                want[r] = 1
            v = bd.routes[r, RT_B] if bd.routes[r, RT_A] == v else bd.routes[r, RT_A]


@njit(cache=True, _nrt=False)
def _need_of(bd, st, want, need):
    for k in range(need.shape[0]):
        need[k] = 0
    left = 0
    routes = bd.routes
    for r in range(routes.shape[0]):
        if want[r] and st.owner[r] < 0:
            left += routes[r, RT_LEN]
            c = routes[r, RT_COLOUR]
            need[GRAY + 1 if c == GRAY else c] += routes[r, RT_LEN] - routes[r, RT_LOCOS]
            need[LOCO] += routes[r, RT_LOCOS]
    return left


@njit(cache=True, _nrt=False)
def _key(st, ru, p):
    key = np.int64(0)
    for t in range(st.ticket_holder.shape[0]):
        m = _visible_open(st, ru, p, t)
        if m > 0:
            key = key * 31 + t + 1
    return key


@njit(cache=True, _nrt=False)
def _refresh(st, bd, ru, p, ws):
    """Replan p's own + the team's shared tickets when the visible tickets
    changed or a planned route was taken by the other team, closed, or no
    longer fits p's trains. Returns the trains still to place."""
    key = _key(st, ru, p)
    want = ws.want[p]
    stale = ws.plan_version[p] != key
    if not stale:
        first = _first(ru, p)
        size = max(ru[RULE_TEAM_SIZE], 1)
        routes = bd.routes
        owner = st.owner
        trains_p = st.trains[p]
        for r in range(routes.shape[0]):
            if want[r] and ((owner[r] >= 0 and (owner[r] < first or owner[r] >= first + size))
                            or st.closed[r] != 0 or (owner[r] < 0 and routes[r, RT_LEN] + routes[r, RT_MOUNTAINS]
                                                     > trains_p)):
                stale = True
                break
    if stale:
        _plan_into(st, bd, ru, p, want, (1 << 1) | (1 << 2) | (1 << 3), ws)
        ws.plan_version[p] = key
    return _need_of(bd, st, want, ws.need[p])


@njit(cache=True, _nrt=False)
def _team_plan(st, bd, ru, p, ws):
    """ws.team_need <- cards the team's shared tickets still need (only for
    deciding where a drawn card goes; recomputed each time, it is cheap)."""
    _plan_into(st, bd, ru, p, ws.team_want, (1 << 2) | (1 << 3), ws)
    _need_of(bd, st, ws.team_want, ws.team_need)


@njit(cache=True, _nrt=False, inline="always")
def _best_colour(purse, routes, r):
    rc = routes[r, RT_COLOUR]
    best = np.int64(-1)
    if rc != GRAY:
        use, _ = claim_payment(purse, routes, r, rc)
        if use >= 0:
            best = rc
    else:
        best_locos = np.int64(1 << 30)
        for c in range(N_COLOURS):
            use, locos = claim_payment(purse, routes, r, c)
            if use >= 0 and (locos < best_locos or (locos == best_locos and purse[c] > purse[best])):
                best = c
                best_locos = locos
    if best < 0:
        use, _ = claim_payment(purse, routes, r, LOCO)
        if use >= 0:
            best = LOCO
    return best


@njit(cache=True, _nrt=False)
def _best_claim(st, bd, ru, p, only_wanted, ws):
    best_r = np.int64(-1)
    best_c = np.int64(-1)
    best_v = np.int64(-1)
    want = ws.want[p]
    purse = st.purse
    routes = bd.routes
    group_routes = bd.group_routes
    owner = st.owner
    closed = st.closed
    trains_p = st.trains[p]
    for r in range(routes.shape[0]):
        if only_wanted and want[r] == 0:
            continue
        if not route_open_to(owner, closed, trains_p, routes, group_routes, p, r):
            continue
        c = _best_colour(purse, routes, r)
        if c >= 0 and routes[r, RT_KIND] == KIND_TUNNEL:
            spare = purse[LOCO] - routes[r, RT_LEN] if c == LOCO else purse[c] + purse[LOCO] - routes[r, RT_LEN]
            if spare < 1:
                c = -1
        v = ru[RULE_ROUTE_SCORE + routes[r, RT_LEN]]
        if c >= 0 and v > best_v:
            best_v = v
            best_r = r
            best_c = c
    return best_r, best_c


@njit(cache=True, _nrt=False)
def _dest_for(st, bd, ru, p, c, in_hand, ws):
    """TA-CRD-2: the card goes to the holder when the team's shared tickets
    (which both teammates play for) lack it more than p's hidden tickets do;
    the holder's cards serve both, the hand's only p."""
    if c < 0:
        return DEST_HAND
    _team_plan(st, bd, ru, p, ws)
    team_t = _first(ru, p) // max(ru[RULE_TEAM_SIZE], 1)
    private = max(ws.need[p, c] - ws.team_need[c], 0) - (st.hand[p, c] - in_hand)
    team = ws.team_need[c] - st.holder[team_t, c]
    if c != LOCO and team <= 0 and private <= 0:
        # a colour for grey routes: where the grey need is
        private = max(ws.need[p, GRAY + 1] - ws.team_need[GRAY + 1], 0) - (st.hand[p, c] - in_hand)
        team = ws.team_need[GRAY + 1] - st.holder[team_t, c]
    return DEST_HOLDER if team > private else DEST_HAND


@njit(cache=True, _nrt=False)
def _draw(st, bd, ru, p, second, ws):
    """Market card the plan (own and team-shared tickets) lacks most, else
    blind; with the destination rule of TA-CRD-2/3."""
    need = ws.need[p]
    purse = st.purse
    market = st.market
    whole = ru[RULE_FACEUP_LOCO_WHOLE_DRAW] != 0
    forced = DEST_HOLDER if st.sc[SC_FIRST_DEST] == DEST_HAND else DEST_HAND
    best_slot = -1
    best_gain = 0
    grey_left = need[GRAY + 1]  # the plan covers the team's shared tickets too
    for s in range(ru[RULE_MARKET_SIZE]):
        c = market[s]
        if c == LOCO and not second and need[LOCO] > purse[LOCO]:
            return make_action(A_DRAW_MARKET, s, DEST_HOLDER)  # TA-CRD-3
        if c < 0 or c == LOCO:
            continue
        gain = need[c] - purse[c]
        if gain <= 0 and grey_left > 0:
            gain = 1 if purse[c] > 0 else 0
        if gain > best_gain:
            best_gain = gain
            best_slot = s
    if best_slot >= 0:
        dest = forced if second else _dest_for(st, bd, ru, p, np.int64(market[best_slot]), 0, ws)
        return make_action(A_DRAW_MARKET, best_slot, dest)
    if cards_available(st) > 0:
        return make_action(A_DRAW_BLIND, 0, forced if second else DEST_HAND)
    for s in range(ru[RULE_MARKET_SIZE]):
        c = market[s]
        if c >= 0 and not (c == LOCO and whole and second):
            if c == LOCO and whole:
                return make_action(A_DRAW_MARKET, s, DEST_HOLDER)
            return make_action(A_DRAW_MARKET, s, forced if second else DEST_HAND)
    return -1


@njit(cache=True, _nrt=False)
def _keep(st, bd, ru, p, ws, setup):
    """Keep the cheapest offered tickets (as the solo greedy bot), share the
    kept ones that cost most trains (TA-TKT-1/2)."""
    n = st.sc[SC_N_OFFER]
    keep_min = min(ru[RULE_SETUP_KEEP_MIN] if setup else ru[RULE_DRAW_KEEP_MIN], n)
    n_share = ru[RULE_SHARED_TICKETS_SETUP] if setup else ru[RULE_SHARED_TICKETS_DRAW]
    trains = st.trains[p]
    budget = 0.55 * trains
    if not setup:
        committed = 0
        for r in range(bd.routes.shape[0]):
            if ws.want[p, r]:
                committed += bd.routes[r, RT_LEN]
        budget = 0.7 * trains - committed
    dists = ws.offer_dist
    for i in range(n):
        t = st.offer[i]
        dists[i] = team_shortest_path(st, bd, ru, p, bd.tickets[t, TK_A], bd.tickets[t, TK_B], trains,
                                      ws.want[p], ws)
    mask = 0
    spent = 0.0
    kept = 0
    for _ in range(n):
        j = -1
        for i in range(n):
            if (mask >> i) & 1 == 0 and (j < 0 or dists[i] < dists[j]):
                j = i
        if kept < keep_min or (dists[j] < _INF and spent + dists[j] <= budget):
            mask |= 1 << j
            spent += dists[j]
            kept += 1
        else:
            break
    share = 0
    for _ in range(min(n_share, kept)):
        j = -1
        for i in range(n):
            if (mask >> i) & 1 and (share >> i) & 1 == 0 and (j < 0 or dists[i] > dists[j]):
                j = i
        share |= 1 << j
    return make_action(A_KEEP_TICKETS, mask, share)


@njit(cache=True, _nrt=False)
def _share_choice(st, bd, ru, p, planned, ws):
    """TA-TKT-3: share up to two hidden open tickets (the costliest) when p's
    trains cannot cover its plan and the teammate has trains to spare."""
    first = _first(ru, p)
    size = max(ru[RULE_TEAM_SIZE], 1)
    mate_trains = 0
    for q in range(first, first + size):
        if q != p:
            mate_trains = max(mate_trains, st.trains[q])
    if planned <= st.trains[p] or mate_trains < 10:
        return np.int64(-1)
    t1 = -1
    t2 = -1
    d1 = -1.0
    d2 = -1.0
    for t in range(bd.tickets.shape[0]):
        if st.ticket_holder[t] != p or st.ticket_shared[t] != 0 or st.ticket_done_turn[t] >= 0:
            continue
        d = team_shortest_path(st, bd, ru, p, bd.tickets[t, TK_A], bd.tickets[t, TK_B], 1000, ws.want[p], ws)
        if d >= _INF:
            continue
        if d > d1:
            t2, d2 = t1, d1
            t1, d1 = t, d
        elif d > d2:
            t2, d2 = t, d
    if t1 < 0:
        return np.int64(-1)
    lo = min(t1, t2) if t2 >= 0 else t1
    hi = max(t1, t2) if t2 >= 0 else -1
    return make_action(A_SHARE_TICKETS, lo, hi + 1)


@njit(cache=True, _nrt=False)
def greedy_team_action(st, bd, ru, p, rng, ws):
    phase = st.sc[SC_PHASE]
    fill_purse(st, ru, p)
    if phase == PH_SETUP_KEEP or phase == PH_KEEP_TICKETS:
        _refresh(st, bd, ru, p, ws)
        return _keep(st, bd, ru, p, ws, phase == PH_SETUP_KEEP)
    if phase == PH_TUNNEL:
        use, _ = surcharge_payment(st.purse, st.sc[SC_PEND_COLOUR], st.sc[SC_PEND_SURCHARGE])
        return make_action(A_TUNNEL_PAY if use >= 0 else A_TUNNEL_ABANDON, 0, 0)
    planned = _refresh(st, bd, ru, p, ws)
    fill_purse(st, ru, p)
    if phase == PH_PLACE_CARD:  # the blind card just seen (it sits in the hand until placed)
        return make_action(A_PLACE_CARD, 0, _dest_for(st, bd, ru, p, st.sc[SC_PEND_CARD], 1, ws))
    if phase == PH_SECOND_DRAW:
        return _draw(st, bd, ru, p, True, ws)
    if planned > 0:
        r, c = _best_claim(st, bd, ru, p, True, ws)
        if r >= 0:
            return make_action(A_CLAIM, r, c)
        a = _share_choice(st, bd, ru, p, planned, ws)
        if a >= 0:
            return a
        total = 0
        for k in range(N_CARD_KINDS):
            total += st.purse[k]
        if total < 28 and cards_available(st) >= 10:
            a = _draw(st, bd, ru, p, False, ws)
            if a >= 0:
                return a
    elif st.trains[p] >= 8 and st.sc[SC_TP_COUNT] > 0:
        return make_action(A_DRAW_TICKETS, 0, 0)
    r, c = _best_claim(st, bd, ru, p, False, ws)
    if r >= 0 and (planned == 0 or bd.routes[r, RT_LEN] >= 3):
        return make_action(A_CLAIM, r, c)
    a = _draw(st, bd, ru, p, False, ws)
    if a >= 0:
        return a
    if r >= 0:
        return make_action(A_CLAIM, r, c)
    if st.sc[SC_TP_COUNT] > 0:
        return make_action(A_DRAW_TICKETS, 0, 0)
    for t in range(st.ticket_holder.shape[0]):  # passing is legal only when sharing is not
        if st.ticket_holder[t] == p and st.ticket_shared[t] == 0:
            return make_action(A_SHARE_TICKETS, t, 0)
    return make_action(A_PASS, 0, 0)
