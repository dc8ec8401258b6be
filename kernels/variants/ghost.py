"""Ghost Train (docs/rules/ghost-train.md) beside the core: the ticket race
the engine plays when the rule family is FAMILY_TICKET_RACE.

- `settle` (end of every turn): completed tickets are laid face up and
  replaced at once, repeatedly, since a fresh ticket may already be complete
  (GT-TKT-1, GT-TKT-2); the Trick-or-Treat ticket (GT-BON-1) and the Town Hall
  cards (GT-BON-2); then the immediate endings (GT-END-1, GT-END-2).
- `stalled`: no seat can claim any route any more, the game ends (GT-END-3).
- `can_swap` / `swap_tickets`: the ticket-swap action (GT-TRN-3).
- `score`: completed tickets (special included), the winner (GT-END-1/2).

Regions come from the board (the BOARD record's city_flags, CF_* bits), never from
code. Imports kernels.core only; kernels/engine.py calls it.
"""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.core.cards import cards_available, draw_card, fill_purse
from kernels.core.claimable import any_seat_can_claim, claim_masks, masks_apply
from kernels.core.claims import route_open_to
from kernels.core.events import log_cards, log_ticket
from kernels.core.payment import claim_payment
from kernels.core.scoring import network_trail_cities
from kernels.core.tickets import mark_completed_tickets, pop_ticket, ticket_outcome, ticket_to_bottom
from kernels.graph import uf_find


@njit(cache=True, _nrt=False)
def regions_joined(uf, city_flags, flag_a, flag_b):
    """True when one network of union-find uf holds a city of region a and a
    city of region b (GT-BON-1, GT-BON-2)."""
    n = city_flags.shape[0]
    joined = False
    for a in range(n):
        if city_flags[a] & flag_a == 0:
            continue
        ra = uf_find(uf, a)
        for b in range(n):
            if city_flags[b] & flag_b != 0 and uf_find(uf, b) == ra:
                joined = True
    return joined


@njit(cache=True, _nrt=False)
def tickets_done(st, p):
    """Tickets that count for p: own completed tickets plus the special one."""
    return st.ps[p, L.PS_GT_TICKETS] + st.ps[p, L.PS_GT_SPECIAL]


@njit(cache=True, _nrt=False)
def _open_tickets(st, p):
    holder = st.ticket_holder
    done = st.ticket_done_turn
    n = 0
    for t in range(st.sc[L.SC_N_TICKETS]):
        if holder[t] == p and done[t] < 0:
            n += 1
    return n


@njit(cache=True, _nrt=False)
def _take_ticket(st, p):
    """Draw one ticket from the top of the pile into p's hand (False if empty)."""
    t = pop_ticket(st)
    if t < 0:
        return False
    st.ticket_holder[t] = p
    st.ticket_kept_turn[t] = st.sc[L.SC_TURN]
    st.ps[p, L.PS_TICKETS_DRAWN_MIDGAME] += 1
    log_ticket(st, np.int64(L.EK_TICKET_DRAW), p, t, np.int64(-1), np.int64(0))
    return True


@njit(cache=True, _nrt=False)
def _town_hall_bonus(st, bd, ru, p, flag, counter):
    """GT-BON-2: once per player (assumption GT-BON-2a), draw the bonus cards when the Town Hall and
    the bonus place are joined."""
    if st.ps[p, counter] == 0 and regions_joined(st.uf[p], bd.city_flags[:bd.n_cities], np.int64(L.CF_TOWN_HALL), flag):
        st.ps[p, counter] = 1
        for _ in range(ru[L.RULE_TOWN_HALL_CARDS]):
            c = draw_card(st)
            if c < 0:
                break
            st.hand[p, c] += 1
            st.ps[p, L.PS_GT_BONUS_CARDS] += 1
            log_cards(st, np.int64(L.EK_BONUS_DRAW), p, c, np.int64(1), np.int64(-1))


@njit(cache=True, _nrt=False)
def settle(st, bd, ru, p):
    """After seat p's turn: lay completed tickets face up and replace them,
    until no held ticket is complete (GT-TKT-1, GT-TKT-2); bonuses (GT-BON-1,
    GT-BON-2); return END_TICKETS when p has won (GT-END-1), else END_NONE.
    (The immediate end on the last wagon, GT-END-2, is the engine's
    END_IMMEDIATE rule.)"""
    win = ru[L.RULE_WIN_TICKETS]
    holder = st.ticket_holder
    done = st.ticket_done_turn
    n_tickets = st.sc[L.SC_N_TICKETS]
    # GT-BON-1: checked first, so that a claim that both joins the regions and
    # completes a ticket counts both before the win check; one per player
    # (assumption GT-BON-1a)
    if (st.ps[p, L.PS_GT_SPECIAL] == 0 and st.sc[L.SC_GT_SPECIAL_LEFT] > 0
            and regions_joined(st.uf[p], bd.city_flags[:bd.n_cities], np.int64(L.CF_DARK_FOREST),
                               np.int64(L.CF_COAST))):
        st.ps[p, L.PS_GT_SPECIAL] = 1
        st.sc[L.SC_GT_SPECIAL_LEFT] -= 1
    while True:
        mark_completed_tickets(st, bd, ru, p)
        completed = 0
        for t in range(n_tickets):
            if holder[t] == p and done[t] >= 0:
                completed += 1
        new = completed - st.ps[p, L.PS_GT_TICKETS]
        if new <= 0:
            break
        st.ps[p, L.PS_GT_TICKETS] = completed
        if tickets_done(st, p) >= win:
            break  # the game ends at once: no replacement (GT-END-1)
        drawn = 0
        for _ in range(new * ru[L.RULE_COMPLETED_DRAW]):
            if _take_ticket(st, p):
                drawn += 1
        if drawn == 0:
            break
    _town_hall_bonus(st, bd, ru, p, np.int64(L.CF_CRYPT), np.int64(L.PS_GT_CRYPT))
    _town_hall_bonus(st, bd, ru, p, np.int64(L.CF_MANOR), np.int64(L.PS_GT_MANOR))
    return L.END_TICKETS if tickets_done(st, p) >= win else L.END_NONE


@njit(cache=True, _nrt=False)
def can_swap(st, p):
    """GT-TRN-3 is legal with at least one unfinished ticket in hand and a
    ticket to draw."""
    return st.sc[L.SC_TP_COUNT] > 0 and _open_tickets(st, p) > 0


@njit(cache=True, _nrt=False)
def swap_tickets(st, p):
    """GT-TRN-3: as many new tickets as p holds unfinished ones are drawn from
    the top of the pile (fewer when the pile runs short), and only then do the
    unfinished ones go to the bottom (GT-TRN-3a), so a discarded ticket never
    comes straight back. Completed tickets stay face up. A drawn ticket that
    is already complete is settled at the end of the turn (GT-TKT-2)."""
    holder = st.ticket_holder
    done = st.ticket_done_turn
    k = 0
    for t in range(st.sc[L.SC_N_TICKETS]):
        if holder[t] == p and done[t] < 0:
            holder[t] = L.TH_OFFERED  # set aside while the new ones are drawn
            st.ticket_kept_turn[t] = -1
            k += 1
    for _ in range(k):
        t = pop_ticket(st)
        if t < 0:
            break
        holder[t] = p
        st.ticket_kept_turn[t] = st.sc[L.SC_TURN]
        log_ticket(st, np.int64(L.EK_SWAP_DRAW), p, t, np.int64(-1), np.int64(0))
    for t in range(st.sc[L.SC_N_TICKETS]):
        if holder[t] == L.TH_OFFERED:
            ticket_to_bottom(st, np.int64(t))
            log_ticket(st, np.int64(L.EK_SWAP_RETURN), p, np.int64(t), np.int64(-1), np.int64(0))
    st.ps[p, L.PS_GT_SWAPS] += 1


@njit(cache=True, _nrt=False)
def stalled(st, bd, ru):
    """GT-END-3: no seat can claim any route any more, or none will. Either
    every seat holds fewer wagons than any route still open to it needs; or
    no card is left to draw (pile, discards and market empty: nothing changes
    hands without a claim) and no seat's cards pay a route it has the wagons
    for, or a full round has passed without a claim (the seats that could
    claim only swap tickets). Only ticket swaps (GT-TRN-3) would be left, for
    ever: the game ends at once and is scored as GT-END-2."""
    if not any_seat_can_claim(st, bd):
        return True
    if cards_available(st) > 0:
        return False
    for s in range(ru[L.RULE_MARKET_SIZE]):
        if st.market[s] >= 0:
            return False
    last = -1
    for r in range(bd.n_routes):
        if st.owner[r] >= 0:
            last = max(last, np.int64(st.claim_turn[r]))
    if st.sc[L.SC_TURN] - last >= st.sc[L.SC_N_PLAYERS]:  # this turn and the n - 1 before: no claim
        return True
    for p in range(st.sc[L.SC_N_PLAYERS]):
        if can_pay_a_claim(st, bd, ru, p):
            return False
    return True


@njit(cache=True, _nrt=False)
def can_pay_a_claim(st, bd, ru, p):
    """Seat p has a legal claim now: a route open to it that its cards pay
    (the engine's claim rules: core/claimable.py masks, else core/payment.py)."""
    fill_purse(st, ru, p)
    if masks_apply(bd, ru):
        return claim_masks(st, bd, p, st.purse[:], st.claim_masks) > 0
    routes = bd.routes[:bd.n_routes]
    group_routes = bd.group_routes[:bd.n_groups]
    for r in range(routes.shape[0]):
        if route_open_to(st.owner, st.closed, np.int64(st.trains[p]), routes, group_routes, p, r):
            for c in range(L.N_CARD_KINDS):
                rc = routes[r, L.RT_COLOUR]
                if (rc == L.GRAY or c == rc or c == L.LOCO) and claim_payment(ru, st.purse, routes, r, c)[0] >= 0:
                    return True
    return False


@njit(cache=True, _nrt=False)
def score(st, bd, ru, ws):
    """No points: a player's total is the tickets completed (special included).
    The 6th ticket wins outright (GT-END-1); otherwise most tickets win, ties
    share (GT-END-2, GT-END-3, and the stalled-game guards)."""
    n = st.sc[L.SC_N_PLAYERS]
    fin = st.final
    holder = st.ticket_holder
    best = 0
    for p in range(n):
        fin[p, :] = 0
        for t in range(bd.n_tickets):
            if holder[t] != p:
                continue
            option, _ = ticket_outcome(bd, st.uf[p], t)
            st.ticket_option[t] = option  # tickets score no points here (ticket_points stays 0)
            if option >= 0:
                fin[p, L.FN_TICKETS_COMPLETED] += 1
                st.ticket_result[t] = L.TR_COMPLETED
            else:
                fin[p, L.FN_TICKETS_FAILED] += 1
                st.ticket_result[t] = L.TR_FAILED
        fin[p, L.FN_TOTAL] = tickets_done(st, p)
        members = 1 << p
        trail, cities = network_trail_cities(st, bd, np.int64(members), ws)
        fin[p, L.FN_LONGEST_PATH] = trail
        fin[p, L.FN_NETWORK_CITIES] = cities
        best = max(best, fin[p, L.FN_TOTAL])
    for p in range(n):
        if st.sc[L.SC_END_REASON] == L.END_TICKETS:
            fin[p, L.FN_WINNER] = 1 if fin[p, L.FN_TOTAL] >= ru[L.RULE_WIN_TICKETS] else 0
        else:
            fin[p, L.FN_WINNER] = 1 if fin[p, L.FN_TOTAL] == best else 0
