"""What a claim, a tunnel surcharge and a station cost, and whether a hand (or
purse) can pay it: the one place that decides what may pay for a route, for
legality, the engine's payment and every bot's affordability. The owner of
the locomotive-payment policy (RULE_LOCO_POLICY: the route kinds whose spaces
locomotives may pay) and of the card sets that replace one card (a route's
RT_WILD_SET: NC-FRY-2, NC-CLM-1). Each function has one return statement and
works in int64 throughout: Numba compiles that far faster."""

import numpy as np
from numba import njit

from kernels import layouts as L


@njit(cache=True, _nrt=False, inline="always")
def locos_wild(ru, routes, r):
    """Locomotives may pay route r's coloured (or grey) spaces: its kind is in
    RULE_LOCO_POLICY (BASE-CLM-3: every kind; NC-CRD-1: tunnels and ferries;
    SW-CRD-1: tunnels). A ferry's locomotive symbols take locomotives whatever
    the policy (EU-FRY-1, NC-FRY-1)."""
    return (ru[L.RULE_LOCO_POLICY] >> np.int64(routes[r, L.RT_KIND])) & 1 == 1


@njit(cache=True, _nrt=False, inline="always")
def wild_set_size(routes, r):
    """Cards of a set that replaces one card of route r's cost (0: no sets).
    Never on a tunnel, for the route or its surcharge (NC-TUN-1)."""
    n = np.int64(routes[r, L.RT_WILD_SET])
    return np.int64(0) if routes[r, L.RT_KIND] == L.KIND_TUNNEL else n


@njit(cache=True, _nrt=False, inline="always")
def claim_payment(ru, hand_p, routes, r, colour):
    """Cards paid for route r with `colour` (LOCO: locomotives only), as
    (colour cards, locomotives, sets), or (-1, -1, -1) if the hand cannot pay.

    Colour cards are spent first, then locomotives (for a ferry's symbols,
    EU-FRY-1, and, where the policy lets them, for the other spaces), and only
    then sets of RT_WILD_SET cards, each replacing one missing card of any
    kind (NC-FRY-2, assumption NC-FRY-2a; NC-CLM-1): the fewest sets, since a
    set costs more cards than the card it replaces. The cards of a set are
    set_card_kind's choice. A claim in `colour` spends at least one card of
    it; a claim in LOCO spends none: locomotives pay the spaces they may (the
    symbols; every space where the policy lets them) and, on a route that
    takes sets, sets pay the rest, so sets alone may pay a ferry, coloured
    spaces included (NC-FRY-2a), or Lieksa-Murmansk (NC-CLM-1, 36 cards).
    Without sets, a claim in LOCO needs at least one locomotive, unless every
    space of the route is a locomotive symbol."""
    length = np.int64(routes[r, L.RT_LEN])
    symbols = np.int64(routes[r, L.RT_LOCOS])
    wild = locos_wild(ru, routes, r)
    per_set = wild_set_size(routes, r)
    total = np.int64(0)
    for k in range(L.N_COLOURS + 1):
        total += hand_p[k]
    use = np.int64(-1)
    locos = np.int64(-1)
    sets = np.int64(-1)
    u = np.int64(0)
    lo = np.int64(0)
    ok = False
    if colour == L.LOCO:
        if wild or symbols == length or per_set > 0:
            lo = min(np.int64(hand_p[L.LOCO]), length if wild else symbols)
            ok = lo > 0 or symbols == length or per_set > 0
    else:
        rc = routes[r, L.RT_COLOUR]
        spaces = length - symbols
        have = np.int64(hand_p[colour])
        if (rc == L.GRAY or rc == colour) and spaces > 0 and have > 0:
            u = min(have, spaces)
            lo = min(np.int64(hand_p[L.LOCO]), symbols + (spaces - u if wild else 0))
            ok = True
    if ok:
        short = length - u - lo
        if short == 0 or (per_set > 0 and total - u - lo >= short * per_set):
            use = u
            locos = lo
            sets = short
    return use, locos, sets


@njit(cache=True, _nrt=False, inline="always")
def set_card_kind(purse):
    """The next card of a set (NC-FRY-2, NC-CLM-1), from what is left of the
    purse after the colour cards and locomotives of the claim: a card of the
    colour held most (the lowest colour on ties), a locomotive only when no
    coloured card is left. A simulation choice: the rules let the player give
    any cards; this one keeps the locomotives, which pay more routes, and
    does not break up a small colour."""
    best = np.int64(L.LOCO)
    most = 0
    for k in range(L.N_COLOURS):
        if purse[k] > most:
            most = purse[k]
            best = np.int64(k)
    return best


@njit(cache=True, _nrt=False, inline="always")
def surcharge_payment(ru, hand_p, routes, r, colour, surcharge):
    """(colour cards, locomotives) paying tunnel r's surcharge, or (-1, -1):
    colour cards first, then locomotives where the policy lets them pay the
    tunnel (EU-TUN-3; NC-CRD-1 and SW-CRD-1 do), locomotives only after a
    locomotive-only claim. Never a set (NC-TUN-1)."""
    use = np.int64(-1)
    locos = np.int64(-1)
    if colour == L.LOCO:
        if hand_p[L.LOCO] >= surcharge:
            use = 0
            locos = np.int64(surcharge)
    else:
        u = min(np.int64(hand_p[colour]), np.int64(surcharge))
        spare = np.int64(hand_p[L.LOCO]) if locos_wild(ru, routes, r) else np.int64(0)
        if surcharge - u <= spare:
            use = u
            locos = surcharge - u
    return use, locos


@njit(cache=True, _nrt=False, inline="always")
def station_payment(hand_p, colour, cost):
    """EU-STN-1: `cost` cards of one colour, locomotives substituting."""
    use = np.int64(-1)
    locos = np.int64(-1)
    if colour == L.LOCO:
        if hand_p[L.LOCO] >= cost:
            use = 0
            locos = np.int64(cost)
    elif hand_p[colour] > 0:
        u = min(np.int64(hand_p[colour]), np.int64(cost))
        if cost - u <= hand_p[L.LOCO]:
            use = u
            locos = cost - u
    return use, locos


@njit(cache=True, _nrt=False, inline="always")
def station_cost(ru, st, p):
    """EU-STN-1: the first station costs 1 card, the second 2, the third 3."""
    return ru[L.RULE_STATIONS] - st.stations_left[p] + 1
