"""Paying: which colour pays a claim (core/payment.py says what may pay;
this picks among the colours that may), the cards a tunnel leaves for its
surcharge, a claim picker's step (keep the better affordable route), and
paying or abandoning a tunnel's surcharge. Shared by every bot."""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.core.actions import make_action
from kernels.core.cards import fill_purse
from kernels.core.claimable import colour_rows, paid_with_colour
from kernels.core.payment import claim_payment, surcharge_payment


@njit(cache=True, _nrt=False)
def pay_colour(ru, hand_p, routes, r, need_p):
    """Colour to pay route r with, or -1 (what may pay is core/payment.py
    claim_payment's answer): its own colour; for grey the colour needing the
    fewest sets of any cards (NC-FRY-2, NC-CLM-1), then the fewest
    locomotives, then the one with most cards to spare beyond need_p (the rest
    of the plan; ws.no_need for a bot without one); locomotives only as the
    last resort."""
    rc = routes[r, L.RT_COLOUR]
    best = np.int64(-1)
    if rc != L.GRAY:
        use, _, _ = claim_payment(ru, hand_p, routes, r, rc)
        if use >= 0:
            best = rc
    else:
        best_sets = np.int64(1 << 30)
        best_locos = np.int64(1 << 30)
        best_spare = np.int64(-(1 << 30))
        for c in range(L.N_COLOURS):
            use, locos, sets = claim_payment(ru, hand_p, routes, r, c)
            if use < 0:
                continue
            spare = np.int64(hand_p[c]) - np.int64(need_p[c])
            if sets < best_sets or (sets == best_sets and (
                    locos < best_locos or (locos == best_locos and spare > best_spare))):
                best = c
                best_sets = sets
                best_locos = locos
                best_spare = spare
    if best < 0:
        use, _, _ = claim_payment(ru, hand_p, routes, r, L.LOCO)
        if use >= 0:
            best = L.LOCO
    return best


@njit(cache=True, _nrt=False, inline="always")
def payable_word(bd, exact, hand_p, k, open_word):
    """The routes of open_word (word k of routes open to the seat) that
    pay_colour pays from hand_p, as the claim masks (core/claimable.py
    claim_masks) find them: a claim picker then looks for a colour only
    where one exists, instead of for every route that would win (most of a
    hand pays few routes). exact = masks_apply(bd, ru); without it every
    route of open_word (the masks do not model that payment)."""
    if not exact:
        return open_word
    bits = bd.route_bits
    loco = np.int64(hand_p[L.LOCO])
    coloured, m = colour_rows(bits, k, open_word, loco)
    for c in range(L.N_COLOURS):
        m |= paid_with_colour(bits, k, coloured, c, np.int64(hand_p[c]), loco)
    return m


@njit(cache=True, _nrt=False, inline="always")
def tunnel_spare(hand_p, routes, r, c):
    """Cards left after paying tunnel r with colour c that could pay a surcharge."""
    if c == L.LOCO:
        return np.int64(hand_p[L.LOCO]) - routes[r, L.RT_LEN]
    return np.int64(hand_p[c]) + hand_p[L.LOCO] - routes[r, L.RT_LEN]


@njit(cache=True, _nrt=False, inline="always")
def affordable_colour(ru, hand_p, routes, r, need_p, risky_tunnels):
    """The colour a claim picker pays route r with (pay_colour), or -1: also
    for a tunnel that would leave no card for a surcharge, unless risky_tunnels."""
    c = pay_colour(ru, hand_p, routes, r, need_p)
    if (c >= 0 and routes[r, L.RT_KIND] == L.KIND_TUNNEL and not risky_tunnels
            and tunnel_spare(hand_p, routes, r, c) < 1):
        return np.int64(-1)
    return c


@njit(cache=True, _nrt=False, inline="always")
def keep_better_claim(ru, hand_p, routes, r, need_p, risky_tunnels, v, best_v, best_r, best_c):
    """A claim picker's step: route r, worth v, replaces the best so far
    (best_v, best_r, best_c) when it is worth more and affordable_colour pays
    it; the first of equal values stays, and no payment is looked for when v
    cannot win."""
    if v > best_v:
        c = affordable_colour(ru, hand_p, routes, r, need_p, risky_tunnels)
        if c >= 0:
            return v, r, c
    return best_v, best_r, best_c


@njit(cache=True, _nrt=False)
def tunnel_decision(st, bd, ru, p):
    """The route was chosen knowing the risk: pay the surcharge when the hand
    (and the team's holder, TA-TUN-2) can, else take the cards back (EU-TUN-4)."""
    fill_purse(st, ru, p)
    use, _ = surcharge_payment(ru, st.purse, bd.routes[:bd.n_routes], st.sc[L.SC_PEND_ROUTE], st.sc[L.SC_PEND_COLOUR],
                               st.sc[L.SC_PEND_SURCHARGE])
    return make_action(L.A_TUNNEL_PAY if use >= 0 else L.A_TUNNEL_ABANDON, 0, 0)
