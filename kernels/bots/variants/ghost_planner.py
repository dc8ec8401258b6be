"""`planner` on Ghost Train: plans its open tickets and the region bonuses as
one network, claims the routes that complete a ticket soonest, and ends the
game (its last wagons, GT-END-2) only when it then leads or is level.

- Plan (redone every turn: the boards are tiny): each open ticket's cheapest
  path over p's prices (kernels/bots/planning/network.py price_plan); the reachable
  ones are joined, over prices that add one per card of a route's colour the
  hand lacks (card_fit_prices: 60% against greedy, 50% without), by the
  planner family's Steiner-forest heuristic
  (planning.route_tickets, two passes), then the Trick-or-Treat regions
  (GT-BON-1, worth a whole ticket) and the Town Hall bonuses (GT-BON-2) hang
  off that network (ghost_plan.py plan_region_bonuses), reusing its
  routes.
- Claims (route_value: weights that add up): the affordable planned route
  of the tickets first, more for a route two tickets share, for the last
  open route of a ticket (COMPLETES_BONUS), for a contested lane (GT-DBL-1)
  and for length (as greedy: taking the ticket nearest completion first
  won no more games); then Trick or Treat, then the Town Hall. Cards are
  paid sparing the colours the rest of the plan needs.
- Swap (GT-TRN-3, assumption GT-TRN-3b): when every open ticket is out of
  reach (no open path, or longer than p's wagons), down to the last wagon
  (greedy stops at 5): a fresh ticket may be complete as soon as drawn
  (GT-TKT-2); but when p can place its last wagons now leading or level,
  it does that instead (the game ends, GT-END-2). Swapping with one ticket
  still in reach, or a pair costing over 10 wagons, won fewer games against
  greedy (measured, docs/bots.md).
- The end (GT-END-2: the last wagon placed ends the game at once): never
  placed while p would trail in tickets with a ticket still in reach; placed
  first when it would lead or tie, and when nothing is in reach and no swap
  is left (waiting cannot win; it stalled 3-player games).
Reads only seat p's hand and tickets and the public board.
"""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.bots.planning.moves import contested
from kernels.bots.planning.network import plan_search, price_without_plan, route_tickets
from kernels.bots.shared import params as P
from kernels.bots.shared.paying import pay_colour
from kernels.bots.shared.plan import plan_need
from kernels.bots.variants.ghost_plan import (
    MAX_SWAPS,
    SWAP_MIN_WAGONS,
    WANT_TICKET,
    WANT_TOWN_HALL,
    WANT_TRICK,
    draw_or_spend,
    off_turn_action,
    plan_region_bonuses,
)
from kernels.core.actions import action_a, make_action
from kernels.core.claims import claim_trains, last_wagons_end_game, route_open_to
from kernels.variants.ghost import can_swap, tickets_done

CARD_PRICE = 1.0  # plan price of each card of a route's colour p lacks, on top of its wagons (measured, docs/bots.md)
# claim priority of a planned route that is the last open one of a ticket: a ticket done now draws the next one
# now (GT-TKT-1), and it counts if the game ends before the next turn (GT-END-2); +0.6 points against greedy
COMPLETES_BONUS = 5.0
# A swap draws two fresh tickets, and with a large network one is often complete as soon as drawn (GT-TKT-2):
# worth a turn down to the last wagon when no open ticket is in reach. greedy's SWAP_MIN_WAGONS (5) gave up
# that chance in the end game: 59.9% against greedy at 5, 61.1% at 1, both with COMPLETES_BONUS (docs/bots.md)
SWAP_MIN_WAGONS_PLANNER = 1


@njit(cache=True, _nrt=False)
def card_fit_prices(st, bd, p, ws):
    """Open routes' plan prices (ws.price, from price_plan) plus CARD_PRICE
    per card of the route's colour missing from p's hand: cards come only two
    blind ones a turn (GT-TRN-1), so a network in the colours held is built
    in fewer turns, and the race is to tickets before the wagons run out."""
    routes = bd.routes[:bd.n_routes]
    hand = st.hand[p]
    for r in range(routes.shape[0]):
        if st.owner[r] >= 0 or ws.price[r] >= L.INF:
            continue
        rc = routes[r, L.RT_COLOUR]
        have = hand[L.LOCO]
        if rc != L.GRAY:
            have += hand[rc]
        else:
            best = 0
            for c in range(L.N_COLOURS):
                best = max(best, hand[c])
            have += best
        ws.price[r] += CARD_PRICE * max(routes[r, L.RT_LEN] - have, 0)


@njit(cache=True, _nrt=False)
def ghost_plan(st, bd, ru, p, ws):
    """ws.want[p] <- WANT_* bits of the network; ws.tk_list / path_buf /
    path_len <- the planned tickets and their open routes. Returns (tickets
    planned, open tickets, out-of-reach ones)."""
    want = ws.want[p]
    want[:] = 0
    trains = np.int64(st.trains[p])
    price_without_plan(st, bd, p, ws)
    cnt = ws.plan_cnt[:]
    n_open = 0
    out = 0
    k = 0
    for t in range(bd.n_tickets):
        if st.ticket_holder[t] != p or st.ticket_done_turn[t] >= 0:
            continue
        n_open += 1
        d = plan_search(bd, ws, np.int64(bd.tickets[t, L.TK_A]), np.int64(bd.tickets[t, L.TK_B]))
        if d >= L.INF or d > trains:
            out += 1
            continue
        ws.tk_list[k] = t
        k += 1
    card_fit_prices(st, bd, p, ws)
    route_tickets(st, bd, p, ws, np.int64(k), np.int64(2), 0.0)
    for r in range(bd.n_routes):
        if cnt[r] > 0:
            want[r] = WANT_TICKET
    plan_region_bonuses(st, bd, ru, p, ws, trains)
    plan_need(bd.routes[:bd.n_routes], st.owner, want, ws.need[p])
    return k, n_open, out


@njit(cache=True, _nrt=False)
def route_value(st, bd, ru, p, ws, k, r):
    """Claim priority of planned route r, weights that add up: a ticket's route
    100, plus 10 per planned ticket using it, plus COMPLETES_BONUS per ticket
    it completes; Trick or Treat 60; Town Hall 20; a contested lane
    BP_CONTESTED_BONUS; its length."""
    w = ws.want[p, r]
    v = 0.0
    if w & WANT_TICKET:
        users = 0
        for i in range(k):
            for m in range(ws.path_len[i]):
                if ws.path_buf[i, m] == r:
                    users += 1
        v += 100.0 + 10.0 * users + COMPLETES_BONUS * completes(ws, k, r)
    if w & WANT_TRICK:
        v += 60.0
    if w & WANT_TOWN_HALL:
        v += 20.0
    if contested(st, bd, ru, r):
        v += ws.bot_params[P.BP_CONTESTED_BONUS]
    return v + bd.routes[r, L.RT_LEN]


@njit(cache=True, _nrt=False)
def lead_in_tickets(st, p):
    """p's tickets done less the most any other player has (public: laid face up, GT-TKT-1)."""
    best = -(1 << 30)
    for q in range(st.sc[L.SC_N_PLAYERS]):
        if q != p:
            best = max(best, tickets_done(st, q))
    return tickets_done(st, p) - best


@njit(cache=True, _nrt=False)
def completes(ws, k, r):
    """Tickets (of the k planned) whose last open route is r."""
    n = 0
    for i in range(k):
        if ws.path_len[i] == 1 and ws.path_buf[i, 0] == r:
            n += 1
    return n


@njit(cache=True, _nrt=False, inline="always")
def ends_game(ru, trains_p, routes, r):
    """A claim of route r places p's last wagons: the game ends at once (GT-END-2)."""
    return last_wagons_end_game(ru, trains_p - claim_trains(routes, r))


@njit(cache=True, _nrt=False)
def ghost_claim(st, bd, ru, p, ws, k, only_planned, lead, concede):
    """The affordable route to claim (encoded action, or -1). A claim that
    places p's last wagons ends the game at once (GT-END-2): taken first when
    p then leads or is level in tickets (or concedes), never otherwise.
    (The tickets it would complete count; a Trick-or-Treat ticket it would
    win, GT-BON-1, does not: a known gap, on the cautious side.)"""
    want = ws.want[p]
    hand_p = st.hand[p]
    routes = bd.routes[:bd.n_routes]
    trains_p = np.int64(st.trains[p])
    best = np.int64(-1)
    best_v = -1.0
    for r in range(routes.shape[0]):
        if only_planned and want[r] == 0:
            continue
        if not route_open_to(st.owner, st.closed, trains_p, routes, bd.group_routes[:bd.n_groups], p, r):
            continue
        c = pay_colour(ru, hand_p, routes, r, ws.need[p])
        if c < 0:
            continue
        v = route_value(st, bd, ru, p, ws, k, np.int64(r)) if only_planned else float(routes[r, L.RT_LEN])
        if ends_game(ru, trains_p, routes, r):
            if lead + completes(ws, k, np.int64(r)) < 0 and not concede:
                continue  # ending the game now would lose it
            v += 1000.0
        if v > best_v:
            best_v = v
            best = make_action(L.A_CLAIM, r, c)
    return best


@njit(cache=True, _nrt=False)
def ending_claim(st, bd, ru, p, ws, k, lead):
    """A claim that places p's last wagons (GT-END-2) with p then leading or
    level in tickets, or -1. (ghost_claim over every route puts such a claim
    first; anything else it returns does not end the game and is dropped.)"""
    a = ghost_claim(st, bd, ru, p, ws, k, np.bool_(False), lead, np.bool_(False))
    if a < 0 or not ends_game(ru, np.int64(st.trains[p]), bd.routes[:bd.n_routes], action_a(a)):
        return np.int64(-1)
    return a


@njit(cache=True, _nrt=False)
def ghost_planner_action(st, bd, ru, p, rng, ws):
    a = off_turn_action(st, bd, ru, p)
    if a >= 0:
        return a
    k, n_open, out = ghost_plan(st, bd, ru, p, ws)
    swap_ok = ru[L.RULE_SWAP_TICKETS] != 0 and can_swap(st, p)
    lead = lead_in_tickets(st, p)
    # a swap costs the turn and every unfinished ticket (GT-TRN-3): only when none is in reach, and not
    # when p can end the game now, leading or level (its last wagons placed, GT-END-2)
    if (n_open > 0 and out == n_open and swap_ok and st.trains[p] >= SWAP_MIN_WAGONS_PLANNER
            and st.ps[p, L.PS_GT_SWAPS] < MAX_SWAPS):
        end = ending_claim(st, bd, ru, p, ws, np.int64(k), lead)
        return end if end >= 0 else make_action(L.A_SWAP_TICKETS, 0, 0)
    # nothing in reach, no swap left (or none possible) and few wagons: waiting cannot win, and with every
    # seat short of wagons the game could otherwise never end
    concede = k == 0 and st.trains[p] < SWAP_MIN_WAGONS
    a = ghost_claim(st, bd, ru, p, ws, np.int64(k), np.bool_(True), lead, concede)
    if a >= 0:
        return a
    any_claim = ghost_claim(st, bd, ru, p, ws, np.int64(k), np.bool_(False), lead, concede)
    return draw_or_spend(st, bd, p, ws, swap_ok, any_claim)
