"""Train cards: the draw pile and its reshuffle, the face-up market, and what a
seat may pay with (its hand plus its team's holder, empty for a team of one)."""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.core.events import log_cards, log_payment
from kernels.core.seats import team_of
from kernels.prng import shuffle_int8


# --- the draw pile ---------------------------------------------------------------
@njit(cache=True, _nrt=False)
def reshuffle(st):
    """BASE-MKT-4: the discard pile becomes the new draw pile."""
    n = st.sc[L.SC_N_PILE]
    moved = 0
    for k in range(L.N_CARD_KINDS):
        if st.discard[k] > 0:
            log_cards(st, np.int64(L.EK_RESHUFFLE), st.sc[L.SC_PLAYER], np.int64(k), np.int64(st.discard[k]),
                      np.int64(-1))
        for _ in range(st.discard[k]):
            st.pile[n] = k
            n += 1
            moved += 1
        st.discard[k] = 0
    if moved > 0:
        shuffle_int8(st.rng[:], st.pile[:], n)  # arrays: one signature with the bots' calls
        st.sc[L.SC_RESHUFFLES] += 1
    st.sc[L.SC_N_PILE] = n


@njit(cache=True, _nrt=False)
def draw_card(st):
    """Top card of the draw pile (reshuffling the discard when empty), or -1."""
    sc = st.sc
    if sc[L.SC_N_PILE] == 0:
        reshuffle(st)
        if sc[L.SC_N_PILE] == 0:
            return np.int64(-1)
    n = sc[L.SC_N_PILE] - 1
    sc[L.SC_N_PILE] = n
    return np.int64(st.pile[n])


# Hot helpers bind record fields to locals first: LLVM can then keep them
# in registers.
@njit(cache=True, _nrt=False)
def cards_available(st):
    discard = st.discard
    n = st.sc[L.SC_N_PILE]
    for k in range(L.N_CARD_KINDS):
        n += discard[k]
    return n


# --- the market ---------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def market_locos(st, ru):
    market = st.market
    n = 0
    for s in range(ru[L.RULE_MARKET_SIZE]):
        if market[s] == L.LOCO:
            n += 1
    return n


# Inlined into every refill and market draw: most of them find fewer face-up
# locomotives than the threshold, and then the test costs less than a call.
@njit(cache=True, _nrt=False, inline="always")
def check_market_reset(st, ru):
    """BASE-MKT-3: 3+ face-up locomotives -> discard the market and deal 5 new,
    repeatedly (reset_market)."""
    threshold = ru[L.RULE_LOCO_RESET]
    market = st.market
    locos = 0
    for s in range(ru[L.RULE_MARKET_SIZE]):
        if market[s] == L.LOCO:
            locos += 1
    if threshold > 0 and locos >= threshold:  # (no market: no locomotives)
        reset_market(st, ru)


@njit(cache=True, _nrt=False)
def reset_market(st, ru):
    """check_market_reset's resets; guarded: stop when the cards left cannot
    make a market with fewer locomotives (or after 100 tries, which needs
    astronomically bad luck)."""
    threshold = ru[L.RULE_LOCO_RESET]
    size = ru[L.RULE_MARKET_SIZE]
    market = st.market
    discard = st.discard
    pile = st.pile
    tries = 0
    while market_locos(st, ru) >= threshold and tries < 100:
        others = 0
        for k in range(L.LOCO):
            others += discard[k]
        for i in range(st.sc[L.SC_N_PILE]):
            if pile[i] != L.LOCO:
                others += 1
        for s in range(size):
            if market[s] >= 0 and market[s] != L.LOCO:
                others += 1
        if others < size - threshold + 1:
            return
        for s in range(size):
            if market[s] >= 0:
                log_cards(st, np.int64(L.EK_MARKET_RESET), st.sc[L.SC_PLAYER], np.int64(market[s]), np.int64(1),
                          np.int64(s))
                discard[market[s]] += 1
                market[s] = -1
        for s in range(size):
            c = draw_card(st)
            if c < 0:
                break
            market[s] = c
            log_cards(st, np.int64(L.EK_MARKET_FILL), st.sc[L.SC_PLAYER], c, np.int64(1), np.int64(s))
        st.sc[L.SC_MARKET_RESETS] += 1
        tries += 1


@njit(cache=True, _nrt=False)
def fill_market(st, ru):
    """BASE-MKT-5: refill every empty slot (end of turn, and setup)."""
    market = st.market
    for s in range(ru[L.RULE_MARKET_SIZE]):
        if market[s] < 0:
            c = draw_card(st)
            if c < 0:
                break
            market[s] = c
            log_cards(st, np.int64(L.EK_MARKET_FILL), st.sc[L.SC_PLAYER], c, np.int64(1), np.int64(s))
    check_market_reset(st, ru)


@njit(cache=True, _nrt=False)
def take_from_market(st, ru, slot):
    """BASE-MKT-1: the face-up card of `slot`, replaced at once."""
    c = np.int64(st.market[slot])
    st.market[slot] = -1
    log_cards(st, np.int64(L.EK_MARKET_DRAW), st.sc[L.SC_PLAYER], c, np.int64(1), slot)
    repl = draw_card(st)
    if repl >= 0:
        st.market[slot] = repl
        log_cards(st, np.int64(L.EK_MARKET_FILL), st.sc[L.SC_PLAYER], repl, np.int64(1), slot)
    check_market_reset(st, ru)
    return c


@njit(cache=True, _nrt=False)
def can_draw_second(st, ru):
    """A second card can be drawn: from the piles, or a face-up card that is
    not a locomotive (or is, when a face-up locomotive is not the whole draw)."""
    if cards_available(st) > 0:
        return True
    market = st.market
    for s in range(ru[L.RULE_MARKET_SIZE]):
        c = market[s]
        if c >= 0 and (c != L.LOCO or ru[L.RULE_FACEUP_LOCO_WHOLE_DRAW] == 0):
            return True
    return False


# --- paying and receiving --------------------------------------------------------------
@njit(cache=True, _nrt=False)
def fill_purse(st, ru, p):
    """st.purse <- the cards p may pay with: own hand plus the team's holder
    (TA-CRD-4; the holder of a team of one is always empty)."""
    purse = st.purse
    hand = st.hand
    holder = st.holder
    t = team_of(ru, p)
    for k in range(L.N_CARD_KINDS):
        purse[k] = hand[p, k] + holder[t, k]


@njit(cache=True, _nrt=False)
def take_cards(st, ru, p, kind, n):
    """Remove n cards of `kind` from p's means of payment: the private hand
    first, then the team holder. Returns how many came from the holder. Own
    cards go first because only p can spend them, while the holder's cards
    serve both teammates (an assumption: the rules let the player combine the
    two freely). Every payment from a hand comes through here: as many fewer
    of the cards seen going into it are known to be there (st.seen_in_hand;
    which ones it spent nobody sees)."""
    if n <= 0:
        return np.int64(0)
    from_hand = min(np.int64(st.hand[p, kind]), np.int64(n))
    st.hand[p, kind] -= from_hand
    st.seen_in_hand[p, kind] = max(st.seen_in_hand[p, kind] - from_hand, 0)
    rest = n - from_hand
    if rest > 0:
        st.holder[team_of(ru, p), kind] -= rest
        st.ps[p, L.PS_HOLDER_CARDS_USED] += rest
    return rest


@njit(cache=True, _nrt=False)
def pay_cards(st, ru, p, kind, n, event, route):
    """take_cards, logged as `event` rows (EK_CLAIM_SPEND, EK_TUNNEL_LAY,
    EK_TUNNEL_PAY) for `route`: the cards from the hand, then those from the
    holder. Returns how many came from the holder."""
    rest = take_cards(st, ru, p, kind, n)
    log_payment(st, event, p, kind, n - rest, route, np.int64(0))
    log_payment(st, event, p, kind, rest, route, np.int64(1))
    return rest


@njit(cache=True, _nrt=False)
def receive_card(st, ru, p, c, dest):
    """A drawn card goes to p's hand (DEST_HAND) or the team's holder
    (DEST_HOLDER, TA-CRD-2/3)."""
    if dest != 0:
        st.holder[team_of(ru, p), c] += 1
        st.ps[p, L.PS_CARDS_SHARED] += 1
        log_cards(st, np.int64(L.EK_CARD_TO_HOLDER), p, c, np.int64(1), np.int64(-1))
    else:
        st.hand[p, c] += 1
