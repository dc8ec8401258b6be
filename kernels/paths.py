"""The one shortest-path search every bot uses. A bot first writes what each
route costs it into a per-route price array (kernels.layouts.INF: unusable;
0 for its own routes, a little for planned ones, the trains for open ones;
see kernels/bots/common.py), then asks for the cheapest path between two
cities over those prices. Dense Dijkstra: the boards have < 100 cities, and
a scan of the distance array beats a heap at that size."""

from numba import njit

from kernels.layouts import INF, RT_A, RT_B


@njit(cache=True, _nrt=False)
def shortest_path(bd, price, src, dst, dist, prev, done):
    """Cheapest path from src to dst (dst = -1: to every city) over
    price[route]. dist and prev (the route into each city) hold the tree.
    Returns dist[dst] (>= INF when unreachable), or 0 for dst = -1."""
    routes = bd.routes
    adj_start = bd.adj_start
    adj_route = bd.adj_route
    n_cities = dist.shape[0]
    for c in range(n_cities):
        dist[c] = INF
        done[c] = 0
        prev[c] = -1
    dist[src] = 0.0
    for _ in range(n_cities):
        u = -1
        best = INF
        for c in range(n_cities):
            if done[c] == 0 and dist[c] < best:
                best = dist[c]
                u = c
        if u < 0 or u == dst:
            break
        done[u] = 1
        for j in range(adj_start[u], adj_start[u + 1]):
            r = adj_route[j]
            cost = price[r]
            if cost >= INF:
                continue
            v = routes[r, RT_B] if routes[r, RT_A] == u else routes[r, RT_A]
            if best + cost < dist[v]:
                dist[v] = best + cost
                prev[v] = r
    if dst < 0:
        return 0.0
    return dist[dst]


@njit(cache=True, _nrt=False, inline="always")
def other_end(routes, r, v):
    """The city at the other end of route r from city v."""
    return routes[r, RT_B] if routes[r, RT_A] == v else routes[r, RT_A]
