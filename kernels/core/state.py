"""A game's state: allocating it (once per worker) and dealing a new game
into it. All randomness of a game comes from its own stream in st.rng, seeded
here; bots draw from their own streams, so the deal and every shuffle are the
same whatever the bots do (common random numbers across bots and variants)."""

import numpy as np
from numba import njit

from kernels.core.cards import draw_card, fill_market
from kernels.core.tickets import pop_ticket
from kernels.graph import uf_reset
from kernels.layouts import (
    END_NONE,
    FN_FIELDS,
    MAX_OFFER,
    MAX_REVEAL,
    MAX_STATIONS,
    N_CARD_KINDS,
    PH_SETUP_KEEP,
    PS_FIELDS,
    RULE_HAND_SIZE,
    RULE_MARKET_SIZE,
    RULE_SETUP_TICKETS_LONG,
    RULE_SETUP_TICKETS_REGULAR,
    RULE_SPECIAL_TICKETS,
    RULE_STATIONS,
    RULE_TRAINS,
    RULE_TURN_CAP,
    SC_END_COUNTDOWN,
    SC_END_REASON,
    SC_FIELDS,
    SC_GT_SPECIAL_LEFT,
    SC_LP_COUNT,
    SC_N_OFFER,
    SC_N_PILE,
    SC_N_PLAYERS,
    SC_OFFER_SETUP,
    SC_PHASE,
    SC_PLAYER,
    SC_TP_COUNT,
    SC_TP_HEAD,
    TH_BOX,
    TH_LONG_PILE,
    TH_OFFERED,
    TH_PILE,
    TK_LONG,
    TL_FIELDS,
    GameState,
)
from kernels.prng import shuffle_int8, shuffle_int16


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
        np.full(n_tickets, -1, np.int8),
        np.zeros(n_tickets, np.int32),
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
    n = np.int64(0)
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
    st.ticket_option[:] = -1
    st.ticket_points[:] = 0
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
    n_reg = np.int64(0)
    n_long = np.int64(0)
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
    # long tickets nobody was dealt leave the game (EU-SET-2; LA-TKT-2 by assumption LA-TKT-2a)
    for i in range(sc[SC_LP_COUNT]):
        st.ticket_holder[st.long_pile[i]] = TH_BOX
    sc[SC_LP_COUNT] = 0
    st.offer[:] = -1
    start_setup_keep(st, np.int64(0))


@njit(cache=True, _nrt=False)
def start_setup_keep(st, p):
    """Seat p decides on its setup deal (BASE-SET-2)."""
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
