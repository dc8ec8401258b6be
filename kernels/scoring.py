"""End-of-game scoring: tickets with the best station choice (EU-STN-3),
longest trail (BASE-SCR-2), Asian Explorer (LA-SCR-1), Globetrotter,
unbuilt stations (EU-STN-4) and the winner with tie-breaks (BASE-SCR-3)."""

from numba import njit

from kernels.graph import largest_network_cities, longest_trail, uf_find, uf_union
from kernels.layouts import (
    FN_EXPLORER_BONUS,
    FN_GLOBETROTTER_BONUS,
    FN_LONGEST_BONUS,
    FN_LONGEST_PATH,
    FN_NETWORK_CITIES,
    FN_STATION_POINTS,
    FN_TICKETS_COMPLETED,
    FN_TICKETS_FAILED,
    FN_TICKETS_LOST,
    FN_TICKETS_WON,
    FN_TOTAL,
    FN_WINNER,
    MAX_STATIONS,
    PS_MOUNTAIN_ROUTES,
    RT_A,
    RT_B,
    RULE_EXPLORER_BONUS,
    RULE_GLOBETROTTER_BONUS,
    RULE_LONGEST_PATH_BONUS,
    RULE_STATION_VALUE,
    RULE_TEAM_SIZE,
    RULE_TIEBREAK_SECOND,
    SC_N_PLAYERS,
    TIE_MOUNTAINS,
    TK_A,
    TK_B,
    TK_POINTS,
    TR_COMPLETED,
    TR_FAILED,
    TR_VIA_STATION,
)
from kernels.teams import score_teams


@njit(cache=True, _nrt=False)
def _tickets_value(st, bd, p, uf):
    """(ticket points, tickets completed) of seat p under union-find uf."""
    holder = st.ticket_holder
    tickets = bd.tickets
    value = 0
    completed = 0
    for t in range(tickets.shape[0]):
        if holder[t] == p:
            pts = tickets[t, TK_POINTS]
            if uf_find(uf, tickets[t, TK_A]) == uf_find(uf, tickets[t, TK_B]):
                value += pts
                completed += 1
            else:
                value -= pts
    return value, completed


@njit(cache=True, _nrt=False)
def _apply_station_choice(st, bd, p, choice, n_st, ws):
    """ws.uf_tmp <- p's own network plus the route each station borrows under
    `choice`. (Fills scratch rather than returning it: a kernel compiled
    without the runtime cannot return an array.)"""
    uf = ws.uf_tmp
    own = st.uf[p]
    for c in range(uf.shape[0]):
        uf[c] = own[c]
    for i in range(n_st):
        if choice[i] < ws.n_cand[i]:
            r = ws.cand[i, choice[i]]
            uf_union(uf, bd.routes[r, RT_A], bd.routes[r, RT_B])


@njit(cache=True, _nrt=False)
def best_station_choice(st, bd, p, ws):
    """Ticket value of seat p with each station borrowing the one route (of
    another player, into its city) that maximises p's ticket points (EU-STN-3);
    among equal points, the choice completing most tickets (the first
    tie-break, BASE-SCR-3, is "the owner's best advantage" too). The choice is
    left in ws.best_choice (index n_cand = no route). Exhaustive."""
    n_st = 0
    for i in range(MAX_STATIONS):
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
    for i in range(MAX_STATIONS):
        ws.choice[i] = 0
        ws.best_choice[i] = 0
    for i in range(n_st):
        ws.best_choice[i] = ws.n_cand[i]
    _apply_station_choice(st, bd, p, ws.best_choice, n_st, ws)
    best, best_done = _tickets_value(st, bd, p, ws.uf_tmp)
    if n_st == 0:
        return best
    while True:
        _apply_station_choice(st, bd, p, ws.choice, n_st, ws)
        value, done = _tickets_value(st, bd, p, ws.uf_tmp)
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


@njit(cache=True, _nrt=False)
def score_game(st, bd, ru, ws):
    if ru[RULE_TEAM_SIZE] > 1:
        score_teams(st, bd, ru, ws)  # TA-SCR-1/2: one score per team
        return
    n = st.sc[SC_N_PLAYERS]
    fin = st.final
    best_trail = 0
    best_net = 0
    best_done = 0
    for p in range(n):
        fin[p, :] = 0
        n_st = 0
        for i in range(MAX_STATIONS):
            if st.station_city[p, i] >= 0:
                n_st += 1
        best_station_choice(st, bd, p, ws)
        _apply_station_choice(st, bd, p, ws.best_choice, n_st, ws)
        uf = ws.uf_tmp
        for t in range(bd.tickets.shape[0]):
            if st.ticket_holder[t] != p:
                continue
            pts = bd.tickets[t, TK_POINTS]
            a = bd.tickets[t, TK_A]
            b = bd.tickets[t, TK_B]
            if uf_find(uf, a) == uf_find(uf, b):
                fin[p, FN_TICKETS_WON] += pts
                fin[p, FN_TICKETS_COMPLETED] += 1
                own = uf_find(st.uf[p], a) == uf_find(st.uf[p], b)
                st.ticket_result[t] = TR_COMPLETED if own else TR_VIA_STATION
            else:
                fin[p, FN_TICKETS_LOST] += pts
                fin[p, FN_TICKETS_FAILED] += 1
                st.ticket_result[t] = TR_FAILED
        members = 1 << p
        fin[p, FN_LONGEST_PATH] = longest_trail(
            bd.routes, st.owner, members, ws.deg, ws.inc, ws.used, ws.stk_v, ws.stk_e, ws.stk_i
        )
        fin[p, FN_NETWORK_CITIES] = largest_network_cities(
            bd.routes, st.owner, members, ws.uf_tmp, ws.count, ws.done
        )
        fin[p, FN_STATION_POINTS] = st.stations_left[p] * ru[RULE_STATION_VALUE]
        best_trail = max(best_trail, fin[p, FN_LONGEST_PATH])
        best_net = max(best_net, fin[p, FN_NETWORK_CITIES])
        best_done = max(best_done, fin[p, FN_TICKETS_COMPLETED])
    for p in range(n):
        if ru[RULE_LONGEST_PATH_BONUS] > 0 and best_trail > 0 and fin[p, FN_LONGEST_PATH] == best_trail:
            fin[p, FN_LONGEST_BONUS] = ru[RULE_LONGEST_PATH_BONUS]
        if ru[RULE_EXPLORER_BONUS] > 0 and best_net > 0 and fin[p, FN_NETWORK_CITIES] == best_net:
            fin[p, FN_EXPLORER_BONUS] = ru[RULE_EXPLORER_BONUS]
        if ru[RULE_GLOBETROTTER_BONUS] > 0 and best_done > 0 and fin[p, FN_TICKETS_COMPLETED] == best_done:
            fin[p, FN_GLOBETROTTER_BONUS] = ru[RULE_GLOBETROTTER_BONUS]
        fin[p, FN_TOTAL] = (
            st.score[p]
            + fin[p, FN_TICKETS_WON]
            - fin[p, FN_TICKETS_LOST]
            + fin[p, FN_LONGEST_BONUS]
            + fin[p, FN_EXPLORER_BONUS]
            + fin[p, FN_STATION_POINTS]
            + fin[p, FN_GLOBETROTTER_BONUS]
        )
    # winner: points, then completed tickets, then the second tie-break
    for p in range(n):
        fin[p, FN_WINNER] = 1
        for q in range(n):
            if q != p and _beats(st, ru, q, p):
                fin[p, FN_WINNER] = 0
                break


@njit(cache=True, _nrt=False)
def _beats(st, ru, q, p):
    fin = st.final
    if fin[q, FN_TOTAL] != fin[p, FN_TOTAL]:
        return fin[q, FN_TOTAL] > fin[p, FN_TOTAL]
    if fin[q, FN_TICKETS_COMPLETED] != fin[p, FN_TICKETS_COMPLETED]:
        return fin[q, FN_TICKETS_COMPLETED] > fin[p, FN_TICKETS_COMPLETED]
    if ru[RULE_TIEBREAK_SECOND] == TIE_MOUNTAINS:
        return st.ps[q, PS_MOUNTAIN_ROUTES] > st.ps[p, PS_MOUNTAIN_ROUTES]
    return fin[q, FN_LONGEST_BONUS] > fin[p, FN_LONGEST_BONUS]
