"""What the search player believes about the tickets in another seat's hand,
read from that seat's network (its routes are public).

A seat plays toward its tickets, so a ticket is likelier in its hand the
more of it the seat has built. Three features of ticket t for seat q
(ticket_features), over t's board trains (the trains of its cheapest path
on the empty board, mountain discards counted, LA-MTN-3) and its trains
with q's routes free (the cheapest path through one piece of q's network:
the trains from one end to the piece plus from the piece to the other,
over q's routes at 0 and the open ones, a route of another seat or a
closed lane being no way; the board trains when that is cheaper):
- the cities of t that q's routes touch (0, 1 or 2);
- the trains q's routes save: the board trains less the free ones (at most
  BUILT_CAP);
- the share left to build: the free trains over the board trains (1 when q
  has built none of it, 0 when q's network joins t).
The odds of t are EXPERT_TICKET_LEAN to the power of the first, times
exp(EXPERT_TICKET_BUILT x the second - EXPERT_TICKET_LEFT x the third): a
conditional logit fitted on which tickets `planner` seats hold
(bench/fit_belief.py; docs/bots.md "The search player"). The determinization
(determinize.py) deals another seat's hand places from the unseen tickets
with these odds.

The odds depend on the board, the owners of the routes, the closed lanes,
the searching seat and the three weights, never on a hidden card or ticket;
they are computed once for a decision and kept in the Scratch under a key of
those (ensure_ticket_odds), so the many deals of one decision share them."""

import math

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.bots.shared import params as P
from kernels.core.claims import claim_trains
from kernels.paths import shortest_path
from kernels.prng import mix64

BUILT_CAP = 20.0  # trains saved counted at most: past a long ticket's length more says nothing more
F_TOUCHED, F_BUILT, F_LEFT, N_FEATURES = 0, 1, 2, 3


@njit(cache=True, _nrt=False)
def _board_key(bd):
    """Changes with the board: its size, every route's ends and trains, every ticket's ends."""
    routes = bd.routes
    tickets = bd.tickets
    key = mix64(np.uint64(bd.n_cities) * np.uint64(1000003) + np.uint64(bd.n_routes) * np.uint64(7919)
                + np.uint64(bd.n_tickets))
    for r in range(bd.n_routes):
        key = mix64(key ^ np.uint64((routes[r, L.RT_A] * 256 + routes[r, L.RT_B]) * 64 + claim_trains(routes, r)))
    for t in range(bd.n_tickets):
        key = mix64(key ^ np.uint64(tickets[t, L.TK_A] * 256 + tickets[t, L.TK_B]))
    return key


@njit(cache=True, _nrt=False)
def _ticket_trains(bd, ws):
    """ws.ex_ticket_trains[t] <- the trains of ticket t's cheapest path on
    the empty board, once per board (ws.ex_odds_key[1])."""
    key = _board_key(bd)
    if ws.ex_odds_key[1] == key:
        return
    routes = bd.routes[:bd.n_routes]
    tickets = bd.tickets[:bd.n_tickets]
    price = ws.ex_price
    for r in range(bd.n_routes):
        price[r] = float(claim_trains(routes, r))
    for c in range(bd.n_cities):
        searched = False  # one search tree from each city that is some ticket's first end
        for t in range(bd.n_tickets):
            if tickets[t, L.TK_A] != c:
                continue
            if not searched:
                searched = True
                shortest_path(bd, price[:], np.int64(c), np.int64(-1), ws.dist[:], ws.prev_route[:])
            ws.ex_ticket_trains[t] = ws.dist[tickets[t, L.TK_B]]
    ws.ex_odds_key[1] = key


@njit(cache=True, _nrt=False)
def ticket_features(st, bd, q, ws):
    """ws.ex_features[t, F_*] <- the three features of every ticket t of the
    board for seat q (module docstring). Returns False, with them untouched,
    when q has no route (every ticket then alike). Uses ws.ex_price, ws.dist,
    ws.prev_route, ws.count and ws.ex_free."""
    out = ws.ex_features
    tickets = bd.tickets[:bd.n_tickets]
    routes = bd.routes[:bd.n_routes]
    n_cities = bd.n_cities
    touched = ws.count  # 1: a city of q's network; 2: one a search from its piece has reached
    for c in range(n_cities):
        touched[c] = 0
    built = False
    for r in range(bd.n_routes):
        if st.owner[r] == q:
            touched[routes[r, L.RT_A]] = 1
            touched[routes[r, L.RT_B]] = 1
            built = True
    if not built:
        return False
    _ticket_trains(bd, ws)
    board = ws.ex_ticket_trains
    free = ws.ex_free  # each ticket's trains with q's routes free, so far
    for t in range(bd.n_tickets):
        free[t] = board[t]
        out[t, F_TOUCHED] = (touched[tickets[t, L.TK_A]] != 0) + (touched[tickets[t, L.TK_B]] != 0)
    price = ws.ex_price
    for r in range(bd.n_routes):
        o = st.owner[r]
        if o == q:
            price[r] = 0.0
        elif o < 0 and st.closed[r] == 0:
            price[r] = float(claim_trains(routes, r))
        else:
            price[r] = L.INF
    dist = ws.dist
    for c in range(n_cities):
        if touched[c] != 1:
            continue
        # one search from each piece of q's network: its cities lie at 0 from c, and a path through the
        # piece costs the trains from a ticket's one end to the piece and from the piece to the other
        shortest_path(bd, price[:], np.int64(c), np.int64(-1), dist[:], ws.prev_route[:])
        for c2 in range(n_cities):
            if touched[c2] == 1 and dist[c2] == 0.0:
                touched[c2] = 2
        for t in range(bd.n_tickets):
            free[t] = min(free[t], dist[tickets[t, L.TK_A]] + dist[tickets[t, L.TK_B]])
    for t in range(bd.n_tickets):
        out[t, F_BUILT] = min(board[t] - free[t], BUILT_CAP)
        out[t, F_LEFT] = free[t] / board[t] if board[t] > 0.0 else 0.0
    return True


@njit(cache=True, _nrt=False)
def _odds_key(st, bd, p, prm):
    """Changes with the searching seat, the weights, the board's size, any
    route's owner or a closed lane: all the odds read."""
    key = mix64(np.uint64(p + 1) * np.uint64(1000003) + np.uint64(bd.n_routes) * np.uint64(7919)
                + np.uint64(bd.n_cities))
    for w in (prm[P.BP_EXPERT_TICKET_LEAN], prm[P.BP_EXPERT_TICKET_BUILT], prm[P.BP_EXPERT_TICKET_LEFT]):
        key = mix64(key ^ np.uint64(np.int64(w * 1e6)))
    # asked at every deal: 5 bits a route (owner + 1 < 9, closed), 12 routes a word, one mix a word
    word = np.uint64(0)
    for r in range(bd.n_routes):
        word = (word << np.uint64(5)) | np.uint64((st.owner[r] + 1) * 2 + st.closed[r])
        if r % 12 == 11:
            key = mix64(key ^ word)
            word = np.uint64(0)
    return mix64(key ^ word)


@njit(cache=True, _nrt=False)
def ensure_ticket_odds(st, bd, p, ws):
    """ws.ex_odds[q, t] <- the odds of ticket t in seat q's hand for every
    seat q other than p (1 for every ticket of a seat with no route), unless
    they are already there for this board, owners, seat and weights."""
    prm = ws.bot_params
    key = _odds_key(st, bd, p, prm)
    if ws.ex_odds_key[0] == key:
        return
    log_lean = math.log(max(prm[P.BP_EXPERT_TICKET_LEAN], 1.0))
    built_w = prm[P.BP_EXPERT_TICKET_BUILT]
    left_w = prm[P.BP_EXPERT_TICKET_LEFT]
    f = ws.ex_features
    for q in range(st.sc[L.SC_N_PLAYERS]):
        if q == p:
            continue
        odds = ws.ex_odds[q]
        if not ticket_features(st, bd, np.int64(q), ws):
            for t in range(bd.n_tickets):
                odds[t] = 1.0
            continue
        for t in range(bd.n_tickets):
            odds[t] = math.exp(log_lean * f[t, F_TOUCHED] + built_w * f[t, F_BUILT] - left_w * f[t, F_LEFT])
    ws.ex_odds_key[0] = key
