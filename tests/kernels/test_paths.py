"""kernels/paths.py shortest_path against two slow references on every board,
with random per-route prices (some unusable, some free, many ties):
scipy's Dijkstra for the distances, and the dense-scan Dijkstra the kernel
replaced (in plain Python here) for the exact tree, since the bots' paths and
so the games depend on which of two equal paths is found."""

import numpy as np
import pytest
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra

from analyzer.boards import builtin_boards, load_board
from kernels.layouts import INF, RT_A, RT_B
from kernels.paths import shortest_path


def dense_reference(bd, price, src, dst):
    """The scan over every city for the cheapest unsettled one, ties to the
    lowest index; relaxation in adjacency order with a strict improvement."""
    n = bd.adj_start.shape[0] - 1
    dist = [INF] * n
    prev = [-1] * n
    done = [False] * n
    dist[src] = 0.0
    for _ in range(n):
        u, best = -1, INF
        for c in range(n):
            if not done[c] and dist[c] < best:
                u, best = c, dist[c]
        if u < 0 or u == dst:
            break
        done[u] = True
        for j in range(bd.adj_start[u], bd.adj_start[u + 1]):
            r = bd.adj_route[j]
            if price[r] >= INF:
                continue
            v = bd.routes[r, RT_B] if bd.routes[r, RT_A] == u else bd.routes[r, RT_A]
            if best + price[r] < dist[v]:
                dist[v] = best + price[r]
                prev[v] = r
    return np.array(dist), np.array(prev)


@pytest.mark.parametrize("name", builtin_boards())
def test_shortest_path_matches_references(name):
    b = load_board(name)
    bd = b.compile(b.rules())
    n = bd.adj_start.shape[0] - 1
    n_routes = bd.routes.shape[0]
    rng = np.random.default_rng(7)
    dist = np.zeros(n, np.float64)
    prev = np.zeros(n, np.int32)
    for trial in range(60):
        price = rng.integers(0, 5, n_routes).astype(np.float64)  # small integers: many equal paths
        price[rng.random(n_routes) < 0.2] = INF
        price[rng.random(n_routes) < 0.1] = 0.0
        if trial % 3 == 0:
            price += 0.5  # fractions, as the planners' prices have
        src = int(rng.integers(n))
        dst = -1 if trial % 2 else int(rng.integers(n))
        got = shortest_path(bd, price, np.int64(src), np.int64(dst), dist, prev)
        ref_dist, ref_prev = dense_reference(bd, price, src, dst)
        if dst < 0:
            assert got == 0.0
            np.testing.assert_array_equal(dist, ref_dist)
            np.testing.assert_array_equal(prev, ref_prev)
            # the distances themselves, from scipy (the cheapest lane between two cities)
            w = np.full((n, n), np.inf)
            for r in range(n_routes):
                if price[r] < INF:
                    a, c = bd.routes[r, RT_A], bd.routes[r, RT_B]
                    w[a, c] = w[c, a] = min(w[a, c], price[r])
            zero = w == 0
            w[zero] = 1e-300  # csgraph reads an explicit 0 as "no edge"
            sp = dijkstra(csr_matrix(np.where(np.isinf(w), 0, w)), indices=src)
            reach = ~np.isinf(sp)
            np.testing.assert_allclose(dist[reach], sp[reach], atol=1e-9)
            assert (dist[~reach] >= INF).all()
        else:
            assert got == ref_dist[dst]
            if got < INF:  # the path found: follow prev from dst back to src, its prices add up
                v, total = dst, 0.0
                while v != src:
                    r = prev[v]
                    assert r == ref_prev[v]
                    total += price[r]
                    v = bd.routes[r, RT_B] if bd.routes[r, RT_A] == v else bd.routes[r, RT_A]
                assert total == pytest.approx(got)
