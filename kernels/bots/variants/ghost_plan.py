"""What both Ghost Train bots (ghost_greedy.py, ghost_planner.py) plan and
play alike: the region bonuses hung off a seat's ticket plan (the
Trick-or-Treat ticket, GT-BON-1; the Town Hall cards, GT-BON-2), the moves
outside a turn (keeps, tunnels, the second blind card), and the end of a turn
when no planned route can be claimed. A plan marks ws.want[p] with WANT_*
bits; the boards are tiny, so the bots plan again every turn."""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.bots.shared.paying import tunnel_decision
from kernels.bots.shared.plan import mark_path
from kernels.core.actions import make_action
from kernels.core.cards import cards_available
from kernels.paths import shortest_path

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
def plan_region_bonuses(st, bd, ru, p, ws, trains):
    """Hang the region bonuses off the ticket plan in ws.want[p] (its routes
    priced near zero in ws.price): the cheapest Dark Forest-Coast path while
    the Trick-or-Treat ticket is still to take (worth a whole ticket, so within
    every wagon the plan leaves), then Town Hall-Crypt and Town Hall-Manor
    paths worth their two cards (at most TOWN_HALL_DETOUR wagons)."""
    if st.ps[p, L.PS_GT_SPECIAL] == 0 and st.sc[L.SC_GT_SPECIAL_LEFT] > 0:
        plan_regions(st, bd, p, np.int64(L.CF_DARK_FOREST), np.int64(L.CF_COAST), np.int64(WANT_TRICK),
                     float(trains - planned_wagons(st, bd, p, ws)), ws)
    if ru[L.RULE_TOWN_HALL_CARDS] > 0:
        budget = min(TOWN_HALL_DETOUR, trains - planned_wagons(st, bd, p, ws))
        for place in (L.CF_CRYPT, L.CF_MANOR):
            taken = st.ps[p, L.PS_GT_CRYPT] if place == L.CF_CRYPT else st.ps[p, L.PS_GT_MANOR]
            if taken == 0:
                plan_regions(st, bd, p, np.int64(L.CF_TOWN_HALL), np.int64(place), np.int64(WANT_TOWN_HALL),
                             budget, ws)


@njit(cache=True, _nrt=False)
def off_turn_action(st, bd, ru, p):
    """The moves outside a turn's first decision, or -1 at a turn: every
    ticket kept (GT-SET-1), a tunnel's surcharge paid when it can be, the
    second card drawn blind (no market, GT-TRN-1)."""
    phase = st.sc[L.SC_PHASE]
    if phase == L.PH_SETUP_KEEP or phase == L.PH_KEEP_TICKETS:
        n = st.sc[L.SC_N_OFFER]
        return make_action(L.A_KEEP_TICKETS, (1 << n) - 1 if n > 0 else 0, 0)
    if phase == L.PH_TUNNEL:
        return tunnel_decision(st, bd, ru, p)
    if phase == L.PH_SECOND_DRAW:
        return make_action(L.A_DRAW_BLIND, 0, 0)
    return np.int64(-1)


@njit(cache=True, _nrt=False)
def draw_or_spend(st, bd, p, ws, swap_ok, any_claim):
    """A turn with no planned route to claim now. With nothing planned (no
    ticket to aim at, bonuses gone) the longest affordable route any_claim
    (placed wagons bring the end nearer, GT-END-2); else a blind card while
    there are cards; else any_claim; else a ticket swap (GT-TRN-3); else a
    pass. any_claim: the bot's best affordable route over every route, or -1."""
    planned = 0
    for r in range(bd.n_routes):
        planned += ws.want[p, r] != 0
    if planned == 0 and any_claim >= 0:
        return any_claim
    if cards_available(st) > 0:
        return make_action(L.A_DRAW_BLIND, 0, 0)
    if any_claim >= 0:
        return any_claim
    if swap_ok:
        return make_action(L.A_SWAP_TICKETS, 0, 0)
    return make_action(L.A_PASS, 0, 0)
