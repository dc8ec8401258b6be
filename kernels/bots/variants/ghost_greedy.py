"""The greedy bot on Ghost Train (no points; first to WIN_TICKETS tickets).

Each turn it plans shortest paths (in wagons, over routes it owns or can still
claim) for its open tickets, then adds the cheapest Dark Forest-Coast path
while the Trick-or-Treat ticket is still to take (worth a whole ticket) and a
cheap Town Hall-Crypt / Town Hall-Manor path (worth two cards), each reusing
the routes already planned. It claims the affordable planned route that serves
most of these (tickets first, then bonuses, longest on ties), otherwise draws
blind; when every open ticket is blocked (no path, or longer than its wagons
left) it swaps them (GT-TRN-3). The boards are tiny, so it replans every turn.
Called from kernels/bots/dispatch.py; reads only seat p's hand and tickets.
"""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.bits import ONE, ZERO, low_bit_index
from kernels.bots.shared.paying import pay_colour, tunnel_decision
from kernels.bots.shared.plan import mark_path, price_routes
from kernels.core.actions import make_action
from kernels.core.cards import cards_available
from kernels.core.claimable import open_to_word
from kernels.paths import shortest_path
from kernels.variants.ghost import can_swap

WANT_TICKET = 1
WANT_TRICK = 2  # Trick or Treat (GT-BON-1)
WANT_TOWN_HALL = 4  # Town Hall cards (GT-BON-2)
TOWN_HALL_DETOUR = 3.0  # wagons worth spending for two cards
SWAP_MIN_WAGONS = 5  # below this a fresh ticket is rarely completable
MAX_SWAPS = 4  # per game


@njit(cache=True, _nrt=False)
def planned_wagons(st, bd, p, ws):
    want = ws.want[p]
    total = 0
    for r in range(bd.n_routes):
        if want[r] != 0 and st.owner[r] < 0:
            total += bd.routes[r, L.RT_LEN]
    return total


@njit(cache=True, _nrt=False)
def plan_regions(st, bd, p, flag_a, flag_b, bit, budget, ws):
    """Cheapest path between any place of region a and any of region b (the
    planned routes cost ~0); marked with `bit` when it fits in `budget` wagons."""
    flags = bd.city_flags[:bd.n_cities]
    n = flags.shape[0]
    best = L.INF
    best_a = -1
    best_b = -1
    for a in range(n):
        if flags[a] & flag_a == 0:
            continue
        for b in range(n):
            if flags[b] & flag_b == 0 or a == b:
                continue
            d = shortest_path(bd, ws.price[:], a, b, ws.dist[:], ws.prev_route[:])
            if d < best:
                best = d
                best_a = a
                best_b = b
    if best_a >= 0 and best <= budget:
        src = np.int64(best_a)
        dst = np.int64(best_b)
        shortest_path(bd, ws.price[:], src, dst, ws.dist[:], ws.prev_route[:])
        mark_path(st, bd, src, dst, ws.want[p], bit, ws)


@njit(cache=True, _nrt=False)
def plan(st, bd, ru, p, ws):
    """Fill ws.want[p] with WANT_* bits; return (open tickets, blocked ones)."""
    want = ws.want[p]
    want[:] = 0
    trains = np.int64(st.trains[p])
    price_routes(st, bd, p, np.int64(trains), want, 1.0, ws.price[:])
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
    if st.ps[p, L.PS_GT_SPECIAL] == 0 and st.sc[L.SC_GT_SPECIAL_LEFT] > 0:
        plan_regions(st, bd, p, np.int64(L.CF_DARK_FOREST), np.int64(L.CF_COAST), np.int64(WANT_TRICK),
                      float(trains - planned_wagons(st, bd, p, ws)), ws)
    if ru[L.RULE_TOWN_HALL_CARDS] > 0:
        budget = min(TOWN_HALL_DETOUR, trains - planned_wagons(st, bd, p, ws))
        if st.ps[p, L.PS_GT_CRYPT] == 0:
            plan_regions(st, bd, p, np.int64(L.CF_TOWN_HALL), np.int64(L.CF_CRYPT), np.int64(WANT_TOWN_HALL),
                         budget, ws)
        if st.ps[p, L.PS_GT_MANOR] == 0:
            plan_regions(st, bd, p, np.int64(L.CF_TOWN_HALL), np.int64(L.CF_MANOR), np.int64(WANT_TOWN_HALL),
                         budget, ws)
    return n_open, blocked


@njit(cache=True, _nrt=False)
def _best_claim(st, bd, ru, p, only_wanted, ws):
    """(route, colour) of the affordable route serving most plans (tickets
    100, Trick or Treat 60, Town Hall 20, + length), or (-1, -1)."""
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
    return best_r, best_c


@njit(cache=True, _nrt=False)
def greedy_action(st, bd, ru, p, rng, ws):
    phase = st.sc[L.SC_PHASE]
    if phase == L.PH_SETUP_KEEP or phase == L.PH_KEEP_TICKETS:
        n = st.sc[L.SC_N_OFFER]
        return make_action(L.A_KEEP_TICKETS, (1 << n) - 1 if n > 0 else 0, 0)  # GT-SET-1: all kept
    if phase == L.PH_TUNNEL:
        return tunnel_decision(st, bd, ru, p)
    if phase == L.PH_SECOND_DRAW:
        return make_action(L.A_DRAW_BLIND, 0, 0)
    n_open, blocked = plan(st, bd, ru, p, ws)
    swap_ok = ru[L.RULE_SWAP_TICKETS] != 0 and can_swap(st, p)
    # swap blocked tickets while a fresh pair can still be done (enough
    # wagons) and not endlessly: a swap is a whole turn without progress
    if (n_open > 0 and blocked == n_open and swap_ok and st.trains[p] >= SWAP_MIN_WAGONS
            and st.ps[p, L.PS_GT_SWAPS] < MAX_SWAPS):
        return make_action(L.A_SWAP_TICKETS, 0, 0)
    r, c = _best_claim(st, bd, ru, p, np.bool_(True), ws)
    if r >= 0:
        return make_action(L.A_CLAIM, r, c)
    planned = 0
    for k in range(bd.n_routes):
        planned += ws.want[p, k] != 0
    if planned == 0:
        # nothing left to aim at (no tickets to draw, bonuses gone): wagons
        # placed bring the end nearer, so spend cards on the longest route
        r, c = _best_claim(st, bd, ru, p, np.bool_(False), ws)
        if r >= 0:
            return make_action(L.A_CLAIM, r, c)
    if cards_available(st) > 0:
        return make_action(L.A_DRAW_BLIND, 0, 0)
    r, c = _best_claim(st, bd, ru, p, np.bool_(False), ws)
    if r >= 0:
        return make_action(L.A_CLAIM, r, c)
    if swap_ok:
        return make_action(L.A_SWAP_TICKETS, 0, 0)
    return make_action(L.A_PASS, 0, 0)
