"""Destination tickets: the ticket pile (a circular queue), offers and what a
seat keeps from them, the shared ticket holder of a team (a ticket held by a
seat with its shared flag set; TA-TKT-1/2), and what a ticket scores against a
network: `ticket_outcome`, the one answer for a ticket between two cities and
for a ticket with options (a city or a country to one of several
destinations, SW-TKT-3..6)."""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.bits import ONE, ZERO, bit_count, low_bit_index
from kernels.core.actions import make_action
from kernels.core.events import log_ticket
from kernels.core.seats import team_first, team_size
from kernels.graph import uf_find


@njit(cache=True, _nrt=False)
def pop_ticket(st):
    """The top ticket of the pile, or -1 when it is empty."""
    sc = st.sc
    if sc[L.SC_TP_COUNT] == 0:
        return np.int64(-1)
    t = st.ticket_pile[sc[L.SC_TP_HEAD]]
    head = sc[L.SC_TP_HEAD] + 1  # the pile is a ring of N_TICKETS slots (a wrap, not a division)
    sc[L.SC_TP_HEAD] = head if head < sc[L.SC_N_TICKETS] else 0
    sc[L.SC_TP_COUNT] -= 1
    return np.int64(t)


@njit(cache=True, _nrt=False)
def ticket_to_bottom(st, t):
    sc = st.sc
    i = sc[L.SC_TP_HEAD] + sc[L.SC_TP_COUNT]
    if i >= sc[L.SC_N_TICKETS]:
        i -= sc[L.SC_N_TICKETS]
    st.ticket_pile[i] = t
    sc[L.SC_TP_COUNT] += 1
    st.ticket_holder[t] = L.TH_PILE


@njit(cache=True, _nrt=False)
def ends_joined(bd, uf, e1, e2):
    """A node of end e1 and a node of end e2 share a network of uf (an end is a
    city, or a country reached at any of its border points, SW-TKT-6)."""
    joined = False
    for i in range(bd.end_start[e1], bd.end_start[e1 + 1]):
        root = uf_find(uf, bd.end_nodes[i])
        for j in range(bd.end_start[e2], bd.end_start[e2 + 1]):
            if uf_find(uf, bd.end_nodes[j]) == root:
                joined = True
    return joined


@njit(cache=True, _nrt=False, inline="always")  # per held ticket after every claim: the plain case inline
def ticket_outcome(bd, uf, t):
    """(option, points) of ticket t against the network uf: a ticket between
    two cities scores (0, +value) when they are joined, else (-1, -value)
    (BASE-SCR-1). A ticket with options scores the highest value among the
    destinations joined to its start (SW-TKT-3, SW-TKT-4), as (that option's
    index, +value); with none joined it loses its lowest value, (-1, -lowest)
    (SW-TKT-5)."""
    m = bd.tickets[t, L.TK_MULTI]
    if m >= 0:
        return options_outcome(bd, uf, np.int64(m))
    value = np.int64(bd.tickets[t, L.TK_POINTS])
    if uf_find(uf, bd.tickets[t, L.TK_A]) == uf_find(uf, bd.tickets[t, L.TK_B]):
        return np.int64(0), value
    return np.int64(-1), -value


@njit(cache=True, _nrt=False)
def options_outcome(bd, uf, m):
    """ticket_outcome of a ticket with options (bd.multi row m)."""
    first = bd.multi[m, L.MT_FIRST]
    start = np.int64(bd.multi[m, L.MT_FROM])
    best = np.int64(-1)
    lowest = np.int64(1 << 30)
    option = np.int64(-1)
    for i in range(bd.multi[m, L.MT_COUNT]):
        value = np.int64(bd.multi_opts[first + i, L.MO_POINTS])
        lowest = min(lowest, value)
        if value > best and ends_joined(bd, uf, start, np.int64(bd.multi_opts[first + i, L.MO_END])):
            best = value
            option = np.int64(i)
    return option, (best if option >= 0 else -lowest)


@njit(cache=True, _nrt=False, inline="always")
def mark_if_joined(st, bd, uf, t, turn):
    """Record `turn` as ticket t's when the network uf joins it (TA-TKT-4)."""
    option, _ = ticket_outcome(bd, uf, t)
    if option >= 0:
        st.ticket_done_turn[t] = turn


@njit(cache=True, _nrt=False)
def mark_completed_tickets(st, bd, ru, p):
    """Record the turn at which each ticket of p's team is joined by the
    team's network (st.uf[p]: p's own routes for a team of one; TA-TKT-4)."""
    mark_tickets_joined_in(st, bd, ru, p, np.int64(-1), np.int64(-1))


@njit(cache=True, _nrt=False)
def mark_tickets_joined_in(st, bd, ru, p, root, city):
    """mark_completed_tickets after a claim merged two pieces of the network
    into the piece of `root` (root -1: any piece may have changed). This runs
    after every merging claim: the team's open tickets are first gathered
    into a bit mask without branching (a branch per ticket on who holds it
    mispredicts), and a ticket between two cities is newly joined only if
    its first city is in the merged piece, so most cost one find. When the
    claim brought one new city into the network (`city` >= 0: one of the
    two pieces was that city alone, the common case), the only new pairs of
    joined cities include it, so only the tickets at that city can be newly
    joined (bd.city_tickets: ending there, or with it among the nodes of a
    ticket with options) and only those are looked at."""
    holder = st.ticket_holder
    done = st.ticket_done_turn
    tickets = bd.tickets[:bd.n_tickets]
    n_tickets = tickets.shape[0]
    uf = st.uf[p]
    turn = st.sc[L.SC_TURN]
    first = team_first(ru, p)
    last = first + team_size(ru)
    if city >= 0:
        for j in range(bd.city_ticket_start[city], bd.city_ticket_start[city + 1]):
            t = np.int64(bd.city_tickets[j])
            h = holder[t]
            if h >= first and h < last and done[t] < 0:
                mark_if_joined(st, bd, uf, t, turn)
        return
    for base in range(0, n_tickets, 64):
        open_word = ZERO
        for t in range(base, min(base + 64, n_tickets)):
            h = holder[t]
            is_open = (h >= first) & (h < last) & (done[t] < 0)
            open_word |= np.uint64(is_open) << np.uint64(t - base)
        while open_word != ZERO:
            t = base + low_bit_index(open_word)
            open_word &= open_word - ONE
            if root >= 0 and tickets[t, L.TK_MULTI] < 0 and uf_find(uf, tickets[t, L.TK_A]) != root:
                continue
            mark_if_joined(st, bd, uf, np.int64(t), turn)


@njit(cache=True, _nrt=False)
def keep_actions(st, out, keep_min, n_share, limit):
    """The keep decisions on the offer: every mask keeping at least keep_min,
    paired with the kept tickets that go to the team's shared holder (b: a mask
    of exactly min(n_share, kept) of the kept ones; 0 without teams, TA-TKT-1/2).
    An empty offer can only be acknowledged."""
    k = st.sc[L.SC_N_OFFER]
    n = 0
    if k == 0:
        out[0] = make_action(L.A_KEEP_TICKETS, 0, 0)
        return 1
    for mask in range(1, 1 << k):
        kept = bit_count(np.uint64(mask))
        if kept < keep_min:
            continue
        want = min(n_share, kept)
        if want == 0:
            if n < limit:
                out[n] = make_action(L.A_KEEP_TICKETS, mask, 0)
                n += 1
            continue
        sub = mask  # every submask of mask with `want` bits
        while True:
            if bit_count(np.uint64(sub)) == want and n < limit:
                out[n] = make_action(L.A_KEEP_TICKETS, mask, sub)
                n += 1
            if sub == 0:
                break
            sub = (sub - 1) & mask
    return n


@njit(cache=True, _nrt=False)
def keep_offer(st, bd, ru, p, mask, share_mask, setup):
    """Seat p keeps the offered tickets in mask (share_mask of them into the
    team's shared holder); the others go to the box (at setup: EU-SET-2,
    LA-TKT-2 by assumption LA-TKT-2a, NC-TKT-1, SW-TKT-1; after a draw:
    NC-TKT-2, SW-TKT-2) or to the bottom of the pile (BASE-SET-2, BASE-TKT-1)."""
    sc = st.sc
    to_box = ru[L.RULE_UNKEPT_SETUP_TO_BOX] if setup else ru[L.RULE_UNKEPT_DRAW_TO_BOX]
    kept = 0
    for i in range(sc[L.SC_N_OFFER]):
        t = st.offer[i]
        if (share_mask >> i) & 1:
            st.ticket_shared[t] = 1
            st.ps[p, L.PS_TICKETS_SHARED] += 1
        if (mask >> i) & 1:
            st.ticket_holder[t] = p
            st.ticket_kept_turn[t] = -1 if setup else sc[L.SC_TURN]
            kept += 1
            log_ticket(st, np.int64(L.EK_TICKET_KEEP), p, np.int64(t), np.int64(i), np.int64((share_mask >> i) & 1))
            # the tickets held before are checked after every claim that merges the network: only the kept
            # ones can be joined already (TA-TKT-4)
            mark_if_joined(st, bd, st.uf[p], np.int64(t), sc[L.SC_TURN])
        elif to_box != 0:
            st.ticket_holder[t] = L.TH_BOX
            log_ticket(st, np.int64(L.EK_TICKET_BOX), p, np.int64(t), np.int64(i), np.int64(0))
        else:
            ticket_to_bottom(st, np.int64(t))
            log_ticket(st, np.int64(L.EK_TICKET_RETURN), p, np.int64(t), np.int64(i), np.int64(0))
        st.offer[i] = -1
    sc[L.SC_N_OFFER] = 0
    if not setup:
        st.ps[p, L.PS_TICKETS_DRAWN_MIDGAME] += kept
