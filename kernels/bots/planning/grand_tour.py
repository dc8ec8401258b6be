"""The planner family's look at India's Grand Tour (IN-SCR-3, IN-SCR-4): a
route that closes a loop of the seat's network through the cities of a
completed ticket adds bonus points. Counting is the core's
(kernels/core/scoring.py grand_tour_tickets); this only tries the cheap
moves: affordable open routes whose two cities the network already joins."""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.bots.shared.paying import pay_colour, tunnel_spare
from kernels.core.actions import make_action
from kernels.core.claims import route_open_to
from kernels.core.scoring import grand_tour_bonus, grand_tour_tickets
from kernels.core.seats import team_first, team_size
from kernels.graph import uf_find


@njit(cache=True, _nrt=False)
def grand_tour_claim(st, bd, ru, p, ws):
    """The affordable open route inside p's network (both cities already
    joined, so it closes a loop) that raises p's Grand Tour bonus most, with
    its route points on ties; a tunnel only with a spare card for the
    surcharge. Returns the claim, or -1 when no route raises the bonus (or
    the rules have no Grand Tour)."""
    best = np.int64(-1)
    if ru[L.RULE_BONUS_TERMS] & L.BONUS_GRAND_TOUR == 0:
        return best
    first = team_first(ru, p)
    members = np.int64(((1 << team_size(ru)) - 1) << first)
    now = grand_tour_bonus(ru, grand_tour_tickets(st, bd, p, members, ws))
    routes = bd.routes[:bd.n_routes]
    uf = st.uf[p]
    hand_p = st.hand[p]
    trains_p = np.int64(st.trains[p])
    best_v = 0.0
    for r in range(routes.shape[0]):
        if not route_open_to(st.owner, st.closed, trains_p, routes, bd.group_routes[:bd.n_groups], p, r):
            continue
        if uf_find(uf, routes[r, L.RT_A]) != uf_find(uf, routes[r, L.RT_B]):
            continue  # joins two pieces: no new loop
        c = pay_colour(ru, hand_p, routes, r, ws.need[p])
        if c < 0 or (routes[r, L.RT_KIND] == L.KIND_TUNNEL and tunnel_spare(hand_p, routes, r, c) < 1):
            continue
        st.owner[r] = p  # as if claimed; put back at once
        gain = grand_tour_bonus(ru, grand_tour_tickets(st, bd, p, members, ws)) - now
        st.owner[r] = -1
        if gain > 0:
            v = gain + 0.01 * ru[L.RULE_ROUTE_SCORE + routes[r, L.RT_LEN]]
            if v > best_v:
                best_v = v
                best = make_action(L.A_CLAIM, r, c)
    return best
