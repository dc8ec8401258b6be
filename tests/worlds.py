"""What a seat cannot see, for the no-peeking tests (tests/kernels/bots/):
a deep copy of a state or Scratch, the tickets a seat has not seen, a state
it cannot tell from the real one (other_world), and the board x bot mixes
those tests play."""

from __future__ import annotations

import numpy as np

from analyzer.records import state_record
from kernels import layouts as L
from kernels.bots.shared.scratch import SCRATCH


def copy_record(records):
    """A deep copy of a game state (a GAME_STATE record, seen through
    state_record) or of a Scratch (a SCRATCH record, from scratch_record)."""
    if records.dtype.names == SCRATCH.names:
        scratch = np.empty(1, records.dtype)
        scratch[0] = records
        return scratch[0]
    state = np.empty(1, L.GAME_STATE)
    state[0] = records  # the record's bytes
    return state_record(state)


def _team(g, q):
    return q // max(int(g.ru[L.RULE_TEAM_SIZE]), 1)


def unseen_tickets(g, st, ws, p):
    seen = set(np.flatnonzero(st.ticket_holder == p)) | set(np.flatnonzero(ws.tk_gone[p]))
    for t in np.flatnonzero(st.ticket_holder >= 0):
        h = int(st.ticket_holder[t])
        if st.ticket_shared[t] and _team(g, h) == _team(g, p):
            seen.add(t)  # in p's team's shared holder (TA-TKT-3)
        if st.ticket_done_turn[t] >= 0 and int(g.ru[L.RULE_FAMILY]) == L.FAMILY_TICKET_RACE:
            seen.add(t)  # laid face up (GT-TKT-1)
    seen |= {int(t) for t in st.setup_offer[p] if t >= 0}
    if int(st.sc[L.SC_PHASE]) in (L.PH_SETUP_KEEP, L.PH_KEEP_TICKETS):
        seen |= {int(t) for t in st.offer[: int(st.sc[L.SC_N_OFFER])]}
    return [t for t in range(g.bd.tickets.shape[0]) if t not in seen]


def other_world(g, st, ws, p, seed):
    """A state seat p cannot tell from st: the cards it has not seen (the
    pile and the other hands, the teammate's too, but the cards a hand was
    seen to take face up and still holds) dealt again with every hand's size
    kept, and the tickets it has not seen moved between the places
    that hold such tickets (the pile's positions, the other seats' hands, with
    the sharing of the place on Team Asia, and undecided setup deals, the box)."""
    rng = np.random.default_rng(seed)
    n_pile = int(st.sc[L.SC_N_PILE])
    others = [q for q in range(g.n) if q != p]
    pool = list(st.pile[:n_pile])
    for q in others:
        for k in range(L.N_CARD_KINDS):
            pool += [k] * int(st.hand[q, k] - st.seen_in_hand[q, k])
    pool = rng.permutation(np.array(pool, np.int8))
    i = 0
    for q in others:
        size = int(st.hand[q].sum() - st.seen_in_hand[q].sum())
        st.hand[q, :] = st.seen_in_hand[q] + np.bincount(pool[i:i + size], minlength=L.N_CARD_KINDS)
        i += size
    st.pile[:n_pile] = pool[i:]
    unseen = set(unseen_tickets(g, st, ws, p))
    places = []
    size = int(st.sc[L.SC_N_TICKETS])  # the pile is a ring of the board's ticket count
    head = int(st.sc[L.SC_TP_HEAD])
    for j in range(int(st.sc[L.SC_TP_COUNT])):
        pos = (head + j) % size
        if int(st.ticket_pile[pos]) in unseen:
            places.append(("pile", pos))
    for q in others:
        for k in range(L.MAX_OFFER):
            t = int(st.setup_offer[q, k])
            if t >= 0 and st.ticket_holder[t] == L.TH_OFFERED and t in unseen:
                places.append(("deal", (q, k)))
    for t in sorted(unseen):
        h = int(st.ticket_holder[t])
        if h >= 0 and h != p:
            places.append(("held", (h, int(st.ticket_shared[t]))))
        elif h == L.TH_BOX:
            places.append(("box", 0))
    assert len(places) == len(unseen)
    for t, (kind, where) in zip(rng.permutation(sorted(unseen)), places, strict=True):
        st.ticket_shared[t] = 0
        if kind == "pile":
            st.ticket_pile[where] = t
            st.ticket_holder[t] = L.TH_PILE
        elif kind == "deal":
            st.setup_offer[where] = t
            st.ticket_holder[t] = L.TH_OFFERED
        elif kind == "held":
            st.ticket_holder[t], st.ticket_shared[t] = where
        else:
            st.ticket_holder[t] = L.TH_BOX


# every heuristic bot on Europe, the planner on every board, each variant's own bots: (board, players, bot)
BOT_MIXES = [("europe", 4, "planner"), ("europe", 3, "planner-v1"), ("europe", 3, "blocker"),
             ("europe", 3, "destination-hungry"), ("europe", 3, "route-focus"), ("europe", 3, "long-route"),
             ("europe", 3, "one-step"), ("europe", 3, "greedy"), ("europe", 3, "random"), ("usa", 2, "planner"),
             ("usa", 2, "greedy"), ("india", 3, "planner"), ("switzerland", 3, "planner"),
             ("nordic_countries", 3, "planner"), ("legendary_asia", 3, "planner"), ("team_asia", 4, "planner"),
             ("team_asia", 4, "greedy"), ("ghost_train", 3, "planner"), ("ghost_train", 3, "greedy")]
