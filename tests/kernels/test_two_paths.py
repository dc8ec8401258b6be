"""IN-SCR-3 (assumption IN-SCR-3a, route-disjoint paths): two cities share a
root of kernels.graph.two_path_network's union-find exactly when the oracle's
unit-capacity flow finds two paths with no route in common between them, on
random claim sets of the India board and of the USA board with both lanes of
its doubles held by one team (parallel routes: each is a cycle of two)."""

import numpy as np
import pytest
from oracle import route_disjoint_paths

from analyzer.boards import load_board
from analyzer.records import scratch_record
from kernels.graph import two_path_network, uf_find
from kernels.layouts import RT_A, RT_B, RT_GROUP


@pytest.mark.parametrize("board,share,members", [("india", 0.3, 0b1), ("india", 0.6, 0b1), ("usa", 0.5, 0b11)])
def test_cities_share_a_root_exactly_when_two_route_disjoint_paths_join_them(board, share, members):
    b = load_board(board)
    bd = b.compile(b.rules())
    n_routes, n_cities = int(bd.n_routes), int(bd.n_cities)
    rng = np.random.default_rng(7)
    ws = scratch_record()
    parallel = 0
    for trial in range(40):
        owner = np.full(bd.routes.shape[0], -1, np.int16)
        for r in range(n_routes):
            if rng.random() < share:
                owner[r] = rng.integers(0, 2)  # seat 0 or 1: a team of both when members = 0b11
        mine = [r for r in range(n_routes) if owner[r] >= 0 and (members >> int(owner[r])) & 1]
        groups = [int(bd.routes[r, RT_GROUP]) for r in mine if bd.routes[r, RT_GROUP] >= 0]
        parallel += len(groups) - len(set(groups))
        parent = ws.uf_tmp[:n_cities]
        two_path_network(bd, owner, np.int64(members), parent, ws.trail[0])
        edges = [(int(bd.routes[r, RT_A]), int(bd.routes[r, RT_B])) for r in mine]
        cities = sorted({c for e in edges for c in e})
        for i, x in enumerate(cities):
            for y in cities[i + 1:]:
                joined = uf_find(parent, x) == uf_find(parent, y)
                assert joined == (route_disjoint_paths(edges, x, y) >= 2), (trial, x, y)
    assert board == "india" or parallel > 0  # the team held both lanes of some doubles
