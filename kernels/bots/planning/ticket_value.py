"""Mid-game tickets by expected value, for the planner family on
the points games and in teams.

What a ticket is worth to seat p: the extra trains its cheapest joining to
p's network needs on top of the current plan (own or team routes and planned
routes cost nothing: ws.price, filled by the caller, holds them at most
PLANNED_PRICE), the chance of building the whole plan with it in the turns
left, and then (2 chance - 1) x points (the points if completed, minus them
if not) minus a price per extra train. The turns left run on the opponents'
trains (the clock), the turns needed on the trains still to place; each
contested open route on the extra path (one that can be lost for good)
lowers the chance.

What a draw is worth: the tickets p could be offered are those it has not
seen go: every regular ticket not in its hand, not in its team's shared
holder and not discarded by it this game (ws.tk_gone, its own memory). The
pile's order and other seats' hands are never read; the offer is taken as a
uniform draw from that pool. The expected gain keeps every offered ticket
worth more than the keep margin and, when none is, the best one (at least
DRAW_KEEP_MIN = 1 kept). The keep decision uses the same estimate.
"""

import math

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.bots.planning.moves import contested
from kernels.bots.shared import params as P
from kernels.bots.shared.plan import PLANNED_PRICE, planned_trains
from kernels.core.cards import cards_available
from kernels.core.seats import team_first, team_size
from kernels.graph import uf_find, uf_reset, uf_union
from kernels.paths import other_end, shortest_path

CANDIDATE = 1e30  # ws.tk_extra mark of a ticket to estimate (others: -1)


# --- what the seat remembers ------------------------------------------------------------
@njit(cache=True, _nrt=False)
def note_turn(st, ws, p):
    """Call first at every decision: a turn counter lower than at p's last
    decision means a new game (the Scratch lives across the games of a
    block), and p then forgets the tickets it saw go and its last estimate."""
    turn = st.sc[L.SC_TURN]
    if turn < ws.ev_key[p, 2]:
        gone = ws.tk_gone[p]
        for t in range(gone.shape[0]):
            gone[t] = 0
        ws.ev_key[p, 0] = -1
        ws.ev_key[p, 1] = -1
    ws.ev_key[p, 2] = turn


@njit(cache=True, _nrt=False)
def remember_discards(st, ws, p, mask):
    """The offered tickets outside `mask` leave p's hand for the box or the
    bottom of the pile: p knows it will not be offered them soon."""
    for i in range(st.sc[L.SC_N_OFFER]):
        if (mask >> i) & 1 == 0:
            ws.tk_gone[p, st.offer[i]] = 1


@njit(cache=True, _nrt=False, inline="always")
def could_be_offered(st, bd, ru, p, ws, t):
    """Ticket t may come in p's next offer as far as p can tell: regular, not
    in p's hand, not shown in its team's shared holder, not discarded by p.
    (Reads the holder only to recognise p's own and its team's shared tickets.)"""
    if bd.tickets[t, L.TK_LONG] != 0 or ws.tk_gone[p, t] != 0:
        return False
    h = st.ticket_holder[t]
    if h == p:
        return False
    first = team_first(ru, p)
    if h >= first and h < first + team_size(ru) and st.ticket_shared[t] != 0:
        return False
    return True


# --- the extra trains of a ticket ---------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def _risky(st, bd, ru, ws, r):
    """Route r is open, not planned and contested: it can be lost for good."""
    return st.owner[r] < 0 and ws.price[r] > PLANNED_PRICE and contested(st, bd, ru, np.int64(r))


@njit(cache=True, _nrt=False)  # not inlined: four call sites in extra_trains made it 8 s of compile
def _city_risk(st, bd, ru, ws, v):
    """Contested open routes (not planned) on the search tree's path from v to
    its source. Memoised per city in ws.risk_memo (0: unknown; known: risk + 1),
    which the caller zeroes after each search: one walk per city and search at most."""
    routes = bd.routes[:bd.n_routes]
    memo = ws.risk_memo
    n = 0
    u = v
    for _ in range(ws.prev_route.shape[0]):
        if memo[u] >= 1:
            n += memo[u] - 1
            break
        r = ws.prev_route[u]
        if r < 0:
            break
        if _risky(st, bd, ru, ws, r):
            n += 1
        u = other_end(routes, r, u)
    left = n  # the risk of each city on the path, from v down to the known part
    u = v
    for _ in range(ws.prev_route.shape[0]):
        if memo[u] >= 1 or left > 120:
            break
        memo[u] = left + 1
        r = ws.prev_route[u]
        if r < 0:
            break
        if _risky(st, bd, ru, ws, r):
            left -= 1
        u = other_end(routes, r, u)
    return n


@njit(cache=True, _nrt=False, inline="always")
def _take_if_better(st, bd, ru, p, ws, t, d, reach):
    """Keep d if the cheapest so far; its risk only when the value can use it
    (d within `reach` trains and the ticket not already joined)."""
    if d < ws.tk_extra[t]:
        ws.tk_extra[t] = d
        a = bd.tickets[t, L.TK_A]
        b = bd.tickets[t, L.TK_B]
        uf = st.uf[p]
        if d <= reach + 0.5 and uf_find(uf, a) != uf_find(uf, b):  # a margin for rounding
            ws.tk_risk[t] = _city_risk(st, bd, ru, ws, np.int64(a)) + _city_risk(st, bd, ru, ws, np.int64(b))


@njit(cache=True, _nrt=False)
def extra_trains(st, bd, ru, p, ws, reach):
    """ws.tk_extra[t] <- for every candidate (ws.tk_extra[t] == CANDIDATE):
    the trains of the cheapest joining of its two cities through one piece of
    the network (routes priced at most PLANNED_PRICE in ws.price), INF when
    none; ws.tk_risk[t] <- the contested open routes on it, when it is within
    `reach` trains (ticket_value reads it only then). One search from each
    piece of the network; with no network at all, one per ticket."""
    routes = bd.routes[:bd.n_routes]
    tickets = bd.tickets[:bd.n_tickets]
    price = ws.price[:]
    n_cities = bd.n_cities
    uf = ws.uf_tmp[:n_cities]  # the board's cities, not the record's MAX_CITIES
    seen = ws.count
    uf_reset(uf)
    for c in range(n_cities):
        seen[c] = 0
    for r in range(routes.shape[0]):
        if price[r] <= PLANNED_PRICE:
            uf_union(uf, routes[r, L.RT_A], routes[r, L.RT_B])
            seen[routes[r, L.RT_A]] = 1
            seen[routes[r, L.RT_B]] = 1
    pieces = 0
    for c in range(n_cities):
        if seen[c] == 0 or uf_find(uf, c) != c:
            continue  # a piece is searched once: from its root
        pieces += 1
        shortest_path(bd, price, np.int64(c), np.int64(-1), ws.dist[:], ws.prev_route[:])
        ws.risk_memo[:n_cities] = 0  # a new tree: its risks are unknown
        for t in range(tickets.shape[0]):
            if ws.tk_extra[t] >= 0.0:
                d = ws.dist[tickets[t, L.TK_A]] + ws.dist[tickets[t, L.TK_B]]
                _take_if_better(st, bd, ru, p, ws, np.int64(t), d, reach)
    if pieces == 0:
        for t in range(tickets.shape[0]):
            if ws.tk_extra[t] >= 0.0:
                d = shortest_path(bd, price, np.int64(tickets[t, L.TK_A]), np.int64(tickets[t, L.TK_B]), ws.dist[:],
                                  ws.prev_route[:])
                ws.risk_memo[:n_cities] = 0
                _take_if_better(st, bd, ru, p, ws, np.int64(t), d, reach)
    for t in range(tickets.shape[0]):
        if ws.tk_extra[t] >= CANDIDATE:
            ws.tk_extra[t] = L.INF


# --- the chance and the value -----------------------------------------------------------
@njit(cache=True, _nrt=False)
def turns_left(st, ru, p, ws):
    """p's turns before the game ends, on the opponents' clock: the other
    teams' trains down to the end trigger (RULE_END_TRAINS; a team's combined
    supply in Team Asia) at BP_EV_CLOCK trains per player and turn."""
    if st.sc[L.SC_END_COUNTDOWN] >= 0:
        return 0.0
    size = team_size(ru)
    first = team_first(ru, p)
    n = st.sc[L.SC_N_PLAYERS]
    least = L.INF
    for u in range(0, n, size):
        if u == first:
            continue
        trains = 0
        for q in range(u, u + size):
            trains += st.trains[q]
        least = min(least, (trains - ru[L.RULE_END_TRAINS]) / (size * ws.bot_params[P.BP_EV_CLOCK]))
    return max(least, 0.0) + 1.0


@njit(cache=True, _nrt=False)
def hoards(st, bd, ru, p, ws, claims_left, hand_cap, slack):
    """Draw rather than claim (route-focus's and long-route's hoard, as planner's):
    the hand holds fewer than hand_cap cards (and than HOARD_SHARE of an even
    split of the deck), the piles hold 10+ and the turns left on the opponents'
    clock exceed the claims still to make by more than slack."""
    deck = 0
    for k in range(bd.deck.shape[0]):
        deck += bd.deck[k]
    cap = min(hand_cap, ws.bot_params[P.BP_HOARD_SHARE] * deck / st.sc[L.SC_N_PLAYERS])
    held = 0
    for k in range(st.hand.shape[1]):
        held += st.hand[p, k]
    return held < cap and cards_available(st) >= 10 and turns_left(st, ru, p, ws) - claims_left > slack


@njit(cache=True, _nrt=False)
def finish_chance(ws, left, need_trains, cards, risk):
    """Chance of placing need_trains more trains in `left` turns holding
    `cards` cards: logistic in the slack, left minus the turns needed
    (BP_EV_TURNS_PER_TRAIN per train, less BP_EV_CARD_TURNS per card held,
    plus BP_EV_OFFSET), at BP_EV_SPREAD turns per logit unit; each contested
    route on the way costs a share BP_EV_CONTEST of it. The defaults are a
    logistic fit to the mid-game tickets of planner games on Europe."""
    prm = ws.bot_params
    need = need_trains * prm[P.BP_EV_TURNS_PER_TRAIN] - prm[P.BP_EV_CARD_TURNS] * min(float(cards), need_trains) \
        + prm[P.BP_EV_OFFSET]
    chance = 1.0 / (1.0 + math.exp(-(left - need) / prm[P.BP_EV_SPREAD]))
    if risk == 0.0:  # x ** 0 is 1 exactly: most tickets cross no contested route, and pow is slow
        return chance
    return chance * (1.0 - prm[P.BP_EV_CONTEST]) ** risk


@njit(cache=True, _nrt=False)
def ticket_value(st, bd, p, ws, t, planned, trains_p, cards, left, train_price):
    """Expected value of adding ticket t (with ws.tk_extra / tk_risk set) on
    top of a plan still needing `planned` trains."""
    pts = float(bd.tickets[t, L.TK_POINTS])
    x = ws.tk_extra[t]
    uf = st.uf[p]
    if uf_find(uf, bd.tickets[t, L.TK_A]) == uf_find(uf, bd.tickets[t, L.TK_B]):
        return pts  # already joined: completed as soon as kept
    if x >= L.INF or planned + x > trains_p:
        return -pts - train_price * min(x, float(trains_p))
    chance = finish_chance(ws, left, planned + x, cards, float(ws.tk_risk[t]))
    return (2.0 * chance - 1.0) * pts - train_price * x


@njit(cache=True, _nrt=False)
def planned_and_cards(st, bd, p, ws):
    """Trains p's plan still needs (unclaimed routes of ws.want[p]) and the cards p holds (st.purse: the
    caller fills it, as planner's price_network does; the engine fills it only for listings that pay)."""
    planned = float(planned_trains(st, bd, p, ws))
    cards = 0
    for k in range(L.N_CARD_KINDS):
        cards += st.purse[k]
    return planned, cards


@njit(cache=True, _nrt=False, inline="always")
def _comb(n, k):
    if k < 0 or k > n:
        return 0.0
    v = 1.0
    for j in range(k):
        v = v * (n - j) / (j + 1)
    return v


@njit(cache=True, _nrt=False)
def draw_gain(st, bd, ru, p, ws, train_price, margin):
    """Expected value kept from drawing tickets now (ws.price holds the
    seat's network prices, st.purse its cards): the DRAW_TICKETS offered are
    a uniform draw from the pool p cannot rule out; every one worth more than
    `margin` is kept, else the best one."""
    tickets = bd.tickets[:bd.n_tickets]
    n_t = tickets.shape[0]
    n = 0
    for t in range(n_t):
        if could_be_offered(st, bd, ru, p, ws, t):
            ws.tk_extra[t] = CANDIDATE
            n += 1
        else:
            ws.tk_extra[t] = -1.0
    k = min(ru[L.RULE_DRAW_TICKETS], st.sc[L.SC_TP_COUNT], n)
    if k <= 0:
        return -L.INF
    planned, cards = planned_and_cards(st, bd, p, ws)
    trains_p = float(st.trains[p])
    extra_trains(st, bd, ru, p, ws, trains_p - planned)
    left = turns_left(st, ru, p, ws)
    values = ws.tk_value
    pos = 0.0
    m = 0  # the tickets not worth keeping, sorted best first in values[:m]
    for t in range(n_t):
        if ws.tk_extra[t] < 0.0:
            continue
        v = ticket_value(st, bd, p, ws, np.int64(t), planned, trains_p, cards, left, train_price)
        if v > margin:
            pos += v
        else:
            j = m
            while j > 0 and values[j - 1] < v:
                values[j] = values[j - 1]
                j -= 1
            values[j] = v
            m += 1
    gain = pos * k / n
    # no offered ticket worth keeping: the best of them is kept all the same
    if ru[L.RULE_DRAW_KEEP_MIN] > 0:
        total = _comb(n, k)
        for i in range(m):
            gain += values[i] * _comb(m - 1 - i, k - 1) / total
    return gain


@njit(cache=True, _nrt=False)
def keep_by_value(st, bd, ru, p, ws, train_price, margin):
    """The mid-game keep on the same estimate: the offered tickets from most
    to least valuable, each valued with the trains of those kept before it
    added to the plan, kept while worth more than `margin`; at least
    DRAW_KEEP_MIN. Returns the keep mask; remembers the discards."""
    n = st.sc[L.SC_N_OFFER]
    tickets = bd.tickets[:bd.n_tickets]
    for t in range(tickets.shape[0]):
        ws.tk_extra[t] = -1.0
    for i in range(n):
        ws.tk_extra[st.offer[i]] = CANDIDATE
    planned, cards = planned_and_cards(st, bd, p, ws)
    trains_p = float(st.trains[p])
    extra_trains(st, bd, ru, p, ws, trains_p - planned)
    left = turns_left(st, ru, p, ws)
    keep_min = min(ru[L.RULE_DRAW_KEEP_MIN], n)
    mask = 0
    for kept in range(n):
        best = -1
        best_v = -L.INF
        for i in range(n):
            if (mask >> i) & 1 == 0:
                v = ticket_value(st, bd, p, ws, np.int64(st.offer[i]), planned, trains_p, cards, left, train_price)
                if best < 0 or v > best_v:
                    best = i
                    best_v = v
        if best < 0 or (kept >= keep_min and best_v <= margin):
            break
        mask |= 1 << best
        x = ws.tk_extra[st.offer[best]]
        if x < L.INF:
            planned += x
    remember_discards(st, ws, p, np.int64(mask))
    return mask


@njit(cache=True, _nrt=False)
def draw_gate(st, bd, p, ws, max_planned):
    """Is a ticket draw worth estimating now? 0: no (empty pile, fewer
    than BP_EV_MIN_SPARE trains beyond the plan, or a plan still needing
    more than max_planned trains: BP_EV_MAX_PLANNED, or destination-hungry's
    BP_HUNGRY_EV_MAX_PLANNED); 1: p's last estimate still holds; 2: estimate
    again (a change of plan, or BP_EV_REFRESH board changes since), then
    remember_gain."""
    if st.sc[L.SC_TP_COUNT] <= 0:
        return 0
    planned = float(planned_trains(st, bd, p, ws))  # no cards: st.purse may be another seat's here
    if st.trains[p] - planned < ws.bot_params[P.BP_EV_MIN_SPARE] or planned > max_planned:
        return 0
    v = st.sc[L.SC_BOARD_VERSION]
    key = ws.ev_key
    if key[p, 0] != ws.plan_version[p] or v < key[p, 1] or v - key[p, 1] >= ws.bot_params[P.BP_EV_REFRESH]:
        return 2
    return 1


@njit(cache=True, _nrt=False)
def remember_gain(st, ws, p, gain):
    ws.ev_gain[p] = gain
    ws.ev_key[p, 0] = ws.plan_version[p]
    ws.ev_key[p, 1] = st.sc[L.SC_BOARD_VERSION]
