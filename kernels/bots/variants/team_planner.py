"""`planner` on Team Asia: plans the cheapest team network joining the
tickets seat p may see, keeps and shares tickets by that plan's value, and
sends each drawn card where the team needs it (hand or holder).

It reads only what seat p may see (TA-CRD-5): its own hand and tickets, its
team's card holder and shared tickets, the public board, the market and the
public counts. Never the teammate's hand, hidden tickets or bot memory.

- Plan: the planner family's Steiner-forest heuristic (kernels/bots/planning/network.py
  route_tickets, two passes) joining p's open hidden tickets and the team's
  open shared tickets, over prices where the team's routes cost nothing
  (TA-TEAM-2a, TA-TKT-4: one network per team).
- Tickets kept: every subset of the offer is priced as the planner does
  (points less a price per train of the whole network, more beyond the
  trains p will have), at TEAM_KEEP_PRICE a train, dearer than the solo
  planner's; the kept tickets costing most trains are shared
  (TA-TKT-2), the ones the teammate's trains help with most.
- Cards: the Team Asia greedy's draws and holder placement over this plan
  (kernels/bots/heuristic/greedy.py draw_for_plan, TA-CRD-2/3); tickets shared mid-game when
  p's trains cannot cover its plan (TA-TKT-3).
- Claims: contested and long planned routes first (tactics.contested);
  a tunnel only with the spare cards its reveal calls for: one spare for 3
  or 4 revealed, two for the Himalaya's 5 or 6 (TA-TUN-1; hand and holder
  pay the surcharge, TA-TUN-2). With the plan done: more tickets while
  trains last, then the best-scoring routes.
"""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.bits import bit_count
from kernels.bots.heuristic.greedy import draw_for_plan
from kernels.bots.planning.moves import contested, route_points
from kernels.bots.planning.network import UNREACHABLE, adopt_plan, most_valuable, route_tickets
from kernels.bots.planning.ticket_keep import keep_value
from kernels.bots.shared import params as P
from kernels.bots.shared.paying import pay_colour, tunnel_decision, tunnel_spare
from kernels.bots.shared.plan import plan_need, price_routes
from kernels.bots.shared.team_plan import card_destination, share_choice, team_plan_broken, visible_key, visible_open
from kernels.core.actions import make_action
from kernels.core.cards import cards_available, fill_purse
from kernels.core.claims import route_open_to, tunnel_reveal_count
from kernels.core.seats import team_first, team_size

MIDGAME_TICKET_TRAINS = 4  # draw tickets with the plan done and this many trains ...
MIDGAME_TICKET_TEAM = 14  # ... while every other team keeps this many (both seats together)
ENDGAME_TRAINS = 6  # a team (both seats) down to this many: points now, no more tickets (TA-END-1 at 4)
DRAW_BUDGET_SHARE = 0.6  # share of p's trains a mid-game draw may plan for before OVER_PRICE
# points a kept ticket must bring per train of the team network it needs: dearer than the solo planner's
# KEEP_PRICE (0.3), since the teammate's trains and the Globetrotter (most tickets) reward a network that
# completes what it keeps (2,000-game sweeps against the greedy team, docs/bots.md)
TEAM_KEEP_PRICE = 2.5
# open tickets a plan joins at most (planning.network's PLANNED_TICKETS for the team game: a team planner
# holds about five, a `random` team twenty, whose plans were most of the time of expert's games against it)
TEAM_PLANNED_TICKETS = 10


# --- the plan ------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def team_plan_network(st, bd, ru, p, ws, offer_mask):
    """ws.plan_cnt <- a cheap network joining the tickets p may plan for
    (visible_open; the TEAM_PLANNED_TICKETS most valuable) and the offered ones in
    offer_mask, over the team's prices. Returns its trains plus UNREACHABLE
    per ticket it cannot join."""
    cnt = ws.plan_cnt
    for r in range(bd.n_routes):
        cnt[r] = 0
    tk = ws.tk_list
    k = 0
    for t in range(bd.n_tickets):
        if visible_open(st, ru, p, t) > 0:
            tk[k] = t
            k += 1
    k = most_valuable(bd, tk, np.int64(k), np.int64(TEAM_PLANNED_TICKETS))
    for i in range(st.sc[L.SC_N_OFFER]):
        if (offer_mask >> i) & 1:
            tk[k] = st.offer[i]
            k += 1
    no_plan = ws.team_want[:]  # scratch here (card_destination refills it): no route planned yet
    no_plan[:] = 0
    price_routes(st, bd, ru, p, np.int64(st.trains[p]), no_plan, 1.0, ws.price[:])
    return route_tickets(st, bd, p, ws, np.int64(k), np.int64(2), 0.0)




@njit(cache=True, _nrt=False)
def refresh_team_plan(st, bd, ru, p, ws):
    """Replan when the visible tickets changed or the plan broke; ws.need[p]
    <- the cards it needs. Returns (routes, trains) still to claim."""
    key = visible_key(st, ru, p)
    if ws.plan_version[p] != key or team_plan_broken(st, bd, ru, p, ws):
        team_plan_network(st, bd, ru, p, ws, np.int64(0))
        adopt_plan(st, bd, p, ws)
        ws.plan_version[p] = key
    return plan_need(bd.routes[:bd.n_routes], st.owner, ws.want[p], ws.need[p])


# --- tickets ------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def _alone_cost(st, bd, ru, p, ws, i):
    """Trains offered ticket i needs on the team's network without p's other plans."""
    cnt = ws.plan_cnt
    for r in range(bd.n_routes):
        cnt[r] = 0
    ws.tk_list[0] = st.offer[i]
    ws.team_want[:] = 0
    price_routes(st, bd, ru, p, np.int64(st.trains[p]), ws.team_want[:], 1.0, ws.price[:])
    return route_tickets(st, bd, p, ws, np.int64(1), np.int64(1), 0.0)


@njit(cache=True, _nrt=False)
def team_keep(st, bd, ru, p, ws, setup):
    """Keep the subset of the offer worth most (choose_keep_mask's measure over
    the team's network); share the kept ones costing most trains alone."""
    n = st.sc[L.SC_N_OFFER]
    if n == 0:
        return make_action(L.A_KEEP_TICKETS, 0, 0)
    prm = ws.bot_params
    keep_min = min(ru[L.RULE_SETUP_KEEP_MIN] if setup else ru[L.RULE_DRAW_KEEP_MIN], n)
    trains_p = float(st.trains[p])
    budget = prm[P.BP_SETUP_BUDGET] * trains_p if setup else DRAW_BUDGET_SHARE * trains_p
    best_mask = (1 << n) - 1
    best_v = -L.INF
    for mask in range(1, 1 << n):
        if bit_count(np.uint64(mask)) < keep_min:
            continue
        raw = team_plan_network(st, bd, ru, p, ws, np.int64(mask))
        unreachable = int(raw // UNREACHABLE)
        v = keep_value(st, bd, p, ws, mask, raw - UNREACHABLE * unreachable, unreachable, TEAM_KEEP_PRICE, budget,
                       prm[P.BP_OVER_PRICE])
        if v > best_v:
            best_v = v
            best_mask = mask
    # share the kept tickets that cost most trains on their own (the teammate's trains help most there)
    n_share = ru[L.RULE_SHARED_TICKETS_SETUP] if setup else ru[L.RULE_SHARED_TICKETS_DRAW]
    dists = ws.offer_dist
    for i in range(n):
        dists[i] = -1.0
        if (best_mask >> i) & 1:
            dists[i] = _alone_cost(st, bd, ru, p, ws, np.int64(i))
    share = 0
    for _ in range(min(n_share, bit_count(np.uint64(best_mask)))):
        j = -1
        for i in range(n):
            if (best_mask >> i) & 1 and (share >> i) & 1 == 0 and (j < 0 or dists[i] > dists[j]):
                j = i
        share |= 1 << j
    return make_action(L.A_KEEP_TICKETS, best_mask, share)


# --- claims -------------------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def spare_needed(bd, ru, r):
    """Spare cards a tunnel needs before it is tried: about 0.24 of each
    revealed card matches (12 of a colour and 14 locomotives in 110), so one
    spare pays 3 or 4 revealed 76-85% of the time, two pay 5 or 6 85-93%."""
    return 1 if tunnel_reveal_count(bd, ru, r) <= 4 else 2


@njit(cache=True, _nrt=False)
def team_claim(st, bd, ru, p, ws, only_planned, min_len, risky):
    """The affordable route to claim (encoded action, or -1), paid from hand
    and holder: planned ones by length plus the contested bonus; otherwise
    (only_planned False) the best-scoring one of at least min_len spaces."""
    want = ws.want[p]
    purse = st.purse[:]  # an array, as other callers of pay_colour pass
    need_p = ws.need[p]
    routes = bd.routes[:bd.n_routes]
    owner = st.owner
    trains_p = np.int64(st.trains[p])
    best = np.int64(-1)
    best_v = -1.0
    for r in range(routes.shape[0]):
        if only_planned and want[r] == 0:
            continue
        if routes[r, L.RT_LEN] < min_len:
            continue
        if not route_open_to(owner, st.closed, trains_p, routes, bd.group_routes[:bd.n_groups], p, r):
            continue
        c = pay_colour(ru, purse, routes, r, need_p)
        if c < 0:
            continue
        if (routes[r, L.RT_KIND] == L.KIND_TUNNEL and not risky
                and tunnel_spare(purse, routes, r, c) < spare_needed(bd, ru, r)):
            continue
        if only_planned:
            v = float(routes[r, L.RT_LEN])
            if contested(st, bd, ru, r):
                v += ws.bot_params[P.BP_CONTESTED_BONUS]
        else:
            v = route_points(ru, routes, r) - 0.01 * routes[r, L.RT_LEN]
        if v > best_v:
            best_v = v
            best = make_action(L.A_CLAIM, r, c)
    return best


@njit(cache=True, _nrt=False)
def team_trains(st, ru, p, n, own):
    """Trains of p's team (own) or the fewest of any other team (TA-END-1 counts the team's supply)."""
    size = team_size(ru)
    mine = team_first(ru, p)
    least = 1 << 30
    for first in range(0, n, size):
        if (first == mine) != own:
            continue
        total = 0
        for q in range(first, first + size):
            total += st.trains[q]
        least = min(least, total)
    return least


# --- the bot ----------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def team_planner_action(st, bd, ru, p, rng, ws):
    phase = st.sc[L.SC_PHASE]
    fill_purse(st, ru, p)
    if phase == L.PH_SETUP_KEEP or phase == L.PH_KEEP_TICKETS:
        return team_keep(st, bd, ru, p, ws, phase == L.PH_SETUP_KEEP)
    if phase == L.PH_TUNNEL:
        return tunnel_decision(st, bd, ru, p)
    left, planned = refresh_team_plan(st, bd, ru, p, ws)
    fill_purse(st, ru, p)
    if phase == L.PH_PLACE_CARD:  # the blind card just seen (it sits in the hand until placed)
        return make_action(L.A_PLACE_CARD, 0, card_destination(st, bd, ru, p, st.sc[L.SC_PEND_CARD], np.int64(1), ws))
    if phase == L.PH_SECOND_DRAW:
        return draw_for_plan(st, bd, ru, p, np.bool_(True), ws)
    trains_p = np.int64(st.trains[p])
    n = np.int64(st.sc[L.SC_N_PLAYERS])
    others = team_trains(st, ru, p, n, np.bool_(False))
    last_turn = st.sc[L.SC_END_COUNTDOWN] >= 0
    endgame = last_turn or min(others, team_trains(st, ru, p, n, np.bool_(True))) <= ENDGAME_TRAINS
    if left > 0:
        a = team_claim(st, bd, ru, p, ws, np.bool_(True), np.int64(1), last_turn)
        if a >= 0:
            return a
        a = share_choice(st, bd, ru, p, np.int64(planned), ws)
        if a >= 0:
            return a
        total = 0
        for k in range(L.N_CARD_KINDS):
            total += st.purse[k]
        if not endgame and total < 28 and cards_available(st) >= 10:
            a = draw_for_plan(st, bd, ru, p, np.bool_(False), ws)
            if a >= 0:
                return a
    elif (not endgame and trains_p >= MIDGAME_TICKET_TRAINS and others >= MIDGAME_TICKET_TEAM
          and st.sc[L.SC_TP_COUNT] > 0):
        return make_action(L.A_DRAW_TICKETS, 0, 0)
    # plan done or stuck: points now
    a = team_claim(st, bd, ru, p, ws, np.bool_(False), np.int64(1 if endgame else 3), last_turn)
    if a >= 0:
        return a
    a = draw_for_plan(st, bd, ru, p, np.bool_(False), ws)
    if a >= 0:
        return a
    a = team_claim(st, bd, ru, p, ws, np.bool_(False), np.int64(1), last_turn)
    if a >= 0:
        return a
    if st.sc[L.SC_TP_COUNT] > 0:
        return make_action(L.A_DRAW_TICKETS, 0, 0)
    for t in range(st.sc[L.SC_N_TICKETS]):  # passing is legal only when sharing is not
        if st.ticket_holder[t] == p and st.ticket_shared[t] == 0:
            return make_action(L.A_SHARE_TICKETS, t, 0)
    return make_action(L.A_PASS, 0, 0)
