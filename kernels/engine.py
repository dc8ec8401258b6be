"""The rules engine: `new_state`, `init_game`, `legal_actions`, `step`.

All randomness comes from the game's own stream in `st.rng`, seeded by
`init_game`; bots draw from their own streams, so the deal and every shuffle
are the same whatever the bots do (common random numbers across variants).
Rule IDs in comments point at docs/rules.
"""

import numpy as np
from numba import njit

from kernels.graph import uf_find, uf_reset, uf_union
from kernels.layouts import (
    A_BUILD_STATION,
    A_CLAIM,
    A_DRAW_BLIND,
    A_DRAW_MARKET,
    A_DRAW_TICKETS,
    A_KEEP_TICKETS,
    A_PASS,
    A_PLACE_CARD,
    A_SHARE_TICKETS,
    A_SWAP_TICKETS,
    A_TUNNEL_ABANDON,
    A_TUNNEL_PAY,
    DEST_HAND,
    DEST_HOLDER,
    END_NO_ACTIONS,
    END_NONE,
    END_TRAINS,
    END_TURN_CAP,
    FN_FIELDS,
    GRAY,
    KIND_TUNNEL,
    LOCO,
    MAX_OFFER,
    MAX_REVEAL,
    MAX_STATIONS,
    N_ACTION_KINDS,
    N_CARD_KINDS,
    PH_KEEP_TICKETS,
    PH_OVER,
    PH_PLACE_CARD,
    PH_SECOND_DRAW,
    PH_SETUP_KEEP,
    PH_TUNNEL,
    PH_TURN,
    PS_CARDS_DRAWN,
    PS_FIELDS,
    PS_MOUNTAIN_ROUTES,
    PS_MOUNTAIN_TRAINS,
    PS_PASSES,
    PS_ROUTE_POINTS,
    PS_ROUTES_CLAIMED,
    PS_SHARE_ACTIONS,
    PS_STATIONS_BUILT,
    PS_TICKETS_DRAWN_MIDGAME,
    PS_TUNNELS_ABANDONED,
    PS_TUNNELS_TRIED,
    PS_TURNS,
    RT_A,
    RT_B,
    RT_COLOUR,
    RT_GROUP,
    RT_KIND,
    RT_LEN,
    RT_LOCOS,
    RT_MOUNTAINS,
    RT_REVEAL,
    RULE_CARDS_PER_DRAW,
    RULE_DOUBLES_MIN_PLAYERS,
    RULE_DRAW_KEEP_MIN,
    RULE_DRAW_TICKETS,
    RULE_END_IMMEDIATE,
    RULE_END_TRAINS,
    RULE_FACEUP_LOCO_WHOLE_DRAW,
    RULE_HAND_SIZE,
    RULE_LOCO_RESET,
    RULE_MARKET_SIZE,
    RULE_MOUNTAIN_POINTS,
    RULE_ROUTE_SCORE,
    RULE_SETUP_KEEP_MIN,
    RULE_SETUP_TICKETS_LONG,
    RULE_SETUP_TICKETS_REGULAR,
    RULE_SHARED_TICKETS_DRAW,
    RULE_SHARED_TICKETS_SETUP,
    RULE_SPECIAL_TICKETS,
    RULE_STATIONS,
    RULE_SWAP_TICKETS,
    RULE_TEAM_SIZE,
    RULE_TRAINS,
    RULE_TUNNEL_REVEAL,
    RULE_TURN_CAP,
    RULE_UNKEPT_SETUP_TO_BOX,
    RULE_WIN_TICKETS,
    SC_BOARD_VERSION,
    SC_END_COUNTDOWN,
    SC_END_REASON,
    SC_FIELDS,
    SC_FIRST_DEST,
    SC_GT_SPECIAL_LEFT,
    SC_LP_COUNT,
    SC_MARKET_RESETS,
    SC_N_OFFER,
    SC_N_PILE,
    SC_N_PLAYERS,
    SC_N_REVEALED,
    SC_N_TUNNEL_LOG,
    SC_OFFER_SETUP,
    SC_PASS_STREAK,
    SC_PEND_CARD,
    SC_PEND_COLOUR,
    SC_PEND_ROUTE,
    SC_PEND_SURCHARGE,
    SC_PHASE,
    SC_PLAYER,
    SC_RESHUFFLES,
    SC_TP_COUNT,
    SC_TP_HEAD,
    SC_TURN,
    TH_BOX,
    TH_LONG_PILE,
    TH_OFFERED,
    TH_PILE,
    TK_A,
    TK_B,
    TK_LONG,
    TL_COLOUR,
    TL_DECK,
    TL_DISCARD,
    TL_FIELDS,
    TL_PAID,
    TL_PILE,
    TL_REVEALED,
    TL_ROUTE,
    TL_SEAT,
    TL_SURCHARGE,
    TL_TO_REVEAL,
    TL_TURN,
    GameState,
)
from kernels.prng import shuffle_int8, shuffle_int16
from kernels.scoring import score_game
from kernels.teams import (
    close_lanes,
    fill_purse,
    is_team_game,
    keep_actions,
    receive_card,
    share_actions,
    share_offered,
    share_tickets,
    take_cards,
    team_trains,
    team_union,
)

# --- actions ------------------------------------------------------------------
ALL_KINDS = (1 << 16) - 1


@njit(cache=True, _nrt=False, inline="always")
def make_action(kind, a, b):
    return np.int64(kind) | (np.int64(a) << 4) | (np.int64(b) << 20)


@njit(cache=True, _nrt=False, inline="always")
def action_kind(action):
    return action & 15


@njit(cache=True, _nrt=False, inline="always")
def action_a(action):
    return (action >> 4) & 0xFFFF


@njit(cache=True, _nrt=False, inline="always")
def action_b(action):
    return (action >> 20) & 0xFF


# --- allocation and setup -------------------------------------------------------
@njit(cache=True)
def new_state(bd, ru, n_players):
    """Allocate a game state for this board and rule set (once per worker)."""
    n_routes = bd.routes.shape[0]
    n_tickets = bd.tickets.shape[0]
    n_cities = bd.adj_start.shape[0] - 1
    deck_size = 0
    for k in range(N_CARD_KINDS):
        deck_size += bd.deck[k]
    return GameState(
        np.zeros(SC_FIELDS, np.int64),
        np.zeros(1, np.uint64),
        np.zeros(deck_size, np.int8),
        np.zeros(N_CARD_KINDS, np.int32),
        np.full(max(ru[RULE_MARKET_SIZE], 1), -1, np.int8),
        np.zeros((n_players, N_CARD_KINDS), np.int32),
        np.zeros((n_players, N_CARD_KINDS), np.int32),
        np.zeros(N_CARD_KINDS, np.int32),
        np.full(MAX_REVEAL, -1, np.int8),
        np.zeros(n_players, np.int32),
        np.zeros(n_players, np.int32),
        np.zeros(n_players, np.int32),
        np.zeros((n_players, PS_FIELDS), np.int32),
        np.full(n_routes, -1, np.int16),
        np.zeros(n_routes, np.int8),
        np.full(n_routes, -1, np.int32),
        np.full((n_players, MAX_STATIONS), -1, np.int16),
        np.full(n_cities, -1, np.int16),
        np.full(n_tickets, -1, np.int16),
        np.full(n_tickets, -1, np.int16),
        np.full(n_tickets, TH_PILE, np.int16),
        np.full(n_tickets, -1, np.int32),
        np.full(n_tickets, -1, np.int32),
        np.full(MAX_OFFER, -1, np.int16),
        np.zeros((n_players, n_cities), np.int16),
        np.full((n_players, MAX_OFFER), -1, np.int16),
        np.full(n_routes, -1, np.int8),
        np.zeros(n_routes, np.int8),
        np.zeros((ru[RULE_TURN_CAP] + 1, TL_FIELDS), np.int32),
        np.zeros((n_players, FN_FIELDS), np.int32),
        np.zeros(n_tickets, np.int8),
        np.zeros(N_CARD_KINDS, np.int32),
        np.zeros(N_CARD_KINDS, np.int32),
        np.zeros(n_tickets, np.int8),
    )


@njit(cache=True, _nrt=False)
def init_game(st, bd, ru, n_players, seed):
    """Reset st to a fresh game: shuffle, deal hands, market and setup tickets
    (BASE-SET-1, BASE-SET-2, EU-SET-2). Seat 0 plays first (BASE-SET-3)."""
    sc = st.sc
    sc[:] = 0
    sc[SC_N_PLAYERS] = n_players
    sc[SC_END_COUNTDOWN] = -1
    sc[SC_END_REASON] = END_NONE
    sc[SC_GT_SPECIAL_LEFT] = ru[RULE_SPECIAL_TICKETS]  # GT-CMP-3
    st.rng[0] = seed
    # train cards
    n = 0
    for k in range(N_CARD_KINDS):
        for _ in range(bd.deck[k]):
            st.pile[n] = k
            n += 1
    shuffle_int8(st.rng, st.pile, n)
    sc[SC_N_PILE] = n
    st.discard[:] = 0
    st.market[:] = -1
    st.hand[:, :] = 0
    st.holder[:, :] = 0
    st.laid[:] = 0
    st.revealed[:] = -1
    st.trains[:] = ru[RULE_TRAINS]
    st.stations_left[:] = ru[RULE_STATIONS]
    st.score[:] = 0
    st.ps[:, :] = 0
    st.owner[:] = -1
    st.closed[:] = 0
    st.claim_turn[:] = -1
    st.claim_colour[:] = -1
    st.claim_locos[:] = 0
    st.station_city[:, :] = -1
    st.city_station[:] = -1
    st.final[:, :] = 0
    st.ticket_result[:] = 0
    st.purse[:] = 0
    st.laid_holder[:] = 0
    st.ticket_shared[:] = 0
    for p in range(n_players):
        uf_reset(st.uf[p])
        for _ in range(ru[RULE_HAND_SIZE]):
            c = draw_card(st)
            if c >= 0:
                st.hand[p, c] += 1
    fill_market(st, ru)
    # tickets: long ones in their own pile when the rules deal them apart
    n_tickets = bd.tickets.shape[0]
    separate_long = ru[RULE_SETUP_TICKETS_LONG] > 0
    n_reg = 0
    n_long = 0
    for t in range(n_tickets):
        st.ticket_kept_turn[t] = -1
        st.ticket_done_turn[t] = -1
        if separate_long and bd.tickets[t, TK_LONG] == 1:
            st.long_pile[n_long] = t
            st.ticket_holder[t] = TH_LONG_PILE
            n_long += 1
        else:
            st.ticket_pile[n_reg] = t
            st.ticket_holder[t] = TH_PILE
            n_reg += 1
    shuffle_int16(st.rng, st.ticket_pile, n_reg)
    shuffle_int16(st.rng, st.long_pile, n_long)
    sc[SC_TP_HEAD] = 0
    sc[SC_TP_COUNT] = n_reg
    sc[SC_LP_COUNT] = n_long
    st.setup_offer[:, :] = -1
    for p in range(n_players):
        k = 0
        for _ in range(ru[RULE_SETUP_TICKETS_LONG]):
            if sc[SC_LP_COUNT] > 0:
                sc[SC_LP_COUNT] -= 1
                t = st.long_pile[sc[SC_LP_COUNT]]
                st.setup_offer[p, k] = t
                st.ticket_holder[t] = TH_OFFERED
                k += 1
        for _ in range(ru[RULE_SETUP_TICKETS_REGULAR]):
            t = pop_ticket(st)
            if t >= 0:
                st.setup_offer[p, k] = t
                st.ticket_holder[t] = TH_OFFERED
                k += 1
    # long tickets nobody was dealt leave the game (EU-SET-2, LA-TKT-2)
    for i in range(sc[SC_LP_COUNT]):
        st.ticket_holder[st.long_pile[i]] = TH_BOX
    sc[SC_LP_COUNT] = 0
    st.offer[:] = -1
    start_setup_keep(st, 0)


@njit(cache=True, _nrt=False)
def start_setup_keep(st, p):
    sc = st.sc
    sc[SC_PLAYER] = p
    sc[SC_PHASE] = PH_SETUP_KEEP
    sc[SC_OFFER_SETUP] = 1
    n = 0
    for i in range(MAX_OFFER):
        t = st.setup_offer[p, i]
        st.offer[i] = t
        if t >= 0:
            n += 1
    sc[SC_N_OFFER] = n


# --- cards ------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def reshuffle(st):
    """BASE-MKT-4: the discard pile becomes the new draw pile."""
    n = st.sc[SC_N_PILE]
    moved = 0
    for k in range(N_CARD_KINDS):
        for _ in range(st.discard[k]):
            st.pile[n] = k
            n += 1
            moved += 1
        st.discard[k] = 0
    if moved > 0:
        shuffle_int8(st.rng, st.pile, n)
        st.sc[SC_RESHUFFLES] += 1
    st.sc[SC_N_PILE] = n


@njit(cache=True, _nrt=False)
def draw_card(st):
    """Top card of the draw pile (reshuffling the discard when empty), or -1."""
    sc = st.sc
    if sc[SC_N_PILE] == 0:
        reshuffle(st)
        if sc[SC_N_PILE] == 0:
            return -1
    n = sc[SC_N_PILE] - 1
    sc[SC_N_PILE] = n
    return np.int64(st.pile[n])


# Hot helpers bind namedtuple fields to locals first: LLVM can then keep them
# in registers (and with the runtime on, each read cost a reference count).
@njit(cache=True, _nrt=False)
def cards_available(st):
    discard = st.discard
    n = st.sc[SC_N_PILE]
    for k in range(N_CARD_KINDS):
        n += discard[k]
    return n


@njit(cache=True, _nrt=False)
def market_locos(st, ru):
    market = st.market
    n = 0
    for s in range(ru[RULE_MARKET_SIZE]):
        if market[s] == LOCO:
            n += 1
    return n


@njit(cache=True, _nrt=False)
def check_market_reset(st, ru):
    """BASE-MKT-3: 3+ face-up locomotives -> discard the market and deal 5 new,
    repeatedly; guarded: stop when the cards left cannot make a market with
    fewer locomotives (or after 100 tries, which needs astronomically bad luck)."""
    threshold = ru[RULE_LOCO_RESET]
    size = ru[RULE_MARKET_SIZE]
    if threshold <= 0 or size == 0:
        return
    market = st.market
    discard = st.discard
    pile = st.pile
    tries = 0
    while market_locos(st, ru) >= threshold and tries < 100:
        others = 0
        for k in range(LOCO):
            others += discard[k]
        for i in range(st.sc[SC_N_PILE]):
            if pile[i] != LOCO:
                others += 1
        for s in range(size):
            if market[s] >= 0 and market[s] != LOCO:
                others += 1
        if others < size - threshold + 1:
            return
        for s in range(size):
            if market[s] >= 0:
                discard[market[s]] += 1
                market[s] = -1
        for s in range(size):
            c = draw_card(st)
            if c < 0:
                break
            market[s] = c
        st.sc[SC_MARKET_RESETS] += 1
        tries += 1


@njit(cache=True, _nrt=False)
def fill_market(st, ru):
    """BASE-MKT-5: refill every empty slot (end of turn, and setup)."""
    market = st.market
    for s in range(ru[RULE_MARKET_SIZE]):
        if market[s] < 0:
            c = draw_card(st)
            if c < 0:
                break
            market[s] = c
    check_market_reset(st, ru)


@njit(cache=True, _nrt=False)
def can_draw_second(st, ru):
    if cards_available(st) > 0:
        return True
    market = st.market
    for s in range(ru[RULE_MARKET_SIZE]):
        c = market[s]
        if c >= 0 and (c != LOCO or ru[RULE_FACEUP_LOCO_WHOLE_DRAW] == 0):
            return True
    return False


# --- tickets --------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def pop_ticket(st):
    sc = st.sc
    if sc[SC_TP_COUNT] == 0:
        return -1
    t = st.ticket_pile[sc[SC_TP_HEAD]]
    sc[SC_TP_HEAD] = (sc[SC_TP_HEAD] + 1) % st.ticket_pile.shape[0]
    sc[SC_TP_COUNT] -= 1
    return np.int64(t)


@njit(cache=True, _nrt=False)
def ticket_to_bottom(st, t):
    sc = st.sc
    i = (sc[SC_TP_HEAD] + sc[SC_TP_COUNT]) % st.ticket_pile.shape[0]
    st.ticket_pile[i] = t
    sc[SC_TP_COUNT] += 1
    st.ticket_holder[t] = TH_PILE


@njit(cache=True, _nrt=False)
def mark_completed_tickets(st, bd, p):
    """Record the turn at which each of p's tickets is joined by p's routes."""
    holder = st.ticket_holder
    done = st.ticket_done_turn
    tickets = bd.tickets
    uf = st.uf[p]
    turn = st.sc[SC_TURN]
    for t in range(tickets.shape[0]):
        if holder[t] == p and done[t] < 0:
            if uf_find(uf, tickets[t, TK_A]) == uf_find(uf, tickets[t, TK_B]):
                done[t] = turn


# --- claims -------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def route_open_to(owner, closed, trains_p, routes, group_routes, p, r):
    """Route r can be claimed by seat p as far as the board goes: unclaimed,
    not closed, p does not hold a parallel lane (BASE-DBL-1), enough trains
    for the spaces and mountain discards (BASE-CLM-2, LA-MTN-3).
    Takes plain arrays, hoisted by the callers out of their loops."""
    ok = owner[r] < 0 and closed[r] == 0 and trains_p >= routes[r, RT_LEN] + routes[r, RT_MOUNTAINS]
    g = routes[r, RT_GROUP]
    if ok and g >= 0:
        for i in range(group_routes.shape[1]):
            r2 = group_routes[g, i]
            if r2 >= 0 and r2 != r and owner[r2] == p:
                ok = False
    return ok


@njit(cache=True, _nrt=False, inline="always")
def claim_payment(hand_p, routes, r, colour):
    """Cards paid for route r with `colour` (LOCO: locomotives only), as
    (colour cards, locomotives), or (-1, -1) if the hand cannot pay. Colour
    cards are spent first; ferry symbols need locomotives (EU-FRY-1).
    (One return statement, int64 throughout: numba compiles it 10x faster.)"""
    length = np.int64(routes[r, RT_LEN])
    use = np.int64(-1)
    locos = np.int64(-1)
    if colour == LOCO:
        if hand_p[LOCO] >= length:
            use = 0
            locos = length
    else:
        rc = routes[r, RT_COLOUR]
        need = length - routes[r, RT_LOCOS]
        have = np.int64(hand_p[colour])
        if (rc == GRAY or rc == colour) and need > 0 and have > 0:
            u = min(have, need)
            if length - u <= hand_p[LOCO]:
                use = u
                locos = length - u
    return use, locos


@njit(cache=True, _nrt=False)
def place_route(st, bd, ru, p, r, colour, locos):
    """Put p's trains on r and score it (BASE-CLM-2, LA-MTN-2); close the
    parallel lanes with too few players (BASE-DBL-2)."""
    sc = st.sc
    length = bd.routes[r, RT_LEN]
    mountains = bd.routes[r, RT_MOUNTAINS]
    st.owner[r] = p
    st.claim_turn[r] = sc[SC_TURN]
    st.claim_colour[r] = colour
    st.claim_locos[r] = locos
    st.trains[p] -= length + mountains
    points = ru[RULE_ROUTE_SCORE + length] + mountains * ru[RULE_MOUNTAIN_POINTS]
    st.score[p] += points
    st.ps[p, PS_ROUTE_POINTS] += ru[RULE_ROUTE_SCORE + length]
    st.ps[p, PS_MOUNTAIN_TRAINS] += mountains
    st.ps[p, PS_ROUTES_CLAIMED] += 1
    if mountains > 0:
        st.ps[p, PS_MOUNTAIN_ROUTES] += 1
    sc[SC_BOARD_VERSION] += 1
    if is_team_game(ru):  # TA-DBL-1/2, TA-TKT-4
        close_lanes(st, bd, ru, r)
        team_union(st, bd, ru, p, r)
        return
    g = bd.routes[r, RT_GROUP]
    if g >= 0 and sc[SC_N_PLAYERS] < ru[RULE_DOUBLES_MIN_PLAYERS]:
        for i in range(bd.group_routes.shape[1]):
            r2 = bd.group_routes[g, i]
            if r2 >= 0 and r2 != r and st.owner[r2] < 0:
                st.closed[r2] = 1
    uf_union(st.uf[p], bd.routes[r, RT_A], bd.routes[r, RT_B])
    mark_completed_tickets(st, bd, p)


@njit(cache=True, _nrt=False)
def tunnel_reveal_count(bd, ru, r):
    printed = bd.routes[r, RT_REVEAL]
    return printed if printed > 0 else ru[RULE_TUNNEL_REVEAL]


@njit(cache=True, _nrt=False)
def start_tunnel(st, bd, ru, p, r, colour, use, locos):
    """EU-TUN-1..5: lay the cards, reveal from the real deck, set the surcharge."""
    sc = st.sc
    st.laid[:] = 0
    st.laid_holder[:] = 0
    if colour != LOCO:
        st.laid_holder[colour] += take_cards(st, ru, p, colour, use)  # TA-CRD-4
        st.laid[colour] += use
    st.laid_holder[LOCO] += take_cards(st, ru, p, LOCO, locos)
    st.laid[LOCO] += locos
    row = sc[SC_N_TUNNEL_LOG]
    log = st.tunnel_log
    log[row, TL_SEAT] = p
    log[row, TL_ROUTE] = r
    log[row, TL_TURN] = sc[SC_TURN]
    log[row, TL_COLOUR] = colour
    log[row, TL_PILE] = sc[SC_N_PILE]
    disc = 0
    for k in range(N_CARD_KINDS):
        log[row, TL_DECK + k] = 0
        disc += st.discard[k]
    log[row, TL_DISCARD] = disc
    for i in range(sc[SC_N_PILE]):
        log[row, TL_DECK + st.pile[i]] += 1
    to_reveal = tunnel_reveal_count(bd, ru, r)
    n = 0
    surcharge = 0
    for _ in range(min(to_reveal, MAX_REVEAL)):
        c = draw_card(st)
        if c < 0:
            break  # EU-TUN-5: reveal only what deck and discard hold
        st.revealed[n] = c
        n += 1
        if c == LOCO or (colour != LOCO and c == colour):  # EU-TUN-3
            surcharge += 1
    sc[SC_N_REVEALED] = n
    log[row, TL_REVEALED] = n
    log[row, TL_TO_REVEAL] = to_reveal
    log[row, TL_SURCHARGE] = surcharge
    sc[SC_N_TUNNEL_LOG] = row + 1
    st.ps[p, PS_TUNNELS_TRIED] += 1
    sc[SC_PEND_ROUTE] = r
    sc[SC_PEND_COLOUR] = colour
    sc[SC_PEND_SURCHARGE] = surcharge
    return surcharge


@njit(cache=True, _nrt=False, inline="always")
def surcharge_payment(hand_p, colour, surcharge):
    """(colour cards, locomotives) paying a tunnel surcharge, or (-1, -1):
    colour cards first, locomotives only after a locomotive-only claim."""
    use = np.int64(-1)
    locos = np.int64(-1)
    if colour == LOCO:
        if hand_p[LOCO] >= surcharge:
            use = 0
            locos = np.int64(surcharge)
    else:
        u = min(np.int64(hand_p[colour]), np.int64(surcharge))
        if surcharge - u <= hand_p[LOCO]:
            use = u
            locos = surcharge - u
    return use, locos


@njit(cache=True, _nrt=False)
def finish_tunnel(st, bd, ru, p, pay):
    """EU-TUN-4: pay the surcharge and place, or take the laid cards back;
    the revealed cards are discarded either way."""
    sc = st.sc
    r = sc[SC_PEND_ROUTE]
    colour = sc[SC_PEND_COLOUR]
    row = sc[SC_N_TUNNEL_LOG] - 1
    paid = False
    if pay:
        if is_team_game(ru):  # TA-TUN-2: hand and holder
            fill_purse(st, ru, p)
            use, locos = surcharge_payment(st.purse, colour, sc[SC_PEND_SURCHARGE])
        else:
            use, locos = surcharge_payment(st.hand[p], colour, sc[SC_PEND_SURCHARGE])
        if use >= 0:
            if colour != LOCO:
                st.laid_holder[colour] += take_cards(st, ru, p, colour, use)
                st.laid[colour] += use
            st.laid_holder[LOCO] += take_cards(st, ru, p, LOCO, locos)
            st.laid[LOCO] += locos
            paid = True
    if paid:
        for k in range(N_CARD_KINDS):
            st.discard[k] += st.laid[k]
        place_route(st, bd, ru, p, r, colour, st.laid[LOCO])
    else:
        team = p // max(ru[RULE_TEAM_SIZE], 1)
        for k in range(N_CARD_KINDS):  # back where they came from
            st.hand[p, k] += st.laid[k] - st.laid_holder[k]
            st.holder[team, k] += st.laid_holder[k]
        st.ps[p, PS_TUNNELS_ABANDONED] += 1
    st.laid[:] = 0
    st.laid_holder[:] = 0
    for i in range(sc[SC_N_REVEALED]):
        st.discard[st.revealed[i]] += 1
        st.revealed[i] = -1
    sc[SC_N_REVEALED] = 0
    st.tunnel_log[row, TL_PAID] = 1 if paid else 0


@njit(cache=True, _nrt=False, inline="always")
def station_payment(hand_p, colour, cost):
    """EU-STN-1: `cost` cards of one colour, locomotives substituting."""
    use = np.int64(-1)
    locos = np.int64(-1)
    if colour == LOCO:
        if hand_p[LOCO] >= cost:
            use = 0
            locos = np.int64(cost)
    elif hand_p[colour] > 0:
        u = min(np.int64(hand_p[colour]), np.int64(cost))
        if cost - u <= hand_p[LOCO]:
            use = u
            locos = cost - u
    return use, locos


@njit(cache=True, _nrt=False, inline="always")
def station_cost(ru, st, p):
    return ru[RULE_STATIONS] - st.stations_left[p] + 1


# --- legal actions ----------------------------------------------------------------
@njit(cache=True, _nrt=False)
def legal_actions(st, bd, ru, out):
    """Write every legal action of the seat to move into out; return the count.
    With nothing else legal, the only action is A_PASS (BASE-TRN-1)."""
    return legal_actions_of(st, bd, ru, out, ALL_KINDS, out.shape[0])


@njit(cache=True, _nrt=False)
def legal_kinds(st, bd, ru, out):
    """Bit mask of the action kinds that have at least one legal action."""
    kinds = 0
    for k in range(N_ACTION_KINDS):
        if legal_actions_of(st, bd, ru, out, 1 << k, 1) > 0:
            kinds |= 1 << k
    return kinds


@njit(cache=True, _nrt=False)
def legal_actions_of(st, bd, ru, out, kinds, limit):
    """The legal actions whose kind is in the bit mask `kinds`, at most `limit`
    of them (limit 1 answers "is any legal?" cheaply)."""
    sc = st.sc
    p = sc[SC_PLAYER]
    phase = sc[SC_PHASE]
    n = 0
    if phase == PH_OVER:
        return 0
    if phase == PH_SETUP_KEEP or phase == PH_KEEP_TICKETS:
        if (kinds >> A_KEEP_TICKETS) & 1 == 0:
            return 0
        k = sc[SC_N_OFFER]
        keep_min = ru[RULE_SETUP_KEEP_MIN] if phase == PH_SETUP_KEEP else ru[RULE_DRAW_KEEP_MIN]
        keep_min = min(keep_min, k)
        n_share = ru[RULE_SHARED_TICKETS_SETUP] if phase == PH_SETUP_KEEP else ru[RULE_SHARED_TICKETS_DRAW]
        if n_share > 0 and k > 0:  # TA-TKT-1/2
            return keep_actions(st, out, keep_min, n_share, limit)
        for mask in range(1, 1 << k):
            if popcount(mask) >= keep_min and n < limit:
                out[n] = make_action(A_KEEP_TICKETS, mask, 0)
                n += 1
        if k == 0:
            out[n] = make_action(A_KEEP_TICKETS, 0, 0)
            n += 1
        return n
    team = is_team_game(ru)
    if team:
        fill_purse(st, ru, p)  # TA-CRD-4, TA-TUN-2: hand and holder together
    if phase == PH_PLACE_CARD:  # TA-CRD-2: the blind card was seen; keep it or share it
        if (kinds >> A_PLACE_CARD) & 1:
            for dest in range(2):
                if n < limit:
                    out[n] = make_action(A_PLACE_CARD, 0, dest)
                    n += 1
        return n
    if phase == PH_TUNNEL:
        if (kinds >> A_TUNNEL_PAY) & 1:
            use, _ = surcharge_payment(st.purse if team else st.hand[p], sc[SC_PEND_COLOUR], sc[SC_PEND_SURCHARGE])
            if use >= 0:
                out[n] = make_action(A_TUNNEL_PAY, 0, 0)
                n += 1
        if (kinds >> A_TUNNEL_ABANDON) & 1 and n < limit:
            out[n] = make_action(A_TUNNEL_ABANDON, 0, 0)
            n += 1
        return n
    second = phase == PH_SECOND_DRAW
    if team:  # TA-CRD-2/3: where the card goes is part of the action
        n = team_draw_actions(st, ru, out, kinds, limit, second)
    if (kinds >> A_DRAW_MARKET) & 1 and not team:
        market = st.market
        for s in range(ru[RULE_MARKET_SIZE]):
            c = market[s]
            if c >= 0 and not (second and c == LOCO and ru[RULE_FACEUP_LOCO_WHOLE_DRAW] != 0) and n < limit:
                out[n] = make_action(A_DRAW_MARKET, s, 0)
                n += 1
    if (kinds >> A_DRAW_BLIND) & 1 and n < limit and cards_available(st) > 0 and not team:
        out[n] = make_action(A_DRAW_BLIND, 0, 0)
        n += 1
    if second:
        return n
    hand_p = st.purse if team else st.hand[p]
    if (kinds >> A_CLAIM) & 1:
        routes = bd.routes
        group_routes = bd.group_routes
        owner = st.owner
        closed = st.closed
        trains_p = st.trains[p]
        for r in range(routes.shape[0]):
            if n >= limit:
                break
            if route_open_to(owner, closed, trains_p, routes, group_routes, p, r):
                rc = routes[r, RT_COLOUR]
                for c in range(N_CARD_KINDS):
                    if rc != GRAY and c != rc and c != LOCO:
                        continue  # a coloured route takes its colour or locomotives only
                    use, _ = claim_payment(hand_p, routes, r, c)
                    if use >= 0 and n < limit:
                        out[n] = make_action(A_CLAIM, r, c)
                        n += 1
    if (kinds >> A_DRAW_TICKETS) & 1 and n < limit and sc[SC_TP_COUNT] > 0 and ru[RULE_DRAW_TICKETS] > 0:
        out[n] = make_action(A_DRAW_TICKETS, 0, 0)
        n += 1
    if (kinds >> A_BUILD_STATION) & 1 and st.stations_left[p] > 0:
        cost = station_cost(ru, st, p)
        city_station = st.city_station
        for c in range(N_CARD_KINDS):
            use, _ = station_payment(hand_p, c, cost)
            if use < 0:
                continue
            for city in range(city_station.shape[0]):
                if city_station[city] < 0 and n < limit:
                    out[n] = make_action(A_BUILD_STATION, city, c)
                    n += 1
    if (kinds >> A_SWAP_TICKETS) & 1 and n < limit and ru[RULE_SWAP_TICKETS] != 0 and ghost.can_swap(st, p):
        out[n] = make_action(A_SWAP_TICKETS, 0, 0)  # GT-TRN-3
        n += 1
    if team and (kinds >> A_SHARE_TICKETS) & 1:
        n = share_actions(st, ru, p, out, n, limit)  # TA-TKT-3
    if n == 0 and kinds == ALL_KINDS:
        out[0] = make_action(A_PASS, 0, 0)
        n = 1
    return n


@njit(cache=True, _nrt=False)
def team_draw_actions(st, ru, out, kinds, limit, second):
    """Team Asia card draws, b = DEST_HAND or DEST_HOLDER. First card: either
    place, except a face-up locomotive (the whole draw), which goes to the
    holder (TA-CRD-3); second card: the place the first did not take (TA-CRD-2)."""
    n = 0
    whole_rule = ru[RULE_FACEUP_LOCO_WHOLE_DRAW] != 0
    forced = DEST_HOLDER if st.sc[SC_FIRST_DEST] == DEST_HAND else DEST_HAND
    if (kinds >> A_DRAW_MARKET) & 1:
        market = st.market
        for s in range(ru[RULE_MARKET_SIZE]):
            c = market[s]
            if c < 0:
                continue
            whole = c == LOCO and whole_rule
            if second:
                if not whole and n < limit:
                    out[n] = make_action(A_DRAW_MARKET, s, forced)
                    n += 1
            elif whole:
                if n < limit:
                    out[n] = make_action(A_DRAW_MARKET, s, DEST_HOLDER)
                    n += 1
            else:
                for dest in range(2):
                    if n < limit:
                        out[n] = make_action(A_DRAW_MARKET, s, dest)
                        n += 1
    if (kinds >> A_DRAW_BLIND) & 1 and cards_available(st) > 0 and n < limit:
        # a blind first card is placed once seen (A_PLACE_CARD); the second goes where the first did not
        out[n] = make_action(A_DRAW_BLIND, 0, forced if second else DEST_HAND)
        n += 1
    return n


@njit(cache=True, _nrt=False, inline="always")
def popcount(x):
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


# --- step ---------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def step(st, bd, ru, action, ws):
    """Apply one legal action of the seat to move. Returns True when the game
    is over (then st.final holds the score components)."""
    sc = st.sc
    p = sc[SC_PLAYER]
    kind = action_kind(action)
    a = action_a(action)
    b = action_b(action)
    phase = sc[SC_PHASE]
    if kind != A_PASS and phase == PH_TURN:
        sc[SC_PASS_STREAK] = 0
    if kind == A_KEEP_TICKETS:
        if b != 0:
            share_offered(st, p, b)  # TA-TKT-1/2
        keep_offer(st, bd, ru, p, a, phase == PH_SETUP_KEEP)
        if phase == PH_SETUP_KEEP:
            if p + 1 < sc[SC_N_PLAYERS]:
                start_setup_keep(st, p + 1)
            else:
                sc[SC_PLAYER] = 0
                sc[SC_PHASE] = PH_TURN
            return False
    elif kind == A_DRAW_MARKET or kind == A_DRAW_BLIND:
        if kind == A_DRAW_MARKET:
            c = np.int64(st.market[a])
            st.market[a] = -1
            repl = draw_card(st)  # BASE-MKT-1: replaced at once
            if repl >= 0:
                st.market[a] = repl
            check_market_reset(st, ru)
        else:
            c = draw_card(st)
        if c >= 0:
            if is_team_game(ru) and kind == A_DRAW_BLIND and phase == PH_TURN:
                st.hand[p, c] += 1  # seen in the hand, placed by A_PLACE_CARD (TA-CRD-2)
                st.ps[p, PS_CARDS_DRAWN] += 1
                sc[SC_PEND_CARD] = c
                sc[SC_PHASE] = PH_PLACE_CARD
                return False
            if is_team_game(ru):  # TA-CRD-2/3
                receive_card(st, ru, p, c, b)
                sc[SC_FIRST_DEST] = b
            else:
                st.hand[p, c] += 1
            st.ps[p, PS_CARDS_DRAWN] += 1
        whole = kind == A_DRAW_MARKET and c == LOCO and ru[RULE_FACEUP_LOCO_WHOLE_DRAW] != 0  # BASE-MKT-2
        if phase == PH_TURN and not whole and ru[RULE_CARDS_PER_DRAW] > 1 and can_draw_second(st, ru):
            sc[SC_PHASE] = PH_SECOND_DRAW
            return False
    elif kind == A_CLAIM:
        if is_team_game(ru):
            fill_purse(st, ru, p)
            use, locos = claim_payment(st.purse, bd.routes, a, b)
        else:
            use, locos = claim_payment(st.hand[p], bd.routes, a, b)
        if bd.routes[a, RT_KIND] == KIND_TUNNEL:
            surcharge = start_tunnel(st, bd, ru, p, a, b, use, locos)
            if surcharge > 0:
                sc[SC_PHASE] = PH_TUNNEL
                return False
            finish_tunnel(st, bd, ru, p, True)
        else:
            if b != LOCO:
                take_cards(st, ru, p, b, use)  # TA-CRD-4: hand, then holder
                st.discard[b] += use  # BASE-CLM-4
            take_cards(st, ru, p, LOCO, locos)
            st.discard[LOCO] += locos
            place_route(st, bd, ru, p, a, b, locos)
    elif kind == A_TUNNEL_PAY or kind == A_TUNNEL_ABANDON:
        finish_tunnel(st, bd, ru, p, kind == A_TUNNEL_PAY)
    elif kind == A_DRAW_TICKETS:
        n = min(ru[RULE_DRAW_TICKETS], sc[SC_TP_COUNT], MAX_OFFER)
        for i in range(n):
            t = pop_ticket(st)
            st.offer[i] = t
            st.ticket_holder[t] = TH_OFFERED
        sc[SC_N_OFFER] = n
        sc[SC_OFFER_SETUP] = 0
        sc[SC_PHASE] = PH_KEEP_TICKETS
        return False
    elif kind == A_BUILD_STATION:
        cost = station_cost(ru, st, p)
        use, locos = station_payment(st.hand[p], b, cost)
        if b != LOCO:
            st.hand[p, b] -= use
            st.discard[b] += use
        st.hand[p, LOCO] -= locos
        st.discard[LOCO] += locos
        st.station_city[p, ru[RULE_STATIONS] - st.stations_left[p]] = a
        st.stations_left[p] -= 1
        st.city_station[a] = p
        st.ps[p, PS_STATIONS_BUILT] += 1
        sc[SC_BOARD_VERSION] += 1
    elif kind == A_SWAP_TICKETS:
        ghost.swap_tickets(st, p)
    elif kind == A_PLACE_CARD:
        c = sc[SC_PEND_CARD]
        if b == DEST_HOLDER:
            st.hand[p, c] -= 1
            receive_card(st, ru, p, c, DEST_HOLDER)
        sc[SC_FIRST_DEST] = b
        if ru[RULE_CARDS_PER_DRAW] > 1 and can_draw_second(st, ru):
            sc[SC_PHASE] = PH_SECOND_DRAW
            return False
    elif kind == A_SHARE_TICKETS:
        share_tickets(st, p, a, b)  # TA-TKT-3
        st.ps[p, PS_SHARE_ACTIONS] += 1
    else:  # A_PASS
        st.ps[p, PS_PASSES] += 1
        sc[SC_PASS_STREAK] += 1
    return end_turn(st, bd, ru, ws)


@njit(cache=True, _nrt=False)
def keep_offer(st, bd, ru, p, mask, setup):
    sc = st.sc
    kept = 0
    for i in range(sc[SC_N_OFFER]):
        t = st.offer[i]
        if (mask >> i) & 1:
            st.ticket_holder[t] = p
            st.ticket_kept_turn[t] = -1 if setup else sc[SC_TURN]
            kept += 1
        elif setup and ru[RULE_UNKEPT_SETUP_TO_BOX] != 0:
            st.ticket_holder[t] = TH_BOX  # EU-SET-2
        else:
            ticket_to_bottom(st, t)  # BASE-SET-2, BASE-TKT-1
        st.offer[i] = -1
    sc[SC_N_OFFER] = 0
    if not setup:
        st.ps[p, PS_TICKETS_DRAWN_MIDGAME] += kept
    mark_completed_tickets(st, bd, p)


@njit(cache=True, _nrt=False)
def end_turn(st, bd, ru, ws):
    """End of a turn: refill the market (BASE-MKT-5), the end trigger
    (BASE-END-1) and the stalled-game guards (BASE-END-2)."""
    sc = st.sc
    p = sc[SC_PLAYER]
    n = sc[SC_N_PLAYERS]
    fill_market(st, ru)
    # Ghost Train: completed tickets, bonuses and the win (GT-TKT-1/2, GT-BON-1/2, GT-END-1)
    now = ghost.settle(st, bd, ru, p) if ru[RULE_WIN_TICKETS] > 0 else END_NONE
    if now == END_NONE and ru[RULE_END_IMMEDIATE] != 0 and st.trains[p] <= ru[RULE_END_TRAINS]:
        now = END_TRAINS  # GT-END-2: the last wagon ends the game at once
    st.ps[p, PS_TURNS] += 1
    sc[SC_TURN] += 1
    if now != END_NONE:
        return game_over(st, bd, ru, ws, now)
    if sc[SC_END_COUNTDOWN] >= 0:
        sc[SC_END_COUNTDOWN] -= 1
        if sc[SC_END_COUNTDOWN] == 0:
            return game_over(st, bd, ru, ws, END_TRAINS)
    elif team_trains(st, ru, p) <= ru[RULE_END_TRAINS]:  # BASE-END-1, TA-END-1
        sc[SC_END_COUNTDOWN] = n  # every player, this one included, one more turn
    if sc[SC_PASS_STREAK] >= n:
        return game_over(st, bd, ru, ws, END_NO_ACTIONS)
    if sc[SC_TURN] >= ru[RULE_TURN_CAP]:
        return game_over(st, bd, ru, ws, END_TURN_CAP)
    sc[SC_PLAYER] = (p + 1) % n
    sc[SC_PHASE] = PH_TURN
    return False


@njit(cache=True, _nrt=False)
def game_over(st, bd, ru, ws, reason):
    st.sc[SC_PHASE] = PH_OVER
    st.sc[SC_END_REASON] = reason
    if ru[RULE_WIN_TICKETS] > 0:
        ghost.score(st, bd, ru, ws)  # no points: completed tickets (Ghost Train)
    else:
        score_game(st, bd, ru, ws)
    return True


# Variant modules that call back into this one are imported last (their hooks
# above resolve when first compiled).
from kernels import ghost  # noqa: E402
