"""Bots. Each is one `@njit` function (st, bd, ru, p, rng, ws) -> action that
reads only what seat p may see: its own hand and tickets, the board, the
market and the public counters. Its private memory lives in ws (want, need,
plan_version rows of seat p). Adding a bot: write the function, add a branch
to `choose_action` and a name to analyzer.bots.BOT_NAMES."""

import numpy as np
from numba import njit

from kernels.bots_simple import long_route_action, one_step_action, route_focus_action
from kernels.bots_team import greedy_team_action
from kernels.engine import (
    cards_available,
    claim_payment,
    legal_actions_of,
    legal_kinds,
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
    A_TUNNEL_ABANDON,
    A_TUNNEL_PAY,
    BOT_BLOCKER,
    BOT_DESTINATION_HUNGRY,
    BOT_GREEDY,
    BOT_LONG_ROUTE,
    BOT_ONE_STEP,
    BOT_PLANNER,
    BOT_RANDOM,
    BOT_ROUTE_FOCUS,
    GRAY,
    KIND_FERRY,
    KIND_TUNNEL,
    LOCO,
    N_COLOURS,
    PH_KEEP_TICKETS,
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
    RULE_MOUNTAIN_POINTS,
    RULE_ROUTE_SCORE,
    RULE_SETUP_KEEP_MIN,
    RULE_TEAM_SIZE,
    RULE_WIN_TICKETS,
    SC_N_OFFER,
    SC_PEND_COLOUR,
    SC_PEND_SURCHARGE,
    SC_PHASE,
    SC_TP_COUNT,
    TK_A,
    TK_B,
)
from kernels.planner import planner_action
from kernels.prng import randint

_INF = 1e18


@njit(cache=True, _nrt=False)
def choose_action(bot, st, bd, ru, p, rng, ws):
    if bot == BOT_GREEDY and ru[RULE_TEAM_SIZE] > 1:
        return greedy_team_action(st, bd, ru, p, rng, ws)  # Team Asia
    if bot == BOT_GREEDY:
        if ru[RULE_WIN_TICKETS] > 0:
            return bots_ghost.greedy_action(st, bd, ru, p, rng, ws)  # Ghost Train
        return greedy_action(st, bd, ru, p, rng, ws)
    if bot != BOT_RANDOM and ru[RULE_TEAM_SIZE] > 1:
        # never reached from analyzer (analyzer.bots refuses the heuristic suite here); a safe legal fallback
        return greedy_team_action(st, bd, ru, p, rng, ws)
    if bot != BOT_RANDOM and ru[RULE_WIN_TICKETS] > 0:
        return bots_ghost.greedy_action(st, bd, ru, p, rng, ws)  # ... and Ghost Train
    if bot == BOT_PLANNER or bot == BOT_DESTINATION_HUNGRY or bot == BOT_BLOCKER:
        return planner_action(bot, st, bd, ru, p, rng, ws)
    if bot == BOT_ROUTE_FOCUS:
        return route_focus_action(st, bd, ru, p, rng, ws)
    if bot == BOT_LONG_ROUTE:
        return long_route_action(st, bd, ru, p, rng, ws)
    if bot == BOT_ONE_STEP:
        return one_step_action(st, bd, ru, p, rng, ws)
    return random_action(st, bd, ru, p, rng, ws)


# --- random ------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def random_action(st, bd, ru, p, rng, ws):
    """Uniform over the kinds of legal action (draw cards, claim, draw tickets,
    build a station, keep tickets, pay or abandon a tunnel), then uniform over
    the legal actions of that kind. Only the chosen kind is enumerated."""
    kinds = legal_kinds(st, bd, ru, ws.legal)
    draw = (1 << A_DRAW_MARKET) | (1 << A_DRAW_BLIND)
    groups = kinds & ~(1 << A_DRAW_BLIND)
    if kinds & draw:
        groups |= 1 << A_DRAW_MARKET  # drawing from the market or blind is one choice
    n_groups = 0
    for k in range(16):
        n_groups += (groups >> k) & 1
    if n_groups == 0:
        return make_action(A_PASS, 0, 0)
    pick = randint(rng, n_groups)
    chosen = 0
    for k in range(16):
        if (groups >> k) & 1:
            if pick == 0:
                chosen = k
                break
            pick -= 1
    mask = draw if chosen == A_DRAW_MARKET else 1 << chosen
    n = legal_actions_of(st, bd, ru, ws.legal, mask, ws.legal.shape[0])
    return ws.legal[randint(rng, n)]


# --- greedy --------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def _edge_cost(owner, closed, routes, group_routes, p, r, trains, want):
    """Cost of using route r in p's plan: 0 if p owns it, ~0 if p already
    plans it, its length if p can still claim it, infinite otherwise."""
    return _edge_cost_w(owner, closed, routes, group_routes, p, r, trains, want, 1.0)


@njit(cache=True, _nrt=False)
def _edge_cost_w(owner, closed, routes, group_routes, p, r, trains, want, x_cost):
    """_edge_cost with each mountain X (LA-MTN-2) costing x_cost instead of
    the one train it takes: below 1, even negative, when its points outweigh
    the train (see mountain_x_value). Never below 0.1 for an open route."""
    o = owner[r]
    cost = _INF
    if o == p:
        cost = 0.0
    elif route_open_to(owner, closed, trains, routes, group_routes, p, r):
        if want[r]:
            cost = 0.01
        else:
            cost = routes[r, RT_LEN] + x_cost * routes[r, RT_MOUNTAINS]
            if routes[r, RT_KIND] == KIND_TUNNEL:
                cost += 0.5  # surcharge risk
            elif routes[r, RT_KIND] == KIND_FERRY:
                cost += 0.5 * routes[r, RT_LOCOS]
            cost = max(cost, 0.1)
    return cost


@njit(cache=True, _nrt=False)
def shortest_path(st, bd, p, src, dst, trains, want, ws):
    """Dijkstra (dense, the boards have < 100 cities); ws.prev_route holds
    the tree. Returns the distance (>= _INF when unreachable)."""
    return shortest_path_w(st, bd, p, src, dst, trains, want, ws, 1.0)


@njit(cache=True, _nrt=False)
def shortest_path_w(st, bd, p, src, dst, trains, want, ws, x_cost):
    """shortest_path with each mountain X costing x_cost (see _edge_cost_w)."""
    dist = ws.dist
    done = ws.done
    prev_route = ws.prev_route
    routes = bd.routes
    group_routes = bd.group_routes
    adj_start = bd.adj_start
    adj_route = bd.adj_route
    owner = st.owner
    closed = st.closed
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
            cost = _edge_cost_w(owner, closed, routes, group_routes, p, r, trains, want, x_cost)
            if cost >= _INF:
                continue
            v = routes[r, RT_B] if routes[r, RT_A] == u else routes[r, RT_A]
            if best + cost < dist[v]:
                dist[v] = best + cost
                prev_route[v] = r
    return dist[dst]


@njit(cache=True, _nrt=False)
def _plan(st, bd, ru, p, ws):
    """Mark the unclaimed routes of a cheap network joining p's open tickets:
    shortest paths, each later ticket reusing the routes already planned.
    Mountain trade (LA-MTN-2): a first plan counts each X as the train it
    takes; from the trains that plan needs, each X is then re-weighed by its
    net points (mountain_x_value) and the network planned again, unless the
    re-weighed plan no longer fits the trains left while the first did."""
    trains = st.trains[p]
    plan_trains = _plan_paths(st, bd, p, ws, 1.0)
    if ru[RULE_MOUNTAIN_POINTS] > 0 and trains > 0 and _open_mountains(st, bd):
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
    trains = st.trains[p]
    for t in range(bd.tickets.shape[0]):
        if st.ticket_holder[t] != p or st.ticket_done_turn[t] >= 0:
            continue
        a = bd.tickets[t, TK_A]
        b = bd.tickets[t, TK_B]
        if shortest_path_w(st, bd, p, a, b, trains, want, ws, x_cost) >= _INF:
            continue  # blocked: nothing to plan for it
        v = b
        while v != a:
            r = ws.prev_route[v]
            if st.owner[r] < 0:
                want[r] = 1
            v = bd.routes[r, RT_B] if bd.routes[r, RT_A] == v else bd.routes[r, RT_A]
    return _planned_trains(st, bd, p, ws)


@njit(cache=True, _nrt=False)
def _planned_trains(st, bd, p, ws):
    """Trains p's planned, still unclaimed routes need (spaces + mountain X)."""
    want = ws.want[p]
    routes = bd.routes
    owner = st.owner
    total = 0
    for r in range(routes.shape[0]):
        if want[r] and owner[r] < 0:
            total += routes[r, RT_LEN] + routes[r, RT_MOUNTAINS]
    return total


@njit(cache=True, _nrt=False)
def _open_mountains(st, bd):
    """True while some mountain route is unclaimed."""
    routes = bd.routes
    owner = st.owner
    found = False
    for r in range(routes.shape[0]):
        if routes[r, RT_MOUNTAINS] > 0 and owner[r] < 0:
            found = True
            break
    return found


@njit(cache=True, _nrt=False)
def train_value(bd, ru, trains_left):
    """Points one train of the supply can still earn on the board: the best
    points per train over the board's route lengths that fit in trains_left
    (route-score table)."""
    routes = bd.routes
    best = 0.0
    for r in range(routes.shape[0]):
        n = routes[r, RT_LEN]
        if 0 < n <= trains_left:
            v = ru[RULE_ROUTE_SCORE + n] / n
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
    return ru[RULE_MOUNTAIN_POINTS] - train_value(bd, ru, trains_left) * pressure


@njit(cache=True, _nrt=False)
def _ticket_key(st, bd, p):
    """Changes whenever p's tickets are kept or completed (the plan must then be redone)."""
    holder = st.ticket_holder
    done = st.ticket_done_turn
    key = 0
    for t in range(holder.shape[0]):
        if holder[t] == p:
            key = key * 31 + t + 1 + (7919 if done[t] >= 0 else 0)
    return key


@njit(cache=True, _nrt=False)
def _refresh_plan(st, bd, ru, p, ws):
    """Replan only when the plan is stale: p's tickets changed, or a planned
    route was taken by someone else, closed, or no longer fits p's trains.
    Returns the number of planned routes still to claim; fills ws.need[p]."""
    want = ws.want[p]
    routes = bd.routes
    owner = st.owner
    closed = st.closed
    trains_p = st.trains[p]
    stale = ws.plan_version[p] != _ticket_key(st, bd, p)
    if not stale:
        for r in range(routes.shape[0]):
            if want[r] and (owner[r] >= 0 and owner[r] != p or closed[r] != 0
                            or routes[r, RT_LEN] + routes[r, RT_MOUNTAINS] > trains_p):
                stale = True
                break
    if stale:
        _plan(st, bd, ru, p, ws)
    need = ws.need[p]
    need[:] = 0
    left = 0
    for r in range(routes.shape[0]):
        if want[r] and owner[r] < 0:
            left += 1
            c = routes[r, RT_COLOUR]
            need[GRAY + 1 if c == GRAY else c] += routes[r, RT_LEN] - routes[r, RT_LOCOS]
            need[LOCO] += routes[r, RT_LOCOS]
    return left


@njit(cache=True, _nrt=False, inline="always")
def _best_colour(hand_p, routes, r):
    """Colour to pay route r with: its own colour, or for grey the colour that
    needs the fewest locomotives (most cards on ties); LOCO as last resort;
    -1 if unaffordable. (Single return, int64: numba compiles it far faster.)"""
    rc = routes[r, RT_COLOUR]
    best = np.int64(-1)
    if rc != GRAY:
        use, _ = claim_payment(hand_p, routes, r, rc)
        if use >= 0:
            best = rc
    else:
        best_locos = np.int64(1 << 30)
        for c in range(N_COLOURS):
            use, locos = claim_payment(hand_p, routes, r, c)
            if use >= 0 and (locos < best_locos or (locos == best_locos and hand_p[c] > hand_p[best])):
                best = c
                best_locos = locos
    if best < 0:
        use, _ = claim_payment(hand_p, routes, r, LOCO)
        if use >= 0:
            best = LOCO
    return best


@njit(cache=True, _nrt=False)
def _best_claim(st, bd, ru, p, only_wanted, ws):
    """The affordable route with the most points (planned routes only, or
    any): route score plus the net points of its mountain X (mountain_x_value)."""
    best_r = np.int64(-1)
    best_c = np.int64(-1)
    best_v = -_INF
    want = ws.want[p]
    hand_p = st.hand[p]
    routes = bd.routes
    group_routes = bd.group_routes
    owner = st.owner
    closed = st.closed
    trains_p = st.trains[p]
    x_value = 0.0
    x_known = ru[RULE_MOUNTAIN_POINTS] <= 0  # computed at the first affordable mountain route only
    for r in range(routes.shape[0]):
        if only_wanted and want[r] == 0:
            continue
        if not route_open_to(owner, closed, trains_p, routes, group_routes, p, r):
            continue
        c = _best_colour(hand_p, routes, r)
        if c >= 0 and routes[r, RT_KIND] == KIND_TUNNEL:
            # keep one spare matching card for the surcharge (P(surcharge >= 2) is ~14%)
            spare = hand_p[LOCO] - routes[r, RT_LEN] if c == LOCO else hand_p[c] + hand_p[LOCO] - routes[r, RT_LEN]
            if spare < 1:
                c = -1
        v = float(ru[RULE_ROUTE_SCORE + routes[r, RT_LEN]])
        if c >= 0 and routes[r, RT_MOUNTAINS] > 0:
            if not x_known:
                x_value = mountain_x_value(bd, ru, trains_p, _planned_trains(st, bd, p, ws))
                x_known = True
            v += x_value * routes[r, RT_MOUNTAINS]
        if c >= 0 and v > best_v:
            best_v = v
            best_r = r
            best_c = c
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
    grey_left = need[GRAY + 1]  # any colour helps a grey route
    whole = ru[RULE_FACEUP_LOCO_WHOLE_DRAW] != 0
    for s in range(ru[RULE_MARKET_SIZE]):
        c = market[s]
        if c == LOCO and need[LOCO] > hand_p[LOCO] and not (second and whole):
            return make_action(A_DRAW_MARKET, s, 0)
        if c < 0 or c == LOCO:
            continue
        gain = need[c] - hand_p[c]
        if gain <= 0 and grey_left > 0:
            gain = 1 if hand_p[c] > 0 else 0
        if gain > best_gain:
            best_gain = gain
            best_slot = s
    if best_slot >= 0:
        return make_action(A_DRAW_MARKET, best_slot, 0)
    if cards_available(st) > 0:
        return make_action(A_DRAW_BLIND, 0, 0)
    for s in range(ru[RULE_MARKET_SIZE]):
        c = market[s]
        if c >= 0 and not (second and c == LOCO and whole):
            return make_action(A_DRAW_MARKET, s, 0)
    return -1


@njit(cache=True, _nrt=False)
def _keep_choice(st, bd, ru, p, ws, setup):
    """Keep the cheapest offered tickets (train distance on the current board)
    up to the minimum, and more while they fit in about half the trains."""
    n = st.sc[SC_N_OFFER]
    keep_min = ru[RULE_SETUP_KEEP_MIN] if setup else ru[RULE_DRAW_KEEP_MIN]
    keep_min = min(keep_min, n)
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
        d = shortest_path(st, bd, p, bd.tickets[t, TK_A], bd.tickets[t, TK_B], trains, ws.want[p], ws)
        dists[i] = d
    mask = 0
    spent = 0.0
    for _ in range(n):
        j = -1
        for i in range(n):
            if (mask >> i) & 1 == 0 and (j < 0 or dists[i] < dists[j]):
                j = i
        kept = 0
        for i in range(n):
            kept += (mask >> i) & 1
        if kept < keep_min or (dists[j] < _INF and spent + dists[j] <= budget):
            mask |= 1 << j
            spent += dists[j]
        else:
            break
    return make_action(A_KEEP_TICKETS, mask, 0)


@njit(cache=True, _nrt=False)
def greedy_action(st, bd, ru, p, rng, ws):
    """Claims the most valuable affordable route of its ticket plan, else draws
    the colours the plan needs; with every ticket done, draws tickets while
    trains last, then spends cards on the best-scoring routes."""
    phase = st.sc[SC_PHASE]
    if phase == PH_SETUP_KEEP or phase == PH_KEEP_TICKETS:
        _refresh_plan(st, bd, ru, p, ws)
        return _keep_choice(st, bd, ru, p, ws, phase == PH_SETUP_KEEP)
    if phase == PH_TUNNEL:
        use, _ = surcharge_payment(st.hand[p], st.sc[SC_PEND_COLOUR], st.sc[SC_PEND_SURCHARGE])
        return make_action(A_TUNNEL_PAY if use >= 0 else A_TUNNEL_ABANDON, 0, 0)
    planned = _refresh_plan(st, bd, ru, p, ws)
    if phase == PH_SECOND_DRAW:
        return _draw_choice(st, ru, p, True, ws)
    if planned > 0:
        r, c = _best_claim(st, bd, ru, p, True, ws)
        if r >= 0:
            return make_action(A_CLAIM, r, c)
        hand_total = 0
        for k in range(LOCO + 1):
            hand_total += st.hand[p, k]
        # keep drawing for the plan unless the hand is bloated or the piles are
        # nearly dry (then the cards the plan needs are stuck in other hands)
        if hand_total < 24 and cards_available(st) >= 10:
            a = _draw_choice(st, ru, p, False, ws)
            if a >= 0:
                return a
    elif st.trains[p] >= 12 and st.sc[SC_TP_COUNT] > 0:
        return make_action(A_DRAW_TICKETS, 0, 0)
    r, c = _best_claim(st, bd, ru, p, False, ws)
    if r >= 0 and (planned == 0 or bd.routes[r, RT_LEN] >= 3):
        return make_action(A_CLAIM, r, c)
    a = _draw_choice(st, ru, p, False, ws)
    if a >= 0:
        return a
    if r >= 0:
        return make_action(A_CLAIM, r, c)
    if st.sc[SC_TP_COUNT] > 0:
        return make_action(A_DRAW_TICKETS, 0, 0)
    return make_action(A_PASS, 0, 0)


# Variant bots that reuse the helpers above are imported last (the dispatch in
# choose_action resolves them when first compiled).
from kernels import bots_ghost  # noqa: E402
