"""The planner family's moves on top of its plan (kernels/bots/planning/network.py):
which planned or scoring route to claim, which card to draw for the plan,
the route to save up for, and when a station saves a ticket."""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.bits import ONE, ZERO, low_bit_index
from kernels.bots.planning.network import FOREIGN_COST, held_word, plan_search, price_without_plan, ticket_open
from kernels.bots.shared import params as P
from kernels.bots.shared.paying import keep_better_claim, payable_word
from kernels.bots.shared.plan import board_seen, note_board, wanted_word
from kernels.bots.shared.table import fewest_trains_of_others
from kernels.core.actions import make_action
from kernels.core.cards import cards_available
from kernels.core.claimable import masks_apply, open_to_word
from kernels.core.claims import claim_trains
from kernels.core.payment import station_cost, station_payment
from kernels.graph import uf_find


# --- claims ----------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def contested(st, bd, ru, r):
    """A route others can take from us for good: a single lane, or a double
    whose other lane is taken or closes with this player count (BASE-DBL-2)."""
    g = bd.routes[r, L.RT_GROUP]
    if g < 0 or st.sc[L.SC_N_PLAYERS] < ru[L.RULE_DOUBLES_MIN_PLAYERS]:
        return True
    free = 0
    for i in range(bd.n_lanes):
        r2 = bd.group_routes[g, i]
        if r2 >= 0 and st.owner[r2] < 0 and st.closed[r2] == 0:
            free += 1
    return free <= 1


@njit(cache=True, _nrt=False, inline="always")
def route_points(ru, routes, r):
    return ru[L.RULE_ROUTE_SCORE + routes[r, L.RT_LEN]] + routes[r, L.RT_MOUNTAINS] * ru[L.RULE_MOUNTAIN_POINTS]


@njit(cache=True, _nrt=False)
def best_planned_claim(st, bd, ru, p, ws, risky_tunnels):
    """The affordable planned route to claim first (encoded action, or -1):
    contested and long routes first, since they are the ones that get away
    or need the most cards. A tunnel needs a spare card for the surcharge
    unless risky_tunnels."""
    need_p = ws.need[p]
    hand_p = st.hand[p]
    routes = bd.routes[:bd.n_routes]
    best_v, best_r, best_c = -1.0, np.int64(-1), np.int64(-1)
    exact = masks_apply(bd, ru)
    for k in range(st.sc[L.SC_N_WORDS]):
        # the planned routes open to p (route_open_to) that its hand pays, in route order: the first of
        # equal values wins
        m = payable_word(bd, exact, hand_p, k, wanted_word(bd, ws, p, k) & open_to_word(st, bd, p, k))
        while m != ZERO:
            r = k * 64 + low_bit_index(m)
            m &= m - ONE
            v = float(claim_trains(routes, r))
            if contested(st, bd, ru, r):
                v += ws.bot_params[P.BP_CONTESTED_BONUS]
            best_v, best_r, best_c = keep_better_claim(ru, hand_p, routes, r, need_p, risky_tunnels, v, best_v,
                                                       best_r, best_c)
    return make_action(L.A_CLAIM, best_r, best_c) if best_r >= 0 else np.int64(-1)


@njit(cache=True, _nrt=False)
def best_scoring_claim(st, bd, ru, p, ws, min_len, risky_tunnels):
    """The affordable open route of at least min_len spaces scoring the most
    (per train on ties: fewer mountain discards), or -1."""
    hand_p = st.hand[p]
    need_p = ws.need[p]
    routes = bd.routes[:bd.n_routes]
    best_v, best_r, best_c = -1.0, np.int64(-1), np.int64(-1)
    exact = masks_apply(bd, ru)
    for k in range(st.sc[L.SC_N_WORDS]):
        # the routes open to p (route_open_to) that its hand pays, in route order
        m = payable_word(bd, exact, hand_p, k, open_to_word(st, bd, p, k))
        while m != ZERO:
            r = k * 64 + low_bit_index(m)
            m &= m - ONE
            if routes[r, L.RT_LEN] >= min_len:
                v = route_points(ru, routes, r) - 0.01 * claim_trains(routes, r)
                best_v, best_r, best_c = keep_better_claim(ru, hand_p, routes, r, need_p, risky_tunnels, v, best_v,
                                                           best_r, best_c)
    return make_action(L.A_CLAIM, best_r, best_c) if best_r >= 0 else np.int64(-1)


@njit(cache=True, _nrt=False)
def longest_open_route(st, bd, ru, p, min_len):
    """The open route of at least min_len spaces (fitting p's trains) that p's
    hand is closest to paying, longest first; -1 if none."""
    routes = bd.routes[:bd.n_routes]
    hand_p = st.hand[p]
    most = 0  # the colour held most pays a grey route
    for k in range(L.N_COLOURS):
        most = max(most, hand_p[k])
    best = -1
    best_v = -1.0
    for w in range(st.sc[L.SC_N_WORDS]):
        # the routes open to p (route_open_to), in route order: a word of them at a time, not a test per route
        m = open_to_word(st, bd, p, w)
        while m != ZERO:
            r = w * 64 + low_bit_index(m)
            m &= m - ONE
            length = routes[r, L.RT_LEN]
            if length < min_len:
                continue
            c = routes[r, L.RT_COLOUR]
            have = most if c == L.GRAY else hand_p[c]
            have = min(have + hand_p[L.LOCO], length)
            v = route_points(ru, routes, r) + 2.0 * have / length
            if v > best_v:
                best_v = v
                best = r
    return best


# --- cards --------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def draw_for_need(st, ru, p, second, ws):
    """Draw towards ws.need[p]: the market card the plan lacks most; a face-up
    locomotive when it is worth a whole draw (the plan lacks locomotives, or
    no face-up card helps and two blind cards would rarely help); else blind.
    Where locomotives pay only some routes (NC-CRD-1, SW-CRD-1) a face-up
    locomotive is taken only when the plan lacks locomotives (ferry symbols)."""
    need = ws.need[p]
    hand_p = st.hand[p]
    market = st.market
    whole = ru[L.RULE_FACEUP_LOCO_WHOLE_DRAW] != 0
    # grey spaces are paid in one colour: the colour with most spare cards covers them
    best_spare = 0
    for c in range(L.N_COLOURS):
        best_spare = max(best_spare, hand_p[c] - need[c])
    grey_short = need[L.GRAY + 1] - best_spare
    loco_short = need[L.LOCO] - hand_p[L.LOCO]
    short_colours = 0
    short_total = max(grey_short, 0) + max(loco_short, 0)
    for c in range(L.N_COLOURS):
        if need[c] > hand_p[c]:
            short_colours += 1
            short_total += need[c] - hand_p[c]
    best_slot = -1
    best_gain = 0.0
    loco_slot = -1
    for s in range(ru[L.RULE_MARKET_SIZE]):
        c = market[s]
        if c < 0:
            continue
        if c == L.LOCO:
            loco_slot = s
            continue
        gain = float(need[c] - hand_p[c])
        if gain <= 0.0 and grey_short > 0:
            gain = 0.5 + 0.01 * hand_p[c]  # builds up the colour that pays the grey routes
        if gain > best_gain:
            best_gain = gain
            best_slot = s
    if loco_slot >= 0 and ru[L.RULE_LOCO_POLICY] != L.LOCO_ANY and loco_short <= 0:
        loco_slot = -1  # a locomotive pays little of this plan
    if loco_slot >= 0 and short_total > 0:
        if not whole:
            return make_action(L.A_DRAW_MARKET, loco_slot, 0)
        if not second:
            # chance that a blind card helps: 12 of 110 per short colour, 14 locomotives
            q = (12.0 * (short_colours + (1 if grey_short > 0 else 0)) + 14.0) / 110.0
            if loco_short > 0 or (best_gain <= 0.0 and 2.0 * q < 1.0):
                return make_action(L.A_DRAW_MARKET, loco_slot, 0)
    if best_slot >= 0:
        return make_action(L.A_DRAW_MARKET, best_slot, 0)
    if cards_available(st) > 0:
        return make_action(L.A_DRAW_BLIND, 0, 0)
    for s in range(ru[L.RULE_MARKET_SIZE]):
        c = market[s]
        if c >= 0 and not (second and c == L.LOCO and whole):
            return make_action(L.A_DRAW_MARKET, s, 0)
    return np.int64(-1)


@njit(cache=True, _nrt=False)
def add_need_for_route(st, bd, p, ws, r):
    """ws.need[p] += the cards route r needs (grey: in the colour held most)."""
    if r < 0:
        return
    need = ws.need[p]
    routes = bd.routes[:bd.n_routes]
    c = routes[r, L.RT_COLOUR]
    if c == L.GRAY:
        best = 0
        for k in range(1, L.N_COLOURS):
            if st.hand[p, k] > st.hand[p, best]:
                best = k
        c = best
    need[c] += routes[r, L.RT_LEN] - routes[r, L.RT_LOCOS]
    need[L.LOCO] += routes[r, L.RT_LOCOS]


@njit(cache=True, _nrt=False)
def set_need_for_route(st, bd, p, ws, r):
    """ws.need[p] <- the cards route r needs (nothing when r < 0)."""
    need = ws.need[p]
    for k in range(need.shape[0]):
        need[k] = 0
    add_need_for_route(st, bd, p, ws, r)


# --- stations -----------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def station_pay_colour(st, ru, p, ws):
    """The colour p pays its next station with (EU-STN-1): the one it holds
    most of beyond its plan's need, locomotives only when nothing else pays; -1: none."""
    cost = station_cost(ru, st, p)
    pay = -1
    best_have = -(1 << 30)
    hand_p = st.hand[p]
    for c in range(L.N_CARD_KINDS):
        use, locos = station_payment(hand_p, c, cost)
        if use >= 0 and (c == L.LOCO and pay < 0 or c != L.LOCO and hand_p[c] - ws.need[p, c] > best_have):
            if c != L.LOCO:
                best_have = hand_p[c] - ws.need[p, c]
            pay = c
    return pay


@njit(cache=True, _nrt=False)
def station_choice(st, bd, ru, p, ws):
    """Build a station (EU-STN-1) when one joins an open ticket whose two
    sides p has already reached and no cheap open path remains (the
    cheapest needs FOREIGN_COST trains or more, or more than p has); the
    colour p holds most of pays. -1 otherwise (stations are kept for their
    points)."""
    if st.stations_left[p] <= 0:
        return np.int64(-1)
    # whether a route of another player joins the two sides of an open ticket, and the searches below,
    # change only with the board or p's tickets (shared/plan.py board_seen): no station then, none again
    if board_seen(st, p, ws.station_none[p]):
        return np.int64(-1)
    n_open = _open_ticket_sides(st, bd, p, ws)
    if n_open == 0 or _routes_joining_sides(st, bd, p, ws, n_open) == 0:  # (most turns)
        note_board(st, p, ws.station_none[p])
        return np.int64(-1)
    pay = station_pay_colour(st, ru, p, ws)
    if pay < 0:
        return np.int64(-1)
    routes = bd.routes[:bd.n_routes]
    city_station = st.city_station
    match = ws.station_match
    priced = False
    for i in range(n_open):  # in ticket order: the first whose two sides no cheap open path joins
        r = match[i, 3]
        if r < 0:
            continue
        city = routes[r, L.RT_A] if city_station[routes[r, L.RT_A]] < 0 else routes[r, L.RT_B]
        if not priced:
            # in trains (p's own plan would price its planned routes near zero)
            price_without_plan(st, bd, p, ws)
            priced = True
        t = match[i, 0]
        d = plan_search(bd, ws, np.int64(bd.tickets[t, L.TK_A]), np.int64(bd.tickets[t, L.TK_B]))
        if d >= FOREIGN_COST or d > st.trains[p]:
            return make_action(L.A_BUILD_STATION, city, pay)
    # every such ticket keeps a cheap open path; the hand (pay) only gates the searches, so skipping them
    # holds whatever p draws until the board changes (nothing after this reads ws.price unset)
    note_board(st, p, ws.station_none[p])
    return np.int64(-1)


@njit(cache=True, _nrt=False)
def _open_ticket_sides(st, bd, p, ws):
    """station_choice's first step: ws.station_match[i] <- (ticket, the roots
    of its two sides in p's network, -1) for each open ticket between two
    cities, and ws.piece_routes[root] <- the board's routes at the cities of
    each piece holding a side (ws.root_side marks those roots). A route has an
    end in both sides exactly when it is in both sides' piece_routes, so a
    ticket needs a few ANDs. Only the pieces holding a side are built, and
    only the cities joined to others (uf[c] != c, a few) are added to them.
    Returns the open tickets."""
    uf = st.uf[p]
    side = ws.root_side
    at_piece = ws.piece_routes
    city_routes = bd.city_route_bits
    for c in range(bd.n_cities):
        side[c] = 0
    match = ws.station_match
    n_open = 0
    for w in range((bd.n_tickets + 63) >> 6):
        held = held_word(st, bd, p, w)
        while held != ZERO:
            t = w * 64 + low_bit_index(held)
            held &= held - ONE
            if not ticket_open(st, bd, p, t) or bd.tickets[t, L.TK_MULTI] >= 0:
                continue  # (no board has both stations and tickets with options)
            fa = uf_find(uf, bd.tickets[t, L.TK_A])
            fb = uf_find(uf, bd.tickets[t, L.TK_B])
            match[n_open, 0] = t
            match[n_open, 1] = fa
            match[n_open, 2] = fb
            match[n_open, 3] = -1
            for f in (fa, fb):
                if side[f] == 0:
                    side[f] = 1
                    for k in range(L.MAX_WORDS):  # the whole row (zeros past the board's words): one vector copy
                        at_piece[f, k] = city_routes[f, k]
            n_open += 1
    if n_open > 0:
        for c in range(bd.n_cities):
            if uf[c] != c:
                f = uf_find(uf, c)
                if side[f] != 0:
                    for k in range(L.MAX_WORDS):
                        at_piece[f, k] |= city_routes[c, k]
    return n_open


@njit(cache=True, _nrt=False)
def _routes_joining_sides(st, bd, p, ws, n_open):
    """station_choice's second step: ws.station_match[i, 3] <- the first route
    (in route order) of another player that joins the two sides of open
    ticket i and has a city without a station, or -1. Returns how many
    tickets have one."""
    routes = bd.routes[:bd.n_routes]
    owner = st.owner
    city_station = st.city_station
    uf = st.uf[p]
    at_piece = ws.piece_routes
    match = ws.station_match
    left = 0
    for i in range(n_open):
        fa = match[i, 1]
        fb = match[i, 2]
        for k in range(st.sc[L.SC_N_WORDS]):
            m = at_piece[fa, k] & at_piece[fb, k] & ~st.open_bits[k]  # claimed (or closed) routes between them
            while m != ZERO and match[i, 3] < 0:
                r = k * 64 + low_bit_index(m)
                m &= m - ONE
                fu = uf_find(uf, routes[r, L.RT_A])
                fv = uf_find(uf, routes[r, L.RT_B])
                free_city = city_station[routes[r, L.RT_A]] < 0 or city_station[routes[r, L.RT_B]] < 0
                # (both ends in one piece: fa == fb)
                if (owner[r] >= 0 and owner[r] != p and free_city
                        and ((fu == fa and fv == fb) or (fu == fb and fv == fa))):
                    match[i, 3] = r
                    left += 1
    return left


# --- the end of the game -----------------------------------------------------------------
@njit(cache=True, _nrt=False)
def in_endgame(st, p):
    """The last round has begun, or p or another seat is down to 5 trains."""
    return st.sc[L.SC_END_COUNTDOWN] >= 0 or fewest_trains_of_others(st, p) <= 5 or st.trains[p] <= 5


@njit(cache=True, _nrt=False)
def spend_or_draw(st, bd, ru, p, ws, endgame):
    """Fallback once a bot has nothing better: the best-scoring route it can
    pay (3+ spaces before the end), else cards for the longest route in reach."""
    a = best_scoring_claim(st, bd, ru, p, ws, np.int64(1 if endgame else 3), endgame)
    if a >= 0:
        return a
    set_need_for_route(st, bd, p, ws, longest_open_route(st, bd, ru, p, np.int64(3)))
    a = draw_for_need(st, ru, p, np.bool_(False), ws)
    if a >= 0:
        return a
    a = best_scoring_claim(st, bd, ru, p, ws, np.int64(1), np.bool_(True))
    if a >= 0:
        return a
    return make_action(L.A_PASS, 0, 0)
