"""`greedy`: claims the most valuable affordable route of its ticket plan,
else draws the colours the plan needs; with its tickets done it draws more
while trains last, then spends its cards on the best-scoring routes.

Its plan is one shortest path per open ticket, each later ticket reusing the
routes already planned, with Legendary Asia's mountain trade. In teams (Team
Asia) the plan joins the tickets seat p may see over the team's routes, a
drawn card goes where the team lacks it more (TA-CRD-2/3) and p shares hidden
tickets its trains cannot cover (TA-TKT-3), through bots/shared/team_plan.py;
a seat is a team of one otherwise. Reads only what seat p may see."""

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
from kernels.bots.shared.team_plan import (
    VISIBLE,
    card_destination,
    share_choice,
    team_plan_broken,
    team_plan_into,
    visible_key,
)
from kernels.core.actions import action_a, make_action
from kernels.core.cards import cards_available, fill_purse
from kernels.core.claimable import open_to_word
from kernels.core.claims import claim_trains
from kernels.core.seats import team_size
from kernels.paths import shortest_path

HAND_LIMIT = 24  # no more cards for the plan with this many in hand ...
TEAM_HAND_LIMIT = 28  # ... or in hand and team holder together
MIN_PILE = 10  # ... nor with the piles this low (the cards the plan needs are then in other hands)
TICKET_TRAINS = 12  # the plan done: more tickets while p has this many trains ...
TEAM_TICKET_TRAINS = 8  # ... in teams, where the teammate's routes join the network
SETUP_BUDGET = 0.55  # share of p's trains the setup tickets kept may need ...
DRAW_BUDGET = 0.7  # ... and tickets kept mid-game, with the plan's trains


# --- the plan -------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def _plan(st, bd, ru, p, ws):
    """Mark the unclaimed routes of a cheap network joining p's open tickets.
    Mountain trade (LA-MTN-2): a first plan counts each X as the train it
    takes; from the trains that plan needs, each X is then re-weighed by its
    net points (mountain_x_value) and the network planned again, unless the
    re-weighed plan no longer fits the trains left while the first did."""
    trains = np.int64(st.trains[p])
    plan_trains = _plan_paths(st, bd, ru, p, ws, 1.0)
    if ru[L.RULE_MOUNTAIN_POINTS] > 0 and trains > 0 and _open_mountains(st, bd):
        per_train = train_value(bd, ru, trains)
        if per_train > 0:
            x_cost = -mountain_x_value(bd, ru, trains, plan_trains) / per_train
            if _plan_paths(st, bd, ru, p, ws, x_cost) > trains and plan_trains <= trains:
                _plan_paths(st, bd, ru, p, ws, 1.0)
    ws.plan_version[p] = _ticket_key(st, bd, p)


@njit(cache=True, _nrt=False)
def _plan_paths(st, bd, ru, p, ws, x_cost):
    """ws.want[p] <- the routes of the plan (mountain X costing x_cost each);
    returns the trains they need, Mountain Pass discards included."""
    want = ws.want[p]
    want[:] = 0
    price_routes(st, bd, ru, p, np.int64(st.trains[p]), want, x_cost, ws.price[:])
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


@njit(cache=True, _nrt=False)
def _refresh_team_plan(st, bd, ru, p, ws):
    """In teams: replan p's own and the team's shared tickets when the tickets
    p may see changed or the plan broke (team_plan_broken). Returns the trains
    still to place; fills ws.need[p]."""
    key = visible_key(st, ru, p)
    want = ws.want[p]
    if ws.plan_version[p] != key or team_plan_broken(st, bd, ru, p, ws):
        team_plan_into(st, bd, ru, p, want, np.int64(VISIBLE), ws)
        ws.plan_version[p] = key
    _, trains = plan_need(bd.routes[:bd.n_routes], st.owner, want, ws.need[p])
    return trains


# --- cards, claims, tickets -------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def draw_for_plan(st, bd, ru, p, second, ws):
    """The card p's plan (ws.need[p]) lacks most, counted against p's purse
    (filled by the caller): a face-up locomotive when the plan lacks
    locomotives (ferries) and it may be taken; else the face-up card the plan
    lacks most (any card held, for a grey route); else blind; else any face-up
    card; -1 when no card can be drawn. In teams the first card chosen goes
    where the team lacks it more (card_destination, TA-CRD-2)."""
    need = ws.need[p]
    purse = st.purse
    market = st.market
    teams = team_size(ru) > 1
    whole = ru[L.RULE_FACEUP_LOCO_WHOLE_DRAW] != 0
    second_dest = L.DEST_HAND
    if teams:
        second_dest = L.DEST_HOLDER if st.sc[L.SC_FIRST_DEST] == L.DEST_HAND else L.DEST_HAND
    best_slot = -1
    best_gain = 0
    grey_left = need[L.GRAY + 1]  # any colour helps a grey route
    for s in range(ru[L.RULE_MARKET_SIZE]):
        c = market[s]
        if c == L.LOCO and need[L.LOCO] > purse[L.LOCO] and not (second and whole):
            if teams and not second:
                return make_action(L.A_DRAW_MARKET, s, L.DEST_HOLDER)  # TA-CRD-3
            return make_action(L.A_DRAW_MARKET, s, second_dest if second else L.DEST_HAND)
        if c < 0 or c == L.LOCO:
            continue
        gain = need[c] - purse[c]
        if gain <= 0 and grey_left > 0:
            gain = 1 if purse[c] > 0 else 0
        if gain > best_gain:
            best_gain = gain
            best_slot = s
    if best_slot >= 0:
        dest = second_dest if second else L.DEST_HAND
        if teams and not second:
            dest = card_destination(st, bd, ru, p, np.int64(market[best_slot]), np.int64(0), ws)
        return make_action(L.A_DRAW_MARKET, best_slot, dest)
    if cards_available(st) > 0:
        return make_action(L.A_DRAW_BLIND, 0, second_dest if second else L.DEST_HAND)
    for s in range(ru[L.RULE_MARKET_SIZE]):
        c = market[s]
        if c >= 0 and not (second and c == L.LOCO and whole):
            if teams and c == L.LOCO and whole:
                return make_action(L.A_DRAW_MARKET, s, L.DEST_HOLDER)  # TA-CRD-3
            return make_action(L.A_DRAW_MARKET, s, second_dest if second else L.DEST_HAND)
    return np.int64(-1)


@njit(cache=True, _nrt=False)
def best_claim(st, bd, ru, p, only_wanted, ws):
    """The claim (an action) of the affordable route with the most points,
    paid from p's purse (filled by the caller), among the planned routes or
    any, or -1: route score plus the net points of its mountain X
    (mountain_x_value). A tunnel keeps one spare matching card for the
    surcharge (P(surcharge >= 2) is ~14%)."""
    best_r = np.int64(-1)
    best_c = np.int64(-1)
    best_v = -L.INF
    want = ws.want[p]
    purse = st.purse[:]  # an array, as other callers of pay_colour pass
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
            best_v, best_r, best_c = keep_better_claim(ru, purse, routes, r, ws.no_need[:], False, v, best_v,
                                                       best_r, best_c)
    if best_r < 0:
        return np.int64(-1)
    return make_action(L.A_CLAIM, best_r, best_c)


@njit(cache=True, _nrt=False)
def keep_choice(st, bd, ru, p, ws, setup):
    """Keep the cheapest offered tickets (train distance on the current board)
    up to the minimum, and more while they fit in SETUP_BUDGET of p's trains
    (mid-game DRAW_BUDGET, less the plan's); in teams share the kept ones that
    cost most trains, those the teammate is likeliest to help with (TA-TKT-1/2)."""
    n = st.sc[L.SC_N_OFFER]
    keep_min = min(ru[L.RULE_SETUP_KEEP_MIN] if setup else ru[L.RULE_DRAW_KEEP_MIN], n)
    n_share = ru[L.RULE_SHARED_TICKETS_SETUP] if setup else ru[L.RULE_SHARED_TICKETS_DRAW]
    trains = np.int64(st.trains[p])
    budget = SETUP_BUDGET * trains
    if not setup:
        budget = DRAW_BUDGET * trains - committed_trains(bd, ws.want[p])
    price_routes(st, bd, ru, p, trains, ws.want[p], 1.0, ws.price[:])
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


# --- the bot ---------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def greedy_action(st, bd, ru, p, rng, ws):
    phase = st.sc[L.SC_PHASE]
    if phase == L.PH_TUNNEL:
        return tunnel_decision(st, bd, ru, p)
    teams = team_size(ru) > 1
    planned = _refresh_team_plan(st, bd, ru, p, ws) if teams else _refresh_plan(st, bd, ru, p, ws)
    fill_purse(st, ru, p)
    if phase == L.PH_SETUP_KEEP or phase == L.PH_KEEP_TICKETS:
        return keep_choice(st, bd, ru, p, ws, phase == L.PH_SETUP_KEEP)
    if phase == L.PH_PLACE_CARD:  # teams: the blind card just seen (it sits in the hand until placed)
        return make_action(L.A_PLACE_CARD, 0, card_destination(st, bd, ru, p, st.sc[L.SC_PEND_CARD], np.int64(1), ws))
    if phase == L.PH_SECOND_DRAW:
        return draw_for_plan(st, bd, ru, p, np.bool_(True), ws)
    return _turn(st, bd, ru, p, ws, planned, teams)


@njit(cache=True, _nrt=False)
def _turn(st, bd, ru, p, ws, planned, teams):
    """A turn's first decision, `planned` the routes (in teams, trains) the
    plan still needs: a planned claim; in teams a share of the tickets p's
    trains cannot cover; a card for the plan while the purse is below its
    limit; the plan done, more tickets while trains last; then points now (a
    route of 3+ spaces while a plan is left), a card, any route, tickets; in
    teams a share rather than a pass (passing is legal only when sharing is not)."""
    if planned > 0:
        a = best_claim(st, bd, ru, p, np.bool_(True), ws)
        if a >= 0:
            return a
        if teams:
            a = share_choice(st, bd, ru, p, planned, ws)
            if a >= 0:
                return a
        cards = 0
        for k in range(L.N_CARD_KINDS):
            cards += st.purse[k]
        if cards < (TEAM_HAND_LIMIT if teams else HAND_LIMIT) and cards_available(st) >= MIN_PILE:
            a = draw_for_plan(st, bd, ru, p, np.bool_(False), ws)
            if a >= 0:
                return a
    elif st.trains[p] >= (TEAM_TICKET_TRAINS if teams else TICKET_TRAINS) and st.sc[L.SC_TP_COUNT] > 0:
        return make_action(L.A_DRAW_TICKETS, 0, 0)
    any_claim = best_claim(st, bd, ru, p, np.bool_(False), ws)
    if any_claim >= 0 and (planned == 0 or bd.routes[action_a(any_claim), L.RT_LEN] >= 3):
        return any_claim
    a = draw_for_plan(st, bd, ru, p, np.bool_(False), ws)
    if a >= 0:
        return a
    if any_claim >= 0:
        return any_claim
    if st.sc[L.SC_TP_COUNT] > 0:
        return make_action(L.A_DRAW_TICKETS, 0, 0)
    if teams:
        for t in range(st.sc[L.SC_N_TICKETS]):
            if st.ticket_holder[t] == p and st.ticket_shared[t] == 0:
                return make_action(L.A_SHARE_TICKETS, t, 0)
    return make_action(L.A_PASS, 0, 0)
