"""`one-step`: no plan kept; every turn it plays the action worth most now:
a claim by its points plus its progress towards open tickets minus a price
per card, a draw by a fixed worth, a ticket draw only with nothing open.

Built from the planner family's prices and moves (bots/planning); reads only
what seat p may see."""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.bots.planning.moves import (
    draw_for_need,
    in_endgame,
    route_points,
    station_choice,
)
from kernels.bots.planning.network import (
    price_plan,
    route_cost,
    ticket_open,
)
from kernels.bots.planning.ticket_keep import choose_keep_mask
from kernels.bots.shared import params as P
from kernels.bots.shared.destinations import ticket_ends
from kernels.bots.shared.paying import pay_colour, tunnel_decision, tunnel_spare
from kernels.bots.shared.table import fewest_trains_of_others
from kernels.core.actions import make_action
from kernels.core.claims import route_open_to
from kernels.paths import shortest_path


@njit(cache=True, _nrt=False)
def one_step_action(st, bd, ru, p, rng, ws):
    """No plan: every turn each claim is scored by its points now plus its
    progress towards open tickets (ticket_progress) minus a price per card
    spent; a draw by a fixed worth plus the help of the best face-up card; a
    ticket draw only with no open ticket and trains to spare. The best is
    played."""
    phase = st.sc[L.SC_PHASE]
    if phase == L.PH_SETUP_KEEP or phase == L.PH_KEEP_TICKETS:
        return choose_keep_mask(st, bd, ru, p, ws, phase == L.PH_SETUP_KEEP, 0.5, 0.5, 3.0)
    if phase == L.PH_TUNNEL:
        return tunnel_decision(st, bd, ru, p)
    n_open = ticket_progress(st, bd, p, ws)
    if phase == L.PH_SECOND_DRAW:
        return draw_for_need(st, ru, p, np.bool_(True), ws)
    a = station_choice(st, bd, ru, p, ws)
    if a >= 0:
        return a
    endgame = in_endgame(st, p)
    prm = ws.bot_params
    need = ws.need[p]
    hand_p = st.hand[p]
    best, best_v = _best_claim_now(st, bd, ru, p, ws)
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
    if (n_open == 0 and st.trains[p] >= prm[P.BP_TICKET_TRAINS]
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


@njit(cache=True, _nrt=False)
def ticket_progress(st, bd, p, ws):
    """ws.route_val[r] <- route r's progress towards p's open tickets: for each
    ticket, the share of a shortest path the route covers times the ticket's
    points (BP_ONE_STEP_PROGRESS of it: a ticket swings from minus to plus);
    ws.need[p] <- the cards of the routes that make progress. Returns the
    open tickets."""
    routes = bd.routes[:bd.n_routes]
    owner = st.owner
    closed = st.closed
    group_routes = bd.group_routes[:bd.n_groups]
    trains_p = np.int64(st.trains[p])
    val = ws.route_val
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
    for t in range(bd.n_tickets):
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
                val[r] += ws.bot_params[P.BP_ONE_STEP_PROGRESS] * points * w / big
    for r in range(routes.shape[0]):
        if val[r] > 0.0:
            c = routes[r, L.RT_COLOUR]
            need[L.GRAY + 1 if c == L.GRAY else c] += routes[r, L.RT_LEN] - routes[r, L.RT_LOCOS]
            need[L.LOCO] += routes[r, L.RT_LOCOS]
    return n_open


@njit(cache=True, _nrt=False)
def _best_claim_now(st, bd, ru, p, ws):
    """(claim, its worth) of the affordable open route worth most now: its
    points plus its ticket progress (ws.route_val) less BP_ONE_STEP_CARD_PRICE
    per card, 2 less for a tunnel that leaves no spare card; (-1, -INF): none."""
    routes = bd.routes[:bd.n_routes]
    group_routes = bd.group_routes[:bd.n_groups]
    trains_p = np.int64(st.trains[p])
    hand_p = st.hand[p]
    need = ws.need[p]
    best = np.int64(-1)
    best_v = -L.INF
    for r in range(routes.shape[0]):
        if not route_open_to(st.owner, st.closed, trains_p, routes, group_routes, p, r):
            continue
        c = pay_colour(ru, hand_p, routes, r, need)
        if c < 0:
            continue
        card_price = ws.bot_params[P.BP_ONE_STEP_CARD_PRICE]
        v = route_points(ru, routes, r) + ws.route_val[r] - card_price * routes[r, L.RT_LEN]
        if routes[r, L.RT_KIND] == L.KIND_TUNNEL and tunnel_spare(hand_p, routes, r, c) < 1:
            v -= 2.0
        if v > best_v:
            best_v = v
            best = make_action(L.A_CLAIM, r, c)
    return best, best_v
