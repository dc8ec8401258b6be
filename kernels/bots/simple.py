"""The simpler heuristic bots: `route-focus`, `long-route` and `one-step`.
Each is a documented, deliberately narrow strategy built from the planner
family's plan and moves (kernels/bots/planning.py, kernels/bots/tactics.py;
all of them build a station only when a ticket is otherwise broken, like
`planner`); like every bot they read only what seat p may see, keep their
memory in the scratch rows of seat p and never allocate."""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.bots import params as P
from kernels.bots.common import fewest_trains_of_others, hand_size, pay_colour, tunnel_decision, tunnel_spare
from kernels.bots.destinations import ticket_ends
from kernels.bots.planning import (
    FULL_HAND,
    adopt_plan,
    fill_need,
    plan_is_broken,
    plan_network,
    price_plan,
    route_cost,
    ticket_open,
)
from kernels.bots.tactics import (
    add_need_for_route,
    best_planned_claim,
    best_scoring_claim,
    draw_for_need,
    longest_open_route,
    route_points,
    set_need_for_route,
    station_choice,
)
from kernels.bots.ticket_keep import choose_keep_mask
from kernels.core.actions import make_action
from kernels.core.cards import cards_available
from kernels.core.claims import route_open_to
from kernels.paths import shortest_path


@njit(cache=True, _nrt=False)
def _endgame(st, p):
    return st.sc[L.SC_END_COUNTDOWN] >= 0 or fewest_trains_of_others(st, p) <= 5 or st.trains[p] <= 5


@njit(cache=True, _nrt=False)
def _spend_or_draw(st, bd, ru, p, ws, endgame):
    """Fallback once a bot has nothing better: the best-scoring route it can
    pay (3+ spaces before the end), else cards for the longest route in reach."""
    a = best_scoring_claim(st, bd, ru, p, ws, np.int64(1 if endgame else 3), endgame)
    if a >= 0:
        return a
    set_need_for_route(st, bd, p, ws, longest_open_route(st, bd, ru, p, np.int64(3)))
    a = draw_for_need(st, ru, p, np.bool_(False), ws)
    if a >= 0:
        return a
    a = best_scoring_claim(st, bd, ru, p, ws, np.int64(1), np.bool_(True))
    if a >= 0:
        return a
    return make_action(L.A_PASS, 0, 0)


# --- route-focus ---------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def _held_key(st, bd, p):
    """Changes only when p keeps new tickets (not when it completes them)."""
    key = np.int64(3)
    for t in range(bd.n_tickets):
        if st.ticket_holder[t] == p:
            key = key * 31 + t + 1
    return key


@njit(cache=True, _nrt=False)
def route_focus_action(st, bd, ru, p, rng, ws):
    """Commits early to one fixed shortest path per ticket (ws.want[p] holds
    each route's place in the building order) and builds it route by route:
    the next route in order when affordable, another planned route only if
    paying it does not spend the next route's colour; it draws only for the
    next route. Replans only when a planned route is lost (or tickets added)."""
    phase = st.sc[L.SC_PHASE]
    if phase == L.PH_SETUP_KEEP or phase == L.PH_KEEP_TICKETS:
        return choose_keep_mask(st, bd, ru, p, ws, phase == L.PH_SETUP_KEEP, 0.5, 0.55, 3.0)
    if phase == L.PH_TUNNEL:
        return tunnel_decision(st, bd, ru, p)
    want = ws.want[p]
    routes = bd.routes[:bd.n_routes]
    owner = st.owner
    key = _held_key(st, bd, p)
    if ws.plan_version[p] != key or plan_is_broken(st, bd, p, ws):
        plan_network(st, bd, p, ws, np.int64(0), np.int64(-1), np.int64(1))
        adopt_plan(st, bd, p, ws)
        # building order: ticket by ticket (most valuable first), along each path
        order = 1
        for r in range(routes.shape[0]):
            want[r] = 0
        k = 0
        for t in range(bd.n_tickets):
            if ticket_open(st, bd, p, t):
                k += 1
        for i in range(k):
            for m in range(ws.path_len[i]):
                r = ws.path_buf[i, m]
                if want[r] == 0 and ws.plan_cnt[r] > 0:
                    want[r] = min(order, 127)
                    order += 1
        ws.plan_version[p] = key
    left = fill_need(st, bd, p, ws)
    endgame = _endgame(st, p)
    if phase != L.PH_SECOND_DRAW:
        a = station_choice(st, bd, ru, p, ws)
        if a >= 0:
            return a
    if phase == L.PH_SECOND_DRAW:
        nxt = -1
        for r in range(routes.shape[0]):
            if want[r] and owner[r] < 0 and (nxt < 0 or want[r] < want[nxt]):
                nxt = r
        if nxt >= 0:
            set_need_for_route(st, bd, p, ws, np.int64(nxt))
        return draw_for_need(st, ru, p, np.bool_(True), ws)
    if left > 0:
        nxt = -1
        for r in range(routes.shape[0]):
            if want[r] and owner[r] < 0 and (nxt < 0 or want[r] < want[nxt]):
                nxt = r
        hand_p = st.hand[p]
        need_p = ws.need[p]
        trains_p = np.int64(st.trains[p])
        if route_open_to(owner, st.closed, trains_p, routes, bd.group_routes[:bd.n_groups], p, np.int64(nxt)):
            c = pay_colour(ru, hand_p, routes, np.int64(nxt), need_p)
            if c >= 0 and (routes[nxt, L.RT_KIND] != L.KIND_TUNNEL or endgame
                           or tunnel_spare(hand_p, routes, nxt, c) >= 1):
                return make_action(L.A_CLAIM, nxt, c)
        keep = routes[nxt, L.RT_COLOUR]
        for r in range(routes.shape[0]):
            if want[r] == 0 or r == nxt:
                continue
            if not route_open_to(owner, st.closed, trains_p, routes, bd.group_routes[:bd.n_groups], p, r):
                continue
            c = pay_colour(ru, hand_p, routes, r, need_p)
            if c < 0 or c == L.LOCO or (keep != L.GRAY and c == keep):
                continue
            if routes[r, L.RT_KIND] == L.KIND_TUNNEL and tunnel_spare(hand_p, routes, r, c) < 1:
                continue
            return make_action(L.A_CLAIM, r, c)
        if not endgame and hand_size(st, p) < FULL_HAND and cards_available(st) >= 10:
            set_need_for_route(st, bd, p, ws, np.int64(nxt))
            a = draw_for_need(st, ru, p, np.bool_(False), ws)
            if a >= 0:
                return a
    elif (st.trains[p] >= ws.bot_params[P.BP_TICKET_TRAINS] and st.sc[L.SC_TP_COUNT] > 0
          and fewest_trains_of_others(st, p) >= ws.bot_params[P.BP_TICKET_OTHERS]):
        return make_action(L.A_DRAW_TICKETS, 0, 0)
    return _spend_or_draw(st, bd, ru, p, ws, endgame)


# --- long-route -----------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def long_route_action(st, bd, ru, p, rng, ws):
    """Collects cards for the longest routes (5+ spaces; 3+ once those are
    gone) and claims them as soon as it can; plans only its most valuable
    open ticket and ignores the rest; keeps few tickets, never draws more."""
    phase = st.sc[L.SC_PHASE]
    if phase == L.PH_SETUP_KEEP or phase == L.PH_KEEP_TICKETS:
        return choose_keep_mask(st, bd, ru, p, ws, phase == L.PH_SETUP_KEEP, 1.0, 0.3, 5.0)
    if phase == L.PH_TUNNEL:
        return tunnel_decision(st, bd, ru, p)
    first = -1
    for t in range(bd.n_tickets):
        if ticket_open(st, bd, p, t) and (first < 0 or bd.tickets[t, L.TK_POINTS] > bd.tickets[first, L.TK_POINTS]):
            first = t
    want = ws.want[p]
    if first >= 0:
        plan_network(st, bd, p, ws, np.int64(0), np.int64(first), np.int64(1))
        adopt_plan(st, bd, p, ws)
    else:
        for r in range(bd.n_routes):
            want[r] = 0
    left = fill_need(st, bd, p, ws)
    # once the 5+ routes are gone (Europe has three), the longest left will do
    min_len = 5
    target = longest_open_route(st, bd, ru, p, np.int64(5))
    if target < 0:
        min_len = 3
        target = longest_open_route(st, bd, ru, p, np.int64(3))
    add_need_for_route(st, bd, p, ws, target)
    endgame = _endgame(st, p)
    if phase == L.PH_SECOND_DRAW:
        return draw_for_need(st, ru, p, np.bool_(True), ws)
    a = station_choice(st, bd, ru, p, ws)
    if a >= 0:
        return a
    a = best_scoring_claim(st, bd, ru, p, ws, np.int64(min_len), endgame)
    if a >= 0:
        return a
    if left > 0:
        a = best_planned_claim(st, bd, ru, p, ws, endgame)
        if a >= 0:
            return a
    if not endgame and hand_size(st, p) < FULL_HAND and cards_available(st) >= 10:
        a = draw_for_need(st, ru, p, np.bool_(False), ws)
        if a >= 0:
            return a
    return _spend_or_draw(st, bd, ru, p, ws, endgame)


# --- one-step ----------------------------------------------------------------------------


@njit(cache=True, _nrt=False)
def one_step_action(st, bd, ru, p, rng, ws):
    """No plan: every turn each claim is scored by its points now plus its
    progress towards open tickets (for each ticket, the share of a shortest
    path the route covers times the ticket's points, doubled: a ticket swings
    from minus to plus) minus a price per card spent; a draw by a fixed worth
    plus the help of the best face-up card; a ticket draw only with no open
    ticket and trains to spare. The best is played."""
    phase = st.sc[L.SC_PHASE]
    if phase == L.PH_SETUP_KEEP or phase == L.PH_KEEP_TICKETS:
        return choose_keep_mask(st, bd, ru, p, ws, phase == L.PH_SETUP_KEEP, 0.5, 0.5, 3.0)
    if phase == L.PH_TUNNEL:
        return tunnel_decision(st, bd, ru, p)
    routes = bd.routes[:bd.n_routes]
    tickets = bd.tickets[:bd.n_tickets]
    owner = st.owner
    closed = st.closed
    group_routes = bd.group_routes[:bd.n_groups]
    trains_p = np.int64(st.trains[p])
    val = ws.route_val
    prm = ws.bot_params
    cnt = ws.plan_cnt[:]
    need = ws.need[p]
    for r in range(routes.shape[0]):
        val[r] = 0.0
        cnt[r] = 0
    for k in range(need.shape[0]):
        need[k] = 0
    da = ws.dist2[0]
    db = ws.dist2[1]
    price_plan(st, bd, p, cnt, ws.price[:])
    n_open = 0
    for t in range(tickets.shape[0]):
        if not ticket_open(st, bd, p, t):
            continue
        n_open += 1
        a, b, points = ticket_ends(bd, ws, t)  # a ticket with options: the option worth most now
        shortest_path(bd, ws.price[:], a, np.int64(-1), da, ws.prev_route[:])
        big = da[b]
        if big >= L.INF or big <= 0.0:
            continue
        shortest_path(bd, ws.price[:], b, np.int64(-1), db, ws.prev_route[:])
        for r in range(routes.shape[0]):
            if not route_open_to(owner, closed, trains_p, routes, group_routes, p, r):
                continue
            w = route_cost(routes, r)
            u = routes[r, L.RT_A]
            v = routes[r, L.RT_B]
            if da[u] + w + db[v] <= big + 1e-6 or da[v] + w + db[u] <= big + 1e-6:
                val[r] += prm[P.BP_ONE_STEP_PROGRESS] * points * w / big
    for r in range(routes.shape[0]):
        if val[r] > 0.0:
            c = routes[r, L.RT_COLOUR]
            need[L.GRAY + 1 if c == L.GRAY else c] += routes[r, L.RT_LEN] - routes[r, L.RT_LOCOS]
            need[L.LOCO] += routes[r, L.RT_LOCOS]
    if phase == L.PH_SECOND_DRAW:
        return draw_for_need(st, ru, p, np.bool_(True), ws)
    a = station_choice(st, bd, ru, p, ws)
    if a >= 0:
        return a
    endgame = _endgame(st, p)
    hand_p = st.hand[p]
    best = np.int64(-1)
    best_v = -L.INF
    for r in range(routes.shape[0]):
        if not route_open_to(owner, closed, trains_p, routes, group_routes, p, r):
            continue
        c = pay_colour(ru, hand_p, routes, r, need)
        if c < 0:
            continue
        v = route_points(ru, routes, r) + val[r] - prm[P.BP_ONE_STEP_CARD_PRICE] * routes[r, L.RT_LEN]
        if routes[r, L.RT_KIND] == L.KIND_TUNNEL and tunnel_spare(hand_p, routes, r, c) < 1:
            v -= 2.0
        if v > best_v:
            best_v = v
            best = make_action(L.A_CLAIM, r, c)
    draw_v = 0.0 if endgame else prm[P.BP_ONE_STEP_DRAW]
    market = st.market
    for s in range(market.shape[0]):
        c = market[s]
        if 0 <= c < L.N_COLOURS and need[c] > hand_p[c]:
            draw_v += 0.5
            break
    draw = draw_for_need(st, ru, p, np.bool_(False), ws)
    if draw < 0:
        draw_v = -L.INF
    ticket_v = -L.INF
    if (n_open == 0 and trains_p >= prm[P.BP_TICKET_TRAINS]
            and fewest_trains_of_others(st, p) >= prm[P.BP_TICKET_OTHERS] and st.sc[L.SC_TP_COUNT] > 0):
        ticket_v = 3.0
    if best >= 0 and best_v >= draw_v and best_v >= ticket_v:
        return best
    if ticket_v > draw_v:
        return make_action(L.A_DRAW_TICKETS, 0, 0)
    if draw >= 0:
        return draw
    if best >= 0:
        return best
    return make_action(L.A_PASS, 0, 0)
