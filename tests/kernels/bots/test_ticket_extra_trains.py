"""The trains a ticket adds to a seat's plan (kernels/bots/planning/
ticket_value.py extra_trains, the ticket-draw estimate's distances): for
every candidate ticket, the cheapest joining of its two cities through one
piece of the seat's network (the routes it owns or plans), searched from the
piece's root. Checked against the oracle's Dijkstra (tests/oracle.py) from
the root of every piece, on random mid-game states with random plans, and
ticket by ticket where the seat has no network at all."""

import numpy as np
import pytest
from helpers import random_midgame
from oracle import shortest_distances

from kernels import layouts as L
from kernels.bots.planning.network import price_without_plan
from kernels.bots.planning.ticket_value import CANDIDATE, extra_trains
from kernels.bots.shared.plan import PLANNED_PRICE


def _root(parent, c):
    while parent[c] != c:
        c = parent[c]
    return c


def _same(got, want, where):
    """Equal trains, or both out of reach (the kernel leaves INF or more)."""
    if want >= L.INF:
        assert got >= L.INF, where
    else:
        assert got == pytest.approx(want, abs=1e-9), where


def _pieces(routes, price):
    """The seat's network as sets of cities: routes priced at most PLANNED_PRICE, joined."""
    label = {}
    for r in range(routes.shape[0]):
        if price[r] <= PLANNED_PRICE:
            a, b = int(routes[r, L.RT_A]), int(routes[r, L.RT_B])
            la, lb = label.setdefault(a, {a}), label.setdefault(b, {b})
            if la is not lb:
                la |= lb
                for c in lb:
                    label[c] = la
    return list({id(s): s for s in label.values()}.values())


@pytest.mark.parametrize("board,players", [("europe", 4), ("usa", 3)])
def test_extra_trains_are_the_cheapest_joining_through_one_piece(board, players):
    with_network = without = 0
    for seed in range(25):
        g, rng = random_midgame(board, players, seed)
        st, bd, ru, ws = g.st, g.bd, g.ru, g.ws
        routes = bd.routes
        n_tickets = bd.tickets.shape[0]
        for p in range(players):
            price_without_plan(st, bd, np.int64(p), ws)
            prices = ws.price[:routes.shape[0]]
            if seed % 5 == 0:  # no network: the seat's own routes priced as open ones, nothing planned
                prices[prices < 1.0] = 1.0
            else:  # a plan: some open routes at PLANNED_PRICE
                planned = (prices < L.INF) & (rng.random(routes.shape[0]) < 0.1)
                prices[planned] = np.minimum(prices[planned], PLANNED_PRICE)
            ws.tk_extra[:n_tickets] = CANDIDATE
            extra_trains(st, bd, ru, np.int64(p), ws, 1000.0)
            price = ws.price[:routes.shape[0]].copy()
            edges = [(int(routes[r, L.RT_A]), int(routes[r, L.RT_B]), float(price[r]))
                     for r in range(routes.shape[0]) if price[r] < L.INF]
            pieces = _pieces(routes, price)
            parent = ws.uf_tmp[:bd.n_cities]
            if pieces:
                with_network += 1
                trees = []
                for piece in pieces:
                    roots = {_root(parent, c) for c in piece}
                    assert len(roots) == 1 and roots <= piece, (seed, p, roots)
                    trees.append(shortest_distances(edges, roots.pop()))
                for t in range(n_tickets):
                    a, b = int(bd.tickets[t, L.TK_A]), int(bd.tickets[t, L.TK_B])
                    want = min((d[a] + d[b] for d in trees if a in d and b in d), default=L.INF)
                    _same(ws.tk_extra[t], want, (seed, p, t))
            else:
                without += 1
                for t in range(n_tickets):
                    a, b = int(bd.tickets[t, L.TK_A]), int(bd.tickets[t, L.TK_B])
                    _same(ws.tk_extra[t], shortest_distances(edges, a).get(b, L.INF), (seed, p, t))
    assert with_network > 20 and without > 5, (with_network, without)
