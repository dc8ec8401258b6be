"""Graph algorithms over a seat's (or a team's) claimed routes.

`members` is a bit mask of seats whose routes count as one network: one seat
in the standard games, two teammates in Team Asia.
"""

from numba import njit

from kernels.layouts import RT_A, RT_B, RT_LEN
from kernels.paths import other_end


@njit(cache=True, _nrt=False, inline="always")
def uf_find(parent, x):
    while parent[x] != x:
        parent[x] = parent[parent[x]]  # path halving
        x = parent[x]
    return x


@njit(cache=True, _nrt=False, inline="always")
def uf_union(parent, a, b):
    ra = uf_find(parent, a)
    rb = uf_find(parent, b)
    if ra != rb:
        parent[rb] = ra


@njit(cache=True, _nrt=False)
def uf_reset(parent):
    for i in range(parent.shape[0]):
        parent[i] = i


@njit(cache=True, _nrt=False, inline="always")
def owned_by(owner, r, members):
    o = owner[r]
    return o >= 0 and (members >> o) & 1 == 1


@njit(cache=True, _nrt=False)
def longest_trail(routes, owner, members, deg, inc, used, seen, piece_len, stk_v, stk_e, stk_i):
    """Length (in spaces) of the longest trail in the members' routes
    (network_trail_and_cities without the cities)."""
    trail, _ = network_trail_and_cities(routes, owner, members, deg, inc, used, seen, piece_len, stk_v, stk_e, stk_i)
    return trail


@njit(cache=True, _nrt=False)
def network_trail_and_cities(routes, owner, members, deg, inc, used, seen, piece_len, stk_v, stk_e, stk_i):
    """(longest trail, cities of the largest piece) of the members' routes,
    in one walk over the pieces of the network. The longest trail is in
    spaces, each route used at most once, cities may repeat (BASE-SCR-2);
    the largest piece is counted in cities (Asian Explorer, LA-SCR-1).

    Piece by piece (a trail stays in one connected piece of the network): a
    piece with at most two odd-degree cities has a trail through all its
    routes (Euler), so its whole length is its longest trail; in a tree a
    trail is a path, so the tree's longest path (two sweeps) is its longest
    trail. Other pieces are searched exhaustively (DFS), longest piece first,
    and only while the piece is longer than the best trail found: a trail is
    never longer than its piece.

    Why the DFS starts only at odd-degree cities: a longest trail that ends
    at a city of even degree leaves an unused route there (it uses an odd
    number of that city's routes), so it could go on; a closed longest trail
    is an Euler circuit of its piece, which has no odd city and is not
    searched. `seen` and `piece_len` are per-city scratch."""
    n_cities = deg.shape[0]
    deg[:] = 0
    seen[:] = 0
    piece_len[:] = 0
    for r in range(routes.shape[0]):
        used[r] = 0
        if owned_by(owner, r, members):
            a = routes[r, RT_A]
            b = routes[r, RT_B]
            inc[a, deg[a]] = r
            deg[a] += 1
            inc[b, deg[b]] = r
            deg[b] += 1
    best = 0
    cities = 0
    for first in range(n_cities):  # each piece: its length and odd cities, by a breadth-first walk
        if deg[first] == 0 or seen[first] != 0:
            continue
        seen[first] = 1
        stk_v[0] = first
        head = 0
        tail = 1
        twice = 0
        odd = 0
        degrees = 0
        while head < tail:
            v = stk_v[head]
            head += 1
            odd += deg[v] & 1
            degrees += deg[v]
            for i in range(deg[v]):
                e = inc[v, i]
                twice += routes[e, RT_LEN]
                w = other_end(routes, e, v)
                if seen[w] == 0:
                    seen[w] = 1
                    stk_v[tail] = w
                    tail += 1
        cities = max(cities, tail)
        length = twice // 2
        if odd <= 2:
            best = max(best, length)
        elif degrees // 2 == tail - 1:  # a tree: its longest trail is its longest path
            best = max(best, tree_diameter(routes, deg, inc, piece_len, stk_v, stk_i, tail))
        else:
            for j in range(tail):
                piece_len[stk_v[j]] = length
    while True:  # the searched pieces, longest first, while one could beat best
        start = -1
        longest = best
        for c in range(n_cities):
            if deg[c] & 1 and piece_len[c] > longest:
                longest = piece_len[c]
                start = c
        if start < 0:
            return best, cities
        best = max(best, _trails_from(routes, deg, inc, used, stk_v, stk_e, stk_i, start))
        piece_len[start] = 0


@njit(cache=True, _nrt=False, inline="always")
def tree_diameter(routes, deg, inc, dist, cities, queue, n):
    """The longest path (in spaces) of a tree whose n cities are cities[:n]:
    the farthest city from any city is an end of a longest path, and the
    farthest from it is the other end. dist: per-city scratch, left at 0."""
    far = cities[0]
    diameter = 0
    for sweep in range(2):
        for j in range(n):
            dist[cities[j]] = -1
        dist[far] = 0
        queue[0] = far
        head = 0
        tail = 1
        while head < tail:
            v = queue[head]
            head += 1
            for i in range(deg[v]):
                e = inc[v, i]
                w = other_end(routes, e, v)
                if dist[w] < 0:
                    dist[w] = dist[v] + routes[e, RT_LEN]
                    queue[tail] = w
                    tail += 1
                    if dist[w] > diameter:
                        diameter = dist[w]
                        far = w
        if sweep == 0:
            diameter = 0
    for j in range(n):
        dist[cities[j]] = 0
    return diameter


@njit(cache=True, _nrt=False, inline="always")
def _trails_from(routes, deg, inc, used, stk_v, stk_e, stk_i, start):
    """The longest trail starting at `start` (every trail, by backtracking)."""
    best = 0
    top = 0
    stk_v[0] = start
    stk_i[0] = 0
    stk_e[0] = -1
    cur = 0
    while top >= 0:
        v = stk_v[top]
        i = stk_i[top]
        if i < deg[v]:
            stk_i[top] = i + 1
            e = inc[v, i]
            if used[e] == 0:
                used[e] = 1
                cur += routes[e, RT_LEN]
                if cur > best:
                    best = cur
                w = other_end(routes, e, v)
                top += 1
                stk_v[top] = w
                stk_i[top] = 0
                stk_e[top] = e
        else:
            e = stk_e[top]
            if e >= 0:
                used[e] = 0
                cur -= routes[e, RT_LEN]
            top -= 1
    return best


@njit(cache=True, _nrt=False)
def two_path_network(routes, owner, members, parent, bridge):
    """parent <- union-find of the members' routes that are not bridges, so
    two cities share a root exactly when two route-disjoint paths join them
    (each 2-edge-connected piece is one root; Menger's theorem). A route is a
    bridge (bridge[r] = 1) when the members' other routes do not join its
    ends. Plain: one union-find per owned route, O(owned x routes); a
    network is a few dozen routes."""
    n_routes = routes.shape[0]
    for r in range(n_routes):
        bridge[r] = 0
    for e in range(n_routes):
        if not owned_by(owner, e, members):
            continue
        uf_reset(parent)
        for r in range(n_routes):
            if r != e and owned_by(owner, r, members):
                uf_union(parent, routes[r, RT_A], routes[r, RT_B])
        if uf_find(parent, routes[e, RT_A]) != uf_find(parent, routes[e, RT_B]):
            bridge[e] = 1
    uf_reset(parent)
    for r in range(n_routes):
        if bridge[r] == 0 and owned_by(owner, r, members):
            uf_union(parent, routes[r, RT_A], routes[r, RT_B])
