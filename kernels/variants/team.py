"""Team Asia beside the core (TA-*): where a drawn card goes (the hand or the
team's holder, TA-CRD-2/3) and sharing hidden tickets as a turn (TA-TKT-3).
Everything else a team does is the core's general rule with teams of two:
paying from hand and holder, one network per team, lanes, the team trigger
and team scoring. Called only from kernels/engine.py when the rule family is
FAMILY_TEAMS; reads the team's holder, never the teammate's hand."""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.core.actions import make_action
from kernels.core.cards import cards_available, receive_card
from kernels.core.events import log_ticket


# --- cards (TA-CRD-2/3) -------------------------------------------------------------
@njit(cache=True, _nrt=False)
def draw_actions(st, ru, out, kinds, limit, second):
    """Card draws with b = DEST_HAND or DEST_HOLDER. First card: either
    place, except a face-up locomotive (the whole draw), which goes to the
    holder (TA-CRD-3); second card: the place the first did not take (TA-CRD-2).
    A blind first card is placed once seen (place_actions)."""
    n = 0
    whole_rule = ru[L.RULE_FACEUP_LOCO_WHOLE_DRAW] != 0
    forced = L.DEST_HOLDER if st.sc[L.SC_FIRST_DEST] == L.DEST_HAND else L.DEST_HAND
    if (kinds >> L.A_DRAW_MARKET) & 1:
        market = st.market
        for s in range(ru[L.RULE_MARKET_SIZE]):
            c = market[s]
            if c < 0:
                continue
            whole = c == L.LOCO and whole_rule
            if second:
                if not whole and n < limit:
                    out[n] = make_action(L.A_DRAW_MARKET, s, forced)
                    n += 1
            elif whole:
                if n < limit:
                    out[n] = make_action(L.A_DRAW_MARKET, s, L.DEST_HOLDER)
                    n += 1
            else:
                for dest in range(2):
                    if n < limit:
                        out[n] = make_action(L.A_DRAW_MARKET, s, dest)
                        n += 1
    if (kinds >> L.A_DRAW_BLIND) & 1 and cards_available(st) > 0 and n < limit:
        out[n] = make_action(L.A_DRAW_BLIND, 0, forced if second else L.DEST_HAND)
        n += 1
    return n


@njit(cache=True, _nrt=False)
def place_actions(out, kinds, limit):
    """TA-CRD-2: the blind first card was seen; keep it or put it in the holder."""
    n = 0
    if (kinds >> L.A_PLACE_CARD) & 1:
        for dest in range(2):
            if n < limit:
                out[n] = make_action(L.A_PLACE_CARD, 0, dest)
                n += 1
    return n


@njit(cache=True, _nrt=False)
def receive_drawn_card(st, ru, p, c, blind_first, dest):
    """A drawn card c: a blind first card is seen in the hand and waits for
    A_PLACE_CARD (returns True); any other goes where the action says."""
    if blind_first:
        st.hand[p, c] += 1
        st.ps[p, L.PS_CARDS_DRAWN] += 1
        st.sc[L.SC_PEND_CARD] = c
        st.sc[L.SC_PHASE] = L.PH_PLACE_CARD
        return True
    receive_card(st, ru, p, c, dest)
    st.sc[L.SC_FIRST_DEST] = dest
    st.ps[p, L.PS_CARDS_DRAWN] += 1
    return False


@njit(cache=True, _nrt=False)
def place_card(st, ru, p, dest):
    """The blind card waiting in p's hand stays there or goes to the holder."""
    if dest == L.DEST_HOLDER:
        c = st.sc[L.SC_PEND_CARD]
        st.hand[p, c] -= 1
        receive_card(st, ru, p, c, np.int64(L.DEST_HOLDER))
    st.sc[L.SC_FIRST_DEST] = dest


# --- tickets (TA-TKT-3) -------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def share_actions(st, p, out, n, limit):
    """Move one or two of p's hidden tickets into the shared holder."""
    holder = st.ticket_holder
    shared = st.ticket_shared
    for t in range(st.sc[L.SC_N_TICKETS]):
        if holder[t] != p or shared[t] != 0:
            continue
        if n < limit:
            out[n] = make_action(L.A_SHARE_TICKETS, t, 0)
            n += 1
        for t2 in range(t + 1, st.sc[L.SC_N_TICKETS]):
            if holder[t2] == p and shared[t2] == 0 and n < limit and t2 < 255:
                out[n] = make_action(L.A_SHARE_TICKETS, t, t2 + 1)
                n += 1
    return n


@njit(cache=True, _nrt=False)
def share_tickets(st, p, t1, t2_plus_1):
    st.ticket_shared[t1] = 1
    st.ps[p, L.PS_TICKETS_SHARED] += 1
    log_ticket(st, np.int64(L.EK_TICKET_SHARE), p, np.int64(t1), np.int64(-1), np.int64(1))
    if t2_plus_1 > 0:
        st.ticket_shared[t2_plus_1 - 1] = 1
        st.ps[p, L.PS_TICKETS_SHARED] += 1
        log_ticket(st, np.int64(L.EK_TICKET_SHARE), p, np.int64(t2_plus_1 - 1), np.int64(-1), np.int64(1))
    st.ps[p, L.PS_SHARE_ACTIONS] += 1
