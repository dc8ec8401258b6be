"""A game's state: allocating it (once per worker) and dealing a new game
into it. The state is one GAME_STATE record (kernels/layouts/records.py): a kernel
takes it as one pointer, and copy_state is one memory copy. All randomness
of a game comes from its own stream in st.rng, seeded here; bots draw from
their own streams, so the deal and every shuffle are the same whatever the
bots do (common random numbers across bots and variants)."""

import numpy as np
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

from kernels import layouts as L
from kernels.core.cards import draw_card, fill_market
from kernels.core.events import log_cards, log_ticket
from kernels.core.tickets import pop_ticket
from kernels.graph import uf_reset
from kernels.prng import shuffle_int8, shuffle_int16


@njit(cache=True)
def new_state(bd, ru, n_players):
    """Allocate a game state for this board and rule set (once per worker):
    a one-element array of the GAME_STATE record. Kernels take the record,
    `st = new_state(...)[0]`, which points into the array: keep the array
    alive (used after the record's last use) while the record is in use.
    From Python, analyzer.records.state_record(new_state(...)) gives the
    record with attribute access (st.hand[p, k]), a view of the same memory."""
    state = np.zeros(1, L.GAME_STATE)
    st = state[0]
    sc = st.sc
    sc[L.SC_N_PLAYERS] = n_players
    set_sizes(st, bd)
    reset_state(st)
    return state


@njit(cache=True, _nrt=False)
def set_sizes(st, bd):
    """The board's sizes into sc: the fields are sized by the MAX_* bounds."""
    sc = st.sc
    sc[L.SC_N_ROUTES] = bd.n_routes
    sc[L.SC_N_TICKETS] = bd.n_tickets
    sc[L.SC_N_CITIES] = bd.n_cities
    sc[L.SC_N_WORDS] = bd.n_words


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
    st.ticket_holder[:] = L.TH_PILE
    st.ticket_kept_turn[:] = -1
    st.ticket_done_turn[:] = -1
    st.offer[:] = -1
    st.setup_offer[:, :] = -1
    st.claim_colour[:] = -1
    st.ticket_option[:] = -1


@intrinsic
def _copy_record_bytes(typingctx, dst, src, nbytes):
    """memcpy(dst, src, nbytes) between two records (a record is a pointer)."""
    def codegen(context, builder, sig, args):
        cgutils.raw_memcpy(builder, args[0], args[1], args[2], 1)
        return context.get_dummy_value()
    return types.void(dst, src, nbytes), codegen


@njit(cache=True, _nrt=False)
def copy_state(dst, src):
    """dst <- src: one memory copy of every field but the tunnel log (the
    first STATE_COPY_BYTES of the GAME_STATE record; both records from
    new_state, dst for the same board, rules and players or to be
    overwritten whole)."""
    _copy_record_bytes(dst, src, np.int64(L.STATE_COPY_BYTES))


@njit(cache=True, _nrt=False)
def init_game(st, bd, ru, n_players, seed):
    """Reset st to a fresh game: shuffle, deal hands, market and setup tickets
    (BASE-SET-1, BASE-SET-2, EU-SET-2). Seat 0 plays first (BASE-SET-3)."""
    sc = st.sc
    sc[:] = 0
    sc[L.SC_N_PLAYERS] = n_players
    set_sizes(st, bd)
    sc[L.SC_END_COUNTDOWN] = -1
    sc[L.SC_END_REASON] = L.END_NONE
    sc[L.SC_GT_SPECIAL_LEFT] = ru[L.RULE_SPECIAL_TICKETS]  # GT-CMP-3
    st.rng[0] = seed
    _clear_game(st, bd, ru)
    _deal_cards(st, bd, ru, n_players)
    _deal_tickets(st, bd, ru, n_players)
    start_setup_keep(st, np.int64(0))


@njit(cache=True, _nrt=False)
def _clear_game(st, bd, ru):
    """Every field of a game to its value before the deal."""
    st.discard[:] = 0
    st.market[:] = -1
    st.hand[:, :] = 0
    st.holder[:, :] = 0
    st.seen_in_hand[:, :] = 0
    st.laid[:] = 0
    st.revealed[:] = -1
    st.trains[:] = ru[L.RULE_TRAINS]
    st.stations_left[:] = ru[L.RULE_STATIONS]
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
    for k in range(st.sc[L.SC_N_WORDS]):
        st.open_bits[k] = bd.route_bits[L.BITS_COLOUR + L.LOCO, k]  # every route
    st.blocked_bits[:, :] = 0
    st.setup_offer[:, :] = -1
    st.offer[:] = -1


@njit(cache=True, _nrt=False)
def _deal_cards(st, bd, ru, n_players):
    """The train cards shuffled into the pile, each hand dealt, the market laid
    out (BASE-SET-1); each seat's network starts empty."""
    n = np.int64(0)
    for k in range(L.N_CARD_KINDS):
        for _ in range(bd.deck[k]):
            st.pile[n] = k
            n += 1
    shuffle_int8(st.rng[:], st.pile[:], n)  # arrays: one signature with the bots' calls
    st.sc[L.SC_N_PILE] = n
    for p in range(n_players):
        uf_reset(st.uf[p])
        for _ in range(ru[L.RULE_HAND_SIZE]):
            c = draw_card(st)
            if c >= 0:
                st.hand[p, c] += 1
                log_cards(st, np.int64(L.EK_DEAL), np.int64(p), c, np.int64(1), np.int64(-1))
    fill_market(st, ru)


@njit(cache=True, _nrt=False)
def _deal_tickets(st, bd, ru, n_players):
    """The tickets shuffled into their piles (long ones apart when the rules
    deal them apart) and each seat's setup offer dealt (BASE-SET-2, EU-SET-2)."""
    sc = st.sc
    n_tickets = sc[L.SC_N_TICKETS]
    separate_long = ru[L.RULE_SETUP_TICKETS_LONG] > 0
    n_reg = np.int64(0)
    n_long = np.int64(0)
    for t in range(n_tickets):
        st.ticket_kept_turn[t] = -1
        st.ticket_done_turn[t] = -1
        if separate_long and bd.tickets[t, L.TK_LONG] == 1:
            st.long_pile[n_long] = t
            st.ticket_holder[t] = L.TH_LONG_PILE
            n_long += 1
        else:
            st.ticket_pile[n_reg] = t
            st.ticket_holder[t] = L.TH_PILE
            n_reg += 1
    shuffle_int16(st.rng[:], st.ticket_pile[:], n_reg)
    shuffle_int16(st.rng[:], st.long_pile[:], n_long)
    sc[L.SC_TP_HEAD] = 0
    sc[L.SC_TP_COUNT] = n_reg
    sc[L.SC_LP_COUNT] = n_long
    for p in range(n_players):
        k = 0
        for _ in range(ru[L.RULE_SETUP_TICKETS_LONG]):
            if sc[L.SC_LP_COUNT] > 0:
                sc[L.SC_LP_COUNT] -= 1
                t = st.long_pile[sc[L.SC_LP_COUNT]]
                st.setup_offer[p, k] = t
                st.ticket_holder[t] = L.TH_OFFERED
                log_ticket(st, np.int64(L.EK_SETUP_OFFER), np.int64(p), np.int64(t), np.int64(k), np.int64(0))
                k += 1
        for _ in range(ru[L.RULE_SETUP_TICKETS_REGULAR]):
            t = pop_ticket(st)
            if t >= 0:
                st.setup_offer[p, k] = t
                st.ticket_holder[t] = L.TH_OFFERED
                log_ticket(st, np.int64(L.EK_SETUP_OFFER), np.int64(p), t, np.int64(k), np.int64(0))
                k += 1
    # long tickets nobody was dealt leave the game (EU-SET-2; LA-TKT-2 by assumption LA-TKT-2a)
    for i in range(sc[L.SC_LP_COUNT]):
        st.ticket_holder[st.long_pile[i]] = L.TH_BOX
        log_ticket(st, np.int64(L.EK_TICKET_BOX), np.int64(-1), np.int64(st.long_pile[i]), np.int64(-1), np.int64(0))
    sc[L.SC_LP_COUNT] = 0


@njit(cache=True, _nrt=False)
def start_setup_keep(st, p):
    """Seat p decides on its setup deal (BASE-SET-2)."""
    sc = st.sc
    sc[L.SC_PLAYER] = p
    sc[L.SC_PHASE] = L.PH_SETUP_KEEP
    sc[L.SC_OFFER_SETUP] = 1
    n = 0
    for i in range(L.MAX_OFFER):
        t = st.setup_offer[p, i]
        st.offer[i] = t
        if t >= 0:
            n += 1
    sc[L.SC_N_OFFER] = n
