"""`route-focus`: commits early to one fixed shortest path per ticket and
builds it route by route, in order, drawing only for the next route; replans
only when a planned route is lost. It may hoard cards before a claim as
planner does (ROUTE_FOCUS_HOARD_*), and claim its planned routes in
planner's order (ROUTE_FOCUS_ANY_ORDER).

Built from the planner family's plan and
moves (bots/planning); a station only when a ticket is otherwise broken.
Reads only what seat p may see; its memory is seat p's rows of the Scratch."""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.bots.planning.moves import (
    best_planned_claim,
    draw_for_need,
    in_endgame,
    set_need_for_route,
    spend_or_draw,
    station_choice,
)
from kernels.bots.planning.network import (
    FULL_HAND,
    adopt_plan,
    fill_need,
    plan_is_broken,
    plan_network,
    ticket_open,
)
from kernels.bots.planning.ticket_keep import choose_keep_mask
from kernels.bots.planning.ticket_value import hoards
from kernels.bots.shared import params as P
from kernels.bots.shared.paying import pay_colour, tunnel_decision, tunnel_spare
from kernels.bots.shared.table import fewest_trains_of_others, hand_size
from kernels.core.actions import make_action
from kernels.core.cards import cards_available
from kernels.core.claims import route_open_to


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
        prm = ws.bot_params
        return choose_keep_mask(st, bd, ru, p, ws, phase == L.PH_SETUP_KEEP, prm[P.BP_ROUTE_FOCUS_KEEP_PRICE],
                                prm[P.BP_ROUTE_FOCUS_BUDGET], prm[P.BP_ROUTE_FOCUS_OVER_PRICE])
    if phase == L.PH_TUNNEL:
        return tunnel_decision(st, bd, ru, p)
    _refresh_building_order(st, bd, p, ws)
    left = fill_need(st, bd, p, ws)
    endgame = in_endgame(st, p)
    nxt = _next_route(st, bd, p, ws)
    if phase == L.PH_SECOND_DRAW:
        if nxt >= 0:
            set_need_for_route(st, bd, p, ws, nxt)
        return draw_for_need(st, ru, p, np.bool_(True), ws)
    a = station_choice(st, bd, ru, p, ws)
    if a >= 0:
        return a
    if left > 0:
        if ws.bot_params[P.BP_ROUTE_FOCUS_ANY_ORDER] > 0:
            a = best_planned_claim(st, bd, ru, p, ws, endgame)
        else:
            a = _build_claim(st, bd, ru, p, ws, nxt, endgame)
        prm = ws.bot_params
        if a >= 0 and (endgame or not hoards(st, bd, ru, p, ws, left, prm[P.BP_ROUTE_FOCUS_HOARD_HAND],
                                             prm[P.BP_ROUTE_FOCUS_HOARD_SLACK])):
            return a
        if not endgame and hand_size(st, p) < FULL_HAND and cards_available(st) >= 10:
            set_need_for_route(st, bd, p, ws, nxt)
            d = draw_for_need(st, ru, p, np.bool_(False), ws)
            if d >= 0:
                return d
        if a >= 0:
            return a
    elif (st.trains[p] >= ws.bot_params[P.BP_ROUTE_FOCUS_TICKET_TRAINS] and st.sc[L.SC_TP_COUNT] > 0
          and fewest_trains_of_others(st, p) >= ws.bot_params[P.BP_ROUTE_FOCUS_TICKET_OTHERS]):
        return make_action(L.A_DRAW_TICKETS, 0, 0)
    return spend_or_draw(st, bd, ru, p, ws, endgame)


@njit(cache=True, _nrt=False)
def _refresh_building_order(st, bd, p, ws):
    """Replan when p kept new tickets or a planned route was lost: the network
    plan (one pass), then ws.want[p] <- each planned route's place in the
    building order, ticket by ticket (most valuable first) along each path."""
    key = _held_key(st, bd, p)
    if ws.plan_version[p] == key and not plan_is_broken(st, bd, p, ws):
        return
    plan_network(st, bd, p, ws, np.int64(0), np.int64(-1), np.int64(1))
    adopt_plan(st, bd, p, ws)
    want = ws.want[p]
    for r in range(bd.n_routes):
        want[r] = 0
    k = 0
    for t in range(bd.n_tickets):
        if ticket_open(st, bd, p, t):
            k += 1
    order = 1
    for i in range(k):
        for m in range(ws.path_len[i]):
            r = ws.path_buf[i, m]
            if want[r] == 0 and ws.plan_cnt[r] > 0:
                want[r] = min(order, 127)
                order += 1
    ws.plan_version[p] = key


@njit(cache=True, _nrt=False)
def _next_route(st, bd, p, ws):
    """The unclaimed planned route first in the building order, or -1."""
    want = ws.want[p]
    nxt = np.int64(-1)
    for r in range(bd.n_routes):
        if want[r] and st.owner[r] < 0 and (nxt < 0 or want[r] < want[nxt]):
            nxt = r
    return nxt


@njit(cache=True, _nrt=False)
def _build_claim(st, bd, ru, p, ws, nxt, endgame):
    """The next route when open and affordable (a tunnel with a spare card,
    or in the endgame); else another planned route whose payment spares the
    next route's colour and locomotives (a tunnel with a spare card); -1: none."""
    want = ws.want[p]
    routes = bd.routes[:bd.n_routes]
    group_routes = bd.group_routes[:bd.n_groups]
    hand_p = st.hand[p]
    need_p = ws.need[p]
    trains_p = np.int64(st.trains[p])
    if route_open_to(st.owner, st.closed, trains_p, routes, group_routes, p, nxt):
        c = pay_colour(ru, hand_p, routes, nxt, need_p)
        if c >= 0 and (routes[nxt, L.RT_KIND] != L.KIND_TUNNEL or endgame
                       or tunnel_spare(hand_p, routes, nxt, c) >= 1):
            return make_action(L.A_CLAIM, nxt, c)
    keep = routes[nxt, L.RT_COLOUR]
    for r in range(routes.shape[0]):
        if want[r] == 0 or r == nxt:
            continue
        if not route_open_to(st.owner, st.closed, trains_p, routes, group_routes, p, r):
            continue
        c = pay_colour(ru, hand_p, routes, r, need_p)
        if c < 0 or c == L.LOCO or (keep != L.GRAY and c == keep):
            continue
        if routes[r, L.RT_KIND] == L.KIND_TUNNEL and tunnel_spare(hand_p, routes, r, c) < 1:
            continue
        return make_action(L.A_CLAIM, r, c)
    return np.int64(-1)
