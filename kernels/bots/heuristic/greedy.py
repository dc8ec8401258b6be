"""`greedy` on the points games: claims the most valuable affordable route of
its ticket plan, else draws the colours the plan needs; with every ticket
done, draws tickets while trains last, then spends cards on the best-scoring
routes. Its plan is one shortest path per open ticket, each later ticket
reusing the routes already planned, with Legendary Asia's mountain trade."""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.bits import ONE, ZERO, low_bit_index
from kernels.bots.shared.destinations import ticket_ends
from kernels.bots.shared.paying import keep_better_claim, tunnel_decision
from kernels.bots.shared.plan import (
    committed_trains,
    mark_path,
    plan_need,
    planned_trains,
    price_routes,
    ticket_distance,
)
from kernels.core.actions import make_action
from kernels.core.cards import cards_available
from kernels.core.claimable import open_to_word
from kernels.core.claims import claim_trains
from kernels.paths import shortest_path


# --- the plan -------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def _plan(st, bd, ru, p, ws):
    """Mark the unclaimed routes of a cheap network joining p's open tickets.
    Mountain trade (LA-MTN-2): a first plan counts each X as the train it
    takes; from the trains that plan needs, each X is then re-weighed by its
    net points (mountain_x_value) and the network planned again, unless the
    re-weighed plan no longer fits the trains left while the first did."""
    trains = np.int64(st.trains[p])
    plan_trains = _plan_paths(st, bd, p, ws, 1.0)
    if ru[L.RULE_MOUNTAIN_POINTS] > 0 and trains > 0 and _open_mountains(st, bd):
        per_train = train_value(bd, ru, trains)
        if per_train > 0:
            x_cost = -mountain_x_value(bd, ru, trains, plan_trains) / per_train
            if _plan_paths(st, bd, p, ws, x_cost) > trains and plan_trains <= trains:
                _plan_paths(st, bd, p, ws, 1.0)
    ws.plan_version[p] = _ticket_key(st, bd, p)


@njit(cache=True, _nrt=False)
def _plan_paths(st, bd, p, ws, x_cost):
    """ws.want[p] <- the routes of the plan (mountain X costing x_cost each);
    returns the trains they need, Mountain Pass discards included."""
    want = ws.want[p]
    want[:] = 0
    price_routes(st, bd, p, np.int64(st.trains[p]), want, x_cost, ws.price[:])
    for t in range(bd.n_tickets):
        if st.ticket_holder[t] != p or st.ticket_done_turn[t] >= 0:
            continue
        src, dst, _ = ticket_ends(bd, ws, t)  # a ticket with options: the option to aim at
        if shortest_path(bd, ws.price[:], src, dst, ws.dist[:], ws.prev_route[:]) >= L.INF:
            continue  # blocked: nothing to plan for it
        mark_path(st, bd, src, dst, want, np.int64(1), ws)
    return planned_trains(st, bd, p, ws)


@njit(cache=True, _nrt=False)
def _open_mountains(st, bd):
    """True while some mountain route is unclaimed."""
    routes = bd.routes[:bd.n_routes]
    owner = st.owner
    found = False
    for r in range(routes.shape[0]):
        if routes[r, L.RT_MOUNTAINS] > 0 and owner[r] < 0:
            found = True
            break
    return found


@njit(cache=True, _nrt=False)
def train_value(bd, ru, trains_left):
    """Points one train of the supply can still earn on the board: the best
    points per train over the board's route lengths that fit in trains_left
    (route-score table)."""
    routes = bd.routes[:bd.n_routes]
    best = 0.0
    for r in range(routes.shape[0]):
        n = routes[r, L.RT_LEN]
        if 0 < n <= trains_left:
            v = ru[L.RULE_ROUTE_SCORE + n] / n
            if v > best:
                best = v
    return best


@njit(cache=True, _nrt=False)
def mountain_x_value(bd, ru, trains_left, plan_trains):
    """Net points of one train discarded to the Mountain Pass (LA-MTN-2):
    its mountain points minus the points that train could earn on a route
    (train_value), weighted by the share of the trains left that p's plan
    needs. Plenty of trains: the discard is nearly free points; trains
    scarce (the plan needs them all): it costs more than it scores."""
    pressure = 1.0
    if trains_left > plan_trains:
        pressure = plan_trains / trains_left
    return ru[L.RULE_MOUNTAIN_POINTS] - train_value(bd, ru, trains_left) * pressure


@njit(cache=True, _nrt=False)
def _ticket_key(st, bd, p):
    """Changes whenever p's tickets are kept or completed (the plan must then be redone)."""
    holder = st.ticket_holder
    done = st.ticket_done_turn
    key = 0
    for t in range(st.sc[L.SC_N_TICKETS]):
        if holder[t] == p:
            key = key * 31 + t + 1 + (7919 if done[t] >= 0 else 0)
    return key


@njit(cache=True, _nrt=False)
def _refresh_plan(st, bd, ru, p, ws):
    """Replan only when the plan is stale: p's tickets changed, or a planned
    route was taken by someone else, closed, or no longer fits p's trains.
    Returns the number of planned routes still to claim; fills ws.need[p]."""
    want = ws.want[p]
    routes = bd.routes[:bd.n_routes]
    owner = st.owner
    closed = st.closed
    trains_p = np.int64(st.trains[p])
    stale = ws.plan_version[p] != _ticket_key(st, bd, p)
    if not stale:
        for r in range(routes.shape[0]):
            if want[r] and (owner[r] >= 0 and owner[r] != p or closed[r] != 0
                            or claim_trains(routes, r) > trains_p):
                stale = True
                break
    if stale:
        _plan(st, bd, ru, p, ws)
    left, _ = plan_need(routes, owner, want, ws.need[p])
    return left


# --- actions -----------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def _best_claim(st, bd, ru, p, only_wanted, ws):
    """The affordable route with the most points (planned routes only, or
    any): route score plus the net points of its mountain X (mountain_x_value).
    A tunnel keeps one spare matching card for the surcharge (P(surcharge >= 2)
    is ~14%)."""
    best_r = np.int64(-1)
    best_c = np.int64(-1)
    best_v = -L.INF
    want = ws.want[p]
    hand_p = st.hand[p]
    routes = bd.routes[:bd.n_routes]
    trains_p = np.int64(st.trains[p])
    x_value = 0.0
    x_known = ru[L.RULE_MOUNTAIN_POINTS] <= 0  # computed at the first open mountain route only
    for k in range(st.sc[L.SC_N_WORDS]):
        m = open_to_word(st, bd, p, k)  # the routes open to p (route_open_to), in route order
        while m != ZERO:
            r = k * 64 + low_bit_index(m)
            m &= m - ONE
            if only_wanted and want[r] == 0:
                continue
            v = float(ru[L.RULE_ROUTE_SCORE + routes[r, L.RT_LEN]])
            if routes[r, L.RT_MOUNTAINS] > 0:
                if not x_known:  # the same value at whichever route it is first needed
                    x_value = mountain_x_value(bd, ru, trains_p, planned_trains(st, bd, p, ws))
                    x_known = True
                v += x_value * routes[r, L.RT_MOUNTAINS]
            best_v, best_r, best_c = keep_better_claim(ru, hand_p, routes, r, ws.no_need[:], False, v, best_v,
                                                       best_r, best_c)
    return best_r, best_c


@njit(cache=True, _nrt=False)
def _draw_choice(st, ru, p, second, ws):
    """A face-up locomotive when the plan lacks locomotives (ferries) and this
    is the first card; else the market card the plan lacks most; else blind."""
    need = ws.need[p]
    hand_p = st.hand[p]
    market = st.market
    best_slot = -1
    best_gain = 0
    grey_left = need[L.GRAY + 1]  # any colour helps a grey route
    whole = ru[L.RULE_FACEUP_LOCO_WHOLE_DRAW] != 0
    for s in range(ru[L.RULE_MARKET_SIZE]):
        c = market[s]
        if c == L.LOCO and need[L.LOCO] > hand_p[L.LOCO] and not (second and whole):
            return make_action(L.A_DRAW_MARKET, s, 0)
        if c < 0 or c == L.LOCO:
            continue
        gain = need[c] - hand_p[c]
        if gain <= 0 and grey_left > 0:
            gain = 1 if hand_p[c] > 0 else 0
        if gain > best_gain:
            best_gain = gain
            best_slot = s
    if best_slot >= 0:
        return make_action(L.A_DRAW_MARKET, best_slot, 0)
    if cards_available(st) > 0:
        return make_action(L.A_DRAW_BLIND, 0, 0)
    for s in range(ru[L.RULE_MARKET_SIZE]):
        c = market[s]
        if c >= 0 and not (second and c == L.LOCO and whole):
            return make_action(L.A_DRAW_MARKET, s, 0)
    return np.int64(-1)


@njit(cache=True, _nrt=False)
def _keep_choice(st, bd, ru, p, ws, setup):
    """Keep the cheapest offered tickets (train distance on the current board)
    up to the minimum, and more while they fit in about half the trains."""
    n = st.sc[L.SC_N_OFFER]
    keep_min = min(ru[L.RULE_SETUP_KEEP_MIN] if setup else ru[L.RULE_DRAW_KEEP_MIN], n)
    trains = np.int64(st.trains[p])
    budget = 0.55 * trains
    if not setup:
        budget = 0.7 * trains - committed_trains(bd, ws.want[p])
    price_routes(st, bd, p, np.int64(trains), ws.want[p], 1.0, ws.price[:])
    return make_action(L.A_KEEP_TICKETS, keep_cheapest(st, bd, p, ws, keep_min, budget), 0)


@njit(cache=True, _nrt=False)
def greedy_action(st, bd, ru, p, rng, ws):
    phase = st.sc[L.SC_PHASE]
    if phase == L.PH_SETUP_KEEP or phase == L.PH_KEEP_TICKETS:
        _refresh_plan(st, bd, ru, p, ws)
        return _keep_choice(st, bd, ru, p, ws, phase == L.PH_SETUP_KEEP)
    if phase == L.PH_TUNNEL:
        return tunnel_decision(st, bd, ru, p)
    planned = _refresh_plan(st, bd, ru, p, ws)
    if phase == L.PH_SECOND_DRAW:
        return _draw_choice(st, ru, p, np.bool_(True), ws)
    if planned > 0:
        r, c = _best_claim(st, bd, ru, p, np.bool_(True), ws)
        if r >= 0:
            return make_action(L.A_CLAIM, r, c)
        hand_total = 0
        for k in range(L.LOCO + 1):
            hand_total += st.hand[p, k]
        # keep drawing for the plan unless the hand is bloated or the piles are
        # nearly dry (then the cards the plan needs are stuck in other hands)
        if hand_total < 24 and cards_available(st) >= 10:
            a = _draw_choice(st, ru, p, np.bool_(False), ws)
            if a >= 0:
                return a
    elif st.trains[p] >= 12 and st.sc[L.SC_TP_COUNT] > 0:
        return make_action(L.A_DRAW_TICKETS, 0, 0)
    r, c = _best_claim(st, bd, ru, p, np.bool_(False), ws)
    if r >= 0 and (planned == 0 or bd.routes[r, L.RT_LEN] >= 3):
        return make_action(L.A_CLAIM, r, c)
    a = _draw_choice(st, ru, p, np.bool_(False), ws)
    if a >= 0:
        return a
    if r >= 0:
        return make_action(L.A_CLAIM, r, c)
    if st.sc[L.SC_TP_COUNT] > 0:
        return make_action(L.A_DRAW_TICKETS, 0, 0)
    return make_action(L.A_PASS, 0, 0)


@njit(cache=True, _nrt=False)
def keep_cheapest(st, bd, p, ws, keep_min, budget):
    """Keep the offered tickets in order of their distance over ws.price, up
    to keep_min, and more while they are reachable and fit in `budget` trains.
    Leaves each offered ticket's distance in ws.offer_dist; returns the mask."""
    n = st.sc[L.SC_N_OFFER]
    dists = ws.offer_dist
    for i in range(n):
        dists[i] = ticket_distance(bd, np.int64(st.offer[i]), ws)
    mask = 0
    spent = 0.0
    kept = 0
    for _ in range(n):
        j = -1
        for i in range(n):
            if (mask >> i) & 1 == 0 and (j < 0 or dists[i] < dists[j]):
                j = i
        if kept < keep_min or (dists[j] < L.INF and spent + dists[j] <= budget):
            mask |= 1 << j
            spent += dists[j]
            kept += 1
        else:
            break
    return mask
