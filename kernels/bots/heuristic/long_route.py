"""`long-route`: collects cards for the longest routes (5+ spaces, 3+ once
those are gone) and claims them as soon as it can; plans only its most
valuable open ticket, keeps few tickets and never draws more.

Built from the planner family's plan and moves (bots/planning); reads only
what seat p may see."""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.bots.planning.moves import (
    add_need_for_route,
    best_planned_claim,
    best_scoring_claim,
    draw_for_need,
    in_endgame,
    longest_open_route,
    spend_or_draw,
    station_choice,
)
from kernels.bots.planning.network import (
    FULL_HAND,
    adopt_plan,
    fill_need,
    plan_network,
    ticket_open,
)
from kernels.bots.planning.ticket_keep import choose_keep_mask
from kernels.bots.shared.paying import tunnel_decision
from kernels.bots.shared.table import hand_size
from kernels.core.cards import cards_available


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
    endgame = in_endgame(st, p)
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
    return spend_or_draw(st, bd, ru, p, ws, endgame)
