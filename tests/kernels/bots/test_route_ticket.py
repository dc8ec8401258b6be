"""planning.route_ticket / unroute_ticket, the steps of the planner family's
Steiner-forest plan (kernels/bots/planning/network.py): routing a ticket plans the
open routes of its path (their price drops to PLANNED_PRICE), and taking the
path out again puts back exactly the prices the caller set, whatever they
were: the planner's route_cost, Team Asia's team prices, the Ghost Train
planner's card surcharge. The plan's second pass reroutes each ticket with
the others' paths in place over those prices."""

import numpy as np
import pytest
from helpers import random_midgame

from kernels import layouts as L
from kernels.bots.planning.network import PLANNED_PRICE, route_ticket, unroute_ticket

BOARDS = ["usa", "europe", "team_asia", "ghost_train", "india"]


def _caller_prices(g, rng):
    """Prices a caller might set: open routes at their trains plus an arbitrary surcharge
    (a third of them with none), others' routes unusable, p's own free."""
    bd, st = g.bd, g.st
    n = bd.routes.shape[0]
    price = g.ws.price
    price[:] = L.INF
    for r in range(n):
        if st.owner[r] == 0:
            price[r] = 0.0
        elif st.owner[r] < 0 and st.closed[r] == 0:
            extra = 0.0 if rng.random() < 1 / 3 else float(rng.integers(1, 9)) * 0.25
            price[r] = float(bd.routes[r, L.RT_LEN]) + extra
    return price[:n].copy()


@pytest.mark.parametrize("board", BOARDS)
def test_unrouting_a_ticket_restores_the_prices_the_caller_set(board):
    routed_total = 0
    for seed in range(12):
        g, rng = random_midgame(board, 4 if board != "ghost_train" else 3, seed)
        bd, st, ws = g.bd, g.st, g.ws
        n = bd.routes.shape[0]
        ws.plan_cnt[:] = 0
        before = _caller_prices(g, rng)
        tickets = rng.choice(bd.tickets.shape[0], size=4, replace=False)
        joined = []
        for i, t in enumerate(tickets):
            if route_ticket(st, bd, np.int64(0), ws, np.int64(i), np.int64(t), 0.0):
                joined.append(i)
                for m in range(ws.path_len[i]):
                    r = ws.path_buf[i, m]
                    assert st.owner[r] < 0 and ws.price[r] == PLANNED_PRICE  # planned: the next paths reuse it
        routed_total += sum(int(ws.path_len[i]) for i in joined)
        # take the paths out in another order than they went in: shared routes stay planned until the last goes
        order = list(range(len(tickets)))
        rng.shuffle(order)
        for done, i in enumerate(order):
            unroute_ticket(st, bd, ws, np.int64(i))
            still = {int(ws.path_buf[j, m]) for j in order[done + 1:] for m in range(ws.path_len[j])}
            for r in range(n):
                if r in still:
                    assert ws.price[r] == PLANNED_PRICE and ws.plan_cnt[r] > 0, (board, seed, r)
                else:
                    assert ws.price[r] == before[r] and ws.plan_cnt[r] == 0, (board, seed, r)
    assert routed_total > 50  # the paths crossed open routes priced above their trains
