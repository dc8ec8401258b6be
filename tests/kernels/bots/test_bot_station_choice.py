"""The planner family's station decision (kernels/bots/planning/moves.py
station_choice, EU-STN-1 / EU-STN-3): a seat builds a station for an open
ticket whose two sides it has reached, when another player's route joins
them and the cheapest open path still needs FOREIGN_COST trains or more (or
more than it has). The decision reads what the seat may see: not the plan
another seat left in the Scratch the seats of a game share (ws.plan_cnt),
which an earlier version priced the open routes with."""

import numpy as np
import pytest
from helpers import random_midgame

from kernels import layouts as L
from kernels.bots.planning.moves import station_choice


def _with_tickets(seed):
    """A random Europe mid-game where every seat holds three open tickets, with stations left."""
    g, rng = random_midgame("europe", 4, seed)
    st = g.st
    free = [t for t in range(g.bd.tickets.shape[0]) if st.ticket_holder[t] < 0]
    picks = rng.choice(free, size=12, replace=False)
    for i, t in enumerate(picks):
        st.ticket_holder[t] = i % 4
        st.ticket_done_turn[t] = -1
    for p in range(4):
        st.trains[p] = max(int(st.trains[p]), 12)
    return g, rng


@pytest.mark.parametrize("seeds", [range(0, 60), range(60, 120)])
def test_a_station_decision_does_not_read_the_plan_another_seat_left(seeds):
    built = 0
    for seed in seeds:
        g, rng = _with_tickets(seed)
        st, bd, ru, ws = g.st, g.bd, g.ru, g.ws
        for p in range(4):
            answers = set()
            for leftover in range(4):  # no plan left, then three other seats' plans (random marks)
                ws.station_none[p, :] = 0  # the seat's "found nothing" memo forgotten: it looks every time
                ws.plan_cnt[:] = 0 if leftover == 0 else (rng.random(L.MAX_ROUTES) < 0.3)
                answers.add(int(station_choice(st, bd, ru, np.int64(p), ws)))
            assert len(answers) == 1, (seed, p, answers)
            built += next(iter(answers)) >= 0
    assert built >= 5, built  # states where a station is built, so where the open paths were priced
