"""Team Asia: teams of two (TA-*), called from small hooks in the engine.

Seats sit in team order, A1 A2 B1 B2 [C1 C2] (TA-TEAM-1), so the team of seat
p is p // team size and its members are consecutive seats. Every function
here is a no-op, or the single-player behaviour, when RULE_TEAM_SIZE is 1, so
that the engine can call them unconditionally where it is convenient.

State used: st.holder[team] (the shared card holder), st.ticket_shared (the
shared ticket holder: a ticket held by a teammate with the flag set),
st.purse (hand + holder of the seat to move, rebuilt before use),
st.laid_holder (tunnel cards that came from the holder, to give back).
"""

import numpy as np
from numba import njit

from kernels.graph import largest_network_cities, longest_trail, uf_find, uf_union
from kernels.layouts import (
    A_KEEP_TICKETS,
    A_SHARE_TICKETS,
    FN_GLOBETROTTER_BONUS,
    FN_LONGEST_BONUS,
    FN_LONGEST_PATH,
    FN_NETWORK_CITIES,
    FN_TICKETS_COMPLETED,
    FN_TICKETS_FAILED,
    FN_TICKETS_LOST,
    FN_TICKETS_WON,
    FN_TOTAL,
    FN_WINNER,
    N_CARD_KINDS,
    PS_CARDS_SHARED,
    PS_HOLDER_CARDS_USED,
    PS_TICKETS_SHARED,
    RT_A,
    RT_ALWAYS_OPEN,
    RT_B,
    RT_GROUP,
    RULE_DOUBLES_MIN_PLAYERS,
    RULE_END_TRIGGER_TEAM,
    RULE_GLOBETROTTER_BONUS,
    RULE_LONGEST_PATH_BONUS,
    RULE_TEAM_SIZE,
    RULE_TRIPLE_LANES,
    SC_N_OFFER,
    SC_N_PLAYERS,
    SC_TURN,
    TK_A,
    TK_B,
    TK_POINTS,
    TR_COMPLETED,
    TR_FAILED,
)


@njit(cache=True, _nrt=False, inline="always")
def is_team_game(ru):
    return ru[RULE_TEAM_SIZE] > 1


@njit(cache=True, _nrt=False, inline="always")
def team_of(ru, p):
    return p // max(ru[RULE_TEAM_SIZE], 1)


@njit(cache=True, _nrt=False, inline="always")
def team_mask(ru, p):
    """Bit mask of the seats of p's team (TA-TEAM-1: consecutive seats)."""
    size = max(ru[RULE_TEAM_SIZE], 1)
    first = (p // size) * size
    return ((1 << size) - 1) << first


@njit(cache=True, _nrt=False)
def team_trains(st, ru, p):
    """Trains that count for the end trigger: p's own, or p's team's
    combined supply (TA-END-1)."""
    if ru[RULE_END_TRIGGER_TEAM] == 0:
        return np.int64(st.trains[p])
    size = max(ru[RULE_TEAM_SIZE], 1)
    first = (p // size) * size
    n = np.int64(0)
    for q in range(first, first + size):
        n += st.trains[q]
    return n


# --- cards ----------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def fill_purse(st, ru, p):
    """st.purse <- the cards p may pay with: own hand plus the team's holder (TA-CRD-4)."""
    purse = st.purse
    hand = st.hand
    holder = st.holder
    t = team_of(ru, p)
    for k in range(N_CARD_KINDS):
        purse[k] = hand[p, k] + holder[t, k]


@njit(cache=True, _nrt=False)
def take_cards(st, ru, p, kind, n):
    """Remove n cards of `kind` from p's means of payment: the private hand
    first, then (Team Asia) the team holder. Returns how many came from the
    holder. Own cards go first because only p can spend them, while the
    holder's cards serve both teammates (an assumption: the rules let the
    player combine the two freely)."""
    if n <= 0:
        return np.int64(0)
    from_hand = min(np.int64(st.hand[p, kind]), np.int64(n))
    st.hand[p, kind] -= from_hand
    rest = n - from_hand
    if rest > 0:
        t = team_of(ru, p)
        st.holder[t, kind] -= rest
        st.ps[p, PS_HOLDER_CARDS_USED] += rest
    return rest


@njit(cache=True, _nrt=False)
def receive_card(st, ru, p, c, dest):
    """A drawn card goes to p's hand (dest 0) or the team's holder (dest 1), TA-CRD-2/3."""
    if dest != 0 and is_team_game(ru):
        st.holder[team_of(ru, p), c] += 1
        st.ps[p, PS_CARDS_SHARED] += 1
    else:
        st.hand[p, c] += 1


# --- tickets ----------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def _popcount(x):
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@njit(cache=True, _nrt=False)
def keep_actions(st, out, keep_min, n_share, limit):
    """TA-TKT-1/2: keep masks (at least keep_min of the offer) paired with the
    offered tickets placed in the shared holder: b = mask of exactly
    min(n_share, kept) of the kept ones."""
    k = st.sc[SC_N_OFFER]
    n = 0
    for mask in range(1, 1 << k):
        kept = _popcount(mask)
        if kept < keep_min:
            continue
        want = min(n_share, kept)
        # every submask of mask with `want` bits
        sub = mask
        while True:
            if _popcount(sub) == want and n < limit:
                out[n] = np.int64(A_KEEP_TICKETS) | (np.int64(mask) << 4) | (np.int64(sub) << 20)
                n += 1
            if sub == 0:
                break
            sub = (sub - 1) & mask
    return n


@njit(cache=True, _nrt=False)
def share_offered(st, p, share_mask):
    """Flag the offered tickets in share_mask as shared (before keep_offer moves them)."""
    for i in range(st.sc[SC_N_OFFER]):
        if (share_mask >> i) & 1:
            st.ticket_shared[st.offer[i]] = 1
            st.ps[p, PS_TICKETS_SHARED] += 1


@njit(cache=True, _nrt=False)
def share_actions(st, ru, p, out, n, limit):
    """TA-TKT-3: move one or two of p's hidden tickets into the shared holder."""
    if not is_team_game(ru):
        return n
    holder = st.ticket_holder
    shared = st.ticket_shared
    for t in range(holder.shape[0]):
        if holder[t] != p or shared[t] != 0:
            continue
        if n < limit:
            out[n] = np.int64(A_SHARE_TICKETS) | (np.int64(t) << 4)
            n += 1
        for t2 in range(t + 1, holder.shape[0]):
            if holder[t2] == p and shared[t2] == 0 and n < limit and t2 < 255:
                out[n] = np.int64(A_SHARE_TICKETS) | (np.int64(t) << 4) | (np.int64(t2 + 1) << 20)
                n += 1
    return n


@njit(cache=True, _nrt=False)
def share_tickets(st, p, t1, t2_plus_1):
    st.ticket_shared[t1] = 1
    st.ps[p, PS_TICKETS_SHARED] += 1
    if t2_plus_1 > 0:
        st.ticket_shared[t2_plus_1 - 1] = 1
        st.ps[p, PS_TICKETS_SHARED] += 1


# --- board ----------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def team_union(st, bd, ru, p, r):
    """The claim joins r's cities in the network of every member of p's team
    (TA-TEAM-2, TA-TKT-4: one network per team), and marks the team's
    tickets joined this turn."""
    size = max(ru[RULE_TEAM_SIZE], 1)
    first = (p // size) * size
    a = bd.routes[r, RT_A]
    b = bd.routes[r, RT_B]
    holder = st.ticket_holder
    done = st.ticket_done_turn
    tickets = bd.tickets
    turn = st.sc[SC_TURN]
    for q in range(first, first + size):
        uf_union(st.uf[q], a, b)
    uf = st.uf[p]
    for t in range(tickets.shape[0]):
        h = holder[t]
        if h >= first and h < first + size and done[t] < 0:
            if uf_find(uf, tickets[t, TK_A]) == uf_find(uf, tickets[t, TK_B]):
                done[t] = turn


@njit(cache=True, _nrt=False)
def close_lanes(st, bd, ru, r):
    """TA-DBL-1/2: below DOUBLES_MIN_PLAYERS a double closes after one claim
    (unless printed always open, Hong Kong-Canton) and a triple after
    TRIPLE_LANES claims; teammates may hold lanes side by side."""
    g = bd.routes[r, RT_GROUP]
    if g < 0 or st.sc[SC_N_PLAYERS] >= ru[RULE_DOUBLES_MIN_PLAYERS] or bd.routes[r, RT_ALWAYS_OPEN] != 0:
        return
    group_routes = bd.group_routes
    lanes = 0
    claimed = 0
    for i in range(group_routes.shape[1]):
        r2 = group_routes[g, i]
        if r2 >= 0:
            lanes += 1
            if st.owner[r2] >= 0:
                claimed += 1
    usable = 1 if lanes <= 2 else ru[RULE_TRIPLE_LANES]
    if claimed >= usable:
        for i in range(group_routes.shape[1]):
            r2 = group_routes[g, i]
            if r2 >= 0 and st.owner[r2] < 0:
                st.closed[r2] = 1


# --- scoring -----------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def score_teams(st, bd, ru, ws):
    """TA-SCR-1/2, TA-TKT-4: tickets against the team's network, Asia Express
    (longest continuous path, the rule set's longest-path bonus) and
    Globetrotter (most completed tickets) per team, ties all scoring; one
    team total on each teammate's row; winners are teams (points, then
    completed tickets, then the longest path)."""
    n = st.sc[SC_N_PLAYERS]
    size = max(ru[RULE_TEAM_SIZE], 1)
    n_teams = n // size
    fin = st.final
    tickets = bd.tickets
    best_trail = 0
    best_done = 0
    for p in range(n):
        for k in range(fin.shape[1]):
            fin[p, k] = 0
    for tm in range(n_teams):
        first = tm * size
        members = ((1 << size) - 1) << first
        network_union = ws.uf_tmp
        # the team network (the members' union-finds are kept equal; rebuild to be sure)
        trail = longest_trail(bd.routes, st.owner, members, ws.deg, ws.inc, ws.used, ws.stk_v, ws.stk_e, ws.stk_i)
        cities = largest_network_cities(bd.routes, st.owner, members, network_union, ws.count, ws.done)
        for c in range(network_union.shape[0]):
            network_union[c] = c
        for r in range(bd.routes.shape[0]):
            o = st.owner[r]
            if o >= first and o < first + size:
                uf_union(network_union, bd.routes[r, RT_A], bd.routes[r, RT_B])
        done_team = 0
        for t in range(tickets.shape[0]):
            h = st.ticket_holder[t]
            if h < first or h >= first + size:
                continue
            pts = tickets[t, TK_POINTS]
            if uf_find(network_union, tickets[t, TK_A]) == uf_find(network_union, tickets[t, TK_B]):
                fin[h, FN_TICKETS_WON] += pts
                fin[h, FN_TICKETS_COMPLETED] += 1
                st.ticket_result[t] = TR_COMPLETED
                done_team += 1
            else:
                fin[h, FN_TICKETS_LOST] += pts
                fin[h, FN_TICKETS_FAILED] += 1
                st.ticket_result[t] = TR_FAILED
        for q in range(first, first + size):
            fin[q, FN_LONGEST_PATH] = trail
            fin[q, FN_NETWORK_CITIES] = cities
        best_trail = max(best_trail, trail)
        best_done = max(best_done, done_team)
    for tm in range(n_teams):
        first = tm * size
        done_team = 0
        total = 0
        for q in range(first, first + size):
            done_team += fin[q, FN_TICKETS_COMPLETED]
            total += st.score[q] + fin[q, FN_TICKETS_WON] - fin[q, FN_TICKETS_LOST]
        longest = 0
        if ru[RULE_LONGEST_PATH_BONUS] > 0 and best_trail > 0 and fin[first, FN_LONGEST_PATH] == best_trail:
            longest = ru[RULE_LONGEST_PATH_BONUS]
        globe = 0
        if ru[RULE_GLOBETROTTER_BONUS] > 0 and best_done > 0 and done_team == best_done:
            globe = ru[RULE_GLOBETROTTER_BONUS]
        for q in range(first, first + size):
            fin[q, FN_LONGEST_BONUS] = longest
            fin[q, FN_GLOBETROTTER_BONUS] = globe
            fin[q, FN_TOTAL] = total + longest + globe
    for tm in range(n_teams):
        win = 1
        for other in range(n_teams):
            if other != tm and _team_beats(fin, size, other, tm):
                win = 0
                break
        for q in range(tm * size, tm * size + size):
            fin[q, FN_WINNER] = win


@njit(cache=True, _nrt=False)
def team_tickets_completed(fin, size, tm):
    n = 0
    for q in range(tm * size, tm * size + size):
        n += fin[q, FN_TICKETS_COMPLETED]
    return n


@njit(cache=True, _nrt=False)
def _team_beats(fin, size, a, b):
    """TA-SCR-2: team a ranks above team b."""
    fa = fin[a * size, FN_TOTAL]
    fb = fin[b * size, FN_TOTAL]
    if fa != fb:
        return fa > fb
    ta = team_tickets_completed(fin, size, a)
    tb = team_tickets_completed(fin, size, b)
    if ta != tb:
        return ta > tb
    return fin[a * size, FN_LONGEST_PATH] > fin[b * size, FN_LONGEST_PATH]
