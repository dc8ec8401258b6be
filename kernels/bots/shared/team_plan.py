"""What a seat of a team (Team Asia) plans for, reading only what it may see
(TA-CRD-5): its own hidden tickets and both teammates' shared ones
(visible_open), over the team's one network (TA-TKT-4: the team's routes cost
nothing). Where a drawn card goes, to the hand or to the team's holder
(card_destination, TA-CRD-2), which hidden tickets to share (share_choice,
TA-TKT-3), and when a team plan is broken. A team of one sees only its own
tickets, so none of this is called outside team games.

Never read: the teammate's hand, hidden tickets or bot memory (ws.want /
ws.need rows of other seats)."""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.bots.shared.plan import mark_path, plan_need, price_routes, ticket_distance
from kernels.core.actions import make_action
from kernels.core.claims import claim_trains
from kernels.core.seats import team_first, team_size

# visible_open's answer: which of the tickets seat p may see (0: none of them)
OWN_HIDDEN = 1
MATE_SHARED = 2
OWN_SHARED = 3
VISIBLE = (1 << OWN_HIDDEN) | (1 << MATE_SHARED) | (1 << OWN_SHARED)  # every ticket p plans for
SHARED = (1 << MATE_SHARED) | (1 << OWN_SHARED)  # the team's shared tickets


@njit(cache=True, _nrt=False, inline="always")
def visible_open(st, ru, p, t):
    """Ticket t is open and p may see it: p's own hidden ticket (OWN_HIDDEN),
    a teammate's shared one (MATE_SHARED), p's own shared one (OWN_SHARED);
    else 0."""
    h = st.ticket_holder[t]
    if h < 0 or st.ticket_done_turn[t] >= 0:
        return 0
    if h == p:
        return OWN_SHARED if st.ticket_shared[t] != 0 else OWN_HIDDEN
    first = team_first(ru, p)
    if h >= first and h < first + team_size(ru) and st.ticket_shared[t] != 0:
        return MATE_SHARED
    return 0


@njit(cache=True, _nrt=False)
def team_plan_into(st, bd, ru, p, want, mode_mask, ws):
    """want <- unclaimed routes joining the open tickets p may see whose
    visible_open answer is in mode_mask (VISIBLE, SHARED): one shortest path
    each over the team's prices, later ones reusing those planned."""
    for r in range(bd.n_routes):
        want[r] = 0
    price_routes(st, bd, ru, p, np.int64(st.trains[p]), want, 1.0, ws.price[:])
    for t in range(bd.n_tickets):
        m = visible_open(st, ru, p, t)
        if m == 0 or (mode_mask >> m) & 1 == 0:
            continue
        if ticket_distance(bd, t, ws) >= L.INF:
            continue
        mark_path(st, bd, np.int64(bd.tickets[t, L.TK_A]), np.int64(bd.tickets[t, L.TK_B]), want, np.int64(1), ws)


@njit(cache=True, _nrt=False)
def visible_key(st, ru, p):
    """Changes whenever the open tickets p may see change (the plan must then be redone)."""
    key = np.int64(0)
    for t in range(st.sc[L.SC_N_TICKETS]):
        m = visible_open(st, ru, p, t)
        if m > 0:
            key = key * 31 + t + 1
    return key


@njit(cache=True, _nrt=False)
def team_card_need(st, bd, ru, p, ws):
    """ws.team_need <- cards the team's shared tickets still need (only for
    deciding where a drawn card goes; recomputed each time, it is cheap)."""
    team_plan_into(st, bd, ru, p, ws.team_want[:], np.int64(SHARED), ws)
    plan_need(bd.routes[:bd.n_routes], st.owner, ws.team_want[:], ws.team_need[:])


@njit(cache=True, _nrt=False)
def card_destination(st, bd, ru, p, c, in_hand, ws):
    """TA-CRD-2: the card goes to the holder when the team's shared tickets
    (which both teammates play for) lack it more than p's hidden tickets do;
    the holder's cards serve both, the hand's only p."""
    if c < 0:
        return L.DEST_HAND
    team_card_need(st, bd, ru, p, ws)
    team_t = team_first(ru, p) // team_size(ru)
    private = max(ws.need[p, c] - ws.team_need[c], 0) - (st.hand[p, c] - in_hand)
    team = ws.team_need[c] - st.holder[team_t, c]
    if c != L.LOCO and team <= 0 and private <= 0:
        # a colour for grey routes: where the grey need is
        private = max(ws.need[p, L.GRAY + 1] - ws.team_need[L.GRAY + 1], 0) - (st.hand[p, c] - in_hand)
        team = ws.team_need[L.GRAY + 1] - st.holder[team_t, c]
    return L.DEST_HOLDER if team > private else L.DEST_HAND


@njit(cache=True, _nrt=False)
def share_choice(st, bd, ru, p, planned, ws):
    """TA-TKT-3: share up to two hidden open tickets (the costliest) when p's
    trains cannot cover its plan and the teammate has trains to spare."""
    first = team_first(ru, p)
    size = team_size(ru)
    mate_trains = 0
    for q in range(first, first + size):
        if q != p:
            mate_trains = max(mate_trains, st.trains[q])
    if planned <= st.trains[p] or mate_trains < 10:
        return np.int64(-1)
    t1 = -1
    t2 = -1
    d1 = -1.0
    d2 = -1.0
    price_routes(st, bd, ru, p, np.int64(1000), ws.want[p], 1.0, ws.price[:])
    for t in range(bd.n_tickets):
        if st.ticket_holder[t] != p or st.ticket_shared[t] != 0 or st.ticket_done_turn[t] >= 0:
            continue
        d = ticket_distance(bd, t, ws)
        if d >= L.INF:
            continue
        if d > d1:
            t2, d2 = t1, d1
            t1, d1 = t, d
        elif d > d2:
            t2, d2 = t, d
    if t1 < 0:
        return np.int64(-1)
    lo = min(t1, t2) if t2 >= 0 else t1
    hi = max(t1, t2) if t2 >= 0 else -1
    return make_action(L.A_SHARE_TICKETS, lo, hi + 1)


@njit(cache=True, _nrt=False)
def team_plan_broken(st, bd, ru, p, ws):
    """A planned route was taken by the other team, closed, or outgrew p's trains."""
    want = ws.want[p]
    first = team_first(ru, p)
    size = team_size(ru)
    routes = bd.routes[:bd.n_routes]
    owner = st.owner
    trains_p = np.int64(st.trains[p])
    for r in range(routes.shape[0]):
        if want[r] == 0:
            continue
        o = owner[r]
        if o >= 0 and (o < first or o >= first + size):
            return True
        if st.closed[r] != 0 or (o < 0 and claim_trains(routes, r) > trains_p):
            return True
    return False
