"""`greedy` on Team Asia (the `greedy` name when the rule set plays in teams).

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

from kernels import layouts as L
from kernels.bits import ONE, ZERO, low_bit_index
from kernels.bots.heuristic.greedy import keep_cheapest
from kernels.bots.shared.paying import keep_better_claim, tunnel_decision
from kernels.bots.shared.plan import PLANNED_PRICE, committed_trains, mark_path, plan_need, ticket_distance
from kernels.core.actions import make_action
from kernels.core.cards import cards_available, fill_purse
from kernels.core.claimable import open_to_word
from kernels.core.claims import claim_trains, route_open_to
from kernels.core.seats import team_first, team_size


@njit(cache=True, _nrt=False)
def price_team_routes(st, bd, ru, p, trains, want, price):
    """price <- what each route costs the team plan of seat p: the team's own
    routes 0, planned ones PLANNED_PRICE, open ones (claimable by p with
    `trains`) their trains plus a little for a tunnel's or ferry's risk."""
    routes = bd.routes[:bd.n_routes]
    group_routes = bd.group_routes[:bd.n_groups]
    owner = st.owner
    closed = st.closed
    first = team_first(ru, p)
    size = team_size(ru)
    for r in range(routes.shape[0]):
        o = owner[r]
        cost = L.INF
        if o >= first and o < first + size:
            cost = 0.0
        elif route_open_to(owner, closed, trains, routes, group_routes, p, r):
            if want[r]:
                cost = PLANNED_PRICE
            else:
                cost = float(claim_trains(routes, r))
                if routes[r, L.RT_KIND] == L.KIND_TUNNEL:
                    cost += 0.5
                elif routes[r, L.RT_KIND] == L.KIND_FERRY:
                    cost += 0.5 * routes[r, L.RT_LOCOS]
        price[r] = cost


@njit(cache=True, _nrt=False, inline="always")
def visible_open(st, ru, p, t):
    """Ticket t is open and p may see it: p's own hidden ticket (mode 1), a
    teammate's shared one (mode 2), p's own shared one (mode 3); else 0."""
    h = st.ticket_holder[t]
    if h < 0 or st.ticket_done_turn[t] >= 0:
        return 0
    if h == p:
        return 3 if st.ticket_shared[t] != 0 else 1
    first = team_first(ru, p)
    if h >= first and h < first + team_size(ru) and st.ticket_shared[t] != 0:
        return 2
    return 0


@njit(cache=True, _nrt=False)
def _plan_into(st, bd, ru, p, want, mode_mask, ws):
    """want <- unclaimed routes joining the visible open tickets whose mode is in mode_mask."""
    for r in range(bd.n_routes):
        want[r] = 0
    price_team_routes(st, bd, ru, p, np.int64(st.trains[p]), want, ws.price[:])
    for t in range(bd.n_tickets):
        m = visible_open(st, ru, p, t)
        if m == 0 or (mode_mask >> m) & 1 == 0:
            continue
        if ticket_distance(bd, t, ws) >= L.INF:
            continue
        mark_path(st, bd, np.int64(bd.tickets[t, L.TK_A]), np.int64(bd.tickets[t, L.TK_B]), want, np.int64(1), ws)


@njit(cache=True, _nrt=False)
def visible_key(st, ru, p):
    key = np.int64(0)
    for t in range(st.sc[L.SC_N_TICKETS]):
        m = visible_open(st, ru, p, t)
        if m > 0:
            key = key * 31 + t + 1
    return key


@njit(cache=True, _nrt=False)
def _refresh(st, bd, ru, p, ws):
    """Replan p's own + the team's shared tickets when the visible tickets
    changed or a planned route was taken by the other team, closed, or no
    longer fits p's trains. Returns the trains still to place."""
    key = visible_key(st, ru, p)
    want = ws.want[p]
    stale = ws.plan_version[p] != key
    if not stale:
        first = team_first(ru, p)
        size = team_size(ru)
        routes = bd.routes[:bd.n_routes]
        owner = st.owner
        trains_p = np.int64(st.trains[p])
        for r in range(routes.shape[0]):
            if want[r] and ((owner[r] >= 0 and (owner[r] < first or owner[r] >= first + size))
                            or st.closed[r] != 0 or (owner[r] < 0 and claim_trains(routes, r)
                                                     > trains_p)):
                stale = True
                break
    if stale:
        _plan_into(st, bd, ru, p, want, np.int64((1 << 1) | (1 << 2) | (1 << 3)), ws)
        ws.plan_version[p] = key
    _, trains = plan_need(bd.routes[:bd.n_routes], st.owner, want, ws.need[p])
    return trains


@njit(cache=True, _nrt=False)
def _team_plan(st, bd, ru, p, ws):
    """ws.team_need <- cards the team's shared tickets still need (only for
    deciding where a drawn card goes; recomputed each time, it is cheap)."""
    _plan_into(st, bd, ru, p, ws.team_want[:], np.int64((1 << 2) | (1 << 3)), ws)
    plan_need(bd.routes[:bd.n_routes], st.owner, ws.team_want[:], ws.team_need[:])


@njit(cache=True, _nrt=False)
def _best_claim(st, bd, ru, p, only_wanted, ws):
    best_r = np.int64(-1)
    best_c = np.int64(-1)
    best_v = np.int64(-1)
    want = ws.want[p]
    purse = st.purse[:]  # an array, as other callers of pay_colour pass
    routes = bd.routes[:bd.n_routes]
    for k in range(st.sc[L.SC_N_WORDS]):
        m = open_to_word(st, bd, p, k)  # the routes open to p (route_open_to), in route order
        while m != ZERO:
            r = k * 64 + low_bit_index(m)
            m &= m - ONE
            if only_wanted and want[r] == 0:
                continue
            v = ru[L.RULE_ROUTE_SCORE + routes[r, L.RT_LEN]]
            best_v, best_r, best_c = keep_better_claim(ru, purse, routes, r, ws.no_need[:], False, v, best_v,
                                                       best_r, best_c)
    return best_r, best_c


@njit(cache=True, _nrt=False)
def card_destination(st, bd, ru, p, c, in_hand, ws):
    """TA-CRD-2: the card goes to the holder when the team's shared tickets
    (which both teammates play for) lack it more than p's hidden tickets do;
    the holder's cards serve both, the hand's only p."""
    if c < 0:
        return L.DEST_HAND
    _team_plan(st, bd, ru, p, ws)
    team_t = team_first(ru, p) // team_size(ru)
    private = max(ws.need[p, c] - ws.team_need[c], 0) - (st.hand[p, c] - in_hand)
    team = ws.team_need[c] - st.holder[team_t, c]
    if c != L.LOCO and team <= 0 and private <= 0:
        # a colour for grey routes: where the grey need is
        private = max(ws.need[p, L.GRAY + 1] - ws.team_need[L.GRAY + 1], 0) - (st.hand[p, c] - in_hand)
        team = ws.team_need[L.GRAY + 1] - st.holder[team_t, c]
    return L.DEST_HOLDER if team > private else L.DEST_HAND


@njit(cache=True, _nrt=False)
def team_draw(st, bd, ru, p, second, ws):
    """Market card the plan (own and team-shared tickets) lacks most, else
    blind; with the destination rule of TA-CRD-2/3."""
    need = ws.need[p]
    purse = st.purse
    market = st.market
    whole = ru[L.RULE_FACEUP_LOCO_WHOLE_DRAW] != 0
    forced = L.DEST_HOLDER if st.sc[L.SC_FIRST_DEST] == L.DEST_HAND else L.DEST_HAND
    best_slot = -1
    best_gain = 0
    grey_left = need[L.GRAY + 1]  # the plan covers the team's shared tickets too
    for s in range(ru[L.RULE_MARKET_SIZE]):
        c = market[s]
        if c == L.LOCO and not second and need[L.LOCO] > purse[L.LOCO]:
            return make_action(L.A_DRAW_MARKET, s, L.DEST_HOLDER)  # TA-CRD-3
        if c < 0 or c == L.LOCO:
            continue
        gain = need[c] - purse[c]
        if gain <= 0 and grey_left > 0:
            gain = 1 if purse[c] > 0 else 0
        if gain > best_gain:
            best_gain = gain
            best_slot = s
    if best_slot >= 0:
        dest = forced if second else card_destination(st, bd, ru, p, np.int64(market[best_slot]), np.int64(0), ws)
        return make_action(L.A_DRAW_MARKET, best_slot, dest)
    if cards_available(st) > 0:
        return make_action(L.A_DRAW_BLIND, 0, forced if second else L.DEST_HAND)
    for s in range(ru[L.RULE_MARKET_SIZE]):
        c = market[s]
        if c >= 0 and not (c == L.LOCO and whole and second):
            if c == L.LOCO and whole:
                return make_action(L.A_DRAW_MARKET, s, L.DEST_HOLDER)
            return make_action(L.A_DRAW_MARKET, s, forced if second else L.DEST_HAND)
    return -1


@njit(cache=True, _nrt=False)
def _keep(st, bd, ru, p, ws, setup):
    """Keep the cheapest offered tickets (as the solo greedy bot), share the
    kept ones that cost most trains (TA-TKT-1/2)."""
    n = st.sc[L.SC_N_OFFER]
    keep_min = min(ru[L.RULE_SETUP_KEEP_MIN] if setup else ru[L.RULE_DRAW_KEEP_MIN], n)
    n_share = ru[L.RULE_SHARED_TICKETS_SETUP] if setup else ru[L.RULE_SHARED_TICKETS_DRAW]
    trains = np.int64(st.trains[p])
    budget = 0.55 * trains
    if not setup:
        budget = 0.7 * trains - committed_trains(bd, ws.want[p])
    price_team_routes(st, bd, ru, p, np.int64(trains), ws.want[p], ws.price[:])
    mask = keep_cheapest(st, bd, p, ws, keep_min, budget)
    kept = 0
    for i in range(n):
        kept += (mask >> i) & 1
    dists = ws.offer_dist
    share = 0
    for _ in range(min(n_share, kept)):
        j = -1
        for i in range(n):
            if (mask >> i) & 1 and (share >> i) & 1 == 0 and (j < 0 or dists[i] > dists[j]):
                j = i
        share |= 1 << j
    return make_action(L.A_KEEP_TICKETS, mask, share)


@njit(cache=True, _nrt=False)
def share_choice(st, bd, ru, p, planned, ws):
    """TA-TKT-3: share up to two hidden open tickets (the costliest) when p's
    trains cannot cover its plan and the teammate has trains to spare."""
    first = team_first(ru, p)
    size = team_size(ru)
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
    price_team_routes(st, bd, ru, p, np.int64(1000), ws.want[p], ws.price[:])
    for t in range(bd.n_tickets):
        if st.ticket_holder[t] != p or st.ticket_shared[t] != 0 or st.ticket_done_turn[t] >= 0:
            continue
        d = ticket_distance(bd, t, ws)
        if d >= L.INF:
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
    return make_action(L.A_SHARE_TICKETS, lo, hi + 1)


@njit(cache=True, _nrt=False)
def greedy_team_action(st, bd, ru, p, rng, ws):
    phase = st.sc[L.SC_PHASE]
    fill_purse(st, ru, p)
    if phase == L.PH_SETUP_KEEP or phase == L.PH_KEEP_TICKETS:
        _refresh(st, bd, ru, p, ws)
        return _keep(st, bd, ru, p, ws, phase == L.PH_SETUP_KEEP)
    if phase == L.PH_TUNNEL:
        return tunnel_decision(st, bd, ru, p)
    planned = _refresh(st, bd, ru, p, ws)
    fill_purse(st, ru, p)
    if phase == L.PH_PLACE_CARD:  # the blind card just seen (it sits in the hand until placed)
        return make_action(L.A_PLACE_CARD, 0, card_destination(st, bd, ru, p, st.sc[L.SC_PEND_CARD], np.int64(1), ws))
    if phase == L.PH_SECOND_DRAW:
        return team_draw(st, bd, ru, p, np.bool_(True), ws)
    if planned > 0:
        r, c = _best_claim(st, bd, ru, p, np.bool_(True), ws)
        if r >= 0:
            return make_action(L.A_CLAIM, r, c)
        a = share_choice(st, bd, ru, p, planned, ws)
        if a >= 0:
            return a
        total = 0
        for k in range(L.N_CARD_KINDS):
            total += st.purse[k]
        if total < 28 and cards_available(st) >= 10:
            a = team_draw(st, bd, ru, p, np.bool_(False), ws)
            if a >= 0:
                return a
    elif st.trains[p] >= 8 and st.sc[L.SC_TP_COUNT] > 0:
        return make_action(L.A_DRAW_TICKETS, 0, 0)
    r, c = _best_claim(st, bd, ru, p, np.bool_(False), ws)
    if r >= 0 and (planned == 0 or bd.routes[r, L.RT_LEN] >= 3):
        return make_action(L.A_CLAIM, r, c)
    a = team_draw(st, bd, ru, p, np.bool_(False), ws)
    if a >= 0:
        return a
    if r >= 0:
        return make_action(L.A_CLAIM, r, c)
    if st.sc[L.SC_TP_COUNT] > 0:
        return make_action(L.A_DRAW_TICKETS, 0, 0)
    for t in range(st.sc[L.SC_N_TICKETS]):  # passing is legal only when sharing is not
        if st.ticket_holder[t] == p and st.ticket_shared[t] == 0:
            return make_action(L.A_SHARE_TICKETS, t, 0)
    return make_action(L.A_PASS, 0, 0)
