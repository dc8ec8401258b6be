"""The search player's belief about another seat's tickets
(kernels/bots/search/belief.py): its features against the oracle's slow
Dijkstra (tests/oracle.py), even odds for a seat with no route, odds that
follow what a seat built and are recomputed when a route changes hands, and
determinizations that deal a seat more of the tickets it really holds than
uniform deals do."""

import math

import numpy as np
import pytest
from helpers import planner_game
from oracle import shortest_distances
from worlds import copy_record, unseen_tickets

from analyzer.records import scratch_record
from kernels import layouts as L
from kernels.bots.search.belief import BUILT_CAP, F_BUILT, F_LEFT, F_TOUCHED, ensure_ticket_odds, ticket_features
from kernels.bots.search.determinize import determinize
from kernels.bots.shared import params as P


def _distances(bd, st, q, src, empty_board):
    """{city: trains from src} over every route at its trains (spaces plus
    mountain discards; empty_board), or over q's routes at 0 and the open
    ones at their trains."""
    edges = []
    for r in range(int(bd.n_routes)):
        o = int(st.owner[r])
        cost = float(bd.routes[r, L.RT_LEN] + bd.routes[r, L.RT_MOUNTAINS])
        if not empty_board and o == q:
            cost = 0.0
        elif not empty_board and (o >= 0 or st.closed[r] != 0):
            continue
        edges.append((int(bd.routes[r, L.RT_A]), int(bd.routes[r, L.RT_B]), cost))
    return shortest_distances(edges, src)


@pytest.mark.parametrize("board,players,trains", [("europe", 2, 20), ("usa", 3, 15), ("legendary_asia", 2, 25),
                                                  ("india", 4, 20)])
def test_ticket_features_match_a_slow_reference(board, players, trains):
    """For every seat and ticket of a planner game: the cities its routes
    touch, the trains its routes save on the ticket's board trains (at most
    BUILT_CAP) and the share of them left to build, as the oracle's
    Dijkstra over the board finds them (mountain discards counted,
    LA-MTN-3): the board trains on the empty board, the free ones through
    any city of the seat's network."""
    g = planner_game(board, players, 3, trains)
    ws = scratch_record()
    out = ws.ex_features
    n = int(g.bd.n_tickets)
    ends = [(int(g.bd.tickets[t, L.TK_A]), int(g.bd.tickets[t, L.TK_B])) for t in range(n)]
    board = [_distances(g.bd, g.st, -1, a, True)[b] for a, b in ends]
    for q in range(players):
        assert ticket_features(g.st, g.bd, np.int64(q), ws)
        owned = np.flatnonzero(g.st.owner[:g.bd.n_routes] == q)
        cities = {int(c) for r in owned for c in (g.bd.routes[r, L.RT_A], g.bd.routes[r, L.RT_B])}
        # through a city of q's network: its piece costs nothing to cross
        via = [_distances(g.bd, g.st, q, c, False) for c in cities]
        for t, (a, b) in enumerate(ends):
            free = min([board[t]] + [d.get(a, math.inf) + d.get(b, math.inf) for d in via])
            assert out[t, F_TOUCHED] == (a in cities) + (b in cities)
            assert out[t, F_BUILT] == pytest.approx(min(board[t] - free, BUILT_CAP))
            assert out[t, F_LEFT] == pytest.approx(free / board[t])


def test_the_odds_follow_a_seat_s_routes():
    """No route: every ticket's odds are 1. With a route: the odds are the
    weights over the features (EXPERT_TICKET_LEAN ** touched x exp(BUILT x
    built - LEFT x left)), the tickets at its cities likelier on average than
    the others; the odds kept for a decision are recomputed once the route
    changes hands again."""
    g = planner_game("europe", 2, 4, 45)  # the first turn: nobody has claimed
    ws = scratch_record()
    st = g.st
    n = int(g.bd.n_tickets)
    ensure_ticket_odds(st, g.bd, np.int64(0), ws)
    assert np.all(ws.ex_odds[1, :n] == 1.0)
    st.owner[7] = 1
    ensure_ticket_odds(st, g.bd, np.int64(0), ws)
    odds = ws.ex_odds[1, :n].copy()
    other = scratch_record()
    assert ticket_features(st, g.bd, np.int64(1), other)
    f = other.ex_features
    prm = ws.bot_params
    want = (prm[P.BP_EXPERT_TICKET_LEAN] ** f[:n, F_TOUCHED]
            * np.exp(prm[P.BP_EXPERT_TICKET_BUILT] * f[:n, F_BUILT] - prm[P.BP_EXPERT_TICKET_LEFT] * f[:n, F_LEFT]))
    assert odds == pytest.approx(want, rel=1e-12)
    at_route = f[:n, F_TOUCHED] > 0
    assert at_route.any() and odds[at_route].mean() > 2.0 * odds[~at_route].mean()
    st.owner[7] = -1
    ensure_ticket_odds(st, g.bd, np.int64(0), ws)
    assert np.all(ws.ex_odds[1, :n] == 1.0)


def test_leaning_deals_the_other_seat_more_of_the_tickets_it_holds():
    """Over 300 deals of a late Europe game, the tickets dealt into seat 1's
    hand are more often the ones it really holds with the default odds than
    with uniform deals (EXPERT_TICKET_LEAN 0), and more with the path
    weights than with the touched cities alone (EXPERT_TICKET_BUILT and
    EXPERT_TICKET_LEFT 0, lean 10)."""
    rates = {}
    for seed in (5, 6):
        g = planner_game("europe", 2, seed, 15)
        held = set(np.flatnonzero(g.st.ticket_holder[:g.bd.n_tickets] == 1)) & set(unseen_tickets(g, g.st, g.ws, 0))
        assert held
        for name, weights in (("uniform", (0.0, 0.0, 0.0)), ("cities", (10.0, 0.0, 0.0)), ("default", None)):
            ws = copy_record(g.ws)
            if weights is not None:
                for i, w in zip((P.BP_EXPERT_TICKET_LEAN, P.BP_EXPERT_TICKET_BUILT, P.BP_EXPERT_TICKET_LEFT),
                                weights, strict=True):
                    ws.bot_params[i] = w
            hits = 0
            for w in range(300):
                st = copy_record(g.st)
                determinize(st, g.bd, g.ru, 0, np.array([w], np.uint64), ws)
                hits += sum(int(st.ticket_holder[t]) == 1 for t in held)
            rates[name] = rates.get(name, 0) + hits
    assert rates["default"] > rates["cities"] > rates["uniform"], rates
