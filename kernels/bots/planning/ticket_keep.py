"""Which offered tickets the planner family keeps (`planner`, `destination-hungry`,
`blocker`, `planner-v1`, `route-focus`, `long-route`, `one-step`; Team Asia's
`team_planner` prices its keeps with keep_value): the subset of the offer whose
network, planned as kernels/bots/planning/network.py plans it, is worth most."""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.bits import bit_count
from kernels.bots.planning.keep_memo import keep_memo_begin, route_ticket_remembered
from kernels.bots.planning.network import (
    FOREIGN_COST,
    list_open_tickets,
    plan_trains,
    price_without_plan,
    sort_by_points,
    unroute_ticket,
)
from kernels.bots.shared.destinations import planned_points
from kernels.bots.shared.table import fewest_trains_of_others
from kernels.core.actions import make_action


# --- tickets to keep -------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def keep_value(st, bd, p, ws, mask, cost, unreachable, price, budget, over_price):
    """What keeping the offered tickets in `mask` is worth with the network now
    in ws.plan_cnt (`cost` trains, `unreachable` tickets it cannot join):
    their points, less `price` a train, 40 a ticket out of reach and
    `over_price` a train beyond `budget`."""
    points = 0.0
    for i in range(st.sc[L.SC_N_OFFER]):
        if (mask >> i) & 1:
            points += planned_points(st, bd, p, ws, np.int64(st.offer[i]))
    v = points - price * cost - 40.0 * unreachable
    if cost > budget:
        v -= over_price * (cost - budget)
    return v


@njit(cache=True, _nrt=False)
def choose_keep_mask(st, bd, ru, p, ws, setup, price, budget_share, over_price):
    """The set of offered tickets worth most: points kept minus `price` per
    train of the whole network that joins them with the tickets held, minus
    `over_price` per train beyond the trains the game will probably leave
    (budget_share of p's trains, or at setup of all of them). Every subset
    with at least the minimum is tried: offers have at most 4 tickets.

    Every subset's network is the one plan_network(subset, passes=1) would
    find: its tickets most valuable first, each path over the prices the
    paths before it left. Subsets that begin with the same tickets share
    those paths, so the subsets are walked in that order (depth first over
    the offered tickets, by value) and only the paths after the common
    beginning are redone: 14 searches instead of 28 for Europe's setup offer
    of 4, keeping at least 2. While no route belongs to another seat (a
    game's setup), the paths routed first and second come from a memo kept
    from decision to decision (planning/keep_memo.py), as the search would
    find them: 5 searches once it holds the offer's pairs."""
    n = st.sc[L.SC_N_OFFER]
    if n == 0:
        return make_action(L.A_KEEP_TICKETS, 0, 0)
    keep_min = min(ru[L.RULE_SETUP_KEEP_MIN] if setup else ru[L.RULE_DRAW_KEEP_MIN], n)
    trains_p = np.int64(st.trains[p])
    horizon = float(trains_p)
    if not setup:
        horizon = float(min(trains_p, fewest_trains_of_others(st, p) + 4))
    budget = budget_share * horizon
    k = _planning_order(st, bd, p, ws, n)
    price_without_plan(st, bd, p, ws)
    remember = keep_memo_begin(st, bd, p, ws)
    foreign = FOREIGN_COST if st.stations_left[p] > 0 else 0.0
    depth = 0
    best_mask = (1 << n) - 1
    best_v = -L.INF
    last = n - 1  # highest rank in `ranks`
    ranks = np.int64(1) << last  # bit j: the j-th offered ticket by value is kept
    while ranks != 0:
        mask = 0
        for j in range(n):
            if (ranks >> j) & 1:
                mask |= 1 << ws.keep_rank_offer[j]
        if bit_count(np.uint64(mask)) >= keep_min:
            depth = _route_subset(st, bd, p, ws, k, np.int64(mask), np.int64(depth), foreign, remember)
            unreachable = 0
            for e in range(depth):
                unreachable += ws.keep_lost[e]
            v = keep_value(st, bd, p, ws, np.int64(mask), plan_trains(bd, ws), np.int64(unreachable), price, budget,
                           over_price)
            # the first best in increasing mask order, as trying the masks 1, 2, 3, ... would give
            if v > best_v or (v == best_v and mask < best_mask):
                best_v = v
                best_mask = mask
        ranks, last = _next_subset(ranks, last, n)
    return make_action(L.A_KEEP_TICKETS, best_mask, 0)


@njit(cache=True, _nrt=False)
def _planning_order(st, bd, p, ws, n):
    """ws.tk_list <- the tickets p holds open and the n offered, most
    valuable first; ws.keep_offer[j] <- the offer index of tk_list[j] (-1: a
    ticket held); ws.keep_rank_offer[r] <- the offer index of the r-th offered
    ticket by value. Returns the tickets listed."""
    tk = ws.tk_list
    k = list_open_tickets(st, bd, p, tk)
    for i in range(n):
        tk[k + i] = st.offer[i]
    k += n
    sort_by_points(bd.tickets[:bd.n_tickets], tk, k)
    offer_of = ws.keep_offer
    rank = 0
    for j in range(k):
        offer_of[j] = -1
        for i in range(n):
            if st.offer[i] == tk[j]:
                offer_of[j] = i
                ws.keep_rank_offer[rank] = i
                rank += 1
    return k


@njit(cache=True, _nrt=False)
def _route_subset(st, bd, p, ws, k, mask, depth, foreign, remember):
    """Plan the network of the offered tickets in `mask` with those held: the
    tickets already routed (depth of them) that begin this subset's planning
    order stay, the rest are taken out and the subset's later tickets routed.
    ws.path_buf[d] / ws.keep_pos[d] / ws.keep_lost[d]: the path, the position
    in ws.tk_list and "could not join" of the ticket planned d-th. Returns
    the new depth."""
    offer_of = ws.keep_offer
    d = 0
    j = 0
    while j < k:
        if offer_of[j] < 0 or (mask >> offer_of[j]) & 1:
            if d < depth and ws.keep_pos[d] == j:
                d += 1
            else:
                break
        j += 1
    while depth > d:
        depth -= 1
        unroute_ticket(st, bd, ws, np.int64(depth))
    while j < k:
        if offer_of[j] < 0 or (mask >> offer_of[j]) & 1:
            # the first paths, as the memo holds them while `remember` (planning/keep_memo.py)
            joined = route_ticket_remembered(st, bd, p, ws, np.int64(depth), np.int64(ws.tk_list[j]), foreign,
                                             remember)
            ws.keep_pos[depth] = j
            ws.keep_lost[depth] = 0 if joined else 1
            depth += 1
        j += 1
    return depth


@njit(cache=True, _nrt=False)
def _next_subset(ranks, last, n):
    """The next subset of the offer's ranks after `ranks` (its highest rank
    `last`), depth first with the higher ranks tried first, so that the whole
    offer comes last: ws then holds its plan (plan_cnt, price, tk_list,
    paths), as trying the masks in increasing order left it. (0, _): done."""
    if last < n - 1:
        last = n - 1
        return ranks | (np.int64(1) << last), last
    while True:
        ranks &= ~(np.int64(1) << last)
        below = last - 1
        while below >= 0 and not (ranks >> below) & 1:
            below -= 1
        if last - 1 > below:
            last -= 1
            return ranks | (np.int64(1) << last), last
        if ranks == 0:
            return ranks, last
        last = below
