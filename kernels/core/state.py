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
    BITS_COLOUR,
    END_NONE,
    FN_FIELDS,
    LOCO,
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


# Every field of the state but the tunnel log is a view of one byte buffer
# (st.buf), each at an 8-byte-aligned offset: copying a game (copy_state, for
# a search player's rollouts) is one memory copy.
@njit(cache=True, _nrt=False, inline="always")
def _aligned(n):
    return (n + 7) // 8 * 8


@njit(cache=True)
def new_state(bd, ru, n_players):
    """Allocate a game state for this board and rule set (once per worker)."""
    n_routes = bd.routes.shape[0]
    n_tickets = bd.tickets.shape[0]
    n_cities = bd.adj_start.shape[0] - 1
    words = bd.route_bits.shape[1]
    deck_size = 0
    for k in range(N_CARD_KINDS):
        deck_size += bd.deck[k]
    market = max(ru[RULE_MARKET_SIZE], 1)
    sizes = np.array([
        SC_FIELDS * 8, 8, deck_size, N_CARD_KINDS * 4, market, n_players * N_CARD_KINDS * 4,
        n_players * N_CARD_KINDS * 4, N_CARD_KINDS * 4, MAX_REVEAL, n_players * 4, n_players * 4, n_players * 4,
        n_players * PS_FIELDS * 4, n_routes * 2, n_routes, n_routes * 4, n_players * MAX_STATIONS * 2, n_cities * 2,
        n_tickets * 2, n_tickets * 2, n_tickets * 2, n_tickets * 4, n_tickets * 4, MAX_OFFER * 2,
        n_players * n_cities * 2, n_players * MAX_OFFER * 2, n_routes, n_routes, n_players * FN_FIELDS * 4,
        n_tickets, N_CARD_KINDS * 4, N_CARD_KINDS * 4, n_tickets, n_tickets, n_tickets * 4, words * 8,
        n_players * words * 8,
        N_CARD_KINDS * words * 8], np.int64)
    offsets = np.zeros(sizes.shape[0] + 1, np.int64)
    for i in range(sizes.shape[0]):
        offsets[i + 1] = offsets[i] + _aligned(sizes[i])
    buf = np.zeros(offsets[-1], np.uint8)
    o = offsets
    st = GameState(
        buf[o[0]:o[1]].view(np.int64),
        buf[o[1]:o[2]].view(np.uint64),
        buf[o[2]:o[2] + deck_size].view(np.int8),
        buf[o[3]:o[3] + sizes[3]].view(np.int32),
        buf[o[4]:o[4] + market].view(np.int8),
        buf[o[5]:o[5] + sizes[5]].view(np.int32).reshape((n_players, N_CARD_KINDS)),
        buf[o[6]:o[6] + sizes[6]].view(np.int32).reshape((n_players, N_CARD_KINDS)),
        buf[o[7]:o[7] + sizes[7]].view(np.int32),
        buf[o[8]:o[8] + MAX_REVEAL].view(np.int8),
        buf[o[9]:o[9] + sizes[9]].view(np.int32),
        buf[o[10]:o[10] + sizes[10]].view(np.int32),
        buf[o[11]:o[11] + sizes[11]].view(np.int32),
        buf[o[12]:o[12] + sizes[12]].view(np.int32).reshape((n_players, PS_FIELDS)),
        buf[o[13]:o[13] + sizes[13]].view(np.int16),
        buf[o[14]:o[14] + n_routes].view(np.int8),
        buf[o[15]:o[15] + sizes[15]].view(np.int32),
        buf[o[16]:o[16] + sizes[16]].view(np.int16).reshape((n_players, MAX_STATIONS)),
        buf[o[17]:o[17] + sizes[17]].view(np.int16),
        buf[o[18]:o[18] + sizes[18]].view(np.int16),
        buf[o[19]:o[19] + sizes[19]].view(np.int16),
        buf[o[20]:o[20] + sizes[20]].view(np.int16),
        buf[o[21]:o[21] + sizes[21]].view(np.int32),
        buf[o[22]:o[22] + sizes[22]].view(np.int32),
        buf[o[23]:o[23] + sizes[23]].view(np.int16),
        buf[o[24]:o[24] + sizes[24]].view(np.int16).reshape((n_players, n_cities)),
        buf[o[25]:o[25] + sizes[25]].view(np.int16).reshape((n_players, MAX_OFFER)),
        buf[o[26]:o[26] + n_routes].view(np.int8),
        buf[o[27]:o[27] + n_routes].view(np.int8),
        np.zeros((ru[RULE_TURN_CAP] + 1, TL_FIELDS), np.int32),  # a log, not state: kept out of buf
        buf[o[28]:o[28] + sizes[28]].view(np.int32).reshape((n_players, FN_FIELDS)),
        buf[o[29]:o[29] + n_tickets].view(np.int8),
        buf[o[30]:o[30] + sizes[30]].view(np.int32),
        buf[o[31]:o[31] + sizes[31]].view(np.int32),
        buf[o[32]:o[32] + n_tickets].view(np.int8),
        buf[o[33]:o[33] + n_tickets].view(np.int8),
        buf[o[34]:o[34] + sizes[34]].view(np.int32),
        buf[o[35]:o[35] + sizes[35]].view(np.uint64),
        buf[o[36]:o[36] + sizes[36]].view(np.uint64).reshape((n_players, words)),
        buf[o[37]:o[37] + sizes[37]].view(np.uint64).reshape((N_CARD_KINDS, words)),
        buf,
    )
    reset_state(st)
    return st


@njit(cache=True, _nrt=False)
def reset_state(st):
    """The fill values of a fresh allocation (init_game sets the rest)."""
    st.market[:] = -1
    st.revealed[:] = -1
    st.owner[:] = -1
    st.claim_turn[:] = -1
    st.station_city[:, :] = -1
    st.city_station[:] = -1
    st.ticket_pile[:] = -1
    st.long_pile[:] = -1
    st.ticket_holder[:] = TH_PILE
    st.ticket_kept_turn[:] = -1
    st.ticket_done_turn[:] = -1
    st.offer[:] = -1
    st.setup_offer[:, :] = -1
    st.claim_colour[:] = -1
    st.ticket_option[:] = -1


@njit(cache=True, _nrt=False)
def copy_state(dst, src):
    """dst <- src: one memory copy of every field but the tunnel log (both
    allocated by new_state for the same board, rules and players)."""
    d = dst.buf
    s = src.buf
    for i in range(d.shape[0]):  # LLVM makes this loop a memcpy
        d[i] = s[i]


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
    for k in range(st.open_bits.shape[0]):
        st.open_bits[k] = bd.route_bits[BITS_COLOUR + LOCO, k]  # every route
    st.blocked_bits[:, :] = 0
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
