"""End-of-game scoring of the points games, for teams (a seat is a team of
one): tickets against the team's network with each seat's best station
choice (EU-STN-3, TA-TKT-4; what a ticket scores is core/tickets.py
ticket_outcome's answer, SW-TKT-3..5 included), the bonus terms
RULE_BONUS_TERMS names (longest trail BASE-SCR-2 / Asia Express TA-SCR-1,
Asian Explorer LA-SCR-1, Globetrotter TA-SCR-1 / NC-SCR-3, unbuilt stations
EU-STN-4, the Grand Tour IN-SCR-3/4) and the winners with their tie-breaks
(BASE-SCR-3, LA-SCR-2, TA-SCR-2). Every teammate's row carries the team's
total. The owner of the bonus-term variation point."""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.core.seats import team_size
from kernels.core.tickets import ticket_outcome
from kernels.graph import network_trail_and_cities, two_path_network, uf_union


# --- stations (EU-STN-3) ---------------------------------------------------------------
@njit(cache=True, _nrt=False)
def _tickets_value(st, bd, p, uf):
    """(ticket points, tickets completed) of seat p under union-find uf."""
    holder = st.ticket_holder
    value = 0
    completed = 0
    for t in range(bd.n_tickets):
        if holder[t] == p:
            option, points = ticket_outcome(bd, uf, t)
            value += points
            if option >= 0:
                completed += 1
    return value, completed


@njit(cache=True, _nrt=False)
def apply_station_choice(st, bd, p, choice, n_st, ws):
    """ws.uf_tmp <- p's network plus the route each station borrows under
    `choice`. (Fills scratch rather than returning it: a kernel compiled
    without the runtime cannot return an array.)"""
    uf = ws.uf_tmp[:]
    own = st.uf[p]
    for c in range(bd.n_cities):  # the board's cities, not MAX_CITIES
        uf[c] = own[c]
    for i in range(n_st):
        if choice[i] < ws.n_cand[i]:
            r = ws.cand[i, choice[i]]
            uf_union(uf, bd.routes[r, L.RT_A], bd.routes[r, L.RT_B])


@njit(cache=True, _nrt=False)
def best_station_choice(st, bd, p, ws):
    """Ticket value of seat p with each station borrowing the one route (of
    another player, into its city) that maximises p's ticket points (EU-STN-3);
    among equal points, the choice completing most tickets (the first
    tie-break, BASE-SCR-3, is "the owner's best advantage" too). The choice is
    left in ws.best_choice (index n_cand = no route). Exhaustive."""
    n_st = 0
    for i in range(L.MAX_STATIONS):
        city = st.station_city[p, i]
        if city < 0:
            continue
        nc = 0
        for j in range(bd.adj_start[city], bd.adj_start[city + 1]):
            r = bd.adj_route[j]
            if st.owner[r] >= 0 and st.owner[r] != p:
                ws.cand[n_st, nc] = r
                nc += 1
        ws.n_cand[n_st] = nc
        n_st += 1
    for i in range(L.MAX_STATIONS):
        ws.choice[i] = 0
        ws.best_choice[i] = 0
    for i in range(n_st):
        ws.best_choice[i] = ws.n_cand[i]
    apply_station_choice(st, bd, p, ws.best_choice[:], np.int64(n_st), ws)
    best, best_done = _tickets_value(st, bd, p, ws.uf_tmp[:])
    if n_st == 0:
        return best
    while True:
        apply_station_choice(st, bd, p, ws.choice[:], np.int64(n_st), ws)
        value, done = _tickets_value(st, bd, p, ws.uf_tmp[:])
        if value > best or (value == best and done > best_done):
            best = value
            best_done = done
            for i in range(n_st):
                ws.best_choice[i] = ws.choice[i]
        # next combination (mixed radix, digit i runs 0..n_cand[i])
        i = 0
        while i < n_st:
            ws.choice[i] += 1
            if ws.choice[i] <= ws.n_cand[i]:
                break
            ws.choice[i] = 0
            i += 1
        if i == n_st:
            break
    return best


# --- the game's score ------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def score_tickets(st, bd, ru, p, ws):
    """p's tickets against its team's network plus its stations' best
    borrowed routes; fills p's ticket components and each ticket's result."""
    fin = st.final
    n_st = 0
    for i in range(L.MAX_STATIONS):
        if st.station_city[p, i] >= 0:
            n_st += 1
    if n_st > 0:  # without a station there is no choice: the network is p's own
        best_station_choice(st, bd, p, ws)
    apply_station_choice(st, bd, p, ws.best_choice[:], np.int64(n_st), ws)
    uf = ws.uf_tmp[:]
    for t in range(bd.n_tickets):
        if st.ticket_holder[t] != p:
            continue
        option, points = ticket_outcome(bd, uf, t)
        st.ticket_option[t] = option
        st.ticket_points[t] = points
        if option >= 0:
            fin[p, L.FN_TICKETS_WON] += points
            fin[p, L.FN_TICKETS_COMPLETED] += 1  # one ticket whichever option scores (SW-TKT-3a)
            own, _ = ticket_outcome(bd, st.uf[p], t)
            st.ticket_result[t] = L.TR_COMPLETED if own >= 0 else L.TR_VIA_STATION
        else:
            fin[p, L.FN_TICKETS_LOST] -= points
            fin[p, L.FN_TICKETS_FAILED] += 1
            st.ticket_result[t] = L.TR_FAILED


@njit(cache=True, _nrt=False)
def grand_tour_tickets(st, bd, p, members, ws):
    """IN-SCR-3: p's tickets whose ends are joined by two route-disjoint paths
    of the trains of `members` (p's own, for a team of one): joined in the
    network left when every route that alone separates its ends (a bridge) is
    taken out (assumption IN-SCR-3a, Menger's theorem). A station's borrowed
    route never counts. Uses ws.uf_tmp and the trail work arrays."""
    two_path_network(bd, st.owner[:], members, ws.uf_tmp[:bd.n_cities], ws.trail[0])
    n = 0
    for t in range(bd.n_tickets):
        if st.ticket_holder[t] == p:
            option, _ = ticket_outcome(bd, ws.uf_tmp[:], t)
            if option >= 0:
                n += 1
    return n


@njit(cache=True, _nrt=False, inline="always")
def grand_tour_bonus(ru, n):
    """IN-SCR-4: the bonus for n Grand Tour tickets, the table's last entry
    for that many or more."""
    entries = ru[L.RULE_GRAND_TOUR_LEN]
    return ru[L.RULE_GRAND_TOUR + min(n, entries - 1)] if entries > 0 else np.int64(0)


@njit(cache=True, _nrt=False)
def score_grand_tour(st, bd, ru, p, members, ws):
    n = grand_tour_tickets(st, bd, p, members, ws)
    st.final[p, L.FN_GRAND_TOUR_TICKETS] = n
    st.final[p, L.FN_GRAND_TOUR_BONUS] = grand_tour_bonus(ru, n)


@njit(cache=True, _nrt=False)
def network_trail_cities(st, bd, members, ws):
    """graph.network_trail_and_cities of the members' routes (longest trail,
    cities of the largest piece), in scratch cut to the board's cities."""
    n = bd.n_cities
    return network_trail_and_cities(bd.routes[:bd.n_routes], st.owner[:], members, n, ws.trail[0])


@njit(cache=True, _nrt=False)
def score_points_game(st, bd, ru, ws):
    """st.final <- every seat's score components, total and winner flag."""
    n = st.sc[L.SC_N_PLAYERS]
    size = team_size(ru)
    n_teams = n // size
    terms = ru[L.RULE_BONUS_TERMS]
    fin = st.final
    for p in range(n):
        for k in range(fin.shape[1]):
            fin[p, k] = 0
    best_trail = 0
    best_net = 0
    best_done = 0
    for tm in range(n_teams):
        first = tm * size
        members = ((1 << size) - 1) << first
        done_team = 0
        for q in range(first, first + size):
            score_tickets(st, bd, ru, q, ws)
            if terms & L.BONUS_GRAND_TOUR:
                score_grand_tour(st, bd, ru, q, np.int64(members), ws)
            done_team += fin[q, L.FN_TICKETS_COMPLETED]
            if terms & L.BONUS_STATIONS:
                fin[q, L.FN_STATION_POINTS] = st.stations_left[q] * ru[L.RULE_STATION_VALUE]
        trail, cities = network_trail_cities(st, bd, np.int64(members), ws)
        for q in range(first, first + size):
            fin[q, L.FN_LONGEST_PATH] = trail
            fin[q, L.FN_NETWORK_CITIES] = cities
        best_trail = max(best_trail, trail)
        best_net = max(best_net, cities)
        best_done = max(best_done, done_team)
    for tm in range(n_teams):
        first = tm * size
        done_team = 0
        total = 0
        for q in range(first, first + size):
            done_team += fin[q, L.FN_TICKETS_COMPLETED]
            total += (st.score[q] + fin[q, L.FN_TICKETS_WON] - fin[q, L.FN_TICKETS_LOST] + fin[q, L.FN_STATION_POINTS]
                      + fin[q, L.FN_GRAND_TOUR_BONUS])
        longest = 0
        if terms & L.BONUS_LONGEST and best_trail > 0 and fin[first, L.FN_LONGEST_PATH] == best_trail:
            longest = ru[L.RULE_LONGEST_PATH_BONUS]
        explorer = 0  # ties: every tied team gets it (assumption LA-SCR-1a)
        if terms & L.BONUS_EXPLORER and best_net > 0 and fin[first, L.FN_NETWORK_CITIES] == best_net:
            explorer = ru[L.RULE_EXPLORER_BONUS]
        globe = 0  # ties: every tied team (NC-SCR-3a); none for no completed ticket
        if terms & L.BONUS_GLOBETROTTER and best_done > 0 and done_team == best_done:
            globe = ru[L.RULE_GLOBETROTTER_BONUS]
        for q in range(first, first + size):
            fin[q, L.FN_LONGEST_BONUS] = longest
            fin[q, L.FN_EXPLORER_BONUS] = explorer
            fin[q, L.FN_GLOBETROTTER_BONUS] = globe
            fin[q, L.FN_TOTAL] = total + longest + explorer + globe
    for tm in range(n_teams):
        win = 1
        for other in range(n_teams):
            if other != tm and _team_beats(st, ru, size, other, tm):
                win = 0
                break
        for q in range(tm * size, tm * size + size):
            fin[q, L.FN_WINNER] = win


@njit(cache=True, _nrt=False)
def _team_sum(st, size, tm, field):
    n = 0
    for q in range(tm * size, tm * size + size):
        n += st.final[q, field]
    return n


@njit(cache=True, _nrt=False)
def _mountain_routes(st, size, tm):
    n = 0
    for q in range(tm * size, tm * size + size):
        n += st.ps[q, L.PS_MOUNTAIN_ROUTES]
    return n


@njit(cache=True, _nrt=False)
def _team_beats(st, ru, size, a, b):
    """Team a ranks above team b: points, then completed tickets, then the
    second tie-break (BASE-SCR-3: the longest-path bonus; LA-SCR-2: mountain
    routes; TA-SCR-2: the longer continuous path)."""
    fin = st.final
    fa = fin[a * size, L.FN_TOTAL]
    fb = fin[b * size, L.FN_TOTAL]
    if fa != fb:
        return fa > fb
    ta = _team_sum(st, size, a, L.FN_TICKETS_COMPLETED)
    tb = _team_sum(st, size, b, L.FN_TICKETS_COMPLETED)
    if ta != tb:
        return ta > tb
    second = ru[L.RULE_TIEBREAK_SECOND]
    if second == L.TIE_MOUNTAINS:
        return _mountain_routes(st, size, a) > _mountain_routes(st, size, b)
    if second == L.TIE_LONGEST_PATH:
        return fin[a * size, L.FN_LONGEST_PATH] > fin[b * size, L.FN_LONGEST_PATH]
    return fin[a * size, L.FN_LONGEST_BONUS] > fin[b * size, L.FN_LONGEST_BONUS]
