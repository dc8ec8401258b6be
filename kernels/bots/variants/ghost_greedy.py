"""`greedy` on Ghost Train (no points; first to WIN_TICKETS tickets): claims
the affordable planned route serving most of its tickets and region bonuses,
else draws blind; swaps its tickets when every one is out of reach.

Each turn it plans shortest paths (in wagons, over routes it owns or can still
claim) for its open tickets, then adds the cheapest Dark Forest-Coast path
while the Trick-or-Treat ticket is still to take (worth a whole ticket) and a
cheap Town Hall-Crypt / Town Hall-Manor path (worth two cards), each reusing
the routes already planned (ghost_plan.py). It claims the affordable planned
route that serves most of these (tickets first, then bonuses, longest on
ties), otherwise draws blind; when every open ticket is blocked (no path, or
longer than its wagons left) it swaps them (GT-TRN-3). It replans every turn
and reads only seat p's hand and tickets.
"""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.bits import ONE, ZERO, low_bit_index
from kernels.bots.shared.paying import pay_colour
from kernels.bots.shared.plan import mark_path, price_routes
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
from kernels.core.actions import make_action
from kernels.core.claimable import open_to_word
from kernels.paths import shortest_path
from kernels.variants.ghost import can_swap


@njit(cache=True, _nrt=False)
def plan(st, bd, ru, p, ws):
    """Fill ws.want[p] with WANT_* bits; return (open tickets, blocked ones)."""
    want = ws.want[p]
    want[:] = 0
    trains = np.int64(st.trains[p])
    price_routes(st, bd, ru, p, np.int64(trains), want, 1.0, ws.price[:])
    n_open = 0
    blocked = 0
    for t in range(bd.n_tickets):
        if st.ticket_holder[t] != p or st.ticket_done_turn[t] >= 0:
            continue
        n_open += 1
        a = np.int64(bd.tickets[t, L.TK_A])
        b = np.int64(bd.tickets[t, L.TK_B])
        d = shortest_path(bd, ws.price[:], a, b, ws.dist[:], ws.prev_route[:])
        if d >= L.INF or d > trains:
            blocked += 1
            continue
        mark_path(st, bd, a, b, want, np.int64(WANT_TICKET), ws)
    plan_region_bonuses(st, bd, ru, p, ws, trains)
    return n_open, blocked


@njit(cache=True, _nrt=False)
def best_claim(st, bd, ru, p, only_wanted, ws):
    """The claim (an action) of the affordable route serving most plans
    (tickets 100, Trick or Treat 60, Town Hall 20, + length), or -1."""
    want = ws.want[p]
    hand_p = st.hand[p]
    routes = bd.routes[:bd.n_routes]
    best_r = np.int64(-1)
    best_c = np.int64(-1)
    best_v = np.int64(-1)
    for k in range(st.sc[L.SC_N_WORDS]):
        m = open_to_word(st, bd, p, k)  # the routes open to p (route_open_to), in route order
        while m != ZERO:
            r = k * 64 + low_bit_index(m)
            m &= m - ONE
            w = want[r]
            if only_wanted and w == 0:
                continue
            v = np.int64(routes[r, L.RT_LEN])
            if w & WANT_TICKET:
                v += 100
            if w & WANT_TRICK:
                v += 60
            if w & WANT_TOWN_HALL:
                v += 20
            if v <= best_v:  # could not win whatever pays it: the payment is not looked for
                continue
            c = pay_colour(ru, hand_p, routes, r, ws.no_need[:])
            if c >= 0:
                best_v = v
                best_r = r
                best_c = c
    if best_r < 0:
        return np.int64(-1)
    return make_action(L.A_CLAIM, best_r, best_c)


@njit(cache=True, _nrt=False)
def ghost_greedy_action(st, bd, ru, p, rng, ws):
    a = off_turn_action(st, bd, ru, p)
    if a >= 0:
        return a
    n_open, blocked = plan(st, bd, ru, p, ws)
    swap_ok = ru[L.RULE_SWAP_TICKETS] != 0 and can_swap(st, p)
    # swap blocked tickets while a fresh pair can still be done (enough
    # wagons) and not endlessly: a swap is a whole turn without progress
    if (n_open > 0 and blocked == n_open and swap_ok and st.trains[p] >= SWAP_MIN_WAGONS
            and st.ps[p, L.PS_GT_SWAPS] < MAX_SWAPS):
        return make_action(L.A_SWAP_TICKETS, 0, 0)
    a = best_claim(st, bd, ru, p, np.bool_(True), ws)
    if a >= 0:
        return a
    return draw_or_spend(st, bd, p, ws, swap_ok, best_claim(st, bd, ru, p, np.bool_(False), ws))
