"""Which routes a seat can claim, as bit masks over the routes (bit r of word
r // 64 is route r): the legal claims of a turn are a few AND operations on
masks instead of a payment check per route and colour.

The board's route sets are fixed (the BOARD record's route_bits, BITS_* rows, built
once by fill_board_bits); the game keeps two sets up to date as routes are
claimed or closed (st.open_bits, st.blocked_bits); claim_masks combines them
with a seat's cards and trains. The masks say exactly what
core/payment.py claim_payment and core/claims.py route_open_to say, for the
locomotive policy LOCO_ANY without wild sets (masks_apply; tests/kernels/core/test_claimable.py compares them on random
states).
"""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.bits import MASK63, ONE, ZERO, bit_count, bit_of


@njit(cache=True, _nrt=False)
def fill_board_bits(routes, group_routes, route_bits, lane_bits):
    """route_bits <- the board's route sets (BITS_* rows); lane_bits[r] <- the
    other lanes of r's parallel group. Arrays zeroed by the caller."""
    for r in range(routes.shape[0]):
        w, b = bit_of(np.int64(r))
        length = routes[r, L.RT_LEN]
        colour = routes[r, L.RT_COLOUR]
        cost = length + routes[r, L.RT_MOUNTAINS]
        ferry = routes[r, L.RT_LOCOS]
        for c in range(L.N_COLOURS):
            if colour == L.GRAY or colour == c:
                route_bits[L.BITS_COLOUR + c, w] |= b
        route_bits[L.BITS_COLOUR + L.LOCO, w] |= b
        for n in range(length, L.MAX_SCORED_LEN + 1):
            route_bits[L.BITS_LEN_LE + n, w] |= b
        for n in range(min(cost, L.BITS_MAX_COST + 1), L.BITS_MAX_COST + 1):
            route_bits[L.BITS_COST_LE + n, w] |= b
        for n in range(min(ferry, L.MAX_SCORED_LEN + 1), L.MAX_SCORED_LEN + 1):
            route_bits[L.BITS_FERRY_LE + n, w] |= b
        if length - ferry > 0:
            route_bits[L.BITS_NEED, w] |= b
        if routes[r, L.RT_WILD_SET] > 0:
            route_bits[L.BITS_WILD, w] |= b
        g = routes[r, L.RT_GROUP]
        if g >= 0:
            for i in range(group_routes.shape[1]):
                r2 = group_routes[g, i]
                if r2 >= 0 and r2 != r:
                    w2, b2 = bit_of(np.int64(r2))
                    lane_bits[r, w2] |= b2


@njit(cache=True, _nrt=False)
def sync_claim_bits(st, bd):
    """st.open_bits and st.blocked_bits from the owners and closed lanes (a new
    game, or a state a test put together by hand)."""
    open_bits = st.open_bits
    blocked = st.blocked_bits
    open_bits[:] = 0
    blocked[:, :] = 0
    for r in range(bd.n_routes):
        w, b = bit_of(np.int64(r))
        o = st.owner[r]
        if o < 0 and st.closed[r] == 0:
            open_bits[w] |= b
        if o >= 0:
            for k in range(st.sc[L.SC_N_WORDS]):
                blocked[o, k] |= bd.lane_bits[r, k]


@njit(cache=True, _nrt=False, inline="always")
def mark_claimed(st, bd, p, r):
    """Route r is p's: no longer open, and p may not take its other lanes."""
    w, b = bit_of(r)
    st.open_bits[w] &= ~b
    for k in range(st.sc[L.SC_N_WORDS]):
        st.blocked_bits[p, k] |= bd.lane_bits[r, k]


@njit(cache=True, _nrt=False, inline="always")
def mark_closed(st, r):
    w, b = bit_of(r)
    st.open_bits[w] &= ~b


@njit(cache=True, _nrt=False, inline="always")
def open_to_word(st, bd, p, k):
    """Word k of the routes core/claims.py route_open_to accepts for p: open
    (neither claimed nor closed), no parallel lane of p's, and p's trains
    enough (BASE-CLM-2, LA-MTN-3; board_arrays refuses a route costing more
    than BITS_MAX_COST)."""
    fits = np.uint64(L.BITS_COST_LE + min(np.int64(st.trains[p]), np.int64(L.BITS_MAX_COST)))
    return st.open_bits[k] & ~st.blocked_bits[p, k] & bd.route_bits[fits, k]


@njit(cache=True, _nrt=False)
def any_seat_can_claim(st, bd):
    """True while some seat still has the trains for some route open to it
    (open_to_word): the cards aside, a claim is still possible. Trains and
    open routes only ever decrease, so once False it stays False (GT-END-3)."""
    for p in range(st.sc[L.SC_N_PLAYERS]):
        for k in range(st.sc[L.SC_N_WORDS]):
            if open_to_word(st, bd, p, k) != 0:
                return True
    return False


@njit(cache=True, _nrt=False)
def masks_apply(bd, ru):
    """The claim masks say what the payment rules say: locomotives pay any
    route (LOCO_ANY) and no route takes sets of wild cards (NC-FRY-2,
    NC-CLM-1). Elsewhere the engine asks core/payment.py route by route."""
    if ru[L.RULE_LOCO_POLICY] != L.LOCO_ANY:
        return False
    bits = bd.route_bits
    for k in range(bits.shape[1]):
        if bits[L.BITS_WILD, k] != 0:
            return False
    return True


@njit(cache=True, _nrt=False, inline="always")
def colour_rows(bits, k, base, loco):
    """Of the routes in `base` (word k), those that colour cards with `loco`
    locomotives could pay as far as every colour goes (the ferry symbols
    covered, not a locomotives-only route), and those `loco` locomotives
    alone pay: (coloured, locos_only). Rows as unsigned indices: no
    negative-index fix-up on each load (kernels/paths.py)."""
    ferry = np.uint64(L.BITS_FERRY_LE + min(loco, np.int64(L.MAX_SCORED_LEN)))
    locos_only = np.uint64(L.BITS_LEN_LE + min(loco, np.int64(L.MAX_SCORED_LEN)))
    return base & bits[ferry, k] & bits[L.BITS_NEED, k], base & bits[locos_only, k]


@njit(cache=True, _nrt=False, inline="always")
def paid_with_colour(bits, k, coloured, c, have, loco):
    """Of `coloured` (colour_rows), the routes of colour c (or grey) that
    `have` cards of c plus `loco` locomotives pay; none without a card of c.
    No branch on holding the colour (which colours a hand holds is not
    predictable): a colour not held is masked out."""
    held = ZERO - np.uint64(have > 0)
    row = np.uint64(L.BITS_LEN_LE + min(have + loco, np.int64(L.MAX_SCORED_LEN)))
    return coloured & bits[L.BITS_COLOUR + c, k] & bits[row, k] & held


@njit(cache=True, _nrt=False)
def claim_masks(st, bd, p, purse, masks):
    """masks[c] <- the routes p can claim paying with colour c (LOCO: with
    locomotives only), for LOCO_ANY; returns the claims they hold (a route
    once per colour that pays it), 0 when no route is claimable.
    A route is claimable when it is open, p holds no parallel lane, p has the
    trains (BASE-CLM-2, LA-MTN-3), and the purse pays it (core/payment.py:
    at least one card of the colour, enough locomotives for the ferry symbols,
    colour cards plus locomotives covering the length)."""
    bits = bd.route_bits
    loco = np.int64(purse[L.LOCO])
    total = 0  # counted as the masks are made: the caller need not read them back
    for k in range(st.sc[L.SC_N_WORDS]):
        coloured, locos_only = colour_rows(bits, k, open_to_word(st, bd, p, k), loco)
        for c in range(L.N_COLOURS):
            m = paid_with_colour(bits, k, coloured, c, np.int64(purse[c]), loco)
            masks[c, k] = m
            total += bit_count(m)
        masks[L.LOCO, k] = locos_only
        total += bit_count(locos_only)
    return total


@njit(cache=True, _nrt=False, inline="always")
def has_bit(masks, c, r):
    return (masks[c, r >> 6] >> (np.uint64(r) & MASK63)) & ONE != 0
