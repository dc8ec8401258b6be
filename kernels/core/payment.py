"""What a claim, a tunnel surcharge and a station cost, and whether a hand (or
purse) can pay it. The owner of the locomotive-payment policy
(RULE_LOCO_POLICY): a board whose locomotives may pay only some routes adds
its policy here and nowhere else. Each function has one return statement and
works in int64 throughout: Numba compiles that far faster."""

import numpy as np
from numba import njit

from kernels.layouts import GRAY, LOCO, RT_COLOUR, RT_LEN, RT_LOCOS, RULE_STATIONS


@njit(cache=True, _nrt=False, inline="always")
def claim_payment(ru, hand_p, routes, r, colour):
    """Cards paid for route r with `colour` (LOCO: locomotives only), as
    (colour cards, locomotives), or (-1, -1) if the hand cannot pay. Colour
    cards are spent first; ferry symbols need locomotives (EU-FRY-1).
    Locomotives pay any route (LOCO_ANY, BASE-CLM-3)."""
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


@njit(cache=True, _nrt=False, inline="always")
def surcharge_payment(hand_p, colour, surcharge):
    """(colour cards, locomotives) paying a tunnel surcharge, or (-1, -1):
    colour cards first, locomotives only after a locomotive-only claim
    (EU-TUN-3)."""
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
    """EU-STN-1: the first station costs 1 card, the second 2, the third 3."""
    return ru[RULE_STATIONS] - st.stations_left[p] + 1
