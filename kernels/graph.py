"""Graph algorithms over a seat's (or a team's) claimed routes.

`members` is a bit mask of seats whose routes count as one network: one seat
in the standard games, two teammates in Team Asia.
"""

from numba import njit

from kernels.layouts import RT_A, RT_B, RT_LEN


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
def network_union_find(routes, owner, members, parent):
    """parent <- union-find of the cities joined by the members' routes."""
    uf_reset(parent)
    for r in range(routes.shape[0]):
        if owned_by(owner, r, members):
            uf_union(parent, routes[r, RT_A], routes[r, RT_B])


@njit(cache=True, _nrt=False)
def largest_network_cities(routes, owner, members, parent, count, touched):
    """Cities in the members' largest connected network (Asian Explorer)."""
    network_union_find(routes, owner, members, parent)
    count[:] = 0
    touched[:] = 0
    for r in range(routes.shape[0]):
        if owned_by(owner, r, members):
            touched[routes[r, RT_A]] = 1
            touched[routes[r, RT_B]] = 1
    best = 0
    for c in range(touched.shape[0]):
        if touched[c]:
            root = uf_find(parent, c)
            count[root] += 1
            if count[root] > best:
                best = count[root]
    return best


@njit(cache=True, _nrt=False)
def longest_trail(routes, owner, members, deg, inc, used, seen, stk_v, stk_e, stk_i):
    """Length (in spaces) of the longest trail in the members' routes: each
    route used at most once, cities may repeat (BASE-SCR-2). Exhaustive DFS;
    a player's network is small enough for it.

    Why only some starts: a longest trail that ends at a city of even degree
    leaves an unused route there (it uses an odd number of that city's
    routes), so it could go on; and a closed longest trail is an Euler
    circuit of its whole network piece (else a route it misses touches it,
    and the circuit, started there, extends). So a longest trail starts at
    an odd-degree city, or, in a piece without one, anywhere in the piece:
    the DFS starts at every odd-degree city (marking the pieces it reaches
    in `seen`), then once in each piece left unseen."""
    n_cities = deg.shape[0]
    deg[:] = 0
    seen[:] = 0
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
    for odd_pass in range(2):
        for start in range(n_cities):
            if deg[start] == 0:
                continue
            if odd_pass == 0 and deg[start] % 2 == 0:
                continue
            if odd_pass == 1 and seen[start] != 0:
                continue
            seen[start] = 1
            best = max(best, _trails_from(routes, deg, inc, used, seen, stk_v, stk_e, stk_i, start))
    return best


@njit(cache=True, _nrt=False, inline="always")
def _trails_from(routes, deg, inc, used, seen, stk_v, stk_e, stk_i, start):
    """The longest trail starting at `start` (every trail, by backtracking);
    marks the cities it reaches in `seen`."""
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
                w = routes[e, RT_B] if routes[e, RT_A] == v else routes[e, RT_A]
                seen[w] = 1
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
