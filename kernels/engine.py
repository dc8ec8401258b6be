"""The rules engine: legal actions, `step`, the end of a turn and the end of
the game. The only place that branches on the rule family (RULE_FAMILY):
the points game and Team Asia share every core rule, Team Asia adds card
destinations and ticket sharing (kernels/variants/team.py), Ghost Train its
ticket race (kernels/variants/ghost.py). Allocation and the deal are in
kernels/core/state.py (`new_state`, `init_game`).

Rule IDs in comments point at docs/rules.
"""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.bits import ONE, ZERO, bit_count, low_bit_index
from kernels.core.actions import action_a, action_b, action_kind, make_action
from kernels.core.cards import (
    can_draw_second,
    cards_available,
    draw_card,
    fill_market,
    fill_purse,
    take_from_market,
)
from kernels.core.claimable import claim_masks, has_bit, masks_apply
from kernels.core.claims import (
    build_station,
    claim_route,
    finish_tunnel,
    last_wagons_end_game,
    route_open_to,
    start_tunnel,
)
from kernels.core.events import log_cards, log_ticket
from kernels.core.payment import claim_payment, station_cost, station_payment, surcharge_payment
from kernels.core.scoring import score_points_game
from kernels.core.seats import team_trains
from kernels.core.state import start_setup_keep
from kernels.core.tickets import keep_actions, keep_offer, pop_ticket
from kernels.variants import ghost, team


# --- legal actions ----------------------------------------------------------------
@njit(cache=True, _nrt=False)
def legal_actions(st, bd, ru, out):
    """Write every legal action of the seat to move into out; return the count.
    With nothing else legal, the only action is A_PASS (BASE-TRN-1)."""
    return legal_actions_of(st, bd, ru, out, np.int64(L.ALL_KINDS), np.int64(out.shape[0]))


@njit(cache=True, _nrt=False)
def legal_kinds(st, bd, ru, out):
    """Bit mask of the action kinds that have at least one legal action."""
    kinds = 0
    for k in range(L.N_ACTION_KINDS):
        if legal_actions_of(st, bd, ru, out, np.int64(1 << k), np.int64(1)) > 0:
            kinds |= 1 << k
    return kinds


@njit(cache=True, _nrt=False)
def legal_counts(st, bd, ru, out, counts):
    """counts[k] <- the number of legal actions of kind k (the actions
    legal_actions_of lists for the mask 1 << k), without listing the claims and
    stations of the points games: the claims are counted on the claim masks.
    `out` is scratch for the kinds that are listed. Returns True when the
    claims counted are those of st.claim_masks (claim_at can pick one)."""
    for k in range(L.N_ACTION_KINDS):
        counts[k] = 0
    sc = st.sc
    phase = sc[L.SC_PHASE]
    if phase == L.PH_OVER:
        return False
    family = ru[L.RULE_FAMILY]
    if phase == L.PH_SETUP_KEEP or phase == L.PH_KEEP_TICKETS:  # a keep is the only kind legal_actions_of lists
        counts[L.A_KEEP_TICKETS] = legal_actions_of(st, bd, ru, out, np.int64(1 << L.A_KEEP_TICKETS),
                                                    np.int64(out.shape[0]))
        return False
    if (phase != L.PH_TURN and phase != L.PH_SECOND_DRAW) or family == L.FAMILY_TEAMS:
        for k in range(L.N_ACTION_KINDS):
            counts[k] = legal_actions_of(st, bd, ru, out, np.int64(1 << k), np.int64(out.shape[0]))
        return counts[L.A_CLAIM] > 0 and masks_apply(bd, ru)  # claim_actions left its masks in st
    p = sc[L.SC_PLAYER]
    second = phase == L.PH_SECOND_DRAW
    market = st.market
    whole = ru[L.RULE_FACEUP_LOCO_WHOLE_DRAW] != 0
    drawable = 0  # counted in a register: a store to counts may alias the market, so each would be kept
    for s in range(ru[L.RULE_MARKET_SIZE]):
        c = market[s]
        drawable += (c >= 0) & ~(second & (c == L.LOCO) & whole)
    counts[L.A_DRAW_MARKET] = drawable
    if cards_available(st) > 0:
        counts[L.A_DRAW_BLIND] = 1
    if second:
        return False
    fill_purse(st, ru, p)
    from_masks = masks_apply(bd, ru)
    if from_masks:
        counts[L.A_CLAIM] = claim_masks(st, bd, p, st.purse[:], st.claim_masks)
    else:
        counts[L.A_CLAIM] = claim_actions_by_payment(st, bd, ru, p, st.purse[:], out, np.int64(0),
                                                     np.int64(out.shape[0]))
    if sc[L.SC_TP_COUNT] > 0 and ru[L.RULE_DRAW_TICKETS] > 0:
        counts[L.A_DRAW_TICKETS] = 1
    if st.stations_left[p] > 0:
        cost = station_cost(ru, st, p)
        colours = 0
        for c in range(L.N_CARD_KINDS):
            use, _ = station_payment(st.hand[p], c, cost)
            if use >= 0:
                colours += 1
        if colours > 0:
            free = 0
            for city in range(sc[L.SC_N_CITIES]):
                if st.city_station[city] < 0:
                    free += 1
            counts[L.A_BUILD_STATION] = colours * free
    if ru[L.RULE_SWAP_TICKETS] != 0 and ghost.can_swap(st, p):
        counts[L.A_SWAP_TICKETS] = 1
    return from_masks


@njit(cache=True, _nrt=False)
def legal_actions_of(st, bd, ru, out, kinds, limit):
    """The legal actions whose kind is in the bit mask `kinds`, at most `limit`
    of them (limit 1 answers "is any legal?" cheaply)."""
    sc = st.sc
    p = sc[L.SC_PLAYER]
    phase = sc[L.SC_PHASE]
    family = ru[L.RULE_FAMILY]
    n = 0
    if phase == L.PH_OVER:
        return 0
    if phase == L.PH_SETUP_KEEP or phase == L.PH_KEEP_TICKETS:
        if (kinds >> L.A_KEEP_TICKETS) & 1 == 0:
            return 0
        setup = phase == L.PH_SETUP_KEEP
        keep_min = min(ru[L.RULE_SETUP_KEEP_MIN] if setup else ru[L.RULE_DRAW_KEEP_MIN], sc[L.SC_N_OFFER])
        n_share = ru[L.RULE_SHARED_TICKETS_SETUP] if setup else ru[L.RULE_SHARED_TICKETS_DRAW]  # TA-TKT-1/2
        return keep_actions(st, out, keep_min, n_share, limit)
    if phase == L.PH_PLACE_CARD:  # TA-CRD-2: the blind card was seen; keep it or share it
        return team.place_actions(out, kinds, limit)
    purse = st.purse[:]  # an array, as tests pass (one compiled signature)
    if phase == L.PH_TUNNEL:
        if (kinds >> L.A_TUNNEL_PAY) & 1:
            fill_purse(st, ru, p)  # what p may pay with: hand and team holder (TA-CRD-4, TA-TUN-2)
            use, _ = surcharge_payment(ru, purse, bd.routes[:bd.n_routes], sc[L.SC_PEND_ROUTE], sc[L.SC_PEND_COLOUR],
                                       sc[L.SC_PEND_SURCHARGE])
            if use >= 0:
                out[n] = make_action(L.A_TUNNEL_PAY, 0, 0)
                n += 1
        if (kinds >> L.A_TUNNEL_ABANDON) & 1 and n < limit:
            out[n] = make_action(L.A_TUNNEL_ABANDON, 0, 0)
            n += 1
        return n
    second = phase == L.PH_SECOND_DRAW
    if family == L.FAMILY_TEAMS:  # TA-CRD-2/3: where the card goes is part of the action
        n = team.draw_actions(st, ru, out, kinds, limit, second)
    else:
        n = draw_actions(st, ru, out, kinds, limit, second)
    if second:
        return n
    if (kinds >> L.A_CLAIM) & 1:  # the only listing below that pays from the purse
        fill_purse(st, ru, p)
        n = claim_actions(st, bd, ru, p, purse, out, n, limit)
    if (kinds >> L.A_DRAW_TICKETS) & 1 and n < limit and sc[L.SC_TP_COUNT] > 0 and ru[L.RULE_DRAW_TICKETS] > 0:
        out[n] = make_action(L.A_DRAW_TICKETS, 0, 0)
        n += 1
    if (kinds >> L.A_BUILD_STATION) & 1 and st.stations_left[p] > 0:
        n = station_actions(st, ru, p, out, n, limit)
    if family == L.FAMILY_TICKET_RACE:
        if (kinds >> L.A_SWAP_TICKETS) & 1 and n < limit and ru[L.RULE_SWAP_TICKETS] != 0 and ghost.can_swap(st, p):
            out[n] = make_action(L.A_SWAP_TICKETS, 0, 0)  # GT-TRN-3
            n += 1
    elif family == L.FAMILY_TEAMS and (kinds >> L.A_SHARE_TICKETS) & 1:
        n = team.share_actions(st, p, out, n, limit)  # TA-TKT-3
    if n == 0 and kinds == L.ALL_KINDS:
        out[0] = make_action(L.A_PASS, 0, 0)
        n = 1
    return n


@njit(cache=True, _nrt=False)
def draw_actions(st, ru, out, kinds, limit, second):
    """BASE-MKT-1/2: a face-up card (not a face-up locomotive as the second
    card when it is the whole draw), or the top of the pile."""
    n = 0
    if (kinds >> L.A_DRAW_MARKET) & 1:
        market = st.market
        whole = ru[L.RULE_FACEUP_LOCO_WHOLE_DRAW] != 0
        for s in range(ru[L.RULE_MARKET_SIZE]):
            c = market[s]
            if c >= 0 and not (second and c == L.LOCO and whole) and n < limit:
                out[n] = make_action(L.A_DRAW_MARKET, s, 0)
                n += 1
    if (kinds >> L.A_DRAW_BLIND) & 1 and n < limit and cards_available(st) > 0:
        out[n] = make_action(L.A_DRAW_BLIND, 0, 0)
        n += 1
    return n


@njit(cache=True, _nrt=False)
def claim_actions(st, bd, ru, p, purse, out, n, limit):
    """BASE-CLM-1..3: every open route with every colour the purse can pay it
    with (a coloured route takes its colour or locomotives only), route by
    route, colours in card order; from the claim masks (core/claimable.py)
    where they apply, else through core/payment.py claim_payment (NC-CRD-1,
    SW-CRD-1, NC-FRY-2, NC-CLM-1)."""
    if not masks_apply(bd, ru):
        return claim_actions_by_payment(st, bd, ru, p, purse, out, n, limit)
    if claim_masks(st, bd, p, purse, st.claim_masks) == 0:
        return n
    return claims_from_masks(st, out, n, limit)


@njit(cache=True, _nrt=False)
def claims_from_masks(st, out, n, limit):
    """The claims in st.claim_masks (as claim_masks left them), route by route,
    colours in card order, written from out[n] on, at most up to out[limit - 1]."""
    masks = st.claim_masks
    for k in range(st.sc[L.SC_N_WORDS]):
        routes_k = ZERO
        for c in range(L.N_CARD_KINDS):
            routes_k |= masks[c, k]
        while routes_k != 0:
            r = k * 64 + low_bit_index(routes_k)
            for c in range(L.N_CARD_KINDS):
                if has_bit(masks, c, r):
                    if n >= limit:
                        return n
                    out[n] = make_action(L.A_CLAIM, r, c)
                    n += 1
            routes_k &= routes_k - ONE
    return n


@njit(cache=True, _nrt=False)
def claim_at(st, j):
    """The j-th claim (from 0) in claims_from_masks's order, without listing
    the ones before it: whole words are skipped by their bit counts, and the
    route inside a word is found by halving it on the count of claims below
    a bit (route-major order). j must be below the masks' claim count."""
    masks = st.claim_masks
    for k in range(st.sc[L.SC_N_WORDS]):
        in_word = 0
        for c in range(L.N_CARD_KINDS):
            in_word += bit_count(masks[c, k])
        if j >= in_word:
            j -= in_word
            continue
        lo = 0  # claims on bits below lo <= j < claims on bits below hi
        hi = 64
        below_lo = 0
        while hi - lo > 1:
            mid = (lo + hi) // 2
            low_bits = (ONE << np.uint64(mid)) - ONE
            below = 0
            for c in range(L.N_CARD_KINDS):
                below += bit_count(masks[c, k] & low_bits)
            if below <= j:
                lo = mid
                below_lo = below
            else:
                hi = mid
        j -= below_lo
        r = k * 64 + lo
        for c in range(L.N_CARD_KINDS):
            if has_bit(masks, c, r):
                if j == 0:
                    return make_action(L.A_CLAIM, r, c)
                j -= 1
    return make_action(L.A_PASS, 0, 0)  # j beyond the claims: a caller's error


@njit(cache=True, _nrt=False)
def claim_actions_by_payment(st, bd, ru, p, purse, out, n, limit):
    """claim_actions route by route through core/payment.py, for a locomotive
    policy the claim masks do not model."""
    routes = bd.routes[:bd.n_routes]
    group_routes = bd.group_routes[:bd.n_groups]
    owner = st.owner
    closed = st.closed
    trains_p = np.int64(st.trains[p])
    for r in range(routes.shape[0]):
        if n >= limit:
            break
        if route_open_to(owner, closed, trains_p, routes, group_routes, p, r):
            rc = routes[r, L.RT_COLOUR]
            for c in range(L.N_CARD_KINDS):
                if rc != L.GRAY and c != rc and c != L.LOCO:
                    continue  # a coloured route takes its colour or locomotives only
                use, _, _ = claim_payment(ru, purse, routes, r, c)
                if use >= 0 and n < limit:
                    out[n] = make_action(L.A_CLAIM, r, c)
                    n += 1
    return n


@njit(cache=True, _nrt=False)
def station_actions(st, ru, p, out, n, limit):
    """EU-STN-1/2: a station on any free city, paid in any colour that can."""
    cost = station_cost(ru, st, p)
    hand_p = st.hand[p]
    city_station = st.city_station
    for c in range(L.N_CARD_KINDS):
        use, _ = station_payment(hand_p, c, cost)
        if use < 0:
            continue
        for city in range(st.sc[L.SC_N_CITIES]):
            if city_station[city] < 0 and n < limit:
                out[n] = make_action(L.A_BUILD_STATION, city, c)
                n += 1
    return n


# --- step ---------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def step(st, bd, ru, action, ws):
    """Apply one legal action of the seat to move. Returns True when the game
    is over (then st.final holds the score components)."""
    sc = st.sc
    p = sc[L.SC_PLAYER]
    kind = action_kind(action)
    a = action_a(action)
    b = action_b(action)
    phase = sc[L.SC_PHASE]
    family = ru[L.RULE_FAMILY]
    if kind != L.A_PASS and phase == L.PH_TURN:
        sc[L.SC_PASS_STREAK] = 0
    if kind == L.A_KEEP_TICKETS:
        setup = phase == L.PH_SETUP_KEEP
        keep_offer(st, bd, ru, p, a, b, setup)
        if setup:
            if p + 1 < sc[L.SC_N_PLAYERS]:
                start_setup_keep(st, p + 1)
            else:
                sc[L.SC_PLAYER] = 0
                sc[L.SC_PHASE] = L.PH_TURN
            return False
    elif kind == L.A_DRAW_MARKET or kind == L.A_DRAW_BLIND:
        c = take_from_market(st, ru, a) if kind == L.A_DRAW_MARKET else draw_card(st)
        if c >= 0 and kind == L.A_DRAW_BLIND:
            log_cards(st, np.int64(L.EK_BLIND_DRAW), p, c, np.int64(1), np.int64(-1))
        if c >= 0:
            if family == L.FAMILY_TEAMS:  # TA-CRD-2/3
                if team.receive_drawn_card(st, ru, p, c, kind == L.A_DRAW_BLIND and phase == L.PH_TURN, b):
                    return False  # seen, waiting for A_PLACE_CARD
            else:
                st.hand[p, c] += 1
                st.ps[p, L.PS_CARDS_DRAWN] += 1
            if kind == L.A_DRAW_MARKET and (family != L.FAMILY_TEAMS or b == L.DEST_HAND):
                st.seen_in_hand[p, c] += 1  # face up: every player saw it go into p's hand
        whole = kind == L.A_DRAW_MARKET and c == L.LOCO and ru[L.RULE_FACEUP_LOCO_WHOLE_DRAW] != 0  # BASE-MKT-2
        if phase == L.PH_TURN and not whole and ru[L.RULE_CARDS_PER_DRAW] > 1 and can_draw_second(st, ru):
            sc[L.SC_PHASE] = L.PH_SECOND_DRAW
            return False
    elif kind == L.A_CLAIM:
        fill_purse(st, ru, p)
        use, locos, sets = claim_payment(ru, st.purse, bd.routes[:bd.n_routes], a, b)
        if bd.routes[a, L.RT_KIND] == L.KIND_TUNNEL:  # never with sets (NC-TUN-1)
            if start_tunnel(st, bd, ru, p, a, b, use, locos) > 0:
                sc[L.SC_PHASE] = L.PH_TUNNEL
                return False
            finish_tunnel(st, bd, ru, p, np.bool_(True))
        else:
            claim_route(st, bd, ru, p, a, b, use, locos, sets)
    elif kind == L.A_TUNNEL_PAY or kind == L.A_TUNNEL_ABANDON:
        finish_tunnel(st, bd, ru, p, kind == L.A_TUNNEL_PAY)
    elif kind == L.A_DRAW_TICKETS:
        n = min(ru[L.RULE_DRAW_TICKETS], sc[L.SC_TP_COUNT], L.MAX_OFFER)
        for i in range(n):
            t = pop_ticket(st)
            st.offer[i] = t
            st.ticket_holder[t] = L.TH_OFFERED
            log_ticket(st, np.int64(L.EK_TICKET_OFFER), p, t, np.int64(i), np.int64(0))
        sc[L.SC_N_OFFER] = n
        sc[L.SC_OFFER_SETUP] = 0
        sc[L.SC_PHASE] = L.PH_KEEP_TICKETS
        return False
    elif kind == L.A_BUILD_STATION:
        build_station(st, ru, p, a, b)
    elif kind == L.A_SWAP_TICKETS:
        ghost.swap_tickets(st, p)  # GT-TRN-3
    elif kind == L.A_PLACE_CARD:
        team.place_card(st, ru, p, b)
        if ru[L.RULE_CARDS_PER_DRAW] > 1 and can_draw_second(st, ru):
            sc[L.SC_PHASE] = L.PH_SECOND_DRAW
            return False
    elif kind == L.A_SHARE_TICKETS:
        team.share_tickets(st, p, a, b)  # TA-TKT-3
    else:  # A_PASS
        st.ps[p, L.PS_PASSES] += 1
        sc[L.SC_PASS_STREAK] += 1
    return end_turn(st, bd, ru, ws)


@njit(cache=True, _nrt=False)
def end_turn(st, bd, ru, ws):
    """End of a turn: refill the market (BASE-MKT-5), the end trigger
    (BASE-END-1, TA-END-1), Ghost Train's endings (GT-END-1..3) and the
    stalled-game guards (BASE-END-2)."""
    sc = st.sc
    p = sc[L.SC_PLAYER]
    n = sc[L.SC_N_PLAYERS]
    fill_market(st, ru)
    now = np.int64(L.END_NONE)
    if ru[L.RULE_FAMILY] == L.FAMILY_TICKET_RACE:
        now = ghost.settle(st, bd, ru, p)  # GT-TKT-1/2, GT-BON-1/2, GT-END-1
    if now == L.END_NONE and last_wagons_end_game(ru, st.trains[p]):
        now = np.int64(L.END_TRAINS)  # GT-END-2: the last wagon ends the game at once
    if now == L.END_NONE and ru[L.RULE_FAMILY] == L.FAMILY_TICKET_RACE and ghost.stalled(st, bd, ru):
        now = np.int64(L.END_STALL)  # GT-END-3: no claim is possible any more
    st.ps[p, L.PS_TURNS] += 1
    sc[L.SC_TURN] += 1
    if now != L.END_NONE:
        return game_over(st, bd, ru, ws, now)
    if sc[L.SC_END_COUNTDOWN] >= 0:
        sc[L.SC_END_COUNTDOWN] -= 1
        if sc[L.SC_END_COUNTDOWN] == 0:
            return game_over(st, bd, ru, ws, np.int64(L.END_TRAINS))
    elif team_trains(st, ru, p) <= ru[L.RULE_END_TRAINS]:
        sc[L.SC_END_COUNTDOWN] = n  # every player, this one included, one more turn
    if sc[L.SC_PASS_STREAK] >= n:
        return game_over(st, bd, ru, ws, np.int64(L.END_NO_ACTIONS))
    if sc[L.SC_TURN] >= ru[L.RULE_TURN_CAP]:
        return game_over(st, bd, ru, ws, np.int64(L.END_TURN_CAP))
    sc[L.SC_PLAYER] = p + 1 if p + 1 < n else 0  # the next seat, without a division
    sc[L.SC_PHASE] = L.PH_TURN
    return False


@njit(cache=True, _nrt=False)
def game_over(st, bd, ru, ws, reason):
    st.sc[L.SC_PHASE] = L.PH_OVER
    st.sc[L.SC_END_REASON] = reason
    if ru[L.RULE_FAMILY] == L.FAMILY_TICKET_RACE:
        ghost.score(st, bd, ru, ws)  # no points: completed tickets (GT-END-1/2)
    else:
        score_points_game(st, bd, ru, ws)
    return True
