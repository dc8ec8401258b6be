"""A determinization for the search player: redeal into the game state what
seat p cannot see, consistently with what it can.

Seen by p: its hand and tickets, the market, the discards, the board, every
count (cards in each hand and in the pile, tickets each seat holds, the ticket
pile's size), the cards each seat took face up and has not spent since
(st.seen_in_hand: a payment in a colour takes as many off; the cards laid
for a tunnel and taken back are seen again), the tickets it
was offered (its setup deal, its offers) and those it sent away (its tk_gone
memory). Not seen: the rest of the other hands, the pile's order, the
other seats' tickets and setup deals, the ticket pile's order, the box.
Those are redealt at random, keeping every count; on the points game the
tickets of another seat's hand are drawn with odds that lean to its public
network (belief.py, EXPERT_TICKET_LEAN and its path weights).

The variants (kernels/variants/):
- Team Asia: the teammate's hand and hidden tickets are unseen (TA-CRD-5,
  TA-TKT-1); the teammate's shared tickets are seen (TA-TKT-3). The other
  team's shared tickets are unseen, but how many each seat shared is not: a
  redealt ticket takes the sharing of the place it goes to. The card holders
  are on the table and stay as they are (the team bots read only their own).
- Ghost Train: completed tickets lie face up (GT-TKT-1) and are seen. A
  ticket redealt into another seat's hand must be one that seat's network
  does not already join, since it would have been laid face up at once.

Every pool is built in a canonical order (card kinds in order, tickets by
number, places by position), never in the order the hidden cards lie in, so
two states p cannot tell apart give the same determinization for the same
random stream: the no-peeking test (tests/kernels/bots/test_bots_expert.py) checks it.
Known simplification (information left unused, never information peeked):
a long ticket may be redealt into a regular place (Europe), and the other
way round."""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.bots.search.belief import ensure_ticket_odds
from kernels.bots.shared import params as P
from kernels.core.seats import team_first, team_size
from kernels.core.tickets import ticket_outcome
from kernels.prng import next_u64, shuffle_int8, shuffle_int16, uniform

# where an unseen ticket lies: kind * _PLACE + index
_PLACE = 8192
_IN_PILE = 0  # index: position in the ticket pile's queue
_IN_DEAL = 1  # index: seat * MAX_OFFER + slot of a setup deal not yet decided
_HELD = 2  # index: seat * 2 + 1 if the place is in the seat's team's shared ticket holder (Team Asia)
_IN_BOX = 3


@njit(cache=True, _nrt=False)
def determinize(st, bd, ru, p, rng, ws):
    """Redeal in st (a copy of the game p decides in) what p cannot see,
    from the stream rng (uint64[1]). The game's own stream (st.rng, the
    future shuffles) is reseeded from it too."""
    deal_cards(st, p, rng, ws.ex_pool[2])
    deal_tickets(st, bd, ru, p, rng, ws)
    st.rng[0] = next_u64(rng)


@njit(cache=True, _nrt=False)
def deal_cards(st, p, rng, counts):
    """The pile and the other hands hold the cards p has not seen: pool them
    by kind, shuffle, deal each other hand its size back, the rest is the pile.
    The cards a hand was seen to take face up and still holds
    (st.seen_in_hand) stay in it."""
    n_players = st.sc[L.SC_N_PLAYERS]
    hand = st.hand
    seen = st.seen_in_hand
    pile = st.pile[:]  # an array: shuffle_int8 has one signature
    total = st.sc[L.SC_N_PILE]
    for k in range(L.N_CARD_KINDS):
        counts[k] = 0
    for i in range(total):
        counts[pile[i]] += 1
    for q in range(n_players):
        if q != p:
            for k in range(L.N_CARD_KINDS):
                counts[k] += hand[q, k] - seen[q, k]
                total += hand[q, k] - seen[q, k]
    i = 0
    for k in range(L.N_CARD_KINDS):
        for _ in range(counts[k]):
            pile[i] = k
            i += 1
    shuffle_int8(rng, pile, np.int64(total))
    top = total
    for q in range(n_players):
        if q != p:
            size = 0
            for k in range(L.N_CARD_KINDS):
                size += hand[q, k] - seen[q, k]
                hand[q, k] = seen[q, k]
            for _ in range(size):
                top -= 1
                hand[q, pile[top]] += 1


@njit(cache=True, _nrt=False, inline="always")
def _seen_by(st, ru, ws, p, t):
    """Ticket t is known to p: held by p, in p's team's shared holder, laid
    face up (Ghost Train), dealt or offered to p, or sent away by p."""
    h = st.ticket_holder[t]
    if h == p or ws.tk_gone[p, t] != 0:
        return True
    if h >= 0 and st.ticket_shared[t] != 0 and team_first(ru, h) == team_first(ru, p):
        return True
    if h >= 0 and st.ticket_done_turn[t] >= 0 and ru[L.RULE_FAMILY] == L.FAMILY_TICKET_RACE:
        return True
    for k in range(L.MAX_OFFER):
        if st.setup_offer[p, k] == t:
            return True
    phase = st.sc[L.SC_PHASE]
    if (phase == L.PH_KEEP_TICKETS or phase == L.PH_SETUP_KEEP) and st.sc[L.SC_PLAYER] == p:
        for k in range(st.sc[L.SC_N_OFFER]):
            if st.offer[k] == t:
                return True
    return False


@njit(cache=True, _nrt=False, inline="always")
def _unseen_places(st, bd, ru, p, seen, places, n):
    """places[:m] <- the places of tickets p has not seen (seen[t] == 0), in
    an order p can name: the pile's positions, the other seats' undecided
    setup deals, their hands (hidden, then shared), the box; at most n.
    Returns m."""
    n_tickets = bd.n_tickets
    n_players = st.sc[L.SC_N_PLAYERS]
    holder = st.ticket_holder
    m = 0
    size = st.sc[L.SC_N_TICKETS]  # the pile is a ring of the board's ticket count
    head = st.sc[L.SC_TP_HEAD]
    for i in range(st.sc[L.SC_TP_COUNT]):
        pos = (head + i) % size
        if seen[st.ticket_pile[pos]] == 0 and m < n:
            places[m] = _IN_PILE * _PLACE + pos
            m += 1
    for q in range(n_players):
        if q == p:
            continue
        for k in range(L.MAX_OFFER):
            t = st.setup_offer[q, k]
            if t >= 0 and holder[t] == L.TH_OFFERED and seen[t] == 0 and m < n:
                places[m] = _IN_DEAL * _PLACE + q * L.MAX_OFFER + k
                m += 1
    for q in range(n_players):
        if q == p:
            continue
        # how many tickets each seat shared is seen, which ones are not: hidden places first, then shared
        # ones (only Team Asia shares tickets: one pass elsewhere, this runs in every rollout)
        for shared in range(2 if team_size(ru) > 1 else 1):
            for t in range(n_tickets):
                if (holder[t] == q and (st.ticket_shared[t] != 0) == (shared == 1)
                        and seen[t] == 0 and m < n):
                    places[m] = _HELD * _PLACE + q * 2 + shared
                    m += 1
    for t in range(n_tickets):
        if holder[t] == L.TH_BOX and seen[t] == 0 and m < n:
            places[m] = _IN_BOX * _PLACE
            m += 1
    return m


@njit(cache=True, _nrt=False)
def deal_tickets(st, bd, ru, p, rng, ws):
    """Every ticket p has not seen goes back to a place that held one: the
    pile's positions, the other seats' undecided setup deals, their hands
    (as many as each holds), the box."""
    n_tickets = bd.n_tickets
    holder = st.ticket_holder
    unseen = ws.ex_pool[0]
    places = ws.ex_pool[1]
    seen = ws.ex_pool[2]  # free once deal_cards is done: _seen_by of every ticket, asked once (the loops below
    # ask it of a ticket up to once per seat, and nothing changes what p has seen before the deal at the end)
    n = 0
    for t in range(n_tickets):
        seen[t] = 1 if _seen_by(st, ru, ws, p, t) else 0
        if seen[t] == 0:
            unseen[n] = t
            n += 1
    m = _unseen_places(st, bd, ru, p, seen, places, np.int64(n))
    if m != n:
        return  # a place this module does not know (another rule family): leave the tickets
    shuffle_int16(rng, unseen, np.int64(n))
    race = ru[L.RULE_FAMILY] == L.FAMILY_TICKET_RACE
    lean = ws.bot_params[P.BP_EXPERT_TICKET_LEAN]
    if lean > 1.0 and not race and team_size(ru) == 1:
        ensure_ticket_odds(st, bd, p, ws)
        _lean_to_networks(unseen, places, np.int64(n), rng, ws.ex_odds)
    if race:
        _open_in_hands(st, bd, unseen, places, np.int64(n))
    turn = st.sc[L.SC_TURN]
    for i in range(n):
        t = unseen[i]
        kind = places[i] // _PLACE
        idx = places[i] % _PLACE
        st.ticket_kept_turn[t] = -1
        st.ticket_done_turn[t] = -1
        st.ticket_shared[t] = 0
        if kind == _IN_PILE:
            st.ticket_pile[idx] = t
            holder[t] = L.TH_PILE
        elif kind == _IN_DEAL:
            st.setup_offer[idx // L.MAX_OFFER, idx % L.MAX_OFFER] = t
            holder[t] = L.TH_OFFERED
        elif kind == _HELD:
            q = idx // 2
            holder[t] = q
            st.ticket_shared[t] = idx % 2
            st.ticket_kept_turn[t] = turn
            option, _ = ticket_outcome(bd, st.uf[q], np.int64(t))
            if option >= 0 and not race:  # (a race ticket joined is face up, never unseen)
                st.ticket_done_turn[t] = turn
        else:
            holder[t] = L.TH_BOX


@njit(cache=True, _nrt=False, inline="always")
def _fits(st, bd, place, t):
    """Ticket t may lie at place: anywhere but in a hand whose network joins it (Ghost Train)."""
    if place // _PLACE != _HELD:
        return True
    option, _ = ticket_outcome(bd, st.uf[(place % _PLACE) // 2], np.int64(t))
    return option < 0


@njit(cache=True, _nrt=False)
def _open_in_hands(st, bd, unseen, places, n):
    """Ghost Train: swap each ticket dealt into a hand whose network already
    joins it with the next one (cyclically) that fits there and whose own
    place takes the first (GT-TKT-1: a joined ticket never stays in a hand).
    Depends only on the shuffled order and the public networks."""
    for i in range(n):
        if _fits(st, bd, places[i], unseen[i]):
            continue
        for d in range(1, n):
            j = (i + d) % n
            if _fits(st, bd, places[i], unseen[j]) and _fits(st, bd, places[j], unseen[i]):
                t = unseen[i]
                unseen[i] = unseen[j]
                unseen[j] = t
                break


@njit(cache=True, _nrt=False, inline="always")
def _free_for_hand(places, i, j):
    """Unseen slot j may still go into the hand place i: a pile, deal or box
    slot, or a hand place not yet dealt (those before i are)."""
    return j >= i or places[j] // _PLACE != _HELD


@njit(cache=True, _nrt=False)
def _lean_to_networks(unseen, places, n, rng, odds):
    """Deal each hand place of another seat (in order) a ticket drawn from
    those not yet in a hand, with odds[seat, ticket] (belief.py: a seat
    builds toward its tickets, so its public network says which it likely
    holds). Reads only the odds and the canonical order."""
    for i in range(n):
        if places[i] // _PLACE != _HELD:
            continue
        q_odds = odds[(places[i] % _PLACE) // 2]
        total = 0.0
        for j in range(n):
            if _free_for_hand(places, i, j):
                total += q_odds[unseen[j]]
        x = uniform(rng) * total
        pick = i
        for j in range(n):
            if _free_for_hand(places, i, j):
                pick = j
                x -= q_odds[unseen[j]]
                if x < 0.0:
                    break
        t = unseen[i]
        unseen[i] = unseen[pick]
        unseen[pick] = t
