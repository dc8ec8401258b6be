"""`long-route`: collects cards for the longest routes (5+ spaces, 4+ once
those are gone; LONG_MIN_LENGTH, LONG_FALLBACK_LENGTH) and claims them as
soon as it can; plans only its most valuable open tickets (LONG_PLANNED of
them) and may hoard before their routes as planner does (LONG_HOARD_*);
with those done it draws more tickets while the trains allow
(LONG_TICKET_*).

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
    plan_most_valuable,
)
from kernels.bots.planning.ticket_keep import choose_keep_mask
from kernels.bots.planning.ticket_value import hoards
from kernels.bots.shared import params as P
from kernels.bots.shared.paying import tunnel_decision
from kernels.bots.shared.table import fewest_trains_of_others, hand_size
from kernels.core.actions import make_action
from kernels.core.cards import cards_available


@njit(cache=True, _nrt=False)
def long_route_action(st, bd, ru, p, rng, ws):
    """Collects cards for the longest routes (5+ spaces; 4+ once those are
    gone) and claims them as soon as it can; plans only its most valuable
    open tickets and ignores the rest; with those done, draws more tickets
    while it and every other seat hold enough trains."""
    phase = st.sc[L.SC_PHASE]
    prm = ws.bot_params
    if phase == L.PH_SETUP_KEEP or phase == L.PH_KEEP_TICKETS:
        return choose_keep_mask(st, bd, ru, p, ws, phase == L.PH_SETUP_KEEP, prm[P.BP_LONG_KEEP_PRICE],
                                prm[P.BP_LONG_BUDGET], prm[P.BP_LONG_OVER_PRICE])
    if phase == L.PH_TUNNEL:
        return tunnel_decision(st, bd, ru, p)
    if plan_most_valuable(st, bd, p, ws, np.int64(prm[P.BP_LONG_PLANNED])) > 0:
        adopt_plan(st, bd, p, ws)
    else:
        want = ws.want[p]
        for r in range(bd.n_routes):
            want[r] = 0
    left = fill_need(st, bd, p, ws)
    # once the long routes are gone (Europe has three of 5+), the longest left will do
    min_len = np.int64(prm[P.BP_LONG_MIN_LENGTH])
    target = longest_open_route(st, bd, ru, p, min_len)
    if target < 0:
        min_len = np.int64(prm[P.BP_LONG_FALLBACK_LENGTH])
        target = longest_open_route(st, bd, ru, p, min_len)
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
    if (left == 0 and not endgame and st.sc[L.SC_TP_COUNT] > 0 and st.trains[p] >= prm[P.BP_LONG_TICKET_TRAINS]
            and fewest_trains_of_others(st, p) >= prm[P.BP_LONG_TICKET_OTHERS]):
        return make_action(L.A_DRAW_TICKETS, 0, 0)
    if left > 0:  # its ticket's routes may wait for a hoard; the long ones never do
        a = best_planned_claim(st, bd, ru, p, ws, endgame)
        if a >= 0 and (endgame or not hoards(st, bd, ru, p, ws, left, prm[P.BP_LONG_HOARD_HAND],
                                             prm[P.BP_LONG_HOARD_SLACK])):
            return a
    if not endgame and hand_size(st, p) < FULL_HAND and cards_available(st) >= 10:
        d = draw_for_need(st, ru, p, np.bool_(False), ws)
        if d >= 0:
            return d
    if a >= 0:
        return a
    return spend_or_draw(st, bd, ru, p, ws, endgame)
