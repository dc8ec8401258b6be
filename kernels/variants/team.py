"""Team Asia beside the core (TA-*): where a drawn card goes (the hand or the
team's holder, TA-CRD-2/3) and sharing hidden tickets as a turn (TA-TKT-3).
Everything else a team does is the core's general rule with teams of two:
paying from hand and holder, one network per team, lanes, the team trigger
and team scoring. Called only from kernels/engine.py when the rule family is
FAMILY_TEAMS; reads the team's holder, never the teammate's hand."""

import numpy as np
from numba import njit

from kernels.core.actions import make_action
from kernels.core.cards import cards_available, receive_card
from kernels.layouts import (
    A_DRAW_BLIND,
    A_DRAW_MARKET,
    A_PLACE_CARD,
    A_SHARE_TICKETS,
    DEST_HAND,
    DEST_HOLDER,
    LOCO,
    PH_PLACE_CARD,
    PS_CARDS_DRAWN,
    PS_SHARE_ACTIONS,
    PS_TICKETS_SHARED,
    RULE_FACEUP_LOCO_WHOLE_DRAW,
    RULE_MARKET_SIZE,
    SC_FIRST_DEST,
    SC_N_TICKETS,
    SC_PEND_CARD,
    SC_PHASE,
)


# --- cards (TA-CRD-2/3) -------------------------------------------------------------
@njit(cache=True, _nrt=False)
def draw_actions(st, ru, out, kinds, limit, second):
    """Card draws with b = DEST_HAND or DEST_HOLDER. First card: either
    place, except a face-up locomotive (the whole draw), which goes to the
    holder (TA-CRD-3); second card: the place the first did not take (TA-CRD-2).
    A blind first card is placed once seen (place_actions)."""
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
        out[n] = make_action(A_DRAW_BLIND, 0, forced if second else DEST_HAND)
        n += 1
    return n


@njit(cache=True, _nrt=False)
def place_actions(out, kinds, limit):
    """TA-CRD-2: the blind first card was seen; keep it or put it in the holder."""
    n = 0
    if (kinds >> A_PLACE_CARD) & 1:
        for dest in range(2):
            if n < limit:
                out[n] = make_action(A_PLACE_CARD, 0, dest)
                n += 1
    return n


@njit(cache=True, _nrt=False)
def receive_drawn_card(st, ru, p, c, blind_first, dest):
    """A drawn card c: a blind first card is seen in the hand and waits for
    A_PLACE_CARD (returns True); any other goes where the action says."""
    if blind_first:
        st.hand[p, c] += 1
        st.ps[p, PS_CARDS_DRAWN] += 1
        st.sc[SC_PEND_CARD] = c
        st.sc[SC_PHASE] = PH_PLACE_CARD
        return True
    receive_card(st, ru, p, c, dest)
    st.sc[SC_FIRST_DEST] = dest
    st.ps[p, PS_CARDS_DRAWN] += 1
    return False


@njit(cache=True, _nrt=False)
def place_card(st, ru, p, dest):
    """The blind card waiting in p's hand stays there or goes to the holder."""
    if dest == DEST_HOLDER:
        c = st.sc[SC_PEND_CARD]
        st.hand[p, c] -= 1
        receive_card(st, ru, p, c, np.int64(DEST_HOLDER))
    st.sc[SC_FIRST_DEST] = dest


# --- tickets (TA-TKT-3) -------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def share_actions(st, p, out, n, limit):
    """Move one or two of p's hidden tickets into the shared holder."""
    holder = st.ticket_holder
    shared = st.ticket_shared
    for t in range(st.sc[SC_N_TICKETS]):
        if holder[t] != p or shared[t] != 0:
            continue
        if n < limit:
            out[n] = make_action(A_SHARE_TICKETS, t, 0)
            n += 1
        for t2 in range(t + 1, st.sc[SC_N_TICKETS]):
            if holder[t2] == p and shared[t2] == 0 and n < limit and t2 < 255:
                out[n] = make_action(A_SHARE_TICKETS, t, t2 + 1)
                n += 1
    return n


@njit(cache=True, _nrt=False)
def share_tickets(st, p, t1, t2_plus_1):
    st.ticket_shared[t1] = 1
    st.ps[p, PS_TICKETS_SHARED] += 1
    if t2_plus_1 > 0:
        st.ticket_shared[t2_plus_1 - 1] = 1
        st.ps[p, PS_TICKETS_SHARED] += 1
    st.ps[p, PS_SHARE_ACTIONS] += 1
