"""The one shortest-path search every bot uses. A bot first writes what each
route costs it into a per-route price array (kernels.layouts.INF: unusable;
0 for its own routes, a little for planned ones, the trains for open ones;
see kernels/bots/shared/plan.py), then asks for the cheapest path between two
cities over those prices.

Dijkstra over a frontier kept as a bit set of cities in four registers
(MAX_CITIES = 256): the next city is the frontier's cheapest, ties to the
lowest index, the order of a dense scan over every city (tests/kernels/
test_paths.py compares the two). The frontier is usually a handful of
cities where a dense scan reads all of them."""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.bits import MASK63, ONE, ZERO, low_bit_index, with_bit_of_four


@njit(cache=True, _nrt=False)
def shortest_path(bd, price, src, dst, dist, prev):
    """Cheapest path from src to dst (dst = -1: to every city) over
    price[route] (never negative). dist and prev (the route into each city)
    hold the tree; with dst >= 0, only dist[dst] and the path to it (prev
    from dst back to src) are complete. Returns dist[dst] (>= INF when
    unreachable), or 0 for dst = -1. No "settled" marks: a settled city's
    distance is at most the one being settled, so a price >= 0 never
    improves it."""
    # unsigned indices: Numba adds a negative-index fix-up to every load through a signed one (four
    # instructions in the loops below, a sixth of a search's time)
    adj_start = bd.adj_start
    adj_route = bd.adj_route
    adj_city = bd.adj_city
    n_cities = bd.n_cities
    n_words = (n_cities + 63) >> 6
    for c in range(n_cities):
        dist[c] = L.INF
        prev[c] = -1
    dist[src] = 0.0
    # with a destination: dist[dst] so far. A city no nearer than that cannot be on dst's path (prices are
    # never negative), so it is not reached at all: fewer cities in the frontier
    bound = L.INF
    # the frontier: cities reached but not settled
    f0, f1, f2, f3 = with_bit_of_four(ZERO, ZERO, ZERO, ZERO, src)
    while True:
        u = -1
        best = L.INF
        for k in range(n_words):
            m = f0 if k == 0 else f1 if k == 1 else f2 if k == 2 else f3
            while m != ZERO:
                c = np.uint64(k * 64) + np.uint64(low_bit_index(m))
                if dist[c] < best:  # strict: ties go to the lowest index
                    best = dist[c]
                    u = np.int64(c)
                m &= m - ONE
        if u < 0 or u == dst:
            break
        uu = np.uint64(u)
        clear = ~(ONE << (uu & MASK63))
        k = u >> 6
        if k == 0:
            f0 &= clear
        elif k == 1:
            f1 &= clear
        elif k == 2:
            f2 &= clear
        else:
            f3 &= clear
        for j in range(np.uint64(adj_start[uu]), np.uint64(adj_start[uu + ONE])):
            r = adj_route[j]
            cost = price[np.uint64(r)]  # INF (unusable) needs no test of its own: best + INF < dist[v] never holds
            v = np.uint64(adj_city[j])
            nd = best + cost
            if nd < min(dist[v], bound):
                dist[v] = nd
                prev[v] = r
                if np.int64(v) == dst:
                    bound = nd
                f0, f1, f2, f3 = with_bit_of_four(f0, f1, f2, f3, np.int64(v))
    if dst < 0:
        return 0.0
    return dist[dst]


@njit(cache=True, _nrt=False, inline="always")
def other_end(routes, r, v):
    """The city at the other end of route r from city v (one of its ends): the
    two ends XOR v, with no branch on which end v is (a walk cannot predict it)."""
    return routes[r, L.RT_A] ^ routes[r, L.RT_B] ^ v
