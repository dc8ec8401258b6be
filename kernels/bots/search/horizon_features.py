"""What the truncated rollouts' estimate (kernels/bots/search/horizon.py) reads
of a position, written out for its fit (bench/fit_horizon.py): a row per held
ticket and a row per seat. An entry kernel of its own, compiled only by the
fit; it writes the Scratch's planning buffers and the state's final scores,
so the caller passes a copy of the game."""

from numba import njit

from kernels import layouts as L
from kernels.bots.search.horizon import network_trains, turns_to_end
from kernels.bots.shared.plan import ticket_distance
from kernels.bots.shared.table import hand_size
from kernels.core.scoring import score_points_game

# ticket rows
TF_SEAT = 0
TF_TICKET = 1
TF_POINTS = 2
TF_JOINED = 3  # 1: joined now
TF_ALONE = 4  # price of the cheapest open path joining it alone (>= INF: none)
TF_NETWORK = 5  # trains of the seat's cheapest network joining its open tickets (unjoinable ones left out)
TF_TRAINS = 6  # the seat's trains
TF_TURNS = 7  # turns to the end (horizon.turns_to_end)
TF_CARDS = 8  # cards in the seat's hand
TF_FIELDS = 9
# seat rows
SF_SEAT = 0
SF_TOTAL = 1  # the game's scoring now (unjoined tickets at minus their points)
SF_ROUTE_POINTS = 2
SF_TRAINS = 3
SF_TURNS = 4
SF_CARDS = 5
SF_FIELDS = 6


@njit(cache=True, _nrt=False)
def horizon_features(st, bd, ru, ws, clock, tickets_out, seats_out):
    """Fill the rows; returns the ticket rows written (seats_out has a row per seat)."""
    score_points_game(st, bd, ru, ws)
    n = st.sc[L.SC_N_PLAYERS]
    turns = turns_to_end(st, ru, clock)
    k = 0
    for q in range(n):
        cards = hand_size(st, q)
        row = seats_out[q]
        row[SF_SEAT] = q
        row[SF_TOTAL] = st.final[q, L.FN_TOTAL]
        row[SF_ROUTE_POINTS] = st.score[q]
        row[SF_TRAINS] = st.trains[q]
        row[SF_TURNS] = turns
        row[SF_CARDS] = cards
        network = network_trains(st, bd, q, ws)
        for t in range(bd.n_tickets):
            if st.ticket_holder[t] != q or k >= tickets_out.shape[0]:
                continue
            out = tickets_out[k]
            k += 1
            out[TF_SEAT] = q
            out[TF_TICKET] = t
            out[TF_POINTS] = bd.tickets[t, L.TK_POINTS]
            out[TF_JOINED] = 1.0 if st.ticket_option[t] >= 0 else 0.0
            out[TF_ALONE] = ticket_distance(bd, t, ws) if st.ticket_option[t] < 0 else 0.0
            out[TF_NETWORK] = network
            out[TF_TRAINS] = st.trains[q]
            out[TF_TURNS] = turns
            out[TF_CARDS] = cards
    return k
