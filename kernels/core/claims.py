"""Claiming routes: who may claim what, placing the trains and scoring the
route, closing the other lanes of a double or triple, joining the team's
network, tunnels (lay, reveal, pay or take back), and stations.

The owner of the lane-closing policy: below RULE_DOUBLES_MIN_PLAYERS a double
closes after one claim and a triple after RULE_TRIPLE_LANES claims, unless the
board prints the group always open (RT_ALWAYS_OPEN, TA-DBL-1); a seat never
holds two lanes of one group (BASE-DBL-1), teammates may (TA-DBL-2)."""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.core.cards import draw_card, fill_purse, pay_cards, take_cards
from kernels.core.claimable import mark_claimed, mark_closed
from kernels.core.events import log_payment, log_station
from kernels.core.payment import set_card_kind, station_cost, station_payment, surcharge_payment, wild_set_size
from kernels.core.seats import team_first, team_of, team_size
from kernels.core.tickets import mark_tickets_joined_in
from kernels.graph import uf_find


@njit(cache=True, _nrt=False, inline="always")
def claim_trains(routes, r):
    """Trains a claim of route r places: its spaces and the mountain discards
    (BASE-CLM-2, LA-MTN-3). Claiming needs this many; the end of the game
    counts them (BASE-END-1, GT-END-2)."""
    return routes[r, L.RT_LEN] + routes[r, L.RT_MOUNTAINS]


@njit(cache=True, _nrt=False, inline="always")
def last_wagons_end_game(ru, trains_left):
    """A player left with trains_left trains after a claim ends the game at
    once (GT-END-2: RULE_END_IMMEDIATE, at END_TRAINS or fewer). The engine
    ends it here; a bot asks the same before claiming."""
    return ru[L.RULE_END_IMMEDIATE] != 0 and trains_left <= ru[L.RULE_END_TRAINS]


@njit(cache=True, _nrt=False, inline="always")  # a few comparisons called per route in every bot's loops
def route_open_to(owner, closed, trains_p, routes, group_routes, p, r):
    """Route r can be claimed by seat p as far as the board goes: unclaimed,
    not closed, p does not hold a parallel lane (BASE-DBL-1), enough trains
    for the spaces and mountain discards (BASE-CLM-2, LA-MTN-3).
    Takes plain arrays, hoisted by the callers out of their loops."""
    ok = owner[r] < 0 and closed[r] == 0 and trains_p >= claim_trains(routes, r)
    g = routes[r, L.RT_GROUP]
    if ok and g >= 0:
        for i in range(group_routes.shape[1]):
            r2 = group_routes[g, i]
            if r2 >= 0 and r2 != r and owner[r2] == p:
                ok = False
    return ok


@njit(cache=True, _nrt=False)
def close_lanes(st, bd, ru, r):
    """BASE-DBL-2, TA-DBL-1/2: below DOUBLES_MIN_PLAYERS a double closes
    after one claim (unless printed always open) and a triple after
    TRIPLE_LANES claims."""
    g = bd.routes[r, L.RT_GROUP]
    if g < 0 or st.sc[L.SC_N_PLAYERS] >= ru[L.RULE_DOUBLES_MIN_PLAYERS] or bd.routes[r, L.RT_ALWAYS_OPEN] != 0:
        return
    group_routes = bd.group_routes[:bd.n_groups]
    lanes = 0
    claimed = 0
    for i in range(group_routes.shape[1]):
        r2 = group_routes[g, i]
        if r2 >= 0:
            lanes += 1
            if st.owner[r2] >= 0:
                claimed += 1
    usable = 1 if lanes <= 2 else ru[L.RULE_TRIPLE_LANES]
    if claimed >= usable:
        for i in range(group_routes.shape[1]):
            r2 = group_routes[g, i]
            if r2 >= 0 and st.owner[r2] < 0:
                st.closed[r2] = 1
                mark_closed(st, np.int64(r2))


@njit(cache=True, _nrt=False, inline="always")
def only_team_route_at(st, bd, first, last, r, city):
    """No route of the team (seats first..last-1) but r reaches city. Every route at the city is looked
    at, without a branch on its owner (which the CPU cannot predict)."""
    found = False
    for j in range(bd.adj_start[city], bd.adj_start[city + 1]):
        r2 = bd.adj_route[j]
        o = st.owner[r2]
        found |= (r2 != r) & (o >= first) & (o < last)
    return not found


@njit(cache=True, _nrt=False)
def join_network(st, bd, ru, p, r):
    """The claim joins r's cities in the network of every member of p's team
    (TA-TEAM-2a: one network per team; p's own for a team of one), and marks
    the team's tickets joined this turn (TA-TKT-4)."""
    a = bd.routes[r, L.RT_A]
    b = bd.routes[r, L.RT_B]
    first = team_first(ru, p)
    last = first + team_size(ru)
    # a route inside one network piece joins no new pair of cities: no ticket changes. The members'
    # networks have had the same unions, so their pieces have the same roots (path halving moves only
    # the other cities): the roots found on p's network join every member's
    root = np.int64(uf_find(st.uf[p], a))
    rb = np.int64(uf_find(st.uf[p], b))
    if root != rb:
        for q in range(first, last):
            st.uf[q, rb] = root  # b's piece under a's root, as graph.uf_union would
        # a city the network reaches by this claim alone was a piece of its own (its own root): only
        # tickets ending there can be newly joined
        city = np.int64(-1)
        if rb == b and only_team_route_at(st, bd, first, last, r, b):
            city = np.int64(b)
        elif root == a and only_team_route_at(st, bd, first, last, r, a):
            city = np.int64(a)
        mark_tickets_joined_in(st, bd, ru, p, root, city)


@njit(cache=True, _nrt=False)
def place_route(st, bd, ru, p, r, colour, locos):
    """Put p's trains on r and score it (BASE-CLM-2, LA-MTN-2); close the
    parallel lanes with too few players; join the team's network."""
    sc = st.sc
    length = bd.routes[r, L.RT_LEN]
    mountains = bd.routes[r, L.RT_MOUNTAINS]
    st.owner[r] = p
    st.claim_turn[r] = sc[L.SC_TURN]
    st.claim_colour[r] = colour
    st.claim_locos[r] = locos
    st.trains[p] -= length + mountains
    points = ru[L.RULE_ROUTE_SCORE + length] + mountains * ru[L.RULE_MOUNTAIN_POINTS]
    st.score[p] += points
    st.ps[p, L.PS_ROUTE_POINTS] += ru[L.RULE_ROUTE_SCORE + length]
    st.ps[p, L.PS_MOUNTAIN_TRAINS] += mountains
    st.ps[p, L.PS_ROUTES_CLAIMED] += 1
    if mountains > 0:
        st.ps[p, L.PS_MOUNTAIN_ROUTES] += 1
    sc[L.SC_BOARD_VERSION] += 1
    mark_claimed(st, bd, p, r)
    close_lanes(st, bd, ru, r)
    join_network(st, bd, ru, p, r)


@njit(cache=True, _nrt=False)
def claim_route(st, bd, ru, p, r, colour, use, locos, sets):
    """Pay `use` cards of `colour`, `locos` locomotives and `sets` sets of the
    route's RT_WILD_SET cards (NC-FRY-2, NC-CLM-1; the cards of each set are
    core/payment.py set_card_kind's choice) from the hand first, then the
    team's holder (TA-CRD-4), into the discard (BASE-CLM-4), and place r."""
    spend = np.int64(L.EK_CLAIM_SPEND)
    if colour != L.LOCO:
        pay_cards(st, ru, p, colour, use, spend, r)
        st.discard[colour] += use
    pay_cards(st, ru, p, np.int64(L.LOCO), locos, spend, r)
    st.discard[L.LOCO] += locos
    spent_locos = locos
    if sets > 0:
        fill_purse(st, ru, p)
        purse = st.purse
        for _ in range(sets * wild_set_size(bd.routes[:bd.n_routes], r)):
            k = set_card_kind(purse)
            pay_cards(st, ru, p, k, np.int64(1), spend, r)
            purse[k] -= 1
            st.discard[k] += 1
            if k == L.LOCO:
                spent_locos += 1
    place_route(st, bd, ru, p, r, colour, spent_locos)


# --- tunnels ---------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def tunnel_reveal_count(bd, ru, r):
    """Cards a tunnel reveals: the number printed on it (TA-TUN-1), else the
    rule set's (EU-TUN-2; 3 on Team Asia's unnumbered tunnels by assumption
    TA-TUN-1a)."""
    printed = bd.routes[r, L.RT_REVEAL]
    return printed if printed > 0 else ru[L.RULE_TUNNEL_REVEAL]


@njit(cache=True, _nrt=False)
def start_tunnel(st, bd, ru, p, r, colour, use, locos):
    """EU-TUN-1..5: lay the cards, reveal from the real deck, set the surcharge."""
    sc = st.sc
    st.laid[:] = 0
    st.laid_holder[:] = 0
    lay = np.int64(L.EK_TUNNEL_LAY)
    if colour != L.LOCO:
        st.laid_holder[colour] += pay_cards(st, ru, p, colour, use, lay, r)  # TA-CRD-4
        st.laid[colour] += use
    st.laid_holder[L.LOCO] += pay_cards(st, ru, p, np.int64(L.LOCO), locos, lay, r)
    st.laid[L.LOCO] += locos
    row = sc[L.SC_N_TUNNEL_LOG]
    log = st.tunnel_log
    log[row, L.TL_SEAT] = p
    log[row, L.TL_ROUTE] = r
    log[row, L.TL_TURN] = sc[L.SC_TURN]
    log[row, L.TL_COLOUR] = colour
    log[row, L.TL_PILE] = sc[L.SC_N_PILE]
    disc = 0
    for k in range(L.N_CARD_KINDS):
        log[row, L.TL_DECK + k] = 0
        disc += st.discard[k]
    log[row, L.TL_DISCARD] = disc
    for i in range(sc[L.SC_N_PILE]):
        log[row, L.TL_DECK + st.pile[i]] += 1
    to_reveal = tunnel_reveal_count(bd, ru, r)
    n = 0
    surcharge = 0
    for _ in range(min(to_reveal, L.MAX_REVEAL)):
        c = draw_card(st)
        if c < 0:
            break  # EU-TUN-5: reveal only what deck and discard hold
        st.revealed[n] = c
        log_payment(st, np.int64(L.EK_TUNNEL_REVEAL), p, c, np.int64(1), r, np.int64(0))
        n += 1
        if c == L.LOCO or (colour != L.LOCO and c == colour):  # EU-TUN-3
            surcharge += 1
    sc[L.SC_N_REVEALED] = n
    log[row, L.TL_REVEALED] = n
    log[row, L.TL_TO_REVEAL] = to_reveal
    log[row, L.TL_SURCHARGE] = surcharge
    sc[L.SC_N_TUNNEL_LOG] = row + 1
    st.ps[p, L.PS_TUNNELS_TRIED] += 1
    sc[L.SC_PEND_ROUTE] = r
    sc[L.SC_PEND_COLOUR] = colour
    sc[L.SC_PEND_SURCHARGE] = surcharge
    return surcharge


@njit(cache=True, _nrt=False)
def finish_tunnel(st, bd, ru, p, pay):
    """EU-TUN-4: pay the surcharge (from the hand and the team's holder,
    TA-TUN-2) and place, or take the laid cards back where they came from;
    the revealed cards are discarded either way."""
    sc = st.sc
    r = sc[L.SC_PEND_ROUTE]
    colour = sc[L.SC_PEND_COLOUR]
    row = sc[L.SC_N_TUNNEL_LOG] - 1
    paid = False
    if pay:
        fill_purse(st, ru, p)
        use, locos = surcharge_payment(ru, st.purse, bd.routes[:bd.n_routes], r, colour, sc[L.SC_PEND_SURCHARGE])
        if use >= 0:
            pay = np.int64(L.EK_TUNNEL_PAY)
            if colour != L.LOCO:
                st.laid_holder[colour] += pay_cards(st, ru, p, colour, use, pay, r)
                st.laid[colour] += use
            st.laid_holder[L.LOCO] += pay_cards(st, ru, p, np.int64(L.LOCO), locos, pay, r)
            st.laid[L.LOCO] += locos
            paid = True
    if paid:
        for k in range(L.N_CARD_KINDS):
            st.discard[k] += st.laid[k]
            log_payment(st, np.int64(L.EK_TUNNEL_CLAIM), p, np.int64(k), np.int64(st.laid[k]), r, np.int64(0))
        place_route(st, bd, ru, p, r, colour, np.int64(st.laid[L.LOCO]))
    else:
        team = team_of(ru, p)
        for k in range(L.N_CARD_KINDS):
            st.hand[p, k] += st.laid[k] - st.laid_holder[k]
            # every player saw the laid cards: p holds at least these again (the payment took as many seen
            # ones off: seen = max(seen - laid, 0) + laid, never more than the hand)
            st.seen_in_hand[p, k] += st.laid[k] - st.laid_holder[k]
            st.holder[team, k] += st.laid_holder[k]
            back = np.int64(L.EK_TUNNEL_RETURN)
            log_payment(st, back, p, np.int64(k), np.int64(st.laid[k] - st.laid_holder[k]), r, np.int64(0))
            log_payment(st, back, p, np.int64(k), np.int64(st.laid_holder[k]), r, np.int64(1))
        st.ps[p, L.PS_TUNNELS_ABANDONED] += 1
    st.laid[:] = 0
    st.laid_holder[:] = 0
    for i in range(sc[L.SC_N_REVEALED]):
        log_payment(st, np.int64(L.EK_TUNNEL_DISCARD), p, np.int64(st.revealed[i]), np.int64(1), r, np.int64(0))
        st.discard[st.revealed[i]] += 1
        st.revealed[i] = -1
    sc[L.SC_N_REVEALED] = 0
    st.tunnel_log[row, L.TL_PAID] = 1 if paid else 0


# --- stations ------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def build_station(st, ru, p, city, colour):
    """EU-STN-1/2: pay the station's cost in one colour (locomotives
    substituting) and put it on a free city."""
    use, locos = station_payment(st.hand[p], colour, station_cost(ru, st, p))
    if colour != L.LOCO:
        take_cards(st, ru, p, colour, use)  # (all from the hand: station_payment reads only the hand)
        st.discard[colour] += use
        log_station(st, p, colour, np.int64(use), city)
    take_cards(st, ru, p, np.int64(L.LOCO), locos)
    st.discard[L.LOCO] += locos
    log_station(st, p, np.int64(L.LOCO), np.int64(locos), city)
    st.station_city[p, ru[L.RULE_STATIONS] - st.stations_left[p]] = city
    st.stations_left[p] -= 1
    st.city_station[city] = p
    st.ps[p, L.PS_STATIONS_BUILT] += 1
    st.sc[L.SC_BOARD_VERSION] += 1


@njit(cache=True, _nrt=False)
def place_routes(st, bd, ru, owners, colours):
    """A position set up from outside a game (analyzer.analyse): put each route r with owners[r] >= 0
    on the board as that seat's claim in colour colours[r], paid by no card, as place_route scores,
    closes and joins it. The state must hold no claim yet (a fresh deal); the tickets already held are
    marked joined as claims join them."""
    for r in range(bd.n_routes):
        if owners[r] >= 0:
            place_route(st, bd, ru, np.int64(owners[r]), np.int64(r), np.int64(colours[r]), np.int64(0))
