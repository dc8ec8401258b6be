"""The planner family's per-decision plan checks read the game's route sets and
a list of the plan's routes instead of walking every route of the board
(kernels/bots/planning/network.py, kernels/core/claimable.py). On random mid-game
states of every board (Team Asia's triple routes included) they say what the
walks over every route say: open_to_word what route_open_to says (BASE-DBL-1,
BASE-DBL-2, BASE-CLM-2), price_plan what pricing route by route gives, and
fill_need (the lane choice of doubles, then the cards the plan needs) what
the walk in route order over every planned route leaves."""

import numpy as np
import pytest
from helpers import random_midgame

from kernels import layouts as L
from kernels.bots.planning.network import PLANNED_PRICE, fill_need, lane_cards, price_plan, route_cost
from kernels.core.claimable import open_to_word

BOARDS = ["usa", "europe", "legendary_asia", "team_asia", "nordic_countries", "switzerland", "india"]
PLAYERS = {"nordic_countries": 3, "switzerland": 3}  # the others: 4


def _open_to(g, p):
    """What core/claims.py route_open_to says, route by route, in Python: unclaimed, not closed,
    p's trains enough (spaces and mountain discards), no other lane of the group p's."""
    bd, st = g.bd, g.st
    owner, closed, trains = st.owner.tolist(), st.closed.tolist(), int(st.trains[p])
    out = []
    for r in range(bd.routes.shape[0]):
        grp = bd.routes[r, L.RT_GROUP]
        lanes = [int(x) for x in bd.group_routes[grp] if x >= 0 and x != r] if grp >= 0 else []
        out.append(owner[r] < 0 and closed[r] == 0
                   and trains >= bd.routes[r, L.RT_LEN] + bd.routes[r, L.RT_MOUNTAINS]
                   and all(owner[x] != p for x in lanes))
    return out


def _plan_need(g, want):
    """What common.plan_need sums, in Python: the cards the unclaimed planned routes need
    (grey spaces in the last slot, ferry symbols as locomotives) and how many routes."""
    routes, owner = g.bd.routes, g.st.owner
    need = np.zeros(L.N_CARD_KINDS + 1, np.int32)
    left = 0
    for r in range(routes.shape[0]):
        if want[r] and owner[r] < 0:
            left += 1
            c = routes[r, L.RT_COLOUR]
            need[L.GRAY + 1 if c == L.GRAY else c] += routes[r, L.RT_LEN] - routes[r, L.RT_LOCOS]
            need[L.LOCO] += routes[r, L.RT_LOCOS]
    return left, need


def _pick_lanes_every_route(g, p, want):
    """The lane choice as a walk over every route in order (the kernel's before it kept a list)."""
    bd, st = g.bd, g.st
    routes, groups, owner, hand = bd.routes, bd.group_routes, st.owner, st.hand[p]
    open_to = _open_to(g, p)
    for r in range(routes.shape[0]):
        grp = routes[r, L.RT_GROUP]
        if want[r] == 0 or owner[r] >= 0 or grp < 0:
            continue
        best, best_have = r, lane_cards(hand, routes, np.int64(r))
        for r2 in groups[grp]:
            if r2 < 0 or r2 == r or want[r2] != 0 or not open_to[r2]:
                continue
            have = lane_cards(hand, routes, np.int64(r2))
            if have > best_have:
                best, best_have = int(r2), have
        if best != r:
            want[best], want[r] = want[r], 0


@pytest.mark.parametrize("board", BOARDS)
def test_route_sets_and_plan_prices_say_what_route_open_to_says(board):
    """BASE-DBL-1, BASE-DBL-2, BASE-CLM-2 through the route sets: open, no lane of the seat's
    own beside it, trains enough; the plan's prices built from them."""
    players = PLAYERS.get(board, 4)
    opened = 0
    for seed in range(20):
        g, rng = random_midgame(board, players, seed)
        bd, st = g.bd, g.st
        n_routes = bd.routes.shape[0]
        for p in range(players):
            want = _open_to(g, p)
            words = [int(open_to_word(st, bd, np.int64(p), np.int64(k))) for k in range((n_routes + 63) // 64)]
            got = [bool((words[r // 64] >> (r % 64)) & 1) for r in range(n_routes)]
            assert got == want, (board, seed, p)
            opened += sum(want)
            cnt = (rng.random(L.MAX_ROUTES) < 0.2).astype(np.int32)
            price = np.zeros(L.MAX_ROUTES)
            price_plan(st, bd, np.int64(p), cnt, price)
            expect = [0.0 if st.owner[r] == p else
                      (PLANNED_PRICE if cnt[r] > 0 else route_cost(bd.routes, np.int64(r))) if want[r] else L.INF
                      for r in range(n_routes)]
            assert list(price[:n_routes]) == expect, (board, seed, p)
    assert opened > 100  # the states do leave routes open: the comparison is not empty


@pytest.mark.parametrize("board", BOARDS)
def test_lane_choice_and_plan_need_equal_the_walk_over_every_route(board):
    """fill_need on random plans (dense, so that two planned lanes of one triple route occur on
    Team Asia) leaves the same marks, the same card needs and the same count as the walk over
    every route followed by common.plan_need's sums."""
    players = PLAYERS.get(board, 4)
    moved = 0
    for seed in range(30):
        g, rng = random_midgame(board, players, seed)
        bd, st, ws = g.bd, g.st, g.ws
        n_routes = bd.routes.shape[0]
        for p in range(players):
            want = np.zeros(L.MAX_ROUTES, np.int8)
            want[:n_routes] = np.where(rng.random(n_routes) < 0.4, rng.integers(1, 100, n_routes), 0)
            ws.want[p, :] = want
            left = fill_need(st, bd, np.int64(p), ws)
            expect = want.copy()
            _pick_lanes_every_route(g, p, expect)
            expect_left, need = _plan_need(g, expect)
            assert (ws.want[p] == expect).all(), (board, seed, p)
            assert (ws.need[p] == need).all() and left == expect_left, (board, seed, p)
            moved += int((expect != want).sum())
    assert moved > 20  # marks did move between lanes: the lane choice was exercised
